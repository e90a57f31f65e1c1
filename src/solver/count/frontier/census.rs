//! The states of a count square by square, for measuring counts too big
//! to make (the bench's census rows, and the 8x8 open projection in
//! docs/cluster.md).

use std::sync::atomic::Ordering::Relaxed;

use super::{Budget, Ends, Layout, NARROW, Pass, Progress, Stop, Work, from_scratch};
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
/// count would take: boards up to [`MAX_WIDTH`] wide whatever
/// [`applies`] says, open or closed, as far as `budget` lets it go.
pub fn census(board: &Board, ends: Ends, budget: &Budget, progress: &Progress) -> Census {
    let layout = Layout::new(board, ends, false);
    let squares = layout.steps.len() as u64;
    progress.total.store(squares, Relaxed);
    let mut work = Work::new();
    let pass = Pass {
        w: layout.w,
        ends,
        budget,
        progress,
    };
    // Ways that saturate leave the states as they are.
    let (stop, entry) = if layout.w <= NARROW {
        let r = from_scratch::<u64, u64>(&pass, &layout.steps, &mut work, 0);
        (r.err(), std::mem::size_of::<(u64, u64)>())
    } else {
        let r = from_scratch::<u128, u64>(&pass, &layout.steps, &mut work, 0);
        (r.err(), std::mem::size_of::<(u128, u64)>())
    };
    Census {
        squares,
        trace: work.trace,
        stop,
        entry: entry as u64 + 1,
    }
}
