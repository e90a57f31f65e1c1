//! One worker's streams to the others, and the round a spread count is
//! made of: each worker sends what it has (states to their owners or to a
//! worker a key picks, sums to every worker, a vote), and the round ends
//! when every worker's messages of it have arrived (timely's progress
//! tracking). A worker may be a round ahead of another, never two, so the
//! messages of round `t` are kept apart by `t`'s parity.
//!
//! States travel in batches, each for one part of the receiving worker's
//! tables (as the count in one process sorts successors into parts): a
//! batch goes into a table a [`PARTS`]th of the whole, which stays in
//! cache, and moves between the workers of a process without a copy.

use std::cell::RefCell;
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

/// Successors waiting to go, at most, over all the workers and parts.
const WAITING: usize = 1 << 22;
/// The longest batch to a worker of this process: long batches let a
/// part's table take many states at once. 6x8 open tours over all starts
/// on 2 workers took 23.9 s and 850 MB with 8,192 a batch; with 1,024,
/// 27.0 s and 734 MB; 4,096, 25.0 s and 783 MB; 16,384, 23.8 s and 920
/// MB. The count in one process took 23.3 s (the development machine,
/// 2026-11-26).
const NEAR: usize = 1 << 13;
/// The longest batch to another process: on 2 processes of 6x8 open
/// tours, batches of 8,192 held 558 MB and 592 MB, of 1,024 405 MB and
/// 395 MB, at the same speed (the development machine, 2026-11-26).
const FAR: usize = 1 << 10;

/// The longest a waiting worker parks before it looks again.
const PARK: std::time::Duration = std::time::Duration::from_millis(20);

/// States for one part (`.1`) of one worker's (`.0`) tables.
type Batch<S, W> = (u64, u32, Vec<(S, W)>);

/// Votes: stop the count.
pub(super) const STOP: u8 = 1;
/// Votes: write a checkpoint.
pub(super) const SAVE: u8 = 2;
/// Why a worker votes to stop: its process's deadline passed, its node
/// limit ran out, it was cancelled, it ran out of memory, it failed. So
/// every process of a cluster stops for the same reason.
pub(super) const DEADLINE: u8 = 4;
pub(super) const NODES: u8 = 8;
pub(super) const CANCEL: u8 = 16;
pub(super) const MEMORY: u8 = 32;
pub(super) const FAILED: u8 = 64;
/// The flags a vote has: a round's sums hold the votes for each in their
/// first slots (a flag is heard where any worker voted for it).
const FLAGS: u32 = 7;

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
    /// States, a batch for a part of a worker's tables.
    batches: Feed<Batch<S, W>>,
    /// Sums: to, slot, amount. The votes are the first slots, one a flag.
    sums: Feed<(u64, u32, u128)>,
    probe: ProbeHandle<u32>,
    came: Rc<[RefCell<Tables<S, W>>; 2]>,
    summed: Rc<[RefCell<Vec<u128>>; 2]>,
    /// The batch filling for each worker and part.
    out: Vec<Vec<Vec<(S, W)>>>,
    /// The batch's length to each worker.
    batch: Vec<usize>,
    /// States sent since the last turn.
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
    /// `local` workers a process.
    pub fn new(worker: &'w mut Worker, first: u32, local: usize) -> Self {
        let (index, peers) = (worker.index(), worker.peers());
        let mut batches: Feed<Batch<S, W>> = InputHandle::new();
        let mut sums: Feed<(u64, u32, u128)> = InputHandle::new();
        let probe = ProbeHandle::new();
        let came: Rc<[RefCell<Tables<S, W>>; 2]> =
            Rc::new([RefCell::new(fresh()), RefCell::new(fresh())]);
        let summed: Rc<[RefCell<Vec<u128>>; 2]> = Rc::default();
        worker.dataflow::<u32, _, _>(|scope| {
            let into = Rc::clone(&came);
            scope
                .input_from(&mut batches)
                .container::<Vec<_>>()
                .exchange(|&(to, _, _)| to)
                .inspect_core(move |event| {
                    if let Ok((stamp, data)) = event {
                        let mut parts = into[parity(stamp)].borrow_mut();
                        for (_, p, batch) in data {
                            let table = &mut parts[*p as usize];
                            for &(s, ways) in batch {
                                let e = table.entry(s).or_default();
                                *e = e.plus(ways);
                            }
                        }
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
        });
        if first > 0 {
            batches.advance_to(first);
            sums.advance_to(first);
        }
        let batch = (0..peers)
            .map(|to| {
                let most = if to / local == index / local {
                    NEAR
                } else {
                    FAR
                };
                (WAITING / PARTS / peers).clamp(16, most)
            })
            .collect();
        Peer {
            worker,
            index,
            peers,
            batches,
            sums,
            probe,
            came,
            summed,
            out: (0..peers)
                .map(|_| (0..PARTS).map(|_| Vec::new()).collect())
                .collect(),
            batch,
            sent: 0,
        }
    }

    /// The round under way.
    pub fn time(&self) -> u32 {
        *self.batches.time()
    }

    /// Sends the batch for worker `to`'s part `p`.
    fn flush(&mut self, to: usize, p: usize) {
        let batch = std::mem::take(&mut self.out[to][p]);
        self.sent += batch.len();
        self.batches.send((to as u64, p as u32, batch));
        if self.sent >= SENDS_A_TURN {
            // A turn for the batches that came in.
            self.sent = 0;
            self.worker.step();
        }
    }

    /// Sends `s` to worker `to`.
    fn send_to(&mut self, to: usize, s: S, ways: W) {
        let p = part(s, PART_BITS);
        let (out, batch) = (&mut self.out[to][p], self.batch[to]);
        if out.capacity() == 0 {
            out.reserve_exact(batch);
        }
        out.push((s, ways));
        if out.len() >= batch {
            self.flush(to, p);
        }
    }

    /// Sends `s` to the worker that owns it.
    pub fn send(&mut self, s: S, ways: W) {
        self.send_to((route(&s) % self.peers as u64) as usize, s, ways);
    }

    /// Sends `s` to the worker `key` picks.
    pub fn send_by(&mut self, key: u64, s: S, ways: W) {
        self.send_to((key % self.peers as u64) as usize, s, ways);
    }

    /// Sends `s` to every worker.
    pub fn send_all(&mut self, s: S, ways: W) {
        for to in 0..self.peers as u64 {
            self.send_by(to, s, ways);
        }
    }

    /// Adds `x` to the round's sum in `slot`, at every worker.
    pub fn add(&mut self, slot: u32, x: u128) {
        self.add_raw(slot + FLAGS, x);
    }

    fn add_raw(&mut self, slot: u32, x: u128) {
        for to in 0..self.peers as u64 {
            self.sums.send((to, slot, x));
        }
    }

    /// Ends the round with this worker's vote (`flags`): waits for every
    /// worker's messages of it.
    pub fn finish(&mut self, flags: u8) -> Round<S, W> {
        for to in 0..self.peers {
            for p in 0..PARTS {
                if !self.out[to][p].is_empty() {
                    self.flush(to, p);
                }
            }
        }
        for flag in 0..FLAGS {
            if flags & 1 << flag != 0 {
                self.add_raw(flag, 1);
            }
        }
        let now = self.time();
        let next = now + 1;
        self.batches.advance_to(next);
        self.sums.advance_to(next);
        // Parked while nothing comes in: a process that waits on a slow
        // or stopped one spins no core.
        while self.probe.less_than(&next) {
            self.worker.step_or_park(Some(PARK));
        }
        let p = now as usize % 2;
        let mut sums = std::mem::take(&mut *self.summed[p].borrow_mut());
        sums.resize(sums.len().max(FLAGS as usize), 0);
        let heard = (0..FLAGS).filter(|&f| sums[f as usize] > 0);
        Round {
            heard: heard.fold(0, |h, f| h | 1 << f),
            states: std::mem::replace(&mut *self.came[p].borrow_mut(), fresh())
                .into_iter()
                .map(|t| t.into_iter().collect())
                .collect(),
            sums: sums.split_off(FLAGS as usize),
        }
    }
}

/// The states sent to a worker in a round, equal ones added up: a table
/// for each part.
type Tables<S, W> = Vec<FastMap<S, W>>;

/// A table for each part, empty.
fn fresh<S, W>() -> Tables<S, W> {
    (0..PARTS).map(|_| FastMap::default()).collect()
}
