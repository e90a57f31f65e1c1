//! The states of a count square by square, for measuring counts too big
//! to make (the bench's census rows, and the 8x8 open projection in
//! docs/cluster-design.md).

use super::{Budget, Ends, Layout, NARROW, Progress, Stop, whole};
use crate::board::Board;

/// How a count square by square over the whole board went, as far as it
/// went: the states after each square and the seconds since the start,
/// and why it stopped, if it did.
pub struct Census {
    pub squares: u64,
    pub trace: Vec<(u64, f64)>,
    pub stop: Option<Stop>,
    /// The bytes a state takes in a table.
    pub entry: u64,
}

/// A count square by square over the whole board, for measuring what a
/// count would take: boards up to [`super::MAX_WIDTH`] wide whatever
/// [`super::applies`] says, open or closed, as far as `budget` lets it
/// go.
pub fn census(board: &Board, ends: Ends, budget: &Budget, progress: &Progress) -> Census {
    let layout = Layout::new(board, ends, false);
    // Ways that saturate leave the states as they are.
    let (work, stop, entry) = if layout.w <= NARROW {
        let (work, r) = whole::<u64, u64>(&layout, ends, budget, progress);
        (work, r.err(), std::mem::size_of::<(u64, u64)>())
    } else {
        let (work, r) = whole::<u128, u64>(&layout, ends, budget, progress);
        (work, r.err(), std::mem::size_of::<(u128, u64)>())
    };
    Census {
        squares: layout.steps.len() as u64,
        trace: work.trace,
        stop,
        entry: entry as u64 + 1,
    }
}
