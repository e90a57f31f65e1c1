//! The board as the puzzle's searches see it: each free square's moves to
//! free squares, and the knight distance from chosen squares to every
//! square (by breadth-first search over free squares).

use crate::board::Board;

/// No path: the squares are in different parts of the board.
pub const FAR: u16 = u16::MAX;

pub struct Graph {
    /// Moves of square `i`: `moves[start[i]..start[i + 1]]`.
    moves: Vec<u32>,
    start: Vec<u32>,
}

impl Graph {
    pub fn new(board: &Board) -> Graph {
        let mut moves = Vec::new();
        let mut start = Vec::with_capacity(board.len() + 1);
        for i in 0..board.len() as u32 {
            start.push(moves.len() as u32);
            let sq = board.square(i);
            if board.is_free(sq) {
                moves.extend(board.neighbours(sq).map(|t| board.index(t)));
            }
        }
        start.push(moves.len() as u32);
        Graph { moves, start }
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.start.len() - 1
    }

    #[inline]
    pub fn moves(&self, i: u32) -> &[u32] {
        &self.moves[self.start[i as usize] as usize..self.start[i as usize + 1] as usize]
    }

    #[inline]
    pub fn joined(&self, a: u32, b: u32) -> bool {
        self.moves(a).contains(&b)
    }

    /// The knight distance from `from` to every square ([`FAR`] where it
    /// cannot go).
    pub fn distances(&self, from: u32) -> Vec<u16> {
        let mut d = vec![FAR; self.len()];
        let mut queue = std::collections::VecDeque::from([from]);
        d[from as usize] = 0;
        while let Some(s) = queue.pop_front() {
            let next = d[s as usize] + 1;
            for &t in self.moves(s) {
                if d[t as usize] == FAR {
                    d[t as usize] = next;
                    queue.push_back(t);
                }
            }
        }
        d
    }
}
