//! A search on its own OS thread: events out through a sink, control in
//! through a [`Control`] handle. The engine never waits for whoever watches:
//! at full speed it publishes a snapshot at most every 16 ms (about 60 a
//! second; less often when the path is so long that copying it would cost
//! more than 2%), when slowed down one after every step, and the sink must
//! not block (the app hands it an unbounded channel's sender).

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::theory::Facts;
use crate::tour::compact::{Compact, CompactBuilder, HUGE};

use super::find::construct;
use super::find::search::{Monitor, Search};
use super::{Flow, Options, Problem, Solution, Stats, solve_with};

/// The shortest time between two snapshots at full speed.
pub const SNAPSHOT_INTERVAL: Duration = Duration::from_millis(16);

/// What the search thread sends.
#[derive(Clone, Debug)]
pub enum Event {
    /// The search as it is now.
    Snapshot(Snapshot),
    /// The search has ended.
    Done(Report),
    /// The search stopped on an internal error (a panic, caught on its
    /// thread, or a construction that failed its check).
    Failed(Crash),
}

/// Why a search stopped without a report: a bug, either way.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Crash {
    /// The construction's tour failed its check.
    #[error(transparent)]
    Unbuilt(#[from] Unbuilt),
    /// The search panicked.
    #[error(transparent)]
    Panicked(#[from] Panicked),
}

/// What a panic said. A panic carries whatever text its code wrote
/// (`panic!`'s message, see [`panic_message`]), not a value the engine
/// could type, so its words are all there is to keep.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Panicked(pub String);

/// A running search as the watcher sees it at one moment.
#[derive(Clone, Debug, Default)]
pub struct Snapshot {
    /// The path so far (square indices).
    pub path: Vec<u32>,
    /// What the search has done so far.
    pub stats: Stats,
    /// The shallowest and deepest path since the snapshot before, as the
    /// watcher sampled it (every node when slowed down, every 1024 at full
    /// speed); (0, 0) when not known.
    pub range: (usize, usize),
}

/// How a spawned search ended.
#[derive(Clone, Debug)]
pub struct Report {
    /// The tours found, the verdict and the statistics.
    pub solution: Solution,
    /// The tour, when it is held compactly (from [`HUGE`] squares up:
    /// well under a byte a square, where a list takes four and the step at
    /// each square that a watcher keeps four more); the
    /// solution then holds none.
    pub tour: Option<Arc<Compact>>,
}

/// How fast the search runs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Speed {
    /// No throttling; the watcher sees snapshots.
    Full,
    /// At most this many nodes a second, each one published.
    StepsPerSecond(f64),
}

#[derive(Default)]
struct Shared {
    cancel: AtomicBool,
    paused: AtomicBool,
    /// Single steps granted while paused.
    steps: AtomicU64,
    /// Nanoseconds between nodes; 0 = full speed.
    delay_ns: AtomicU64,
    lock: Mutex<()>,
    wake: Condvar,
}

/// Steers a running search. Cheap to clone; dropping it does not stop the
/// search (call [`Control::cancel`]).
#[derive(Clone)]
pub struct Control {
    shared: Arc<Shared>,
}

impl Control {
    fn notify(&self) {
        let _guard = self.shared.lock.lock();
        self.shared.wake.notify_all();
    }
    /// Asks the search to stop: it ends [`super::Verdict::Cancelled`]
    /// unless it has already ended.
    pub fn cancel(&self) {
        self.shared.cancel.store(true, Ordering::SeqCst);
        self.notify();
    }
    /// Holds the search before its next node.
    pub fn pause(&self) {
        self.shared.paused.store(true, Ordering::SeqCst);
        // A search waiting out its pace stops waiting and pauses now.
        self.notify();
    }
    /// Lets a paused search run on.
    pub fn resume(&self) {
        self.shared.paused.store(false, Ordering::SeqCst);
        self.notify();
    }
    /// Whether the search is paused.
    pub fn is_paused(&self) -> bool {
        self.shared.paused.load(Ordering::SeqCst)
    }
    /// While paused: one more node.
    pub fn step(&self) {
        self.shared.steps.fetch_add(1, Ordering::SeqCst);
        self.notify();
    }
    /// Runs the search at `speed` from now on.
    pub fn set_speed(&self, speed: Speed) {
        let ns = match speed {
            Speed::Full => 0,
            Speed::StepsPerSecond(s) => (1e9 / s.max(1e-3)) as u64,
        };
        self.shared.delay_ns.store(ns, Ordering::SeqCst);
        self.notify();
    }
}

/// A search to run on its own thread, watched: the tours wanted (their
/// board owned, for the thread), the options, the pace, and whether it
/// starts paused.
pub struct Job {
    problem: Problem,
    options: Options,
    speed: Speed,
    paused: bool,
}

impl Job {
    /// A search of `problem` with `options`, at full speed, not paused.
    pub fn new(problem: Problem, options: Options) -> Job {
        Job {
            problem,
            options,
            speed: Speed::Full,
            paused: false,
        }
    }

    /// The same job at `speed`, starting paused when `paused`.
    pub fn paced(self, speed: Speed, paused: bool) -> Job {
        Job {
            speed,
            paused,
            ..self
        }
    }
}

/// Starts `solve` on its own thread. Events go to `sink`, which must not
/// block; the last one is always [`Event::Done`], or [`Event::Failed`] if
/// the search panicked. The search begins once `previous` (the thread of
/// the search it replaces, cancelled) has ended: one search runs at a time
/// however fast they are replaced, and the caller never waits.
pub fn spawn<F>(
    previous: Option<JoinHandle<()>>,
    job: Job,
    sink: F,
) -> Result<(Control, JoinHandle<()>), SpawnError>
where
    F: FnMut(Event) + Send + 'static,
{
    let Job {
        problem,
        options,
        speed,
        paused,
    } = job;
    let control = Control {
        shared: Arc::new(Shared::default()),
    };
    control.set_speed(speed);
    if paused {
        control.pause();
    }
    let shared = control.shared.clone();
    let handle = std::thread::Builder::new()
        .name("knight-search".into())
        .spawn(move || {
            if let Some(previous) = previous {
                // Its panic was caught and reported by its own thread.
                let _ = previous.join();
            }
            let mut watch = Watch {
                shared,
                sink,
                last: Instant::now(),
                ns_per_entry: 2.0,
                slow: true,
                paused_for: Duration::ZERO,
                low: usize::MAX,
                high: 0,
            };
            let run =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match construct_compact(
                    &problem, &options,
                ) {
                    Some(built) => built.map(|(solution, tour)| (solution, Some(tour))),
                    None => Ok((
                        solve_with(&problem, &Facts::new(problem.board()), &options, &mut watch),
                        None,
                    )),
                }));
            let paused_for = watch.paused_for;
            (watch.sink)(match run {
                Ok(Ok((mut solution, tour))) => {
                    // The clock stood still while paused.
                    solution.stats.elapsed = solution.stats.elapsed.saturating_sub(paused_for);
                    Event::Done(Report { solution, tour })
                }
                Ok(Err(why)) => Event::Failed(why.into()),
                Err(panic) => Event::Failed(Panicked(panic_message(panic.as_ref())).into()),
            });
        })
        .map_err(SpawnError::Thread)?;
    Ok((control, handle))
}

/// Why a search did not start (its problem was checked when the job was
/// made).
#[derive(Debug, thiserror::Error)]
pub enum SpawnError {
    #[error("cannot start the search thread: {0}")]
    Thread(std::io::Error),
}

/// The construction's tour of a board of at least [`HUGE`] squares,
/// held compactly and checked square by square as it is built; `None`
/// when the construction does not answer (`solve_with` does).
fn construct_compact(
    problem: &Problem,
    options: &Options,
) -> Option<Result<(Solution, Arc<Compact>), Unbuilt>> {
    let b = problem.board();
    if b.len() < HUGE || problem.end().is_some() {
        return None;
    }
    let plan = construct::Plan::for_options(problem, options)?;
    // The builder refuses what is off the board, repeated or not a
    // knight's move: the check, without a bit a square of its own.
    let mut builder = CompactBuilder::new(b.rows(), b.cols());
    let mut refused = None;
    let solution = plan.walk(&mut |piece| {
        for &at in piece {
            if !builder.push(at) {
                refused.get_or_insert(builder.len() + 1);
            }
        }
    });
    let tour = builder.finish();
    let ends = tour
        .first()
        .zip(tour.last())
        .map(|(a, z)| (b.square(a), b.square(z)));
    let closes = ends.is_some_and(|(a, z)| a.is_knight_move(z));
    Some(match refused {
        Some(step) => Err(Unbuilt::Refused { step }),
        None if tour.len() != b.free_count() => Err(Unbuilt::Short {
            built: tour.len(),
            squares: b.free_count(),
        }),
        None if problem.closed() && !closes => Err(Unbuilt::Open),
        None => Ok((solution, Arc::new(tour))),
    })
}

/// How a construction's tour failed its check (a bug, said as such).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unbuilt {
    /// A step that is off the board, repeated or not a move.
    #[error("the construction produced an invalid tour (step {step} refused)")]
    Refused {
        /// The step (from 1).
        step: usize,
    },
    /// Fewer squares than the board's.
    #[error("the construction produced {built} squares of {squares}")]
    Short {
        /// The squares built.
        built: usize,
        /// The board's free squares.
        squares: usize,
    },
    /// A closed tour was asked for, and its ends are not a move apart.
    #[error("the construction's tour does not close")]
    Open,
}

/// What a caught panic said.
pub fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic with no message".into())
}

struct Watch<F> {
    shared: Arc<Shared>,
    sink: F,
    last: Instant,
    /// Nanoseconds the last snapshot took per path entry.
    ns_per_entry: f64,
    /// Slowed down or paused: every node is watched. Else the flags are
    /// read every 1024 nodes only (about 30 µs), so being watched at full
    /// speed costs next to nothing.
    slow: bool,
    /// Time spent paused, left out of the elapsed time reported.
    paused_for: Duration,
    /// The shallowest and deepest depth sampled since the last snapshot.
    low: usize,
    high: usize,
}

impl<F: FnMut(Event)> Watch<F> {
    fn publish(&mut self, s: &Search) {
        let t0 = Instant::now();
        let mut stats = s.stats;
        stats.elapsed = s.elapsed().saturating_sub(self.paused_for);
        let d = s.depth();
        let range = (self.low.min(d), self.high.max(d));
        (self.low, self.high) = (usize::MAX, 0);
        (self.sink)(Event::Snapshot(Snapshot {
            path: s.path_indices(),
            stats,
            range,
        }));
        self.last = Instant::now();
        let took = (self.last - t0).as_secs_f64() * 1e9;
        self.ns_per_entry = took / s.depth().max(1) as f64;
    }

    /// True when a snapshot is due: 16 ms since the last, and 50 times its
    /// expected cost.
    fn due(&self, s: &Search) -> bool {
        let cost = Duration::from_nanos((self.ns_per_entry * s.depth() as f64 * 50.0) as u64);
        self.last.elapsed() >= SNAPSHOT_INTERVAL.max(cost)
    }

    #[inline(never)]
    fn watch(&mut self, s: &Search) -> Flow {
        let d = s.depth();
        (self.low, self.high) = (self.low.min(d), self.high.max(d));
        let sh = &self.shared;
        if sh.cancel.load(Ordering::Relaxed) {
            return Flow::Stop;
        }
        let delay = sh.delay_ns.load(Ordering::Relaxed);
        self.slow = delay > 0 || sh.paused.load(Ordering::Relaxed);
        if self.slow {
            // Watched step by step: show every node, then wait.
            if sh.paused.load(Ordering::Relaxed) {
                // Shows this node, then waits for a step or resume; a step
                // granted is this node's, with no pace to wait out (a
                // second wait would take the next step too).
                return if self.wait_while_paused(s) {
                    Flow::Continue
                } else {
                    Flow::Stop
                };
            }
            self.publish(s);
            if delay > 0 {
                let until = self.last + Duration::from_nanos(delay);
                let sh = self.shared.clone();
                let mut guard = sh.lock.lock().unwrap_or_else(|e| e.into_inner());
                loop {
                    let now = Instant::now();
                    if now >= until
                        || sh.cancel.load(Ordering::SeqCst)
                        || sh.paused.load(Ordering::SeqCst)
                        || sh.delay_ns.load(Ordering::SeqCst) != delay
                    {
                        break;
                    }
                    guard = sh
                        .wake
                        .wait_timeout(guard, until - now)
                        .unwrap_or_else(|e| e.into_inner())
                        .0;
                }
                drop(guard);
                // Paused during the wait: stop on this node, the one shown,
                // rather than take one more.
                if !self.wait_while_paused(s) {
                    return Flow::Stop;
                }
            }
            return Flow::Continue;
        }
        if self.due(s) {
            self.publish(s);
        }
        Flow::Continue
    }

    /// Blocks while paused (publishing first so the watcher sees where it
    /// stopped); false when cancelled.
    fn wait_while_paused(&mut self, s: &Search) -> bool {
        let sh = self.shared.clone();
        if !sh.paused.load(Ordering::Relaxed) {
            return true;
        }
        self.publish(s);
        let since = Instant::now();
        let result = self.wait_for_resume_or_step();
        self.paused_for += since.elapsed();
        result
    }

    /// The wait of [`Watch::wait_while_paused`]: true on resume or a step,
    /// false when cancelled.
    fn wait_for_resume_or_step(&self) -> bool {
        let sh = &self.shared;
        let mut guard = sh.lock.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            if sh.cancel.load(Ordering::SeqCst) {
                return false;
            }
            if !sh.paused.load(Ordering::SeqCst) {
                return true;
            }
            if sh
                .steps
                .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
                .is_ok()
            {
                return true;
            }
            guard = sh.wake.wait(guard).unwrap_or_else(|e| e.into_inner());
        }
    }
}

impl<F: FnMut(Event)> Monitor for Watch<F> {
    #[inline]
    fn looks_every(&self) -> Option<u64> {
        Some(if self.slow { 1 } else { 0x400 })
    }
    #[inline]
    fn looks_at_backs(&self) -> bool {
        self.slow
    }
    #[inline]
    fn on_node(&mut self, s: &Search) -> Flow {
        // The search's own node count: no counter of ours to keep.
        if !self.slow && s.stats.nodes & 0x3ff != 0 {
            return Flow::Continue;
        }
        self.watch(s)
    }

    /// Slowed down or paused, each step back is a step of its own.
    #[inline]
    fn on_back(&mut self, s: &Search) -> Flow {
        if self.slow {
            self.watch(s)
        } else {
            Flow::Continue
        }
    }

    fn cancelled(&self) -> bool {
        self.shared.cancel.load(Ordering::Relaxed)
    }

    /// The tour itself arrives with [`Event::Done`]: no snapshot here.
    fn on_tour(&mut self, _: &Search) -> Flow {
        Flow::Continue
    }
}
