//! The command line building and drawing: constructed tours and strips,
//! JSON for scripts, quiet output, the textbook's move order, the race's
//! refusals, the pictures and the tour files in the repository. Every tour
//! is checked square by square.

use predicates::prelude::*;

use knight_engine::board::Square;
use knight_engine::tour::{self, Summary};

use crate::commands::{check_tour, kt, stdout};

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
        knight_engine::solver::find::construct::construct(120, 131, Square::new(7, 9), true)
            .unwrap();
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
    // A Warnsdorff search keeps its tie-break too; backtracking has none.
    assert_eq!(v["meta"]["tie_break"], "fixed", "{json}");
    let json = stdout(
        &[
            "solve",
            "--size",
            "5",
            "--algo",
            "backtrack",
            "--format",
            "json",
        ],
        0,
    );
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(v["meta"].get("tie_break").is_none(), "{json}");
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
            "--size 8 --algo warnsdorff --vs-tie-break roth",
            "--vs-tie-break: the right side runs backtrack, which breaks no ties",
        ),
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
        .stdout(predicate::str::contains("complete closed tour: 64 squares"))
        .stdout(predicate::str::contains("magic").not());
}

/// Beverley's tour of 1848 is checked square by square and named
/// semimagic; the same tour with two steps swapped is not a tour, and a
/// knight's tour whose sums are off (Euler's) is not called magic.
#[test]
fn beverleys_tour_verifies_as_semimagic() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/beverley-1848-8x8.json");
    kt().args(["verify", file]).assert().code(0).stdout(
        "complete open tour: 64 squares on 8x8 from 0,0, semimagic (every row and column sums to 260)\n",
    );
    let json = stdout(&["verify", file, "--format", "json"], 0);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["magic"], "semi");
    let text = std::fs::read_to_string(file).unwrap();
    let loaded = tour::parse(&text).unwrap().file;
    let board = loaded.board().unwrap();
    assert_eq!(
        loaded.check(&board),
        Ok(Summary::Complete { closed: false })
    );
    // The sums, from the path itself: every row and column 260.
    let mut rows = [0u32; 8];
    let mut cols = [0u32; 8];
    for (k, &[r, c]) in loaded.path.iter().enumerate() {
        rows[r as usize] += k as u32 + 1;
        cols[c as usize] += k as u32 + 1;
    }
    assert_eq!((rows, cols), ([260; 8], [260; 8]));
}
