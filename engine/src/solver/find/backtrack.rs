//! Plain backtracking: depth-first search trying the eight moves in the fixed
//! textbook order, with no ordering and no pruning. The baseline the seed
//! coursework starts from, kept so users can compare (it is exponential: an
//! 8x8 corner start runs for a very long time).

use super::search::Monitor;
use super::solve_fixed_order;
use crate::solver::{Algorithm, Options, Problem, Solution};

pub fn solve<M: Monitor>(problem: &Problem, options: &Options, monitor: &mut M) -> Solution {
    solve_fixed_order(problem, options, monitor, false, Algorithm::Backtrack)
}
