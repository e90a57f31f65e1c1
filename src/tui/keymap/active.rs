//! The keys in force: the table's, with the configuration's `[keys]`
//! (command name = key) over them. Every word on screen that names a key
//! asks [`key`], so a key rebound is named rightly everywhere.

use std::cell::Cell;
use std::sync::OnceLock;

use crossterm::event::{KeyCode, KeyModifiers};

use super::{BINDINGS, Binding, Command, Key};

/// The commands a user may rebind, by the name `[keys]` gives them.
/// Commands with an argument (arrows, digits, PgUp) keep their keys.
pub const NAMES: [(&str, Command); 49] = [
    ("quit", Command::Quit),
    ("back", Command::Back),
    ("help", Command::Help),
    ("log", Command::Log),
    ("pause", Command::Pause),
    ("step", Command::Step),
    ("faster", Command::Faster),
    ("slower", Command::Slower),
    ("restart", Command::Restart),
    ("save", Command::Save),
    ("settings", Command::Settings),
    ("set-start", Command::SetStart),
    ("set-end", Command::SetEnd),
    ("block", Command::ToggleBlock),
    ("closed", Command::ToggleClosed),
    ("algorithm", Command::NextAlgorithm),
    ("tie-break", Command::NextTieBreak),
    ("move-order", Command::NextMoveOrder),
    ("piece", Command::NextLeaper),
    ("surface", Command::NextSurface),
    ("apply", Command::Apply),
    ("mode", Command::NextMode),
    ("count", Command::Count),
    ("race", Command::Race),
    ("drawing", Command::NextDrawing),
    ("picture", Command::Picture),
    ("labels", Command::Labels),
    ("zoom-in", Command::ZoomIn),
    ("zoom-out", Command::ZoomOut),
    ("zoom-jump", Command::ZoomJump),
    ("seek-start", Command::SeekStart),
    ("seek-end", Command::SeekEnd),
    ("move-here", Command::MoveHere),
    ("undo", Command::Undo),
    ("redo", Command::Redo),
    ("hints", Command::Hints),
    ("suggest", Command::Suggest),
    ("back-to-solvable", Command::BackToSolvable),
    ("finish", Command::Finish),
    ("check", Command::Check),
    ("new-puzzle", Command::NewPuzzle),
    ("pencil", Command::Pencil),
    ("clear", Command::Clear),
    ("load", Command::Load),
    ("complete", Command::Complete),
    ("force-quit", Command::ForceQuit),
    ("yes", Command::Yes),
    ("save-and-quit", Command::SaveAndQuit),
    ("no", Command::No),
];

/// Why a `[keys]` table cannot be taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeysError {
    #[error("keys.{0}: no such command{near} (config.toml lists them)", near = knight_engine::words::did_you_mean(.0, NAMES.map(|(n, _)| n)))]
    Unknown(String),
    #[error(
        "keys.{name}: '{text}' is not a key (a character, Space, Enter, Tab, Esc, Home, End, PgUp, PgDn, Del, Backspace, F1-F12 or Ctrl-X)"
    )]
    NotAKey { name: String, text: String },
    #[error("keys.{name}: {key} is {other}'s key already (rebind {other} too)")]
    Clash {
        name: String,
        key: String,
        other: String,
    },
}

impl Key {
    /// A key as `[keys]` writes it: a character, or a name as help writes
    /// them (`Space`, `Esc`, `PgUp`, `F5`, `Ctrl-C`).
    pub fn parse(text: &str) -> Option<Key> {
        let none = KeyModifiers::NONE;
        if let Some(c) = text
            .strip_prefix("Ctrl-")
            .filter(|c| c.chars().count() == 1)
        {
            let c = c.chars().next()?.to_ascii_lowercase();
            return Some(Key::new(KeyCode::Char(c), KeyModifiers::CONTROL));
        }
        let mut chars = text.chars();
        if let (Some(c), None) = (chars.next(), chars.next()) {
            return (!c.is_control()).then_some(Key::new(KeyCode::Char(c), none));
        }
        let code = match text {
            "Space" => KeyCode::Char(' '),
            "Enter" => KeyCode::Enter,
            "Tab" => KeyCode::Tab,
            "Esc" => KeyCode::Esc,
            "Home" => KeyCode::Home,
            "End" => KeyCode::End,
            "PgUp" => KeyCode::PageUp,
            "PgDn" => KeyCode::PageDown,
            "Del" => KeyCode::Delete,
            "Backspace" => KeyCode::Backspace,
            f => KeyCode::F(
                f.strip_prefix('F')?
                    .parse()
                    .ok()
                    .filter(|n| (1..=12).contains(n))?,
            ),
        };
        Some(Key::new(code, none))
    }
}

/// The table with each of `changes` (a command's name, a key's text) in
/// force: every key of that command replaced by the one given. Refused
/// when a name or a key is unknown, or a key would do two things where
/// both work.
pub fn rebound(changes: &[(String, String)]) -> Result<Vec<Binding>, KeysError> {
    let mut new: Vec<(Command, Key, &str)> = Vec::new();
    for (name, text) in changes {
        let Some(&(n, command)) = NAMES.iter().find(|(n, _)| n == name) else {
            return Err(KeysError::Unknown(name.clone()));
        };
        let key = Key::parse(text).ok_or_else(|| KeysError::NotAKey {
            name: name.clone(),
            text: text.clone(),
        })?;
        new.push((command, key, n));
    }
    let rows: Vec<Binding> = BINDINGS
        .iter()
        .map(|b| {
            let keys: Vec<(Key, Command)> = b
                .keys
                .iter()
                .filter_map(|&(k, c)| match new.iter().find(|(nc, _, _)| *nc == c) {
                    // The first key of the command takes the new one; the
                    // others (aliases) go.
                    Some(&(_, nk, _)) => {
                        let first = b.keys.iter().position(|&(_, x)| x == c);
                        let here = b.keys.iter().position(|&(x, y)| x == k && y == c);
                        (first == here).then_some((nk, c))
                    }
                    None => Some((k, c)),
                })
                .collect();
            let shown = b.shown.min(keys.len()).max(1);
            Binding {
                keys: Vec::leak(keys),
                shown,
                ..*b
            }
        })
        .collect();
    // A key that gives two commands where both work.
    for (command, key, name) in &new {
        for b in &rows {
            for &(k, c) in b.keys {
                if k != *key || c == *command {
                    continue;
                }
                let mine = rows.iter().filter(|r| r.gives(*command));
                let overlaps = mine.into_iter().any(|m| {
                    m.everywhere
                        || b.everywhere
                        || m.contexts.iter().any(|x| b.contexts.contains(x))
                });
                if overlaps {
                    let other = NAMES
                        .iter()
                        .find(|(_, x)| *x == c)
                        .map_or_else(|| format!("{c:?}"), |(n, _)| (*n).to_string());
                    return Err(KeysError::Clash {
                        name: (*name).into(),
                        key: key.name(),
                        other,
                    });
                }
            }
        }
    }
    Ok(rows)
}

/// The process's table, set once at start from the configuration.
static ACTIVE: OnceLock<&'static [Binding]> = OnceLock::new();

thread_local! {
    /// A test's own table, for this thread alone.
    static OWN: Cell<Option<&'static [Binding]>> = const { Cell::new(None) };
}

/// Puts `rows` in force for the rest of the process (the first call only).
pub fn set(rows: Vec<Binding>) {
    let _ = ACTIVE.set(Vec::leak(rows));
}

/// Puts `rows` in force on this thread (tests).
#[cfg(test)]
pub fn set_here(rows: Vec<Binding>) {
    OWN.with(|o| o.set(Some(Vec::leak(rows))));
}

/// The table in force.
pub fn bindings() -> &'static [Binding] {
    OWN.with(Cell::get)
        .or_else(|| ACTIVE.get().copied())
        .unwrap_or(BINDINGS)
}

/// The name of the key that gives `command` (its first, as help shows
/// it): `Space`, `u`, `Esc`.
pub fn key(command: Command) -> String {
    bindings()
        .iter()
        .flat_map(|b| b.keys.iter())
        .find(|&&(_, c)| c == command)
        .map_or_else(|| "?".into(), |(k, _)| k.name())
}
