//! Warnsdorff's rule with Pósa's rotations: a quick heuristic for pieces
//! whose tours the rule alone seldom finds (the zebra on 14x14: thousands of
//! restarts). The path grows from the start by the rule; when its end has
//! no free neighbour, a neighbour of the end on the path, `path[i]`, is
//! joined to it and the part after `path[i]` turned round, so
//! `path[i + 1]` becomes the end and the path goes on from there (Pósa
//! 1976, "Hamiltonian circuits in random graphs"; the same turn closes a
//! full path into a cycle when its end can reach the start). The start
//! never moves. It finds tours and never proves there is none: the
//! complete search in [`super::warnsdorff`] does that, between its turns.

use crate::board::Board;

/// A board's moves as lists, made once for all the attempts on it.
pub struct Rotations {
    /// Each square's free neighbours (square indices); none for a blocked one.
    neighbours: Vec<Vec<u32>>,
    /// Squares a tour visits.
    free: usize,
}

impl Rotations {
    pub fn new(board: &Board) -> Rotations {
        let neighbours = (0..board.len() as u32)
            .map(|i| {
                let sq = board.square(i);
                if board.is_free(sq) {
                    board.neighbours(sq).map(|s| board.index(s)).collect()
                } else {
                    Vec::new()
                }
            })
            .collect();
        Rotations {
            neighbours,
            free: board.free_count(),
        }
    }

    /// A tour from `start` (square index) found by growing and turning
    /// within `budget` turns, or None. `seed` varies the choices between
    /// attempts. `go_on` is asked every few turns and squares (a turn
    /// costs up to a step a square): false stops the attempt, without a
    /// tour.
    pub fn tour(
        &self,
        start: u32,
        closed: bool,
        budget: u64,
        seed: u64,
        go_on: &mut dyn FnMut() -> bool,
    ) -> Option<Vec<u32>> {
        let (neighbours, n) = (&self.neighbours, self.free);
        let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        // Where each square is on the path (usize::MAX: not on it), and how
        // many free neighbours each square has left.
        let mut at = vec![usize::MAX; neighbours.len()];
        let mut free: Vec<u32> = neighbours.iter().map(|v| v.len() as u32).collect();
        let mut path = Vec::with_capacity(n);
        let place = |sq: u32, path: &mut Vec<u32>, at: &mut Vec<usize>, free: &mut Vec<u32>| {
            at[sq as usize] = path.len();
            path.push(sq);
            for &t in &neighbours[sq as usize] {
                free[t as usize] -= 1;
            }
        };
        place(start, &mut path, &mut at, &mut free);
        let mut turns = 0u64;
        // Squares moved since `go_on` was last asked.
        let mut moved = 0usize;
        while turns <= budget {
            if moved >= ASK_EVERY {
                if !go_on() {
                    return None;
                }
                moved = 0;
            }
            let end = *path.last().expect("the path holds the start");
            if path.len() == n {
                if !closed || n > 2 && neighbours[end as usize].contains(&start) {
                    return Some(path);
                }
            } else {
                // Warnsdorff's rule, ties at random.
                let mut best: Option<(u32, u64, u32)> = None;
                for &t in &neighbours[end as usize] {
                    if at[t as usize] != usize::MAX {
                        continue;
                    }
                    let key = (free[t as usize], next());
                    if best.is_none_or(|(f, r, _)| key < (f, r)) {
                        best = Some((key.0, key.1, t));
                    }
                }
                if let Some((_, _, t)) = best {
                    place(t, &mut path, &mut at, &mut free);
                    moved += 1;
                    continue;
                }
            }
            // Stuck (or full but not closing): turn the path at a neighbour
            // of the end, chosen at random, that is not the square before it.
            let len = path.len();
            let pivots: Vec<usize> = neighbours[end as usize]
                .iter()
                .map(|&t| at[t as usize])
                .filter(|&i| i != usize::MAX && i + 2 < len)
                .collect();
            if pivots.is_empty() {
                return None;
            }
            let i = pivots[(next() % pivots.len() as u64) as usize];
            path[i + 1..].reverse();
            for (k, &sq) in path.iter().enumerate().skip(i + 1) {
                at[sq as usize] = k;
            }
            moved += len - i;
            turns += 1;
        }
        None
    }
}

/// Squares moved (placed, or turned round) between two calls of `go_on`.
const ASK_EVERY: usize = 1 << 16;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Geometry, Leaper, Square, Surface};

    #[test]
    fn turns_find_tours_the_rule_alone_seldom_does_and_every_one_is_a_tour() {
        for (leaper, surface, n, closed) in [
            ("zebra", Surface::Plane, 14, false),
            ("giraffe", Surface::Plane, 12, false),
            ("knight", Surface::Plane, 8, true),
            ("zebra", Surface::Torus, 10, true),
        ] {
            let g = Geometry::new(leaper.parse::<Leaper>().unwrap(), surface);
            let b = Board::with_geometry(n, n, &[], g).unwrap();
            let start = b.index(Square::new(0, 0));
            let turns = Rotations::new(&b);
            let found =
                (1..=20).find_map(|seed| turns.tour(start, closed, 50_000, seed, &mut || true));
            let path = found.unwrap_or_else(|| panic!("{} closed {closed}", b.describe()));
            assert_eq!(path[0], start);
            crate::tour::check_indices(&b, &path, closed).expect("a tour");
        }
    }

    #[test]
    fn an_attempt_asks_to_go_on_and_stops_when_told() {
        // The (300,1) leaper on 700x700: turns that each move thousands
        // of squares, millions of them in the budget.
        let g = Geometry::new(Leaper::new(1, 300).unwrap(), Surface::Plane);
        let b = Board::with_geometry(700, 700, &[], g).unwrap();
        let turns = Rotations::new(&b);
        let mut asked = 0;
        let found = turns.tour(0, false, u64::MAX, 1, &mut || {
            asked += 1;
            asked < 5
        });
        assert_eq!((found, asked), (None, 5));
    }
}
