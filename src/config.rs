//! Configuration: the documented `config.toml` built into the binary, a
//! user's file over it key by key, and one typed struct out.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use clap::{Args, ValueEnum};
use serde::{Deserialize, Serialize};

use ratatui::style::Color;

use knight_engine::board::{Leaper, Surface};
use knight_engine::solver::{Algorithm, MoveOrder, TieBreak};

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

/// How a speed of the ladder reads: `full`, `1 step/s`, `25 steps/s`.
pub fn speed_label(index: usize) -> String {
    match SPEEDS.get(index).copied().flatten() {
        Some(1.0) => "1 step/s".into(),
        Some(s) => format!("{s} steps/s"),
        None => "full".into(),
    }
}

/// The shipped default configuration.
pub const DEFAULT: &str = include_str!("../config.toml");

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    pub board: BoardLayer,
    pub search: SearchLayer,
    pub app: AppConfig,
    pub theme: ThemeConfig,
    pub output: OutputConfig,
    /// The app's keys rebound: command name = key (`quit = "Q"`),
    /// checked against the key table at start.
    #[serde(default)]
    pub keys: std::collections::BTreeMap<String, String>,
    /// The file read over the defaults, if any.
    #[serde(skip)]
    pub path: Option<PathBuf>,
    /// The values as TOML: the defaults with the file over them.
    #[serde(skip)]
    pub table: toml::Table,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AppConfig {
    #[serde(deserialize_with = "values::via::<values::Speed, _, _>")]
    pub speed: usize,
    pub save_dir: PathBuf,
    /// ASCII symbols instead of Unicode (`symbols = "ascii"`).
    #[serde(
        rename = "symbols",
        deserialize_with = "values::via::<values::Symbols, _, _>"
    )]
    pub ascii: bool,
    /// How the path is drawn at launch.
    pub drawing: Drawing,
    /// Files and ranks on the board's edges at launch.
    pub labels: bool,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThemeConfig {
    #[serde(deserialize_with = "values::via::<values::Colour, _, _>")]
    pub current: Color,
    #[serde(deserialize_with = "values::via::<values::Colour, _, _>")]
    pub candidate: Color,
    #[serde(deserialize_with = "values::via::<values::Colour, _, _>")]
    pub blocked: Color,
    #[serde(deserialize_with = "values::via::<values::Colour, _, _>")]
    pub accent: Color,
    /// The square the tour must end on (`--end`).
    #[serde(deserialize_with = "values::via::<values::Colour, _, _>")]
    pub goal: Color,
    /// A puzzle's clues (`play --puzzle`).
    #[serde(deserialize_with = "values::via::<values::Colour, _, _>")]
    pub clue: Color,
    /// A light terminal background; `None` to ask the terminal.
    #[serde(deserialize_with = "values::via::<values::Background, _, _>")]
    pub background: Option<bool>,
    /// The colours the terminal shows; `None` to tell from the environment.
    #[serde(deserialize_with = "values::via::<values::Colours, _, _>")]
    pub colours: Option<Depth>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OutputConfig {
    pub color: ColorChoice,
}

/// How many colours the terminal shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    /// 24-bit colour (`COLORTERM=truecolor` or `24bit`).
    True,
    /// The xterm 256-colour palette (`TERM` naming `256color`).
    Ansi256,
    /// The 16 ANSI colours.
    Ansi16,
}

/// How the path is drawn: as the squares' steps, as lines from square to
/// square, or both (key `d` cycles them); `auto`, the default: both where
/// the squares are big enough that numbers and lines do not touch.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(try_from = "String")]
pub enum Drawing {
    /// The squares' step numbers (`numbers` in the configuration).
    Numbers,
    Lines,
    Both,
    /// Both on squares big enough, else the numbers alone (lines where
    /// a square is a character or less).
    #[default]
    Auto,
}

impl Drawing {
    /// The drawings `d` cycles through, in order (`auto` is only where
    /// the app starts).
    pub const CYCLE: [Drawing; 3] = [Drawing::Numbers, Drawing::Lines, Drawing::Both];

    pub fn next(self) -> Drawing {
        match self {
            Drawing::Numbers => Drawing::Lines,
            Drawing::Lines => Drawing::Both,
            Drawing::Both | Drawing::Auto => Drawing::Numbers,
        }
    }

    /// Whether lines are drawn (`auto` once the squares' size decides it).
    pub fn lines(self) -> bool {
        self != Drawing::Numbers
    }

    /// `numbers`, `lines`, `lines and numbers`: for messages.
    pub fn name(self) -> &'static str {
        match self {
            Drawing::Numbers => "squares",
            Drawing::Lines => "lines",
            Drawing::Both => "lines and numbers",
            Drawing::Auto => "lines and numbers where they fit",
        }
    }
}

/// When to colour.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, ValueEnum, Deserialize)]
#[serde(try_from = "String")]
pub enum ColorChoice {
    /// On a terminal, unless NO_COLOR is set or TERM is dumb.
    #[default]
    Auto,
    Always,
    Never,
}

/// The `[board]` section, declared once: each field is a key of the file
/// (`#[serde]`) and a flag (`#[arg]`), typed by the parser, `None` where a
/// layer (the built-in file, the user's, the flags) leaves it alone. The
/// built-in file sets every key.
#[derive(Args, Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct BoardLayer {
    /// Square board of N x N.
    #[arg(long, value_name = "N", value_parser = parse_side, allow_hyphen_values = true, conflicts_with_all = ["rows", "cols"])]
    #[serde(skip)]
    pub size: Option<u32>,
    /// Rows of a rectangular board.
    #[arg(long, value_name = "R", value_parser = parse_side, allow_hyphen_values = true)]
    pub rows: Option<u32>,
    /// Columns of a rectangular board.
    #[arg(long, value_name = "C", value_parser = parse_side, allow_hyphen_values = true)]
    pub cols: Option<u32>,
    /// Start square: ROW,COL (zero-based, row 0 at the top) or algebraic like a1.
    #[arg(long, value_name = "SQUARE", allow_hyphen_values = true)]
    pub start: Option<String>,
    /// The square an open tour must end on (count --table takes it without a square: the tours from the start to each square).
    #[arg(long, value_name = "SQUARE", num_args = 0..=1, default_missing_value = EACH_END, conflicts_with = "closed_flag")]
    pub end: Option<String>,
    /// Squares removed from the board: 'SQ;SQ;…'.
    #[arg(long = "block", value_name = "SQUARES", allow_hyphen_values = true)]
    pub blocked: Option<String>,
    /// The key `closed`; the flags are `--closed` and `--open`.
    #[arg(skip)]
    pub closed: Option<bool>,
    /// The tour must end a knight's move from its start.
    #[arg(long = "closed", conflicts_with = "open")]
    #[serde(skip)]
    pub closed_flag: bool,
    /// An open tour, even when the configuration asks for closed ones.
    #[arg(long)]
    #[serde(skip)]
    pub open: bool,
    /// The key `leaper`; the flag is [`PieceArgs`]'s.
    #[arg(skip)]
    #[serde(default, with = "text")]
    pub leaper: Option<Leaper>,
    /// The key `surface`; the flag is [`PieceArgs`]'s.
    #[arg(skip)]
    #[serde(default, with = "text")]
    pub surface: Option<Surface>,
    /// `--leaper` and `--surface`.
    #[command(flatten)]
    #[serde(skip)]
    pub piece: PieceArgs,
}

/// `--end` given without a square (or as `--end each`): `count --table`'s
/// table by last square.
pub const EACH_END: &str = "each";

/// The piece and the surface as flags: declared once, for every command
/// that takes a board and for `sweep`, which takes them without one.
#[derive(Args, Clone, Copy, Debug, Default, PartialEq)]
pub struct PieceArgs {
    /// The piece: knight (the default), camel, zebra, giraffe, antelope, or any leap as a,b (e.g. 2,5).
    #[arg(long, value_name = "NAME|A,B", value_parser = typed::<Leaper>)]
    pub leaper: Option<Leaper>,
    /// The surface: plane (the default), cylinder (the columns wrap) or torus (rows and columns wrap).
    #[arg(long, value_name = "SURFACE", value_parser = typed::<Surface>)]
    pub surface: Option<Surface>,
}

impl BoardLayer {
    /// The shorthands as the keys they stand for: `--size` as rows and
    /// cols, `--closed`/`--open` as `closed`, the piece's flags as theirs.
    pub fn expanded(&self) -> BoardLayer {
        let mut keys = self.clone();
        if let Some(n) = self.size {
            (keys.rows, keys.cols) = (Some(n), Some(n));
        }
        if self.closed_flag || self.open {
            keys.closed = Some(self.closed_flag);
        }
        keys.leaper = self.piece.leaper.or(self.leaper);
        keys.surface = self.piece.surface.or(self.surface);
        keys
    }
}

/// The `[search]` section, declared once as [`BoardLayer`] is.
#[derive(Args, Serialize, Deserialize, Clone, Debug, Default, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SearchLayer {
    /// Algorithm: auto, backtrack, warnsdorff, enumerate, construct.
    #[arg(long = "algo", value_name = "NAME", value_parser = typed::<Algorithm>)]
    #[serde(default, with = "text")]
    pub algorithm: Option<Algorithm>,
    /// Warnsdorff tie-break: roth, fixed, lookahead, random.
    #[arg(long, value_name = "NAME", value_parser = typed::<TieBreak>)]
    #[serde(default, with = "text")]
    pub tie_break: Option<TieBreak>,
    /// The order the moves are tried in: eight dr,dc pairs, e.g. '2,1;-2,-1;-2,1;-1,-2;-1,2;1,-2;1,2;2,-1', or clockwise, textbook, counter-clockwise.
    #[arg(long, value_name = "ORDER", allow_hyphen_values = true, value_parser = typed::<MoveOrder>)]
    #[serde(default, with = "text")]
    pub moves: Option<MoveOrder>,
    /// Stop a search after this many nodes (exit 3 if undecided).
    #[arg(long, value_name = "N", value_parser = parse_positive, allow_hyphen_values = true)]
    #[serde(serialize_with = "within_toml")]
    pub node_limit: Option<u64>,
    /// Stop a search after this many seconds (exit 3 if undecided).
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds, allow_hyphen_values = true)]
    pub time_limit: Option<f64>,
}

/// A count as TOML can write it: its integers stop at `i64::MAX`, which
/// is as good as no limit.
fn within_toml<S: serde::Serializer>(value: &Option<u64>, s: S) -> Result<S::Ok, S::Error> {
    match value {
        Some(n) => s.serialize_u64((*n).min(i64::MAX as u64)),
        None => s.serialize_none(),
    }
}

/// A key's value in the merged configuration. The built-in file sets
/// every key (a test says so), so only a layer of flags alone is partial.
pub fn value<T: Clone>(value: &Option<T>) -> T {
    value
        .clone()
        .expect("the built-in config.toml sets every key")
}

/// A setting written as text: read by the type's `FromStr` (as its flag
/// is) and written back so that it reads the same. (A key left `None` is
/// not written: toml leaves out a struct's `None` fields.)
pub trait Text: FromStr<Err: std::error::Error + Send + Sync + 'static> {
    fn text(&self) -> String;
    /// The value the file's text stands for.
    fn from_text(text: &str) -> Result<Self, Self::Err> {
        text.parse()
    }
}

impl Text for Leaper {
    fn text(&self) -> String {
        self.name()
            .map_or_else(|| format!("{},{}", self.a(), self.b()), str::to_string)
    }
}

impl Text for Surface {
    fn text(&self) -> String {
        self.name().into()
    }
}

impl Text for Algorithm {
    fn text(&self) -> String {
        self.name().into()
    }
}

impl Text for TieBreak {
    fn text(&self) -> String {
        self.name().into()
    }
}

impl Text for MoveOrder {
    fn text(&self) -> String {
        self.name().map_or_else(|| self.to_string(), str::to_string)
    }
    /// "" is the default order.
    fn from_text(text: &str) -> Result<Self, Self::Err> {
        if text.trim().is_empty() {
            return Ok(MoveOrder::default());
        }
        text.parse()
    }
}

/// Serde for an optional [`Text`] setting (with `default`, so that a key
/// left out is `None`).
mod text {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer, T: super::Text>(
        value: &Option<T>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match value {
            Some(v) => s.serialize_str(&v.text()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>, T: super::Text>(
        d: D,
    ) -> Result<Option<T>, D::Error> {
        let s = String::deserialize(d)?;
        T::from_text(&s).map(Some).map_err(serde::de::Error::custom)
    }
}

/// A flag's value refused by its type (the type's own error): the command
/// line says it as `--flag: reason`.
#[derive(Debug, thiserror::Error)]
#[error(transparent)]
pub struct Refusal(pub Box<dyn std::error::Error + Send + Sync>);

/// A flag's value parsed by its type's `FromStr`.
pub fn typed<T: Text>(s: &str) -> Result<T, Refusal> {
    s.parse().map_err(|e| Refusal(Box::new(e)))
}

/// A whole number >= 1 that fits `T`, with one-line reasons.
fn parse_whole<T: TryFrom<i128>>(s: &str, what: &str) -> Result<T, String> {
    let n: i128 = s
        .trim()
        .parse()
        .map_err(|_| format!("'{s}' is not a whole number"))?;
    if n < 1 {
        return Err(format!("{what} must be at least 1 (got {n})"));
    }
    T::try_from(n).map_err(|_| format!("{n} is far too large for {what}"))
}

/// A board side given as a flag.
pub fn parse_side(s: &str) -> Result<u32, String> {
    parse_whole(s, "a board side")
}

/// A puzzle's seed given as a flag: any whole number from 0.
pub fn parse_seed(s: &str) -> Result<u64, String> {
    s.trim()
        .parse()
        .map_err(|_| format!("'{s}' is not a seed: a whole number from 0 to {}", u64::MAX))
}

/// A count given as a flag.
pub fn parse_positive(s: &str) -> Result<u64, String> {
    parse_whole(s, "this value")
}

/// A time limit given as a flag.
pub fn parse_seconds(s: &str) -> Result<f64, String> {
    let x: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("'{s}' is not a number of seconds"))?;
    knight_engine::spec::time_limit(x).map_err(|e| e.to_string())?;
    Ok(x)
}

/// Where the user's file is looked for when `--config` is not given.
pub fn user_path() -> Option<PathBuf> {
    // A relative XDG_CONFIG_HOME is invalid and ignored, as the XDG base
    // directory specification says.
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .filter(|s| Path::new(s).is_absolute())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("knight-tui").join("config.toml"))
}

impl Config {
    /// Where the values came from, for messages.
    pub fn source(&self) -> String {
        source(self.path.as_deref())
    }

    /// Sets the app's speed (an index in [`SPEEDS`]) when one is given.
    pub fn with_speed(mut self, speed: Option<usize>) -> Config {
        if let Some(s) = speed {
            self.app.speed = s;
            if let Some(toml::Value::Table(app)) = self.table.get_mut("app") {
                app.insert("speed".into(), speed_value(s));
            }
        }
        self
    }

    /// The built-in defaults, overridden by `explicit` (which must exist) or
    /// else by the user's file when there is one. Errors are one line naming
    /// the file and the key.
    pub fn load(explicit: Option<&Path>) -> Result<Config, String> {
        let mut table: toml::Table =
            toml::from_str(DEFAULT).map_err(|e| format!("built-in config: {e}"))?;
        let user = match explicit {
            Some(p) => Some(p.to_path_buf()),
            None => user_path().filter(|p| p.exists()),
        };
        if let Some(path) = &user {
            // A FIFO would block and a device never end: refused, never
            // read, and never passed over in silence.
            if let Ok(meta) = std::fs::metadata(path)
                && !meta.is_file()
            {
                return Err(format!(
                    "config file {}: not a regular file",
                    path.display()
                ));
            }
            let text = knight_engine::files::read_path(
                path,
                &knight_engine::files::FileLimit::config(),
                None,
            )
            .map_err(|e| match e {
                knight_engine::files::ReadError::Io(e) => {
                    format!(
                        "cannot read config file {}: {}",
                        path.display(),
                        knight_engine::words::io_error(&e)
                    )
                }
                e => format!("config file {}: {e}", path.display()),
            })?;
            let over: toml::Table = toml::from_str(&text).map_err(|e| {
                let at = e
                    .span()
                    .map(|s| {
                        let before = &text[..s.start.min(text.len())];
                        let line = before.matches('\n').count() + 1;
                        let col = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
                        format!("line {line}, column {col}: {}", key_before(before))
                    })
                    .unwrap_or_default();
                format!("config file {}: {at}{}", path.display(), e.message())
            })?;
            merge(&mut table, over);
        }
        let file = source(user.as_deref());
        let mut config = parsed(&table, &file)?;
        let t = value(&config.search.time_limit);
        // -0.0 equals 0.0, but is not the 0 that means no limit.
        if (t != 0.0 || t.is_sign_negative())
            && let Err(e) = knight_engine::spec::time_limit(t)
        {
            return Err(format!("{file}: search.time_limit: {e}, or 0 for no limit"));
        }
        config.path = user;
        config.table = table;
        Ok(config)
    }
}

/// Where values came from, for messages: `config file PATH`, or
/// `built-in config`.
fn source(path: Option<&Path>) -> String {
    path.map_or("built-in config".into(), |p| {
        format!("config file {}", p.display())
    })
}

/// Overrides `base` with `over`, table by table, key by key.
pub fn merge(base: &mut toml::Table, over: toml::Table) {
    for (k, v) in over {
        match (base.get_mut(&k), v) {
            (Some(toml::Value::Table(b)), toml::Value::Table(o)) => merge(b, o),
            (_, v) => {
                base.insert(k, v);
            }
        }
    }
}

/// The key whose value begins at the end of `before` (the text of a
/// TOML file up to a value toml refused), as `table.key: `; empty when the
/// line holds no `key =` there.
fn key_before(before: &str) -> String {
    let line = &before[before.rfind('\n').map_or(0, |i| i + 1)..];
    let Some(key) = line
        .strip_suffix(' ')
        .unwrap_or(line)
        .trim_end()
        .strip_suffix('=')
    else {
        return String::new();
    };
    let key = key.trim();
    match table_before(before) {
        Some(t) => format!("{t}.{key}: "),
        None => format!("{key}: "),
    }
}

/// The name of the last `[table]` header in `before`.
fn table_before(before: &str) -> Option<&str> {
    before
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| l.starts_with('[') && l.ends_with(']'))
        .map(|l| l.trim_matches(['[', ']']).trim())
}

/// The typed configuration of a merged table. A value refused is said
/// with its key, found from the error's span (toml's API) in the table's
/// own text: `board.rows: invalid type ...`, or `board: unknown field ...`
/// for a key that is not one.
fn parsed(table: &toml::Table, file: &str) -> Result<Config, String> {
    let text = toml::to_string(table).map_err(|e| format!("{file}: {e}"))?;
    toml::from_str(&text).map_err(|e: toml::de::Error| {
        let before = e.span().map_or("", |s| &text[..s.start.min(text.len())]);
        let line = &before[before.rfind('\n').map_or(0, |i| i + 1)..];
        // At a header's last name (`[extra]`, `[board.x]`): its table's.
        let table = match line.strip_prefix('[') {
            Some(header) => Some(header.trim_end_matches('.')).filter(|t| !t.is_empty()),
            None => table_before(before),
        };
        let key = match key_before(before) {
            k if !k.is_empty() => k,
            _ => table.map_or(String::new(), |t| format!("{t}: ")),
        };
        format!("{file}: {key}{}", e.message())
    })
}

mod values;

pub use values::{speed_index, speed_value};

#[cfg(test)]
mod tests;
