//! The terminal app's state and its one way to change: `App::update(Action)`,
//! pure (no terminal, no threads, no files, no clock), returning the
//! [`Effect`]s the runtime carries out. One handler per mode or overlay
//! lives in a file of its own: [`search`], [`settings`], [`play`],
//! [`replay`].

mod play;
mod race;
mod replay;
mod search;
mod settings;

pub use race::Race;

use std::path::PathBuf;
use std::sync::Arc;

use knight_tui::board::{Board, Square};
use knight_tui::solver::{Count, Event, Progress, Speed};
use knight_tui::spec::Spec;
use knight_tui::tour::TourFile;
use knight_tui::tour::compact::Compact;

use super::game::{Game, Outlook};
use super::keymap::{Command, Context};
use super::replay::Replay;
use super::run::Run;
pub use super::run::RunState;
use super::settings::Settings;
use super::viewport::{Drawing, Window, Zoom};
use crate::config::SPEEDS;

/// The largest board `e` draws (a 500x500 picture is some 25 MB).
pub const PICTURE_SQUARES: usize = 250_000;

/// A count of the tours from the start (key `#`), under way or done.
#[derive(Debug)]
pub struct Counting {
    pub generation: u64,
    /// Read live by the statistics pane.
    pub progress: Arc<Progress>,
    /// What is counted: `open tours of 6x6 from 0,0`.
    pub what: String,
    /// The answer, once the count has ended.
    pub result: Option<Count>,
}

/// Everything that can happen to the app.
#[derive(Debug)]
pub enum Action {
    Key(Command),
    /// An event from the search of this side and generation.
    Engine(Side, u64, Event),
    /// The search of this side could not be started.
    EngineFailed(Side, String),
    /// Work on another thread ended on an internal error: which, and what
    /// it said.
    Failed(Worker, String),
    /// The runtime saved (or failed to save) a tour file: the file really
    /// written, or why not.
    Saved(Result<PathBuf, String>),
    /// The terminal changed size.
    Resize,
    /// A mouse click on a square of the board pane (`right`: right button).
    Click(Square, bool),
    /// A click on a row of the replay's move list: show the replay up to
    /// this step.
    Jump(usize),
    /// The mouse wheel over the board (up: zoom in, on the square under it).
    Wheel(Option<Square>, bool),
    /// The count of this generation has ended.
    Counted(u64, Count),
    /// Time for the playing replay (or the game's finish) to advance.
    Tick,
    /// The check of the game at this position says this.
    Checked(u64, Outlook),
    /// The solver's finish of the game at this position.
    Finished(u64, Result<Vec<u32>, String>),
    /// A character typed into the file prompt.
    Type(char),
    /// Backspace in the file prompt.
    Erase,
    /// Ctrl-W in the file prompt: the last word (to a `/` or a space).
    EraseWord,
    /// Ctrl-U in the file prompt: all of it.
    EraseLine,
    /// The tour file of this load was read and checked, off the app's
    /// thread (its name, and its replay or why not).
    Opened(u64, String, Result<Box<Replay>, String>),
}

/// Which search: the app's own (A, the left side of a race) or the race's
/// rival (B, the right side).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    A,
    B,
}

/// The work the executor does on threads of its own, besides the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Worker {
    Save,
    Read,
    /// The game's checks and finishes.
    Check,
    Count,
}

impl Worker {
    /// `save`: for thread names and messages.
    pub fn name(self) -> &'static str {
        match self {
            Worker::Save => "save",
            Worker::Read => "read",
            Worker::Check => "check",
            Worker::Count => "count",
        }
    }
}

/// What the runtime must do for the app.
#[derive(Debug, PartialEq)]
pub enum Effect {
    /// Start the search of this side (cancelling the one before) for this
    /// generation.
    Start {
        side: Side,
        generation: u64,
        speed: Speed,
        paused: bool,
    },
    /// Stop the search of this side.
    Stop(Side),
    /// Pause, resume, step or pace every search under way.
    Pause,
    Resume,
    Step,
    SetSpeed(Speed),
    /// Write the tour file into `dir` under a new name starting `stem`
    /// (never over another file); the answer comes back as `Action::Saved`.
    Save {
        dir: PathBuf,
        stem: String,
        file: Box<TourFile>,
        /// The path, when it is held compactly: streamed into the file,
        /// whose own path is then empty.
        tour: Option<Arc<Compact>>,
    },
    /// Draw this path as an SVG picture into `dir`, under a new name
    /// starting `stem` (the answer comes back as `Action::Saved`).
    Picture {
        dir: PathBuf,
        stem: String,
        board: Box<Board>,
        path: Vec<u32>,
    },
    /// Check, off the app's thread, whether the game can still be finished.
    Check {
        generation: u64,
        prefix: Vec<u32>,
    },
    /// Have the solver finish the game's tour.
    Finish {
        generation: u64,
        prefix: Vec<u32>,
    },
    /// Read this tour file for this load, stopping the one before (the
    /// answer comes back as `Action::Opened`).
    Open {
        load: u64,
        path: PathBuf,
    },
    /// Stop reading the file under way.
    StopLoad,
    /// Count the tours of the search's board and start on another thread,
    /// reporting to the app's [`Counting`] (the answer comes back as
    /// `Action::Counted`).
    Count {
        generation: u64,
    },
    /// Stop the count under way.
    StopCount,
    Quit,
}

/// What the app is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Search,
    Replay,
    Play,
    /// Two searches side by side.
    Race,
}

/// Something drawn over the mode: it takes the keys first, and Esc closes
/// the top one. Help is passive: the keys below it still work.
#[derive(Clone, Debug)]
pub enum Overlay {
    Help,
    Settings(Box<Settings>),
    /// The file prompt and its text so far.
    Prompt(String),
    /// Quit with the game unsaved? (y, s, n)
    ConfirmQuit,
}

/// How a message reads: the status line colours it by this, never by its
/// first word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Info,
    Success,
    /// A key that could not do what it asks, and why.
    Refusal,
    /// Something failed (a file, the engine).
    Error,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub tone: Tone,
}

pub struct App {
    pub spec: Spec,
    /// The search of the spec, as last seen.
    pub search: Run,
    /// Index into [`SPEEDS`].
    pub speed: usize,
    /// Overlays, the top one last.
    overlays: Vec<Overlay>,
    /// The last message for the status line.
    message: Option<Message>,
    pub save_dir: PathBuf,
    pub quit: bool,
    pub mode: Mode,
    /// The tour being replayed (kept when switching back to search).
    pub replay: Option<Replay>,
    /// The game played by hand (kept when switching modes).
    pub game: Option<Game>,
    /// Counts the game's positions, so late answers are told apart.
    pub position: u64,
    /// The part of the board in view.
    pub zoom: Zoom,
    /// The path as steps, lines or both (key `d`).
    pub drawing: Drawing,
    /// Files and ranks on the board's edges (key `g`).
    pub labels: bool,
    /// The last count of tours (key `#`).
    pub counting: Option<Counting>,
    /// The file being read (`l`): its load number and name. Esc stops it.
    loading: Option<(u64, String)>,
    /// Loads started, so a stopped load's late answer is told apart.
    loads: u64,
    /// The race's right side, while there is a race.
    pub race: Option<Box<Race>>,
    /// Quit once the save under way is written ("save and quit").
    quit_after_save: bool,
    /// A save of the game is under way: once written, the game is saved.
    saving_game: bool,
    /// Lines of the help scrolled past (the widget keeps it in range).
    pub help_scroll: u16,
}

impl App {
    pub fn new(spec: Spec, speed: usize, save_dir: PathBuf) -> App {
        let squares = spec.board.len();
        App {
            spec,
            search: Run::new(squares),
            speed: speed.min(SPEEDS.len() - 1),
            overlays: Vec::new(),
            message: None,
            save_dir,
            quit: false,
            mode: Mode::Search,
            replay: None,
            game: None,
            position: 0,
            zoom: Zoom::default(),
            drawing: Drawing::default(),
            labels: false,
            counting: None,
            loading: None,
            loads: 0,
            quit_after_save: false,
            saving_game: false,
            race: None,
            help_scroll: 0,
        }
    }

    // ---- messages ----

    /// The status line's message, if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_ref().map(|m| m.text.as_str())
    }

    pub fn message_tone(&self) -> Option<Tone> {
        self.message.as_ref().map(|m| m.tone)
    }

    fn say(&mut self, tone: Tone, text: impl Into<String>) {
        self.message = Some(Message {
            text: knight_tui::words::clip(&text.into()),
            tone,
        });
    }
    fn info(&mut self, text: impl Into<String>) {
        self.say(Tone::Info, text);
    }
    fn refuse(&mut self, text: impl Into<String>) {
        self.say(Tone::Refusal, text);
    }
    fn clear_message(&mut self) {
        self.message = None;
    }

    // ---- overlays ----

    /// True while the help is shown.
    /// Whether the question before quitting is asked.
    pub fn confirming_quit(&self) -> bool {
        matches!(self.overlays.last(), Some(Overlay::ConfirmQuit))
    }

    pub fn help_open(&self) -> bool {
        matches!(self.overlays.last(), Some(Overlay::Help))
    }

    /// The settings panel, when open.
    pub fn settings(&self) -> Option<&Settings> {
        self.overlays.iter().find_map(|o| match o {
            Overlay::Settings(s) => Some(&**s),
            _ => None,
        })
    }

    fn settings_mut(&mut self) -> Option<&mut Settings> {
        self.overlays.iter_mut().find_map(|o| match o {
            Overlay::Settings(s) => Some(&mut **s),
            _ => None,
        })
    }

    /// The file prompt's text, while it is open.
    pub fn prompt(&self) -> Option<&str> {
        self.overlays.iter().find_map(|o| match o {
            Overlay::Prompt(p) => Some(p.as_str()),
            _ => None,
        })
    }

    /// The overlay that takes the keys (help takes none of its own).
    fn active_overlay(&self) -> Option<&Overlay> {
        self.overlays
            .iter()
            .rev()
            .find(|o| !matches!(o, Overlay::Help))
    }

    /// Esc: closes the top overlay, or quits when there is none.
    fn back(&mut self) -> Vec<Effect> {
        match self.overlays.pop() {
            None if self.loading.is_some() => {
                if let Some((_, name)) = self.loading.take() {
                    self.info(format!("stopped reading {name}"));
                }
                vec![Effect::StopLoad]
            }
            None => self.key(Command::Quit),
            Some(Overlay::Help) => Vec::new(),
            Some(Overlay::Settings(_)) => {
                self.info("settings closed, nothing changed");
                Vec::new()
            }
            Some(Overlay::Prompt(_)) => {
                self.info("nothing opened");
                Vec::new()
            }
            Some(Overlay::ConfirmQuit) => {
                self.info("still playing");
                Vec::new()
            }
        }
    }

    // ---- what is shown ----

    /// Which keys apply now.
    pub fn context(&self) -> Context {
        match (self.active_overlay(), self.mode) {
            (Some(Overlay::Prompt(_)), _) => Context::Prompt,
            (Some(Overlay::Settings(_)), _) => Context::Settings,
            (Some(Overlay::ConfirmQuit), _) => Context::Confirm,
            (_, Mode::Replay) => Context::Replay,
            (_, Mode::Play) => Context::Play,
            (_, Mode::Race) => Context::Race,
            (_, Mode::Search) => Context::Watch,
        }
    }

    /// The replay, when the app shows it.
    pub fn replaying(&self) -> Option<&Replay> {
        self.replay
            .as_ref()
            .filter(|_| self.mode == Mode::Replay && self.settings().is_none())
    }

    /// The game, when the app shows it.
    pub fn playing(&self) -> Option<&Game> {
        self.game
            .as_ref()
            .filter(|_| self.mode == Mode::Play && self.settings().is_none())
    }

    /// The board the pane shows: the settings' preview while they are open,
    /// the replayed tour's board in replay, the game's in play.
    pub fn shown_board(&self) -> &Board {
        match (self.settings(), self.replaying(), self.playing()) {
            (Some(st), _, _) => &st.preview,
            (None, Some(r), _) => &r.board,
            (None, None, Some(g)) => &g.board,
            (None, None, None) => &self.spec.board,
        }
    }

    /// The square a zoom centres on: the knight of the game, the search
    /// or the race (side A), or the replay's square; none in the settings.
    fn focus(&self) -> Option<Square> {
        let board = self.shown_board();
        let last = |t: &super::trail::Trail| t.last().map(|i| board.square(i));
        match (self.settings(), self.replaying(), self.playing()) {
            (Some(_), _, _) => None,
            (None, Some(r), _) => last(&r.trail),
            (None, None, Some(g)) => g.knight(),
            (None, None, None) => last(&self.search.trail),
        }
    }

    /// The part of the shown board in view.
    pub fn window(&self) -> Window {
        let b = self.shown_board();
        self.zoom.window(b.rows(), b.cols())
    }

    pub fn speed(&self) -> Speed {
        match SPEEDS[self.speed] {
            Some(s) => Speed::StepsPerSecond(s),
            None => Speed::Full,
        }
    }

    /// `full` or `25 steps/s`.
    pub fn speed_label(&self) -> String {
        crate::config::speed_label(self.speed)
    }

    /// While a replay plays (or a game's finish is animated): how often to
    /// advance it, and by how many steps (at most 60 ticks a second). A count
    /// under way redraws ten times a second, advancing nothing.
    pub fn tick(&self) -> Option<(std::time::Duration, usize)> {
        let moving = match self.mode {
            Mode::Replay => self.replay.as_ref().is_some_and(|r| r.playing),
            Mode::Play => self.game.as_ref().is_some_and(|g| !g.finishing.is_empty()),
            Mode::Search | Mode::Race => false,
        };
        if !moving {
            let counting = self.counting.as_ref().is_some_and(|c| c.result.is_none());
            // The game's clock and move timer, redrawn each second.
            let clock =
                self.mode == Mode::Play && self.game.as_ref().is_some_and(|g| g.clock_running());
            return if counting {
                Some((std::time::Duration::from_millis(100), 0))
            } else {
                clock.then_some((std::time::Duration::from_secs(1), 0))
            };
        }
        let per_second = SPEEDS[self.speed].unwrap_or(60_000.0);
        Some(if per_second <= 60.0 {
            (std::time::Duration::from_secs_f64(1.0 / per_second), 1)
        } else {
            (
                std::time::Duration::from_secs_f64(1.0 / 60.0),
                (per_second / 60.0).round() as usize,
            )
        })
    }

    /// What the runtime does at launch: search, or check the game.
    pub fn launch(&mut self) -> Vec<Effect> {
        match self.mode {
            Mode::Search => self.start(),
            Mode::Race => self.restart_race(false),
            Mode::Play => self.check_game(),
            Mode::Replay => Vec::new(),
        }
    }

    // ---- the one way in ----

    pub fn update(&mut self, action: Action) -> Vec<Effect> {
        match action {
            Action::Key(c) => self.key(c),
            Action::Engine(Side::A, generation, event) => {
                if generation == self.search.generation {
                    let done = matches!(event, Event::Done(_));
                    self.engine(event);
                    if done && self.mode == Mode::Race {
                        self.race_news();
                    }
                }
                Vec::new()
            }
            Action::Engine(Side::B, generation, event) => {
                self.rival_engine(generation, event);
                Vec::new()
            }
            Action::EngineFailed(Side::A, why) => {
                self.search_failed(&why);
                Vec::new()
            }
            Action::EngineFailed(Side::B, why) => {
                self.rival_failed(&why);
                Vec::new()
            }
            Action::Failed(what, why) => {
                self.worker_failed(what, &why);
                Vec::new()
            }
            Action::Saved(Ok(path)) => {
                self.say(Tone::Success, format!("saved {}", path.display()));
                if std::mem::take(&mut self.saving_game)
                    && let Some(g) = &mut self.game
                {
                    g.unsaved = false;
                }
                if std::mem::take(&mut self.quit_after_save) {
                    return self.quit_now();
                }
                Vec::new()
            }
            Action::Saved(Err(e)) => {
                self.saving_game = false;
                let and = if std::mem::take(&mut self.quit_after_save) {
                    ", so still here"
                } else {
                    ""
                };
                self.say(Tone::Error, format!("not saved{and}: {e}"));
                Vec::new()
            }
            Action::Resize => Vec::new(),
            Action::Tick => {
                if let Some((_, n @ 1..)) = self.tick() {
                    match self.mode {
                        Mode::Replay => self.replay_tick(n),
                        Mode::Play => self.play_tick(n),
                        Mode::Search | Mode::Race => {}
                    }
                }
                Vec::new()
            }
            Action::Type(c) => {
                if let Some(Overlay::Prompt(p)) = self.overlays.last_mut() {
                    p.push(c);
                }
                Vec::new()
            }
            Action::Erase | Action::EraseWord | Action::EraseLine => {
                if let Some(Overlay::Prompt(p)) = self.overlays.last_mut() {
                    match action {
                        Action::Erase => {
                            p.pop();
                        }
                        Action::EraseWord => {
                            // Trailing separators, then the word before them.
                            let kept = p.trim_end_matches(['/', ' ']);
                            let cut = kept.rfind(['/', ' ']).map_or(0, |i| i + 1);
                            p.truncate(cut);
                        }
                        _ => p.clear(),
                    }
                }
                Vec::new()
            }
            Action::Opened(load, name, replay) => {
                self.opened(load, &name, replay);
                Vec::new()
            }
            Action::Checked(position, outlook) => {
                self.checked(position, outlook);
                Vec::new()
            }
            Action::Finished(position, result) => {
                self.finished(position, result);
                Vec::new()
            }
            Action::Counted(generation, count) => {
                self.counted(generation, count);
                Vec::new()
            }
            Action::Jump(step) => {
                if let Some(r) = self.replay.as_mut().filter(|_| self.mode == Mode::Replay) {
                    r.playing = false;
                    r.seek(step);
                }
                Vec::new()
            }
            Action::Wheel(at, up) => {
                let c = if up {
                    Command::ZoomIn
                } else {
                    Command::ZoomOut
                };
                self.zoom_key(c, at);
                Vec::new()
            }
            Action::Click(sq, right) => {
                if self.settings().is_some() {
                    return self.settings_click(sq, right);
                }
                if self.mode == Mode::Play {
                    return self.play_click(sq);
                }
                Vec::new()
            }
        }
    }

    /// A key's command: the overlays first, then keys that work everywhere,
    /// then the mode's handler.
    fn key(&mut self, c: Command) -> Vec<Effect> {
        match (self.context(), c) {
            // The question takes every key.
            (Context::Confirm, _) => self.confirm_key(c),
            (_, Command::ForceQuit) => self.quit_now(),
            (_, Command::Quit) => {
                if self.game.as_ref().is_some_and(Game::would_lose_work) {
                    self.ask_before_quitting();
                    return Vec::new();
                }
                self.quit_now()
            }
            (_, Command::Back) => self.back(),
            (_, Command::Help) => {
                if self.help_open() {
                    self.overlays.pop();
                } else {
                    self.help_scroll = 0;
                    self.overlays.push(Overlay::Help);
                }
                Vec::new()
            }
            (Context::Watch | Context::Replay | Context::Play, Command::Picture) => self.picture(),
            (_, Command::HelpScroll(d)) => {
                self.help_scroll =
                    (self.help_scroll as i32 + d as i32).clamp(0, u16::MAX as i32) as u16;
                Vec::new()
            }
            (_, Command::Labels) => {
                self.labels = !self.labels;
                self.info(if self.labels {
                    "files and ranks on the edges"
                } else {
                    "no files and ranks"
                });
                Vec::new()
            }
            (_, Command::NextDrawing) => {
                self.drawing = self.drawing.next();
                self.info(format!("the path as {}", self.drawing.name()));
                Vec::new()
            }
            (_, Command::ZoomIn | Command::ZoomOut | Command::Pan(..)) => {
                self.zoom_key(c, None);
                Vec::new()
            }
            (Context::Prompt, _) => self.prompt_key(c),
            (Context::Settings, _) => self.settings_key(c),
            (_, Command::Load) => {
                self.open_prompt();
                Vec::new()
            }
            (_, Command::NextMode) => self.next_mode(),
            (Context::Replay, _) => self.replay_key(c),
            (Context::Play, _) => self.play_key(c),
            (Context::Race, _) => self.race_key(c),
            (Context::Watch | Context::Any | Context::Help, _) => self.search_key(c),
        }
    }

    fn quit_now(&mut self) -> Vec<Effect> {
        self.quit = true;
        vec![Effect::Quit]
    }

    /// q or Esc with a game whose moves are not saved: the question.
    fn ask_before_quitting(&mut self) {
        let n = self.game.as_ref().map_or(0, Game::moves_made);
        self.overlays.push(Overlay::ConfirmQuit);
        self.say(
            Tone::Refusal,
            format!("quit? the game's {n} squares are not saved: y quit, s save and quit, n stay"),
        );
    }

    /// The answer to the question before quitting.
    fn confirm_key(&mut self, c: Command) -> Vec<Effect> {
        match c {
            Command::Yes | Command::Quit | Command::ForceQuit => self.quit_now(),
            Command::SaveAndQuit => {
                self.overlays.pop();
                let fx = self.save();
                if !fx.is_empty() {
                    self.quit_after_save = true;
                    self.info("saving, then quitting…");
                }
                fx
            }
            Command::No | Command::Back => self.back(),
            _ => {
                self.refuse("the game is not saved: y quit, s save and quit, n stay");
                Vec::new()
            }
        }
    }

    /// Tab: search -> replay (of the tour loaded, else of the tour just
    /// found; skipped when there is none) -> play -> search.
    fn next_mode(&mut self) -> Vec<Effect> {
        match self.mode {
            Mode::Search => {
                if self.search.state == RunState::Found
                    && self
                        .replay
                        .as_ref()
                        .is_none_or(|r| !r.legal.same_path(&self.search.trail))
                {
                    let name = "the search's tour";
                    let made_by = Some(self.spec.search_name());
                    let r = match self.search.trail.compact() {
                        Some(tour) => {
                            Replay::of_compact(name, &self.spec.board, tour.clone(), made_by)
                        }
                        None => Replay::of_path(
                            name,
                            &self.spec.board,
                            &self.search.trail.to_vec(),
                            self.spec.closed,
                            made_by,
                        ),
                    };
                    self.open_replay(r);
                    return Vec::new();
                }
                if self.replay.is_some() {
                    self.mode = Mode::Replay;
                    self.info("replay");
                    return Vec::new();
                }
                self.enter_play()
            }
            Mode::Replay => self.enter_play(),
            // The race's keys have no Tab: v ends it.
            Mode::Race => Vec::new(),
            Mode::Play => {
                self.mode = Mode::Search;
                self.info("search");
                if self.search.generation == 0 {
                    // Launched in another mode: the search starts now.
                    return self.start();
                }
                Vec::new()
            }
        }
    }

    /// Keys of the file prompt: Enter opens what was typed.
    fn prompt_key(&mut self, c: Command) -> Vec<Effect> {
        if c != Command::Apply {
            return Vec::new();
        }
        let path = match self.overlays.pop() {
            Some(Overlay::Prompt(p)) => p,
            Some(other) => {
                self.overlays.push(other);
                return Vec::new();
            }
            None => return Vec::new(),
        };
        if path.trim().is_empty() {
            self.refuse("no file name given");
            return Vec::new();
        }
        let path = PathBuf::from(path.trim());
        self.loads += 1;
        let name = path.display().to_string();
        self.info(format!("reading {name} (Esc stops)"));
        self.loading = Some((self.loads, name));
        vec![Effect::Open {
            load: self.loads,
            path,
        }]
    }

    /// The name of the file being read, if any.
    pub fn loading(&self) -> Option<&str> {
        self.loading.as_ref().map(|(_, name)| name.as_str())
    }

    /// `l`: the file prompt.
    fn open_prompt(&mut self) {
        self.overlays.push(Overlay::Prompt(String::new()));
    }

    /// A tour file came back from the runtime: replay it, or say why not.
    /// Work on another thread failed: said, and nothing left waiting for
    /// an answer that will not come.
    fn worker_failed(&mut self, what: Worker, why: &str) {
        let name = what.name();
        self.say(Tone::Error, format!("internal error in the {name}: {why}"));
        match what {
            Worker::Count => self.counting = None,
            Worker::Read => self.loading = None,
            Worker::Check => {
                if let Some(g) = &mut self.game
                    && g.outlook == Outlook::Checking
                {
                    g.outlook = Outlook::Unknown;
                }
            }
            Worker::Save => {
                // Not saved, so not quitting after it either.
                self.saving_game = false;
                self.quit_after_save = false;
            }
        }
    }

    fn opened(&mut self, load: u64, name: &str, replay: Result<Box<Replay>, String>) {
        // A stopped load, or one another load replaced: not wanted.
        if self.loading.as_ref().is_none_or(|(l, _)| *l != load) {
            return;
        }
        self.loading = None;
        match replay {
            Ok(r) => self.open_replay(*r),
            Err(e) => self.say(Tone::Error, format!("cannot open {name}: {e}")),
        }
    }

    fn zoom_key(&mut self, c: Command, at: Option<Square>) {
        let (rows, cols) = {
            let b = self.shown_board();
            (b.rows(), b.cols())
        };
        match c {
            Command::ZoomIn | Command::ZoomOut => {
                let zoom_in = c == Command::ZoomIn;
                // A key zooms on the knight (the mouse where it points).
                let at = at.or_else(|| self.focus());
                if !self.zoom.change(zoom_in, at, rows, cols) {
                    self.refuse(if zoom_in {
                        "zoomed in as far as it goes"
                    } else {
                        "the whole board is in view"
                    });
                }
            }
            Command::Pan(..) if self.zoom.level == 0 => {
                self.refuse("the whole board is in view: zoom in (z) to pan");
            }
            Command::Pan(dr, dc) => self.zoom.pan(dr, dc, rows, cols),
            _ => {}
        }
    }

    /// `+` / `-`: the next speed up or down the ladder.
    fn change_speed(&mut self, c: Command) {
        self.speed = if c == Command::Faster {
            (self.speed + 1).min(SPEEDS.len() - 1)
        } else {
            self.speed.saturating_sub(1)
        };
        self.info(format!("speed: {}", self.speed_label()));
    }

    /// `e`: the path on screen as an SVG picture, beside the saves.
    fn picture(&mut self) -> Vec<Effect> {
        let (board, trail) = match (self.replaying(), self.playing()) {
            (Some(r), _) => (&r.board, &r.trail),
            (None, Some(g)) => (&g.board, &g.trail),
            _ => (&self.spec.board, &self.search.trail),
        };
        if trail.is_empty() {
            self.refuse("nothing to draw yet");
            return Vec::new();
        }
        if board.len() > PICTURE_SQUARES {
            self.refuse(format!(
                "a picture of {} would be too big: boards up to {} squares",
                board.describe(),
                knight_tui::words::thousands(PICTURE_SQUARES as u64)
            ));
            return Vec::new();
        }
        vec![Effect::Picture {
            dir: self.save_dir.clone(),
            stem: file_stem(board),
            board: Box::new(board.clone()),
            path: trail.to_vec(),
        }]
    }

    /// `s`: the game's path in play, else the search's, as a tour file.
    fn save(&mut self) -> Vec<Effect> {
        let (b, closed, trail, algorithm) = match (&self.game, self.mode) {
            (Some(g), Mode::Play) => (&g.board, g.closed, &g.trail, "hand"),
            _ => (
                &self.spec.board,
                self.spec.closed,
                &self.search.trail,
                self.spec.algorithm.for_solve(&self.spec.board, 1).name(),
            ),
        };
        if trail.is_empty() {
            self.refuse("nothing to save yet");
            return Vec::new();
        }
        let tour = trail.compact().cloned();
        let path = if tour.is_some() {
            Vec::new()
        } else {
            trail.to_vec()
        };
        let mut file = TourFile::of_run(b, closed, &path, algorithm, self.search.stats.work());
        self.saving_game = self.mode == Mode::Play;
        if !self.saving_game
            && !self.spec.moves.is_default()
            && let Some(meta) = &mut file.meta
        {
            meta.insert("moves".into(), self.spec.moves.to_string().into());
        }
        vec![Effect::Save {
            dir: self.save_dir.clone(),
            stem: file_stem(b),
            file: Box::new(file),
            tour,
        }]
    }
}

#[cfg(test)]
mod tests;

/// The start of a saved file's name: `knight-8x8`, `zebra-20x20-torus`,
/// `leaper-2-5-10x10`.
fn file_stem(b: &Board) -> String {
    let g = b.geometry();
    let piece = g.leaper.name().map_or_else(
        || format!("leaper-{}-{}", g.leaper.a(), g.leaper.b()),
        str::to_string,
    );
    let surface = match g.surface {
        knight_tui::board::Surface::Plane => String::new(),
        s => format!("-{s}"),
    };
    format!("{piece}-{}x{}{surface}", b.rows(), b.cols())
}
