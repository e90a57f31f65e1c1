//! knight-engine: the knight's tour engine behind knight-tui. The terminal
//! app and the headless commands are built on this crate; it depends on
//! neither, compiles no terminal, clap or tokio crate, and never prints,
//! exits or handles signals: it returns values.
//!
//! # The doors
//!
//! | Door | Give it | It gives |
//! |---|---|---|
//! | [Board and squares](#board-and-squares) | sides, blocked squares | [`board::Board`], [`board::Square`] |
//! | [The question](#the-question) | a board, closed or open, a start | [`solver::Tours`], [`solver::Problem`] |
//! | [Find](#find) | a [`solver::Problem`], [`solver::Options`] | [`solver::Solution`] |
//! | [Count](#count) | a [`solver::Problem`] or [`solver::Tours`] | [`solver::count::Total`] |
//! | [Theory's verdict](#theorys-verdict) | a board, a start, closed or open | `Ok`, or a [`theory::NoTour`] |
//! | [Tours and their files](#tours-and-their-files) | a path, or a file's text | [`tour::Summary`] or [`tour::Fault`]; [`tour::TourFile`] |
//! | [Puzzles](#puzzles) | a [`puzzle::Request`], or clues | [`puzzle::Made`], [`puzzle::Completions`] |
//!
//! Squares are numbered `row * cols + col` wherever a path is a list of
//! numbers. The other modules ([`spec`], [`words`], [`files`],
//! [`solver::find`], [`solver::spawn`]'s live search) serve the app; longer
//! examples are in `engine/examples/`.
//!
//! ## Board and squares
//!
//! ```
//! use knight_engine::board::{Board, Square};
//!
//! let board = Board::new(8, 8, &[Square::new(3, 3)]).unwrap();
//! assert_eq!(board.free_count(), 63);
//! assert_eq!(Square::parse("a8", 8, 8), Ok(Square::new(0, 0)));
//! assert_eq!(board.index(Square::new(1, 2)), 10);
//! assert!(Square::new(0, 0).is_knight_move(Square::new(1, 2)));
//! ```
//!
//! ## The question
//!
//! [`solver::Tours`] is the board and the tours' kind (closed, or open with
//! an end if chosen); [`solver::Problem`] adds the start. Both are made only
//! by constructors that check them.
//!
//! ```
//! use knight_engine::board::{Board, Square};
//! use knight_engine::solver::{Kind, Problem, Tours};
//!
//! let board = Board::new(5, 5, &[]).unwrap();
//! let tours = Tours::new(board.clone(), Kind::Open { end: Some(Square::new(4, 4)) }).unwrap();
//! let problem = Problem::new(tours, Square::new(0, 0)).unwrap();
//! assert_eq!(problem.end(), Some(Square::new(4, 4)));
//! // A start off the board is refused.
//! assert!(Problem::new(Tours::open(board), Square::new(9, 9)).is_err());
//! ```
//!
//! ## Find
//!
//! [`solver::solve`] runs the algorithm of [`solver::Options`] until it has
//! the tours asked for, a limit stops it, or it proves there is none.
//!
//! ```
//! use knight_engine::board::{Board, Square};
//! use knight_engine::solver::{self, Options, Problem, Tours, Verdict};
//!
//! let board = Board::new(8, 8, &[]).unwrap();
//! let problem = Problem::new(Tours::closed(board), Square::new(0, 0)).unwrap();
//! let found = solver::solve(&problem, &Options { tours: 1, ..Options::default() });
//! assert_eq!(found.verdict, Verdict::Found);
//! assert_eq!(found.tours[0].len(), 64);
//! ```
//!
//! ## Count
//!
//! [`solver::count::Count`] counts the tours from a start or over all
//! starts, by the fastest method the board allows; its [`solver::count::Total`]
//! says whether the number is exact.
//!
//! ```
//! use knight_engine::board::{Board, Square};
//! use knight_engine::solver::count::Count;
//! use knight_engine::solver::{Problem, Tours};
//!
//! let five = Board::new(5, 5, &[]).unwrap();
//! let corner = Problem::new(Tours::open(five), Square::new(0, 0)).unwrap();
//! let total = Count::from_start(&corner).run();
//! assert_eq!((total.count, total.complete()), (304, true));
//! ```
//!
//! ## Theory's verdict
//!
//! [`theory::check`] proves, where it can, that there is no tour, without
//! searching: the [`theory::NoTour`] names its [`theory::Argument`], the
//! squares it is about, and prints as one sentence.
//!
//! ```
//! use knight_engine::board::{Board, Square};
//! use knight_engine::theory::{self, Argument};
//!
//! let four = Board::new(4, 4, &[]).unwrap();
//! let proof = theory::check(&four, Some(Square::new(0, 0)), false).unwrap_err();
//! assert!(matches!(proof.argument, Argument::FullBoard { rows: 4, cols: 4, closed: false }));
//! println!("no tour: {proof}");
//! ```
//!
//! ## Tours and their files
//!
//! [`tour::check_indices`] checks a path move by move; [`tour::parse`]
//! reads a tour file (JSON or a numbered board); [`tour::TourFile::write_json`]
//! and [`tour::write_numbered`] write one. [`tour::stream`] reads and checks
//! files of any size from a reader.
//!
//! ```
//! use knight_engine::board::Board;
//! use knight_engine::tour::{self, Summary, TourFile};
//!
//! let board = Board::new(3, 4, &[]).unwrap();
//! let path = [0, 6, 8, 1, 7, 9, 2, 11, 5, 3, 10, 4];
//! assert_eq!(
//!     tour::check_indices(&board, &path, false),
//!     Ok(Summary::Complete { closed: false })
//! );
//! let mut json = Vec::new();
//! TourFile::new(&board, false, &path, None).write_json(&mut json, true).unwrap();
//! let read = tour::parse(std::str::from_utf8(&json).unwrap()).unwrap();
//! assert_eq!(read.file.indices(&board, path.len()), path);
//! ```
//!
//! ## Puzzles
//!
//! [`puzzle::make`] makes a puzzle from a seed, the same for the same
//! seed; [`puzzle::solve`] proves it has exactly one completion.
//!
//! ```
//! use knight_engine::puzzle::{self, Completions, Difficulty, Request};
//! use knight_engine::solver::Limits;
//!
//! let request = Request { rows: 6, cols: 6, closed: false, difficulty: Difficulty::Easy, seed: 1 };
//! let made = puzzle::make(&request).unwrap();
//! assert_eq!(puzzle::solve(&made.puzzle, &Limits::default()), Completions::Unique(made.solution));
//! ```

#![deny(missing_docs)]

pub mod board;
pub mod files;
pub mod puzzle;
pub mod solver;
pub mod spec;
pub mod theory;
pub mod tour;
pub mod words;

/// The version, with the commit when built from a git checkout:
/// `0.1.0 (commit 0123456789ab)`.
pub const VERSION: &str = env!("KNIGHT_TUI_VERSION");

#[cfg(test)]
mod properties;

// The README's example runs as a doctest too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExample;
