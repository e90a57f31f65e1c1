//! Files from the app: the `l` prompt and the file it reads, and what `s`
//! and `e` save (a tour file, an SVG picture) beside the other saves.

use std::path::PathBuf;

use knight_engine::board::Board;
use knight_engine::tour::TourFile;

use super::{Action, App, Effect, Mode, Overlay, Tab, Tone};
use crate::tui::complete::{self, Completion, Entry};
use crate::tui::keymap::Command;
use crate::tui::replay::Replay;

/// The largest board `e` draws (a 500x500 picture is some 25 MB).
pub const PICTURE_SQUARES: usize = 250_000;

/// The file prompt's text, and what the last Tab said about it (until the
/// text changes).
#[derive(Clone, Debug, Default)]
pub struct Prompt {
    pub text: String,
    pub note: Option<PromptNote>,
}

/// What Tab said in the file prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PromptNote {
    /// Nothing completes it (and why, when the folder could not be read).
    NoMatch(Option<String>),
    /// The entries still matching, as shown (a folder with its `/`).
    Matches(Vec<String>),
}

impl App {
    /// Keys of the file prompt: Enter opens what was typed, Tab completes
    /// it (the executor lists its folder).
    pub(super) fn prompt_key(&mut self, c: Command) -> Vec<Effect> {
        if c == Command::Complete {
            return match self.prompt() {
                Some(text) => vec![Effect::Complete {
                    text: text.to_string(),
                }],
                None => Vec::new(),
            };
        }
        if c != Command::Apply {
            return Vec::new();
        }
        let path = match self.overlays.pop() {
            Some(Overlay::Prompt(p)) => p.text,
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
        let stop = crate::tui::keymap::key(crate::tui::keymap::Command::Back);
        self.info(format!("reading {name} ({stop} stops)"));
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
    pub(super) fn open_prompt(&mut self) {
        self.overlays.push(Overlay::Prompt(Prompt::default()));
    }

    /// A key typed or erased in the file prompt: the text changes, and
    /// what Tab said about it goes.
    pub(super) fn edit_prompt(&mut self, action: &Action) {
        let Some(Overlay::Prompt(Prompt { text: p, note })) = self.overlays.last_mut() else {
            return;
        };
        *note = None;
        match action {
            Action::Type(c) => p.push(*c),
            Action::Erase => {
                p.pop();
            }
            Action::EraseWord => {
                // Trailing separators, then the word before them.
                let kept = p.trim_end_matches(['/', ' ']);
                let cut = kept.rfind(['/', ' ']).map_or(0, |i| i + 1);
                p.truncate(cut);
            }
            Action::EraseLine => p.clear(),
            _ => {}
        }
    }

    /// The entries that may complete `text` came back: the prompt is
    /// completed and they are listed, unless the text changed meanwhile
    /// (then the answer is stale, and dropped).
    pub(super) fn completions(&mut self, text: &str, entries: Result<Vec<Entry>, String>) {
        let Some(Overlay::Prompt(p)) = self.overlays.last_mut() else {
            return;
        };
        if p.text != text {
            return;
        }
        let entries = match entries {
            Ok(es) => es,
            Err(why) => {
                p.note = Some(PromptNote::NoMatch(Some(why)));
                return;
            }
        };
        match complete::complete(text, &entries) {
            Completion::NoMatch => p.note = Some(PromptNote::NoMatch(None)),
            Completion::Done { text, several } => {
                p.text = text;
                p.note = (!several.is_empty()).then_some(PromptNote::Matches(several));
            }
        }
    }

    pub(super) fn opened(
        &mut self,
        load: u64,
        name: &str,
        replay: Result<Box<Replay>, String>,
    ) -> Vec<Effect> {
        // A stopped load, or one another load replaced: not wanted.
        if self.loading.as_ref().is_none_or(|(l, _)| *l != load) {
            return Vec::new();
        }
        self.loading = None;
        match replay {
            Ok(r) => self.open_replay(*r),
            Err(e) => {
                self.say(Tone::Error, format!("cannot open {name}: {e}"));
                Vec::new()
            }
        }
    }

    /// `e`: the path on screen as an SVG picture, beside the saves; a
    /// puzzle as on paper, with what is written.
    pub(super) fn picture(&mut self) -> Vec<Effect> {
        if let Some(g) = self.playing()
            && let (Some(sheet), Some(clues)) = (&g.sheet, &g.clues)
        {
            let (b, sheet) = (
                g.board().clone(),
                Some((Box::new(sheet.clone()), clues.describe())),
            );
            return vec![Effect::Picture {
                number: self.next_save(),
                dir: self.save_dir.clone(),
                stem: file_stem(&b).replacen("knight", "puzzle", 1),
                board: Box::new(b),
                path: Vec::new(),
                sheet,
            }];
        }
        let (board, trail) = match (self.replaying(), self.playing()) {
            (Some(r), _) => (&r.board, &r.trail),
            (None, Some(g)) => (g.board(), &g.trail),
            // The search's path as shown: a past one while rewound.
            _ => (self.spec.board(), self.shown_trail()),
        };
        if trail.is_empty() {
            self.refuse("nothing to draw yet");
            return Vec::new();
        }
        if board.len() > PICTURE_SQUARES {
            self.refuse(format!(
                "a picture of {} would be too big: boards up to {} squares",
                board.describe(),
                knight_engine::words::thousands(PICTURE_SQUARES as u64)
            ));
            return Vec::new();
        }
        let (stem, board, path) = (file_stem(board), Box::new(board.clone()), trail.to_vec());
        vec![Effect::Picture {
            number: self.next_save(),
            dir: self.save_dir.clone(),
            stem,
            board,
            path,
            sheet: None,
        }]
    }

    /// `s`: the game's path in play, else the search's, as a tour file.
    pub(super) fn save(&mut self) -> Vec<Effect> {
        let (b, closed, end, trail, algorithm) = match self.modes.shown() {
            Mode::Play(g) => (g.board(), g.closed(), g.end(), &g.trail, "hand"),
            _ => (
                self.spec.board(),
                self.spec.closed(),
                self.spec.end(),
                &self.search.trail,
                self.spec.algorithm.for_solve(self.spec.board(), 1).name(),
            ),
        };
        let writing = match self.modes.shown() {
            Mode::Play(g) => g
                .sheet
                .as_ref()
                .map(|sheet| hand_fields(g, sheet, self.now)),
            _ => None,
        };
        if trail.is_empty() && writing.as_ref().is_none_or(|w| w.is_empty()) {
            self.refuse("nothing to save yet");
            return Vec::new();
        }
        let tour = trail.compact().cloned();
        let path = if tour.is_some() {
            Vec::new()
        } else {
            trail.to_vec()
        };
        let mut file =
            TourFile::of_run(b, closed, &path, algorithm, self.search.stats.work()).ending_on(end);
        self.saving_game = self.tab() == Tab::Play;
        // A puzzle's game keeps its clues, to be resumed as one.
        let clues = match self.modes.shown() {
            Mode::Play(g) => g.clues.as_ref(),
            _ => None,
        };
        if let Some(c) = clues {
            file.extra.extend(c.fields());
        }
        file.extra.extend(writing.unwrap_or_default());
        let stem = match clues {
            Some(_) => file_stem(b).replacen("knight", "puzzle", 1),
            None => file_stem(b),
        };
        if !self.saving_game
            && let Some(meta) = &mut file.meta
        {
            meta.extend(self.spec.meta());
        }
        vec![Effect::Save {
            number: self.next_save(),
            dir: self.save_dir.clone(),
            stem,
            file: Box::new(file),
            tour,
        }]
    }
}

/// A puzzle's hand work as the saved file keeps it: `"written"`, the
/// numbers written off the knight's path as `[row, col, step]`, and
/// `"marks"`, each square's pencil marks as `[row, col, [steps]]`.
fn hand_fields(
    g: &crate::tui::game::Game,
    sheet: &knight_engine::puzzle::Sheet,
    now: std::time::Instant,
) -> serde_json::Map<String, serde_json::Value> {
    use serde_json::json;
    let b = g.board();
    let written: Vec<_> = sheet
        .written()
        .filter(|&(i, _)| g.trail.step(i) == 0)
        .map(|(i, k)| {
            let sq = b.square(i);
            json!([sq.row, sq.col, k])
        })
        .collect();
    let marks: Vec<_> = (0..b.len() as u32)
        .filter(|&i| !sheet.marks(i).is_empty())
        .map(|i| {
            let sq = b.square(i);
            json!([sq.row, sq.col, sheet.marks(i)])
        })
        .collect();
    let mut out = serde_json::Map::new();
    // The time played so far, whole seconds: resumed, the clock goes on.
    if let Some(start) = g.clock {
        let end = g.done_at.unwrap_or(now);
        out.insert(
            "seconds".into(),
            end.saturating_duration_since(start).as_secs().into(),
        );
    }
    // Help and undos taken: resumed, a solve with help is not unaided.
    if g.helped > 0 {
        out.insert("hints".into(), g.helped.into());
    }
    if g.undos > 0 {
        out.insert("undos".into(), g.undos.into());
    }
    if !written.is_empty() {
        out.insert("written".into(), written.into());
    }
    if !marks.is_empty() {
        out.insert("marks".into(), marks.into());
    }
    out
}

/// The start of a saved file's name: `knight-8x8`, `zebra-20x20-torus`,
/// `leaper-2-5-10x10`.
fn file_stem(b: &Board) -> String {
    let g = b.geometry();
    let piece = g.leaper.name().map_or_else(
        || format!("leaper-{}-{}", g.leaper.a(), g.leaper.b()),
        str::to_string,
    );
    let surface = match g.surface {
        knight_engine::board::Surface::Plane => String::new(),
        s => format!("-{s}"),
    };
    format!("{piece}-{}x{}{surface}", b.rows(), b.cols())
}
