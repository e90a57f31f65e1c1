//! A path on a board as the app draws it: the squares in order and the
//! step at each square, changed incrementally.

use knight_tui::board::Board;

/// A path on a board: the squares in order, and the step (1-based) at
/// each square, 0 off the path; changed incrementally.
#[derive(Clone, Debug, Default)]
pub struct Trail {
    pub path: Vec<u32>,
    pub steps: Vec<u32>,
    /// Squares just taken off the path, with the change that took them:
    /// shown for a moment as undone, so backtracking is seen, not just
    /// squares vanishing.
    undone: std::collections::VecDeque<(u32, u64)>,
    /// Changes made by [`Trail::set`].
    changes: u64,
}

/// For how many changes a square taken off the path shows as undone.
pub const UNDONE_FOR: u64 = 3;

/// Retreats longer than this are not marked (a jump, not a step back).
const UNDONE_MAX: usize = 64;

impl Trail {
    pub fn new(squares: usize) -> Trail {
        Trail {
            path: Vec::new(),
            steps: vec![0; squares],
            ..Trail::default()
        }
    }

    /// Puts `path` on the board, touching only the squares that changed.
    pub fn set(&mut self, path: &[u32]) {
        let common = self
            .path
            .iter()
            .zip(path)
            .take_while(|(a, b)| a == b)
            .count();
        self.changes += 1;
        let now = self.changes;
        while self
            .undone
            .front()
            .is_some_and(|&(_, t)| t + UNDONE_FOR <= now)
        {
            self.undone.pop_front();
        }
        let retreat = &self.path[common..];
        if retreat.len() <= UNDONE_MAX && !path.is_empty() {
            self.undone.extend(retreat.iter().map(|&sq| (sq, now)));
        }
        for &sq in &self.path[common..] {
            self.steps[sq as usize] = 0;
        }
        for (i, &sq) in path.iter().enumerate().skip(common) {
            self.steps[sq as usize] = i as u32 + 1;
        }
        self.path.truncate(common);
        self.path.extend_from_slice(&path[common..]);
    }

    /// Whether a square was taken off the path in the last few changes
    /// and is not back on it.
    pub fn undone(&self, square: u32) -> bool {
        self.steps[square as usize] == 0 && self.undone.iter().any(|&(sq, _)| sq == square)
    }

    /// Step at a square (0: not on the path).
    pub fn step(&self, square: u32) -> u32 {
        self.steps[square as usize]
    }

    /// Adds a square at the end of the path.
    pub fn push(&mut self, square: u32) {
        self.path.push(square);
        self.steps[square as usize] = self.path.len() as u32;
    }

    /// Takes the last square off the path.
    pub fn pop(&mut self) -> Option<u32> {
        let last = self.path.pop()?;
        self.steps[last as usize] = 0;
        Some(last)
    }

    /// True when the path is longer than two squares and ends a knight's
    /// move from where it started.
    pub fn closes(&self, board: &Board) -> bool {
        match (self.path.first(), self.path.last()) {
            (Some(&a), Some(&b)) if self.path.len() > 2 => {
                board.square(a).is_knight_move(board.square(b))
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
