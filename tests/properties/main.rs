//! Properties over many generated cases: mutated tour files and damaged checkpoints, through the binary. The engine's own are in engine/tests/properties.rs.

#[path = "../common/mod.rs"]
mod common;

mod checkpoints;
mod mutations;
