//! knight-tui: the knight's tour engine. The terminal app and the headless
//! commands are built on this library; it is usable without either.

pub mod board;
pub mod solver;
pub mod theory;
pub mod tour;
