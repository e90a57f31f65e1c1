//! The rows against the C reference programs in `benches/reference/`
//! (skipped, with a note, when there is no C compiler): the sweep beside
//! the plain C Warnsdorff, and the textbook backtracking beside recursive C.

use std::time::{Duration, Instant};

use knight_engine::board::{Board, Square};
use knight_engine::solver::Algorithm;
use knight_engine::tour::check_indices;

use crate::measure::{fmt, median, reference, run_binary, run_reference, solve};
use crate::{Ctx, Row, Workload};

/// The sweep beside the plain C Warnsdorff (whole processes, interleaved).
pub fn sweeps() -> Vec<Workload> {
    [("roth", 0.7), ("fixed", 1.0)]
        .into_iter()
        .map(|(tie, ratio)| {
            let name = format!("sweep 5..64 open, {tie} ties, every start, one core, against C");
            Workload::new(name.clone(), move |ctx| sweep(ctx, &name, tie, ratio))
        })
        .collect()
}

fn sweep(ctx: &Ctx, name: &str, tie: &str, ratio: f64) -> Vec<Row> {
    let Some(c) = reference("warnsdorff") else {
        ctx.skip(name);
        return Vec::new();
    };
    let (mut ours, mut theirs, mut c_failures) = (Vec::new(), Vec::new(), String::new());
    for _ in 0..if ctx.quick { 1 } else { 3 } {
        let t = Instant::now();
        let v = run_binary(&[
            "sweep",
            "--from",
            "5",
            "--to",
            "64",
            "--json",
            "--algo",
            "warnsdorff",
            "--tie-break",
            tie,
        ]);
        ours.push(t.elapsed());
        assert_eq!(v["starts"].as_u64(), Some(67_590), "{name}");
        assert_eq!(v["failures"].as_u64(), Some(0), "{name}");
        let t = Instant::now();
        let out = run_reference(&c, &["5", "64", tie]);
        theirs.push(t.elapsed());
        assert!(out.starts_with("starts 67590 "), "{out}");
        c_failures = out.split_whitespace().nth(3).unwrap_or("?").to_string();
    }
    let (ours, theirs) = (median(ours), median(theirs));
    vec![Row {
        name: name.into(),
        median: ours,
        target: Some(theirs.mul_f64(ratio)),
        note: format!(
            "67,590 starts, 0 failures, every tour checked; {:.2}x the C program's {} (target {ratio}x), which fails {c_failures} starts",
            ours.as_secs_f64() / theirs.as_secs_f64(),
            fmt(theirs),
        ),
        others: "benches/reference/warnsdorff.c (plain C Warnsdorff, no backtracking)",
    }]
}

const BACKTRACK: &str = "8x8 backtrack (textbook baseline) from the corner, against C";

pub fn backtrack() -> Vec<Workload> {
    vec![Workload::new(BACKTRACK, backtrack_against_c)]
}

/// The textbook backtracking on 8x8 beside the recursive C program: the
/// same nodes and the same first tour, then their times interleaved.
fn backtrack_against_c(ctx: &Ctx) -> Vec<Row> {
    let b = Board::new(8, 8, &[]).unwrap();
    let sol = solve(&b, Square::new(0, 0), false, Algorithm::Backtrack);
    check_indices(&b, &sol.tours[0], false).expect("valid tour");
    let nodes = sol.stats.nodes;
    let Some(c) = reference("backtrack") else {
        ctx.skip(BACKTRACK);
        return Vec::new();
    };
    // The same nodes and the same first tour as the C program.
    let out = run_reference(&c, &["8", "0", "0"]);
    let mut lines = out.lines();
    let head: Vec<&str> = lines.next().unwrap_or("").split_whitespace().collect();
    assert_eq!(
        head.get(1).copied(),
        Some(nodes.to_string().as_str()),
        "{out}"
    );
    let tour: Vec<u32> = lines
        .next()
        .unwrap_or("")
        .split_whitespace()
        .map(|i| i.parse().unwrap())
        .collect();
    assert_eq!(tour, sol.tours[0], "the C program's first tour");
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    for _ in 0..ctx.reps.min(11) {
        let s = solve(&b, Square::new(0, 0), false, Algorithm::Backtrack);
        ours.push(s.stats.elapsed);
        let out = run_reference(&c, &["8", "0", "0"]);
        let ms: f64 = out.split_whitespace().nth(3).unwrap().parse().unwrap();
        theirs.push(Duration::from_secs_f64(ms / 1e3));
    }
    let (ours, theirs) = (median(ours), median(theirs));
    let rate = |t: Duration| nodes as f64 / t.as_secs_f64() / 1e6;
    vec![Row {
        name: BACKTRACK.into(),
        median: ours,
        target: Some(theirs.div_f64(1.3)),
        note: format!(
            "{nodes} nodes and the same first tour as C; {:.0} M nodes/s against C's {:.0} M ({}): {:.2}x (target 1.3x)",
            rate(ours),
            rate(theirs),
            fmt(theirs),
            theirs.as_secs_f64() / ours.as_secs_f64()
        ),
        others: "benches/reference/backtrack.c (recursive C)",
    }]
}
