//! The command line as clap sees it: the commands, their flags, and the
//! parsers that refuse bad values with a one-line reason.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use knight_engine::puzzle::Difficulty;
use knight_engine::solver::{Algorithm, MoveOrder, TieBreak};

use crate::config::{
    BoardLayer, PieceArgs, SearchLayer, parse_positive, parse_seed, parse_side, typed,
};

use crate::tui::keymap::{Context, help_line};

const ABOUT: &str = "The knight's tour: find, count and check tours on any rectangular board.";

const EXAMPLES: &str = "\
Examples:
  knight-tui                                     the app: watch a search on the configured board
  knight-tui --size 64                           the app on 64x64
  knight-tui solve --size 8 --start 0,0          a tour of 8x8 from the top-left corner
  knight-tui solve --size 6 --closed --format moves
  knight-tui count --size 5 --start a1           304 tours from a 5x5 corner
  knight-tui verify tour.json                    check a saved tour

Exit codes: 0 found / counted / valid, 1 no tour / not a valid tour,
2 bad input or usage, 3 undecided (a node or time limit stopped the search).";

#[derive(Parser, Debug)]
#[command(name = "knight-tui", version = knight_engine::VERSION, about = ABOUT, after_help = EXAMPLES)]
pub struct Cli {
    /// With no command: the board the app opens on.
    #[command(flatten)]
    pub board: BoardArgs,

    /// Configuration file (default: ~/.config/knight-tui/config.toml if present).
    #[arg(long, global = true, value_name = "PATH")]
    pub config: Option<PathBuf>,
    /// Colour on the command line: auto (a terminal, unless NO_COLOR is set), always, never.
    #[arg(long, global = true, value_enum, value_name = "WHEN")]
    pub color: Option<super::paint::ColorChoice>,
    /// With no command: the app's speed.
    #[command(flatten)]
    pub speed: SpeedArg,

    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Find a tour and print it (exit 0 found, 1 no tour, 3 undecided).
    #[command(after_help = "\
Examples:
  knight-tui solve --size 8                        numbered 8x8 board, steps 1..64
  knight-tui solve --rows 3 --cols 4 --format moves
  knight-tui solve --size 64 --format stats        one JSON line of statistics
  knight-tui solve --size 5 --tours 3 --format json
  knight-tui solve --size 8 --block '3,3;4,4' --out holed.json
  knight-tui solve --size 8 --closed --format svg > tour.svg
  knight-tui solve --size 8 --algo backtrack --time-limit 2
  knight-tui solve --size 8 --magic semi --tours 3  semimagic tours, distinct up to symmetry")]
    Solve(SolveArgs),
    /// Count tours from the start, or from every start (exit 0 some, 1 none, 3 undecided).
    #[command(after_help = "\
Examples:
  knight-tui count --size 5                        304 (from the corner)
  knight-tui count --size 5 --all-starts           1728
  knight-tui count --size 6 --closed               19724 directed closed tours from 0,0
  knight-tui count --size 6 --max 1000 --format json")]
    Count(CountArgs),
    /// Draw a tour file (JSON or numbered board) as an SVG picture: the board, the path as lines, start and end marked (exit 1 if its path is not legal).
    #[command(after_help = "\
Examples:
  knight-tui draw assets/euler-1759-8x8.json --out euler.svg
  knight-tui draw assets/open-5x5.txt --numbers > open-5x5.svg
  knight-tui solve --size 6 | knight-tui draw - --out six.svg")]
    Draw(DrawArgs),
    /// Check a tour file (JSON or numbered board): exit 0 valid complete tour, 1 not, 2 unreadable.
    #[command(after_help = "\
Examples:
  knight-tui verify tour.json
  knight-tui verify tour.json --format json
  knight-tui solve --size 6 | knight-tui verify -")]
    Verify(VerifyArgs),
    /// The app, replaying a tour file (JSON or numbered board).
    #[command(after_help = app_help(Context::Replay, "  knight-tui replay assets/euler-1759-8x8.json
  knight-tui replay assets/illegal-step.json     stops at the illegal step and says why"))]
    Replay(ReplayArgs),
    /// The app, for playing a tour by hand (the app checks every move).
    #[command(after_help = app_help(Context::Play, "  knight-tui play --size 5                       place the knight, then move it
  knight-tui play --size 8 --start a1
  knight-tui play --resume knight-5x5-2026-11-25-193012.json
  knight-tui play --puzzle                       the day's puzzle, 8x8 medium
  knight-tui play --puzzle --size 6 --difficulty hard --seed 7
  knight-tui play --puzzle today.txt             a puzzle file (see knight-tui puzzle)"))]
    Play(PlayArgs),
    /// The app, racing two searches on one board side by side: --algo against --vs (pause, step, speed and restart act on both).
    #[command(after_help = app_help(Context::Race, "  knight-tui race --size 8 --start 0,0 --algo backtrack --vs warnsdorff --speed 100
  knight-tui race --size 8 --algo warnsdorff --tie-break fixed --vs warnsdorff --vs-tie-break roth
  knight-tui race --size 6 --algo backtrack --moves clockwise --vs-moves textbook"))]
    Race(RaceArgs),
    /// Solve from every start of every n x n board, n = FROM..TO, and check each tour (exit 0 no failures).
    #[command(after_help = "\
Examples:
  knight-tui sweep --from 5 --to 64                 every start that can have an open tour
  knight-tui sweep --from 6 --to 32 --closed        closed tours (even sizes)
  knight-tui sweep --from 5 --to 16 --tie-break fixed --format json
  knight-tui sweep --from 5 --to 40 --quiet         the summary only")]
    Sweep(SweepArgs),
    /// Make a knight's-tour puzzle: some squares numbered, exactly one way to number the rest (proved by a count), rated by the reasoning it needs.
    #[command(after_help = "\
Examples:
  knight-tui puzzle                                the day's puzzle: 8x8, medium
  knight-tui puzzle --size 6 --difficulty easy --seed 7
  knight-tui puzzle --rows 8 --cols 10 --closed --difficulty hard
  knight-tui puzzle --format json --out today.json  the puzzle file
  knight-tui puzzle --format svg --count 6 --seed 1 --out booklet.svg  to print
  knight-tui puzzle | knight-tui solve --puzzle -  its one solution")]
    Puzzle(PuzzleArgs),
    /// Print where the configuration is read from and every setting in effect (defaults, file and flags merged), as TOML.
    #[command(after_help = "\
Examples:
  knight-tui config                                the configuration the app would use
  knight-tui config --size 6 --speed full          with these flags over it
  knight-tui config --default                      the documented defaults (a starting config.toml)")]
    Config(ConfigArgs),
    /// Print a completion script for a shell.
    #[command(after_help = "\
Examples:
  knight-tui completions bash > ~/.local/share/bash-completion/completions/knight-tui
  knight-tui completions zsh > ~/.zfunc/_knight-tui
  knight-tui completions fish > ~/.config/fish/completions/knight-tui.fish")]
    Completions(CompletionsArgs),
    /// Print the manual page (roff).
    #[command(after_help = "\
Examples:
  knight-tui man > knight-tui.1 && man -l knight-tui.1
  knight-tui man > ~/.local/share/man/man1/knight-tui.1")]
    Man,
}

#[derive(Args, Debug)]
pub struct ConfigArgs {
    /// Print the documented default configuration file instead.
    #[arg(long, conflicts_with_all = setting_flags())]
    pub default: bool,
    #[command(flatten)]
    pub board: BoardArgs,
    #[command(flatten)]
    pub speed: SpeedArg,
}

/// Every setting's flag, as the sections declare them: what `config
/// --default` refuses (clap names the one given, as for any conflict).
fn setting_flags() -> Vec<clap::Id> {
    let sections = clap::Command::new("settings");
    let sections = SpeedArg::augment_args(SearchLayer::augment_args(BoardLayer::augment_args(
        sections,
    )));
    sections
        .get_arguments()
        .map(|a| a.get_id().clone())
        .collect()
}

/// The flags of the board a saved game already has (`[board]`'s, but the
/// kind of tour): what `play --resume` refuses.
fn board_flags() -> Vec<clap::Id> {
    BoardLayer::augment_args(clap::Command::new("board"))
        .get_arguments()
        .map(|a| a.get_id().clone())
        .filter(|id| !["closed_flag", "open"].contains(&id.as_str()))
        .collect()
}

/// `--speed`: the app's speed (search, replay, and the solver's finish in
/// play), over `app.speed`.
#[derive(Args, Debug, Clone, Copy, Default, PartialEq)]
pub struct SpeedArg {
    /// The app's speed: "full" or steps a second (1, 2, 5, 10, 25, 50, 100, 250, 1000, 5000).
    #[arg(long = "speed", value_name = "SPEED", value_parser = parse_speed)]
    pub index: Option<usize>,
}

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Board and search options, shared by every command that takes a board:
/// the configuration's `[board]` and `[search]` sections as flags.
#[derive(Args, Debug, Clone, Default, PartialEq)]
pub struct BoardArgs {
    #[command(flatten)]
    pub board: BoardLayer,
    #[command(flatten)]
    pub search: SearchLayer,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The numbered board: steps 1..N, '.' for a blocked square.
    Board,
    /// The tour file (JSON v1), one object a line.
    Json,
    /// The squares in visit order, ROW,COL, one tour a line.
    Moves,
    /// One JSON line of statistics, after the tour was built and checked.
    Stats,
    /// An SVG picture of the tour (one tour): the board, the path as lines, start and end marked.
    Svg,
}

/// What `puzzle` prints.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum PuzzleFormat {
    /// The board with the clues' steps and '-' to fill.
    #[default]
    Text,
    /// The puzzle file.
    Json,
    /// A printable page (A4): the puzzle's grid, labelled, then its solution; with --count, a booklet.
    Svg,
}

/// How `count`, `verify` and `sweep` answer.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum AnswerFormat {
    /// Lines for people.
    #[default]
    Text,
    /// One JSON object a line, with documented keys (docs/commands.md: count; docs/commands-more.md: verify, sweep).
    Json,
}

/// `--format text|json`, and `--json` for `--format json`.
#[derive(Args, Debug, Clone, Copy, Default)]
pub struct ReportArgs {
    /// Output format.
    #[arg(long, value_enum, default_value_t = AnswerFormat::Text)]
    pub format: AnswerFormat,
    /// The same as --format json.
    #[arg(long)]
    pub json: bool,
}

impl ReportArgs {
    pub fn json(&self) -> bool {
        self.json || self.format == AnswerFormat::Json
    }
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Board)]
    pub format: Format,
    /// Print this many distinct tours.
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = parse_positive, allow_hyphen_values = true)]
    pub tours: u64,
    /// Write the tour file (JSON v1; with --format svg, the picture) here instead of printing the tour.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// With --out: no "wrote" line, only the exit code.
    #[arg(long, short)]
    pub quiet: bool,
    /// Find semimagic tours (rows and columns sum alike, 260 on 8x8) or magic ones (the long diagonals too), by the method of quartes: n x n boards, n a multiple of 4, at least 8.
    #[arg(long, value_enum, value_name = "KIND")]
    pub magic: Option<MagicKind>,
    /// Solve the puzzle in FILE (JSON with "clues", or a board of steps and '-'; '-' for standard input): exit 0 one solution, 1 none or several, 3 undecided. Stops after 30 s unless --time-limit says otherwise.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["magic", "tours", "out"])]
    pub puzzle: Option<PathBuf>,
    /// With --puzzle: first the solution as a chain of deductions, one a line, each saying why its step goes on its square (with --format json, JSON lines of rule, step, square, from and text, and no board).
    #[arg(long, requires = "puzzle")]
    pub explain: bool,
}

/// `puzzle`'s options.
#[derive(Args, Debug)]
pub struct PuzzleArgs {
    /// Square board of N x N (5 to 12; default 8).
    #[arg(long, value_name = "N", value_parser = parse_side, allow_hyphen_values = true, conflicts_with_all = ["rows", "cols"])]
    pub size: Option<u32>,
    /// Rows of a rectangular board (5 to 12).
    #[arg(long, value_name = "R", value_parser = parse_side, allow_hyphen_values = true, requires = "cols")]
    pub rows: Option<u32>,
    /// Columns of a rectangular board (5 to 12).
    #[arg(long, value_name = "C", value_parser = parse_side, allow_hyphen_values = true, requires = "rows")]
    pub cols: Option<u32>,
    /// The tour is closed: the last step a knight's move from the first.
    #[arg(long)]
    pub closed: bool,
    /// The deepest reasoning it needs: easy (forced squares), medium (knight distances and colours), hard (chains), expert (if this, then no room for that). Every level is solved by reasoning.
    #[arg(long, value_name = "LEVEL", value_parser = str::parse::<Difficulty>, default_value = "medium")]
    pub difficulty: Difficulty,
    /// Any whole number; the same seed makes the same puzzle. Default: today's date as YYYYMMDD, the day's puzzle.
    #[arg(long, value_name = "S", value_parser = parse_seed, allow_hyphen_values = true)]
    pub seed: Option<u64>,
    /// What is printed or written.
    #[arg(long, value_enum, default_value_t = PuzzleFormat::Text)]
    pub format: PuzzleFormat,
    /// With --format svg: N puzzles (seeds S to S + N - 1, at most 1000) in one document, then their solutions.
    #[arg(long, value_name = "N", value_parser = parse_positive, allow_hyphen_values = true)]
    pub count: Option<u64>,
    /// Write here instead of printing: the puzzle file (JSON), or with --format svg the SVG.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// With --out: no "wrote" line, only the exit code.
    #[arg(long, short)]
    pub quiet: bool,
}

/// What `solve --magic` looks for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
pub enum MagicKind {
    /// Rows and columns sum alike.
    Semi,
    /// Rows, columns and both long diagonals sum alike.
    Full,
}

impl From<MagicKind> for knight_engine::tour::magic::Magic {
    fn from(kind: MagicKind) -> Self {
        match kind {
            MagicKind::Semi => Self::Semi,
            MagicKind::Full => Self::Full,
        }
    }
}

#[derive(Args, Debug)]
pub struct CountArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    /// Sum the counts over every start square.
    #[arg(long)]
    pub all_starts: bool,
    /// Count from every start square and print the counts as a board (a
    /// table: the tours from each square, `.` for a blocked one).
    #[arg(long, conflicts_with_all = ["all_starts", "max"])]
    pub table: bool,
    /// Stop after K tours.
    #[arg(long, value_name = "K", value_parser = parse_positive, allow_hyphen_values = true)]
    pub max: Option<u64>,
    /// Count over the frontier on N timely workers in this process (with --cluster: N a process).
    #[arg(long, value_name = "N", value_parser = parse_positive, allow_hyphen_values = true)]
    pub workers: Option<u64>,
    /// Count over the frontier on a cluster: FILE lists each process's host:port, one a line (with --process).
    #[arg(long, value_name = "FILE", requires = "process")]
    pub cluster: Option<std::path::PathBuf>,
    /// With --cluster: the file of the key every process must hold (16 bytes or more; or a line `key FILE` in the host file).
    #[arg(long, value_name = "FILE", requires = "cluster")]
    pub cluster_key: Option<std::path::PathBuf>,
    /// Write the states to DIR as the count goes; started again with the same arguments, it resumes from there.
    #[arg(long, value_name = "DIR")]
    pub checkpoint: Option<std::path::PathBuf>,
    /// With --checkpoint: how often, in seconds (0: after every square); a count that meets in the middle keeps one after each piece across.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 300,
        requires = "checkpoint",
        value_parser = parse_whole,
        allow_hyphen_values = true
    )]
    pub checkpoint_every: u64,
    /// With --checkpoint: the file of a key (16 bytes or more) that seals the checkpoint, so nobody without it can forge one a resume takes (a cluster's key does the same).
    #[arg(long, value_name = "FILE", requires = "checkpoint")]
    pub checkpoint_key: Option<std::path::PathBuf>,
    /// This process's place in the --cluster file, from 0 (process 0 prints the count).
    #[arg(long, value_name = "I", requires = "cluster", value_parser = parse_index, allow_hyphen_values = true)]
    pub process: Option<usize>,
    /// Output: the count, or one JSON line {"count", "complete", "nodes", "elapsed_ms"}.
    #[command(flatten)]
    pub report: ReportArgs,
    /// No progress bar on a terminal.
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(Args, Debug)]
pub struct SweepArgs {
    /// Smallest board side.
    #[arg(long, value_name = "A", value_parser = parse_side, allow_hyphen_values = true)]
    pub from: u32,
    /// Largest board side.
    #[arg(long, value_name = "B", value_parser = parse_side, allow_hyphen_values = true)]
    pub to: u32,
    /// Closed tours (boards with none are skipped).
    #[arg(long)]
    pub closed: bool,
    #[command(flatten)]
    pub piece: PieceArgs,
    #[command(flatten)]
    pub search: SearchLayer,
    /// Output: a line a board and a summary, or one JSON line.
    #[command(flatten)]
    pub report: ReportArgs,
    /// Only the summary and the failures, no line a board.
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub board: BoardArgs,
    #[command(flatten)]
    pub speed: SpeedArg,
    /// Continue a saved game (a partial tour file, with its clues when a puzzle).
    #[arg(long, value_name = "FILE", conflicts_with_all = board_flags())]
    pub resume: Option<PathBuf>,
    /// Solve a puzzle by hand: FILE's (text or JSON), or without FILE one made now on the --size (or --rows, --cols) board, 5 to 12, default 8.
    #[arg(long, value_name = "FILE", num_args = 0..=1, conflicts_with_all = ["resume", "start", "end", "blocked"])]
    pub puzzle: Option<Option<PathBuf>>,
    /// With --puzzle and no FILE: easy, medium (the default), hard or expert.
    #[arg(long, value_name = "LEVEL", value_parser = str::parse::<Difficulty>, requires = "puzzle")]
    pub difficulty: Option<Difficulty>,
    /// With --puzzle and no FILE: the seed that makes it (default: today's date, the day's puzzle).
    #[arg(long, value_name = "S", requires = "puzzle", value_parser = parse_seed, allow_hyphen_values = true)]
    pub seed: Option<u64>,
}

#[derive(Args, Debug)]
pub struct RaceArgs {
    /// The left side: the board, start and search (--algo, --tie-break, --moves).
    #[command(flatten)]
    pub board: BoardArgs,
    /// The right side's algorithm (default: warnsdorff against backtrack, else backtrack).
    #[arg(long, value_name = "NAME", value_parser = typed::<Algorithm>)]
    pub vs: Option<Algorithm>,
    /// The right side's Warnsdorff tie-break (default: the left side's).
    #[arg(long, value_name = "NAME", value_parser = typed::<TieBreak>)]
    pub vs_tie_break: Option<TieBreak>,
    /// The right side's move order (default: the left side's).
    #[arg(long, value_name = "ORDER", allow_hyphen_values = true, value_parser = typed::<MoveOrder>)]
    pub vs_moves: Option<MoveOrder>,
    #[command(flatten)]
    pub speed: SpeedArg,
}

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The tour file: JSON (version 1) or a numbered board, or a built-in tour's name (euler, beverley).
    #[arg(value_name = "FILE", required_unless_present = "list")]
    pub file: Option<PathBuf>,
    /// Print the built-in tours' names, which work wherever a tour file is read, and exit.
    #[arg(long, conflicts_with = "file")]
    pub list: bool,
    #[command(flatten)]
    pub speed: SpeedArg,
}

#[derive(Args, Debug)]
pub struct DrawArgs {
    /// The tour file: JSON (version 1) or a numbered board; '-' reads standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Write the picture here (whole or not at all) instead of to standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Write each square's step in it.
    #[arg(long)]
    pub numbers: bool,
    /// With --out: no "wrote" line.
    #[arg(long, short)]
    pub quiet: bool,
}

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// The tour file: JSON (version 1) or a numbered board; '-' reads standard input.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Output: one line, or one JSON object {"file", "valid", "complete", …}.
    #[command(flatten)]
    pub report: ReportArgs,
}

/// The app's speed: its index in [`crate::config::SPEEDS`].
fn parse_speed(s: &str) -> Result<usize, String> {
    crate::config::speed_index(s)
}

/// An app subcommand's help after its flags: its keys, from the keymap,
/// then its examples.
fn app_help(context: Context, examples: &str) -> String {
    format!("{}\nExamples:\n{examples}", help_line(context))
}

/// A place in a list, from 0.
fn parse_whole(s: &str) -> Result<u64, String> {
    s.trim()
        .parse()
        .map_err(|_| format!("'{s}' is not a whole number of seconds from 0"))
}

fn parse_index(s: &str) -> Result<usize, String> {
    s.trim()
        .parse()
        .map_err(|_| format!("'{s}' is not a whole number from 0"))
}
