//! `cargo bench --bench engine`: the engine's workloads against their targets,
//! as a Markdown table of medians. Every tour is checked and every count
//! compared with its known value before a time is reported.
//!
//! Options: `--quick` (fewer repetitions), `--filter TEXT` (only workloads
//! whose name contains TEXT). The biggest constructions and the sweeps run
//! the release binary itself, so that its memory is its own.
//!
//! `main` walks a table of named workloads (`workloads`), each a function
//! that runs, checks and returns its rows; the filter picks them by name
//! before any runs. The workloads live by family in the `rows_*` modules,
//! the timing and process helpers in `measure`.

mod measure;
mod rows_against_c;
mod rows_census;
mod rows_cluster;
mod rows_construct;
mod rows_count;
mod rows_end;
mod rows_leapers;
mod rows_magic;
mod rows_warnsdorff;

use std::cell::RefCell;
use std::time::Duration;

use measure::fmt;

/// A row of the table.
pub struct Row {
    pub name: String,
    pub median: Duration,
    pub target: Option<Duration>,
    pub note: String,
    /// What other programs give, where a figure is known.
    pub others: &'static str,
}

/// What every workload is given: the options, and where it notes that it
/// was skipped for want of a C compiler.
pub struct Ctx {
    pub quick: bool,
    /// Repetitions: 5 with `--quick`, else 21 (some workloads take fewer).
    pub reps: usize,
    skipped: RefCell<Vec<String>>,
}

impl Ctx {
    /// Notes that `name` was skipped: its reference program could not be built.
    pub fn skip(&self, name: &str) {
        self.skipped.borrow_mut().push(name.into());
    }
}

/// Times, checks and returns a workload's rows.
pub type Run = Box<dyn Fn(&Ctx) -> Vec<Row>>;

/// A named workload: the filter matches `name`; `run` times, checks and
/// returns its rows (none when it prints a table of its own or is
/// skipped).
pub struct Workload {
    pub name: String,
    /// Runs only when the filter itself contains this (the slowest rows).
    pub only_if_asked: Option<&'static str>,
    pub run: Run,
}

impl Workload {
    pub fn new(name: impl Into<String>, run: impl Fn(&Ctx) -> Vec<Row> + 'static) -> Workload {
        Workload {
            name: name.into(),
            only_if_asked: None,
            run: Box::new(run),
        }
    }

    fn wanted(&self, filter: &str) -> bool {
        self.name.contains(filter) && self.only_if_asked.is_none_or(|a| filter.contains(a))
    }
}

/// Every workload, in the order of the table.
fn workloads() -> Vec<Workload> {
    [
        rows_warnsdorff::searches(),
        rows_construct::workloads(),
        rows_count::strips(),
        rows_against_c::sweeps(),
        rows_count::counts(),
        rows_count::frontier(),
        rows_against_c::backtrack(),
        rows_warnsdorff::watched(),
        rows_leapers::workloads(),
        rows_magic::workloads(),
        rows_end::workloads(),
        rows_cluster::workloads(),
        rows_census::workloads(),
    ]
    .into_iter()
    .flatten()
    .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    let filter = args
        .iter()
        .position(|a| a == "--filter")
        .and_then(|i| args.get(i + 1).cloned())
        .unwrap_or_default();
    let ctx = Ctx {
        quick,
        reps: if quick { 5 } else { 21 },
        skipped: RefCell::new(Vec::new()),
    };
    let rows: Vec<Row> = workloads()
        .iter()
        .filter(|w| w.wanted(&filter))
        .flat_map(|w| (w.run)(&ctx))
        .collect();
    for name in ctx.skipped.borrow().iter() {
        println!("skipped: {name} (no C compiler to build its reference program: set CC)");
    }
    print_table(&rows);
}

fn print_table(rows: &[Row]) {
    println!("| workload | median | target | | other programs |");
    println!("| --- | --- | --- | --- | --- |");
    for r in rows {
        let (target, ok) = match r.target {
            Some(t) => (
                format!("< {}", fmt(t)),
                if r.median < t { "met" } else { "MISSED" },
            ),
            None => ("".into(), ""),
        };
        println!(
            "| {} | {} | {} | {} ({}) | {} |",
            r.name,
            fmt(r.median),
            target,
            ok,
            r.note,
            r.others
        );
    }
}
