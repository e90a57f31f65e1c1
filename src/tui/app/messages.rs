//! What the app says: the status line's message and its tone, failures
//! of the threads it runs, and the question before quitting an unsaved
//! game.

use super::{App, Effect, Message, Overlay, Tone, Worker};
use crate::tui::game::{Game, Outlook};
use crate::tui::keymap::Command;

impl App {
    /// The status line's message, if any.
    pub fn message(&self) -> Option<&str> {
        self.message.as_ref().map(|m| m.text.as_str())
    }

    pub fn message_tone(&self) -> Option<Tone> {
        self.message.as_ref().map(|m| m.tone)
    }

    pub(super) fn say(&mut self, tone: Tone, text: impl Into<String>) {
        self.message = Some(Message {
            text: knight_tui::words::clip(&text.into()),
            tone,
        });
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
        vec![Effect::Quit]
    }

    /// q or Esc with a game whose moves are not saved: the question.
    pub(super) fn ask_before_quitting(&mut self) {
        let n = self.game.as_ref().map_or(0, Game::moves_made);
        self.overlays.push(Overlay::ConfirmQuit);
        self.say(
            Tone::Refusal,
            format!("quit? the game's {n} squares are not saved: y quit, s save and quit, n stay"),
        );
    }

    /// The answer to the question before quitting.
    pub(super) fn confirm_key(&mut self, c: Command) -> Vec<Effect> {
        match c {
            Command::Yes | Command::Quit | Command::ForceQuit => self.quit_now(),
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
                self.refuse("the game is not saved: y quit, s save and quit, n stay");
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
            // The prompt's completion: nothing waits for it.
            Worker::List => {}
            Worker::Check => {
                if let Some(g) = &mut self.game
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
