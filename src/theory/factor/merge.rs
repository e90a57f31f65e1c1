//! Joining the cycles of a 2-factor into one: a move `a-b` of one cycle
//! and a move `d-c` of another, where `a-d` and `b-c` are moves too, are
//! traded for those two (see the module above).

use super::{Graph, Pairs, Rng};

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
