//! Semimagic and magic knight's tours by the method of quartes.
//!
//! The n x n board (n = 4m, n >= 8) is cut into m x m aligned 4x4 blocks.
//! The search looks only for tours in which every run of four steps
//! 4j+1..4j+4 (a *quarte*, j = 0..Q-1, Q = n²/4) stays inside one block
//! and meets each of its rows and columns once (a transversal; Beverley's
//! tour of 1848 is one). A square then holds 4j + d, d in 1..=4 its place
//! in the quarte, and every line sum splits in two parts that do not
//! depend on each other:
//!
//! * the quarte indices of every row band and column band sum to
//!   J = 8m³ - 2m (60 on 8x8);
//! * the offsets d of every row and column sum to 10m.
//!
//! The search is depth-first over quartes (16 steps on 8x8, not 64 moves),
//! pruned by an exact table of which block remainders can still be tiled by
//! transversals and by bounds on both sums (and, for magic tours, on each
//! long diagonal's: its free cells get distinct steps still to come). The
//! family is closed under the board's 8 symmetries and reversal, so the
//! block of step 1 is kept to a fundamental region, and tours are told
//! apart up to those 16 images.
//! On 8x8 it reaches 105 of the 140 classes of semimagic tours
//! (Stertenbrink, 2003); the other 35 leave the quarte shape.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use crate::board::{Board, Geometry, Square};
use crate::tour::magic::Magic;

use super::super::count::Outcome;
use super::super::{Limit, Limits};

/// What a search for (semi)magic tours came to.
#[derive(Clone, Debug)]
pub struct MagicAnswer {
    /// The tours, as paths of square indices, pairwise distinct up to the
    /// board's symmetries and reversal.
    pub tours: Vec<Vec<u32>>,
    /// How the search ended, in the words of a count: `Counted` when the
    /// method's whole family was searched (it holds no more tours),
    /// `Reached` when as many as asked were found, `Stopped` by a limit.
    pub outcome: Outcome,
    /// Search nodes: partial tours that passed every cut, the empty one
    /// included.
    pub nodes: u64,
    /// Quartes that passed the cuts and were taken back.
    pub backtracks: u64,
    /// The most quartes placed at once.
    pub max_depth: usize,
    /// Time the search took.
    pub elapsed: Duration,
}

/// Whether the method of quartes covers `board`: the knight on a plane
/// n x n board, n a multiple of 4 and at least 8, with no blocked square.
pub fn covers(board: &Board) -> bool {
    let n = board.rows();
    board.geometry() == Geometry::KNIGHT_PLANE
        && board.cols() == n
        && n.is_multiple_of(4)
        && n >= 8
        && board.blocked().is_empty()
}

/// Finds up to `want` tours of `board` whose numbering is `kind` (magic
/// ones also have both long diagonals summing to the constant), closed
/// ones only if `closed`. `board` must be one the method [`covers`].
pub fn tours(
    board: &Board,
    kind: Magic,
    want: usize,
    closed: bool,
    limits: &Limits,
) -> MagicAnswer {
    assert!(
        covers(board),
        "the method of quartes needs n x n, 4 | n, n >= 8"
    );
    let started = Instant::now();
    let tables = Tables::new(board.rows() as usize);
    let mut search = Search::new(&tables, kind == Magic::Full, closed, want.max(1), limits);
    search.run();
    let n = tables.n;
    let tours = search
        .found
        .iter()
        .map(|cells| {
            let at = |c: usize| board.index(Square::new((c / n) as u32, (c % n) as u32));
            cells.iter().map(|&c| at(c as usize)).collect()
        })
        .collect::<Vec<Vec<u32>>>();
    let outcome = match search.stopped {
        Some(limit) => Outcome::Stopped(limit),
        None if tours.len() < want => Outcome::Counted,
        None => Outcome::Reached,
    };
    MagicAnswer {
        outcome,
        tours,
        nodes: search.nodes,
        backtracks: search.backtracks,
        max_depth: search.max_depth,
        elapsed: started.elapsed(),
    }
}

/// The bytes a search of the n x n board holds at most: its place a
/// quarte (a frame of 48 bytes or so, and the quarte chosen), a tour found
/// and its images compared under the symmetries (about 32 bytes a square
/// in all). A board beyond what may be taken here is refused before the
/// search starts.
pub fn bytes_needed(n: u32) -> u64 {
    let squares = u64::from(n) * u64::from(n);
    let frame = std::mem::size_of::<Frame>() as u64;
    let placed = std::mem::size_of::<Placed>() as u64;
    squares / 4 * (frame + placed) + squares * 16 + (1 << 20)
}

/// A quarte: a transversal knight path of four squares in one block.
#[derive(Clone, Copy)]
struct Quarte {
    /// Cells (row * n + col) in visiting order.
    cells: [usize; 4],
    block: usize,
    /// The block's cells it takes, as a 4x4 mask.
    mask: u16,
    /// The offset (1..=4) of its square in each of the block's rows, and
    /// in each of its columns.
    row_off: [u8; 4],
    col_off: [u8; 4],
}

/// The knight's moves in the order the quartes are listed: not
/// [`crate::board::MOVES`]'s, since this order finds Beverley's tour first.
const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The search's fixed tables for an n x n board, the same size on any
/// board: a quarte's cells follow from its block and its path in the
/// block, and a cell's neighbours from the cell.
struct Tables {
    n: usize,
    /// Blocks per side.
    m: usize,
    /// Quartes in a tour.
    q: usize,
    /// The transversal paths inside a 4x4 block: their masks, each
    /// square's place from the block's first cell (r * n + c) and the
    /// offset of its square in each of the block's rows and columns.
    paths: Vec<Local>,
    /// The paths starting on each cell of a block (row * 4 + col).
    by_start: [Vec<u8>; 16],
    /// Whether a block's free cells (a 4x4 mask) can still be split into
    /// transversal paths.
    tileable: Vec<bool>,
}

/// The 48 directed knight paths of four squares inside a 4x4 that meet
/// each row and each column once.
fn transversals() -> Vec<[(usize, usize); 4]> {
    fn extend(path: &mut Vec<(i32, i32)>, out: &mut Vec<[(usize, usize); 4]>) {
        if path.len() == 4 {
            out.push(std::array::from_fn(|k| {
                (path[k].0 as usize, path[k].1 as usize)
            }));
            return;
        }
        let (r, c) = path[path.len() - 1];
        for (dr, dc) in KNIGHT {
            let next = (r + dr, c + dc);
            let inside = (0..4).contains(&next.0) && (0..4).contains(&next.1);
            if inside && path.iter().all(|p| p.0 != next.0 && p.1 != next.1) {
                path.push(next);
                extend(path, out);
                path.pop();
            }
        }
    }
    let mut out = Vec::new();
    for r in 0..4 {
        for c in 0..4 {
            extend(&mut vec![(r, c)], &mut out);
        }
    }
    out
}

impl Tables {
    fn new(n: usize) -> Tables {
        let m = n / 4;
        let local = transversals();
        let mask_of =
            |p: &[(usize, usize); 4]| p.iter().fold(0u16, |a, &(r, c)| a | 1 << (r * 4 + c));
        let masks: Vec<u16> = local.iter().map(mask_of).collect();
        // A mask is tileable if a path through its lowest cell leaves a
        // tileable mask.
        let mut tileable = vec![false; 1 << 16];
        tileable[0] = true;
        for mask in 1usize..1 << 16 {
            let low = mask & mask.wrapping_neg();
            tileable[mask] = masks.iter().any(|&p| {
                let p = usize::from(p);
                p & low != 0 && p & mask == p && tileable[mask ^ p]
            });
        }
        let mut by_start: [Vec<u8>; 16] = Default::default();
        let mut paths = Vec::new();
        for (i, (path, &mask)) in local.iter().zip(&masks).enumerate() {
            let (r, c) = path[0];
            by_start[r * 4 + c].push(i as u8);
            let mut l = Local {
                mask,
                offsets: [0; 4],
                row_off: [0; 4],
                col_off: [0; 4],
                last: path[3],
            };
            for (k, &(r, c)) in path.iter().enumerate() {
                l.offsets[k] = r * n + c;
                l.row_off[r] = k as u8 + 1;
                l.col_off[c] = k as u8 + 1;
            }
            paths.push(l);
        }
        Tables {
            n,
            m,
            q: n * n / 4,
            paths,
            by_start,
            tileable,
        }
    }

    /// The quarte of path `path` in the block whose first cell is `base`.
    #[inline]
    fn quarte(&self, (base, block, path): Placed) -> Quarte {
        let l = &self.paths[usize::from(path)];
        Quarte {
            cells: l.offsets.map(|o| base + o),
            block: block as usize,
            mask: l.mask,
            row_off: l.row_off,
            col_off: l.col_off,
        }
    }

    /// The `k`th path starting on the cell at row `r`, column `c`, as the
    /// quarte's place, if any.
    #[inline]
    fn starting_on(&self, (r, c): (usize, usize), k: usize) -> Option<Placed> {
        let path = *self.by_start[(r & 3) * 4 + (c & 3)].get(k)?;
        let base = (r & !3) * self.n + (c & !3);
        let block = (r >> 2) * self.m + (c >> 2);
        Some((base, block as u32, path))
    }

    /// Where a knight's move `k` (in [`BOARD_ORDER`]) takes the cell at
    /// `(r, c)`, if it is on the board.
    #[inline]
    fn neighbour(&self, (r, c): (usize, usize), k: usize) -> Option<(usize, usize)> {
        let (dr, dc) = BOARD_ORDER[k];
        let (r, c) = (r.wrapping_add_signed(dr), c.wrapping_add_signed(dc));
        (r < self.n && c < self.n).then_some((r, c))
    }
}

/// A transversal path inside a 4x4 block: the cells it takes (a mask),
/// each square's place from the block's first cell (r * n + c), the
/// offset of its square in each of the block's rows and columns, and its
/// last square (row, column).
struct Local {
    mask: u16,
    offsets: [usize; 4],
    row_off: [u8; 4],
    col_off: [u8; 4],
    last: (usize, usize),
}

/// A quarte's place: its block's first cell, its block, its path there.
type Placed = (usize, u32, u8);

/// The knight's moves in board order, top to bottom, left to right (the
/// first tour on 8x8 is then Beverley's).
const BOARD_ORDER: [(isize, isize); 8] = [
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];

/// A quarte's place in the search: the `j`th, after cell `last` (none
/// for the first), the start cell tried (an index into `starts`, or for
/// the first quarte a cell) and the quartes tried from it, and the quarte
/// placed from here, if any.
struct Frame {
    j: usize,
    /// The last cell, as (row, column).
    last: Option<(usize, usize)>,
    /// The move from `last` (after the first quarte), or the cell (for
    /// the first) its start is tried on.
    start: usize,
    tried: u8,
    child: Option<Placed>,
    entered: bool,
}

impl Frame {
    fn new(j: usize, last: Option<(usize, usize)>) -> Frame {
        Frame {
            j,
            last,
            start: 0,
            tried: 0,
            child: None,
            entered: false,
        }
    }
}

/// How often (in nodes) the clock is read.
const CLOCK_EVERY: u64 = 1 << 12;

/// The search's state: what the placed quartes fill and sum to.
struct Search<'t> {
    t: &'t Tables,
    full: bool,
    closed: bool,
    want: usize,
    node_limit: u64,
    deadline: Option<Instant>,
    /// J: the quarte indices of a band sum to it.
    band_target: i64,
    /// 10m: the offsets of a line sum to it.
    offset_target: i64,
    /// What each long diagonal must sum to (with `full`).
    diagonal_target: [i64; 2],
    /// Free cells of each block (4x4 masks).
    free: Vec<u16>,
    /// Quartes placed in each row band and column band, and their indices'
    /// sums.
    row_count: Vec<i64>,
    row_sum: Vec<i64>,
    col_count: Vec<i64>,
    col_sum: Vec<i64>,
    /// Offsets summed in each row and column.
    row_off: Vec<i64>,
    col_off: Vec<i64>,
    /// Steps summed on the two long diagonals, and their cells still free.
    diagonals: [i64; 2],
    diagonal_free: [i64; 2],
    chosen: Vec<Placed>,
    nodes: u64,
    backtracks: u64,
    max_depth: usize,
    stopped: Option<Limit>,
    /// Canonical forms of the tours kept.
    seen: HashSet<Vec<u32>>,
    /// Tours kept, as cells in visiting order.
    found: Vec<Vec<u32>>,
}

impl<'t> Search<'t> {
    fn new(t: &'t Tables, full: bool, closed: bool, want: usize, limits: &Limits) -> Self {
        let (n, m) = (t.n, t.m);
        let mi = m as i64;
        let band_target = 8 * mi * mi * mi - 2 * mi;
        let offset_target = 10 * mi;
        let magic = (n * (n * n + 1) / 2) as i64;
        debug_assert_eq!(4 * band_target + offset_target, magic);
        Search {
            t,
            full,
            closed,
            want,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            deadline: limits.time.and_then(|d| Instant::now().checked_add(d)),
            band_target,
            offset_target,
            diagonal_target: [magic, magic],
            free: vec![0xffff; m * m],
            row_count: vec![0; m],
            row_sum: vec![0; m],
            col_count: vec![0; m],
            col_sum: vec![0; m],
            row_off: vec![0; n],
            col_off: vec![0; n],
            diagonals: [0, 0],
            diagonal_free: [n as i64, n as i64],
            chosen: Vec::with_capacity(t.q),
            nodes: 0,
            backtracks: 0,
            max_depth: 0,
            stopped: None,
            seen: HashSet::new(),
            found: Vec::new(),
        }
    }

    /// Whether the search must end: enough tours, or a limit.
    fn done(&self) -> bool {
        self.found.len() >= self.want || self.stopped.is_some()
    }

    /// Counts a node; notes a limit reached.
    fn count_node(&mut self) {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.stopped = Some(Limit::Nodes);
        } else if self.nodes.is_multiple_of(CLOCK_EVERY)
            && self.deadline.is_some_and(|d| Instant::now() >= d)
        {
            self.stopped = Some(Limit::Time);
        }
    }

    /// Places quartes from the first, in every way that follows, until
    /// the tours wanted are found, the family is exhausted or a limit is
    /// reached: depth first, on a stack of its own (a board of 4000 has
    /// four million quartes a tour).
    fn run(&mut self) {
        let t = self.t;
        let mut stack = vec![Frame::new(0, None)];
        while let Some(top) = stack.last_mut() {
            let j = top.j;
            if !top.entered {
                top.entered = true;
                if j == t.q {
                    self.record();
                    stack.pop();
                    continue;
                }
                self.count_node();
                self.max_depth = self.max_depth.max(j);
                if self.done() {
                    stack.pop();
                    continue;
                }
            }
            // Back from the quarte placed last: take it back.
            if let Some(placed) = top.child.take() {
                self.chosen.pop();
                self.backtracks += 1;
                self.apply(&t.quarte(placed), j, -1);
                if self.done() {
                    stack.pop();
                    continue;
                }
            }
            let Some((placed, qt, (r, c))) = self.next(top) else {
                stack.pop();
                continue;
            };
            self.apply(&qt, j, 1);
            if self.feasible(j, &qt) {
                self.chosen.push(placed);
                top.child = Some(placed);
                let (lr, lc) = t.paths[usize::from(placed.2)].last;
                stack.push(Frame::new(j + 1, Some(((r & !3) + lr, (c & !3) + lc))));
            } else {
                self.apply(&qt, j, -1);
                if self.done() {
                    stack.pop();
                }
            }
        }
    }

    /// The next quarte to try at `frame` whose cells are free: from the
    /// cells its start may be on in turn (after the first, the knight's
    /// neighbours of the last cell, in board order; for the first, the
    /// cells of the blocks in a fundamental region of the board's
    /// symmetries, br <= bc <= (m-1)/2).
    #[inline]
    fn next(&self, frame: &mut Frame) -> Option<(Placed, Quarte, (usize, usize))> {
        let t = self.t;
        loop {
            let start = match frame.last {
                Some(last) => {
                    if frame.start >= BOARD_ORDER.len() {
                        return None;
                    }
                    match t.neighbour(last, frame.start) {
                        Some(cell) => cell,
                        None => {
                            frame.start += 1;
                            continue;
                        }
                    }
                }
                None => {
                    let cell = (frame.start < t.n * t.n).then_some(frame.start)?;
                    let (r, c) = (cell / t.n, cell % t.n);
                    if !(r / 4 <= c / 4 && c / 4 <= (t.m - 1) / 2) {
                        frame.start += 1;
                        continue;
                    }
                    (r, c)
                }
            };
            match t.starting_on(start, usize::from(frame.tried)) {
                Some(placed) => {
                    frame.tried += 1;
                    let mask = t.paths[usize::from(placed.2)].mask;
                    if self.free[placed.1 as usize] & mask == mask {
                        return Some((placed, t.quarte(placed), start));
                    }
                }
                None => {
                    frame.start += 1;
                    frame.tried = 0;
                }
            }
        }
    }

    /// Places (`sign` 1) or takes back (-1) quarte `qt` as the `j`th.
    fn apply(&mut self, qt: &Quarte, j: usize, sign: i64) {
        let (t, m) = (self.t, self.t.m);
        let (br, bc) = (qt.block / m, qt.block % m);
        self.free[qt.block] ^= qt.mask;
        self.row_count[br] += sign;
        self.row_sum[br] += sign * j as i64;
        self.col_count[bc] += sign;
        self.col_sum[bc] += sign * j as i64;
        for i in 0..4 {
            self.row_off[br * 4 + i] += sign * i64::from(qt.row_off[i]);
            self.col_off[bc * 4 + i] += sign * i64::from(qt.col_off[i]);
        }
        if self.full {
            for (k, &c) in qt.cells.iter().enumerate() {
                let (r, cc) = (c / t.n, c % t.n);
                let step = (4 * j + k + 1) as i64;
                if r == cc {
                    self.diagonals[0] += sign * step;
                    self.diagonal_free[0] -= sign;
                }
                if r + cc + 1 == t.n {
                    self.diagonals[1] += sign * step;
                    self.diagonal_free[1] -= sign;
                }
            }
        }
    }

    /// Whether the line sums can still be met once quartes 0..=j are
    /// placed (the `j`th being `qt`).
    fn feasible(&self, j: usize, qt: &Quarte) -> bool {
        let t = self.t;
        if !t.tileable[usize::from(self.free[qt.block])] {
            return false;
        }
        let per_band = 4 * t.m as i64;
        let last = t.q as i64 - 1;
        let (br, bc) = ((qt.block / t.m) as i64, (qt.block % t.m) as i64);
        // The k quartes a band still needs get distinct indices after j;
        // consecutive quartes lie in blocks at most one apart, so a band d
        // bands away gets none before j + d.
        let band_ok = |count: i64, sum: i64, d: i64| {
            let k = per_band - count;
            let rest = self.band_target - sum;
            let first = j as i64 + d.max(1);
            let min = k * first + k * (k - 1) / 2;
            let max = k * last - k * (k - 1) / 2;
            (k == 0 && rest == 0) || (k > 0 && first + k - 1 <= last && (min..=max).contains(&rest))
        };
        for b in 0..t.m {
            let bi = b as i64;
            if !band_ok(self.row_count[b], self.row_sum[b], (bi - br).abs())
                || !band_ok(self.col_count[b], self.col_sum[b], (bi - bc).abs())
            {
                return false;
            }
        }
        // Each quarte a line still needs adds an offset of 1..=4.
        for i in 0..t.n {
            let (kr, kc) = (
                per_band - self.row_count[i / 4],
                per_band - self.col_count[i / 4],
            );
            let (rr, rc) = (
                self.offset_target - self.row_off[i],
                self.offset_target - self.col_off[i],
            );
            if !(kr..=4 * kr).contains(&rr) || !(kc..=4 * kc).contains(&rc) {
                return false;
            }
        }
        !self.full || self.diagonals_feasible(j)
    }

    /// Whether each long diagonal can still reach its sum: its k free
    /// cells get k distinct steps from 4(j+1)+1 to n².
    fn diagonals_feasible(&self, j: usize) -> bool {
        let (lowest, highest) = (4 * (j as i64 + 1) + 1, (self.t.n * self.t.n) as i64);
        (0..2).all(|d| {
            let k = self.diagonal_free[d];
            let rest = self.diagonal_target[d] - self.diagonals[d];
            let spread = k * (k - 1) / 2;
            (k * lowest + spread..=k * highest - spread).contains(&rest)
        })
    }

    /// Keeps the tour just completed if it is closed when it must be and
    /// new up to symmetry and reversal.
    fn record(&mut self) {
        let t = self.t;
        let cells: Vec<u32> = self
            .chosen
            .iter()
            .flat_map(|&placed| t.quarte(placed).cells)
            .map(|c| c as u32)
            .collect();
        if self.closed && !knight_step(t.n, cells[0] as usize, cells[cells.len() - 1] as usize) {
            return;
        }
        if self.seen.insert(canonical(&cells, t.n)) {
            self.found.push(cells);
        }
    }
}

fn knight_step(n: usize, a: usize, b: usize) -> bool {
    let dr = (a / n).abs_diff(b / n);
    let dc = (a % n).abs_diff(b % n);
    (dr, dc) == (1, 2) || (dr, dc) == (2, 1)
}

/// The smallest numbering (steps by cell) among a tour's 16 images under
/// the 8 symmetries of the n x n board and reversal: equal for two tours
/// exactly when one is an image of the other.
pub fn canonical(cells: &[u32], n: usize) -> Vec<u32> {
    let len = cells.len();
    let mut best: Option<Vec<u32>> = None;
    let mut image = vec![0u32; len];
    for symmetry in 0..8 {
        for reversed in [false, true] {
            for (i, &c) in cells.iter().enumerate() {
                let (mut r, mut col) = (c as usize / n, c as usize % n);
                if symmetry & 1 != 0 {
                    col = n - 1 - col;
                }
                if symmetry & 2 != 0 {
                    r = n - 1 - r;
                }
                if symmetry & 4 != 0 {
                    std::mem::swap(&mut r, &mut col);
                }
                let step = if reversed { len - i } else { i + 1 };
                image[r * n + col] = step as u32;
            }
            if best.as_ref().is_none_or(|b| image < *b) {
                best = Some(image.clone());
            }
        }
    }
    best.unwrap_or_default()
}

#[cfg(test)]
mod tests;
