//! The depth-first search every algorithm runs on: an explicit stack (no
//! recursion, so a 10^8-square path cannot overflow the call stack), flat
//! arrays, nothing allocated per node.
//!
//! Invariant, between steps: `path` holds the squares visited so far (padded
//! positions), `tried[d]` how many candidates of `path[d]` have been taken,
//! and every cell of a square off the path holds its number of free
//! neighbours (`CELL_DEGREE` bits). `zeros`/`ones` count the free squares
//! (plus, for a closed tour, the start, which the tour must return to) with
//! 0 and 1 free neighbours. The loop: at the last square, if the board is
//! full report a tour; else take its next candidate (in the algorithm's
//! order) or, with none left, step back.
//!
//! Pruning (when on): a remaining path covers the free squares starting next
//! to the knight, so every free square except its two ends has two free
//! neighbours. With two or more squares left, a free square with none ends
//! the branch, as do three with one, or two with one not next to the knight;
//! and with two such squares the knight must enter one of them now.

use std::time::Instant;

use crate::board::{Board, CELL_CLOSED, CELL_DEGREE, CELL_GONE};

use super::{Flow, Stats, TieBreak};

/// How a node's candidates are ordered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// The eight moves in [`crate::board::MOVES`] order.
    Fixed,
    /// Fewest onward moves first (Warnsdorff), ties broken by the rule.
    Warnsdorff(TieBreak, u64),
}

/// Why [`Search::run`] returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Halt {
    /// Every branch below the prefix was searched.
    Exhausted,
    /// The monitor asked to stop (enough tours, or cancelled).
    Stopped,
    /// The node limit was reached.
    NodeLimit,
    /// The time limit was reached.
    TimeLimit,
}

/// What a search reports to while it runs. Called on the search's own
/// thread; the default methods do nothing and compile away.
pub trait Monitor {
    /// After every node. Keep it cheap: it runs millions of times a second.
    #[inline]
    fn on_node(&mut self, _search: &Search) -> Flow {
        Flow::Continue
    }
    /// After every step back off a dead end (the search searching on).
    #[inline]
    fn on_back(&mut self, _search: &Search) -> Flow {
        Flow::Continue
    }
    /// When the path is a complete tour (see [`Search::tour`]).
    fn on_tour(&mut self, _search: &Search) -> Flow {
        Flow::Stop
    }
    /// Whether this monitor takes each tour found by [`Monitor::take_tour`]
    /// instead of the [`Solution`](super::Solution) keeping it: a search
    /// for millions of tours then runs in constant memory.
    fn takes_tours(&self) -> bool {
        false
    }
    /// A tour found (square indices in visit order) and the figures of
    /// the search when it was found, when [`Monitor::takes_tours`]:
    /// [`Flow::Stop`] ends the search.
    fn take_tour(&mut self, _tour: &[u32], _stats: &Stats) -> Flow {
        Flow::Continue
    }
}

/// A monitor that stops at the first tour and watches nothing else.
pub struct FirstTour;
impl Monitor for FirstTour {}

pub struct Search<'b> {
    board: &'b Board,
    offsets: [isize; 8],
    cells: Vec<u8>,
    path: Vec<u32>,
    tried: Vec<u8>,
    /// Depth of the last square of the fixed prefix: never stepped back over.
    base: usize,
    remaining: usize,
    zeros: u32,
    ones: u32,
    /// Closed tours: the padded start, which the tour must come back to.
    anchor: Option<usize>,
    order: Order,
    prune: bool,
    pub stats: Stats,
    node_limit: u64,
    deadline: Option<Instant>,
    started: Instant,
}

impl<'b> Search<'b> {
    /// A search that continues the path `prefix` (square indices, a legal
    /// path of free squares, at least the start). Squares are checked by the
    /// caller; the prefix is kept for good.
    pub fn new(board: &'b Board, prefix: &[u32], closed: bool, order: Order, prune: bool) -> Self {
        let cells = board.cells().to_vec();
        let mut zeros = 0;
        let mut ones = 0;
        for sq in board.free_squares() {
            match cells[board.padded(sq)] & CELL_DEGREE {
                0 => zeros += 1,
                1 => ones += 1,
                _ => {}
            }
        }
        let mut s = Search {
            board,
            offsets: *board.offsets(),
            cells,
            path: Vec::with_capacity(board.free_count()),
            tried: Vec::with_capacity(board.free_count()),
            base: prefix.len().saturating_sub(1),
            remaining: board.free_count(),
            zeros,
            ones,
            anchor: None,
            order,
            prune,
            stats: Stats::default(),
            node_limit: u64::MAX,
            deadline: None,
            started: Instant::now(),
        };
        for (i, &idx) in prefix.iter().enumerate() {
            let p = board.padded(board.square(idx));
            if i == 0 && closed {
                // The start stays counted in its neighbours' degrees: the
                // tour's last move comes back to it.
                s.anchor = Some(p);
                s.cells[p] |= CELL_CLOSED;
                s.remaining -= 1;
                s.path.push(p as u32);
                s.tried.push(0);
            } else {
                s.place(p);
            }
        }
        s.stats.nodes = prefix.len() as u64;
        s.stats.max_depth = prefix.len();
        s
    }

    /// Stop after this many nodes in all (counting the prefix).
    pub fn set_node_limit(&mut self, limit: u64) {
        self.node_limit = limit;
    }
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    pub fn board(&self) -> &Board {
        self.board
    }
    /// Squares on the path so far.
    pub fn depth(&self) -> usize {
        self.path.len()
    }
    /// The path so far, as square indices.
    pub fn path_indices(&self) -> Vec<u32> {
        self.path
            .iter()
            .map(|&p| self.index_of(p as usize))
            .collect()
    }
    /// The current tour (valid inside [`Monitor::on_tour`]).
    pub fn tour(&self) -> Vec<u32> {
        self.path_indices()
    }
    /// Square index of the `i`-th square of the path.
    pub fn square_at(&self, i: usize) -> u32 {
        self.index_of(self.path[i] as usize)
    }
    fn index_of(&self, p: usize) -> u32 {
        self.board.index(self.board.unpadded(p))
    }
    /// Time since the search was created.
    pub fn elapsed(&self) -> std::time::Duration {
        self.started.elapsed()
    }

    #[inline]
    fn place(&mut self, p: usize) {
        let c = self.cells[p];
        match c & CELL_DEGREE {
            0 => self.zeros -= 1,
            1 => self.ones -= 1,
            _ => {}
        }
        self.cells[p] = c | CELL_CLOSED | CELL_GONE;
        self.remaining -= 1;
        for &o in &self.offsets {
            let q = p.wrapping_add_signed(o);
            let n = self.cells[q];
            if n & CELL_GONE == 0 {
                match n & CELL_DEGREE {
                    1 => {
                        self.ones -= 1;
                        self.zeros += 1;
                    }
                    2 => self.ones += 1,
                    _ => {}
                }
                self.cells[q] = n - 1;
            }
        }
        self.path.push(p as u32);
        self.tried.push(0);
    }

    #[inline]
    fn unplace(&mut self) {
        let p = self.path.pop().expect("unplace below the prefix") as usize;
        self.tried.pop();
        for &o in &self.offsets {
            let q = p.wrapping_add_signed(o);
            let n = self.cells[q];
            if n & CELL_GONE == 0 {
                match n & CELL_DEGREE {
                    0 => {
                        self.zeros -= 1;
                        self.ones += 1;
                    }
                    1 => self.ones -= 1,
                    _ => {}
                }
                self.cells[q] = n + 1;
            }
        }
        let c = self.cells[p] & CELL_DEGREE;
        self.cells[p] = c;
        match c {
            0 => self.zeros += 1,
            1 => self.ones += 1,
            _ => {}
        }
        self.remaining += 1;
    }

    /// True when the last square is a knight's move from the anchor.
    fn closes(&self, p: usize) -> bool {
        match self.anchor {
            None => true,
            Some(a) => self.offsets.iter().any(|&o| p.wrapping_add_signed(o) == a),
        }
    }

    /// The candidates of `p`, in order; the length is 0 when pruning shows
    /// the branch is dead.
    #[inline]
    fn candidates(&self, p: usize, out: &mut [u8; 8]) -> usize {
        let mut n = 0;
        let mut ones_here = 0;
        for (k, &o) in self.offsets.iter().enumerate() {
            let c = self.cells[p.wrapping_add_signed(o)];
            if c & CELL_CLOSED == 0 {
                out[n] = k as u8;
                n += 1;
                ones_here += (c & CELL_DEGREE == 1) as u32;
            }
        }
        if self.prune && self.remaining >= 2 {
            if self.zeros > 0 || self.ones > 2 || self.ones - ones_here > 1 {
                return 0;
            }
            if self.ones == 2 {
                // One of the two must be entered now; the other ends the tour.
                let mut m = 0;
                for i in 0..n {
                    let c = self.cells[p.wrapping_add_signed(self.offsets[out[i] as usize])];
                    if c & CELL_DEGREE == 1 {
                        out[m] = out[i];
                        m += 1;
                    }
                }
                n = m;
            }
        }
        if let Order::Warnsdorff(tie, seed) = self.order {
            self.sort_warnsdorff(p, &mut out[..n], tie, seed);
        }
        n
    }

    fn sort_warnsdorff(&self, p: usize, moves: &mut [u8], tie: TieBreak, seed: u64) {
        let mut keys = [0u64; 8];
        for (i, &k) in moves.iter().enumerate() {
            let q = p.wrapping_add_signed(self.offsets[k as usize]);
            let deg = (self.cells[q] & CELL_DEGREE) as u64;
            let second: u64 = match tie {
                TieBreak::Fixed => 0,
                TieBreak::Roth => {
                    // Farther from the centre first: smaller key for larger
                    // distance (doubled coordinates keep it in integers).
                    let sq = self.board.unpadded(q);
                    let dr = 2 * sq.row as i64 - (self.board.rows() as i64 - 1);
                    let dc = 2 * sq.col as i64 - (self.board.cols() as i64 - 1);
                    (1u64 << 36) - (dr * dr + dc * dc) as u64
                }
                TieBreak::Lookahead => self
                    .offsets
                    .iter()
                    .map(|&o| {
                        let c = self.cells[q.wrapping_add_signed(o)];
                        if c & CELL_CLOSED == 0 {
                            (c & CELL_DEGREE) as u64
                        } else {
                            0
                        }
                    })
                    .sum(),
                TieBreak::Random => mix(q as u64 ^ seed.rotate_left(17)) >> 28,
            };
            // Last resort: the move order, rotated and perhaps reversed by
            // the seed, so that restarts try other orders.
            let last = variant_order(k, seed);
            keys[i] = deg << 56 | second << 8 | last << 4 | k as u64;
        }
        let keys = &mut keys[..moves.len()];
        keys.sort_unstable();
        for (m, key) in moves.iter_mut().zip(keys.iter()) {
            *m = (key & 0xf) as u8;
        }
    }

    /// Tries the moves in `order` (see [`super::MoveOrder`]): the offsets
    /// are permuted, so the fixed order and Warnsdorff's last tie-break
    /// follow it. Call before [`Search::run`].
    pub fn set_move_order(&mut self, order: super::MoveOrder) {
        let all = *self.board.offsets();
        for (i, &k) in order.0.iter().enumerate() {
            self.offsets[i] = all[k as usize];
        }
    }

    /// Runs until the monitor stops it, a limit is reached, or every branch
    /// below the prefix has been searched.
    pub fn run<M: Monitor>(&mut self, monitor: &mut M) -> Halt {
        let halt = self.run_inner(monitor);
        self.stats.elapsed = self.started.elapsed();
        halt
    }

    fn run_inner<M: Monitor>(&mut self, monitor: &mut M) -> Halt {
        let mut cands = [0u8; 8];
        if self.path.is_empty() {
            return Halt::Exhausted;
        }
        loop {
            let d = self.path.len() - 1;
            let p = self.path[d] as usize;
            if self.remaining == 0 {
                if self.closes(p) {
                    self.stats.tours += 1;
                    if monitor.on_tour(self) == Flow::Stop {
                        return Halt::Stopped;
                    }
                }
                if !self.step_back() {
                    return Halt::Exhausted;
                }
                continue;
            }
            let t = self.tried[d] as usize;
            let n = self.candidates(p, &mut cands);
            if t < n {
                self.tried[d] += 1;
                let q = p.wrapping_add_signed(self.offsets[cands[t] as usize]);
                self.place(q);
                let st = &mut self.stats;
                st.nodes += 1;
                st.max_depth = st.max_depth.max(d + 2);
                if st.nodes >= self.node_limit {
                    return Halt::NodeLimit;
                }
                if st.nodes & 0xfff == 0
                    && let Some(dl) = self.deadline
                    && Instant::now() >= dl
                {
                    return Halt::TimeLimit;
                }
                if monitor.on_node(self) == Flow::Stop {
                    return Halt::Stopped;
                }
            } else if !self.step_back() {
                return Halt::Exhausted;
            } else if monitor.on_back(self) == Flow::Stop {
                return Halt::Stopped;
            }
        }
    }

    /// Steps back one square; false when at the prefix.
    #[inline]
    fn step_back(&mut self) -> bool {
        if self.path.len() - 1 <= self.base {
            return false;
        }
        self.unplace();
        self.stats.backtracks += 1;
        true
    }
}

/// Position of move `k` in the seed's move order: one of the 8 rotations of
/// [`crate::board::MOVES`] order, clockwise or counter-clockwise.
fn variant_order(k: u8, seed: u64) -> u64 {
    let rot = (seed % 8) as u8;
    let v = if (seed / 8) % 2 == 1 { 8 - k } else { k };
    ((v + rot) % 8) as u64
}

/// A 64-bit mixer (splitmix64's finaliser) for seeded random tie-breaks.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
