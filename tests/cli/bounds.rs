//! Every input bounded and every answer in words: huge magic searches,
//! memory limits set on the process, more workers than help, `--max` over
//! the frontier, ends over every start, limits that stop a search short
//! of the tours asked, and the flags of checkpoints.

use std::time::{Duration, Instant};

use crate::common::{kt, spawn, within, written};

fn run(args: &[&str]) -> (Option<i32>, String, String, Duration) {
    let started = Instant::now();
    let out = kt().args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        started.elapsed(),
    )
}

#[test]
fn huge_magic_searches_keep_their_limits_and_their_memory() {
    // A stack overflow at 18 s and 5.4 GB, then an allocation abort.
    for args in [
        [
            "solve",
            "--size",
            "4000",
            "--magic",
            "semi",
            "--time-limit",
            "1",
        ],
        [
            "solve",
            "--size",
            "10000",
            "--magic",
            "semi",
            "--node-limit",
            "1",
        ],
    ] {
        let (code, out, err, took) = run(&args);
        assert_eq!(code, Some(3), "{args:?}: {err}");
        assert!(out.starts_with("undecided: the "), "{out}");
        assert!(took < Duration::from_secs(20), "{args:?}: {took:?}");
    }
    // Beyond what the process may take: refused before it starts.
    let out = std::process::Command::new("prlimit")
        .arg("--as=1000000000")
        .arg(env!("CARGO_BIN_EXE_knight-tui"))
        .args(["solve", "--size", "10000", "--magic", "semi"])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{said}");
    assert!(said.contains("may be taken here; not started"), "{said}");
}

#[test]
fn a_count_keeps_to_the_memory_the_process_may_take() {
    // prlimit's address space: the count stops with its message (it once
    // aborted with a backtrace).
    let out = std::process::Command::new("prlimit")
        .arg("--as=700000000")
        .arg(env!("CARGO_BIN_EXE_knight-tui"))
        .args(["count", "--rows", "7", "--cols", "8", "--all-starts"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(
        err.contains("needs more memory than it may take here"),
        "{err}"
    );
    assert!(
        !err.contains("panicked") && err.trim().lines().count() == 1,
        "{err}"
    );
}

#[test]
fn more_workers_than_help_are_capped_and_said() {
    // 1,024 workers on 5x5 ran for minutes at 1.8 GB.
    let (code, out, err, took) = run(&["count", "--size", "5", "--workers", "1024"]);
    assert_eq!((code, out.trim()), (Some(0), "304"), "{err}");
    assert!(err.contains("only slows the count; counting on"), "{err}");
    assert!(took < Duration::from_secs(30), "{took:?}");
}

#[test]
fn max_over_the_frontier_and_ends_over_every_start() {
    // 5x8 goes over the frontier: it printed nothing and exited 3.
    let (code, out, err, _) = run(&["count", "--rows", "5", "--cols", "8", "--max", "3"]);
    assert_eq!((code, out.trim()), (Some(0), "3"), "{err}");
    let (code, out, err, _) = run(&[
        "count", "--rows", "5", "--cols", "8", "--max", "3", "--json",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.starts_with("{\"count\":3,") && err.is_empty(),
        "{out}{err}"
    );
    // Over every start the end may be the default start: the 304 tours
    // of the corner, reversed.
    let (code, out, err, _) = run(&["count", "--size", "5", "--all-starts", "--end", "0,0"]);
    assert_eq!((code, out.trim()), (Some(0), "304"), "{err}");
    let (code, out, err, _) = run(&["count", "--size", "5", "--table", "--end", "0,0"]);
    assert_eq!(code, Some(0), "{err}");
    let sum: u64 = out
        .split_whitespace()
        .filter_map(|c| c.parse::<u64>().ok())
        .sum();
    assert_eq!(sum, 304, "{out}");
}

#[test]
fn a_limit_short_of_the_tours_asked_is_said() {
    let (code, out, err, _) = run(&[
        "solve",
        "--size",
        "8",
        "--tours",
        "1000",
        "--node-limit",
        "500",
        "--format",
        "moves",
    ]);
    assert_eq!(code, Some(3), "{err}");
    let printed = out.lines().count();
    assert!(printed < 1000);
    assert!(
        err.contains(&format!(
            "the node limit stopped the search after {printed} of the 1000 tours asked"
        )),
        "{err}"
    );
    // All there are: 304 from the 5x5 corner, exit 0.
    let (code, out, _, _) = run(&[
        "solve", "--size", "5", "--tours", "1000", "--format", "moves",
    ]);
    assert_eq!((code, out.lines().count()), (Some(0), 304));
}

#[test]
fn a_configured_end_and_start_are_the_configurations() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("knight-tui")).unwrap();
    std::fs::write(
        dir.path().join("knight-tui/config.toml"),
        "[board]\nend = \"7,6\"\n",
    )
    .unwrap();
    let with = |args: &[&str]| {
        let out = kt()
            .env("XDG_CONFIG_HOME", dir.path())
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    // The magic search chooses its ends (it said "internal error").
    let (code, err) = with(&["solve", "--size", "8", "--magic", "semi"]);
    assert_eq!(code, Some(0), "{err}");
    // `--end ""` clears the file's end.
    let (code, err) = with(&["solve", "--size", "6", "--end", ""]);
    assert_eq!(code, Some(0), "{err}");
    // A flag that blocks the configured start says which.
    let (code, err) = with(&["solve", "--size", "6", "--end", "", "--block", "0,0"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--block: blocks the start 0,0"), "{err}");
}

#[test]
fn checkpoint_flags_are_checked_before_anything_is_made() {
    let (dir, file) = written("a-file", "x");
    for (args, says) in [
        (vec!["--checkpoint", file.as_str()], "not a folder"),
        (
            vec!["--checkpoint", "DIR", "--checkpoint-every", "-1"],
            "'-1' is not a whole number of seconds",
        ),
        (
            vec!["--checkpoint", "DIR", "--algo", "enumerate"],
            "--algo enumerate",
        ),
    ] {
        let folder = dir.path().join("ck");
        let args: Vec<&str> = args
            .iter()
            .map(|a| {
                if *a == "DIR" {
                    folder.to_str().unwrap()
                } else {
                    a
                }
            })
            .collect();
        let mut all = vec!["count", "--size", "6"];
        all.extend(&args);
        let (code, _, err, _) = run(&all);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!folder.exists(), "{args:?} made the folder");
    }
}

/// The day's puzzle reads its time zone within bounds: a device, a FIFO
/// or a name that does not read falls back to UTC with a note, at once
/// (TZ=:/dev/zero grew to 5 GB in 7 s).
#[test]
fn the_day_s_puzzle_reads_its_time_zone_within_bounds() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()));
    let fifo = format!(":{}", fifo.display());
    for tz in [
        ":/dev/zero",
        fifo.as_str(),
        ":/nonexistent/zone",
        "not a zone",
    ] {
        let child = spawn(kt().env("TZ", tz).args(["puzzle", "--size", "5"]));
        let out = within(child, Duration::from_secs(20), tz);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{tz}: {err}");
        assert!(err.contains("the day's puzzle is UTC's"), "{tz}: {err}");
    }
    let out = kt()
        .env("TZ", "Europe/Paris")
        .args(["puzzle", "--size", "5"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    assert!(out.stderr.is_empty());
}

/// Counts on workers under an address-space limit (`prlimit --as`) end
/// with exit 3 and one line about memory, never SIGABRT (exit 134): the
/// workers' arenas and stacks are beyond what the count's bound sees.
#[test]
fn counts_on_workers_under_an_address_space_limit_end_in_words() {
    use std::os::unix::process::CommandExt;
    // 6x7 open tours need more than 300 MB in one process: these never
    // fit, so each run ends on a limit, the bound's or the system's.
    let ck = tempfile::tempdir().unwrap();
    let ck = ck.path().join("ck");
    let ck = ck.to_str().unwrap();
    for (bytes, args) in [
        (100_000_000u64, vec!["--rows", "6", "--cols", "7"]),
        (
            150_000_000,
            vec!["--rows", "6", "--cols", "7", "--checkpoint", ck],
        ),
    ] {
        let mut cmd = kt();
        cmd.arg("count").args(&args).args(["--workers", "2"]);
        // SAFETY: setrlimit only, between fork and exec.
        unsafe {
            cmd.pre_exec(move || {
                let limit = libc::rlimit {
                    rlim_cur: bytes,
                    rlim_max: bytes,
                };
                match libc::setrlimit(libc::RLIMIT_AS, &limit) {
                    0 => Ok(()),
                    _ => Err(std::io::Error::last_os_error()),
                }
            });
        }
        let out = within(spawn(&mut cmd), Duration::from_secs(120), "count");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{args:?}: {err}");
        assert!(err.contains("memory"), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
}
