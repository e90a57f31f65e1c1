//! The engine's errors, typed. Each prints as the one line users see; the
//! front ends add where it came from (`--start: …`, `config file PATH: board.start: …`).

use super::{Square, human_bytes};

/// A board that cannot be built, or a square that is not on it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    #[error("a board needs at least one row and one column (got {rows}x{cols})")]
    Empty { rows: u32, cols: u32 },
    #[error(
        "a {rows}x{cols} board needs {} of memory; the limit is {}",
        human_bytes(*need),
        human_bytes(*limit)
    )]
    TooBig {
        rows: u32,
        cols: u32,
        need: u64,
        limit: u64,
    },
    /// `what` names the square's role: `start`, `blocked square`.
    #[error("{what} {square} is off the {rows}x{cols} board")]
    OffBoard {
        what: &'static str,
        square: Square,
        rows: u32,
        cols: u32,
    },
    #[error("start {0} is a blocked square")]
    BlockedStart(Square),
    #[error("end {0} is a blocked square")]
    BlockedEnd(Square),
    #[error("end {0} is the start: a tour that comes back to its start is a closed one (--closed)")]
    EndIsStart(Square),
    #[error("a closed tour has no last square: --end asks for an open one (drop --closed)")]
    ClosedWithEnd,
}

/// Text that is not a square.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SquareError {
    #[error("empty square")]
    Empty,
    #[error("square '{0}' is off the board (negative coordinate)")]
    Negative(String),
    #[error("square '{whole}': '{part}' is not a whole number")]
    NotWhole { whole: String, part: String },
    #[error("square '{0}': algebraic notation works on boards up to 26 columns; use ROW,COL")]
    AlgebraicTooWide(String),
    #[error("square '{0}': rank is not a number")]
    BadRank(String),
    #[error("square '{text}' is off the {rows}x{cols} board")]
    OffBoard { text: String, rows: u32, cols: u32 },
    #[error("square '{0}' is not ROW,COL (e.g. 0,0) or algebraic (e.g. a1)")]
    Unreadable(String),
}

/// A leap no piece can make.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LeaperError {
    #[error("a leaper must move: (0,0) stays on its square")]
    Still,
    #[error(
        "the leap {a},{b} is longer than any board ({} at most)",
        super::geometry::MAX_LEAP
    )]
    TooLong { a: u32, b: u32 },
    /// Neither a leaper's name nor the legs `a,b`.
    #[error(transparent)]
    Unknown(#[from] crate::words::UnknownName),
}
