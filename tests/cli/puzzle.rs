//! `puzzle` makes puzzles, `solve --puzzle` solves them, `verify` checks a
//! solved one against its clues: outputs, exit codes and hostile files.

use std::io::Write;
use std::process::Stdio;

use assert_cmd::prelude::*;
use predicates::prelude::*;
use serde_json::Value;

use crate::common::{kt, run, written};

/// `solve --puzzle -` with `text` on standard input.
fn solve_stdin(text: &str, extra: &[&str]) -> (i32, String, String) {
    let mut child = kt()
        .args([&["solve", "--puzzle", "-"][..], extra].concat())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The steps of a numbered board, row by row (0 for `-`).
fn steps(board: &str) -> Vec<Vec<u32>> {
    board
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            l.split_whitespace()
                .map(|t| t.parse().unwrap_or(0))
                .collect()
        })
        .collect()
}

/// The text puzzle: a headline with the rating and the seed, the board
/// with the clues and a `-` on each square to fill; the same seed gives
/// the same puzzle, and its one solution honours every clue and is a tour
/// square by square (verify).
#[test]
fn a_puzzle_is_made_solved_and_verified() {
    let (code, text, _) = run(&[
        "puzzle",
        "--size",
        "6",
        "--difficulty",
        "hard",
        "--seed",
        "5",
    ]);
    assert_eq!(code, 0);
    let head = text.lines().next().unwrap();
    assert!(
        head.starts_with("# knight's tour puzzle, 6x6, open tour, hard (")
            && head.ends_with("; seed 5"),
        "{head}"
    );
    let grid = steps(&text);
    assert_eq!((grid.len(), grid[0].len()), (6, 6));
    let clues: usize = grid.iter().flatten().filter(|&&s| s > 0).count();
    assert!(head.contains(&format!("; {clues} clues;")), "{head}");
    assert!(text.contains(" 1"), "step 1 is a clue:\n{text}");
    assert_eq!(
        run(&[
            "puzzle",
            "--size",
            "6",
            "--difficulty",
            "hard",
            "--seed",
            "5"
        ])
        .1,
        text
    );

    let (code, solved, err) = solve_stdin(&text, &[]);
    assert_eq!((code, err.as_str()), (0, ""));
    let full = steps(&solved);
    let mut all: Vec<u32> = full.iter().flatten().copied().collect();
    for (r, row) in grid.iter().enumerate() {
        for (c, &s) in row.iter().enumerate() {
            if s > 0 {
                assert_eq!(full[r][c], s, "clue {s} at {r},{c}");
            }
        }
    }
    all.sort_unstable();
    assert_eq!(all, (1..=36).collect::<Vec<_>>());
    // The JSON answer keeps the clues; verify checks the path and them.
    let (code, json, _) = solve_stdin(&text, &["--format", "json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["clues"].as_array().unwrap().len(), clues);
    let (_dir, file) = written("solved.json", &json);
    kt().args(["verify", &file])
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with(
            "complete open tour: 36 squares on 6x6",
        ));
}

/// JSON: the tour file with "clues" and "puzzle", and no path; --out
/// writes it and says so; without a seed, today's date is the seed.
#[test]
fn the_puzzle_file_and_the_day_s_puzzle() {
    let (code, json, _) = run(&["puzzle", "--format", "json", "--seed", "11"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        (v["format"].as_str(), v["rows"].as_u64(), v["cols"].as_u64()),
        (Some("knight-tour"), Some(8), Some(8))
    );
    assert!(v.get("path").is_none(), "{json}");
    assert_eq!(v["puzzle"]["seed"], 11);
    assert_eq!(v["puzzle"]["difficulty"], "medium");
    for clue in v["clues"].as_array().unwrap() {
        let [r, c, s] = [0, 1, 2].map(|i| clue[i].as_u64().unwrap());
        assert!(r < 8 && c < 8 && (1..=64).contains(&s), "{clue}");
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("p.json");
    let out = out.to_str().unwrap();
    let (code, said, _) = run(&["puzzle", "--seed", "11", "--out", out]);
    assert_eq!(code, 0);
    assert!(
        said.starts_with(&format!("wrote {out}: knight's tour puzzle, 8x8")),
        "{said}"
    );
    assert_eq!(std::fs::read_to_string(out).unwrap(), json);
    kt().args(["solve", "--puzzle", out]).assert().code(0);

    // The day's puzzle is the puzzle of today's date as a seed (checked
    // twice, so a test run across midnight does not fail).
    let day = || {
        let d = std::process::Command::new("date")
            .arg("+%Y%m%d")
            .output()
            .unwrap();
        String::from_utf8(d.stdout).unwrap().trim().to_string()
    };
    let before = day();
    let daily = run(&["puzzle", "--format", "json"]).1;
    let seeded = run(&["puzzle", "--format", "json", "--seed", &before]).1;
    if day() == before {
        assert_eq!(daily, seeded);
    }
}

#[test]
fn boards_without_puzzles_are_refused() {
    let (code, _, err) = run(&["puzzle", "--size", "5", "--closed"]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "no puzzle: 5x5 has 13 light and 12 dark squares; a closed tour needs equal numbers\n"
    );
    let (code, _, err) = run(&["puzzle", "--size", "4"]);
    assert_eq!(
        (code, err.as_str()),
        (
            2,
            "error: puzzles are made on boards of 5 to 12 rows and columns, not 4x4\n"
        )
    );
    let (code, _, err) = run(&["puzzle", "--rows", "6", "--cols", "13"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = run(&["puzzle", "--difficulty", "extreme"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("easy, medium, hard or expert"), "{err}");
}

/// Several solutions, none, undecided: exit 1, 1 and 3, each with its
/// line; several prints two of them.
#[test]
fn several_none_and_undecided_puzzles() {
    let start_only = "1 - - - -\n- - - - -\n- - - - -\n- - - - -\n- - - - -\n";
    let (code, out, err) = solve_stdin(start_only, &[]);
    assert_eq!(code, 1);
    assert!(err.contains("at least two solutions"), "{err}");
    let boards: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(boards.len(), 2, "{out}");
    assert_ne!(steps(boards[0]), steps(boards[1]));
    for b in boards {
        let (_dir, file) = written("one.txt", b);
        kt().args(["verify", &file]).assert().code(0);
    }

    let far = "1 - - - -\n- - - - -\n- - - - -\n- - - - -\n- - - - 3\n";
    let (code, _, err) = solve_stdin(far, &[]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "-: no solution: clue 1 on 0,0 and clue 3 on 4,4 are 4 knight moves apart, and 2 steps cannot join them\n"
    );
    let cornered = "- - - - -\n- - 10 - -\n- 20 - - -\n- - - - -\n- - - - 1\n";
    let (code, _, err) = solve_stdin(cornered, &[]);
    assert_eq!(code, 1);
    // The corner's only neighbours hold 10 and 20: reasoning shows no
    // step can take it, with no search.
    assert_eq!(
        err,
        "-: no solution: no step can reach 0,0 from the steps around it\n"
    );

    let stuck = "1 - - - -\n- - 10 - -\n- - - - 3\n- - - - -\n- - - - -\n";
    let (code, _, err) = solve_stdin(stuck, &[]);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "-: no solution: step 2 has no square left that the steps around it can reach\n"
    );
    let (code, _, err) = solve_stdin(start_only, &["--node-limit", "5"]);
    assert_eq!(code, 3);
    assert!(
        err.starts_with("-: undecided: the node limit of 5 stopped the search"),
        "{err}"
    );
}

/// Hostile puzzle files: one line each, exit 2.
#[test]
fn hostile_puzzle_files_are_refused() {
    let head = r#"{"format":"knight-tour","version":1,"rows":6,"cols":6,"clues":"#;
    for (clues, says) in [
        ("[[6,0,1]]", "clue 1 is on 6,0, off the 6x6 board"),
        (
            "[[0,0,1],[1,2,1]]",
            "step 1 is a clue twice, on 0,0 and on 1,2",
        ),
        (
            "[[0,0,37]]",
            "clue 37 on 0,0 is not a step of this board: steps run from 1 to 36",
        ),
        ("[[0,0,1],[0,0,2]]", "clues 1 and 2 are both on 0,0"),
        ("[[0,0,1],[0,1,3]]", "break the colour rule"),
        ("[[0,0,\"x\"]]", "not a puzzle file"),
    ] {
        let (_dir, file) = written("p.json", &format!("{head}{clues}}}"));
        let (code, out, err) = run(&["solve", "--puzzle", &file]);
        assert_eq!((code, out.as_str()), (2, ""), "{clues}: {err}");
        assert!(
            err.contains(says) && err.lines().count() == 1,
            "{clues}: {err}"
        );
    }
    let (_dir, file) = written(
        "p.json",
        r#"{"format":"knight-tour","version":1,"rows":6,"cols":6}"#,
    );
    let (code, _, err) = run(&["solve", "--puzzle", &file]);
    assert_eq!(code, 2);
    assert!(err.contains("no \"clues\""), "{err}");
    // Standard input is read within the same limits as a file.
    let (code, out, err) = solve_stdin("1 - -\n\0\0\0", &[]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("standard input: not a text file"), "{err}");
    let (code, _, err) = run(&["solve", "--puzzle", &file, "--size", "6"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("takes the board and its clues from the file"),
        "{err}"
    );
}

/// verify names the first clue a path does not honour (exit 1), and
/// refuses clues that cannot be (exit 2).
#[test]
fn verify_checks_a_path_against_its_clues() {
    let (_, tour, _) = run(&["solve", "--size", "5", "--format", "json"]);
    let mut v: Value = serde_json::from_str(&tour).unwrap();
    let path = v["path"].as_array().unwrap().clone();
    let at = |k: usize| (path[k][0].as_u64().unwrap(), path[k][1].as_u64().unwrap());
    let (r, c) = at(16);
    v["clues"] = serde_json::json!([[r, c, 17]]);
    let (_dir, file) = written("ok.json", &v.to_string());
    kt().args(["verify", &file]).assert().code(0);
    // Clue 17 on step 19's square: the path passes it at step 19.
    let (r, c) = at(18);
    v["clues"] = serde_json::json!([[r, c, 17]]);
    let (_dir, file) = written("bad.json", &v.to_string());
    let (r17, c17) = at(16);
    kt().args(["verify", &file])
        .assert()
        .code(1)
        .stdout(format!(
            "invalid: step 17 must be on {r},{c} (a clue) but is on {r17},{c17}\n"
        ));
    v["clues"] = serde_json::json!([[9, 9, 17]]);
    let (_dir, file) = written("off.json", &v.to_string());
    kt().args(["verify", &file])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "clue 17 is on 9,9, off the 5x5 board",
        ));
}

/// `play --puzzle` refuses what it cannot play before the screen opens:
/// one line, exit 2 (exit 1 for a board with no tour).
#[test]
fn play_puzzle_refuses_bad_requests_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "1 - x\n- - -\n").unwrap();
    let bad = bad.to_str().unwrap();
    let (code, out, _) = run(&["puzzle", "--size", "5", "--seed", "3", "--format", "json"]);
    assert_eq!(code, 0);
    let good = dir.path().join("good.json");
    std::fs::write(&good, &out).unwrap();
    let good = good.to_str().unwrap();
    for (args, code, says) in [
        (
            vec!["--size", "13"],
            2,
            "puzzles are made on boards of 5 to 12",
        ),
        (
            vec!["--size", "6", "--closed", "--rows", "5"],
            2,
            "cannot be used with",
        ),
        (vec!["--start", "a1"], 2, "cannot be used with"),
        (
            vec!["--difficulty", "tough"],
            2,
            "'tough' is not a difficulty",
        ),
        (vec!["/no/such/puzzle.txt"], 2, "cannot read"),
        (vec![bad], 2, "bad.txt: "),
        (vec![good, "--seed", "4"], 2, "a puzzle file has its own"),
        (vec![good, "--size", "8"], 2, "a puzzle file has its own"),
        (vec!["--seed", "x"], 2, "'x' is not a seed"),
        (
            vec!["--rows", "5", "--cols", "7", "--closed"],
            1,
            "no puzzle: ",
        ),
    ] {
        let all = [&["play", "--puzzle"][..], &args].concat();
        let (got, out, err) = run(&all);
        assert_eq!(got, code, "{all:?}: {err}");
        assert!(out.is_empty(), "{all:?}: {out}");
        assert!(
            err.contains(says) && err.trim().lines().count() <= 2,
            "{all:?}: {err}"
        );
    }
}

/// The 6x6 puzzle of seed 9 as a file, and its clue 1 `[row, col, 1]`.
fn puzzle_nine() -> (Value, Value) {
    let (code, out, _) = run(&["puzzle", "--size", "6", "--seed", "9", "--format", "json"]);
    assert_eq!(code, 0);
    let file: Value = serde_json::from_str(&out).unwrap();
    let clues = file["clues"].as_array().unwrap();
    let clue1 = clues.iter().find(|c| c[2] == 1).unwrap().clone();
    (file, clue1)
}

/// A saved puzzle game whose path breaks a clue is not resumed.
#[test]
fn a_saved_puzzle_that_breaks_its_clues_is_not_resumed() {
    // Step 1 on another square than clue 1's: a legal one-square path.
    let (mut file, clue1) = puzzle_nine();
    let other = if clue1[0] == 0 && clue1[1] == 0 {
        [0, 1]
    } else {
        [0, 0]
    };
    file["path"] = serde_json::json!([other]);
    let (_d, path) = written("broken.json", &file.to_string());
    let (code, _, err) = run(&["play", "--resume", &path]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!(
            "cannot resume: step 1 breaks the clue on {},{}",
            clue1[0], clue1[1]
        )),
        "{err}"
    );
}

/// A saved puzzle's hand work is put back by the sheet's rules: a number
/// on a clue, a step twice, bad marks or a bad time are refused.
#[test]
fn a_saved_puzzle_s_writing_is_checked_when_resumed() {
    let (mut file, clue1) = puzzle_nine();
    file["path"] = serde_json::json!([[clue1[0], clue1[1]]]);
    let other = file["clues"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c[2] != 1)
        .unwrap()
        .clone();
    for (key, value, says) in [
        (
            "written",
            serde_json::json!([[other[0], other[1], 30]]),
            "written: ",
        ),
        (
            "marks",
            serde_json::json!([[9, 9, [3]]]),
            "9,9 is off the 6x6 board",
        ),
        ("marks", serde_json::json!("x"), "\"marks\" is not a list"),
        (
            "seconds",
            serde_json::json!(-1),
            "\"seconds\" is not a whole number",
        ),
        (
            "hints",
            serde_json::json!(-2),
            "\"hints\" is not a whole number",
        ),
        (
            "undos",
            serde_json::json!("x"),
            "\"undos\" is not a whole number",
        ),
    ] {
        let mut f = file.clone();
        f[key] = value;
        let (_d, path) = written("saved.json", &f.to_string());
        let (code, _, err) = run(&["play", "--resume", &path]);
        assert_eq!(code, 2, "{key}: {err}");
        assert!(
            err.contains("cannot resume: ") && err.contains(says),
            "{key}: {err}"
        );
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// `solve --puzzle --explain`: one deduction a line, then the board; in
/// JSON lines each puts its step where the solved tour has it, from
/// squares already numbered; `puzzle --format json` counts the rules.
#[test]
fn explain_gives_the_solution_deduction_by_deduction() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.json");
    let (code, _, err) = run(&[
        "puzzle",
        "--size",
        "8",
        "--difficulty",
        "expert",
        "--seed",
        "2",
        "--out",
        file.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    let made: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let deductions = &made["puzzle"]["deductions"];
    assert_eq!(made["puzzle"]["difficulty"], "expert");
    assert!(deductions["no-room"].as_u64().unwrap() > 0, "{deductions}");
    let f = file.to_str().unwrap();
    let (code, solved, _) = run(&["solve", "--puzzle", f, "--format", "json"]);
    assert_eq!(code, 0);
    let tour: Value = serde_json::from_str(&solved).unwrap();
    let path: Vec<(u64, u64)> = tour["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s[0].as_u64().unwrap(), s[1].as_u64().unwrap()))
        .collect();
    let mut known: Vec<(u64, u64)> = made["clues"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c[0].as_u64().unwrap(), c[1].as_u64().unwrap()))
        .collect();
    let (code, lines, err) = run(&["solve", "--puzzle", f, "--explain", "--format", "json"]);
    assert_eq!((code, err.as_str()), (0, ""));
    let mut counted = std::collections::BTreeMap::<String, u64>::new();
    for line in lines.lines() {
        let d: Value = serde_json::from_str(line).unwrap();
        let step = d["step"].as_u64().unwrap() as usize;
        let sq = (
            d["square"][0].as_u64().unwrap(),
            d["square"][1].as_u64().unwrap(),
        );
        assert_eq!(path[step - 1], sq, "{line}");
        assert!(!known.contains(&sq), "{line}");
        let rule = d["rule"].as_str().unwrap().to_string();
        if rule != "no-room" {
            for s in d["from"].as_array().unwrap() {
                let s = (s[0].as_u64().unwrap(), s[1].as_u64().unwrap());
                assert!(known.contains(&s), "{line}");
            }
        }
        assert!(
            d["text"]
                .as_str()
                .unwrap()
                .contains(&format!("{},{}", sq.0, sq.1))
        );
        known.push(sq);
        *counted.entry(rule).or_default() += 1;
    }
    assert_eq!(known.len(), 64);
    for (rule, n) in deductions.as_object().unwrap() {
        assert_eq!(
            counted.get(rule).copied().unwrap_or(0),
            n.as_u64().unwrap(),
            "{rule}"
        );
    }
    // The text form: the same deductions, then the solved board.
    let (code, text, _) = run(&["solve", "--puzzle", f, "--explain"]);
    assert_eq!(code, 0);
    let (chain, board) = text.split_once("\n\n").unwrap();
    assert_eq!(chain.lines().count(), lines.lines().count());
    assert!(chain.lines().all(|l| l.contains(": ")), "{chain}");
    assert_eq!(steps(board).len(), 8);
    // --explain goes with --puzzle only.
    let (code, _, err) = run(&["solve", "--size", "5", "--explain"]);
    assert_eq!(code, 2, "{err}");
}
