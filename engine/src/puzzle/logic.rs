//! Solving a puzzle by reasoning alone, one deduction at a time, and
//! rating it by the deepest reasoning it needs (see [`Rule`](super::Rule)):
//!
//! - **easy**: forced moves: a missing step beside a numbered one with
//!   one free square a knight's move from its numbered neighbours;
//! - **medium**: knight distances and colours: a step with one square in
//!   reach of the nearest numbers around it, a square one step alone can
//!   reach;
//! - **hard**: chains: the steps between two numbers are a chain of
//!   moves, so each step's squares must join the squares of the steps
//!   beside it; what is left gives a step one square, or a square one step;
//! - **expert**: one step of "if this, then no room for that": every other
//!   square of a step leaves another step no square.
//!
//! Logic never guesses: each deduction holds in every solution, so a
//! puzzle logic fills is proved to have exactly one.

use super::Puzzle;
use super::chain;
use super::graph::{FAR, Graph};
use super::make::Difficulty;
use super::reason::{Deduction, Numbered, Uses, Why};
use crate::board::Square;

/// What reasoning makes of a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rating {
    /// Logic solves it: the deepest level it needed, and how often each
    /// rule served.
    #[allow(missing_docs)]
    Logic { level: Difficulty, uses: Uses },
    /// Logic places `placed` of the `missing` steps; the rest needs trial
    /// and error.
    #[allow(missing_docs)]
    Search { placed: usize, missing: usize },
}

impl Rating {
    /// The level logic solves it at; None when it needs trial and error.
    pub fn level(self) -> Option<Difficulty> {
        match self {
            Rating::Logic { level, .. } => Some(level),
            Rating::Search { .. } => None,
        }
    }

    /// The rating in words, for the output.
    pub fn describe(self) -> String {
        match self {
            Rating::Logic { level, .. } => level.reasoning().into(),
            Rating::Search { placed, missing } => format!(
                "logic alone places {placed} of the {missing} missing steps, the rest needs trial and error"
            ),
        }
    }
}

/// What logic works out about a puzzle's board once: its moves and the
/// knight distance between every two squares.
pub struct Logic {
    cols: u32,
    graph: Graph,
    dist: Vec<Vec<u16>>,
    parity: bool,
    /// Each square's moves as a set of squares: `words` words a square.
    pub(super) moves: Vec<u64>,
    pub(super) words: usize,
}

impl Logic {
    /// The moves and distances of `puzzle`'s board (its clues aside).
    pub fn new(puzzle: &Puzzle) -> Logic {
        let graph = Graph::new(puzzle.board());
        let dist = (0..graph.len() as u32)
            .map(|s| graph.distances(s))
            .collect();
        let words = graph.len().div_ceil(64);
        let mut moves = vec![0u64; graph.len() * words];
        for s in 0..graph.len() {
            for &t in graph.moves(s as u32) {
                moves[s * words + t as usize / 64] |= 1 << (t % 64);
            }
        }
        Logic {
            cols: puzzle.board().cols(),
            graph,
            dist,
            parity: puzzle.board().geometry().is_knight_plane(),
            moves,
            words,
        }
    }

    pub(super) fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The knight distance between two squares (board indices); `FAR`
    /// (`u16::MAX`) when no path of moves joins them.
    pub fn distance(&self, a: u32, b: u32) -> u16 {
        self.dist[a as usize][b as usize]
    }

    /// Whether a knight on square `a` can be on square `b` (board
    /// indices) exactly `steps` moves later: within reach, and on the
    /// colour the moves between lead to.
    pub fn reaches(&self, a: u32, b: u32, steps: u32) -> bool {
        self.fits(self.distance(a, b), steps)
    }

    pub(super) fn square(&self, i: u32) -> Square {
        Square::new(i / self.cols, i % self.cols)
    }

    pub(super) fn graph_index(&self, sq: Square) -> u32 {
        sq.row * self.cols + sq.col
    }

    /// Whether step k may be `d`-away-in-`gap` steps: within reach, and on
    /// the right colour for a piece that changes colour every move.
    pub(super) fn fits(&self, d: u16, gap: u32) -> bool {
        d != FAR && u32::from(d) <= gap && (!self.parity || (gap - u32::from(d)).is_multiple_of(2))
    }
}

/// Why logic found that no numbering can honour the numbers given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stuck {
    /// No square is left for this step (1-based).
    Step(u32),
    /// No step can reach this square.
    Square(Square),
}

/// A solution worked out by reasoning alone.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explained {
    /// Each deduction, in the order made.
    pub deductions: Vec<Deduction>,
    /// What the reasoning makes of the puzzle.
    pub rating: Rating,
}

/// The reasoning `puzzle` needs (see the module's list).
pub fn rate(puzzle: &Puzzle) -> Rating {
    rate_with(&Logic::new(puzzle), puzzle)
}

/// [`rate`] with the board's [`Logic`] worked out already.
pub fn rate_with(logic: &Logic, puzzle: &Puzzle) -> Rating {
    rate_upto(logic, puzzle, Difficulty::Expert)
}

/// [`rate_with`] using the rules up to `upto` alone: a puzzle that needs
/// deeper ones rates as [`Rating::Search`].
pub fn rate_upto(logic: &Logic, puzzle: &Puzzle, upto: Difficulty) -> Rating {
    run(logic, puzzle, upto, |_| {})
}

/// The whole solution as a chain of deductions, simplest rule first at
/// every step; where logic stops short, the deductions so far.
pub fn explain(logic: &Logic, puzzle: &Puzzle) -> Explained {
    let mut deductions = Vec::new();
    let rating = run(logic, puzzle, Difficulty::Expert, |d| {
        deductions.push(d.clone())
    });
    Explained { deductions, rating }
}

/// The next deduction from the numbers of `puzzle` (its clues and any
/// written as clues): by the simplest rule that places a step. `Ok(None)`
/// when logic places nothing more (the board full, or trial and error
/// needed); `Err` when the numbers leave no solution.
pub fn next_deduction(logic: &Logic, puzzle: &Puzzle) -> Result<Option<Deduction>, Stuck> {
    Reasoner::new(logic, puzzle).next(Difficulty::Expert)
}

fn run(
    logic: &Logic,
    puzzle: &Puzzle,
    upto: Difficulty,
    mut each: impl FnMut(&Deduction),
) -> Rating {
    let mut r = Reasoner::new(logic, puzzle);
    let missing = r.missing();
    let mut uses = Uses::default();
    while let Ok(Some(d)) = r.next(upto) {
        uses.add(d.rule());
        each(&d);
        r.place_at(&d);
    }
    if r.missing() == 0 && r.valid() {
        Rating::Logic {
            level: uses.level(),
            uses,
        }
    } else {
        Rating::Search {
            placed: missing - r.missing(),
            missing,
        }
    }
}

/// The puzzle with every step reasoning places (every level's rules) as
/// a clue. Each placement holds in every solution, so the two puzzles
/// have the same solutions; `Err` when logic finds there are none.
pub fn deduce(logic: &Logic, puzzle: &Puzzle) -> Result<Puzzle, Stuck> {
    let mut r = Reasoner::new(logic, puzzle);
    while let Some(d) = r.next(Difficulty::Expert)? {
        r.place_at(&d);
    }
    let placed = r
        .pos
        .iter()
        .enumerate()
        .filter_map(|(k, s)| s.map(|s| (k as u32, s)));
    Ok(puzzle.with_placed(placed))
}

/// A blocked square's mark in `step_of`: it takes no step.
const BLOCKED: u32 = u32::MAX;

/// A puzzle being filled in by logic.
#[derive(Clone)]
pub(super) struct Reasoner<'l> {
    pub(super) logic: &'l Logic,
    pub(super) closed: bool,
    /// The square of each step (0-based), where known.
    pub(super) pos: Vec<Option<u32>>,
    /// The step on each square, where known ([`BLOCKED`] on a blocked one).
    pub(super) step_of: Vec<Option<u32>>,
}

/// A known step `gap` steps away, on square `.1`.
pub(super) type Known = Option<(usize, u32)>;

impl<'l> Reasoner<'l> {
    pub(super) fn new(logic: &'l Logic, puzzle: &Puzzle) -> Self {
        let n = puzzle.steps();
        let mut pos = vec![None; n];
        let mut step_of = vec![None; logic.graph.len()];
        for c in puzzle.clues() {
            let i = puzzle.board().index(c.square);
            pos[c.step as usize - 1] = Some(i);
            step_of[i as usize] = Some(c.step - 1);
        }
        for (i, s) in step_of.iter_mut().enumerate() {
            if !puzzle.board().is_free(puzzle.board().square(i as u32)) {
                *s = Some(BLOCKED);
            }
        }
        Reasoner {
            logic,
            closed: puzzle.closed(),
            pos,
            step_of,
        }
    }

    pub(super) fn missing(&self) -> usize {
        self.pos.iter().filter(|p| p.is_none()).count()
    }

    pub(super) fn is_free(&self, t: u32) -> bool {
        self.step_of[t as usize].is_none()
    }

    pub(super) fn place(&mut self, k: usize, s: u32) {
        self.pos[k] = Some(s);
        self.step_of[s as usize] = Some(k as u32);
    }

    pub(super) fn place_at(&mut self, d: &Deduction) {
        let s = self.logic.graph_index(d.square);
        self.place(d.step as usize - 1, s);
    }

    /// The step before and after `k` (wrapping for a closed tour).
    pub(super) fn before(&self, k: usize) -> Option<usize> {
        match k {
            0 if self.closed => Some(self.pos.len() - 1),
            0 => None,
            _ => Some(k - 1),
        }
    }
    pub(super) fn after(&self, k: usize) -> Option<usize> {
        let n = self.pos.len();
        match k + 1 {
            m if m < n => Some(m),
            _ if self.closed => Some(0),
            _ => None,
        }
    }

    /// Step `k` (0-based) as a number on its square, when known.
    fn numbered(&self, k: usize) -> Option<Numbered> {
        self.pos[k].map(|s| Numbered {
            step: k as u32 + 1,
            square: self.logic.square(s),
        })
    }

    /// The nearest numbers before and after step `k`.
    pub(super) fn around(&self, k: usize) -> (Option<Numbered>, Option<Numbered>) {
        let (back, ahead) = self.known_around(k);
        let n = self.pos.len();
        (
            back.and_then(|(g, _)| self.numbered((k + n - g) % n)),
            ahead.and_then(|(g, _)| self.numbered((k + g) % n)),
        )
    }

    /// Whether the numbering is a tour: each step a move from the last.
    fn valid(&self) -> bool {
        let path: Vec<u32> = self.pos.iter().flatten().copied().collect();
        path.len() == self.pos.len()
            && path.windows(2).all(|w| self.logic.graph.joined(w[0], w[1]))
            && (!self.closed
                || path.len() < 2
                || self.logic.graph.joined(path[path.len() - 1], path[0]))
    }

    /// The next deduction by the simplest rule up to `upto` that places
    /// a step.
    pub(super) fn next(&self, upto: Difficulty) -> Result<Option<Deduction>, Stuck> {
        if self.missing() == 0 {
            return Ok(None);
        }
        if let Some(d) = self.forced()? {
            return Ok(Some(d));
        }
        if upto >= Difficulty::Medium
            && let Some(d) = self.reach()?
        {
            return Ok(Some(d));
        }
        if upto >= Difficulty::Hard {
            let sets = chain::Sets::new(self)?;
            if let Some(d) = sets.single(self)? {
                return Ok(Some(d));
            }
            if upto >= Difficulty::Expert {
                return sets.no_room(self);
            }
        }
        Ok(None)
    }

    /// A missing step beside a numbered one with one free square a move
    /// from its numbered neighbours.
    fn forced(&self) -> Result<Option<Deduction>, Stuck> {
        let g = &self.logic.graph;
        for k in 0..self.pos.len() {
            if self.pos[k].is_some() {
                continue;
            }
            let a = self.before(k).and_then(|j| self.pos[j]);
            let b = self.after(k).and_then(|j| self.pos[j]);
            let Some(near) = a.or(b) else { continue };
            let mut only = None;
            let mut count = 0;
            for &t in g.moves(near) {
                let both = match (a, b) {
                    (Some(_), Some(b)) => g.joined(t, b),
                    _ => true,
                };
                if self.is_free(t) && both {
                    count += 1;
                    only = Some(t);
                }
            }
            match (count, only) {
                (0, _) => return Err(Stuck::Step(k as u32 + 1)),
                (1, Some(t)) => {
                    let before = self.before(k).and_then(|j| self.numbered(j));
                    let after = self.after(k).and_then(|j| self.numbered(j));
                    return Ok(Some(Deduction {
                        step: k as u32 + 1,
                        square: self.logic.square(t),
                        why: Why::Forced { before, after },
                    }));
                }
                _ => {}
            }
        }
        Ok(None)
    }

    /// The nearest known steps before and after `k`, with their squares.
    pub(super) fn known_around(&self, k: usize) -> (Known, Known) {
        let n = self.pos.len();
        let back = (1..n)
            .map_while(|g| if !self.closed && g > k { None } else { Some(g) })
            .find_map(|g| {
                let j = (k + n - g) % n;
                self.pos[j].map(|s| (g, s))
            });
        let ahead = (1..n)
            .map_while(|g| {
                if !self.closed && k + g >= n {
                    None
                } else {
                    Some(g)
                }
            })
            .find_map(|g| {
                let j = (k + g) % n;
                self.pos[j].map(|s| (g, s))
            });
        (back, ahead)
    }

    /// The distance arguments: a step with one square left goes there, a
    /// square one step alone can reach takes it.
    fn reach(&self) -> Result<Option<Deduction>, Stuck> {
        let n = self.pos.len();
        let squares = self.step_of.len();
        // For each free square, the one step that can take it (or MANY).
        const MANY: u32 = u32::MAX - 1;
        let mut taker: Vec<Option<u32>> = vec![None; squares];
        for k in 0..n {
            if self.pos[k].is_some() {
                continue;
            }
            let (back, ahead) = self.known_around(k);
            let mut only = None;
            let mut count = 0;
            for t in 0..squares as u32 {
                if !self.is_free(t) || !self.can_take(t, back, ahead) {
                    continue;
                }
                count += 1;
                only = Some(t);
                taker[t as usize] = match taker[t as usize] {
                    None => Some(k as u32),
                    Some(_) => Some(MANY),
                };
            }
            match (count, only) {
                (0, _) => return Err(Stuck::Step(k as u32 + 1)),
                (1, Some(t)) => {
                    let (before, after) = self.around(k);
                    return Ok(Some(Deduction {
                        step: k as u32 + 1,
                        square: self.logic.square(t),
                        why: Why::Reach { before, after },
                    }));
                }
                _ => {}
            }
        }
        for (t, taker) in taker.into_iter().enumerate() {
            if !self.is_free(t as u32) {
                continue;
            }
            match taker {
                None => return Err(Stuck::Square(self.logic.square(t as u32))),
                Some(MANY) => {}
                Some(k) => {
                    let (before, after) = self.around(k as usize);
                    return Ok(Some(Deduction {
                        step: k + 1,
                        square: self.logic.square(t as u32),
                        why: Why::OnlyStep { before, after },
                    }));
                }
            }
        }
        Ok(None)
    }

    /// Whether free square `t` can take a step `back.0` steps after a
    /// known square and `ahead.0` before another.
    pub(super) fn can_take(&self, t: u32, back: Known, ahead: Known) -> bool {
        let fits = |(gap, s): (usize, u32)| {
            self.logic
                .fits(self.logic.dist[s as usize][t as usize], gap as u32)
        };
        back.is_none_or(fits) && ahead.is_none_or(fits)
    }
}
