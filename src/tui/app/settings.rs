//! The settings panel's handler: editing the board, the start and the
//! search, and applying them as a new search (Enter) or not at all (Esc).

use knight_engine::board::Square;
use knight_engine::solver::{Kind, Problem, Tours};

use super::{App, Effect, Overlay};
use crate::tui::keymap::{Command, key};
use crate::tui::settings::PANEL_MAX_SIDE;
use crate::tui::trail::Trail;
use crate::tui::viewport::step_cursor;

impl App {
    /// Keys of the settings panel (which is open).
    pub(super) fn settings_key(&mut self, c: Command) -> Vec<Effect> {
        if c == Command::Apply {
            return self.apply_settings();
        }
        // An old message is stale once the settings change.
        self.clear_message();
        let Some(st) = self.settings_mut() else {
            return Vec::new();
        };
        let mut follow = None;
        match c {
            Command::Cursor(dr, dc) => {
                st.cursor = step_cursor(st.cursor, dr, dc, st.rows, st.cols);
                follow = Some((st.cursor, st.rows, st.cols));
            }
            Command::SetStart => {
                if st.blocked.contains(&st.cursor) {
                    st.error = Some(format!(
                        "{} is blocked: unblock it ({}) first",
                        st.cursor,
                        key(Command::ToggleBlock)
                    ));
                } else if st.end == Some(st.cursor) {
                    st.error = Some(format!(
                        "{} is the end: move the end ({}) first",
                        st.cursor,
                        key(Command::SetEnd)
                    ));
                } else {
                    st.start = st.cursor;
                    st.error = None;
                }
            }
            Command::SetEnd => {
                if st.blocked.contains(&st.cursor) {
                    st.error = Some(format!(
                        "{} is blocked: unblock it ({}) first",
                        st.cursor,
                        key(Command::ToggleBlock)
                    ));
                } else if st.cursor == st.start {
                    st.error = Some(format!(
                        "the start cannot be the end: a tour back to its start is closed ({})",
                        key(Command::ToggleClosed)
                    ));
                } else if st.end == Some(st.cursor) {
                    st.end = None;
                    st.error = None;
                } else {
                    // A chosen end makes the tour open.
                    st.end = Some(st.cursor);
                    st.closed = false;
                    st.error = None;
                }
            }
            Command::ToggleBlock => {
                if st.cursor == st.start {
                    st.error = Some("the start cannot be blocked: move the start first".into());
                } else if st.end == Some(st.cursor) {
                    st.error = Some(format!(
                        "the end cannot be blocked: move the end ({}) first",
                        key(Command::SetEnd)
                    ));
                } else {
                    if !st.blocked.remove(&st.cursor) {
                        st.blocked.insert(st.cursor);
                    }
                    st.rebuild();
                }
            }
            Command::Rows(d) => {
                st.rows = (st.rows as i64 + d as i64).clamp(1, PANEL_MAX_SIDE as i64) as u32;
                st.rebuild();
            }
            Command::Cols(d) => {
                st.cols = (st.cols as i64 + d as i64).clamp(1, PANEL_MAX_SIDE as i64) as u32;
                st.rebuild();
            }
            Command::ToggleClosed => {
                // A closed tour has no last square.
                st.closed = !st.closed;
                if st.closed {
                    st.end = None;
                }
            }
            Command::NextAlgorithm => st.algorithm = st.algorithm.next(),
            Command::NextTieBreak => st.tie_break = st.tie_break.next(),
            Command::NextMoveOrder => st.moves = st.moves.next(),
            Command::NextLeaper => {
                st.geometry.leaper = st.geometry.leaper.next();
                st.rebuild();
            }
            Command::NextSurface => {
                st.geometry.surface = st.geometry.surface.next();
                st.rebuild();
            }
            _ => {}
        }
        // Theory answers at once (a rebuild of the board asked it
        // already); the algorithm's choices change nothing it says.
        if matches!(
            c,
            Command::SetStart | Command::SetEnd | Command::ToggleClosed
        ) {
            st.judge();
        }
        if let Some((sq, rows, cols)) = follow {
            self.zoom.follow(sq, rows, cols);
        }
        Vec::new()
    }

    /// A click on the board while the panel is open: left sets the start,
    /// right blocks or unblocks the square.
    pub(super) fn settings_click(
        &mut self,
        sq: Square,
        button: crossterm::event::MouseButton,
    ) -> Vec<Effect> {
        let Some(st) = self.settings_mut() else {
            return Vec::new();
        };
        if sq.row >= st.rows || sq.col >= st.cols {
            return Vec::new();
        }
        st.cursor = sq;
        let c = match button {
            crossterm::event::MouseButton::Right => Command::ToggleBlock,
            _ => Command::SetStart,
        };
        self.settings_key(c)
    }

    /// Enter: the settings become the search's, and it starts again.
    fn apply_settings(&mut self) -> Vec<Effect> {
        // The task is made with the settings still open, so a refusal
        // keeps them (the board copied: at most a panel's, once).
        let problem = match self.settings() {
            None => return Vec::new(),
            Some(st) => match &st.error {
                Some(e) => Err(e.clone()),
                None => Kind::from_flags(st.closed, st.end)
                    .and_then(|kind| Tours::new(st.preview.clone(), kind))
                    .and_then(|tours| Problem::new(tours, st.start))
                    .map_err(|e| e.to_string()),
            },
        };
        let problem = match problem {
            Ok(problem) => problem,
            Err(e) => {
                if let Some(st) = self.settings_mut() {
                    st.error = Some(e.clone());
                }
                self.refuse(format!("not applied: {e}"));
                return Vec::new();
            }
        };
        let Some(i) = self
            .overlays
            .iter()
            .position(|o| matches!(o, Overlay::Settings(_)))
        else {
            return Vec::new();
        };
        let Overlay::Settings(st) = self.overlays.remove(i) else {
            return Vec::new();
        };
        self.overlays.clear();
        self.spec.problem = problem;
        self.spec.algorithm = st.algorithm;
        self.spec.tie_break = st.tie_break;
        self.spec.moves = st.moves;
        self.search.trail = Trail::new(self.spec.board().len());
        self.info(format!("new search on {}", self.spec.board().describe()));
        self.restart(false)
    }
}
