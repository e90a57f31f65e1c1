//! Rewinding the watched search while it is paused: `←` `→` (PgUp PgDn a
//! hundred at a time) step back and forward through the steps the board
//! showed, kept by [`crate::tui::rewind`]; Space and `n` go back to where
//! the engine is first. The statistics stay the engine's.

use knight_engine::solver::Event;
use knight_engine::words::thousands;

use super::{App, Effect, RunState, Tab};
use crate::tui::trail::Trail;

impl App {
    /// Keeps the step that an event of the search is about to show. Only
    /// the search watched alone keeps its steps (not a race's sides, nor a
    /// search going on behind a replay or a game: those events forget the
    /// steps kept, which would no longer lead to the live path), and only
    /// while its path is held in full: a path held compactly (a huge
    /// board's tour, found) is not stepped back from.
    pub(super) fn remember(&mut self, event: &Event) {
        let watched = self.tab() == Tab::Search;
        let run = &mut self.search;
        match (event, run.trail.as_slice()) {
            (Event::Snapshot(s), Some(before)) if watched => run.rewind.record(before, &s.path),
            _ => run.rewind.clear(),
        }
    }

    /// The search's path as the board shows it: while the search is paused
    /// and rewound, a past one.
    pub fn shown_trail(&self) -> &Trail {
        match self.search.state {
            RunState::Paused if self.tab() == Tab::Search => {
                self.search.rewind.shown(&self.search.trail)
            }
            _ => &self.search.trail,
        }
    }

    /// `rewound: step 9,812 of 10,001 shown`, while a past path is shown.
    pub fn rewound(&self) -> Option<String> {
        let r = &self.search.rewind;
        let shown = self.tab() == Tab::Search && self.search.state == RunState::Paused;
        if !(shown && r.is_rewound()) {
            return None;
        }
        let (at, of) = r.position();
        Some(format!(
            "rewound: step {} of {} shown",
            thousands(at),
            thousands(of)
        ))
    }

    /// Whether `←` steps back now: the search paused, with steps kept.
    pub fn can_rewind(&self) -> bool {
        self.tab() == Tab::Search
            && self.search.state == RunState::Paused
            && !self.search.rewind.history.is_empty()
    }

    /// `←` `→` `PgUp` `PgDn` while watching: `by` steps back (negative) or
    /// forward through the steps shown, while paused.
    pub(super) fn rewind_key(&mut self, by: i8) -> Vec<Effect> {
        match self.search.state {
            RunState::Paused => {}
            RunState::Running => {
                self.refuse(format!(
                    "← → step through the steps shown while paused: {} pauses",
                    crate::tui::keymap::key(crate::tui::keymap::Command::Pause)
                ));
                return Vec::new();
            }
            _ => return Vec::new(),
        }
        let n = by.unsigned_abs() as usize;
        let run = &mut self.search;
        let taken = if by < 0 {
            run.rewind.back(&run.trail, n)
        } else {
            run.rewind.forward(n)
        };
        match taken {
            0 if by > 0 => self.refuse(format!(
                "this is where the engine is: ← steps back, {} resumes",
                crate::tui::keymap::key(crate::tui::keymap::Command::Pause)
            )),
            0 if run.rewind.history.is_empty() => self.refuse("no steps shown to go back to"),
            0 => self.refuse("the oldest step kept: → steps forward"),
            _ => self.clear_message(),
        }
        Vec::new()
    }
}
