//! Counting tours by dynamic programming over a frontier, on boards up to
//! [`MAX_WIDTH`] squares across (any length, blocked squares allowed): the
//! strip programme's idea, generalised and stripped down to counting.
//!
//! The squares are placed one at a time, row by row across the narrow side
//! (`w` squares a row). A knight reaches at most two rows back, so when
//! square `v` is placed its moves back go to squares among the `2w + 1`
//! before it, and a square that has been placed matters to the rest of the
//! tour only until its last move forward has been placed. Placing `v`
//! chooses which of its moves back the tour uses (at most two). The *state*
//! is what the placed squares still open to later moves need to know, a
//! nibble each: no tour move yet, both, or one and which loose end is the
//! other end of its path piece (a label the two share) or that the other
//! end is a tour end (the nibbles are tabled above `T`).
//!
//! A state dies when a piece would close into a cycle before the last
//! square (for a closed tour; never for an open one), when a square leaves
//! with fewer than two moves (open tours: with one, it is a tour end, and
//! there are at most two), or when a square with no move yet has a single
//! move forward left and could at best be a tour end. Every tour is one set
//! of moves and one way through the steps, so the ways into each state,
//! added up, count the tours exactly: undirected closed tours, undirected
//! open tours over all starts, or open tours from one start (whose square
//! enters with a virtual move to "the tour's end").
//!
//! A knight's move changes colour, so an open tour's ends are fixed in
//! colour by the counts of free squares of each colour (see `Layout::new`): a
//! square of another colour is never made a tour end, which halves the
//! states of an open count from a start (6x7 from a corner: 5.5 s and 328
//! MB before, 2.9 s and 181 MB after; the development machine,
//! 2026-11-25).
//!
//! Closed tours of boards not much longer than wide, and open tours over
//! all starts of boards at most two rows longer than wide, are counted by
//! meeting in the middle (`meet.rs`): the two halves of the board square
//! by square, and the moves across the cut between them.
//!
//! Knuth's SIMPATH (TAOCP 7.1.4) and Iwashita and Minato's frontier-based
//! search (TdZdd) count paths in graphs this way, edge by edge; here a step
//! is a square and its moves back, so a state is packed in one `u64`.
//!
//! The board's layout, made once a count, is in `frontier/layout.rs`;
//! here the state's nibbles, the step and its budget read top to bottom.

use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

use super::Progress;
use crate::board::{Board, Square};
use crate::solver::states::FastMap;

mod census;
mod layout;
use layout::{Layout, Step, find_leaving};
mod meet;
#[cfg(feature = "cluster")]
pub(crate) mod spread;
mod word;
pub use census::{Census, census};
use meet::{meet, meeting};
use word::Word;

/// The widest board (its narrow side) this programme takes: the state's
/// `2w + 2` squares of the working window fit a `u128` a nibble each (a
/// `u64` up to 7 wide).
pub const MAX_WIDTH: u32 = 8;

/// The widest board whose window fits a `u64`, and (beyond the closed
/// tours of 8x8) the widest the programme takes.
pub const NARROW: u32 = 7;

// The state, a `Word`, has a nibble a slot: bits 4j to 4j + 3 for slot j.
// At the step of square `v`, slot j holds square `v - 2w - 1 + j`, `v` the
// top slot 2w + 1; the step ends with `canonical(s >> 4)`, a slot down,
// leaving the top slot 0.
//
//   nibble     name     the slot's square
//   0          -        no tour move yet; or off the board, blocked, not
//                       placed yet, or left (`settle` clears it)
//   1 ..= w    label    one move; the other loose end of its piece holds
//                       the same label (two slots a label: `partner`),
//                       numbered from slot 0 up by `canonical` so that
//                       equal situations are one state; 2w + 1 slots
//                       between steps hold w labels at most
//   w+1 ..= 11 -        never
//   12         FRESH    one move, in a piece made at this step (`join`);
//                       renumbered by `canonical` like any label
//   13         T        one move; the piece's other end is a tour end (the
//                       given start enters as T, its virtual move:
//                       `expand`); paired, a tour end on the corner's
//                       colour
//   14         T_DARK   as T, paired only: a tour end on the other colour
//   15         FULL     both moves taken (`full`: the only 0b1111)
//
// `canonical` keeps 0 and 13 ..= 15 (bits 3 and 2, and 1 or 0), `is_end`
// is 13 or 14, and `degree` (meet) reads 0, 15 and the rest as 0, 2 and
// 1 moves.

/// A nibble: the piece's other end is a tour end (paired: on the corner's
/// colour; see [`Step::paired`]).
const T: u64 = 13;
/// A nibble: as [`T`], on the other colour than the corner's.
const T_DARK: u64 = 14;

/// Whether a nibble marks a piece whose other end is a tour end.
#[inline]
fn is_end(x: u64) -> bool {
    x == T || x == T_DARK
}
/// A nibble: both tour moves taken.
const FULL: u64 = 15;
/// A nibble: the label of a piece made at this step, before renumbering.
const FRESH: u64 = 12;

/// Which tours a count takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ends {
    /// Closed tours (undirected: each cycle once).
    Closed,
    /// Open tours from this start (directed: each once, from the start).
    From(Square),
    /// Open tours from any start (undirected: each path once).
    Any,
    /// Open tours from the first square that end on the second (directed).
    Between(Square, Square),
}

impl std::fmt::Display for Ends {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ends::Closed => f.write_str("closed tours"),
            Ends::From(s) => write!(f, "open tours from {s}"),
            Ends::Any => f.write_str("open tours over all starts"),
            Ends::Between(a, b) => write!(f, "open tours from {a} to {b}"),
        }
    }
}

/// What may stop a count before it ends.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// The most bytes the tables may hold at once (the memory bound).
    pub bytes: u64,
    /// The most states taken from one square to the next, in all.
    pub expansions: Option<u64>,
    pub deadline: Option<Instant>,
}

impl Budget {
    /// No bound but the bytes.
    pub fn bytes(bytes: u64) -> Budget {
        Budget {
            bytes,
            expansions: None,
            deadline: None,
        }
    }
}

/// Why a count has no answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// Past 2^128 - 1 tours.
    Overflow,
    /// More memory than the budget allows: the bytes held (or, at square
    /// 0, known to be needed), the states, and at which square (in placing
    /// order) of how many.
    Memory {
        bytes: u64,
        states: u64,
        at: u64,
        of: u64,
    },
    /// The budget's expansions ran out.
    Expansions,
    /// The budget's deadline passed.
    Deadline,
    /// [`Progress::cancel`] was set.
    Cancelled,
    /// The workers of a spread count could not start, or one failed.
    Workers(super::WorkerFault),
    /// The processes of a cluster differ in what they count.
    Refused(super::Mismatch),
}

/// A finished count: the number, and the work it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counted {
    pub tours: u128,
    /// States taken from one square to the next, in all.
    pub expansions: u64,
    /// The most states at one square.
    pub peak: u64,
}

fn get<S: Word>(s: S, i: u32) -> u64 {
    (s >> (4 * i)).low() & 15
}

fn set<S: Word>(s: S, i: u32, x: u64) -> S {
    s & !(S::of(15) << (4 * i)) | S::of(x) << (4 * i)
}

/// Bit `4j + 3` set for each slot `j` holding `label`.
fn holding<S: Word>(s: S, label: u64) -> S {
    // A nibble equal to `label` becomes zero; find the zero nibbles.
    let x = s ^ S::splat(label);
    let low = S::splat(7);
    !(((x & low) + low) | x) & S::splat(8)
}

/// The slot other than `i` holding `label`.
fn partner<S: Word>(s: S, i: u32, label: u64) -> u32 {
    let at = holding(s, label) & !(S::of(8) << (4 * i));
    debug_assert!(at != S::ZERO, "a piece's label marks both its ends");
    at.trailing_zeros() / 4
}

/// How many bits of `x` are set, when they are all at bits `4j` and at most
/// 15.
fn nibble_count<S: Word>(x: S) -> u32 {
    x.nibble_count()
}

/// How many slots hold `label` (at most 15).
fn occurrences<S: Word>(s: S, label: u64) -> u32 {
    nibble_count(holding(s, label) >> 3)
}

/// Bit `4j` set for each slot `j` with both moves taken.
fn full<S: Word>(s: S) -> S {
    s & s >> 1 & s >> 2 & s >> 3 & S::splat(1)
}

/// Adds the tour move between slots `a` and `b`; `None` when the tour
/// cannot use it, else the window and whether it completed the tour (a
/// cycle when `closed`, else a path from tour end to tour end).
fn join<S: Word>(s: S, a: u32, b: u32, closed: bool) -> Option<(S, bool)> {
    let (x, y) = (get(s, a), get(s, b));
    if x == FULL || y == FULL {
        return None;
    }
    let both = |s: S| set(set(s, a, FULL), b, FULL);
    Some(match (x, y) {
        (0, 0) => (set(set(s, a, FRESH), b, FRESH), false),
        (0, y) => (set(set(s, a, y), b, FULL), false),
        (x, 0) => (set(set(s, b, x), a, FULL), false),
        (x, y) if is_end(x) && is_end(y) => (both(s), true),
        (x, y) if x == y => return closed.then(|| (both(s), true)),
        (x, y) if is_end(x) => (set(both(s), partner(s, b, y), x), false),
        (x, y) if is_end(y) => (set(both(s), partner(s, a, x), y), false),
        (x, y) => (set(both(s), partner(s, b, y), x), false),
    })
}

/// Renumbers the piece labels in order of first appearance.
fn canonical<S: Word>(s: S) -> S {
    // Bit 4j + 3 for each slot j holding a label: not 0, T, 14 or FULL.
    let low = S::splat(7);
    let nonzero = (((s & low) + low) | s) & S::splat(8);
    let high = s & (s << 1) & ((s << 2) | (s << 3)) & S::splat(8);
    let mut rest = nonzero & !high;
    let mut map = [0u64; 16];
    let mut next = 1;
    let mut out = s;
    while rest != S::ZERO {
        let i = rest.trailing_zeros() / 4;
        rest = rest & (rest - S::of(1));
        let x = get(s, i) as usize;
        if map[x] == 0 {
            map[x] = next;
            next += 1;
        }
        out = set(out, i, map[x]);
    }
    out
}

/// What one step makes of a window after the square's moves back were
/// chosen: the state to carry on, or the tour completed (`Done`).
enum After<S> {
    State(S),
    Done,
    Dead,
}

fn settle<S: Word>(mut s: S, step: &Step, completed: bool, ends: Ends) -> After<S> {
    let closed = ends == Ends::Closed;
    if step.last {
        // Every square still open leaves now: what is left must be the tour.
        let mut labels = Vec::new();
        let mut rest = step.retire;
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            match get(s, i) {
                0 => return After::Dead,
                FULL => {}
                // One move: a tour end.
                _ if step.no_end >> i & 1 == 1 => return After::Dead,
                x => labels.push(x),
            }
        }
        let ok = match labels.as_slice() {
            [] => completed,
            _ if closed || completed => false,
            [x] => is_end(*x),
            [x, y] => x == y && !is_end(*x),
            _ => false,
        };
        return if ok { After::Done } else { After::Dead };
    }
    if completed {
        return After::Dead;
    }
    let budget = 2 - u32::from(step.pending);
    // The tour ends marked so far, and (paired ends only) the colours
    // they take.
    let (light, dark) = (occurrences(s, T), occurrences(s, T_DARK));
    let mut ends = light + dark;
    let mut taken = [light > 0, dark > 0];
    // A tour end of colour `dark` (or, unpaired, any): its mark, or none
    // when its colour is taken.
    let end_of = |dark: bool, taken: &mut [bool; 2]| {
        if !step.paired {
            return Some(T);
        }
        let c = usize::from(dark);
        (!std::mem::replace(&mut taken[c], true)).then_some(if dark { T_DARK } else { T })
    };
    let mut rest = step.retire;
    while rest != 0 {
        let i = rest.trailing_zeros();
        rest &= rest - 1;
        match get(s, i) {
            FULL => s = set(s, i, 0),
            0 => return After::Dead,
            x if is_end(x) => return After::Dead,
            x => {
                // One move: a tour end, if it can be one.
                if closed || step.no_end >> i & 1 == 1 {
                    return After::Dead;
                }
                let Some(mark) = end_of(step.dark >> i & 1 == 1, &mut taken) else {
                    return After::Dead;
                };
                s = set(set(s, partner(s, i, x), mark), i, 0);
                ends += 1;
                if ends > budget {
                    return After::Dead;
                }
            }
        }
    }
    // Squares that can at best be tour ends: those placed with no move
    // and one move forward left (not those that just left, their slots
    // emptied), and those to come with one move left.
    let mut rest = step.warn & !step.retire;
    while rest != 0 {
        let i = rest.trailing_zeros();
        rest &= rest - 1;
        if get(s, i) == 0 {
            if step.no_end >> i & 1 == 1 || end_of(step.dark >> i & 1 == 1, &mut taken).is_none() {
                return After::Dead;
            }
            ends += 1;
        }
    }
    let done = full(s);
    for a in &step.ahead {
        let open = a.later + a.placed - nibble_count(S::truncate(a.slots) & done);
        match open {
            0 => return After::Dead,
            1 if a.start => {}
            1 if !a.end || end_of(a.dark, &mut taken).is_none() => return After::Dead,
            1 => ends += 1,
            // A square of a closed tour with two moves left takes both: not
            // the two ends of one piece, unless it is the last.
            2 if closed && a.later == 0 && !a.last => {
                let both = S::truncate(a.slots) & !done;
                let i = both.trailing_zeros() / 4;
                let j = (both & (both - S::of(1))).trailing_zeros() / 4;
                let x = get(s, i);
                if x != 0 && x == get(s, j) {
                    return After::Dead;
                }
            }
            _ => {}
        }
    }
    if ends > if closed { 0 } else { budget } {
        return After::Dead;
    }
    After::State(canonical(s >> 4))
}

/// Bytes a count is known to need at once, as measured, for open tours
/// over all starts of full boards 7 wide, which meet in the middle: the
/// peaks of 7x7 and 7x8 (figures: docs/benchmarks-counting.md,
/// "Counting"). `None` where no run has been measured.
pub fn known_need(board: &Board, ends: Ends) -> Option<u64> {
    let (w, h) = {
        let (r, c) = (board.rows(), board.cols());
        (r.min(c), r.max(c))
    };
    if w != 7 || h < 7 || ends != Ends::Any || !board.blocked().is_empty() {
        return None;
    }
    match h {
        7 => Some(1_300_000_000),
        8 => Some(4_700_000_000),
        _ => None,
    }
}

/// Whether the programme takes `board` for tours of the kind `ends`: its
/// narrow side at most 7 (the window fits a `u64`); or closed tours of
/// the 8x8 board (blocked squares or not) where they meet in the middle:
/// measured (figures: docs/benchmarks.md, "The engine"). Longer boards 8
/// wide are not measured, and open tours 8 wide would need more states
/// than any machine holds: square by square the closed states grow about
/// 20 times a column (5 wide 6,764 at most, 6 wide 374,325, 7 wide 9
/// million on boards 8 long), some 650 million 8 wide, and an open count
/// has tens of times more.
pub fn applies(board: &Board, ends: Ends) -> bool {
    let (w, h) = {
        let (r, c) = (board.rows(), board.cols());
        (r.min(c), r.max(c))
    };
    board.geometry().is_knight_plane()
        && (w <= NARROW
            || w == MAX_WIDTH
                && h == MAX_WIDTH
                && meets_sooner(&Layout::new(board, ends, false), ends))
}

/// Whether workers take `board` for tours of the kind `ends`: what the
/// programme takes in one process, and any other board up to
/// [`MAX_WIDTH`] wide (the window fits a `u128`), for clusters with the
/// memory. Where the states outgrow a process, the count stops at the
/// memory bound, as any count does.
pub fn spreads(board: &Board, ends: Ends) -> bool {
    let w = board.rows().min(board.cols());
    applies(board, ends) || board.geometry().is_knight_plane() && w <= MAX_WIDTH
}

/// The bytes the runs of `parts` take.
fn table_bytes<S, W>(parts: &[Run<S, W>]) -> u64 {
    let entry = std::mem::size_of::<(S, W)>() as u64;
    parts.iter().map(|r| r.capacity() as u64 * entry).sum()
}

/// The bytes the hash tables `maps` take (hashbrown: a power of two of
/// slots at least 8/7 of the capacity, each an entry and a control byte).
fn map_bytes<S, W>(maps: &[FastMap<S, W>]) -> u64 {
    let entry = std::mem::size_of::<(S, W)>() as u64 + 1;
    maps.iter()
        .map(|m| (m.capacity() as u64 * 8 / 7 + 1).next_power_of_two() * entry)
        .sum()
}

/// The states a step added up in tables, as runs for the next step: a
/// table holds a state of a `u64` key and ways in 19 to 39 bytes (it
/// doubles when 7/8 full), a run in 16. On 6x8 open tours over all starts
/// runs held some two thirds of the memory, and took a little less time
/// (figures: docs/benchmarks-counting.md, "Counting").
fn runs<S: Send, W: Send>(maps: Vec<FastMap<S, W>>) -> Parts<S, W> {
    use rayon::prelude::*;
    maps.into_par_iter()
        .map(|m| m.into_iter().collect())
        .collect()
}

/// The number of tours of `board` of the kind `ends` (see [`Ends`] for how
/// each is counted), or why there is no answer. `progress` shows squares
/// placed (`done` of `total`) and the states at the last one (`states`).
pub fn count(
    board: &Board,
    ends: Ends,
    budget: &Budget,
    progress: &Progress,
) -> Result<Counted, Stop> {
    count_by(board, ends, budget, progress, How::Auto)
}

/// How a count goes: meeting in the middle ([`meet`]), or square by square
/// over the whole board ([`run`]), or (`Auto`) whichever is sooner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum How {
    Auto,
    #[cfg(test)]
    Whole,
    Meet,
}

/// Whether meeting in the middle is sooner, as measured. Closed tours of
/// boards not much longer than wide: some two and a half times quicker on
/// 6x6, 5x8 and 6x8, but as much slower on 6x12, the states at the cut
/// being as many as anywhere on a long board (the development machine,
/// 2026-11-25). Open tours over all starts of boards at most two rows
/// longer than wide: two to three and a half times quicker on 6x7, 6x8
/// and 7x7, 7x7 in a sixth of the memory, 7x8 where square by square
/// outgrows the machine; but 6x9 slower (figures:
/// docs/benchmarks-counting.md, "Counting"). Open tours only up to 7
/// wide: on workers each holds the whole lower half, which 8 wide would
/// not fit.
fn meets_sooner(layout: &Layout, ends: Ends) -> bool {
    let (w, h) = (layout.w, layout.h);
    let near_square = match ends {
        Ends::Closed => 2 * h <= 3 * w + 2,
        Ends::Any => h <= w + 2 && w <= NARROW,
        Ends::From(_) | Ends::Between(..) => false,
    };
    near_square && meeting(layout, ends).is_some()
}

fn count_by(
    board: &Board,
    ends: Ends,
    budget: &Budget,
    progress: &Progress,
    how: How,
) -> Result<Counted, Stop> {
    let free = board.free_count();
    if free <= 1 {
        // No move to place: one square is an open tour of itself.
        return Ok(Counted {
            tours: u128::from(free == 1 && ends != Ends::Closed),
            expansions: 0,
            peak: 1,
        });
    }
    let layout = Layout::new(board, ends, false);
    if let Some(bytes) = known_need(board, ends)
        && bytes > budget.bytes
    {
        // Refused up front: a run would end at the memory bound anyway.
        let of = layout.steps.len() as u64;
        return Err(Stop::Memory {
            bytes,
            states: 0,
            at: 0,
            of,
        });
    }
    // Ways fit 64 bits on all but long boards; a saturated count is
    // counted again in 128 bits.
    let how = match how {
        How::Auto if meets_sooner(&layout, ends) => How::Meet,
        how => how,
    };
    let narrow_window = layout.w <= NARROW;
    let tally = |wide: bool| match (how, narrow_window, wide) {
        (How::Meet, true, false) => meet::<u64, u64>(board, &layout, ends, budget, progress),
        (How::Meet, true, true) => meet::<u64, u128>(board, &layout, ends, budget, progress),
        (How::Meet, false, false) => meet::<u128, u64>(board, &layout, ends, budget, progress),
        (How::Meet, false, true) => meet::<u128, u128>(board, &layout, ends, budget, progress),
        (_, true, false) => run::<u64, u64>(&layout, ends, budget, progress),
        (_, true, true) => run::<u64, u128>(&layout, ends, budget, progress),
        (_, false, false) => run::<u128, u64>(&layout, ends, budget, progress),
        (_, false, true) => run::<u128, u128>(&layout, ends, budget, progress),
    };
    let narrow = tally(false)?;
    if narrow.tours < u128::from(u64::MAX) {
        return Ok(narrow);
    }
    let wide = tally(true)?;
    if wide.tours == u128::MAX {
        return Err(Stop::Overflow);
    }
    Ok(wide)
}

/// Ways into a state: added saturating, so that a saturated total shows
/// that some way was too many.
pub(super) trait Ways: Copy + Default + Send + Sync {
    const ONE: Self;
    fn plus(self, other: Self) -> Self;
    fn wide(self) -> u128;
    /// The ways of 128 bits in this width (saturated if they do not fit).
    #[cfg_attr(not(feature = "cluster"), allow(dead_code))]
    fn of_wide(x: u128) -> Self;
}

impl Ways for u64 {
    const ONE: u64 = 1;
    #[inline]
    fn plus(self, other: u64) -> u64 {
        self.saturating_add(other)
    }
    #[inline]
    fn wide(self) -> u128 {
        u128::from(self)
    }
    #[inline]
    fn of_wide(x: u128) -> u64 {
        u64::try_from(x).unwrap_or(u64::MAX)
    }
}

impl Ways for u128 {
    const ONE: u128 = 1;
    #[inline]
    fn plus(self, other: u128) -> u128 {
        self.saturating_add(other)
    }
    #[inline]
    fn wide(self) -> u128 {
        self
    }
    #[inline]
    fn of_wide(x: u128) -> u128 {
        x
    }
}

/// The states are kept in parts by key: the successors of a group of
/// states are sorted into parts first and then added up part by part, so
/// that each part's table stays small (in cache) and the parts fill on
/// every core at once.
const PART_BITS: u32 = 6;
const PARTS: usize = 1 << PART_BITS;
/// Parts of the states before a step expanded at once (their successors
/// wait in memory until added up). With an eighth, 6x8 open tours over
/// all starts held 883 MB at most in 23.2 s; a quarter, 985 MB in 22.5 s;
/// a sixteenth, 800 MB in 23.9 s (the development machine, 2026-11-26).
const GROUP: usize = PARTS / 8;

/// Any number of moves back, for [`advance`]'s `sizes`.
const ANY: u32 = 0b111;

/// Below this many states a step keeps them in one part, on one core.
const FEW: usize = 1 << 15;

/// The part of `key` among `1 << bits` parts.
fn part<S: Word>(key: S, bits: u32) -> usize {
    if bits == 0 {
        0
    } else {
        (key.fold().wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - bits)) as usize
    }
}

/// A part of the states: each state once, with its ways, in no order.
type Run<S, W> = Vec<(S, W)>;
type Parts<S, W> = Vec<Run<S, W>>;

/// How many states `parts` hold.
fn states_in<S, W>(parts: &[Run<S, W>]) -> u64 {
    parts.iter().map(|m| m.len() as u64).sum()
}
/// The successors of one part's states, sorted into parts, and the ways
/// that completed the tour.
type Sorted<S, W> = (Vec<Vec<(S, W)>>, W);

/// Counts square by square over the whole board.
fn run<S: Word, W: Ways>(
    layout: &Layout,
    ends: Ends,
    budget: &Budget,
    progress: &Progress,
) -> Result<Counted, Stop> {
    let (work, total) = whole::<S, W>(layout, ends, budget, progress);
    Ok(work.counted(total?.wide()))
}

/// Square by square over the whole board: the work done, and the ways
/// that completed the tour or why it stopped.
fn whole<S: Word, W: Ways>(
    layout: &Layout,
    ends: Ends,
    budget: &Budget,
    progress: &Progress,
) -> (Work, Result<W, Stop>) {
    progress.total.store(layout.steps.len() as u64, Relaxed);
    progress.done.store(0, Relaxed);
    let mut work = Work::new();
    let pass = Pass {
        w: layout.w,
        ends,
        budget,
        progress,
    };
    let total = from_scratch::<S, W>(&pass, &layout.steps, &mut work, 0).map(|(_, t)| t);
    (work, total)
}

/// What every step of a count shares: the window's width (`w` squares a
/// row), the tours counted, the budget and the progress shown.
#[derive(Clone, Copy)]
struct Pass<'a> {
    w: u32,
    ends: Ends,
    budget: &'a Budget,
    progress: &'a Progress,
}

impl Pass<'_> {
    /// Why the count should stop now, if it should.
    fn halted(&self) -> Option<Stop> {
        halted(self.budget, self.progress)
    }
}

/// [`advance`] from nothing placed through `steps`, every way.
fn from_scratch<S: Word, W: Ways>(
    pass: &Pass,
    steps: &[Step],
    work: &mut Work,
    held: u64,
) -> Result<(Parts<S, W>, W), Stop> {
    let nothing: Parts<S, W> = vec![vec![(S::ZERO, W::ONE)]];
    advance(pass, steps, work, nothing, held, |_, _| ANY)
}

/// The work of a count so far.
struct Work {
    /// States taken from one square to the next.
    expansions: u64,
    /// The most states at one square.
    peak: u64,
    /// Steps taken (of [`advance`]).
    steps: u64,
    /// Each step counts `stride` steps on the progress bar.
    stride: u64,
    /// After `n` steps `progress.done` is `n * pace.0 / pace.1` squares: one
    /// a step square by square; a meeting's steps (both halves and the
    /// moves across) spread over the board's squares.
    pace: (u64, u64),
    /// The states after each step, and the seconds since the start.
    trace: Vec<(u64, f64)>,
    started: Instant,
}

impl Work {
    fn new() -> Work {
        Work {
            expansions: 0,
            peak: 0,
            steps: 0,
            stride: 1,
            pace: (1, 1),
            trace: Vec::new(),
            started: Instant::now(),
        }
    }

    fn counted(&self, tours: u128) -> Counted {
        Counted {
            tours,
            expansions: self.expansions,
            peak: self.peak.max(1),
        }
    }
}

/// Why a count should stop now, if it should.
fn halted(budget: &Budget, progress: &Progress) -> Option<Stop> {
    if progress.cancel.load(Relaxed) {
        Some(Stop::Cancelled)
    } else if budget.deadline.is_some_and(|d| Instant::now() >= d) {
        Some(Stop::Deadline)
    } else {
        None
    }
}

/// Takes the states `cur` through `steps` (a square each): the states after
/// the last, and the ways that completed the tour on the way. `sizes`
/// gives, for the step's index in `steps` and a state, how many moves back
/// the step's square may take there (bit `n` for `n`; a blocked square
/// takes none). `held` is the bytes other tables hold meanwhile;
/// `progress.done` follows `work.pace`.
///
/// One of the engine's three hot loops kept whole (with meeting in the
/// middle and plain backtracking): every state of every square passes
/// through it, and its locals stay in registers only in one function.
fn advance<S: Word, W: Ways>(
    pass: &Pass,
    steps: &[Step],
    work: &mut Work,
    mut cur: Parts<S, W>,
    held: u64,
    sizes: impl Fn(usize, S) -> u32 + Sync,
) -> Result<(Parts<S, W>, W), Stop> {
    let Pass {
        w,
        ends,
        budget,
        progress,
    } = *pass;
    use rayon::prelude::*;
    let top = 2 * w + 1;
    let squares = progress.total.load(Relaxed);
    let mut total = W::default();
    let halted = || halted(budget, progress);
    for (j, step) in steps.iter().enumerate() {
        if let Some(stop) = halted() {
            return Err(stop);
        }
        let held_states = states_in(&cur) as usize;
        work.expansions += held_states as u64;
        progress.expanded.store(work.expansions, Relaxed);
        if budget.expansions.is_some_and(|e| work.expansions > e) {
            return Err(Stop::Expansions);
        }
        let at = (work.steps + (j as u64 + 1) * work.stride) * work.pace.0 / work.pace.1;
        let bits = if held_states < FEW { 0 } else { PART_BITS };
        let parts = 1 << bits;
        let mut next: Vec<FastMap<S, W>> = (0..parts).map(|_| FastMap::default()).collect();
        // The bytes held: the states not expanded yet, the next states,
        // and the successors waiting to be added up.
        let mut before = held + table_bytes(&cur);
        let mut rest = cur.into_iter();
        loop {
            let group: Parts<S, W> = rest.by_ref().take(GROUP).collect();
            if group.is_empty() {
                break;
            }
            before -= table_bytes(&group);
            let stopped = std::sync::atomic::AtomicBool::new(false);
            // Expands `states`, handing each successor and its ways to
            // `put`: the ways that completed the tour.
            let expand_all = |states: &Run<S, W>, put: &mut dyn FnMut(S, W)| {
                let mut done = W::default();
                for (k, &(s, ways)) in states.iter().enumerate() {
                    if k % 16384 == 16383 && (stopped.load(Relaxed) || halted().is_some()) {
                        stopped.store(true, Relaxed);
                        break;
                    }
                    let allow = sizes(j, s);
                    if !step.free {
                        if allow & 1 == 1 {
                            put(canonical(s >> 4), ways);
                        }
                        continue;
                    }
                    let ended = expand(s, step, top, ends, allow, |t| put(t, ways));
                    for _ in 0..ended {
                        done = done.plus(ways);
                    }
                }
                done
            };
            if parts == 1 {
                // Few states: added up at once, on this thread.
                let table = &mut next[0];
                for states in &group {
                    let done = expand_all(states, &mut |t, ways| {
                        let e = table.entry(t).or_default();
                        *e = e.plus(ways);
                    });
                    total = total.plus(done);
                }
                drop(group);
                if stopped.load(Relaxed)
                    && let Some(stop) = halted()
                {
                    return Err(stop);
                }
                continue;
            }
            let sorted: Vec<Sorted<S, W>> = group
                .par_iter()
                .map(|states| {
                    let mut out: Vec<Vec<(S, W)>> = vec![Vec::new(); parts];
                    let done =
                        expand_all(states, &mut |t, ways| out[part(t, bits)].push((t, ways)));
                    (out, done)
                })
                .collect();
            drop(group);
            if stopped.load(Relaxed)
                && let Some(stop) = halted()
            {
                return Err(stop);
            }
            let waiting: u64 = sorted
                .iter()
                .flat_map(|(out, _)| out)
                .map(|b| (b.capacity() * std::mem::size_of::<(S, W)>()) as u64)
                .sum();
            // The states reported: those the step took, or more where the
            // next square's are more already.
            let over = |bytes: u64, next: &[FastMap<S, W>]| {
                (bytes > budget.bytes).then(|| Stop::Memory {
                    bytes,
                    states: next
                        .iter()
                        .map(|m| m.len() as u64)
                        .sum::<u64>()
                        .max(held_states as u64),
                    at,
                    of: squares,
                })
            };
            if let Some(stop) = over(before + waiting + map_bytes(&next), &next) {
                return Err(stop);
            }
            next.par_iter_mut().enumerate().for_each(|(p, states)| {
                for (out, _) in &sorted {
                    for &(t, ways) in &out[p] {
                        let e = states.entry(t).or_default();
                        *e = e.plus(ways);
                    }
                }
            });
            total = sorted.iter().fold(total, |t, (_, done)| t.plus(*done));
            drop(sorted);
            if let Some(stop) = over(before + map_bytes(&next), &next) {
                return Err(stop);
            }
        }
        cur = runs(next);
        let states = states_in(&cur);
        work.peak = work.peak.max(states);
        work.trace
            .push((states, work.started.elapsed().as_secs_f64()));
        progress.states.store(states, Relaxed);
        progress.done.store(at, Relaxed);
    }
    work.steps += steps.len() as u64 * work.stride;
    Ok((cur, total))
}

/// Places the square of `step` in every way the tour can use it after the
/// state `s`, taking as many moves back as `allow` allows (bit `n` for
/// `n`): hands each state that follows to `emit`, and returns how many
/// ways completed the tour.
fn expand<S: Word>(
    s: S,
    step: &Step,
    top: u32,
    ends: Ends,
    allow: u32,
    mut emit: impl FnMut(S),
) -> u32 {
    let closed = ends == Ends::Closed;
    let (cap, init) = if step.start { (1, T) } else { (2, 0) };
    let s = set(s, top, init);
    let done = full(s);
    let n = step.back.len();
    let open = (0..n).fold(0u32, |m, k| {
        m | u32::from((done >> (4 * step.back[k])).low() & 1 == 0) << k
    });
    // A closed tour's square takes two moves: those it cannot take later
    // it takes now, and a square leaving now with one move takes this one.
    let fewest = if closed {
        2u32.saturating_sub(step.forward)
    } else {
        0
    };
    let mut must = 0u32;
    if closed {
        let mut rest = step.leaving;
        while rest != 0 {
            let k = rest.trailing_zeros();
            rest &= rest - 1;
            match get(s, step.back[k as usize]) {
                FULL => {}
                0 => return 0,
                _ => must |= 1 << k,
            }
        }
    }
    let mut ended = 0;
    for choice in 0u32..1 << n {
        let size = choice.count_ones();
        if size > cap
            || size < fewest
            || allow >> size & 1 == 0
            || choice & !open != 0
            || choice & must != must
        {
            continue;
        }
        let mut w = s;
        let mut completed = false;
        let mut ok = true;
        let mut bits = choice;
        while bits != 0 {
            let k = bits.trailing_zeros();
            bits &= bits - 1;
            match join(w, step.back[k as usize], top, closed) {
                Some((x, done)) if !completed => {
                    w = x;
                    completed = done;
                }
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        if !ok {
            continue;
        }
        match settle(w, step, completed, ends) {
            After::State(t) => emit(t),
            After::Done => ended += 1,
            After::Dead => {}
        }
    }
    ended
}

#[cfg(test)]
mod tests;
