//! What a game says of itself: where it stands, in a few words for the
//! side pane and in a line for the status area, and why it cannot be
//! finished.

use std::time::Instant;

use knight_engine::puzzle::Filled;

use super::{Game, Outlook};
use crate::tui::keymap::{Command, key};

impl Game {
    /// Where the game stands, in a few words for the side pane:
    /// `solvable`, `no tour from here: …`, `dead end`, `complete`.
    pub fn outlook_word(&self) -> String {
        if self.is_complete() {
            return "complete".into();
        }
        // A puzzle's sheet is checked without a knight.
        match self.knight() {
            None if self.sheet.is_none() => "place the knight".into(),
            Some(_) if self.dead_end() => format!("dead end: {} undoes", key(Command::Undo)),
            _ => match &self.outlook {
                Outlook::Checking => "checking…".into(),
                Outlook::Unchecked => "not checked".into(),
                Outlook::Solvable => "solvable".into(),
                Outlook::Unknown => "unknown: the check ran out of time".into(),
                _ => format!("{}: {}", self.no_way(), self.why_not().unwrap_or_default()),
            },
        }
    }

    /// Why the position cannot be finished, if it cannot.
    pub fn why_not(&self) -> Option<String> {
        self.why(&self.outlook)
    }

    /// [`Outlook::why`] in this game's words: a puzzle's reason calls a
    /// clue a clue, and a number written by hand just `12 on c3`.
    pub fn why(&self, outlook: &Outlook) -> Option<String> {
        match (outlook, &self.clues) {
            (Outlook::NoSolution(no), Some(clues)) => {
                Some(no.words(|c| clues.on(self.board().index(c.square)) == Some(c.step)))
            }
            (outlook, _) => outlook.why(),
        }
    }

    /// The game's line for the status area, at `now`.
    pub fn status(&self, now: Instant) -> String {
        if self.is_complete() {
            let kind = knight_engine::words::kind(self.closes());
            let n = self.moves_made();
            let on = self
                .end()
                .map(|e| format!(" on the goal {e}"))
                .unwrap_or_default();
            if let (Some(sheet), Some(clues)) = (&self.sheet, &self.clues)
                && let Some(solution) = clues.solution()
                && let Filled::Wrong { step, square } = sheet.verdict(solution)
            {
                return format!(
                    "every square is numbered, but not as the solution: {step} on {square} is the first wrong number"
                );
            }
            if self.clues.is_some() {
                return self.solved(now);
            }
            return match self.finished_from {
                Some(step) => format!(
                    "complete {kind} tour of {}{on}: the solver finished it from step {step}",
                    knight_engine::words::plural(n as u64, "square")
                ),
                None => format!(
                    "complete {kind} tour of {}{on}: well played!",
                    knight_engine::words::plural(n as u64, "square")
                ),
            };
        }
        match self.knight() {
            None if self.sheet.is_none() => match self.end() {
                Some(e) => format!(
                    "place the knight: move the cursor, {} (or click a square); the tour ends on {e}",
                    key(Command::MoveHere)
                ),
                None => format!(
                    "place the knight: move the cursor, {} (or click a square)",
                    key(Command::MoveHere)
                ),
            },
            Some(k) if self.dead_end() => format!(
                "dead end: no {} from {k}, {} left; {} undoes",
                if self.clues.is_some() {
                    "move that honours the clues"
                } else {
                    "legal move"
                },
                knight_engine::words::plural(
                    (self.board().free_count() - self.moves_made()) as u64,
                    "square"
                ),
                key(Command::Undo)
            ),
            _ => match &self.outlook {
                Outlook::Checking if self.clues.is_some() => {
                    "checking whether the puzzle can still be solved…".into()
                }
                Outlook::Checking => "checking whether this can still be finished…".into(),
                Outlook::Unchecked => match &self.sheet {
                    Some(sheet) => format!(
                        "{} of {} squares numbered; not checked ({} checks, as help)",
                        sheet.numbered(),
                        self.board().free_count(),
                        key(Command::Check)
                    ),
                    None => format!(
                        "step {} placed; not checked (a check counts as help)",
                        self.moves_made()
                    ),
                },
                Outlook::Solvable if self.clues.is_some() => {
                    "solvable: the puzzle can still be solved from here".into()
                }
                Outlook::Solvable => "solvable: a tour can still be finished from here".into(),
                Outlook::Unknown => "unknown: the check ran out of time".into(),
                _ => format!("{}: {}", self.no_way(), self.why_not().unwrap_or_default()),
            },
        }
    }
    /// What a "no" from the check means: no tour, or for a puzzle no
    /// numbering that honours the clues.
    fn no_way(&self) -> &'static str {
        if self.clues.is_some() {
            "no solution from here"
        } else {
            "no tour from here"
        }
    }

    /// The line for a solved puzzle: the time, undos and help taken.
    fn solved(&self, now: Instant) -> String {
        let plural = |n: u32, what| knight_engine::words::plural(u64::from(n), what);
        let by = match self.finished_from {
            Some(step) => format!("the solver finished it from step {step}"),
            None if self.undos == 0 && self.helped == 0 => "no undo, no help, well played".into(),
            None => format!(
                "{}, {}",
                plural(self.undos, "undo"),
                plural(self.helped, "hint")
            ),
        };
        let mut line = format!("puzzle solved in {}; {by}", self.times(now));
        if let (Some(r), Some(c)) = (&self.record, &self.clues) {
            let mmss = |s: u64| format!("{}:{:02}", s / 60, s % 60);
            let kind = c.difficulty.map_or(String::new(), |d| format!(" {d}"));
            let board = self.board().describe();
            match r.best {
                _ if r.new_best => line.push_str(&format!("; a new best for {board}{kind}")),
                Some(best) => line.push_str(&format!("; best for {board}{kind} {}", mmss(best))),
                None => {}
            }
            if r.streak > 1 {
                line.push_str(&format!("; the day's puzzle {} days in a row", r.streak));
            }
        }
        line
    }
}
