//! Every example runs as written: each `knight-tui …` line under
//! "Examples:" in every `--help`, and each `$ knight-tui …` line of the
//! README's console blocks, that does not open the app. Each runs in `sh`,
//! in a folder with the repository's `assets/` and the `tour.json` the
//! examples assume, with a home of its own; none may be a usage error or
//! an unreadable file (exit 2), nor end by a signal.
//!
//! The default run gives each example [`PATIENCE`]: one still running then
//! is stopped, having started without an error (a usage error ends at
//! once). The long run (`--ignored`) waits for every one to end.

use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::common::kt;

/// Whether a command line opens the full-screen app (not run here).
fn opens_the_app(line: &str) -> bool {
    let mut words = line.split_whitespace();
    assert_eq!(words.next(), Some("knight-tui"), "{line}");
    match words.next() {
        None => true,
        Some(w) if w.starts_with("--") => !matches!(w, "--version" | "--help"),
        Some(w) => matches!(w, "replay" | "play" | "race") && !line.contains("--help"),
    }
}

/// The example lines of every command's --help.
fn help_examples() -> Vec<String> {
    help_example_lines()
        .into_iter()
        .map(|(_, l)| {
            // Two spaces or more end the command; a note follows.
            let command = l.split("  ").next().unwrap().trim_end().to_string();
            format!("knight-tui{command}")
        })
        .collect()
}

/// Each command's --help example lines, after `  knight-tui`, with the
/// command they belong to.
fn help_example_lines() -> Vec<(&'static str, String)> {
    let mut lines = Vec::new();
    let commands = [
        "",
        "solve",
        "count",
        "verify",
        "draw",
        "replay",
        "play",
        "race",
        "sweep",
        "puzzle",
        "config",
        "completions",
        "man",
    ];
    for c in commands {
        let mut cmd = kt();
        if !c.is_empty() {
            cmd.arg(c);
        }
        let got = cmd.arg("--help").output().unwrap();
        assert_eq!(got.status.code(), Some(0));
        let help = String::from_utf8(got.stdout).unwrap();
        let examples = help
            .split("Examples:")
            .nth(1)
            .unwrap_or_else(|| panic!("{c}: no examples"));
        for l in examples.lines() {
            if let Some(l) = l.strip_prefix("  knight-tui") {
                lines.push((c, l.to_string()));
            }
        }
    }
    lines
}

/// In each command's --help the examples' notes start at one column (a
/// command that reaches past it: two spaces after the command).
#[test]
fn each_help_s_example_notes_line_up() {
    let mut columns: std::collections::BTreeMap<&str, Vec<(usize, String)>> = Default::default();
    for (c, l) in help_example_lines() {
        if let Some(at) = l.find("  ").filter(|&at| !l[at..].trim().is_empty()) {
            let note = at + l[at..].len() - l[at..].trim_start().len();
            columns.entry(c).or_default().push((note, l));
        }
    }
    assert!(columns.len() > 5, "{columns:?}");
    for (c, notes) in columns {
        let column = notes.iter().map(|n| n.0).min().unwrap();
        for (at, l) in &notes {
            let after = l[..*at].trim_end().len() + 2;
            assert!(
                *at == column || (*at == after && after > column),
                "knight-tui {c} --help: the note at {at}, not {column}: {l}"
            );
        }
    }
}

/// The `$ knight-tui …` lines of the console blocks of the README and of
/// every page in docs/, comments cut, page by page in name order.
fn readme_examples() -> Vec<String> {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut pages = vec![Path::new(root).join("README.md")];
    let mut docs: Vec<_> = std::fs::read_dir(Path::new(root).join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    pages.extend(docs);
    let text: String = pages
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap() + "\n")
        .collect();
    let mut lines = Vec::new();
    let mut console = false;
    for l in text.lines() {
        if l.starts_with("```") {
            console = l == "```console";
            continue;
        }
        if let Some(cmd) = l.strip_prefix("$ ").filter(|_| console) {
            let cmd = cmd.split(" #").next().unwrap().trim_end();
            lines.push(cmd.to_string());
        }
    }
    lines
}

/// How long the default run lets an example go on: the sweeps to 64x64
/// and the 6x8 counts take 3 to 10 s each.
const PATIENCE: &str = "2";

/// Runs every line once; with `patience`, a line still running after
/// [`PATIENCE`] seconds is stopped (by `timeout`, with its children).
fn run_all(lines: Vec<String>, patience: bool) {
    let dir = tempfile::tempdir().unwrap();
    let home = dir.path().join("home");
    let work = dir.path().join("work");
    std::fs::create_dir_all(&home).unwrap();
    std::fs::create_dir_all(&work).unwrap();
    let assets = concat!(env!("CARGO_MANIFEST_DIR"), "/assets");
    std::os::unix::fs::symlink(assets, work.join("assets")).unwrap();
    // The tour file the examples assume.
    let made = kt()
        .current_dir(&work)
        .args(["solve", "--size", "8", "--quiet", "--out", "tour.json"])
        .status()
        .unwrap();
    assert!(made.success());
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_knight-tui"))
        .parent()
        .unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let have = |tool: &str| {
        Command::new(tool)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    };
    let (have_man, have_jq) = (have("man"), have("jq"));
    let mut seen = BTreeSet::new();
    let (mut ran, mut stopped) = (0, 0);
    // Counts and sweeps that only print run at once, beside the others
    // (two sweeps to 64x64 take 12 s): they are waited for at the end.
    let sh = |line: &str| {
        let mut c = if patience {
            let mut c = Command::new("timeout");
            c.args([PATIENCE, "sh"]);
            c
        } else {
            Command::new("sh")
        };
        c.arg("-c")
            .arg(line)
            .current_dir(&work)
            .env("PATH", &path)
            .env("HOME", &home)
            .env("XDG_CONFIG_HOME", home.join(".config"))
            .env("MANPAGER", "cat")
            .stdin(Stdio::null());
        c
    };
    let alone = |line: &str| {
        (line.starts_with("knight-tui sweep ") || line.starts_with("knight-tui count "))
            && !line.contains(['>', '|', '&', ';'])
    };
    let mut beside = Vec::new();
    for line in lines {
        if !seen.insert(line.clone()) {
            continue;
        }
        if alone(&line) {
            let child = sh(&line)
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            beside.push((line, child));
            continue;
        }
        if opens_the_app(&line) {
            // A race's flags are checked before it wants a terminal.
            if let Some(args) = line.strip_prefix("knight-tui race") {
                let got = kt()
                    .arg("race")
                    .args(args.split_whitespace())
                    .output()
                    .unwrap();
                let err = String::from_utf8_lossy(&got.stderr);
                assert!(err.contains("needs a terminal"), "{line}: {err}");
            }
            continue;
        }
        if line.contains("man -l") && !have_man {
            eprintln!("skipped (no man): {line}");
            continue;
        }
        if line.contains("| jq") && !have_jq {
            eprintln!("skipped (no jq): {line}");
            continue;
        }
        // Folders an example writes into exist in a real home.
        for target in line.split("> ").skip(1) {
            let target = target
                .split_whitespace()
                .next()
                .unwrap()
                .replace('~', &home.display().to_string());
            if let Some(parent) = Path::new(&target).parent() {
                std::fs::create_dir_all(work.join(parent)).unwrap();
            }
        }
        stopped += ended_well(&line, &sh(&line).output().unwrap(), patience);
        ran += 1;
    }
    for (line, child) in beside {
        stopped += ended_well(&line, &child.wait_with_output().unwrap(), patience);
        ran += 1;
    }
    assert!(ran >= 10, "only {ran} examples ran");
    assert!(
        stopped * 2 <= ran,
        "{stopped} of {ran} examples outlasted {PATIENCE} s"
    );
    eprintln!("{ran} examples ran, {stopped} stopped after {PATIENCE} s");
}

/// An example's run: never a usage error (exit 2) nor a signal. With
/// `patience`, `timeout`'s 124 (stopped while running) is a start without
/// an error; returns 1 for such a run.
fn ended_well(line: &str, got: &std::process::Output, patience: bool) -> usize {
    let code = got.status.code();
    if patience && code == Some(124) {
        return 1;
    }
    assert!(
        matches!(code, Some(0 | 1 | 3)),
        "{line}: exit {code:?}\n{}",
        String::from_utf8_lossy(&got.stderr)
    );
    0
}

#[test]
fn every_help_example_starts_as_written() {
    run_all(help_examples(), true);
}

#[test]
fn every_readme_and_docs_example_starts_as_written() {
    run_all(readme_examples(), true);
}

#[test]
#[ignore = "long proof: .ci/run runs it (cargo test -- --ignored)"]
fn every_help_example_runs_to_its_end() {
    run_all(help_examples(), false);
}

#[test]
#[ignore = "long proof: .ci/run runs it (cargo test -- --ignored)"]
fn every_readme_and_docs_example_runs_to_its_end() {
    run_all(readme_examples(), false);
}
