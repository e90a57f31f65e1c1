//! Input and surroundings a careful user would not give: a full disk for
//! output, binary files, byte order marks, huge limits, missing arguments.
//! Each answer is one line and the contract's exit code, never a crash.

use std::fs::File;
use std::process::Stdio;

use crate::common::kt;

fn full() -> Stdio {
    Stdio::from(File::create("/dev/full").expect("/dev/full"))
}

#[test]
fn an_error_to_a_full_stderr_is_no_crash() {
    // Used to abort with SIGABRT (exit 134): eprintln! panics on a full stderr.
    let status = kt()
        .args(["solve", "--algo", "magic"])
        .stderr(full())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2));
    let status = kt()
        .args(["count", "--size", "3"])
        .stderr(full())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(1));
}

#[test]
fn a_tour_file_written_is_exit_0_even_when_stdout_is_full() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("x.json");
    let o = kt()
        .args(["solve", "--size", "5", "--out"])
        .arg(&out)
        .stdout(full())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{o:?}");
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("\"knight-tour\""));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("wrote") && err.lines().count() == 1, "{err}");
}

#[test]
fn binary_files_are_not_valid_tours_and_a_bom_is_fine() {
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("b.json");
    std::fs::write(&bin, [0xff, 0xfe, 0x00, 0x81, b'{']).unwrap();
    let o = kt().arg("verify").arg(&bin).output().unwrap();
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(String::from_utf8_lossy(&o.stdout).contains("not a text file"));
    // A byte order mark before JSON or a numbered board.
    let board =
        "\u{feff} 1 14  9 20  3\n24 19  2 15 10\n13  8 25  4 21\n18 23  6 11 16\n 7 12 17 22  5\n";
    let numbered = dir.path().join("n.txt");
    std::fs::write(&numbered, board).unwrap();
    assert_eq!(
        kt().arg("verify").arg(&numbered).status().unwrap().code(),
        Some(0)
    );
    let tour = String::from_utf8(
        kt().args(["solve", "--size", "5", "--format", "json"])
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let json = dir.path().join("t.json");
    std::fs::write(&json, format!("\u{feff}{tour}")).unwrap();
    assert_eq!(
        kt().arg("verify").arg(&json).status().unwrap().code(),
        Some(0)
    );
}

#[test]
fn huge_time_limits_get_one_line_with_the_maximum() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("c.toml");
    std::fs::write(&config, "[search]\ntime_limit = 1e19\n").unwrap();
    // Used to panic in every command: "overflow when adding duration to instant".
    let o = kt()
        .args(["solve", "--size", "5", "--config"])
        .arg(&config)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{o:?}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("search.time_limit")
            && err.contains("at most 1e9")
            && err.lines().count() == 1,
        "{err}"
    );
    let o = kt()
        .args(["solve", "--size", "5", "--time-limit", "2e9"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("at most 1e9"));
    // The largest limit works.
    let o = kt()
        .args(["solve", "--size", "5", "--time-limit", "1e9"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(0), "{o:?}");
}

#[test]
fn a_missing_argument_is_named() {
    let o = kt().arg("verify").output().unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("<FILE>") && err.lines().count() == 1, "{err}");
}

#[test]
fn sweep_reports_undecided_starts_with_exit_3() {
    let o = kt()
        .args([
            "sweep",
            "--from",
            "5",
            "--to",
            "6",
            "--algo",
            "backtrack",
            "--node-limit",
            "30",
        ])
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(o.status.code(), Some(3), "{out}");
    assert!(
        out.contains("undecided: 5x5 from") && out.contains("0 failures"),
        "{out}"
    );
    let o = kt()
        .args([
            "sweep",
            "--from",
            "5",
            "--to",
            "5",
            "--algo",
            "backtrack",
            "--node-limit",
            "30",
            "--json",
        ])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(3));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["failures"], 0);
    assert!(v["undecided"].as_u64().unwrap() > 0, "{v}");
}

#[test]
fn many_tours_are_printed_as_they_are_found_in_constant_memory() {
    use knight_engine::board::{Board, Square};
    use std::io::BufRead;
    // A billion tours: far more than memory holds, so they must stream.
    for (board, args) in [
        (Board::new(8, 8, &[]).unwrap(), vec!["--size", "8"]),
        // A strip: its tours come from the dynamic programme's walk back.
        (
            Board::new(4, 200, &[]).unwrap(),
            vec!["--rows", "4", "--cols", "200"],
        ),
    ] {
        let mut child = kt()
            .arg("solve")
            .args(&args)
            .args(["--tours", "1000000000", "--format", "moves"])
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
        let mut seen = std::collections::HashSet::new();
        for _ in 0..1000 {
            let line = lines.next().expect("a tour").unwrap();
            let path: Vec<u32> = line
                .split(' ')
                .map(|sq| board.index(Square::parse(sq, board.rows(), board.cols()).unwrap()))
                .collect();
            knight_engine::tour::check_indices(&board, &path, false).expect("a valid tour");
            assert_eq!(path.len(), board.len());
            assert!(seen.insert(path), "tours are distinct");
        }
        // Still searching: the tours came as they were found.
        assert!(child.try_wait().unwrap().is_none());
        let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
        let rss_kb: u64 = status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap();
        assert!(rss_kb < 100_000, "{rss_kb} kB resident");
        child.kill().unwrap();
        child.wait().unwrap();
    }
}

#[test]
fn errors_quote_only_a_short_prefix_of_long_text() {
    let dir = tempfile::tempdir().unwrap();
    let token = "y".repeat(2_000_000);
    // A numbered board and a JSON tour file with a 2 MB token.
    let numbered = dir.path().join("long.txt");
    std::fs::write(&numbered, format!("1 {token}\n")).unwrap();
    let json = dir.path().join("long.json");
    std::fs::write(
        &json,
        format!(
            r#"{{"format":"knight-tour","version":1,"rows":8,"cols":8,"path":[[0,"{token}"]]}}"#
        ),
    )
    .unwrap();
    for file in [&numbered, &json] {
        let got = kt().arg("verify").arg(file).output().unwrap();
        assert_eq!(got.status.code(), Some(1));
        let said = String::from_utf8_lossy(&got.stdout);
        assert_eq!(said.lines().count(), 1, "{said}");
        assert!(said.len() < 400, "{} bytes: {said}", said.len());
        assert!(said.contains("yyyy…"), "{said}");
    }
    // Arguments and a configuration value.
    let arg = "a".repeat(100_000);
    let config = dir.path().join("c.toml");
    std::fs::write(&config, format!("[search]\nalgorithm = \"{arg}\"\n")).unwrap();
    for args in [
        vec!["solve", "--size", "5", "--start", arg.as_str()],
        vec!["solve", "--algo", arg.as_str()],
        vec!["--config", config.to_str().unwrap(), "solve"],
    ] {
        let got = kt().args(&args).output().unwrap();
        assert_eq!(got.status.code(), Some(2));
        let said = String::from_utf8_lossy(&got.stderr);
        assert!(said.len() < 400, "{} bytes: {said}", said.len());
    }
}

#[test]
fn a_start_past_any_board_is_off_the_board() {
    let got = kt()
        .args(["solve", "--size", "5", "--start", "4294967296,0"])
        .output()
        .unwrap();
    assert_eq!(got.status.code(), Some(2));
    assert_eq!(
        String::from_utf8_lossy(&got.stderr),
        "error: --start: square '4294967296,0' is off the 5x5 board (see 'knight-tui solve --help')\n"
    );
}

#[test]
fn config_errors_name_the_file_and_a_relative_xdg_config_home_is_ignored() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("c.toml");
    for (text, said) in [
        (
            "[board]\nrows = 0\n",
            "board.rows: board size 0x8: a side must be at least 1",
        ),
        (
            "[board]\nstart = \"z9\"\n",
            "board.start: square 'z9' is off the 8x8 board",
        ),
        (
            "[board]\nblocked = \"9,9\"\n",
            "board.blocked: blocked square 9,9 is off the 8x8 board",
        ),
    ] {
        std::fs::write(&config, text).unwrap();
        let got = kt()
            .arg("--config")
            .arg(&config)
            .args(["solve", "--format", "stats"])
            .output()
            .unwrap();
        assert_eq!(got.status.code(), Some(2));
        let err = String::from_utf8_lossy(&got.stderr);
        assert_eq!(
            err,
            format!("error: config file {}: {said}\n", config.display())
        );
    }
    // The user's file under a relative XDG_CONFIG_HOME is not read.
    let user = dir.path().join("rel").join("knight-tui");
    std::fs::create_dir_all(&user).unwrap();
    std::fs::write(user.join("config.toml"), "[board]\nrows = 5\ncols = 5\n").unwrap();
    let board_of = |xdg: &str| {
        let got = kt()
            .current_dir(dir.path())
            .env("XDG_CONFIG_HOME", xdg)
            .env("HOME", dir.path())
            .args(["solve", "--format", "moves"])
            .output()
            .unwrap();
        String::from_utf8_lossy(&got.stdout).split(' ').count()
    };
    assert_eq!(board_of("rel"), 64, "relative: ignored, the built-in 8x8");
    assert_eq!(board_of(dir.path().join("rel").to_str().unwrap()), 25);
}

/// A config file that is a FIFO, a folder or a link to a device is
/// refused in one line (`--config FIFO` once waited for ever; at the
/// user's place they were passed over in silence).
#[test]
fn config_files_that_are_not_files_are_refused() {
    use crate::common::{spawn, within};
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("fifo");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()));
    let zero = dir.path().join("zero");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    for path in [&fifo, &zero, &dir.path().to_path_buf()] {
        let mut cmd = kt();
        cmd.arg("--config").arg(path).args(["solve", "--size", "5"]);
        let out = within(
            spawn(&mut cmd),
            std::time::Duration::from_secs(20),
            "config",
        );
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("not a regular file"), "{err}");
    }
    // At the user's place: the same.
    let home = dir.path().join("home");
    std::fs::create_dir_all(home.join("knight-tui")).unwrap();
    std::os::unix::fs::symlink("/dev/zero", home.join("knight-tui/config.toml")).unwrap();
    let mut cmd = kt();
    cmd.env("XDG_CONFIG_HOME", &home)
        .args(["solve", "--size", "5"]);
    let out = within(
        spawn(&mut cmd),
        std::time::Duration::from_secs(20),
        "config",
    );
    assert_eq!(out.status.code(), Some(2));
}

/// Help that cannot be written, or a closed stdout, is exit 2 with a
/// line (both were exit 0, the output lost).
#[test]
fn help_into_a_full_disk_and_a_closed_stdout_are_failures() {
    for args in [&["--help"][..], &["--version"], &["solve", "--help"]] {
        let out = kt().args(args).stdout(full()).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write output"));
    }
    for args in [&["--help"][..], &["solve", "--size", "5"]] {
        let status = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("exec \"$0\" {} >&-", args.join(" ")))
            .arg(env!("CARGO_BIN_EXE_knight-tui"))
            .stderr(std::process::Stdio::piped())
            .output()
            .unwrap();
        assert_eq!(status.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&status.stderr);
        assert!(err.contains("standard output is closed"), "{err}");
    }
}

/// Help read by a reader that goes away (`| head -1`) ends quietly with
/// exit 0, as every other output does.
#[test]
fn help_into_a_closed_pipe_is_quiet() {
    for args in [&["count", "--help"][..], &["solve", "--help"], &["--help"]] {
        let mut child = kt()
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The reader gone before the help is written.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{args:?}: {out:?}");
        assert!(out.stderr.is_empty(), "{args:?}: {out:?}");
    }
}
