//! A path on a board as the app draws it: the squares in order and the
//! step at each square, changed incrementally; or, for a whole tour of a
//! board too big for a step number a square, the tour held compactly.

use std::collections::VecDeque;
use std::sync::Arc;

use knight_engine::board::Board;
use knight_engine::tour::compact::Compact;

/// A path on a board: the squares in order, and the step (1-based) at
/// each square, 0 off the path.
#[derive(Clone, Debug, Default)]
pub struct Trail {
    held: Held,
    /// Squares on the board.
    squares: usize,
    /// Squares just taken off the path, with the change that took them:
    /// shown for a moment as undone, so backtracking is seen, not just
    /// squares vanishing.
    undone: VecDeque<(u32, u64)>,
    /// Changes made by [`Trail::set`].
    changes: u64,
}

#[derive(Clone, Debug)]
enum Held {
    /// The squares in order and the step at each square: changed
    /// incrementally.
    Full { path: Vec<u32>, steps: Vec<u32> },
    /// A tour held whole on a board too big for that (see
    /// [`knight_engine::tour::compact`]), of which the first so many squares
    /// are the path; replaced whole by the next change.
    Compact(Arc<Compact>, usize),
}

impl Default for Held {
    fn default() -> Self {
        Held::Full {
            path: Vec::new(),
            steps: Vec::new(),
        }
    }
}

/// For how many changes a square taken off the path shows as undone.
pub const UNDONE_FOR: u64 = 3;

/// Retreats longer than this are not marked (a jump, not a step back).
const UNDONE_MAX: usize = 64;

impl Trail {
    pub fn new(squares: usize) -> Trail {
        Trail {
            held: Held::Full {
                path: Vec::new(),
                steps: vec![0; squares],
            },
            squares,
            ..Trail::default()
        }
    }

    /// A whole tour held compactly, on a board of `squares` squares.
    pub fn of_compact(tour: Arc<Compact>, squares: usize) -> Trail {
        let len = tour.len();
        Self::of_compact_prefix(tour, len, squares)
    }

    /// The first `len` squares of a tour held compactly.
    pub fn of_compact_prefix(tour: Arc<Compact>, len: usize, squares: usize) -> Trail {
        Trail {
            held: Held::Compact(tour, len),
            squares,
            ..Trail::default()
        }
    }

    /// Squares on the board.
    pub fn board_squares(&self) -> usize {
        self.squares
    }

    /// The tour, when it is held compactly.
    pub fn compact(&self) -> Option<&Arc<Compact>> {
        match &self.held {
            Held::Compact(c, _) => Some(c),
            Held::Full { .. } => None,
        }
    }

    /// Whether the path is held compactly (see [`Trail::of_compact`]).
    pub fn is_compact(&self) -> bool {
        matches!(self.held, Held::Compact(..))
    }

    /// The path and steps to change, a compact tour first replaced by an
    /// empty path (it is only ever replaced whole).
    fn full(&mut self) -> (&mut Vec<u32>, &mut Vec<u32>) {
        if self.is_compact() {
            self.held = Trail::new(self.squares).held;
        }
        match &mut self.held {
            Held::Full { path, steps } => (path, steps),
            Held::Compact(..) => unreachable!("replaced above"),
        }
    }

    /// Puts `path` on the board, touching only the squares that changed.
    pub fn set(&mut self, new: &[u32]) {
        let common = match &self.held {
            Held::Full { path, .. } => common_prefix(path, new),
            Held::Compact(..) => 0,
        };
        self.splice(common, &new[common..]);
    }

    /// Keeps the first `keep` squares of the path (at most its length) and
    /// puts `tail` after them: [`Trail::set`] when the caller knows how much
    /// of the path stays (as the rewind of a search does).
    pub fn splice(&mut self, keep: usize, tail: &[u32]) {
        self.changes += 1;
        let now = self.changes;
        while self
            .undone
            .front()
            .is_some_and(|&(_, t)| t + UNDONE_FOR <= now)
        {
            self.undone.pop_front();
        }
        let (path, steps) = self.full();
        let common = keep.min(path.len());
        let retreat = &path[common..];
        let emptied = common == 0 && tail.is_empty();
        let marked = (retreat.len() <= UNDONE_MAX && !emptied).then(|| retreat.to_vec());
        for &sq in &path[common..] {
            steps[sq as usize] = 0;
        }
        for (i, &sq) in tail.iter().enumerate() {
            steps[sq as usize] = (common + i) as u32 + 1;
        }
        path.truncate(common);
        path.extend_from_slice(tail);
        if let Some(squares) = marked {
            self.undone.extend(squares.into_iter().map(|sq| (sq, now)));
        }
    }

    /// Whether a square was taken off the path in the last few changes
    /// and is not back on it.
    pub fn undone(&self, square: u32) -> bool {
        !self.undone.is_empty()
            && self.step(square) == 0
            && self.undone.iter().any(|&(sq, _)| sq == square)
    }

    /// Step at a square (0: not on the path).
    pub fn step(&self, square: u32) -> u32 {
        match &self.held {
            Held::Full { steps, .. } => steps.get(square as usize).copied().unwrap_or(0),
            Held::Compact(c, len) => Some(c.step(square))
                .filter(|&s| s as usize <= *len)
                .unwrap_or(0),
        }
    }

    /// Squares on the path.
    pub fn len(&self) -> usize {
        match &self.held {
            Held::Full { path, .. } => path.len(),
            Held::Compact(_, len) => *len,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn first(&self) -> Option<u32> {
        match &self.held {
            Held::Full { path, .. } => path.first().copied(),
            Held::Compact(c, len) => c.first().filter(|_| *len > 0),
        }
    }

    pub fn last(&self) -> Option<u32> {
        match &self.held {
            Held::Full { path, .. } => path.last().copied(),
            Held::Compact(c, len) => c.square(*len),
        }
    }

    /// The square after `square` on the path.
    pub fn after(&self, square: u32) -> Option<u32> {
        let s = self.step(square) as usize;
        match &self.held {
            _ if s == 0 => None,
            Held::Full { path, .. } => path.get(s).copied(),
            Held::Compact(c, len) => c.after(square).filter(|_| s < *len),
        }
    }

    /// The square before `square` on the path.
    pub fn before(&self, square: u32) -> Option<u32> {
        let s = self.step(square) as usize;
        match &self.held {
            _ if s < 2 => None,
            Held::Full { path, .. } => path.get(s - 2).copied(),
            Held::Compact(c, _) => c.square(s - 1),
        }
    }

    /// The path's squares in order.
    pub fn squares(&self) -> Box<dyn Iterator<Item = u32> + '_> {
        match &self.held {
            Held::Full { path, .. } => Box::new(path.iter().copied()),
            Held::Compact(c, len) => Box::new(c.squares().take(*len)),
        }
    }

    /// The square at step `k` (1 for the first).
    pub fn square(&self, k: usize) -> Option<u32> {
        match &self.held {
            _ if k == 0 || k > self.len() => None,
            Held::Full { path, .. } => path.get(k - 1).copied(),
            Held::Compact(c, _) => c.square(k),
        }
    }

    /// The path as held, when it is a list.
    pub fn as_slice(&self) -> Option<&[u32]> {
        match &self.held {
            Held::Full { path, .. } => Some(path),
            Held::Compact(..) => None,
        }
    }

    /// The path as a list (for a compact tour, built: four bytes a square).
    pub fn to_vec(&self) -> Vec<u32> {
        self.squares().collect()
    }

    /// Whether two trails hold the same path (a compact tour only as the
    /// same tour, shown as far).
    pub fn same_path(&self, other: &Trail) -> bool {
        match (&self.held, &other.held) {
            (Held::Compact(a, n), Held::Compact(b, m)) => Arc::ptr_eq(a, b) && n == m,
            (Held::Full { path, .. }, _) => other.is(path),
            (_, Held::Full { path, .. }) => self.is(path),
        }
    }

    /// Whether the path is `other`.
    pub fn is(&self, other: &[u32]) -> bool {
        self.len() == other.len() && self.squares().eq(other.iter().copied())
    }

    /// Adds a square at the end of the path.
    pub fn push(&mut self, square: u32) {
        let (path, steps) = self.full();
        path.push(square);
        steps[square as usize] = path.len() as u32;
    }

    /// Takes the last square off the path.
    pub fn pop(&mut self) -> Option<u32> {
        let (path, steps) = self.full();
        let last = path.pop()?;
        steps[last as usize] = 0;
        Some(last)
    }

    /// True when the path is longer than two squares and ends a knight's
    /// move from where it started.
    pub fn closes(&self, board: &Board) -> bool {
        match (self.first(), self.last()) {
            (Some(a), Some(b)) if self.len() > 2 => board.is_move(board.square(a), board.square(b)),
            _ => false,
        }
    }
}

/// How many squares two paths share from their start.
pub fn common_prefix(a: &[u32], b: &[u32]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use knight_engine::board::Square;

    #[test]
    fn squares_just_taken_back_show_as_undone_for_a_moment() {
        let mut t = Trail::new(10);
        t.set(&[0, 1, 2, 3]);
        assert!(!t.undone(3));
        // A step back of two squares: both undone, the rest not.
        t.set(&[0, 1]);
        assert!(t.undone(2) && t.undone(3) && !t.undone(1) && !t.undone(9));
        // Back on the path: not undone any more.
        t.set(&[0, 1, 2]);
        assert!(!t.undone(2) && t.undone(3));
        // Shown for three changes in all, then forgotten.
        t.set(&[0, 1, 2, 4]);
        assert!(t.undone(3));
        t.set(&[0, 1, 2, 4, 5]);
        assert!(!t.undone(3));
        // A restart (the empty path) and long jumps mark nothing.
        t.set(&[]);
        assert!((0..10).all(|sq| !t.undone(sq)));
    }

    #[test]
    fn a_compact_tour_answers_as_the_full_path_does() {
        use knight_engine::tour::compact::CompactBuilder;
        let board = Board::new(7, 9, &[]).unwrap();
        let tour =
            knight_engine::solver::find::construct::construct(7, 9, Square::new(3, 3), false)
                .unwrap();
        for n in [tour.len(), 40, 3] {
            let path = &tour[..n];
            let mut full = Trail::new(board.len());
            full.set(path);
            let mut b = CompactBuilder::new(7, 9);
            assert!(path.iter().all(|&sq| b.push(sq)));
            let compact = Trail::of_compact(Arc::new(b.finish()), board.len());
            assert!(compact.is_compact() && !full.is_compact());
            for t in [&full, &compact] {
                assert_eq!(t.len(), n);
                assert_eq!(
                    (t.first(), t.last()),
                    (path.first().copied(), path.last().copied())
                );
                assert_eq!(t.to_vec(), path);
                assert!(t.is(path) && !t.is(&path[1..]));
                assert_eq!(t.closes(&board), full.closes(&board));
            }
            for sq in 0..board.len() as u32 {
                assert_eq!(compact.step(sq), full.step(sq), "step of {sq}");
                assert_eq!(compact.after(sq), full.after(sq), "after {sq}");
                assert_eq!(compact.before(sq), full.before(sq), "before {sq}");
                assert!(!compact.undone(sq));
            }
            // A change replaces the compact tour whole.
            let mut changed = compact.clone();
            changed.set(&path[..2]);
            assert!(!changed.is_compact());
            assert_eq!(changed.to_vec(), &path[..2]);
            assert_eq!(changed.step(path[n - 1]), u32::from(n <= 2) * n as u32);
        }
    }
}
