//! Counts on timely workers (issue 35), each against the default count in
//! one process: `--workers 2` in one process (target: no slower), and
//! processes on loopback (target: each process's peak memory at most 0.6
//! of the one process's). Runs the release binary, so that the memory is
//! each process's own. Only when asked for by name (`--filter cluster`);
//! the 8x8 row only with `--filter 'cluster: 8x8'`.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::measure::{median, peak_mb};
use crate::{Row, Workload};

/// The count of `args` by the default count, then with `extra`, each in a
/// fresh process or `processes` processes at once on loopback: the time,
/// each process's peak memory in MB, and process 0's stdout.
fn run(args: &[&str], extra: &[&str], processes: usize) -> (Duration, Vec<f64>, String) {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let hosts = dir.path().join("hosts");
    let ports: Vec<String> = (0..processes)
        .map(|_| {
            let l = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
            l.local_addr().expect("its address").to_string()
        })
        .collect();
    std::fs::write(&hosts, ports.join("\n") + "\n").expect("the host file");
    let spawn = |i: usize| -> Child {
        let mut c = Command::new(env!("CARGO_BIN_EXE_knight-tui"));
        c.arg("count").args(args).args(extra);
        if processes > 1 {
            c.arg("--cluster").arg(&hosts);
            c.args(["--process", &i.to_string()]);
        }
        c.stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the knight-tui binary runs")
    };
    let t = Instant::now();
    let mut children: Vec<Child> = (0..processes).map(spawn).collect();
    let mut peaks = vec![0f64; processes];
    while children
        .iter_mut()
        .any(|c| c.try_wait().expect("waits").is_none())
    {
        for (c, peak) in children.iter().zip(peaks.iter_mut()) {
            if let Some(mb) = peak_mb(c.id()) {
                *peak = peak.max(mb);
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let took = t.elapsed();
    let mut outs = children
        .into_iter()
        .map(|c| c.wait_with_output().expect("its output"));
    let first = outs.next().expect("process 0");
    assert!(first.status.success(), "{args:?} {extra:?}");
    for other in outs {
        assert!(other.status.success(), "{args:?} {extra:?}");
        assert!(other.stdout.is_empty(), "only process 0 prints");
    }
    let out = String::from_utf8(first.stdout).expect("utf-8");
    (took, peaks, out.trim().to_string())
}

/// The ways a row counts, each against `known`: the default first.
struct Way {
    label: &'static str,
    extra: &'static [&'static str],
    processes: usize,
}

const DEFAULT: Way = Way {
    label: "the default",
    extra: &[],
    processes: 1,
};
const TWO_WORKERS: Way = Way {
    label: "--workers 2",
    extra: &["--workers", "2"],
    processes: 1,
};
const TWO_PROCESSES: Way = Way {
    label: "2 processes of 1 worker",
    extra: &["--workers", "1"],
    processes: 2,
};

/// Each way `reps` times, interleaved: the medians, and the largest peak
/// of each process.
fn race(args: &[&str], known: &str, ways: &[Way], reps: usize) -> Vec<(Duration, Vec<f64>)> {
    let mut times = vec![Vec::new(); ways.len()];
    let mut peaks: Vec<Vec<f64>> = ways.iter().map(|w| vec![0.0; w.processes]).collect();
    for _ in 0..reps {
        for (i, way) in ways.iter().enumerate() {
            let (t, p, out) = run(args, way.extra, way.processes);
            assert_eq!(out, known, "{args:?} {}", way.label);
            times[i].push(t);
            for (a, b) in peaks[i].iter_mut().zip(p) {
                *a = a.max(b);
            }
        }
    }
    times.into_iter().map(median).zip(peaks).collect()
}

fn mb(peaks: &[f64]) -> String {
    let each: Vec<String> = peaks.iter().map(|p| format!("{p:.0} MB")).collect();
    each.join(" and ")
}

/// A row for `--workers 2` against the default (target: no slower), with
/// the 2 processes' figures in its note.
fn against_default(name: &str, args: &[&str], known: &str, reps: usize) -> Row {
    let ways = [DEFAULT, TWO_WORKERS, TWO_PROCESSES];
    let r = race(args, known, &ways, reps);
    let (alone, two, procs) = (&r[0], &r[1], &r[2]);
    let share = procs.1.iter().fold(0f64, |a, &b| a.max(b)) / alone.1[0];
    Row {
        name: name.into(),
        median: two.0,
        target: Some(alone.0),
        note: format!(
            "{known} tours; median of {reps}, interleaved: the default {:.2} s, {:.0} MB; --workers 2 {:.2} s ({:.2} of the default), {}; 2 processes {:.2} s, {} (each at most {share:.2} of the default's)",
            alone.0.as_secs_f64(),
            alone.1[0],
            two.0.as_secs_f64(),
            two.0.as_secs_f64() / alone.0.as_secs_f64(),
            mb(&two.1),
            procs.0.as_secs_f64(),
            mb(&procs.1),
        ),
        others: "",
    }
}

pub fn workloads() -> Vec<Workload> {
    vec![
        Workload {
            only_if_asked: Some("cluster"),
            ..Workload::new("cluster: 7x8 closed", |ctx| {
                let args = ["--rows", "7", "--cols", "8", "--closed"];
                let reps = if ctx.quick { 1 } else { 3 };
                vec![against_default(
                    "cluster: 7x8 closed",
                    &args,
                    "69048864632",
                    reps,
                )]
            })
        },
        Workload {
            only_if_asked: Some("cluster"),
            ..Workload::new("cluster: 6x8 open, all starts", |ctx| {
                let args = ["--rows", "6", "--cols", "8", "--all-starts"];
                let reps = if ctx.quick { 1 } else { 3 };
                vec![against_default(
                    "cluster: 6x8 open, all starts",
                    &args,
                    "49929787608",
                    reps,
                )]
            })
        },
        Workload {
            only_if_asked: Some("cluster: 7x8 open"),
            ..Workload::new("cluster: 7x8 open, all starts", |_| {
                vec![seven_by_eight_open()]
            })
        },
        Workload {
            only_if_asked: Some("cluster: 8x8"),
            ..Workload::new("cluster: 8x8 closed, 2 processes", |_| {
                vec![eight_by_eight()]
            })
        },
    ]
}

/// 8x8 closed once by the default count, once on 2 workers (target: no
/// slower) and once by 2 processes on loopback (target: each process's
/// peak memory at most 0.6 of the default's).
fn eight_by_eight() -> Row {
    let name = "cluster: 8x8 closed, 2 processes";
    let args = ["--size", "8", "--closed"];
    // Directed, from a corner: McKay's 13,267,364,410,532 both ways.
    let known = (2 * 13_267_364_410_532u64).to_string();
    let r = race(&args, &known, &[DEFAULT, TWO_WORKERS, TWO_PROCESSES], 1);
    let (alone, two, procs) = (&r[0], &r[1], &r[2]);
    let share = procs.1.iter().fold(0f64, |a, &b| a.max(b)) / alone.1[0];
    let ratio = two.0.as_secs_f64() / alone.0.as_secs_f64();
    Row {
        name: name.into(),
        median: procs.0,
        target: None,
        note: format!(
            "{known} tours; one run each: the default {:.0} s, {:.1} GB; --workers 2 {:.0} s ({ratio:.2} of the default, target 1: {}), {}; 2 processes {:.0} s, {}; each process at most {share:.2} of the default's memory (target 0.6: {})",
            alone.0.as_secs_f64(),
            alone.1[0] / 1024.0,
            two.0.as_secs_f64(),
            if ratio <= 1.0 { "met" } else { "MISSED" },
            mb(&two.1),
            procs.0.as_secs_f64(),
            mb(&procs.1),
            if share <= 0.6 { "met" } else { "MISSED" },
        ),
        others: "",
    }
}

/// 7x8 open tours over all starts by the default count, once (target:
/// under 2 hours on this machine): OEIS A306283's 20,666,425,060,328
/// undirected, counted both ways.
fn seven_by_eight_open() -> Row {
    let name = "cluster: 7x8 open, all starts";
    let args = ["--rows", "7", "--cols", "8", "--all-starts"];
    let known = (2 * 20_666_425_060_328u64).to_string();
    let r = race(&args, &known, &[DEFAULT], 1);
    let (took, peaks) = &r[0];
    Row {
        name: name.into(),
        median: *took,
        target: Some(Duration::from_secs(2 * 3600)),
        note: format!(
            "{known} tours (OEIS A306283, both ways); one run, one process: {:.0} s, {:.1} GB at most",
            took.as_secs_f64(),
            peaks[0] / 1024.0,
        ),
        others: "",
    }
}
