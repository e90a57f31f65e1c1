//! The frontier's count on timely dataflow workers (TimelyDataflow's
//! `timely`): several workers in one process, or processes on several
//! machines from a host file. Each worker holds the states whose hash
//! falls to it. At each square it expands them and sends each successor
//! to the worker that owns it, which adds up the ways into equal states;
//! the step ends when every worker's successors of that square have
//! arrived (timely's progress tracking). Counts meet in the middle where
//! the whole count would (`spread/meet.rs`): a closed tour's states across
//! the cut go at the last step to the worker that joins them; for open
//! tours every worker holds the lower half and joins its own. The tours
//! completed are summed at every worker at the end. Memory per process falls as processes are added:
//! each holds only its share of the states.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use timely::communication::allocator::ProcessBuilder;
use timely::communication::allocator::zero_copy::initialize::{
    CommsGuard, initialize_networking_from_sockets,
};
use timely::communication::{AllocatorBuilder, Hooks};

use super::{
    ANY, Budget, Counted, Ends, Layout, NARROW, Parts, Run, Step, Stop, canonical, expand,
    meets_sooner, states_in, table_bytes,
};
use crate::board::Board;
use crate::solver::count::{Cause, Doing, Notice, Notices, Progress, WorkerFault};

mod checkpoint;
mod cluster;
mod handshake;
mod heartbeat;
mod meet;
mod peer;
use super::meet::Meeting;
pub use checkpoint::{Checkpoints, FolderRefusal};
use checkpoint::{Mark, Store};
use cluster::connect;
pub use cluster::is_worker_thread;
use handshake::{Hello, agree};
use peer::{CANCEL, DEADLINE, FAILED, MEMORY, NODES, Peer, Round, SAVE, STOP, Sent, Tally};

/// Where the workers of a count run, and where they keep checkpoints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spread {
    /// Worker threads in this process.
    pub workers: usize,
    /// This process's place in a cluster; `None` for this process alone.
    pub cluster: Option<Cluster>,
    /// Where the states are written at square boundaries, and how often.
    pub checkpoint: Option<Checkpoints>,
}

/// The processes of a cluster, and this one's place among them.
#[derive(Clone, PartialEq, Eq)]
pub struct Cluster {
    /// Where each process listens (`host:port`, one a process, the same
    /// list for all). Process 0 gets the count.
    pub hosts: Vec<String>,
    pub process: usize,
    /// The key every process proves it holds (empty: none).
    pub key: Vec<u8>,
    /// What the command asks beyond the count at hand (a table by start,
    /// a sum over starts, a most), which every process must ask alike.
    pub question: String,
}

impl std::fmt::Debug for Cluster {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cluster")
            .field("hosts", &self.hosts)
            .field("process", &self.process)
            .field("key", &format_args!("{} bytes", self.key.len()))
            .field("question", &self.question)
            .finish()
    }
}

impl Spread {
    /// The workers' connections, and where every worker resumes (the
    /// newest of this process's checkpoints, `offers`, or in a cluster the
    /// newest every process holds). The connections' threads come back
    /// apart (`CommsGuard`): when a process dies they panic, and their
    /// guard would panic again on drop.
    fn builders(
        &self,
        terms: &[(String, String)],
        offers: Vec<Mark>,
        notices: &Notices,
    ) -> Result<Connected, Stop> {
        let workers = &self.local();
        match &self.cluster {
            None => timely::CommunicationConfig::Process(*workers)
                .try_build()
                .map(|(builders, _)| (builders, None, None, offers.first().copied()))
                .map_err(|e| Stop::Workers(WorkerFault::timely(e))),
            Some(c) => {
                let hello = Hello::new(c.process, terms.to_vec(), offers);
                let (sockets, hellos) = connect(&c.hosts, c.process, &c.key, &hello, notices)?;
                let resume =
                    agree(&hellos).map_err(|e| Stop::Workers(WorkerFault::checkpoint(e)))?;
                let hooks = Hooks::default();
                let local = ProcessBuilder::new_typed_vector(
                    *workers,
                    hooks.refill.clone(),
                    hooks.spill.clone(),
                );
                let (builders, guard) =
                    initialize_networking_from_sockets(local, sockets, c.process, *workers, hooks)
                        .map_err(|e| Stop::Workers(WorkerFault::Network(Cause::new(e))))?;
                let builders = builders.into_iter().map(AllocatorBuilder::Tcp).collect();
                let mut nonces = vec![[0u8; 16]; c.hosts.len()];
                for h in &hellos {
                    nonces[h.process] = h.nonce;
                }
                let beating = heartbeat::start(&c.hosts, c.process, &c.key, nonces, notices);
                Ok((builders, Some(guard), beating, resume))
            }
        }
    }

    /// Workers in this process.
    fn local(&self) -> usize {
        self.workers.max(1)
    }

    /// Processes in all.
    fn processes(&self) -> usize {
        self.cluster.as_ref().map_or(1, |c| c.hosts.len())
    }

    /// This process's place (0 alone).
    fn process(&self) -> usize {
        self.cluster.as_ref().map_or(0, |c| c.process)
    }

    /// Workers in all.
    fn peers(&self) -> usize {
        self.local() * self.processes()
    }

    /// Whether this process gets the count (the only one, or process 0).
    pub fn answers(&self) -> bool {
        self.process() == 0
    }
}

/// The workers' connections, their threads' guard, and where every
/// worker resumes.
type Connected = (
    Vec<AllocatorBuilder>,
    Option<CommsGuard>,
    Option<heartbeat::Beating>,
    Option<Mark>,
);

/// What the workers share in this process: the figures a progress bar
/// shows, whether to stop, and why a worker failed.
#[derive(Default)]
struct Shared {
    failed: std::sync::Mutex<Option<WorkerFault>>,
    done: AtomicU64,
    states: AtomicU64,
    expanded: AtomicU64,
    peak: AtomicU64,
    bytes: AtomicU64,
    stop: AtomicBool,
    /// Why this process stops (the flags of a vote), and why any worker
    /// of the cluster did, as heard.
    why: AtomicU8,
    heard: AtomicU8,
}

impl Shared {
    /// Asks the workers of this process to stop at the next round, for
    /// the reason `why` (a vote's flag).
    fn halt(&self, why: u8) {
        self.why.fetch_or(why, Relaxed);
        self.stop.store(true, Relaxed);
    }
}

/// The number of tours of `board` of the kind `ends`, counted square by
/// square on the workers of `spread`. Only the process that
/// [`Spread::answers`] gets the count; the others get 0 tours. The budget's
/// bytes bound each process; its deadline and `progress.cancel` stop the
/// workers of this process at the next square.
pub fn count(
    board: &Board,
    ends: Ends,
    spread: &Spread,
    budget: &Budget,
    progress: &Progress,
) -> Result<Counted, Stop> {
    let free = board.free_count();
    if free <= 1 {
        return Ok(Counted {
            tours: u128::from(free == 1 && ends != Ends::Closed && spread.answers()),
            expansions: 0,
            peak: 1,
        });
    }
    let layout = Arc::new(Layout::new(board, ends, false));
    let squares = layout.steps.len() as u64;
    progress.total.store(squares, Relaxed);
    progress.done.store(0, Relaxed);
    let shared = Arc::new(Shared::default());
    let watch = Arc::clone(&shared);
    let finished = AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        scope.spawn(|| mirror(&watch, progress, budget, &finished));
        // Counts meet in the middle where the whole count would.
        let meeting =
            meets_sooner(&layout, ends).then(|| Arc::new(Meeting::new(board, &layout, ends)));
        let key = format!(
            "{}, {}{}",
            describe(board),
            ends,
            if meeting.is_some() {
                ", meeting in the middle"
            } else {
                ""
            }
        );
        let job = |bits: u32| Job {
            layout: Arc::clone(&layout),
            ends,
            bytes: budget.bytes,
            meeting: meeting.clone(),
            terms: terms(&key, bits, spread),
            notices: progress.notices.clone(),
            store: spread.checkpoint.as_ref().map(|c| {
                Store::new(
                    c.dir.clone(),
                    key.clone(),
                    (spread.peers(), spread.local(), spread.process()),
                    bits,
                    checkpoint::Seal::new(&c.key),
                    progress.notices.clone(),
                )
            }),
            every: spread.checkpoint.as_ref().map(|c| c.every),
        };
        // Ways in 64 bits first; a saturated count is counted again in
        // 128 (every process knows the total, so all do).
        let tally = |wide: bool| match (layout.w <= NARROW, wide) {
            (true, false) => run::<u64, u64>(job(64), spread, &shared),
            (true, true) => run::<u64, u128>(job(128), spread, &shared),
            (false, false) => run::<u128, u64>(job(64), spread, &shared),
            (false, true) => run::<u128, u128>(job(128), spread, &shared),
        };
        // Timely's threads panic when a connection breaks (a process of
        // the cluster died): see `is_worker_thread`.
        let r = match tally(false) {
            Ok(WorkersEnd::Counted(n)) if n >= u128::from(u64::MAX) => {
                shared.expanded.store(0, Relaxed);
                tally(true)
            }
            r => r,
        };
        finished.store(true, Relaxed);
        r
    });
    progress.done.store(shared.done.load(Relaxed), Relaxed);
    progress
        .expanded
        .store(shared.expanded.load(Relaxed), Relaxed);
    match result? {
        WorkersEnd::Counted(tours) if tours == u128::MAX => Err(Stop::Overflow),
        WorkersEnd::Counted(tours) => Ok(Counted {
            tours: if spread.answers() { tours } else { 0 },
            expansions: shared.expanded.load(Relaxed),
            peak: shared.peak.load(Relaxed).max(1),
        }),
        WorkersEnd::Stopped(at) => Err(why_stopped(&shared, progress, budget, at, squares)),
    }
}

/// Whether this process's expansions passed the budget's node limit.
fn over_expansions(shared: &Shared, budget: &Budget) -> bool {
    budget
        .expansions
        .is_some_and(|e| shared.expanded.load(Relaxed) > e)
}

/// Until `finished`: the caller's progress mirrored from the workers'
/// figures, and its cancel, the deadline and the node limit (this
/// process's expansions) passed on to them.
fn mirror(watch: &Shared, progress: &Progress, budget: &Budget, finished: &AtomicBool) {
    while !finished.load(Relaxed) {
        std::thread::sleep(std::time::Duration::from_millis(50));
        progress.done.store(watch.done.load(Relaxed), Relaxed);
        progress.states.store(watch.states.load(Relaxed), Relaxed);
        progress
            .expanded
            .store(watch.expanded.load(Relaxed), Relaxed);
        if progress.cancel.load(Relaxed) {
            watch.halt(CANCEL);
        } else if budget.deadline.is_some_and(|d| Instant::now() >= d) {
            watch.halt(DEADLINE);
        } else if over_expansions(watch, budget) {
            watch.halt(NODES);
        }
    }
}

/// Why this process's workers stopped at square `at` of `squares`, or
/// else why another process's did (as its votes said): every process
/// gives the same reason.
fn why_stopped(
    shared: &Shared,
    progress: &Progress,
    budget: &Budget,
    at: u64,
    squares: u64,
) -> Stop {
    let failed = shared.failed.lock().map(|f| f.clone()).unwrap_or_default();
    let heard = shared.heard.load(Relaxed) | shared.why.load(Relaxed);
    if let Some(why) = failed {
        Stop::Workers(why)
    } else if progress.cancel.load(Relaxed) {
        Stop::Cancelled
    } else if budget.deadline.is_some_and(|d| Instant::now() >= d) {
        Stop::Deadline
    } else if over_expansions(shared, budget) {
        Stop::Expansions
    } else if heard & FAILED != 0 {
        Stop::Workers(WorkerFault::OtherFailed)
    } else if heard & CANCEL != 0 {
        Stop::Workers(WorkerFault::OtherStopped)
    } else if heard & DEADLINE != 0 {
        Stop::Deadline
    } else if heard & NODES != 0 {
        Stop::Expansions
    } else {
        Stop::Memory {
            bytes: shared.bytes.load(Relaxed),
            states: shared.states.load(Relaxed),
            at,
            of: squares,
        }
    }
}

/// How the workers of this process ended.
enum WorkersEnd {
    /// The tours (every worker knows them).
    Counted(u128),
    /// Stopped at this square.
    Stopped(u64),
}

/// What every worker of a run needs: the board in placing order, the
/// tours counted, the memory bound, the checkpoints, and whether the
/// halves of the board meet in the middle.
struct Job {
    layout: Arc<Layout>,
    ends: Ends,
    bytes: u64,
    store: Option<Store>,
    every: Option<std::time::Duration>,
    meeting: Option<Arc<Meeting>>,
    /// What every process of a cluster must agree on, by name.
    terms: Vec<(String, String)>,
    /// Where the count's notices go.
    notices: Notices,
}

/// The board, with its blocked squares, in words.
fn describe(board: &Board) -> String {
    let blocked: Vec<String> = board.blocked().iter().map(|s| s.to_string()).collect();
    match blocked.len() {
        0 => board.describe(),
        _ => format!("{} without {}", board.describe(), blocked.join(" ")),
    }
}

/// What the processes of a cluster must agree on, by name: the program,
/// the count (`key`), the ways' width, the workers, the hosts and
/// whether they keep checkpoints.
fn terms(key: &str, bits: u32, spread: &Spread) -> Vec<(String, String)> {
    let hosts = spread.cluster.as_ref().map(|c| c.hosts.join(" "));
    [
        ("the program", format!("knight-tui {}", crate::VERSION)),
        ("the count", key.to_string()),
        ("the ways", format!("{bits} bits")),
        ("workers a process", spread.local().to_string()),
        ("the hosts", hosts.unwrap_or_default()),
        (
            "the question",
            spread
                .cluster
                .as_ref()
                .map(|c| c.question.clone())
                .unwrap_or_default(),
        ),
        (
            "checkpoints",
            if spread.checkpoint.is_some() {
                "kept"
            } else {
                "none"
            }
            .to_string(),
        ),
    ]
    .into_iter()
    .map(|(n, v)| (n.to_string(), v))
    .collect()
}

/// What a worker of this process shares with the others while it counts.
struct Crew<'a> {
    layout: &'a Layout,
    ends: Ends,
    shared: &'a Shared,
    /// The bytes each worker may hold.
    per_worker: u64,
    /// Workers in this process.
    local: usize,
}

impl Crew<'_> {
    /// Sends the successors of this worker's states `cur` through `step`
    /// (each to its owner, or by `key` where given), taking at most the
    /// moves back `sizes` allows; the ways that completed the tour.
    fn expand_all<S: Sent, W: Tally>(
        &self,
        peer: &mut Peer<S, W>,
        cur: Parts<S, W>,
        step: &Step,
        sizes: impl Fn(S) -> u32,
        key: Option<&dyn Fn(S) -> u64>,
    ) -> W {
        let top = 2 * self.layout.w + 1;
        self.shared.expanded.fetch_add(states_in(&cur), Relaxed);
        let mut done = W::default();
        let put = |peer: &mut Peer<S, W>, t: S, ways: W| match key {
            Some(key) => peer.send_by(key(t), t, ways),
            None => peer.send(t, ways),
        };
        for (s, ways) in cur.into_iter().flatten() {
            let allow = sizes(s);
            if !step.free {
                if allow & 1 == 1 {
                    put(peer, canonical(s >> 4), ways);
                }
                continue;
            }
            let ended = expand(s, step, top, self.ends, allow, |t| put(peer, t, ways));
            for _ in 0..ended {
                done = done.plus(ways);
            }
        }
        done
    }

    /// Says why the count fails (the first reason given) and stops the
    /// workers at the next round.
    fn fail(&self, why: WorkerFault) {
        if let Ok(mut f) = self.shared.failed.lock() {
            f.get_or_insert(why);
        }
        self.shared.halt(FAILED);
    }

    /// After a round: this worker holds `cur` and `held` bytes besides, at
    /// `square` of the board. Shows progress (a process's first worker)
    /// and the peak, and
    /// asks the workers to stop past the memory bound.
    fn note<S, W>(&self, index: usize, peers: usize, square: u64, cur: &[Run<S, W>], held: u64) {
        let shared = self.shared;
        let all = states_in(cur) * peers as u64;
        shared.peak.fetch_max(all, Relaxed);
        // The first worker of each process, so every process says where
        // the count stood.
        if index.is_multiple_of(self.local) {
            shared.done.store(square, Relaxed);
            shared.states.store(all, Relaxed);
        }
        let bytes = table_bytes(cur) + held;
        if bytes > self.per_worker {
            shared.bytes.store(bytes * self.local as u64, Relaxed);
            shared.halt(MEMORY);
        }
    }

    /// Ends a round with this worker's vote (stop if this process should,
    /// and `flags`): what it brought, or `None` where the workers stop.
    fn round<S: Sent, W: Tally>(&self, peer: &mut Peer<S, W>, flags: u8) -> Option<Round<S, W>> {
        let stop = if self.shared.stop.load(Relaxed) {
            STOP | self.shared.why.load(Relaxed)
        } else {
            0
        };
        let round = peer.finish(stop | flags);
        if round.heard & STOP != 0 {
            self.shared.heard.fetch_or(round.heard, Relaxed);
            return None;
        }
        Some(round)
    }

    /// A square on every worker: this worker's states `cur` through `step`
    /// (unless this process stops), as [`Crew::expand_all`], then the
    /// round ([`Crew::round`]) and the ways that completed the tour.
    fn step<S: Sent, W: Tally>(
        &self,
        peer: &mut Peer<S, W>,
        cur: Parts<S, W>,
        (step, sizes): (&Step, impl Fn(S) -> u32),
        key: Option<&dyn Fn(S) -> u64>,
        flags: u8,
    ) -> Option<(Round<S, W>, W)> {
        let ended = if self.shared.stop.load(Relaxed) {
            W::default()
        } else {
            self.expand_all(peer, cur, step, sizes, key)
        };
        Some((self.round(peer, flags)?, ended))
    }
}

/// Nothing placed: one way, at worker 0.
fn start<S: Sent, W: Tally>(index: usize) -> Parts<S, W> {
    let mut states = Vec::new();
    if index == 0 {
        states.push((S::ZERO, W::ONE));
    }
    vec![states]
}

fn run<S: Sent, W: Tally>(
    job: Job,
    spread: &Spread,
    shared: &Arc<Shared>,
) -> Result<WorkersEnd, Stop> {
    let shared = Arc::clone(shared);
    // The checkpoints this process could resume from; with the others',
    // where every worker resumes: after a square, or (a meeting) after
    // some pieces across the cut.
    let of = job.layout.steps.len() as u64;
    // This process's hold on the folder, for as long as the count runs.
    let mut lock = None;
    let offers = match &job.store {
        Some(st) => {
            let refused = |e| Stop::Workers(WorkerFault::checkpoint(e));
            checkpoint::prepare(&st.dir).map_err(refused)?;
            lock = Some(checkpoint::lock(&st.dir, st.process).map_err(refused)?);
            st.offers(of)
                .map_err(|e| Stop::Workers(WorkerFault::checkpoint(e)))?
        }
        None => Vec::new(),
    };
    let (builders, connections, beating, resume) =
        spread.builders(&job.terms, offers, &job.notices)?;
    let (square, pieces) = match resume {
        Some(Mark::Square(j)) => {
            job.notices
                .say(Notice::ResumedAfterSquare { square: j + 1, of });
            (Some(j), None)
        }
        Some(Mark::Pieces(p)) => {
            job.notices.say(Notice::ResumedAfterPieces { pieces: p });
            (None, Some(p))
        }
        None => (None, None),
    };
    // Each process's bound, split over its workers.
    let local = spread.local();
    let per_worker = job.bytes / local as u64;
    let config = timely::WorkerConfig::default();
    let guards = timely::execute::execute_from(builders, Box::new(()), config, move |worker| {
        let crew = Crew {
            layout: &job.layout,
            ends: job.ends,
            shared: &shared,
            per_worker,
            local,
        };
        let first = square.map_or(0, |j| j as u32 + 1);
        let mut peer = Peer::<S, W>::new(worker, first, local);
        match &job.meeting {
            Some(meeting) => meet::worker(&mut peer, &crew, meeting, job.store.as_ref(), pieces),
            None => squares(&mut peer, &crew, job.store.as_ref(), job.every, square),
        }
    })
    .map_err(|e| Stop::Workers(WorkerFault::timely(e)))?;
    // Every worker knows the total; any one that stopped stops it.
    let mut outcome = Ok(WorkersEnd::Counted(0));
    for r in guards.join() {
        match r {
            Ok(WorkersEnd::Stopped(at)) => outcome = outcome.and(Ok(WorkersEnd::Stopped(at))),
            Ok(WorkersEnd::Counted(n)) => {
                if let Ok(WorkersEnd::Counted(_)) = outcome {
                    outcome = Ok(WorkersEnd::Counted(n));
                }
            }
            Err(e) => outcome = Err(Stop::Workers(WorkerFault::timely(e))),
        }
    }
    drop(beating);
    drop(lock);
    match outcome {
        // The connections' threads end with the workers.
        Ok(_) => drop(connections),
        // A connection broke and its threads panicked: their guard is let
        // go unjoined (its drop would panic again), as the process ends.
        Err(_) => std::mem::forget(connections),
    }
    outcome
}

/// One worker's count square by square over the whole board, with its
/// checkpoints: the tours, summed over every worker.
fn squares<S: Sent, W: Tally>(
    peer: &mut Peer<S, W>,
    crew: &Crew,
    store: Option<&Store>,
    every: Option<std::time::Duration>,
    resume: Option<u64>,
) -> WorkersEnd {
    let (index, peers) = (peer.index, peer.peers);
    let fail = |why: WorkerFault| crew.fail(why);
    let (mut cur, mut done) = match (store, resume) {
        (Some(st), Some(j)) => match st.read::<S, W>(j, index) {
            Ok((states, ways)) => (vec![states], ways),
            Err(e) => {
                fail(WorkerFault::file(Doing::Reading, e));
                (Vec::new(), W::default())
            }
        },
        _ => (start(index), W::default()),
    };
    let first = resume.map_or(0, |j| j as usize + 1);
    let lead = index % crew.local == 0;
    let mut written = Instant::now();
    let mut pending = None;
    let mut noted = None;
    let mut stopped = None;
    for (j, step) in crew.layout.steps.iter().enumerate().skip(first) {
        let due = every.is_some_and(|e| written.elapsed() >= e);
        let flags = if due { SAVE } else { 0 };
        let cur_states = std::mem::take(&mut cur);
        let Some((round, ended)) = crew.step(peer, cur_states, (step, |_| ANY), None, flags) else {
            stopped = Some(j as u64);
            break;
        };
        done = done.plus(ended);
        cur = round.states;
        if let (Some(st), Some(k)) = (store, pending.take()) {
            // Every worker has written square k's states: it began this one.
            if lead && let Err(e) = st.note_mark(Mark::Square(k)) {
                fail(WorkerFault::file(Doing::Writing, e));
            }
            // The square noted before k is let go only now: the note may
            // still name it until the first worker of each process has
            // written k (it has by the time any worker notes the next).
            if let Some(old) = noted.replace(k) {
                st.remove_before(old, index);
            }
        }
        if let Some(st) = store
            && round.heard & SAVE != 0
        {
            match st.write(j as u64, index, &cur, done) {
                Ok(()) => pending = Some(j as u64),
                Err(e) => fail(WorkerFault::file(Doing::Writing, e)),
            }
            written = Instant::now();
        }
        crew.note(index, peers, j as u64 + 1, &cur, 0);
    }
    drop(cur);
    let total = summed(peer, done.wide());
    match stopped {
        Some(at) => WorkersEnd::Stopped(at),
        None => {
            // Counted: the checkpoints are done with.
            if let Some(st) = store {
                st.clear(index, lead);
            }
            WorkersEnd::Counted(total)
        }
    }
}

/// `mine`, summed over every worker (a round of its own).
fn summed<S: Sent, W: Tally>(peer: &mut Peer<S, W>, mine: u128) -> u128 {
    peer.add(0, mine);
    peer.finish(0).sums.first().copied().unwrap_or(0)
}

#[cfg(test)]
mod tests;
