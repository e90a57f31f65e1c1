//! One rule for puzzle files: clues that cannot be make a file invalid
//! (verify: exit 1 with its JSON keys), an `"end"` is the last step's
//! clue, a closed tour has no end, puzzles are the knight's on the plane,
//! a comment closes a text puzzle only by saying so, and `solve --puzzle`
//! ends by itself.

use serde_json::Value;

use crate::common::{run, written};

#[test]
fn verify_says_invalid_for_clues_that_cannot_be() {
    let (_, tour, _) = run(&["solve", "--size", "5", "--format", "json"]);
    let mut v: Value = serde_json::from_str(&tour).unwrap();
    let first = v["path"][0].clone();
    let (r, c) = (first[0].as_i64().unwrap(), first[1].as_i64().unwrap());
    let cases = [
        (serde_json::json!([[9, 9, 1]]), "off the 5x5 board"),
        (serde_json::json!([[r, c, 0]]), "not a step of this board"),
        (
            serde_json::json!([[r, c, 1], [r, c, 1]]),
            "clue 1 is given twice on",
        ),
        (serde_json::json!([[r, c, 1.5]]), "\"clues\""),
        (serde_json::json!({"a": 1}), "\"clues\""),
        (serde_json::json!([[r, c, 2]]), "step 2 must be on"),
    ];
    for (clues, says) in cases {
        v["clues"] = clues.clone();
        let (_dir, file) = written("t.json", &v.to_string());
        let (code, out, err) = run(&["verify", &file]);
        assert_eq!(code, 1, "{clues}: {err}");
        assert!(
            out.starts_with("invalid: ") && out.contains(says),
            "{clues}: {out}"
        );
        let (code, out, _) = run(&["verify", "--json", &file]);
        assert_eq!(code, 1, "{clues}");
        let j: Value = serde_json::from_str(&out).unwrap();
        assert_eq!(j["valid"], false, "{out}");
        assert!(j["error"].as_str().unwrap().contains(says), "{out}");
        assert_eq!(j["board"], "5x5", "{out}");
    }
}

/// `solve --puzzle FILE --format json`: its exit code, the path of each
/// solution it prints (one, or two of several), and stderr.
fn solved(file: &str) -> (i32, Vec<Vec<[i64; 2]>>, String) {
    let (code, out, err) = run(&["solve", "--puzzle", file, "--format", "json"]);
    let paths = out
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .map(|v| serde_json::from_value(v["path"].clone()).unwrap())
        .collect();
    (code, paths, err)
}

#[test]
fn a_puzzle_s_end_is_its_last_step_and_a_closed_one_has_none() {
    // 5x5 from 0,0: open tours end on many squares; the end picks one.
    let (_, tour, _) = run(&["solve", "--size", "5", "--format", "json"]);
    let v: Value = serde_json::from_str(&tour).unwrap();
    let path: Vec<[i64; 2]> = serde_json::from_value(v["path"].clone()).unwrap();
    let last = path[24];
    let mid = path[12];
    let puzzle = |extra: &str| {
        format!(
            r#"{{"format":"knight-tour","version":1,"rows":5,"cols":5,"clues":[[0,0,1],[{},{},13]]{extra}}}"#,
            mid[0], mid[1]
        )
    };
    let (_d, file) = written(
        "end.json",
        &puzzle(&format!(r#","end":[{},{}]"#, last[0], last[1])),
    );
    let (code, paths, err) = solved(&file);
    // One solution or several, the end is honoured.
    assert!(code == 0 || code == 1, "{err}");
    assert!(!paths.is_empty(), "{err}");
    for got in paths {
        assert_eq!(got[24], last, "the tour ends on the end");
        assert_eq!((got[0], got[12]), ([0, 0], mid));
    }
    let (_d, file) = written("closed.json", &puzzle(r#","closed":true,"end":[1,2]"#));
    let (code, out, err) = run(&["solve", "--puzzle", &file]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("a closed tour has no end"), "{err}");
    // A leaper or a surface is refused, not ignored.
    let (_d, file) = written("p.json", &puzzle(""));
    for flag in [["--leaper", "camel"], ["--surface", "torus"]] {
        for cmd in ["solve", "play"] {
            let (code, _, err) = run(&[cmd, "--puzzle", &file, flag[0], flag[1]]);
            assert_eq!(code, 2, "{cmd} {flag:?}: {err}");
            assert!(err.contains("knight on the plane"), "{err}");
        }
    }
}

#[test]
fn a_closed_puzzle_file_with_no_tour_is_said_before_the_screen_opens() {
    let (_d, file) = written(
        "c5.json",
        r#"{"format":"knight-tour","version":1,"rows":5,"cols":5,"closed":true,"clues":[[0,0,1]]}"#,
    );
    let (code, out, err) = run(&["play", "--puzzle", &file]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(err.contains("a closed tour needs equal numbers"), "{err}");
}

#[test]
fn only_a_comment_that_says_closed_tour_closes_a_text_puzzle() {
    // 5x6 has open tours and closed ones; a clue on 0,0 alone.
    let board = "1 - - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n- - - - - -\n";
    let closed = |comment: &str| {
        let (_d, file) = written("p.txt", &format!("# {comment}\n{board}"));
        let (_, out, err) = run(&["solve", "--puzzle", &file, "--format", "json"]);
        let first = out.lines().next().unwrap_or_default();
        let v: Value = serde_json::from_str(first).unwrap_or_else(|_| panic!("{comment}: {err}"));
        v["closed"].as_bool().unwrap()
    };
    assert!(!closed("this puzzle is not closed"));
    assert!(!closed("disclosed"));
    assert!(closed("knight's tour puzzle, 5x6, closed tour, easy"));
    assert!(closed("closed"));
}

#[test]
fn solve_puzzle_ends_by_itself_and_keeps_the_limits_it_is_given() {
    let (_d, file) = written(
        "p12.json",
        r#"{"format":"knight-tour","version":1,"rows":12,"cols":12,"clues":[[0,0,1]]}"#,
    );
    let started = std::time::Instant::now();
    let (code, out, err) = run(&["solve", "--puzzle", &file, "--time-limit", "0.5"]);
    assert_eq!((code, out.as_str()), (3, ""), "{err}");
    assert!(err.contains("undecided: the time limit"), "{err}");
    assert!(started.elapsed().as_secs() < 20);
    let (code, _, err) = run(&["solve", "--puzzle", &file, "--node-limit", "10000"]);
    assert_eq!(code, 3, "{err}");
    assert!(err.contains("node limit"), "{err}");
    let (_, help, _) = run(&["solve", "--help"]);
    assert!(help.contains("Stops after 30 s"), "{help}");
}

/// The default: 30 s, then exit 3 saying how to search longer.
#[test]
#[ignore = "long proof: .ci/run runs it (cargo test -- --ignored)"]
fn solve_puzzle_stops_at_its_default_limit() {
    let (_d, file) = written(
        "p12.json",
        r#"{"format":"knight-tour","version":1,"rows":12,"cols":12,"clues":[[0,0,1]]}"#,
    );
    let started = std::time::Instant::now();
    let (code, out, err) = run(&["solve", "--puzzle", &file]);
    let took = started.elapsed().as_secs_f64();
    assert_eq!((code, out.as_str()), (3, ""), "{err}");
    assert!(err.contains("--time-limit for longer"), "{err}");
    assert!((29.0..60.0).contains(&took), "{took} s");
}

#[test]
fn a_puzzle_file_nests_no_deeper_than_a_tour_file() {
    let deep = format!(
        r#"{{"format":"knight-tour","version":1,"rows":5,"cols":5,"clues":[[0,0,1]],"x":{}{}}}"#,
        "[".repeat(5000),
        "]".repeat(5000)
    );
    let (_d, file) = written("deep.json", &deep);
    let (code, out, err) = run(&["solve", "--puzzle", &file]);
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(err.contains("nest deeper than 1000"), "{err}");
}
