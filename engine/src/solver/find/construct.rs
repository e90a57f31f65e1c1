//! Tours on big boards in time linear in the number of squares, by divide
//! and conquer after Parberry (1997): cut the board into blocks of 5 to 12
//! rows and columns, give every block a small closed tour, and join
//! neighbouring tours into one.
//!
//! Joining two cycles: take an edge `a-b` out of one and `c-d` out of the
//! other, where `a-c` and `b-d` are knight moves, and put those two in. For two
//! blocks side by side (A left of B, both starting at row `r`, the seam between
//! columns `x-1` and `x`):
//!
//! ```text
//!   A: a = (r, x-1) - b = (r+2, x-2)    the corner square's move, in every tour
//!   B: c = (r+1, x+1) - d = (r+3, x)    a move each block tour is made to contain
//! ```
//!
//! and the same turned a quarter for blocks one above the other (at their
//! left column). Every row of blocks is joined left to right, and the rows
//! are joined down the first column: a spanning tree of the blocks, so the
//! result is one cycle. No join touches a square another join uses.
//!
//! The block tours come from a small search with those moves required
//! (cached per block shape). Nothing is stored per square: the tour is
//! written straight into the output by walking the cycle arc by arc, so a
//! 10,000 x 10,000 tour needs its 400 MB of indices and little else.
//!
//! Boards with both sides odd have no closed tour; their open tours start on
//! the corners' colour. There one block (odd by odd) holds a Hamiltonian
//! path from the start instead of a cycle, with the joining moves it needs,
//! and the other blocks are joined into it the same way.
//!
//! Boards with a side of 3 or 4 (where no such blocks fit) are built along
//! their length by `super::strip`, exactly.
//!
//! The blocks' own tours and the base cycle are in `construct/block.rs`;
//! here, the bands of blocks and the joins that make one tour of them.

use std::sync::Arc;

use std::time::Instant;

use super::{NoMonitor, search::Monitor, strip, warnsdorff};
use crate::board::{Board, Square};
use crate::solver::{Algorithm, Limits, Options, Problem, Solution, Stats, Verdict};

/// Nodes per free square of the search tried before the strip's dynamic
/// programme on a strip with blocked squares.
const STRIP_SEARCH_PER_SQUARE: u64 = 512;

/// Sides of the board below which the construction does not apply.
pub const MIN_SIDE: u32 = 5;

mod block;
use block::{Base, Join, Loc, base_cycle, block_tour};
#[cfg(test)]
use block::{JOIN_H, JOIN_V};

/// Whether the construction answers `problem`: one tour on a board with no
/// blocked square and both sides at least [`MIN_SIDE`], or any number on a
/// strip at most `strip::MAX_WIDTH` wide (blocked squares or not; several
/// on at most `strip::MANY_TOURS_SQUARES` squares). For the knight only;
/// on a cylinder or torus the plane's tour is a tour too (each of its moves
/// is a move there), so it is built where the plane has one and searched
/// for elsewhere (see [`solve`]).
pub(crate) fn applies(board: &Board, tours: usize) -> bool {
    strip::applies(board) && (tours <= 1 || board.len() <= strip::MANY_TOURS_SQUARES)
        || tours <= 1
            && board.geometry().leaper == crate::board::Leaper::KNIGHT
            && board.blocked().is_empty()
            && board.rows() >= MIN_SIDE
            && board.cols() >= MIN_SIDE
}

/// The tour of `problem` by construction (or, on a strip, the proof that
/// there is none), or `None` when it does not apply (the caller searches
/// instead).
pub(crate) fn solve<M: Monitor>(
    problem: &Problem,
    facts: &crate::theory::Facts,
    options: &Options,
    monitor: &mut M,
) -> Option<Solution> {
    if !applies(problem.board(), options.tours) {
        return None;
    }
    if strip::applies(problem.board()) {
        if options.tours <= 1 && !problem.board().blocked().is_empty() {
            // Blocked squares break the strip's repeats (each hole costs a
            // few dozen steps over thousands of states), where a short
            // search often finds a tour far sooner (600 holes along 4x12001,
            // figures: docs/benchmarks.md, "Construction and huge boards"):
            // it gets a bounded try first.
            let budget =
                (problem.board().free_count() as u64 * STRIP_SEARCH_PER_SQUARE).max(20_000);
            let tried = Options {
                limits: Limits {
                    nodes: Some(options.limits.nodes.map_or(budget, |n| n.min(budget))),
                    ..options.limits
                },
                ..*options
            };
            let sol = warnsdorff::solve(problem, facts, &tried, &mut NoMonitor);
            if sol.verdict == Verdict::Found {
                return Some(sol);
            }
        }
        return strip::solve(problem, options, monitor);
    }
    let started = Instant::now();
    let b = problem.board();
    let path = construct(b.rows(), b.cols(), problem.start(), problem.closed()).ok()?;
    let n = path.len();
    Some(built(vec![path], n, started))
}

/// The solution of a construction of `n` squares begun at `started`.
fn built(tours: Vec<Vec<u32>>, n: usize, started: Instant) -> Solution {
    Solution {
        tours,
        verdict: Verdict::Found,
        stats: Stats {
            nodes: n as u64,
            max_depth: n,
            tours: 1,
            elapsed: started.elapsed(),
            ..Stats::default()
        },
        algorithm: Algorithm::Construct,
    }
}

/// A construction ready to walk: [`crate::solver::solve`] for one tour of a board the
/// construction builds (not a strip), whose tour goes to a sink in pieces
/// as it is walked instead of being kept. Planned before anything is
/// walked, so a caller knows whether a tour is coming before it commits
/// to its output.
pub struct Plan {
    layout: Layout,
    start: Square,
    started: Instant,
}

impl Plan {
    /// The plan for `problem`, or `None` when the construction does not
    /// build its tour.
    pub fn new(problem: &Problem) -> Option<Plan> {
        let started = Instant::now();
        let b = problem.board();
        if !applies(b, 1) || strip::applies(b) {
            return None;
        }
        let layout = layout(b.rows(), b.cols(), problem.start(), problem.closed()).ok()?;
        Some(Plan {
            layout,
            start: problem.start(),
            started,
        })
    }

    /// The plan when `options` ask for what the construction answers: one
    /// tour, by the construction (named, or picked by `auto`), where theory
    /// allows a tour. Nothing is built otherwise.
    pub fn for_options(problem: &Problem, options: &Options) -> Option<Plan> {
        let b = problem.board();
        // The construction chooses its own last square.
        let wanted = options.tours == 1
            && problem.end().is_none()
            && options.algorithm.for_solve(b, 1) == Algorithm::Construct
            && crate::theory::check(b, Some(problem.start()), problem.closed()).is_ok();
        wanted.then(|| Plan::new(problem)).flatten()
    }

    /// Walks the tour into `sink` (see `Layout::walk_with`); the
    /// solution holds no tour.
    pub fn walk(self, sink: &mut dyn FnMut(&[u32])) -> Solution {
        let mut n = 0usize;
        self.layout.walk_with(self.start, &mut |piece| {
            n += piece.len();
            sink(piece);
        });
        built(Vec::new(), n, self.started)
    }
}

/// How one side of the board is cut into bands: band starts, with the
/// side's length at the end.
fn bands(n: u32, odd: Option<(u32, u32)>) -> Vec<u32> {
    // Even stretches are cut into 10s, ending 12, 8+6, 10, 8 or 6.
    fn even(mut len: u32, at: u32, out: &mut Vec<u32>) {
        let mut x = at;
        while len > 0 {
            let part = match len {
                14 => 8,
                l if l >= 16 => 10,
                l => l,
            };
            out.push(x);
            x += part;
            len -= part;
        }
    }
    let mut out = Vec::new();
    match odd {
        None => even(n, 0, &mut out),
        Some((at, len)) => {
            even(at, 0, &mut out);
            out.push(at);
            even(n - at - len, at + len, &mut out);
        }
    }
    out.push(n);
    out
}

/// Whether an even stretch of `len` squares can be cut into bands.
fn even_ok(len: u32) -> bool {
    len == 0 || len.is_multiple_of(2) && len >= 6
}

/// Where the odd band of an odd side can go: (start, length) choices, the
/// ones centred on `near` first.
fn odd_choices(n: u32, near: Option<u32>) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for len in [9, 7, 11, 5] {
        if len > n {
            continue;
        }
        for at in 0..=n - len {
            if even_ok(at)
                && even_ok(n - at - len)
                && near.is_none_or(|s| (at..at + len).contains(&s))
            {
                out.push((at, len));
            }
        }
    }
    let centre = |&(at, len): &(u32, u32)| near.map_or(at, |s| (2 * s + 1).abs_diff(2 * at + len));
    out.sort_by_key(centre);
    out
}

/// Why the construction does not build a tour, in one line.
#[doc(hidden)]
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("the construction needs both sides at least {MIN_SIDE}")]
    TooSmall,
    #[error("start {0} is off the board")]
    StartOff(Square),
    #[error("both sides are odd: no closed tour")]
    ClosedOdd,
    #[error("an open tour of a board with both sides odd starts on the corners' colour")]
    OddColour,
    #[error("no block tours fit a {rows}x{cols} board from {start}")]
    NoFit { rows: u32, cols: u32, start: Square },
}

/// The tour the construction builds, or why it does not apply.
///
/// Squares are `row * cols + col`, from `start`. Closed when `closed`;
/// an open tour is also closed whenever the board has closed tours.
///
/// Hidden: the benches and tests build tours with it; a library user asks
/// [`crate::solver::solve`], which takes the construction where it applies.
#[doc(hidden)]
pub fn construct(rows: u32, cols: u32, start: Square, closed: bool) -> Result<Vec<u32>, Refused> {
    let mut path = Vec::with_capacity(rows as usize * cols as usize);
    construct_with(rows, cols, start, closed, &mut |piece| {
        path.extend_from_slice(piece)
    })?;
    Ok(path)
}

/// [`construct`], handing the tour to `sink` in pieces as it is walked
/// (see `Layout::walk_with`).
fn construct_with(
    rows: u32,
    cols: u32,
    start: Square,
    closed: bool,
    sink: &mut dyn FnMut(&[u32]),
) -> Result<(), Refused> {
    layout(rows, cols, start, closed)?.walk_with(start, sink);
    Ok(())
}

/// The blocks of the construction of a `rows` x `cols` tour from `start`,
/// or why it does not apply.
fn layout(rows: u32, cols: u32, start: Square, closed: bool) -> Result<Layout, Refused> {
    if rows < MIN_SIDE || cols < MIN_SIDE {
        return Err(Refused::TooSmall);
    }
    if start.row >= rows || start.col >= cols {
        return Err(Refused::StartOff(start));
    }
    let both_odd = rows % 2 == 1 && cols % 2 == 1;
    if both_odd && closed {
        return Err(Refused::ClosedOdd);
    }
    if both_odd && start.colour() != 0 {
        return Err(Refused::OddColour);
    }
    let side = |n: u32, near: Option<u32>| -> Vec<Option<(u32, u32)>> {
        if n.is_multiple_of(2) {
            vec![None]
        } else {
            odd_choices(n, near).into_iter().map(Some).collect()
        }
    };
    let near = |x: u32| both_odd.then_some(x);
    let (row_choices, col_choices) = (side(rows, near(start.row)), side(cols, near(start.col)));
    let choices = row_choices
        .iter()
        .flat_map(|&ro| col_choices.iter().map(move |&co| (ro, co)));
    for (ro, co) in choices.take(12) {
        if let Some(layout) = Layout::new(cols, bands(rows, ro), bands(cols, co), start, both_odd) {
            return Ok(layout);
        }
    }
    Err(Refused::NoFit { rows, cols, start })
}

/// A block tour as the walk uses it.
struct Shape {
    base: Arc<Base>,
    /// Its squares as offsets from the block's top-left square in the whole board.
    offs: Vec<u32>,
    /// Where each join's move is in the tour (by `Join as usize`), for the
    /// joins it has.
    cut: [Option<u32>; 4],
}

impl Shape {
    fn new(base: Arc<Base>, cols: u32) -> Shape {
        let offs = base.seq.iter().map(|&(r, c)| r * cols + c).collect();
        let cut = Join::ALL.map(|j| base.cut(j.edge(base.h, base.w)));
        Shape { base, offs, cut }
    }
    /// The position of `join`'s move, which the block tours are made to contain.
    fn cut(&self, join: Join) -> u32 {
        self.cut[join as usize].expect("block tours contain their joining moves")
    }
}

/// The blocks of a board and their tours.
struct Layout {
    cols: u32,
    /// Band starts (and the side's length last).
    rs: Vec<u32>,
    cs: Vec<u32>,
    shapes: Vec<Shape>,
    /// The shape of block (i, j): `grid[kind_r[i] * widths + kind_c[j]]`,
    /// where the kinds number the distinct band heights and widths.
    kind_r: Vec<usize>,
    kind_c: Vec<usize>,
    widths: usize,
    grid: Vec<usize>,
    /// The block holding a path instead of a cycle: (band row, band col, shape).
    path_block: Option<(usize, usize, usize)>,
}

/// The distinct band lengths of a side, and each band's index among them.
fn kinds(starts: &[u32]) -> (Vec<u32>, Vec<usize>) {
    let mut lens: Vec<u32> = starts.windows(2).map(|w| w[1] - w[0]).collect();
    let of_band = lens.clone();
    lens.sort_unstable();
    lens.dedup();
    let index = of_band
        .iter()
        .map(|l| lens.binary_search(l).unwrap_or(0))
        .collect();
    (lens, index)
}

impl Layout {
    fn new(
        cols: u32,
        rs: Vec<u32>,
        cs: Vec<u32>,
        start: Square,
        open_path: bool,
    ) -> Option<Layout> {
        let ((heights, kind_r), (widths, kind_c)) = (kinds(&rs), kinds(&cs));
        let mut layout = Layout {
            cols,
            rs,
            cs,
            shapes: Vec::new(),
            kind_r,
            kind_c,
            widths: widths.len(),
            grid: Vec::new(),
            path_block: None,
        };
        for &h in &heights {
            for &w in &widths {
                // Odd by odd: only the path block, made below (`shape` never
                // looks this entry up).
                let mut at = usize::MAX;
                if (h * w) % 2 == 0 {
                    at = layout.shapes.len();
                    layout.shapes.push(Shape::new(base_cycle(h, w)?, cols));
                }
                layout.grid.push(at);
            }
        }
        if open_path {
            let i = layout.rs.partition_point(|&r| r <= start.row) - 1;
            let j = layout.cs.partition_point(|&c| c <= start.col) - 1;
            let (h, w) = layout.size(i, j);
            let required: Vec<_> = layout.joins(i, j).map(|j| j.edge(h, w)).collect();
            let local = (start.row - layout.rs[i], start.col - layout.cs[j]);
            let seq = block_tour(h, w, &required, Some(local))?;
            let base = Arc::new(Base::new(h, w, seq, false));
            layout.path_block = Some((i, j, layout.shapes.len()));
            layout.shapes.push(Shape::new(base, cols));
        }
        Some(layout)
    }

    fn size(&self, i: usize, j: usize) -> (u32, u32) {
        (self.rs[i + 1] - self.rs[i], self.cs[j + 1] - self.cs[j])
    }

    fn shape(&self, i: usize, j: usize) -> &Shape {
        let s = match self.path_block {
            Some((pi, pj, s)) if (pi, pj) == (i, j) => s,
            _ => self.grid[self.kind_r[i] * self.widths + self.kind_c[j]],
        };
        &self.shapes[s]
    }

    /// The joins block (i, j) takes part in: along its row, and down the
    /// first column.
    fn joins(&self, i: usize, j: usize) -> impl Iterator<Item = Join> {
        let (nr, nc) = (self.rs.len() - 1, self.cs.len() - 1);
        let has = [j > 0, j + 1 < nc, j == 0 && i > 0, j == 0 && i + 1 < nr];
        Join::ALL
            .into_iter()
            .zip(has)
            .filter_map(|(join, on)| on.then_some(join))
    }

    /// Where the tour goes on from square (r, c) of block (i, j) when the
    /// move of `join` is taken out there: the other block and square.
    fn across(&self, i: usize, j: usize, join: Join, (r, c): Loc) -> (usize, usize, Join, Loc) {
        let (top, left) = (self.rs[i], self.cs[j]);
        let (ra, x) = (top, self.cs[j + 1]);
        match join {
            // a = (r, x-1), b = (r+2, x-2) | c = (r+1, x+1), d = (r+3, x)
            Join::Right => {
                if (r, c) == (ra, x - 1) {
                    (i, j + 1, Join::Left, (ra + 1, x + 1))
                } else {
                    (i, j + 1, Join::Left, (ra + 3, x))
                }
            }
            Join::Left => {
                if (r, c) == (top + 1, left + 1) {
                    (i, j - 1, Join::Right, (top, left - 1))
                } else {
                    (i, j - 1, Join::Right, (top + 2, left - 2))
                }
            }
            // The same turned: a = (y-1, 0), b = (y-2, 2) | c = (y+1, 1), d = (y, 3)
            Join::Down => {
                let y = self.rs[i + 1];
                if (r, c) == (y - 1, 0) {
                    (i + 1, j, Join::Up, (y + 1, 1))
                } else {
                    (i + 1, j, Join::Up, (y, 3))
                }
            }
            Join::Up => {
                if (r, c) == (top + 1, 1) {
                    (i - 1, j, Join::Down, (top - 1, 0))
                } else {
                    (i - 1, j, Join::Down, (top - 2, 2))
                }
            }
        }
    }

    /// The whole tour from `start`, handed to `sink` in pieces as it is
    /// walked, arc by arc around the joined cycle: nothing is held but one
    /// piece, so a 10^8-square tour can be checked or written in a few MB.
    fn walk_with(&self, start: Square, sink: &mut dyn FnMut(&[u32])) {
        let total = (*self.rs.last().unwrap_or(&0) as usize) * self.cols as usize;
        let mut path = Piece {
            buf: Vec::with_capacity(PIECE.min(total)),
            done: 0,
            sink,
        };
        let mut i = self.rs.partition_point(|&r| r <= start.row) - 1;
        let mut j = self.cs.partition_point(|&c| c <= start.col) - 1;
        let mut p = self
            .shape(i, j)
            .base
            .at((start.row - self.rs[i], start.col - self.cs[j]));
        let mut forward = true;
        loop {
            let shape = self.shape(i, j);
            let (base, offs) = (&shape.base, &shape.offs);
            let n = base.len();
            // The arc from p to the next cut in the direction of travel.
            let dist = |k: u32| {
                if forward {
                    (k + n - p) % n
                } else {
                    (p + n - (k + 1) % n) % n
                }
            };
            let mut next = self
                .joins(i, j)
                .map(|join| (shape.cut(join), join))
                .min_by_key(|&(k, _)| dist(k));
            let mut len = next.map_or(n, |(k, _)| dist(k) + 1);
            if !base.cyclic {
                // A path: its ends are not joined.
                let to_end = if forward { n - p } else { p + 1 };
                if to_end <= len {
                    len = to_end;
                    next = None;
                }
            }
            let origin = self.rs[i] * self.cols + self.cs[j];
            let left = total - path.len();
            let len = (len as usize).min(left) as u32;
            if forward {
                let a = p as usize;
                let b = (p + len) as usize;
                if b <= n as usize {
                    path.extend(offs[a..b].iter().map(|&o| origin + o));
                } else {
                    path.extend(offs[a..].iter().map(|&o| origin + o));
                    path.extend(offs[..b - n as usize].iter().map(|&o| origin + o));
                }
            } else {
                let b = p as usize + 1;
                if len <= p + 1 {
                    path.extend(offs[b - len as usize..b].iter().rev().map(|&o| origin + o));
                } else {
                    path.extend(offs[..b].iter().rev().map(|&o| origin + o));
                    let more = len as usize - b;
                    path.extend(offs[n as usize - more..].iter().rev().map(|&o| origin + o));
                }
            }
            if path.len() >= total {
                break;
            }
            let Some((k, join)) = next else {
                break;
            };
            let end = if forward { k } else { (k + 1) % n };
            let (r, c) = base.seq[end as usize];
            let (ni, nj, njoin, (gr, gc)) =
                self.across(i, j, join, (self.rs[i] + r, self.cs[j] + c));
            let next_shape = self.shape(ni, nj);
            let q = next_shape.base.at((gr - self.rs[ni], gc - self.cs[nj]));
            forward = q != next_shape.cut(njoin);
            i = ni;
            j = nj;
            p = q;
        }
        path.flush();
    }
}

/// Squares handed to a sink at a time.
const PIECE: usize = 1 << 16;

/// The walked tour's next piece, and how many squares went before it.
struct Piece<'s> {
    buf: Vec<u32>,
    done: usize,
    sink: &'s mut dyn FnMut(&[u32]),
}

impl Piece<'_> {
    fn len(&self) -> usize {
        self.done + self.buf.len()
    }
    fn extend<I: Iterator<Item = u32>>(&mut self, squares: I) {
        for sq in squares {
            if self.buf.len() == PIECE {
                self.flush();
            }
            self.buf.push(sq);
        }
    }
    fn flush(&mut self) {
        (self.sink)(&self.buf);
        self.done += self.buf.len();
        self.buf.clear();
    }
}

#[cfg(test)]
mod tests;
