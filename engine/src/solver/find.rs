//! Find a tour: one room for every way to one. Theory answers first
//! ([`crate::theory`], whose [`Facts`] about the board the search then
//! uses); then the algorithm asked for searches or builds:
//! `backtrack` (plain depth-first search), `warnsdorff` (with restarts,
//! rotated attempts, cycle `merge`s and 2-factor `prune`s), enumeration
//! (the search with pruning, in fixed order), [`construct`] (with the
//! `strip`'s exact programme on narrow boards), and [`finish`] for a
//! hand-played game. The depth-first engine they share is `search`
//! ([`super::Search`], [`super::Monitor`]).

pub(crate) mod backtrack;
pub mod construct;
mod finish;
pub mod magic;
pub(crate) mod merge;
pub(crate) mod prune;
mod rotate;
pub(crate) mod search;
pub(crate) mod strip;
pub(crate) mod warnsdorff;

use std::time::Instant;

use crate::theory::{Argument, Facts, NoTour, Searched};

use super::{Algorithm, Flow, Limit, Options, Problem, Solution, Stats, Verdict};
use search::{Halt, Monitor, Search};

pub use finish::finish;

/// Finds up to `options.tours` tours. Theory answers first; then the
/// algorithm searches.
///
/// ```
/// use knight_engine::board::{Board, Square};
/// use knight_engine::solver::{self, Options, Problem, Tours, Verdict};
/// use knight_engine::theory::Argument;
///
/// let board = Board::new(5, 5, &[]).unwrap();
/// let corner = Problem::new(Tours::open(board.clone()), Square::new(0, 0)).unwrap();
/// let found = solver::solve(&corner, &Options::default());
/// assert_eq!((found.verdict, found.tours[0].len()), (Verdict::Found, 25));
///
/// // From a dark square of 5x5 there is none, and the proof says why.
/// let dark = Problem::new(Tours::open(board.clone()), Square::new(0, 1)).unwrap();
/// let Verdict::NoTour(proof) = solver::solve(&dark, &Options::default()).verdict else {
///     panic!("5x5 has no open tour from a dark square");
/// };
/// assert!(matches!(proof.argument, Argument::Colour { .. }));
/// assert_eq!(proof.squares, [Square::new(0, 1)]);
/// ```
pub fn solve(problem: &Problem, options: &Options) -> Solution {
    let facts = Facts::new(problem.board());
    solve_with(problem, &facts, options, &mut NoMonitor)
}

/// A monitor that watches nothing.
pub struct NoMonitor;
impl Monitor for NoMonitor {
    fn looks_every(&self) -> Option<u64> {
        None
    }
    fn looks_at_backs(&self) -> bool {
        false
    }
    fn on_tour(&mut self, _: &Search) -> Flow {
        Flow::Continue
    }
}

/// [`solve`], reporting to `monitor` as it goes. `facts` is what theory
/// has worked out about the problem's board (made once for a board whose
/// starts are solved one after another): theory asks it first, and the
/// search merges cycles and prunes on its graph.
pub fn solve_with<M: Monitor>(
    problem: &Problem,
    facts: &Facts,
    options: &Options,
    monitor: &mut M,
) -> Solution {
    debug_assert!(facts.board() == problem.board(), "facts of another board");
    let started = Instant::now();
    let algorithm = options.algorithm.for_solve(problem.board(), options.tours);
    let mut sol = match problem.check(facts) {
        Err(no) => Solution {
            tours: Vec::new(),
            verdict: Verdict::NoTour(no),
            stats: Stats::default(),
            algorithm,
        },
        Ok(()) => match algorithm {
            // The construction chooses its own last square; the strip's
            // programme ends where it is asked.
            Algorithm::Construct => match problem.end() {
                None => construct::solve(problem, facts, options, monitor),
                Some(_) => strip::solve(problem, options, monitor),
            }
            .unwrap_or_else(|| warnsdorff::solve(problem, facts, options, monitor)),
            Algorithm::Backtrack => backtrack::solve(problem, options, monitor),
            Algorithm::Enumerate => {
                solve_fixed_order(problem, options, monitor, true, Algorithm::Enumerate)
            }
            Algorithm::Warnsdorff | Algorithm::Auto => {
                warnsdorff::solve(problem, facts, options, monitor)
            }
        },
    };
    sol.stats.elapsed = started.elapsed();
    sol
}

/// Collects tours for the caller's monitor until it has enough (or hands
/// each to it, when it takes them).
struct Collect<'m, M> {
    inner: &'m mut M,
    want: usize,
    found: usize,
    tours: Vec<Vec<u32>>,
}

impl<M: Monitor> Monitor for Collect<'_, M> {
    search::watch_as_inner!();
    fn on_tour(&mut self, s: &Search) -> Flow {
        self.found += 1;
        let inner = if self.inner.takes_tours() {
            let mut stats = s.stats;
            stats.elapsed = s.elapsed();
            self.inner.take_tour(&s.tour(), &stats)
        } else {
            self.tours.push(s.tour());
            self.inner.on_tour(s)
        };
        if self.found >= self.want || inner == Flow::Stop {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }
}

/// Runs one search to the end and turns its halt into a [`Solution`].
fn run_collect<M: Monitor>(
    mut search: Search,
    problem: &Problem,
    options: &Options,
    monitor: &mut M,
    algorithm: Algorithm,
) -> Solution {
    options
        .limits
        .apply(&mut search, 0, options.limits.deadline());
    let mut collect = Collect {
        inner: monitor,
        want: options.tours.max(1),
        found: 0,
        tours: Vec::new(),
    };
    let halt = search.run(&mut collect);
    let (tours, found) = (collect.tours, collect.found);
    let verdict = verdict_of(halt, found > 0, problem, &search.stats);
    Solution {
        tours,
        verdict,
        stats: search.stats,
        algorithm,
    }
}

/// Depth-first search in move order from the start, with or without pruning.
fn solve_fixed_order<M: Monitor>(
    problem: &Problem,
    options: &Options,
    monitor: &mut M,
    prune: bool,
    algorithm: Algorithm,
) -> Solution {
    let prefix = [problem.start_index()];
    let mut search = search_for(problem, &prefix, search::Order::Fixed, prune);
    search.set_move_order(options.moves);
    run_collect(search, problem, options, monitor, algorithm)
}

/// A search for `problem`'s tours that continue `prefix`: closed, open,
/// or ending on the chosen square.
fn search_for<'b>(
    problem: &'b Problem,
    prefix: &[u32],
    order: search::Order,
    prune: bool,
) -> Search<'b> {
    let mut search = Search::new(problem.board(), prefix, problem.closed(), order, prune);
    if let Some(end) = problem.end_index() {
        search.end_on(end);
    }
    search
}

fn verdict_of(halt: Halt, found: bool, problem: &Problem, stats: &Stats) -> Verdict {
    if found {
        return Verdict::Found;
    }
    match halt {
        Halt::Exhausted => Verdict::NoTour(exhausted(problem, stats)),
        Halt::NodeLimit => Verdict::Undecided(Limit::Nodes),
        Halt::TimeLimit => Verdict::Undecided(Limit::Time),
        Halt::Stopped => Verdict::Cancelled,
    }
}

fn exhausted(problem: &Problem, stats: &Stats) -> NoTour {
    let searched = Searched::Every {
        closed: problem.closed(),
        start: problem.start(),
        end: problem.end(),
        board: problem.board().outline(),
        nodes: stats.nodes,
    };
    NoTour::new(
        Argument::Search(searched),
        [problem.start()].into_iter().chain(problem.end()).collect(),
    )
}
