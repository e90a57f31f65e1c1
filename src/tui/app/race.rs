//! The race: two searches on one board side by side, at one speed. Side A
//! is the app's own search (its spec and run); side B is the rival. Pause,
//! step, speed and restart act on both; `a`, `t` and `m` change B.

use knight_engine::solver::Event;
use knight_engine::spec::Spec;
use knight_engine::words::thousands;

use super::search::steps_while_paused;
use super::{App, Effect, Mode, RunState, Side, Tab, Tone};
use crate::tui::keymap::{Command, key};
use crate::tui::watched::Run;

/// The race's right side: its search and what it has done.
#[derive(Debug)]
pub struct Race {
    pub spec: Spec,
    pub run: Run,
}

impl App {
    /// Opens the race of the app's search (A) against `rival` (B); the
    /// runtime starts both at launch, or [`App::race_key`] does.
    pub fn open_race(&mut self, rival: Spec) {
        let squares = rival.board().len();
        self.modes.show(Mode::Race(Box::new(Race {
            spec: rival,
            run: Run::new(squares),
        })));
    }

    /// The race, while the app shows it.
    pub fn racing(&self) -> Option<&Race> {
        self.modes.race()
    }

    /// One side's search and what it has done.
    pub fn side(&self, side: Side) -> Option<(&Spec, &Run)> {
        match side {
            Side::A => Some((&self.spec, &self.search)),
            Side::B => self.modes.race().map(|r| (&r.spec, &r.run)),
        }
    }

    /// `v` while watching: race the search against its coursework rival.
    pub(super) fn start_race(&mut self) -> Vec<Effect> {
        self.open_race(self.spec.rival());
        self.info(format!(
            "race: {} against {} ({}: back to one search)",
            self.spec.search_name(),
            self.modes
                .race()
                .map_or(String::new(), |r| r.spec.search_name()),
            key(Command::Race)
        ));
        self.restart_race(false)
    }

    /// Both sides start again, level.
    pub(super) fn restart_race(&mut self, paused: bool) -> Vec<Effect> {
        let speed = self.speed();
        let mut fx = vec![Effect::Start {
            side: Side::A,
            generation: self.search.restart(paused),
            spec: Box::new(self.spec.clone()),
            speed,
            paused,
        }];
        if let Some(r) = self.modes.race_mut() {
            fx.push(Effect::Start {
                side: Side::B,
                generation: r.run.restart(paused),
                spec: Box::new(r.spec.clone()),
                speed,
                paused,
            });
        }
        fx
    }

    /// Keys during the race: each acts on both sides, or changes B.
    pub(super) fn race_key(&mut self, c: Command) -> Vec<Effect> {
        let searching = |r: &Run| r.is_searching();
        let runs = || [Some(&self.search), self.modes.race().map(|r| &r.run)];
        let any = |state: RunState| runs().into_iter().flatten().any(|r| r.state == state);
        match c {
            Command::Pause => {
                if any(RunState::Running) {
                    self.set_race_state(RunState::Running, RunState::Paused);
                    vec![Effect::Pause]
                } else if any(RunState::Paused) {
                    self.set_race_state(RunState::Paused, RunState::Running);
                    vec![Effect::Resume]
                } else {
                    self.refuse(format!(
                        "the race has ended: {} runs it again",
                        key(Command::Restart)
                    ));
                    Vec::new()
                }
            }
            Command::Step => {
                if any(RunState::Running) {
                    self.refuse(steps_while_paused());
                    Vec::new()
                } else if runs().into_iter().flatten().any(searching) {
                    vec![Effect::Step]
                } else {
                    Vec::new()
                }
            }
            Command::Faster | Command::Slower => {
                self.change_speed(c);
                vec![Effect::SetSpeed(self.speed())]
            }
            Command::Restart => {
                self.info("race restarted");
                self.restart_race(false)
            }
            Command::NextAlgorithm | Command::NextTieBreak | Command::NextMoveOrder => {
                self.next_rival(c)
            }
            Command::Race => self.end_race(),
            _ => {
                self.not_here(c);
                Vec::new()
            }
        }
    }

    /// `a`, `t` or `m` in the race: B's next algorithm, tie-break or move
    /// order that makes a search other than A's and than B's own (a race is
    /// always between two different searches); said when there is none.
    fn next_rival(&mut self, c: Command) -> Vec<Effect> {
        let a = self.spec.search_name();
        let Some(r) = self.modes.race_mut() else {
            return Vec::new();
        };
        let s = &mut r.spec;
        let was = (s.algorithm, s.tie_break, s.moves);
        let old = s.search_name();
        // Every choice is met within a round of the longest list.
        for _ in 0..64 {
            match c {
                Command::NextAlgorithm => s.algorithm = s.algorithm.next(),
                Command::NextTieBreak => s.tie_break = s.tie_break.next(),
                _ => s.moves = s.moves.next(),
            }
            let b = s.search_name();
            if b != a && b != old {
                self.info(format!("race restarted: {a} against {b}"));
                return self.restart_race(false);
            }
        }
        (s.algorithm, s.tie_break, s.moves) = was;
        let what = match c {
            Command::NextAlgorithm => "no other algorithm",
            Command::NextTieBreak => "no other tie-break",
            _ => "no other move order",
        };
        self.refuse(format!("{what} makes another race here: {a} against {old}"));
        Vec::new()
    }

    /// Every side in `from` goes to `to` (pausing or resuming both).
    fn set_race_state(&mut self, from: RunState, to: RunState) {
        for run in [
            Some(&mut self.search),
            self.modes.race_mut().map(|r| &mut r.run),
        ]
        .into_iter()
        .flatten()
        {
            if run.state == from {
                run.state = to.clone();
            }
        }
    }

    /// `v` in the race: back to watching side A alone (its search goes on).
    pub(super) fn end_race(&mut self) -> Vec<Effect> {
        self.info(format!("race over: watching {}", self.spec.search_name()));
        self.show(Mode::Search)
    }

    /// Shows `mode` (see [`super::Modes::show`]); a race it replaces
    /// ends, and its right side's search is stopped.
    pub(super) fn show(&mut self, mode: Mode) -> Vec<Effect> {
        let racing = self.tab() == Tab::Race;
        self.modes.show(mode);
        if racing && self.tab() != Tab::Race {
            vec![Effect::Stop(Side::B)]
        } else {
            Vec::new()
        }
    }

    /// An event of side B's search.
    pub(super) fn rival_engine(&mut self, generation: u64, event: Event) {
        let Some(r) = self
            .modes
            .race_mut()
            .filter(|r| r.run.generation == generation)
        else {
            return;
        };
        let done = matches!(event, Event::Done(_));
        if let Some(why) = r.run.apply(event) {
            self.rival_failed(&why);
        } else if done {
            self.race_news();
        }
    }

    /// Side B's search ended on an internal error (or could not start):
    /// said, that side undecided; side A goes on.
    pub(super) fn rival_failed(&mut self, why: &str) {
        if let Some(r) = self.modes.race_mut() {
            r.run.fail(why);
        }
        self.say(
            Tone::Error,
            format!("the right side's search failed: {why}"),
        );
    }

    /// A side has ended: the status line tells the race so far.
    pub(super) fn race_news(&mut self) {
        let Some(sides) = self.race_sides() else {
            return;
        };
        let [(na, a), (nb, b)] = &sides;
        let (tone, text) = match (a.is_searching(), b.is_searching()) {
            (true, true) => return,
            (false, true) => (Tone::Info, format!("{}; {nb} still going", outcome(na, a))),
            (true, false) => (Tone::Info, format!("{}; {na} still going", outcome(nb, b))),
            (false, false) => (Tone::Success, verdict(&sides)),
        };
        self.say(tone, text);
    }
}

impl App {
    /// The race's two sides with their names: the algorithms' when they
    /// differ, else the panes' letters (the status line is one line).
    fn race_sides(&self) -> Option<[(String, &Run); 2]> {
        let r = self.modes.race()?;
        let (aa, ab) = (
            self.spec.algorithm.for_solve(self.spec.board(), 1),
            r.spec.algorithm.for_solve(r.spec.board(), 1),
        );
        let (na, nb) = if aa == ab {
            ("A".to_string(), "B".to_string())
        } else {
            (aa.name().to_string(), ab.name().to_string())
        };
        Some([(na, &self.search), (nb, &r.run)])
    }

    /// Who won the race, once both sides have ended: the status line
    /// shows it for as long as the race stands, whatever is said after.
    pub fn race_verdict(&self) -> Option<String> {
        let sides = self.race_sides()?;
        let over = sides.iter().all(|(_, run)| !run.is_searching());
        over.then(|| verdict(&sides))
    }
}

/// `warnsdorff found a tour after 64 nodes`.
fn outcome(name: &str, run: &Run) -> String {
    let n = thousands(run.stats.nodes);
    match &run.state {
        RunState::Found => format!("{name}: a tour in {n} nodes"),
        RunState::NoTour(_) => format!("{name} proved there is no tour in {n} nodes"),
        RunState::Undecided(limit) => format!("{name} stopped undecided (the {limit})"),
        RunState::Failed(why) => format!("{name} failed: {why}"),
        RunState::Running | RunState::Paused => format!("{name}: {n} nodes so far"),
    }
}

/// Both sides have ended: who needed fewer nodes, and how many times fewer.
fn verdict(sides: &[(String, &Run); 2]) -> String {
    let [(na, a), (nb, b)] = sides;
    let decided = |r: &Run| matches!(r.state, RunState::Found | RunState::NoTour(_));
    if !(decided(a) && decided(b)) {
        return format!("{}; {}", outcome(na, a), outcome(nb, b));
    }
    let (fast, slow) = if a.stats.nodes <= b.stats.nodes {
        (&sides[0], &sides[1])
    } else {
        (&sides[1], &sides[0])
    };
    let (nf, ns) = (fast.1.stats.nodes, slow.1.stats.nodes);
    if nf == ns {
        return format!("a tie: both needed {} nodes", thousands(nf));
    }
    let times = ns as f64 / nf.max(1) as f64;
    let times = if times >= 10.0 {
        thousands(times.round() as u64)
    } else {
        format!("{times:.1}")
    };
    format!(
        "{} won: {} nodes to {}'s {} ({times}x fewer)",
        fast.0,
        thousands(nf),
        slow.0,
        thousands(ns),
    )
}
