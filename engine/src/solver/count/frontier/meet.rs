//! Meeting in the middle: the board is cut across between rows `k - 1`
//! and `k`; the upper half is counted from the first row down and the lower
//! half from the last row up, each square by square as the whole board
//! would be, and the two are joined over the moves across the cut.
//!
//! A state after the upper half describes its edge of the tour: how many
//! tour moves each square of the last two rows has in the upper half, and
//! which of them are ends of one path piece. The moves across the cut are
//! placed next, as two more rows (`k` and `k + 1`) whose squares take only
//! their moves back into the upper half: after them every upper square is
//! done, and the state describes rows `k` and `k + 1` from above. The lower
//! half's states describe the same two rows from below. A pair of states
//! makes tours when every square of the two rows gets its two tour moves
//! (one, at a tour end) between them, and their pieces join into one
//! cycle (or one path); a pair is checked in a few operations, and pairs
//! are only tried between states whose moves at each square add up, found
//! by a table of the lower states keyed by their squares' moves.
//!
//! An open tour's two ends may fall anywhere: in either half (a piece
//! that leads to a tour end) or at a square of the two rows, which then
//! takes one move fewer in all. A state across tries the lower states
//! with one move fewer at no square, at one or (with no end yet) at two.
//!
//! The states at the cut are far fewer than at the widest point further
//! down (6x6: 1,658 closed states after three rows, against 32,276 after
//! the fifth row's fourth square; 7x8 open tours: 15.6 million after four
//! rows, against more than 388 million after the sixth row's third
//! square), and on a board symmetric about the cut the lower half's
//! states are the upper half's, read upside down.

use std::sync::atomic::Ordering::Relaxed;

use super::{
    Budget, Counted, Ends, FEW, FastMap, Layout, Parts, Pass, Progress, Run, Step, Stop, Ways,
    Word, Work, advance, find_leaving, from_scratch, get, states_in, table_bytes,
};
use crate::board::Board;

mod join;
pub(super) use join::{Seam, lower_bytes, sigs};
// What the timely count's meeting shares with this one.
#[cfg(feature = "cluster")]
pub(super) use join::{Lower, add_lower, degrees, join_one, upside_down};
use join::{degree, join, lower_side};

/// Where `layout` is cut for a meeting (the first row of the lower half),
/// or `None` where counts go square by square: tours from a given start,
/// boards under 4 rows, and boards with no free square above the cut or
/// none two rows or more below it. (With every free square of the lower
/// half in its first two rows, a tour could be made of moves above and
/// across the cut alone, and would end in the crossing, which counts
/// none.)
pub(super) fn meeting(layout: &Layout, ends: Ends) -> Option<u32> {
    let (w, h) = (layout.w, layout.h);
    if matches!(ends, Ends::From(_) | Ends::Between(..)) || h < 4 {
        return None;
    }
    let k = h / 2;
    let cut = (k * w) as usize;
    let deep = ((k + 2) * w) as usize;
    let upper = layout.free[..cut].iter().any(|&f| f);
    let lower = layout.free[deep.min(layout.free.len())..]
        .iter()
        .any(|&f| f);
    (upper && lower).then_some(k)
}

impl Layout {
    /// The steps that place rows `k` and `k + 1` with only their moves back
    /// to the rows before `k`: the moves across the cut. Every square above
    /// the cut leaves at its last move across; the squares below never
    /// leave here (they have their moves below still to come).
    pub(super) fn crossing(&self, k: u32) -> Vec<Step> {
        let (w, top) = (self.w, 2 * self.w + 1);
        let (lo, hi) = (k * w, (k + 2) * w);
        let mut steps: Vec<Step> = (lo..hi)
            .map(|v| {
                let free = self.free[v as usize];
                let back = if free {
                    self.adjacent[v as usize]
                        .iter()
                        .filter(|&&u| u < lo)
                        .map(|&u| top - (v - u))
                        .collect()
                } else {
                    Vec::new()
                };
                Step {
                    free,
                    back,
                    // Two moves at least to come below: none taken now
                    // is never too few.
                    forward: 2,
                    paired: self.paired,
                    ..Step::default()
                }
            })
            .collect();
        for u in lo.saturating_sub(2 * w)..lo {
            if !self.free[u as usize] {
                continue;
            }
            let across: Vec<u32> = self.adjacent[u as usize]
                .iter()
                .copied()
                .filter(|&x| x >= lo)
                .collect();
            // A square with no move across left the upper half's count.
            let Some(&last) = across.last() else {
                continue;
            };
            let at = |v: u32| top - (v - u);
            let (can_end, dark) = (self.may_end[u as usize], self.dark[u as usize]);
            steps[(last - lo) as usize].leaves(at(last), can_end, dark);
            // One move across left: at best a tour end, if it has no move.
            let warn_at = match across.len() {
                1 => lo,
                n => across[n - 2],
            };
            steps[(warn_at - lo) as usize].warns(at(warn_at), can_end, dark);
        }
        find_leaving(&mut steps);
        steps
    }
}

/// How many moves across the square of crossing step `j` may take after a
/// state (as [`advance`]'s `sizes`). A square below the cut takes its moves
/// across where it is placed: a state goes on only if the `lower` half has
/// a state that gives the squares placed so far the rest of their moves
/// (`slots`: the slots that meet, as [`degrees`]; `lower`: the lower
/// states' moves, as [`sigs`]); for open tours, one move fewer at one or
/// two squares, the tour's ends. (Open tours keep most states across: 6x8
/// 4.80 million against 4.92 without the filter.)
pub(super) fn filter<S: Word>(
    lower: Vec<u32>,
    seam: &Seam,
) -> impl Fn(usize, S) -> u32 + Sync + use<S> {
    let &Seam { n, slots, .. } = seam;
    // The moves across that some lower state completes, whole.
    let mut whole: FastMap<u32, ()> = FastMap::default();
    for l in lower {
        seam.with_ends(2 * slots - l, 2, |need, _| {
            whole.insert(need, ());
        });
    }
    let prefixes: Vec<FastMap<u32, ()>> = (1..=n)
        .map(|m| {
            let mask = u32::MAX >> (32 - 2 * m);
            whole.keys().map(|&d| (d & mask, ())).collect()
        })
        .collect();
    drop(whole);
    move |j: usize, s: S| {
        // After slot `j - 1` was placed, slot `i` of the meeting is in
        // window slot `i + 2w + 1 - j`.
        let j = j as u32;
        let d = (0..j).fold(0u32, |d, i| d | degree(get(s, i + n + 1 - j)) << (2 * i));
        (0..3).fold(0, |m, x| {
            m | u32::from(prefixes[j as usize].contains_key(&(d | x << (2 * j)))) << x
        })
    }
}

/// The states across the cut come to at most this many times the upper
/// states at the cut (measured on closed tours: 6x8 15, 7x8 19; 8x8 more
/// than 17).
const GROWTH: u64 = 40;

/// The most squares below the cut a meeting's pieces are told apart by
/// (3^8 = 6,561 pieces at most).
const DIGITS: usize = 8;

/// How many of the first crossing squares the moves across the cut are
/// told apart by, so that the states across fit in `bytes`: the states
/// after those squares are sorted into pieces by how many moves across
/// each took (0 to 2), and the pieces go on one after the other. The
/// states of different pieces differ at those squares, so they never
/// meet and the tours add up. None where the states fit at once: `upper`
/// states at the cut, each taking `entry` bytes in a table and about five
/// times that in a step.
pub(super) fn digits(crossing: &[Step], upper: u64, entry: u64, bytes: u64) -> usize {
    let need = upper.saturating_mul(GROWTH).saturating_mul(5 * entry);
    if need <= bytes {
        return 0;
    }
    // The pieces are far from even: eight for each one the memory wants.
    in_pieces(crossing, need.div_ceil(bytes.max(1)).saturating_mul(8))
}

/// How many of the first crossing squares make `wanted` pieces at least
/// (as [`digits`]; at most [`DIGITS`]).
pub(super) fn in_pieces(crossing: &[Step], wanted: u64) -> usize {
    let mut pieces = 1u64;
    let mut m = 0;
    while pieces < wanted && m < crossing.len().min(DIGITS) {
        if crossing[m].free {
            pieces *= 3;
        }
        m += 1;
    }
    m
}

/// The piece of a state after the first `m` crossing squares (of `n`):
/// how many moves across each took, a base-3 digit each.
fn piece_of<S: Word>(s: S, m: u32, n: u32) -> usize {
    // Crossing square `i` is in window slot `i + 2w + 1 - m`.
    (0..m)
        .rev()
        .fold(0, |p, i| 3 * p + degree(get(s, i + n + 1 - m)) as usize)
}

/// The states after the first `m` crossing squares (of `n` slots), sorted
/// by how many moves across each took (a base-3 digit each): all `3^m`
/// pieces, some empty; or why the count stops, as `halted` says (asked
/// after each part of the states).
pub(super) fn by_moves<S: Word, W: Ways, E>(
    states: Parts<S, W>,
    m: usize,
    n: u32,
    halted: impl Fn() -> Option<E>,
) -> Result<Vec<Parts<S, W>>, E> {
    let m = m as u32;
    let mut pieces: Vec<Run<S, W>> = (0..3usize.pow(m)).map(|_| Vec::new()).collect();
    for part in states {
        if let Some(stop) = halted() {
            return Err(stop);
        }
        for (s, ways) in part {
            pieces[piece_of(s, m, n)].push((s, ways));
        }
    }
    Ok(pieces.into_iter().map(|p| vec![p]).collect())
}

/// The upper states in pieces to take across the cut and join one by one.
/// With few of them, so few that the states across stay under what a step
/// of [`advance`] splits over the cores (they come to about ten times as
/// many), a piece a core, each taken across and joined on its own (the
/// tours add up: the join is linear in the upper states); else one piece.
fn for_the_cores<S: Word, W: Ways>(upper: Parts<S, W>) -> Vec<Parts<S, W>> {
    let held = states_in(&upper) as usize;
    if held * 8 >= FEW {
        return vec![upper];
    }
    let cores = rayon::current_num_threads().max(1);
    let mut pieces: Vec<Run<S, W>> = (0..cores).map(|_| Vec::new()).collect();
    for (k, (s, ways)) in upper.into_iter().flatten().enumerate() {
        pieces[k % cores].push((s, ways));
    }
    pieces.into_iter().map(|p| vec![p]).collect()
}

/// Whether the board is symmetric about the cut before row `k`: then the
/// lower half counts as the upper, read upside down.
pub(super) fn symmetric(layout: &Layout, k: u32) -> bool {
    let (w, h) = (layout.w, layout.h);
    let mirror = |v: usize| {
        let (r, c) = (v as u32 / w, v as u32 % w);
        ((h - 1 - r) * w + c) as usize
    };
    2 * k == h && (0..(k * w) as usize).all(|v| layout.free[v] == layout.free[mirror(v)])
}

/// Where the board is cut, and what a meeting needs there (this process's,
/// or the workers').
pub(super) struct Meeting {
    /// The first row of the lower half.
    pub(super) k: u32,
    /// The moves across the cut, as [`Layout::crossing`].
    pub(super) crossing: Vec<Step>,
    /// The lower half, counted from the last row up; `None` where it is the
    /// upper half read upside down.
    pub(super) below: Option<Layout>,
    /// The two rows after the cut.
    pub(super) seam: Seam,
    /// The steps of both halves (the lower one's where it is counted).
    #[cfg_attr(not(feature = "cluster"), allow(dead_code))]
    pub(super) halved: usize,
    /// The progress bar's squares over the steps.
    pub(super) bar: Bar,
}

/// The progress bar of a meeting: the board's `squares` spread over its
/// `steps`, the upper half's, the lower half's (none where it is the
/// upper read upside down) and the moves across, in that order.
#[derive(Clone, Copy, Debug)]
pub(super) struct Bar {
    pub(super) squares: u64,
    pub(super) steps: u64,
}

impl Bar {
    /// The square shown after `done` steps.
    pub(super) fn at(self, done: usize) -> u64 {
        done as u64 * self.squares / self.steps.max(1)
    }

    /// The square shown after `part` of `parts` of the steps from `from`
    /// to the last.
    #[cfg_attr(not(feature = "cluster"), allow(dead_code))]
    pub(super) fn between(self, from: usize, part: usize, parts: usize) -> u64 {
        let (a, b) = (self.at(from), self.squares);
        a + (b - a) * part as u64 / parts.max(1) as u64
    }
}

impl Meeting {
    pub(super) fn new(board: &Board, layout: &Layout, ends: Ends) -> Meeting {
        let k = meeting(layout, ends).expect("a board to meet on");
        let crossing = layout.crossing(k);
        let below = (!symmetric(layout, k)).then(|| Layout::new(board, ends, true));
        let lower = below.as_ref().map_or(0, |_| (layout.h - k) * layout.w);
        let halved = (k * layout.w + lower) as usize;
        let bar = Bar {
            squares: layout.steps.len() as u64,
            steps: (halved + crossing.len()) as u64,
        };
        Meeting {
            k,
            crossing,
            below,
            seam: Seam::new(layout, k, ends),
            halved,
            bar,
        }
    }
}

/// Counts by meeting in the middle (see the module's doc).
///
/// One of the engine's three hot loops kept whole (with the frontier's
/// advance and plain backtracking): the join of the two halves' states
/// runs here, millions of pairs a second.
pub(super) fn meet<S: Word, W: Ways>(
    board: &Board,
    layout: &Layout,
    ends: Ends,
    budget: &Budget,
    progress: &Progress,
) -> Result<Counted, Stop> {
    let Meeting {
        k,
        crossing,
        below,
        seam,
        bar,
        ..
    } = Meeting::new(board, layout, ends);
    let w = layout.w;
    let cut = (k * w) as usize;
    let lower_steps = ((layout.h - k) * w) as usize;
    // The join ends at the last square of the bar.
    progress.total.store(bar.squares, Relaxed);
    progress.done.store(0, Relaxed);
    let mut work = Work::new();
    work.pace = (bar.squares, bar.steps);
    let pass = Pass {
        w,
        ends,
        budget,
        progress,
    };
    let (upper, _) = from_scratch::<S, W>(&pass, &layout.steps[..cut], &mut work, 0)?;
    let lower = match &below {
        None => lower_side(&upper, w),
        Some(below) => {
            let held = table_bytes(&upper);
            let steps = &below.steps[..lower_steps];
            let (states, _) = from_scratch::<S, W>(&pass, steps, &mut work, held)?;
            lower_side(&states, w)
        }
    };
    let n = 2 * w;
    let sizes = filter(sigs(&lower), &seam);
    let held = lower_bytes(&lower);
    let entry = std::mem::size_of::<(S, W)>() as u64;
    let upper_states = states_in(&upper);
    let m = digits(
        &crossing,
        upper_states,
        entry,
        budget.bytes.saturating_sub(held),
    );
    let (pieces, from) = if m > 0 {
        // The first squares across for all, then piece by piece.
        let (head, _) = advance(&pass, &crossing[..m], &mut work, upper, held, &sizes)?;
        let pieces = by_moves(head, m, n, || pass.halted())?;
        (pieces.into_iter().filter(|p| states_in(p) > 0).collect(), m)
    } else {
        (for_the_cores(upper), 0)
    };
    let (steps, pace) = (work.steps, work.pace);
    let rest = &crossing[from..];
    // Takes `piece` across from crossing step `from` and joins it, having
    // expanded `expanded` states before, with `waiting` bytes of other
    // pieces held. On the progress bar the moves across go once over all
    // the pieces, each piece a share by its states: `share` (states
    // before it, its own, all).
    let across = |piece: Parts<S, W>, share: (u64, u64, u64), expanded: u64, waiting: u64| {
        let (prior, size, all) = share;
        let mut mine = Work {
            expansions: expanded,
            peak: 0,
            steps: steps * all + prior * rest.len() as u64,
            stride: size,
            pace: (pace.0, pace.1 * all),
            ..Work::new()
        };
        let sizes = |j: usize, s: S| sizes(j + from, s);
        let (across, _) = advance(&pass, rest, &mut mine, piece, held + waiting, sizes)?;
        if let Some(stop) = pass.halted() {
            return Err(stop);
        }
        mine.expansions += states_in(&across);
        if budget.expansions.is_some_and(|e| mine.expansions > e) {
            return Err(Stop::Expansions);
        }
        let tours = join(&pass, &across, &lower, &seam)?;
        Ok((tours, mine.expansions - expanded, mine.peak))
    };
    let before = work.expansions;
    let done: Vec<Result<(u128, u64, u64), Stop>> = if from > 0 {
        in_turn(pieces, before, across)
    } else if pieces.len() == 1 {
        pieces
            .into_iter()
            .map(|piece| across(piece, (0, 1, 1), before, 0))
            .collect()
    } else {
        // A share of few upper states for each core: all at once.
        use rayon::prelude::*;
        pieces
            .into_par_iter()
            .map(|piece| across(piece, (0, 1, 1), before, 0))
            .collect()
    };
    let mut tours = 0u128;
    for piece in done {
        let (t, expanded, peak) = piece?;
        tours = tours.saturating_add(t);
        work.expansions += expanded;
        work.peak = work.peak.max(peak);
    }
    progress.expanded.store(work.expansions, Relaxed);
    progress.done.store(bar.squares, Relaxed);
    Ok(work.counted(tours))
}

/// The pieces taken across one after the other, the others waiting in
/// memory, until one stops: `across(piece, share, expanded, waiting)` as
/// in [`meet`], each told the states before it, its own and all of them,
/// the states expanded before it and the bytes the others hold.
fn in_turn<S: Word, W: Ways>(
    pieces: Vec<Parts<S, W>>,
    before: u64,
    across: impl Fn(Parts<S, W>, (u64, u64, u64), u64, u64) -> Result<(u128, u64, u64), Stop>,
) -> Vec<Result<(u128, u64, u64), Stop>> {
    let all: u64 = pieces.iter().map(|p| states_in(p)).sum();
    let mut waiting: u64 = pieces.iter().map(|p| table_bytes(p)).sum();
    let (mut expanded, mut prior) = (before, 0);
    let mut done = Vec::new();
    for piece in pieces {
        waiting -= table_bytes(&piece);
        let size = states_in(&piece);
        let result = across(piece, (prior, size, all), expanded, waiting);
        prior += size;
        let stop = result.is_err();
        if let Ok((_, e, _)) = result {
            expanded += e;
        }
        done.push(result);
        if stop {
            break;
        }
    }
    done
}

#[cfg(test)]
mod tests;
