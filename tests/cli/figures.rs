//! One home for every figure: a time or a size measured on some machine
//! (`0.34 s`, `8.0 GB`) is written in docs/benchmarks.md (or, for counts,
//! its second page docs/benchmarks-counting.md), with its machine and date,
//! and every other page links there. So figures cannot drift
//! apart between pages, as they did when each page kept its own.
//!
//! The test reads the prose of every Markdown file and the comments of
//! config.toml. Fenced code blocks and `code spans` are left out: they
//! show what a command prints or what to type, and the examples test runs
//! them. What remains may still name a setting or a constant of the
//! program in a unit (the memory a search may take by default); each such
//! phrase is in [`ALLOWED`] with its reason, and an entry that matches
//! nothing fails the test, so the list cannot go stale.

use std::path::Path;

use crate::docs::{ROOT, markdown_files, prose_lines, read, shown};

/// The pages where measured figures live.
const HOME: [&str; 2] = ["docs/benchmarks.md", "docs/benchmarks-counting.md"];

/// Pages whose figures are estimates, not measurements, with the reason.
const ESTIMATES: [(&str, &str); 1] = [(
    "docs/cluster-design.md",
    "a design note: projections for machines we do not have, worked out \
     from the measured figures it links to",
)];

/// Figures outside the home that are settings or constants of the
/// program, not measurements: (file, the figure as written, why).
const ALLOWED: &[(&str, &str, &str)] = &[
    (
        "docs/more-commands.md",
        "64 KiB",
        "the largest time zone file read (TZIF_BYTES, src/clock.rs)",
    ),
    (
        "docs/more-commands.md",
        "30 s",
        "how long solve --puzzle searches by default (PUZZLE_TIME, src/cli/puzzle.rs)",
    ),
    (
        "README.md",
        "2 GiB",
        "the most memory a board may take (MEMORY_LIMIT, engine/src/board.rs)",
    ),
    (
        "config.toml",
        "2 GiB",
        "the same default, beside the key that sets it",
    ),
    (
        "docs/guide.md",
        "300 ms",
        "the longest a hand-play check runs (CHECK_TIME, src/tui/effects.rs)",
    ),
    (
        "docs/contributing.md",
        "2 s",
        "how long the examples test lets an example run (PATIENCE)",
    ),
    (
        "docs/cluster.md",
        "5 seconds",
        "how long a connection may stay silent before its hello (STRANGER_FOR)",
    ),
    (
        "docs/cluster.md",
        "60 seconds",
        "how long a process may go unheard (heartbeat::LOST)",
    ),
    (
        "docs/cluster.md",
        "2 seconds",
        "how often a process beats (heartbeat::EVERY)",
    ),
    (
        "docs/cluster.md",
        "5 minutes",
        "how long a process waits for the others of a cluster (CONNECT_FOR)",
    ),
];

/// The units of time and size a measured figure is written in.
const UNITS: [&str; 24] = [
    "s", "ms", "µs", "us", "ns", "min", "mins", "minutes", "seconds", "hours", "M/s", "B/s", "MB",
    "GB", "KB", "kB", "TB", "KiB", "MiB", "GiB", "TiB", "MB/s", "GB/s", "Gb/s",
];

/// The figures with a unit on one line of prose: a number (digits, with
/// `,` and `.` inside) at the start of a word, a space or none, a unit,
/// and then no further letter.
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

#[test]
fn measured_figures_live_in_the_benchmarks_page() {
    let mut pages: Vec<(String, Vec<(usize, String)>)> = markdown_files()
        .iter()
        .map(|f| (shown(f), prose_lines(&read(f))))
        .collect();
    pages.push(("config.toml".into(), config_comments()));
    let mut used = vec![false; ALLOWED.len()];
    let mut faults = Vec::new();
    let mut at_home = 0;
    for (page, lines) in &pages {
        for (number, line) in lines {
            for figure in figures(line) {
                if HOME.contains(&page.as_str()) {
                    at_home += 1;
                    continue;
                }
                if ESTIMATES.iter().any(|(p, _)| p == page) {
                    continue;
                }
                let allowed = ALLOWED
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
         and link to it (or, for a setting, add it to ALLOWED with its reason):\n{}",
        faults.len(),
        faults.join("\n")
    );
    let stale: Vec<_> = ALLOWED
        .iter()
        .zip(&used)
        .filter(|(_, u)| !**u)
        .map(|((p, f, _), _)| format!("{p}: {f}"))
        .collect();
    assert!(
        stale.is_empty(),
        "ALLOWED entries that match nothing: {stale:?}"
    );
    for (page, _) in ESTIMATES {
        assert!(Path::new(ROOT).join(page).is_file(), "{page} is gone");
    }
}

#[test]
fn the_figure_reader_finds_numbers_with_units() {
    assert_eq!(figures("took 0.34 s and 8.0 GB"), ["0.34 s", "8.0 GB"]);
    assert_eq!(figures("in 55ms, 1,390 MB"), ["55 ms", "1,390 MB"]);
    assert_eq!(figures("2.4-2.7 s"), ["2.7 s"]);
    assert_eq!(figures("10.6 min; 42.7 M/s"), ["10.6 min", "42.7 M/s"]);
    assert!(figures("6x8 over 5 starts, 8x8 boards, 3 solutions").is_empty());
    assert!(figures("at 12,3 move 2, then 4 more").is_empty());
    assert!(figures("x2 s, v1.5 GB").is_empty());
}
