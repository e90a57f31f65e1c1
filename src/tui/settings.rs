//! The settings panel's pending choices: a board being edited and the
//! search to run on it, applied only on Enter.

use std::collections::BTreeSet;

use knight_engine::board::{Board, Geometry, Square};
use knight_engine::solver::{Algorithm, MoveOrder, Problem, TieBreak, Tours};
use knight_engine::spec::Spec;
use knight_engine::theory::NoTour;

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
    /// What theory says of the tour as set, worked out at every change.
    pub verdict: Verdict,
}

/// What theory says of the tour the settings ask for, before any search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Proved impossible, and why.
    NoTour(NoTour),
    /// Proved to exist, and by what.
    Exists(String),
    /// Only a search can tell.
    Unknown,
    /// The board is too big to ask theory at each key: Enter does.
    Later,
}

/// Boards up to this many squares have their verdict worked out at each
/// key (the 2-factor argument takes milliseconds here, seconds beyond).
const VERDICT_SQUARES: usize = 40_000;

impl Settings {
    pub fn from_spec(spec: &Spec) -> Settings {
        Settings {
            rows: spec.board().rows(),
            cols: spec.board().cols(),
            blocked: spec.board().blocked().iter().copied().collect(),
            start: spec.start(),
            closed: spec.closed(),
            end: spec.end(),
            algorithm: spec.algorithm,
            tie_break: spec.tie_break,
            moves: spec.moves,
            geometry: spec.board().geometry(),
            cursor: spec.start(),
            preview: spec.board().clone(),
            error: None,
            verdict: Verdict::Unknown,
        }
        .judged()
    }

    /// The settings with their verdict worked out.
    fn judged(mut self) -> Settings {
        self.judge();
        self
    }

    /// Works out what theory says of the tour as now set.
    pub fn judge(&mut self) {
        self.verdict = verdict(&self.preview, self.start, self.closed, self.end);
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
                self.error = self.refusal();
            }
            Err(e) => self.error = Some(e.to_string()),
        }
        self.judge();
    }
}

impl Settings {
    /// Why the preview's start and end make no search (a start the
    /// rows or columns moved onto a blocked square, say), if they do not.
    pub fn refusal(&self) -> Option<String> {
        Problem::new(
            Tours::closed_if(self.preview.clone(), self.closed),
            self.start,
        )
        .and_then(|p| p.ending_on(self.end))
        .err()
        .map(|e| e.to_string())
    }
}

/// What theory says of a tour on `board` from `start` (closed, or to
/// `end`): no tour with its reason; a tour where a closed one exists on
/// the full board (Schwenk 1991: it passes every square, so it can be
/// started anywhere, and cut open anywhere); else unknown.
pub fn verdict(board: &Board, start: Square, closed: bool, end: Option<Square>) -> Verdict {
    if board.len() > VERDICT_SQUARES {
        return Verdict::Later;
    }
    let facts = knight_engine::theory::Facts::new(board);
    let checked = match end {
        Some(e) => facts.check_between(start, e),
        None => facts.check(Some(start), closed),
    };
    if let Err(no) = checked {
        return Verdict::NoTour(no);
    }
    let (r, c) = (board.rows(), board.cols());
    let full = board.blocked().is_empty() && board.geometry().is_knight_plane();
    if full && end.is_none() && knight_engine::theory::full_board_has_tour(r, c, true) {
        let kind = if closed {
            "a closed tour"
        } else {
            "an open tour"
        };
        return Verdict::Exists(format!(
            "{kind} exists: {r}x{c} has closed tours (Schwenk 1991), which pass every square"
        ));
    }
    Verdict::Unknown
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_verdict_follows_every_change() {
        let spec = crate::tui::testing::spec(Board::new(8, 8, &[]).unwrap());
        let mut st = Settings::from_spec(&spec);
        assert!(matches!(st.verdict, Verdict::Exists(_)), "{:?}", st.verdict);
        // 3x3 has no tour, closed or open.
        st.rows = 3;
        st.cols = 3;
        st.rebuild();
        assert!(
            matches!(&st.verdict, Verdict::NoTour(_)),
            "{:?}",
            st.verdict
        );
        // 5x5 open from a corner: theory cannot tell, a search will.
        st.rows = 5;
        st.cols = 5;
        st.rebuild();
        assert_eq!(st.verdict, Verdict::Unknown);
        // Closed on 5x5: 13 squares of one colour, 12 of the other.
        st.closed = true;
        st.judge();
        assert!(
            matches!(&st.verdict, Verdict::NoTour(w) if w.reason().contains("13 light and 12 dark")),
            "{:?}",
            st.verdict
        );
        st.rows = 200;
        st.cols = 200;
        st.closed = false;
        st.rebuild();
        assert!(matches!(st.verdict, Verdict::Exists(_)), "{:?}", st.verdict);
        // With blocked squares theory has more to work out (5 ms, the
        // development machine, 2026-11-27).
        st.blocked.insert(Square::new(7, 9));
        st.blocked.insert(Square::new(7, 10));
        st.rebuild();
        assert_eq!(st.verdict, Verdict::Unknown);
        // Bigger boards wait for Enter.
        st.rows = 201;
        st.rebuild();
        assert_eq!(st.verdict, Verdict::Later);
    }
}
