//! What the board pane shows: the board of the mode, the zoomed window
//! (centred on the knight), and the speed of what moves on it.

use knight_engine::board::{Board, Square};
use knight_engine::solver::Speed;

use super::{App, Mode};
use crate::config::SPEEDS;
use crate::tui::keymap::{Command, key};
use crate::tui::viewport::Window;

impl App {
    /// The board the pane shows: the settings' preview while they are open,
    /// the replayed tour's board in replay, the game's in play.
    pub fn shown_board(&self) -> &Board {
        match (self.settings(), self.replaying(), self.playing()) {
            (Some(st), _, _) => &st.preview,
            (None, Some(r), _) => &r.board,
            (None, None, Some(g)) => g.board(),
            (None, None, None) => self.spec.board(),
        }
    }

    /// The square a zoom centres on: the knight of the game, the search
    /// or the race (side A), or the replay's square; none in the settings.
    pub fn focus(&self) -> Option<Square> {
        let board = self.shown_board();
        let last = |t: &crate::tui::trail::Trail| t.last().map(|i| board.square(i));
        match (self.settings(), self.replaying(), self.playing()) {
            (Some(_), _, _) => None,
            (None, Some(r), _) => last(&r.trail),
            (None, None, Some(g)) => g.knight(),
            (None, None, None) => last(self.shown_trail()),
        }
    }

    /// The part of the shown board in view.
    pub fn window(&self) -> Window {
        let b = self.shown_board();
        self.zoom.window(b.rows(), b.cols())
    }

    pub fn speed(&self) -> Speed {
        match SPEEDS[self.speed] {
            Some(s) => Speed::StepsPerSecond(s),
            None => Speed::Full,
        }
    }

    /// `full` or `25 steps/s`.
    pub fn speed_label(&self) -> String {
        crate::config::speed_label(self.speed)
    }

    /// While a replay plays (or a game's finish is animated): how often to
    /// advance it, and by how many steps (at most 60 ticks a second). A count
    /// under way redraws ten times a second, advancing nothing.
    pub fn tick(&self) -> Option<(std::time::Duration, usize)> {
        let moving = match self.modes.shown() {
            Mode::Replay(r) => r.playing,
            Mode::Play(g) => !g.finishing.is_empty(),
            Mode::Search | Mode::Race(_) => false,
        };
        if !moving {
            let counting = self.counting.as_ref().is_some_and(|c| c.result.is_none());
            // The game's clock and move timer, redrawn each second.
            let clock = matches!(self.modes.shown(), Mode::Play(g) if g.clock_running());
            return if counting {
                Some((std::time::Duration::from_millis(100), 0))
            } else {
                clock.then_some((std::time::Duration::from_secs(1), 0))
            };
        }
        let per_second = SPEEDS[self.speed].unwrap_or(60_000.0);
        Some(if per_second <= 60.0 {
            (std::time::Duration::from_secs_f64(1.0 / per_second), 1)
        } else {
            (
                std::time::Duration::from_secs_f64(1.0 / 60.0),
                (per_second / 60.0).round() as usize,
            )
        })
    }

    pub(super) fn zoom_key(&mut self, c: Command, at: Option<Square>) {
        let (rows, cols) = {
            let b = self.shown_board();
            (b.rows(), b.cols())
        };
        match c {
            Command::ZoomIn | Command::ZoomOut => {
                let zoom_in = c == Command::ZoomIn;
                // A key zooms on the knight, and follows it; the mouse
                // where it points.
                self.zoom.on_knight = at.is_none();
                let at = at.or_else(|| self.focus());
                // Notices, not refusals: nothing went wrong.
                if !self.zoom.change(zoom_in, at, rows, cols) {
                    self.info(if zoom_in {
                        "zoomed in as far as it goes"
                    } else {
                        "the whole board is in view"
                    });
                }
            }
            Command::Pan(..) if self.zoom.level == 0 => {
                self.info("the whole board is in view: zoom in (z) to pan");
            }
            Command::Pan(dr, dc) => {
                self.zoom.on_knight = false;
                self.zoom.pan(dr, dc, rows, cols);
            }
            _ => {}
        }
    }

    /// The terminal's size: the board pane it leaves (the frame's, see
    /// [`crate::tui::frame`]) shapes the zoomed windows.
    pub(super) fn resized(&mut self, w: u16, h: u16) {
        self.zoom.pane = Some(crate::tui::frame::board_pane(w, h));
        // Too small to be seen, a game's clock stops.
        let (shown, now) = (crate::tui::frame::fits(w, h), self.now);
        if let Some(g) = self.modes.game_mut() {
            g.seen(shown, now);
        }
    }

    /// Zoomed in on the knight, keeps it in view as it moves: the window
    /// centres on it again when it leaves.
    pub(super) fn follow_focus(&mut self) {
        if self.zoom.level == 0 || !self.zoom.on_knight {
            return;
        }
        if let Some(at) = self.focus().filter(|&at| !self.window().contains(at)) {
            self.zoom.centre = Some(at);
        }
    }

    /// `j`: the whole board, or the zoom `level` on the knight.
    pub(super) fn zoom_to(&mut self, level: Option<u8>) {
        match level {
            None => self.refuse("the whole board shows its step numbers already"),
            Some(0) => {
                self.zoom.level = 0;
                self.zoom.centre = None;
                self.info("the whole board (j: back to the numbers)");
            }
            Some(level) => {
                self.zoom.level = level;
                self.zoom.centre = self.focus();
                self.zoom.on_knight = true;
                self.info("step numbers on the knight (j: the whole board)");
            }
        }
    }

    /// At launch, a puzzle whose numbers the whole board cannot show
    /// opens zoomed in on the knight at `level` (from
    /// [`crate::tui::ui::jump_level`]), said after its opening line.
    pub fn open_zoomed(&mut self, level: Option<u8>) {
        let (Some(level @ 1..), Some(true)) = (level, self.playing().map(|g| g.clues.is_some()))
        else {
            return;
        };
        self.zoom.level = level;
        self.zoom.centre = self.focus();
        self.zoom.on_knight = true;
        let intro = self.message().unwrap_or_default().to_string();
        self.info(format!(
            "{intro}; zoomed in so the numbers show ({}: the whole board)",
            key(Command::ZoomJump)
        ));
    }

    /// `+` / `-`: the next speed up or down the ladder.
    pub(super) fn change_speed(&mut self, c: Command) {
        self.speed = if c == Command::Faster {
            (self.speed + 1).min(SPEEDS.len() - 1)
        } else {
            self.speed.saturating_sub(1)
        };
        self.info(format!("speed: {}", self.speed_label()));
    }
}
