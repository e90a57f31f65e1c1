//! The command line as scripts see it: output, exit codes, files. Every
//! tour printed here is parsed back and checked square by square.

use assert_cmd::Command;
use predicates::prelude::*;

use knight_tui::board::{Board, Square};
use knight_tui::tour::{self, Summary};

fn kt() -> Command {
    let mut c = Command::cargo_bin("knight-tui").unwrap();
    // Keep a developer's own config file out of the tests.
    c.env("XDG_CONFIG_HOME", "/nonexistent-knight-tui-test");
    c
}

fn stdout(args: &[&str], code: i32) -> String {
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
fn check_tour(text: &str, closed: bool) -> Summary {
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
            "board.start: start 0,0 is a blocked square",
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
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("c.toml");
    std::fs::write(&p, "[board]\nrows = 5\ncols = 5\nstart = \"2,2\"\n").unwrap();
    let ps = p.to_str().unwrap();
    assert_eq!(stdout(&["count", "--config", ps], 0).trim(), "64");
    assert_eq!(
        stdout(&["count", "--config", ps, "--start", "0,0"], 0).trim(),
        "304"
    );
    // --open overrides a configured closed tour.
    std::fs::write(&p, "[board]\nrows = 6\ncols = 6\nclosed = true\n").unwrap();
    assert_eq!(stdout(&["count", "--config", ps], 0).trim(), "19724");
    assert_eq!(
        stdout(&["count", "--config", ps, "--open"], 0).trim(),
        "524486"
    );
    kt().args(["count", "--closed", "--open"]).assert().code(2);
    std::fs::write(&p, "[board]\nsize = 5\n").unwrap();
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

#[test]
fn sample_tours_verify() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/assets");
    for (name, code) in [
        ("closed-8x8.json", 0),
        ("euler-1759-8x8.json", 0),
        ("open-5x5.txt", 0),
        ("blocked-8x8.json", 0),
        ("illegal-step.json", 1),
    ] {
        kt().args(["verify", &format!("{dir}/{name}")])
            .assert()
            .code(code);
    }
    kt().args(["verify", &format!("{dir}/euler-1759-8x8.json")])
        .assert()
        .stdout(predicate::str::contains("complete closed tour: 64 squares"));
}

#[test]
fn a_constructed_tour_file_is_written_as_the_tour_is_built() {
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.json");
    let fs = f.to_str().unwrap();
    let board = [
        "--rows", "120", "--cols", "131", "--start", "7,9", "--closed",
    ];
    let said = stdout(&[&["solve"][..], &board, &["--out", fs]].concat(), 0);
    assert_eq!(
        said,
        format!("wrote {fs}: closed tour of 120x131 from 7,9 (15720 squares)\n")
    );
    let written = std::fs::read_to_string(&f).unwrap();
    assert_eq!(
        check_tour(&written, true),
        Summary::Complete { closed: true }
    );
    kt().args(["verify", fs])
        .assert()
        .code(0)
        .stdout("complete closed tour: 15720 squares on 120x131 from 7,9\n");
    // The same tour as printed (streamed too) and as the library builds it
    // whole.
    let printed = stdout(&[&["solve"][..], &board, &["--format", "json"]].concat(), 0);
    let (a, b) = (
        tour::parse(&written).unwrap(),
        tour::parse(&printed).unwrap(),
    );
    assert_eq!(a.file.path, b.file.path);
    assert_eq!(printed.lines().count(), 1, "compact JSON, one line");
    let whole =
        knight_tui::solver::construct::construct(120, 131, Square::new(7, 9), true).unwrap();
    let whole: Vec<[i64; 2]> = whole
        .iter()
        .map(|&i| [i64::from(i / 131), i64::from(i % 131)])
        .collect();
    assert_eq!(a.file.path, whole);
    // And as moves, streamed the same way.
    let moves = stdout(
        &[&["solve"][..], &board, &["--format", "moves"]].concat(),
        0,
    );
    let listed: Vec<String> = whole.iter().map(|[r, c]| format!("{r},{c}")).collect();
    assert_eq!(moves, listed.join(" ") + "\n");
    // And as a numbered board, from its step table.
    let numbered = stdout(
        &[&["solve"][..], &board, &["--format", "board"]].concat(),
        0,
    );
    assert_eq!(tour::parse(&numbered).unwrap().file.path, whole);
    assert_eq!(numbered.lines().count(), 120);
    let meta = a.file.meta.unwrap();
    assert_eq!(
        (&meta["algorithm"], &meta["nodes"]),
        (&"construct".into(), &15720.into())
    );
    // Into a stream: the same file, and nothing said about it.
    let streamed = stdout(
        &[&["solve"][..], &board, &["--out", "/dev/stdout"]].concat(),
        0,
    );
    assert_eq!(tour::parse(&streamed).unwrap().file.path, a.file.path);
    // No tour: nothing is written.
    let none = dir.path().join("none.json");
    let args = [
        "solve",
        "--size",
        "101",
        "--closed",
        "--algo",
        "construct",
        "--out",
    ];
    kt().args(args).arg(&none).assert().code(1);
    assert!(!none.exists());
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn construct_builds_big_tours_and_falls_back_where_it_does_not_apply() {
    let stats = |args: &[&str]| -> serde_json::Value {
        let out = kt()
            .args(args)
            .args(["--format", "stats"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        serde_json::from_slice(&out.stdout).unwrap()
    };
    // auto constructs from 100x100 on; below, it searches.
    let v = stats(&[
        "solve", "--rows", "101", "--cols", "103", "--start", "50,52",
    ]);
    assert_eq!(
        (v["found"].as_bool(), v["algorithm"].as_str()),
        (Some(true), Some("construct"))
    );
    let v = stats(&["solve", "--size", "12"]);
    assert_eq!(v["algorithm"], "warnsdorff");
    // Asked for by name it builds small boards too, closed ones included.
    let v = stats(&[
        "solve",
        "--rows",
        "9",
        "--cols",
        "12",
        "--closed",
        "--algo",
        "construct",
    ]);
    assert_eq!(v["algorithm"], "construct");
    // Blocked squares: the construction does not apply, warnsdorff answers.
    let v = stats(&[
        "solve",
        "--size",
        "12",
        "--block",
        "5,5;5,6",
        "--algo",
        "construct",
    ]);
    assert_eq!(
        (v["found"].as_bool(), v["algorithm"].as_str()),
        (Some(true), Some("warnsdorff"))
    );
    // Theory still answers first.
    kt().args(["solve", "--size", "101", "--closed", "--algo", "construct"])
        .assert()
        .code(1)
        .stdout(predicate::str::contains(
            "a closed tour needs equal numbers",
        ));
    // The tour printed is a tour: verify reads it back.
    let dir = tempfile::tempdir().unwrap();
    let f = dir.path().join("t.json");
    kt().args([
        "solve", "--rows", "150", "--cols", "151", "--start", "149,150",
    ])
    .args(["--out", f.to_str().unwrap()])
    .assert()
    .success();
    kt().args(["verify", f.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicate::str::contains("complete"));
}

#[test]
fn strips_are_built_along_their_length_with_blocked_squares_or_not() {
    let dir = tempfile::tempdir().unwrap();
    // A 4x30 strip with four holes: tours from 0,10, none from 2,10.
    let holed = [
        "--rows",
        "4",
        "--cols",
        "30",
        "--block",
        "1,7;2,20;3,14;0,15",
    ];
    // 3x100 from 1,10: a start where Warnsdorff's search runs for minutes.
    for (args, closed) in [
        (
            &["--rows", "3", "--cols", "100", "--start", "1,10"][..],
            false,
        ),
        (
            &["--rows", "3000", "--cols", "4", "--start", "1500,3"][..],
            false,
        ),
        (
            &[
                "--rows", "3", "--cols", "1000", "--closed", "--start", "1,500",
            ][..],
            true,
        ),
        (&[&holed[..], &["--start", "0,10"]].concat()[..], false),
    ] {
        let f = dir.path().join("strip.json");
        let fs = f.to_str().unwrap();
        let out = stdout(&[&["solve"][..], args, &["--out", fs]].concat(), 0);
        assert!(out.starts_with("wrote"), "{out}");
        let text = std::fs::read_to_string(&f).unwrap();
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["meta"]["algorithm"], "construct", "{args:?}");
        assert_eq!(
            check_tour(&text, closed),
            Summary::Complete { closed },
            "{args:?}"
        );
    }
    // Many holes along a long strip: a bounded search finds this one (the
    // strip's steps would take 25 s); the tour checks out.
    let holes: Vec<String> = (20..12001)
        .step_by(40)
        .map(|c| format!("0,{c};3,{c}"))
        .collect();
    let f = dir.path().join("holed.json");
    let args = [
        "solve",
        "--rows",
        "4",
        "--cols",
        "12001",
        "--block",
        &holes.join(";"),
    ];
    stdout(&[&args[..], &["--out", f.to_str().unwrap()]].concat(), 0);
    let text = std::fs::read_to_string(&f).unwrap();
    assert_eq!(
        check_tour(&text, false),
        Summary::Complete { closed: false }
    );
    // No tour on a strip is proven, not searched for.
    let out = stdout(&[&["solve"][..], &holed, &["--start", "2,10"]].concat(), 1);
    assert!(out.contains("every way through the strip"), "{out}");
}

#[test]
fn counts_along_strips_are_exact_and_say_when_they_overflow() {
    // Along the strip and by enumeration: the same number.
    let dp = stdout(&["count", "--rows", "4", "--cols", "7", "--all-starts"], 0);
    let en = stdout(
        &[
            "count",
            "--rows",
            "4",
            "--cols",
            "7",
            "--all-starts",
            "--algo",
            "enumerate",
        ],
        0,
    );
    assert_eq!(dp, en);
    // 3x14 has 1536 closed tours (OEIS A070030), each counted both ways.
    assert_eq!(
        stdout(&["count", "--rows", "3", "--cols", "14", "--closed"], 0).trim(),
        "3072"
    );
    // Knuth's open tour diagrams of 3x30 (OEIS A169770 + A169771 + A169772:
    // 5845628996352 + 320713651212384 + 27880294589248), each both ways.
    assert_eq!(
        stdout(&["count", "--rows", "3", "--cols", "30", "--all-starts"], 0).trim(),
        "708879149595968"
    );
    // Past 2^64 the JSON holds the whole number (the same count, written
    // by serde rather than cut to 64 bits).
    let out = stdout(&["count", "--rows", "3", "--cols", "50", "--json"], 0);
    assert!(
        out.starts_with(r#"{"count":3118540471236973319201440,"complete":true"#),
        "{out}"
    );
    // Ways into a state pass 2^128 on the way and die out: still exact.
    let none = [
        "count", "--rows", "4", "--cols", "100", "--closed", "--block", "0,5;1,5",
    ];
    assert_eq!(stdout(&none, 1).trim(), "0");
    // Past 2^128 a maximum is still reached.
    let out = stdout(&["count", "--rows", "3", "--cols", "200", "--max", "10"], 0);
    assert_eq!(out.trim(), "10");
    // Past 2^128: undecided, said on stderr, nothing on stdout.
    let out = kt()
        .args(["count", "--rows", "3", "--cols", "200"])
        .assert()
        .code(3)
        .get_output()
        .clone();
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("past what the 128-bit counter holds"), "{err}");
}

#[test]
fn every_reporting_command_speaks_json_for_scripts() {
    // --format json, with --json its synonym: one JSON object a line.
    for args in [
        vec!["count", "--size", "5"],
        vec!["sweep", "--from", "5", "--to", "6"],
        vec![
            "verify",
            concat!(env!("CARGO_MANIFEST_DIR"), "/assets/closed-8x8.json"),
        ],
    ] {
        let long: Vec<&str> = args.iter().copied().chain(["--format", "json"]).collect();
        let short: Vec<&str> = args.iter().copied().chain(["--json"]).collect();
        let a = stdout(&long, 0);
        let b = stdout(&short, 0);
        assert_eq!(a.lines().count(), 1, "{a}");
        let va: serde_json::Value = serde_json::from_str(&a).unwrap();
        let vb: serde_json::Value = serde_json::from_str(&b).unwrap();
        // Timings differ from run to run; the rest is the same.
        let strip = |mut v: serde_json::Value| {
            for k in ["elapsed_ms", "total_ms", "slowest_ms", "slowest"] {
                v.as_object_mut().unwrap().remove(k);
            }
            v
        };
        assert_eq!(strip(va.clone()), strip(vb), "{args:?}");
        assert!(va.is_object(), "{a}");
    }
    let v: serde_json::Value = serde_json::from_str(&stdout(
        &[
            "verify",
            concat!(env!("CARGO_MANIFEST_DIR"), "/assets/illegal-step.json"),
            "--format",
            "json",
        ],
        1,
    ))
    .unwrap();
    assert_eq!(v["valid"], false);
    assert_eq!(v["step"], 6);
    assert_eq!(v["error"], "step 6: 1,3 -> 0,2 is not a knight move");
}

#[test]
fn quiet_leaves_only_the_answer() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.json");
    let said = stdout(
        &[
            "solve",
            "--size",
            "5",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ],
        0,
    );
    assert_eq!(said, "");
    assert!(
        std::fs::read_to_string(&out)
            .unwrap()
            .contains("knight-tour")
    );
    let said = stdout(&["sweep", "--from", "5", "--to", "7", "--quiet"], 0);
    assert_eq!(said.lines().count(), 1, "{said}");
    assert!(said.starts_with("all: "), "{said}");
    assert_eq!(stdout(&["count", "--size", "5", "-q"], 0), "304\n");
}

#[test]
fn the_textbook_move_order_prints_the_textbook_tour() {
    let textbook = "2,1;-2,-1;-2,1;-1,-2;-1,2;1,-2;1,2;2,-1";
    let printed = stdout(
        &[
            "solve",
            "--size",
            "8",
            "--start",
            "0,0",
            "--algo",
            "warnsdorff",
            "--tie-break",
            "fixed",
            "--moves",
            textbook,
        ],
        0,
    );
    let asset = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/textbook-8x8.txt"
    ))
    .unwrap();
    assert_eq!(printed, asset);
    assert!(matches!(
        check_tour(&printed, false),
        Summary::Complete { .. }
    ));
    // The same from the configuration's search.moves; the order is in the file's meta.
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("c.toml");
    std::fs::write(
        &config,
        format!(
            "[search]\nmoves = \"{textbook}\"\ntie_break = \"fixed\"\nalgorithm = \"warnsdorff\"\n"
        ),
    )
    .unwrap();
    let c = config.to_str().unwrap();
    assert_eq!(stdout(&["--config", c, "solve", "--size", "8"], 0), asset);
    let json = stdout(
        &["--config", c, "solve", "--size", "8", "--format", "json"],
        0,
    );
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["meta"]["moves"], textbook);
    // Anything but the eight knight moves once each: one line, exit 2.
    let got = kt()
        .args(["solve", "--moves", "2,1;1,2"])
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8(got).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("--moves: a move order names all eight knight moves once"),
        "{err}"
    );
    // The order by its name: the same board.
    let named = stdout(
        &[
            "solve",
            "--size",
            "8",
            "--algo",
            "warnsdorff",
            "--tie-break",
            "fixed",
            "--moves",
            "textbook",
        ],
        0,
    );
    assert_eq!(named, asset);
}

/// stderr of a refused command line: one line, exit 2.
fn refused(args: &[&str]) -> String {
    let got = kt().args(args).assert().code(2).get_output().stderr.clone();
    let err = String::from_utf8(got).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

#[test]
fn a_race_refuses_two_alike_sides_and_bad_rivals() {
    // The app needs a terminal; the flags are checked before it opens, and
    // sides that differ pass the check, then want a terminal.
    let cases = [
        (
            "--size 8 --algo backtrack --vs backtrack",
            "both sides would run the same search (backtrack)",
        ),
        (
            "--algo warnsdorff --vs warnsdorff --vs-tie-break roth",
            "(warnsdorff · roth ties): change --vs, --vs-tie-break or --vs-moves",
        ),
        ("--vs quantum", "--vs: "),
        ("--vs-moves 2,1", "--vs-moves: "),
        ("--vs-tie-break coin", "--vs-tie-break: "),
        (
            "--size 8 --algo backtrack --vs-moves textbook",
            "needs a terminal",
        ),
    ];
    for (args, want) in cases {
        let mut line = vec!["race"];
        line.extend(args.split_whitespace());
        let err = refused(&line);
        assert!(err.contains(want), "{args}: {err}");
    }
}

/// The `<line class="move">` elements of an SVG, parsed by a real XML
/// parser, as (x1, y1, x2, y2).
fn svg_moves(svg: &str) -> Vec<[u32; 4]> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed SVG");
    doc.descendants()
        .filter(|n| n.has_tag_name("line") && n.attribute("class") == Some("move"))
        .map(|n| ["x1", "y1", "x2", "y2"].map(|a| n.attribute(a).unwrap().parse().unwrap()))
        .collect()
}

#[test]
fn draw_and_solve_make_the_pictures_in_the_repository() {
    let root = env!("CARGO_MANIFEST_DIR");
    let picture =
        |name: &str| std::fs::read_to_string(format!("{root}/assets/pictures/{name}")).unwrap();
    let cases: [(&[&str], &str, usize); 3] = [
        (
            &["draw", "assets/euler-1759-8x8.json", "--numbers"],
            "euler-1759-8x8.svg",
            64,
        ),
        (
            &[
                "solve",
                "--size",
                "64",
                "--algo",
                "warnsdorff",
                "--format",
                "svg",
            ],
            "warnsdorff-64x64.svg",
            4096,
        ),
        (
            &[
                "solve", "--rows", "3", "--cols", "100", "--start", "1,10", "--format", "svg",
            ],
            "strip-3x100.svg",
            300,
        ),
    ];
    for (args, name, squares) in cases {
        let got = kt()
            .current_dir(root)
            .args(args)
            .assert()
            .code(0)
            .get_output()
            .stdout
            .clone();
        let got = String::from_utf8(got).unwrap();
        assert_eq!(got, picture(name), "{name} is what {args:?} draws");
        // One line a move, each a knight's move between square centres.
        let moves = svg_moves(&got);
        assert_eq!(moves.len(), squares - 1, "{name}");
        for [x1, y1, x2, y2] in moves {
            let (dx, dy) = (x1.abs_diff(x2) / 40, y1.abs_diff(y2) / 40);
            assert!(
                matches!((dx, dy), (1, 2) | (2, 1)),
                "{name}: not a knight move"
            );
            assert_eq!((x1 % 40, y1 % 40, x2 % 40, y2 % 40), (20, 20, 20, 20));
        }
    }
}

#[test]
fn draw_follows_the_tour_square_by_square_and_refuses_illegal_paths() {
    // A solved 6x6 tour through a pipe: the lines are its moves, in order.
    let board = stdout(&["solve", "--size", "6", "--start", "2,3"], 0);
    let squares: Vec<(u32, u32)> = {
        let file = tour::parse(&board).unwrap().file;
        file.path
            .iter()
            .map(|&[r, c]| (r as u32, c as u32))
            .collect()
    };
    let svg = kt()
        .args(["draw", "-"])
        .write_stdin(board.clone())
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let moves = svg_moves(&String::from_utf8(svg).unwrap());
    assert_eq!(moves.len(), 35);
    for (m, pair) in moves.iter().zip(squares.windows(2)) {
        let ((r1, c1), (r2, c2)) = (pair[0], pair[1]);
        assert_eq!(*m, [c1 * 40 + 20, r1 * 40 + 20, c2 * 40 + 20, r2 * 40 + 20]);
    }
    // --out writes the file whole and says so.
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("six.svg");
    kt().args(["draw", "-", "--out", out.to_str().unwrap()])
        .write_stdin(board)
        .assert()
        .code(0)
        .stdout(predicate::str::starts_with("wrote "));
    assert_eq!(svg_moves(&std::fs::read_to_string(&out).unwrap()).len(), 35);
    // An illegal path: one line, exit 1, nothing drawn.
    let root = env!("CARGO_MANIFEST_DIR");
    let got = kt()
        .current_dir(root)
        .args(["draw", "assets/illegal-step.json"])
        .assert()
        .code(1)
        .get_output()
        .clone();
    assert!(got.stdout.is_empty());
    let err = String::from_utf8(got.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("step 6: 1,3 -> 0,2 is not a knight move"),
        "{err}"
    );
    // One tour a picture.
    let err = refused(&["solve", "--size", "5", "--tours", "2", "--format", "svg"]);
    assert!(err.contains("--format svg draws one tour"), "{err}");
}
