//! What to solve: the board, the start, open or closed, the algorithm with
//! its tie-break, and the limits. Both front ends settle their flags and
//! configuration into a [`Spec`]; the solvers take it apart here.

use crate::board::BoardError;
use crate::board::{Board, Square};
use crate::solver::{Algorithm, Limits, MoveOrder, Options, Problem, TieBreak};

/// Everything a search needs, settled from flags and configuration.
#[derive(Debug, Clone)]
pub struct Spec {
    pub board: Board,
    pub start: Square,
    pub closed: bool,
    pub algorithm: Algorithm,
    pub tie_break: TieBreak,
    pub limits: Limits,
    /// The order the moves are tried in.
    pub moves: MoveOrder,
}

impl Spec {
    /// The search's options, for `tours` tours.
    pub fn options(&self, tours: usize) -> Options {
        Options {
            algorithm: self.algorithm,
            tie_break: self.tie_break,
            limits: self.limits,
            tours,
            moves: self.moves,
        }
    }

    /// The board, start and kind of tour as the solvers take them (the
    /// start was checked when the spec was settled).
    pub fn problem(&self) -> Result<Problem<'_>, BoardError> {
        Problem::new(&self.board, self.start, self.closed)
    }

    /// `open tours of 6x6 from 0,0`.
    pub fn tours_wording(&self) -> String {
        format!(
            "{} tours of {} from {}",
            crate::words::kind(self.closed),
            self.board.describe(),
            self.start
        )
    }
}

/// The longest time limit taken, in seconds (about 31 years): past it a
/// deadline would overflow the clock on some systems.
pub const MAX_SECONDS: f64 = 1e9;

/// A time limit in seconds, checked: positive, finite, at most
/// [`MAX_SECONDS`]. The one rule for flags and the configuration.
pub fn time_limit(seconds: f64) -> Result<std::time::Duration, String> {
    if seconds > 0.0 && seconds <= MAX_SECONDS {
        Ok(std::time::Duration::from_secs_f64(seconds))
    } else {
        Err(format!(
            "a time limit is a number of seconds above 0 and at most {MAX_SECONDS:e} (got {seconds})"
        ))
    }
}
