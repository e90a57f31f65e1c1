//! The overlays over the mode: help, the log, settings, the file prompt
//! and the questions; what each shows and how Esc closes it.

use super::{App, Effect, Loss, Overlay, PromptNote};
use crate::tui::settings::Settings;

impl App {
    /// True while the help is shown.
    /// Whether the question before quitting is asked.
    pub fn confirming_quit(&self) -> bool {
        self.quit_question().is_some()
    }

    /// Why the count asked for cannot end soon, while that is asked.
    pub fn count_question(&self) -> Option<&str> {
        match self.overlays.last() {
            Some(Overlay::ConfirmCount { why, .. }) => Some(why),
            _ => None,
        }
    }

    /// What quitting now would lose, while the question is asked.
    pub fn quit_question(&self) -> Option<Loss> {
        match self.overlays.last() {
            Some(Overlay::ConfirmQuit(loss)) => Some(*loss),
            _ => None,
        }
    }

    /// True while the help is on top.
    pub fn help_open(&self) -> bool {
        matches!(self.overlays.last(), Some(Overlay::Help))
    }

    /// True while the message log is on top.
    pub fn log_open(&self) -> bool {
        matches!(self.overlays.last(), Some(Overlay::Log))
    }

    /// The settings panel, when open.
    pub fn settings(&self) -> Option<&Settings> {
        self.overlays.iter().find_map(|o| match o {
            Overlay::Settings(s) => Some(&**s),
            _ => None,
        })
    }

    pub(super) fn settings_mut(&mut self) -> Option<&mut Settings> {
        self.overlays.iter_mut().find_map(|o| match o {
            Overlay::Settings(s) => Some(&mut **s),
            _ => None,
        })
    }

    /// The file prompt's text, while it is open.
    pub fn prompt(&self) -> Option<&str> {
        self.overlays.iter().find_map(|o| match o {
            Overlay::Prompt(p) => Some(p.text.as_str()),
            _ => None,
        })
    }

    /// What the last Tab said in the file prompt, while its text is the same.
    pub fn prompt_note(&self) -> Option<&PromptNote> {
        self.overlays.iter().find_map(|o| match o {
            Overlay::Prompt(p) => p.note.as_ref(),
            _ => None,
        })
    }

    /// The overlay that takes the keys (help and the log take none of
    /// their own but scrolling).
    pub(super) fn active_overlay(&self) -> Option<&Overlay> {
        self.overlays
            .iter()
            .rev()
            .find(|o| !matches!(o, Overlay::Help | Overlay::Log))
    }

    /// Esc: closes the top overlay, or stops a file being read; with
    /// neither, it says how to quit (Esc never quits).
    pub(super) fn back(&mut self) -> Vec<Effect> {
        match self.overlays.pop() {
            None if self.loading.is_some() => {
                if let Some((_, name)) = self.loading.take() {
                    self.info(format!("stopped reading {name}"));
                }
                vec![Effect::StopLoad]
            }
            None => {
                let quit = crate::tui::keymap::key(crate::tui::keymap::Command::Quit);
                self.info(format!("nothing to close: {quit} quits"));
                Vec::new()
            }
            Some(Overlay::Help | Overlay::Log) => Vec::new(),
            Some(Overlay::Settings(_)) => {
                self.info("settings closed, nothing changed");
                Vec::new()
            }
            Some(Overlay::Prompt(_)) => {
                self.info("nothing opened");
                Vec::new()
            }
            Some(Overlay::ConfirmQuit(loss)) => {
                self.info(loss.staying());
                Vec::new()
            }
            Some(Overlay::ConfirmCount { .. }) => {
                self.info("no count started");
                Vec::new()
            }
        }
    }

    /// `?` and `M`: closes the help or the log when it is on top, else
    /// opens it (scrolled to its top) over whatever is open.
    pub(super) fn toggle(&mut self, passive: Overlay) {
        let same = std::mem::discriminant(&passive);
        if self
            .overlays
            .last()
            .is_some_and(|o| std::mem::discriminant(o) == same)
        {
            self.overlays.pop();
        } else {
            self.overlays
                .retain(|o| !matches!(o, Overlay::Help | Overlay::Log));
            self.help_scroll = 0;
            self.overlays.push(passive);
        }
    }
}
