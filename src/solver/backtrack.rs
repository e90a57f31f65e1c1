//! Plain backtracking: depth-first search trying the eight moves in the fixed
//! textbook order, with no ordering and no pruning. The baseline the seed
//! coursework starts from, kept so users can compare (it is exponential: an
//! 8x8 corner start runs for a very long time).

use super::search::{Monitor, Order, Search};
use super::{Algorithm, Options, Problem, Solution, run_collect};

pub fn solve<M: Monitor>(problem: &Problem, options: &Options, monitor: &mut M) -> Solution {
    let search = Search::new(
        problem.board,
        &[problem.start_index()],
        problem.closed,
        Order::Fixed,
        false,
    );
    run_collect(search, problem, options, monitor, Algorithm::Backtrack)
}
