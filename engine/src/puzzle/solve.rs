//! Solving a puzzle: every numbering that honours the clues, counted up to
//! a cap by an exhaustive search, so that "exactly one" is proved.
//!
//! The search numbers the steps in order. A clue's step can only go on its
//! square, and a clue's square takes no other step. A square is tried for
//! step k only if the next clue is within reach in the steps left (knight
//! distance), and a move is undone at once if it leaves a square beside
//! the last one with no way in and out, or two squares that could only be
//! the tour's end.

use std::fmt::{self, Write as _};
use std::time::{Duration, Instant};

use super::graph::{FAR, Graph};
use super::logic::{Logic, Stuck, deduce};
use super::{Clue, Puzzle};
use crate::solver::Limits;
use crate::theory::{self, NoTour};

/// What a puzzle's clues allow.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Completions {
    /// Exactly one numbering: the square (board index) of each step.
    Unique(Vec<u32>),
    /// None, and why.
    None(NoSolution),
    /// At least two: two of them.
    Several(Vec<u32>, Vec<u32>),
    /// A limit stopped the search before it could tell.
    Undecided(Stopped),
}

/// Why no numbering honours the clues.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoSolution {
    /// The board has no tour at all (from the first clue's square when
    /// step 1 is a clue).
    NoTour(NoTour),
    /// Two clues further apart, in knight moves, than their steps allow.
    TooFar {
        /// The clue of the earlier step.
        first: Clue,
        /// The clue of the later step.
        second: Clue,
        /// The knight distance between their squares (None: no path).
        moves: Option<u32>,
    },
    /// The first and last steps are clues that a closed tour must join
    /// with one move, and they are not a move apart.
    #[allow(missing_docs)]
    NotClosed { first: Clue, last: Clue },
    /// Reasoning alone shows a step or a square can have no place.
    Stuck(Stuck),
    /// Every numbering was tried, in `nodes` positions.
    #[allow(missing_docs)]
    Searched { nodes: u64 },
}

impl NoSolution {
    /// The squares the reason is about, in the order its line names them.
    pub fn squares(&self) -> Vec<crate::board::Square> {
        match self {
            NoSolution::NoTour(no) => no.squares.clone(),
            NoSolution::TooFar { first, second, .. } => vec![first.square, second.square],
            NoSolution::NotClosed { first, last } => vec![last.square, first.square],
            NoSolution::Stuck(Stuck::Square(sq)) => vec![*sq],
            NoSolution::Stuck(Stuck::Step(_)) | NoSolution::Searched { .. } => Vec::new(),
        }
    }
}

impl fmt::Display for NoSolution {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words(|_| true))
    }
}

impl NoSolution {
    /// The reason in words, calling a step a clue only where `is_clue`
    /// says so: on a sheet, a number written by hand is `12 on c3`.
    pub fn words(&self, is_clue: impl Fn(&Clue) -> bool) -> String {
        let name = |c: &Clue| {
            if is_clue(c) {
                c.to_string()
            } else {
                format!("{} on {}", c.step, c.square)
            }
        };
        let mut out = String::new();
        let f = &mut out;
        let _ = match self {
            NoSolution::NoTour(no) => write!(f, "{no}"),
            NoSolution::TooFar {
                first,
                second,
                moves,
            } => {
                let gap = second.step - first.step;
                let (first, second) = (name(first), name(second));
                match moves {
                    Some(m) => write!(
                        f,
                        "{first} and {second} are {m} knight moves apart, and {gap} steps cannot join them"
                    ),
                    None => write!(
                        f,
                        "{first} and {second} are not joined by knight moves, and {gap} steps cannot join them"
                    ),
                }
            }
            NoSolution::NotClosed { first, last } => write!(
                f,
                "a closed tour needs {} a knight's move from {}",
                name(last),
                name(first)
            ),
            NoSolution::Stuck(Stuck::Step(k)) => write!(
                f,
                "step {k} has no square left that the steps around it can reach"
            ),
            NoSolution::Stuck(Stuck::Square(sq)) => {
                write!(f, "no step can reach {sq} from the steps around it")
            }
            NoSolution::Searched { nodes } => write!(
                f,
                "no numbering honours every clue (every one tried: {} positions)",
                crate::words::thousands(*nodes)
            ),
        };
        out
    }
}

impl fmt::Display for Cutoff {
    /// `the node limit of 1,000,000`, `the time limit of 2 s`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cutoff::Nodes(n) => write!(f, "the node limit of {}", crate::words::thousands(*n)),
            Cutoff::Time(t) => write!(f, "the time limit of {}", crate::words::duration(*t)),
        }
    }
}

/// The limit that stopped a search, and its work so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped {
    /// Positions tried before the limit.
    pub nodes: u64,
    /// The limit.
    pub by: Cutoff,
}

/// The limit that stopped a puzzle's search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cutoff {
    /// The node limit, in positions tried.
    Nodes(u64),
    /// The time limit.
    Time(Duration),
}

/// A count of completions, up to a cap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Numberings {
    /// The completions found, at most the cap.
    pub solutions: Vec<Vec<u32>>,
    /// How many positions the search tried.
    pub nodes: u64,
    /// Set when a limit stopped the search first.
    pub stopped: Option<Cutoff>,
}

/// Whether the puzzle has exactly one completion (a count to 2).
///
/// ```
/// use knight_engine::puzzle::{self, Difficulty, Completions, Request};
/// use knight_engine::solver::Limits;
///
/// let request = Request { rows: 6, cols: 6, closed: false, difficulty: Difficulty::Easy, seed: 7 };
/// let made = puzzle::make(&request).unwrap();
/// let solved = puzzle::solve(&made.puzzle, &Limits::default());
/// assert_eq!(solved, Completions::Unique(made.solution.clone()));
/// ```
pub fn solve(puzzle: &Puzzle, limits: &Limits) -> Completions {
    solve_with(&Logic::new(puzzle), puzzle, limits)
}

/// [`solve`] with the board's [`Logic`] worked out already.
pub fn solve_with(logic: &Logic, puzzle: &Puzzle, limits: &Limits) -> Completions {
    if let Some(why) = ruled_out(logic, puzzle) {
        return Completions::None(why);
    }
    // Steps logic places hold in every solution: the search starts from
    // them (a puzzle logic solves whole needs no search at all).
    let deduced = match deduce(logic, puzzle) {
        Ok(p) => p,
        Err(stuck) => return Completions::None(NoSolution::Stuck(stuck)),
    };
    let counted = count_with(logic, &deduced, 2, limits);
    let mut found = counted.solutions.into_iter();
    match (found.next(), found.next(), counted.stopped) {
        (Some(a), Some(b), _) => Completions::Several(a, b),
        (_, _, Some(by)) => Completions::Undecided(Stopped {
            nodes: counted.nodes,
            by,
        }),
        (Some(a), None, None) => Completions::Unique(a),
        (None, _, None) => Completions::None(NoSolution::Searched {
            nodes: counted.nodes,
        }),
    }
}

/// The reasons that need no search: the board's theory, and clues too far
/// apart for the steps between them.
fn ruled_out(logic: &Logic, puzzle: &Puzzle) -> Option<NoSolution> {
    let board = puzzle.board();
    let start = puzzle.clue_at(1).map(|i| board.square(i));
    if let Err(no) = theory::check(board, start, puzzle.closed()) {
        return Some(NoSolution::NoTour(no));
    }
    let clues: Vec<Clue> = puzzle.clues().collect();
    for pair in clues.windows(2) {
        let (a, b) = (pair[0], pair[1]);
        let d = logic.distance(board.index(a.square), board.index(b.square));
        if d == FAR || u32::from(d) > b.step - a.step {
            return Some(NoSolution::TooFar {
                first: a,
                second: b,
                moves: (d != FAR).then_some(d.into()),
            });
        }
    }
    let last = puzzle.steps() as u32;
    if let (true, Some(&first), Some(&end)) = (puzzle.closed(), clues.first(), clues.last())
        && first.step == 1
        && end.step == last
        && last > 1
        && !board.is_move(first.square, end.square)
    {
        return Some(NoSolution::NotClosed { first, last: end });
    }
    None
}

/// Up to `cap` completions of the puzzle, by exhaustive search within
/// `limits`.
pub fn count(puzzle: &Puzzle, cap: usize, limits: &Limits) -> Numberings {
    count_with(&Logic::new(puzzle), puzzle, cap, limits)
}

fn count_with(logic: &Logic, puzzle: &Puzzle, cap: usize, limits: &Limits) -> Numberings {
    let mut s = Searcher::new(logic, puzzle, cap, limits);
    s.run();
    Numberings {
        solutions: s.found,
        nodes: s.nodes,
        stopped: s.stopped,
    }
}

const NONE: u32 = u32::MAX;

struct Searcher<'p> {
    puzzle: &'p Puzzle,
    logic: &'p Logic,
    graph: &'p Graph,
    /// For each step, the next clue after it: (its step, its square).
    next_clue: Vec<Option<(u32, u32)>>,
    /// The square of the last step, when it is a clue.
    end: Option<u32>,
    pos: Vec<u32>,
    used: Vec<bool>,
    /// Each square's moves to squares not yet used.
    free_moves: Vec<u8>,
    cap: usize,
    found: Vec<Vec<u32>>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    time_limit: Option<Duration>,
    stopped: Option<Cutoff>,
}

/// The candidates for one step and the next to try.
#[derive(Clone, Copy)]
struct Frame {
    cands: [u32; 8],
    len: u8,
    next: u8,
}

impl<'p> Searcher<'p> {
    fn new(logic: &'p Logic, puzzle: &'p Puzzle, cap: usize, limits: &Limits) -> Self {
        let board = puzzle.board();
        let graph = logic.graph();
        let n = puzzle.steps();
        let mut next_clue = vec![None; n];
        let mut after = None;
        for k in (0..n).rev() {
            next_clue[k] = after;
            if let Some(c) = puzzle.clue_at(k as u32 + 1) {
                after = Some((k as u32, c));
            }
        }
        let free_moves = (0..graph.len() as u32)
            .map(|i| graph.moves(i).len() as u8)
            .collect();
        Searcher {
            puzzle,
            logic,
            end: puzzle.clue_at(n as u32),
            graph,
            next_clue,
            pos: vec![NONE; n],
            used: vec![false; board.len()],
            free_moves,
            cap,
            found: Vec::new(),
            nodes: 0,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            deadline: limits.time.map(|t| Instant::now() + t),
            time_limit: limits.time,
            stopped: None,
        }
    }

    fn done(&self) -> bool {
        self.found.len() >= self.cap || self.stopped.is_some()
    }

    /// Whether square `s` at step `k` leaves the next clue within reach.
    fn reaches(&self, s: u32, k: usize) -> bool {
        match self.next_clue[k] {
            Some((j, c)) => {
                let d = self.logic.distance(c, s);
                d != FAR && u32::from(d) <= j - k as u32
            }
            None => true,
        }
    }

    fn run(&mut self) {
        let n = self.pos.len();
        if n == 0 {
            return;
        }
        let starts: Vec<u32> = match self.puzzle.clue_at(1) {
            Some(c) => vec![c],
            None => (0..self.graph.len() as u32)
                .filter(|&s| {
                    self.puzzle.board().is_free(self.puzzle.board().square(s))
                        && self.puzzle.clue_on(s).is_none()
                        && self.reaches(s, 0)
                })
                .collect(),
        };
        for s in starts {
            if self.done() {
                break;
            }
            self.place(0, s);
            if n == 1 {
                self.found.push(self.pos.clone());
            } else {
                self.onward();
            }
            self.unplace(0);
        }
    }

    fn place(&mut self, k: usize, s: u32) {
        self.pos[k] = s;
        self.used[s as usize] = true;
        for &t in self.graph.moves(s) {
            self.free_moves[t as usize] -= 1;
        }
    }

    fn unplace(&mut self, k: usize) {
        let s = self.pos[k];
        self.pos[k] = NONE;
        self.used[s as usize] = false;
        for &t in self.graph.moves(s) {
            self.free_moves[t as usize] += 1;
        }
    }

    /// The squares step `k` may take, after step `k - 1`.
    fn frame(&self, k: usize) -> Frame {
        let mut f = Frame {
            cands: [0; 8],
            len: 0,
            next: 0,
        };
        let from = self.pos[k - 1];
        if let Some(c) = self.puzzle.clue_at(k as u32 + 1) {
            if self.graph.joined(from, c) {
                f.cands[0] = c;
                f.len = 1;
            }
            return f;
        }
        for &t in self.graph.moves(from) {
            if !self.used[t as usize]
                && self.puzzle.clue_on(t).is_none()
                && self.reaches(t, k)
                && (f.len as usize) < f.cands.len()
            {
                f.cands[f.len as usize] = t;
                f.len += 1;
            }
        }
        f
    }

    /// After step `k` went to `s`: no square beside step `k - 1` is left
    /// with no way in and out, and at most one must be the end.
    fn hopeful(&self, k: usize, s: u32) -> bool {
        let n = self.pos.len();
        if k + 1 == n {
            return !self.puzzle.closed() || self.graph.joined(s, self.pos[0]);
        }
        let prev = self.pos[k - 1];
        let mut ends = 0;
        for &v in self.graph.moves(prev) {
            if self.used[v as usize] {
                continue;
            }
            let links = u32::from(self.free_moves[v as usize]) + u32::from(self.graph.joined(v, s));
            if links == 0 {
                return false;
            }
            if links == 1 {
                // Only the last step can make do with one neighbour.
                ends += 1;
                let not_the_end = self.end.is_some_and(|e| e != v)
                    || self.puzzle.clue_on(v).is_some_and(|j| j as usize != n);
                let open_end = !self.puzzle.closed() || self.graph.joined(v, self.pos[0]);
                if ends > 1 || not_the_end || !open_end {
                    return false;
                }
            }
        }
        true
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.stopped = Some(Cutoff::Nodes(self.node_limit));
            return false;
        }
        if self.nodes.is_multiple_of(4096)
            && let (Some(d), Some(t)) = (self.deadline, self.time_limit)
            && Instant::now() >= d
        {
            self.stopped = Some(Cutoff::Time(t));
            return false;
        }
        true
    }

    /// Every completion from step 0's square, until the cap or a limit.
    fn onward(&mut self) {
        let n = self.pos.len();
        let mut frames = vec![
            Frame {
                cands: [0; 8],
                len: 0,
                next: 0
            };
            n
        ];
        frames[1] = self.frame(1);
        let mut k = 1;
        loop {
            let f = &mut frames[k];
            if f.next == f.len {
                k -= 1;
                if k == 0 {
                    return;
                }
                self.unplace(k);
                continue;
            }
            let s = f.cands[f.next as usize];
            f.next += 1;
            if !self.tick() {
                // Unwind what this search placed, step 0 excepted.
                for j in (1..k).rev() {
                    self.unplace(j);
                }
                return;
            }
            self.place(k, s);
            if !self.hopeful(k, s) {
                self.unplace(k);
                continue;
            }
            if k + 1 == n {
                self.found.push(self.pos.clone());
                self.unplace(k);
                if self.done() {
                    for j in (1..k).rev() {
                        self.unplace(j);
                    }
                    return;
                }
                continue;
            }
            k += 1;
            frames[k] = self.frame(k);
        }
    }
}
