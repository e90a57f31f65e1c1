//! Tours by merging cycles (see [`crate::theory::factor`] for the method
//! and the 2-factor it starts from): the cycles of a 2-factor are merged
//! two at a time by an exchange of moves until one is left, the tour.

//! Joining the cycles of a 2-factor into one: a move `a-b` of one cycle
//! and a move `d-c` of another, where `a-d` and `b-c` are moves too, are
//! traded for those two (see the module above).

use crate::theory::factor::{Crowd, Factors, Graph, Pairs, Rng};

/// What an attempt came to.
#[derive(Debug, PartialEq, Eq)]
pub enum Merged {
    /// A tour from the start (board indices).
    Tour(Vec<u32>),
    /// No tour of the kind asked, and why.
    NoTour(Crowd),
    /// The merging got stuck within its budget.
    GaveUp,
}

impl Factors {
    /// A tour from `start` (a board index): closed, or open and ending
    /// anywhere. `seed` varies the 2-factor and the merges; `budget` bounds
    /// the exchanges tried when merging is stuck.
    pub fn tour(&self, start: u32, closed: bool, seed: u64, budget: u64) -> Merged {
        let Some(graph) = self.graph(start, closed, None) else {
            return Merged::GaveUp;
        };
        let n = self.squares.len();
        let s = graph.start;
        let mut rng = Rng::new(seed);
        let mut pairs = match graph.factor(&mut rng) {
            Ok(pairs) => pairs,
            Err(cut) => return Merged::NoTour(self.crowd(cut)),
        };
        if !graph.merge(&mut pairs, &mut rng, budget) {
            return match graph.closed_off(&pairs) {
                Some(crowd) => Merged::NoTour(self.closed(crowd)),
                None => Merged::GaveUp,
            };
        }
        let z = n as u32;
        // Walk the cycle from the start, away from the virtual square.
        let mut path = Vec::with_capacity(n);
        let (mut prev, mut cur) = if closed {
            (pairs[s as usize][1], s)
        } else {
            (z, s)
        };
        while path.len() < n {
            path.push(self.squares[cur as usize]);
            let p = pairs[cur as usize];
            let next = if p[0] == prev { p[1] } else { p[0] };
            (prev, cur) = (cur, next);
        }
        debug_assert!(if closed { cur == s } else { cur == z });
        Merged::Tour(path)
    }
}

impl Graph<'_> {
    /// Merges the cycles of `pairs` into one; false when stuck after
    /// `budget` exchanges within cycles.
    pub(super) fn merge(&self, pairs: &mut Pairs, rng: &mut Rng, budget: u64) -> bool {
        let mut cycle = vec![0u32; pairs.len()];
        let mut size = Vec::new();
        let mut cycles = number(pairs, &mut cycle, &mut size);
        let mut order: Vec<u32> = (0..self.neighbours.len() as u32).collect();
        let mut spent = 0u64;
        while cycles > 1 {
            rng.shuffle(&mut order);
            let mut merged = false;
            for &a in &order {
                if let Some((b, c, d)) = self.exchange(pairs, &cycle, a, true) {
                    swap(pairs, a, b, c, d);
                    // The smaller cycle takes the larger one's label: it
                    // runs from `d` (after `a`) or from `a` (after `d`).
                    let (x, y) = (cycle[a as usize], cycle[d as usize]);
                    let (from, after, old, new) = if size[x as usize] < size[y as usize] {
                        (a, d, x, y)
                    } else {
                        (d, a, y, x)
                    };
                    relabel(pairs, &mut cycle, after, from, old, new);
                    size[new as usize] += size[old as usize];
                    cycles -= 1;
                    merged = true;
                    if cycles == 1 {
                        break;
                    }
                }
            }
            if merged {
                continue;
            }
            // Stuck: exchange moves within cycles at random, which splits
            // some of them anew, and try again.
            if spent >= budget {
                return false;
            }
            for _ in 0..order.len() / 8 + 1 {
                let a = order[(rng.next() % order.len() as u64) as usize];
                if let Some((b, c, d)) = self.exchange(pairs, &cycle, a, false) {
                    swap(pairs, a, b, c, d);
                }
                spent += 1;
            }
            cycles = number(pairs, &mut cycle, &mut size);
        }
        true
    }

    /// An exchange at `a`: its move `a-b` and a move `d-c`, with `a-d` and
    /// `b-c` moves, `d` on another cycle (`across`) or on the same one.
    fn exchange(
        &self,
        pairs: &Pairs,
        cycle: &[u32],
        a: u32,
        across: bool,
    ) -> Option<(u32, u32, u32)> {
        for b in pairs[a as usize] {
            if self.fixed(a, b) {
                continue;
            }
            for &d in &self.neighbours[a as usize] {
                if (cycle[d as usize] != cycle[a as usize]) != across
                    || d == b
                    || pairs[a as usize].contains(&d)
                {
                    continue;
                }
                for c in pairs[d as usize] {
                    if c != a && c != b && !self.fixed(d, c) && self.adjacent(b, c) {
                        return Some((b, c, d));
                    }
                }
            }
        }
        None
    }
}

/// Trades the moves `a-b` and `d-c` for `a-d` and `b-c`.
fn swap(pairs: &mut Pairs, a: u32, b: u32, c: u32, d: u32) {
    let mut put = |x: u32, old: u32, new: u32| {
        let slot = &mut pairs[x as usize];
        let k = usize::from(slot[0] != old);
        slot[k] = new;
    };
    put(a, b, d);
    put(b, a, c);
    put(d, c, a);
    put(c, d, b);
}

/// Numbers the cycles of `pairs` into `cycle`, with their sizes; returns
/// how many there are.
fn number(pairs: &Pairs, cycle: &mut [u32], size: &mut Vec<u32>) -> u32 {
    cycle.fill(u32::MAX);
    size.clear();
    for v in 0..pairs.len() as u32 {
        if cycle[v as usize] == u32::MAX {
            let label = size.len() as u32;
            size.push(relabel(
                pairs,
                cycle,
                pairs[v as usize][0],
                v,
                u32::MAX,
                label,
            ));
        }
    }
    size.len() as u32
}

/// Gives the squares labelled `old` from `from` on (going away from
/// `prev`) the label `new`; returns how many there were.
fn relabel(pairs: &Pairs, cycle: &mut [u32], prev: u32, from: u32, old: u32, new: u32) -> u32 {
    let (mut prev, mut cur) = (prev, from);
    let mut count = 0;
    while cycle[cur as usize] == old {
        cycle[cur as usize] = new;
        count += 1;
        let p = pairs[cur as usize];
        let next = if p[0] == prev { p[1] } else { p[0] };
        (prev, cur) = (cur, next);
    }
    count
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Geometry, Leaper, Square, Surface};

    #[test]
    fn merged_cycles_are_tours() {
        for (leaper, surface, n, closed) in [
            ("knight", Surface::Plane, 8, true),
            ("knight", Surface::Plane, 7, false),
            ("zebra", Surface::Plane, 14, false),
            ("giraffe", Surface::Plane, 12, true),
            ("antelope", Surface::Plane, 22, false),
            ("zebra", Surface::Torus, 10, true),
        ] {
            let g = Geometry::new(leaper.parse::<Leaper>().unwrap(), surface);
            let b = Board::with_geometry(n, n, &[], g).unwrap();
            let f = Factors::new(&b).expect("two colours");
            let start = b.index(Square::new(0, 0));
            let found = (1..=50).find_map(|seed| match f.tour(start, closed, seed, 10_000) {
                Merged::Tour(p) => Some(p),
                _ => None,
            });
            let path = found.unwrap_or_else(|| panic!("{} closed {closed}", b.describe()));
            assert_eq!(path[0], start);
            crate::tour::check_indices(&b, &path, closed).expect("a tour");
        }
    }

    /// Merging two cycles by an exchange of moves, and numbering them.
    #[test]
    fn an_exchange_joins_two_cycles() {
        // Cycles 0-1-2-3 and 4-5-6-7 (as pairs of neighbours on each).
        let mut pairs: Pairs = vec![
            [3, 1],
            [0, 2],
            [1, 3],
            [2, 0],
            [7, 5],
            [4, 6],
            [5, 7],
            [6, 4],
        ];
        let (mut cycle, mut size) = (vec![0; 8], Vec::new());
        assert_eq!(number(&pairs, &mut cycle, &mut size), 2);
        assert_eq!(size, [4, 4]);
        // Trade 0-1 and 4-5 for 0-4 and 1-5.
        swap(&mut pairs, 0, 1, 5, 4);
        assert_eq!(number(&pairs, &mut cycle, &mut size), 1);
        assert_eq!(size, [8]);
    }
}
