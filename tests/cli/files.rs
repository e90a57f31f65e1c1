//! `solve --out` over what can be at a path: a device, a FIFO, the
//! process's own stdout, a folder; and a signal during the write. Nothing
//! is ever replaced that is not a regular file, and no temporary file stays
//! behind a signal the process can catch. (The writer's own cases, symlinks
//! and permissions among them, are tested in `src/files/tests.rs`.)

use std::os::unix::process::ExitStatusExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::{kt, names};

#[test]
fn out_to_stdout_streams_the_tour_file() {
    let dir = tempfile::tempdir().unwrap();
    let got = kt()
        .args(["solve", "--size", "6", "--out", "/dev/stdout"])
        .output()
        .unwrap();
    assert_eq!(got.status.code(), Some(0));
    // Only the file on stdout, no "wrote" line: it pipes into verify.
    let file = dir.path().join("piped.json");
    std::fs::write(&file, &got.stdout).unwrap();
    let v = kt().arg("verify").arg(&file).output().unwrap();
    assert_eq!(
        v.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&v.stdout)
    );
    assert!(String::from_utf8_lossy(&v.stdout).starts_with("complete open tour: 36 squares"));
}

#[test]
fn out_to_dev_null_leaves_the_device() {
    let got = kt()
        .args(["solve", "--size", "5", "--out", "/dev/null"])
        .output()
        .unwrap();
    assert_eq!(got.status.code(), Some(0));
    let m = std::fs::metadata("/dev/null").unwrap();
    use std::os::unix::fs::FileTypeExt;
    assert!(m.file_type().is_char_device());
}

#[test]
fn out_to_a_fifo_streams_into_it() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let got = kt()
        .args(["solve", "--size", "5"])
        .arg("--out")
        .arg(&fifo)
        .output()
        .unwrap();
    assert_eq!(got.status.code(), Some(0));
    let text = reader.join().unwrap();
    assert!(text.contains("\"rows\": 5"), "{text}");
    assert_eq!(names(dir.path()), ["pipe"]);
}

#[test]
fn out_to_a_folder_is_refused_before_searching() {
    let dir = tempfile::tempdir().unwrap();
    let got = kt()
        .args(["solve", "--size", "5", "--out"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(got.status.code(), Some(2));
    let err = String::from_utf8_lossy(&got.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("it is a folder, not a file"), "{err}");
    assert!(names(dir.path()).is_empty());
}

/// Sends `signal` to `solve --out` once its temporary file exists: the
/// process ends by that signal and leaves nothing behind. The old file at
/// the target, if any, is untouched.
fn signal_during_write(signal: &str, number: i32) {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("big.json");
    std::fs::write(&target, "the old file").unwrap();
    // 4000x4000 takes about a second to write, the tour a tenth to build.
    for size in ["4000", "6000"] {
        let mut child = kt()
            .args(["solve", "--size", size, "--out"])
            .arg(&target)
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        let began = Instant::now();
        let mut seen = false;
        while began.elapsed() < Duration::from_secs(20) {
            if names(dir.path()).iter().any(|n| n.ends_with(".tmp")) {
                seen = true;
                break;
            }
            if child.try_wait().unwrap().is_some() {
                break;
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        if !seen {
            // Written before the poll saw it: try a bigger board.
            child.wait().unwrap();
            std::fs::write(&target, "the old file").unwrap();
            continue;
        }
        let pid = child.id().to_string();
        assert!(
            Command::new("kill")
                .args([signal, &pid])
                .status()
                .unwrap()
                .success()
        );
        let status = child.wait().unwrap();
        assert_eq!(status.signal(), Some(number), "{status:?}");
        assert_eq!(names(dir.path()), ["big.json"]);
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "the old file");
        return;
    }
    panic!("never saw the temporary file");
}

#[test]
fn sigterm_during_a_write_leaves_no_temporary_file() {
    signal_during_write("-TERM", 15);
}

#[test]
fn sigint_during_a_write_leaves_no_temporary_file() {
    signal_during_write("-INT", 2);
}

/// Whether this process is root (its new files are root's).
fn is_root(dir: &std::path::Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    let probe = dir.join(".probe");
    std::fs::write(&probe, "").unwrap();
    let uid = std::fs::metadata(&probe).unwrap().uid();
    std::fs::remove_file(&probe).unwrap();
    uid == 0
}

#[test]
fn a_read_only_folder_is_a_clean_refusal_even_for_root() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let ro = dir.path().join("ro");
    std::fs::create_dir(&ro).unwrap();
    let target = ro.join("t.json");
    std::fs::write(&target, "the old file").unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
    // Root writes anywhere: run the binary as nobody (setpriv, util-linux)
    // so the folder's permissions count; a copy in the open folder, since
    // nobody may not reach the build's own.
    let mut cmd = if is_root(dir.path()) {
        let bin = dir.path().join("knight-tui");
        std::fs::copy(env!("CARGO_BIN_EXE_knight-tui"), &bin).unwrap();
        let mut c = Command::new("setpriv");
        c.args(["--reuid=65534", "--regid=65534", "--clear-groups"])
            .arg(&bin)
            .env("XDG_CONFIG_HOME", "/nonexistent-knight-tui-test");
        c
    } else {
        kt()
    };
    let got = cmd
        .args(["solve", "--size", "5", "--out"])
        .arg(&target)
        .output()
        .unwrap();
    assert_eq!(got.status.code(), Some(2), "{got:?}");
    let err = String::from_utf8_lossy(&got.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("permission denied"), "{err}");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "the old file");
    assert_eq!(names(&ro), ["t.json"]);
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o755)).unwrap();
}

#[test]
fn a_replaced_file_keeps_its_owner_where_root_can_give_it() {
    use std::os::unix::fs::MetadataExt;
    let dir = tempfile::tempdir().unwrap();
    if !is_root(dir.path()) {
        eprintln!("skipped: only root can give a file to another owner");
        return;
    }
    let target = dir.path().join("theirs.json");
    std::fs::write(&target, "old").unwrap();
    std::os::unix::fs::chown(&target, Some(12345), Some(23456)).unwrap();
    let got = kt()
        .args(["solve", "--size", "5", "--out"])
        .arg(&target)
        .output()
        .unwrap();
    assert_eq!(got.status.code(), Some(0));
    let m = std::fs::metadata(&target).unwrap();
    assert_eq!((m.uid(), m.gid()), (12345, 23456));
    assert!(
        std::fs::read_to_string(&target)
            .unwrap()
            .contains("knight-tour")
    );
}
