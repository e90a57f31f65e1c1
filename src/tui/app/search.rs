//! The search's handler: starting and restarting it, its events, the keys
//! that steer it, and the live count of tours (`#`).

use std::sync::Arc;

use knight_engine::solver::count::{Count, Method, Outcome, Progress, Total};
use knight_engine::solver::{Event, Limit};
use knight_engine::words::{self, thousands};

use super::{App, Counting, Effect, Overlay, RunState, Shared, Side, Tab, Tone};

/// Tours a second a count by enumeration finds at best: this machine (2
/// cores, 2026-11) finds 1.8 million a second on one core on 8x8, so ten
/// million is generous; a count it would take a day to end is out of reach.
pub const ENUMERATION_PACE: f64 = 1e7;
use crate::tui::keymap::{Command, key};
use crate::tui::settings::Settings;

/// Said when a search finds a tour: the next things to try (the race
/// against another algorithm, the tour replayed, then played by hand), in
/// words: the hint bar below names their keys.
pub(super) fn found_next() -> String {
    "next: a race, a replay, hand play".into()
}

/// Said to a step key while the search runs: `n steps while paused:
/// Space pauses`.
pub(super) fn steps_while_paused() -> String {
    format!(
        "{} steps while paused: {} pauses",
        key(Command::Step),
        key(Command::Pause)
    )
}

/// Said to a key of a search that has ended: `r starts it again`.
fn ended() -> String {
    format!(
        "the search has ended: {} starts it again",
        key(Command::Restart)
    )
}

impl App {
    /// Starts the search.
    pub fn start(&mut self) -> Vec<Effect> {
        self.restart(false)
    }

    pub(super) fn restart(&mut self, paused: bool) -> Vec<Effect> {
        let generation = self.search.restart(paused);
        vec![Effect::Start {
            side: Side::A,
            generation,
            spec: Box::new(self.spec.clone()),
            speed: self.speed(),
            paused,
        }]
    }

    pub fn is_searching(&self) -> bool {
        self.search.is_searching()
    }

    /// Keys while watching the search.
    pub(super) fn search_key(&mut self, c: Command) -> Vec<Effect> {
        match c {
            Command::Settings => {
                let st = Settings::from_spec(&self.spec);
                self.overlays.push(Overlay::Settings(Box::new(st)));
                Vec::new()
            }
            Command::Count => self.count_key(),
            Command::Pause => match self.search.state {
                RunState::Running => {
                    self.search.state = RunState::Paused;
                    vec![Effect::Pause]
                }
                RunState::Paused => {
                    // Rewound: back to where the engine is.
                    self.search.rewind.live();
                    self.search.state = RunState::Running;
                    vec![Effect::Resume]
                }
                _ => {
                    self.refuse(ended());
                    Vec::new()
                }
            },
            Command::Step => match self.search.state {
                RunState::Paused => {
                    // Rewound: the step is the engine's, from where it is.
                    self.search.rewind.live();
                    vec![Effect::Step]
                }
                RunState::Running => {
                    self.refuse(steps_while_paused());
                    Vec::new()
                }
                _ => {
                    self.refuse(ended());
                    Vec::new()
                }
            },
            Command::Seek(by) => self.rewind_key(by),
            Command::Faster | Command::Slower => {
                self.change_speed(c);
                vec![Effect::SetSpeed(self.speed())]
            }
            Command::Restart => {
                self.info("search restarted");
                self.restart(false)
            }
            Command::Save => self.save(),
            Command::Race => self.start_race(),
            // Keys of other modes: said so.
            _ => {
                self.not_here(c);
                Vec::new()
            }
        }
    }

    /// An event of the current search.
    pub(super) fn engine(&mut self, event: Event) {
        let was_found = self.search.state == RunState::Found;
        self.remember(&event);
        if let Some(why) = self.search.apply(event) {
            self.search_failed(&why);
        }
        // A tour just found: what to try next, with its keys.
        if self.tab() == Tab::Search
            && self.search.state == RunState::Found
            && !was_found
            && !self.pinned
        {
            self.info(found_next());
        }
    }

    /// The search ended on an internal error (or could not start): said in
    /// the status line, the search undecided; every key still works.
    pub(super) fn search_failed(&mut self, why: &str) {
        self.search.fail(why);
        self.say(Tone::Error, format!("the search failed: {why}"));
    }

    /// Starts a count of the tours from the start, or stops the one under way.
    fn count_key(&mut self) -> Vec<Effect> {
        if let Some(c) = &self.counting
            && c.result.is_none()
        {
            let what = c.what.clone();
            let progress = Shared(c.progress.clone());
            self.info(format!("stopping the count of {what}"));
            return vec![Effect::StopCount(progress)];
        }
        // A count that cannot end soon asks first.
        if let Some((why, least)) = self.out_of_reach() {
            let what = self.spec.tours_wording();
            self.say(Tone::Info, format!("count the {what}? {why}"));
            self.overlays.push(Overlay::ConfirmCount { why, least });
            return Vec::new();
        }
        self.start_count(None)
    }

    /// Starts the count of the search's tours; `warning`: why it cannot
    /// end soon, kept in view while it runs.
    pub(super) fn start_count(&mut self, warning: Option<(String, String)>) -> Vec<Effect> {
        let generation = self.counting.as_ref().map_or(1, |c| c.generation + 1);
        let what = self.spec.tours_wording();
        match &warning {
            Some((why, _)) => {
                let stop = key(Command::Count);
                self.info(format!("counting the {what}: {why}; {stop} stops it"))
            }
            None => {
                let stop = key(Command::Count);
                self.info(format!("counting the {what} ({stop} again stops it)"))
            }
        }
        let progress: Arc<Progress> = Arc::default();
        self.counting = Some(Counting {
            generation,
            progress: progress.clone(),
            warning: warning.map(|(_, least)| least),
            what,
            result: None,
            started: self.now,
        });
        vec![Effect::Count {
            generation,
            spec: Box::new(self.spec.clone()),
            progress: Shared(progress),
        }]
    }

    /// Why the count `#` would start cannot end soon, if it cannot: a count
    /// tour by tour, of more tours than [`ENUMERATION_PACE`] gets through
    /// in an hour, by the published figures; with its short form for the
    /// statistics (`at least 12 months`).
    fn out_of_reach(&self) -> Option<(String, String)> {
        let s = &self.spec;
        let count = Count {
            algorithm: s.algorithm,
            ..Count::from_start(&s.problem)
        };
        if !count.enumerates() {
            return None;
        }
        let known = knight_engine::theory::known::from_a_start(s.board(), s.closed())?;
        let days = known.from_a_start / ENUMERATION_PACE / 86_400.0;
        if days * 24.0 < 1.0 {
            return None;
        }
        let about = if known.exact { "exactly" } else { "about" };
        let least = format!(
            "at least {}",
            knight_engine::words::long_time(days * 86_400.0)
        );
        Some((
            format!(
                "out of reach: {about} {:.1e} of them, from {}; {least}",
                known.from_a_start, known.source,
            ),
            least,
        ))
    }

    /// The end of a count: the answer in the status line and the
    /// statistics (or why it could not be taken).
    pub(super) fn counted(&mut self, generation: u64, count: Total) {
        let Some(c) = self
            .counting
            .as_mut()
            .filter(|c| c.generation == generation)
        else {
            return;
        };
        let n = thousands(count.count);
        let frontier = match count.method {
            Method::Frontier { done: 0, .. } if !count.complete() => {
                Some("before it started".to_string())
            }
            Method::Frontier { done, squares, .. } if !count.complete() => {
                Some(format!("at square {done} of {squares}"))
            }
            _ => None,
        };
        let what = &c.what;
        let (tone, text) = match (&count.outcome, frontier) {
            (Outcome::NoTour(proof), _) => (Tone::Success, format!("0 {what}: {proof}")),
            (Outcome::Counted, _) => (
                Tone::Success,
                format!(
                    "{n} {what}, counted in {}",
                    words::duration(count.stats.elapsed)
                ),
            ),
            (Outcome::Stopped(Limit::Memory), at) => (
                Tone::Info,
                format!(
                    "the count needs more memory than this machine has: stopped {}",
                    at.unwrap_or_default()
                ),
            ),
            (Outcome::Stopped(limit), Some(at)) => (
                Tone::Info,
                format!("the {limit} stopped the count {at}, before any total"),
            ),
            (Outcome::Cancelled, Some(at)) => {
                (Tone::Info, format!("count stopped {at}, before any total"))
            }
            (Outcome::Stopped(limit), None) => (
                Tone::Info,
                format!("the {limit} stopped the count: {n} {what} so far"),
            ),
            (Outcome::Cancelled, None) => (Tone::Info, format!("count stopped: {n} {what} so far")),
            (Outcome::Reached, _) => (Tone::Info, format!("at least {n} {what}")),
            (Outcome::Failed(why), _) => (Tone::Error, format!("the count failed: {why}")),
        };
        c.result = Some(count);
        self.say(tone, text);
        // The answer stays until the next key: a search that ends now
        // does not say what to try over it.
        self.pinned = true;
    }
}
