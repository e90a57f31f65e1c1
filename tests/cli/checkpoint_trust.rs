//! Checkpoints nobody can redirect or forge: links planted in the folder
//! are never followed, a folder others can write is refused, and a
//! checkpoint sealed under a key refuses any file edited without it, even
//! with its SHA-256 sums written again.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;

use sha2::{Digest, Sha256};

use crate::common::{kt, run};

/// 5x12 closed on 2 workers, a checkpoint after every square.
const ARGS: [&str; 10] = [
    "count",
    "--rows",
    "5",
    "--cols",
    "12",
    "--closed",
    "--workers",
    "2",
    "--checkpoint-every",
    "0",
];

/// The count of `ARGS` in `dir` with `more`: exit code, stdout, stderr.
fn count(dir: &Path, more: &[&str]) -> (i32, String, String) {
    let mut args: Vec<&str> = ARGS.to_vec();
    args.extend(["--checkpoint", dir.to_str().unwrap()]);
    args.extend(more);
    run(&args)
}

/// A key file of 32 bytes in `dir`.
fn key(dir: &Path, name: &str, byte: u8) -> String {
    let path = dir.join(name);
    std::fs::write(&path, [byte; 32]).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn links_planted_in_the_folder_are_never_written_through() {
    let outside = tempfile::tempdir().unwrap();
    let notes = outside.path().join("notes.txt");
    let other = outside.path().join("other");
    std::fs::write(&notes, "my notes\n").unwrap();
    std::fs::write(&other, "other\n").unwrap();
    let ck = tempfile::tempdir().unwrap();
    // Where earlier versions wrote their temporary files, fixed names.
    std::os::unix::fs::symlink(&notes, ck.path().join("checkpoint-64-p0.txt.tmp")).unwrap();
    std::os::unix::fs::symlink(&other, ck.path().join("sq3-w0-of-2.64.tmp")).unwrap();
    let (code, out, err) = count(ck.path(), &[]);
    assert_eq!((code, out.trim()), (0, "9115405524"), "{err}");
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes\n");
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "other\n");
    // A manifest that is a link is not read through either.
    let ck = tempfile::tempdir().unwrap();
    std::os::unix::fs::symlink(&notes, ck.path().join("checkpoint-64-p0.txt")).unwrap();
    let (code, out, err) = count(ck.path(), &[]);
    assert_eq!((code, out.as_str()), (3, ""), "{err}");
    assert!(err.contains("symbolic link"), "{err}");
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes\n");
}

#[test]
fn a_folder_others_can_write_or_under_a_file_is_bad_input() {
    let top = tempfile::tempdir().unwrap();
    let open = top.path().join("open");
    std::fs::create_dir(&open).unwrap();
    std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o777)).unwrap();
    let (code, out, err) = count(&open, &[]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("others can write this folder"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    // The user's own with the sticky bit, as /tmp: others cannot rename
    // or remove what is in it.
    std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o1777)).unwrap();
    let (code, out, err) = count(&open, &[]);
    assert_eq!((code, out.trim()), (0, "9115405524"), "{err}");
    // Made if missing, readable by its owner alone.
    let made = top.path().join("a/b");
    let (code, _, err) = count(&made, &[]);
    assert_eq!(code, 0, "{err}");
    let mode = std::fs::metadata(&made).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o700);
    // A folder under a file.
    let file = top.path().join("file");
    std::fs::write(&file, "x").unwrap();
    let (code, out, err) = count(&file.join("sub"), &[]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("not a folder"), "{err}");
    let (code, _, err) = count(&file, &[]);
    assert_eq!(code, 2, "{err}");
}

/// The checkpoint of the count stopped early in a new folder, under
/// `key` if any.
fn stopped(key: Option<&str>) -> tempfile::TempDir {
    let ck = tempfile::tempdir().unwrap();
    let mut more = vec!["--node-limit", "50000"];
    if let Some(k) = key {
        more.extend(["--checkpoint-key", k]);
    }
    let (code, _, err) = count(ck.path(), &more);
    assert_eq!(code, 3, "{err}");
    ck
}

/// The manifest's newest first file gets 1000 more tours, and every sum
/// on the way is written again as SHA-256 (the manifest's last line
/// `last=`): what someone without the key can do.
fn forge(dir: &Path, last: &str) {
    let manifest = dir.join("checkpoint-64-p0.txt");
    let text = std::fs::read_to_string(&manifest).unwrap();
    let line = text.lines().find(|l| l.starts_with("file=")).unwrap();
    let name = line["file=".len()..].split(' ').next().unwrap();
    let path = dir.join(name);
    let mut bytes = std::fs::read(&path).unwrap();
    let id = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
    let at = 12 + id;
    let tours = u128::from_le_bytes(bytes[at..at + 16].try_into().unwrap());
    bytes[at..at + 16].copy_from_slice(&(tours + 1000).to_le_bytes());
    let body = bytes.len() - 32;
    let sum: [u8; 32] = Sha256::digest(&bytes[..body]).into();
    bytes[body..].copy_from_slice(&sum);
    std::fs::write(&path, &bytes).unwrap();
    let hex = |b: &[u8]| b.iter().map(|x| format!("{x:02x}")).collect::<String>();
    let mut body = String::new();
    for l in text.lines() {
        if l.starts_with("sum=") || l.starts_with("mac=") {
            continue;
        }
        if l == line {
            body += &format!("file={name} {} {}\n", bytes.len(), hex(&sum));
        } else {
            body += &format!("{l}\n");
        }
    }
    let seal = hex(&Sha256::digest(body.as_bytes()));
    std::fs::write(&manifest, format!("{body}{last}={seal}\n")).unwrap();
}

#[test]
fn a_keyed_checkpoint_refuses_files_forged_with_their_sums_recomputed() {
    let keys = tempfile::tempdir().unwrap();
    let k = key(keys.path(), "key", b'k');
    // Sealed and resumed under the key: the right count.
    let ck = stopped(Some(&k));
    let (code, out, err) = count(ck.path(), &["--checkpoint-key", &k]);
    assert!(err.contains("resuming"), "{err}");
    assert_eq!((code, out.trim()), (0, "9115405524"), "{err}");
    // Forged as a keyed or an unkeyed checkpoint: refused, never a count.
    for last in ["mac", "sum"] {
        let ck = stopped(Some(&k));
        forge(ck.path(), last);
        let (code, out, err) = count(ck.path(), &["--checkpoint-key", &k]);
        assert_eq!((code, out.as_str()), (3, ""), "{last}: {err}");
        let why = if last == "mac" {
            "MAC does not match"
        } else {
            "without a key"
        };
        assert!(err.contains(why), "{last}: {err}");
    }
    // Another key, or none, is refused too.
    let ck = stopped(Some(&k));
    let other = key(keys.path(), "other", b'o');
    let (code, _, err) = count(ck.path(), &["--checkpoint-key", &other]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("MAC does not match"), "{err}");
    let (code, _, err) = count(ck.path(), &[]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("written under a key"), "{err}");
}

#[test]
fn without_a_key_the_sums_catch_damage_not_forgery() {
    // What the documents say: an unkeyed checkpoint forged with its sums
    // recomputed is taken, so a shared folder needs a key.
    let ck = stopped(None);
    forge(ck.path(), "sum");
    let (code, out, err) = count(ck.path(), &[]);
    assert_eq!(code, 0, "{err}");
    assert_ne!(out.trim(), "9115405524", "the forgery changed nothing");
    // A short key is refused as bad input.
    let keys = tempfile::tempdir().unwrap();
    let short = keys.path().join("short");
    std::fs::write(&short, "abc").unwrap();
    let mut cmd = kt();
    cmd.args(ARGS)
        .arg("--checkpoint")
        .arg(keys.path().join("ck"))
        .arg("--checkpoint-key")
        .arg(&short);
    let out = cmd.output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_second_count_in_the_same_folder_is_refused_while_the_first_runs() {
    let ck = tempfile::tempdir().unwrap();
    let dir = ck.path().to_str().unwrap();
    let args = [
        "count",
        "--rows",
        "7",
        "--cols",
        "7",
        "--workers",
        "2",
        "--checkpoint",
        dir,
    ];
    let mut first = kt()
        .args(args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let lock = ck.path().join(".lock-p0");
    let began = std::time::Instant::now();
    while !lock.exists() && began.elapsed() < std::time::Duration::from_secs(20) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    let (code, out, err) = run(&args);
    let _ = first.kill();
    let _ = first.wait();
    assert_eq!((code, out.as_str()), (3, ""), "{err}");
    assert!(
        err.contains("another count is using this folder as process 0"),
        "{err}"
    );
}

#[test]
fn a_file_that_is_not_a_checkpoint_s_is_named_once() {
    let ck = stopped(None);
    let manifest = std::fs::read_to_string(ck.path().join("checkpoint-64-p0.txt")).unwrap();
    let line = manifest.lines().find(|l| l.starts_with("file=")).unwrap();
    let name = line["file=".len()..].split(' ').next().unwrap();
    let path = ck.path().join(name);
    std::fs::remove_file(&path).unwrap();
    let made = std::process::Command::new("mkfifo").arg(&path).status();
    assert!(made.is_ok_and(|s| s.success()));
    let (code, _, err) = count(ck.path(), &[]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("not a regular file"), "{err}");
    assert_eq!(err.matches(name).count(), 1, "{err}");
}
