//! Enumeration: every tour from a start (or the first K), depth-first with
//! the dead-end pruning of [`crate::solver::find::search`], and exact
//! symmetry.
//!
//! Symmetry: a symmetry of the board that keeps its blocked squares blocked
//! maps tours onto tours. Those that also fix the start permute the start's
//! first moves, so the tours through first moves of one orbit are equally
//! many: count one move of each orbit and multiply by the orbit's size.

use std::sync::atomic::Ordering;
use std::time::Instant;

use crate::board::{Board, Square};
use crate::solver::find::search::{Halt, Order, Search};
use crate::solver::{Algorithm, Limit, Limits, Stats};

use super::{Method, Outcome, Progress, Total, orbits};
use crate::theory::NoTour;

pub(super) struct Counter<'l> {
    algorithm: Algorithm,
    limits: &'l Limits,
    deadline: Option<Instant>,
    max: Option<u64>,
    count: u64,
    stats: Stats,
    halted: Option<Halt>,
    progress: &'l Progress,
}

impl<'l> Counter<'l> {
    pub(super) fn new(
        algorithm: Algorithm,
        limits: &'l Limits,
        deadline: Option<Instant>,
        max: Option<u64>,
        progress: &'l Progress,
    ) -> Self {
        Counter {
            algorithm,
            limits,
            deadline,
            max,
            count: 0,
            stats: Stats::default(),
            halted: None,
            progress,
        }
    }

    /// Without limits or a maximum, the jobs of [`Counter::count_from`]
    /// run on every core; with them, one after another so they stop cleanly.
    pub(super) fn parallel(&self) -> bool {
        self.max.is_none() && self.limits.nodes.is_none() && self.deadline.is_none()
    }

    /// Adds `weight` times the tours from `start`; false once stopped.
    pub(super) fn count_from(
        &mut self,
        board: &Board,
        start: Square,
        closed: bool,
        weight: u64,
    ) -> bool {
        self.count_through(board, start, closed, None, weight)
    }

    /// Adds `weight` times the open tours from `start` that end on `end`;
    /// false once stopped.
    pub(super) fn count_between(
        &mut self,
        board: &Board,
        start: Square,
        end: Square,
        weight: u64,
    ) -> bool {
        self.count_through(board, start, false, Some(end), weight)
    }

    fn count_through(
        &mut self,
        board: &Board,
        start: Square,
        closed: bool,
        end: Option<Square>,
        weight: u64,
    ) -> bool {
        let prefixes = first_moves_to(board, start, end);
        let end = end.map(|e| board.index(e));
        if self.parallel() {
            self.run_on_all(board, &prefixes, closed, end, weight);
            return true;
        }
        for (prefix, size) in prefixes {
            if !self.run(board, &prefix, closed, end, weight * size) {
                return false;
            }
        }
        true
    }

    /// Counts the tours through `prefixes` on every core.
    pub(super) fn run_parallel(
        &mut self,
        board: &Board,
        prefixes: &[(Vec<u32>, u64)],
        closed: bool,
        weight: u64,
    ) {
        self.run_on_all(board, prefixes, closed, None, weight);
    }

    fn run_on_all(
        &mut self,
        board: &Board,
        prefixes: &[(Vec<u32>, u64)],
        closed: bool,
        end: Option<u32>,
        weight: u64,
    ) {
        let prune = self.algorithm != Algorithm::Backtrack;
        let goal = (closed, end);
        let (count, stats) = count_parallel(board, prefixes, goal, prune, weight, self.progress);
        self.count += count;
        self.stats.add(&stats);
        if self.progress.cancel.load(Ordering::Relaxed) {
            self.halted = Some(Halt::Stopped);
        }
    }

    fn run(
        &mut self,
        board: &Board,
        prefix: &[u32],
        closed: bool,
        end: Option<u32>,
        weight: u64,
    ) -> bool {
        let prune = self.algorithm != Algorithm::Backtrack;
        let mut search = searching(board, prefix, (closed, end), prune);
        self.limits
            .apply(&mut search, self.stats.nodes, self.deadline);
        let mut tally = Tally {
            base: self.count,
            weight,
            max: self.max.unwrap_or(u64::MAX),
            cancel: &self.progress.cancel,
            live: Some(&self.progress.tours),
            pending: 0,
        };
        let halt = search.run(&mut tally);
        tally.flush();
        self.stats.add(&search.stats);
        self.count += weight * search.stats.tours;
        let p = self.progress;
        p.total.fetch_add(1, Ordering::Relaxed);
        p.done.fetch_add(1, Ordering::Relaxed);
        if halt != Halt::Exhausted {
            self.halted = Some(halt);
            return false;
        }
        true
    }

    /// The total, with theory's proof when it gave one before the count.
    pub(super) fn finish(self, proof: Option<NoTour>, started: Instant) -> Total {
        let reached = self.max.is_some_and(|m| self.count >= m);
        let outcome = match (self.halted, proof) {
            (_, Some(proof)) => Outcome::NoTour(proof),
            (None | Some(Halt::Exhausted), None) => Outcome::Counted,
            (Some(Halt::NodeLimit), None) => Outcome::Stopped(Limit::Nodes),
            (Some(Halt::TimeLimit), None) => Outcome::Stopped(Limit::Time),
            (Some(Halt::Stopped), None) if reached => Outcome::Reached,
            (Some(Halt::Stopped), None) => Outcome::Cancelled,
        };
        let mut stats = self.stats;
        stats.elapsed = started.elapsed();
        let count = match self.max {
            Some(m) => self.count.min(m),
            None => self.count,
        } as u128;
        Total {
            count,
            outcome,
            stats,
            method: Method::Enumeration,
        }
    }
}

/// The start's first moves, one per orbit of the symmetries fixing the
/// start: (prefix, orbit size). A one-square board has just the start.
pub(super) fn first_moves(board: &Board, start: Square) -> Vec<(Vec<u32>, u64)> {
    first_moves_to(board, start, None)
}

/// [`first_moves`] of the tours that end on `end`, if given: the
/// symmetries fix it too, and no first move lands on it (unless the
/// board is the two squares: then the start alone).
fn first_moves_to(board: &Board, start: Square, end: Option<Square>) -> Vec<(Vec<u32>, u64)> {
    let s = board.index(start);
    let (rows, cols) = (board.rows(), board.cols());
    if board.free_count() == 1 || board.free_count() == 2 && end.is_some() {
        return vec![(vec![s], 1)];
    }
    let fixing: Vec<_> = board
        .symmetries()
        .into_iter()
        .filter(|g| g.apply(start, rows, cols) == start)
        .filter(|g| end.is_none_or(|e| g.apply(e, rows, cols) == e))
        .collect();
    orbits(
        board,
        board.neighbours(start).filter(|&n| Some(n) != end),
        &fixing,
    )
    .into_iter()
    .map(|(first, size)| (vec![s, board.index(first)], size))
    .collect()
}

/// A search for the tours through `prefix` of the `goal`: closed or not,
/// and the end if chosen.
fn searching<'b>(
    board: &'b Board,
    prefix: &[u32],
    (closed, end): (bool, Option<u32>),
    prune: bool,
) -> Search<'b> {
    let mut search = Search::new(board, prefix, closed, Order::Fixed, prune);
    if let Some(e) = end {
        search.end_on(e);
    }
    search
}

/// How many squares deep the tree is cut into jobs for the cores: the jobs
/// are very uneven, so make many.
const SPLIT_DEPTH: usize = 5;

/// Counts the tours through `prefixes` (each with its weight, times
/// `weight`) on every core: each prefix is extended, legally, to
/// [`SPLIT_DEPTH`] squares, and each extension is one job.
fn count_parallel(
    board: &Board,
    prefixes: &[(Vec<u32>, u64)],
    goal: (bool, Option<u32>),
    prune: bool,
    weight: u64,
    progress: &Progress,
) -> (u64, Stats) {
    use rayon::prelude::*;
    let depth = SPLIT_DEPTH.min(board.free_count());
    let mut jobs: Vec<(Vec<u32>, u64)> = Vec::new();
    for (p, w) in prefixes {
        extend(board, p.clone(), depth, goal.1, &mut |q| {
            jobs.push((q, w * weight))
        });
    }
    progress
        .total
        .fetch_add(jobs.len() as u64, Ordering::Relaxed);
    jobs.par_iter()
        .map(|(prefix, w)| {
            // Cancelled: the jobs not begun are let go (each would set up
            // a search of the whole board first: 10000x10000 took 10.8 s
            // to stop; the development machine, 2026-11-27).
            if progress.cancel.load(Ordering::Relaxed) {
                return (0, Stats::default());
            }
            let mut search = searching(board, prefix, goal, prune);
            // The tours reach the watcher as they are found (a job of a big
            // board may run for ever), a batch at a time.
            let mut tally = Tally {
                base: 0,
                weight: *w,
                max: u64::MAX,
                cancel: &progress.cancel,
                live: Some(&progress.tours),
                pending: 0,
            };
            search.run(&mut tally);
            tally.flush();
            let tours = w * search.stats.tours;
            progress.done.fetch_add(1, Ordering::Relaxed);
            (tours, search.stats)
        })
        .reduce(
            || (0, Stats::default()),
            |(a, mut sa), (b, sb)| {
                sa.add(&sb);
                (a + b, sa)
            },
        )
}

/// Calls `out` with every legal extension of `path` to `depth` squares
/// (or `path` itself when it is that long or cannot go on), none onto the
/// chosen last square `end`.
fn extend(
    board: &Board,
    path: Vec<u32>,
    depth: usize,
    end: Option<u32>,
    out: &mut dyn FnMut(Vec<u32>),
) {
    if path.len() >= depth {
        out(path);
        return;
    }
    let last = board.square(*path.last().expect("a prefix has a start"));
    let next: Vec<u32> = board
        .neighbours(last)
        .map(|n| board.index(n))
        .filter(|i| !path.contains(i) && Some(*i) != end)
        .collect();
    if next.is_empty() {
        out(path);
        return;
    }
    for n in next {
        let mut p = path.clone();
        p.push(n);
        extend(board, p, depth, end, out);
    }
}

mod tally;
use tally::Tally;
