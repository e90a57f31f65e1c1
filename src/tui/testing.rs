//! Test helpers shared by the app's unit tests: an app on a board.

use knight_engine::board::{Board, Square};
use knight_engine::solver::{Algorithm, Kind, Limits, Problem, TieBreak};
use knight_engine::spec::Spec;

use super::app::App;
use crate::config::SPEEDS;
use knight_engine::solver::Tours;

/// A search of `board` from its top-left square, auto and roth, no limits.
pub fn spec(board: Board) -> Spec {
    let start = board.free_squares().next().unwrap_or(Square::new(0, 0));
    Spec {
        problem: Problem::new(Tours::open(board), start).expect("a board with a free square"),
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

/// The spec's tours made closed or open, to `end` (board and start kept).
pub fn retask(spec: &mut Spec, closed: bool, end: Option<Square>) {
    let board = spec.board().clone();
    let tours = Kind::from_flags(closed, end).and_then(|kind| Tours::new(board, kind));
    spec.problem = Problem::new(tours.expect("valid tours"), spec.start()).expect("a valid start");
}

/// The solver's finish of a game's `prefix` (from its first square).
pub fn finish(
    board: &Board,
    prefix: &[u32],
    closed: bool,
    end: Option<Square>,
) -> knight_engine::solver::Solution {
    let problem = knight_engine::solver::Problem::new(
        Tours::closed_if(board.clone(), closed),
        board.square(prefix[0]),
    )
    .and_then(|p| p.ending_on(end))
    .expect("a game's problem");
    knight_engine::solver::finish(&problem, prefix, Limits::default())
}

/// The easy 6x6 open puzzle of seed 7, made.
pub fn easy_puzzle() -> knight_engine::puzzle::Made {
    use knight_engine::puzzle::{self, Difficulty, Request};
    puzzle::make(&Request {
        rows: 6,
        cols: 6,
        closed: false,
        difficulty: Difficulty::Easy,
        seed: 7,
    })
    .expect("a puzzle")
}

/// An open tour of 3x4 from its corner 0,0, square by square.
pub const TOUR_3X4: [(u32, u32); 12] = [
    (0, 0),
    (1, 2),
    (2, 0),
    (0, 1),
    (1, 3),
    (2, 1),
    (0, 2),
    (2, 3),
    (1, 1),
    (0, 3),
    (2, 2),
    (1, 0),
];
