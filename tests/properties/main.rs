//! Properties over many generated cases: the engine against brute force, and mutated tour files.

mod engine;
mod mutations;
