//! A puzzle's clues in play: which moves they forbid and why, and the
//! next clue the knight is heading for. The rules a game asks about
//! before each move, in one place for the app and the command line.

use std::fmt;
use std::sync::Arc;

use std::sync::OnceLock;

use super::{
    Completions, Difficulty, Logic, Made, Puzzle, PuzzleError, Sheet, rate_with, solve_with,
};
use crate::board::Square;
use crate::solver::Limits;

/// A puzzle being played: its clues, the knight distances of its board,
/// and what is known of how it was made.
pub struct Clues {
    puzzle: Puzzle,
    logic: Logic,
    /// Its difficulty, when made here or named by its file.
    pub difficulty: Option<Difficulty>,
    /// The seed it was made from, when known.
    pub seed: Option<u64>,
    /// Its completions, found when first asked for (within
    /// `SOLUTION_NODES` positions).
    completions: OnceLock<Completions>,
}

/// Positions the search for a puzzle's solution may try before a hint
/// does without it.
pub const SOLUTION_NODES: u64 = 2_000_000;

impl fmt::Debug for Clues {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Clues")
            .field("puzzle", &self.puzzle)
            .field("difficulty", &self.difficulty)
            .field("seed", &self.seed)
            .finish_non_exhaustive()
    }
}

/// Why the clues forbid a move: each says it in one sentence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forbidden {
    /// The `square` holds `clue`, another step than the move's `step`.
    #[allow(missing_docs)]
    Taken {
        square: Square,
        clue: u32,
        step: u32,
    },
    /// The move's `step` is the clue on another square, `clue`.
    #[allow(missing_docs)]
    Elsewhere { step: u32, clue: Square },
    /// The next clue is further, in knight moves, than the steps left to
    /// it: `clue` on `on` is `moves` knight moves from the move's square
    /// `from`, over the `steps` left (`moves`: None when no moves join the
    /// two squares at all).
    #[allow(missing_docs)]
    TooFar {
        from: Square,
        clue: u32,
        on: Square,
        steps: u32,
        moves: Option<u32>,
    },
    /// The next clue is near enough, but every knight's move changes
    /// colour and the `steps` left from `from` land on the other colour
    /// than `clue`'s square `on`.
    #[allow(missing_docs)]
    Colour {
        from: Square,
        clue: u32,
        on: Square,
        steps: u32,
    },
}

impl fmt::Display for Forbidden {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Forbidden::Taken { square, clue, step } => {
                write!(
                    f,
                    "{square} holds clue {clue}; this move would be step {step}"
                )
            }
            Forbidden::Elsewhere { step, clue } => {
                write!(f, "step {step} is the clue on {clue}")
            }
            Forbidden::TooFar {
                from,
                clue,
                on,
                steps,
                moves: Some(m),
            } => write!(
                f,
                "clue {clue} on {on} is {m} moves from {from}, more than the {steps} left to reach it"
            ),
            Forbidden::TooFar { from, clue, on, .. } => {
                write!(f, "clue {clue} on {on} cannot be reached from {from}")
            }
            Forbidden::Colour {
                from,
                clue,
                on,
                steps,
            } => {
                let (parity, colours) = if steps % 2 == 0 {
                    ("an even", "different colours")
                } else {
                    ("an odd", "the same colour")
                };
                write!(
                    f,
                    "clue {clue} on {on} is {steps} steps on, {parity} number, but {from} and {on} are {colours} (each knight's move changes colour)"
                )
            }
        }
    }
}

impl Clues {
    /// The puzzle being played (a file's, a save's), with its knight
    /// distances worked out once, rated by reasoning: a file's own label
    /// is not taken on trust.
    pub fn new(puzzle: Puzzle, seed: Option<u64>) -> Arc<Clues> {
        let logic = Logic::new(&puzzle);
        let difficulty = rate_with(&logic, &puzzle).level();
        Arc::new(Clues {
            puzzle,
            logic,
            difficulty,
            seed,
            completions: OnceLock::new(),
        })
    }

    /// A puzzle just made from `seed`: its rating and one solution are
    /// the maker's, not found again.
    pub fn made(made: Made, seed: u64) -> Arc<Clues> {
        let logic = Logic::new(&made.puzzle);
        Arc::new(Clues {
            logic,
            difficulty: Some(made.difficulty),
            seed: Some(seed),
            completions: OnceLock::from(Completions::Unique(made.solution)),
            puzzle: made.puzzle,
        })
    }

    /// The board's moves and distances, for reasoning about the puzzle.
    pub fn logic(&self) -> &Logic {
        &self.logic
    }

    /// The puzzle's one solution (the square of each step), found the
    /// first time it is asked for; None when the puzzle has none, several,
    /// or the search stops at `SOLUTION_NODES` positions.
    pub fn solution(&self) -> Option<&[u32]> {
        match self.completions() {
            Completions::Unique(path) => Some(path),
            _ => None,
        }
    }

    /// What the clues allow: one solution, none (and why), several, or
    /// undecided after `SOLUTION_NODES` positions; found the first time
    /// it is asked for.
    pub fn completions(&self) -> &Completions {
        self.completions.get_or_init(|| {
            let limits = Limits {
                nodes: Some(SOLUTION_NODES),
                time: None,
            };
            solve_with(&self.logic, &self.puzzle, &limits)
        })
    }

    /// The completions of what `sheet` leaves to fill (its numbers, clues
    /// and written, taken as given), counted to 2.
    pub fn solve_sheet(&self, sheet: &Sheet, limits: &Limits) -> Result<Completions, PuzzleError> {
        Ok(solve_with(&self.logic, &sheet.as_puzzle()?, limits))
    }

    /// The puzzle the clues are of.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The clue's step on a square (board index), 1-based.
    pub fn on(&self, index: u32) -> Option<u32> {
        self.puzzle.clue_on(index)
    }

    /// The first clue after step `step`: its step and square (board index).
    pub fn next_after(&self, step: u32) -> Option<(u32, u32)> {
        (step + 1..=self.puzzle.steps() as u32).find_map(|t| self.puzzle.clue_at(t).map(|i| (t, i)))
    }

    /// The knight distance between two squares (board indices); None when
    /// no moves join them.
    pub fn distance(&self, a: u32, b: u32) -> Option<u32> {
        let d = self.logic.distance(a, b);
        (d != u16::MAX).then_some(d.into())
    }

    /// Why the knight may not make square `index` its step `step`
    /// (1-based); None when the clues allow it.
    pub fn refusal(&self, index: u32, step: u32) -> Option<Forbidden> {
        let board = self.puzzle.board();
        let square = board.square(index);
        if let Some(clue) = self.on(index).filter(|&c| c != step) {
            return Some(Forbidden::Taken { square, clue, step });
        }
        if let Some(at) = self.puzzle.clue_at(step).filter(|&at| at != index) {
            return Some(Forbidden::Elsewhere {
                step,
                clue: board.square(at),
            });
        }
        let (clue, at) = self.next_after(step)?;
        let steps = clue - step;
        if self.logic.reaches(index, at, steps) {
            return None;
        }
        let on = board.square(at);
        let moves = self.distance(index, at);
        Some(match moves {
            Some(m) if m <= steps => Forbidden::Colour {
                from: square,
                clue,
                on,
                steps,
            },
            _ => Forbidden::TooFar {
                from: square,
                clue,
                on,
                steps,
                moves,
            },
        })
    }

    /// The completions of the puzzle after the moves of `path` (square
    /// indices from step 1, honouring the clues), counted to 2.
    pub fn solve_after(&self, path: &[u32], limits: &Limits) -> Result<Completions, PuzzleError> {
        let rest = self.puzzle.with_path(path)?;
        Ok(solve_with(&self.logic, &rest, limits))
    }

    /// Where the path (square indices, step order) first breaks a clue:
    /// the step and the clue's square.
    pub fn broken_by(&self, path: &[u32]) -> Option<(u32, Square)> {
        path.iter().enumerate().find_map(|(k, &i)| {
            let step = k as u32 + 1;
            let here = self.on(i).is_some_and(|c| c != step);
            let there = self.puzzle.clue_at(step).filter(|&at| at != i);
            match (here, there) {
                (_, Some(at)) => Some((step, self.puzzle.board().square(at))),
                (true, None) => Some((step, self.puzzle.board().square(i))),
                _ => None,
            }
        })
    }

    /// The tour file's fields for the puzzle: `"clues"`, and `"puzzle"`
    /// (difficulty, seed) when known.
    pub fn fields(&self) -> serde_json::Map<String, serde_json::Value> {
        let mut about = serde_json::Map::new();
        if let Some(d) = self.difficulty {
            about.insert("difficulty".into(), d.name().into());
        }
        if let Some(seed) = self.seed {
            about.insert("seed".into(), seed.into());
        }
        let about = (!about.is_empty()).then_some(about);
        let mut json = crate::puzzle::file::to_json(&self.puzzle, about);
        let mut fields = serde_json::Map::new();
        for key in ["clues", "puzzle"] {
            if let Some(v) = json.get_mut(key) {
                fields.insert(key.into(), v.take());
            }
        }
        fields
    }

    /// `8x8 open, medium, 20 clues, seed 7`.
    pub fn describe(&self) -> String {
        let p = &self.puzzle;
        let level = self
            .difficulty
            .map(|d| format!("{d}, "))
            .unwrap_or_default();
        let seed = self.seed.map(|s| format!(", seed {s}")).unwrap_or_default();
        format!(
            "{} {}, {level}{}{seed}",
            p.board().describe(),
            crate::words::kind(p.closed()),
            crate::words::plural(p.clue_count() as u64, "clue")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::puzzle::Clue;

    /// 5x5 with clue 1 on 0,0, clue 3 on 0,4 and clue 25 on 4,4.
    fn clues() -> Arc<Clues> {
        let board = Board::new(5, 5, &[]).unwrap();
        let c = |r, col, step| Clue {
            square: Square::new(r, col),
            step,
        };
        let p = Puzzle::new(&board, false, &[c(0, 0, 1), c(0, 4, 3), c(4, 4, 25)]).unwrap();
        Clues::new(p, None)
    }

    fn idx(r: u32, c: u32) -> u32 {
        r * 5 + c
    }

    #[test]
    fn each_refusal_names_the_clue_it_breaks() {
        let c = clues();
        let why = |sq, step| c.refusal(sq, step).map(|r| r.to_string());
        assert_eq!(why(idx(0, 0), 1), None);
        assert_eq!(
            why(idx(0, 4), 2).unwrap(),
            "0,4 holds clue 3; this move would be step 2"
        );
        assert_eq!(why(idx(1, 1), 1).unwrap(), "step 1 is the clue on 0,0");
        // 2,1 is 3 moves from 0,4: too far for step 2, one before clue 3.
        assert_eq!(
            why(idx(2, 1), 2).unwrap(),
            "clue 3 on 0,4 is 3 moves from 2,1, more than the 1 left to reach it"
        );
        // 1,2 is a move from 0,4.
        assert_eq!(why(idx(1, 2), 2), None);
        assert_eq!(c.next_after(1), Some((3, idx(0, 4))));
        assert_eq!(c.distance(idx(0, 0), idx(0, 4)), Some(2));
        assert_eq!(c.next_after(25), None);
    }

    #[test]
    fn the_colour_rule_refuses_a_square_near_enough() {
        let c = clues();
        // Step 4 on 0,2: clue 25 on 4,4 is 21 steps on, odd, but 0,2 and
        // 4,4 are the same colour (an even number of moves apart).
        let r = c.refusal(idx(0, 2), 4).unwrap();
        assert!(matches!(r, Forbidden::Colour { steps: 21, .. }), "{r:?}");
        assert_eq!(
            r.to_string(),
            "clue 25 on 4,4 is 21 steps on, an odd number, but 0,2 and 4,4 are the same colour (each knight's move changes colour)"
        );
        // 0,1 is the other colour: allowed.
        assert_eq!(c.refusal(idx(0, 1), 4), None);
    }

    #[test]
    fn a_path_breaking_a_clue_is_found() {
        let c = clues();
        assert_eq!(c.broken_by(&[0, 7, 4]), None);
        assert_eq!(c.broken_by(&[0, 7, 14]), Some((3, Square::new(0, 4))));
        assert_eq!(c.broken_by(&[1]), Some((1, Square::new(0, 0))));
        assert_eq!(c.broken_by(&[0, 4]), Some((2, Square::new(0, 4))));
    }
}
