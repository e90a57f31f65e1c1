//! Other leapers and surfaces (issue 18): a tour of 100x100 for the zebra,
//! the giraffe and the antelope, and closed tours of 1000x1000 tori, each
//! checked square by square; then Warnsdorff's success per leaper.

use std::hint::black_box;
use std::time::{Duration, Instant};

use knight_engine::board::{Board, Geometry, Square};
use knight_engine::solver::{self, Algorithm, Limits, NoMonitor, Options, Problem, Tours, Verdict};
use knight_engine::tour::check_indices;

use crate::measure::{fmt, solve, solve_checked, time};
use crate::{Ctx, Row, Workload};

pub fn workloads() -> Vec<Workload> {
    let mut all: Vec<Workload> = [
        (
            "leapers: zebra 100x100 (auto)",
            100u32,
            "zebra plane",
            false,
        ),
        (
            "leapers: giraffe 100x100 (auto)",
            100,
            "giraffe plane",
            false,
        ),
        (
            "leapers: antelope 100x100 (auto)",
            100,
            "antelope plane",
            false,
        ),
        (
            "leapers: knight 1000x1000 torus closed (auto)",
            1000,
            "knight torus",
            true,
        ),
        (
            "leapers: zebra 1000x1000 torus closed (auto)",
            1000,
            "zebra torus",
            true,
        ),
    ]
    .into_iter()
    .map(|(name, n, geometry, closed)| {
        Workload::new(name, move |ctx| {
            vec![leaper(ctx, name, n, geometry, closed)]
        })
    })
    .collect();
    all.push(Workload::new("leapers: success", |ctx| {
        success_table(ctx.quick);
        Vec::new()
    }));
    all
}

fn leaper(ctx: &Ctx, name: &str, n: u32, geometry: &str, closed: bool) -> Row {
    let (l, s) = geometry.split_once(' ').unwrap();
    let g = Geometry::new(l.parse().unwrap(), s.parse().unwrap());
    let b = Board::with_geometry(n, n, &[], g).unwrap();
    let start = Square::new(0, 0);
    let nodes = solve_checked(&b, start, closed, Algorithm::Auto);
    let algorithm = solve(&b, start, closed, Algorithm::Auto).algorithm;
    Row {
        name: name.into(),
        median: time(ctx.reps.min(5), || {
            black_box(solve(&b, start, closed, Algorithm::Auto));
        }),
        target: Some(Duration::from_millis(500)),
        note: format!("{algorithm}, {nodes} nodes, tour checked"),
        others: "",
    }
}

/// Warnsdorff's success for each named leaper on n x n boards, n = 10..40
/// (10..20 with `--quick`), from every start theory allows: the first
/// descent alone (the rule with Roth's ties and the engine's dead-end
/// pruning, no step back: a node limit of one node a square), and the
/// full solver with its restarts (a million nodes a start at most), and
/// the starts theory rules out. Every tour is checked square by square.
fn success_table(quick: bool) {
    let top = if quick { 20 } else { 40 };
    println!(
        "| leaper | theory: no tour | starts | first descent finds a tour | with restarts: found | searched out: none | undecided (1M nodes) | time |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for name in ["knight", "zebra", "giraffe", "antelope", "camel"] {
        let leaper = name.parse().unwrap();
        let t = Instant::now();
        let (mut ruled, mut starts, mut greedy, mut found, mut none, mut open) =
            (0u64, 0u64, 0u64, 0u64, 0u64, 0u64);
        for n in 10..=top {
            let b =
                Board::with_geometry(n, n, &[], Geometry::new(leaper, Default::default())).unwrap();
            // What theory works out about the board serves all its starts.
            let facts = knight_engine::theory::Facts::new(&b);
            for start in b.free_squares() {
                if facts.check(Some(start), false).is_err() {
                    ruled += 1;
                    continue;
                }
                starts += 1;
                let p = Problem::new(Tours::open(b.clone()), start).unwrap();
                let first = solver::solve_with(
                    &p,
                    &facts,
                    &Options {
                        algorithm: Algorithm::Warnsdorff,
                        limits: Limits {
                            // The prefix is a node, and the limit is
                            // checked before a full path counts as a tour.
                            nodes: Some(b.free_count() as u64 + 1),
                            time: None,
                        },
                        ..Options::default()
                    },
                    &mut NoMonitor,
                );
                if first.verdict == Verdict::Found {
                    check_indices(&b, &first.tours[0], false).expect("a valid tour");
                    greedy += 1;
                }
                let full = solver::solve_with(
                    &p,
                    &facts,
                    &Options {
                        algorithm: Algorithm::Warnsdorff,
                        limits: Limits {
                            nodes: Some(1_000_000),
                            time: None,
                        },
                        ..Options::default()
                    },
                    &mut NoMonitor,
                );
                match full.verdict {
                    Verdict::Found => {
                        check_indices(&b, &full.tours[0], false).expect("a valid tour");
                        found += 1;
                    }
                    Verdict::NoTour(_) => none += 1,
                    _ => open += 1,
                }
            }
        }
        let pct = |k: u64| {
            if starts == 0 {
                0.0
            } else {
                100.0 * k as f64 / starts as f64
            }
        };
        println!(
            "| {name} | {ruled} | {starts} | {greedy} ({:.1}%) | {found} ({:.1}%) | {none} | {open} | {} |",
            pct(greedy),
            pct(found),
            fmt(t.elapsed())
        );
    }
}
