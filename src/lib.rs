//! knight-tui: the knight's tour engine. The terminal app and the headless
//! commands are built on this library; it is usable without either, and
//! knows nothing of terminals, clap or tokio.

pub mod board;
pub mod files;
pub mod solver;
pub mod spec;
pub mod theory;
pub mod tour;
pub mod words;
