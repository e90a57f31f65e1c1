//! Checking a path as it goes, one square at a time: a bit per square and a
//! few operations a step, so a path need not be held to be checked (10^8
//! squares in 12.5 MB).

use crate::board::{Board, Divider, Geometry, Square};

use super::{Fault, FaultKind, Summary};

/// A path being checked. Feed it squares in order with [`Walk::step`] (or
/// [`Walk::step_index`]); the first fault ends it. A repeated square's
/// fault does not know when the square was first visited (that would take
/// a step number per square): its `first` is 0 until the caller, who can
/// go over the path again, fills it in (see [`first_visit`]).
pub struct Walk {
    rows: i64,
    cols: i64,
    /// Division by the number of columns (none for a single column).
    by_cols: Option<Divider>,
    seen: Vec<u64>,
    first: Option<Square>,
    last: Option<Square>,
    steps: usize,
    /// Free squares of the board.
    free: usize,
    /// The blocked squares, a bit each, when there are any.
    holes: Option<Vec<u64>>,
    /// The board, for another piece or surface than the knight on the
    /// plane (whose moves are checked by their row and column alone).
    other: Option<Board>,
}

impl Walk {
    /// A walk on `board`, which it need not outlive.
    pub fn new(board: &Board) -> Self {
        let holes = (!board.blocked().is_empty()).then(|| {
            let mut bits = vec![0u64; board.len().div_ceil(64)];
            for &sq in board.blocked() {
                let at = board.index(sq) as usize;
                bits[at / 64] |= 1 << (at % 64);
            }
            bits
        });
        Walk {
            rows: board.rows() as i64,
            cols: board.cols() as i64,
            by_cols: (board.cols() >= 2).then(|| Divider::new(board.cols())),
            seen: vec![0u64; board.len().div_ceil(64)],
            first: None,
            last: None,
            steps: 0,
            free: board.free_count(),
            holes,
            other: (!board.geometry().is_knight_plane()).then(|| board.clone()),
        }
    }

    /// The piece and surface whose moves the walk checks.
    pub fn geometry(&self) -> Geometry {
        self.other
            .as_ref()
            .map_or(Geometry::KNIGHT_PLANE, Board::geometry)
    }

    /// Whether one move goes from `from` to `to`.
    fn is_move(&self, from: Square, to: Square) -> bool {
        match &self.other {
            None => from.is_knight_move(to),
            Some(b) => b.is_move(from, to),
        }
    }

    /// Squares taken so far.
    pub fn steps(&self) -> usize {
        self.steps
    }

    /// The next square, as (row, col).
    #[inline]
    pub fn step(&mut self, row: i64, col: i64) -> Result<(), Fault> {
        self.steps += 1;
        let fault = |kind| {
            Err(Fault {
                step: self.steps,
                kind,
            })
        };
        if row < 0 || col < 0 || row >= self.rows || col >= self.cols {
            return fault(FaultKind::OffBoard { row, col });
        }
        let sq = Square::new(row as u32, col as u32);
        let at = (row * self.cols + col) as usize;
        let (word, bit) = (at / 64, 1u64 << (at % 64));
        if self.holes.as_ref().is_some_and(|h| h[word] & bit != 0) {
            return fault(FaultKind::Blocked(sq));
        }
        if self.seen[word] & bit != 0 {
            return fault(FaultKind::Repeated {
                square: sq,
                first: 0,
            });
        }
        if let Some(from) = self.last
            && !self.is_move(from, sq)
        {
            return fault(match &self.other {
                None => FaultKind::NotKnightMove { from, to: sq },
                Some(b) => FaultKind::NotMove {
                    from,
                    to: sq,
                    geometry: b.geometry(),
                },
            });
        }
        self.seen[word] |= bit;
        self.last = Some(sq);
        if self.first.is_none() {
            self.first = Some(sq);
        }
        Ok(())
    }

    /// The next square, as its index (`row * cols + col`). The usual case,
    /// a fresh free square a knight's move on (row and column differences
    /// that multiply to 2), takes a few operations; anything else goes
    /// through [`Walk::step`] to be named. The square is returned, for
    /// callers that want its row and column.
    #[inline]
    pub fn step_index(&mut self, index: u32) -> Result<Square, Fault> {
        let (row, col) = match self.by_cols {
            Some(d) => d.div_rem(index),
            None => (index, 0),
        };
        let at = index as usize;
        if i64::from(row) < self.rows
            && let Some(last) = self.last
        {
            let (word, bit) = (at / 64, 1u64 << (at % 64));
            let fresh = self.seen[word] & bit == 0;
            let knight = row.abs_diff(last.row) * col.abs_diff(last.col) == 2;
            if fresh && knight && self.holes.is_none() && self.other.is_none() {
                self.seen[word] |= bit;
                self.steps += 1;
                let sq = Square::new(row, col);
                self.last = Some(sq);
                return Ok(sq);
            }
        }
        self.step(row as i64, col as i64)
            .map(|()| Square::new(row, col))
    }

    /// The last square fed, if any.
    pub fn last(&self) -> Option<Square> {
        self.last
    }

    /// What the path is, once every square has been fed: a complete tour
    /// (that must close, with `must_close`) or a legal path short of it.
    pub fn finish(&self, must_close: bool) -> Result<Summary, Fault> {
        let (Some(first), Some(last)) = (self.first, self.last) else {
            return Err(Fault {
                step: 1,
                kind: FaultKind::Empty,
            });
        };
        let total = self.free;
        if self.steps < total {
            return Ok(Summary::Partial {
                visited: self.steps,
                total,
            });
        }
        let closed = self.steps > 2 && self.is_move(last, first);
        if must_close && !closed {
            return Err(Fault {
                step: self.steps,
                kind: FaultKind::NotClosed { last, first },
            });
        }
        Ok(Summary::Complete { closed })
    }
}

/// Fills in when a repeated square was first visited, from the path gone
/// over again (its squares in order).
pub fn first_visit<I: IntoIterator<Item = Square>>(mut fault: Fault, path: I) -> Fault {
    if let FaultKind::Repeated { square, first } = &mut fault.kind {
        *first = path
            .into_iter()
            .position(|sq| sq == *square)
            .map_or(0, |i| i + 1);
    }
    fault
}
