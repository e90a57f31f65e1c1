//! A cluster no stranger can stall and no process can leave hanging: a
//! handshake is bounded as a whole and handshakes run side by side,
//! nothing of the count is said before the key is proved, a refusal
//! reaches every process, every option that shapes the answer is agreed,
//! host lines are compared by address, every process says where the
//! count stopped, and a frozen process ends the others within a minute.
//! On 127.0.0.1 only; every process is waited for within a bound, or
//! killed.

use std::io::{Read, Write};
use std::process::{Child, Output};
use std::time::{Duration, Instant};

use crate::common::{cluster_process as spawn, connect_when_up, free_hosts, kt, within, written};

/// A process's exit code, stdout and stderr, within `secs` seconds.
fn ended(child: Child, secs: u64) -> (Option<i32>, String, String) {
    let out: Output = within(child, Duration::from_secs(secs), "a process of the cluster");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A key file in `dir`.
fn key(dir: &tempfile::TempDir) -> String {
    let path = dir.path().join("key");
    std::fs::write(&path, "0123456789abcdef0123\n").unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn a_trickling_stranger_holds_up_no_one_and_hears_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let k = key(&dir);
    let (_d, file, lines) = free_hosts(2, "");
    let args = ["--size", "5", "--cluster-key", &k];
    let p0 = spawn(&args, &file, 0);
    // A byte every 400 ms: once, each byte reset a 5 s timeout (410 s).
    let mut trickler = connect_when_up(&lines[0]);
    let host = lines[0].clone();
    let trickle = std::thread::spawn(move || {
        let began = Instant::now();
        while trickler.write_all(b"K").is_ok() && began.elapsed() < Duration::from_secs(30) {
            std::thread::sleep(Duration::from_millis(400));
        }
        began.elapsed()
    });
    // A stranger without the key hears the opening and a proof, never
    // the count, the hosts or the checkpoints.
    let mut listener = connect_when_up(&host);
    let began = Instant::now();
    let p1 = spawn(&args, &file, 1);
    let (code, out, err) = ended(p0, 60);
    assert_eq!((code, out.trim()), (Some(0), "304"), "{err}");
    assert!(
        began.elapsed() < Duration::from_secs(4),
        "{:?}",
        began.elapsed()
    );
    let (code, _, err) = ended(p1, 60);
    assert_eq!(code, Some(0), "{err}");
    listener
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let mut heard = Vec::new();
    let _ = listener.read_to_end(&mut heard);
    assert!(heard.len() <= 8 + 16 + 32, "{} bytes", heard.len());
    assert!(!String::from_utf8_lossy(&heard).contains("5x5"));
    // Cut off by the process's end at the latest.
    assert!(trickle.join().unwrap() < Duration::from_secs(30));
}

#[test]
fn a_refusal_reaches_every_process_at_once() {
    // Process 2 with two workers: all three exit 2 (process 1 once waited
    // 300 s, exit 3).
    let (_d, file, _) = free_hosts(3, "");
    let began = Instant::now();
    let p0 = spawn(&["--size", "5"], &file, 0);
    let p1 = spawn(&["--size", "5"], &file, 1);
    let p2 = spawn(&["--size", "5", "--workers", "2"], &file, 2);
    for (i, p) in [p0, p1, p2].into_iter().enumerate() {
        let (code, _, err) = ended(p, 60);
        assert_eq!(code, Some(2), "process {i}: {err}");
        assert!(err.contains("workers a process"), "process {i}: {err}");
    }
    assert!(began.elapsed() < Duration::from_secs(30));
    // A table and one count differ in the question (one exited 0, the
    // other waited 300 s).
    let (_d, file, _) = free_hosts(2, "");
    let p0 = spawn(&["--size", "5", "--table"], &file, 0);
    let p1 = spawn(&["--size", "5"], &file, 1);
    for (i, p) in [p0, p1].into_iter().enumerate() {
        let (code, _, err) = ended(p, 60);
        assert_eq!(code, Some(2), "process {i}: {err}");
        assert!(err.contains("the question"), "process {i}: {err}");
    }
}

#[test]
fn host_lines_are_compared_by_address_and_bad_ones_named_at_once() {
    for (text, says) in [
        (
            "127.0.0.1:24722\n127.0.0.1:024722\n",
            "line 2: '127.0.0.1:024722' is the address of line 1 again",
        ),
        (
            "localhost:24722\n127.0.0.1:24722\n",
            "line 2: '127.0.0.1:24722' is the address of line 1 again",
        ),
        (
            "127.0.0.1:1\nnonexistent.invalid:24721\n",
            "line 2: 'nonexistent.invalid:24721': cannot look up the host",
        ),
        (
            "127.0.0.1 :24721\n127.0.0.1:2\n",
            "line 1: '127.0.0.1 :24721' is not host:port",
        ),
    ] {
        let (_d, file) = written("hosts", text);
        for process in ["0", "1"] {
            let started = Instant::now();
            let out = kt()
                .args([
                    "count",
                    "--size",
                    "5",
                    "--cluster",
                    &file,
                    "--process",
                    process,
                ])
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{text:?}: {err}");
            assert!(err.contains(says), "{text:?}: {err}");
            assert_eq!(err.trim().lines().count(), 1, "{err}");
            assert!(started.elapsed() < Duration::from_secs(20));
        }
    }
}

#[test]
fn every_process_says_where_a_limit_stopped_the_count() {
    // Process 0 once said square 23, process 1 square 0 (0 states).
    let (_d, file, _) = free_hosts(2, "");
    let args = ["--rows", "6", "--cols", "7"];
    let mut limited = args.to_vec();
    limited.extend(["--node-limit", "300000"]);
    let p0 = spawn(&limited, &file, 0);
    let p1 = spawn(&args, &file, 1);
    let square = |err: &str| {
        let at = err.find("at square ").unwrap_or_else(|| panic!("{err}"));
        err[at..].split(' ').nth(2).unwrap().to_string()
    };
    let (c0, _, e0) = ended(p0, 120);
    let (c1, _, e1) = ended(p1, 120);
    assert_eq!((c0, c1), (Some(3), Some(3)), "{e0}\n{e1}");
    assert_eq!(square(&e0), square(&e1), "{e0}\n{e1}");
    assert_ne!(square(&e1), "0", "{e1}");
    assert!(!e1.contains("(0 states)"), "{e1}");
}

/// Process 1 stopped (SIGSTOP) mid-count: process 0 ends within a
/// minute and a bit, exit 3, naming it (it once spun a core for ever).
#[test]
#[ignore = "long proof: .ci/run runs it (cargo test -- --ignored)"]
fn a_frozen_process_ends_the_others_within_a_minute() {
    let (_d, file, _) = free_hosts(2, "");
    let args = ["--rows", "7", "--cols", "8"];
    let p0 = spawn(&args, &file, 0);
    let mut p1 = spawn(&args, &file, 1);
    std::thread::sleep(Duration::from_secs(4));
    let pid = p1.id() as i32;
    // SAFETY: a signal to our own child.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGSTOP) }, 0);
    let stopped = Instant::now();
    let (code, out, err) = ended(p0, 120);
    let took = stopped.elapsed();
    let _ = p1.kill();
    let _ = p1.wait();
    assert_eq!((code, out.as_str()), (Some(3), ""), "{err}");
    assert!(err.contains("process 1 at 127.0.0.1:"), "{err}");
    assert!(err.contains("has sent nothing for 60 s"), "{err}");
    assert!(took < Duration::from_secs(75), "{took:?}");
}
