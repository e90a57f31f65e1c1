//! The `[app]`, `[theme]` and `[output]` values as the file writes them:
//! small types whose `TryFrom` says in one line what is wrong with a value.

use ratatui::style::Color;
use serde::{Deserialize, Deserializer};

use super::{ColorChoice, Depth, Drawing, SPEEDS};

/// A key read as the small type `W`, whose `TryFrom` says in one line
/// what is wrong with a value, and kept as what `W` stands for.
pub(super) fn via<'de, W, T, D>(d: D) -> Result<T, D::Error>
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
            ("auto", Drawing::Auto),
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
pub(super) struct Symbols(bool);

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

/// `background`: "auto" (None: ask the terminal), "dark" or "light".
#[derive(Deserialize)]
#[serde(try_from = "String")]
pub(super) struct Background(Option<bool>);

impl TryFrom<String> for Background {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        let names = [("auto", None), ("dark", Some(false)), ("light", Some(true))];
        one_of(&text, "a background", &names).map(Background)
    }
}

impl From<Background> for Option<bool> {
    fn from(b: Background) -> Option<bool> {
        b.0
    }
}

/// `colours`: "auto" (`None`), "16", "256" or "24bit" ("truecolor" too);
/// 16 and 256 may be written as numbers.
#[derive(Deserialize)]
#[serde(try_from = "toml::Value")]
pub(super) struct Colours(Option<Depth>);

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
pub(super) struct Colour(Color);

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
pub(super) struct Speed(usize);

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
