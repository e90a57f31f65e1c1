//! Knight's-tour puzzles: a board with some squares already numbered (the
//! clues) and exactly one way to number the rest so that each number is a
//! knight's move from the one before.
//!
//! [`Puzzle`] holds the clues once they are checked; [`solve()`] counts its
//! completions up to a cap, so "exactly one" is proved, never assumed;
//! [`rate`] says what reasoning a person needs and [`explain`] gives it
//! deduction by deduction; [`make()`] builds one from a
//! random tour, reproducibly from a seed; [`mod@file`] reads and writes them.

mod chain;
mod clues;
pub mod file;
mod graph;
mod logic;
mod make;
mod reason;
mod sheet;
mod solve;
pub mod svg;

use std::fmt;

use thiserror::Error;

use crate::board::{Board, Square};

pub use clues::{Clues, Forbidden};
pub use logic::{
    Explained, Logic, Rating, Stuck, deduce, explain, next_deduction, rate, rate_upto, rate_with,
};
pub use make::{Difficulty, Made, MakeError, NotADifficulty, Request, SIDES, make};
pub use reason::{Deduction, Numbered, Rule, Uses, Why};
pub use sheet::{Filled, Hint, Sheet, Unwritable};
pub use solve::{Completions, Cutoff, NoSolution, Numberings, Stopped, count, solve, solve_with};
pub use svg::{Printed, write_booklet, write_sheet};

/// Puzzles have at most this many squares: the search keeps the knight
/// distance from every clue to every square.
pub const MAX_SQUARES: usize = 1024;

/// A checked puzzle: the board, whether the tour must be closed, and the
/// clues, each square's step at most once and each step on one square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    board: Board,
    closed: bool,
    /// The square (board index) of each step (0-based) that is a clue.
    at_step: Vec<Option<u32>>,
    /// The step (0-based) on each square (board index) that holds a clue.
    on_square: Vec<Option<u32>>,
}

/// A clue as a file writes it: the square and its step, 1-based.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clue {
    /// The square the clue is on.
    pub square: Square,
    /// The step numbered there, from 1.
    pub step: u32,
}

/// Why clues cannot make a puzzle: each prints its one line.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// The `rows`x`cols` board has more `squares` than [`MAX_SQUARES`].
    #[allow(missing_docs)]
    #[error("a puzzle's board has at most {MAX_SQUARES} squares; {rows}x{cols} has {squares}")]
    TooBig { rows: u32, cols: u32, squares: u64 },
    /// Clue `step` is on `row`,`col`, off the `rows`x`cols` board.
    #[allow(missing_docs)]
    #[error("clue {step} is on {row},{col}, off the {rows}x{cols} board")]
    OffBoard {
        step: i64,
        row: i64,
        col: i64,
        rows: u32,
        cols: u32,
    },
    /// Clue `step` is on a blocked `square`.
    #[allow(missing_docs)]
    #[error("clue {step} is on {square}, a blocked square")]
    Blocked { step: u32, square: Square },
    /// Clue `step` on `square` is outside 1 to `last`, the board's free squares.
    #[allow(missing_docs)]
    #[error("clue {step} on {square} is not a step of this board: steps run from 1 to {last}")]
    Step {
        step: i64,
        square: Square,
        last: u32,
    },
    /// Clues `first` and `second` (or one clue twice) are on one `square`.
    #[allow(missing_docs)]
    #[error("{}", if first == second { format!("clue {first} is given twice on {square}") } else { format!("clues {first} and {second} are both on {square}") })]
    SameSquare {
        first: u32,
        second: u32,
        square: Square,
    },
    /// Step `step` is given on two squares, `first` and `second`.
    #[allow(missing_docs)]
    #[error("step {step} is a clue twice, on {first} and on {second}")]
    SameStep {
        step: u32,
        first: Square,
        second: Square,
    },
    #[error(
        "clues {first} on {first_square} and {second} on {second_square} break the colour rule: every knight's move changes colour, so steps {first} and {second} must be on squares of {}",
        if (second - first) % 2 == 0 { "the same colour" } else { "different colours" }
    )]
    /// Clues `first` and `second` are on squares whose colours do not match
    /// the parity of `second - first`, which every knight's move changes.
    #[allow(missing_docs)]
    Colour {
        first: u32,
        first_square: Square,
        second: u32,
        second_square: Square,
    },
}

impl PuzzleError {
    /// The squares the error is about, in the order its line names them.
    pub fn squares(&self) -> Vec<Square> {
        match *self {
            PuzzleError::Blocked { square, .. }
            | PuzzleError::Step { square, .. }
            | PuzzleError::SameSquare { square, .. } => vec![square],
            PuzzleError::SameStep { first, second, .. } => vec![first, second],
            PuzzleError::Colour {
                first_square,
                second_square,
                ..
            } => vec![first_square, second_square],
            PuzzleError::TooBig { .. } | PuzzleError::OffBoard { .. } => Vec::new(),
        }
    }
}

impl Puzzle {
    /// Checks `clues` on `board`: on the board, on free squares, steps
    /// from 1 to the number of free squares, one clue a square and a step,
    /// and, for the knight on the plane, the colour rule between them.
    pub fn new(board: &Board, closed: bool, clues: &[Clue]) -> Result<Puzzle, PuzzleError> {
        let squares = board.rows() as u64 * board.cols() as u64;
        if squares > MAX_SQUARES as u64 {
            return Err(PuzzleError::TooBig {
                rows: board.rows(),
                cols: board.cols(),
                squares,
            });
        }
        let last = board.free_count() as u32;
        let mut at_step = vec![None; last as usize];
        let mut on_square: Vec<Option<u32>> = vec![None; board.len()];
        for c in clues {
            let sq = c.square;
            if !board.contains(sq) {
                return Err(PuzzleError::OffBoard {
                    step: c.step.into(),
                    row: sq.row.into(),
                    col: sq.col.into(),
                    rows: board.rows(),
                    cols: board.cols(),
                });
            }
            if !board.is_free(sq) {
                return Err(PuzzleError::Blocked {
                    step: c.step,
                    square: sq,
                });
            }
            if c.step == 0 || c.step > last {
                return Err(PuzzleError::Step {
                    step: c.step.into(),
                    square: sq,
                    last,
                });
            }
            let (k, i) = (c.step - 1, board.index(sq));
            if let Some(other) = on_square[i as usize] {
                let (first, second) = (other.min(k) + 1, other.max(k) + 1);
                return Err(PuzzleError::SameSquare {
                    first,
                    second,
                    square: sq,
                });
            }
            if let Some(other) = at_step[k as usize] {
                return Err(PuzzleError::SameStep {
                    step: c.step,
                    first: board.square(other),
                    second: sq,
                });
            }
            at_step[k as usize] = Some(i);
            on_square[i as usize] = Some(k);
        }
        let puzzle = Puzzle {
            board: board.clone(),
            closed,
            at_step,
            on_square,
        };
        puzzle.colour_rule()?;
        Ok(puzzle)
    }

    /// For a piece whose every move changes colour (the knight on the
    /// plane), clue steps an even number apart share a colour.
    fn colour_rule(&self) -> Result<(), PuzzleError> {
        if !self.board.geometry().is_knight_plane() {
            return Ok(());
        }
        let mut clues = self.clues();
        let Some(first) = clues.next() else {
            return Ok(());
        };
        for c in clues {
            if (c.step - first.step) % 2 != (c.square.colour() ^ first.square.colour()) {
                return Err(PuzzleError::Colour {
                    first: first.step,
                    first_square: first.square,
                    second: c.step,
                    second_square: c.square,
                });
            }
        }
        Ok(())
    }

    /// The puzzle's board.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// Whether the completion must be a closed tour.
    pub fn closed(&self) -> bool {
        self.closed
    }
    /// How many steps a completion has: the board's free squares.
    pub fn steps(&self) -> usize {
        self.at_step.len()
    }
    /// The clues in step order.
    pub fn clues(&self) -> impl Iterator<Item = Clue> + '_ {
        self.at_step.iter().enumerate().filter_map(|(k, s)| {
            s.map(|i| Clue {
                square: self.board.square(i),
                step: k as u32 + 1,
            })
        })
    }
    /// How many clues the puzzle gives.
    pub fn clue_count(&self) -> usize {
        self.at_step.iter().flatten().count()
    }
    /// The clue on a square (board index), its step 1-based.
    pub fn clue_on(&self, index: u32) -> Option<u32> {
        self.on_square
            .get(index as usize)
            .copied()
            .flatten()
            .map(|k| k + 1)
    }
    /// The square (board index) of step `step` (1-based), when a clue.
    pub fn clue_at(&self, step: u32) -> Option<u32> {
        step.checked_sub(1)
            .and_then(|k| self.at_step.get(k as usize).copied().flatten())
    }
    /// The same puzzle less the clue of step `step` (1-based).
    pub fn without(&self, step: u32) -> Puzzle {
        let mut p = self.clone();
        if let Some(i) = p.clue_at(step) {
            p.at_step[step as usize - 1] = None;
            p.on_square[i as usize] = None;
        }
        p
    }

    /// The same puzzle with more clues: `(step, square)`, both 0-based
    /// indices, each a step logic has placed.
    pub(crate) fn with_placed(&self, placed: impl Iterator<Item = (u32, u32)>) -> Puzzle {
        let mut p = self.clone();
        for (k, i) in placed {
            p.at_step[k as usize] = Some(i);
            p.on_square[i as usize] = Some(k);
        }
        p
    }

    /// The same puzzle with the steps of `path` (square indices in step
    /// order, from step 1) as clues: what is left to fill once a player
    /// has made these moves. `Err` when the path breaks a clue.
    pub fn with_path(&self, path: &[u32]) -> Result<Puzzle, PuzzleError> {
        let mut clues: Vec<Clue> = self.clues().collect();
        clues.extend(path.iter().enumerate().filter_map(|(k, &i)| {
            let step = k as u32 + 1;
            (self.clue_at(step) != Some(i)).then(|| Clue {
                square: self.board.square(i),
                step,
            })
        }));
        Puzzle::new(&self.board, self.closed, &clues)
    }

    /// The first clue `path` (square indices in step order) does not
    /// honour: the step, where the clue is, and where the path is (None
    /// when the path is shorter).
    pub fn unhonoured(&self, path: &[u32]) -> Option<(u32, Square, Option<Square>)> {
        self.clues().find_map(|c| {
            let at = path.get(c.step as usize - 1).copied();
            (at != Some(self.board.index(c.square)))
                .then(|| (c.step, c.square, at.map(|i| self.board.square(i))))
        })
    }
}

impl fmt::Display for Clue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "clue {} on {}", self.step, self.square)
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_logic;
#[cfg(test)]
mod tests_sheet;
