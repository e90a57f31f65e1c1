use std::io;
use std::os::unix::fs::{FileTypeExt, PermissionsExt, symlink};
use std::path::Path;

use super::*;

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn a_file_is_replaced_whole_or_not_at_all() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.json");
    assert_eq!(write(&p, |w| w.write_all(b"one")).unwrap(), Written::File);
    let e = write(&p, |w| {
        w.write_all(b"partial")?;
        Err(io::Error::other("interrupted"))
    });
    assert!(e.is_err());
    assert_eq!(std::fs::read_to_string(&p).unwrap(), "one");
    assert_eq!(names(dir.path()), ["t.json"]);
}

#[test]
fn a_device_is_written_in_place_never_replaced() {
    assert_eq!(
        write(Path::new("/dev/null"), |w| w.write_all(b"x")).unwrap(),
        Written::Stream
    );
    let m = std::fs::metadata("/dev/null").unwrap();
    assert!(m.file_type().is_char_device());
}

#[test]
fn a_fifo_is_written_as_a_stream() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&p)
        .status()
        .unwrap();
    assert!(made.success());
    let reader = {
        let p = p.clone();
        std::thread::spawn(move || std::fs::read_to_string(p).unwrap())
    };
    assert_eq!(
        write(&p, |w| w.write_all(b"through the pipe")).unwrap(),
        Written::Stream
    );
    assert_eq!(reader.join().unwrap(), "through the pipe");
    assert!(std::fs::metadata(&p).unwrap().file_type().is_fifo());
    assert_eq!(names(dir.path()), ["pipe"]);
}

#[test]
fn folders_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let e = write(dir.path(), |w| w.write_all(b"x")).unwrap_err();
    assert_eq!(e.to_string(), "it is a folder, not a file");
    assert!(check(dir.path()).is_err());
    let missing = dir.path().join("nowhere").join("t.json");
    let e = check(&missing).unwrap_err().to_string();
    assert!(e.contains("does not exist"), "{e}");
}

#[test]
fn a_symlink_is_written_through_to_its_target() {
    let dir = tempfile::tempdir().unwrap();
    let real = dir.path().join("real.json");
    let link = dir.path().join("link.json");
    std::fs::write(&real, "old").unwrap();
    symlink("real.json", &link).unwrap();
    write(&link, |w| w.write_all(b"new")).unwrap();
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
    // A dangling link gets its target created.
    let dangling = dir.path().join("dangling.json");
    symlink("made.json", &dangling).unwrap();
    write(&dangling, |w| w.write_all(b"made")).unwrap();
    assert_eq!(
        std::fs::read_to_string(dir.path().join("made.json")).unwrap(),
        "made"
    );
    // A loop is refused.
    let a = dir.path().join("a");
    symlink("b", &a).unwrap();
    symlink("a", dir.path().join("b")).unwrap();
    assert!(matches!(write(&a, |_| Ok(())), Err(WriteError::Loop)));
}

#[test]
fn a_planted_symlink_at_the_old_temporary_name_is_not_followed() {
    let dir = tempfile::tempdir().unwrap();
    let victim = dir.path().join("victim");
    std::fs::write(&victim, "precious").unwrap();
    let target = dir.path().join("t.json");
    // The name the old code used, guessable from the process id.
    let planted = dir
        .path()
        .join(format!(".t.json.{}.tmp", std::process::id()));
    symlink(&victim, &planted).unwrap();
    write(&target, |w| w.write_all(b"tour")).unwrap();
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "tour");
}

#[test]
fn a_replaced_file_keeps_its_permissions() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("secret.json");
    std::fs::write(&p, "old").unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o600)).unwrap();
    write(&p, |w| w.write_all(b"new")).unwrap();
    let mode = std::fs::metadata(&p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    // A new file is not left private as a temporary file is.
    let fresh = dir.path().join("fresh.json");
    write(&fresh, |w| w.write_all(b"new")).unwrap();
    let mode = std::fs::metadata(&fresh).unwrap().permissions().mode() & 0o777;
    assert_ne!(mode, 0o600, "{mode:o}");
    assert_eq!(mode & 0o600, 0o600);
}

#[test]
fn the_longest_legal_name_can_be_written() {
    let dir = tempfile::tempdir().unwrap();
    for len in [245, 255] {
        let name = "n".repeat(len - 5) + ".json";
        let p = dir.path().join(&name);
        write(&p, |w| w.write_all(b"x")).unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "x");
    }
}

#[test]
fn a_read_only_folder_fails_cleanly() {
    let dir = tempfile::tempdir().unwrap();
    let ro = dir.path().join("ro");
    std::fs::create_dir(&ro).unwrap();
    std::fs::write(ro.join("t.json"), "old").unwrap();
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
    // Root writes into read-only folders: nothing to test then.
    let probe = ro.join("probe");
    if std::fs::write(&probe, "").is_ok() {
        eprintln!("skipped: running as root, a read-only folder is writable");
        let _ = std::fs::remove_file(&probe);
    } else {
        let e = write(&ro.join("t.json"), |w| w.write_all(b"new")).unwrap_err();
        assert_eq!(e.kind(), Some(io::ErrorKind::PermissionDenied), "{e}");
        assert_eq!(std::fs::read_to_string(ro.join("t.json")).unwrap(), "old");
        assert_eq!(names(&ro), ["t.json"]);
    }
    std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o755)).unwrap();
}
