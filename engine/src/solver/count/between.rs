//! The table of counts with the last square chosen: the open tours from
//! one square to each of the others (each counted by
//! `count_one`, by the strip, the frontier or enumeration as for
//! any count).

use std::sync::atomic::Ordering;
use std::time::Instant;

use super::{Count, Progress, Total, table_entry};
use crate::board::Square;
use crate::solver::Stats;
use crate::solver::{Kind, Problem, Tours};
use crate::theory;

/// The open tours from `from` to each square of the request's board
/// (`None` for blocked squares and `from` itself); squares that a
/// symmetry fixing `from` maps onto each other are counted once. Read
/// backwards, the same table gives the tours from each square to `from`.
/// The limits hold for the whole table; `Err` is the first count that
/// stopped.
pub(super) fn table(
    request: &Count,
    from: Square,
    progress: &Progress,
) -> Result<(Vec<Option<u128>>, Stats), Box<Total>> {
    let board = request.question.tours().board();
    let (rows, cols) = (board.rows(), board.cols());
    let started = Instant::now();
    let deadline = request.limits.deadline();
    let fixing: Vec<_> = board
        .symmetries()
        .into_iter()
        .filter(|g| g.apply(from, rows, cols) == from)
        .collect();
    let facts = theory::Facts::new(board);
    let mut table: Vec<Option<u128>> = vec![None; board.len()];
    let mut done = vec![false; board.len()];
    done[board.index(from) as usize] = true;
    let mut stats = Stats::default();
    let ends = super::orbits(board, board.free_squares(), &fixing).len();
    progress
        .starts
        .store(ends.saturating_sub(1) as u64, Ordering::Relaxed);
    for end in board.free_squares() {
        if done[board.index(end) as usize] {
            continue;
        }
        progress.start.fetch_add(1, Ordering::Relaxed);
        // A table of ends is of open tours, whatever the request says.
        let to = Tours::new(board.clone(), Kind::Open { end: Some(end) })
            .and_then(|t| Problem::new(t, from))
            .expect("two free squares, one the start, the other the end");
        let count = table_entry(request, &to, &facts, &mut stats, deadline, progress)?;
        for g in &fixing {
            let image = board.index(g.apply(end, rows, cols)) as usize;
            table[image] = Some(count);
            done[image] = true;
        }
    }
    stats.elapsed = started.elapsed();
    Ok((table, stats))
}

#[cfg(test)]
mod tests;
