//! A path on a board as the app draws it: the squares in order and the
//! step at each square, changed incrementally.

use knight_tui::board::Board;

/// A path on a board: the squares in order, and the step (1-based) at
/// each square, 0 off the path; changed incrementally.
#[derive(Clone, Debug, Default)]
pub struct Trail {
    pub path: Vec<u32>,
    pub steps: Vec<u32>,
}

impl Trail {
    pub fn new(squares: usize) -> Trail {
        Trail {
            path: Vec::new(),
            steps: vec![0; squares],
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
        for &sq in &self.path[common..] {
            self.steps[sq as usize] = 0;
        }
        for (i, &sq) in path.iter().enumerate().skip(common) {
            self.steps[sq as usize] = i as u32 + 1;
        }
        self.path.truncate(common);
        self.path.extend_from_slice(&path[common..]);
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
