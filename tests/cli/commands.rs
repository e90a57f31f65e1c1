//! The command line as scripts see it: output, exit codes, files. Every
//! tour printed here is parsed back and checked square by square.

use assert_cmd::Command;
use predicates::prelude::*;

use crate::common::written;
use knight_engine::board::{Board, Square};
use knight_engine::tour::{self, Summary};

pub fn kt() -> Command {
    let mut c = Command::cargo_bin("knight-tui").unwrap();
    // Keep a developer's own config file out of the tests.
    c.env("XDG_CONFIG_HOME", "/nonexistent-knight-tui-test");
    c
}

pub fn stdout(args: &[&str], code: i32) -> String {
    let out = kt()
        .args(args)
        .assert()
        .code(code)
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

/// Parses a printed tour (numbered board or JSON) and checks it.
pub fn check_tour(text: &str, closed: bool) -> Summary {
    let loaded = tour::parse(text).expect("a tour");
    let mut file = loaded.file;
    file.closed = closed;
    let board = file.board().unwrap();
    file.check(&board).expect("valid tour")
}

#[test]
fn no_command_without_a_terminal_explains_itself() {
    // Under the test harness stdout is a pipe: the app refuses in one line.
    kt().assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(
            "the terminal app needs a terminal",
        ));
    kt().arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("Usage"));
}

#[test]
fn solve_prints_a_valid_numbered_board() {
    let out = stdout(&["solve", "--size", "8", "--start", "3,4"], 0);
    assert_eq!(out.lines().count(), 8);
    assert!(matches!(check_tour(&out, false), Summary::Complete { .. }));
}

#[test]
fn solve_formats() {
    let moves = stdout(
        &["solve", "--rows", "3", "--cols", "4", "--format", "moves"],
        0,
    );
    let squares: Vec<(i64, i64)> = moves
        .split_whitespace()
        .map(|s| {
            let (r, c) = s.split_once(',').unwrap();
            (r.parse().unwrap(), c.parse().unwrap())
        })
        .collect();
    assert_eq!(squares.len(), 12);
    let b = Board::new(3, 4, &[]).unwrap();
    assert!(matches!(
        tour::check(&b, squares, false),
        Ok(Summary::Complete { .. })
    ));

    let json = stdout(&["solve", "--size", "6", "--closed", "--format", "json"], 0);
    assert_eq!(json.lines().count(), 1);
    assert_eq!(check_tour(&json, true), Summary::Complete { closed: true });
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["meta"]["algorithm"], "warnsdorff");

    let stats = stdout(&["solve", "--size", "64", "--format", "stats"], 0);
    let v: serde_json::Value = serde_json::from_str(&stats).unwrap();
    assert_eq!(v["found"], true);
    assert!(v["nodes"].as_u64().unwrap() >= 4096);
    for k in ["algorithm", "backtracks", "elapsed_ms"] {
        assert!(v.get(k).is_some(), "{k}");
    }

    // A constructed tour's figures: checked square by square as it is
    // built, never held whole.
    for (size, closed) in [("300", true), ("305", false)] {
        let mut args = vec!["solve", "--size", size, "--algo", "construct"];
        args.extend(["--format", "stats"]);
        if closed {
            args.push("--closed");
        }
        let v: serde_json::Value = serde_json::from_str(&stdout(&args, 0)).unwrap();
        let n: u64 = size.parse().unwrap();
        assert_eq!(
            (&v["found"], &v["algorithm"], v["nodes"].as_u64()),
            (&true.into(), &"construct".into(), Some(n * n)),
            "{args:?}"
        );
    }
}

#[test]
fn several_tours_are_distinct_and_valid() {
    let out = stdout(
        &["solve", "--size", "5", "--tours", "5", "--format", "json"],
        0,
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5);
    for l in &lines {
        check_tour(l, false);
    }
    let mut paths: Vec<_> = lines
        .iter()
        .map(|l| tour::parse(l).unwrap().file.path)
        .collect();
    paths.sort();
    paths.dedup();
    assert_eq!(paths.len(), 5);
    let boards = stdout(&["solve", "--size", "5", "--tours", "3"], 0);
    for b in boards.split("\n\n") {
        check_tour(b, false);
    }
    // On a strip, from a start where a search runs for minutes; and all
    // 32 directed closed tours of 3x10 when more are asked for.
    for (args, closed, n) in [
        (
            &[
                "--rows", "3", "--cols", "100", "--start", "1,10", "--tours", "4",
            ][..],
            false,
            4,
        ),
        (
            &["--rows", "3", "--cols", "10", "--closed", "--tours", "50"][..],
            true,
            32,
        ),
    ] {
        let out = stdout(&[&["solve"][..], args, &["--format", "json"]].concat(), 0);
        let mut paths: Vec<_> = out
            .lines()
            .map(|l| {
                assert_eq!(check_tour(l, closed), Summary::Complete { closed });
                tour::parse(l).unwrap().file.path
            })
            .collect();
        paths.sort();
        paths.dedup();
        assert_eq!(paths.len(), n, "{args:?}");
    }
}

#[test]
fn algebraic_start_and_blocked_squares() {
    // a1 is the bottom-left corner, row 4 on 5x5.
    let out = stdout(
        &["solve", "--size", "5", "--start", "a1", "--format", "moves"],
        0,
    );
    assert!(out.starts_with("4,0 "), "{out}");
    let out = stdout(
        &[
            "solve", "--size", "6", "--block", "0,0;5,4", "--start", "2,2",
        ],
        0,
    );
    assert_eq!(
        out.lines().next().unwrap().split_whitespace().next(),
        Some(".")
    );
    check_tour(&out, false);
}

#[test]
fn out_writes_a_tour_file() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("t.json");
    let ps = p.to_str().unwrap();
    kt().args(["solve", "--size", "8", "--closed", "--out", ps])
        .assert()
        .success()
        .stdout(predicate::str::contains("wrote"));
    let text = std::fs::read_to_string(&p).unwrap();
    assert_eq!(check_tour(&text, true), Summary::Complete { closed: true });
    kt().args(["verify", ps])
        .assert()
        .success()
        .stdout(predicate::str::starts_with("complete closed tour"));
}

#[test]
fn no_tour_answers_name_the_argument() {
    let out = stdout(&["solve", "--size", "7", "--closed"], 1);
    assert_eq!(
        out.trim(),
        "no tour: 7x7 has 25 light and 24 dark squares; a closed tour needs equal numbers"
    );
    let out = stdout(&["solve", "--size", "4"], 1);
    assert!(
        out.starts_with("no tour: no open tour exists on 4x4"),
        "{out}"
    );
    // On a strip the dynamic programme decides; a search decides too, by
    // trying every path.
    let out = stdout(
        &["solve", "--rows", "3", "--cols", "8", "--start", "1,2"],
        1,
    );
    assert!(
        out.contains("no open tour from 1,2 on 3x8: every way through the strip"),
        "{out}"
    );
    let out = stdout(
        &[
            "solve",
            "--rows",
            "3",
            "--cols",
            "8",
            "--start",
            "1,2",
            "--algo",
            "warnsdorff",
        ],
        1,
    );
    assert!(out.contains("tried every open path from 1,2"), "{out}");
    let out = stdout(
        &["solve", "--rows", "4", "--cols", "1000", "--start", "1,1"],
        1,
    );
    assert!(out.contains("starts and ends on an outer row"), "{out}");
    let out = stdout(&["solve", "--size", "5", "--block", "1,2;2,1;2,2;3,3"], 1);
    assert!(out.contains("0,0 has no knight move"), "{out}");
    let out = stdout(
        &["solve", "--size", "7", "--closed", "--format", "stats"],
        1,
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["found"], false);
}

#[test]
fn limits_give_exit_3() {
    let out = stdout(
        &[
            "solve",
            "--size",
            "8",
            "--start",
            "1,0",
            "--algo",
            "backtrack",
            "--node-limit",
            "1000",
        ],
        3,
    );
    assert!(out.starts_with("undecided: the node limit"), "{out}");
    let out = stdout(
        &["count", "--size", "6", "--time-limit", "0.05", "--json"],
        3,
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["complete"], false);
}

#[test]
fn counts() {
    assert_eq!(stdout(&["count", "--size", "5"], 0).trim(), "304");
    assert_eq!(
        stdout(&["count", "--size", "5", "--start", "c3"], 0).trim(),
        "64"
    );
    assert_eq!(
        stdout(&["count", "--size", "5", "--all-starts"], 0).trim(),
        "1728"
    );
    assert_eq!(
        stdout(&["count", "--size", "6", "--closed"], 0).trim(),
        "19724"
    );
    assert_eq!(
        stdout(&["count", "--rows", "3", "--cols", "7", "--all-starts"], 0).trim(),
        "104"
    );
    assert_eq!(
        stdout(&["count", "--size", "5", "--start", "0,1"], 1).trim(),
        "0"
    );
    assert_eq!(stdout(&["count", "--size", "4"], 1).trim(), "0");
    let v: serde_json::Value = serde_json::from_str(&stdout(
        &["count", "--size", "5", "--max", "7", "--json"],
        0,
    ))
    .unwrap();
    assert_eq!(
        (v["count"].as_u64(), v["complete"].as_bool()),
        (Some(7), Some(false))
    );
    let v: serde_json::Value =
        serde_json::from_str(&stdout(&["count", "--size", "5", "--json"], 0)).unwrap();
    assert_eq!(
        (v["count"].as_u64(), v["complete"].as_bool()),
        (Some(304), Some(true))
    );
}

/// Directed open tours over all starts of a board, by plain depth-first
/// search: an independent count for small boards.
fn brute_force_all_starts(board: &Board) -> u64 {
    fn walk(board: &Board, at: Square, seen: &mut Vec<bool>, left: usize) -> u64 {
        if left == 0 {
            return 1;
        }
        let mut n = 0;
        for (dr, dc) in [
            (1, 2),
            (2, 1),
            (-1, 2),
            (-2, 1),
            (1, -2),
            (2, -1),
            (-1, -2),
            (-2, -1),
        ] {
            let (r, c) = (at.row as i32 + dr, at.col as i32 + dc);
            if r < 0 || c < 0 || r >= board.rows() as i32 || c >= board.cols() as i32 {
                continue;
            }
            let to = Square::new(r as u32, c as u32);
            let i = (to.row * board.cols() + to.col) as usize;
            if board.is_free(to) && !seen[i] {
                seen[i] = true;
                n += walk(board, to, seen, left - 1);
                seen[i] = false;
            }
        }
        n
    }
    let free: Vec<Square> = board.free_squares().collect();
    free.iter()
        .map(|&s| {
            let mut seen = vec![false; (board.rows() * board.cols()) as usize];
            seen[(s.row * board.cols() + s.col) as usize] = true;
            walk(board, s, &mut seen, free.len() - 1)
        })
        .sum()
}

/// A count over every start uses no start: the default start (0,0) may be
/// blocked. A single start still may not be.
#[test]
fn all_starts_with_the_default_start_blocked() {
    for (r, c) in [(4u32, 5u32), (5, 5)] {
        let board = Board::new(r, c, &[Square::new(0, 0)]).unwrap();
        let (r, c) = (r.to_string(), c.to_string());
        let args = ["count", "--rows", &r, "--cols", &c, "--block", "0,0"];
        let all = stdout(&[&args[..], &["--all-starts"]].concat(), 0);
        assert_eq!(all.trim(), brute_force_all_starts(&board).to_string());
        let table = stdout(&[&args[..], &["--table", "--json"]].concat(), 0);
        let v: serde_json::Value = serde_json::from_str(&table).unwrap();
        assert_eq!(v["total"].to_string(), all.trim());
    }
    kt().args([
        "count",
        "--size",
        "5",
        "--block",
        "0,0",
        "--start",
        "0,0",
        "--all-starts",
    ])
    .assert()
    .code(2)
    .stderr(predicate::str::contains(
        "--start: start 0,0 is a blocked square",
    ));
    kt().args(["count", "--size", "5", "--block", "0,0"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--block: blocks the start 0,0 (built-in config: board.start)",
        ));
}

/// Boards 5 to 7 wide count over the frontier: the known values, and a
/// stopped count that prints no number.
#[test]
fn counts_over_the_frontier() {
    let json = |args: &[&str], code| -> serde_json::Value {
        serde_json::from_str(&stdout(args, code)).unwrap()
    };
    // 6x8: 55,488,142 closed tours (OEIS A175881), from a start both ways.
    let v = json(
        &["count", "--rows", "6", "--cols", "8", "--closed", "--json"],
        0,
    );
    assert_eq!(v["count"].as_u64(), Some(2 * 55_488_142));
    assert_eq!(v["method"], "frontier");
    assert!(v["states"].as_u64().unwrap() > 0);
    // 5x8: 44,202 closed tours, from each of 40 squares both ways; the
    // board turned gives the same.
    for (r, c) in [("5", "8"), ("8", "5")] {
        let out = stdout(
            &[
                "count",
                "--rows",
                r,
                "--cols",
                c,
                "--closed",
                "--all-starts",
            ],
            0,
        );
        assert_eq!(out.trim(), (44_202 * 2 * 40).to_string());
    }
    // Open tours from 40 squares on, over all starts: as `--algo
    // enumerate` counts them (in 10 s).
    let v = json(
        &[
            "count",
            "--rows",
            "5",
            "--cols",
            "8",
            "--all-starts",
            "--json",
        ],
        0,
    );
    assert_eq!(v["method"], "frontier");
    assert_eq!(v["count"].as_u64(), Some(36_122_108));
    // Stopped: exit 3, no count on stdout, where it stopped on stderr.
    let stopped = [
        "count",
        "--rows",
        "6",
        "--cols",
        "8",
        "--closed",
        "--node-limit",
        "1000",
    ];
    let out = kt().args(stopped).assert().code(3).get_output().clone();
    assert!(out.stdout.is_empty(), "{out:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with(
            "knight-tui: the node limit stopped the count over the frontier at square "
        ),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
    // Its JSON line says how far it got.
    let v = json(&[&stopped[..], &["--json"]].concat(), 3);
    assert_eq!(v["complete"], false);
    assert!(v["nodes"].as_u64().unwrap() > 1000, "{v}");
    assert!(v.get("count").is_some());
}

/// `count --table`: the tours from each square as a board, symmetric
/// squares alike, adding up to the count over all starts.
#[test]
fn a_table_of_counts_from_each_square() {
    assert_eq!(
        stdout(&["count", "--size", "5", "--table"], 0),
        "304   0  56   0 304\n  0  56   0  56   0\n 56   0  64   0  56\n  0  56   0  56   0\n304   0  56   0 304\n"
    );
    let v: serde_json::Value = serde_json::from_str(&stdout(
        &["count", "--rows", "5", "--cols", "8", "--table", "--json"],
        0,
    ))
    .unwrap();
    let rows = v["table"].as_array().unwrap();
    assert_eq!(rows.len(), 5);
    let sum: u64 = rows
        .iter()
        .flat_map(|r| r.as_array().unwrap())
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert_eq!((sum, v["total"].as_u64()), (36_122_108, Some(36_122_108)));
    assert_eq!(rows[0][0].as_u64(), Some(3_742_739), "from a corner");
    // Closed tours: as many from every square (5x6: 8 tours, both ways).
    let out = stdout(
        &["count", "--rows", "5", "--cols", "6", "--closed", "--table"],
        0,
    );
    assert_eq!(out, "16 16 16 16 16 16\n".repeat(5));
    // Blocked squares show as dots; --all-starts and --table do not mix.
    let out = stdout(&["count", "--size", "5", "--block", "c3", "--table"], 0);
    assert_eq!(
        out.lines().nth(2).unwrap().split_whitespace().nth(2),
        Some(".")
    );
    kt().args(["count", "--size", "5", "--table", "--all-starts"])
        .assert()
        .code(2);
}

#[test]
fn verify_reports_the_first_fault() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let p = dir.path().join(name);
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    };
    let good = write(
        "good.txt",
        " 1 14  9 20  3\n24 19  2 15 10\n13  8 25  4 21\n18 23  6 11 16\n 7 12 17 22  5\n",
    );
    kt().args(["verify", &good])
        .assert()
        .code(0)
        .stdout("complete open tour: 25 squares on 5x5 from 0,0\n");
    let bad = write(
        "bad.json",
        r#"{"format":"knight-tour","version":1,"rows":5,"cols":5,"path":[[0,0],[1,2],[2,4],[2,3]]}"#,
    );
    kt().args(["verify", &bad])
        .assert()
        .code(1)
        .stdout("invalid: step 4: 2,4 -> 2,3 is not a knight move\n");
    let rep = write(
        "rep.json",
        r#"{"format":"knight-tour","version":1,"rows":5,"cols":5,"path":[[0,0],[1,2],[0,0]]}"#,
    );
    kt().args(["verify", &rep])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "step 3: 0,0 was already visited at step 1",
        ));
    let partial = write(
        "partial.json",
        r#"{"format":"knight-tour","version":1,"rows":5,"cols":5,"path":[[0,0],[1,2]],"note":"kept"}"#,
    );
    kt().args(["verify", &partial])
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with(
            "incomplete: a legal path of 2 of 25",
        ));
    let truncated = write(
        "trunc.json",
        r#"{"format":"knight-tour","version":1,"rows":5,"#,
    );
    kt().args(["verify", &truncated])
        .assert()
        .code(1)
        .stdout(predicate::str::contains("not a valid tour file"));
    let garbage = write("garbage.bin", "\u{1}\u{2}garbage here");
    kt().args(["verify", &garbage]).assert().code(1);
    kt().args(["verify", "/no/such/file"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with("error: cannot read"));
    // From standard input.
    let t = stdout(&["solve", "--size", "6"], 0);
    kt().args(["verify", "-"]).write_stdin(t).assert().code(0);
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    for args in [
        &["solve", "--size", "0"][..],
        &["solve", "--size", "-4"],
        &["solve", "--size", "x"],
        &["solve", "--size", "100000"],
        &["solve", "--size", "99999999999999"],
        &["solve", "--size", "8", "--start", "8,0"],
        &["solve", "--size", "8", "--start", "z9"],
        &["solve", "--size", "8", "--block", "3,3;4"],
        &["solve", "--size", "8", "--block", "9,9"],
        &["solve", "--size", "8", "--start", "2,2", "--block", "2,2"],
        &["solve", "--size", "8", "--algo", "magic"],
        &["solve", "--size", "8", "--format", "xml"],
        &["count", "--size", "5", "--max", "0"],
        &["solve", "--size", "5", "--tours", "2", "--out", "x.json"],
        &["nonsense"],
        &["verify"],
    ] {
        let a = kt().args(args).assert().code(2).stdout("");
        let err = String::from_utf8(a.get_output().stderr.clone()).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("error: "), "{args:?}: {err}");
    }
}

#[test]
fn config_file_sets_defaults_and_flags_win() {
    let (_dir, ps) = written("c.toml", "[board]\nrows = 5\ncols = 5\nstart = \"2,2\"\n");
    let ps = ps.as_str();
    assert_eq!(stdout(&["count", "--config", ps], 0).trim(), "64");
    assert_eq!(
        stdout(&["count", "--config", ps, "--start", "0,0"], 0).trim(),
        "304"
    );
    // --open overrides a configured closed tour.
    std::fs::write(ps, "[board]\nrows = 6\ncols = 6\nclosed = true\n").unwrap();
    assert_eq!(stdout(&["count", "--config", ps], 0).trim(), "19724");
    assert_eq!(
        stdout(&["count", "--config", ps, "--open"], 0).trim(),
        "524486"
    );
    kt().args(["count", "--closed", "--open"]).assert().code(2);
    std::fs::write(ps, "[board]\nsize = 5\n").unwrap();
    kt().args(["count", "--config", ps])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown field `size`"));
}

#[test]
fn sweep_checks_every_start() {
    let out = stdout(&["sweep", "--from", "5", "--to", "12"], 0);
    // 5x5: the 13 light squares; 6x6: all 36; 7x7: 25 ...
    assert!(out.contains("5x5: 13 starts, 0 failures"), "{out}");
    assert!(out.contains("6x6: 36 starts, 0 failures"), "{out}");
    // 13 + 36 + 25 + 64 + 41 + 100 + 61 + 144 starts on 5x5 .. 12x12.
    assert!(out.contains("all: 484 starts, 0 failures"), "{out}");
    let v: serde_json::Value = serde_json::from_str(&stdout(
        &["sweep", "--from", "3", "--to", "12", "--closed", "--json"],
        0,
    ))
    .unwrap();
    // Closed tours: 6x6, 8x8, 10x10, 12x12 only.
    assert_eq!(v["starts"], 36 + 64 + 100 + 144);
    assert_eq!(v["failures"], 0);
    // A node limit too small to finish leaves starts undecided, exit 3 (as
    // --help promises; they used to be counted as failures, exit 1).
    let out = stdout(
        &[
            "sweep",
            "--from",
            "8",
            "--to",
            "8",
            "--algo",
            "backtrack",
            "--node-limit",
            "100",
        ],
        3,
    );
    assert!(
        out.contains("undecided: 8x8 from 0,0: stopped by the node limit"),
        "{out}"
    );
    kt().args(["sweep", "--from", "9", "--to", "5"])
        .assert()
        .code(2);
}

#[test]
fn replay_refuses_bad_files_in_one_line() {
    kt().args(["replay", "/no/such/file.json"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "error: cannot read /no/such/file.json",
        ));
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("g.json");
    std::fs::write(&p, "{ not json").unwrap();
    kt().args(["replay", p.to_str().unwrap()])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a valid tour file"));
}
