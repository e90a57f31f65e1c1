//! The terminal app's state and its one way to change: `App::update(Action)`,
//! pure (no terminal, no threads, no files), returning the [`Effect`]s the
//! runtime must carry out. Keys come from the one table in [`BINDINGS`],
//! which also writes the hint bar and the help overlay.

use std::collections::VecDeque;
use std::path::PathBuf;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::{Map, json};

use knight_tui::solver::{Event, Speed, Stats, Verdict};
use knight_tui::tour::TourFile;

use crate::cli::Spec;

/// Speeds `+`/`-` step through, slowest first; the last is full speed.
pub const SPEEDS: [Option<f64>; 11] = [
    Some(1.0),
    Some(2.0),
    Some(5.0),
    Some(10.0),
    Some(25.0),
    Some(50.0),
    Some(100.0),
    Some(250.0),
    Some(1000.0),
    Some(5000.0),
    None,
];

/// How many depth samples the statistics sparkline keeps.
pub const HISTORY: usize = 240;

/// What a key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Quit,
    /// Esc: close the overlay, or quit when there is none.
    Back,
    Help,
    Pause,
    Step,
    Faster,
    Slower,
    Restart,
    Save,
}

/// One row of the keybinding table.
pub struct Binding {
    pub keys: &'static [KeyCode],
    pub label: &'static str,
    pub help: &'static str,
    pub command: Command,
    /// Shown in the hint bar.
    pub hint: bool,
}

/// Every key of the app. Ctrl-C quits too (handled before the table).
pub const BINDINGS: &[Binding] = &[
    Binding {
        keys: &[KeyCode::Char(' ')],
        label: "Space",
        help: "pause / resume the search",
        command: Command::Pause,
        hint: true,
    },
    Binding {
        keys: &[KeyCode::Char('n'), KeyCode::Char('.')],
        label: "n",
        help: "paused: one step forward",
        command: Command::Step,
        hint: true,
    },
    Binding {
        keys: &[KeyCode::Char('+'), KeyCode::Char('=')],
        label: "+",
        help: "faster",
        command: Command::Faster,
        hint: true,
    },
    Binding {
        keys: &[KeyCode::Char('-'), KeyCode::Char('_')],
        label: "-",
        help: "slower",
        command: Command::Slower,
        hint: true,
    },
    Binding {
        keys: &[KeyCode::Char('r')],
        label: "r",
        help: "restart the search",
        command: Command::Restart,
        hint: true,
    },
    Binding {
        keys: &[KeyCode::Char('s')],
        label: "s",
        help: "save the current path as a tour file",
        command: Command::Save,
        hint: true,
    },
    Binding {
        keys: &[KeyCode::Char('?')],
        label: "?",
        help: "show / hide this help",
        command: Command::Help,
        hint: true,
    },
    Binding {
        keys: &[KeyCode::Esc],
        label: "Esc",
        help: "close the help, else quit",
        command: Command::Back,
        hint: false,
    },
    Binding {
        keys: &[KeyCode::Char('q')],
        label: "q",
        help: "quit (also Ctrl-C)",
        command: Command::Quit,
        hint: true,
    },
];

/// The command a key press stands for.
pub fn command_for(key: KeyEvent) -> Option<Command> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return matches!(key.code, KeyCode::Char('c') | KeyCode::Char('C'))
            .then_some(Command::Quit);
    }
    BINDINGS
        .iter()
        .find(|b| b.keys.contains(&key.code))
        .map(|b| b.command)
}

/// Everything that can happen to the app.
#[derive(Debug)]
pub enum Action {
    Key(Command),
    /// An event from the search of this generation.
    Engine(u64, Event),
    /// The runtime saved (or failed to save) a tour file.
    Saved(Result<PathBuf, String>),
    /// The terminal changed size.
    Resize,
}

/// What the runtime must do for the app.
#[derive(Debug, PartialEq)]
pub enum Effect {
    /// Start a search (cancelling any other) for this generation.
    Start {
        generation: u64,
        speed: Speed,
        paused: bool,
    },
    Pause,
    Resume,
    Step,
    SetSpeed(Speed),
    Save(PathBuf, Box<TourFile>),
    Quit,
}

/// Where the search stands, as the status line says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunState {
    Running,
    Paused,
    Found,
    NoTour(String),
    Undecided(String),
}

pub struct App {
    pub spec: Spec,
    /// The path on the board (square indices).
    pub path: Vec<u32>,
    /// Step (1-based) at each square, 0 when not on the path.
    pub steps: Vec<u32>,
    pub stats: Stats,
    pub state: RunState,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    pub help: bool,
    /// The last message for the status line.
    pub message: Option<String>,
    /// Depth at each snapshot, newest last.
    pub history: VecDeque<u64>,
    pub generation: u64,
    pub save_dir: PathBuf,
    pub quit: bool,
}

impl App {
    pub fn new(spec: Spec, speed: usize, save_dir: PathBuf) -> App {
        let squares = spec.board.len();
        App {
            spec,
            path: Vec::new(),
            steps: vec![0; squares],
            stats: Stats::default(),
            state: RunState::Running,
            speed: speed.min(SPEEDS.len() - 1),
            help: false,
            message: None,
            history: VecDeque::with_capacity(HISTORY),
            generation: 0,
            save_dir,
            quit: false,
        }
    }

    pub fn speed(&self) -> Speed {
        match SPEEDS[self.speed] {
            Some(s) => Speed::StepsPerSecond(s),
            None => Speed::Full,
        }
    }

    /// `full` or `25 steps/s`.
    pub fn speed_label(&self) -> String {
        match SPEEDS[self.speed] {
            Some(1.0) => "1 step/s".into(),
            Some(s) => format!("{s} steps/s"),
            None => "full".into(),
        }
    }

    pub fn is_searching(&self) -> bool {
        matches!(self.state, RunState::Running | RunState::Paused)
    }

    /// The first search: what the runtime does at launch.
    pub fn start(&mut self) -> Vec<Effect> {
        self.restart(false)
    }

    fn restart(&mut self, paused: bool) -> Vec<Effect> {
        self.generation += 1;
        self.set_path(&[]);
        self.stats = Stats::default();
        self.history.clear();
        self.state = if paused {
            RunState::Paused
        } else {
            RunState::Running
        };
        vec![Effect::Start {
            generation: self.generation,
            speed: self.speed(),
            paused,
        }]
    }

    /// Puts `path` on the board, touching only the squares that changed.
    fn set_path(&mut self, path: &[u32]) {
        let common = self
            .path
            .iter()
            .zip(path)
            .take_while(|(a, b)| a == b)
            .count();
        for &sq in &self.path[common..] {
            self.steps[sq as usize] = 0;
        }
        for (i, &sq) in path.iter().enumerate().skip(common) {
            self.steps[sq as usize] = i as u32 + 1;
        }
        self.path.truncate(common);
        self.path.extend_from_slice(&path[common..]);
    }

    pub fn update(&mut self, action: Action) -> Vec<Effect> {
        match action {
            Action::Key(c) => self.key(c),
            Action::Engine(generation, event) => {
                if generation == self.generation {
                    self.engine(event);
                }
                Vec::new()
            }
            Action::Saved(Ok(path)) => {
                self.message = Some(format!("saved {}", path.display()));
                Vec::new()
            }
            Action::Saved(Err(e)) => {
                self.message = Some(format!("not saved: {e}"));
                Vec::new()
            }
            Action::Resize => Vec::new(),
        }
    }

    fn key(&mut self, c: Command) -> Vec<Effect> {
        match c {
            Command::Quit => {
                self.quit = true;
                vec![Effect::Quit]
            }
            Command::Back if self.help => {
                self.help = false;
                Vec::new()
            }
            Command::Back => self.key(Command::Quit),
            Command::Help => {
                self.help = !self.help;
                Vec::new()
            }
            Command::Pause => match self.state {
                RunState::Running => {
                    self.state = RunState::Paused;
                    vec![Effect::Pause]
                }
                RunState::Paused => {
                    self.state = RunState::Running;
                    vec![Effect::Resume]
                }
                _ => {
                    self.message = Some("the search has ended: r starts it again".into());
                    Vec::new()
                }
            },
            Command::Step => match self.state {
                RunState::Paused => vec![Effect::Step],
                RunState::Running => {
                    self.message = Some("n steps while paused: Space pauses".into());
                    Vec::new()
                }
                _ => Vec::new(),
            },
            Command::Faster | Command::Slower => {
                self.speed = if c == Command::Faster {
                    (self.speed + 1).min(SPEEDS.len() - 1)
                } else {
                    self.speed.saturating_sub(1)
                };
                self.message = Some(format!("speed: {}", self.speed_label()));
                vec![Effect::SetSpeed(self.speed())]
            }
            Command::Restart => {
                self.message = Some("search restarted".into());
                self.restart(false)
            }
            Command::Save => self.save(),
        }
    }

    fn engine(&mut self, event: Event) {
        match event {
            Event::Snapshot(s) => {
                self.set_path(&s.path);
                self.stats = s.stats;
                if self.history.len() == HISTORY {
                    self.history.pop_front();
                }
                self.history.push_back(s.path.len() as u64);
            }
            Event::Done(report) => {
                let sol = report.solution;
                self.stats = sol.stats;
                match sol.verdict {
                    Verdict::Found => {
                        if let Some(t) = sol.tours.first() {
                            self.set_path(t);
                        }
                        self.state = RunState::Found;
                    }
                    Verdict::NoTour(reason) => self.state = RunState::NoTour(reason),
                    Verdict::Undecided(limit) => {
                        self.state = RunState::Undecided(format!("the {limit} stopped the search"))
                    }
                    Verdict::Cancelled => {}
                }
            }
        }
    }

    fn save(&mut self) -> Vec<Effect> {
        if self.path.is_empty() {
            self.message = Some("nothing to save yet".into());
            return Vec::new();
        }
        let b = &self.spec.board;
        let name = format!(
            "knight-{}x{}-{}.json",
            b.rows(),
            b.cols(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs())
        );
        let mut meta = Map::new();
        meta.insert(
            "algorithm".into(),
            self.spec.algorithm.for_solve().name().into(),
        );
        meta.insert("nodes".into(), self.stats.nodes.into());
        meta.insert(
            "elapsed_ms".into(),
            json!((self.stats.elapsed.as_secs_f64() * 1e6).round() / 1e3),
        );
        let file = TourFile::new(b, self.spec.closed, &self.path, Some(meta));
        vec![Effect::Save(self.save_dir.join(name), Box::new(file))]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::KeyEventKind;
    use knight_tui::board::{Board, Square};
    use knight_tui::solver::{Algorithm, Limits, Report, Snapshot, Solution, TieBreak};

    fn app() -> App {
        let spec = Spec {
            board: Board::new(5, 5, &[]).unwrap(),
            start: Square::new(0, 0),
            closed: false,
            algorithm: Algorithm::Auto,
            tie_break: TieBreak::Roth,
            limits: Limits::default(),
        };
        let mut a = App::new(spec, SPEEDS.len() - 1, PathBuf::from("/tmp"));
        a.start();
        a
    }

    fn snap(path: &[u32]) -> Event {
        Event::Snapshot(Snapshot {
            path: path.to_vec(),
            stats: Stats {
                nodes: path.len() as u64,
                ..Stats::default()
            },
        })
    }

    fn press(c: char) -> KeyEvent {
        KeyEvent::new_with_kind(KeyCode::Char(c), KeyModifiers::NONE, KeyEventKind::Press)
    }

    #[test]
    fn keys_map_through_the_table() {
        assert_eq!(command_for(press(' ')), Some(Command::Pause));
        assert_eq!(command_for(press('.')), Some(Command::Step));
        assert_eq!(command_for(press('x')), None);
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(command_for(ctrl_c), Some(Command::Quit));
        assert_eq!(
            command_for(KeyEvent::from(KeyCode::Esc)),
            Some(Command::Back)
        );
        // Every binding's keys lead back to it.
        for b in BINDINGS {
            for &k in b.keys {
                assert_eq!(command_for(KeyEvent::from(k)), Some(b.command));
            }
        }
    }

    #[test]
    fn pause_resume_and_step() {
        let mut a = app();
        assert_eq!(a.update(Action::Key(Command::Pause)), vec![Effect::Pause]);
        assert_eq!(a.state, RunState::Paused);
        assert_eq!(a.update(Action::Key(Command::Step)), vec![Effect::Step]);
        assert_eq!(a.update(Action::Key(Command::Pause)), vec![Effect::Resume]);
        assert_eq!(a.state, RunState::Running);
        assert!(a.update(Action::Key(Command::Step)).is_empty());
        assert!(a.message.as_deref().unwrap().contains("paused"));
    }

    #[test]
    fn speed_steps_and_clamps() {
        let mut a = app();
        assert_eq!(a.speed_label(), "full");
        assert!(matches!(
            a.update(Action::Key(Command::Faster))[..],
            [Effect::SetSpeed(Speed::Full)]
        ));
        a.update(Action::Key(Command::Slower));
        assert_eq!(a.speed(), Speed::StepsPerSecond(5000.0));
        for _ in 0..20 {
            a.update(Action::Key(Command::Slower));
        }
        assert_eq!(a.speed_label(), "1 step/s");
    }

    #[test]
    fn snapshots_move_the_board_and_backtracking_clears_squares() {
        let mut a = app();
        let g = a.generation;
        a.update(Action::Engine(g, snap(&[0, 7, 14])));
        assert_eq!((a.steps[0], a.steps[7], a.steps[14]), (1, 2, 3));
        a.update(Action::Engine(g, snap(&[0, 7, 4])));
        assert_eq!((a.steps[14], a.steps[4]), (0, 3));
        assert_eq!(a.history.iter().copied().collect::<Vec<_>>(), vec![3, 3]);
        // Events of an earlier search are ignored.
        a.update(Action::Engine(g - 1, snap(&[0])));
        assert_eq!(a.path, vec![0, 7, 4]);
    }

    #[test]
    fn restart_clears_and_starts_a_new_generation() {
        let mut a = app();
        let g = a.generation;
        a.update(Action::Engine(g, snap(&[0, 7])));
        let fx = a.update(Action::Key(Command::Restart));
        assert!(matches!(fx[..], [Effect::Start { generation, .. }] if generation == g + 1));
        assert!(a.path.is_empty() && a.steps.iter().all(|&s| s == 0));
    }

    #[test]
    fn done_sets_found_or_no_tour() {
        let mut a = app();
        let g = a.generation;
        let done = |verdict, tours: Vec<Vec<u32>>| {
            Event::Done(Report {
                solution: Solution {
                    tours,
                    verdict,
                    stats: Stats::default(),
                    algorithm: Algorithm::Warnsdorff,
                },
            })
        };
        a.update(Action::Engine(g, done(Verdict::Found, vec![vec![0, 7]])));
        assert_eq!(a.state, RunState::Found);
        assert_eq!(a.path, vec![0, 7]);
        // Space after the end does not resume anything.
        assert!(a.update(Action::Key(Command::Pause)).is_empty());
        a.update(Action::Key(Command::Restart));
        let g = a.generation;
        a.update(Action::Engine(
            g,
            done(Verdict::NoTour("why".into()), vec![]),
        ));
        assert_eq!(a.state, RunState::NoTour("why".into()));
    }

    #[test]
    fn save_writes_the_path_and_reports() {
        let mut a = app();
        assert!(a.update(Action::Key(Command::Save)).is_empty());
        assert_eq!(a.message.as_deref(), Some("nothing to save yet"));
        let g = a.generation;
        a.update(Action::Engine(g, snap(&[0, 7])));
        let fx = a.update(Action::Key(Command::Save));
        let [Effect::Save(path, file)] = &fx[..] else {
            panic!("{fx:?}")
        };
        assert!(path.starts_with("/tmp"));
        assert_eq!(file.path, vec![[0, 0], [1, 2]]);
        a.update(Action::Saved(Ok(path.clone())));
        assert!(
            a.message
                .as_deref()
                .unwrap()
                .starts_with("saved /tmp/knight-5x5-")
        );
        a.update(Action::Saved(Err("disk full".into())));
        assert_eq!(a.message.as_deref(), Some("not saved: disk full"));
    }

    #[test]
    fn help_and_quit() {
        let mut a = app();
        a.update(Action::Key(Command::Help));
        assert!(a.help);
        assert!(a.update(Action::Key(Command::Back)).is_empty());
        assert!(!a.help && !a.quit);
        assert_eq!(a.update(Action::Key(Command::Back)), vec![Effect::Quit]);
        assert!(a.quit);
    }
}
