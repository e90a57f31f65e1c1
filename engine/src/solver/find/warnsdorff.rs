//! Warnsdorff's rule (1823) made complete: go to the free square with the
//! fewest onward moves, break ties by a named rule, prune dead ends, and back
//! up when stuck.
//!
//! Backtracking alone can fall into a huge subtree when the rule errs early
//! on a big board, so a search that outgrows its node budget starts again
//! with another tie-break and move order, and twice the budget. Every attempt is
//! a complete search of the same tree in another order, so an attempt that
//! finishes within its budget without a tour proves there is none, and the
//! doubling bounds the wasted work by the size of the last attempt.

use std::time::Instant;

use super::merge::Merged;
use super::prune::{Settled, Settling};
use super::search::{Halt, Monitor, Order, Search};
use super::{exhausted, run_collect, search_for};
use crate::solver::{Algorithm, Limit, Options, Problem, Solution, Stats, TieBreak, Verdict};
use crate::theory::{self, Facts};

/// Nodes the first attempt may use, per free square, before a restart.
const BUDGET_PER_SQUARE: u64 = 4;
const BUDGET_MIN: u64 = 2_000;
/// Turns an attempt by turns (see [`super::rotate`]) may take, per free
/// square, for other pieces and surfaces than the knight on the plane.
const TURNS_PER_SQUARE: u64 = 8;
/// A start the heuristics have not toured after `SETTLE_AFTER` attempts
/// is settled by 2-factor pruning (see [`super::prune`]) on boards
/// of at most `SETTLE_SQUARES` free squares, and again each time the
/// attempts double: each time with as many nodes as the search has taken
/// so far (at least `SETTLE_MIN` a square), so the exact answer gets half
/// the time. A round of pruning counts as a node a square (it works on
/// every move of the board once or a few times). The ends settled stay
/// settled: each call goes on with those left.
const SETTLE_AFTER: u64 = 6;
const SETTLE_SQUARES: usize = 1024;
const SETTLE_MIN: u64 = 100;
/// Exchanges an attempt by merging cycles (see [`super::merge`])
/// may make within cycles when it is stuck.
const MERGE_BUDGET: u64 = 2_000;

/// Finds a tour of `problem`; `facts` is what theory worked out about its
/// board (the graph the cycles are merged and pruned on).
pub fn solve<M: Monitor>(
    problem: &Problem,
    facts: &Facts,
    options: &Options,
    monitor: &mut M,
) -> Solution {
    solve_from(problem, facts, &[problem.start_index()], options, monitor)
}

/// Like [`solve`], continuing the legal path `prefix` (which starts at the
/// problem's start): every tour found begins with it.
pub fn solve_from<M: Monitor>(
    problem: &Problem,
    facts: &Facts,
    prefix: &[u32],
    options: &Options,
    monitor: &mut M,
) -> Solution {
    let board = problem.board();
    let start = prefix;
    if options.tours > 1 {
        // Several distinct tours: one search that goes on after each tour.
        let order = Order::Warnsdorff(options.tie_break, 0);
        let mut search = search_for(problem, start, order, true);
        search.set_move_order(options.moves);
        return run_collect(search, problem, options, monitor, Algorithm::Warnsdorff);
    }
    let deadline = options.limits.deadline();
    let began = Instant::now();
    let mut total = Stats::default();
    let first_budget = (board.free_count() as u64 * BUDGET_PER_SQUARE).max(BUDGET_MIN);
    let mut budget = first_budget;
    // Other leapers and surfaces: the rule errs far more often (a zebra's
    // tour of 14x14 was not found in 16 doubling attempts; figures:
    // docs/benchmarks.md, "Other leapers and surfaces"), and many short
    // attempts with random ties find one where a few long ones do not.
    let luby_restarts = !board.geometry().is_knight_plane();
    // The other ways between the complete attempts, made at the first.
    let mut others = OtherWays::default();
    let mut attempt: u64 = 0;
    loop {
        // (They know nothing of a chosen last square.)
        if luby_restarts && attempt > 0 && prefix.len() == 1 && problem.end().is_none() {
            let at = Attempt {
                problem,
                facts,
                options,
                attempt,
                deadline,
                began,
            };
            if let Some(solution) = others.try_all(&at, prefix[0], monitor, &mut total) {
                return solution;
            }
        }
        let order = if attempt == 0 {
            Order::Warnsdorff(options.tie_break, 0)
        } else if luby_restarts && attempt % 2 == 1 {
            Order::Warnsdorff(TieBreak::Random, attempt)
        } else {
            // Structured tie-breaks with another move order each time:
            // random ones fail near the end far more often (measured on the
            // closed sweep 6..64).
            let ties = [TieBreak::Fixed, TieBreak::Roth, TieBreak::Lookahead];
            Order::Warnsdorff(ties[attempt as usize % 3], attempt)
        };
        let mut search = search_for(problem, start, order, true);
        search.set_move_order(options.moves);
        let mut user_limit = u64::MAX;
        if let Some(n) = options.limits.nodes {
            user_limit = n.saturating_sub(total.nodes).max(1);
        }
        search.set_node_limit(budget.min(user_limit));
        search.set_deadline(deadline);
        let mut first = FirstOf {
            inner: monitor,
            tour: None,
        };
        let halt = search.run(&mut first);
        total.add(&search.stats);
        let verdict = match halt {
            _ if first.tour.is_some() => Some(Verdict::Found),
            Halt::Exhausted => Some(Verdict::NoTour(exhausted(problem, &total))),
            Halt::TimeLimit => Some(Verdict::Undecided(Limit::Time)),
            Halt::NodeLimit if user_limit <= budget => Some(Verdict::Undecided(Limit::Nodes)),
            Halt::Stopped => Some(Verdict::Cancelled),
            Halt::NodeLimit => None,
        };
        if let Some(verdict) = verdict {
            total.elapsed = began.elapsed();
            return Solution {
                tours: first.tour.into_iter().collect(),
                verdict,
                stats: total,
                algorithm: Algorithm::Warnsdorff,
            };
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            total.elapsed = began.elapsed();
            return Solution {
                tours: Vec::new(),
                verdict: Verdict::Undecided(Limit::Time),
                stats: total,
                algorithm: Algorithm::Warnsdorff,
            };
        }
        attempt += 1;
        total.restarts += 1;
        budget = if luby_restarts {
            first_budget.saturating_mul(luby(attempt + 1))
        } else {
            budget.saturating_mul(2)
        };
    }
}

/// What the other ways between complete attempts need to know of the
/// attempt: the problem, what theory knows of its board, the options,
/// which attempt, and the clock.
struct Attempt<'p, 'b> {
    problem: &'p Problem,
    facts: &'p Facts<'b>,
    options: &'p Options,
    attempt: u64,
    deadline: Option<Instant>,
    began: Instant,
}

impl Attempt<'_, '_> {
    /// The search's answer with the stats so far.
    fn answer(&self, total: &mut Stats, tours: Vec<Vec<u32>>, verdict: Verdict) -> Solution {
        total.elapsed = self.began.elapsed();
        Solution {
            tours,
            verdict,
            stats: *total,
            algorithm: Algorithm::Warnsdorff,
        }
    }
}

/// The ways to a tour (or a proof of none) tried between the complete
/// attempts on other leapers and surfaces: a quick attempt by turns, one by
/// merging the cycles of a 2-factor, and now and then the pruning that
/// settles a start. Their tables are made at the first use.
#[derive(Default)]
struct OtherWays {
    /// The moves as lists, for the attempts by turns.
    rotations: Option<super::rotate::Rotations>,
    settling: Settling,
    /// The rounds of pruning its calls have taken (counted as nodes).
    settled: u64,
}

impl OtherWays {
    /// An answer from one of the other ways from `start`, if one gives it.
    fn try_all<M: Monitor>(
        &mut self,
        at: &Attempt,
        start: u32,
        monitor: &mut M,
        total: &mut Stats,
    ) -> Option<Solution> {
        let (board, closed, attempt) = (at.problem.board(), at.problem.closed(), at.attempt);
        // Whether work outside a search (turns, pruning) may go on.
        let deadline = at.deadline;
        let going = |m: &M| !m.cancelled() && deadline.is_none_or(|d| Instant::now() < d);
        let turns = board.free_count() as u64 * TURNS_PER_SQUARE;
        let rotations = self
            .rotations
            .get_or_insert_with(|| super::rotate::Rotations::new(board));
        let mut go_on = || going(monitor);
        let mut found = rotations.tour(start, closed, turns, attempt, &mut go_on);
        if found.is_none() && !go_on() {
            let verdict = if monitor.cancelled() {
                Verdict::Cancelled
            } else {
                Verdict::Undecided(Limit::Time)
            };
            return Some(at.answer(total, Vec::new(), verdict));
        }
        if found.is_none()
            && let Some(factors) = at.facts.factors()
        {
            // Then one by merging the cycles of a 2-factor, which also
            // proves there is none when no 2-factor can be a tour.
            match factors.tour(start, closed, attempt, MERGE_BUDGET) {
                Merged::Tour(path) => found = Some(path),
                Merged::NoTour(crowd) => {
                    let proof = theory::crowd_proof(board, &crowd, closed);
                    return Some(at.answer(total, Vec::new(), Verdict::NoTour(proof)));
                }
                Merged::GaveUp => {}
            }
        }
        if found.is_none()
            && attempt.is_multiple_of(SETTLE_AFTER)
            && (attempt / SETTLE_AFTER).is_power_of_two()
            && board.free_count() <= SETTLE_SQUARES
            && let Some(factors) = at.facts.factors()
        {
            // The heuristics keep failing: perhaps there is no tour.
            let per_round = board.free_count() as u64;
            let mut nodes = total.nodes.max(SETTLE_MIN * per_round);
            if let Some(n) = at.options.limits.nodes {
                nodes = nodes.min(n.saturating_sub(total.nodes));
            }
            let mut go_on = || going(monitor);
            match factors.settle_more(
                &mut self.settling,
                start,
                closed,
                nodes / per_round,
                &mut go_on,
            ) {
                Settled::Tour { path, rounds } => {
                    total.nodes += rounds * per_round;
                    found = Some(path);
                }
                Settled::None { ends, rounds } => {
                    // The earlier calls' rounds are counted already.
                    total.nodes += (rounds - self.settled) * per_round;
                    let proof =
                        theory::settled_proof(board, at.problem.start(), closed, ends, rounds);
                    return Some(at.answer(total, Vec::new(), Verdict::NoTour(proof)));
                }
                Settled::Unknown { rounds } => {
                    total.nodes += rounds * per_round;
                    self.settled += rounds;
                }
            }
        }
        let path = found?;
        total.nodes += path.len() as u64;
        total.max_depth = total.max_depth.max(path.len());
        total.tours += 1;
        Some(at.answer(total, vec![path], Verdict::Found))
    }
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, … (Luby, Sinclair and
/// Zuckerman 1993, "Optimal speedup of Las Vegas algorithms"): many short
/// attempts, and now and then a longer one, each length twice the last
/// before it comes; every length comes again and again, so an attempt
/// long enough to finish the search always comes.
fn luby(i: u64) -> u64 {
    let mut i = i.max(1);
    loop {
        // The k with 2^(k-1) <= i < 2^k.
        let k = 64 - i.leading_zeros();
        if i == (1u64 << k) - 1 {
            return 1u64 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

/// Keeps the first tour and stops; passes nodes on.
struct FirstOf<'m, M> {
    inner: &'m mut M,
    tour: Option<Vec<u32>>,
}

impl<M: Monitor> Monitor for FirstOf<'_, M> {
    super::search::watch_as_inner!();
    fn on_tour(&mut self, s: &Search) -> crate::solver::Flow {
        self.tour = Some(s.tour());
        self.inner.on_tour(s);
        crate::solver::Flow::Stop
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_luby_sequence() {
        let got: Vec<u64> = (1..=15).map(super::luby).collect();
        assert_eq!(got, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
