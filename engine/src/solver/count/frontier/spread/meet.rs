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
    Lower, Meeting, add_lower, by_moves, degrees, digits, filter, in_pieces, join_one, lower_bytes,
    sigs, upside_down,
};
use super::checkpoint::{Mark, Store};
use super::peer::{Peer, Sent, Tally, mix};
use super::{Crew, WorkersEnd, start, summed};
use crate::solver::count::frontier::{ANY, Ends, Parts, Step, states_in, table_bytes};
use crate::solver::count::{Doing, WorkerFault};
use crate::solver::states::FastMap;

/// One worker's part of a meeting, kept in `store` (if any) and resumed
/// after `resume` pieces joined: the tours, summed over every worker.
pub(super) fn worker<S: Sent, W: Tally>(
    peer: &mut Peer<S, W>,
    crew: &Crew,
    meeting: &Meeting,
    store: Option<&Store>,
    resume: Option<u64>,
) -> WorkersEnd {
    match meet(peer, crew, meeting, store, resume) {
        Ok(tours) => {
            let total = summed(peer, tours);
            // Counted: the checkpoints are done with.
            if let Some(st) = store {
                st.clear(peer.index, peer.index.is_multiple_of(crew.local));
            }
            WorkersEnd::Counted(total)
        }
        Err(at) => {
            summed(peer, 0);
            WorkersEnd::Stopped(at)
        }
    }
}

/// The moves across go in this many pieces at least: a checkpoint after
/// each, and faster than all at once (7x8 closed on 2 workers 7.5 s
/// against 9.0 s, 326 MB against 495 MB; 6x8 open over all starts 10.2 s
/// against 12.5 s; the development machine, 2026-11-26).
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
    let n = 2 * crew.layout.w;
    let closed = crew.ends == Ends::Closed;
    let kept = Kept {
        store,
        crew,
        index: peer.index,
    };
    let halved = m.halved;
    let at_cut = m.bar.at(halved);
    let head_square = |j: usize| m.bar.at(halved + j + 1);
    let Held { upper, lower, from } = held_halves(peer, crew, m, &kept, resume)?;
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
    let (head, from) = match from {
        Some(from) => (upper, from),
        None => {
            let lower_share = sum(1).saturating_mul(crew.local as u64) / peer.peers as u64;
            let memory = sum(2).saturating_sub(lower_share);
            let from = first_leg(m, sum(0), std::mem::size_of::<(S, W)>() as u64, memory);
            let leg = Leg::new(&head_square, held);
            let head = through(peer, crew, &m.crossing[..from], upper, &sizes, leg)?;
            kept.write("upper", &head, from);
            (head, from)
        }
    };
    let Ok(pieces) = by_moves(head, from, n, || None::<Infallible>);
    // The pieces some worker has states in: the same list at every worker.
    for (p, piece) in pieces.iter().enumerate() {
        if states_in(piece) > 0 {
            peer.add(p as u32, 1);
        }
    }
    let round = crew.round(peer, 0).ok_or(at_cut)?;
    // Every worker wrote its halves before that round.
    let skip = resume.unwrap_or(0);
    if resume.is_none() {
        kept.note(Mark::Pieces(0));
    }
    let mut tours = kept.tours(skip);
    let live = |p: usize| round.sums.get(p).is_some_and(|&x| x > 0);
    let live_pieces = (0..pieces.len()).filter(|&p| live(p)).count();
    if skip > live_pieces as u64 {
        crew.fail(WorkerFault::Joined {
            joined: skip,
            live: live_pieces,
        });
    }
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
        if store.is_some() {
            let done = i as u64 + 1;
            kept.joined(done, tours);
            // Every worker noted its tours before this round.
            crew.round(peer, 0).ok_or(square(rest.len() - 1))?;
            kept.note(Mark::Pieces(done));
        }
    }
    Ok(tours)
}

/// The lower states this worker holds, as a table by moves at the cut,
/// and its upper states at the cut, worked out (the lower written to the
/// checkpoint) or, in a resume, read back with the squares they had gone
/// across (`Some(from)`).
fn held_halves<S: Sent, W: Tally>(
    peer: &mut Peer<S, W>,
    crew: &Crew,
    m: &Meeting,
    kept: &Kept,
    resume: Option<u64>,
) -> Result<Held<S, W>, u64> {
    let (upper, lower, from) = match resume {
        Some(_) => {
            let (lower, _) = kept.read("lower");
            let (upper, from) = kept.read("upper");
            (upper, lower, Some(from))
        }
        None => {
            let (upper, lower) = halves(peer, crew, m)?;
            kept.write("lower", &lower, 0);
            (upper, lower, None)
        }
    };
    let n = 2 * crew.layout.w;
    let mut table: Lower<W> = FastMap::default();
    for (s, ways) in lower.into_iter().flatten() {
        add_lower(&mut table, s, ways, n);
    }
    Ok(Held {
        upper,
        lower: table,
        from,
    })
}

/// How many squares across the cut go before the pieces: as many as one
/// process's `memory` holds for the `states` at the cut (`entry` bytes
/// each), at least enough for [`PIECES`] pieces, and one step at least
/// after them.
fn first_leg(m: &Meeting, states: u64, entry: u64, memory: u64) -> usize {
    digits(&m.crossing, states, entry, memory)
        .max(in_pieces(&m.crossing, PIECES))
        .min(m.crossing.len() - 1)
}

/// What [`held_halves`] gives: the upper states at the cut (gone `from`
/// squares across, in a resume), the lower states by their moves.
struct Held<S, W> {
    upper: Parts<S, W>,
    lower: Lower<W>,
    from: Option<usize>,
}

/// A worker's checkpoints of a meeting, in `store` if there is one. A
/// file that cannot be written or read fails the count (the first reason
/// is said) and stops the workers at the next round.
struct Kept<'a> {
    store: Option<&'a Store>,
    crew: &'a Crew<'a>,
    index: usize,
}

impl Kept<'_> {
    fn failed(&self, e: std::io::Error, doing: Doing) {
        self.crew.fail(WorkerFault::file(doing, e));
    }

    /// Writes this worker's `states` of a half (`lower` or `upper`), and
    /// the squares across they went through, `from`.
    fn write<S: Sent, W: Tally>(&self, what: &'static str, states: &Parts<S, W>, from: usize) {
        if let Some(st) = self.store
            && let Err(e) = st.write_half(what, self.index, states, from as u128)
        {
            self.failed(e, Doing::Writing);
        }
    }

    /// This worker's states of a half, as written, and their `from`.
    fn read<S: Sent, W: Tally>(&self, what: &str) -> (Parts<S, W>, usize) {
        let Some(st) = self.store else {
            return (Vec::new(), 0);
        };
        match st.read_half::<S, W>(what, self.index) {
            Ok((states, from)) => (vec![states], from as usize),
            Err(e) => {
                self.failed(e, Doing::Reading);
                (Vec::new(), 0)
            }
        }
    }

    /// The tours this worker joined in the first `pieces` pieces.
    fn tours(&self, pieces: u64) -> u128 {
        match self.store {
            Some(st) if pieces > 0 => st.read_tours(self.index, pieces).unwrap_or_else(|e| {
                self.failed(e, Doing::Reading);
                0
            }),
            _ => 0,
        }
    }

    /// Notes that this worker joined `tours` in the first `pieces` pieces.
    fn joined(&self, pieces: u64, tours: u128) {
        if let Some(st) = self.store {
            st.write_tours(self.index, pieces, tours);
        }
    }

    /// Notes where every worker stands (the first worker of a process).
    fn note(&self, mark: Mark) {
        if let Some(st) = self.store
            && self.index.is_multiple_of(self.crew.local)
            && let Err(e) = st.note_mark(mark)
        {
            self.failed(e, Doing::Writing);
        }
    }
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
