//! A puzzle written by hand: digits typed for the cursor's square, Enter
//! to write (or pencil-mark) them, Delete to clear, and the hint that
//! teaches: the next deduction in words, its squares marked.

use knight_engine::puzzle::Hint;

use super::{App, Effect};
use crate::tui::keymap::{Command, key};

impl App {
    /// Whether digits are being typed in the game shown.
    pub(super) fn typing(&self) -> bool {
        self.modes.game().is_some_and(|g| g.typed.is_some())
    }

    /// A digit in a puzzle: the number for the cursor's square grows.
    pub(super) fn puzzle_digit(&mut self, d: u8) -> Vec<Effect> {
        let Some(g) = self.modes.game_mut() else {
            return Vec::new();
        };
        let (first, pencil) = (g.typed.is_none(), g.pencil);
        match g.type_digit(d) {
            // Said once: the number grows on the cursor's square.
            Ok(_) if first => {
                let what = if pencil { "marks it" } else { "writes it" };
                self.info(format!(
                    "typing a step for the cursor's square: {} {what}, {} cancels",
                    key(Command::MoveHere),
                    key(Command::Back)
                ));
            }
            Ok(_) => {}
            Err(why) => self.refuse(why),
        }
        Vec::new()
    }

    /// Enter in a puzzle with a number typed: written or marked.
    pub(super) fn write_typed(&mut self) -> Vec<Effect> {
        let Some(g) = self.modes.game_mut() else {
            return Vec::new();
        };
        let done = g.write_typed();
        g.timed(self.now);
        self.said(done)
    }

    /// Delete or Backspace in a puzzle: a digit typed goes, else the
    /// number written on the cursor's square.
    pub(super) fn clear_key(&mut self) -> Vec<Effect> {
        let Some(g) = self.puzzle_game("numbers are written and cleared in puzzles") else {
            return Vec::new();
        };
        if g.erase_digit() {
            let left = g
                .typed
                .map_or("nothing typed".to_string(), |n| format!("{n} typed"));
            self.info(left);
            return Vec::new();
        }
        let done = g.clear_cursor();
        self.said(done)
    }

    /// `m`: pencil marks on or off.
    pub(super) fn pencil_key(&mut self) -> Vec<Effect> {
        let Some(g) = self.puzzle_game("pencil marks are for puzzles") else {
            return Vec::new();
        };
        g.pencil = !g.pencil;
        let on = g.pencil;
        self.info(if on {
            format!(
                "pencil marks on: a number and {} put it on the square's marks, or take it off",
                key(Command::MoveHere)
            )
        } else {
            "pencil marks off: numbers typed are written".to_string()
        });
        Vec::new()
    }

    /// The game shown when it is a puzzle; else `outside` is said and
    /// None.
    fn puzzle_game(&mut self, outside: &str) -> Option<&mut crate::tui::game::Game> {
        if self.modes.game().is_none_or(|g| g.sheet.is_none()) {
            self.refuse(outside.to_string());
            return None;
        }
        self.modes.game_mut()
    }

    /// Esc while typing: the number typed goes.
    pub(super) fn cancel_typing(&mut self) -> Vec<Effect> {
        if let Some(g) = self.modes.game_mut() {
            g.typed = None;
        }
        self.info("nothing written");
        Vec::new()
    }

    fn said(&mut self, done: Result<String, String>) -> Vec<Effect> {
        match done {
            Ok(msg) => {
                let complete = self.modes.game().is_some_and(|g| g.is_complete());
                if complete {
                    self.clear_message();
                } else {
                    self.info(msg);
                }
            }
            Err(why) => self.refuse(why),
        }
        self.record_solve()
    }

    /// A puzzle just solved by hand goes to the records.
    pub(super) fn record_solve(&mut self) -> Vec<Effect> {
        match self.modes.game_mut().and_then(|g| g.take_record()) {
            Some(solve) => vec![Effect::Record(Box::new(solve))],
            None => Vec::new(),
        }
    }

    /// The records' answer: kept in the game for its solved line.
    pub(super) fn recorded(
        &mut self,
        result: Result<crate::records::Summary, String>,
    ) -> Vec<Effect> {
        match (result, self.modes.game_mut()) {
            (Ok(summary), Some(g)) => g.record = Some(summary),
            (Ok(_), None) => {}
            (Err(why), _) => self.info(format!("the solve is not kept in the records: {why}")),
        }
        Vec::new()
    }

    /// `w` in a puzzle: the next deduction, or the first wrong number;
    /// counted as help.
    pub(super) fn puzzle_hint(&mut self) -> Vec<Effect> {
        let Some(g) = self.modes.game_mut() else {
            return Vec::new();
        };
        let (Some(clues), Some(sheet)) = (g.clues.clone(), g.sheet.as_ref()) else {
            return Vec::new();
        };
        let Some(solution) = clues.solution() else {
            self.refuse(
                "no hint: the puzzle has no one solution to lead to (it has none or several, or the search stopped)",
            );
            return Vec::new();
        };
        let hint = sheet.hint(clues.logic(), solution);
        let msg = match hint {
            Hint::Next(d) => {
                g.cursor = d.square;
                g.hinted = std::iter::once(d.square).chain(d.from()).collect();
                format!("hint: {d}")
            }
            Hint::Wrong { step, square } => {
                g.cursor = square;
                g.hinted = vec![square];
                // The knight's own steps are taken back, not cleared.
                let fix = if g.trail.step(g.board().index(square)) > 0 {
                    format!("{} takes moves back", key(Command::Undo))
                } else {
                    format!("{} clears it", key(Command::Clear))
                };
                format!("hint: {step} on {square} is not where the solution has it ({fix})")
            }
            Hint::Done => {
                self.refuse("every square is numbered");
                return Vec::new();
            }
            Hint::Stuck => {
                self.refuse("no hint: reasoning finds no next step here (this puzzle needs trial and error)");
                return Vec::new();
            }
        };
        g.helped += 1;
        g.hint_text = msg.strip_prefix("hint: ").map(str::to_string);
        let (sq, rows, cols) = (g.cursor, g.board().rows(), g.board().cols());
        self.zoom.follow(sq, rows, cols);
        self.info(msg);
        Vec::new()
    }
}
