//! One home for every figure: a time, a memory size, a rate or a speed-up
//! ratio measured on some machine (`0.34 s`, `8.0 GB`, `80.9M/s`, `1.32x`,
//! `+4.5%`) is written in docs/benchmarks.md (or, for counts, its second
//! page docs/benchmarks-counting.md), with its machine and date, and every
//! other page links there. So figures cannot drift apart between pages,
//! as they did when each page kept its own.
//!
//! The test reads every line of every other Markdown file, prose, code
//! spans and code blocks alike (an example's output shows its timing
//! fields as `…`), and the comments of config.toml. A few phrases name a
//! constant of the program in a unit (how long a cluster waits); each is
//! in [`CONSTANTS`] with the source text that sets it, which must still be
//! in the source, and an entry that matches nothing fails the test, so
//! the list cannot go stale.

use std::path::{Path, PathBuf};

use crate::docs::{ROOT, markdown_files, read, shown};

/// The pages where measured figures live.
const HOME: [&str; 2] = ["docs/benchmarks.md", "docs/benchmarks-counting.md"];

/// Figures outside the home that are constants of the program, not
/// measurements: (file, the figure as the reader finds it, source text in
/// `src/`, `engine/src/` or `tests/` that sets it).
const CONSTANTS: &[(&str, &str, &str)] = &[
    (
        "docs/puzzles.md",
        "64 KiB",
        "const TZIF_BYTES: u64 = 64 * 1024;",
    ),
    (
        "docs/puzzles.md",
        "30 s",
        "const PUZZLE_TIME: std::time::Duration = std::time::Duration::from_secs(30);",
    ),
    (
        "docs/commands.md",
        "30 s",
        "const PUZZLE_TIME: std::time::Duration = std::time::Duration::from_secs(30);",
    ),
    (
        "docs/guide.md",
        "300 ms",
        "const CHECK_TIME: Duration = Duration::from_millis(300);",
    ),
    (
        "docs/guide.md",
        "16 ms",
        "pub const SNAPSHOT_INTERVAL: Duration = Duration::from_millis(16);",
    ),
    (
        "config.toml",
        "16 ms",
        "pub const SNAPSHOT_INTERVAL: Duration = Duration::from_millis(16);",
    ),
    (
        "config.toml",
        "2 GiB",
        "pub const MEMORY_LIMIT: u64 = 2 << 30;",
    ),
    (
        "docs/contributing.md",
        "2 s",
        "const PATIENCE: &str = \"2\";",
    ),
    (
        "docs/cluster.md",
        "5 seconds",
        "const STRANGER_FOR: Duration = Duration::from_secs(5);",
    ),
    (
        "docs/cluster.md",
        "60 seconds",
        "const LOST: Duration = Duration::from_secs(60);",
    ),
    (
        "docs/cluster.md",
        "60 s",
        "const LOST: Duration = Duration::from_secs(60);",
    ),
    (
        "docs/cluster.md",
        "2 seconds",
        "const EVERY: Duration = Duration::from_secs(2);",
    ),
    (
        "docs/cluster.md",
        "5 minutes",
        "const CONNECT_FOR: Duration = Duration::from_secs(300);",
    ),
];

/// The units of time, size and rate a measured figure is written in, and
/// the words of a ratio.
const UNITS: [&str; 30] = [
    "s", "ms", "µs", "us", "ns", "min", "mins", "minutes", "seconds", "hours", "M/s", "B/s", "/s",
    "k/s", "G/s", "nodes/s", "MB", "GB", "KB", "kB", "TB", "KiB", "MiB", "GiB", "TiB", "MB/s",
    "GB/s", "Gb/s", "%", "times",
];

/// The figures with a unit on one line: a number (digits, with `,` and
/// `.` inside) at the start of a word, a space or none, a unit, and then
/// no further letter; a number with `x` or `×` right after it and no
/// letter or digit next (`1.32x`, not `8x8`); and a timing field of JSON
/// (`"elapsed_ms":0.2`, `"peak_memory_mb": 7`).
fn figures(line: &str) -> Vec<String> {
    let chars: Vec<char> = line.chars().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let starts_word = i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_');
        if !chars[i].is_ascii_digit() {
            i += 1;
            continue;
        }
        if !starts_word {
            // Inside a word (`v1.5`, `x1000`): skip the rest of its number.
            while i < chars.len() && (chars[i].is_ascii_digit() || matches!(chars[i], ',' | '.')) {
                i += 1;
            }
            continue;
        }
        let start = i;
        while i < chars.len()
            && (chars[i].is_ascii_digit()
                || (matches!(chars[i], ',' | '.')
                    && chars.get(i + 1).is_some_and(|c| c.is_ascii_digit())))
        {
            i += 1;
        }
        let number: String = chars[start..i].iter().collect();
        let letter_after = |k: usize| {
            chars
                .get(k)
                .is_some_and(|c| c.is_alphanumeric() || *c == '_')
        };
        if matches!(chars.get(i), Some('x' | '×')) && !letter_after(i + 1) {
            found.push(format!("{number}x"));
            continue;
        }
        let mut j = i;
        if chars.get(j).is_some_and(|&c| c == ' ' || c == '\u{a0}') {
            j += 1;
        }
        let rest: String = chars[j..].iter().collect();
        let unit = UNITS
            .iter()
            .filter(|u| {
                rest.starts_with(**u)
                    && !rest[u.len()..]
                        .chars()
                        .next()
                        .is_some_and(|c| c.is_alphanumeric() || c == '_')
            })
            .max_by_key(|u| u.len());
        if let Some(unit) = unit {
            found.push(format!("{number} {unit}"));
        }
    }
    for (at, _) in line.match_indices("\":") {
        let key = line[..at].rsplit('"').next().unwrap_or("");
        let value = line[at + 2..].trim_start();
        if (key.ends_with("_ms") || key.ends_with("_mb") || key == "seconds")
            && value.starts_with(|c: char| c.is_ascii_digit())
        {
            found.push(format!("\"{key}\": a number"));
        }
    }
    found
}

/// The lines of config.toml's comments, numbered from 1.
fn config_comments() -> Vec<(usize, String)> {
    read(&Path::new(ROOT).join("config.toml"))
        .lines()
        .enumerate()
        .filter_map(|(i, l)| {
            let at = l.find('#')?;
            Some((i + 1, l[at..].to_string()))
        })
        .collect()
}

/// Every `.rs` file under `src/`, `engine/src/` and `tests/`, as one text.
fn source_text() -> String {
    let mut text = String::new();
    let mut folders: Vec<PathBuf> = vec![
        Path::new(ROOT).join("src"),
        Path::new(ROOT).join("engine/src"),
        Path::new(ROOT).join("tests"),
    ];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs")
                && !path.ends_with("cli/figures.rs")
            {
                // This file names every constant: it cannot be their source.
                text.push_str(&read(&path));
            }
        }
    }
    text
}

#[test]
fn measured_figures_live_in_the_benchmarks_page() {
    let mut pages: Vec<(String, Vec<(usize, String)>)> = markdown_files()
        .iter()
        .map(|f| {
            let lines = read(f)
                .lines()
                .enumerate()
                .map(|(i, l)| (i + 1, l.to_string()))
                .collect();
            (shown(f), lines)
        })
        .collect();
    pages.push(("config.toml".into(), config_comments()));
    let mut used = vec![false; CONSTANTS.len()];
    let mut faults = Vec::new();
    let mut at_home = 0;
    for (page, lines) in &pages {
        for (number, line) in lines {
            for figure in figures(line) {
                if HOME.contains(&page.as_str()) {
                    at_home += 1;
                    continue;
                }
                let allowed = CONSTANTS
                    .iter()
                    .position(|(p, f, _)| p == page && *f == figure);
                match allowed {
                    Some(k) => used[k] = true,
                    None => faults.push(format!("{page}:{number}: {figure}: {}", line.trim())),
                }
            }
        }
    }
    assert!(at_home > 100, "only {at_home} figures in {HOME:?}");
    assert!(
        faults.is_empty(),
        "{} figure(s) outside {HOME:?}: move each there with its machine and date, \
         and link to it; in an example's output write `…` for a time:\n{}",
        faults.len(),
        faults.join("\n")
    );
    let stale: Vec<_> = CONSTANTS
        .iter()
        .zip(&used)
        .filter(|(_, u)| !**u)
        .map(|((p, f, _), _)| format!("{p}: {f}"))
        .collect();
    assert!(
        stale.is_empty(),
        "CONSTANTS entries that match nothing: {stale:?}"
    );
    let source = source_text();
    let gone: Vec<_> = CONSTANTS
        .iter()
        .filter(|(_, _, code)| !source.contains(code))
        .map(|(p, f, code)| format!("{p}: {f}: `{code}`"))
        .collect();
    assert!(
        gone.is_empty(),
        "constants the documents name that the source no longer sets \
         (change the page and the entry): {gone:?}"
    );
}

#[test]
fn the_figure_reader_finds_numbers_with_units() {
    assert_eq!(figures("took 0.34 s and 8.0 GB"), ["0.34 s", "8.0 GB"]);
    assert_eq!(figures("in 55ms, 1,390 MB"), ["55 ms", "1,390 MB"]);
    assert_eq!(figures("2.4-2.7 s"), ["2.7 s"]);
    assert_eq!(figures("10.6 min; 42.7 M/s"), ["10.6 min", "42.7 M/s"]);
    assert_eq!(figures("elapsed 24 µs · 2.6M/s"), ["24 µs", "2.6 M/s"]);
    assert_eq!(figures("4.00 s · 453/s"), ["4.00 s", "453 /s"]);
    assert_eq!(figures("1.32x C; +4.5%"), ["1.32x", "4.5 %"]);
    assert_eq!(figures("0.94 times the default"), ["0.94 times"]);
    assert_eq!(
        figures(r#"{"nodes":64,"elapsed_ms":0.178,"peak_memory_mb": 7.0}"#),
        ["\"elapsed_ms\": a number", "\"peak_memory_mb\": a number"]
    );
    assert!(figures(r#"{"elapsed_ms":…,"nodes":5}"#).is_empty());
    assert!(figures("6x8 over 5 starts, 8x8 boards, 3 solutions").is_empty());
    assert!(figures("at 12,3 move 2, then 4 more; 10,000 x 10,000").is_empty());
    assert!(figures("x2 s, v1.5 GB, 3x100").is_empty());
}
