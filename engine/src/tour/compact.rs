//! A path held in well under a byte a square, for boards too big to hold
//! a step number a square: 10,000 x 10,000 in about 95 MB, where the
//! square at each step and the step at each square take 800 MB.
//!
//! Each square keeps, in half a byte, the move to the next square of the
//! path. Every [`EVERY`]-th square of the path is a mark, whose step is
//! kept. The square at a step is found from the mark before it, the step
//! of a square from the mark after it, each at most `EVERY - 1` moves
//! away; the square after a square takes one look.
//!
//! Any leaper on any surface: the half byte names one of the piece's
//! eight move slots, taken round the board's wrapped edges.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::board::{Divider, Geometry};

/// Boards of at least this many squares (2048 x 2048) have their tours
/// held compactly where a whole tour is kept: by the app, for a tour built
/// or read from a file.
pub const HUGE: usize = 1 << 22;

/// A mark every this many steps.
pub const EVERY: usize = 32;

/// Half a byte saying "no next square": the path's last square, or a
/// square off the path.
const NONE: u8 = 0xf;

/// Squares whose steps are remembered (see [`Compact::step`]).
const MEMO: usize = 1 << 16;

/// The piece's moves on a board: where each of its eight slots leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Slots {
    rows: u32,
    cols: u32,
    slots: [(i32, i32); 8],
    wrap_rows: bool,
    wrap_cols: bool,
}

impl Slots {
    fn new(rows: u32, cols: u32, geometry: Geometry) -> Slots {
        Slots {
            rows,
            cols,
            slots: geometry.leaper.slots(),
            wrap_rows: geometry.surface.wraps_rows(),
            wrap_cols: geometry.surface.wraps_columns(),
        }
    }

    /// Where slot `k` leads from `(row, col)`: a square index, or `None`
    /// off the board.
    #[inline]
    fn target(&self, row: u32, col: u32, k: usize) -> Option<u32> {
        let (dr, dc) = self.slots[k];
        let (rows, cols) = (i64::from(self.rows), i64::from(self.cols));
        let mut r = i64::from(row) + i64::from(dr);
        let mut c = i64::from(col) + i64::from(dc);
        if self.wrap_rows {
            r = r.rem_euclid(rows);
        }
        if self.wrap_cols {
            c = c.rem_euclid(cols);
        }
        ((0..rows).contains(&r) && (0..cols).contains(&c)).then(|| (r * cols + c) as u32)
    }

    /// The first slot that leads from `(r, c)` to `(row, col)`, another
    /// square.
    #[inline]
    fn slot(&self, r: u32, c: u32, row: u32, col: u32) -> Option<usize> {
        if (r, c) == (row, col) {
            return None;
        }
        if !self.wrap_rows && !self.wrap_cols {
            let delta = (row as i32 - r as i32, col as i32 - c as i32);
            return self.slots.iter().position(|&m| m == delta);
        }
        let square = row * self.cols + col;
        (0..8).find(|&k| self.target(r, c, k) == Some(square))
    }

    /// Where slot `k` leads from `square`, a move taken when the path was
    /// built (so on the board).
    #[inline]
    fn after(&self, square: u32, k: usize) -> Option<u32> {
        let (dr, dc) = *self.slots.get(k)?;
        if self.wrap_rows || self.wrap_cols {
            return self.target(square / self.cols, square % self.cols, k);
        }
        let to = i64::from(square) + i64::from(dr) * i64::from(self.cols) + i64::from(dc);
        Some(to as u32)
    }
}

/// A path, built once from its squares in order by [`CompactBuilder`].
pub struct Compact {
    moves: Slots,
    len: usize,
    last: Option<u32>,
    /// The move to the next square, half a byte a square (the low half
    /// for even squares): `k` for the piece's slot `k`, [`NONE`] for none.
    next: Vec<u8>,
    /// The square at steps 1, 1 + EVERY, 1 + 2 EVERY, ...
    marks: Vec<u32>,
    /// The marked squares, a bit each.
    marked: Vec<u64>,
    /// Marked squares before each word of `marked`.
    rank: Vec<u32>,
    /// The step of each marked square, in the order of the squares.
    mark_steps: Vec<u32>,
    /// Steps looked up lately, `square << 32 | step` at the square's slot:
    /// a view drawn again asks for the same squares (512 KiB).
    memo: Box<[AtomicU64]>,
}

impl PartialEq for Compact {
    fn eq(&self, other: &Self) -> bool {
        (self.moves, self.len, self.last, &self.next, &self.marks)
            == (
                other.moves,
                other.len,
                other.last,
                &other.next,
                &other.marks,
            )
    }
}

impl std::fmt::Debug for Compact {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Compact")
            .field("cols", &self.moves.cols)
            .field("len", &self.len)
            .field("first", &self.first())
            .field("last", &self.last)
            .finish_non_exhaustive()
    }
}

/// Builds a [`Compact`] path square by square.
pub struct CompactBuilder {
    moves: Slots,
    /// Division by the number of columns (none for a single column).
    by_cols: Option<Divider>,
    next: Vec<u8>,
    marks: Vec<u32>,
    last: Option<(u32, u32, u32)>,
    len: usize,
    squares: usize,
}

impl CompactBuilder {
    /// For a knight's path on a `rows` x `cols` board.
    pub fn new(rows: u32, cols: u32) -> Self {
        Self::with_geometry(rows, cols, Geometry::KNIGHT_PLANE)
    }

    /// For a path of the piece and surface `geometry` on a `rows` x
    /// `cols` board.
    pub fn with_geometry(rows: u32, cols: u32, geometry: Geometry) -> Self {
        let squares = rows as usize * cols as usize;
        CompactBuilder {
            moves: Slots::new(rows, cols, geometry),
            by_cols: (cols >= 2).then(|| Divider::new(cols)),
            next: vec![NONE << 4 | NONE; squares.div_ceil(2)],
            marks: Vec::new(),
            last: None,
            len: 0,
            squares,
        }
    }

    /// The next square of the path, by index; false (nothing taken) when
    /// it is off the board, on the path already, or not a move of the
    /// piece from the last.
    pub fn push(&mut self, square: u32) -> bool {
        if square as usize >= self.squares || half(&self.next, square) != NONE {
            return false;
        }
        let (row, col) = match self.by_cols {
            Some(d) => d.div_rem(square),
            None => (square, 0),
        };
        if let Some((at, r, c)) = self.last {
            let Some(k) = self.moves.slot(r, c, row, col) else {
                return false;
            };
            set_half(&mut self.next, at as usize, k as u8);
        }
        if self.len.is_multiple_of(EVERY) {
            self.marks.push(square);
        }
        self.last = Some((square, row, col));
        self.len += 1;
        true
    }

    /// Squares taken so far.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether no square is taken yet.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The path taken so far, compacted.
    pub fn finish(self) -> Compact {
        let mut marked = vec![0u64; self.squares.div_ceil(64)];
        for &sq in &self.marks {
            marked[sq as usize / 64] |= 1 << (sq % 64);
        }
        let mut rank = Vec::with_capacity(marked.len());
        let mut before = 0u32;
        for w in &marked {
            rank.push(before);
            before += w.count_ones();
        }
        let mut c = Compact {
            moves: self.moves,
            len: self.len,
            last: self.last.map(|(sq, ..)| sq),
            next: self.next,
            marks: self.marks,
            marked,
            rank,
            mark_steps: vec![0; before as usize],
            memo: (0..MEMO).map(|_| AtomicU64::new(u64::MAX)).collect(),
        };
        for (i, &sq) in c.marks.iter().enumerate() {
            let at = c.mark_index(sq).expect("a mark is marked");
            c.mark_steps[at] = (i * EVERY + 1) as u32;
        }
        c
    }
}

fn half(halves: &[u8], at: u32) -> u8 {
    let byte = halves[at as usize / 2];
    if at.is_multiple_of(2) {
        byte & 0xf
    } else {
        byte >> 4
    }
}

fn set_half(halves: &mut [u8], at: usize, v: u8) {
    let byte = &mut halves[at / 2];
    *byte = if at.is_multiple_of(2) {
        *byte & 0xf0 | v
    } else {
        *byte & 0x0f | v << 4
    };
}

impl Compact {
    /// Squares on the path.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the path has no square.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The square after `square` on the path.
    #[inline]
    pub fn after(&self, square: u32) -> Option<u32> {
        if square as usize / 2 >= self.next.len() {
            return None;
        }
        self.moves.after(square, half(&self.next, square) as usize)
    }

    /// The square at step `step` (1 for the first).
    pub fn square(&self, step: usize) -> Option<u32> {
        if step == 0 || step > self.len {
            return None;
        }
        let i = step - 1;
        let mut at = self.marks[i / EVERY];
        for _ in 0..i % EVERY {
            at = self.after(at)?;
        }
        Some(at)
    }

    /// The first square.
    pub fn first(&self) -> Option<u32> {
        self.marks.first().copied()
    }

    /// The last square.
    pub fn last(&self) -> Option<u32> {
        self.last
    }

    /// Where a marked square's step is in `mark_steps`, if it is marked.
    fn mark_index(&self, square: u32) -> Option<usize> {
        let (w, bit) = (square as usize / 64, square % 64);
        let word = *self.marked.get(w)?;
        (word >> bit & 1 == 1)
            .then(|| self.rank[w] as usize + (word & ((1u64 << bit) - 1)).count_ones() as usize)
    }

    /// The step at `square` (1 for the first), 0 off the path.
    pub fn step(&self, square: u32) -> u32 {
        let slot = &self.memo[(square as usize).wrapping_mul(0x9e37_79b9) % MEMO];
        let seen = slot.load(Ordering::Relaxed);
        if seen >> 32 == u64::from(square) {
            return seen as u32;
        }
        let step = self.find_step(square);
        slot.store(u64::from(square) << 32 | u64::from(step), Ordering::Relaxed);
        step
    }

    /// [`Compact::step`], from the mark after the square.
    fn find_step(&self, square: u32) -> u32 {
        let mut at = square;
        for hops in 0..EVERY as u32 {
            if let Some(i) = self.mark_index(at) {
                return self.mark_steps[i] - hops;
            }
            if Some(at) == self.last {
                return self.len as u32 - hops;
            }
            match self.after(at) {
                Some(next) => at = next,
                None => return 0,
            }
        }
        0
    }

    /// The squares in order.
    pub fn squares(&self) -> impl Iterator<Item = u32> + '_ {
        let mut at = self.first();
        let mut left = self.len;
        std::iter::from_fn(move || {
            if left == 0 {
                return None;
            }
            left -= 1;
            let here = at?;
            at = self.after(here);
            Some(here)
        })
    }

    /// Bytes held for the tour, for the figures (besides a fixed 512 KiB
    /// of remembered steps).
    pub fn bytes(&self) -> usize {
        self.next.len()
            + 4 * self.marks.len()
            + 8 * self.marked.len()
            + 4 * self.rank.len()
            + 4 * self.mark_steps.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Square};
    use crate::solver::find::construct::construct;

    fn check(board: &Board, path: &[u32]) {
        let mut b = CompactBuilder::with_geometry(board.rows(), board.cols(), board.geometry());
        for &sq in path {
            assert!(b.push(sq));
        }
        let c = b.finish();
        assert_eq!(c.len(), path.len());
        assert_eq!(c.squares().collect::<Vec<_>>(), path);
        let mut step = vec![0u32; board.len()];
        for (i, &sq) in path.iter().enumerate() {
            step[sq as usize] = i as u32 + 1;
            assert_eq!(c.square(i + 1), Some(sq));
        }
        // Twice: the second time from the remembered steps.
        for sq in (0..board.len() as u32).chain(0..board.len() as u32) {
            assert_eq!(c.step(sq), step[sq as usize], "square {sq}");
        }
        assert_eq!(
            (c.first(), c.last()),
            (path.first().copied(), path.last().copied())
        );
        assert_eq!(c.square(0), None);
        assert_eq!(c.square(path.len() + 1), None);
    }

    #[test]
    fn every_square_and_step_is_found_again() {
        // Tours of several sizes, a mark's length and more, and parts of
        // them (a path that stops on, before and after a mark).
        for (rows, cols) in [(5, 5), (6, 7), (10, 13), (33, 31)] {
            let board = Board::new(rows, cols, &[]).unwrap();
            let start = Square::new(rows - 1, 0);
            let tour = construct(rows, cols, start, false).unwrap();
            check(&board, &tour);
            for n in [0, 1, 2, EVERY - 1, EVERY, EVERY + 1, 2 * EVERY + 5] {
                check(&board, &tour[..n.min(tour.len())]);
            }
        }
    }

    /// A long path by Warnsdorff's rule from square 0, checked as the
    /// board's piece moves.
    fn long_path(board: &Board) -> Vec<u32> {
        let mut on = vec![false; board.len()];
        let mut path = vec![0u32];
        on[0] = true;
        let free = |sq, on: &[bool]| {
            board
                .neighbours(sq)
                .filter(|&t| !on[board.index(t) as usize])
                .count()
        };
        loop {
            let here = board.square(*path.last().unwrap());
            let Some(next) = board
                .neighbours(here)
                .filter(|&t| !on[board.index(t) as usize])
                .min_by_key(|&t| free(t, &on))
            else {
                break;
            };
            let at = board.index(next);
            on[at as usize] = true;
            path.push(at);
        }
        crate::tour::check_indices(board, &path, false).expect("a legal path");
        path
    }

    #[test]
    fn paths_of_every_piece_on_every_surface_are_found_again() {
        use crate::board::{Geometry, Leaper, Surface};
        let mut long = 0;
        for leaper in ["knight", "zebra", "0,1", "1,1", "3,7"] {
            for surface in Surface::ALL {
                let g = Geometry::new(leaper.parse::<Leaper>().unwrap(), surface);
                for (rows, cols) in [(12, 12), (9, 17), (40, 3)] {
                    let board = Board::with_geometry(rows, cols, &[], g).unwrap();
                    let path = long_path(&board);
                    long += usize::from(path.len() > 2 * EVERY);
                    check(&board, &path);
                }
            }
        }
        // Most paths pass several marks (a long leap on the plane of a
        // narrow board has few moves).
        assert!(long >= 35, "{long} of 45");
    }

    #[test]
    fn a_wrapped_move_is_held_and_a_plane_one_is_not() {
        use crate::board::{Geometry, Leaper, Surface};
        let wazir = Leaper::new(0, 1).unwrap();
        // Along row 0 of a 4x5 torus, round past its last column.
        let torus = Geometry::new(wazir, Surface::Torus);
        let mut b = CompactBuilder::with_geometry(4, 5, torus);
        for sq in [3, 4, 0, 15, 10] {
            assert!(b.push(sq), "{sq}");
        }
        assert!(!b.push(10), "the same square again");
        assert!(!b.push(12), "two squares on");
        let c = b.finish();
        assert_eq!(c.squares().collect::<Vec<_>>(), [3, 4, 0, 15, 10]);
        assert_eq!((c.step(0), c.step(15), c.step(1)), (3, 4, 0));
        // The same steps on the plane: 4 to 0 wraps, and is refused.
        let mut b = CompactBuilder::with_geometry(4, 5, Geometry::new(wazir, Surface::Plane));
        assert!(b.push(3) && b.push(4));
        assert!(!b.push(0));
        // A cylinder wraps the columns only.
        let mut b = CompactBuilder::with_geometry(4, 5, Geometry::new(wazir, Surface::Cylinder));
        assert!(b.push(4) && b.push(0));
        assert!(!b.push(15));
    }

    #[test]
    fn a_square_not_a_knights_move_on_is_refused() {
        let mut b = CompactBuilder::new(5, 5);
        assert!(b.push(0));
        assert!(!b.push(1));
        assert!(!b.push(25));
        assert!(!b.push(0));
        assert!(b.push(7));
        // Back to a square already on the path (a knight's move away),
        // the first or another.
        assert!(!b.push(0));
        assert!(b.push(14));
        assert!(!b.push(7));
        assert!(b.push(23));
        assert!(!b.push(14));
        assert!(b.push(12));
        assert_eq!(b.len(), 5);
        assert_eq!(
            b.finish().squares().collect::<Vec<_>>(),
            vec![0, 7, 14, 23, 12]
        );
    }

    #[test]
    fn a_big_tour_takes_under_a_byte_a_square() {
        let (rows, cols) = (400, 500);
        let mut b = CompactBuilder::new(rows, cols);
        let tour = construct(rows, cols, Square::new(0, 0), true).unwrap();
        for &sq in &tour {
            assert!(b.push(sq));
        }
        let c = b.finish();
        let squares = (rows * cols) as usize;
        assert!(c.bytes() < squares, "{} bytes", c.bytes());
        // Squares far apart share the remembered steps' slots.
        for _ in 0..2 {
            for (i, &sq) in tour.iter().enumerate().step_by(7) {
                assert_eq!(c.step(sq), i as u32 + 1);
            }
        }
    }
}
