//! How many tours: one room in front of the three ways to count them.
//! Enumeration (every tour, depth-first with the dead-end pruning of
//! `find::search`, in `count/enumerate.rs`), the strip's dynamic
//! programme (`super::find::strip`, on boards at most
//! `strip::MAX_WIDTH` wide) and the frontier (`count/frontier.rs`), picked by
//! the board, the algorithm asked for and the limits.
//!
//! Symmetry: a symmetry of the board that keeps its blocked squares blocked
//! maps tours onto tours. For the sum over all starts, starts of one orbit
//! have equally many tours; a table counts one square of each orbit.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use crate::board::{Board, Square};
use crate::theory;

use super::find::strip;
use super::{Algorithm, Limit, Limits, Problem, Stats, Tours};

// Public for the benches (`frontier::{count, census, Budget}`) and the
// command line (`MAX_WIDTH`); a library user counts with [`Count`].
mod failure;
#[doc(hidden)]
pub mod frontier;
mod notice;
mod total;
use frontier::Ends;
#[cfg(feature = "cluster")]
pub use frontier::spread::{Checkpoints, Cluster, FolderRefusal, Spread, is_worker_thread};

/// Where a count's workers run. Built without the `cluster` feature no
/// count is spread: this type has no value, so `Count::spread` is `None`.
#[cfg(not(feature = "cluster"))]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Spread {}
pub use failure::{Cause, Doing, Failure, Mismatch, TimelySaid, WorkerFault};
pub use notice::{Notice, Notices};
pub use total::{Method, Outcome, Total};

/// Which tours a [`Count`] counts: a checked question, either way.
#[derive(Clone, Copy, Debug)]
pub enum Question<'a> {
    /// The problem's tours from its start.
    From(&'a Problem),
    /// The tours from every free square, summed (to the chosen end, if
    /// one is).
    All(&'a Tours),
}

impl<'a> Question<'a> {
    /// The tours asked for.
    pub fn tours(self) -> &'a Tours {
        match self {
            Question::From(p) => p.tours(),
            Question::All(t) => t,
        }
    }

    /// The one start, unless the count is over all of them.
    pub fn start(self) -> Option<Square> {
        match self {
            Question::From(p) => Some(p.start()),
            Question::All(_) => None,
        }
    }
}

/// A question of how many tours, and the one way to ask it: which tours
/// (a checked [`Question`]: from one start or from all of them); by which
/// algorithm (`auto` picks the strip, the frontier or enumeration;
/// `backtrack` enumerates without pruning, the slow baseline; every other
/// algorithm enumerates with pruning); within which limits and up to which
/// maximum; reporting as it goes to a [`Progress`] (read from another
/// thread). [`Count::run`] answers it, [`Count::table`] answers it for
/// each start.
///
/// Tours are directed: a tour and its reverse from the other end are
/// different tours; a closed tour is counted once for each direction (and
/// from each of its squares, over all starts).
#[derive(Clone, Copy, Debug)]
pub struct Count<'a> {
    /// The tours counted: from one start, or over all starts.
    pub question: Question<'a>,
    /// The algorithm asked for: `backtrack` counts without pruning.
    pub algorithm: Algorithm,
    /// Limits that stop the count early.
    pub limits: Limits,
    /// Stops the count once it is reached.
    pub max: Option<u64>,
    /// Where the count reports how far it has come, for another thread.
    pub progress: Option<&'a Progress>,
    /// Over the frontier on timely workers (this process's, or a
    /// cluster's) instead of this process alone: the frontier is then
    /// taken wherever it applies.
    pub spread: Option<&'a Spread>,
}

impl<'a> Count<'a> {
    /// The tours of `problem` from its start, by `auto`, without limits.
    pub fn from_start(problem: &'a Problem) -> Count<'a> {
        Count {
            question: Question::From(problem),
            ..Count::all_starts(problem.tours())
        }
    }

    /// The tours from every start, by `auto`, without limits.
    pub fn all_starts(tours: &'a Tours) -> Count<'a> {
        Count {
            question: Question::All(tours),
            algorithm: Algorithm::Auto,
            limits: Limits::default(),
            max: None,
            progress: None,
            spread: None,
        }
    }

    fn board(&self) -> &'a Board {
        self.question.tours().board()
    }

    fn closed(&self) -> bool {
        self.question.tours().is_closed()
    }

    /// Counts.
    ///
    /// ```
    /// use knight_engine::board::{Board, Square};
    /// use knight_engine::solver::{Problem, Tours};
    /// use knight_engine::solver::count::{Count, Outcome};
    ///
    /// let five = Tours::open(Board::new(5, 5, &[]).unwrap());
    /// let all = Count::all_starts(&five).run();
    /// assert_eq!((all.count, all.outcome), (1728, Outcome::Counted));
    ///
    /// // Stopped at a maximum: at least that many.
    /// let corner = Problem::new(five, Square::new(0, 0)).unwrap();
    /// let some = Count { max: Some(10), ..Count::from_start(&corner) }.run();
    /// assert_eq!((some.count, some.outcome), (10, Outcome::Reached));
    /// ```
    pub fn run(&self) -> Total {
        let quiet = Progress::default();
        let progress = self.progress.unwrap_or(&quiet);
        let facts = theory::Facts::new(self.board());
        match self.question {
            Question::From(problem) => count_one(problem, &facts, self, progress),
            Question::All(tours) => match tours.end() {
                // Read backwards, the tours from every start to the end
                // are the open tours from the end.
                Some(end) => {
                    let from_end = Problem::new(tours.clone().without_end(), end)
                        .expect("a chosen end is a free square");
                    Count {
                        question: Question::From(&from_end),
                        ..*self
                    }
                    .run()
                }
                None => count_all(&facts, self, progress),
            },
        }
    }

    /// The tours from each square of the board (`None` for blocked
    /// squares), each counted as [`Count::run`] counts from one start (the
    /// request's starts and maximum aside); squares that a symmetry of the
    /// board maps onto each other are counted once. With an end, the tours
    /// from each square to it (`None` for the end itself). The limits hold
    /// for the whole table. `Err` is the first count that stopped.
    pub fn table(&self) -> Result<(Vec<Option<u128>>, Stats), Box<Total>> {
        let quiet = Progress::default();
        let progress = self.progress.unwrap_or(&quiet);
        match self.question.tours().end() {
            // Read backwards: the tours from the end to each square.
            Some(end) => between::table(self, end, progress),
            None => table(self, progress),
        }
    }

    /// The tours from the start to each square of the board: a table by
    /// last square (`None` for blocked squares and the start). The limits
    /// hold for the whole table. `Err` is the first count that stopped.
    pub fn table_of_ends(&self) -> Result<(Vec<Option<u128>>, Stats), Box<Total>> {
        let quiet = Progress::default();
        let from = match self.question {
            Question::From(p) => p.start(),
            Question::All(t) => t.board().free_squares().next().unwrap_or(Square::new(0, 0)),
        };
        between::table(self, from, self.progress.unwrap_or(&quiet))
    }

    /// Whether [`Count::run`] counts by enumeration, tour by tour (its time
    /// then grows with the tours), rather than by the strip or the frontier
    /// (whose time grows with the states, not the tours).
    pub fn enumerates(&self) -> bool {
        let ends = match (self.question.start(), self.question.tours().end()) {
            _ if self.closed() => Ends::Closed,
            (Some(start), Some(end)) => Ends::Between(start, end),
            (None, Some(end)) | (Some(end), None) => Ends::From(end),
            (None, None) => Ends::Any,
        };
        let all = self.question.start().is_none();
        !by_strip(self.board(), self.algorithm)
            && !by_frontier(
                self.board(),
                self.algorithm,
                ends,
                all,
                self.max,
                self.spread,
            )
    }
}

/// The tours from `problem.start` (to its end, when chosen), with what
/// theory knows of the board, counted as `how` asks (its algorithm,
/// limits, maximum and workers; its board and starts are `problem`'s).
fn count_one(problem: &Problem, facts: &theory::Facts, how: &Count, progress: &Progress) -> Total {
    let Count {
        algorithm,
        max,
        spread,
        ..
    } = *how;
    let limits = &how.limits;
    let started = Instant::now();
    let deadline = limits.deadline();
    let mut c = Counter::new(algorithm, limits, deadline, max, progress);
    if let Err(no) = problem.check(facts) {
        return c.finish(Some(no), started);
    }
    let (board, start) = (problem.board(), problem.start());
    if by_strip(board, algorithm) {
        let n = match problem.end() {
            Some(end) => strip::count_between(board, start, end),
            None => strip::count(board, start, problem.closed()),
        };
        return strip_count(n, max, started);
    }
    let ends = match problem.end() {
        _ if problem.closed() => Ends::Closed,
        Some(end) => Ends::Between(start, end),
        None => Ends::From(start),
    };
    if by_frontier(problem.board(), algorithm, ends, false, max, spread) {
        let budget = frontier_budget(limits, deadline);
        let n = over_frontier(problem.board(), ends, &budget, progress, spread);
        // A closed tour is read from the start both ways.
        let factor = if problem.closed() { 2 } else { 1 };
        return frontier_count(n, factor, max, started, progress);
    }
    match problem.end() {
        Some(end) => c.count_between(board, start, end, 1),
        None => c.count_from(board, start, problem.closed(), 1),
    };
    c.finish(None, started)
}

/// Whether a count goes over the frontier (exact; time and memory grow
/// with the states at the widest point, not with the tours): `auto` on
/// boards `strip::MAX_WIDTH` + 1 to [`frontier::MAX_WIDTH`] wide, from
/// [`FRONTIER_SQUARES`] free squares on, and for closed tours over all
/// starts always. Below, enumeration is as quick or quicker: about even on
/// 6x6 closed from a corner, some five times quicker on 6x6 open over all
/// starts (figures: docs/benchmarks.md, "The engine"); but the frontier is
/// over ten times quicker on 5x8 closed from a corner, 6x7 closed and
/// closed tours over all starts of 6x6 (the development machine,
/// 2026-11-24 and 2026-11-25).
///
/// Boards 8 wide (closed tours only) take the frontier long: minutes.
/// There, with `max` given, enumeration stops sooner.
fn by_frontier(
    board: &Board,
    algorithm: Algorithm,
    ends: Ends,
    all_starts: bool,
    max: Option<u64>,
    spread: Option<&Spread>,
) -> bool {
    if spread.is_some() {
        return frontier::spreads(board, ends);
    }
    let narrow = board.rows().min(board.cols()) <= frontier::NARROW;
    algorithm == Algorithm::Auto
        && !strip::applies(board)
        && frontier::applies(board, ends)
        && (board.free_count() >= FRONTIER_SQUARES || ends == Ends::Closed && all_starts)
        && (narrow || max.is_none())
}

/// A count over the frontier: on the spread's workers, or in this process.
fn over_frontier(
    board: &Board,
    ends: Ends,
    budget: &frontier::Budget,
    progress: &Progress,
    spread: Option<&Spread>,
) -> Result<frontier::Counted, frontier::Stop> {
    match spread {
        #[cfg(feature = "cluster")]
        Some(s) => frontier::spread::count(board, ends, s, budget, progress),
        #[cfg(not(feature = "cluster"))]
        Some(s) => match *s {},
        None => frontier::count(board, ends, budget, progress),
    }
}

/// Free squares from which `auto` counts over the frontier.
const FRONTIER_SQUARES: usize = 40;

/// The frontier's budget: the limits, and nine tenths of the memory this
/// machine has free.
fn frontier_budget(limits: &Limits, deadline: Option<Instant>) -> frontier::Budget {
    frontier::Budget {
        bytes: crate::solver::memory::available().map_or(u64::MAX, |b| b / 10 * 9),
        expansions: limits.nodes,
        deadline,
    }
}

/// A count over the frontier, times `factor`, cut to `max`.
fn frontier_count(
    n: Result<frontier::Counted, frontier::Stop>,
    factor: u128,
    max: Option<u64>,
    started: Instant,
    progress: &Progress,
) -> Total {
    use frontier::Stop;
    let squares = progress.total.load(Ordering::Relaxed);
    let outcome = match n {
        Ok(c) => {
            let mut count = strip_count(c.tours.checked_mul(factor), max, started);
            count.stats.nodes = c.expansions;
            count.method = Method::Frontier {
                states: c.peak,
                done: squares,
                squares,
                bytes: 0,
            };
            return count;
        }
        Err(Stop::Overflow) => return strip_count(None, max, started),
        Err(Stop::Memory {
            bytes,
            states,
            at,
            of,
        }) => {
            let mut count = stopped(Outcome::Stopped(Limit::Memory), started);
            count.method = Method::Frontier {
                states,
                done: at,
                squares: of,
                bytes,
            };
            return count;
        }
        Err(Stop::Expansions) => Outcome::Stopped(Limit::Nodes),
        Err(Stop::Deadline) => Outcome::Stopped(Limit::Time),
        Err(Stop::Cancelled) => Outcome::Cancelled,
        Err(Stop::Workers(fault)) => {
            return stopped(Outcome::Failed(Failure::Workers(fault)), started);
        }
        Err(Stop::Refused(why)) => return stopped(Outcome::Failed(Failure::Refused(why)), started),
    };
    let mut count = stopped(outcome, started);
    count.stats.nodes = progress.expanded.load(Ordering::Relaxed);
    count.method = Method::Frontier {
        states: progress.states.load(Ordering::Relaxed),
        done: progress.done.load(Ordering::Relaxed),
        squares,
        bytes: 0,
    };
    count
}

/// A count stopped before its end, with no tours to show for it.
fn stopped(outcome: Outcome, started: Instant) -> Total {
    Total {
        count: 0,
        outcome,
        stats: Stats {
            elapsed: started.elapsed(),
            ..Stats::default()
        },
        method: Method::default(),
    }
}

/// Whether a count goes along the strip (exact, linear in the length)
/// instead of enumerating: `auto` and `construct` on boards at most
/// `strip::MAX_WIDTH` wide.
fn by_strip(board: &Board, algorithm: Algorithm) -> bool {
    matches!(algorithm, Algorithm::Auto | Algorithm::Construct) && strip::applies(board)
}

/// A count along the strip, cut to `max`.
fn strip_count(n: Option<u128>, max: Option<u64>, started: Instant) -> Total {
    let stats = Stats {
        elapsed: started.elapsed(),
        ..Stats::default()
    };
    let Some(n) = n else {
        // Past 2^128 - 1: a maximum is still reached.
        return Total {
            count: max.map_or(0, u128::from),
            outcome: match max {
                Some(_) => Outcome::Reached,
                None => Outcome::Stopped(Limit::Counter),
            },
            stats,
            method: Method::Strip,
        };
    };
    let over = max.is_some_and(|m| n > m as u128);
    Total {
        count: max.map_or(n, |m| n.min(m as u128)),
        outcome: if over {
            Outcome::Reached
        } else {
            Outcome::Counted
        },
        stats: Stats {
            tours: u64::try_from(n).unwrap_or(u64::MAX),
            ..stats
        },
        method: Method::Strip,
    }
}

/// The sum of the tours from every start of the board `facts` are about,
/// counted as `how` asks.
fn count_all(facts: &theory::Facts, how: &Count, progress: &Progress) -> Total {
    let Count {
        algorithm,
        max,
        spread,
        ..
    } = *how;
    let closed = how.closed();
    let limits = &how.limits;
    let board = facts.board();
    let started = Instant::now();
    let deadline = limits.deadline();
    let mut c = Counter::new(algorithm, limits, deadline, max, progress);
    if let Err(no) = facts.check(None, closed) {
        return c.finish(Some(no), started);
    }
    let syms = board.symmetries();
    let starts: Vec<(Square, u64)> = orbits(board, board.free_squares(), &syms)
        .into_iter()
        .filter(|&(s, _)| facts.check(Some(s), closed).is_ok())
        .collect();
    if by_strip(board, algorithm) {
        let n = if closed {
            // Every closed tour passes every square: as many from each.
            starts.first().map_or(Some(0), |&(s, _)| {
                strip::count(board, s, true).and_then(|n| n.checked_mul(board.free_count() as u128))
            })
        } else {
            strip::count_starts(board, &starts, false)
        };
        return strip_count(n, max, started);
    }
    let ends = if closed { Ends::Closed } else { Ends::Any };
    if by_frontier(board, algorithm, ends, true, max, spread) {
        let factor = if closed {
            // Each closed tour from each square, both ways.
            2 * board.free_count() as u128
        } else {
            // Each open tour from either end (one square: once).
            if board.free_count() == 1 { 1 } else { 2 }
        };
        let budget = frontier_budget(limits, deadline);
        // (A spread count holds only its share of the states.)
        if spread.is_none()
            && frontier::known_need(board, ends).is_some_and(|need| need > budget.bytes)
        {
            // One pass would not fit: start by start, each square of an
            // orbit counted once (from one start the states are fewer).
            let mut sum = frontier::Counted {
                tours: 0,
                expansions: 0,
                peak: 0,
            };
            progress
                .starts
                .store(starts.len() as u64, Ordering::Relaxed);
            for (k, &(s, size)) in starts.iter().enumerate() {
                progress.start.store(k as u64 + 1, Ordering::Relaxed);
                match frontier::count(board, Ends::From(s), &budget, progress) {
                    Ok(c) => {
                        sum.tours = sum
                            .tours
                            .saturating_add(c.tours.saturating_mul(size as u128));
                        sum.expansions += c.expansions;
                        sum.peak = sum.peak.max(c.peak);
                    }
                    Err(stop) => return frontier_count(Err(stop), 1, max, started, progress),
                }
            }
            let n = if sum.tours == u128::MAX {
                Err(frontier::Stop::Overflow)
            } else {
                Ok(sum)
            };
            return frontier_count(n, 1, max, started, progress);
        }
        let n = over_frontier(board, ends, &budget, progress, spread);
        return frontier_count(n, factor, max, started, progress);
    }
    if c.parallel() {
        // One batch of jobs over every start: the cores stay busy to the end.
        let prefixes: Vec<(Vec<u32>, u64)> = starts
            .iter()
            .flat_map(|&(s, size)| {
                first_moves(board, s)
                    .into_iter()
                    .map(move |(p, w)| (p, w * size))
            })
            .collect();
        c.run_parallel(board, &prefixes, closed, 1);
    } else {
        for (start, size) in starts {
            if !c.count_from(board, start, closed, size) {
                break;
            }
        }
    }
    c.finish(None, started)
}

/// [`Count::table`], reporting to `progress`.
fn table(request: &Count, progress: &Progress) -> Result<(Vec<Option<u128>>, Stats), Box<Total>> {
    let (board, closed) = (request.board(), request.closed());
    let started = Instant::now();
    let deadline = request.limits.deadline();
    let syms = board.symmetries();
    let facts = theory::Facts::new(board);
    let mut table: Vec<Option<u128>> = vec![None; board.len()];
    let mut stats = Stats::default();
    let starts = if closed {
        1
    } else {
        orbits(board, board.free_squares(), &syms).len()
    };
    progress.starts.store(starts as u64, Ordering::Relaxed);
    for sq in board.free_squares() {
        if table[board.index(sq) as usize].is_some() {
            continue;
        }
        progress.start.fetch_add(1, Ordering::Relaxed);
        let problem = Problem::new(Tours::closed_if(board.clone(), closed), sq)
            .expect("a free square is a start");
        let count = table_entry(request, &problem, &facts, &mut stats, deadline, progress)?;
        if closed {
            // A closed tour passes every square: as many from each.
            for other in board.free_squares() {
                table[board.index(other) as usize] = Some(count);
            }
            break;
        }
        for g in &syms {
            let image = g.apply(sq, board.rows(), board.cols());
            table[board.index(image) as usize] = Some(count);
        }
    }
    stats.elapsed = started.elapsed();
    Ok((table, stats))
}

/// One count of a table, `problem`'s, within what is left of the
/// request's limits (the nodes `spent` so far, the deadline); its nodes
/// are added to `spent`. `Err` is the count, stopped.
fn table_entry(
    request: &Count,
    problem: &Problem,
    facts: &theory::Facts,
    spent: &mut Stats,
    deadline: Option<Instant>,
    progress: &Progress,
) -> Result<u128, Box<Total>> {
    let left = Limits {
        nodes: request
            .limits
            .nodes
            .map(|n| n.saturating_sub(spent.nodes).max(1)),
        time: deadline.map(|d| d.saturating_duration_since(Instant::now())),
    };
    let how = Count {
        limits: left,
        max: None,
        ..*request
    };
    let c = count_one(problem, facts, &how, progress);
    if !c.complete() {
        return Err(Box::new(c));
    }
    spent.nodes += c.stats.nodes;
    Ok(c.count)
}

/// How far a count has come, for a progress bar on another thread.
#[derive(Debug, Default)]
pub struct Progress {
    /// Jobs (subtrees) finished, and known so far.
    pub done: AtomicU64,
    /// Jobs known so far (squares, over the frontier).
    pub total: AtomicU64,
    /// Tours counted so far (with their symmetry weights).
    pub tours: AtomicU64,
    /// A count over the frontier: `done` and `total` are squares, and this
    /// is how many states the last square left (zero otherwise).
    pub states: AtomicU64,
    /// A count over the frontier: states taken from one square to the
    /// next so far.
    pub expanded: AtomicU64,
    /// A count taken start by start (a table, or a frontier count too big
    /// for one pass): the start under way (from 1), and how many in all
    /// (zero otherwise).
    pub start: AtomicU64,
    /// How many starts in all, for a count taken start by start.
    pub starts: AtomicU64,
    /// Set by the watcher to stop the count (it then ends incomplete).
    pub cancel: AtomicBool,
    /// What the count has to say as it goes, for the caller to say.
    pub notices: Notices,
}

/// Groups squares into orbits under `syms`: (smallest square, orbit size).
fn orbits(
    board: &Board,
    squares: impl Iterator<Item = Square>,
    syms: &[crate::board::Symmetry],
) -> Vec<(Square, u64)> {
    let mut out: Vec<(Square, u64)> = Vec::new();
    for sq in squares {
        let images: Vec<Square> = syms
            .iter()
            .map(|g| g.apply(sq, board.rows(), board.cols()))
            .collect();
        let rep = *images.iter().min().expect("the identity is a symmetry");
        if rep == sq {
            let mut distinct = images;
            distinct.sort();
            distinct.dedup();
            out.push((sq, distinct.len() as u64));
        }
    }
    out
}

mod between;
mod enumerate;
use enumerate::{Counter, first_moves};
