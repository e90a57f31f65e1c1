//! What to solve: the board, the start, open or closed, the algorithm with
//! its tie-break, and the limits. Both front ends settle their flags and
//! configuration into a [`Spec`]; the solvers take it apart here.

use crate::board::{Board, Square};
use crate::solver::{Algorithm, Limits, MoveOrder, Options, Problem, TieBreak};
use crate::tour::{Fault, FaultKind};

/// Everything a search needs, settled from flags and configuration.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// Which tours: the board, the start, open or closed, and an open
    /// tour's last square if chosen (checked as it was made).
    pub problem: Problem,
    /// The algorithm asked for.
    pub algorithm: Algorithm,
    /// How Warnsdorff's rule breaks ties.
    pub tie_break: TieBreak,
    /// Limits that stop the search early.
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

    /// The problem's board.
    pub fn board(&self) -> &Board {
        self.problem.board()
    }

    /// The problem's start.
    pub fn start(&self) -> Square {
        self.problem.start()
    }

    /// Whether the problem asks for closed tours.
    pub fn closed(&self) -> bool {
        self.problem.closed()
    }

    /// An open tour's last square, if chosen.
    pub fn end(&self) -> Option<Square> {
        self.problem.end()
    }

    /// The watched search of this spec (one tour), its board moved in.
    pub fn into_job(self) -> crate::solver::Job {
        let options = self.options(1);
        crate::solver::Job::new(self.problem, options)
    }

    /// Checks a tour the solvers gave, square by square: legal, complete,
    /// closed if it must be, and ending on the chosen last square. The
    /// fault says which step is wrong and why.
    pub fn check_tour(&self, tour: &[u32]) -> Result<(), Fault> {
        crate::tour::check_indices(self.board(), tour, self.closed())?;
        match (self.end(), tour.last()) {
            (Some(end), Some(&last)) if self.board().square(last) != end => Err(Fault {
                step: tour.len(),
                kind: FaultKind::NotEnd {
                    last: self.board().square(last),
                    end: [end.row.into(), end.col.into()],
                },
            }),
            _ => Ok(()),
        }
    }

    /// The search as a race names it: the algorithm really run, with the
    /// tie-break and move order where they change what it does:
    /// `backtrack`, `warnsdorff · fixed ties · textbook moves`.
    pub fn search_name(&self) -> String {
        let algorithm = self.algorithm.for_solve(self.board(), 1);
        let mut name = algorithm.name().to_string();
        if algorithm == Algorithm::Warnsdorff {
            name.push_str(&format!(" · {} ties", self.tie_break));
        }
        if algorithm != Algorithm::Construct && !self.moves.is_default() {
            match self.moves.name() {
                Some(n) => name.push_str(&format!(" · {n} moves")),
                None => name.push_str(&format!(" · moves {}", self.moves)),
            }
        }
        name
    }

    /// What a tour file's `meta` keeps of this search beside its
    /// algorithm, nodes and time: a Warnsdorff search's `tie_break`, and
    /// the `moves` order when it is not the default.
    pub fn meta(&self) -> serde_json::Map<String, serde_json::Value> {
        let mut meta = serde_json::Map::new();
        if self.algorithm.for_solve(self.board(), 1) == Algorithm::Warnsdorff {
            meta.insert("tie_break".into(), self.tie_break.to_string().into());
        }
        if !self.moves.is_default() {
            meta.insert("moves".into(), self.moves.to_string().into());
        }
        meta
    }

    /// The coursework's rival of this search: plain backtracking against
    /// anything else, Warnsdorff against backtracking (the board, start,
    /// tie-break, moves and limits kept).
    pub fn rival(&self) -> Spec {
        let algorithm = match self.algorithm.for_solve(self.board(), 1) {
            Algorithm::Backtrack => Algorithm::Warnsdorff,
            _ => Algorithm::Backtrack,
        };
        Spec {
            algorithm,
            ..self.clone()
        }
    }

    /// `open tours of 6x6 from 0,0` (`… to 5,4` with a chosen end).
    pub fn tours_wording(&self) -> String {
        let to = self.end().map(|e| format!(" to {e}")).unwrap_or_default();
        format!(
            "{} tours of {} from {}{to}",
            crate::words::kind(self.closed()),
            self.board().describe(),
            self.start()
        )
    }
}

/// The longest time limit taken, in seconds (about 31 years): past it a
/// deadline would overflow the clock on some systems.
pub const MAX_SECONDS: f64 = 1e9;

/// A time limit in seconds, checked: positive, finite, at most
/// [`MAX_SECONDS`]. The one rule for flags and the configuration.
pub fn time_limit(seconds: f64) -> Result<std::time::Duration, TimeLimitError> {
    if seconds > 0.0 && seconds <= MAX_SECONDS {
        Ok(std::time::Duration::from_secs_f64(seconds))
    } else {
        Err(TimeLimitError(seconds))
    }
}

/// A time limit that is not one: zero or less, not a number, or past
/// [`MAX_SECONDS`].
#[derive(Clone, Copy, Debug, PartialEq, thiserror::Error)]
#[error("a time limit is a number of seconds above 0 and at most {MAX_SECONDS:e} (got {0})")]
pub struct TimeLimitError(pub f64);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::{Kind, Tours};

    fn spec(rows: u32, algorithm: Algorithm) -> Spec {
        let board = Board::new(rows, rows, &[]).unwrap();
        Spec {
            problem: Problem::new(Tours::open(board), Square::new(0, 0)).unwrap(),
            algorithm,
            tie_break: TieBreak::Roth,
            limits: Limits::default(),
            moves: MoveOrder::default(),
        }
    }

    #[test]
    fn a_tour_off_its_end_or_with_a_bad_step_is_a_fault() {
        // A solver's 5x5 tour from the corner passes; it fails when the
        // spec wants another end, or with two steps swapped.
        let mut s = spec(5, Algorithm::Auto);
        let sol = crate::solver::solve(&s.problem, &Options::default());
        let tour = sol.tours[0].clone();
        assert_eq!(s.check_tour(&tour), Ok(()));
        let last = s.board().square(*tour.last().unwrap());
        let other = if last == Square::new(4, 4) {
            Square::new(4, 3)
        } else {
            Square::new(4, 4)
        };
        let to = Tours::new(s.board().clone(), Kind::Open { end: Some(other) }).unwrap();
        s.problem = Problem::new(to, s.start()).unwrap();
        let fault = s.check_tour(&tour).unwrap_err();
        assert_eq!(fault.step, 25);
        assert!(matches!(fault.kind, FaultKind::NotEnd { .. }), "{fault}");
        let mut bad = tour.clone();
        bad.swap(1, 2);
        assert_eq!(s.check_tour(&bad).unwrap_err().step, 2);
    }

    #[test]
    fn a_search_is_named_by_what_really_runs() {
        // Auto on 8x8 runs Warnsdorff; on 300x300 it builds the tour.
        assert_eq!(
            spec(8, Algorithm::Auto).search_name(),
            "warnsdorff · roth ties"
        );
        assert_eq!(spec(300, Algorithm::Auto).search_name(), "construct");
        let mut s = spec(8, Algorithm::Backtrack);
        assert_eq!(s.search_name(), "backtrack");
        s.moves = "textbook".parse().unwrap();
        assert_eq!(s.search_name(), "backtrack · textbook moves");
        s.moves = "1,2;2,1;-1,2;-2,1;-2,-1;-1,-2;1,-2;2,-1".parse().unwrap();
        assert_eq!(
            s.search_name(),
            "backtrack · moves 1,2;2,1;-1,2;-2,1;-2,-1;-1,-2;1,-2;2,-1"
        );
    }

    #[test]
    fn the_coursework_rival_is_the_other_of_backtracking_and_warnsdorff() {
        assert_eq!(
            spec(8, Algorithm::Backtrack).rival().algorithm,
            Algorithm::Warnsdorff
        );
        for a in [Algorithm::Auto, Algorithm::Warnsdorff, Algorithm::Enumerate] {
            let mut s = spec(6, a);
            s.moves = MoveOrder::NAMED[1].1;
            let r = s.rival();
            assert_eq!(r.algorithm, Algorithm::Backtrack);
            // The rest is kept: one board, one start, one move order.
            assert_eq!(
                (r.board().rows(), r.start(), r.moves),
                (6, s.start(), s.moves)
            );
        }
    }
}
