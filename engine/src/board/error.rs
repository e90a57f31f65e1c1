//! The engine's errors, typed. Each prints as the one line users see; the
//! front ends add where it came from (`--start: …`, `config file PATH: board.start: …`).

use super::{Square, human_bytes};

/// A board that cannot be built, or a square that is not on it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// The board asked for, `rows`x`cols`, has no row or no column.
    #[allow(missing_docs)]
    #[error("a board needs at least one row and one column (got {rows}x{cols})")]
    Empty { rows: u32, cols: u32 },
    #[error(
        "a {rows}x{cols} board needs {} of memory; the limit is {}",
        human_bytes(*need),
        human_bytes(*limit)
    )]
    /// A `rows`x`cols` board would `need` more bytes than the `limit`.
    #[allow(missing_docs)]
    TooBig {
        rows: u32,
        cols: u32,
        need: u64,
        limit: u64,
    },
    /// `square` is off the `rows`x`cols` board; `what` names the
    /// square's role: `start`, `blocked square`.
    #[allow(missing_docs)]
    #[error("{what} {square} is off the {rows}x{cols} board")]
    OffBoard {
        what: &'static str,
        square: Square,
        rows: u32,
        cols: u32,
    },
    /// The start is a blocked square.
    #[error("start {0} is a blocked square")]
    BlockedStart(Square),
    /// The end asked for is a blocked square.
    #[error("end {0} is a blocked square")]
    BlockedEnd(Square),
    /// The end asked for is the start.
    #[error("end {0} is the start: a tour that comes back to its start is a closed one (--closed)")]
    EndIsStart(Square),
    /// An end was asked for a closed tour.
    #[error("a closed tour has no last square: --end asks for an open one (drop --closed)")]
    ClosedWithEnd,
}

/// Text that is not a square.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SquareError {
    /// The text is empty.
    #[error("empty square")]
    Empty,
    /// A coordinate is negative.
    #[error("square '{0}' is off the board (negative coordinate)")]
    Negative(String),
    /// `part` of the square's text `whole` is not a whole number.
    #[allow(missing_docs)]
    #[error("square '{whole}': '{part}' is not a whole number")]
    NotWhole { whole: String, part: String },
    /// Algebraic notation on a board wider than 26 columns.
    #[error("square '{0}': algebraic notation works on boards up to 26 columns; use ROW,COL")]
    AlgebraicTooWide(String),
    /// The rank after the file's letters is not a number.
    #[error("square '{0}': rank is not a number")]
    BadRank(String),
    /// The square written `text` is off the `rows`x`cols` board.
    #[allow(missing_docs)]
    #[error("square '{text}' is off the {rows}x{cols} board")]
    OffBoard { text: String, rows: u32, cols: u32 },
    /// The text is neither `ROW,COL` nor algebraic.
    #[error("square '{0}' is not ROW,COL (e.g. 0,0) or algebraic (e.g. a1)")]
    Unreadable(String),
}

/// A leap no piece can make.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LeaperError {
    /// The leap (0,0), which does not move.
    #[error("a leaper must move: (0,0) stays on its square")]
    Still,
    #[error(
        "the leap {a},{b} is longer than any board ({} at most)",
        super::geometry::MAX_LEAP
    )]
    /// The leap `a`,`b` has a leg longer than `MAX_LEAP`.
    #[allow(missing_docs)]
    TooLong { a: u32, b: u32 },
    /// Neither a leaper's name nor the legs `a,b`.
    #[error(transparent)]
    Unknown(#[from] crate::words::UnknownName),
}
