//! A cluster that agrees before it counts: processes that differ in what
//! they count refuse together (exit 2), strangers on a process's port are
//! dropped, a process without the cluster's key is refused, host and key
//! files are bounded, and every process ends with the same code and
//! reason. On 127.0.0.1 only; every process is waited for or killed.

use std::io::Write;
use std::process::Child;
use std::time::{Duration, Instant};

use crate::common::{cluster_process as spawn, connect_when_up, free_hosts, kt, written};

fn hosts(n: usize, extra: &str) -> (tempfile::TempDir, String, Vec<String>) {
    free_hosts(n, extra)
}

/// A child's exit code, stdout and stderr.
fn ended(child: Child) -> (Option<i32>, String, String) {
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn processes_that_differ_refuse_together() {
    // Each pair: process 1's arguments, process 0's, and the difference
    // named. The first two gave 196 and 6120 with exit 0.
    let cases: [(&[&str], &[&str], &str); 4] = [
        (&["--size", "6"], &["--size", "6", "--closed"], "the count"),
        (
            &["--rows", "6", "--cols", "7", "--closed", "--all-starts"],
            &["--size", "6", "--closed", "--all-starts"],
            "the count",
        ),
        (
            &["--size", "5", "--workers", "2"],
            &["--size", "5", "--workers", "1"],
            "workers a process",
        ),
        (
            &["--size", "6", "--closed", "--workers", "1"],
            &[
                "--size",
                "6",
                "--closed",
                "--workers",
                "1",
                "--checkpoint",
                "{dir}",
            ],
            "checkpoints",
        ),
    ];
    for (one, zero, named) in cases {
        let (dir, file, _) = hosts(2, "");
        let folder = dir.path().join("ck").to_str().unwrap().to_string();
        let zero: Vec<&str> = zero
            .iter()
            .map(|a| if *a == "{dir}" { folder.as_str() } else { a })
            .collect();
        let p1 = spawn(one, &file, 1);
        let p0 = spawn(&zero, &file, 0);
        for (i, (code, out, err)) in [ended(p0), ended(p1)].into_iter().enumerate() {
            assert_eq!(code, Some(2), "process {i} of {one:?} and {zero:?}: {err}");
            assert!(out.is_empty(), "{out}");
            assert!(
                err.contains(&format!("the processes differ in {named} (")),
                "process {i}: {err}"
            );
        }
    }
}

#[test]
fn strangers_on_a_port_are_dropped_and_the_count_goes_on() {
    strangers_dropped(false);
}

/// The same with a stranger that says nothing: its handshake runs on a
/// thread of its own, so the count ends before the 5 s it may take
/// (the timeout itself has a unit test of 1 s).
#[test]
fn a_silent_stranger_holds_up_no_one() {
    strangers_dropped(true);
}

/// Strangers connect to process 0 before process 1 does: one that says
/// it is process 1, as a process once began, and one that sends the
/// magic word, a nonce and a proof made without the key (and, with
/// `silent`, one that says nothing, still connected when the count
/// ends). The first two are dropped and said; the count is right.
fn strangers_dropped(silent: bool) {
    let (_dir, file, lines) = hosts(2, "");
    let args = ["--size", "6", "--closed"];
    let p0 = spawn(&args, &file, 0);
    let _silent = silent.then(|| connect_when_up(&lines[0]));
    let mut liar = connect_when_up(&lines[0]);
    liar.write_all(&1u64.to_be_bytes()).unwrap();
    let mut forger = connect_when_up(&lines[0]);
    forger.write_all(b"KTCLSTR1").unwrap();
    forger.write_all(&[7; 16 + 32]).unwrap();
    let began = Instant::now();
    let p1 = spawn(&args, &file, 1);
    let (code, out, err) = ended(p0);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.trim(), "19724");
    assert!(
        began.elapsed() < Duration::from_secs(4),
        "{:?}",
        began.elapsed()
    );
    assert_eq!(
        err.matches("dropped a connection from 127.0.0.1:").count(),
        2,
        "{err}"
    );
    assert!(err.contains("did not say the magic word"), "{err}");
    assert!(err.contains("does not hold this cluster's key"), "{err}");
    let (code, out, err) = ended(p1);
    assert_eq!((code, out.as_str()), (Some(0), ""), "{err}");
}

#[test]
fn a_process_without_the_key_is_refused() {
    let keys = tempfile::tempdir().unwrap();
    let key = |name: &str, text: &str| {
        let path = keys.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let (right, wrong, short) = (
        key("right", "0123456789abcdef0123\n"),
        key("wrong", "fedcba9876543210fedc\n"),
        key("short", "tiny\n"),
    );
    // The key named in the host file, relative to it.
    std::fs::copy(&right, keys.path().join("cluster.key")).unwrap();
    let (_dir, file, _) = hosts(2, "");
    let file_with_key = keys.path().join("hosts");
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::write(&file_with_key, text + "key cluster.key\n").unwrap();
    let file_with_key = file_with_key.to_str().unwrap();
    let args = ["--size", "5"];
    let p0 = spawn(&args, file_with_key, 0);
    // Process 1 with another key: refused at once (exit 2); process 0
    // drops it and goes on waiting.
    let mut other = args.to_vec();
    other.extend(["--cluster-key", &wrong]);
    let (code, _, err) = ended(spawn(&other, &file, 1));
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("does not hold this process's key"), "{err}");
    // Process 1 with no key says it has none (it once said process 0
    // lacked the key).
    let (code, _, err) = ended(spawn(&args, &file, 1));
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("it holds a key and this process has none"),
        "{err}"
    );
    // With the key: the count.
    let mut with = args.to_vec();
    with.extend(["--cluster-key", &right]);
    let (code, _, err) = ended(spawn(&with, &file, 1));
    assert_eq!(code, Some(0), "{err}");
    let (code, out, err) = ended(p0);
    assert_eq!((code, out.trim()), (Some(0), "304"), "{err}");
    assert!(err.contains("it does not hold this cluster's key"), "{err}");
    // A key too short to be one.
    let mut args = vec!["--size", "5", "--cluster", &file, "--process", "0"];
    args.extend(["--cluster-key", &short]);
    let out = kt().arg("count").args(&args).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("a key needs 16 or more"));
}

#[test]
fn host_files_are_bounded_and_checked() {
    let fifo_dir = tempfile::tempdir().unwrap();
    let fifo = fifo_dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()));
    let (_d1, port0) = written("hosts", "127.0.0.1:0\n127.0.0.1:0\n");
    let (_d2, twice) = written("hosts", "127.0.0.1:41601\n127.0.0.1:41601\n");
    let (_d3, empty) = written("hosts", "# nothing\n\n");
    for (file, says) in [
        (port0.as_str(), "port 0 is no fixed port"),
        (twice.as_str(), "is the address of line 1 again"),
        (empty.as_str(), "lists no processes"),
        ("/dev/zero", "not a regular file"),
        (fifo.to_str().unwrap(), "not a regular file"),
    ] {
        let started = Instant::now();
        let out = kt()
            .args(["count", "--size", "5", "--cluster", file, "--process", "0"])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{file}: {err}");
        assert!(err.contains(says), "{file}: {err}");
        assert!(started.elapsed() < Duration::from_secs(5), "{file}");
    }
}

#[test]
fn every_process_stops_for_the_same_reason() {
    // Process 1 alone has a time limit: both stop, exit 3, saying so (process
    // 0 once said it needed more memory, process 1 exited 0 in silence).
    let (_dir, file, _) = hosts(2, "");
    let args = ["--rows", "6", "--cols", "12", "--closed", "--workers", "1"];
    let p0 = spawn(&args, &file, 0);
    let mut limited = args.to_vec();
    limited.extend(["--time-limit", "1"]);
    let p1 = spawn(&limited, &file, 1);
    for (i, (code, out, err)) in [ended(p0), ended(p1)].into_iter().enumerate() {
        assert_eq!(code, Some(3), "process {i}: {err}");
        assert!(out.is_empty(), "process {i}: {out}");
        assert!(err.contains("time limit"), "process {i}: {err}");
        assert!(!err.contains("memory"), "process {i}: {err}");
    }
}
