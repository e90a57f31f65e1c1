//! Configuration: the documented `config.toml` built into the binary, a
//! user's file over it key by key, and one typed struct out.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use clap::{Args, ValueEnum};
use serde::{Deserialize, Deserializer, Serialize};

use ratatui::style::Color;

use knight_tui::board::{Leaper, Surface};
use knight_tui::solver::{Algorithm, MoveOrder, TieBreak};

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
    #[serde(deserialize_with = "via::<Speed, _, _>")]
    pub speed: usize,
    pub save_dir: PathBuf,
    /// ASCII symbols instead of Unicode (`symbols = "ascii"`).
    #[serde(rename = "symbols", deserialize_with = "via::<Symbols, _, _>")]
    pub ascii: bool,
    /// How the path is drawn at launch.
    pub drawing: Drawing,
    /// Files and ranks on the board's edges at launch.
    pub labels: bool,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThemeConfig {
    #[serde(deserialize_with = "via::<Colour, _, _>")]
    pub current: Color,
    #[serde(deserialize_with = "via::<Colour, _, _>")]
    pub candidate: Color,
    #[serde(deserialize_with = "via::<Colour, _, _>")]
    pub blocked: Color,
    #[serde(deserialize_with = "via::<Colour, _, _>")]
    pub accent: Color,
    /// A light terminal background.
    #[serde(deserialize_with = "via::<Background, _, _>")]
    pub background: bool,
    /// The colours the terminal shows; `None` to tell from the environment.
    #[serde(deserialize_with = "via::<Colours, _, _>")]
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
/// square, or both (key `d` cycles them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(try_from = "String")]
pub enum Drawing {
    /// The squares' step numbers (`numbers` in the configuration).
    #[default]
    Numbers,
    Lines,
    Both,
}

impl Drawing {
    pub fn next(self) -> Drawing {
        match self {
            Drawing::Numbers => Drawing::Lines,
            Drawing::Lines => Drawing::Both,
            Drawing::Both => Drawing::Numbers,
        }
    }

    /// Whether lines are drawn.
    pub fn lines(self) -> bool {
        self != Drawing::Numbers
    }

    /// `numbers`, `lines`, `lines and numbers`: for messages.
    pub fn name(self) -> &'static str {
        match self {
            Drawing::Numbers => "squares",
            Drawing::Lines => "lines",
            Drawing::Both => "lines and numbers",
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

/// A key read as the small type `W`, whose `TryFrom` says in one line
/// what is wrong with a value, and kept as what `W` stands for.
fn via<'de, W, T, D>(d: D) -> Result<T, D::Error>
where
    W: Deserialize<'de> + Into<T>,
    D: Deserializer<'de>,
{
    W::deserialize(d).map(Into::into)
}

/// The value named `text` of `names`, or `'text' is not WHAT: use "a",
/// "b" or "c"`.
fn one_of<T: Copy>(text: &str, what: &str, names: &[(&str, T)]) -> Result<T, String> {
    if let Some(&(_, v)) = names.iter().find(|(n, _)| *n == text) {
        return Ok(v);
    }
    let quoted: Vec<String> = names.iter().map(|(n, _)| format!("\"{n}\"")).collect();
    let (last, rest) = quoted.split_last().expect("names");
    Err(format!(
        "'{text}' is not {what}: use {} or {last}",
        rest.join(", ")
    ))
}

impl TryFrom<String> for Drawing {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        let names = [
            ("numbers", Drawing::Numbers),
            ("lines", Drawing::Lines),
            ("both", Drawing::Both),
        ];
        one_of(&text, "a way to draw the path", &names)
    }
}

impl TryFrom<String> for ColorChoice {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        let names = [
            ("auto", ColorChoice::Auto),
            ("always", ColorChoice::Always),
            ("never", ColorChoice::Never),
        ];
        one_of(&text, "a colour choice", &names)
    }
}

/// `symbols`: "unicode" or "ascii" (true).
#[derive(Deserialize)]
#[serde(try_from = "String")]
struct Symbols(bool);

impl TryFrom<String> for Symbols {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        one_of(
            &text,
            "a symbol set",
            &[("unicode", false), ("ascii", true)],
        )
        .map(Symbols)
    }
}

impl From<Symbols> for bool {
    fn from(s: Symbols) -> bool {
        s.0
    }
}

/// `background`: "dark" or "light" (true).
#[derive(Deserialize)]
#[serde(try_from = "String")]
struct Background(bool);

impl TryFrom<String> for Background {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        one_of(&text, "a background", &[("dark", false), ("light", true)]).map(Background)
    }
}

impl From<Background> for bool {
    fn from(b: Background) -> bool {
        b.0
    }
}

/// `colours`: "auto" (`None`), "16", "256" or "24bit" ("truecolor" too);
/// 16 and 256 may be written as numbers.
#[derive(Deserialize)]
#[serde(try_from = "toml::Value")]
struct Colours(Option<Depth>);

impl TryFrom<toml::Value> for Colours {
    type Error = String;
    fn try_from(value: toml::Value) -> Result<Self, String> {
        let text = match value {
            toml::Value::String(s) => s,
            other => other.to_string(),
        };
        if text == "truecolor" {
            return Ok(Colours(Some(Depth::True)));
        }
        let names = [
            ("auto", None),
            ("16", Some(Depth::Ansi16)),
            ("256", Some(Depth::Ansi256)),
            ("24bit", Some(Depth::True)),
        ];
        one_of(&text, "a number of colours", &names).map(Colours)
    }
}

impl From<Colours> for Option<Depth> {
    fn from(c: Colours) -> Option<Depth> {
        c.0
    }
}

/// A colour: a name or `#rrggbb`.
#[derive(Deserialize)]
#[serde(try_from = "String")]
struct Colour(Color);

impl TryFrom<String> for Colour {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        text.parse()
            .map(Colour)
            .map_err(|_| format!("'{text}' is not a colour name or #rrggbb"))
    }
}

impl From<Colour> for Color {
    fn from(c: Colour) -> Color {
        c.0
    }
}

/// `speed`: "full" or a number of steps a second, as its index in
/// [`SPEEDS`].
#[derive(Deserialize)]
#[serde(try_from = "toml::Value")]
struct Speed(usize);

impl TryFrom<toml::Value> for Speed {
    type Error = String;
    fn try_from(v: toml::Value) -> Result<Self, String> {
        let want = match &v {
            toml::Value::String(s) if s == "full" => None,
            toml::Value::Integer(n) => Some(*n as f64),
            toml::Value::Float(x) => Some(*x),
            // Any other word is no speed (not "full").
            toml::Value::String(s) => Some(s.parse::<f64>().unwrap_or(f64::NAN)),
            _ => Some(f64::NAN),
        };
        SPEEDS
            .iter()
            .position(|&s| s == want)
            .map(Speed)
            .ok_or_else(|| not_a_speed(&v.to_string()))
    }
}

impl From<Speed> for usize {
    fn from(s: Speed) -> usize {
        s.0
    }
}

fn not_a_speed(what: &str) -> String {
    format!(
        "{what} is not a speed: use \"full\" or one of 1, 2, 5, 10, 25, 50, 100, 250, 1000, 5000"
    )
}

/// A speed as the command line gives it ("full" or steps a second): its
/// index in [`SPEEDS`].
pub fn speed_index(text: &str) -> Result<usize, String> {
    let want = match text.trim() {
        "full" => None,
        t => Some(t.parse::<f64>().unwrap_or(f64::NAN)),
    };
    SPEEDS
        .iter()
        .position(|&s| s == want)
        .ok_or_else(|| not_a_speed(&format!("'{text}'")))
}

/// A speed as the configuration file writes it.
pub fn speed_value(index: usize) -> toml::Value {
    match SPEEDS.get(index).copied().flatten() {
        None => toml::Value::String("full".into()),
        Some(x) => toml::Value::Integer(x as i64),
    }
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
    /// The piece: knight (the default), camel, zebra, giraffe, antelope, or any leap as a,b (e.g. 2,5).
    #[arg(long, value_name = "NAME|A,B", value_parser = typed::<Leaper>)]
    #[serde(default, with = "text")]
    pub leaper: Option<Leaper>,
    /// The surface: plane (the default), cylinder (the columns wrap) or torus (rows and columns wrap).
    #[arg(long, value_name = "SURFACE", value_parser = typed::<Surface>)]
    #[serde(default, with = "text")]
    pub surface: Option<Surface>,
}

impl BoardLayer {
    /// The shorthands as the keys they stand for: `--size` as rows and
    /// cols, `--closed`/`--open` as `closed`.
    pub fn expanded(&self) -> BoardLayer {
        let mut keys = self.clone();
        if let Some(n) = self.size {
            (keys.rows, keys.cols) = (Some(n), Some(n));
        }
        if self.closed_flag || self.open {
            keys.closed = Some(self.closed_flag);
        }
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
    knight_tui::spec::time_limit(x).map_err(|e| e.to_string())?;
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
            None => user_path().filter(|p| p.is_file()),
        };
        if let Some(path) = &user {
            let text =
                knight_tui::files::read_path(path, &knight_tui::files::FileLimit::config(), None)
                    .map_err(|e| match e {
                    knight_tui::files::ReadError::Io(e) => {
                        format!("cannot read config file {}: {e}", path.display())
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
            && let Err(e) = knight_tui::spec::time_limit(t)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn with_file(text: &str) -> Result<Config, String> {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("c.toml");
        std::fs::write(&p, text).unwrap();
        Config::load(Some(&p))
    }

    #[test]
    fn defaults_load() {
        let c: Config = toml::from_str(DEFAULT).unwrap();
        assert_eq!((c.board.rows, c.board.cols), (Some(8), Some(8)));
        assert_eq!(c.search.algorithm, Some(Algorithm::Auto));
    }

    #[test]
    fn the_built_in_config_sets_every_key_of_the_layers() {
        let built_in: toml::Table = toml::from_str(DEFAULT).unwrap();
        // serde names every key of a section when one is unknown.
        let keys_of = |e: toml::de::Error| -> Vec<String> {
            let list = e.message().split("expected one of ").nth(1).unwrap();
            list.split(", ")
                .map(|k| k.trim_matches('`').to_string())
                .collect()
        };
        let unknown = || toml::Table::from_iter([("x".to_string(), toml::Value::Integer(0))]);
        let board = toml::Value::Table(unknown()).try_into::<BoardLayer>();
        let search = toml::Value::Table(unknown()).try_into::<SearchLayer>();
        for (section, e) in [
            ("board", board.unwrap_err()),
            ("search", search.unwrap_err()),
        ] {
            let mut keys = keys_of(e);
            keys.sort();
            let set: Vec<&String> = built_in[section].as_table().unwrap().keys().collect();
            assert_eq!(set, keys.iter().collect::<Vec<_>>(), "{section}");
        }
    }

    #[test]
    fn a_setting_is_written_as_it_reads() {
        for (text, leaper) in [("knight", Leaper::KNIGHT), ("2,5", "2,5".parse().unwrap())] {
            assert_eq!(leaper.text(), text);
            assert_eq!(Leaper::from_text(text), Ok(leaper));
        }
        assert_eq!(MoveOrder::from_text(""), Ok(MoveOrder::default()));
        for order in MoveOrder::NAMED.map(|(_, o)| o) {
            assert_eq!(MoveOrder::from_text(&order.text()), Ok(order));
        }
        let odd: MoveOrder = "2,1;-2,-1;-2,1;-1,-2;-1,2;1,-2;1,2;2,-1".parse().unwrap();
        assert_eq!(MoveOrder::from_text(&odd.text()), Ok(odd));
    }

    #[test]
    fn the_drawing_and_labels_are_configured() {
        let c: Config = toml::from_str(DEFAULT).unwrap();
        assert_eq!((c.app.drawing, c.app.labels), (Drawing::Both, false));
        let c = with_file("[app]\ndrawing = \"lines\"\nlabels = true\n").unwrap();
        assert_eq!((c.app.drawing, c.app.labels), (Drawing::Lines, true));
        let c = with_file("[theme]\nbackground = \"light\"\n").unwrap();
        assert!(c.theme.background);
        let e = with_file("[theme]\nbackground = \"beige\"\n").unwrap_err();
        assert!(
            e.contains("theme.background: 'beige' is not a background"),
            "{e}"
        );
        assert_eq!(c.theme.colours, None);
        for (text, want) in [
            ("\"16\"", Depth::Ansi16),
            ("256", Depth::Ansi256),
            ("\"24bit\"", Depth::True),
            ("\"truecolor\"", Depth::True),
        ] {
            let c = with_file(&format!("[theme]\ncolours = {text}\n")).unwrap();
            assert_eq!(c.theme.colours, Some(want), "{text}");
        }
        let e = with_file("[theme]\ncolours = \"88\"\n").unwrap_err();
        assert!(
            e.contains("theme.colours: '88' is not a number of colours"),
            "{e}"
        );
        let e = with_file("[app]\ndrawing = \"crayon\"\n").unwrap_err();
        assert!(
            e.contains("app.drawing: 'crayon' is not a way to draw the path"),
            "{e}"
        );
    }

    #[test]
    fn user_file_overrides_key_by_key() {
        let c = with_file("[board]\nrows = 5\n[search]\ntie_break = \"lookahead\"\n").unwrap();
        assert_eq!((c.board.rows, c.board.cols), (Some(5), Some(8)));
        assert_eq!(c.search.tie_break, Some(TieBreak::Lookahead));
        assert_eq!(c.board.start.as_deref(), Some("0,0"));
    }

    #[test]
    fn errors_name_file_and_key() {
        let e = with_file("[board]\nrowz = 5\n").unwrap_err();
        assert!(
            e.contains("c.toml") && e.contains("board: unknown field `rowz`"),
            "{e}"
        );
        let e = with_file("[board]\nrows = \"x\"\n").unwrap_err();
        assert!(e.contains("board.rows: invalid type"), "{e}");
        let e = with_file("[search]\nalgorithm = \"magic\"\n").unwrap_err();
        assert!(
            e.contains("search.algorithm: unknown algorithm 'magic'"),
            "{e}"
        );
        let e = with_file("[board\n").unwrap_err();
        assert!(e.contains("line 1, column"), "{e}");
        let e = with_file("[app]\nspeed = 7\n").unwrap_err();
        assert!(e.contains("app.speed: 7 is not a speed"), "{e}");
        let e = with_file("[theme]\ncurrent = \"chartreuse-ish\"\n").unwrap_err();
        assert!(
            e.contains("theme.current: 'chartreuse-ish' is not a colour"),
            "{e}"
        );
        let e = with_file("[app]\nsymbols = \"emoji\"\n").unwrap_err();
        assert!(e.contains("app.symbols"), "{e}");
        let c =
            with_file("[app]\nspeed = 25\nsymbols = \"ascii\"\n[theme]\naccent = \"#ff8800\"\n")
                .unwrap();
        assert_eq!(SPEEDS[c.app.speed], Some(25.0));
        assert!(c.app.ascii);
        assert_eq!(c.theme.accent, Color::Rgb(0xff, 0x88, 0));
        let e = with_file("[search]\ntime_limit = -1.0\n").unwrap_err();
        assert!(e.contains("search.time_limit"), "{e}");
        // Huge limits are refused in one line, never a panic later.
        for t in ["1e19", "1e300", "1.0e10"] {
            let e = with_file(&format!("[search]\ntime_limit = {t}\n")).unwrap_err();
            assert!(
                e.contains("search.time_limit") && e.contains("at most 1e9"),
                "{e}"
            );
        }
        assert!(with_file("[search]\ntime_limit = 0.0\n").is_ok());
        let e = with_file("[search]\ntime_limit = -0.0\n").unwrap_err();
        assert!(
            e.contains("search.time_limit") && e.contains("above 0"),
            "{e}"
        );
        // A number past what TOML holds names its key.
        let e = with_file("[search]\nnode_limit = 18446744073709551615\n").unwrap_err();
        assert!(
            e.contains("line 2, column 14: search.node_limit: ") && e.contains("too large"),
            "{e}"
        );
        // A word that is not "full" is not full speed.
        let e = with_file("[app]\nspeed = \"fast\"\n").unwrap_err();
        assert!(
            e.contains("app.speed") && e.contains("is not a speed"),
            "{e}"
        );
        // The key is found from the error's span, at any depth.
        for (text, said) in [
            ("[extra]\ny = 1\n", ": unknown field `extra`"),
            ("[board.x]\ny = 1\n", ": board: unknown field `x`"),
            (
                "[board]\nrows = [1]\n",
                ": board.rows: invalid type: sequence",
            ),
            (
                "[theme]\ncolours = true\n",
                ": theme.colours: 'true' is not",
            ),
        ] {
            let e = with_file(text).unwrap_err();
            assert!(e.contains(&format!("c.toml{said}")), "{text}: {e}");
        }
        for e in [
            with_file("[board]\nrowz = 5\n").unwrap_err(),
            Config::load(Some(Path::new("/no/such/file.toml"))).unwrap_err(),
        ] {
            assert!(!e.contains('\n'), "one line: {e}");
        }
    }
}
