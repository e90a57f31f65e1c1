//! The terminal app's state and its one way to change: `App::update(Action)`,
//! pure (no terminal, no threads, no files, no clock), returning the
//! [`Effect`]s the runtime carries out. One handler per mode or overlay
//! lives in a file of its own: [`search`], [`settings`], [`play`],
//! [`replay`].

mod files;
mod messages;
mod modes;
mod overlays;
mod play;
mod puzzle;
mod race;
mod replay;
mod rewind;
mod search;
mod settings;
mod tabs;
mod view;
mod writing;

pub use files::{Prompt, PromptNote};
pub use messages::Loss;
pub use modes::{Mode, Modes, Tab};
pub use play::FINISH_TIME;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use knight_engine::board::{Board, Square};
use knight_engine::solver::count::{Progress, Total};
use knight_engine::solver::{Event, Speed};
use knight_engine::spec::Spec;
use knight_engine::tour::TourFile;
use knight_engine::tour::compact::Compact;

use super::complete::Entry;
use super::game::{Game, Outlook, Position};
use super::keymap::{Command, Context};
use super::replay::Replay;
use super::settings::Settings;
use super::shared::Shared;
use super::viewport::{Drawing, Zoom};
use super::watched::Run;
pub use super::watched::RunState;
use crate::config::SPEEDS;
use knight_engine::puzzle::{Clues, Sheet};

/// A count of the tours from the start (key `#`), under way or done.
#[derive(Debug)]
pub struct Counting {
    pub generation: u64,
    /// Read live by the statistics pane.
    pub progress: Arc<Progress>,
    /// Why it cannot end soon, when it cannot: shown while it runs.
    pub warning: Option<String>,
    /// What is counted: `open tours of 6x6 from 0,0`.
    pub what: String,
    /// The answer, once the count has ended.
    pub result: Option<Total>,
    /// When it started: the live rate is the tours since over the time.
    pub started: std::time::Instant,
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
    /// The runtime saved (or failed to save) a tour file: the save's
    /// number (as its effect had it), and the file really written, or why
    /// not.
    Saved(u64, Result<PathBuf, super::saving::SaveError>),
    /// What the records make of a puzzle solved, or why it was not kept.
    Recorded(Result<crate::records::Summary, String>),
    /// The terminal's size (columns, lines), at start and when it changes.
    Resize(u16, u16),
    /// A click on a mode's tab.
    ToTab(Tab),
    /// A key of the table pressed where it does nothing.
    NotHere(Command),
    /// A mouse click on a square of the board pane (`right`: right button).
    Click(Square, crossterm::event::MouseButton),
    /// A click on a row of the replay's move list: show the replay up to
    /// this step.
    Jump(usize),
    /// `d`: draw the path this way (the next that changes the picture).
    DrawAs(Drawing),
    /// `j`: zoom to this level on the knight (0: the whole board); `None`:
    /// the whole board shows its step numbers already.
    ZoomTo(Option<u8>),
    /// The mouse wheel over the board (up: zoom in, on the square under it).
    Wheel(Option<Square>, bool),
    /// The count of this generation has ended (its spec is valid, so it
    /// started: a failure is an outcome of the total).
    Counted(u64, Total),
    /// Time for the playing replay (or the game's finish) to advance.
    Tick,
    /// The check of the game at this position says this.
    Checked(u64, Outlook),
    /// The solver's finish of the game at this position.
    Finished(u64, Result<Vec<u32>, Outlook>),
    /// The puzzle asked for at this position (`p`), or why none was made.
    PuzzleMade(u64, Result<Arc<Clues>, String>),
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
    /// The entries that may complete the prompt's `text` (Tab), read from
    /// its directory, or why they could not be.
    Completions {
        text: String,
        entries: Result<Vec<Entry>, String>,
    },
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
    /// The listing of a directory for the file prompt's completion.
    List,
    /// The game's checks and finishes.
    Check,
    /// Making a puzzle.
    Puzzle,
    Count,
}

impl Worker {
    /// `save`: for thread names and messages.
    pub fn name(self) -> &'static str {
        match self {
            Worker::Save => "save",
            Worker::Read => "read",
            Worker::List => "list",
            Worker::Check => "check",
            Worker::Puzzle => "puzzle",
            Worker::Count => "count",
        }
    }
}

/// What the runtime must do for the app: each effect carries what it
/// needs, so carrying it out reads nothing of the app.
#[derive(Debug, PartialEq)]
pub enum Effect {
    /// Start the search of this side (cancelling the one before) for this
    /// generation.
    Start {
        side: Side,
        generation: u64,
        /// What that side searches.
        spec: Box<Spec>,
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
    /// (never over another file); the answer comes back as `Action::Saved`
    /// with `number`.
    Save {
        number: u64,
        dir: PathBuf,
        stem: String,
        file: Box<TourFile>,
        /// The path held compactly: streamed into the file, whose path is empty.
        tour: Option<Arc<Compact>>,
    },
    /// Add a puzzle solved by hand to the records (its `day` is filled in
    /// from the clock); the answer comes back as `Action::Recorded`.
    Record(Box<crate::records::Solve>),
    /// Draw this path (or a puzzle's sheet, with its title, as on paper)
    /// as an SVG picture into `dir`, under a new name starting `stem` (the
    /// answer comes back as `Action::Saved` with `number`).
    Picture {
        number: u64,
        dir: PathBuf,
        stem: String,
        board: Box<Board>,
        path: Vec<u32>,
        sheet: Option<(Box<Sheet>, String)>,
    },
    /// Check, off the app's thread, whether the game can still be finished.
    Check {
        generation: u64,
        position: Box<Position>,
    },
    /// Have the solver finish the game's tour.
    Finish {
        generation: u64,
        position: Box<Position>,
    },
    /// Make this puzzle for the game at this position (the answer comes
    /// back as `Action::PuzzleMade`).
    MakePuzzle {
        generation: u64,
        request: knight_engine::puzzle::Request,
    },
    /// Read this tour file for this load, stopping the one before (the
    /// answer comes back as `Action::Opened`).
    Open {
        load: u64,
        path: PathBuf,
    },
    /// Stop reading the file under way.
    StopLoad,
    /// List the entries of the directory of the prompt's `text` that may
    /// complete it (the answer comes back as `Action::Completions`).
    Complete {
        text: String,
    },
    /// Count the tours of this spec on another thread, reporting to
    /// `progress` (the app's [`Counting`]; the answer comes back as
    /// `Action::Counted`).
    Count {
        generation: u64,
        spec: Box<Spec>,
        progress: Shared<Progress>,
    },
    /// Stop the count reporting to this progress.
    StopCount(Shared<Progress>),
    Quit,
}

/// Something drawn over the mode: it takes the keys first, and Esc closes
/// the top one. Help is passive: the keys below it still work.
#[derive(Clone, Debug)]
pub enum Overlay {
    Help,
    /// The last messages, whole (`M`): passive, as the help is.
    Log,
    Settings(Box<Settings>),
    /// The file prompt: its text so far, and what Tab said.
    Prompt(Prompt),
    /// Quit, losing this? (y, n, and s for a game)
    ConfirmQuit(Loss),
    /// Start a count that cannot end soon? (y, n): why it cannot, and
    /// how long it would take at least.
    ConfirmCount {
        why: String,
        least: String,
    },
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
    /// The last [`messages::LOG`] messages, oldest first (`M` shows them).
    log: std::collections::VecDeque<Message>,
    pub save_dir: PathBuf,
    pub quit: bool,
    /// The mode shown and its work; the replay and the game are kept
    /// while another mode is shown.
    pub modes: Modes,
    /// Counts the game's positions, so late answers are told apart.
    pub position: u64,
    /// The part of the board in view.
    pub zoom: Zoom,
    /// The path as steps, lines or both (key `d`).
    pub drawing: Drawing,
    /// Files and ranks on the board's edges (key `g`).
    pub labels: bool,
    /// The day's seed (its date, 20261128): a puzzle made from a plain
    /// game is the day's puzzle on its board.
    pub day: u64,
    /// The last count of tours (key `#`).
    pub counting: Option<Counting>,
    /// The file being read (`l`): its load number and name. Esc stops it.
    loading: Option<(u64, String)>,
    /// Loads started, so a stopped load's late answer is told apart.
    loads: u64,
    /// Quit once the save under way is written ("save and quit").
    quit_after_save: bool,
    /// A save of the game is under way: once written, the game is saved.
    saving_game: bool,
    /// Where the game was last saved, said on quitting while nothing
    /// since is unsaved.
    game_saved_to: Option<PathBuf>,
    /// Lines of the help scrolled past (the widget keeps it in range).
    pub help_scroll: u16,
    /// How far the help or the log can scroll, as last drawn (the most
    /// until then): End goes there, so ↑ and PgUp move from the last page.
    pub help_most: std::cell::Cell<u16>,
    /// A line for the shell once the terminal is given back: where "save
    /// and quit" wrote the game.
    pub farewell: Option<String>,
    /// The time of the action being handled (or last handled): the app
    /// reads no clock of its own, so an update depends on its action alone.
    pub now: Instant,
    /// When the status line's message was said.
    said_at: Option<Instant>,
    /// The message stays until the next key (a count's answer).
    pinned: bool,
    /// Saves asked for, and the newest whose answer the status line
    /// shows: an earlier save that ends later goes to the log alone.
    saves: u64,
    save_shown: u64,
}

impl App {
    pub fn new(spec: Spec, speed: usize, save_dir: PathBuf) -> App {
        let squares = spec.board().len();
        App {
            spec,
            search: Run::new(squares),
            speed: speed.min(SPEEDS.len() - 1),
            overlays: Vec::new(),
            message: None,
            log: std::collections::VecDeque::new(),
            save_dir,
            quit: false,
            modes: Modes::default(),
            position: 0,
            zoom: Zoom::default(),
            // The configuration's drawing (auto by default) replaces it
            // at launch.
            drawing: Drawing::Numbers,
            labels: false,
            day: 1,
            counting: None,
            loading: None,
            loads: 0,
            quit_after_save: false,
            saving_game: false,
            game_saved_to: None,
            help_scroll: 0,
            help_most: std::cell::Cell::new(u16::MAX),
            farewell: None,
            now: Instant::now(),
            said_at: None,
            pinned: false,
            saves: 0,
            save_shown: 0,
        }
    }

    // ---- messages ----

    // ---- what is shown ----

    /// Which keys apply now.
    pub fn context(&self) -> Context {
        match (self.active_overlay(), self.tab()) {
            (Some(Overlay::Prompt(_)), _) => Context::Prompt,
            (Some(Overlay::Settings(_)), _) => Context::Settings,
            (Some(Overlay::ConfirmQuit(_) | Overlay::ConfirmCount { .. }), _) => Context::Confirm,
            (_, Tab::Replay) => Context::Replay,
            (_, Tab::Play) => Context::Play,
            (_, Tab::Race) => Context::Race,
            (_, Tab::Search) => Context::Watch,
        }
    }

    /// Which mode is shown.
    pub fn tab(&self) -> Tab {
        self.modes.tab()
    }

    /// The replay, when the app shows it.
    pub fn replaying(&self) -> Option<&Replay> {
        match self.modes.shown() {
            Mode::Replay(r) if self.settings().is_none() => Some(r),
            _ => None,
        }
    }

    /// The game, when the app shows it.
    pub fn playing(&self) -> Option<&Game> {
        match self.modes.shown() {
            Mode::Play(g) if self.settings().is_none() => Some(g),
            _ => None,
        }
    }

    /// What the runtime does at launch: search, or check the game.
    pub fn launch(&mut self) -> Vec<Effect> {
        match self.tab() {
            Tab::Search => self.start(),
            Tab::Race => self.restart_race(false),
            Tab::Play => {
                if let Some(c) = self.modes.game().and_then(|g| g.clues.clone()) {
                    self.info(play::puzzle_intro(&c));
                }
                self.check_game()
            }
            Tab::Replay => Vec::new(),
        }
    }

    // ---- the one way in ----

    /// `action`, which happened at `now`.
    pub fn update_at(&mut self, action: Action, now: Instant) -> Vec<Effect> {
        self.now = now;
        self.update(action)
    }

    /// `action`, at the time of the last (tests give no time: a test's
    /// clock stands still unless it moves it).
    pub fn update(&mut self, action: Action) -> Vec<Effect> {
        let effects = self.act(action);
        self.follow_focus();
        effects
    }

    /// What `action` does, before the zoom catches up with the knight.
    fn act(&mut self, action: Action) -> Vec<Effect> {
        match action {
            Action::Key(c) => self.key(c),
            Action::Saved(number, result) => self.saved(number, result),
            Action::Recorded(result) => self.recorded(result),
            Action::ToTab(tab) => self.open_tab(tab),
            Action::NotHere(c) => {
                self.pinned = false;
                self.not_here(c);
                Vec::new()
            }
            Action::Click(sq, button) if self.settings().is_some() => {
                self.settings_click(sq, button)
            }
            Action::Click(sq, _) if self.tab() == Tab::Play => self.play_click(sq),
            Action::PuzzleMade(position, made) => self.puzzle_made(position, made),
            Action::Opened(load, name, replay) => self.opened(load, &name, replay),
            other => {
                self.hear(other);
                Vec::new()
            }
        }
    }

    /// An action that asks for no effect: news from the workers, the clock,
    /// the terminal, the prompt's text and the view.
    fn hear(&mut self, action: Action) {
        match action {
            Action::Engine(Side::A, generation, event) => self.search_news(generation, event),
            Action::Engine(Side::B, generation, event) => self.rival_engine(generation, event),
            Action::EngineFailed(Side::A, why) => self.search_failed(&why),
            Action::EngineFailed(Side::B, why) => self.rival_failed(&why),
            Action::Failed(what, why) => self.worker_failed(what, &why),
            Action::Resize(w, h) => self.resized(w, h),
            Action::Tick => match (self.tick(), self.tab()) {
                (Some((_, n @ 1..)), Tab::Replay) => self.replay_tick(n),
                (Some((_, n @ 1..)), Tab::Play) => self.play_tick(n),
                _ => {}
            },
            Action::Type(_) | Action::Erase | Action::EraseWord | Action::EraseLine => {
                self.edit_prompt(&action)
            }
            Action::Completions { text, entries } => self.completions(&text, entries),
            Action::Checked(position, outlook) => self.checked(position, outlook),
            Action::Finished(position, result) => self.finished(position, result),
            Action::Counted(generation, count) => self.counted(generation, count),
            Action::Jump(step) => {
                if let Some(r) = self.modes.replaying_mut() {
                    r.playing = false;
                    r.seek(step);
                }
            }
            Action::ZoomTo(level) => self.zoom_to(level),
            // The same drawing: none changes the picture (the overview).
            Action::DrawAs(drawing) if drawing == self.drawing => {
                let zoom = super::keymap::key(Command::ZoomIn);
                self.refuse(format!(
                    "the overview shades the path by step: {zoom} zooms in to draw it as numbers or lines"
                ));
            }
            Action::DrawAs(drawing) => {
                self.drawing = drawing;
                self.info(format!("the path as {}", drawing.name()));
            }
            Action::Wheel(at, true) => self.zoom_key(Command::ZoomIn, at),
            Action::Wheel(at, false) => self.zoom_key(Command::ZoomOut, at),
            Action::Key(_)
            | Action::Saved(..)
            | Action::Recorded(..)
            | Action::Click(..)
            | Action::ToTab(_)
            | Action::NotHere(_)
            | Action::PuzzleMade(..)
            | Action::Opened(..) => {}
        }
    }

    /// The side A search's news, if it is from the search under way.
    fn search_news(&mut self, generation: u64, event: Event) {
        if generation == self.search.generation {
            let done = matches!(event, Event::Done(_));
            self.engine(event);
            // A verdict the status line may cut is kept whole in the log.
            let verdict = match &self.search.state {
                RunState::NoTour(why) => Some(format!("no tour: {why}")),
                state @ RunState::Undecided(_) => state.why().map(|w| format!("undecided: {w}")),
                _ => None,
            };
            if let Some(text) = verdict.filter(|_| done) {
                self.keep_in_log(Message {
                    text,
                    tone: Tone::Info,
                });
            }
            if done && self.tab() == Tab::Race {
                self.race_news();
            }
        }
    }

    /// A save ended: said, and a quit that waited for it carried out.
    /// The number of the next save.
    pub(super) fn next_save(&mut self) -> u64 {
        self.saves += 1;
        self.saves
    }

    fn saved(
        &mut self,
        number: u64,
        result: Result<PathBuf, super::saving::SaveError>,
    ) -> Vec<Effect> {
        // Two saves at once may end in either order: the status line names
        // the last asked for, and the log keeps both.
        if number < self.save_shown {
            let message = match &result {
                Ok(path) => Message {
                    text: format!("saved {}", path.display()),
                    tone: Tone::Success,
                },
                Err(e) => Message {
                    text: format!("not saved: {e}"),
                    tone: Tone::Error,
                },
            };
            self.keep_in_log(message);
            return Vec::new();
        }
        self.save_shown = number;
        match result {
            Ok(path) => {
                self.say(Tone::Success, format!("saved {}", path.display()));
                if std::mem::take(&mut self.saving_game)
                    && let Some(g) = self.modes.game_mut()
                {
                    g.unsaved = false;
                    self.game_saved_to = Some(path.clone());
                }
                if std::mem::take(&mut self.quit_after_save) {
                    self.farewell = Some(format!("saved the game to {}", path.display()));
                    return self.quit_now();
                }
            }
            Err(e) => {
                self.saving_game = false;
                let and = if std::mem::take(&mut self.quit_after_save) {
                    ", so still here"
                } else {
                    ""
                };
                self.say(Tone::Error, format!("not saved{and}: {e}"));
            }
        }
        Vec::new()
    }

    /// A key's command: the overlays first, then keys that work everywhere,
    /// then the mode's handler.
    fn key(&mut self, c: Command) -> Vec<Effect> {
        self.pinned = false;
        match (self.context(), c) {
            // The question takes every key.
            (Context::Confirm, _) => self.confirm_key(c),
            (_, Command::ForceQuit) => self.quit_now(),
            (_, Command::Quit) => match self.loss() {
                Some(loss) => {
                    self.ask_before_quitting(loss);
                    Vec::new()
                }
                None => self.quit_now(),
            },
            (Context::Play, Command::Back) if self.typing() => self.cancel_typing(),
            (_, Command::Back) => self.back(),
            (_, Command::Help) => {
                self.toggle(Overlay::Help);
                Vec::new()
            }
            (_, Command::Log) => {
                self.toggle(Overlay::Log);
                Vec::new()
            }
            (Context::Watch | Context::Replay | Context::Play, Command::Picture) => self.picture(),
            (_, Command::HelpScroll(d)) => {
                let most = i32::from(self.help_most.get());
                let from = i32::from(self.help_scroll).min(most);
                self.help_scroll = (from + i32::from(d)).clamp(0, most) as u16;
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
            (Context::Watch | Context::Help, _) => self.search_key(c),
        }
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_goal;
#[cfg(test)]
mod tests_live;
#[cfg(test)]
mod tests_play;
#[cfg(test)]
mod tests_prompt;
#[cfg(test)]
mod tests_puzzle;
#[cfg(test)]
mod tests_race;
#[cfg(test)]
mod tests_rewind;
#[cfg(test)]
mod tests_writing;
