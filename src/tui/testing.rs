//! Test helpers shared by the app's unit tests: an app on a board.

use knight_engine::board::{Board, Square};
use knight_engine::solver::{Algorithm, Limits, TieBreak};
use knight_engine::spec::Spec;

use super::app::App;
use crate::config::SPEEDS;

/// A search of `board` from its top-left square, auto and roth, no limits.
pub fn spec(board: Board) -> Spec {
    Spec {
        board,
        start: Square::new(0, 0),
        closed: false,
        end: None,
        algorithm: Algorithm::Auto,
        tie_break: TieBreak::Roth,
        limits: Limits::default(),
        moves: Default::default(),
    }
}

/// The app searching `board` at full speed, saving into /tmp, started.
pub fn app_on(board: Board) -> App {
    let mut a = App::new(spec(board), SPEEDS.len() - 1, "/tmp".into());
    a.start();
    a
}
