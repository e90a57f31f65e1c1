//! Tours: checking a path square by square, with the first fault and its
//! step; the two file forms ([`file`]: the JSON tour file, version 1, and the
//! numbered board).

mod file;
pub mod svg;

pub use file::{FORMAT_NAME, Loaded, TourFile, parse, parse_numbered, write_numbered};

use std::fmt;

use crate::board::{Board, MOVES, Square};

/// What a checked path is, when nothing is wrong with its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Summary {
    /// Every free square visited once; `closed` when the last square is a
    /// knight's move from the first.
    Complete { closed: bool },
    /// A legal path that stops short of the whole board.
    Partial { visited: usize, total: usize },
}

/// The first thing wrong with a path; `step` counts from 1 (the start).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub step: usize,
    pub kind: FaultKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// The square is not on the board.
    OffBoard { row: i64, col: i64 },
    /// The square is blocked.
    Blocked(Square),
    /// The square was already visited at `first`.
    Repeated { square: Square, first: usize },
    /// The step is not a knight's move.
    NotKnightMove { from: Square, to: Square },
    /// The tour was declared closed but its ends are not a knight's move apart.
    NotClosed { last: Square, first: Square },
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
            FaultKind::Repeated { square, first } => {
                write!(f, "step {s}: {square} was already visited at step {first}")
            }
            FaultKind::NotKnightMove { from, to } => {
                write!(f, "step {s}: {from} -> {to} is not a knight move")
            }
            FaultKind::NotClosed { last, first } => write!(
                f,
                "step {s}: the tour is marked closed but its last square {last} is not a knight move from its first {first}"
            ),
            FaultKind::Empty => write!(f, "the path is empty"),
        }
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
            FaultKind::NotClosed { .. } => "not closed",
            FaultKind::Empty => "empty path",
        }
    }
}

/// Checks a path of (row, col) pairs on `board` square by square. A complete
/// tour with `must_close` set must end a knight's move from its start.
pub fn check<I>(board: &Board, path: I, must_close: bool) -> Result<Summary, Fault>
where
    I: IntoIterator<Item = (i64, i64)>,
{
    // Step at which each square was visited (0: not yet). u32 keeps the
    // 10,000 x 10,000 case at 400 MB.
    let mut seen = vec![0u32; board.len()];
    let mut prev: Option<Square> = None;
    let mut first: Option<Square> = None;
    let mut count = 0usize;
    for (i, (row, col)) in path.into_iter().enumerate() {
        let step = i + 1;
        let fault = |kind| Err(Fault { step, kind });
        if row < 0 || col < 0 || row >= board.rows() as i64 || col >= board.cols() as i64 {
            return fault(FaultKind::OffBoard { row, col });
        }
        let sq = Square::new(row as u32, col as u32);
        if !board.is_free(sq) {
            return fault(FaultKind::Blocked(sq));
        }
        let idx = board.index(sq) as usize;
        if seen[idx] != 0 {
            return fault(FaultKind::Repeated {
                square: sq,
                first: seen[idx] as usize,
            });
        }
        if let Some(p) = prev
            && !p.is_knight_move(sq)
        {
            return fault(FaultKind::NotKnightMove { from: p, to: sq });
        }
        seen[idx] = step as u32;
        prev = Some(sq);
        first.get_or_insert(sq);
        count = step;
    }
    let (Some(first), Some(last)) = (first, prev) else {
        return Err(Fault {
            step: 1,
            kind: FaultKind::Empty,
        });
    };
    if count < board.free_count() {
        return Ok(Summary::Partial {
            visited: count,
            total: board.free_count(),
        });
    }
    let closed = count > 2 && last.is_knight_move(first);
    if must_close && !closed {
        return Err(Fault {
            step: count,
            kind: FaultKind::NotClosed { last, first },
        });
    }
    Ok(Summary::Complete { closed })
}

/// Checks a path of square indices (as the engine produces them).
///
/// A valid path is confirmed by a quick pass (a bit per square, no
/// division per step: 10^8 squares in well under a second and 12.5 MB); only
/// a faulty one is gone over again to name its first fault.
pub fn check_indices(board: &Board, path: &[u32], must_close: bool) -> Result<Summary, Fault> {
    if let Some(summary) = quick_check(board, path, must_close) {
        return Ok(summary);
    }
    check(
        board,
        path.iter().map(|&i| {
            let sq = board.square(i);
            (sq.row as i64, sq.col as i64)
        }),
        must_close,
    )
}

/// [`check_indices`] for paths without a fault: `None` at the first doubt.
fn quick_check(board: &Board, path: &[u32], must_close: bool) -> Option<Summary> {
    let (rows, cols) = (board.rows() as i64, board.cols() as i64);
    let deltas = MOVES.map(|(dr, dc)| (dr as i64 * cols + dc as i64, dr as i64, dc as i64));
    let first = *path.first()? as usize;
    if first >= board.len() {
        return None;
    }
    let mut seen = vec![0u64; board.len().div_ceil(64)];
    let (mut row, mut col) = (first as i64 / cols, first as i64 % cols);
    let mut prev = first as i64;
    for (i, &at) in path.iter().enumerate() {
        let at = at as i64;
        if i > 0 {
            let d = at - prev;
            let &(_, dr, dc) = deltas.iter().find(|m| m.0 == d)?;
            row += dr;
            col += dc;
            if row < 0 || col < 0 || row >= rows || col >= cols {
                return None;
            }
        }
        let sq = Square::new(row as u32, col as u32);
        let (word, bit) = (at as usize / 64, 1u64 << (at % 64));
        if !board.is_free(sq) || seen[word] & bit != 0 {
            return None;
        }
        seen[word] |= bit;
        prev = at;
    }
    if path.len() < board.free_count() {
        return Some(Summary::Partial {
            visited: path.len(),
            total: board.free_count(),
        });
    }
    let closed = path.len() > 2
        && board
            .square(first as u32)
            .is_knight_move(Square::new(row as u32, col as u32));
    (closed || !must_close).then_some(Summary::Complete { closed })
}

#[cfg(test)]
mod tests;
