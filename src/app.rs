//! The terminal app's state and its one way to change: `App::update(Action)`,
//! pure (no terminal, no threads, no files), returning the [`Effect`]s the
//! runtime must carry out. Keys come from the one table in [`BINDINGS`],
//! which also writes the hint bar and the help overlay.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::Arc;

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use serde_json::{Map, json};

use std::collections::BTreeSet;

use knight_tui::board::{Board, Square};
use knight_tui::solver::{Algorithm, Count, Event, Progress, Speed, Stats, TieBreak, Verdict};
use knight_tui::tour::TourFile;

use crate::config::SPEEDS;
use crate::play::{Game, Moved, Outlook};
use crate::replay::Replay;
use knight_tui::spec::Spec;

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
    /// Open the settings panel.
    Settings,
    // Settings panel:
    /// Move the board cursor by (rows, cols).
    Cursor(i8, i8),
    SetStart,
    ToggleBlock,
    /// Change the rows / columns by one.
    Rows(i8),
    Cols(i8),
    ToggleClosed,
    NextAlgorithm,
    NextTieBreak,
    /// Start a new search with the settings.
    Apply,
    /// Next mode: search, replay.
    NextMode,
    /// Count every tour from the start, live; again: stop the count.
    Count,
    /// Show half as many rows and columns of the board (`z`, wheel up).
    ZoomIn,
    /// Show twice as many, up to the whole board (`Z`, wheel down).
    ZoomOut,
    /// Move the zoomed window a quarter of its size (rows, cols).
    Pan(i8, i8),
    // Replay:
    /// Move the replay this many steps.
    Seek(i8),
    SeekStart,
    SeekEnd,
    // Play:
    /// Move the knight to the cursor (or place it).
    MoveHere,
    /// Take the k-th legal move (1-based).
    Pick(u8),
    Undo,
    Redo,
    Hints,
    /// Ask the solver to finish the tour from here.
    Finish,
    /// Open a tour file by path (a prompt).
    Load,
}

/// Where a key binding applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    /// Watching the search.
    Watch,
    /// The settings panel is open.
    Settings,
    /// Replaying a tour.
    Replay,
    /// Playing by hand.
    Play,
    /// Typing a file name.
    Prompt,
    /// Everywhere.
    Any,
}

/// One row of the keybinding table.
pub struct Binding {
    /// Each key with the command it gives.
    pub keys: &'static [(KeyCode, Command)],
    pub label: &'static str,
    pub help: &'static str,
    pub contexts: &'static [Context],
    /// The hint bar's words for it, if it is shown there.
    pub hint: Option<&'static str>,
}

const fn bind(
    keys: &'static [(KeyCode, Command)],
    label: &'static str,
    help: &'static str,
    contexts: &'static [Context],
    hint: Option<&'static str>,
) -> Binding {
    Binding {
        keys,
        label,
        help,
        contexts,
        hint,
    }
}

impl Binding {
    /// True when the binding works in `context`.
    /// (`Any` means every context but the file prompt, where keys are text.)
    pub fn applies(&self, context: Context) -> bool {
        self.contexts.contains(&context)
            || (self.contexts.contains(&Context::Any) && context != Context::Prompt)
    }
}

use Command as C;
use Context::{
    Any, Play as InPlay, Prompt as InPrompt, Replay as InReplay, Settings as InSettings, Watch,
};
use KeyCode::{Char, Down, End, Enter, Esc, Home, Left, Right, Tab, Up};

/// Every key of the app, in the order help lists them. Ctrl-C quits too
/// (handled before the table).
pub const BINDINGS: &[Binding] = &[
    bind(
        &[(Char(' '), C::Pause)],
        "Space",
        "pause / resume the search or the replay",
        &[Watch, InReplay],
        Some("pause"),
    ),
    bind(
        &[(Char('n'), C::Step), (Char('.'), C::Step)],
        "n",
        "paused: one step forward",
        &[Watch, InReplay],
        Some("step"),
    ),
    bind(
        &[(Left, C::Seek(-1)), (Right, C::Seek(1))],
        "← →",
        "replay: one step back / forward",
        &[InReplay],
        Some("step"),
    ),
    bind(
        &[(Home, C::SeekStart), (End, C::SeekEnd)],
        "Home End",
        "replay: jump to the start / end",
        &[InReplay],
        Some("start/end"),
    ),
    bind(
        &[(Char('+'), C::Faster), (Char('='), C::Faster)],
        "+",
        "faster",
        &[Watch, InReplay],
        Some("faster"),
    ),
    bind(
        &[(Char('-'), C::Slower), (Char('_'), C::Slower)],
        "-",
        "slower",
        &[Watch, InReplay],
        Some("slower"),
    ),
    bind(
        &[(Char('r'), C::Restart)],
        "r",
        "restart the search, the replay or the game",
        &[Watch, InReplay, InPlay],
        Some("restart"),
    ),
    bind(
        &[(Char('s'), C::Save)],
        "s",
        "save the current path (search or game) as a tour file",
        &[Watch, InPlay],
        Some("save"),
    ),
    bind(
        &[(Tab, C::NextMode)],
        "Tab",
        "next mode: search, replay (a loaded or found tour), play",
        &[Watch, InReplay, InPlay],
        Some("mode"),
    ),
    bind(
        &[(Char('l'), C::Load)],
        "l",
        "load a tour file by path and replay it",
        &[Watch, InReplay, InPlay],
        Some("load"),
    ),
    bind(
        &[(Enter, C::Apply)],
        "Enter",
        "file prompt: open the file",
        &[InPrompt],
        Some("open"),
    ),
    bind(
        &[(Char('o'), C::Settings)],
        "o",
        "settings: board, start, blocked squares, algorithm",
        &[Watch],
        Some("settings"),
    ),
    bind(
        &[(Enter, C::Apply)],
        "Enter",
        "settings: start a new search with them",
        &[InSettings],
        Some("search"),
    ),
    bind(
        &[
            (Up, C::Cursor(-1, 0)),
            (Down, C::Cursor(1, 0)),
            (Left, C::Cursor(0, -1)),
            (Right, C::Cursor(0, 1)),
        ],
        "arrows",
        "settings and play: move the cursor (or click a square)",
        &[InSettings, InPlay],
        Some("move"),
    ),
    bind(
        &[(Enter, C::MoveHere)],
        "Enter",
        "play: move the knight to the cursor (or click the square)",
        &[InPlay],
        Some("move"),
    ),
    bind(
        &[
            (Char('1'), C::Pick(1)),
            (Char('2'), C::Pick(2)),
            (Char('3'), C::Pick(3)),
            (Char('4'), C::Pick(4)),
            (Char('5'), C::Pick(5)),
            (Char('6'), C::Pick(6)),
            (Char('7'), C::Pick(7)),
            (Char('8'), C::Pick(8)),
        ],
        "1-8",
        "play: take the legal move of that number (listed at the side)",
        &[InPlay],
        Some("pick"),
    ),
    bind(
        &[(Char('u'), C::Undo)],
        "u",
        "play: undo a move",
        &[InPlay],
        Some("undo"),
    ),
    bind(
        &[(Char('U'), C::Redo)],
        "U",
        "play: redo a move",
        &[InPlay],
        Some("redo"),
    ),
    bind(
        &[(Char('h'), C::Hints)],
        "h",
        "play: show each legal move's onward count (Warnsdorff's rule)",
        &[InPlay],
        Some("hints"),
    ),
    bind(
        &[(Char('f'), C::Finish)],
        "f",
        "play: let the solver finish the tour from here",
        &[InPlay],
        Some("finish"),
    ),
    bind(
        &[(Char(' '), C::SetStart)],
        "Space",
        "settings: start at the cursor (left click)",
        &[InSettings],
        Some("start"),
    ),
    bind(
        &[(Char('x'), C::ToggleBlock)],
        "x",
        "settings: block / unblock the cursor square (right click)",
        &[InSettings],
        Some("block"),
    ),
    bind(
        &[(Char('['), C::Rows(-1)), (Char(']'), C::Rows(1))],
        "[ ]",
        "settings: fewer / more rows",
        &[InSettings],
        Some("rows"),
    ),
    bind(
        &[(Char('{'), C::Cols(-1)), (Char('}'), C::Cols(1))],
        "{ }",
        "settings: fewer / more columns",
        &[InSettings],
        Some("cols"),
    ),
    bind(
        &[(Char('c'), C::ToggleClosed)],
        "c",
        "settings: open / closed tour",
        &[InSettings],
        Some("closed"),
    ),
    bind(
        &[(Char('a'), C::NextAlgorithm)],
        "a",
        "settings: next algorithm",
        &[InSettings],
        Some("algorithm"),
    ),
    bind(
        &[(Char('t'), C::NextTieBreak)],
        "t",
        "settings: next tie-break",
        &[InSettings],
        Some("tie-break"),
    ),
    bind(
        &[(Char('#'), C::Count)],
        "#",
        "count every tour from the start, live (again: stop the count)",
        &[Watch],
        Some("count"),
    ),
    bind(
        &[(Char('z'), C::ZoomIn), (Char('Z'), C::ZoomOut)],
        "z Z",
        "zoom in / out on the board (or the mouse wheel)",
        &[Any],
        Some("zoom"),
    ),
    bind(
        &[
            (Char('H'), C::Pan(0, -1)),
            (Char('J'), C::Pan(1, 0)),
            (Char('K'), C::Pan(-1, 0)),
            (Char('L'), C::Pan(0, 1)),
        ],
        "H J K L",
        "zoomed: pan left / down / up / right (or Shift+arrows)",
        &[Any],
        Some("pan"),
    ),
    bind(
        &[(Char('?'), C::Help)],
        "?",
        "show / hide this help",
        &[Any],
        Some("help"),
    ),
    bind(
        &[(Esc, C::Back)],
        "Esc",
        "close the help, settings or file prompt, else quit",
        &[Any, InPrompt],
        None,
    ),
    bind(
        &[(Char('q'), C::Quit)],
        "q",
        "quit (also Ctrl-C)",
        &[Any],
        Some("quit"),
    ),
];

/// The command a key press stands for in `context`.
pub fn command_for(key: KeyEvent, context: Context) -> Option<Command> {
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return matches!(key.code, Char('c') | Char('C')).then_some(Command::Quit);
    }
    if key.modifiers.contains(KeyModifiers::SHIFT) && context != Context::Prompt {
        let pan = match key.code {
            Left => Some(Command::Pan(0, -1)),
            Right => Some(Command::Pan(0, 1)),
            Up => Some(Command::Pan(-1, 0)),
            Down => Some(Command::Pan(1, 0)),
            _ => None,
        };
        if pan.is_some() {
            return pan;
        }
    }
    BINDINGS
        .iter()
        .filter(|b| b.applies(context))
        .flat_map(|b| b.keys.iter())
        .find(|(k, _)| *k == key.code)
        .map(|&(_, c)| c)
}

/// The biggest board the settings panel makes (the command line goes further).
pub const PANEL_MAX_SIDE: u32 = 1000;

/// The settings panel's pending choices.
#[derive(Clone, Debug)]
pub struct Settings {
    pub rows: u32,
    pub cols: u32,
    pub blocked: BTreeSet<Square>,
    pub start: Square,
    pub closed: bool,
    pub algorithm: Algorithm,
    pub tie_break: TieBreak,
    pub cursor: Square,
    /// The board as it would be: what the board pane shows.
    pub preview: Board,
    pub error: Option<String>,
}

impl Settings {
    fn from_spec(spec: &Spec) -> Settings {
        Settings {
            rows: spec.board.rows(),
            cols: spec.board.cols(),
            blocked: spec.board.blocked().iter().copied().collect(),
            start: spec.start,
            closed: spec.closed,
            algorithm: spec.algorithm,
            tie_break: spec.tie_break,
            cursor: spec.start,
            preview: spec.board.clone(),
            error: None,
        }
    }

    /// Rebuilds the preview after a change of size or blocked squares,
    /// keeping squares, start and cursor on the board.
    fn rebuild(&mut self) {
        let (r, c) = (self.rows, self.cols);
        self.blocked.retain(|s| s.row < r && s.col < c);
        let clamp = |s: Square| Square::new(s.row.min(r - 1), s.col.min(c - 1));
        self.start = clamp(self.start);
        self.cursor = clamp(self.cursor);
        let blocked: Vec<Square> = self.blocked.iter().copied().collect();
        match Board::new(r, c, &blocked) {
            Ok(b) => {
                self.preview = b;
                self.error = None;
            }
            Err(e) => self.error = Some(e),
        }
    }
}

/// A path on a board: the squares in order, and the step (1-based) at
/// each square, 0 off the path; changed incrementally.
#[derive(Clone, Debug, Default)]
pub struct Trail {
    pub path: Vec<u32>,
    pub steps: Vec<u32>,
}

impl Trail {
    pub fn new(squares: usize) -> Trail {
        Trail {
            path: Vec::new(),
            steps: vec![0; squares],
        }
    }

    /// Puts `path` on the board, touching only the squares that changed.
    pub fn set(&mut self, path: &[u32]) {
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

    /// Step at a square (0: not on the path).
    pub fn step(&self, square: u32) -> u32 {
        self.steps[square as usize]
    }

    /// Adds a square at the end of the path.
    pub fn push(&mut self, square: u32) {
        self.path.push(square);
        self.steps[square as usize] = self.path.len() as u32;
    }

    /// Takes the last square off the path.
    pub fn pop(&mut self) -> Option<u32> {
        let last = self.path.pop()?;
        self.steps[last as usize] = 0;
        Some(last)
    }

    /// True when the path is longer than two squares and ends a knight's
    /// move from where it started.
    pub fn closes(&self, board: &Board) -> bool {
        match (self.path.first(), self.path.last()) {
            (Some(&a), Some(&b)) if self.path.len() > 2 => {
                board.square(a).is_knight_move(board.square(b))
            }
            _ => false,
        }
    }
}

/// A cursor moved by (dr, dc), kept on a `rows` x `cols` board.
fn step_cursor(sq: Square, dr: i8, dc: i8, rows: u32, cols: u32) -> Square {
    let r = (sq.row as i64 + dr as i64).clamp(0, rows as i64 - 1);
    let c = (sq.col as i64 + dc as i64).clamp(0, cols as i64 - 1);
    Square::new(r as u32, c as u32)
}

/// Sides of the smallest window zooming in goes down to.
pub const ZOOM_MIN_SIDE: u32 = 8;

/// Which part of the board the board pane shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Zoom {
    /// 0: the whole board; each level halves the rows and columns shown.
    pub level: u8,
    /// The square the window is centred on (`None`: the board's centre).
    pub centre: Option<Square>,
}

/// A rectangle of squares: the part of the board in view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub row: u32,
    pub col: u32,
    pub rows: u32,
    pub cols: u32,
}

impl Window {
    pub fn contains(&self, sq: Square) -> bool {
        (self.row..self.row + self.rows).contains(&sq.row)
            && (self.col..self.col + self.cols).contains(&sq.col)
    }
}

impl Zoom {
    /// The deepest level on a `rows` x `cols` board: both sides of the
    /// window at most [`ZOOM_MIN_SIDE`].
    pub fn max_level(rows: u32, cols: u32) -> u8 {
        let mut level = 0;
        while (rows >> level) > ZOOM_MIN_SIDE || (cols >> level) > ZOOM_MIN_SIDE {
            level += 1;
        }
        level
    }

    /// The window on a `rows` x `cols` board.
    pub fn window(&self, rows: u32, cols: u32) -> Window {
        let level = self.level.min(Self::max_level(rows, cols));
        let side = |n: u32| (n >> level).max(ZOOM_MIN_SIDE.min(n));
        let (wr, wc) = (side(rows), side(cols));
        let c = self.centre.unwrap_or(Square::new(rows / 2, cols / 2));
        Window {
            row: c.row.saturating_sub(wr / 2).min(rows - wr),
            col: c.col.saturating_sub(wc / 2).min(cols - wc),
            rows: wr,
            cols: wc,
        }
    }

    /// Zoom in (on `at`, when given) or out; false when it cannot go further.
    pub fn change(&mut self, zoom_in: bool, at: Option<Square>, rows: u32, cols: u32) -> bool {
        if zoom_in {
            if self.level >= Self::max_level(rows, cols) {
                return false;
            }
            if let Some(sq) = at {
                self.centre = Some(sq);
            }
            self.level += 1;
        } else {
            if self.level == 0 {
                return false;
            }
            self.level = (self.level - 1).min(Self::max_level(rows, cols));
            if self.level == 0 {
                self.centre = None;
            }
        }
        true
    }

    /// Moves the window a quarter of its size.
    pub fn pan(&mut self, dr: i8, dc: i8, rows: u32, cols: u32) {
        let w = self.window(rows, cols);
        let shift = |at: u32, len: u32, d: i8, n: u32| {
            let centre = (at + len / 2) as i64 + d as i64 * (len / 4).max(1) as i64;
            centre.clamp(0, n as i64 - 1) as u32
        };
        self.centre = Some(Square::new(
            shift(w.row, w.rows, dr, rows),
            shift(w.col, w.cols, dc, cols),
        ));
    }

    /// Keeps `sq` in view (a cursor that walks out of the window).
    pub fn follow(&mut self, sq: Square, rows: u32, cols: u32) {
        if self.level > 0 && !self.window(rows, cols).contains(sq) {
            self.centre = Some(sq);
        }
    }
}

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
    /// An event from the search of this generation.
    Engine(u64, Event),
    /// The runtime saved (or failed to save) a tour file.
    Saved(Result<PathBuf, String>),
    /// The terminal changed size.
    Resize,
    /// A mouse click on a square of the board pane (`right`: right button).
    Click(Square, bool),
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
    /// A tour file was read (its name, and its text or why not).
    Opened(String, Result<String, String>),
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
    /// Read this tour file (the answer comes back as `Action::Opened`).
    Open(PathBuf),
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
    /// The search's path on the board.
    pub trail: Trail,
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
    /// The settings panel, when open.
    pub settings: Option<Settings>,
    pub mode: Mode,
    /// The tour being replayed (kept when switching back to search).
    pub replay: Option<Replay>,
    /// The game played by hand (kept when switching modes).
    pub game: Option<Game>,
    /// Counts the game's positions, so late answers are told apart.
    pub position: u64,
    /// The file prompt's text, while it is open.
    pub prompt: Option<String>,
    /// The part of the board in view.
    pub zoom: Zoom,
    /// The last count of tours (key `#`).
    pub counting: Option<Counting>,
}

/// What the app is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Search,
    Replay,
    Play,
}

impl App {
    pub fn new(spec: Spec, speed: usize, save_dir: PathBuf) -> App {
        let squares = spec.board.len();
        App {
            spec,
            trail: Trail::new(squares),
            stats: Stats::default(),
            state: RunState::Running,
            speed: speed.min(SPEEDS.len() - 1),
            help: false,
            message: None,
            history: VecDeque::with_capacity(HISTORY),
            generation: 0,
            save_dir,
            quit: false,
            settings: None,
            mode: Mode::Search,
            replay: None,
            game: None,
            position: 0,
            prompt: None,
            zoom: Zoom::default(),
            counting: None,
        }
    }

    /// Starts a count of the tours from the start, or stops the one under way.
    fn count_key(&mut self) -> Vec<Effect> {
        if let Some(c) = &self.counting
            && c.result.is_none()
        {
            self.message = Some(format!("stopping the count of {}", c.what));
            return vec![Effect::StopCount];
        }
        let generation = self.counting.as_ref().map_or(1, |c| c.generation + 1);
        let s = &self.spec;
        let what = format!(
            "{} tours of {} from {}",
            if s.closed { "closed" } else { "open" },
            s.board.describe(),
            s.start
        );
        self.message = Some(format!("counting the {what} (# again stops it)"));
        self.counting = Some(Counting {
            generation,
            progress: Arc::default(),
            what,
            result: None,
        });
        vec![Effect::Count { generation }]
    }

    /// The end of a count: the answer in the status line and the statistics.
    fn counted(&mut self, generation: u64, count: Count) {
        let Some(c) = self
            .counting
            .as_mut()
            .filter(|c| c.generation == generation)
        else {
            return;
        };
        let took = count.stats.elapsed.as_secs_f64();
        let n = knight_tui::words::thousands(count.count);
        self.message = Some(match (&count.reason, count.complete, count.limit) {
            (Some(why), _, _) => format!("0 {}: {why}", c.what),
            (None, true, _) => format!("{n} {}, counted in {took:.2} s", c.what),
            (None, false, Some(limit)) => {
                format!("the {limit} stopped the count: {n} {} so far", c.what)
            }
            (None, false, None) => format!("count stopped: {n} {} so far", c.what),
        });
        c.result = Some(count);
    }

    /// The replay, when the app shows it.
    pub fn replaying(&self) -> Option<&Replay> {
        self.replay
            .as_ref()
            .filter(|_| self.mode == Mode::Replay && self.settings.is_none())
    }

    /// The game, when the app shows it.
    pub fn playing(&self) -> Option<&Game> {
        self.game
            .as_ref()
            .filter(|_| self.mode == Mode::Play && self.settings.is_none())
    }

    /// The board the pane shows: the settings' preview while they are open,
    /// the replayed tour's board in replay, the game's in play.
    pub fn shown_board(&self) -> &Board {
        match (&self.settings, self.replaying(), self.playing()) {
            (Some(st), _, _) => &st.preview,
            (None, Some(r), _) => &r.board,
            (None, None, Some(g)) => &g.board,
            (None, None, None) => &self.spec.board,
        }
    }

    /// The part of the shown board in view.
    pub fn window(&self) -> Window {
        let b = self.shown_board();
        self.zoom.window(b.rows(), b.cols())
    }

    fn zoom_key(&mut self, c: Command, at: Option<Square>) {
        let (rows, cols) = {
            let b = self.shown_board();
            (b.rows(), b.cols())
        };
        match c {
            Command::ZoomIn | Command::ZoomOut => {
                let zoom_in = c == Command::ZoomIn;
                if !self.zoom.change(zoom_in, at, rows, cols) {
                    self.message = Some(if zoom_in {
                        "zoomed in as far as it goes".into()
                    } else {
                        "the whole board is in view".into()
                    });
                }
            }
            Command::Pan(dr, dc) if self.zoom.level == 0 => {
                let _ = (dr, dc);
                self.message = Some("the whole board is in view: zoom in (z) to pan".into());
            }
            Command::Pan(dr, dc) => self.zoom.pan(dr, dc, rows, cols),
            _ => {}
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

    /// Which keys apply now.
    pub fn context(&self) -> Context {
        if self.prompt.is_some() {
            Context::Prompt
        } else if self.settings.is_some() {
            Context::Settings
        } else if self.mode == Mode::Replay {
            Context::Replay
        } else if self.mode == Mode::Play {
            Context::Play
        } else {
            Context::Watch
        }
    }

    /// Opens a replay (the app launched with `replay FILE`, or Tab).
    pub fn open_replay(&mut self, mut replay: Replay) {
        replay.seek(0);
        replay.playing = true;
        self.message = Some(format!("replaying {}", replay.name));
        self.replay = Some(replay);
        self.mode = Mode::Replay;
    }

    /// While a replay plays: how often to advance it, and by how many steps
    /// (at most 60 ticks a second).
    pub fn tick(&self) -> Option<(std::time::Duration, usize)> {
        let moving = match self.mode {
            Mode::Replay => self.replay.as_ref().is_some_and(|r| r.playing),
            Mode::Play => self.game.as_ref().is_some_and(|g| !g.finishing.is_empty()),
            Mode::Search => false,
        };
        if !moving {
            // A count under way: redraw its figures ten times a second.
            let counting = self.counting.as_ref().is_some_and(|c| c.result.is_none());
            return counting.then_some((std::time::Duration::from_millis(100), 0));
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

    /// Replay keys (the replay is open).
    fn replay_key(&mut self, c: Command) -> Vec<Effect> {
        let Some(r) = &mut self.replay else {
            return Vec::new();
        };
        match c {
            Command::Pause => {
                if r.at_end() {
                    r.seek(0);
                    r.playing = true;
                } else {
                    r.playing = !r.playing;
                }
            }
            Command::Step | Command::Seek(1) => {
                r.playing = false;
                r.seek(r.pos + 1);
            }
            Command::Seek(_) => {
                r.playing = false;
                r.seek(r.pos.saturating_sub(1));
            }
            Command::SeekStart => {
                r.playing = false;
                r.seek(0);
            }
            Command::SeekEnd => r.seek(r.legal.len()),
            Command::Restart => {
                r.seek(0);
                r.playing = true;
            }
            _ => {}
        }
        Vec::new()
    }

    /// Tab: search -> replay (of the tour loaded, else of the tour just
    /// found; skipped when there is none) -> play -> search.
    fn next_mode(&mut self) -> Vec<Effect> {
        match self.mode {
            Mode::Search => {
                if self.state == RunState::Found
                    && self
                        .replay
                        .as_ref()
                        .is_none_or(|r| r.legal != self.trail.path)
                {
                    let r = Replay::of_path(
                        "the search's tour",
                        &self.spec.board,
                        &self.trail.path,
                        self.spec.closed,
                    );
                    self.open_replay(r);
                    return Vec::new();
                }
                if self.replay.is_some() {
                    self.mode = Mode::Replay;
                    self.message = Some("replay".into());
                    return Vec::new();
                }
                self.enter_play()
            }
            Mode::Replay => self.enter_play(),
            Mode::Play => {
                self.mode = Mode::Search;
                self.message = Some("search".into());
                if self.generation == 0 {
                    // Launched in another mode: the search starts now.
                    return self.start();
                }
                Vec::new()
            }
        }
    }

    /// Play mode, with the game there was or a new one on the search's board.
    fn enter_play(&mut self) -> Vec<Effect> {
        let game = self
            .game
            .take()
            .unwrap_or_else(|| Game::new(self.spec.board.clone(), None, self.spec.closed));
        self.open_game(game)
    }

    /// Opens a game (the app launched with `play`, or Tab).
    pub fn open_game(&mut self, game: Game) -> Vec<Effect> {
        self.game = Some(game);
        self.mode = Mode::Play;
        self.message = Some("play: arrows and Enter move the knight".into());
        self.check_game()
    }

    /// Asks whether the game can still be finished (when there is a
    /// knight and the game is neither won nor stuck).
    fn check_game(&mut self) -> Vec<Effect> {
        self.position += 1;
        let Some(g) = &mut self.game else {
            return Vec::new();
        };
        if g.knight().is_none() || g.is_complete() || g.dead_end() {
            return Vec::new();
        }
        g.outlook = Outlook::Checking;
        vec![Effect::Check {
            generation: self.position,
            prefix: g.trail.path.clone(),
        }]
    }

    /// Moves the game's knight to `sq`.
    fn play_move(&mut self, sq: Square) -> Vec<Effect> {
        let Some(g) = &mut self.game else {
            return Vec::new();
        };
        g.finishing.clear();
        match g.move_to(sq) {
            Moved::Ok => {
                self.message = None;
                self.check_game()
            }
            Moved::Illegal(why) => {
                self.message = Some(why);
                Vec::new()
            }
        }
    }

    /// Play keys (a game is open).
    fn play_key(&mut self, c: Command) -> Vec<Effect> {
        let Some(g) = &mut self.game else {
            return Vec::new();
        };
        match c {
            Command::Cursor(dr, dc) => {
                g.cursor = step_cursor(g.cursor, dr, dc, g.board.rows(), g.board.cols());
                self.zoom.follow(g.cursor, g.board.rows(), g.board.cols());
                Vec::new()
            }
            Command::MoveHere => {
                let sq = g.cursor;
                self.play_move(sq)
            }
            Command::Pick(k) => match g.targets().get(k as usize - 1) {
                Some(&sq) => self.play_move(sq),
                None => {
                    self.message = Some(format!(
                        "there is no legal move {k}: the knight has {}",
                        g.targets().len()
                    ));
                    Vec::new()
                }
            },
            Command::Undo | Command::Redo => {
                let done = if c == Command::Undo {
                    g.undo()
                } else {
                    g.redo()
                };
                if done {
                    self.message = None;
                    self.check_game()
                } else {
                    self.message = Some(
                        if c == Command::Undo {
                            "nothing to undo"
                        } else {
                            "nothing to redo"
                        }
                        .into(),
                    );
                    Vec::new()
                }
            }
            Command::Hints => {
                g.hints = !g.hints;
                self.message = Some(
                    if g.hints {
                        "hints on: each legal move shows how many moves it leaves (fewest first is Warnsdorff's rule)"
                    } else {
                        "hints off"
                    }
                    .into(),
                );
                Vec::new()
            }
            Command::Finish => {
                if g.is_complete() {
                    self.message = Some("the tour is already complete".into());
                    return Vec::new();
                }
                if g.knight().is_none() {
                    self.message = Some("place the knight first (Enter)".into());
                    return Vec::new();
                }
                self.message = Some("asking the solver to finish the tour…".into());
                vec![Effect::Finish {
                    generation: self.position,
                    prefix: g.trail.path.clone(),
                }]
            }
            Command::Restart => {
                let fresh = Game::new(g.board.clone(), None, g.closed);
                self.game = Some(fresh);
                self.message = Some("new game: place the knight".into());
                self.check_game()
            }
            Command::Save => self.save(),
            _ => Vec::new(),
        }
    }

    pub fn is_searching(&self) -> bool {
        matches!(self.state, RunState::Running | RunState::Paused)
    }

    /// What the runtime does at launch: search, or check the game.
    pub fn launch(&mut self) -> Vec<Effect> {
        match self.mode {
            Mode::Search => self.start(),
            Mode::Play => self.check_game(),
            Mode::Replay => Vec::new(),
        }
    }

    /// Starts the search.
    pub fn start(&mut self) -> Vec<Effect> {
        self.restart(false)
    }

    fn restart(&mut self, paused: bool) -> Vec<Effect> {
        self.generation += 1;
        self.trail.set(&[]);
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
            Action::Tick => {
                let Some((_, n @ 1..)) = self.tick() else {
                    return Vec::new();
                };
                match self.mode {
                    Mode::Replay => {
                        if let Some(r) = self.replay.as_mut() {
                            r.seek(r.pos + n);
                        }
                    }
                    Mode::Play => {
                        if let Some(g) = self.game.as_mut() {
                            // The solver's moves are legal: no check needed.
                            let take = n.min(g.finishing.len());
                            let next: Vec<u32> = g.finishing.drain(..take).collect();
                            for idx in next {
                                let sq = g.board.square(idx);
                                let _ = g.move_to(sq);
                                g.outlook = Outlook::Solvable;
                            }
                            self.position += 1;
                        }
                    }
                    Mode::Search => {}
                }
                Vec::new()
            }
            Action::Type(c) => {
                if let Some(p) = &mut self.prompt {
                    p.push(c);
                }
                Vec::new()
            }
            Action::Erase => {
                if let Some(p) = &mut self.prompt {
                    p.pop();
                }
                Vec::new()
            }
            Action::Opened(name, text) => {
                let replay =
                    text.and_then(|t| Replay::load(&name, &t).map_err(|e| format!("{name}: {e}")));
                match replay {
                    Ok(r) => self.open_replay(r),
                    Err(e) => self.message = Some(format!("cannot open {e}")),
                }
                Vec::new()
            }
            Action::Checked(position, outlook) => {
                if position == self.position
                    && let Some(g) = self.game.as_mut()
                {
                    g.outlook = outlook;
                }
                Vec::new()
            }
            Action::Finished(position, result) => {
                if position != self.position {
                    return Vec::new();
                }
                match (result, self.game.as_mut()) {
                    (Ok(tour), Some(g)) => {
                        let done = g.moves_made();
                        g.finishing = tour.get(done..).unwrap_or_default().to_vec();
                        self.message = Some(format!(
                            "the solver finishes the tour: {} moves",
                            g.finishing.len()
                        ));
                    }
                    (Err(why), _) => self.message = Some(why),
                    (Ok(_), None) => {}
                }
                Vec::new()
            }
            Action::Counted(generation, count) => {
                self.counted(generation, count);
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
                if let Some(st) = &mut self.settings
                    && sq.row < st.rows
                    && sq.col < st.cols
                {
                    st.cursor = sq;
                    let c = if right {
                        Command::ToggleBlock
                    } else {
                        Command::SetStart
                    };
                    return self.settings_key(c);
                }
                if self.settings.is_none() && self.mode == Mode::Play {
                    if let Some(g) = self.game.as_mut() {
                        g.cursor = sq;
                    }
                    return self.play_move(sq);
                }
                Vec::new()
            }
        }
    }

    /// Keys of the settings panel (which is open).
    fn settings_key(&mut self, c: Command) -> Vec<Effect> {
        let Some(st) = &mut self.settings else {
            return Vec::new();
        };
        match c {
            Command::Cursor(dr, dc) => {
                st.cursor = step_cursor(st.cursor, dr, dc, st.rows, st.cols);
                self.zoom.follow(st.cursor, st.rows, st.cols);
            }
            Command::SetStart => {
                if st.blocked.contains(&st.cursor) {
                    st.error = Some(format!("{} is blocked: unblock it (x) first", st.cursor));
                } else {
                    st.start = st.cursor;
                    st.error = None;
                }
            }
            Command::ToggleBlock => {
                if st.cursor == st.start {
                    st.error = Some("the start cannot be blocked: move the start first".into());
                } else {
                    if !st.blocked.remove(&st.cursor) {
                        st.blocked.insert(st.cursor);
                    }
                    st.rebuild();
                }
            }
            Command::Rows(d) => {
                st.rows = (st.rows as i64 + d as i64).clamp(1, PANEL_MAX_SIDE as i64) as u32;
                st.rebuild();
            }
            Command::Cols(d) => {
                st.cols = (st.cols as i64 + d as i64).clamp(1, PANEL_MAX_SIDE as i64) as u32;
                st.rebuild();
            }
            Command::ToggleClosed => st.closed = !st.closed,
            Command::NextAlgorithm => {
                let all = [
                    Algorithm::Auto,
                    Algorithm::Warnsdorff,
                    Algorithm::Backtrack,
                    Algorithm::Enumerate,
                    Algorithm::Construct,
                ];
                let i = all.iter().position(|&a| a == st.algorithm).unwrap_or(0);
                st.algorithm = all[(i + 1) % all.len()];
            }
            Command::NextTieBreak => {
                let all = [
                    TieBreak::Roth,
                    TieBreak::Fixed,
                    TieBreak::Lookahead,
                    TieBreak::Random,
                ];
                let i = all.iter().position(|&t| t == st.tie_break).unwrap_or(0);
                st.tie_break = all[(i + 1) % all.len()];
            }
            Command::Apply => {
                if let Some(e) = &st.error {
                    self.message = Some(format!("not applied: {e}"));
                    return Vec::new();
                }
                let st = self.settings.take().expect("open");
                self.spec.board = st.preview;
                self.spec.start = st.start;
                self.spec.closed = st.closed;
                self.spec.algorithm = st.algorithm;
                self.spec.tie_break = st.tie_break;
                self.trail = Trail::new(self.spec.board.len());
                self.message = Some(format!("new search on {}", self.spec.board.describe()));
                return self.restart(false);
            }
            _ => {}
        }
        Vec::new()
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
            Command::Back if self.prompt.is_some() => {
                self.prompt = None;
                self.message = Some("nothing opened".into());
                Vec::new()
            }
            Command::Apply if self.prompt.is_some() => {
                let path = self.prompt.take().unwrap_or_default();
                if path.trim().is_empty() {
                    self.message = Some("no file name given".into());
                    return Vec::new();
                }
                vec![Effect::Open(PathBuf::from(path.trim()))]
            }
            Command::Load => {
                self.prompt = Some(String::new());
                Vec::new()
            }
            Command::Back if self.settings.is_some() => {
                self.settings = None;
                self.message = Some("settings closed, nothing changed".into());
                Vec::new()
            }
            Command::Settings => {
                self.settings = Some(Settings::from_spec(&self.spec));
                Vec::new()
            }
            Command::Back => self.key(Command::Quit),
            Command::Help => {
                self.help = !self.help;
                Vec::new()
            }
            Command::ZoomIn | Command::ZoomOut | Command::Pan(..) => {
                self.zoom_key(c, None);
                Vec::new()
            }
            Command::Count if self.settings.is_none() && self.mode == Mode::Search => {
                self.count_key()
            }
            c if self.settings.is_some() => self.settings_key(c),
            Command::NextMode => self.next_mode(),
            Command::Faster | Command::Slower if self.mode == Mode::Replay => {
                self.change_speed(c);
                Vec::new()
            }
            c if self.mode == Mode::Replay => self.replay_key(c),
            c if self.mode == Mode::Play => self.play_key(c),
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
                self.change_speed(c);
                vec![Effect::SetSpeed(self.speed())]
            }
            Command::Restart => {
                self.message = Some("search restarted".into());
                self.restart(false)
            }
            Command::Save => self.save(),
            // Settings keys with the panel closed: nothing to do.
            _ => Vec::new(),
        }
    }

    fn change_speed(&mut self, c: Command) {
        self.speed = if c == Command::Faster {
            (self.speed + 1).min(SPEEDS.len() - 1)
        } else {
            self.speed.saturating_sub(1)
        };
        self.message = Some(format!("speed: {}", self.speed_label()));
    }

    fn engine(&mut self, event: Event) {
        match event {
            Event::Snapshot(s) => {
                self.trail.set(&s.path);
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
                            self.trail.set(t);
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
        let (b, closed, path, algorithm) = match (&self.game, self.mode) {
            (Some(g), Mode::Play) => (&g.board, g.closed, &g.trail.path, "hand"),
            _ => (
                &self.spec.board,
                self.spec.closed,
                &self.trail.path,
                self.spec.algorithm.for_solve(&self.spec.board, 1).name(),
            ),
        };
        if path.is_empty() {
            self.message = Some("nothing to save yet".into());
            return Vec::new();
        }
        let name = format!(
            "knight-{}x{}-{}.json",
            b.rows(),
            b.cols(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs())
        );
        let mut meta = Map::new();
        meta.insert("algorithm".into(), algorithm.into());
        meta.insert("nodes".into(), self.stats.nodes.into());
        meta.insert(
            "elapsed_ms".into(),
            json!((self.stats.elapsed.as_secs_f64() * 1e6).round() / 1e3),
        );
        let file = TourFile::new(b, closed, path, Some(meta));
        vec![Effect::Save(self.save_dir.join(name), Box::new(file))]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::{Game, Outlook};
    use crossterm::event::KeyEventKind;
    use knight_tui::solver::{Limits, Report, Snapshot, Solution};

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
        let w = Context::Watch;
        assert_eq!(command_for(press(' '), w), Some(Command::Pause));
        assert_eq!(
            command_for(press(' '), Context::Settings),
            Some(Command::SetStart)
        );
        assert_eq!(command_for(press('.'), w), Some(Command::Step));
        assert_eq!(command_for(press('x'), w), None);
        assert_eq!(
            command_for(press('?'), Context::Settings),
            Some(Command::Help)
        );
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(command_for(ctrl_c, Context::Settings), Some(Command::Quit));
        assert_eq!(
            command_for(KeyEvent::from(KeyCode::Esc), w),
            Some(Command::Back)
        );
        // Every binding's keys lead back to it, and no key means two things
        // in one context.
        for b in BINDINGS {
            for &(k, c) in b.keys {
                let ctx = match b.contexts[0] {
                    Context::Any => w,
                    c => c,
                };
                assert_eq!(command_for(KeyEvent::from(k), ctx), Some(c), "{k:?}");
            }
        }
        // Shift+arrows pan wherever plain arrows move a cursor or the replay.
        let shifted = |code| KeyEvent::new(code, KeyModifiers::SHIFT);
        for ctx in [
            Context::Watch,
            Context::Play,
            Context::Replay,
            Context::Settings,
        ] {
            assert_eq!(command_for(shifted(Left), ctx), Some(Command::Pan(0, -1)));
            assert_eq!(command_for(shifted(Down), ctx), Some(Command::Pan(1, 0)));
        }
    }

    #[test]
    fn counts_start_stop_and_say_their_answer() {
        let mut a = app();
        assert_eq!(
            keys(&mut a, &[Command::Count]),
            vec![Effect::Count { generation: 1 }]
        );
        assert!(a.tick().is_some(), "the statistics redraw while counting");
        // Again while it runs: stop it.
        assert_eq!(keys(&mut a, &[Command::Count]), vec![Effect::StopCount]);
        // Done: the answer (the engine counts on its own thread; here, directly).
        let p = knight_tui::solver::Problem::new(&a.spec.board, a.spec.start, false).unwrap();
        let c = knight_tui::solver::count(&p, Algorithm::Enumerate, &Limits::default(), None);
        a.update(Action::Counted(1, c.clone()));
        let msg = a.message.clone().unwrap_or_default();
        assert!(
            msg.starts_with("304 open tours of 5x5 from 0,0, counted in"),
            "{msg}"
        );
        assert_eq!(
            a.counting
                .as_ref()
                .and_then(|c| c.result.as_ref())
                .map(|r| r.count),
            Some(304)
        );
        assert!(a.tick().is_none());
        // A late answer of an older count is ignored; a new count starts afresh.
        assert_eq!(
            keys(&mut a, &[Command::Count]),
            vec![Effect::Count { generation: 2 }]
        );
        a.update(Action::Counted(1, c));
        assert!(a.counting.as_ref().is_some_and(|c| c.result.is_none()));
        // Not in replay or play: the key does nothing there.
        a.mode = Mode::Replay;
        assert!(keys(&mut a, &[Command::Count]).is_empty());
    }

    fn keys(a: &mut App, cs: &[Command]) -> Vec<Effect> {
        cs.iter().flat_map(|&c| a.update(Action::Key(c))).collect()
    }

    #[test]
    fn settings_change_the_board_and_start_a_new_search() {
        let mut a = app();
        let g = a.generation;
        a.update(Action::Engine(g, snap(&[0, 7])));
        assert!(keys(&mut a, &[Command::Settings]).is_empty());
        assert_eq!(a.context(), Context::Settings);
        // Space sets the start here, it does not pause.
        keys(
            &mut a,
            &[
                Command::Cursor(1, 0),
                Command::Cursor(0, 1),
                Command::ToggleBlock,
            ],
        );
        assert!(
            a.settings
                .as_ref()
                .unwrap()
                .blocked
                .contains(&Square::new(1, 1))
        );
        keys(&mut a, &[Command::Cursor(1, 1), Command::SetStart]);
        keys(
            &mut a,
            &[
                Command::Rows(1),
                Command::Cols(1),
                Command::Cols(1),
                Command::ToggleClosed,
            ],
        );
        keys(&mut a, &[Command::NextAlgorithm, Command::NextTieBreak]);
        let st = a.settings.as_ref().unwrap();
        assert_eq!(
            (st.rows, st.cols, st.start, st.closed),
            (6, 7, Square::new(2, 2), true)
        );
        assert_eq!(st.preview.describe(), "6x7 with 1 blocked square");
        let fx = keys(&mut a, &[Command::Apply]);
        assert!(matches!(fx[..], [Effect::Start { generation, .. }] if generation == g + 1));
        assert!(a.settings.is_none());
        assert_eq!(a.spec.board.describe(), "6x7 with 1 blocked square");
        assert_eq!((a.spec.start, a.spec.closed), (Square::new(2, 2), true));
        assert_eq!(a.spec.algorithm, Algorithm::Warnsdorff);
        assert_eq!(a.spec.tie_break, TieBreak::Fixed);
        assert_eq!(a.trail.steps.len(), 42);
        assert!(a.trail.path.is_empty());
    }

    #[test]
    fn settings_refuse_what_cannot_be_and_esc_cancels() {
        let mut a = app();
        keys(&mut a, &[Command::Settings, Command::ToggleBlock]);
        let st = a.settings.as_ref().unwrap();
        assert!(st.blocked.is_empty(), "the start is never blocked");
        assert!(
            st.error
                .as_deref()
                .unwrap()
                .contains("start cannot be blocked")
        );
        keys(
            &mut a,
            &[
                Command::Cursor(0, 1),
                Command::ToggleBlock,
                Command::SetStart,
            ],
        );
        assert!(
            a.settings
                .as_ref()
                .unwrap()
                .error
                .as_deref()
                .unwrap()
                .contains("is blocked")
        );
        // Shrinking drops squares off the board and keeps the cursor on it.
        keys(&mut a, &[Command::Cursor(4, 4)]);
        for _ in 0..10 {
            keys(&mut a, &[Command::Rows(-1), Command::Cols(-1)]);
        }
        let st = a.settings.as_ref().unwrap();
        assert_eq!((st.rows, st.cols, st.cursor), (1, 1, Square::new(0, 0)));
        assert!(st.blocked.is_empty());
        // Esc: nothing changed.
        keys(&mut a, &[Command::Back]);
        assert!(a.settings.is_none() && !a.quit);
        assert_eq!(a.spec.board.describe(), "5x5");
        // Clicks: left sets the start, right blocks.
        keys(&mut a, &[Command::Settings]);
        a.update(Action::Click(Square::new(2, 2), false));
        a.update(Action::Click(Square::new(3, 3), true));
        let st = a.settings.as_ref().unwrap();
        assert_eq!(st.start, Square::new(2, 2));
        assert!(st.blocked.contains(&Square::new(3, 3)));
        // Clicks while watching do nothing.
        keys(&mut a, &[Command::Back]);
        assert!(a.update(Action::Click(Square::new(1, 1), true)).is_empty());
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
        assert_eq!(
            (a.trail.steps[0], a.trail.steps[7], a.trail.steps[14]),
            (1, 2, 3)
        );
        a.update(Action::Engine(g, snap(&[0, 7, 4])));
        assert_eq!((a.trail.steps[14], a.trail.steps[4]), (0, 3));
        assert_eq!(a.history.iter().copied().collect::<Vec<_>>(), vec![3, 3]);
        // Events of an earlier search are ignored.
        a.update(Action::Engine(g - 1, snap(&[0])));
        assert_eq!(a.trail.path, vec![0, 7, 4]);
    }

    #[test]
    fn restart_clears_and_starts_a_new_generation() {
        let mut a = app();
        let g = a.generation;
        a.update(Action::Engine(g, snap(&[0, 7])));
        let fx = a.update(Action::Key(Command::Restart));
        assert!(matches!(fx[..], [Effect::Start { generation, .. }] if generation == g + 1));
        assert!(a.trail.path.is_empty() && a.trail.steps.iter().all(|&s| s == 0));
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
        assert_eq!(a.trail.path, vec![0, 7]);
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

    fn replay_of(a: &App) -> &Replay {
        a.replay.as_ref().expect("a replay")
    }

    #[test]
    fn replay_keys_play_pause_seek_and_tick() {
        let mut a = app();
        let text =
            " 1 14  9 20  3\n24 19  2 15 10\n13  8 25  4 21\n18 23  6 11 16\n 7 12 17 22  5\n";
        a.speed = 5; // 50 steps a second
        a.open_replay(Replay::load("t", text).unwrap());
        assert_eq!(a.context(), Context::Replay);
        assert_eq!(
            command_for(KeyEvent::from(KeyCode::Left), Context::Replay),
            Some(Command::Seek(-1))
        );
        let (every, n) = a.tick().expect("playing");
        assert_eq!((every, n), (std::time::Duration::from_millis(20), 1));
        a.update(Action::Tick);
        a.update(Action::Tick);
        assert_eq!(replay_of(&a).pos, 2);
        keys(&mut a, &[Command::Pause]);
        assert!(a.tick().is_none(), "paused: no ticks");
        keys(
            &mut a,
            &[Command::Step, Command::Seek(1), Command::Seek(-1)],
        );
        assert_eq!(replay_of(&a).pos, 3);
        keys(&mut a, &[Command::SeekEnd]);
        assert_eq!(replay_of(&a).pos, 25);
        assert_eq!(
            replay_of(&a).verdict().unwrap(),
            "complete open tour of 25 squares"
        );
        keys(&mut a, &[Command::SeekStart]);
        assert_eq!(replay_of(&a).pos, 0);
        keys(&mut a, &[Command::Restart]);
        assert!(replay_of(&a).playing);
        // Speed applies to the replay and sends nothing to the search.
        assert!(keys(&mut a, &[Command::Faster]).is_empty());
        assert_eq!(
            a.tick().unwrap(),
            (std::time::Duration::from_secs_f64(1.0 / 60.0), 2)
        );
        // Tab: play, then the search again.
        keys(&mut a, &[Command::NextMode]);
        assert_eq!(a.context(), Context::Play);
        keys(&mut a, &[Command::NextMode]);
        assert_eq!(a.context(), Context::Watch);
    }

    #[test]
    fn tab_replays_the_tour_just_found() {
        let mut a = app();
        // Nothing to replay yet: Tab goes on to play, and back to search.
        assert!(keys(&mut a, &[Command::NextMode]).is_empty());
        assert_eq!(a.mode, Mode::Play);
        keys(&mut a, &[Command::NextMode]);
        assert_eq!(a.mode, Mode::Search);
        let g = a.generation;
        let tour = vec![0, 7, 14];
        a.update(Action::Engine(
            g,
            Event::Done(Report {
                solution: Solution {
                    tours: vec![tour.clone()],
                    verdict: Verdict::Found,
                    stats: Stats::default(),
                    algorithm: Algorithm::Warnsdorff,
                },
            }),
        ));
        keys(&mut a, &[Command::NextMode]);
        assert_eq!(a.mode, Mode::Replay);
        assert_eq!(replay_of(&a).legal, tour);
        assert_eq!(replay_of(&a).pos, 0);
    }

    #[test]
    fn a_replay_launch_starts_the_search_on_first_tab() {
        let spec = app().spec;
        let mut a = App::new(spec, 5, PathBuf::from("/tmp"));
        let r = Replay::of_path("p", &a.spec.board, &[0], false);
        a.open_replay(r);
        // Replay -> play (no knight yet: nothing to check) -> search.
        assert!(keys(&mut a, &[Command::NextMode]).is_empty());
        assert_eq!(a.mode, Mode::Play);
        let fx = keys(&mut a, &[Command::NextMode]);
        assert!(
            matches!(fx[..], [Effect::Start { generation: 1, .. }]),
            "{fx:?}"
        );
    }

    fn game_app() -> App {
        let mut a = app();
        a.mode = Mode::Play;
        a.game = Some(Game::new(a.spec.board.clone(), None, false));
        a
    }

    fn game(a: &App) -> &Game {
        a.game.as_ref().expect("a game")
    }

    #[test]
    fn play_place_move_refuse_pick_undo_redo() {
        let mut a = game_app();
        assert_eq!(a.context(), Context::Play);
        let enter = KeyEvent::from(KeyCode::Enter);
        assert_eq!(command_for(enter, Context::Play), Some(Command::MoveHere));
        assert_eq!(
            command_for(press('3'), Context::Play),
            Some(Command::Pick(3))
        );
        // The first Enter places the knight on the cursor (top-left).
        let fx = keys(&mut a, &[Command::MoveHere]);
        assert!(
            matches!(&fx[..], [Effect::Check { prefix, .. }] if prefix == &vec![0]),
            "{fx:?}"
        );
        assert_eq!(game(&a).knight(), Some(Square::new(0, 0)));
        // Down goes to the next row; Enter there is not a knight move.
        assert!(keys(&mut a, &[Command::Cursor(1, 0), Command::MoveHere]).is_empty());
        assert_eq!(
            a.message.as_deref(),
            Some("illegal: 0,0 -> 1,0 is not a knight move")
        );
        // Move 1 of the list; the cursor is on the knight again.
        let first = game(&a).targets()[0];
        keys(&mut a, &[Command::Pick(1)]);
        assert_eq!((game(&a).knight(), game(&a).cursor), (Some(first), first));
        keys(&mut a, &[Command::Pick(8)]);
        assert!(
            a.message
                .as_deref()
                .unwrap()
                .starts_with("there is no legal move 8")
        );
        // Undo and redo, each asking for a new check.
        assert!(matches!(
            keys(&mut a, &[Command::Undo])[..],
            [Effect::Check { .. }]
        ));
        assert_eq!(game(&a).moves_made(), 1);
        keys(&mut a, &[Command::Redo]);
        assert_eq!(game(&a).moves_made(), 2);
        keys(&mut a, &[Command::Undo, Command::Undo]);
        assert!(keys(&mut a, &[Command::Undo]).is_empty());
        assert_eq!(a.message.as_deref(), Some("nothing to undo"));
        // A click moves the knight too.
        a.update(Action::Click(Square::new(2, 2), false));
        assert_eq!(game(&a).knight(), Some(Square::new(2, 2)));
    }

    #[test]
    fn play_checks_answer_only_for_their_position() {
        let mut a = game_app();
        let fx = keys(&mut a, &[Command::MoveHere]);
        let [Effect::Check { generation, .. }] = fx[..] else {
            panic!("{fx:?}")
        };
        a.update(Action::Checked(generation, Outlook::Solvable));
        assert_eq!(game(&a).outlook, Outlook::Solvable);
        keys(&mut a, &[Command::Pick(1)]);
        // An answer about the old position comes too late.
        a.update(Action::Checked(generation, Outlook::NoTour("x".into())));
        assert_eq!(game(&a).outlook, Outlook::Checking);
        assert!(game(&a).status().starts_with("checking"));
    }

    #[test]
    fn play_finish_is_animated_by_ticks() {
        let mut a = game_app();
        a.speed = 5;
        keys(&mut a, &[Command::MoveHere]);
        let fx = keys(&mut a, &[Command::Finish]);
        let [
            Effect::Finish {
                generation,
                ref prefix,
            },
        ] = fx[..]
        else {
            panic!("{fx:?}")
        };
        assert_eq!(prefix, &vec![0]);
        let b = a.spec.board.clone();
        let sol = knight_tui::solver::finish(&b, &[0], false, Limits::default());
        a.update(Action::Finished(generation, Ok(sol.tours[0].clone())));
        assert_eq!(game(&a).finishing.len(), 24);
        assert!(a.tick().is_some());
        for _ in 0..24 {
            a.update(Action::Tick);
        }
        assert!(game(&a).is_complete());
        assert!(a.tick().is_none());
        assert!(
            game(&a)
                .status()
                .starts_with("complete open tour of 25 squares")
        );
        // Saving in play writes the game's path.
        let fx = keys(&mut a, &[Command::Save]);
        let [Effect::Save(_, file)] = &fx[..] else {
            panic!("{fx:?}")
        };
        assert_eq!(file.path.len(), 25);
        assert_eq!(file.meta.as_ref().unwrap()["algorithm"], "hand");
    }

    #[test]
    fn load_a_file_by_path() {
        let mut a = app();
        keys(&mut a, &[Command::Load]);
        assert_eq!(a.context(), Context::Prompt);
        // Keys that mean something elsewhere are text here.
        assert_eq!(command_for(press('q'), Context::Prompt), None);
        for c in "t.txx".chars() {
            a.update(Action::Type(c));
        }
        a.update(Action::Erase);
        a.update(Action::Type('t'));
        let fx = keys(&mut a, &[Command::Apply]);
        assert_eq!(fx, vec![Effect::Open(PathBuf::from("t.txt"))]);
        assert!(a.prompt.is_none());
        a.update(Action::Opened(
            "t.txt".into(),
            Err("t.txt: no such file".into()),
        ));
        assert_eq!(
            a.message.as_deref(),
            Some("cannot open t.txt: no such file")
        );
        let text =
            " 1 14  9 20  3\n24 19  2 15 10\n13  8 25  4 21\n18 23  6 11 16\n 7 12 17 22  5\n";
        a.update(Action::Opened("t.txt".into(), Ok(text.into())));
        assert_eq!(a.mode, Mode::Replay);
        assert_eq!(replay_of(&a).legal.len(), 25);
        // Esc closes the prompt without quitting.
        keys(&mut a, &[Command::Load, Command::Back]);
        assert!(a.prompt.is_none() && !a.quit);
    }
}
