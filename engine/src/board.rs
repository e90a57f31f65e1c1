//! Board geometry: size, blocked squares, square notation and knight moves.
//!
//! Squares live in a *padded* layout: the board is surrounded by a border two
//! squares wide that is never free, so the eight knight moves from any board
//! square are eight fixed index offsets and no move needs a bounds check. The
//! "neighbour table" is therefore eight integers, computed once, and it costs
//! nothing per square: a 10,000 x 10,000 board needs one byte a square for its
//! cells and no table at all.

use std::sync::Arc;

mod error;
mod geometry;
mod outline;
mod square;

pub use error::{BoardError, LeaperError, SquareError};
pub use geometry::{Geometry, Leaper, Surface};
pub use outline::Outline;
pub use square::{Square, parse_square_list};

/// The eight knight moves as (row, col) deltas, in the order the textbook
/// backtracking programs try them (and so the order `backtrack` uses).
pub const MOVES: [(i32, i32); 8] = [
    (2, 1),
    (1, 2),
    (-1, 2),
    (-2, 1),
    (-2, -1),
    (-1, -2),
    (1, -2),
    (2, -1),
];

/// Width of the never-free border around the board in the padded layout,
/// for the knight (a longer leaper's border is as wide as its longest leap
/// that fits on the board).
pub(crate) const PAD: usize = 2;

/// The most memory a board (with one search over it) may need before it is
/// refused up front. 10,000 x 10,000 needs about 0.7 GiB; 17,500 x 17,500
/// is about the most.
pub const MEMORY_LIMIT: u64 = 2 << 30;

/// Cell flag in the padded cell array: not a square the knight may enter
/// (border, blocked, or later in a search: visited).
pub(crate) const CELL_CLOSED: u8 = 0x80;
/// Cell flag: not counted in its neighbours' degrees (border, blocked, visited;
/// the start of a closed tour keeps counting, since the tour returns to it).
pub(crate) const CELL_GONE: u8 = 0x40;
/// Mask of the degree (number of free neighbours) kept in a cell's low bits.
pub(crate) const CELL_DEGREE: u8 = 0x0f;

/// Division by a number fixed at run time, by a multiplication instead of
/// a divide instruction (Lemire, Kaser and Kurz 2019, "Faster remainder by
/// direct computation", Software: Practice and Experience 49): for every
/// 32-bit `n` and divisor `d >= 2`, `n / d` is the high 64 bits of `c * n`
/// with `c = ceil(2^64 / d)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Divider {
    d: u32,
    c: u64,
}

impl Divider {
    /// Divides by `d`, at least 2.
    pub fn new(d: u32) -> Divider {
        assert!(d >= 2, "a divider needs a divisor of at least 2");
        Divider {
            d,
            c: u64::MAX / d as u64 + 1,
        }
    }
    /// `n / d`.
    #[inline]
    pub fn quotient(self, n: u32) -> u32 {
        ((self.c as u128 * n as u128) >> 64) as u32
    }
    /// `(n / d, n % d)`.
    #[inline]
    pub fn div_rem(self, n: u32) -> (u32, u32) {
        let q = self.quotient(n);
        (q, n - q * self.d)
    }
}

/// A rectangular board with blocked squares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    rows: u32,
    cols: u32,
    width: usize,
    /// Division by `width`: the row of a padded position.
    rows_of: Divider,
    /// Padded cells: border and blocked squares are `CELL_CLOSED | CELL_GONE`,
    /// a free square holds its number of free neighbours. Shared by the
    /// board's clones (100 MB at 10,000 x 10,000): never changed once the
    /// board is made.
    cells: Arc<Vec<u8>>,
    /// Padded index offsets of the leaper's eight move slots; 0 (the square
    /// itself, never free to move to) for a slot that is no move here.
    offsets: [isize; 8],
    blocked: Vec<Square>,
    free: usize,
    geometry: Geometry,
    /// Width of the border.
    pad: usize,
    /// On a cylinder or torus, where a move's offset depends on the
    /// square: the target of each square's eight slots, eight entries per
    /// padded position (the square itself for no move).
    table: Option<Arc<Vec<u32>>>,
}

impl Board {
    /// Bytes a board of this size needs, with one search over it: two padded
    /// cell arrays (the board's and the search's), and per square a path entry
    /// (u32) and a move counter (u8).
    pub fn memory_needed(rows: u32, cols: u32) -> u64 {
        Self::memory_for(rows, cols, PAD, false)
    }

    /// [`Board::memory_needed`] with a border `pad` wide, and with a
    /// table of moves (four bytes a slot) when `table`.
    fn memory_for(rows: u32, cols: u32, pad: usize, table: bool) -> u64 {
        let padded = (rows as u64 + 2 * pad as u64) * (cols as u64 + 2 * pad as u64);
        let per_cell = if table { 2 + 32 } else { 2 };
        per_cell * padded + 5 * rows as u64 * cols as u64
    }

    /// The most squares a board may have: each takes at least 7 bytes of
    /// [`MEMORY_LIMIT`] (see [`Board::memory_needed`]).
    pub fn max_squares() -> u64 {
        MEMORY_LIMIT / 7
    }

    /// Builds a board for the knight on the plane, refusing sizes of 0
    /// and boards too big to hold.
    ///
    /// ```
    /// use knight_engine::board::{Board, Square};
    ///
    /// let holed = Board::new(8, 8, &[Square::new(3, 3), Square::new(4, 4)]).unwrap();
    /// assert_eq!(holed.free_count(), 62);
    /// assert!(!holed.is_free(Square::new(3, 3)));
    /// assert!(Board::new(0, 8, &[]).is_err());
    /// ```
    pub fn new(rows: u32, cols: u32, blocked: &[Square]) -> Result<Board, BoardError> {
        Self::with_geometry(rows, cols, blocked, Geometry::KNIGHT_PLANE)
    }

    /// Builds a board for any leaper on any surface.
    pub fn with_geometry(
        rows: u32,
        cols: u32,
        blocked: &[Square],
        geometry: Geometry,
    ) -> Result<Board, BoardError> {
        if rows == 0 || cols == 0 {
            return Err(BoardError::Empty { rows, cols });
        }
        let slots = geometry.leaper.slots();
        let repeats = geometry.leaper.repeats();
        // The slots that are moves here: not a repeat, and (where an edge
        // does not wrap) shorter than the board.
        let fits = |k: usize| {
            let (dr, dc) = slots[k];
            repeats >> k & 1 == 0
                && (geometry.surface.wraps_rows() || dr.unsigned_abs() < rows)
                && (geometry.surface.wraps_columns() || dc.unsigned_abs() < cols)
        };
        let wrapped = geometry.surface != Surface::Plane;
        let pad = if wrapped {
            PAD
        } else {
            (0..8)
                .filter(|&k| fits(k))
                .map(|k| slots[k].0.unsigned_abs().max(slots[k].1.unsigned_abs()) as usize)
                .max()
                .unwrap_or(0)
                .max(PAD)
        };
        let need = Self::memory_for(rows, cols, pad, wrapped);
        if need > MEMORY_LIMIT {
            return Err(BoardError::TooBig {
                rows,
                cols,
                need,
                limit: MEMORY_LIMIT,
            });
        }
        let width = cols as usize + 2 * pad;
        let height = rows as usize + 2 * pad;
        // Border everywhere; the board's own squares get their counts below.
        let cells = vec![CELL_CLOSED | CELL_GONE; width * height];
        let mut board = Board {
            rows,
            cols,
            width,
            rows_of: Divider::new(width as u32),
            cells: Arc::new(cells),
            offsets: [0; 8],
            blocked: Vec::new(),
            free: rows as usize * cols as usize,
            geometry,
            pad,
            table: None,
        };
        for (k, &(dr, dc)) in slots.iter().enumerate() {
            if fits(k) && !wrapped {
                board.offsets[k] = dr as isize * width as isize + dc as isize;
            }
        }
        let mut list = blocked.to_vec();
        list.sort();
        list.dedup();
        for &sq in &list {
            board.check_square(sq, "blocked square")?;
        }
        board.free -= list.len();
        board.blocked = list;
        if wrapped {
            board.table = Some(Arc::new(board.wrapped_table(&fits)));
        }
        board.compute_degrees();
        Ok(board)
    }

    /// The targets of every square's slots on a cylinder or torus: a
    /// slot that leaves the board (a row off a cylinder), comes back to
    /// the square itself, or reaches a square an earlier slot reaches (two
    /// leaps to one square are one move) holds the square itself.
    fn wrapped_table(&self, fits: &dyn Fn(usize) -> bool) -> Vec<u32> {
        let slots = self.geometry.leaper.slots();
        let (rows, cols) = (self.rows as i64, self.cols as i64);
        let wrap_rows = self.geometry.surface.wraps_rows();
        let mut table = vec![0u32; self.cells.len() * 8];
        for r in 0..rows {
            for c in 0..cols {
                let p = self.padded(Square::new(r as u32, c as u32));
                let entry = &mut table[p * 8..p * 8 + 8];
                entry.fill(p as u32);
                for (k, &(dr, dc)) in slots.iter().enumerate() {
                    let mut r2 = r + dr as i64;
                    if wrap_rows {
                        r2 = r2.rem_euclid(rows);
                    }
                    let c2 = (c + dc as i64).rem_euclid(cols);
                    if !fits(k) || !(0..rows).contains(&r2) {
                        continue;
                    }
                    let q = self.padded(Square::new(r2 as u32, c2 as u32)) as u32;
                    if q as usize != p && !entry[..k].contains(&q) {
                        entry[k] = q;
                    }
                }
            }
        }
        table
    }

    /// Sets every free square's count of free neighbours. On the plane,
    /// rows farther than the longest leap from the top and bottom edges
    /// all count alike, so one such row is worked out and copied; the
    /// blocked squares then take themselves out of their neighbours'
    /// counts.
    fn compute_degrees(&mut self) {
        let padded: Vec<usize> = self.blocked.iter().map(|&sq| self.padded(sq)).collect();
        let starts: Vec<usize> = (0..self.rows)
            .map(|r| self.padded(Square::new(r, 0)))
            .collect();
        let slots = self.geometry.leaper.slots();
        let moves: Vec<(i64, i64)> = (0..8)
            .filter(|&k| self.offsets[k] != 0)
            .map(|k| (slots[k].0 as i64, slots[k].1 as i64))
            .collect();
        let reach = moves.iter().map(|m| m.0.abs()).max().unwrap_or(0);
        let (rows, cols) = (self.rows as i64, self.cols as i64);
        // Where a table gives the moves, each square's count, row by row.
        let counted: Option<Vec<u8>> = self.table.is_some().then(|| {
            starts
                .iter()
                .flat_map(|&start| start..start + cols as usize)
                .map(|p| self.targets(p).iter().filter(|&&q| q != p).count() as u8)
                .collect()
        });
        let around_blocked: Vec<[usize; 8]> = padded.iter().map(|&p| self.targets(p)).collect();
        let cells = Arc::get_mut(&mut self.cells).expect("a new board's cells are its own");
        match counted {
            Some(counts) => {
                let squares = starts
                    .iter()
                    .flat_map(|&start| start..start + cols as usize);
                for (p, n) in squares.zip(counts) {
                    cells[p] = n;
                }
            }
            None => {
                let degree = |r: i64, c: i64| {
                    moves
                        .iter()
                        .filter(|&&(dr, dc)| {
                            let (r, c) = (r + dr, c + dc);
                            r >= 0 && r < rows && c >= 0 && c < cols
                        })
                        .count() as u8
                };
                let inner: Vec<u8> = (0..cols).map(|c| degree(reach, c)).collect();
                for r in 0..rows {
                    let start = starts[r as usize];
                    let row = &mut cells[start..start + cols as usize];
                    if r >= reach && r + reach < rows {
                        row.copy_from_slice(&inner);
                    } else {
                        for (c, cell) in row.iter_mut().enumerate() {
                            *cell = degree(r, c as i64);
                        }
                    }
                }
            }
        }
        for &p in &padded {
            cells[p] = CELL_CLOSED | CELL_GONE;
        }
        for (&p, targets) in padded.iter().zip(around_blocked) {
            for q in targets {
                if q != p && cells[q] & CELL_GONE == 0 {
                    cells[q] -= 1;
                }
            }
        }
    }

    /// The targets of the eight move slots from the padded position `p`
    /// (a square of the board): `p` itself for a slot that is no move.
    #[inline]
    pub(crate) fn targets(&self, p: usize) -> [usize; 8] {
        match &self.table {
            Some(t) => std::array::from_fn(|k| t[p * 8 + k] as usize),
            None => std::array::from_fn(|k| p.wrapping_add_signed(self.offsets[k])),
        }
    }

    /// The table of targets on a cylinder or torus (see [`Board::targets`]).
    #[inline]
    pub(crate) fn table(&self) -> Option<&[u32]> {
        self.table.as_deref().map(Vec::as_slice)
    }

    /// Whether the piece has any move on this board (blocked squares
    /// aside): false when its leap fits nowhere.
    #[inline]
    pub fn has_moves(&self) -> bool {
        match &self.table {
            None => self.offsets.iter().any(|&o| o != 0),
            Some(_) => (0..self.len() as u32).any(|i| {
                let p = self.padded(self.square(i));
                self.targets(p).iter().any(|&q| q != p)
            }),
        }
    }

    /// The piece and the surface.
    #[inline]
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// Whether the piece goes from `from` to `to` (two squares of the
    /// board, blocked or not) in one move.
    #[inline]
    pub fn is_move(&self, from: Square, to: Square) -> bool {
        if !self.contains(from) || !self.contains(to) || from == to {
            return false;
        }
        if self.geometry.is_knight_plane() {
            return from.is_knight_move(to);
        }
        let (p, q) = (self.padded(from), self.padded(to));
        self.targets(p).contains(&q)
    }

    /// How a move from `from` to `to` is drawn: segments between square
    /// centres given as (row, col), which may lie off the board. The move
    /// itself, or, across a wrapped edge, two halves: out of `from` by the
    /// leap, and into `to` from a leap before it. A step that is no move
    /// (a faulty path's) is drawn straight.
    pub fn strokes(&self, from: Square, to: Square) -> Vec<[(i64, i64); 2]> {
        let (a, b) = (
            (from.row as i64, from.col as i64),
            (to.row as i64, to.col as i64),
        );
        match self.leap(from, to) {
            Some((dr, dc)) if (b.0 - a.0, b.1 - a.1) != (dr, dc) => {
                vec![[a, (a.0 + dr, a.1 + dc)], [(b.0 - dr, b.1 - dc), b]]
            }
            _ => vec![[a, b]],
        }
    }

    /// The row and column steps of a move from `from` to `to`: the leap
    /// itself, which on a cylinder or torus may cross an edge. None when
    /// it is no move.
    #[inline]
    fn leap(&self, from: Square, to: Square) -> Option<(i64, i64)> {
        if !self.is_move(from, to) {
            return None;
        }
        let (rows, cols) = (self.rows as i64, self.cols as i64);
        let (dr, dc) = (
            to.row as i64 - from.row as i64,
            to.col as i64 - from.col as i64,
        );
        self.geometry
            .leaper
            .slots()
            .into_iter()
            .find_map(|(sr, sc)| {
                let (sr, sc) = (sr as i64, sc as i64);
                let row_ok = if self.geometry.surface.wraps_rows() {
                    (sr - dr).rem_euclid(rows) == 0
                } else {
                    sr == dr
                };
                let col_ok = if self.geometry.surface.wraps_columns() {
                    (sc - dc).rem_euclid(cols) == 0
                } else {
                    sc == dc
                };
                (row_ok && col_ok).then_some((sr, sc))
            })
    }

    /// Number of rows.
    #[inline]
    pub fn rows(&self) -> u32 {
        self.rows
    }
    /// Number of columns.
    #[inline]
    pub fn cols(&self) -> u32 {
        self.cols
    }
    /// Number of squares, blocked ones included.
    #[inline]
    pub fn len(&self) -> usize {
        self.rows as usize * self.cols as usize
    }
    /// Never true: a board has at least one square.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Number of squares a tour must visit.
    #[inline]
    pub fn free_count(&self) -> usize {
        self.free
    }
    /// The blocked squares, as given.
    #[inline]
    pub fn blocked(&self) -> &[Square] {
        &self.blocked
    }
    /// `5x5`, or `5x5 with 2 blocked squares`.
    /// On another surface or for another leaper: `20x20 torus`,
    /// `10x10 for the zebra`.
    pub fn describe(&self) -> String {
        self.outline().to_string()
    }

    /// The board as messages name it, as a value ([`Outline`]).
    pub fn outline(&self) -> Outline {
        Outline::of(self)
    }

    /// True when the square is on the board, blocked or not.
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        sq.row < self.rows && sq.col < self.cols
    }

    /// An error naming `what` when the square is off the board.
    pub fn check_square(&self, sq: Square, what: &'static str) -> Result<(), BoardError> {
        if self.contains(sq) {
            Ok(())
        } else {
            Err(BoardError::OffBoard {
                what,
                square: sq,
                rows: self.rows,
                cols: self.cols,
            })
        }
    }

    /// True when the square is on the board and not blocked.
    #[inline]
    pub fn is_free(&self, sq: Square) -> bool {
        self.contains(sq) && self.cells[self.padded(sq)] & CELL_CLOSED == 0
    }

    /// Index of a square in row-major order (`row * cols + col`).
    #[inline]
    pub fn index(&self, sq: Square) -> u32 {
        sq.row * self.cols + sq.col
    }
    /// The square at a row-major index: the inverse of [`Board::index`].
    #[inline]
    pub fn square(&self, index: u32) -> Square {
        Square::new(index / self.cols, index % self.cols)
    }

    /// Position of a square in the padded cell array.
    #[inline]
    pub(crate) fn padded(&self, sq: Square) -> usize {
        (sq.row as usize + self.pad) * self.width + sq.col as usize + self.pad
    }
    /// The square at a padded position (which must be on the board).
    #[inline]
    pub(crate) fn unpadded(&self, p: usize) -> Square {
        let (row, col) = self.rows_of.div_rem(p as u32);
        Square::new(row - self.pad as u32, col - self.pad as u32)
    }
    /// The square index of a padded position (which must be on the board).
    #[inline]
    pub(crate) fn index_of_padded(&self, p: usize) -> u32 {
        // p = (row + PAD) * width + col + PAD, index = row * cols + col.
        let pad = self.pad;
        let row = self.rows_of.quotient(p as u32) - pad as u32;
        p as u32 - (pad * self.width + pad) as u32 - row * (2 * pad) as u32
    }
    /// The padded row of a padded position.
    #[inline]
    pub(crate) fn padded_row(&self, p: usize) -> u32 {
        self.rows_of.quotient(p as u32)
    }
    /// Width of a padded row.
    #[inline]
    pub(crate) fn padded_width(&self) -> usize {
        self.width
    }
    /// Width of the border round the board in the padded layout.
    #[inline]
    pub(crate) fn pad(&self) -> usize {
        self.pad
    }
    /// The padded cell array: what a search copies to start from.
    #[inline]
    pub(crate) fn cells(&self) -> &[u8] {
        &self.cells
    }
    /// Padded index offsets of the eight move slots, in [`MOVES`] order
    /// (on the plane; see [`Board::targets`]).
    #[inline]
    pub(crate) fn offsets(&self) -> &[isize; 8] {
        &self.offsets
    }

    /// The free squares the piece reaches from `sq` in one move, in the
    /// order of its slots ([`MOVES`] order for the knight).
    #[inline]
    pub fn neighbours(&self, sq: Square) -> impl Iterator<Item = Square> + '_ {
        let p = self.padded(sq);
        self.targets(p)
            .into_iter()
            .filter(move |&q| q != p && self.cells[q] & CELL_CLOSED == 0)
            .map(|q| self.unpadded(q))
    }

    /// Number of free squares a knight reaches from `sq` in one move.
    #[inline]
    pub fn degree(&self, sq: Square) -> usize {
        self.neighbours(sq).count()
    }

    /// Every free square, row by row.
    #[inline]
    pub fn free_squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.rows)
            .flat_map(move |r| (0..self.cols).map(move |c| Square::new(r, c)))
            .filter(|&sq| self.is_free(sq))
    }

    /// Free squares of each colour: (light, dark), light being the corner's.
    pub fn colour_counts(&self) -> (usize, usize) {
        let total = self.len();
        let light_all = total.div_ceil(2);
        let (mut light, mut dark) = (light_all, total - light_all);
        for sq in &self.blocked {
            if sq.colour() == 0 {
                light -= 1;
            } else {
                dark -= 1;
            }
        }
        (light, dark)
    }
}

/// A symmetry of the rectangle that maps knight moves to knight moves: one of
/// the 8 of a square (4 of an oblong board), numbered 0..8.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetry(u8);

impl Symmetry {
    /// Image of a square on a `rows` x `cols` board. Bits: 1 = flip rows,
    /// 2 = flip columns, 4 = transpose (square boards only).
    #[inline]
    pub fn apply(self, sq: Square, rows: u32, cols: u32) -> Square {
        let mut r = if self.0 & 1 != 0 {
            rows - 1 - sq.row
        } else {
            sq.row
        };
        let mut c = if self.0 & 2 != 0 {
            cols - 1 - sq.col
        } else {
            sq.col
        };
        if self.0 & 4 != 0 {
            std::mem::swap(&mut r, &mut c);
        }
        Square::new(r, c)
    }
}

impl Board {
    /// The symmetries of the board that map its blocked squares onto blocked
    /// squares (so they map tours onto tours). Always holds the identity.
    pub fn symmetries(&self) -> Vec<Symmetry> {
        // A cylinder's rows and columns differ: no transpose.
        let square = self.rows == self.cols && self.geometry.surface != Surface::Cylinder;
        let n = if square { 8 } else { 4 };
        let set: std::collections::HashSet<Square> = self.blocked.iter().copied().collect();
        (0..n)
            .map(Symmetry)
            .filter(|g| {
                self.blocked
                    .iter()
                    .all(|&b| set.contains(&g.apply(b, self.rows, self.cols)))
            })
            .collect()
    }
}

/// `1.5 GiB`, `700 MiB`.
pub fn human_bytes(n: u64) -> String {
    const GIB: f64 = (1u64 << 30) as f64;
    const MIB: f64 = (1u64 << 20) as f64;
    let x = n as f64;
    if x >= GIB {
        format!("{:.1} GiB", x / GIB)
    } else {
        format!("{:.0} MiB", (x / MIB).max(1.0))
    }
}

#[cfg(test)]
mod tests;
