//! The binary as a user runs it, in one test crate (one build and link,
//! and every test in one pool of threads): the command line (every
//! subcommand, its files, errors and documents), properties over many
//! generated files and checkpoints (`properties`), and the real app in a
//! real terminal (`terminal`).

#[path = "../common/mod.rs"]
mod common;

mod architecture;
mod booklet;
mod bounds;
mod building;
mod checkpoint_trust;
mod cluster;
mod cluster_stalls;
mod cluster_trust;
mod commands;
mod docs;
mod ends;
mod errors;
mod examples;
mod figures;
mod files;
mod hostile;
mod leaper_theory;
mod leapers;
mod magic;
mod options;
mod puzzle;
mod puzzle_rules;
mod reliability;
mod shell;

#[path = "../properties/mod.rs"]
mod properties;
#[path = "../terminal/mod.rs"]
mod terminal;
