//! `count --workers N` and `count --cluster HOSTS --process I`: the
//! frontier on timely workers, in one process and in several on loopback,
//! each count against this process's own and the published value.

use std::process::Stdio;

use crate::common::{free_hosts, kt, written};

fn count(args: &[&str]) -> (Option<i32>, String, String) {
    let out = kt().arg("count").args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The boards and the counts each way of counting must give (the first
/// three published: OEIS A001230 times 2 x 36 for 6x6 closed from every
/// square, Löbbing and Wegener's 6x6 open, A175855's 6x8 closed).
const BOARDS: [(&[&str], &str); 5] = [
    (&["--size", "6", "--closed", "--all-starts"], "710064"),
    (&["--size", "6", "--all-starts"], "6637920"),
    (&["--rows", "6", "--cols", "8", "--closed"], "110976284"),
    (
        &[
            "--rows",
            "6",
            "--cols",
            "7",
            "--block",
            "2,3;4,4",
            "--all-starts",
        ],
        "",
    ),
    (&["--size", "6", "--end", "5,4"], "44725"),
];

#[test]
fn workers_in_one_process_count_as_one_does() {
    // 6x6 closed over all starts, and open to an end (the rest below).
    counted_on_workers(&[BOARDS[0], BOARDS[4]]);
}

#[test]
#[ignore = "long proof: .ci/run runs it (cargo test -- --ignored)"]
fn workers_in_one_process_count_every_board_as_one_does() {
    counted_on_workers(&BOARDS);
}

/// Each board's count on 1, 2 and 4 workers: the count of one process,
/// and the published value where there is one.
fn counted_on_workers(boards: &[(&[&str], &str)]) {
    for &(args, published) in boards {
        let (code, alone, err) = count(args);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        if !published.is_empty() {
            assert_eq!(alone.trim(), published, "{args:?}");
        }
        for workers in ["1", "2", "4"] {
            let mut with = args.to_vec();
            with.extend(["--workers", workers]);
            let (code, out, err) = count(&with);
            assert_eq!(code, Some(0), "{with:?}: {err}");
            assert_eq!(out, alone, "{with:?}");
        }
    }
}

/// Free ports on loopback, one a process.
fn hosts(n: usize) -> (tempfile::TempDir, String) {
    let (dir, file, _) = free_hosts(n, "");
    (dir, file)
}

/// The count of `args` by `n` processes on loopback: process 0's stdout,
/// after every process has ended well and the others printed nothing.
fn by_processes(args: &[&str], n: usize, workers: &str) -> String {
    let (_dir, file) = hosts(n);
    let spawn = |i: usize| {
        kt().arg("count")
            .args(args)
            .args([
                "--cluster",
                &file,
                "--process",
                &i.to_string(),
                "--workers",
                workers,
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let others: Vec<_> = (1..n).map(spawn).collect();
    let first = spawn(0).wait_with_output().unwrap();
    for child in others {
        let out = child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.stdout.is_empty(), "{args:?}: only process 0 prints");
    }
    assert!(
        first.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&first.stderr)
    );
    String::from_utf8(first.stdout).unwrap()
}

#[test]
fn processes_on_loopback_count_as_one_does() {
    let (args, published) = BOARDS[0];
    assert_eq!(by_processes(args, 2, "1").trim(), published);
}

#[test]
#[ignore = "long proof: .ci/run runs it (cargo test -- --ignored)"]
fn processes_on_loopback_count_every_board_as_one_does() {
    for (args, _) in &BOARDS[..4] {
        let (_, alone, _) = count(args);
        assert_eq!(by_processes(args, 2, "1"), alone, "{args:?}, 2 processes");
    }
    let (args, published) = BOARDS[2];
    assert_eq!(
        by_processes(args, 3, "2").trim(),
        published,
        "3 processes of 2 workers"
    );
}

#[test]
fn what_the_workers_cannot_count_is_refused() {
    let (_dir, path) = written("hosts", "127.0.0.1:1\nnot-a-host\n");
    let path = path.as_str();
    for (args, says) in [
        (
            vec!["--size", "8", "--leaper", "zebra", "--workers", "2"],
            "the frontier, which does not take",
        ),
        (vec!["--size", "9", "--workers", "2"], "up to 8 wide"),
        (
            vec!["--size", "6", "--workers", "2", "--algo", "enumerate"],
            "--algo enumerate cannot be used",
        ),
        (vec!["--size", "6", "--workers", "0"], "--workers"),
        (vec!["--size", "6", "--process", "0"], "--cluster"),
        (
            vec!["--size", "6", "--cluster", path, "--process", "0"],
            "'not-a-host' is not host:port",
        ),
    ] {
        let (code, out, err) = count(&args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
    let (_dir, path) = written("hosts", "127.0.0.1:1\n127.0.0.1:2\n");
    let (code, _, err) = count(&["--size", "6", "--cluster", &path, "--process", "2"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("lists 2 processes (0 to 1)"), "{err}");
}

/// The count of `args` stops at a limit: exit 3, nothing on stdout, and
/// where it stopped on stderr.
fn stops_at_a_limit(args: &[&str]) {
    let (code, out, err) = count(args);
    assert_eq!(code, Some(3), "{args:?}: {err}");
    assert!(out.is_empty(), "{args:?}");
    assert!(
        err.contains("stopped the count over the frontier at square"),
        "{err}"
    );
}

/// Boards 8 wide that one process does not take (open tours of 8x8, closed
/// tours of 8x9) start on workers, and stop at a limit as any count does.
#[test]
fn workers_take_boards_eight_wide() {
    for board in [
        ["--rows", "8", "--cols", "8"],
        ["--rows", "9", "--cols", "8"],
    ] {
        let mut args = board.to_vec();
        args.extend(["--workers", "2", "--node-limit", "100000"]);
        if board[1] == "9" {
            args.push("--closed");
        }
        stops_at_a_limit(&args);
    }
}

#[test]
fn when_a_process_dies_the_others_say_so_and_stop() {
    let (_dir, file) = hosts(2);
    // 7x8 closed square by square: half a minute on two processes.
    let spawn = |i: usize| {
        kt().args(["count", "--rows", "7", "--cols", "8", "--closed"])
            .args(["--cluster", &file, "--process", &i.to_string()])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let mut doomed = spawn(1);
    let survivor = spawn(0);
    std::thread::sleep(std::time::Duration::from_secs(3));
    doomed.kill().unwrap();
    doomed.wait().unwrap();
    let out = survivor.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(out.stdout.is_empty());
    assert!(
        err.contains("knight-tui: the count's workers stopped ("),
        "{err}"
    );
    assert!(
        err.ends_with("no count\n") && !err.contains("panicked"),
        "{err}"
    );
}

/// `args` with checkpoints in a fresh folder, killed once the note has
/// `mark` and some number after it above 0, then started again: the
/// count it prints after saying it resumes (with `resumes`), and the
/// folder.
fn killed_and_resumed(args: &[&str], mark: &str, resumes: &str) -> (String, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("checkpoints");
    let mut args: Vec<&str> = args.to_vec();
    args.extend(["--checkpoint", folder.to_str().unwrap()]);
    let mut first = kt()
        .args(&args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    // Killed (SIGKILL: nothing to tidy up) once a checkpoint past the
    // first is noted.
    let note = folder.join("checkpoint-64-p0.txt");
    let past = |text: &str| {
        text.lines()
            .find_map(|l| {
                l.strip_prefix("mark=")?
                    .strip_prefix(mark)?
                    .parse::<u64>()
                    .ok()
            })
            .is_some_and(|n| n > 0)
    };
    let started = std::time::Instant::now();
    while !std::fs::read_to_string(&note).is_ok_and(|t| past(&t))
        && started.elapsed() < std::time::Duration::from_secs(60)
    {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    first.kill().unwrap();
    first.wait().unwrap();
    let noted = std::fs::read_to_string(&note).unwrap();
    assert!(past(&noted), "{noted}");
    let out = kt().args(&args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains(resumes), "{err}");
    // Counted: the folder is emptied.
    assert_eq!(std::fs::read_dir(&folder).unwrap().count(), 0);
    let tours = String::from_utf8_lossy(&out.stdout).trim().to_string();
    (tours, dir)
}

/// A count stopped by its node limit keeps its checkpoint, and started
/// again without the limit resumes to the published count (the kills
/// below are the long proofs): 5x16 closed square by square on 2 workers,
/// stopped at square 33 of 80, against the count in one process.
#[test]
fn a_count_stopped_resumes_from_its_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("ck");
    let folder = folder.to_str().unwrap();
    let args = [
        "count",
        "--rows",
        "5",
        "--cols",
        "16",
        "--closed",
        "--workers",
        "2",
        "--checkpoint",
        folder,
        "--checkpoint-every",
        "0",
    ];
    let out = kt()
        .args(args)
        .args(["--node-limit", "200000"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(
        err.contains("node limit stopped the count over the frontier at square"),
        "{err}"
    );
    let out = kt().args(args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("resuming from the checkpoint after square"),
        "{err}"
    );
    // As one process counts it, without workers.
    let (_, alone, _) = count(&args[1..6]);
    assert_eq!(alone.trim(), "983714071544660");
    assert_eq!(String::from_utf8_lossy(&out.stdout), alone);
    assert_eq!(std::fs::read_dir(folder).unwrap().count(), 0);
}

#[test]
#[ignore = "long proof: .ci/run runs it (cargo test -- --ignored)"]
fn a_count_killed_resumes_from_its_last_checkpoint() {
    // Square by square (6x12 closed is too long to meet in the middle),
    // a checkpoint after every square.
    let args = [
        "count",
        "--rows",
        "6",
        "--cols",
        "12",
        "--closed",
        "--workers",
        "2",
    ];
    let (tours, dir) = killed_and_resumed(
        &[&args[..], &["--checkpoint-every", "0"]].concat(),
        "square ",
        "resuming from the checkpoint after square",
    );
    // OEIS A175881's 964,730,606,632,516, both ways.
    assert_eq!(tours, "1929461213265032");
    // Another count's checkpoint (6x11's, stopped by its time limit) is
    // refused, not mixed in, and named in words.
    let folder = dir.path().join("checkpoints");
    let mut other = args.to_vec();
    other[4] = "11";
    let folder_arg = folder.to_str().unwrap();
    let out = kt()
        .args(&other)
        .args(["--checkpoint", folder_arg, "--checkpoint-every", "0"])
        .args(["--time-limit", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(3));
    let out = kt()
        .args(args)
        .args(["--checkpoint", folder_arg])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(
        err.contains("holds the checkpoint of another count (count 6x11, closed tours)")
            && !err.contains("Square {"),
        "{err}"
    );
}

#[test]
#[ignore = "long proof: .ci/run runs it (cargo test -- --ignored)"]
fn a_count_that_meets_in_the_middle_resumes_after_its_last_piece() {
    // 6x7 open tours over all starts meet in the middle: the halves are
    // kept, then the tours after each piece across the cut. 779,938,932
    // is also the count square by square over the whole board (9.9 s).
    let args = ["count", "--rows", "6", "--cols", "7", "--all-starts"];
    let (tours, _dir) = killed_and_resumed(
        &args,
        "pieces ",
        "resuming from the checkpoint: the halves met",
    );
    assert_eq!(tours, "779938932");
}

#[test]
fn limits_stop_the_workers_as_they_stop_one_process() {
    for limit in [["--node-limit", "1000"], ["--time-limit", "0.2"]] {
        let mut args = vec!["--rows", "7", "--cols", "8", "--closed", "--workers", "2"];
        args.extend(limit);
        stops_at_a_limit(&args);
    }
}
