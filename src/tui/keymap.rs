//! The keymap: every key of the app, modifiers included, is a row of one
//! table ([`BINDINGS`]). The same rows decide what a key does, write the
//! hint bar and list the help, so the three never disagree.

use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// A key with the modifiers that change its meaning (Shift on arrows,
/// Ctrl). A character's Shift is in the character itself ('H', '#').
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    pub code: KeyCode,
    pub mods: KeyModifiers,
}

impl Key {
    pub const fn new(code: KeyCode, mods: KeyModifiers) -> Key {
        Key { code, mods }
    }

    /// The key a terminal reported, in the table's terms.
    pub fn of(e: KeyEvent) -> Key {
        let mut mods =
            e.modifiers & (KeyModifiers::SHIFT | KeyModifiers::CONTROL | KeyModifiers::ALT);
        let code = match e.code {
            KeyCode::Char(c) => {
                mods.remove(KeyModifiers::SHIFT);
                if mods.contains(KeyModifiers::CONTROL) {
                    KeyCode::Char(c.to_ascii_lowercase())
                } else {
                    KeyCode::Char(c)
                }
            }
            c => c,
        };
        Key { code, mods }
    }

    /// How help writes the key: `Space`, `←`, `Shift+→`, `Ctrl-C`.
    pub fn name(self) -> String {
        let base = match self.code {
            KeyCode::Char(' ') => "Space".into(),
            KeyCode::Char(c) if self.mods.contains(KeyModifiers::CONTROL) => {
                return format!("Ctrl-{}", c.to_ascii_uppercase());
            }
            KeyCode::Char(c) => c.to_string(),
            KeyCode::Esc => "Esc".into(),
            KeyCode::Enter => "Enter".into(),
            KeyCode::Tab => "Tab".into(),
            KeyCode::Home => "Home".into(),
            KeyCode::PageUp => "PgUp".into(),
            KeyCode::PageDown => "PgDn".into(),
            KeyCode::End => "End".into(),
            KeyCode::Up => "↑".into(),
            KeyCode::Down => "↓".into(),
            KeyCode::Left => "←".into(),
            KeyCode::Right => "→".into(),
            KeyCode::F(n) => format!("F{n}"),
            KeyCode::Delete => "Del".into(),
            KeyCode::Backspace => "Backspace".into(),
            other => format!("{other:?}"),
        };
        if self.mods.contains(KeyModifiers::SHIFT) {
            format!("Shift+{base}")
        } else {
            base
        }
    }
}

/// What a key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Quit,
    /// Esc: close the overlay (it never quits).
    Back,
    Help,
    /// Show / hide the message log.
    Log,
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
    /// Settings: the tour ends on the cursor square (again: anywhere).
    SetEnd,
    ToggleBlock,
    /// Change the rows / columns by one.
    Rows(i8),
    Cols(i8),
    ToggleClosed,
    NextAlgorithm,
    NextTieBreak,
    /// Settings: the next named move order.
    NextMoveOrder,
    /// Settings: the next named piece (knight, camel, zebra, …).
    NextLeaper,
    /// Settings: the next surface (plane, cylinder, torus).
    NextSurface,
    /// Start a new search with the settings.
    Apply,
    /// Next mode: search, replay.
    NextMode,
    /// Count every tour from the start, live; again: stop the count.
    Count,
    /// Race the search against another side by side; in the race: back
    /// to one search.
    Race,
    /// The path as steps, lines, or both.
    NextDrawing,
    /// The path on screen as an SVG picture.
    Picture,
    /// Files and ranks on the board's edges, or not.
    Labels,
    /// Show half as many rows and columns of the board (`z`, wheel up).
    ZoomIn,
    /// Show twice as many, up to the whole board (`Z`, wheel down).
    ZoomOut,
    /// Jump between the whole board and the step numbers on the knight.
    ZoomJump,
    /// Move the zoomed window half its size (rows, cols).
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
    /// Point the cursor at Warnsdorff's move and say why.
    Suggest,
    /// Undo back to the last position known to be solvable.
    BackToSolvable,
    /// Ask the solver to finish the tour from here.
    Finish,
    /// Whether the game can still be finished (a puzzle: asked for, as
    /// help).
    Check,
    /// A new puzzle on the game's board, at its difficulty.
    NewPuzzle,
    /// A puzzle's pencil marks on or off: numbers typed go in as marks.
    Pencil,
    /// A puzzle: the last digit typed goes, or with none typed, the number
    /// written on the cursor's square.
    Clear,
    /// Open a tour file by path (a prompt).
    Load,
    /// File prompt: complete the path typed (Tab).
    Complete,
    /// Quit at once, asking nothing (Ctrl-C).
    ForceQuit,
    /// Scroll the help this many lines (negative: up).
    HelpScroll(i16),
    // The question before quitting a game with unsaved moves:
    /// Quit, leaving the game unsaved.
    Yes,
    /// Save the game, then quit.
    SaveAndQuit,
    /// Stay.
    No,
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
    /// Watching two searches race.
    Race,
    /// Typing a file name.
    Prompt,
    /// Asked whether to quit with a game unsaved.
    Confirm,
    /// The help is open: its own keys first, then the mode's.
    Help,
}

/// A group of bindings, as help and the documents list them: those of
/// one context, or those that work everywhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    In(Context),
    Everywhere,
}

/// One row of the keybinding table.
#[derive(Debug)]
pub struct Binding {
    /// Each key with the command it gives.
    pub keys: &'static [(Key, Command)],
    /// How many of `keys`, from the first, the label names (the rest
    /// are other ways to type them: `=` for `+`).
    pub shown: usize,
    pub help: &'static str,
    /// The contexts it works in (besides every one, when `everywhere`).
    pub contexts: &'static [Context],
    /// It works in every context but the file prompt, where keys are text.
    pub everywhere: bool,
    /// The hint bar's words for it, if it is shown there.
    pub hint: Option<&'static str>,
}

impl Binding {
    /// True when the binding works in `context`.
    pub fn applies(&self, context: Context) -> bool {
        self.contexts.contains(&context) || (self.everywhere && context != Context::Prompt)
    }

    /// True when help and the documents list it in `group`.
    pub fn listed_in(&self, group: Group) -> bool {
        match group {
            Group::In(context) => self.contexts.contains(&context),
            Group::Everywhere => self.everywhere,
        }
    }

    /// The keys as help and the hint bar name them: the shown keys'
    /// names (`+ -`), four arrows as `arrows`, up and down as `↑↓`, a run
    /// of digits as `1-8`.
    pub fn label(&self) -> String {
        label_of(&self.keys[..self.shown])
    }

    /// True when one of the binding's keys gives `command`: how the hint
    /// bar and the documents pick a binding, never by its label.
    pub fn gives(&self, command: Command) -> bool {
        self.keys.iter().any(|&(_, c)| c == command)
    }
}

/// The label of `keys` (see [`Binding::label`]).
fn label_of(keys: &[(Key, Command)]) -> String {
    let plain = |code| Key::new(code, KeyModifiers::NONE);
    let arrows = [KeyCode::Up, KeyCode::Down, KeyCode::Left, KeyCode::Right].map(plain);
    if keys.len() == 4 && keys.iter().zip(arrows).all(|(&(k, _), a)| k == a) {
        return "arrows".into();
    }
    let digit = |k: Key| match k.code {
        KeyCode::Char(c) if k.mods.is_empty() => c.to_digit(10),
        _ => None,
    };
    let mut names = Vec::new();
    let mut i = 0;
    while i < keys.len() {
        // A run of three or more digits in a row: `1-8`.
        let mut j = i;
        while let (Some(a), Some(&(next, _))) = (digit(keys[j].0), keys.get(j + 1)) {
            if digit(next) != Some(a + 1) {
                break;
            }
            j += 1;
        }
        if j >= i + 2 {
            names.push(format!("{}-{}", keys[i].0.name(), keys[j].0.name()));
        } else if keys[i].0 == plain(KeyCode::Up)
            && keys
                .get(i + 1)
                .is_some_and(|&(k, _)| k == plain(KeyCode::Down))
        {
            // Up and down together, as one: `↑↓`.
            names.push("↑↓".into());
            i += 2;
            continue;
        } else {
            names.extend(keys[i..=j].iter().map(|(k, _)| k.name()));
        }
        i = j + 1;
    }
    names.join(" ")
}

/// The bindings that work in `context`, its own first: a key that works
/// only there comes before one shared with other modes, which comes before
/// one that works everywhere (within a rank, the table's order). The hint
/// bar and the side pane list keys in this order.
pub fn mode_first(context: Context) -> Vec<&'static Binding> {
    let mut rows: Vec<&Binding> = bindings().iter().filter(|b| b.applies(context)).collect();
    rows.sort_by_key(|b| match b.contexts {
        [only] if *only == context && !b.everywhere => 0,
        c if c.contains(&context) => 1,
        _ => 2,
    });
    rows
}

/// The command a key press stands for in `context`.
/// The command `key` gives in some context of the table, if any: for a
/// key that does nothing where it is pressed, to say where it works.
pub fn command_anywhere(key: KeyEvent) -> Option<Command> {
    let pressed = Key::of(key);
    bindings()
        .iter()
        .flat_map(|b| b.keys.iter())
        .find(|(k, _)| *k == pressed)
        .map(|&(_, c)| c)
}

pub fn command_for(key: KeyEvent, context: Context) -> Option<Command> {
    let pressed = Key::of(key);
    bindings()
        .iter()
        .filter(|b| b.applies(context))
        .flat_map(|b| b.keys.iter())
        .find(|(k, _)| *k == pressed)
        .map(|&(_, c)| c)
}

mod active;
mod docs;
mod table;
#[cfg(test)]
pub use active::{NAMES, set_here};
pub use active::{bindings, key, rebound, set};
pub use docs::help_line;
pub use table::BINDINGS;

#[cfg(test)]
mod tests;
