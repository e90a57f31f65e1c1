//! How knight-tui fits in a shell: `--version`, completions that complete
//! in a real bash (in tmux), a manual page that `man -l` renders, and the
//! `config` command.

use std::process::Command;

use crate::common::{Tmux, have_tmux, kt};

fn stdout(args: &[&str], code: i32) -> String {
    let got = kt().args(args).output().unwrap();
    assert_eq!(got.status.code(), Some(code), "{args:?}: {got:?}");
    String::from_utf8(got.stdout).unwrap()
}

#[test]
fn the_version_names_the_release_and_the_commit_when_known() {
    let v = stdout(&["--version"], 0);
    let expected = format!("knight-tui {}", env!("CARGO_PKG_VERSION"));
    assert!(v.starts_with(&expected), "{v}");
    // Built from a git checkout (as here): the commit is named.
    if std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.git")).exists() {
        assert!(v.contains("(commit "), "{v}");
    }
}

#[test]
fn bash_completes_a_command_name() {
    if !have_tmux("bash_completes_a_command_name") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let script = dir.path().join("knight-tui.bash");
    std::fs::write(&script, stdout(&["completions", "bash"], 0)).unwrap();
    let bin_dir = std::path::Path::new(env!("CARGO_BIN_EXE_knight-tui"))
        .parent()
        .unwrap()
        .display()
        .to_string();
    let t = Tmux::start(
        "bash",
        &format!("env -i PATH={bin_dir}:/usr/bin:/bin TERM=xterm bash --norc --noprofile"),
    );
    t.keys(&["-l", &format!("source {} && echo READY", script.display())]);
    t.keys(&["Enter"]);
    t.wait_for("READY");
    t.keys(&["-l", "knight-tui so"]);
    t.keys(&["Tab"]);
    t.wait_for("knight-tui solve");
    // And a flag of that command.
    t.keys(&["-l", "--", "--for"]);
    t.keys(&["Tab"]);
    t.wait_for("knight-tui solve --format");
}

#[test]
fn every_shell_gets_a_script() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let s = stdout(&["completions", shell], 0);
        assert!(s.contains("solve") && s.contains("tie-break"), "{shell}");
    }
    let got = kt().args(["completions", "tcsh"]).output().unwrap();
    assert_eq!(got.status.code(), Some(2));
}

#[test]
fn the_manual_page_renders() {
    let page = stdout(&["man"], 0);
    assert!(
        page.starts_with(".ie") || page.contains(".TH knight-tui 1"),
        "{page}"
    );
    let man_ok = Command::new("man")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !man_ok {
        assert!(
            std::env::var_os("KNIGHT_TUI_REQUIRE_TMUX").is_none(),
            "man is required here (.ci/run installs man-db)"
        );
        eprintln!("skipped rendering: man is not installed (apt-get install man-db)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("knight-tui.1");
    std::fs::write(&file, &page).unwrap();
    let shown = Command::new("man")
        .arg("-l")
        .arg(&file)
        .env("MANPAGER", "cat")
        .env("MANWIDTH", "80")
        .output()
        .unwrap();
    assert!(shown.status.success(), "{shown:?}");
    let text = String::from_utf8_lossy(&shown.stdout);
    for part in [
        "NAME",
        "SYNOPSIS",
        "knight-tui",
        "solve",
        "verify",
        "--config",
    ] {
        assert!(text.contains(part), "{part} missing:\n{text}");
    }
}

#[test]
fn config_prints_the_defaults_file_and_the_settings_in_effect() {
    // --default is the documented file, byte for byte.
    let default = stdout(&["config", "--default"], 0);
    let documented =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/config.toml")).unwrap();
    assert_eq!(default, documented);
    // In effect: a file over the defaults, flags over both.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("c.toml");
    std::fs::write(&file, "[board]\nrows = 5\n[app]\nspeed = 10\n").unwrap();
    let path = file.to_str().unwrap();
    let got = stdout(
        &[
            "--config",
            path,
            "config",
            "--cols",
            "7",
            "--algo",
            "backtrack",
        ],
        0,
    );
    assert!(
        got.contains(&format!("# read from the built-in defaults, then {path}")),
        "{got}"
    );
    let table: toml::Table = toml::from_str(&got).unwrap();
    assert_eq!(table["board"]["rows"].as_integer(), Some(5));
    assert_eq!(table["board"]["cols"].as_integer(), Some(7));
    assert_eq!(table["search"]["algorithm"].as_str(), Some("backtrack"));
    assert_eq!(table["app"]["speed"].as_integer(), Some(10));
    // What it prints is a configuration file that gives the same settings.
    let again = dir.path().join("again.toml");
    std::fs::write(&again, &got).unwrap();
    let twice = stdout(&["--config", again.to_str().unwrap(), "config"], 0);
    let table2: toml::Table = toml::from_str(&twice).unwrap();
    assert_eq!(table, table2);
    // Bad flags are refused as anywhere else.
    let got = kt().args(["config", "--speed", "3"]).output().unwrap();
    assert_eq!(got.status.code(), Some(2));
    let got = kt().args(["config", "--start", "z9"]).output().unwrap();
    assert_eq!(got.status.code(), Some(2));
}

#[test]
fn config_default_refuses_every_setting_flag() {
    // Each section's every flag, the shorthands too: the documented file
    // is the defaults, never the defaults with a flag quietly dropped.
    for flag in [
        "--size 6",
        "--rows 6",
        "--cols 6",
        "--start a1",
        "--block 1,1",
        "--closed",
        "--open",
        "--leaper zebra",
        "--surface torus",
        "--algo backtrack",
        "--tie-break fixed",
        "--moves textbook",
        "--node-limit 5",
        "--time-limit 2",
        "--speed 5",
    ] {
        let mut line = vec!["config", "--default"];
        line.extend(flag.split_whitespace());
        let got = kt().args(&line).output().unwrap();
        assert_eq!(got.status.code(), Some(2), "{flag}: {got:?}");
        assert!(got.stdout.is_empty(), "{flag}");
        let err = String::from_utf8_lossy(&got.stderr);
        let name = flag.split_whitespace().next().unwrap();
        assert!(
            err.contains(&format!("cannot be used with '{name}")),
            "{flag}: {err}"
        );
    }
}

#[test]
fn config_prints_the_flags_as_the_file_writes_them() {
    let got = stdout(
        &[
            "config",
            "--size",
            "6",
            "--leaper",
            "2,5",
            "--surface",
            "torus",
            "--moves",
            "textbook",
            "--closed",
            "--block",
            "1,1",
            "--time-limit",
            "1.5",
        ],
        0,
    );
    let table: toml::Table = toml::from_str(&got).unwrap();
    let board = &table["board"];
    assert_eq!(board["rows"].as_integer(), Some(6));
    assert_eq!(board["cols"].as_integer(), Some(6));
    assert_eq!(board["leaper"].as_str(), Some("2,5"));
    assert_eq!(board["surface"].as_str(), Some("torus"));
    assert_eq!(board["closed"].as_bool(), Some(true));
    assert_eq!(board["blocked"].as_str(), Some("1,1"));
    assert_eq!(table["search"]["moves"].as_str(), Some("textbook"));
    assert_eq!(table["search"]["time_limit"].as_float(), Some(1.5));
    // A count past what TOML holds is written as the largest it does.
    let huge = stdout(&["config", "--node-limit", "18446744073709551615"], 0);
    assert!(
        huge.contains("node_limit = 9223372036854775807\n"),
        "{huge}"
    );
    let open = stdout(&["config", "--open"], 0);
    let table: toml::Table = toml::from_str(&open).unwrap();
    assert_eq!(table["board"]["closed"].as_bool(), Some(false));
}

#[test]
fn colour_follows_the_flag_and_no_color() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/closed-8x8.json");
    let always = stdout(&["--color", "always", "verify", file], 0);
    assert!(
        always.contains("\x1b[") && always.contains("complete"),
        "{always:?}"
    );
    // Into a pipe: none, unless asked for.
    assert!(!stdout(&["verify", file], 0).contains('\x1b'));
    assert!(!stdout(&["--color", "never", "verify", file], 0).contains('\x1b'));
    let got = kt()
        .args(["--color", "always", "solve", "--algo", "x"])
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&got.stderr).starts_with("\x1b["));
    // On a terminal: colour, but not with NO_COLOR.
    if !have_tmux("colour_follows_the_flag_and_no_color") {
        return;
    }
    let bin = env!("CARGO_BIN_EXE_knight-tui");
    for (env, coloured) in [("", true), ("NO_COLOR=1 ", false)] {
        let t = Tmux::start(
            if coloured { "colour" } else { "nocolour" },
            &format!("{env}{bin} verify {file}; echo DONE; sleep 10"),
        );
        t.wait_for("DONE");
        let styled = t.screen_styled();
        let line = styled.lines().find(|l| l.contains("complete")).unwrap();
        assert_eq!(line.contains('\x1b'), coloured, "{env}: {line:?}");
    }
}
