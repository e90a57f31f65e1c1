//! The counts: strips against enumeration, the small boards by search,
//! and the frontier programme (issue 19), each against its known value.

use std::hint::black_box;
use std::time::{Duration, Instant};

use knight_engine::board::{Board, Square};
use knight_engine::solver::count::frontier::{self, Ends};
use knight_engine::solver::{self, Algorithm};
use knight_engine::words::thousands;

use crate::measure::{count, count_with, fmt, peak_mb, process, time};
use crate::{Ctx, Row, Workload};

/// Counts along strips, checked against enumeration.
pub fn strips() -> Vec<Workload> {
    [
        (
            "count 3x16 from a corner (strip vs enumeration)",
            3u32,
            16u32,
            Some(Square::new(0, 0)),
        ),
        (
            "count 4x10 over all starts (strip vs enumeration)",
            4,
            10,
            None,
        ),
    ]
    .into_iter()
    .map(|(name, rows, cols, start)| {
        Workload::new(name, move |ctx| vec![strip(ctx, name, rows, cols, start)])
    })
    .collect()
}

fn strip(ctx: &Ctx, name: &str, rows: u32, cols: u32, start: Option<Square>) -> Row {
    let b = Board::new(rows, cols, &[]).unwrap();
    let t = Instant::now();
    let known = count_with(&b, start, false, Algorithm::Enumerate);
    let enumerated = t.elapsed();
    assert_eq!(count(&b, start, false), known, "{name}");
    Row {
        name: name.into(),
        median: time(ctx.reps.min(11), || {
            black_box(count(&b, start, false));
        }),
        target: None,
        note: format!(
            "{known} tours, checked against enumeration, which took {}",
            fmt(enumerated)
        ),
        others: "",
    }
}

/// Counts on small boards, against their known values.
pub fn counts() -> Vec<Workload> {
    [
        (
            "count 5x5 from a corner",
            5u32,
            Some(Square::new(0, 0)),
            false,
            304u128,
            None,
            "",
        ),
        (
            "count 5x5 over all starts",
            5,
            None,
            false,
            1728,
            Some(20.0),
            "",
        ),
        (
            "count 6x6 closed from a corner",
            6,
            Some(Square::new(0, 0)),
            true,
            19_724,
            Some(1000.0),
            "",
        ),
        (
            "count 6x6 open from a corner",
            6,
            Some(Square::new(0, 0)),
            false,
            524_486,
            None,
            "",
        ),
        (
            "count 6x6 open over all starts (both cores)",
            6,
            None,
            false,
            6_637_920,
            Some(2500.0),
            "about 9 s (a published C program with pthreads, measured here)",
        ),
    ]
    .into_iter()
    .map(|(name, n, start, closed, known, target_ms, others)| {
        Workload::new(name, move |ctx| {
            let b = Board::new(n, n, &[]).unwrap();
            assert_eq!(count(&b, start, closed), known, "{name}");
            let r = if known > 100_000 {
                ctx.reps.min(5)
            } else {
                ctx.reps
            };
            vec![Row {
                name: name.into(),
                median: time(r, || {
                    black_box(count(&b, start, closed));
                }),
                target: target_ms.map(|ms| Duration::from_secs_f64(ms / 1e3)),
                note: format!("{known} tours, checked"),
                others,
            }]
        })
    })
    .collect()
}

/// Counting over the frontier (issue 19's targets), the programme itself
/// (auto picks enumeration for open tours below 40 squares); then 8x8
/// closed, only when asked for.
pub fn frontier() -> Vec<Workload> {
    let mut all: Vec<Workload> = [
        (
            "frontier: 6x6 closed (undirected)",
            6u32,
            6u32,
            Ends::Closed,
            9_862u128,
            Some(10.0),
        ),
        (
            "frontier: 6x6 open over all starts (undirected)",
            6,
            6,
            Ends::Any,
            3_318_960,
            Some(50.0),
        ),
        (
            "frontier: 5x8 closed (undirected)",
            5,
            8,
            Ends::Closed,
            44_202,
            None,
        ),
        (
            "frontier: 6x8 closed (undirected)",
            6,
            8,
            Ends::Closed,
            55_488_142,
            None,
        ),
        (
            "frontier: 6x12 closed (undirected)",
            6,
            12,
            Ends::Closed,
            964_730_606_632_516,
            None,
        ),
    ]
    .into_iter()
    .map(|(name, r, c, ends, known, target_ms)| {
        Workload::new(name, move |ctx| {
            vec![frontier_count(ctx, name, (r, c), ends, known, target_ms)]
        })
    })
    .collect();
    // 8x8 closed tours (issue 19's third stage) take a quarter of an hour:
    // only when asked for by name (`--filter '8x8 closed'`).
    all.push(Workload {
        only_if_asked: Some("8x8 closed"),
        ..Workload::new(FRONTIER_8X8, frontier_8x8)
    });
    all
}

fn frontier_count(
    ctx: &Ctx,
    name: &str,
    (r, c): (u32, u32),
    ends: Ends,
    known: u128,
    target_ms: Option<f64>,
) -> Row {
    let b = Board::new(r, c, &[]).unwrap();
    let run = || {
        frontier::count(
            &b,
            ends,
            &frontier::Budget::bytes(u64::MAX),
            &solver::count::Progress::default(),
        )
        .expect("the count ends")
    };
    let first = run();
    assert_eq!(first.tours, known, "{name}");
    // Peak memory: the whole `count` command, where auto takes the
    // frontier (closed tours; open ones from 40 squares).
    let peak = if ends == Ends::Closed {
        let (r, c) = (r.to_string(), c.to_string());
        let (_, code, mb) = process(&["count", "--rows", &r, "--cols", &c, "--closed"]);
        assert_eq!(code, Some(0), "{name}");
        format!("; the count command's peak memory {mb:.0} MB")
    } else {
        String::new()
    };
    let reps = if known > 1_000_000 {
        ctx.reps.min(3)
    } else {
        ctx.reps.min(11)
    };
    Row {
        name: name.into(),
        median: time(reps, || {
            black_box(run());
        }),
        target: target_ms.map(|ms| Duration::from_secs_f64(ms / 1e3)),
        note: format!(
            "{known} tours, the published count; {} states at most, {} expanded{peak}",
            thousands(first.peak),
            thousands(first.expansions)
        ),
        others: "",
    }
}

const FRONTIER_8X8: &str = "frontier: 8x8 closed (undirected)";

/// 8x8 closed, once, as the `count` command in a fresh process.
fn frontier_8x8(_: &Ctx) -> Vec<Row> {
    let t = Instant::now();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_knight-tui"))
        .args(["count", "--size", "8", "--closed", "--json"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the knight-tui binary runs");
    let mut peak = 0f64;
    while child.try_wait().expect("waits").is_none() {
        if let Some(mb) = peak_mb(child.id()) {
            peak = peak.max(mb);
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let took = t.elapsed();
    let out = child.wait_with_output().expect("its output");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON line");
    // Directed, from a corner: each undirected tour both ways.
    assert_eq!(
        v["count"].as_u64(),
        Some(2 * 13_267_364_410_532),
        "{FRONTIER_8X8}"
    );
    vec![Row {
        name: FRONTIER_8X8.into(),
        median: took,
        target: Some(Duration::from_secs(3600)),
        note: format!(
            "13267364410532 tours, the published count (McKay 1997); {} states at most, {} expanded; peak memory {:.1} GB (target 20 GB); one run",
            thousands(v["states"].as_u64().unwrap_or(0)),
            thousands(v["nodes"].as_u64().unwrap_or(0)),
            peak / 1024.0
        ),
        others: "",
    }]
}
