//! One worker's streams to the others, and the round a spread count is
//! made of: each worker sends what it has (states to their owners, states
//! to a worker by a key, sums to every worker, a vote), and the round ends
//! when every worker's messages of it have arrived (timely's progress
//! tracking). A worker may be a round ahead of another, never two, so the
//! messages of round `t` are kept apart by `t`'s parity.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use timely::container::CapacityContainerBuilder;
use timely::dataflow::operators::{Exchange, Input, Inspect, Probe};
use timely::dataflow::{InputHandle, ProbeHandle};
use timely::worker::Worker;

use super::super::{PART_BITS, PARTS, Parts, Ways, Word, part};
use crate::solver::states::FastMap;

/// What a worker's state and ways need to travel between workers.
pub(super) trait Sent: Word + timely::ExchangeData {}
impl<S: Word + timely::ExchangeData> Sent for S {}
/// Ways that travel between workers.
pub(super) trait Tally: Ways + timely::ExchangeData {}
impl<W: Ways + timely::ExchangeData> Tally for W {}

type Feed<T> = InputHandle<u32, CapacityContainerBuilder<Vec<T>>>;

/// Successors a worker sends between two turns of its own: it then lets
/// the successors that came in be added up, so that fewer wait in queues.
const SENDS_A_TURN: usize = 1 << 16;

/// Votes: stop the count.
pub(super) const STOP: u8 = 1;
/// Votes: write a checkpoint.
pub(super) const SAVE: u8 = 2;

/// What a round brought this worker.
pub(super) struct Round<S, W> {
    /// The votes of every worker, or-ed.
    pub heard: u8,
    /// The states sent to this worker, equal ones added up, in parts.
    pub states: Parts<S, W>,
    /// The sums of every worker, by slot.
    pub sums: Vec<u128>,
}

/// One worker's streams to every worker (itself included).
pub(super) struct Peer<'w, S: Sent, W: Tally> {
    worker: &'w mut Worker,
    pub index: usize,
    pub peers: usize,
    /// States to the worker that owns them (by their hash).
    states: Feed<(S, W)>,
    /// States to the worker a key picks (`key % peers`).
    keyed: Feed<(u64, S, W)>,
    /// Sums: to, slot, amount.
    sums: Feed<(u64, u32, u128)>,
    /// Votes: to, flags.
    votes: Feed<(u64, u8)>,
    probe: ProbeHandle<u32>,
    came: Rc<[RefCell<Came<S, W>>; 2]>,
    summed: Rc<[RefCell<Vec<u128>>; 2]>,
    heard: Rc<[Cell<u8>; 2]>,
    sent: usize,
}

/// The parity of the round a message of the stamp `stamp` belongs to.
fn parity(stamp: &timely::progress::Stamp<u32>) -> usize {
    stamp.elements().first().map_or(0, |&t| t as usize % 2)
}

/// An even spread of states over the workers, the same in every process.
pub(super) fn route<S: Word>(s: &S) -> u64 {
    mix(s.low() ^ ((*s >> 32) >> 32).low().rotate_left(29))
}

/// A key's bits stirred (splitmix64's finish), for an even spread.
pub(super) fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl<'w, S: Sent, W: Tally> Peer<'w, S, W> {
    /// The streams of `worker`, whose first round is `first`.
    pub fn new(worker: &'w mut Worker, first: u32) -> Self {
        let (index, peers) = (worker.index(), worker.peers());
        let mut states: Feed<(S, W)> = InputHandle::new();
        let mut keyed: Feed<(u64, S, W)> = InputHandle::new();
        let mut sums: Feed<(u64, u32, u128)> = InputHandle::new();
        let mut votes: Feed<(u64, u8)> = InputHandle::new();
        let probe = ProbeHandle::new();
        let came: Rc<[RefCell<Came<S, W>>; 2]> = Rc::default();
        let summed: Rc<[RefCell<Vec<u128>>; 2]> = Rc::default();
        let heard: Rc<[Cell<u8>; 2]> = Rc::default();
        worker.dataflow::<u32, _, _>(|scope| {
            let into = Rc::clone(&came);
            scope
                .input_from(&mut states)
                .container::<Vec<_>>()
                .exchange(|(s, _)| route(s))
                .inspect_core(move |event| {
                    if let Ok((stamp, data)) = event {
                        add_up(&into[parity(stamp)], data.iter().map(|&(s, w)| (s, w)));
                    }
                })
                .probe_with(&probe);
            let into = Rc::clone(&came);
            scope
                .input_from(&mut keyed)
                .container::<Vec<_>>()
                .exchange(|&(key, _, _)| key)
                .inspect_core(move |event| {
                    if let Ok((stamp, data)) = event {
                        add_up(&into[parity(stamp)], data.iter().map(|&(_, s, w)| (s, w)));
                    }
                })
                .probe_with(&probe);
            let into = Rc::clone(&summed);
            scope
                .input_from(&mut sums)
                .container::<Vec<_>>()
                .exchange(|&(to, _, _)| to)
                .inspect_core(move |event| {
                    if let Ok((stamp, data)) = event {
                        let mut sums = into[parity(stamp)].borrow_mut();
                        for &(_, slot, x) in data {
                            let slot = slot as usize;
                            if sums.len() <= slot {
                                sums.resize(slot + 1, 0);
                            }
                            sums[slot] = sums[slot].saturating_add(x);
                        }
                    }
                })
                .probe_with(&probe);
            let into = Rc::clone(&heard);
            scope
                .input_from(&mut votes)
                .container::<Vec<_>>()
                .exchange(|&(to, _)| to)
                .inspect_core(move |event| {
                    if let Ok((stamp, data)) = event {
                        let vote = &into[parity(stamp)];
                        vote.set(data.iter().fold(vote.get(), |v, &(_, flags)| v | flags));
                    }
                })
                .probe_with(&probe);
        });
        if first > 0 {
            states.advance_to(first);
            keyed.advance_to(first);
            sums.advance_to(first);
            votes.advance_to(first);
        }
        Peer {
            worker,
            index,
            peers,
            states,
            keyed,
            sums,
            votes,
            probe,
            came,
            summed,
            heard,
            sent: 0,
        }
    }

    /// The round under way.
    pub fn time(&self) -> u32 {
        *self.states.time()
    }

    /// A turn for the messages that came in, every so many sends.
    fn sending(&mut self) {
        self.sent += 1;
        if self.sent.is_multiple_of(SENDS_A_TURN) {
            self.worker.step();
        }
    }

    /// Sends `s` to the worker that owns it.
    pub fn send(&mut self, s: S, ways: W) {
        self.states.send((s, ways));
        self.sending();
    }

    /// Sends `s` to the worker `key` picks.
    pub fn send_by(&mut self, key: u64, s: S, ways: W) {
        self.keyed.send((key, s, ways));
        self.sending();
    }

    /// Sends `s` to every worker.
    pub fn send_all(&mut self, s: S, ways: W) {
        for to in 0..self.peers as u64 {
            self.send_by(to, s, ways);
        }
    }

    /// Adds `x` to the round's sum in `slot`, at every worker.
    pub fn add(&mut self, slot: u32, x: u128) {
        for to in 0..self.peers as u64 {
            self.sums.send((to, slot, x));
        }
    }

    /// Ends the round with this worker's vote (`flags`): waits for every
    /// worker's messages of it.
    pub fn finish(&mut self, flags: u8) -> Round<S, W> {
        for to in 0..self.peers as u64 {
            self.votes.send((to, flags));
        }
        let now = self.time();
        let next = now + 1;
        self.states.advance_to(next);
        self.keyed.advance_to(next);
        self.sums.advance_to(next);
        self.votes.advance_to(next);
        while self.probe.less_than(&next) {
            self.worker.step();
        }
        let p = now as usize % 2;
        Round {
            heard: self.heard[p].replace(0),
            states: self.came[p].borrow_mut().take(),
            sums: std::mem::take(&mut *self.summed[p].borrow_mut()),
        }
    }
}

/// Successors added up in a part's table at once: a run of them into a
/// table a [`PARTS`]th of the whole stays in cache (1 worker on 7x8
/// closed: 26.4 s with one table).
const BATCH: usize = 1 << 10;

/// The states sent to a worker in a round: their ways added up in a table
/// for each part of the keys, as they come in batches.
struct Came<S, W> {
    parts: Parts<S, W>,
    waiting: Vec<Vec<(S, W)>>,
}

impl<S, W> Default for Came<S, W> {
    fn default() -> Self {
        Came {
            parts: (0..PARTS).map(|_| FastMap::default()).collect(),
            waiting: (0..PARTS).map(|_| Vec::new()).collect(),
        }
    }
}

impl<S: Word, W: Ways> Came<S, W> {
    fn add(&mut self, p: usize) {
        let table = &mut self.parts[p];
        for (s, ways) in self.waiting[p].drain(..) {
            let e = table.entry(s).or_default();
            *e = e.plus(ways);
        }
    }

    fn put(&mut self, s: S, ways: W) {
        let p = part(s, PART_BITS);
        self.waiting[p].push((s, ways));
        if self.waiting[p].len() >= BATCH {
            self.add(p);
        }
    }

    /// The states of the round, every batch added up.
    fn take(&mut self) -> Parts<S, W> {
        for p in 0..PARTS {
            self.add(p);
        }
        std::mem::take(self).parts
    }
}

/// Adds `data`'s ways into `came`.
fn add_up<S: Word, W: Ways>(came: &RefCell<Came<S, W>>, data: impl Iterator<Item = (S, W)>) {
    let mut came = came.borrow_mut();
    for (s, ways) in data {
        came.put(s, ways);
    }
}
