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
//!
//! (The byte-parallel cell arithmetic is in `search/swar.rs`. One file
//! otherwise, because it is one loop and its invariant, with the plain
//! backtracking loop beside it; its size is its subject.)

use std::time::Instant;

use crate::board::{Board, CELL_CLOSED, CELL_DEGREE, CELL_GONE};

use crate::solver::{Flow, Stats, TieBreak};

mod swar;

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
    /// Which nodes [`Monitor::on_node`] wants to see: those whose count
    /// is a multiple of this power of two (1 for every node), none for
    /// `None`. Plain backtracking keeps its state in registers and brings
    /// the search up to date only for the nodes a monitor looks at. Asked
    /// again after each of the monitor's reports: it may change then, and
    /// only then.
    #[inline]
    fn looks_every(&self) -> Option<u64> {
        Some(1)
    }
    /// Whether [`Monitor::on_node`]'s is wanted after every step back too
    /// (asked as [`Monitor::looks_every`] is).
    #[inline]
    fn looks_at_backs(&self) -> bool {
        true
    }

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
    /// Whether the search has been cancelled, asked by work done outside
    /// a [`Search`] (the 2-factor pruning between Warnsdorff's attempts).
    fn cancelled(&self) -> bool {
        false
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

/// The watching half of a monitor that wraps another (`self.inner`): what
/// it looks at, and its reports of nodes and steps back, are the inner
/// monitor's.
macro_rules! watch_as_inner {
    () => {
        #[inline]
        fn looks_every(&self) -> Option<u64> {
            self.inner.looks_every()
        }
        #[inline]
        fn looks_at_backs(&self) -> bool {
            self.inner.looks_at_backs()
        }
        #[inline]
        fn on_node(&mut self, s: &$crate::solver::find::search::Search) -> $crate::solver::Flow {
            self.inner.on_node(s)
        }
        #[inline]
        fn on_back(&mut self, s: &$crate::solver::find::search::Search) -> $crate::solver::Flow {
            self.inner.on_back(s)
        }
        fn cancelled(&self) -> bool {
            self.inner.cancelled()
        }
    };
}
pub(super) use watch_as_inner;

/// A depth-first search's state: the path so far and the board's cells,
/// which a [`Monitor`] reads at each node and tour.
pub struct Search<'b> {
    board: &'b Board,
    /// The eight move slots in this search's order (see
    /// [`Search::set_move_order`]): padded offsets (on the plane), row and
    /// column deltas, and the board's slot of each (for the table of
    /// targets on a cylinder or torus).
    offsets: [isize; 8],
    deltas: [(i32, i32); 8],
    slots: [usize; 8],
    /// The board's table of targets, on a cylinder or torus.
    table: Option<&'b [u32]>,
    /// The low bits of each move's Warnsdorff key: its place in the seed's
    /// move order, then the move itself (so every key is distinct).
    key_low: [u64; 8],
    cells: Vec<u8>,
    path: Vec<u32>,
    /// `left[d]`: the candidates of `path[d]` not tried yet, bit `k` for
    /// move `k`. Set when the square is entered; the cells around a square
    /// are the same each time the search comes back to it, so its
    /// candidates are too.
    left: Vec<u8>,
    /// The cells around a square (see [`Search::gather`]), kept from when
    /// the search entered it: the last square's, until the path changes.
    around: (usize, u64),
    /// Depth of the last square of the fixed prefix: never stepped back over.
    base: usize,
    remaining: usize,
    zeros: u32,
    ones: u32,
    /// Whether the cells keep their free neighbours' counts: plain
    /// backtracking (fixed order, no pruning) needs only the flags.
    degrees: bool,
    /// Closed tours: the padded start, which the tour must come back to.
    anchor: Option<usize>,
    /// An open tour's chosen last square (padded): kept off the path, and
    /// counted in its neighbours' degrees as a closed tour's start is, so
    /// the pruning keeps a way into it; a full path that ends a move from
    /// it is a tour with it appended (see [`Search::end_on`]).
    end: Option<usize>,
    order: Order,
    prune: bool,
    /// What the search has done so far.
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
        let seed = match order {
            Order::Warnsdorff(_, seed) => seed,
            Order::Fixed => 0,
        };
        let mut s = Search {
            board,
            offsets: *board.offsets(),
            deltas: board.geometry().leaper.slots(),
            slots: std::array::from_fn(|k| k),
            table: board.table(),
            key_low: std::array::from_fn(|k| variant_order(k as u8, seed) << 4 | k as u64),
            cells,
            path: Vec::with_capacity(board.free_count()),
            left: Vec::with_capacity(board.free_count()),
            around: (usize::MAX, 0),
            base: prefix.len().saturating_sub(1),
            remaining: board.free_count(),
            zeros,
            ones,
            degrees: prune || order != Order::Fixed,
            anchor: None,
            end: None,
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
                s.left.push(0);
            } else {
                match (s.degrees, s.wraps()) {
                    (true, false) => s.place::<true, false>(p),
                    (true, true) => s.place::<true, true>(p),
                    (false, false) => s.place::<false, false>(p),
                    (false, true) => s.place::<false, true>(p),
                }
            }
        }
        s.enter_last();
        s.stats.nodes = prefix.len() as u64;
        s.stats.max_depth = prefix.len();
        s
    }

    /// Makes the tour end on `end` (a square index, free, off the prefix,
    /// the tour open). Call before [`Search::run`].
    pub fn end_on(&mut self, end: u32) {
        debug_assert!(self.anchor.is_none(), "a closed tour has no last square");
        let p = self.board.padded(self.board.square(end));
        debug_assert!(
            self.cells[p] & CELL_CLOSED == 0,
            "the end is free and off the path"
        );
        self.end = Some(p);
        self.cells[p] |= CELL_CLOSED;
        self.remaining -= 1;
        self.enter_last();
    }

    /// Stop after this many nodes in all (counting the prefix).
    pub fn set_node_limit(&mut self, limit: u64) {
        self.node_limit = limit;
    }
    /// Stop at this instant, or never.
    pub fn set_deadline(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
    }

    /// The board searched.
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
            .map(|&p| self.board.index_of_padded(p as usize))
            .collect()
    }
    /// The current tour (valid inside [`Monitor::on_tour`]), with the
    /// chosen last square.
    pub fn tour(&self) -> Vec<u32> {
        let mut tour = self.path_indices();
        tour.extend(self.end.map(|e| self.board.index_of_padded(e)));
        tour
    }
    /// Square index of the `i`-th square of the path.
    pub fn square_at(&self, i: usize) -> u32 {
        self.board.index_of_padded(self.path[i] as usize)
    }
    /// Time since the search was created.
    pub fn elapsed(&self) -> std::time::Duration {
        self.started.elapsed()
    }

    /// The target of move `k` from `p`: `p` itself when it is no move.
    /// `WRAP`: read from the table of a cylinder or torus; else an offset.
    #[inline(always)]
    fn to<const WRAP: bool>(&self, p: usize, k: usize) -> usize {
        if WRAP {
            let t = self.table.expect("a wrapped search has a table");
            t[p * 8 + self.slots[k]] as usize
        } else {
            p.wrapping_add_signed(self.offsets[k])
        }
    }

    /// Whether this search reads its moves from a table (see [`Search::to`]).
    #[inline]
    fn wraps(&self) -> bool {
        self.table.is_some()
    }

    /// The cells of the eight neighbours of `p`, byte `k` for move `k`.
    #[inline(always)]
    fn gather<const WRAP: bool>(&self, p: usize) -> u64 {
        let mut n = 0u64;
        for k in 0..8 {
            n |= (self.cells[self.to::<WRAP>(p, k)] as u64) << (8 * k);
        }
        n
    }

    /// The cells around `p` (see [`Search::gather`]), however the moves
    /// are found.
    fn gather_any(&self, p: usize) -> u64 {
        if self.wraps() {
            self.gather::<true>(p)
        } else {
            self.gather::<false>(p)
        }
    }

    /// Writes the cells of the eight neighbours of `p` back (a slot that
    /// is no move writes `p`'s own cell back unchanged).
    #[inline(always)]
    fn scatter<const WRAP: bool>(&mut self, p: usize, n: u64) {
        for k in 0..8 {
            let q = self.to::<WRAP>(p, k);
            self.cells[q] = (n >> (8 * k)) as u8;
        }
    }

    /// Puts square `p` on the path and sets its candidates. The eight
    /// neighbours' cells are handled as the eight bytes of one word, all at
    /// once and without a branch (see [`swar`]): each free one loses `p`
    /// from its count.
    #[inline(always)]
    fn place<const DEGREES: bool, const WRAP: bool>(&mut self, p: usize) {
        let c = self.cells[p];
        self.cells[p] = c | CELL_CLOSED | CELL_GONE;
        let n = self.gather::<WRAP>(p);
        let (free, ones_free) = if DEGREES {
            let d = c & CELL_DEGREE;
            // Neighbours counted in degrees: one in the low bit of each byte.
            let live = !n >> 6 & swar::LOW;
            let live_hi = live << 7;
            let deg = n & swar::DEGREE;
            let was1 = swar::zero_bytes(deg ^ swar::LOW) & live_hi;
            let was2 = swar::zero_bytes(deg ^ (2 * swar::LOW)) & live_hi;
            // 1 becomes 0, 2 becomes 1.
            let (w1, w2) = (swar::count(was1), swar::count(was2));
            self.zeros = self.zeros + w1 - (d == 0) as u32;
            self.ones = self.ones + w2 - w1 - (d == 1) as u32;
            let n = n - live;
            self.scatter::<WRAP>(p, n);
            self.around = (p, n);
            (swar::open(n), swar::open_ones(n))
        } else {
            (swar::open(n), 0)
        };
        self.remaining -= 1;
        self.path.push(p as u32);
        let left = self.pruned(free, ones_free);
        self.left.push(left);
    }

    /// Twice the row and the column of `p` from the board's centre.
    #[inline]
    fn centred(&self, p: usize) -> (i64, i64) {
        let b = self.board;
        let row = b.padded_row(p) as i64;
        let col = (p - row as usize * b.padded_width()) as i64;
        (
            2 * row - (b.rows() as i64 - 1 + 2 * b.pad() as i64),
            2 * col - (b.cols() as i64 - 1 + 2 * b.pad() as i64),
        )
    }

    #[inline(always)]
    fn unplace<const DEGREES: bool, const WRAP: bool>(&mut self) {
        let p = self.path.pop().expect("unplace below the prefix") as usize;
        self.left.pop();
        self.around.0 = usize::MAX;
        let c = self.cells[p] & CELL_DEGREE;
        self.remaining += 1;
        if DEGREES {
            // Gathered while `p` is still closed: a slot that is no move
            // reads `p` itself, which must not count as a free neighbour.
            let n = self.gather::<WRAP>(p);
            let live = !n >> 6 & swar::LOW;
            let live_hi = live << 7;
            let deg = n & swar::DEGREE;
            // 0 becomes 1, 1 becomes 2.
            let w0 = swar::count(swar::zero_bytes(deg) & live_hi);
            let w1 = swar::count(swar::zero_bytes(deg ^ swar::LOW) & live_hi);
            self.zeros = self.zeros + (c == 0) as u32 - w0;
            self.ones = self.ones + w0 + (c == 1) as u32 - w1;
            self.scatter::<WRAP>(p, n + live);
        }
        self.cells[p] = c;
    }

    /// Sets the candidates of the last square of the path again (after the
    /// prefix is placed, or the moves are put in another order).
    fn enter_last(&mut self) {
        self.around.0 = usize::MAX;
        if let Some(&p) = self.path.last() {
            let left = self.candidates(p as usize);
            *self.left.last_mut().expect("as long as the path") = left;
        }
    }

    /// True when the last square is a knight's move from the anchor, on a
    /// path of at least three squares (two squares and back would use one
    /// move twice: not a closed tour, as [`crate::tour::Walk`] judges too).
    /// With a chosen last square: true when `p` is a move from it.
    fn closes(&self, p: usize) -> bool {
        match (self.anchor, self.end) {
            (Some(a), _) => self.path.len() > 2 && self.board.targets(p).contains(&a),
            (None, Some(e)) => self.board.targets(p).contains(&e),
            (None, None) => true,
        }
    }

    /// The candidates of `p`, bit `k` for move `k` (see [`Search::pruned`]).
    fn candidates(&self, p: usize) -> u8 {
        let n = self.gather_any(p);
        self.pruned(swar::open(n), swar::open_ones(n))
    }

    /// The candidates among the free neighbours `free` (of which `ones_free`
    /// have one free neighbour): none when pruning shows the branch is dead.
    #[inline(always)]
    fn pruned(&self, free: u8, ones_free: u8) -> u8 {
        if self.prune && self.remaining >= 2 {
            if self.zeros > 0 || self.ones > 2 || self.ones - ones_free.count_ones() > 1 {
                return 0;
            }
            if self.ones == 2 {
                // One of the two must be entered now; the other ends the tour.
                return ones_free;
            }
        }
        free
    }

    /// The move to take next from `p` among `left` (not empty): the first
    /// in the fixed order, or the best by Warnsdorff's rule. Each square's
    /// best is found in one pass, without a sort: the fewest onward moves
    /// first (all eight counts compared at once), then, only among the
    /// moves tied on that, the tie-break. A square the search comes back to
    /// gives its next best, so the moves come in the order a sort would.
    #[inline(always)]
    fn choose<const WRAP: bool>(&self, p: usize, left: u8) -> usize {
        let Order::Warnsdorff(tie, seed) = self.order else {
            return left.trailing_zeros() as usize;
        };
        if left.is_power_of_two() {
            return left.trailing_zeros() as usize;
        }
        let around = match self.around {
            (at, n) if at == p => n,
            _ => self.gather::<WRAP>(p),
        };
        let deg = around & swar::DEGREE;
        let candidates = swar::SPREAD[left as usize];
        let mut fewest = 0;
        let ties = loop {
            let t = swar::zero_bytes(deg ^ (fewest * swar::LOW)) & candidates;
            if t != 0 {
                break swar::pack(t);
            }
            fewest += 1;
        };
        if ties.is_power_of_two() && seed == 0 {
            return ties.trailing_zeros() as usize;
        }
        let (x, y) = if tie == TieBreak::Roth {
            self.centred(p)
        } else {
            (0, 0)
        };
        let mut best = u64::MAX;
        let mut bits = ties;
        while bits != 0 {
            let k = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let q = self.to::<WRAP>(p, k);
            let second: u64 = match tie {
                TieBreak::Fixed => 0,
                TieBreak::Roth => roth_key(&self.deltas, x, y, k),
                TieBreak::Lookahead => (0..8)
                    .map(|j| {
                        let t = self.to::<WRAP>(q, j);
                        let c = self.cells[t];
                        if t != q && c & CELL_CLOSED == 0 {
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
            best = best.min(second << 8 | self.key_low[k]);
        }
        (best & 0xf) as usize
    }

    /// Tries the moves in `order` (see [`crate::solver::MoveOrder`]): the offsets
    /// are permuted, so the fixed order and Warnsdorff's last tie-break
    /// follow it. Call before [`Search::run`].
    pub fn set_move_order(&mut self, order: crate::solver::MoveOrder) {
        let all = *self.board.offsets();
        let deltas = self.board.geometry().leaper.slots();
        for (i, &k) in order.0.iter().enumerate() {
            self.offsets[i] = all[k as usize];
            self.deltas[i] = deltas[k as usize];
            self.slots[i] = k as usize;
        }
        self.enter_last();
    }

    /// Runs until the monitor stops it, a limit is reached, or every branch
    /// below the prefix has been searched.
    pub fn run<M: Monitor>(&mut self, monitor: &mut M) -> Halt {
        let halt = match (self.degrees, self.wraps()) {
            (true, false) => self.run_inner::<M, true, false>(monitor),
            (true, true) => self.run_inner::<M, true, true>(monitor),
            (false, false) => self.run_plain::<M, false>(monitor),
            (false, true) => self.run_plain::<M, true>(monitor),
        };
        self.stats.elapsed = self.started.elapsed();
        halt
    }

    /// [`Search::run`] by the general loop, for plain backtracking too: the
    /// reference [`Search::run_plain`] is tested against.
    #[cfg(test)]
    pub(in crate::solver) fn run_general<M: Monitor>(&mut self, monitor: &mut M) -> Halt {
        match (self.degrees, self.wraps()) {
            (true, false) => self.run_inner::<M, true, false>(monitor),
            (true, true) => self.run_inner::<M, true, true>(monitor),
            (false, false) => self.run_inner::<M, false, false>(monitor),
            (false, true) => self.run_inner::<M, false, true>(monitor),
        }
    }

    fn run_inner<M: Monitor, const DEGREES: bool, const WRAP: bool>(
        &mut self,
        monitor: &mut M,
    ) -> Halt {
        if self.path.is_empty() {
            return Halt::Exhausted;
        }
        loop {
            let d = self.path.len() - 1;
            let p = self.path[d] as usize;
            if self.remaining == 0 {
                if self.closes(p) {
                    self.stats.tours += 1;
                    // The chosen end, reached by the last move, is the
                    // tour's last square: the deepest path is the tour.
                    let whole = self.path.len() + usize::from(self.end.is_some());
                    self.stats.max_depth = self.stats.max_depth.max(whole);
                    if monitor.on_tour(self) == Flow::Stop {
                        return Halt::Stopped;
                    }
                }
                if !self.step_back::<DEGREES, WRAP>() {
                    return Halt::Exhausted;
                }
                continue;
            }
            let left = self.left[d];
            if left != 0 {
                let k = self.choose::<WRAP>(p, left);
                self.left[d] = left & !(1 << k);
                self.place::<DEGREES, WRAP>(self.to::<WRAP>(p, k));
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
            } else if !self.step_back::<DEGREES, WRAP>() {
                return Halt::Exhausted;
            } else if monitor.on_back(self) == Flow::Stop {
                return Halt::Stopped;
            }
        }
    }

    /// [`Search::run_inner`] for plain backtracking (the fixed order, no
    /// degrees, no pruning). The path and each
    /// square's moves not tried yet are one word a square on a stack of
    /// their own, the square in hand and the figures are locals the
    /// compiler keeps in registers; `self` is brought up to date only for
    /// what the monitor looks at (see [`Monitor::looks_every`]) and at
    /// the end. The same nodes in the same order.
    ///
    /// One of the engine's three hot loops kept whole (with the frontier's
    /// advance and its meeting in the middle): 100 million nodes a second
    /// need the square in hand and the figures in registers, which a call
    /// out of the loop would spill.
    fn run_plain<M: Monitor, const WRAP: bool>(&mut self, monitor: &mut M) -> Halt {
        let Some(&last) = self.path.last() else {
            return Halt::Exhausted;
        };
        // stack[i] = square << 8 | its moves left, below the square in hand.
        let mut stack = vec![0u32; self.path.len() + self.remaining];
        for (i, (&sq, &moves)) in self.path.iter().zip(&self.left).enumerate() {
            stack[i] = sq << 8 | u32::from(moves);
        }
        let mut d = self.path.len() - 1;
        let (mut p, mut moves) = (last as usize, self.left[d]);
        let mut cells = std::mem::take(&mut self.cells);
        // The depth of a whole tour: squares left are `full - d`.
        let full = d + self.remaining;
        let mut stats = self.stats;
        // Steps back are not counted as they happen: each node is a step
        // down and each step back one up, so they are what the nodes and
        // the depth say (see `counted`).
        let (n0, b0, d0) = (stats.nodes, stats.backtracks, d as u64);
        let counted = |stats: Stats, d: usize| Stats {
            backtracks: b0 + (stats.nodes - n0) + d0 - d as u64,
            ..stats
        };
        let (offsets, base, limit, deadline) =
            (self.offsets, self.base, self.node_limit, self.deadline);
        // The node counts at which something is looked at: the limits (the
        // clock every 4096 nodes) and what the monitor looks at, asked
        // again after each report (see [`Monitor::looks_every`]).
        const CLOCK: u64 = 0x1000;
        let next = |nodes: u64, looks: Option<u64>| {
            let at = limit.min((nodes | (CLOCK - 1)) + 1);
            looks.map_or(at, |e| at.min((nodes | (e - 1)) + 1))
        };
        let (mut looks, mut backs) = (monitor.looks_every(), monitor.looks_at_backs());
        let mut check_at = next(stats.nodes, looks);
        // A report to the monitor: the search shown as it is, then what the
        // monitor looks at asked again.
        macro_rules! report {
            ($call:ident) => {{
                let hand = (p, moves, full - d);
                let flow;
                (flow, cells) = self.shown(cells, &stack[..d], hand, counted(stats, d), |s| {
                    monitor.$call(s)
                });
                (looks, backs) = (monitor.looks_every(), monitor.looks_at_backs());
                check_at = next(stats.nodes, looks);
                flow
            }};
        }
        let halt = loop {
            if d == full {
                stats.max_depth = stats.max_depth.max(d + 1);
                // The square the last move must reach, and the least depth.
                let home = match (self.anchor, self.end) {
                    (Some(a), _) => Some((a, 2)),
                    (None, e) => e.map(|e| (e, 0)),
                };
                if home.is_none_or(|(a, least)| {
                    d >= least && (0..8).any(|k| self.to::<WRAP>(p, k) == a)
                }) {
                    stats.tours += 1;
                    // The chosen end is the tour's last square.
                    let whole = d + 1 + usize::from(self.end.is_some());
                    stats.max_depth = stats.max_depth.max(whole);
                    if report!(on_tour) == Flow::Stop {
                        break Halt::Stopped;
                    }
                }
                moves = 0;
            }
            if moves != 0 {
                let k = moves.trailing_zeros() as usize;
                stack[d] = (p as u32) << 8 | u32::from(moves & (moves - 1));
                let q = if WRAP {
                    self.to::<true>(p, k)
                } else {
                    p.wrapping_add_signed(offsets[k])
                };
                cells[q] |= CELL_CLOSED | CELL_GONE;
                // The moves to free squares (high bit clear), gathered
                // straight into bits: no multiply on the way (see
                // [`swar::open`]).
                let mut taken = 0u32;
                if WRAP {
                    for k in 0..8 {
                        taken |= u32::from(cells[self.to::<true>(q, k)] >> 7) << k;
                    }
                } else {
                    for (k, &o) in offsets.iter().enumerate() {
                        taken |= u32::from(cells[q.wrapping_add_signed(o)] >> 7) << k;
                    }
                }
                (p, moves) = (q, !taken as u8);
                d += 1;
                stats.nodes += 1;
                if stats.nodes >= check_at {
                    if stats.nodes >= limit {
                        break Halt::NodeLimit;
                    }
                    if stats.nodes.is_multiple_of(CLOCK)
                        && deadline.is_some_and(|dl| Instant::now() >= dl)
                    {
                        break Halt::TimeLimit;
                    }
                    check_at = next(stats.nodes, looks);
                    if looks.is_some_and(|e| stats.nodes & (e - 1) == 0) {
                        stats.max_depth = stats.max_depth.max(d + 1);
                        if report!(on_node) == Flow::Stop {
                            break Halt::Stopped;
                        }
                    }
                }
            } else {
                if d <= base {
                    break Halt::Exhausted;
                }
                // The deepest point is always just before a step back
                // (or a tour, or the end).
                stats.max_depth = stats.max_depth.max(d + 1);
                cells[p] &= CELL_DEGREE;
                d -= 1;
                let below = stack[d];
                (p, moves) = ((below >> 8) as usize, below as u8);
                if backs && report!(on_back) == Flow::Stop {
                    break Halt::Stopped;
                }
            }
        };
        stats.max_depth = stats.max_depth.max(d + 1);
        self.sync(&stack[..d], (p, moves, full - d), counted(stats, d));
        self.cells = cells;
        self.around.0 = usize::MAX;
        halt
    }

    /// Shows a monitor the search as [`Search::run_plain`] has it: its
    /// stack `below` the square in hand (`hand`: the square, its moves
    /// left and the squares left), `cells` (handed back) and `stats`.
    #[inline(always)]
    fn shown(
        &mut self,
        cells: Vec<u8>,
        below: &[u32],
        hand: (usize, u8, usize),
        stats: Stats,
        report: impl FnOnce(&Self) -> Flow,
    ) -> (Flow, Vec<u8>) {
        self.sync(below, hand, stats);
        self.cells = cells;
        let flow = report(self);
        (flow, std::mem::take(&mut self.cells))
    }

    /// Brings the path, the moves left and the figures up to date from
    /// [`Search::run_plain`]'s stack and the square in hand.
    fn sync(&mut self, below: &[u32], (p, moves, remaining): (usize, u8, usize), stats: Stats) {
        self.path.clear();
        self.left.clear();
        for &e in below {
            self.path.push(e >> 8);
            self.left.push(e as u8);
        }
        self.path.push(p as u32);
        self.left.push(moves);
        self.remaining = remaining;
        self.stats = stats;
    }

    /// Steps back one square; false when at the prefix.
    #[inline(always)]
    fn step_back<const DEGREES: bool, const WRAP: bool>(&mut self) -> bool {
        if self.path.len() - 1 <= self.base {
            return false;
        }
        self.unplace::<DEGREES, WRAP>();
        self.stats.backtracks += 1;
        true
    }
}

/// Roth's tie-break for move `k` from the square `(x, y)` of
/// [`Search::centred`]: farther from the centre first, so a smaller key
/// for a larger distance (doubled coordinates keep it in integers).
#[inline]
fn roth_key(deltas: &[(i32, i32); 8], x: i64, y: i64, k: usize) -> u64 {
    let (dr, dc) = deltas[k];
    let (a, b) = (x + 2 * dr as i64, y + 2 * dc as i64);
    (1u64 << 36) - (a * a + b * b) as u64
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
