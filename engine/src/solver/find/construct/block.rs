//! The blocks a construction is made of: a tour of each small block
//! (searched once per shape and cached) with the moves its joins need, and
//! the base cycle the blocks are joined into.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

pub(super) type Loc = (u32, u32);

/// The move each block tour must contain at its top-left corner to be the
/// right-hand block of a join.
pub(super) const JOIN_H: (Loc, Loc) = ((1, 1), (3, 0));
/// The same, turned a quarter: for the lower block of a join.
pub(super) const JOIN_V: (Loc, Loc) = ((1, 1), (0, 3));

/// The four joins a block can take part in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Join {
    /// With the block on the left (this block's top-left corner move).
    Left,
    /// With the block on the right (this block's top-right corner square).
    Right,
    /// With the block above (this block's top-left corner move, turned).
    Up,
    /// With the block below (this block's bottom-left corner square).
    Down,
}

impl Join {
    pub(super) const ALL: [Join; 4] = [Join::Left, Join::Right, Join::Up, Join::Down];

    /// The move of a `h` x `w` block taken out by this join, in block coordinates.
    pub(super) fn edge(self, h: u32, w: u32) -> (Loc, Loc) {
        match self {
            Join::Left => JOIN_H,
            Join::Up => JOIN_V,
            Join::Right => ((0, w - 1), (2, w - 2)),
            Join::Down => ((h - 1, 0), (h - 2, 2)),
        }
    }
}

/// A tour of one block: its squares in order (a cycle, or a path from its
/// first square).
pub(super) struct Base {
    pub(super) h: u32,
    pub(super) w: u32,
    pub(super) seq: Vec<Loc>,
    /// Position in `seq` of each square, by `row * w + col`.
    pub(super) pos: Vec<u32>,
    pub(super) cyclic: bool,
}

impl Base {
    pub(super) fn new(h: u32, w: u32, seq: Vec<Loc>, cyclic: bool) -> Base {
        let mut pos = vec![0; (h * w) as usize];
        for (i, &(r, c)) in seq.iter().enumerate() {
            pos[(r * w + c) as usize] = i as u32;
        }
        Base {
            h,
            w,
            seq,
            pos,
            cyclic,
        }
    }
    pub(super) fn len(&self) -> u32 {
        self.seq.len() as u32
    }
    pub(super) fn at(&self, (r, c): Loc) -> u32 {
        self.pos[(r * self.w + c) as usize]
    }
    /// The position `k` of a move `k - k+1` of the tour, if it is one.
    pub(super) fn cut(&self, (p, q): (Loc, Loc)) -> Option<u32> {
        let (a, b, n) = (self.at(p), self.at(q), self.len());
        if (a + 1) % n == b && (self.cyclic || a + 1 < n) {
            Some(a)
        } else if (b + 1) % n == a && (self.cyclic || b + 1 < n) {
            Some(b)
        } else {
            None
        }
    }
}

/// Closed block tours by shape, found once per process.
pub(super) fn base_cycle(h: u32, w: u32) -> Option<Arc<Base>> {
    type Cache = Mutex<HashMap<(u32, u32), Option<Arc<Base>>>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(b) = cache.lock().unwrap_or_else(|e| e.into_inner()).get(&(h, w)) {
        return b.clone();
    }
    let found =
        block_tour(h, w, &[JOIN_H, JOIN_V], None).map(|seq| Arc::new(Base::new(h, w, seq, true)));
    cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert((h, w), found.clone());
    found
}

/// A tour of an `h` x `w` block containing every move of `required`: closed
/// when `start` is `None`, else an open path from `start`. Warnsdorff's rule
/// with backtracking, retried with other tie orders when a try runs long.
pub(super) fn block_tour(
    h: u32,
    w: u32,
    required: &[(Loc, Loc)],
    start: Option<Loc>,
) -> Option<Vec<Loc>> {
    let mut dfs = BlockSearch::new(h, w, required, start)?;
    for seed in 0..64 {
        if let Some(path) = dfs.run(seed, 50_000) {
            return Some(path.iter().map(|&i| (i / w, i % w)).collect());
        }
    }
    None
}

const NONE: u32 = u32::MAX;

struct BlockSearch {
    n: usize,
    nbr: Vec<Vec<u32>>,
    /// Squares each square must be joined to (at most two).
    req: Vec<[u32; 2]>,
    start: u32,
    closed: bool,
    visited: Vec<bool>,
    /// Unvisited neighbours of each square.
    free: Vec<u32>,
    rank: Vec<u64>,
    path: Vec<u32>,
    nodes: u64,
    limit: u64,
}

impl BlockSearch {
    fn new(h: u32, w: u32, required: &[(Loc, Loc)], start: Option<Loc>) -> Option<BlockSearch> {
        let n = (h * w) as usize;
        let idx = |(r, c): Loc| r * w + c;
        let mut nbr = vec![Vec::new(); n];
        for r in 0..h as i32 {
            for c in 0..w as i32 {
                for (dr, dc) in crate::board::MOVES {
                    let (rr, cc) = (r + dr, c + dc);
                    if rr >= 0 && cc >= 0 && rr < h as i32 && cc < w as i32 {
                        nbr[(r as u32 * w + c as u32) as usize].push(rr as u32 * w + cc as u32);
                    }
                }
            }
        }
        let mut req = vec![[NONE; 2]; n];
        for &(p, q) in required {
            if p.0 >= h || p.1 >= w || q.0 >= h || q.1 >= w {
                return None;
            }
            for (a, b) in [(idx(p), idx(q)), (idx(q), idx(p))] {
                let slot = req[a as usize]
                    .iter_mut()
                    .find(|s| **s == NONE || **s == b)?;
                *slot = b;
            }
        }
        // A cycle starts in the top-left corner, which no required move touches.
        let start_at = start.map_or(0, idx);
        if start.is_none() && req[0][0] != NONE
            || start.is_some() && req[start_at as usize][1] != NONE
        {
            return None;
        }
        let free = nbr.iter().map(|v| v.len() as u32).collect();
        Some(BlockSearch {
            n,
            nbr,
            req,
            start: start_at,
            closed: start.is_none(),
            visited: vec![false; n],
            free,
            rank: vec![0; n],
            path: Vec::with_capacity(n),
            nodes: 0,
            limit: 0,
        })
    }

    fn run(&mut self, seed: u64, limit: u64) -> Option<Vec<u32>> {
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for r in &mut self.rank {
            // xorshift: a fixed random tie order per seed (seed 0: move order).
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            *r = if seed == 0 { 0 } else { x };
        }
        self.nodes = 0;
        self.limit = limit;
        self.visited.fill(false);
        for (f, v) in self.free.iter_mut().zip(&self.nbr) {
            *f = v.len() as u32;
        }
        self.path.clear();
        self.enter(self.start);
        if self.go() {
            Some(self.path.clone())
        } else {
            None
        }
    }

    fn enter(&mut self, x: u32) {
        self.visited[x as usize] = true;
        self.path.push(x);
        for &y in &self.nbr[x as usize] {
            self.free[y as usize] -= 1;
        }
    }
    fn leave(&mut self) {
        let x = self.path.pop().expect("a square to take back");
        self.visited[x as usize] = false;
        for &y in &self.nbr[x as usize] {
            self.free[y as usize] += 1;
        }
    }

    fn go(&mut self) -> bool {
        let len = self.path.len();
        let u = self.path[len - 1];
        if len == self.n {
            return !self.closed || self.nbr[u as usize].contains(&self.start);
        }
        self.nodes += 1;
        if self.nodes > self.limit {
            return false;
        }
        let prev = if len >= 2 { self.path[len - 2] } else { NONE };
        // A required move of `u` not yet made must be the next one.
        let mut must = NONE;
        for r in self.req[u as usize] {
            if r != NONE && r != prev {
                if must != NONE || self.visited[r as usize] {
                    return false;
                }
                must = r;
            }
        }
        let mut cands: Vec<u32> = self.nbr[u as usize]
            .iter()
            .copied()
            .filter(|&x| !self.visited[x as usize] && (must == NONE || x == must))
            .filter(|&x| self.may_enter(u, x, len + 1))
            .collect();
        cands.sort_by_key(|&x| (self.free[x as usize], self.rank[x as usize]));
        for x in cands {
            self.enter(x);
            if !self.dead_end(x) && self.go() {
                return true;
            }
            self.leave();
            if self.nodes > self.limit {
                return false;
            }
        }
        false
    }

    /// Whether `x` can come after `u` as square number `len`: its other
    /// required move must still be possible.
    fn may_enter(&self, u: u32, x: u32, len: usize) -> bool {
        let mut others = 0;
        for r in self.req[x as usize] {
            if r == NONE || r == u {
                continue;
            }
            others += 1;
            let closing = self.closed && r == self.start && len == self.n;
            if self.visited[r as usize] && !closing {
                return false;
            }
        }
        others <= 1
    }

    /// After entering `x`: a free neighbour left with no way on can only be
    /// the last square; a closed tour needs a way back to its start.
    fn dead_end(&self, x: u32) -> bool {
        let left = self.n - self.path.len();
        if left == 0 {
            return false;
        }
        if self.closed && self.free[self.start as usize] == 0 {
            return true;
        }
        left > 1
            && self.nbr[x as usize]
                .iter()
                .any(|&y| !self.visited[y as usize] && self.free[y as usize] == 0)
    }
}
