//! Why a text is not a tour file, typed. Each prints as the one line users
//! see; the front ends add the file's name.

use thiserror::Error;

use crate::board::{BoardError, LeaperError};

/// A tour file (JSON or numbered board) that was read but is not one.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TourFileError {
    /// serde_json's message, placed in the file's lines and columns.
    #[error("not a valid tour file: {0}")]
    Json(String),
    #[error(
        "not a valid tour file: arrays and objects nest deeper than {most} at line {line} column {column}"
    )]
    /// JSON nested over `most` levels deep, at `line` and `column`.
    #[allow(missing_docs)]
    TooDeep { most: usize, line: u64, column: u64 },
    /// A path that is not a list of `[row, col]` pairs; `step` counts from
    /// 1 (0: the path itself); `what` was expected, the text `found`
    /// instead, at `place` (its line and column).
    #[allow(missing_docs)]
    #[error("not a valid tour file: the path's square {step}: {what}, found '{found}' at {place}")]
    PathSyntax {
        step: usize,
        what: &'static str,
        found: String,
        place: String,
    },
    /// The `"format"` is `found`, not the `expected` name.
    #[allow(missing_docs)]
    #[error("not a tour file: format is \"{found}\", expected \"{expected}\"")]
    Format {
        found: String,
        expected: &'static str,
    },
    /// A version of the format other than 1.
    #[error("tour file version {0} is not supported (this program reads version 1)")]
    Version(u32),
    /// The board, `rows`x`cols`, has no row or no column.
    #[allow(missing_docs)]
    #[error("the tour file's board is {rows}x{cols}; it needs at least one row and column")]
    NoBoard { rows: u32, cols: u32 },
    /// The blocked square `row`,`col` is off the `rows`x`cols` board.
    #[allow(missing_docs)]
    #[error("blocked square {row},{col} is off the {rows}x{cols} board")]
    BlockedOff {
        row: i64,
        col: i64,
        rows: u32,
        cols: u32,
    },
    /// The end `row`,`col` is off the `rows`x`cols` board.
    #[allow(missing_docs)]
    #[error("the tour file's end {row},{col} is off the {rows}x{cols} board")]
    EndOff {
        row: i64,
        col: i64,
        rows: u32,
        cols: u32,
    },
    #[error(
        "the tour file is closed and names an end ({row},{col}): a closed tour ends next to its start, so it has none"
    )]
    /// A closed tour with an end, `row`,`col`.
    #[allow(missing_docs)]
    ClosedWithEnd { row: i64, col: i64 },
    /// The `"leaper"` is no leap.
    #[error("the tour file's leaper: {0}")]
    Leaper(#[from] LeaperError),
    /// The `"surface"` is no surface's name.
    #[error("the tour file's surface: {0}")]
    Surface(crate::words::UnknownName),
    /// The board cannot be built.
    #[error(transparent)]
    Board(#[from] BoardError),
    #[error(
        "the tour file names its leaper and surface after its path; they must come before it (as this program writes them)"
    )]
    /// A streamed file names its leaper or surface after its path.
    GeometryAfterPath,
    /// A huge path's step could not be held compactly though it checked.
    #[error("internal error: the path's step {0} could not be held compactly")]
    Unheld(usize),
    /// The file holds nothing but blank space.
    #[error("the file is empty: expected a tour file or a numbered board")]
    Empty,
    /// A numbered board that is not one.
    #[error("numbered board: {0}")]
    Numbered(#[from] NumberedError),
    /// A puzzle's board (its clues, and `-` on the squares to fill): a
    /// puzzle file, not a tour.
    #[error(
        "this is a puzzle (clues, and '-' on the squares to fill), not a tour: open it as a puzzle"
    )]
    Puzzle,
}

/// A numbered board that is not one.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NumberedError {
    /// Row `row` has `len` squares where row 0 has `cols`.
    #[allow(missing_docs)]
    #[error("row {row} has {len} squares, row 0 has {cols}")]
    Ragged { row: usize, len: usize, cols: usize },
    /// The `token` at `row`,`col` is not a step number, `.` or `-`.
    #[allow(missing_docs)]
    #[error("'{token}' at {row},{col} is not a step number, '.' or '-'")]
    NotAStep {
        token: String,
        row: usize,
        col: usize,
    },
    /// Step `step` appears twice, once at `row`,`col`.
    #[allow(missing_docs)]
    #[error("step {step} appears twice (at {row},{col} too)")]
    Twice { step: u64, row: i64, col: i64 },
    /// A step between 1 and the last is missing.
    #[error("step {0} is missing")]
    Missing(u64),
    /// The board holds no step number.
    #[error("no step numbers")]
    NoSteps,
}
