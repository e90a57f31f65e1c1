//! Tours of boards at most four squares wide (3xN and 4xN "strips", of any
//! length, with or without blocked squares), by dynamic programming along
//! the strip: exact, and linear in the length.
//!
//! The squares are taken one at a time, column by column along the strip
//! (`w` squares a column). A knight moves at most two columns, so square `v`
//! has its moves back to `v - w - 2`, `v - w + 2`, `v - 2w - 1` and
//! `v - 2w + 1` (those in the strip), and once `v` is placed only the `2w + 1`
//! squares before it can still gain a move. What matters for the rest of the
//! tour is those squares' number of tour moves so far (0, 1 or 2), which
//! loose ends are joined by the path pieces chosen so far (each end knows the
//! other end of its piece, or that the piece ends at the tour's start or
//! end), and whether the open tour's end has been placed: that is the
//! *state*. A step places one square by choosing which of its moves back the
//! tour uses; the square that then leaves the window must have two moves (one
//! at the tour's ends), no piece may close into a cycle before the last
//! square (for a closed tour), and the pieces from the start and the end meet
//! only at the very end. Every choice is covered, so when no state survives a
//! step there is no tour at all: the answer is exact both ways.
//!
//! The sets of states reachable step after step repeat with a short period
//! on a stretch of full columns, so a long strip costs a few dozen set
//! computations. One pass back from the end picks a state before each step
//! (any state reachable from the left edge will do), and the moves chosen
//! are walked from the start. The start's square enters with one virtual
//! move to "the tour's end"; a square leaving with one move becomes the
//! tour's other end (open tours only, once).
//!
//! The same steps count tours (the ways into each state added up) and list
//! several (every way back, depth first; none is a dead end). On a strip 4
//! wide, outer squares have moves only to inner ones, which bounds the
//! moves between the inner rows and prunes most states that cannot finish
//! (see `Strip::inner_cap`).
//!
//! Here the state, its encoding and the step; what the strip answers (a
//! tour, tours, counts, a path between two squares) is in
//! `strip/answers.rs`.

use std::collections::HashMap;
use std::hash::Hasher;
use std::time::Instant;

use super::search::Monitor;
use crate::board::{Board, Outline, Square};
use crate::solver::states::{FastMap, StateHasher};
use crate::solver::{Algorithm, Flow, Options, Problem, Solution, Stats, Verdict};
use crate::theory::{Argument, NoTour, Searched};

mod answers;
pub use answers::{
    Answer, MANY_TOURS_SQUARES, applies, count, count_between, count_starts, path_between, solve,
    tour,
};
#[cfg(test)]
use answers::{tour_keeping, tours, tours_each_keeping};

/// The widest strip this method takes.
pub const MAX_WIDTH: u32 = 4;

// The state, a `u64` (`pack`, `unpack`; a `Window` unpacked), has a field
// of 6 bits for each position k in 0 ..= 2w, oldest first: before the
// step of square `v`, position k holds square `v - 2w - 1 + k`; `pack`
// moves each window position down one, the square placed to 2w.
//
//   bits           field         values      meaning
//   6k, 6k+1       deg           0, 1, 2     tour moves so far; 2 also
//                                            INERT (nothing joins it)
//   6k+2 ..= 6k+5  mate          0 ..= 2w,   deg 1: the position of the
//                                or 15       far end of its piece, or
//                                            TERM; else 0
//   6(2w+1) ..= 58 -             0           unused (54 ..= 58, 4 wide)
//   59             START_PLACED  0, 1        the start (or fixed end)
//                                            placed
//   60, 61         inner         0 ..= cap   4 wide with a cap (at most
//                                            2): moves between the inner
//                                            rows so far; else 0
//   62             END_USED      0, 1        open tours: the free end
//                                            placed, or fixed
//   63             -             0           1 only in FINAL (all ones)
//
// A piece's two ends name each other, so no renumbering is needed for
// equal situations to be one state.

/// Window positions during a step: the `2w + 1` squares of the state and the
/// square being placed.
const SLOTS: usize = 2 * MAX_WIDTH as usize + 2;
/// A piece's far end is the tour's start or end.
const TERM: u8 = 15;
/// Open tours: the tour's free end has been placed.
const END_USED: u64 = 1 << 62;
/// Where a state keeps `inner`, two bits (the table above).
const INNER_SHIFT: u32 = 60;
/// Open tours: the start has been placed.
const START_PLACED: u64 = 1 << 59;
/// Squares outside the strip, blocked, or not yet placed: nothing can join
/// them.
const INERT: u8 = 2;
/// The state after the last square, when the tour is complete.
const FINAL: u64 = u64::MAX;

/// The steps into each state under one kind: (state before, moves).
type Reverse = FastMap<u32, Vec<(u32, u8)>>;

/// The window unpacked: the state's squares, then the one being placed.
#[derive(Clone, Copy)]
struct Window {
    deg: [u8; SLOTS],
    mate: [u8; SLOTS],
    end_used: bool,
    complete: bool,
    /// Moves so far between the two inner rows (4 wide; see [`Strip::inner_cap`]).
    inner: u8,
    start_placed: bool,
}

impl Window {
    /// The far end of the piece `x` ends, `x` itself when it has no move yet.
    fn far(&self, x: usize) -> u8 {
        if self.deg[x] == 0 {
            x as u8
        } else {
            self.mate[x]
        }
    }

    /// Adds the move `u-v`, or says it cannot be part of a tour.
    fn join(&mut self, u: usize, v: usize, closed: bool) -> bool {
        if self.complete || self.deg[u] >= 2 || self.deg[v] >= 2 {
            return false;
        }
        let (a, b) = (self.far(u), self.far(v));
        if a == v as u8 {
            // The two ends of one piece: a cycle, a tour only at the end.
            if !closed {
                return false;
            }
            self.complete = true;
        } else if a == TERM && b == TERM {
            // The pieces from the start and from the end meet.
            self.complete = true;
        } else {
            if a != TERM {
                self.mate[a as usize] = b;
            }
            if b != TERM {
                self.mate[b as usize] = a;
            }
        }
        self.deg[u] += 1;
        self.deg[v] += 1;
        true
    }

    /// Position `s` leaves the window: it needs its two moves, or one as
    /// the open tour's end.
    fn leave(&mut self, s: usize, closed: bool) -> bool {
        match self.deg[s] {
            2 => true,
            1 if !closed && !self.end_used => {
                self.end_used = true;
                let a = self.mate[s];
                if a == TERM {
                    self.complete = true;
                } else {
                    self.mate[a as usize] = TERM;
                }
                true
            }
            _ => false,
        }
    }
}

/// What a step places: the square's row, whether it is free, whether it is
/// the start, whether it is the last free square. Packed as
/// `row * 8 + free * 4 + start * 2 + last`.
type Kind = u8;

fn kind_of(row: usize, free: bool, start: bool, last: bool) -> Kind {
    (row as u8) << 3 | (free as u8) << 2 | (start as u8) << 1 | last as u8
}

/// A stretch of steps whose state sets repeat: for `i` in `from..to`, the
/// set before step `i` is the one before `base + (i - from) % period`.
struct Jump {
    from: u32,
    to: u32,
    base: u32,
    period: u32,
}

/// State ids kept in full before the sets are kept one in
/// [`History::every`] only (16 M ids: 64 MB). Tests pass a lower bound
/// (to [`Strip::forward`]) to work the sets out again on the way back.
const KEEP_ALL_STATES: usize = 1 << 24;

/// The sets of states reachable from the left edge before each step: some
/// stored (every [`History::every`] steps, and those that repeat), the rest
/// repeating or worked out again from the last stored one when needed, a
/// stretch at a time (so a long strip with many holes keeps only a few
/// hundred sets, not one a step).
#[derive(Default)]
struct History {
    sets: FastMap<u32, Vec<u32>>,
    jumps: Vec<Jump>,
    every: u32,
    /// The stretch worked out last: its first step and the sets from there.
    stretch: (u32, Vec<Vec<u32>>),
}

impl History {
    fn jump(&self, i: u32) -> Option<&Jump> {
        self.jumps.iter().find(|j| (j.from..j.to).contains(&i))
    }
    /// The step whose stored set is the set before step `i` (`i` itself
    /// when it is neither stored nor repeating).
    fn canonical(&self, i: u32) -> u32 {
        if self.sets.contains_key(&i) {
            return i;
        }
        self.jump(i).map_or(i, |j| j.base + (i - j.from) % j.period)
    }
    /// The set before step `i` when it is stored or repeats.
    fn known(&self, i: u32) -> Option<&[u32]> {
        self.sets.get(&self.canonical(i)).map(Vec::as_slice)
    }
}

/// The strip: width, free squares and start, in steps (`column * w + row`
/// along the strip), and the states and steps met so far.
struct Strip {
    w: usize,
    closed: bool,
    /// Columns holding a blocked square, with their free rows.
    holes: HashMap<u32, u8>,
    start: Option<u32>,
    /// The last free square's step, plus one.
    end: u32,
    states: Vec<u64>,
    ids: FastMap<u64, u32>,
    /// By kind, by state: where its successors are in `succ` (`len` is
    /// `u32::MAX` until they are computed).
    table: Vec<Vec<(u32, u32)>>,
    /// (next state, moves chosen: bit 0 to `v - w - 2`, 1 to `v - w + 2`,
    /// 2 to `v - 2w - 1`, 3 to `v - 2w + 1`).
    succ: Vec<(u32, u8)>,
    /// By row and window position: the square's moves to squares not yet
    /// placed, on a full strip.
    ahead: Vec<[u8; SLOTS]>,
    /// By plain kind, the steps into each state, built when first needed.
    reverse: Vec<Option<Reverse>>,
    /// On a strip 4 wide, the most moves a tour can have between the two
    /// inner rows. Outer squares (rows 0 and 3) have moves only to inner
    /// ones, so summing the moves of each kind of square gives
    /// `2 (inner-inner moves) = 2 (I - O) + (outer ends) - (inner ends)`
    /// for I inner and O outer squares: at most I - O + 1 (I - O for a
    /// closed tour). On a full strip that is 1, and the states of paths
    /// past it (most of those met) are dropped early.
    inner_cap: Option<u8>,
    /// A full strip 4 wide: see [`Strip::inner_moves_can_balance`].
    balanced: bool,
    /// An open tour that must end on this step's square: it enters with a
    /// virtual move, like the start.
    fixed_end: Option<u32>,
}

const UNKNOWN: (u32, u32) = (0, u32::MAX);

impl Strip {
    fn new(
        w: usize,
        closed: bool,
        holes: HashMap<u32, u8>,
        start: Option<u32>,
        end: u32,
        inner_cap: Option<u8>,
        fixed_end: Option<u32>,
    ) -> Strip {
        let mut ahead = vec![[0u8; SLOTS]; w];
        for (r, row) in ahead.iter_mut().enumerate() {
            // Position k holds square v - 2w - 1 + k, where v (row r) is the
            // square just placed; its moves forward go to u + w + 2,
            // u + w - 2, u + 2w + 1 and u + 2w - 1.
            for (k, slot) in row.iter_mut().enumerate() {
                let ru = (r + k + w - 1) % w;
                let fwd = [
                    (ru + 2 < w, w + 2),
                    (ru >= 2, w.wrapping_sub(2)),
                    (ru + 1 < w, 2 * w + 1),
                    (ru >= 1, 2 * w - 1),
                ];
                *slot = fwd
                    .iter()
                    .filter(|&&(ok, d)| ok && k + d > 2 * w + 1)
                    .count() as u8;
            }
        }
        let mut strip = Strip {
            w,
            closed,
            holes,
            start,
            end,
            states: Vec::new(),
            ids: FastMap::default(),
            table: vec![Vec::new(); 8 * w],
            succ: Vec::new(),
            ahead,
            reverse: vec![None; 8 * w],
            inner_cap,
            balanced: false,
            fixed_end,
        };
        strip.balanced =
            fixed_end.is_none() && w == 4 && strip.holes.is_empty() && inner_cap.is_some();
        // With a fixed end the free end is not for any other square.
        let mut initial = if fixed_end.is_some() { END_USED } else { 0 };
        for k in 0..=2 * w {
            initial |= (INERT as u64) << (6 * k);
        }
        strip.intern(initial);
        strip.intern(FINAL);
        strip
    }

    /// The state before the first step, and the state after the last.
    const INITIAL: u32 = 0;
    const FINAL: u32 = 1;

    fn intern(&mut self, st: u64) -> u32 {
        if let Some(&id) = self.ids.get(&st) {
            return id;
        }
        let id = self.states.len() as u32;
        self.states.push(st);
        self.ids.insert(st, id);
        id
    }

    fn is_free(&self, i: u32) -> bool {
        let (c, r) = (i / self.w as u32, i % self.w as u32);
        self.holes.get(&c).is_none_or(|m| m & (1 << r) != 0)
    }

    fn kind(&self, i: u32) -> Kind {
        kind_of(
            i as usize % self.w,
            self.is_free(i),
            self.start == Some(i) || self.fixed_end == Some(i),
            i + 1 == self.end,
        )
    }

    /// Whether step `i` is a plain one: a free square, neither start nor last.
    fn plain(&self, i: u32) -> bool {
        self.kind(i) & 7 == 4
    }

    /// The steps that are not plain, in order.
    fn special_steps(&self) -> Vec<u32> {
        let w = self.w as u32;
        let mut v: Vec<u32> = Vec::new();
        for (&c, &m) in &self.holes {
            for r in 0..w {
                if m & (1 << r) == 0 && c * w + r < self.end {
                    v.push(c * w + r);
                }
            }
        }
        v.extend(self.start);
        v.extend(self.fixed_end);
        v.push(self.end - 1);
        v.sort_unstable();
        v.dedup();
        v
    }

    fn unpack(&self, st: u64) -> Window {
        let mut win = Window {
            deg: [INERT; SLOTS],
            mate: [0; SLOTS],
            end_used: st & END_USED != 0,
            complete: false,
            inner: (st >> INNER_SHIFT & 3) as u8,
            start_placed: st & START_PLACED != 0,
        };
        for k in 0..=2 * self.w {
            let x = (st >> (6 * k)) & 0x3f;
            win.deg[k] = (x & 3) as u8;
            win.mate[k] = (x >> 2) as u8;
        }
        win
    }

    /// The state after the step: positions 1..=2w+1, shifted down by one.
    fn pack(&self, win: &Window) -> u64 {
        let mut st = if win.end_used { END_USED } else { 0 }
            | if win.start_placed { START_PLACED } else { 0 }
            | (win.inner as u64) << INNER_SHIFT;
        for k in 0..=2 * self.w {
            let d = win.deg[k + 1];
            let m = if d == 1 {
                let m = win.mate[k + 1];
                debug_assert!(m >= 1);
                if m == TERM { TERM } else { m - 1 }
            } else {
                0
            };
            st |= (d as u64 | (m as u64) << 2) << (6 * k);
        }
        st
    }

    /// Every way to take step `kind` from state `id`: (next state, moves).
    fn successors(&mut self, id: u32, kind: Kind) -> &[(u32, u8)] {
        let table = &self.table[kind as usize];
        let (off, len) = table.get(id as usize).copied().unwrap_or(UNKNOWN);
        if len != u32::MAX {
            return &self.succ[off as usize..(off + len) as usize];
        }
        let mut out = Vec::new();
        self.expand(self.states[id as usize], kind, &mut out);
        let off = self.succ.len() as u32;
        for (st, mask) in out {
            let next = self.intern(st);
            self.succ.push((next, mask));
        }
        let len = self.succ.len() as u32 - off;
        let table = &mut self.table[kind as usize];
        if table.len() <= id as usize {
            table.resize(id as usize + 1, UNKNOWN);
        }
        table[id as usize] = (off, len);
        &self.succ[off as usize..(off + len) as usize]
    }

    fn expand(&self, st: u64, kind: Kind, out: &mut Vec<(u64, u8)>) {
        let w = self.w;
        let (r, free, start, last) = (
            (kind >> 3) as usize,
            kind & 4 != 0,
            kind & 2 != 0,
            kind & 1 != 0,
        );
        let mut win = self.unpack(st);
        let v = 2 * w + 1;
        if !free {
            win.deg[v] = INERT;
            return self.finish(win, 0, r, last, out);
        }
        if start {
            win.deg[v] = 1;
            win.mate[v] = TERM;
            win.start_placed = true;
        } else {
            win.deg[v] = 0;
        }
        let back = [
            (r >= 2).then(|| w - 1),
            (r + 2 < w).then(|| w + 3),
            (r >= 1).then_some(0),
            (r + 1 < w).then_some(2),
        ];
        let room = 2 - win.deg[v] as u32;
        // The move back that joins the two inner rows of a strip 4 wide.
        let inner_bit = match r {
            1 => 1 << 3,
            2 => 1 << 2,
            _ => 0,
        };
        'subsets: for sub in 0u8..16 {
            if sub.count_ones() > room {
                continue;
            }
            let mut next = win;
            if let Some(cap) = self.inner_cap
                && sub & inner_bit != 0
            {
                next.inner += 1;
                if next.inner > cap {
                    continue;
                }
            }
            for (bit, slot) in back.iter().enumerate() {
                if sub & (1 << bit) != 0 {
                    match slot {
                        Some(u) if next.join(*u, v, self.closed) => {}
                        _ => continue 'subsets,
                    }
                }
            }
            self.finish(next, sub, r, last, out);
        }
    }

    /// After the joins: the oldest square leaves (every square at the end).
    fn finish(&self, mut win: Window, mask: u8, r: usize, last: bool, out: &mut Vec<(u64, u8)>) {
        let w = self.w;
        if last {
            if (0..=2 * w + 1).all(|s| win.leave(s, self.closed)) && win.complete {
                out.push((FINAL, mask));
            }
            return;
        }
        if !win.leave(0, self.closed) || win.complete {
            return;
        }
        // Each square still needs two moves (one at the open tour's end),
        // and has only so many squares ahead (on a full strip at best).
        let can_end = !self.closed && !win.end_used;
        for k in 1..=2 * w + 1 {
            let have = win.deg[k] + self.ahead[r][k];
            if have < 2 && !(can_end && have == 1) {
                return;
            }
        }
        if self.balanced && !self.inner_moves_can_balance(&win, r, can_end) {
            return;
        }
        out.push((self.pack(&win), mask));
    }

    /// On a full strip 4 wide: whether the moves still needed can be made
    /// with the inner-inner moves left. Every move to come joins an inner
    /// square to an outer one (adding one to the needs of each kind) or two
    /// inner ones (two to the inner kind), so the inner squares' needs
    /// minus the outer ones' is twice the inner-inner moves to come: even,
    /// and at most twice what [`Strip::inner_cap`] leaves. The open tour's
    /// end, not placed yet, needs one move less on a square of either kind.
    fn inner_moves_can_balance(&self, win: &Window, r: usize, can_end: bool) -> bool {
        let w = self.w;
        let Some(cap) = self.inner_cap else {
            return true;
        };
        let mut need: i32 = 0;
        for k in 1..=2 * w + 1 {
            let row = (r + k + w - 1) % w;
            let n = 2 - win.deg[k] as i32;
            need += if row == 1 || row == 2 { n } else { -n };
        }
        // The squares after this one: the rest of its column (full columns
        // beyond have two of each kind), the start among them needing one.
        need += 2 * [1, 0, -1, 0][r];
        if let Some(s) = self.start
            && !win.start_placed
        {
            let sr = s as usize % w;
            need -= if sr == 1 || sr == 2 { 1 } else { -1 };
        }
        let most = 2 * (cap as i32 - win.inner as i32);
        let fits = |b: i32| b >= 0 && b <= most && b % 2 == 0;
        if can_end {
            fits(need - 1) || fits(need + 1)
        } else {
            fits(need)
        }
    }

    /// The states reachable after step `i` from `set`, sorted.
    fn step(&mut self, set: &[u32], i: u32) -> Vec<u32> {
        let kind = self.kind(i);
        let mut next: Vec<u32> = Vec::new();
        for &s in set {
            next.extend(self.successors(s, kind).iter().map(|&(t, _)| t));
        }
        next.sort_unstable();
        next.dedup();
        next
    }

    /// The forward pass: the reachable sets before every step (stored or
    /// repeating), or `None` when no state survives some step (or the strip
    /// has no free square). Every set is kept until `keep_all` state ids
    /// are, then one in [`History::every`].
    fn forward(&mut self, keep_all: usize) -> Option<History> {
        if self.end == 0 {
            return None;
        }
        let w = self.w as u32;
        let mut hist = History {
            every: (self.end as f64).sqrt().max(64.0) as u32,
            ..History::default()
        };
        let specials = self.special_steps();
        let mut cur = vec![Self::INITIAL];
        hist.sets.insert(0, cur.clone());
        // Sets met on the current stretch of plain steps, by hash and row,
        // and the sets of that stretch.
        let mut met: FastMap<(u64, u32), Vec<u32>> = FastMap::default();
        let mut run: FastMap<u32, Vec<u32>> = FastMap::default();
        let mut stored = 0usize;
        let mut i = 0u32;
        while i < self.end {
            let next = self.step(&cur, i);
            if next.is_empty() {
                return None;
            }
            let plain = self.plain(i);
            i += 1;
            // Every set is kept while they are few; then one in `every`.
            if stored < keep_all || i.is_multiple_of(hist.every) {
                stored += next.len();
                hist.sets.insert(i, next.clone());
            }
            if i == self.end {
                break;
            }
            if !plain {
                met.clear();
                run.clear();
            }
            run.insert(i, next);
            let set = &run[&i];
            let mut h = StateHasher::default();
            for &s in set {
                h.write_u32(s);
            }
            let key = (h.finish(), i % w);
            let earlier = met
                .get(&key)
                .and_then(|list| list.iter().copied().find(|j| run[j] == *set));
            let next_special = specials[specials.partition_point(|&s| s < i)];
            match earlier {
                Some(j) if next_special > i + 1 => {
                    // Steps j..i repeat until the next special step; their
                    // sets are kept.
                    for x in j + 1..=i {
                        hist.sets.insert(x, run[&x].clone());
                    }
                    hist.jumps.push(Jump {
                        from: i + 1,
                        to: next_special + 1,
                        base: j + 1,
                        period: i - j,
                    });
                    i = next_special;
                    cur = hist.known(i).expect("a repeating set").to_vec();
                    met.clear();
                    run.clear();
                }
                _ => {
                    met.entry(key).or_default().push(i);
                    cur = set.clone();
                }
            }
        }
        Some(hist)
    }

    /// The set before step `i`: stored, repeating, or worked out again from
    /// the last stored one (with the rest of its stretch, for the steps
    /// back that come next).
    fn set_before<'h>(&mut self, hist: &'h mut History, i: u32) -> &'h [u32] {
        let (from, sets) = &hist.stretch;
        let cached = i >= *from && ((i - from) as usize) < sets.len();
        if hist.known(i).is_none() && !cached {
            let mut c = i;
            while hist.known(c).is_none() {
                c -= 1;
            }
            let mut sets = vec![hist.known(c).expect("just found").to_vec()];
            for x in c..i {
                let next = self.step(sets.last().expect("one at least"), x);
                sets.push(next);
            }
            hist.stretch = (c, sets);
        }
        if let Some(set) = hist.sets.get(&hist.canonical(i)) {
            return set;
        }
        let (from, sets) = &hist.stretch;
        &sets[(i - from) as usize]
    }

    /// The ways into state `cur` after step `i` from a state reachable
    /// before it: (state before, moves), in a fixed order; only the first
    /// when `first`.
    fn preds(
        &mut self,
        hist: &mut History,
        i: u32,
        cur: u32,
        first: bool,
        out: &mut Vec<(u32, u8)>,
    ) {
        out.clear();
        let kind = self.kind(i);
        let prev = self.set_before(hist, i);
        if self.plain(i) {
            let (table, succ) = (&self.table[kind as usize], &self.succ);
            let rev = self.reverse[kind as usize].get_or_insert_with(|| {
                let mut map = Reverse::default();
                for (s, &(off, len)) in table.iter().enumerate() {
                    if len != u32::MAX {
                        for &(t, m) in &succ[off as usize..(off + len) as usize] {
                            map.entry(t).or_default().push((s as u32, m));
                        }
                    }
                }
                map
            });
            for &(s, m) in rev.get(&cur).map_or(&[][..], Vec::as_slice) {
                if prev.binary_search(&s).is_ok() {
                    out.push((s, m));
                    if first {
                        return;
                    }
                }
            }
        } else {
            for s in prev.iter().copied() {
                for &(t, m) in self.successors(s, kind) {
                    if t == cur {
                        out.push((s, m));
                        if first {
                            return;
                        }
                    }
                }
            }
        }
    }

    /// The moves chosen at every step (a nibble each), walking back from
    /// the end.
    fn backward(&mut self, hist: &mut History) -> Vec<u8> {
        let mut masks = vec![0u8; self.end as usize / 2 + 1];
        // Along plain steps the choice depends only on the state and the set
        // before the step, so once a pair repeats, the rest repeats.
        let mut seen: FastMap<(u32, u32), u32> = FastMap::default();
        let mut before: FastMap<u32, u32> = FastMap::default();
        let mut found = Vec::new();
        let mut cur = Self::FINAL;
        let mut i = self.end;
        while i > 0 {
            i -= 1;
            let canon = hist.canonical(i);
            if !self.plain(i) {
                seen.clear();
                before.clear();
            } else if let Some(&i0) = seen.get(&(cur, canon)) {
                // Steps i0, i0 - 1, … repeat from i down to the start of the
                // repeating stretch.
                let q = i0 - i;
                let lo = hist.jump(i0).map_or(i, |j| j.base.min(i));
                for x in (lo..=i).rev() {
                    let m = get_mask(&masks, x + q);
                    set_mask(&mut masks, x, m);
                }
                // The state before step lo is the one before lo + q k, in (i, i0].
                let k = (i - lo) / q + 1;
                cur = before[&(lo + k * q)];
                debug_assert!(self.set_before(hist, lo).binary_search(&cur).is_ok());
                i = lo;
                seen.clear();
                before.clear();
                continue;
            } else {
                seen.insert((cur, canon), i);
            }
            self.preds(hist, i, cur, true, &mut found);
            let (p, m) = found[0];
            set_mask(&mut masks, i, m);
            cur = p;
            before.insert(i, cur);
        }
        debug_assert_eq!(cur, Self::INITIAL);
        masks
    }

    /// Every way back from the end, one after another (depth first), until
    /// `emit` says stop. Every state reached from the left edge leads back
    /// to it, so no branch is a dead end: each way costs one pass at most.
    fn backward_each(&mut self, hist: &mut History, mut emit: impl FnMut(&[u8]) -> bool) {
        let mut masks = vec![0u8; self.end as usize / 2 + 1];
        // By depth d (step end - 1 - d): the ways into the state after the
        // step, and the one taken.
        let mut stack: Vec<(Vec<(u32, u8)>, usize)> = Vec::new();
        let mut cur = Self::FINAL;
        loop {
            // Down to the first step, taking the first way each time.
            while (stack.len() as u32) < self.end {
                let i = self.end - 1 - stack.len() as u32;
                let mut ways = Vec::new();
                self.preds(hist, i, cur, false, &mut ways);
                let (p, m) = ways[0];
                set_mask(&mut masks, i, m);
                cur = p;
                stack.push((ways, 0));
            }
            if !emit(&masks) {
                return;
            }
            // Back up to the latest step with another way, and take it.
            loop {
                let Some((ways, taken)) = stack.last_mut() else {
                    return;
                };
                *taken += 1;
                if let Some(&(p, m)) = ways.get(*taken) {
                    let i = self.end - stack.len() as u32;
                    set_mask(&mut masks, i, m);
                    cur = p;
                    break;
                }
                stack.pop();
            }
        }
    }
}

fn set_mask(masks: &mut [u8], i: u32, m: u8) {
    let (at, shift) = (i as usize / 2, 4 * (i % 2));
    masks[at] = masks[at] & !(15 << shift) | m << shift;
}

fn get_mask(masks: &[u8], i: u32) -> u8 {
    masks[i as usize / 2] >> (4 * (i % 2)) & 15
}

#[cfg(test)]
mod tests;
