//! A puzzle written by hand, as on paper: a number typed for the cursor's
//! square and written with Enter, cleared with Delete, or kept as a pencil
//! mark. The knight's steps are written on the same sheet, so the rules
//! of the sheet hold for both; undo and redo take hand edits and moves in
//! the order they were made.

use knight_engine::board::Square;

use super::{Game, Outlook};
use crate::tui::keymap::{Command, key};

/// One hand edit, as undo needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hand {
    /// The square's number went from `before` to `after`; it had the
    /// pencil marks `marks` before.
    Write {
        index: u32,
        before: Option<u32>,
        after: Option<u32>,
        marks: Vec<u32>,
    },
    /// A pencil mark put on or taken off.
    Mark { index: u32, step: u32 },
}

impl Game {
    /// Whether numbers or marks were written by hand.
    pub fn has_writing(&self) -> bool {
        !self.hand_undo.is_empty()
    }

    /// Why the knight may not make `sq` its next step by the sheet's
    /// rules (a number written there, or the step written elsewhere).
    pub(super) fn sheet_refusal(&self, sq: Square) -> Option<String> {
        let sheet = self.sheet.as_ref()?;
        let (i, step) = (self.board().index(sq), self.moves_made() as u32 + 1);
        match sheet.number_on(i) {
            Some((k, _)) if k == step => None,
            // A clue's refusal is the clues' to say.
            Some((_, true)) => None,
            Some((k, false)) => Some(format!(
                "{sq} holds {k}, written by hand; this move would be step {step}"
            )),
            None if self.knight().is_none() => None,
            None => sheet.refusal(i, step).map(|r| r.to_string()),
        }
    }

    /// The knight's new last square gets its step on the sheet (or keeps
    /// the same step written there by hand, remembered).
    pub(super) fn write_step(&mut self, i: u32) {
        let step = self.moves_made() as u32;
        let Some(sheet) = &mut self.sheet else {
            return;
        };
        match sheet.number_on(i) {
            None => {
                let _ = sheet.write(i, step);
            }
            Some((k, false)) if k == step => self.written_first.push(i),
            Some(_) => {}
        }
    }

    /// A move taken back takes its step off the sheet, unless it was
    /// written there by hand before the knight came.
    pub(super) fn unwrite_step(&mut self, i: u32) {
        if let Some(at) = self.written_first.iter().rposition(|&w| w == i) {
            self.written_first.remove(at);
            return;
        }
        let step = self.moves_made() as u32 + 1;
        if let Some(sheet) = &mut self.sheet
            && sheet.number_on(i) == Some((step, false))
        {
            let _ = sheet.clear(i);
        }
    }

    /// A digit typed: the number being typed grows by it. Err when the
    /// number would pass the last step (what was typed stays), or when the
    /// cursor is on a clue.
    pub fn type_digit(&mut self, d: u8) -> Result<u32, String> {
        let i = self.board().index(self.cursor);
        if let Some(why) = self.sheet.as_ref().and_then(|s| s.square_refusal(i)) {
            self.typed = None;
            self.typing_refused = true;
            return Err(why.to_string());
        }
        let last = self.board().free_count() as u32;
        let n = self.typed.unwrap_or(0) * 10 + u32::from(d);
        if n > last {
            let kept = self
                .typed
                .map(|t| format!(" ({t} typed)"))
                .unwrap_or_default();
            self.typing_refused = true;
            return Err(format!(
                "{n} is not a step: steps run from 1 to {last}{kept}"
            ));
        }
        self.typed = Some(n);
        self.typing_refused = false;
        Ok(n)
    }

    /// Backspace: the last digit typed goes. False when none was typed.
    pub fn erase_digit(&mut self) -> bool {
        match self.typed {
            Some(n) => {
                self.typed = (n >= 10).then_some(n / 10);
                true
            }
            None => false,
        }
    }

    /// The knight's step on square `i`, if the knight has been there.
    fn on_path(&self, i: u32) -> Option<String> {
        let s = self.trail.step(i);
        (s > 0).then(|| {
            format!(
                "{} is step {s} of the knight's path: {} takes moves back",
                self.board().square(i),
                key(Command::Undo)
            )
        })
    }

    fn edited(&mut self, h: Hand) {
        self.hand_undo.push((self.moves_made(), h));
        self.hand_redo.clear();
        self.redo.clear();
        self.unsaved = true;
        self.hinted.clear();
        self.hint_text = None;
        if self.outlook != Outlook::Checking {
            self.outlook = Outlook::Unchecked;
        }
    }

    /// Enter with a number typed: writes it on the cursor's square, or
    /// with pencil marks on, puts it on or takes it off the square's
    /// marks. The sentence that says what was done, or why not.
    pub fn write_typed(&mut self) -> Result<String, String> {
        let n = self.typed.take().ok_or("type a step first")?;
        let i = self.board().index(self.cursor);
        if self.pencil {
            return self.toggle_mark(i, n);
        }
        self.write(i, n)
    }

    /// Writes `step` on square `i`.
    pub fn write(&mut self, i: u32, step: u32) -> Result<String, String> {
        if let Some(why) = self.on_path(i) {
            return Err(why);
        }
        let sq = self.board().square(i);
        let sheet = self
            .sheet
            .as_mut()
            .ok_or("numbers are written in puzzles")?;
        let marks = sheet.marks(i).to_vec();
        let before = sheet.write(i, step).map_err(|r| r.to_string())?;
        self.edited(Hand::Write {
            index: i,
            before,
            after: Some(step),
            marks,
        });
        Ok(match before {
            Some(b) if b != step => format!("{step} written on {sq}, in place of {b}"),
            _ => format!("{step} written on {sq}"),
        })
    }

    fn toggle_mark(&mut self, i: u32, step: u32) -> Result<String, String> {
        let sq = self.board().square(i);
        let sheet = self.sheet.as_mut().ok_or("pencil marks are for puzzles")?;
        let on = sheet.toggle_mark(i, step).map_err(|r| r.to_string())?;
        let marks = sheet.marks(i).to_vec();
        self.edited(Hand::Mark { index: i, step });
        Ok(if on {
            format!("pencil marks on {sq}: {}", list(&marks))
        } else {
            format!("pencil mark {step} off {sq}")
        })
    }

    /// Delete: clears the number written on the cursor's square.
    pub fn clear_cursor(&mut self) -> Result<String, String> {
        let i = self.board().index(self.cursor);
        if let Some(why) = self.on_path(i) {
            return Err(why);
        }
        let sq = self.cursor;
        let sheet = self
            .sheet
            .as_mut()
            .ok_or("numbers are written in puzzles")?;
        let step = sheet.clear(i).map_err(|r| r.to_string())?;
        self.edited(Hand::Write {
            index: i,
            before: Some(step),
            after: None,
            marks: Vec::new(),
        });
        Ok(format!("{step} cleared from {sq}"))
    }

    /// Puts a hand edit on the sheet again (`forward`) or takes it off.
    fn apply(&mut self, h: &Hand, forward: bool) {
        let Some(sheet) = &mut self.sheet else {
            return;
        };
        match h {
            Hand::Write {
                index,
                before,
                after,
                marks,
            } => {
                let target = if forward { *after } else { *before };
                match target {
                    Some(k) => {
                        let _ = sheet.write(*index, k);
                    }
                    None => {
                        let _ = sheet.clear(*index);
                    }
                }
                if !forward {
                    for &m in marks {
                        let _ = sheet.toggle_mark(*index, m);
                    }
                }
            }
            Hand::Mark { index, step } => {
                let _ = sheet.toggle_mark(*index, *step);
            }
        }
        self.cursor = self.board().square(match h {
            Hand::Write { index, .. } | Hand::Mark { index, .. } => *index,
        });
        self.unsaved = true;
        self.hinted.clear();
        self.hint_text = None;
        self.outlook = Outlook::Unchecked;
    }

    /// Undoes the last hand edit when it came after the knight's last
    /// move; false when the move is the one to undo.
    pub(super) fn undo_hand(&mut self) -> bool {
        match self.hand_undo.last() {
            Some(&(at, _)) if at >= self.moves_made() => {}
            _ => return false,
        }
        let Some((_, h)) = self.hand_undo.pop() else {
            return false;
        };
        self.apply(&h, false);
        self.hand_redo.push((self.moves_made(), h));
        self.undos += 1;
        true
    }

    /// Redoes the last hand edit undone when it was undone after the
    /// knight's last move undone.
    pub(super) fn redo_hand(&mut self) -> bool {
        match self.hand_redo.last() {
            Some(&(at, _)) if at == self.moves_made() => {}
            _ => return false,
        }
        let Some((_, h)) = self.hand_redo.pop() else {
            return false;
        };
        self.apply(&h, true);
        self.hand_undo.push((self.moves_made(), h));
        true
    }
}

impl Hand {
    /// What the edit did, in words: `7 on d2`, `7 cleared from d2`,
    /// `pencil mark 7 on d2`.
    fn words(&self, board: &knight_engine::board::Board) -> String {
        match *self {
            Hand::Write {
                index,
                after: Some(k),
                ..
            } => format!("{k} on {}", board.square(index)),
            Hand::Write { index, before, .. } => format!(
                "{} cleared from {}",
                before.unwrap_or_default(),
                board.square(index)
            ),
            Hand::Mark { index, step } => {
                format!("pencil mark {step} on {}", board.square(index))
            }
        }
    }
}

impl Game {
    /// What undo would take back, in words: a hand edit or the knight's
    /// last move (None when undo brings back a game or does nothing).
    pub fn undo_words(&self) -> Option<String> {
        match self.hand_undo.last() {
            Some((at, h)) if *at >= self.moves_made() => Some(h.words(self.board())),
            _ if self.moves_made() > 1 => {
                let sq = self.knight()?;
                Some(format!("step {} on {sq}", self.moves_made()))
            }
            _ => None,
        }
    }

    /// What redo would put back, in words.
    pub fn redo_words(&self) -> Option<String> {
        match self.hand_redo.last() {
            Some((at, h)) if *at == self.moves_made() => Some(h.words(self.board())),
            _ => {
                let &sq = self.redo.last()?;
                Some(format!(
                    "step {} on {}",
                    self.moves_made() + 1,
                    self.board().square(sq)
                ))
            }
        }
    }
}

/// `3, 7, 12`.
pub fn list(steps: &[u32]) -> String {
    steps
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}
