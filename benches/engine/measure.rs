//! Timing, solving and counting with checks, and running the release binary
//! and the C reference programs: what the workloads are made of.

use std::time::{Duration, Instant};

use knight_engine::board::{Board, Square};
use knight_engine::solver::count::Count;
use knight_engine::solver::{self, Algorithm, Options, Problem, Tours, Verdict};
use knight_engine::tour::check_indices;

pub fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

pub fn fmt(d: Duration) -> String {
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
pub fn time<F: FnMut()>(reps: usize, mut f: F) -> Duration {
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

pub fn solve(b: &Board, start: Square, closed: bool, algorithm: Algorithm) -> solver::Solution {
    let p = Problem::new(Tours::closed_if(b.clone(), closed), start).unwrap();
    let o = Options {
        algorithm,
        tours: 1,
        ..Options::default()
    };
    solver::solve(&p, &o)
}

/// Solves once outside the timings and checks the tour square by square.
pub fn solve_checked(b: &Board, start: Square, closed: bool, algorithm: Algorithm) -> u64 {
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

pub fn count(b: &Board, start: Option<Square>, closed: bool) -> u128 {
    count_with(b, start, closed, Algorithm::Auto)
}

/// Counts with `algorithm` (auto counts along strips, enumerate searches).
pub fn count_with(b: &Board, start: Option<Square>, closed: bool, algorithm: Algorithm) -> u128 {
    let c = match start {
        Some(s) => {
            let p = Problem::new(Tours::closed_if(b.clone(), closed), s).unwrap();
            Count {
                algorithm,
                ..Count::from_start(&p)
            }
            .run()
        }
        None => Count {
            algorithm,
            ..Count::all_starts(&Tours::closed_if(b.clone(), closed))
        }
        .run(),
    };
    assert!(c.complete());
    c.count
}

/// Runs the release binary with `args` and returns its one JSON line.
pub fn run_binary(args: &[&str]) -> serde_json::Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_knight-tui"))
        .args(args)
        .output()
        .expect("the knight-tui binary runs");
    assert!(out.status.success(), "knight-tui {args:?}: {out:?}");
    let text = String::from_utf8(out.stdout).expect("utf-8");
    serde_json::from_str(text.lines().last().unwrap_or("")).expect("one JSON line")
}

/// The peak memory of a running process so far (VmHWM), in MB.
pub fn peak_mb(pid: u32) -> Option<f64> {
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
pub fn process(args: &[&str]) -> (Duration, Option<i32>, f64) {
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

/// Builds the reference C program `benches/reference/NAME.c` with the
/// system's C compiler (`$CC`, else `cc`), once per run; `None` when there
/// is none or it fails.
pub fn reference(name: &str) -> Option<std::path::PathBuf> {
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
pub fn run_reference(exe: &std::path::Path, args: &[&str]) -> String {
    let out = std::process::Command::new(exe)
        .args(args)
        .output()
        .expect("the reference program runs");
    assert!(out.status.success(), "{exe:?} {args:?}: {out:?}");
    String::from_utf8(out.stdout).expect("utf-8")
}
