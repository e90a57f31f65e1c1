//! The solvers, behind one small interface: a [`Problem`] and [`Options`] in,
//! tours and statistics out, a [`Monitor`] watching (and able to stop) the
//! search as it runs. The terminal app drives the same interface from its
//! own thread through [`spawn`], which turns it into a stream of [`Event`]s
//! steered by a [`Control`] handle.
//!
//! One room a question: [`find`] finds a tour ([`solve`] is its door),
//! [`count`] says how many (its request, [`count::Count`]). This file
//! keeps the words both use; count builds on find's search, never the
//! other way.
//!
//! Algorithms: `backtrack` (plain depth-first search in the textbook move
//! order, no pruning: the baseline), `warnsdorff` (fewest onward moves first,
//! a named tie-break, dead-end pruning and restarts, so it never gives up on a
//! board that has a tour), `enumerate` (every tour, with pruning and exact
//! symmetry), `construct` (linear time: divide and conquer on full boards
//! with both sides at least 5, dynamic programming along strips at most 4
//! wide, which also proves "no tour" there; searching elsewhere), and `auto`
//! (construct on strips and from 100x100 on, warnsdorff below, to find;
//! enumerate to count).

pub mod count;
pub mod find;
mod live;
pub mod memory;
mod problem;
mod states;

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use find::{construct, strip};

use crate::board::Board;
use crate::words::UnknownName;

pub use find::search::{Halt, Monitor, Search};
pub use find::{NoMonitor, finish, solve, solve_with};
pub use live::{
    Control, Crash, Event, Job, Panicked, Report, Snapshot, Speed, Unbuilt, panic_message, spawn,
};
pub use problem::{Kind, Problem, Tours};

/// What a monitor tells the search after a node or a tour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Go on searching.
    Continue,
    /// Stop the search now.
    Stop,
}

/// How a search looks for tours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Algorithm {
    /// Plain depth-first search in the move order, with no pruning.
    Backtrack,
    /// Warnsdorff's rule: fewest onward moves first, ties broken by [`TieBreak`].
    Warnsdorff,
    /// Depth-first search in the move order with dead-end pruning: every tour in turn.
    Enumerate,
    /// Built from block tours, or the strip's programme on narrow boards.
    Construct,
    /// Picked by the board: see [`Algorithm::for_solve`].
    #[default]
    Auto,
}

impl Algorithm {
    /// Every algorithm, in the order help and the settings panel list them:
    /// names, parsing and the panel's cycle all come from this list.
    pub const ALL: [Algorithm; 5] = [
        Algorithm::Auto,
        Algorithm::Warnsdorff,
        Algorithm::Backtrack,
        Algorithm::Enumerate,
        Algorithm::Construct,
    ];

    /// The algorithm's name, as the command line takes it.
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Backtrack => "backtrack",
            Algorithm::Warnsdorff => "warnsdorff",
            Algorithm::Enumerate => "enumerate",
            Algorithm::Construct => "construct",
            Algorithm::Auto => "auto",
        }
    }

    /// The next in [`Algorithm::ALL`], round.
    pub fn next(self) -> Algorithm {
        next_of(&Self::ALL, self)
    }

    /// The algorithm that finds `tours` tours on `board` when this one is
    /// asked for: `auto` constructs on strips (a side of at most
    /// `strip::MAX_WIDTH`, where a search can take exponential time) and
    /// from [`AUTO_CONSTRUCT_SQUARES`] on, and uses warnsdorff elsewhere;
    /// `construct` falls back to warnsdorff where it does not apply (blocked
    /// squares on a board with both sides 5 or more, several tours).
    pub fn for_solve(self, board: &Board, tours: usize) -> Algorithm {
        let builds = construct::applies(board, tours);
        match self {
            Algorithm::Construct if builds => Algorithm::Construct,
            Algorithm::Auto
                if builds && (strip::applies(board) || board.len() >= AUTO_CONSTRUCT_SQUARES) =>
            {
                Algorithm::Construct
            }
            Algorithm::Auto | Algorithm::Construct => Algorithm::Warnsdorff,
            a => a,
        }
    }
}

impl FromStr for Algorithm {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, UnknownName> {
        by_name(&Self::ALL, Algorithm::name, s, "algorithm")
    }
}

/// The item of `all` after `x`, round.
fn next_of<T: Copy + PartialEq>(all: &[T], x: T) -> T {
    let i = all.iter().position(|&a| a == x).unwrap_or(0);
    all[(i + 1) % all.len()]
}

/// The item of `all` called `s`, or a one-line refusal listing the names.
fn by_name<T: Copy>(
    all: &[T],
    name: fn(T) -> &'static str,
    s: &str,
    what: &'static str,
) -> Result<T, UnknownName> {
    all.iter().copied().find(|&x| name(x) == s).ok_or_else(|| {
        let names: Vec<&str> = all.iter().map(|&x| name(x)).collect();
        UnknownName::new(what, s, &names, "")
    })
}

impl fmt::Display for Algorithm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How Warnsdorff's rule breaks ties between squares with equally few
/// onward moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum TieBreak {
    /// Farthest from the centre first (Roth), then move order.
    #[default]
    Roth,
    /// Move order alone (the first of the tied moves).
    Fixed,
    /// Fewest onward moves one level deeper first (after Pohl 1967).
    Lookahead,
    /// A seeded random order.
    Random,
}

impl TieBreak {
    /// Every tie-break, listed once: names, parsing and the settings
    /// panel's cycle come from here.
    pub const ALL: [TieBreak; 4] = [
        TieBreak::Roth,
        TieBreak::Fixed,
        TieBreak::Lookahead,
        TieBreak::Random,
    ];

    /// The tie-break's name, as the command line takes it.
    pub fn name(self) -> &'static str {
        match self {
            TieBreak::Roth => "roth",
            TieBreak::Fixed => "fixed",
            TieBreak::Lookahead => "lookahead",
            TieBreak::Random => "random",
        }
    }

    /// The next in [`TieBreak::ALL`], round.
    pub fn next(self) -> TieBreak {
        next_of(&Self::ALL, self)
    }
}

impl FromStr for TieBreak {
    type Err = UnknownName;
    fn from_str(s: &str) -> Result<Self, UnknownName> {
        by_name(&Self::ALL, TieBreak::name, s, "tie-break")
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Search statistics: plain counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Squares placed on the path (the start included).
    pub nodes: u64,
    /// Squares taken back off the path.
    pub backtracks: u64,
    /// The longest path so far.
    pub max_depth: usize,
    /// Complete tours met.
    pub tours: u64,
    /// Warnsdorff restarts with a new tie-break order.
    pub restarts: u32,
    /// Time the search took.
    pub elapsed: Duration,
}

impl Stats {
    /// The nodes and the time, as a tour file's `meta` keeps them.
    pub fn work(&self) -> (u64, Duration) {
        (self.nodes, self.elapsed)
    }

    fn add(&mut self, o: &Stats) {
        self.nodes += o.nodes;
        self.backtracks += o.backtracks;
        self.max_depth = self.max_depth.max(o.max_depth);
        self.tours += o.tours;
        self.restarts += o.restarts;
    }
}

/// Limits that stop a search early.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many nodes.
    pub nodes: Option<u64>,
    /// Stop after this long.
    pub time: Option<Duration>,
}

impl Limits {
    fn apply(&self, search: &mut Search, used_nodes: u64, deadline: Option<Instant>) {
        if let Some(n) = self.nodes {
            search.set_node_limit(n.saturating_sub(used_nodes).max(1));
        }
        search.set_deadline(deadline);
    }
    fn deadline(&self) -> Option<Instant> {
        // A deadline past what the clock holds is no deadline.
        self.time.and_then(|t| Instant::now().checked_add(t))
    }
}

/// How a search for tours came out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// At least one tour was found.
    Found,
    /// Proven: theory's argument, or a search that tried every path.
    NoTour(crate::theory::NoTour),
    /// A limit stopped the search before it decided.
    Undecided(Limit),
    /// The caller cancelled the search.
    Cancelled,
}

/// What stopped a search or count before it decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The node limit ([`Limits::nodes`]).
    Nodes,
    /// The time limit ([`Limits::time`]).
    Time,
    /// A count past the largest number it holds (2^128 - 1).
    Counter,
    /// A count over the frontier that would need more memory than the
    /// machine has.
    Memory,
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Limit::Nodes => "node limit",
            Limit::Time => "time limit",
            Limit::Counter => "128-bit counter",
            Limit::Memory => "memory bound",
        })
    }
}

/// Options of a search.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// The algorithm asked for.
    pub algorithm: Algorithm,
    /// How Warnsdorff's rule breaks ties.
    pub tie_break: TieBreak,
    /// Limits that stop the search early.
    pub limits: Limits,
    /// How many distinct tours to find (at least 1).
    pub tours: usize,
    /// The order the eight moves are tried in: by plain backtracking, and
    /// by Warnsdorff among moves with equal onward counts (`fixed`).
    pub moves: MoveOrder,
}

/// An order of the eight knight moves: a permutation of
/// [`crate::board::MOVES`] (whose own order is the default), made only
/// from one ([`MoveOrder::new`], or parsed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveOrder([u8; 8]);

impl Default for MoveOrder {
    fn default() -> Self {
        MoveOrder([0, 1, 2, 3, 4, 5, 6, 7])
    }
}

impl MoveOrder {
    /// Orders with a name, the default first: clockwise from 2,1 (the
    /// order of [`crate::board::MOVES`]), a coursework solver's (see
    /// `assets/textbook-8x8.txt`), and counter-clockwise from 2,1.
    pub const NAMED: [(&'static str, MoveOrder); 3] = [
        ("clockwise", MoveOrder([0, 1, 2, 3, 4, 5, 6, 7])),
        ("textbook", MoveOrder([0, 4, 3, 5, 2, 6, 1, 7])),
        ("counter-clockwise", MoveOrder([0, 7, 6, 5, 4, 3, 2, 1])),
    ];

    /// The order that tries move `order[i]` of [`crate::board::MOVES`]
    /// `i`th: refused unless each of 0 to 7 is there once.
    pub fn new(order: [u8; 8]) -> Result<MoveOrder, MoveOrderError> {
        let mut seen = [false; 8];
        for &k in &order {
            match seen.get_mut(k as usize) {
                Some(s) if !*s => *s = true,
                _ => return Err(MoveOrderError::NotAPermutation(order)),
            }
        }
        Ok(MoveOrder(order))
    }

    /// The indices into [`crate::board::MOVES`], in the order tried.
    pub fn indices(&self) -> [u8; 8] {
        self.0
    }

    /// Whether this is the default order.
    pub fn is_default(&self) -> bool {
        *self == MoveOrder::default()
    }

    /// The name of a named order.
    pub fn name(&self) -> Option<&'static str> {
        Self::NAMED.iter().find(|(_, o)| o == self).map(|(n, _)| *n)
    }

    /// The next named order (the first after any other).
    pub fn next(self) -> MoveOrder {
        let i = Self::NAMED.iter().position(|(_, o)| *o == self);
        Self::NAMED[i.map_or(0, |i| (i + 1) % Self::NAMED.len())].1
    }
}

impl fmt::Display for MoveOrder {
    /// `2,1;1,2;…`: the moves as `dr,dc`, in order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &k) in self.0.iter().enumerate() {
            let (dr, dc) = crate::board::MOVES[k as usize];
            write!(f, "{}{dr},{dc}", if i > 0 { ";" } else { "" })?;
        }
        Ok(())
    }
}

impl FromStr for MoveOrder {
    type Err = MoveOrderError;
    /// Eight `dr,dc` pairs separated by `;`, each knight move exactly
    /// once, or the name of a named order (`textbook`).
    fn from_str(text: &str) -> Result<Self, MoveOrderError> {
        if let Some((_, order)) = Self::NAMED.iter().find(|(n, _)| *n == text.trim()) {
            return Ok(*order);
        }
        let mut order = Vec::with_capacity(8);
        for part in text.split(';').map(str::trim).filter(|p| !p.is_empty()) {
            let pair = part.split_once(',').and_then(|(a, b)| {
                Some((a.trim().parse::<i32>().ok()?, b.trim().parse::<i32>().ok()?))
            });
            let Some((dr, dc)) = pair else {
                return Err(MoveOrderError::NotAPair(crate::words::clip(part)));
            };
            let Some(k) = crate::board::MOVES.iter().position(|&m| m == (dr, dc)) else {
                return Err(MoveOrderError::NotAMove(dr, dc));
            };
            if order.contains(&(k as u8)) {
                return Err(MoveOrderError::Twice(dr, dc));
            }
            order.push(k as u8);
        }
        let order: [u8; 8] = order
            .try_into()
            .map_err(|v: Vec<u8>| MoveOrderError::NotEight { got: v.len() })?;
        Ok(MoveOrder(order))
    }
}

/// Text that is not a move order.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveOrderError {
    /// A part of the text is not a pair `dr,dc`.
    #[error("'{0}' is not a move dr,dc (e.g. 2,1)")]
    NotAPair(String),
    /// The pair is not one of the eight knight moves.
    #[error("{0},{1} is not a knight move")]
    NotAMove(i32, i32),
    /// A move is named twice.
    #[error("the move {0},{1} is given twice")]
    Twice(i32, i32),
    #[error(
        "a move order names all eight knight moves once, e.g. {} (got {got})",
        MoveOrder::default()
    )]
    /// `got` moves, not eight.
    #[allow(missing_docs)]
    NotEight { got: usize },
    /// Indices that are not each of 0 to 7 once.
    #[error("{0:?} is not an order of the eight moves: each of 0 to 7 once")]
    NotAPermutation([u8; 8]),
}

/// Tours found (square indices in visit order) and how the search ended.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The tours found, each the square indices in visit order.
    pub tours: Vec<Vec<u32>>,
    /// How the search ended.
    pub verdict: Verdict,
    /// What the search did.
    pub stats: Stats,
    /// The algorithm that ran (never `auto`).
    pub algorithm: Algorithm,
}

/// From this many squares on, `auto` builds tours by construction (on the
/// boards it applies to) instead of searching: at 100x100 it is some twenty
/// times quicker than Warnsdorff's rule, and a board that big is no longer
/// worth watching square by square (figures: docs/benchmarks.md,
/// "Construction and huge boards").
pub const AUTO_CONSTRUCT_SQUARES: usize = 100 * 100;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_paths;
