//! Properties over many generated cases: the engine against brute force, mutated tour files, and damaged checkpoints.

mod checkpoints;
mod engine;
mod mutations;
