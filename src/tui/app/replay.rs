//! The replay's handler: play and pause, stepping and seeking, speed.

use super::{App, Effect, Mode, RunState};
use crate::tui::keymap::Command;
use crate::tui::replay::Replay;

impl App {
    /// Opens a replay (the app launched with `replay FILE`, a loaded file,
    /// or Tab after a search found a tour); a race shown ends.
    pub fn open_replay(&mut self, mut replay: Replay) -> Vec<Effect> {
        replay.seek(0);
        replay.playing = true;
        self.info(format!("replaying {}", replay.name));
        self.show(Mode::Replay(Box::new(replay)))
    }

    /// Whether the replay shown is the tour the search just found.
    pub fn replaying_the_search(&self) -> bool {
        self.search.state == RunState::Found
            && self
                .replaying()
                .is_some_and(|r| r.legal.same_path(&self.search.trail))
    }

    /// Replay keys (the replay is open).
    pub(super) fn replay_key(&mut self, c: Command) -> Vec<Effect> {
        if matches!(c, Command::Faster | Command::Slower) {
            self.change_speed(c);
            return Vec::new();
        }
        if c == Command::Save {
            // The search's tour, replayed before it was ever saved, is saved
            // as the search's; a file's replay is in its file already.
            if self.replaying_the_search() {
                return self.save();
            }
            self.refuse(format!(
                "a replay of a file is in its file already: {} draws it as a picture",
                crate::tui::keymap::key(Command::Picture)
            ));
            return Vec::new();
        }
        let Some(r) = self.modes.replaying_mut() else {
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
            _ => self.not_here(c),
        }
        Vec::new()
    }

    /// `n` more steps of the playing replay.
    pub(super) fn replay_tick(&mut self, n: usize) {
        if let Some(r) = self.modes.replaying_mut() {
            r.seek(r.pos + n);
        }
    }
}
