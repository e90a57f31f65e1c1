//! knight-tui's library: the knight's tour engine, re-exported from the
//! `knight-engine` crate (`engine/`), so code written against
//! `knight_tui::` keeps compiling. A program that needs only the engine can
//! depend on `knight-engine` and compile no terminal, clap or tokio crate.

pub use knight_engine::*;
