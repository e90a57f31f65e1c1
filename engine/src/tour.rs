//! Tours: checking a path square by square, with the first fault and its
//! step; the two file forms ([`file`]: the JSON tour file, version 1, and the
//! numbered board).

pub mod compact;
mod error;
mod file;
pub mod magic;
mod steps;
pub mod stream;
pub mod svg;
mod walk;

pub use error::{NumberedError, TourFileError};
pub(crate) use file::shallow;
pub use file::{
    FORMAT_NAME, JsonTour, Loaded, TourFile, parse, parse_numbered, write_numbered,
    write_numbered_steps,
};
pub use walk::{Walk, first_visit};

use std::fmt;

use crate::board::{Board, Geometry, Square, Surface};

/// What a checked path is, when nothing is wrong with its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Summary {
    /// Every free square visited once; `closed` when the last square is a
    /// knight's move from the first.
    #[allow(missing_docs)]
    Complete { closed: bool },
    /// A legal path that stops short of the whole board: `visited` of
    /// the `total` free squares.
    #[allow(missing_docs)]
    Partial { visited: usize, total: usize },
}

/// The first thing wrong with a path; `step` counts from 1 (the start).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// The step at fault, from 1.
    pub step: usize,
    /// What is wrong there.
    pub kind: FaultKind,
}

/// What is wrong with a path at a step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// The square `row`,`col` is not on the board.
    #[allow(missing_docs)]
    OffBoard { row: i64, col: i64 },
    /// The square is blocked.
    Blocked(Square),
    /// The `square` was already visited at step `first` (0: not known).
    #[allow(missing_docs)]
    Repeated { square: Square, first: usize },
    /// The step `from` one square `to` the next is not a knight's move.
    #[allow(missing_docs)]
    NotKnightMove { from: Square, to: Square },
    /// The step `from` one square `to` the next is not a move of the
    /// `geometry`'s leaper on its surface.
    #[allow(missing_docs)]
    NotMove {
        from: Square,
        to: Square,
        geometry: Geometry,
    },
    /// The tour was declared closed but its `last` and `first` squares are
    /// not a move apart.
    #[allow(missing_docs)]
    NotClosed { last: Square, first: Square },
    /// The file names the square the tour must `end` on (row, col), and
    /// it ends elsewhere, on `last`.
    #[allow(missing_docs)]
    NotEnd { last: Square, end: [i64; 2] },
    /// An empty path.
    Empty,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.step;
        match &self.kind {
            FaultKind::OffBoard { row, col } => {
                write!(f, "step {s}: {row},{col} is off the board")
            }
            FaultKind::Blocked(sq) => write!(f, "step {s}: {sq} is blocked"),
            FaultKind::Repeated { square, first: 0 } => {
                write!(f, "step {s}: {square} was already visited")
            }
            FaultKind::Repeated { square, first } => {
                write!(f, "step {s}: {square} was already visited at step {first}")
            }
            FaultKind::NotKnightMove { from, to } => {
                write!(f, "step {s}: {from} -> {to} is not a knight move")
            }
            FaultKind::NotMove { from, to, geometry } => {
                write!(
                    f,
                    "step {s}: {from} -> {to} is not a {} move{}",
                    geometry.leaper,
                    surface_words(geometry.surface)
                )
            }
            FaultKind::NotClosed { last, first } => write!(
                f,
                "step {s}: the tour is marked closed but its last square {last} is not a move from its first {first}"
            ),
            FaultKind::NotEnd { last, end: [r, c] } => write!(
                f,
                "step {s}: the tour must end on {r},{c} but ends on {last}"
            ),
            FaultKind::Empty => write!(f, "the path is empty"),
        }
    }
}

/// ` on a torus`: where a move is judged, for messages (nothing for the
/// plane).
fn surface_words(s: Surface) -> String {
    match s {
        Surface::Plane => String::new(),
        s => format!(" on a {s}"),
    }
}

impl FaultKind {
    /// A short reason, for messages such as "illegal: square already visited".
    pub fn reason(&self) -> &'static str {
        match self {
            FaultKind::OffBoard { .. } => "off the board",
            FaultKind::Blocked(_) => "blocked",
            FaultKind::Repeated { .. } => "square already visited",
            FaultKind::NotKnightMove { .. } => "not a knight move",
            FaultKind::NotMove { .. } => "not a move of this piece",
            FaultKind::NotClosed { .. } => "not closed",
            FaultKind::NotEnd { .. } => "not on its end",
            FaultKind::Empty => "empty path",
        }
    }
}

/// Checks a path of (row, col) pairs on `board` square by square. A complete
/// tour with `must_close` set must end a knight's move from its start.
pub fn check<I>(board: &Board, path: I, must_close: bool) -> Result<Summary, Fault>
where
    I: IntoIterator<Item = (i64, i64)> + Clone,
{
    let mut walk = Walk::new(board);
    for (row, col) in path.clone() {
        walk.step(row, col).map_err(|f| {
            let squares = path.clone().into_iter();
            first_visit(f, squares.map(|(r, c)| Square::new(r as u32, c as u32)))
        })?;
    }
    walk.finish(must_close)
}

/// Checks a path of square indices (as the engine produces them): a bit
/// per square, no division per step (10^8 squares in well under a second
/// and 12.5 MB).
///
/// ```
/// use knight_engine::board::{Board, Square};
/// use knight_engine::tour::{Summary, check_indices};
///
/// let b = Board::new(5, 5, &[]).unwrap();
/// let at = |r, c| b.index(Square::new(r, c));
/// let start = [at(0, 0), at(1, 2), at(2, 4)];
/// let partial = Summary::Partial { visited: 3, total: 25 };
/// assert_eq!(check_indices(&b, &start, false), Ok(partial));
/// let back = [at(0, 0), at(1, 2), at(0, 0)];
/// let fault = check_indices(&b, &back, false).unwrap_err();
/// assert_eq!(fault.to_string(), "step 3: 0,0 was already visited at step 1");
/// ```
pub fn check_indices(board: &Board, path: &[u32], must_close: bool) -> Result<Summary, Fault> {
    let mut walk = Walk::new(board);
    for &at in path {
        walk.step_index(at)
            .map_err(|f| first_visit(f, path.iter().map(|&i| board.square(i))))?;
    }
    walk.finish(must_close)
}

#[cfg(test)]
mod tests;
