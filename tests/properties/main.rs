//! Properties over many generated cases: the engine against brute force, mutated tour files, and damaged checkpoints.

#[path = "../common/mod.rs"]
mod common;

mod checkpoints;
mod engine;
mod mutations;
