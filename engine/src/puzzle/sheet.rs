//! A puzzle being filled in by hand, as on paper: any step written on any
//! square, in any order, each checked against the numbers around it, and
//! pencil marks. The rules a person's writing must keep, in one place for
//! the app and the command line.

use std::fmt;

use super::logic::{Logic, next_deduction};
use super::reason::{Deduction, Numbered};
use super::{Clue, Puzzle, PuzzleError, Stuck};
use crate::board::Square;

/// A puzzle, the numbers written on it and the pencil marks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    puzzle: Puzzle,
    /// The step written on each square (board index), from 1.
    written: Vec<Option<u32>>,
    /// The square of each step written (index: step - 1).
    at: Vec<Option<u32>>,
    /// Each square's pencil marks: candidate steps, in order.
    marks: Vec<Vec<u32>>,
}

/// Why a number cannot be written, cleared or marked: each says it in one
/// sentence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unwritable {
    /// The square is blocked or off the board.
    NotFree(Square),
    /// The square holds a clue.
    #[allow(missing_docs)]
    Clue { square: Square, clue: u32 },
    /// The number is not a step of the board: steps run from 1 to `last`.
    #[allow(missing_docs)]
    NotAStep { step: u32, last: u32 },
    /// The step is on the board already, on another square.
    #[allow(missing_docs)]
    Taken { step: u32, on: Square },
    /// The step would not be a knight's move from its neighbour step
    /// `next` (k - 1 or k + 1, or the first and last of a closed tour).
    #[allow(missing_docs)]
    NotAMove {
        step: u32,
        square: Square,
        next: Numbered,
    },
    /// Nothing written on the square to clear.
    Empty(Square),
    /// A pencil mark on a square that holds a number written.
    Numbered(Square),
    /// The step would be on the wrong colour: every knight's move changes
    /// colour, and `clue` fixes which colour each step is on.
    #[allow(missing_docs)]
    Colour {
        step: u32,
        square: Square,
        clue: Numbered,
    },
}

impl fmt::Display for Unwritable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Unwritable::NotFree(sq) => write!(f, "{sq} is not a square to number"),
            Unwritable::Clue { square, clue } => write!(f, "{square} holds clue {clue}"),
            Unwritable::NotAStep { step, last } => {
                write!(f, "{step} is not a step: steps run from 1 to {last}")
            }
            Unwritable::Taken { step, on } => write!(f, "{step} is on {on} already"),
            Unwritable::NotAMove { step, square, next } => write!(
                f,
                "{step} on {square} would not be a knight's move from {next}"
            ),
            Unwritable::Empty(sq) => write!(f, "nothing is written on {sq}"),
            Unwritable::Numbered(sq) => {
                write!(f, "{sq} is numbered: pencil marks go on empty squares")
            }
            Unwritable::Colour { step, square, clue } => {
                let rel = if step.abs_diff(clue.step) % 2 == 0 {
                    "the same colour as"
                } else {
                    "the other colour from"
                };
                write!(
                    f,
                    "{step} cannot go on {square}: it must be on {rel} {clue} (every knight's move changes colour)"
                )
            }
        }
    }
}

/// What a full sheet comes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filled {
    /// Squares are still empty.
    Partly,
    /// Every square numbered, each step a knight's move from the last:
    /// the solution.
    Solved,
    /// Full, but this step is not where the solution has it.
    #[allow(missing_docs)]
    Wrong { step: u32, square: Square },
}

/// What a hint says: the next deduction, or that a number written is
/// wrong, or that logic has nothing more.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hint {
    /// The next deduction from the numbers on the board, all right so far.
    Next(Deduction),
    /// A number written is not the solution's: the lowest such step.
    #[allow(missing_docs)]
    Wrong { step: u32, square: Square },
    /// Nothing is left to work out.
    Done,
    /// The rules find nothing more to place (a puzzle from a file that
    /// needs trial and error).
    Stuck,
}

impl Sheet {
    /// A fresh sheet of `puzzle`: its clues alone.
    pub fn new(puzzle: Puzzle) -> Sheet {
        let squares = puzzle.board().len();
        let steps = puzzle.steps();
        Sheet {
            puzzle,
            written: vec![None; squares],
            at: vec![None; steps],
            marks: vec![Vec::new(); squares],
        }
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The step on a square (board index), clue or written, and whether it
    /// is a clue.
    pub fn number_on(&self, index: u32) -> Option<(u32, bool)> {
        match self.puzzle.clue_on(index) {
            Some(k) => Some((k, true)),
            None => self
                .written
                .get(index as usize)
                .copied()
                .flatten()
                .map(|k| (k, false)),
        }
    }

    /// The square (board index) of a step, clue or written.
    pub fn square_of(&self, step: u32) -> Option<u32> {
        self.puzzle.clue_at(step).or_else(|| {
            step.checked_sub(1)
                .and_then(|k| self.at.get(k as usize).copied().flatten())
        })
    }

    /// The numbers written (not the clues), as `(board index, step)`.
    pub fn written(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        self.written
            .iter()
            .enumerate()
            .filter_map(|(i, k)| k.map(|k| (i as u32, k)))
    }

    /// How many squares are numbered, clues and written.
    pub fn numbered(&self) -> usize {
        self.puzzle.clue_count() + self.at.iter().flatten().count()
    }

    /// Why nothing can be written or marked on the square (board index),
    /// whatever the step: off the board, blocked, or a clue's.
    pub fn square_refusal(&self, index: u32) -> Option<Unwritable> {
        let b = self.puzzle.board();
        if index as usize >= b.len() || !b.is_free(b.square(index)) {
            let sq = if (index as usize) < b.len() {
                b.square(index)
            } else {
                Square::new(b.rows(), 0)
            };
            return Some(Unwritable::NotFree(sq));
        }
        self.puzzle.clue_on(index).map(|clue| Unwritable::Clue {
            square: b.square(index),
            clue,
        })
    }

    /// The steps next to `step`: k - 1 and k + 1, and for a closed tour
    /// the last beside the first.
    fn beside(&self, step: u32) -> impl Iterator<Item = u32> {
        let last = self.puzzle.steps() as u32;
        let closed = self.puzzle.closed() && last > 2;
        let before = match step {
            1 if closed => Some(last),
            1 => None,
            k => Some(k - 1),
        };
        let after = match step {
            k if k == last && closed => Some(1),
            k if k == last => None,
            k => Some(k + 1),
        };
        before.into_iter().chain(after)
    }

    /// Why `step` cannot be written on the square (board index), if it
    /// cannot.
    pub fn refusal(&self, index: u32, step: u32) -> Option<Unwritable> {
        if let Some(r) = self.square_refusal(index) {
            return Some(r);
        }
        let b = self.puzzle.board();
        let last = self.puzzle.steps() as u32;
        if step == 0 || step > last {
            return Some(Unwritable::NotAStep { step, last });
        }
        if let Some(on) = self.square_of(step).filter(|&i| i != index) {
            return Some(Unwritable::Taken {
                step,
                on: b.square(on),
            });
        }
        let square = b.square(index);
        if let Some(clue) = self.puzzle.clues().next()
            && b.geometry().is_knight_plane()
            && (step.abs_diff(clue.step) % 2 == 0) != (square.colour() == clue.square.colour())
        {
            return Some(Unwritable::Colour {
                step,
                square,
                clue: Numbered {
                    step: clue.step,
                    square: clue.square,
                },
            });
        }
        self.beside(step).find_map(|j| {
            let at = self.square_of(j).filter(|&i| i != index)?;
            let next = b.square(at);
            (!b.is_move(next, square)).then_some(Unwritable::NotAMove {
                step,
                square,
                next: Numbered {
                    step: j,
                    square: next,
                },
            })
        })
    }

    /// Writes `step` on the square (board index), in place of what was
    /// written there; its pencil marks go. Returns the step it replaced.
    pub fn write(&mut self, index: u32, step: u32) -> Result<Option<u32>, Unwritable> {
        if let Some(r) = self.refusal(index, step) {
            return Err(r);
        }
        let old = self.written[index as usize].replace(step);
        if let Some(o) = old {
            self.at[o as usize - 1] = None;
        }
        self.at[step as usize - 1] = Some(index);
        self.marks[index as usize].clear();
        Ok(old)
    }

    /// Clears the number written on the square (board index); returns it.
    pub fn clear(&mut self, index: u32) -> Result<u32, Unwritable> {
        if let Some(r) = self.square_refusal(index) {
            return Err(r);
        }
        let b = self.puzzle.board();
        let step = self.written[index as usize]
            .take()
            .ok_or(Unwritable::Empty(b.square(index)))?;
        self.at[step as usize - 1] = None;
        Ok(step)
    }

    /// The pencil marks on a square (board index), in order.
    pub fn marks(&self, index: u32) -> &[u32] {
        self.marks.get(index as usize).map_or(&[], Vec::as_slice)
    }

    /// Puts `step` among the square's pencil marks, or takes it away;
    /// true when it is there now. Marks go on empty squares only.
    pub fn toggle_mark(&mut self, index: u32, step: u32) -> Result<bool, Unwritable> {
        if let Some(r) = self.square_refusal(index) {
            return Err(r);
        }
        let last = self.puzzle.steps() as u32;
        if step == 0 || step > last {
            return Err(Unwritable::NotAStep { step, last });
        }
        if self.written[index as usize].is_some() {
            return Err(Unwritable::Numbered(self.puzzle.board().square(index)));
        }
        let marks = &mut self.marks[index as usize];
        match marks.binary_search(&step) {
            Ok(at) => {
                marks.remove(at);
                Ok(false)
            }
            Err(at) => {
                marks.insert(at, step);
                Ok(true)
            }
        }
    }

    /// The puzzle with every number written taken as a clue: what is left
    /// to fill from here. `Err` when the numbers break a rule of clues
    /// (the colour rule: every knight's move changes colour).
    pub fn as_puzzle(&self) -> Result<Puzzle, PuzzleError> {
        let b = self.puzzle.board();
        let mut clues: Vec<Clue> = self.puzzle.clues().collect();
        clues.extend(self.written().map(|(i, step)| Clue {
            square: b.square(i),
            step,
        }));
        Puzzle::new(b, self.puzzle.closed(), &clues)
    }

    /// The lowest step written where `solution` (board index of each
    /// step) does not have it.
    pub fn first_wrong(&self, solution: &[u32]) -> Option<(u32, Square)> {
        self.at.iter().enumerate().find_map(|(k, at)| {
            let i = (*at)?;
            (solution.get(k) != Some(&i)).then(|| (k as u32 + 1, self.puzzle.board().square(i)))
        })
    }

    /// Whether every square is numbered, and if so, whether it is the
    /// solution (`solution`: the board index of each step).
    pub fn verdict(&self, solution: &[u32]) -> Filled {
        if self.numbered() < self.puzzle.steps() {
            return Filled::Partly;
        }
        match self.first_wrong(solution) {
            Some((step, square)) => Filled::Wrong { step, square },
            None => Filled::Solved,
        }
    }

    /// The hint for the board as it stands: a number written wrong first,
    /// else the next deduction by the simplest rule.
    pub fn hint(&self, logic: &Logic, solution: &[u32]) -> Hint {
        if let Some((step, square)) = self.first_wrong(solution) {
            return Hint::Wrong { step, square };
        }
        if self.numbered() == self.puzzle.steps() {
            return Hint::Done;
        }
        let Ok(now) = self.as_puzzle() else {
            return Hint::Stuck;
        };
        match next_deduction(logic, &now) {
            Ok(Some(d)) => Hint::Next(d),
            Ok(None) | Err(Stuck::Step(_) | Stuck::Square(_)) => Hint::Stuck,
        }
    }
}
