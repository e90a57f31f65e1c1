//! Making a puzzle: a random tour (reproducible from a seed), then clues
//! taken away one at a time, in a random order, while reasoning up to
//! the difficulty's level still solves it (so it keeps exactly one
//! solution, and needs no guessing). Step 1 stays a clue: the knight
//! starts there.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::logic::{Logic, Rating, rate_upto};
use super::reason::Uses;
use super::{Clue, Puzzle};
use crate::board::Board;
use crate::solver::find::search::{Halt, Monitor, Order, Search};
use crate::solver::{Flow, TieBreak};
use crate::theory::factor::Rng;
use crate::theory::{self, NoTour};

/// Boards puzzles are made on: 5 to 12 rows and columns.
pub const SIDES: std::ops::RangeInclusive<u32> = 5..=12;

/// How deep the reasoning a puzzle asks for goes; every level is solved
/// by reasoning alone, never by guessing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Difficulty {
    /// Forced moves alone.
    Easy,
    /// Knight distances and colours too.
    #[default]
    Medium,
    /// Chains of moves between numbers too.
    Hard,
    /// One step of "if this, then no room for that" too.
    Expert,
}

impl Difficulty {
    /// Every difficulty, easiest first.
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
    ];

    /// The difficulty's lowercase name: `easy`, `medium`, `hard`, `expert`.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
        }
    }

    /// What reasoning solves a puzzle of this level, in words.
    pub fn reasoning(self) -> &'static str {
        match self {
            Difficulty::Easy => "forced moves alone solve it",
            Difficulty::Medium => "forced moves and knight distances solve it",
            Difficulty::Hard => "chains of moves between the numbers solve it",
            Difficulty::Expert => "one step of \"if this, then no room for that\" solves it",
        }
    }
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a difficulty.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a difficulty: easy, medium, hard or expert")]
pub struct NotADifficulty(String);

impl FromStr for Difficulty {
    type Err = NotADifficulty;
    fn from_str(s: &str) -> Result<Self, NotADifficulty> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| NotADifficulty(s.to_string()))
    }
}

/// What puzzle to make.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Request {
    /// Rows of the board, in [`SIDES`].
    pub rows: u32,
    /// Columns of the board, in [`SIDES`].
    pub cols: u32,
    /// Whether the solution must be a closed tour.
    pub closed: bool,
    /// The difficulty asked for.
    pub difficulty: Difficulty,
    /// The seed of the random choices: one seed, one puzzle.
    pub seed: u64,
}

/// A puzzle made, with its one solution and the reasoning it needs.
#[derive(Clone, Debug)]
pub struct Made {
    /// The puzzle: the board and its clues.
    pub puzzle: Puzzle,
    /// Its one solution, the square (board index) of each step.
    pub solution: Vec<u32>,
    /// The deepest reasoning it needs, which may be less than asked.
    pub difficulty: Difficulty,
    /// How often reasoning used each rule to solve it.
    pub uses: Uses,
    /// The tours tried before one gave the difficulty asked for (at most
    /// `TOURS`; the last one's puzzle is kept otherwise).
    pub tours: u32,
}

/// Why no puzzle was made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MakeError {
    /// The `rows`x`cols` board is outside [`SIDES`].
    #[allow(missing_docs)]
    #[error("puzzles are made on boards of 5 to 12 rows and columns, not {rows}x{cols}")]
    Size { rows: u32, cols: u32 },
    /// Theory proves the board has no tour.
    #[error("{0}")]
    NoTour(NoTour),
    /// The search found no tour of the board, described.
    #[error("no tour of {0} was found to make a puzzle from")]
    NoTourFound(crate::board::Outline),
}

/// Tours tried for a puzzle of the difficulty asked for.
pub const TOURS: u32 = 12;

/// Makes the puzzle `request` asks for; the same request gives the same
/// puzzle.
pub fn make(request: &Request) -> Result<Made, MakeError> {
    let Request {
        rows, cols, closed, ..
    } = *request;
    if !SIDES.contains(&rows) || !SIDES.contains(&cols) {
        return Err(MakeError::Size { rows, cols });
    }
    let board = Board::new(rows, cols, &[]).map_err(|_| MakeError::Size { rows, cols })?;
    theory::check(&board, None, closed).map_err(MakeError::NoTour)?;
    let mut rng = Rng::new(request.seed ^ 0x6b6e_6967_6874);
    let mut last = None;
    for tours in 1..=TOURS {
        let tour = random_tour(&board, closed, &mut rng)
            .ok_or_else(|| MakeError::NoTourFound(board.outline()))?;
        let made = carve(&board, closed, tour, request.difficulty, &mut rng, tours);
        if made.difficulty == request.difficulty {
            return Ok(made);
        }
        last = Some(made);
    }
    last.ok_or_else(|| MakeError::NoTourFound(board.outline()))
}

/// A tour by Warnsdorff's rule with random tie-breaks from a random start;
/// a closed one begins at a random step.
fn random_tour(board: &Board, closed: bool, rng: &mut Rng) -> Option<Vec<u32>> {
    struct Take(Option<Vec<u32>>);
    impl Monitor for Take {
        fn looks_every(&self) -> Option<u64> {
            None
        }
        fn looks_at_backs(&self) -> bool {
            false
        }
        fn on_tour(&mut self, search: &Search) -> Flow {
            self.0 = Some(search.tour());
            Flow::Stop
        }
    }
    for _ in 0..500 {
        let start = (rng.next() % board.len() as u64) as u32;
        if theory::check(board, Some(board.square(start)), closed).is_err() {
            continue;
        }
        let order = Order::Warnsdorff(TieBreak::Random, rng.next());
        let mut search = Search::new(board, &[start], closed, order, false);
        search.set_node_limit(20 * board.len() as u64);
        let mut take = Take(None);
        if search.run(&mut take) == Halt::Stopped
            && let Some(mut tour) = take.0
        {
            if closed {
                let at = (rng.next() % tour.len() as u64) as usize;
                tour.rotate_left(at);
            }
            return Some(tour);
        }
    }
    None
}

/// Takes clues away from the full tour while reasoning up to `difficulty`
/// still solves the puzzle.
fn carve(
    board: &Board,
    closed: bool,
    tour: Vec<u32>,
    difficulty: Difficulty,
    rng: &mut Rng,
    tours: u32,
) -> Made {
    let clues: Vec<Clue> = tour
        .iter()
        .enumerate()
        .map(|(k, &i)| Clue {
            square: board.square(i),
            step: k as u32 + 1,
        })
        .collect();
    let mut puzzle = Puzzle::new(board, closed, &clues).expect("a tour's own steps are clues");
    let logic = Logic::new(&puzzle);
    let mut order: Vec<u32> = (2..=tour.len() as u32).collect();
    rng.shuffle(&mut order);
    let mut rating = rate_upto(&logic, &puzzle, difficulty);
    for step in order {
        let fewer = puzzle.without(step);
        let r = rate_upto(&logic, &fewer, difficulty);
        if r.level().is_some() {
            puzzle = fewer;
            rating = r;
        }
    }
    let Rating::Logic { level, uses } = rating else {
        unreachable!(
            "a tour's every step numbered is solved, and a clue goes only while it stays so"
        )
    };
    Made {
        puzzle,
        solution: tour,
        difficulty: level,
        uses,
        tours,
    }
}
