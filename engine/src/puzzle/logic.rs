//! Rating a puzzle by the reasoning a person needs to solve it without
//! trial and error.
//!
//! - **Forced moves**: a missing step beside a numbered one (k - 1 or
//!   k + 1) with only one free square a knight's move from both its
//!   numbered neighbours.
//! - **Distance**: a missing step can only go where the nearest numbers
//!   before and after it can reach in the steps between (knight distance,
//!   and the colour a knight's move changes); when one square is left it
//!   goes there, and a square only one step can reach takes that step.
//! - **Search**: the two above stop short and the rest needs trial and
//!   error.

use super::Puzzle;
use super::graph::{FAR, Graph};
use crate::board::Square;

/// The reasoning a puzzle needs, from least to most.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rating {
    /// Forced moves alone solve it.
    Forced,
    /// Forced moves and the distance arguments solve it.
    Distance,
    /// Logic places `placed` of the `missing` steps; the rest needs search.
    #[allow(missing_docs)]
    Search { placed: usize, missing: usize },
}

impl Rating {
    /// The rating in words, for the output.
    pub fn describe(self) -> String {
        match self {
            Rating::Forced => "forced moves alone solve it".into(),
            Rating::Distance => "forced moves and knight distances solve it".into(),
            Rating::Search { placed, missing } => format!(
                "logic alone places {placed} of the {missing} missing steps, the rest needs search"
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
}

impl Logic {
    /// The moves and distances of `puzzle`'s board (its clues aside).
    pub fn new(puzzle: &Puzzle) -> Logic {
        let graph = Graph::new(puzzle.board());
        let dist = (0..graph.len() as u32)
            .map(|s| graph.distances(s))
            .collect();
        Logic {
            cols: puzzle.board().cols(),
            graph,
            dist,
            parity: puzzle.board().geometry().is_knight_plane(),
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

    fn square(&self, i: u32) -> Square {
        Square::new(i / self.cols, i % self.cols)
    }

    /// Whether step k may be `d`-away-in-`gap` steps: within reach, and on
    /// the right colour for a piece that changes colour every move.
    fn fits(&self, d: u16, gap: u32) -> bool {
        d != FAR && u32::from(d) <= gap && (!self.parity || (gap - u32::from(d)).is_multiple_of(2))
    }
}

/// The reasoning `puzzle` needs (see the module's list).
pub fn rate(puzzle: &Puzzle) -> Rating {
    rate_with(&Logic::new(puzzle), puzzle)
}

/// [`rate`] with the board's [`Logic`] worked out already.
pub fn rate_with(logic: &Logic, puzzle: &Puzzle) -> Rating {
    let mut d = Deduction::new(logic, puzzle);
    let missing = d.missing();
    if d.forced().is_err() {
        return Rating::Search { placed: 0, missing };
    }
    if d.missing() == 0 && d.valid() {
        return Rating::Forced;
    }
    while let Ok(true) = d.by_distance() {
        if d.forced().is_err() {
            break;
        }
    }
    if d.missing() == 0 && d.valid() {
        return Rating::Distance;
    }
    Rating::Search {
        placed: missing - d.missing(),
        missing,
    }
}

/// The puzzle with every step logic places (both arguments) as a clue.
/// Each placement holds in every solution, so the two puzzles have the
/// same solutions; `Err` when logic finds there are none.
pub fn deduce(logic: &Logic, puzzle: &Puzzle) -> Result<Puzzle, Stuck> {
    let mut d = Deduction::new(logic, puzzle);
    d.forced()?;
    while d.by_distance()? {
        d.forced()?;
    }
    let placed = d
        .pos
        .iter()
        .enumerate()
        .filter_map(|(k, s)| s.map(|s| (k as u32, s)));
    Ok(puzzle.with_placed(placed))
}

/// A puzzle being filled in by logic.
struct Deduction<'l> {
    logic: &'l Logic,
    closed: bool,
    /// The square of each step, where known.
    pos: Vec<Option<u32>>,
    /// The step on each square, where known.
    step_of: Vec<Option<u32>>,
}

/// Why logic found that no numbering can honour the clues.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stuck {
    /// No square is left for this step (1-based).
    Step(u32),
    /// No step can reach this square.
    Square(Square),
}

type Contradiction = Stuck;

/// A known step `gap` steps away, on square `.1`.
type Known = Option<(usize, u32)>;

impl<'l> Deduction<'l> {
    fn new(logic: &'l Logic, puzzle: &Puzzle) -> Self {
        let n = puzzle.steps();
        let mut pos = vec![None; n];
        let mut step_of = vec![None; logic.graph.len()];
        for c in puzzle.clues() {
            let i = puzzle.board().index(c.square);
            pos[c.step as usize - 1] = Some(i);
            step_of[i as usize] = Some(c.step - 1);
        }
        // Blocked squares take no step: mark them taken.
        for (i, s) in step_of.iter_mut().enumerate() {
            if !puzzle.board().is_free(puzzle.board().square(i as u32)) {
                *s = Some(u32::MAX);
            }
        }
        Deduction {
            logic,
            closed: puzzle.closed(),
            pos,
            step_of,
        }
    }

    fn missing(&self) -> usize {
        self.pos.iter().filter(|p| p.is_none()).count()
    }

    fn place(&mut self, k: usize, s: u32) {
        self.pos[k] = Some(s);
        self.step_of[s as usize] = Some(k as u32);
    }

    /// The step before and after `k` (wrapping for a closed tour).
    fn before(&self, k: usize) -> Option<usize> {
        match k {
            0 if self.closed => Some(self.pos.len() - 1),
            0 => None,
            _ => Some(k - 1),
        }
    }
    fn after(&self, k: usize) -> Option<usize> {
        let n = self.pos.len();
        match k + 1 {
            m if m < n => Some(m),
            _ if self.closed => Some(0),
            _ => None,
        }
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

    /// Forced moves until none is left.
    fn forced(&mut self) -> Result<(), Contradiction> {
        let g = &self.logic.graph;
        let mut progress = true;
        while progress {
            progress = false;
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
                    if self.step_of[t as usize].is_none() && both {
                        count += 1;
                        only = Some(t);
                    }
                }
                match (count, only) {
                    (0, _) => return Err(Stuck::Step(k as u32 + 1)),
                    (1, Some(t)) => {
                        self.place(k, t);
                        progress = true;
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }

    /// The nearest known steps before and after `k`, with their squares.
    fn known_around(&self, k: usize) -> (Known, Known) {
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

    /// One round of the distance arguments: a step with one square left
    /// goes there, a square one step alone can reach takes it. True when
    /// a step was placed.
    fn by_distance(&mut self) -> Result<bool, Contradiction> {
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
                if self.step_of[t as usize].is_some() || !self.can_take(t, back, ahead) {
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
                    self.place(k, t);
                    return Ok(true);
                }
                _ => {}
            }
        }
        for (t, taker) in taker.into_iter().enumerate() {
            if self.step_of[t].is_some() {
                continue;
            }
            match taker {
                None => return Err(Stuck::Square(self.logic.square(t as u32))),
                Some(MANY) => {}
                Some(k) => {
                    self.place(k as usize, t as u32);
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Whether free square `t` can take a step `back.0` steps after a
    /// known square and `ahead.0` before another.
    fn can_take(&self, t: u32, back: Known, ahead: Known) -> bool {
        let fits = |(gap, s): (usize, u32)| {
            self.logic
                .fits(self.logic.dist[s as usize][t as usize], gap as u32)
        };
        back.is_none_or(fits) && ahead.is_none_or(fits)
    }
}
