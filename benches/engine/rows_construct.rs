//! The constructions: 1000x1000 in process, the biggest boards in a fresh
//! process (their memory their own), a huge tour file, the app holding a
//! huge tour, and the strips (a side of 3 or 4).

use std::hint::black_box;
use std::time::{Duration, Instant};

use knight_engine::board::{Board, Square};
use knight_engine::solver::{self, Algorithm, Limits, Options, Problem, Tours, Verdict};

use crate::measure::{fmt, median, peak_mb, process, run_binary, solve, solve_checked, time};
use crate::{Ctx, Row, Workload};

/// Every construction, in the order of the table.
pub fn workloads() -> Vec<Workload> {
    let mut all = vec![Workload::new(
        "1000x1000 construct from the corner",
        construct_1000,
    )];
    for (n, target_s, target_mb, reps, others) in [
        (
            4000u32,
            0.6,
            100.0,
            5,
            "1.22 s, 190 MB (Parberry's C++ generator, measured here)",
        ),
        (10_000, 0.6, 150.0, 3, ""),
    ] {
        let name = format!("{n}x{n} construct, closed (a fresh process)");
        all.push(Workload::new(name.clone(), move |ctx| {
            vec![fresh_process(
                ctx, &name, n, target_s, target_mb, reps, others,
            )]
        }));
    }
    all.push(Workload::new(HUGE_FILE, huge_file));
    all.push(Workload::new(APP, app));
    // Strips (a side of 3 or 4): built along their length, exactly.
    for (name, rows, cols, start, closed) in [
        (
            "4x1000 construct (strip) from the corner",
            4u32,
            1000u32,
            Square::new(0, 0),
            false,
        ),
        (
            "3x1000 construct (strip), closed, from 1,500",
            3,
            1000,
            Square::new(1, 500),
            true,
        ),
        (
            "3x100 construct (strip) from 1,10",
            3,
            100,
            Square::new(1, 10),
            false,
        ),
    ] {
        all.push(Workload::new(name, move |ctx| {
            vec![strip(ctx, name, rows, cols, start, closed)]
        }));
    }
    all.push(Workload::new(LONG_STRIP, long_strip));
    all
}

fn construct_1000(ctx: &Ctx) -> Vec<Row> {
    let b = Board::new(1000, 1000, &[]).unwrap();
    let start = Square::new(0, 0);
    solve_checked(&b, start, true, Algorithm::Construct);
    vec![Row {
        name: "1000x1000 construct, closed, from the corner".into(),
        median: time(ctx.reps, || {
            black_box(solve(&b, start, true, Algorithm::Construct));
        }),
        target: Some(Duration::from_millis(50)),
        note: "tour checked".into(),
        others: "",
    }]
}

fn fresh_process(
    ctx: &Ctx,
    name: &str,
    n: u32,
    target_s: f64,
    target_mb: f64,
    reps: usize,
    others: &'static str,
) -> Row {
    let (inner, whole, peak) = construct_process(n, if ctx.quick { 1 } else { reps });
    Row {
        name: name.into(),
        median: whole,
        target: Some(Duration::from_secs_f64(target_s)),
        note: format!(
            "the whole command, the tour checked square by square as it is built; construction and check {}; peak memory {peak:.0} MB, target < {target_mb:.0} MB: {}",
            fmt(inner),
            if peak < target_mb { "met" } else { "MISSED" }
        ),
        others,
    }
}

/// `solve --format stats` in a fresh process: the construction's time (from
/// its own clock), the whole command's time (tour validated square by square
/// included) and its peak memory.
fn construct_process(n: u32, reps: usize) -> (Duration, Duration, f64) {
    let size = n.to_string();
    let (mut inner, mut whole, mut peak) = (Vec::new(), Vec::new(), 0f64);
    for _ in 0..reps {
        let t = Instant::now();
        let v = run_binary(&[
            "solve",
            "--size",
            &size,
            "--closed",
            "--algo",
            "construct",
            "--format",
            "stats",
        ]);
        whole.push(t.elapsed());
        assert_eq!(v["found"], true);
        assert_eq!(v["algorithm"], "construct");
        inner.push(Duration::from_secs_f64(
            v["elapsed_ms"].as_f64().unwrap() / 1e3,
        ));
        peak = peak.max(v["peak_memory_mb"].as_f64().unwrap_or(0.0));
    }
    (median(inner), median(whole), peak)
}

const HUGE_FILE: &str = "10000x10000 solve --out, closed (a fresh process)";

/// A huge tour file: written as the tour is built, verified as it is read.
fn huge_file(ctx: &Ctx) -> Vec<Row> {
    let file = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("huge-tour.json");
    let f = file.to_str().expect("a UTF-8 path");
    let (mut outs, mut verifies, mut peaks) = (Vec::new(), Vec::new(), (0f64, 0f64));
    for _ in 0..if ctx.quick { 1 } else { 3 } {
        let (took, code, peak) = process(&["solve", "--size", "10000", "--closed", "--out", f]);
        assert_eq!(code, Some(0));
        outs.push(took);
        peaks.0 = peaks.0.max(peak);
        let (took, code, peak) = process(&["verify", f]);
        assert_eq!(code, Some(0), "the file is a complete tour");
        verifies.push(took);
        peaks.1 = peaks.1.max(peak);
    }
    let bytes = std::fs::metadata(&file).map_or(0, |m| m.len());
    let _ = std::fs::remove_file(&file);
    let (out, verify) = (median(outs), median(verifies));
    let met = |ok: bool| if ok { "met" } else { "MISSED" };
    vec![
        Row {
            name: HUGE_FILE.into(),
            median: out,
            target: Some(Duration::from_secs(3)),
            note: format!(
                "a {:.2} GB file, written with fsync; peak memory {:.0} MB, target < 200 MB: {}",
                bytes as f64 / 1e9,
                peaks.0,
                met(peaks.0 < 200.0)
            ),
            others: "",
        },
        Row {
            name: "verify of that file (a fresh process)".into(),
            median: verify,
            target: Some(Duration::from_secs(4)),
            note: format!(
                "complete closed tour; peak memory {:.0} MB, target < 300 MB: {}",
                peaks.1,
                met(peaks.1 < 300.0)
            ),
            others: "",
        },
    ]
}

const APP: &str = "the app on 10000x10000, to its tour on screen (tmux, 120x40)";

/// The app holding a huge tour; skipped (with a line) without tmux.
fn app(_: &Ctx) -> Vec<Row> {
    match app_in_tmux(10_000) {
        Some((took, peak)) => vec![Row {
            name: APP.into(),
            median: took,
            target: None,
            note: format!(
                "peak memory {peak:.0} MB, target < 300 MB: {}",
                if peak < 300.0 { "met" } else { "MISSED" }
            ),
            others: "",
        }],
        None => {
            println!("skipped: {APP} (no tmux)");
            Vec::new()
        }
    }
}

/// The app on a board of `n` x `n` in a tmux pane (120x40) until its tour
/// is found: the time to it and the app's peak memory. `None` without
/// tmux.
fn app_in_tmux(n: u32) -> Option<(Duration, f64)> {
    let tmux = |args: &[&str]| {
        std::process::Command::new("tmux")
            .args(["-L", "knight-bench"])
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
    };
    let command = format!("exec {} --size {n}", env!("CARGO_BIN_EXE_knight-tui"));
    let t = Instant::now();
    tmux(&["new", "-d", "-x", "120", "-y", "40", &command])?;
    let pid: u32 = tmux(&["display", "-p", "#{pane_pid}"])?
        .trim()
        .parse()
        .ok()?;
    let mut peak = 0f64;
    let mut found = None;
    while t.elapsed() < Duration::from_secs(60) {
        peak = peak.max(peak_mb(pid).unwrap_or(0.0));
        let screen = tmux(&["capture-pane", "-p"]).unwrap_or_default();
        if found.is_none() && screen.contains("found:") {
            found = Some(t.elapsed());
        }
        // A second more on screen: drawing and zooming hold no more.
        if found.is_some_and(|f| t.elapsed() > f + Duration::from_secs(1)) {
            break;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = tmux(&["kill-server"]);
    Some((found?, peak))
}

/// A strip built along its length, beside the search on the same board.
fn strip(ctx: &Ctx, name: &str, rows: u32, cols: u32, start: Square, closed: bool) -> Row {
    let b = Board::new(rows, cols, &[]).unwrap();
    solve_checked(&b, start, closed, Algorithm::Construct);
    let median = time(ctx.reps.min(11), || {
        black_box(solve(&b, start, closed, Algorithm::Construct));
    });
    // The search on the same board, for comparison (with a time limit:
    // on some strips it runs for minutes).
    let p = Problem::new(Tours::closed_if(b.clone(), closed), start).unwrap();
    let o = Options {
        algorithm: Algorithm::Warnsdorff,
        tours: 1,
        limits: Limits {
            time: Some(Duration::from_secs(2)),
            nodes: None,
        },
        ..Options::default()
    };
    let w = solver::solve(&p, &o);
    let search = match w.verdict {
        Verdict::Found => format!("warnsdorff {}", fmt(w.stats.elapsed)),
        _ => format!(
            "warnsdorff undecided after {} ({} nodes)",
            fmt(w.stats.elapsed),
            w.stats.nodes
        ),
    };
    Row {
        name: name.into(),
        median,
        target: None,
        note: format!("tour checked; {search}"),
        others: "",
    }
}

const LONG_STRIP: &str = "4x25000000 construct (strip), open from 12500000,3 (a fresh process)";

/// A strip of 10^8 squares in a fresh process.
fn long_strip(ctx: &Ctx) -> Vec<Row> {
    let (mut inner, mut whole, mut peak) = (Vec::new(), Vec::new(), 0f64);
    for _ in 0..if ctx.quick { 1 } else { 3 } {
        let t = Instant::now();
        let v = run_binary(&[
            "solve",
            "--rows",
            "25000000",
            "--cols",
            "4",
            "--start",
            "12500000,3",
            "--format",
            "stats",
        ]);
        whole.push(t.elapsed());
        assert_eq!(
            (v["found"].as_bool(), v["algorithm"].as_str()),
            (Some(true), Some("construct"))
        );
        inner.push(Duration::from_secs_f64(
            v["elapsed_ms"].as_f64().unwrap() / 1e3,
        ));
        peak = peak.max(v["peak_memory_mb"].as_f64().unwrap_or(0.0));
    }
    vec![Row {
        name: LONG_STRIP.into(),
        median: median(inner),
        target: Some(Duration::from_secs(3)),
        note: format!(
            "10^8 squares like 10000x10000; whole command with the tour checked {}; peak memory {peak:.0} MB, target < 1000 MB: {}",
            fmt(median(whole)),
            if peak < 1000.0 { "met" } else { "MISSED" }
        ),
        others: "",
    }]
}
