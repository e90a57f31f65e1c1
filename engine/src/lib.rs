//! knight-engine: the knight's tour engine behind knight-tui. The terminal
//! app and the headless commands are built on this crate; it depends on
//! neither, and compiles no terminal, clap or tokio crate.
//!
//! Find a tour, check it square by square, and count the tours from a
//! corner of 5x5:
//!
//! ```
//! use knight_engine::board::{Board, Square};
//! use knight_engine::solver::count::Count;
//! use knight_engine::solver::{self, Algorithm, Options, Problem, Tours, Verdict};
//! use knight_engine::tour::{Summary, check_indices};
//!
//! let board = Board::new(8, 8, &[]).unwrap();
//! let problem = Problem::new(Tours::open(board.clone()), Square::new(0, 0)).unwrap();
//!
//! // Find: Warnsdorff's rule, fewest onward moves first.
//! let options = Options {
//!     algorithm: Algorithm::Warnsdorff,
//!     tours: 1,
//!     ..Options::default()
//! };
//! let found = solver::solve(&problem, &options);
//! assert_eq!(found.verdict, Verdict::Found);
//! let tour = &found.tours[0];
//!
//! // Check: every move a knight's move, every square once.
//! assert_eq!(tour.len(), 64);
//! assert!(matches!(
//!     check_indices(&board, tour, false),
//!     Ok(Summary::Complete { .. })
//! ));
//!
//! // Count: the open tours from a corner of 5x5.
//! let five = Board::new(5, 5, &[]).unwrap();
//! let corner = Problem::new(Tours::open(five.clone()), Square::new(0, 0)).unwrap();
//! let count = Count::from_start(&corner).run();
//! assert_eq!((count.count, count.complete()), (304, true));
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
