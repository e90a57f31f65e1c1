//! Tours by merging cycles, for pieces whose moves always change the
//! square's colour (the board's graph is two-coloured). First every square
//! is given two tour moves at once: a *2-factor*, a set of moves that puts
//! each square on exactly one cycle, found as a maximum flow (each square of
//! one colour sends two units, each of the other receives two, one unit a
//! move). Then cycles are merged: a move `a-b` of one cycle and a move `d-c`
//! of another, where `a-d` and `b-c` are moves too, are exchanged for those
//! two, which makes one cycle of the two. When one cycle is left it is the
//! tour. (The method is the classic one for big Hamiltonian-cycle problems:
//! Karp's patching for the travelling salesman, Frieze's for random
//! graphs; for leapers, cycle covers joined square by square are how
//! Jelliss and Beluhov build tours by hand.)
//!
//! An open tour from `s` is a cycle through one more, virtual square `z`
//! that has the move `z-s` and moves to every square where the tour may end:
//! those of the other colour when both colours have as many squares, of the
//! start's colour when it has one more.
//!
//! When no 2-factor exists there is no tour (a tour with `z-s` and `z-t`
//! added is one), and the flow proves it: some set of squares has fewer
//! neighbours than it needs moves (Hall's condition). When merging gets
//! stuck the method gives up: it never proves there is a tour.
//!
//! Here are the graph, the flow and the proof, which settle without
//! search. Building a tour by merging, and the pruning, probing and
//! branching that settle a start exactly, are search: they live in the
//! solver's room for finding (its `merge` and `prune`), on this graph.

use crate::board::Board;

mod flow;

pub(crate) use flow::Flow;

/// The board's graph, numbered densely over its free squares.
pub struct Factors {
    /// The board index of each free square.
    pub(crate) squares: Vec<u32>,
    /// The dense number of each board index (`u32::MAX`: blocked).
    dense: Vec<u32>,
    /// Each free square's neighbours (dense numbers), sorted.
    neighbours: Vec<Vec<u32>>,
    /// Each free square's colour in the two-colouring (0 or 1).
    pub(crate) side: Vec<u8>,
}

/// Why no tour exists (Hall's condition, generalised to two tour moves a
/// square): squares `squares` of one colour need more tour moves than the
/// squares they reach can give them, or exactly as many, which closes the
/// two sets off from the rest of the board. A tour gives each square two
/// tour moves, one to each end of the tour; every tour move of `squares`
/// goes to one of `neighbours`; those in `full` take at most two each (one
/// at an end of the tour), the others only along the moves joining them to
/// `squares`, one each. The certificate can be checked square by square
/// without the flow that found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crowd {
    /// The squares (board indices), all of one colour.
    pub squares: Vec<u32>,
    /// Every square a move from them reaches (board indices).
    pub neighbours: Vec<u32>,
    /// The neighbours counted at two tour moves each (the rest count the
    /// moves from `squares` to them); all of them when `closed_off`.
    pub full: Vec<u32>,
    /// The tour moves `squares` need, and the most they can have (by a
    /// maximum flow; with the tour's ends); both 0 when `closed_off`.
    pub need: u32,
    pub got: u32,
    /// The neighbours have exactly as many tour moves as `squares` need,
    /// so the two sets take all of each other's tour moves and form cycles
    /// of their own, apart from the rest of the board.
    pub closed_off: bool,
}

impl Factors {
    /// The board's graph, or `None` when it cannot be two-coloured (a
    /// piece whose leap keeps the colour, or an odd wrap).
    pub fn new(board: &Board) -> Option<Factors> {
        let squares: Vec<u32> = board.free_squares().map(|s| board.index(s)).collect();
        let mut dense = vec![u32::MAX; board.len()];
        for (k, &i) in squares.iter().enumerate() {
            dense[i as usize] = k as u32;
        }
        let neighbours: Vec<Vec<u32>> = squares
            .iter()
            .map(|&i| {
                let mut out: Vec<u32> = board
                    .neighbours(board.square(i))
                    .map(|t| dense[board.index(t) as usize])
                    .collect();
                out.sort_unstable();
                out.dedup();
                out
            })
            .collect();
        let n = squares.len();
        let mut side = vec![u8::MAX; n];
        let mut queue = Vec::new();
        for root in 0..n {
            if side[root] != u8::MAX {
                continue;
            }
            side[root] = 0;
            queue.push(root as u32);
            while let Some(v) = queue.pop() {
                for &u in &neighbours[v as usize] {
                    let want = 1 - side[v as usize];
                    if side[u as usize] == u8::MAX {
                        side[u as usize] = want;
                        queue.push(u);
                    } else if side[u as usize] != want {
                        return None;
                    }
                }
            }
        }
        Some(Factors {
            squares,
            dense,
            neighbours,
            side,
        })
    }

    /// Why there is no tour from `start` (a board index), closed or open,
    /// and open ending on `end` if it is given; `None` when neither the
    /// flow nor a closed-off set rules it out (there may still be none).
    pub fn rules_out(&self, start: u32, closed: bool, end: Option<u32>) -> Option<Crowd> {
        let graph = self.graph(start, closed, end)?;
        match graph.factor(&mut Rng::new(1)) {
            Err(cut) => Some(self.crowd(cut)),
            Ok(pairs) => graph.closed_off(&pairs).map(|c| self.closed(c)),
        }
    }

    /// The graph for tours from `start`, `None` when the colour counts
    /// rule them out (or the board is too small for the method).
    pub(crate) fn graph(&self, start: u32, closed: bool, end: Option<u32>) -> Option<Graph<'_>> {
        let n = self.squares.len();
        let s = self.dense[start as usize];
        if n < 3 || s == u32::MAX {
            return None;
        }
        // Where an open tour ends: the colour of the virtual square's
        // second move.
        let ends = match (closed, self.end_colour(s)) {
            (true, Some(c)) if c != self.side[s as usize] => None,
            (false, Some(c)) => Some(c),
            _ => return None,
        };
        let end = match end.map(|t| self.dense[t as usize]) {
            Some(t) if t == u32::MAX || t == s || Some(self.side[t as usize]) != ends => {
                return None;
            }
            t => t,
        };
        Some(Graph {
            neighbours: &self.neighbours,
            side: &self.side,
            start: s,
            ends,
            end,
        })
    }
}

impl Factors {
    /// The board's graph over dense numbers: each square's neighbours and
    /// colour.
    pub(crate) fn dense_graph(&self) -> (Vec<Vec<u32>>, Vec<u8>) {
        (self.neighbours.clone(), self.side.clone())
    }

    /// The board index of a dense number.
    pub(crate) fn board_index(&self, dense: u32) -> u32 {
        self.squares[dense as usize]
    }

    /// The squares an open tour from `start` may end on by the colour
    /// counts (board indices), `None` when the counts allow none.
    pub(crate) fn end_squares(&self, start: u32) -> Option<Vec<u32>> {
        let s = self.dense[start as usize];
        let colour = self.end_colour(s)?;
        Some(
            (0..self.squares.len() as u32)
                .filter(|&v| v != s && self.side[v as usize] == colour)
                .map(|v| self.squares[v as usize])
                .collect(),
        )
    }

    /// The colour an open tour from dense square `s` ends on, by the
    /// colour counts: the other when both colours have as many squares,
    /// the start's when it has one more; `None` when the counts allow no
    /// open tour from it (and, with as many of each, a closed tour is
    /// possible exactly when this is the other colour).
    pub(crate) fn end_colour(&self, s: u32) -> Option<u8> {
        let own = self.side[s as usize];
        let mine = self.side.iter().filter(|&&c| c == own).count();
        match mine as i64 - (self.side.len() - mine) as i64 {
            0 => Some(1 - own),
            1 => Some(own),
            _ => None,
        }
    }

    /// The dense number of a free square's board index.
    pub(crate) fn dense_of(&self, index: u32) -> u32 {
        self.dense[index as usize]
    }

    /// The crowd of a cut, in board terms (without `z`).
    pub(crate) fn crowd(&self, cut: Cut) -> Crowd {
        let mut crowd = self.closed(cut.senders);
        let n = self.squares.len() as u32;
        crowd.full = cut
            .full
            .into_iter()
            .filter(|&v| v < n)
            .map(|v| self.squares[v as usize])
            .collect();
        crowd.full.sort_unstable();
        (crowd.need, crowd.got, crowd.closed_off) = (cut.need, cut.got, false);
        crowd
    }

    /// The closed-off crowd of the sending squares `set` (dense numbers,
    /// perhaps with `z`), in board terms.
    pub(crate) fn closed(&self, set: Vec<u32>) -> Crowd {
        let n = self.squares.len() as u32;
        let real: Vec<u32> = set.into_iter().filter(|&v| v < n).collect();
        let mut near: Vec<u32> = real
            .iter()
            .flat_map(|&v| self.neighbours[v as usize].iter().copied())
            .collect();
        near.sort_unstable();
        near.dedup();
        let mut squares: Vec<u32> = real.iter().map(|&v| self.squares[v as usize]).collect();
        squares.sort_unstable();
        let neighbours: Vec<u32> = near.iter().map(|&v| self.squares[v as usize]).collect();
        Crowd {
            squares,
            full: neighbours.clone(),
            neighbours,
            need: 0,
            got: 0,
            closed_off: true,
        }
    }
}

/// The graph an attempt works on: the board's, and for an open tour the
/// virtual square `z` (number `n`).
pub(crate) struct Graph<'a> {
    pub(crate) neighbours: &'a [Vec<u32>],
    pub(crate) side: &'a [u8],
    pub(crate) start: u32,
    /// The colour of the squares `z` may reach besides the start; `None`
    /// for a closed tour (no `z`).
    pub(crate) ends: Option<u8>,
    /// The one square the open tour must end on, if one is given.
    pub(crate) end: Option<u32>,
}

/// Each square's two tour moves.
pub(crate) type Pairs = Vec<[u32; 2]>;

/// A minimum cut of a flow that fell short (dense numbers, perhaps with
/// `z`): the sending squares it could not serve, the receiving squares it
/// filled, and the tour moves those sending squares need against the most
/// they can have.
pub(crate) struct Cut {
    senders: Vec<u32>,
    full: Vec<u32>,
    got: u32,
    need: u32,
}

impl Graph<'_> {
    pub(crate) fn z(&self) -> u32 {
        self.neighbours.len() as u32
    }

    pub(crate) fn adjacent(&self, u: u32, v: u32) -> bool {
        let z = self.z();
        if u == z || v == z {
            let w = if u == z { v } else { u };
            return w != z
                && (w == self.start
                    || self.ends.is_some_and(|c| self.side[w as usize] == c)
                        && self.end.is_none_or(|t| t == w));
        }
        self.neighbours[u as usize].binary_search(&v).is_ok()
    }

    /// The one move that may not be exchanged: `z-s`.
    pub(crate) fn fixed(&self, u: u32, v: u32) -> bool {
        let z = self.z();
        self.ends.is_some() && (u == z && v == self.start || v == z && u == self.start)
    }

    /// A 2-factor, by a maximum flow with the moves in a random order; when
    /// there is none, the squares of the start's colour (`own`) the flow
    /// cannot serve, whose neighbours are too few.
    pub(crate) fn factor(&self, rng: &mut Rng) -> Result<Pairs, Cut> {
        let own = self.side[self.start as usize];
        let n = self.neighbours.len();
        let z = n;
        let (source, sink) = (n + 1, n + 2);
        let mut flow = Flow::new(n + 3);
        // The start's colour sends, the other receives.
        let mut supply = 0;
        for v in 0..n {
            let need = if self.ends.is_some() && v as u32 == self.start {
                1
            } else {
                2
            };
            if self.side[v] == own {
                flow.edge(source, v, need);
                supply += need;
                let mut out = self.neighbours[v].clone();
                rng.shuffle(&mut out);
                for u in out {
                    flow.edge(v, u as usize, 1);
                }
                if self.ends == Some(own)
                    && v as u32 != self.start
                    && self.end.is_none_or(|t| t == v as u32)
                {
                    flow.edge(v, z, 1);
                }
            } else {
                flow.edge(v, sink, need);
            }
        }
        match self.ends {
            Some(c) if c == own => flow.edge(z, sink, 1),
            Some(_) => {
                flow.edge(source, z, 1);
                supply += 1;
                let mut out: Vec<u32> = (0..n as u32)
                    .filter(|&u| self.side[u as usize] != own && self.end.is_none_or(|t| t == u))
                    .collect();
                rng.shuffle(&mut out);
                for u in out {
                    flow.edge(z, u as usize, 1);
                }
            }
            None => {}
        }
        let got = flow.max(source, sink);
        if got < supply {
            // The squares the source still reaches: a minimum cut. The
            // sending ones cannot be served further; the receiving ones are
            // full.
            let reach = flow.reach(source);
            let sends = |v: usize| v == z && self.ends != Some(own) || v < n && self.side[v] == own;
            let (senders, full): (Vec<u32>, Vec<u32>) = (0..=n as u32)
                .filter(|&v| reach[v as usize])
                .partition(|&v| sends(v as usize));
            // What the cut's sending squares need, and the most the flow
            // can give them: all it lacks, it lacks there.
            let need: u32 = senders
                .iter()
                .map(|&v| {
                    let v = v as usize;
                    if v == z || self.ends.is_some() && v as u32 == self.start {
                        1
                    } else {
                        2
                    }
                })
                .sum();
            return Err(Cut {
                senders,
                full,
                got: need - (supply - got),
                need,
            });
        }
        let mut pairs: Pairs = vec![[u32::MAX; 2]; n + 1];
        let add = |pairs: &mut Pairs, u: usize, v: usize| {
            for x in [(u, v), (v, u)] {
                let slot = &mut pairs[x.0];
                let k = usize::from(slot[0] != u32::MAX);
                slot[k] = x.1 as u32;
            }
        };
        for v in 0..=n {
            for &e in &flow.out[v] {
                let to = flow.to[e];
                if to < n + 1 && flow.cap[e] == 0 && flow.used(e) {
                    add(&mut pairs, v, to);
                }
            }
        }
        if self.ends.is_some() {
            add(&mut pairs, z, self.start as usize);
        } else {
            pairs.pop();
        }
        debug_assert!(pairs.iter().all(|p| p[1] != u32::MAX));
        Ok(pairs)
    }

    /// With the 2-factor `pairs`: a set of squares of one colour that sends
    /// exactly as many moves as its neighbours take, when there is one
    /// (not the whole board). Every 2-factor then keeps it and its
    /// neighbours on cycles of their own, so none is a tour. Found as a
    /// closed part of the graph with each move directed from the sending
    /// colour to the receiving one, and each move of `pairs` back as well.
    pub(crate) fn closed_off(&self, pairs: &Pairs) -> Option<Vec<u32>> {
        let m = pairs.len();
        let z = self.z();
        let sends = |v: u32| {
            if v == z {
                // The virtual square sends when it reaches the other colour.
                self.ends
                    .is_some_and(|c| c != self.side[self.start as usize])
            } else {
                self.side[v as usize] == self.side[self.start as usize]
            }
        };
        let mut arcs: Vec<Vec<u32>> = vec![Vec::new(); m];
        for v in 0..m as u32 {
            let near: Vec<u32> = if v == z {
                (0..m as u32).filter(|&u| self.adjacent(z, u)).collect()
            } else {
                let mut near = self.neighbours[v as usize].clone();
                if m > self.neighbours.len() && self.adjacent(v, z) {
                    near.push(z);
                }
                near
            };
            for u in near {
                let both = self.fixed(v, u) || pairs[v as usize].contains(&u);
                if sends(v) != sends(u) && (sends(v) || both) || self.fixed(v, u) {
                    arcs[v as usize].push(u);
                }
            }
        }
        let part = components(&arcs);
        let parts = part.iter().max().map_or(0, |&p| p + 1);
        if parts < 2 {
            return None;
        }
        // A part no arc leaves.
        let mut leaves = vec![false; parts as usize];
        for v in 0..m {
            for &u in &arcs[v] {
                if part[u as usize] != part[v] {
                    leaves[part[v] as usize] = true;
                }
            }
        }
        let sink = (0..parts).find(|&p| !leaves[p as usize])?;
        Some(
            (0..m as u32)
                .filter(|&v| part[v as usize] == sink && sends(v))
                .collect(),
        )
    }
}

/// The strongly connected components of `arcs` (Kosaraju's algorithm,
/// without recursion): a component number for each node.
pub(crate) fn components(arcs: &[Vec<u32>]) -> Vec<u32> {
    let m = arcs.len();
    let mut order = Vec::with_capacity(m);
    let mut seen = vec![false; m];
    for root in 0..m {
        if seen[root] {
            continue;
        }
        seen[root] = true;
        let mut stack = vec![(root as u32, 0usize)];
        while let Some(&mut (v, ref mut k)) = stack.last_mut() {
            if let Some(&u) = arcs[v as usize].get(*k) {
                *k += 1;
                if !seen[u as usize] {
                    seen[u as usize] = true;
                    stack.push((u, 0));
                }
            } else {
                order.push(v);
                stack.pop();
            }
        }
    }
    let mut back: Vec<Vec<u32>> = vec![Vec::new(); m];
    for (v, out) in arcs.iter().enumerate() {
        for &u in out {
            back[u as usize].push(v as u32);
        }
    }
    let mut part = vec![u32::MAX; m];
    let mut count = 0;
    for &root in order.iter().rev() {
        if part[root as usize] != u32::MAX {
            continue;
        }
        part[root as usize] = count;
        let mut stack = vec![root];
        while let Some(v) = stack.pop() {
            for &u in &back[v as usize] {
                if part[u as usize] == u32::MAX {
                    part[u as usize] = count;
                    stack.push(u);
                }
            }
        }
        count += 1;
    }
    part
}

/// A small xorshift generator.
pub(crate) struct Rng(u64);

impl Rng {
    pub(crate) fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }
    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub(crate) fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            v.swap(i, j);
        }
    }
}

#[cfg(test)]
mod brute_tests;
#[cfg(test)]
mod tests;
