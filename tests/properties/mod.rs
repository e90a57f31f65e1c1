//! Properties over many generated cases: mutated tour files and damaged checkpoints, through the binary. The engine's own are in engine/src/properties.rs.

mod checkpoints;
mod mutations;
