//! Meeting in the middle on the workers, where the whole count meets (see
//! `frontier/meet.rs`):
//! - the upper half square by square, each state at the worker that owns
//!   it;
//! - the lower half's states (on a board symmetric about the cut, the
//!   upper ones upside down) sent to the worker their moves at the cut
//!   pick (closed tours) or to every worker (open tours, whose states
//!   across look up many moves), and every lower key told to every
//!   worker, for the filter across the cut;
//! - the moves across, in pieces where they would not fit, a closed
//!   tour's last step's successors sent to the worker that holds the
//!   lower states whose moves they need; each worker joins its own, and
//!   the tours are summed.

use std::convert::Infallible;
use std::sync::atomic::Ordering::Relaxed;

use super::super::meet::{
    Lower, Seam, add_lower, by_moves, degrees, digits, filter, in_pieces, join_one, lower_bytes,
    meeting, sigs, symmetric, upside_down,
};
use super::checkpoint::{Mark, Store};
use super::peer::{Peer, Sent, Tally, mix};
use super::{Crew, Outcome, start, summed};
use crate::board::Board;
use crate::solver::count::frontier::{ANY, Ends, Layout, Parts, Step, states_in, table_bytes};
use crate::solver::states::FastMap;

/// Where the board is cut, and what the workers need to meet there.
pub(super) struct Meeting {
    /// The first row of the lower half.
    k: u32,
    /// The moves across the cut, as [`Layout::crossing`].
    crossing: Vec<Step>,
    /// The lower half, counted from the last row up; `None` where it is the
    /// upper half read upside down.
    below: Option<Layout>,
    /// The two rows after the cut.
    seam: Seam,
    /// The steps of both halves (the lower one's where it is counted).
    halved: usize,
    /// The progress bar's squares over the steps.
    bar: Bar,
}

/// The progress bar of a meeting: the board's `squares` spread over its
/// `steps`, the upper half's, the lower half's (none where it is the
/// upper read upside down) and the moves across, in that order.
#[derive(Clone, Copy, Debug)]
struct Bar {
    squares: u64,
    steps: u64,
}

impl Bar {
    /// The square shown after `done` steps.
    fn at(self, done: usize) -> u64 {
        done as u64 * self.squares / self.steps.max(1)
    }

    /// The square shown after `part` of `parts` of the steps from `from`
    /// to the last.
    fn between(self, from: usize, part: usize, parts: usize) -> u64 {
        let (a, b) = (self.at(from), self.squares);
        a + (b - a) * part as u64 / parts.max(1) as u64
    }
}

impl Meeting {
    pub fn new(board: &Board, layout: &Layout, ends: Ends) -> Meeting {
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

/// One worker's part of a meeting, kept in `store` (if any) and resumed
/// after `resume` pieces joined: the tours, summed over every worker.
pub(super) fn worker<S: Sent, W: Tally>(
    peer: &mut Peer<S, W>,
    crew: &Crew,
    meeting: &Meeting,
    store: Option<&Store>,
    resume: Option<u64>,
) -> Outcome {
    match meet(peer, crew, meeting, store, resume) {
        Ok(tours) => {
            let total = summed(peer, tours);
            // Counted: the checkpoints are done with.
            if let Some(st) = store {
                st.clear(peer.index, peer.index.is_multiple_of(crew.local));
            }
            Outcome::Counted(total)
        }
        Err(at) => {
            summed(peer, 0);
            Outcome::Stopped(at)
        }
    }
}

/// The moves across go in this many pieces at least: a checkpoint after
/// each, and faster than all at once (7x8 closed on 2 workers 7.5 s
/// against 9.0 s, 326 MB against 495 MB; 6x8 open over all starts 10.2 s
/// against 12.5 s).
const PIECES: u64 = 81;

/// A worker for the lower states with moves `d` at the cut.
fn key_of(d: u32) -> u64 {
    mix(u64::from(d))
}

/// This worker's share of the tours, or the square where every worker
/// stopped. With a `store`, each worker writes the lower states it holds
/// and its upper states ready to go across (once), and after each piece
/// the tours it joined; `resume` (pieces joined) reads them back.
fn meet<S: Sent, W: Tally>(
    peer: &mut Peer<S, W>,
    crew: &Crew,
    m: &Meeting,
    store: Option<&Store>,
    resume: Option<u64>,
) -> Result<u128, u64> {
    let layout = crew.layout;
    let n = 2 * layout.w;
    let closed = crew.ends == Ends::Closed;
    let index = peer.index;
    let lead = index.is_multiple_of(crew.local);
    let halved = m.halved;
    let at_cut = m.bar.at(halved);
    let head_square = |j: usize| m.bar.at(halved + j + 1);
    let keep = |what: &str, states: &Parts<S, W>, head: usize| {
        if let Some(st) = store
            && let Err(e) = st.write_half(what, index, states, head as u128)
        {
            crew.fail(format!("writing the checkpoint: {e}"));
        }
    };
    // The lower states this worker holds, and its upper states at the cut
    // (after `from` squares across, in a resume).
    let (upper, lower, from) = match (store, resume) {
        (Some(st), Some(_)) => {
            let read = |what| match st.read_half::<S, W>(what, index) {
                Ok((states, head)) => (vec![states], head as usize),
                Err(e) => {
                    crew.fail(format!("reading the checkpoint: {e}"));
                    (Vec::new(), 0)
                }
            };
            let (lower, _) = read("lower");
            let (upper, from) = read("upper");
            (upper, lower, Some(from))
        }
        _ => {
            let (upper, lower) = halves(peer, crew, m)?;
            keep("lower", &lower, 0);
            (upper, lower, None)
        }
    };
    let mut table: Lower<W> = FastMap::default();
    for (s, ways) in lower.into_iter().flatten() {
        add_lower(&mut table, s, ways, n);
    }
    let lower = table;
    let held = lower_bytes(&lower);
    crew.note(peer.index, peer.peers, at_cut, &upper, held);
    // Every lower key to every worker, with the states at the cut, the
    // bytes the lower states take, and process 0's memory, summed (every
    // process then takes the same pieces).
    for d in sigs(&lower) {
        peer.send_all(S::of(u64::from(d)), W::ONE);
    }
    peer.add(0, u128::from(states_in(&upper)));
    peer.add(1, u128::from(held));
    if peer.index == 0 {
        peer.add(
            2,
            u128::from(crew.per_worker.saturating_mul(crew.local as u64)),
        );
    }
    let round = crew.round(peer, 0).ok_or(at_cut)?;
    let sizes = filter::<S>(
        round
            .states
            .iter()
            .flat_map(|p| p.iter().map(|(s, _)| s))
            .map(|s| s.low() as u32)
            .collect(),
        &m.seam,
    );
    let sum = |slot: usize| {
        round
            .sums
            .get(slot)
            .map_or(0, |&x| u64::try_from(x).unwrap_or(u64::MAX))
    };
    // The pieces one process would take with its memory (less its share
    // of the lower states): each process holds its share of a piece, so
    // its memory falls as processes are added. One step across at least
    // after them.
    let entry = std::mem::size_of::<(S, W)>() as u64;
    let local = crew.local as u64;
    let memory = sum(2);
    let lower_share = sum(1).saturating_mul(local) / peer.peers as u64;
    let head = match from {
        Some(from) => (upper, from),
        None => {
            let from = digits(
                &m.crossing,
                sum(0),
                entry,
                memory.saturating_sub(lower_share),
            )
            .max(in_pieces(&m.crossing, PIECES))
            .min(m.crossing.len() - 1);
            let head = &m.crossing[..from];
            let leg = Leg::new(&head_square, held);
            let head = through(peer, crew, head, upper, &sizes, leg)?;
            keep("upper", &head, from);
            (head, from)
        }
    };
    let (head, from) = head;
    let Ok(pieces) = by_moves(head, from, n, || None::<Infallible>);
    // The pieces some worker has states in: the same list at every worker.
    for (p, piece) in pieces.iter().enumerate() {
        if states_in(piece) > 0 {
            peer.add(p as u32, 1);
        }
    }
    let round = crew.round(peer, 0).ok_or(at_cut)?;
    let noted = |mark| {
        if let Some(st) = store
            && lead
            && let Err(e) = st.note_mark(mark)
        {
            crew.fail(format!("writing the checkpoint: {e}"));
        }
    };
    // Every worker wrote its halves before that round.
    let skip = resume.unwrap_or(0);
    if resume.is_none() {
        noted(Mark::Pieces(0));
    }
    let mut tours = match (store, skip) {
        (Some(st), 1..) => st.read_tours(index, skip).unwrap_or_else(|e| {
            crew.fail(format!("reading the checkpoint: {e}"));
            0
        }),
        _ => 0,
    };
    let live = |p: usize| round.sums.get(p).is_some_and(|&x| x > 0);
    let live_pieces = (0..pieces.len()).filter(|&p| live(p)).count();
    let rest = &m.crossing[from..];
    let mut waiting: u64 = pieces.iter().map(|p| table_bytes(p)).sum();
    let need = |t: S| key_of(2 * m.seam.slots - degrees(t, n));
    let steps = live_pieces * rest.len();
    let pieces = pieces.into_iter().enumerate().filter(|&(p, _)| live(p));
    for (i, (_, piece)) in pieces.enumerate() {
        waiting -= table_bytes(&piece);
        if (i as u64) < skip {
            continue;
        }
        // On the progress bar the moves across go once over the rest of
        // the board, the pieces one after the other.
        let square = |j: usize| m.bar.between(halved + from, i * rest.len() + j + 1, steps);
        let sizes = |j: usize, s: S| sizes(j + from, s);
        let leg = Leg {
            key: closed.then_some(&need as &dyn Fn(S) -> u64),
            ..Leg::new(&square, held + waiting)
        };
        let across = through(peer, crew, rest, piece, sizes, leg)?;
        crew.shared.expanded.fetch_add(states_in(&across), Relaxed);
        for &(s, ways) in across.iter().flatten() {
            tours = tours.saturating_add(join_one(s, ways, &lower, &m.seam));
        }
        if let Some(st) = store {
            let done = i as u64 + 1;
            if let Err(e) = st.write_tours(index, done, tours) {
                crew.fail(format!("writing the checkpoint: {e}"));
            }
            // Every worker noted its tours before this round.
            crew.round(peer, 0).ok_or(square(rest.len() - 1))?;
            noted(Mark::Pieces(done));
        }
    }
    Ok(tours)
}

/// A worker's upper half's states at the cut, and the lower half's
/// states (read from above) that it holds.
type Halves<S, W> = (Parts<S, W>, Parts<S, W>);

/// This worker's halves, or the square where every worker stopped.
fn halves<S: Sent, W: Tally>(
    peer: &mut Peer<S, W>,
    crew: &Crew,
    m: &Meeting,
) -> Result<Halves<S, W>, u64> {
    let layout = crew.layout;
    let (w, n) = (layout.w, 2 * layout.w);
    let cut = (m.k * w) as usize;
    let closed = crew.ends == Ends::Closed;
    let upper = start::<S, W>(peer.index);
    // On the bar: the upper half's steps, then the lower half's.
    let square = |j: usize| m.bar.at(j + 1);
    let lower_square = |j: usize| m.bar.at(cut + j + 1);
    let leg = Leg::new(&square, 0);
    let upper = through(peer, crew, &layout.steps[..cut], upper, |_, _| ANY, leg)?;
    // The lower half's states, read from above, to the worker their moves
    // at the cut pick (closed tours); open tours' ends (a move fewer at
    // one or two squares) make a state across look up many moves, so
    // every worker holds all the lower states.
    let send_lower = |peer: &mut Peer<S, W>, states: &Parts<S, W>| {
        for &(s, ways) in states.iter().flatten() {
            let t = upside_down(s, w);
            if closed {
                peer.send_by(key_of(degrees(t, n)), t, ways);
            } else {
                peer.send_all(t, ways);
            }
        }
    };
    match &m.below {
        None => send_lower(peer, &upper),
        Some(below) => {
            let steps = &below.steps[..((layout.h - m.k) * w) as usize];
            let held = table_bytes(&upper);
            let start = start::<S, W>(peer.index);
            let leg = Leg::new(&lower_square, held);
            let lower = through(peer, crew, steps, start, |_, _| ANY, leg)?;
            send_lower(peer, &lower);
        }
    }
    let round = crew.round(peer, 0).ok_or(m.bar.at(m.halved))?;
    Ok((upper, round.states))
}

/// A run of steps: where each ends on the board (for the progress bar),
/// where its last step's successors go (by `key`, or to their owners),
/// and the bytes the worker holds besides.
struct Leg<'a, S> {
    square: &'a dyn Fn(usize) -> u64,
    key: Option<&'a dyn Fn(S) -> u64>,
    held: u64,
}

impl<'a, S> Leg<'a, S> {
    fn new(square: &'a dyn Fn(usize) -> u64, held: u64) -> Self {
        Leg {
            square,
            key: None,
            held,
        }
    }
}

/// Takes this worker's states `cur` through `steps`, a round each, taking
/// at most the moves back `sizes` allows (by the step's index in `steps`),
/// the last step's successors sent as `leg` says: this worker's states
/// after the last step, or the square where every worker stopped.
fn through<S: Sent, W: Tally>(
    peer: &mut Peer<S, W>,
    crew: &Crew,
    steps: &[Step],
    mut cur: Parts<S, W>,
    sizes: impl Fn(usize, S) -> u32,
    leg: Leg<S>,
) -> Result<Parts<S, W>, u64> {
    let Leg { square, key, held } = leg;
    for (j, step) in steps.iter().enumerate() {
        let key = if j + 1 == steps.len() { key } else { None };
        let cur_states = std::mem::take(&mut cur);
        let sizes = |s| sizes(j, s);
        let (round, _) = crew
            .step(peer, cur_states, (step, sizes), key, 0)
            .ok_or(square(j))?;
        cur = round.states;
        crew.note(peer.index, peer.peers, square(j), &cur, held);
    }
    Ok(cur)
}
