//! The command line: every subcommand, its files, errors and documents, run as a user runs them.

#[path = "../common/mod.rs"]
mod common;

mod bounds;
mod building;
mod cluster;
mod cluster_trust;
mod commands;
mod docs;
mod ends;
mod errors;
mod examples;
mod files;
mod hostile;
mod leaper_theory;
mod leapers;
mod magic;
mod puzzle;
mod reliability;
mod shell;
