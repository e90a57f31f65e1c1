//! Warnsdorff's searches: 8x8 from each start, the big boards, and the cost
//! of being watched.

use std::hint::black_box;
use std::time::Duration;

use knight_engine::board::{Board, Square};
use knight_engine::solver::{Algorithm, Options, Verdict};

use crate::measure::{fmt, median, solve, solve_checked, time};
use crate::{Ctx, Row, Workload};

/// 8x8 from each of its 64 starts, then the big boards.
pub fn searches() -> Vec<Workload> {
    let mut all = vec![Workload::new(
        "8x8 warnsdorff, each of 64 starts",
        each_start,
    )];
    for (name, n, start, target_ms, others) in [
        (
            "64x64 warnsdorff from the corner",
            64u32,
            Square::new(0, 0),
            5.0,
            "",
        ),
        (
            "101x101 warnsdorff from the centre",
            101,
            Square::new(50, 50),
            5.0,
            "",
        ),
        (
            "1000x1000 warnsdorff from the corner",
            1000,
            Square::new(0, 0),
            50.0,
            "",
        ),
    ] {
        all.push(Workload::new(name, move |ctx| {
            vec![big(ctx, name, n, start, target_ms, others)]
        }));
    }
    all
}

fn each_start(ctx: &Ctx) -> Vec<Row> {
    let b = Board::new(8, 8, &[]).unwrap();
    let mut per_start = Vec::new();
    let mut nodes = 0;
    for sq in b.free_squares() {
        nodes += solve_checked(&b, sq, false, Algorithm::Warnsdorff);
        per_start.push(time(ctx.reps * 5, || {
            black_box(solve(&b, sq, false, Algorithm::Warnsdorff));
        }));
    }
    let slowest = *per_start.iter().max().unwrap();
    vec![Row {
        name: "8x8 warnsdorff, each of 64 starts (slowest start's median)".into(),
        median: slowest,
        target: Some(Duration::from_micros(50)),
        note: format!(
            "median start {}; {nodes} nodes for all 64",
            fmt(median(per_start))
        ),
        others: "",
    }]
}

fn big(ctx: &Ctx, name: &str, n: u32, start: Square, target_ms: f64, others: &'static str) -> Row {
    let b = Board::new(n, n, &[]).unwrap();
    let nodes = solve_checked(&b, start, false, Algorithm::Warnsdorff);
    let r = if n >= 1000 { ctx.reps.min(7) } else { ctx.reps };
    Row {
        name: name.into(),
        median: time(r, || {
            black_box(solve(&b, start, false, Algorithm::Warnsdorff));
        }),
        target: Some(Duration::from_secs_f64(target_ms / 1e3)),
        note: format!("{nodes} nodes"),
        others,
    }
}

/// The cost of being watched: the same search headless and through
/// solver::spawn at full speed, its snapshots drained by another thread
/// that keeps a copy of the board as the app does.
pub fn watched() -> Vec<Workload> {
    [
        (
            "watched: 8x8 backtrack from the corner",
            8u32,
            Square::new(0, 0),
            Algorithm::Backtrack,
        ),
        (
            "watched: 1000x1000 warnsdorff from the corner",
            1000,
            Square::new(0, 0),
            Algorithm::Warnsdorff,
        ),
    ]
    .into_iter()
    .map(|(name, n, start, algorithm)| {
        Workload::new(name, move |ctx| {
            vec![headless_and_watched(ctx, name, n, start, algorithm)]
        })
    })
    .collect()
}

fn headless_and_watched(ctx: &Ctx, name: &str, n: u32, start: Square, algorithm: Algorithm) -> Row {
    let b = Board::new(n, n, &[]).unwrap();
    // Alternate the two so that the machine's drift hits both alike.
    let (mut hs, mut ws) = (Vec::new(), Vec::new());
    for _ in 0..ctx.reps.min(11) {
        hs.push(solve(&b, start, false, algorithm).stats.elapsed);
        ws.push(watched_run(&b, start, algorithm));
    }
    let (headless, watched) = (median(hs), median(ws));
    let over = watched.as_secs_f64() / headless.as_secs_f64() - 1.0;
    Row {
        name: name.into(),
        median: watched,
        target: None,
        note: format!(
            "headless {}, watched {:+.1}% (target < 5%)",
            fmt(headless),
            over * 100.0
        ),
        others: "",
    }
}

/// Runs a search on its own thread at full speed with a watcher that keeps
/// the board up to date from every snapshot; returns the search's time.
fn watched_run(b: &Board, start: Square, algorithm: Algorithm) -> Duration {
    use knight_engine::solver::{Event, spawn};
    let (tx, rx) = std::sync::mpsc::channel();
    let o = Options {
        algorithm,
        tours: 1,
        ..Options::default()
    };
    let (_ctl, handle) = spawn(
        None,
        knight_engine::solver::Job::new(
            knight_engine::solver::Problem::new(
                knight_engine::solver::Tours::open(b.clone()),
                start,
            )
            .unwrap(),
            o,
        ),
        move |e| {
            let _ = tx.send(e);
        },
    )
    .unwrap();
    let mut steps = vec![0u32; b.len()];
    let mut elapsed = Duration::ZERO;
    for e in rx {
        match e {
            Event::Snapshot(s) => {
                for (i, &sq) in s.path.iter().enumerate() {
                    steps[sq as usize] = i as u32 + 1;
                }
            }
            Event::Done(r) => {
                assert_eq!(r.solution.verdict, Verdict::Found);
                elapsed = r.solution.stats.elapsed;
            }
            Event::Failed(why) => panic!("the search failed: {why}"),
        }
    }
    handle.join().unwrap();
    black_box(steps);
    elapsed
}
