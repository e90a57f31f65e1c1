//! The engine is a library: it never acts on the process (no printing, no
//! exit, no panic hook, no signal handling) and speaks in types, not in
//! sentences (no `Result<_, String>`, and no error variant that is only a
//! `String`). Read from its source, tests aside.

use std::fs;
use std::path::{Path, PathBuf};

/// What a library must not do, and why, as text that would show it.
const FORBIDDEN: [(&str, &str); 7] = [
    ("eprintln!", "prints to stderr"),
    ("println!", "prints to stdout"),
    ("eprint!(", "prints to stderr"),
    ("process::exit", "ends the process"),
    ("set_hook", "installs a panic hook"),
    ("signal_hook", "handles signals"),
    ("std::process::abort", "ends the process"),
];

/// Every `.rs` file under `dir`, test files left out.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if name != "tests" {
                sources(&path, out);
            }
        } else if name.ends_with(".rs")
            && !name.starts_with("tests")
            && !name.ends_with("_tests.rs")
            && name != "properties.rs"
        {
            out.push(path);
        }
    }
}

/// The file's code before its test module, with comments left out.
fn code(text: &str) -> String {
    let end = text.find("#[cfg(test)]\nmod tests").unwrap_or(text.len());
    text[..end]
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// `Result<…, String>` on one line: an error that is only a sentence.
fn string_results(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in code.lines() {
        let mut rest = line;
        while let Some(at) = rest.find("Result<") {
            rest = &rest[at + "Result<".len()..];
            // The second parameter of this Result, at depth 0.
            let mut depth = 0;
            let mut comma = None;
            for (i, c) in rest.char_indices() {
                match c {
                    '<' | '(' | '[' => depth += 1,
                    '>' | ')' | ']' if depth == 0 => {
                        if let Some(c) = comma
                            && rest[c + 1..i].trim() == "String"
                        {
                            found.push(line.trim().to_string());
                        }
                        break;
                    }
                    '>' | ')' | ']' => depth -= 1,
                    ',' if depth == 0 => comma = Some(i),
                    _ => {}
                }
            }
        }
    }
    found
}

/// The error variants that are only a `String` and may stay so: each
/// holds the text it refuses, quoted back, or another crate's or the
/// system's words, which come as text. Any other is a sentence where a
/// value should be. (A panic's or timely's words are named types of
/// their own, `Panicked` and `TimelySaid`, not variants.)
const TEXT_VARIANTS: [&str; 10] = [
    // The text given, quoted back.
    "MoveOrderError::NotAPair",
    "SquareError::Negative",
    "SquareError::AlgebraicTooWide",
    "SquareError::BadRank",
    "SquareError::Unreadable",
    "PuzzleFileError::Format",
    "Fault::InsideMark",
    // serde_json's and the system's words.
    "PuzzleFileError::Json",
    "TourFileError::Json",
    "FileFault::Io",
    // The board, described: the puzzle's, not yet an `Outline`.
];

/// `Enum::Variant` for each variant `Variant(String)` of an enum that
/// derives an `Error` (as rustfmt lays them out: the derive on one line,
/// a variant on each, the enum closed by `}` alone).
fn string_variants(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut error = false;
    let mut inside: Option<String> = None;
    for line in code.lines() {
        let t = line.trim();
        match &inside {
            Some(_) if line == "}" => inside = None,
            Some(name) => {
                if let Some(variant) = t.strip_suffix("(String),") {
                    found.push(format!("{name}::{variant}"));
                }
            }
            None if t.starts_with("#[derive(") => error = t.contains("Error"),
            None if t.starts_with("#[") || t.starts_with("///") => {}
            None => {
                if error && let Some(at) = t.find("enum ") {
                    let name = t[at + 5..].split([' ', '{', '<']).next().unwrap_or("");
                    inside = Some(name.to_string());
                }
                error = false;
            }
        }
    }
    found
}

#[test]
fn the_engine_never_acts_on_the_process_nor_errs_in_sentences() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    assert!(files.len() > 50, "only {} files under {src:?}", files.len());
    let mut faults = Vec::new();
    let mut text_variants = Vec::new();
    for file in &files {
        let code = code(&fs::read_to_string(file).unwrap());
        let name = file.strip_prefix(&src).unwrap().display().to_string();
        for (text, why) in FORBIDDEN {
            if code.contains(text) {
                faults.push(format!("{name}: {why} ({text})"));
            }
        }
        for line in string_results(&code) {
            faults.push(format!("{name}: an error that is only a sentence: {line}"));
        }
        for variant in string_variants(&code) {
            text_variants.push(variant.clone());
            if !TEXT_VARIANTS.contains(&variant.as_str()) {
                faults.push(format!(
                    "{name}: an error variant that is only a String: {variant}"
                ));
            }
        }
    }
    for allowed in TEXT_VARIANTS {
        if !text_variants.iter().any(|v| v == allowed) {
            faults.push(format!(
                "{allowed} is allowed to be text, but is not: drop it"
            ));
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

#[test]
fn the_reader_finds_what_it_looks_for() {
    // The checks themselves, on text that breaks them.
    assert_eq!(
        string_results("fn f() -> Result<Vec<u8>, String> {"),
        vec!["fn f() -> Result<Vec<u8>, String> {"]
    );
    assert!(string_results("fn f() -> Result<String, Error> {").is_empty());
    assert!(string_results("fn f() -> Result<(u8, String), E> {").is_empty());
    let text = "fn a() { eprintln!(\"x\"); }\n#[cfg(test)]\nmod tests { fn b() { println!(); } }";
    assert!(code(text).contains("eprintln!"));
    assert!(!code(text).contains("println!();"));
    assert!(!code("// eprintln! in a comment").contains("eprintln!"));
    let errors = "#[derive(Debug, thiserror::Error)]\npub enum Failure {\n    #[error(\"{0}\")]\n    Workers(String),\n    Key { host: String },\n}\n#[derive(Debug)]\nenum Plain {\n    Text(String),\n}";
    assert_eq!(string_variants(errors), vec!["Failure::Workers"]);
}
