//! The command reference lists every flag: for each command, the flags
//! its `--help` shows (clap's own definitions) are each in an options
//! table of its section in docs/commands.md or docs/commands-more.md, and
//! every flag a section's own table lists is one the command takes. A
//! section that links to [Board options](#board-options) takes that
//! table's rows too, and the flags every command takes (`--config`,
//! `--color`) are in the table of [Every command](#every-command). So a
//! new flag without its line fails, and so does a line for a flag gone.

use std::collections::BTreeSet;
use std::path::Path;

use crate::common::kt;
use crate::docs::{ROOT, read};

/// The pages of the command reference.
const PAGES: [&str; 2] = ["docs/commands.md", "docs/commands-more.md"];

/// Every command, by the heading of its section (`## knight-tui` for the
/// app with no command).
const COMMANDS: [&str; 13] = [
    "",
    "solve",
    "count",
    "verify",
    "sweep",
    "draw",
    "puzzle",
    "replay",
    "play",
    "race",
    "config",
    "completions",
    "man",
];

/// Flags clap adds to every command, documented once in words.
const CLAP_OWN: [&str; 2] = ["--help", "--version"];

/// The long flags of a command's `--help`, but clap's own.
fn help_flags(command: &str) -> BTreeSet<String> {
    let mut cmd = kt();
    if !command.is_empty() {
        cmd.arg(command);
    }
    let got = cmd.arg("--help").env("COLUMNS", "200").output().unwrap();
    assert_eq!(got.status.code(), Some(0), "{command} --help");
    let help = String::from_utf8(got.stdout).unwrap();
    let options = help
        .split("Options:")
        .nth(1)
        .unwrap_or_else(|| panic!("{command} --help has no Options:"));
    options
        .lines()
        .take_while(|l| l.is_empty() || l.starts_with(' '))
        .filter_map(|l| {
            let l = l.trim_start();
            let l = l
                .strip_prefix('-')
                .filter(|r| !r.starts_with('-'))
                .map_or(l, |r| {
                    // `-q, --quiet`
                    r.split_once(", ").map_or(l, |(_, long)| long)
                });
            l.starts_with("--").then(|| flag_at(l))
        })
        .filter(|f| !CLAP_OWN.contains(&f.as_str()))
        .collect()
}

/// The flag at the start of `text`: `--` and letters, digits and `-`.
fn flag_at(text: &str) -> String {
    let rest = &text[2..];
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .unwrap_or(rest.len());
    format!("--{}", &rest[..end])
}

/// The section under the heading `## {title}` of the reference, to the
/// next `## `.
fn section(title: &str) -> String {
    let heading = format!("## {title}");
    for page in PAGES {
        let text = read(&Path::new(ROOT).join(page));
        let mut lines = text.lines();
        if lines.by_ref().any(|l| l.trim_end() == heading) {
            return lines
                .take_while(|l| !l.starts_with("## "))
                .collect::<Vec<_>>()
                .join("\n");
        }
    }
    panic!("no section `{heading}` in {PAGES:?}");
}

/// The flags in the first cells of a section's tables.
fn table_flags(section: &str) -> BTreeSet<String> {
    section
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| ---"))
        .filter_map(|l| l.split(" | ").next())
        .flat_map(|cell| {
            // `--rows R --cols C`: every flag in the cell's code spans.
            cell.match_indices("--")
                .filter(|&(at, _)| {
                    let before = cell[..at].chars().next_back();
                    let after = cell[at + 2..].chars().next();
                    matches!(before, Some('`' | ' '))
                        && after.is_some_and(|c| c.is_ascii_lowercase())
                })
                .map(|(at, _)| flag_at(&cell[at..]))
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn every_flag_has_a_line_in_the_command_reference() {
    let every = table_flags(&section("Every command"));
    let board = table_flags(&section("Board options"));
    assert!(
        board.contains("--size") && every.contains("--config"),
        "{board:?} {every:?}"
    );
    let mut faults = Vec::new();
    for command in COMMANDS {
        let title = if command.is_empty() {
            "knight-tui".to_string()
        } else {
            command.to_string()
        };
        let text = section(&title);
        let own = table_flags(&text);
        let mut documented = own.clone();
        documented.extend(every.iter().cloned());
        if text.contains("(#board-options)") || text.contains("commands.md#board-options)") {
            documented.extend(board.iter().cloned());
        }
        let flags = help_flags(command);
        assert!(
            !flags.is_empty() || matches!(command, "man" | "completions"),
            "{command}: no flags read"
        );
        for flag in flags.difference(&documented) {
            faults.push(format!(
                "{title}: {flag} is in --help but in no options table"
            ));
        }
        for flag in own.difference(&flags) {
            faults.push(format!(
                "{title}: {flag} has a line but the command takes no such flag"
            ));
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn the_flag_readers_read_a_help_and_a_table() {
    assert_eq!(flag_at("--tie-break <NAME>  Warnsdorff's"), "--tie-break");
    let table = "| `--size N`, or `--rows R --cols C` | the board |\n| --- | --- |\n\
                 | `-q`, `--quiet` | no line, `--not-this` |";
    let got: Vec<String> = table_flags(table).into_iter().collect();
    assert_eq!(got, ["--cols", "--quiet", "--rows", "--size"]);
}
