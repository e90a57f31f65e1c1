//! The settings panel's pending choices: a board being edited and the
//! search to run on it, applied only on Enter.

use std::collections::BTreeSet;

use knight_tui::board::{Board, Geometry, Square};
use knight_tui::solver::{Algorithm, MoveOrder, TieBreak};
use knight_tui::spec::Spec;

/// The biggest board the settings panel makes (the command line goes further).
pub const PANEL_MAX_SIDE: u32 = 1000;

/// The settings panel's pending choices.
#[derive(Clone, Debug)]
pub struct Settings {
    pub rows: u32,
    pub cols: u32,
    pub blocked: BTreeSet<Square>,
    pub start: Square,
    pub closed: bool,
    /// The square an open tour must end on, if chosen.
    pub end: Option<Square>,
    pub algorithm: Algorithm,
    pub tie_break: TieBreak,
    pub moves: MoveOrder,
    /// The piece and surface.
    pub geometry: Geometry,
    pub cursor: Square,
    /// The board as it would be: what the board pane shows.
    pub preview: Board,
    pub error: Option<String>,
}

impl Settings {
    pub fn from_spec(spec: &Spec) -> Settings {
        Settings {
            rows: spec.board.rows(),
            cols: spec.board.cols(),
            blocked: spec.board.blocked().iter().copied().collect(),
            start: spec.start,
            closed: spec.closed,
            end: spec.end,
            algorithm: spec.algorithm,
            tie_break: spec.tie_break,
            moves: spec.moves,
            geometry: spec.board.geometry(),
            cursor: spec.start,
            preview: spec.board.clone(),
            error: None,
        }
    }

    /// Rebuilds the preview after a change of size or blocked squares,
    /// keeping squares, start and cursor on the board.
    pub fn rebuild(&mut self) {
        let (r, c) = (self.rows, self.cols);
        self.blocked.retain(|s| s.row < r && s.col < c);
        let clamp = |s: Square| Square::new(s.row.min(r - 1), s.col.min(c - 1));
        self.start = clamp(self.start);
        self.cursor = clamp(self.cursor);
        // An end the board lost, or that the clamped start took, goes.
        if self
            .end
            .is_some_and(|e| e.row >= r || e.col >= c || e == self.start)
        {
            self.end = None;
        }
        let blocked: Vec<Square> = self.blocked.iter().copied().collect();
        match Board::with_geometry(r, c, &blocked, self.geometry) {
            Ok(b) => {
                self.preview = b;
                self.error = None;
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }
}
