//! Hand play's handler: moving the knight (keys, numbers, clicks), undo and
//! redo, hints, the background check of each position, and the solver's
//! finish, animated by ticks.

use knight_engine::board::Square;

use super::{App, Effect, Mode, Tab};
use crate::tui::game::{Game, Moved, Outlook};
use crate::tui::keymap::{Command, key};
use crate::tui::viewport::step_cursor;
use knight_engine::puzzle::{Clues, Completions};

/// What a puzzle's game opens with.
pub(super) fn puzzle_intro(c: &Clues) -> String {
    // Known from the maker, or found before the screen opens.
    let several = match c.completions() {
        Completions::Several(..) => {
            "; it has more than one solution, so no hints: any numbering that keeps the clues solves it"
        }
        Completions::Undecided(_) => {
            "; its solution was not found, so no hints: any numbering that keeps the clues solves it"
        }
        Completions::Unique(_) | Completions::None(_) => "",
    };
    format!(
        "puzzle {}: give every square its step, a knight's move from the one before; the clues stay{several}",
        c.describe()
    )
}

/// Said to a key that needs the knight: `place the knight first (Enter)`.
fn place_first() -> String {
    format!("place the knight first ({})", key(Command::MoveHere))
}

/// Said after a new game replaced one with moves: `(u brings the last
/// game back)`.
pub(super) fn undo_back() -> String {
    format!(" ({} brings the last game back)", key(Command::Undo))
}

/// How long the solver may take to finish a game (`f`).
pub const FINISH_TIME: std::time::Duration = std::time::Duration::from_secs(10);

impl App {
    /// Play mode, with the game there was or a new one on the search's board.
    pub(super) fn enter_play(&mut self) -> Vec<Effect> {
        if self.modes.switch(Tab::Play) {
            return self.game_shown();
        }
        let game = Game::new(self.spec.problem.tours().clone(), None);
        self.open_game(game)
    }

    /// Opens a game (the app launched with `play`, a puzzle, or Tab).
    pub fn open_game(&mut self, game: Game) -> Vec<Effect> {
        let mut effects = self.show(Mode::Play(Box::new(game)));
        effects.extend(self.game_shown());
        effects
    }

    /// The game shown: said, and its position checked.
    fn game_shown(&mut self) -> Vec<Effect> {
        let intro = self
            .modes
            .game()
            .and_then(|g| g.clues.as_ref())
            .map(|c| puzzle_intro(c));
        // A puzzle is read by its squares' names: files and ranks shown.
        if intro.is_some() {
            self.labels = true;
        }
        let intro = intro.unwrap_or_else(|| {
            format!(
                "play: arrows and {} move the knight",
                key(Command::MoveHere)
            )
        });
        self.info(intro);
        self.check_game()
    }

    /// Asks whether the game can still be finished (when there is a
    /// knight and the game is neither won nor stuck); a puzzle's position
    /// is left unchecked: its check is asked for (`k`).
    pub(super) fn check_game(&mut self) -> Vec<Effect> {
        self.check(false)
    }

    /// [`App::check_game`], or with `asked` a puzzle's check too.
    fn check(&mut self, asked: bool) -> Vec<Effect> {
        self.position += 1;
        let Some(g) = self.modes.game_mut() else {
            return Vec::new();
        };
        if g.is_complete() || g.dead_end() {
            return Vec::new();
        }
        if g.clues.is_some() && !asked {
            g.outlook = Outlook::Unchecked;
            return Vec::new();
        }
        let Some(position) = g.position() else {
            return Vec::new();
        };
        g.outlook = Outlook::Checking;
        vec![Effect::Check {
            generation: self.position,
            position: Box::new(position),
        }]
    }

    /// Moves the game's knight to `sq`.
    fn play_move(&mut self, sq: Square) -> Vec<Effect> {
        let Some(g) = self.modes.game_mut() else {
            return Vec::new();
        };
        g.finishing.clear();
        g.finished_from = None;
        match g.move_to(sq) {
            Moved::Ok => {
                g.timed(self.now);
                // Zoomed in, the view follows the knight.
                let (rows, cols) = (g.board().rows(), g.board().cols());
                self.zoom.follow(sq, rows, cols);
                self.clear_message();
                let mut effects = self.check_game();
                effects.extend(self.record_solve());
                effects
            }
            Moved::Illegal(why) => {
                self.refuse(why);
                Vec::new()
            }
        }
    }

    /// A click on a square: the cursor goes there and the knight tries
    /// to; in a puzzle, only when it is one of the knight's moves (else
    /// the square is the one to write on).
    pub(super) fn play_click(&mut self, sq: Square) -> Vec<Effect> {
        if let Some(g) = self.modes.game_mut() {
            g.cursor = sq;
            if g.sheet.is_some() && g.knight().is_some() && !g.targets().contains(&sq) {
                self.clear_message();
                return Vec::new();
            }
        }
        self.play_move(sq)
    }

    /// Play keys (a game is open).
    pub(super) fn play_key(&mut self, c: Command) -> Vec<Effect> {
        let Some(g) = self.modes.game_mut() else {
            return Vec::new();
        };
        match c {
            Command::Cursor(dr, dc) => {
                g.typing_refused = false;
                g.cursor = step_cursor(g.cursor, dr, dc, g.board().rows(), g.board().cols());
                let (sq, rows, cols) = (g.cursor, g.board().rows(), g.board().cols());
                self.zoom.follow(sq, rows, cols);
                Vec::new()
            }
            Command::MoveHere if g.typed.is_some() => self.write_typed(),
            // After a refused digit, Enter is no knight's move.
            Command::MoveHere if g.typing_refused => {
                g.typing_refused = false;
                self.refuse("nothing written: the number typed was refused");
                Vec::new()
            }
            Command::MoveHere => {
                let sq = g.cursor;
                self.play_move(sq)
            }
            Command::Pick(d) if g.sheet.is_some() => self.puzzle_digit(d),
            Command::Pick(0) => {
                self.refuse("legal moves are numbered from 1");
                Vec::new()
            }
            Command::Pick(k) => match g.targets().get(k as usize - 1) {
                Some(&sq) => self.play_move(sq),
                None if g.knight().is_none() => {
                    self.refuse(place_first());
                    Vec::new()
                }
                None => {
                    let n = g.targets().len();
                    self.refuse(format!("there is no legal move {k}: the knight has {n}"));
                    Vec::new()
                }
            },
            Command::Undo | Command::Redo => {
                let undo = c == Command::Undo;
                // A puzzle says what was taken back or put back.
                let words = match (g.sheet.is_some(), undo) {
                    (false, _) => None,
                    (true, true) => g.undo_words().map(|w| format!("undone: {w}")),
                    (true, false) => g.redo_words().map(|w| format!("redone: {w}")),
                };
                let done = if undo { g.undo() } else { g.redo() };
                if done {
                    match words {
                        Some(w) => self.info(w),
                        None => self.clear_message(),
                    }
                    self.check_game()
                } else {
                    self.refuse(if undo {
                        "nothing to undo"
                    } else {
                        "nothing to redo"
                    });
                    Vec::new()
                }
            }
            Command::Hints => {
                g.hints = !g.hints;
                let on = g.hints;
                self.info(if on {
                    "hints on: each legal move shows how many moves it leaves (fewest first is Warnsdorff's rule)"
                } else {
                    "hints off"
                });
                Vec::new()
            }
            Command::Suggest if g.sheet.is_some() => self.puzzle_hint(),
            Command::Suggest => self.suggest(),
            Command::Pencil => self.pencil_key(),
            Command::Clear => self.clear_key(),
            Command::Check => self.ask_check(),
            Command::BackToSolvable => self.back_to_solvable(),
            Command::Finish => {
                if g.is_complete() {
                    self.refuse("the tour is already complete");
                    return Vec::new();
                }
                let Some(position) = g.position().map(Box::new) else {
                    self.refuse(place_first());
                    return Vec::new();
                };
                self.info("asking the solver to finish the tour…");
                vec![Effect::Finish {
                    generation: self.position,
                    position,
                }]
            }
            Command::Restart => {
                self.modes.remake_game(Game::restart);
                let back = if self.modes.game().is_some_and(|g| g.before.is_some()) {
                    undo_back()
                } else {
                    String::new()
                };
                let fresh = match self.modes.game() {
                    Some(g) if g.clues.is_some() => "puzzle restarted: the clues alone",
                    _ => "new game: place the knight",
                };
                self.info(format!("{fresh}{back}"));
                self.check_game()
            }
            Command::Save => self.save(),
            Command::NewPuzzle => self.new_puzzle(),
            _ => {
                self.not_here(c);
                Vec::new()
            }
        }
    }

    /// `w`: the cursor on Warnsdorff's move, and why (each target's count).
    fn suggest(&mut self) -> Vec<Effect> {
        let Some(g) = self.modes.game_mut() else {
            return Vec::new();
        };
        let Some((best, counts)) = g.warnsdorff() else {
            let placed = g.knight().is_some();
            self.refuse(if placed {
                "no legal move to suggest".to_string()
            } else {
                place_first()
            });
            return Vec::new();
        };
        g.cursor = best;
        g.helped += 1;
        let n = counts.iter().find(|&&(t, _)| t == best).map_or(0, |c| c.1);
        let others: Vec<String> = counts
            .iter()
            .filter(|&&(t, _)| t != best)
            .map(|(t, n)| format!("{t} ({n})"))
            .collect();
        let others = if others.is_empty() {
            "the only move".to_string()
        } else {
            format!("others: {}", others.join(", "))
        };
        let tie = if counts.iter().filter(|c| c.1 == n).count() > 1 {
            ", first of a tie in move order"
        } else {
            ""
        };
        let (rows, cols) = (g.board().rows(), g.board().cols());
        self.zoom.follow(best, rows, cols);
        self.info(format!(
            "Warnsdorff: {best} leaves the fewest onward moves ({n}{tie}); {others}. {} plays it",
            key(Command::MoveHere)
        ));
        Vec::new()
    }

    /// `b`: undo back to the last position known to be solvable.
    fn back_to_solvable(&mut self) -> Vec<Effect> {
        let Some(g) = self.modes.game_mut() else {
            return Vec::new();
        };
        let made = g.moves_made();
        match g.solvable_upto {
            Some(s) if s >= made && g.outlook == Outlook::Solvable => {
                self.info("this position is solvable: nothing to undo");
                Vec::new()
            }
            Some(s) if s < made => {
                g.helped += 1;
                for _ in s..made {
                    g.undo();
                }
                self.info(format!(
                    "back to step {s}, the last position known to be solvable ({} undone)",
                    knight_engine::words::plural((made - s) as u64, "move")
                ));
                self.check_game()
            }
            _ => {
                self.refuse("no position of this game is known to be solvable yet");
                Vec::new()
            }
        }
    }

    /// `k`: whether the game can still be finished, asked; for a puzzle
    /// it is help, and counted.
    fn ask_check(&mut self) -> Vec<Effect> {
        let Some(g) = self.modes.game_mut() else {
            return Vec::new();
        };
        if g.knight().is_none() && g.sheet.is_none() {
            self.refuse(place_first());
            return Vec::new();
        }
        if g.is_complete() {
            self.refuse("the tour is complete");
            return Vec::new();
        }
        if g.clues.is_some() {
            g.helped += 1;
        }
        // The verdict is the status line's: no older message over it.
        self.clear_message();
        self.check(true)
    }

    /// The check of a position came back; late answers are dropped.
    pub(super) fn checked(&mut self, position: u64, outlook: Outlook) {
        if position == self.position
            && let Some(g) = self.modes.game_mut()
        {
            g.set_outlook(outlook);
            // A puzzle's check was asked for (k): its verdict is said, so
            // the log keeps it whole.
            if g.clues.is_some() && g.outlook != Outlook::Checking {
                let verdict = g.status(self.now);
                self.info(verdict);
            }
        }
    }

    /// The solver's finish came back: its moves are played by ticks.
    pub(super) fn finished(&mut self, position: u64, result: Result<Vec<u32>, Outlook>) {
        if position != self.position {
            return;
        }
        match (result, self.modes.game_mut()) {
            (Ok(tour), Some(g)) => {
                let done = g.moves_made();
                g.finishing = tour.get(done..).unwrap_or_default().to_vec();
                g.finished_from = Some(done + 1);
                let n = g.finishing.len();
                self.info(format!(
                    "the solver finishes the tour from step {}: {n} moves",
                    done + 1
                ));
            }
            // No finish: why, and the squares the proof names marked.
            (Err(outlook), game) => {
                let why = match &outlook {
                    Outlook::NoTour(proof) => format!("no tour from here: {proof}"),
                    Outlook::NoSolution(_) | Outlook::Broken(_) => format!(
                        "no solution from here: {}",
                        game.as_ref()
                            .and_then(|g| g.why(&outlook))
                            .unwrap_or_default()
                    ),
                    _ => format!(
                        "the solver found no finish within {} s",
                        FINISH_TIME.as_secs()
                    ),
                };
                if let Some(g) = game
                    && !outlook.squares().is_empty()
                {
                    g.outlook = outlook;
                }
                self.refuse(why);
            }
            (Ok(_), None) => {}
        }
    }

    /// `n` more moves of the solver's finish.
    pub(super) fn play_tick(&mut self, n: usize) {
        if let Some(g) = self.modes.game_mut() {
            // The solver's moves are legal: no check needed.
            let take = n.min(g.finishing.len());
            let next: Vec<u32> = g.finishing.drain(..take).collect();
            for idx in next {
                let sq = g.board().square(idx);
                let _ = g.move_to(sq);
                g.timed(self.now);
                g.outlook = Outlook::Solvable;
            }
            if let Some(k) = g.knight() {
                let (rows, cols) = (g.board().rows(), g.board().cols());
                self.zoom.follow(k, rows, cols);
            }
            self.position += 1;
        }
    }
}
