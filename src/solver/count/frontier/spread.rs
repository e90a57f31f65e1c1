//! The frontier's count on timely dataflow workers (TimelyDataflow's
//! `timely`): several workers in one process, or processes on several
//! machines from a host file. Each worker holds the states whose hash
//! falls to it. At each square it expands them and sends each successor
//! to the worker that owns it, which adds up the ways into equal states;
//! the step ends when every worker's successors of that square have
//! arrived (timely's progress tracking). The tours completed are summed at
//! worker 0 at the end. Memory per process falls as processes are added:
//! each holds only its share of the states.

use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use timely::dataflow::operators::{Exchange, Input, Inspect, Probe};

use timely::communication::allocator::ProcessBuilder;
use timely::communication::allocator::zero_copy::initialize::{
    CommsGuard, initialize_networking_from_sockets,
};
use timely::communication::{AllocatorBuilder, Hooks};
use timely::container::CapacityContainerBuilder;
use timely::dataflow::{InputHandle, ProbeHandle};

use super::{
    ANY, Budget, Counted, Ends, Layout, NARROW, Stop, Ways, Word, canonical, expand, table_bytes,
};
use crate::board::Board;
use crate::solver::count::Progress;
use crate::solver::states::FastMap;

/// Where the workers of a count run, and where they keep checkpoints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spread {
    /// Worker threads in this process.
    pub workers: usize,
    /// This process's place in a cluster whose processes listen at the
    /// hosts (`host:port`, one a process, the same list for all); `None`
    /// for this process alone. Process 0 gets the count.
    pub cluster: Option<(Vec<String>, usize)>,
    /// Where the states are written at square boundaries, and how often.
    pub checkpoint: Option<Checkpoints>,
}

/// A folder of checkpoints: every `every` (at the next square), each
/// worker writes its states there; a count started again with the same
/// arguments resumes from the last square all of them wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoints {
    pub dir: std::path::PathBuf,
    pub every: std::time::Duration,
}

impl Spread {
    /// The connections' threads come back apart (`CommsGuard`): when a
    /// process dies they panic, and their guard would panic again on drop.
    fn builders(&self) -> Result<(Vec<AllocatorBuilder>, Option<CommsGuard>), String> {
        let workers = &self.local();
        match &self.cluster {
            None => timely::CommunicationConfig::Process(*workers)
                .try_build()
                .map(|(builders, _)| (builders, None)),
            Some((hosts, process)) => {
                let sockets = connect(hosts, *process).map_err(|e| e.to_string())?;
                let hooks = Hooks::default();
                let local = ProcessBuilder::new_typed_vector(
                    *workers,
                    hooks.refill.clone(),
                    hooks.spill.clone(),
                );
                let (builders, guard) =
                    initialize_networking_from_sockets(local, sockets, *process, *workers, hooks)
                        .map_err(|e| e.to_string())?;
                let builders = builders.into_iter().map(AllocatorBuilder::Tcp).collect();
                Ok((builders, Some(guard)))
            }
        }
    }

    /// Workers in this process.
    fn local(&self) -> usize {
        self.workers.max(1)
    }

    /// Workers in all.
    fn peers(&self) -> usize {
        self.local() * self.cluster.as_ref().map_or(1, |(hosts, _)| hosts.len())
    }

    /// Whether this process gets the count (the only one, or process 0).
    pub fn answers(&self) -> bool {
        self.cluster
            .as_ref()
            .is_none_or(|(_, process)| *process == 0)
    }
}

mod checkpoint;
use checkpoint::Store;

/// What the workers share in this process: the figures a progress bar
/// shows, whether to stop, and why a worker failed.
#[derive(Default)]
struct Shared {
    failed: std::sync::Mutex<Option<String>>,
    done: AtomicU64,
    states: AtomicU64,
    expanded: AtomicU64,
    peak: AtomicU64,
    bytes: AtomicU64,
    stop: AtomicBool,
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
    let over_expansions = |shared: &Shared| {
        budget
            .expansions
            .is_some_and(|e| shared.expanded.load(Relaxed) > e)
    };
    let result = std::thread::scope(|scope| {
        // The caller's progress, mirrored from the workers' figures; its
        // cancel, the deadline and the node limit (this process's
        // expansions) passed on to them.
        scope.spawn(|| {
            while !finished.load(Relaxed) {
                std::thread::sleep(std::time::Duration::from_millis(50));
                progress.done.store(watch.done.load(Relaxed), Relaxed);
                progress.states.store(watch.states.load(Relaxed), Relaxed);
                progress
                    .expanded
                    .store(watch.expanded.load(Relaxed), Relaxed);
                if progress.cancel.load(Relaxed)
                    || budget.deadline.is_some_and(|d| Instant::now() >= d)
                    || over_expansions(&watch)
                {
                    watch.stop.store(true, Relaxed);
                }
            }
        });
        let blocked: Vec<String> = board.blocked().iter().map(|s| s.to_string()).collect();
        let key = format!("{} [{}] {ends:?}", board.describe(), blocked.join(";"));
        let job = |bits| Job {
            layout: Arc::clone(&layout),
            ends,
            bytes: budget.bytes,
            store: spread.checkpoint.as_ref().map(|c| Store {
                dir: c.dir.clone(),
                key: key.clone(),
                peers: spread.peers(),
                bits,
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
        // the cluster died): caught, said in one line, never hung on.
        let r = quietly(|| match tally(false) {
            Ok(Outcome::Counted(n)) if n >= u128::from(u64::MAX) => {
                shared.expanded.store(0, Relaxed);
                tally(true)
            }
            r => r,
        });
        finished.store(true, Relaxed);
        r
    });
    progress.done.store(shared.done.load(Relaxed), Relaxed);
    progress
        .expanded
        .store(shared.expanded.load(Relaxed), Relaxed);
    let failed = shared.failed.lock().map(|f| f.clone()).unwrap_or_default();
    let halt = |at: u64| {
        if let Some(why) = failed {
            Stop::Workers(why)
        } else if progress.cancel.load(Relaxed) {
            Stop::Cancelled
        } else if budget.deadline.is_some_and(|d| Instant::now() >= d) {
            Stop::Deadline
        } else if over_expansions(&shared) {
            Stop::Expansions
        } else {
            Stop::Memory {
                bytes: shared.bytes.load(Relaxed),
                states: shared.states.load(Relaxed),
                at,
                of: squares,
            }
        }
    };
    match result? {
        Outcome::Counted(tours) if tours == u128::MAX => Err(Stop::Overflow),
        Outcome::Counted(tours) => Ok(Counted {
            tours: if spread.answers() { tours } else { 0 },
            expansions: shared.expanded.load(Relaxed),
            peak: shared.peak.load(Relaxed).max(1),
        }),
        Outcome::Stopped(at) => Err(halt(at)),
    }
}

/// How the workers of this process ended.
enum Outcome {
    /// The tours (every worker knows them).
    Counted(u128),
    /// Stopped at this square.
    Stopped(u64),
}

/// The parity of the square a message of the stamp `stamp` belongs to.
fn parity(stamp: &timely::progress::Stamp<u32>) -> usize {
    stamp.elements().first().map_or(0, |&t| t as usize % 2)
}

/// An even spread of states over the workers, the same in every process.
fn route<S: Word>(s: &S) -> u64 {
    let mut z = s.low() ^ ((*s >> 32) >> 32).low().rotate_left(29);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Successors a worker sends between two turns of its own: it then lets
/// the successors that came in be added up, so that fewer wait in queues.
const SENDS_A_TURN: usize = 1 << 16;

/// What every worker of a run needs: the board in placing order, the
/// tours counted, the memory bound, and the checkpoints.
struct Job {
    layout: Arc<Layout>,
    ends: Ends,
    bytes: u64,
    store: Option<Store>,
    every: Option<std::time::Duration>,
}

fn run<S: Word + timely::ExchangeData, W: Ways + timely::ExchangeData>(
    job: Job,
    spread: &Spread,
    shared: &Arc<Shared>,
) -> Result<Outcome, Stop> {
    let Job {
        layout,
        ends,
        bytes,
        store,
        every,
    } = job;
    let shared = Arc::clone(shared);
    // The square every worker resumes after, if the folder has one.
    let resume = match &store {
        Some(st) => st.last().map_err(Stop::Workers)?,
        None => None,
    };
    if let Some(j) = resume {
        eprintln!(
            "knight-tui: resuming from the checkpoint after square {} of {}",
            j + 1,
            layout.steps.len()
        );
    }
    // Each process's bound, split over its workers.
    let local = spread.local() as u64;
    let per_worker = bytes / local;
    let (builders, connections) = spread.builders().map_err(Stop::Workers)?;
    let config = timely::WorkerConfig::default();
    let guards = timely::execute::execute_from(builders, Box::new(()), config, move |worker| {
        let (index, peers) = (worker.index(), worker.peers());
        let mut input: InputHandle<u32, _> =
            InputHandle::<u32, CapacityContainerBuilder<Vec<(S, W)>>>::new();
        let mut sums: InputHandle<u32, _> =
            InputHandle::<u32, CapacityContainerBuilder<Vec<(u64, W)>>>::new();
        let mut votes: InputHandle<u32, _> =
            InputHandle::<u32, CapacityContainerBuilder<Vec<(u64, u8)>>>::new();
        let probe = ProbeHandle::new();
        // The successors and the votes of square j arrive in `[j % 2]`: a
        // worker may be a square ahead, never two (it waits for every
        // worker's successors of the square before).
        let next: Rc<[RefCell<FastMap<S, W>>; 2]> = Rc::default();
        let total: Rc<Cell<W>> = Rc::default();
        // Votes: 1 to stop, 2 to write a checkpoint.
        let halt: Rc<[Cell<u8>; 2]> = Rc::default();
        let (into, summed, heard) = (Rc::clone(&next), Rc::clone(&total), Rc::clone(&halt));
        worker.dataflow::<u32, _, _>(|scope| {
            scope
                .input_from(&mut input)
                .container::<Vec<_>>()
                .exchange(|(s, _)| route(s))
                .inspect_core(move |event| {
                    if let Ok((stamp, data)) = event {
                        let mut table = into[parity(stamp)].borrow_mut();
                        for &(s, ways) in data {
                            let e = table.entry(s).or_default();
                            *e = e.plus(ways);
                        }
                    }
                })
                .probe_with(&probe);
            scope
                .input_from(&mut sums)
                .container::<Vec<_>>()
                .exchange(|&(to, _)| to)
                .inspect(move |&(_, n)| summed.set(summed.get().plus(n)))
                .probe_with(&probe);
            // Each worker's vote to stop, one to every worker: all stop
            // at the same square, or none does.
            scope
                .input_from(&mut votes)
                .container::<Vec<_>>()
                .exchange(|&(to, _)| to)
                .inspect_core(move |event| {
                    if let Ok((stamp, data)) = event {
                        let vote = &heard[parity(stamp)];
                        vote.set(data.iter().fold(vote.get(), |v, &(_, flags)| v | flags));
                    }
                })
                .probe_with(&probe);
        });
        let top = 2 * layout.w + 1;
        let fail = |why: String| {
            if let Ok(mut f) = shared.failed.lock() {
                f.get_or_insert(why);
            }
            shared.stop.store(true, Relaxed);
        };
        let mut cur: FastMap<S, W> = FastMap::default();
        let mut done = W::default();
        let first = resume.map_or(0, |j| j as usize + 1);
        match (&store, resume) {
            (Some(st), Some(j)) => match st.read::<S, W>(j, index) {
                Ok((states, ways)) => (cur, done) = (states, ways),
                Err(e) => fail(format!("reading the checkpoint: {e}")),
            },
            _ if index == 0 => {
                cur.insert(S::ZERO, W::ONE);
            }
            _ => {}
        }
        if first > 0 {
            input.advance_to(first as u32);
            sums.advance_to(first as u32);
            votes.advance_to(first as u32);
        }
        let lead = index % local as usize == 0;
        let mut written = Instant::now();
        let mut pending = None;
        let mut stopped = None;
        for (j, step) in layout.steps.iter().enumerate().skip(first) {
            let stop = shared.stop.load(Relaxed);
            let due = every.is_some_and(|e| written.elapsed() >= e);
            for to in 0..peers as u64 {
                votes.send((to, u8::from(stop) | u8::from(due) << 1));
            }
            if !stop {
                shared.expanded.fetch_add(cur.len() as u64, Relaxed);
                for (k, (s, ways)) in cur.drain().enumerate() {
                    if k % SENDS_A_TURN == SENDS_A_TURN - 1 {
                        worker.step();
                    }
                    if !step.free {
                        input.send((canonical(s >> 4), ways));
                        continue;
                    }
                    let ended = expand(s, step, top, ends, ANY, |t| input.send((t, ways)));
                    for _ in 0..ended {
                        done = done.plus(ways);
                    }
                }
            }
            let next_time = j as u32 + 1;
            input.advance_to(next_time);
            sums.advance_to(next_time);
            votes.advance_to(next_time);
            while probe.less_than(input.time()) {
                worker.step();
            }
            let heard = halt[j % 2].replace(0);
            if heard & 1 != 0 {
                stopped = Some(j as u64);
                break;
            }
            cur = std::mem::take(&mut *next[j % 2].borrow_mut());
            if let (Some(st), Some(k)) = (&store, pending.take()) {
                // Every worker has written square k's states: it began this one.
                if lead && let Err(e) = st.note_square(k) {
                    fail(format!("writing the checkpoint: {e}"));
                }
                st.remove_before(k, index);
            }
            if let Some(st) = &store
                && heard & 2 != 0
            {
                match st.write(j as u64, index, &cur, done) {
                    Ok(()) => pending = Some(j as u64),
                    Err(e) => fail(format!("writing the checkpoint: {e}")),
                }
                written = Instant::now();
            }
            let held = table_bytes(std::slice::from_ref(&cur));
            shared
                .peak
                .fetch_max(cur.len() as u64 * peers as u64, Relaxed);
            if index == 0 {
                shared.done.store(j as u64 + 1, Relaxed);
                shared
                    .states
                    .store(cur.len() as u64 * peers as u64, Relaxed);
            }
            if held > per_worker {
                shared.bytes.store(held * local, Relaxed);
                shared.stop.store(true, Relaxed);
            }
        }
        // The tours each worker completed, summed at every worker.
        drop(cur);
        next.iter().for_each(|t| t.borrow_mut().clear());
        for to in 0..peers as u64 {
            sums.send((to, done));
        }
        let end = layout.steps.len() as u32 + 1;
        input.advance_to(end);
        votes.advance_to(end);
        sums.advance_to(end);
        while probe.less_than(sums.time()) {
            worker.step();
        }
        match stopped {
            Some(at) => Outcome::Stopped(at),
            None => {
                // Counted: the checkpoints are done with.
                if let Some(st) = &store {
                    st.clear(index, lead);
                }
                Outcome::Counted(total.get().wide())
            }
        }
    })
    .map_err(Stop::Workers)?;
    // Every worker knows the total; any one that stopped stops it.
    let mut outcome = Ok(Outcome::Counted(0));
    for r in guards.join() {
        match r {
            Ok(Outcome::Stopped(at)) => outcome = outcome.and(Ok(Outcome::Stopped(at))),
            Ok(Outcome::Counted(n)) => {
                if let Ok(Outcome::Counted(_)) = outcome {
                    outcome = Ok(Outcome::Counted(n));
                }
            }
            Err(e) => outcome = Err(Stop::Workers(e)),
        }
    }
    match outcome {
        // The connections' threads end with the workers.
        Ok(_) => drop(connections),
        // A connection broke and its threads panicked: their guard is let
        // go unjoined (its drop would panic again), as the process ends.
        Err(_) => std::mem::forget(connections),
    }
    outcome
}

/// How long a process of a cluster waits for the others to come up.
const CONNECT_FOR: std::time::Duration = std::time::Duration::from_secs(300);

/// One connection to each other process of the cluster, in order, `None`
/// at `me`: this process connects to those before it (again and again
/// until they listen) and takes the connections of those after it, each
/// saying its place first (as timely's own set-up does).
fn connect(hosts: &[String], me: usize) -> std::io::Result<Vec<Option<TcpStream>>> {
    let deadline = Instant::now() + CONNECT_FOR;
    let timed_out = |what: String| std::io::Error::new(std::io::ErrorKind::TimedOut, what);
    let listener = TcpListener::bind(&hosts[me])?;
    let mut sockets: Vec<Option<TcpStream>> = (0..hosts.len()).map(|_| None).collect();
    let mut said = false;
    for (i, host) in hosts.iter().enumerate().take(me) {
        let stream = loop {
            match TcpStream::connect(host) {
                Ok(s) => break s,
                Err(e) if Instant::now() >= deadline => {
                    return Err(timed_out(format!("process {i} at {host}: {e}")));
                }
                Err(_) => {
                    if !std::mem::replace(&mut said, true) {
                        eprintln!("knight-tui: waiting for the other processes of the cluster");
                    }
                    std::thread::sleep(std::time::Duration::from_millis(200));
                }
            }
        };
        stream.set_nodelay(true)?;
        (&stream).write_all(&(me as u64).to_be_bytes())?;
        sockets[i] = Some(stream);
    }
    listener.set_nonblocking(true)?;
    while sockets[me + 1..].iter().any(Option::is_none) {
        match listener.accept() {
            Ok((stream, _)) => {
                stream.set_nonblocking(false)?;
                stream.set_nodelay(true)?;
                let mut id = [0u8; 8];
                (&stream).read_exact(&mut id)?;
                let id = u64::from_be_bytes(id) as usize;
                if id <= me || id >= hosts.len() || sockets[id].is_some() {
                    return Err(std::io::Error::other(format!(
                        "a connection said it was process {id}"
                    )));
                }
                sockets[id] = Some(stream);
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                if Instant::now() >= deadline {
                    return Err(timed_out(format!(
                        "the processes after {me} did not all connect to {}",
                        hosts[me]
                    )));
                }
                if !std::mem::replace(&mut said, true) {
                    eprintln!("knight-tui: waiting for the other processes of the cluster");
                }
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            Err(e) => return Err(e),
        }
    }
    Ok(sockets)
}

/// Runs `f`. A panic on any thread meanwhile (timely's, when a connection
/// breaks because a process of the cluster died) ends the process at once
/// with exit 3 and one line on stderr: unwinding timely's threads would
/// panic again in their drops and abort, or leave the others waiting.
fn quietly(f: impl FnOnce() -> Result<Outcome, Stop>) -> Result<Outcome, Stop> {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(|info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| info.payload().downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "a worker panicked".into());
        // The first thread says it and ends the process; others wait.
        static SAID: AtomicBool = AtomicBool::new(false);
        if !SAID.swap(true, Relaxed) {
            eprintln!("knight-tui: the count's workers stopped ({message}); no count");
            std::process::exit(3);
        }
        loop {
            std::thread::park();
        }
    }));
    let r = f();
    std::panic::set_hook(previous);
    r
}
