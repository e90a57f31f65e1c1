//! `--end SQUARE`: open tours with a chosen last square, from `solve`,
//! `count` (and its tables) and the configuration, each tour re-checked
//! here square by square with nothing of the engine's; the refusals and
//! theory's answers.

use crate::common::{kt, written};

fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = kt().args(args).output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// A `--format moves` line as squares, checked to be an open knight's
/// tour of the full `rows` x `cols` board.
fn checked_tour(line: &str, rows: i32, cols: i32) -> Vec<(i32, i32)> {
    let tour: Vec<(i32, i32)> = line
        .split(' ')
        .map(|sq| {
            let (r, c) = sq.split_once(',').unwrap();
            (r.parse().unwrap(), c.parse().unwrap())
        })
        .collect();
    assert_eq!(tour.len(), (rows * cols) as usize);
    let mut seen = std::collections::HashSet::new();
    for (i, &(r, c)) in tour.iter().enumerate() {
        assert!((0..rows).contains(&r) && (0..cols).contains(&c), "{r},{c}");
        assert!(seen.insert((r, c)), "{r},{c} twice");
        if i > 0 {
            let (pr, pc) = tour[i - 1];
            let (dr, dc) = ((r - pr).abs(), (c - pc).abs());
            assert!(dr.min(dc) == 1 && dr.max(dc) == 2, "{pr},{pc} -> {r},{c}");
        }
    }
    tour
}

#[test]
fn solve_ends_where_asked() {
    for (size, start, end) in [
        (5, "0,0", "4,4"),
        (5, "2,2", "0,4"),
        (8, "0,0", "0,1"),
        (8, "3,3", "4,5"),
        (12, "0,0", "11,10"),
    ] {
        let n = size.to_string();
        let (code, out, err) = run(&[
            "solve", "--size", &n, "--start", start, "--end", end, "--format", "moves",
        ]);
        assert_eq!(code, Some(0), "{size}: {start} to {end}: {err}");
        let tour = checked_tour(out.trim(), size, size);
        let sq = |t: (i32, i32)| format!("{},{}", t.0, t.1);
        assert_eq!(sq(tour[0]), start);
        assert_eq!(sq(*tour.last().unwrap()), end);
    }
    // Algebraic notation, and a rectangle with a hole.
    let (code, out, _) = run(&["solve", "--size", "8", "--end", "h8", "--format", "moves"]);
    assert_eq!(code, Some(0));
    assert!(out.trim().ends_with(" 0,7"), "h8 is row 0, column 7: {out}");
    let (code, out, err) = run(&[
        "solve", "--rows", "5", "--cols", "6", "--block", "2,2", "--start", "1,0", "--end", "4,5",
        "--format", "moves",
    ]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.trim().starts_with("1,0 ") && out.trim().ends_with(" 4,5"));
}

#[test]
fn refusals_are_usage_errors() {
    for (args, says) in [
        (vec!["--closed", "--end", "0,1"], "cannot be used with"),
        (vec!["--end", "0,0"], "end 0,0 is the start"),
        (vec!["--end", "9,9"], "off the 8x8 board"),
        (vec!["--end", "zz"], "--end: square 'zz'"),
        (
            vec!["--block", "3,3", "--end", "3,3"],
            "end 3,3 is a blocked square",
        ),
        (vec!["--end"], "--end: needs a square"),
        (
            vec!["--magic", "semi", "--end", "0,1"],
            "--end cannot be used with --magic",
        ),
    ] {
        let mut all = vec!["solve", "--size", "8"];
        all.extend(&args);
        let (code, out, err) = run(&all);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
    // A closed tour from the configuration, an end from the flags.
    let (_dir, path) = written("c.toml", "[board]\nclosed = true\n");
    let (code, _, err) = run(&["--config", &path, "solve", "--size", "6", "--end", "0,1"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("a closed tour has no last square"), "{err}");
}

#[test]
fn theory_answers_at_once_with_the_reason() {
    for (args, says) in [
        (
            vec!["--size", "8", "--end", "7,7"],
            "so an open tour ends on the other colour than its start; 0,0 and 7,7 are both light",
        ),
        (
            vec!["--size", "5", "--end", "0,1"],
            "so an open tour starts and ends on a light square; end 0,1 is dark",
        ),
        (
            vec!["--rows", "4", "--cols", "9", "--end", "1,8"],
            "1,8 (the end) is on an inner row",
        ),
    ] {
        let mut all = vec!["solve"];
        all.extend(&args);
        let (code, out, err) = run(&all);
        assert_eq!(code, Some(1), "{args:?}: {err}");
        assert!(
            out.contains("no tour") || err.contains("no tour"),
            "{args:?}"
        );
        assert!(format!("{out}{err}").contains(says), "{args:?}: {out}{err}");
        all[0] = "count";
        let (code, out, _) = run(&all);
        assert_eq!((code, out.trim()), (Some(1), "0"), "{args:?}");
    }
}

/// The board of a `count --table`, as numbers (`None` for `.`).
fn table(out: &str) -> Vec<Vec<Option<u64>>> {
    out.lines()
        .map(|l| l.split_whitespace().map(|c| c.parse().ok()).collect())
        .collect()
}

#[test]
fn counts_to_an_end_and_the_tables_of_ends() {
    // The published brute force of 5x5 from a corner.
    for (end, want) in [("4,4", "56"), ("0,4", "60"), ("2,2", "16")] {
        let (code, out, _) = run(&["count", "--size", "5", "--end", end]);
        assert_eq!((code, out.trim()), (Some(0), want), "to {end}");
    }
    // From the start to each square: 304 in all, the count with no end.
    let (code, out, _) = run(&["count", "--size", "5", "--table", "--end"]);
    assert_eq!(code, Some(0));
    let by_end = table(&out);
    assert_eq!(by_end[0][0], None, "the start");
    assert_eq!(
        (by_end[4][4], by_end[0][4], by_end[2][2]),
        (Some(56), Some(60), Some(16))
    );
    let sum: u64 = by_end.iter().flatten().flatten().sum();
    assert_eq!(sum, 304);
    // From each start to 4,4: the same table turned round (read backwards).
    let (_, out, _) = run(&["count", "--size", "5", "--table", "--end", "4,4"]);
    let to_corner = table(&out);
    assert_eq!(to_corner[4][4], None, "the end");
    for r in 0..5 {
        for c in 0..5 {
            if (r, c) != (0, 0) && (r, c) != (4, 4) {
                assert_eq!(to_corner[r][c], by_end[4 - r][4 - c], "{r},{c}");
            }
        }
    }
    // Over every start, summed: the tours from the end read backwards.
    let (_, out, _) = run(&["count", "--size", "5", "--all-starts", "--end", "4,4"]);
    let (_, from_end, _) = run(&["count", "--size", "5", "--start", "4,4"]);
    assert_eq!(out.trim(), from_end.trim());
    // The JSON table.
    let (_, out, _) = run(&[
        "count", "--size", "5", "--table", "--end", "--format", "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["total"], 304);
    assert_eq!(v["table"][4][4], 56);
    // Over the frontier (40 squares and more) as by enumeration.
    let args = [
        "count", "--rows", "5", "--cols", "8", "--end", "4,7", "--format", "json",
    ];
    let (_, auto, _) = run(&args);
    let mut slow = args.to_vec();
    slow.extend(["--algo", "enumerate"]);
    let (_, enumerated, _) = run(&slow);
    let count =
        |s: &str| serde_json::from_str::<serde_json::Value>(s.trim()).unwrap()["count"].clone();
    assert_eq!(count(&auto), count(&enumerated));
    assert_eq!(count(&auto), 774_019);
}

#[test]
fn the_configuration_sets_the_end() {
    let (_dir, path) = written("c.toml", "[board]\nrows = 5\ncols = 5\nend = \"0,4\"\n");
    let path = path.as_str();
    let (code, out, _) = run(&["--config", path, "count"]);
    assert_eq!((code, out.trim()), (Some(0), "60"));
    // The flag over the file.
    let (_, out, _) = run(&["--config", path, "count", "--end", "4,4"]);
    assert_eq!(out.trim(), "56");
    let (_, out, _) = run(&["--config", path, "config"]);
    assert!(out.contains("end = \"0,4\""), "{out}");
    std::fs::write(path, "[board]\nend = \"0,0\"\n").unwrap();
    let (code, _, err) = run(&["--config", path, "solve"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("board.end: end 0,0 is the start"), "{err}");
}

#[test]
fn the_tour_file_keeps_the_end_and_verify_holds_a_tour_to_it() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.json");
    let path = file.to_str().unwrap();
    let (code, _, err) = run(&["solve", "--size", "5", "--end", "0,4", "--out", path]);
    assert_eq!(code, Some(0), "{err}");
    let text = std::fs::read_to_string(&file).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["end"], serde_json::json!([0, 4]));
    assert_eq!(
        v["path"].as_array().unwrap().last().unwrap(),
        &serde_json::json!([0, 4])
    );
    let (code, out, _) = run(&["verify", path]);
    assert_eq!(code, Some(0), "{out}");
    // The same tour, said to end elsewhere: not a valid tour.
    v["end"] = serde_json::json!([4, 4]);
    std::fs::write(&file, v.to_string()).unwrap();
    let (code, out, _) = run(&["verify", path]);
    assert_eq!(code, Some(1));
    assert!(
        out.contains("the tour must end on 4,4 but ends on 0,4"),
        "{out}"
    );
    // A game that visited its goal too soon cannot be resumed.
    v["end"] = v["path"][3].clone();
    v["path"] = serde_json::json!(v["path"].as_array().unwrap()[..6]);
    std::fs::write(&file, v.to_string()).unwrap();
    let (code, _, err) = run(&["play", "--resume", path]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("cannot resume: its end") && err.contains("visited at step 4"),
        "{err}"
    );
}

/// A closed file that names an end, and an end off the board, are not
/// tour files: `verify` says so (exit 1), `play --resume` refuses them
/// (exit 2), each in one line (`verify` once called the first valid, and
/// the finisher in play then found "no tour from here").
#[test]
fn a_closed_file_with_an_end_or_an_end_off_the_board_is_refused() {
    let (code, json, err) = run(&["solve", "--size", "6", "--closed", "--format", "json"]);
    assert_eq!(code, Some(0), "{err}");
    let mut file: serde_json::Value = serde_json::from_str(&json).unwrap();
    file["end"] = serde_json::json!([1, 2]);
    let (_d1, closed) = written("closed.json", &file.to_string());
    file["closed"] = serde_json::json!(false);
    file["end"] = serde_json::json!([9, 9]);
    let (_d2, off) = written("off.json", &file.to_string());
    for (path, says) in [
        (&closed, "is closed and names an end (1,2)"),
        (&off, "end 9,9 is off the 6x6 board"),
    ] {
        let (code, out, _) = run(&["verify", path]);
        assert_eq!(code, Some(1), "{out}");
        let (code, _, err) = run(&["play", "--resume", path]);
        assert_eq!(code, Some(2), "{err}");
        for said in [&out, &err] {
            assert!(
                said.contains(says) && said.trim().lines().count() == 1,
                "{said}"
            );
        }
    }
}
