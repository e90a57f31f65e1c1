//! One search as the screen knows it: its path, figures, state and depth
//! history, changed only by the engine's events. The app watches one; a
//! race watches two.

use std::collections::VecDeque;

use knight_engine::solver::{Event, Limit, Stats, Verdict};
use knight_engine::theory::NoTour;

/// How many depth samples the statistics sparkline keeps.
pub const HISTORY: usize = 240;

/// One snapshot's depths, for the depth chart.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// When (the search's own clock).
    pub secs: f64,
    /// The path's length then.
    pub depth: u64,
    /// The shallowest and deepest since the sample before: backtracking
    /// shows as the band between them.
    pub low: u64,
    pub high: u64,
    /// Nodes a second over about the last [`RATE_WINDOW`] seconds.
    pub rate: f64,
    /// Nodes then.
    pub nodes: u64,
}

/// The seconds the current rate is taken over: long enough that a slow
/// search's steps (25 a second, say) do not flicker between 0 and their
/// rate, short enough to follow a change of speed.
pub const RATE_WINDOW: f64 = 1.0;

/// Where a search stands, as the status line says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunState {
    Running,
    Paused,
    Found,
    /// Proved: theory's argument, or a search that tried every path.
    NoTour(NoTour),
    /// A limit stopped the search before it decided.
    Undecided(Limit),
    /// The search ended on an internal error, or could not start.
    Failed(String),
}

impl RunState {
    /// Why the search ended without a tour, in words where they are
    /// shown: the proof, the limit that stopped it, or what failed.
    pub fn why(&self) -> Option<String> {
        match self {
            RunState::NoTour(proof) => Some(proof.to_string()),
            RunState::Undecided(limit) => Some(format!("the {limit} stopped the search")),
            RunState::Failed(why) => Some(why.clone()),
            RunState::Running | RunState::Paused | RunState::Found => None,
        }
    }
}

/// A search watched: what its latest snapshot or its end said.
#[derive(Debug)]
pub struct Run {
    /// The search's path on the board.
    pub trail: super::trail::Trail,
    pub stats: Stats,
    pub state: RunState,
    /// Depths at each snapshot, newest last.
    pub history: VecDeque<Sample>,
    /// Counts the searches started, so a replaced search's late events
    /// are told apart.
    pub generation: u64,
    /// Nodes a second between the last two snapshots (the average is in
    /// the stats).
    pub rate_now: Option<f64>,
    /// The steps shown, to step back through while paused (kept by the
    /// app for the search it watches alone, empty for a race's sides).
    pub rewind: super::rewind::Rewind,
}

impl Run {
    pub fn new(squares: usize) -> Run {
        Run {
            trail: super::trail::Trail::new(squares),
            stats: Stats::default(),
            state: RunState::Running,
            history: VecDeque::with_capacity(HISTORY),
            generation: 0,
            rate_now: None,
            rewind: Default::default(),
        }
    }

    /// A new search begins (paused or not): the figures start from zero,
    /// and the new generation is returned.
    pub fn restart(&mut self, paused: bool) -> u64 {
        self.generation += 1;
        self.trail.set(&[]);
        self.stats = Stats::default();
        self.history.clear();
        self.rate_now = None;
        self.rewind.clear();
        self.state = if paused {
            RunState::Paused
        } else {
            RunState::Running
        };
        self.generation
    }

    /// Running or paused: not ended.
    pub fn is_searching(&self) -> bool {
        matches!(self.state, RunState::Running | RunState::Paused)
    }

    /// An event of this search. A failure is returned for the caller to
    /// say; the search is then undecided.
    pub fn apply(&mut self, event: Event) -> Option<String> {
        match event {
            Event::Snapshot(s) => {
                // The rate since the newest sample at least a window old,
                // else the oldest (none from the first: its interval
                // includes the start, whose few nodes in a few microseconds
                // read as a huge rate).
                let secs = s.stats.elapsed.as_secs_f64();
                let since = self
                    .history
                    .iter()
                    .rev()
                    .find(|h| secs - h.secs >= RATE_WINDOW)
                    .or(self.history.front());
                if let Some(h) = since
                    && secs > h.secs
                    && s.stats.nodes >= h.nodes
                {
                    self.rate_now = Some((s.stats.nodes - h.nodes) as f64 / (secs - h.secs));
                }
                self.trail.set(&s.path);
                self.stats = s.stats;
                if self.history.len() == HISTORY {
                    self.history.pop_front();
                }
                let depth = s.path.len() as u64;
                let (low, high) = match s.range {
                    (0, 0) => (depth, depth),
                    (l, h) => (l as u64, h as u64),
                };
                self.history.push_back(Sample {
                    secs,
                    depth,
                    low,
                    high,
                    rate: self.rate_now.unwrap_or(0.0),
                    nodes: s.stats.nodes,
                });
            }
            Event::Done(report) => {
                let sol = report.solution;
                if let Some(tour) = report.tour {
                    self.trail = super::trail::Trail::of_compact(tour, self.trail.board_squares());
                }
                self.rate_now = None;
                self.stats = sol.stats;
                match sol.verdict {
                    Verdict::Found => {
                        if let Some(t) = sol.tours.first() {
                            self.trail.set(t);
                        }
                        self.state = RunState::Found;
                    }
                    Verdict::NoTour(proof) => self.state = RunState::NoTour(proof),
                    Verdict::Undecided(limit) => self.state = RunState::Undecided(limit),
                    Verdict::Cancelled => {}
                }
            }
            Event::Failed(why) => {
                let why = why.to_string();
                self.fail(&why);
                return Some(why);
            }
        }
        None
    }

    /// The search ended on an internal error (or could not start).
    pub fn fail(&mut self, why: &str) {
        self.state = RunState::Failed(why.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use knight_engine::solver::Snapshot;
    use std::time::Duration;

    fn snap(nodes: u64, ms: u64) -> Event {
        Event::Snapshot(Snapshot {
            range: (0, 0),
            path: vec![0],
            stats: Stats {
                nodes,
                elapsed: Duration::from_millis(ms),
                ..Stats::default()
            },
        })
    }

    #[test]
    fn the_current_rate_is_over_the_last_second_and_not_from_the_start() {
        let mut run = Run::new(4);
        run.restart(false);
        // The first interval includes the start: no rate from it.
        run.apply(snap(1_000, 100));
        assert_eq!(run.rate_now, None);
        // 3,000 more nodes in the next 100 ms: 30,000 a second now, while
        // the average is 20,000.
        run.apply(snap(4_000, 200));
        assert_eq!(run.rate_now, Some(30_000.0));
        // A slow search: 25 nodes by 1.5 s, none more at 1.52 s. Over a
        // second and more the rate holds (between the last two snapshots
        // it would read 0).
        run.apply(snap(4_025, 1_500));
        run.apply(snap(4_025, 1_520));
        let r = run.rate_now.unwrap();
        assert!((r - 25.0 / 1.32).abs() < 1e-6, "{r}");
        run.restart(false);
        assert_eq!(run.rate_now, None);
    }

    #[test]
    fn an_undecided_or_failed_search_keeps_what_stopped_it() {
        let mut run = Run::new(4);
        run.restart(false);
        run.apply(Event::Done(knight_engine::solver::Report {
            solution: knight_engine::solver::Solution {
                tours: Vec::new(),
                verdict: Verdict::Undecided(Limit::Time),
                stats: Stats::default(),
                algorithm: knight_engine::solver::Algorithm::Backtrack,
            },
            tour: None,
        }));
        assert_eq!(run.state, RunState::Undecided(Limit::Time));
        assert_eq!(
            run.state.why().as_deref(),
            Some("the time limit stopped the search")
        );
        run.fail("no thread");
        assert_eq!(run.state, RunState::Failed("no thread".into()));
        assert_eq!(run.state.why().as_deref(), Some("no thread"));
        run.state = RunState::Found;
        assert_eq!(run.state.why(), None);
    }
}
