//! What the app says: the status line's message and its tone, failures
//! of the threads it runs, and the question before quitting an unsaved
//! game.

use std::time::Duration;

use super::{App, Effect, Message, Overlay, RunState, Tone, Worker};
use crate::tui::game::Outlook;
use crate::tui::keymap::Command;

/// Messages the log keeps.
pub const LOG: usize = 100;

/// A search or count that has run this long is work worth a question
/// before quitting.
pub const LONG_RUN: Duration = Duration::from_secs(60);

/// What quitting now would lose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loss {
    /// A game with this many squares, not saved.
    Game(usize),
    /// A search under way for this many seconds.
    Search(u64),
    /// A count under way for this many seconds.
    Count(u64),
}

impl Loss {
    /// `the game's 3 squares are not saved`.
    pub fn what(self) -> String {
        let ran = |s: u64| knight_engine::words::long_time(s as f64);
        match self {
            // A puzzle with pencil marks alone.
            Loss::Game(0) => "the game's pencil marks are not saved".into(),
            Loss::Game(1) => "the game's 1 square is not saved".into(),
            Loss::Game(n) => format!("the game's {n} squares are not saved"),
            Loss::Search(s) => format!("the search has run for {}", ran(s)),
            Loss::Count(s) => format!("the count has run for {}", ran(s)),
        }
    }

    /// Said when the user stays.
    pub fn staying(self) -> &'static str {
        match self {
            Loss::Game(_) => "still playing",
            Loss::Search(_) => "the search goes on",
            Loss::Count(_) => "the count goes on",
        }
    }
}

impl App {
    /// The status line's message, if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_ref().map(|m| m.text.as_str())
    }

    pub fn message_tone(&self) -> Option<Tone> {
        self.message.as_ref().map(|m| m.tone)
    }

    pub(super) fn say(&mut self, tone: Tone, text: impl Into<String>) {
        let message = Message {
            text: knight_engine::words::clip(&text.into()),
            tone,
        };
        self.keep_in_log(message.clone());
        self.message = Some(message);
        self.said_at = Some(self.now);
    }

    /// Whether the status line's message was said after `t` (news after
    /// a game ended, such as a save, over the game's verdict).
    pub fn said_since(&self, t: std::time::Instant) -> bool {
        self.message.is_some() && self.said_at.is_some_and(|at| at > t)
    }

    /// Keeps `message` in the log (the newest [`LOG`]), once when said
    /// again at once.
    pub(super) fn keep_in_log(&mut self, message: Message) {
        if self.log.back() == Some(&message) {
            return;
        }
        if self.log.len() == LOG {
            self.log.pop_front();
        }
        self.log.push_back(message);
    }

    /// The log, newest first.
    pub fn log(&self) -> impl Iterator<Item = &Message> {
        self.log.iter().rev()
    }

    pub(super) fn info(&mut self, text: impl Into<String>) {
        self.say(Tone::Info, text);
    }

    pub(super) fn refuse(&mut self, text: impl Into<String>) {
        self.say(Tone::Refusal, text);
    }

    pub(super) fn clear_message(&mut self) {
        self.message = None;
    }

    pub(super) fn quit_now(&mut self) -> Vec<Effect> {
        self.quit = true;
        // Where the game went, when it was saved and nothing since is not.
        let saved = self.modes.game().is_some_and(|g| !g.unsaved);
        if self.farewell.is_none()
            && saved
            && let Some(path) = &self.game_saved_to
        {
            self.farewell = Some(format!("the game is saved in {}", path.display()));
        }
        vec![Effect::Quit]
    }

    /// A key of another mode, pressed here: where it works, in one plain
    /// line (`# works while watching the search, not in the replay`).
    pub(super) fn not_here(&mut self, c: Command) {
        use crate::tui::keymap::{BINDINGS, Context};
        let Some(b) = BINDINGS
            .iter()
            .find(|b| b.keys.iter().any(|&(_, k)| k == c))
        else {
            return;
        };
        let name = |x: &Context| match x {
            Context::Watch => "while watching the search",
            Context::Replay => "in the replay",
            Context::Play => "in play",
            Context::Race => "in the race",
            Context::Settings => "in the settings (o)",
            Context::Prompt => "in the file prompt",
            Context::Confirm => "when asked",
            Context::Help => "in the help",
        };
        let everywhere = b.everywhere.then_some("everywhere");
        let places: Vec<&str> = everywhere
            .into_iter()
            .chain(b.contexts.iter().map(name))
            .collect();
        let here = name(&self.context());
        let label = b
            .keys
            .iter()
            .find(|&&(_, k)| k == c)
            .map_or(b.label(), |(k, _)| k.name());
        self.info(format!(
            "{label} works {}, not {here}",
            places.join(" and ")
        ));
    }

    /// What quitting now would lose: a game with moves not saved, or a
    /// search or count that has run for [`LONG_RUN`] and is not over.
    pub(super) fn loss(&self) -> Option<Loss> {
        if let Some(g) = self.modes.game().filter(|g| g.would_lose_work()) {
            // A puzzle's squares are those numbered by the player.
            let n = match (&g.sheet, &g.clues) {
                (Some(s), Some(c)) => s.numbered() - c.puzzle().clue_count(),
                _ => g.moves_made(),
            };
            return Some(Loss::Game(n));
        }
        if let Some(c) = self.counting.as_ref().filter(|c| c.result.is_none()) {
            let ran = self.now.saturating_duration_since(c.started);
            if ran >= LONG_RUN {
                return Some(Loss::Count(ran.as_secs()));
            }
        }
        let ran = self.search.stats.elapsed;
        let under_way = matches!(self.search.state, RunState::Running | RunState::Paused);
        (under_way && ran >= LONG_RUN).then_some(Loss::Search(ran.as_secs()))
    }

    /// q with work to lose: the question.
    pub(super) fn ask_before_quitting(&mut self, loss: Loss) {
        self.overlays.push(Overlay::ConfirmQuit(loss));
        // The box shows the answers' keys; the status does not again.
        self.say(Tone::Info, format!("quit? {}", loss.what()));
    }

    /// The answer to the question before quitting (or before a count out
    /// of reach).
    pub(super) fn confirm_key(&mut self, c: Command) -> Vec<Effect> {
        if let Some(Overlay::ConfirmCount { .. }) = self.overlays.last() {
            return match c {
                Command::Yes | Command::Count => match self.overlays.pop() {
                    Some(Overlay::ConfirmCount { why, least }) => {
                        self.start_count(Some((why, least)))
                    }
                    _ => Vec::new(),
                },
                Command::No | Command::Back => self.back(),
                Command::ForceQuit => self.quit_now(),
                _ => {
                    self.refuse("the count is being asked: its box has the answers");
                    Vec::new()
                }
            };
        }
        let loss = self.quit_question();
        match c {
            Command::Yes | Command::Quit | Command::ForceQuit => self.quit_now(),
            Command::SaveAndQuit if !matches!(loss, Some(Loss::Game(_))) => {
                self.refuse("there is nothing to save: its box has the answers");
                Vec::new()
            }
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
                self.refuse("quitting is being asked: its box has the answers");
                Vec::new()
            }
        }
    }

    /// A tour file came back from the runtime: replay it, or say why not.
    /// Work on another thread failed: said, and nothing left waiting for
    /// an answer that will not come.
    pub(super) fn worker_failed(&mut self, what: Worker, why: &str) {
        let name = what.name();
        self.say(Tone::Error, format!("internal error in the {name}: {why}"));
        match what {
            Worker::Count => self.counting = None,
            Worker::Read => self.loading = None,
            // The prompt's completion and a new puzzle: nothing waits for
            // them (the game stays as it was).
            Worker::List | Worker::Puzzle => {}
            Worker::Check => {
                if let Some(g) = self.modes.game_mut()
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
}
