//! `cargo bench --bench engine`: the engine's workloads against their targets,
//! as a Markdown table of medians. Every tour is checked and every count
//! compared with its known value before a time is reported.
//!
//! Options: `--quick` (fewer repetitions), `--filter TEXT` (only workloads
//! whose name contains TEXT). The biggest constructions and the sweeps run
//! the release binary itself, so that its memory is its own.

use std::hint::black_box;
use std::time::{Duration, Instant};

use knight_tui::board::{Board, Geometry, Square};
use knight_tui::solver::frontier::{self, Ends};
use knight_tui::solver::{self, Algorithm, Limits, Options, Problem, Verdict};
use knight_tui::tour::check_indices;
use knight_tui::words::thousands;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn fmt(d: Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us < 1000.0 {
        format!("{us:.1} µs")
    } else if us < 1e6 {
        format!("{:.2} ms", us / 1e3)
    } else {
        format!("{:.2} s", us / 1e6)
    }
}

/// Times `f` `reps` times (after one warm-up) and returns the median.
fn time<F: FnMut()>(reps: usize, mut f: F) -> Duration {
    f();
    median(
        (0..reps)
            .map(|_| {
                let t = Instant::now();
                f();
                t.elapsed()
            })
            .collect(),
    )
}

fn solve(b: &Board, start: Square, closed: bool, algorithm: Algorithm) -> solver::Solution {
    let p = Problem::new(b, start, closed).unwrap();
    let o = Options {
        algorithm,
        tours: 1,
        ..Options::default()
    };
    solver::solve(&p, &o)
}

/// Solves once outside the timings and checks the tour square by square.
fn solve_checked(b: &Board, start: Square, closed: bool, algorithm: Algorithm) -> u64 {
    let s = solve(b, start, closed, algorithm);
    assert_eq!(
        s.verdict,
        Verdict::Found,
        "{}x{} from {start}",
        b.rows(),
        b.cols()
    );
    check_indices(b, &s.tours[0], closed).expect("valid tour");
    s.stats.nodes
}

fn count(b: &Board, start: Option<Square>, closed: bool) -> u128 {
    count_with(b, start, closed, Algorithm::Auto)
}

/// Counts with `algorithm` (auto counts along strips, enumerate searches).
fn count_with(b: &Board, start: Option<Square>, closed: bool, algorithm: Algorithm) -> u128 {
    let c = match start {
        Some(s) => {
            let p = Problem::new(b, s, closed).unwrap();
            solver::count(&p, algorithm, &Limits::default(), None)
        }
        None => solver::count_all_starts(b, closed, algorithm, &Limits::default(), None),
    };
    assert!(c.complete);
    c.count
}

/// Runs a search on its own thread at full speed with a watcher that keeps
/// the board up to date from every snapshot; returns the search's time.
fn watched_run(b: &Board, start: Square, algorithm: Algorithm) -> Duration {
    use knight_tui::solver::{Event, Speed, spawn};
    let (tx, rx) = std::sync::mpsc::channel();
    let o = Options {
        algorithm,
        tours: 1,
        ..Options::default()
    };
    let (_ctl, handle) = spawn(
        None,
        b.clone(),
        start,
        false,
        o,
        Speed::Full,
        false,
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

struct Row {
    name: String,
    median: Duration,
    target: Option<Duration>,
    note: String,
    /// What the seed coursework reports (or a published program) give.
    others: &'static str,
}

/// Runs the release binary with `args` and returns its one JSON line.
fn run_binary(args: &[&str]) -> serde_json::Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_knight-tui"))
        .args(args)
        .output()
        .expect("the knight-tui binary runs");
    assert!(out.status.success(), "knight-tui {args:?}: {out:?}");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    serde_json::from_str(text.lines().last().unwrap_or("")).expect("one JSON line")
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

/// The peak memory of a running process so far (VmHWM), in MB.
fn peak_mb(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kb: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))?
        .split_whitespace()
        .next()?
        .parse()
        .ok()?;
    Some(kb / 1024.0)
}

/// Runs the release binary with `args` (its output thrown away) to its
/// end: its time, exit code and peak memory (read every millisecond while
/// it runs; what these commands hold, they hold to the end).
fn process(args: &[&str]) -> (Duration, Option<i32>, f64) {
    let t = Instant::now();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_knight-tui"))
        .args(args)
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("the knight-tui binary runs");
    let mut peak = 0f64;
    let status = loop {
        if let Some(mb) = peak_mb(child.id()) {
            peak = peak.max(mb);
        }
        if let Some(status) = child.try_wait().expect("waits") {
            break status;
        }
        std::thread::sleep(Duration::from_millis(1));
    };
    (t.elapsed(), status.code(), peak)
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

/// Builds the reference C program `benches/reference/NAME.c` with the
/// system's C compiler (`$CC`, else `cc`), once per run; `None` when there
/// is none or it fails.
fn reference(name: &str) -> Option<std::path::PathBuf> {
    let source = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("benches/reference")
        .join(format!("{name}.c"));
    let exe = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("reference-{name}"));
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let built = std::process::Command::new(&cc)
        .args(["-O2", "-o"])
        .arg(&exe)
        .arg(&source)
        .status();
    match built {
        Ok(s) if s.success() => Some(exe),
        other => {
            eprintln!("could not build {} with {cc}: {other:?}", source.display());
            None
        }
    }
}

/// Runs a reference program and returns what it printed.
fn run_reference(exe: &std::path::Path, args: &[&str]) -> String {
    let out = std::process::Command::new(exe)
        .args(args)
        .output()
        .expect("the reference program runs");
    assert!(out.status.success(), "{exe:?} {args:?}: {out:?}");
    String::from_utf8(out.stdout).expect("utf-8")
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    let filter = args
        .iter()
        .position(|a| a == "--filter")
        .and_then(|i| args.get(i + 1).cloned())
        .unwrap_or_default();
    let reps = if quick { 5 } else { 21 };
    let want = |name: &str| name.contains(&filter);
    let mut rows: Vec<Row> = Vec::new();
    // Rows whose reference program could not be built.
    let mut skipped: Vec<String> = Vec::new();

    if want("8x8 warnsdorff, each of 64 starts") {
        let b = Board::new(8, 8, &[]).unwrap();
        let mut per_start = Vec::new();
        let mut nodes = 0;
        for sq in b.free_squares() {
            nodes += solve_checked(&b, sq, false, Algorithm::Warnsdorff);
            per_start.push(time(reps * 5, || {
                black_box(solve(&b, sq, false, Algorithm::Warnsdorff));
            }));
        }
        let slowest = *per_start.iter().max().unwrap();
        rows.push(Row {
            name: "8x8 warnsdorff, each of 64 starts (slowest start's median)".into(),
            median: slowest,
            target: Some(Duration::from_micros(50)),
            note: format!(
                "median start {}; {nodes} nodes for all 64",
                fmt(median(per_start))
            ),
            others: "3 ms (seed report's Warnsdorff)",
        });
    }
    for (name, n, start, target_ms, others) in [
        (
            "64x64 warnsdorff from the corner",
            64u32,
            Square::new(0, 0),
            5.0,
            "fails (seed reports)",
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
        if !want(name) {
            continue;
        }
        let b = Board::new(n, n, &[]).unwrap();
        let nodes = solve_checked(&b, start, false, Algorithm::Warnsdorff);
        let r = if n >= 1000 { reps.min(7) } else { reps };
        rows.push(Row {
            name: name.into(),
            median: time(r, || {
                black_box(solve(&b, start, false, Algorithm::Warnsdorff));
            }),
            target: Some(Duration::from_secs_f64(target_ms / 1e3)),
            note: format!("{nodes} nodes"),
            others,
        });
    }
    if want("1000x1000 construct from the corner") {
        let b = Board::new(1000, 1000, &[]).unwrap();
        let start = Square::new(0, 0);
        solve_checked(&b, start, true, Algorithm::Construct);
        rows.push(Row {
            name: "1000x1000 construct, closed, from the corner".into(),
            median: time(reps, || {
                black_box(solve(&b, start, true, Algorithm::Construct));
            }),
            target: Some(Duration::from_millis(50)),
            note: "tour checked".into(),
            others: "",
        });
    }
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
        if !want(&name) {
            continue;
        }
        let (inner, whole, peak) = construct_process(n, if quick { 1 } else { reps });
        rows.push(Row {
            name,
            median: whole,
            target: Some(Duration::from_secs_f64(target_s)),
            note: format!(
                "the whole command, the tour checked square by square as it is built; construction and check {}; peak memory {peak:.0} MB, target < {target_mb:.0} MB: {}",
                fmt(inner),
                if peak < target_mb { "met" } else { "MISSED" }
            ),
            others,
        });
    }
    // A huge tour file: written as the tour is built, verified as it is
    // read, and the app holding the tour.
    let name = "10000x10000 solve --out, closed (a fresh process)";
    if want(name) {
        let file = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("huge-tour.json");
        let f = file.to_str().expect("a UTF-8 path");
        let (mut outs, mut verifies, mut peaks) = (Vec::new(), Vec::new(), (0f64, 0f64));
        for _ in 0..if quick { 1 } else { 3 } {
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
        rows.push(Row {
            name: name.into(),
            median: out,
            target: Some(Duration::from_secs(3)),
            note: format!(
                "a {:.2} GB file, written with fsync; peak memory {:.0} MB, target < 200 MB: {}",
                bytes as f64 / 1e9,
                peaks.0,
                met(peaks.0 < 200.0)
            ),
            others: "",
        });
        rows.push(Row {
            name: "verify of that file (a fresh process)".into(),
            median: verify,
            target: Some(Duration::from_secs(4)),
            note: format!(
                "complete closed tour; peak memory {:.0} MB, target < 300 MB: {}",
                peaks.1,
                met(peaks.1 < 300.0)
            ),
            others: "",
        });
    }
    let name = "the app on 10000x10000, to its tour on screen (tmux, 120x40)";
    if want(name) {
        match app_in_tmux(10_000) {
            Some((took, peak)) => rows.push(Row {
                name: name.into(),
                median: took,
                target: None,
                note: format!(
                    "peak memory {peak:.0} MB, target < 300 MB: {}",
                    if peak < 300.0 { "met" } else { "MISSED" }
                ),
                others: "",
            }),
            None => println!("skipped: {name} (no tmux)"),
        }
    }

    // Strips (a side of 3 or 4): built along their length, exactly.
    for (name, rows_, cols, start, closed) in [
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
        if !want(name) {
            continue;
        }
        let b = Board::new(rows_, cols, &[]).unwrap();
        solve_checked(&b, start, closed, Algorithm::Construct);
        let median = time(reps.min(11), || {
            black_box(solve(&b, start, closed, Algorithm::Construct));
        });
        // The search on the same board, for comparison (with a time limit:
        // on some strips it runs for minutes).
        let p = Problem::new(&b, start, closed).unwrap();
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
        rows.push(Row {
            name: name.into(),
            median,
            target: None,
            note: format!("tour checked; {search}"),
            others: "",
        });
    }
    let name = "4x25000000 construct (strip), open from 12500000,3 (a fresh process)";
    if want(name) {
        let (mut inner, mut whole, mut peak) = (Vec::new(), Vec::new(), 0f64);
        for _ in 0..if quick { 1 } else { 3 } {
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
        rows.push(Row {
            name: name.into(),
            median: median(inner),
            target: Some(Duration::from_secs(3)),
            note: format!(
                "10^8 squares like 10000x10000; whole command with the tour checked {}; peak memory {peak:.0} MB, target < 1000 MB: {}",
                fmt(median(whole)),
                if peak < 1000.0 { "met" } else { "MISSED" }
            ),
            others: "",
        });
    }
    for (name, rows_, cols, start) in [
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
    ] {
        if !want(name) {
            continue;
        }
        let b = Board::new(rows_, cols, &[]).unwrap();
        let t = Instant::now();
        let known = count_with(&b, start, false, Algorithm::Enumerate);
        let enumerated = t.elapsed();
        assert_eq!(count(&b, start, false), known, "{name}");
        rows.push(Row {
            name: name.into(),
            median: time(reps.min(11), || {
                black_box(count(&b, start, false));
            }),
            target: None,
            note: format!(
                "{known} tours, checked against enumeration, which took {}",
                fmt(enumerated)
            ),
            others: "",
        });
    }
    // The sweep beside the plain C Warnsdorff (whole processes, interleaved).
    for (tie, ratio) in [("roth", 0.7), ("fixed", 1.0)] {
        let name = format!("sweep 5..64 open, {tie} ties, every start, one core, against C");
        if !want(&name) {
            continue;
        }
        let Some(c) = reference("warnsdorff") else {
            skipped.push(name);
            continue;
        };
        let (mut ours, mut theirs, mut c_failures) = (Vec::new(), Vec::new(), String::new());
        for _ in 0..if quick { 1 } else { 3 } {
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
        rows.push(Row {
            name,
            median: ours,
            target: Some(theirs.mul_f64(ratio)),
            note: format!(
                "67,590 starts, 0 failures, every tour checked; {:.2}x the C program's {} (target {ratio}x), which fails {c_failures} starts",
                ours.as_secs_f64() / theirs.as_secs_f64(),
                fmt(theirs),
            ),
            others: "benches/reference/warnsdorff.c (plain C Warnsdorff, no backtracking)",
        });
    }
    for (name, n, start, closed, known, target_ms, others) in [
        (
            "count 5x5 from a corner",
            5u32,
            Some(Square::new(0, 0)),
            false,
            304u128,
            None,
            "seconds (seed reports)",
        ),
        (
            "count 5x5 over all starts",
            5,
            None,
            false,
            1728,
            Some(20.0),
            "seconds (seed reports)",
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
    ] {
        if !want(name) {
            continue;
        }
        let b = Board::new(n, n, &[]).unwrap();
        assert_eq!(count(&b, start, closed), known, "{name}");
        let r = if known > 100_000 { reps.min(5) } else { reps };
        rows.push(Row {
            name: name.into(),
            median: time(r, || {
                black_box(count(&b, start, closed));
            }),
            target: target_ms.map(|ms| Duration::from_secs_f64(ms / 1e3)),
            note: format!("{known} tours, checked"),
            others,
        });
    }
    // Counting over the frontier (issue 19's targets), the programme
    // itself (auto picks enumeration for open tours below 40 squares).
    for (name, r, c, ends, known, target_ms) in [
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
    ] {
        if !want(name) {
            continue;
        }
        let b = Board::new(r, c, &[]).unwrap();
        let run = || {
            frontier::count(
                &b,
                ends,
                &frontier::Budget::bytes(u64::MAX),
                &solver::Progress::default(),
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
            reps.min(3)
        } else {
            reps.min(11)
        };
        rows.push(Row {
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
        });
    }
    // 8x8 closed tours (issue 19's third stage) take a quarter of an hour:
    // only when asked for by name (`--filter '8x8 closed'`).
    let name = "frontier: 8x8 closed (undirected)";
    if filter.contains("8x8 closed") && want(name) {
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
        assert_eq!(v["count"].as_u64(), Some(2 * 13_267_364_410_532), "{name}");
        rows.push(Row {
            name: name.into(),
            median: took,
            target: Some(Duration::from_secs(3600)),
            note: format!(
                "13267364410532 tours, the published count (McKay 1997); {} states at most, {} expanded; peak memory {:.1} GB (target 20 GB); one run",
                thousands(v["states"].as_u64().unwrap_or(0)),
                thousands(v["nodes"].as_u64().unwrap_or(0)),
                peak / 1024.0
            ),
            others: "",
        });
    }
    let name = "8x8 backtrack (textbook baseline) from the corner, against C";
    if want(name) {
        let b = Board::new(8, 8, &[]).unwrap();
        let sol = solve(&b, Square::new(0, 0), false, Algorithm::Backtrack);
        check_indices(&b, &sol.tours[0], false).expect("valid tour");
        let nodes = sol.stats.nodes;
        match reference("backtrack") {
            None => skipped.push(name.into()),
            Some(c) => {
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
                for _ in 0..reps.min(11) {
                    let s = solve(&b, Square::new(0, 0), false, Algorithm::Backtrack);
                    ours.push(s.stats.elapsed);
                    let out = run_reference(&c, &["8", "0", "0"]);
                    let ms: f64 = out.split_whitespace().nth(3).unwrap().parse().unwrap();
                    theirs.push(Duration::from_secs_f64(ms / 1e3));
                }
                let (ours, theirs) = (median(ours), median(theirs));
                let rate = |t: Duration| nodes as f64 / t.as_secs_f64() / 1e6;
                rows.push(Row {
                    name: name.into(),
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
                });
            }
        }
    }

    // The cost of being watched: the same search headless and through
    // solver::spawn at full speed, its snapshots drained by another thread
    // that keeps a copy of the board as the app does.
    for (name, n, start, algorithm) in [
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
    ] {
        if !want(name) {
            continue;
        }
        let b = Board::new(n, n, &[]).unwrap();
        // Alternate the two so that the machine's drift hits both alike.
        let (mut hs, mut ws) = (Vec::new(), Vec::new());
        for _ in 0..reps.min(11) {
            hs.push(solve(&b, start, false, algorithm).stats.elapsed);
            ws.push(watched_run(&b, start, algorithm));
        }
        let (headless, watched) = (median(hs), median(ws));
        let over = watched.as_secs_f64() / headless.as_secs_f64() - 1.0;
        rows.push(Row {
            name: name.into(),
            median: watched,
            target: None,
            note: format!(
                "headless {}, watched {:+.1}% (target < 5%)",
                fmt(headless),
                over * 100.0
            ),
            others: "",
        });
    }

    // Other leapers and surfaces (issue 18): a tour of 100x100 for the
    // zebra and the giraffe, and a closed knight's tour of a 1000x1000
    // torus, each checked square by square.
    for (name, n, geometry, closed) in [
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
    ] {
        if !want(name) {
            continue;
        }
        let (l, s) = geometry.split_once(' ').unwrap();
        let g = Geometry::new(l.parse().unwrap(), s.parse().unwrap());
        let b = Board::with_geometry(n, n, &[], g).unwrap();
        let start = Square::new(0, 0);
        let nodes = solve_checked(&b, start, closed, Algorithm::Auto);
        let algorithm = solve(&b, start, closed, Algorithm::Auto).algorithm;
        rows.push(Row {
            name: name.into(),
            median: time(reps.min(5), || {
                black_box(solve(&b, start, closed, Algorithm::Auto));
            }),
            target: Some(Duration::from_millis(500)),
            note: format!("{algorithm}, {nodes} nodes, tour checked"),
            others: "",
        });
    }
    if want("leapers: success") {
        success_table(quick);
    }

    for name in &skipped {
        println!("skipped: {name} (no C compiler to build its reference program: set CC)");
    }
    println!("| workload | median | target | | seed reports, published programs |");
    println!("| --- | --- | --- | --- | --- |");
    for r in &rows {
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
            for start in b.free_squares() {
                if knight_tui::theory::check(&b, Some(start), false).is_err() {
                    ruled += 1;
                    continue;
                }
                starts += 1;
                let p = Problem::new(&b, start, false).unwrap();
                let first = solver::solve(
                    &p,
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
                );
                if first.verdict == Verdict::Found {
                    check_indices(&b, &first.tours[0], false).expect("a valid tour");
                    greedy += 1;
                }
                let full = solver::solve(
                    &p,
                    &Options {
                        algorithm: Algorithm::Warnsdorff,
                        limits: Limits {
                            nodes: Some(1_000_000),
                            time: None,
                        },
                        ..Options::default()
                    },
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
