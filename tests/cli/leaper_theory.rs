//! Other leapers and surfaces from the command line, and the theory's
//! arguments: each "no tour" names its argument. (Hall's certificates,
//! merged cycles and the 2-factor pruning are checked against brute force
//! in the engine's own tests: engine/src/theory/factor/brute_tests.rs.)

use knight_engine::board::{Board, Geometry, Square, Surface};
use knight_engine::solver::{self, Algorithm, Limits, Options, Problem, Tours, Verdict};

use crate::common::run;
use crate::leapers::{assert_tour, brute, moves};

#[test]
fn the_camel_on_8x8_gets_a_reasoned_no_tour_and_bad_leapers_a_usage_error() {
    let (code, out, _) = run(&["solve", "--size", "8", "--leaper", "camel"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("never changes colour") && out.contains("32 light"),
        "{out}"
    );
    let (code, out, _) = run(&["solve", "--size", "8", "--leaper", "2,4"]);
    assert_eq!(code, 1);
    assert!(out.contains("multiples of 2"), "{out}");
    for bad in [
        &["--leaper", "0,0"][..],
        &["--leaper", "horse"],
        &["--surface", "sphere"],
    ] {
        let mut args = vec!["solve"];
        args.extend_from_slice(bad);
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{bad:?}");
        assert!(out.is_empty());
        assert_eq!(err.trim().lines().count(), 1, "{err}");
    }
}

#[test]
fn a_zebra_tour_of_a_torus_is_written_verified_and_its_moves_checked_by_its_piece() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("z.json");
    let f = file.to_str().unwrap();
    let (code, _, err) = run(&[
        "solve",
        "--size",
        "12",
        "--leaper",
        "zebra",
        "--surface",
        "torus",
        "--closed",
        "--out",
        f,
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&file).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["leaper"], serde_json::json!([2, 3]));
    assert_eq!(json["surface"], "torus");
    let (code, out, _) = run(&["verify", f]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("complete closed tour") && out.contains("torus for the zebra"),
        "{out}"
    );
    // The same path read as the knight's, or the zebra's on the plane: not tours.
    let path: Vec<[u32; 2]> = serde_json::from_value(json["path"].clone()).unwrap();
    let g = Geometry::new("zebra".parse().unwrap(), Surface::Torus);
    let board = Board::with_geometry(12, 12, &[], g).unwrap();
    let adj = moves(12, 12, &[], g);
    let tour: Vec<u32> = path
        .iter()
        .map(|&[r, c]| board.index(Square::new(r, c)))
        .collect();
    assert_tour(&adj, &tour, 144, true, "the written tour");
    for (key, value) in [
        ("leaper", serde_json::json!([1, 2])),
        ("surface", serde_json::json!("plane")),
    ] {
        let mut other = json.clone();
        other[key] = value;
        std::fs::write(&file, other.to_string()).unwrap();
        let (code, out, _) = run(&["verify", f]);
        assert_eq!(code, 1, "{key}: {out}");
        assert!(out.contains("is not a"), "{out}");
    }
}

#[test]
fn sweep_names_each_leaper_board_without_a_tour_and_why() {
    let (code, out, err) = run(&[
        "sweep", "--leaper", "zebra", "--from", "3", "--to", "10", "--format", "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let without = v["boards_without_tour"].as_array().unwrap();
    let sizes: Vec<u64> = without
        .iter()
        .map(|b| b["size"].as_u64().unwrap())
        .collect();
    assert_eq!(sizes, [3, 4, 5, 6, 7, 8, 9]);
    assert!(
        without
            .iter()
            .all(|b| !b["reason"].as_str().unwrap().is_empty())
    );
    assert_eq!(v["starts_with_tour"], 100);
    assert_eq!(v["failures"], 0);
    // 11x11: Hall's condition and 2-factor pruning settle every start.
    let (code, out, err) = run(&["sweep", "--leaper", "zebra", "--from", "11", "--to", "11"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("no start has one: theory rules out 100 starts and 2-factor pruning 21"),
        "{out}"
    );
    // The camel: theory answers every board and no start is searched, so
    // there is no slowest start.
    let (code, out, err) = run(&[
        "sweep", "--leaper", "camel", "--from", "4", "--to", "6", "--format", "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["starts"], 0);
    assert!(v["slowest"].is_null() && v["slowest_ms"].is_null(), "{v}");
}

/// Each argument of the theory, for pieces other than the knight or on
/// other surfaces, fires with its own words where it applies; and where a
/// wrap breaks the colouring it stays silent.
#[test]
fn each_theory_argument_names_itself() {
    use knight_engine::theory::check;
    let board = |n: u32, m: u32, leaper: &str, surface: Surface, blocked: &[Square]| {
        Board::with_geometry(
            n,
            m,
            blocked,
            Geometry::new(leaper.parse().unwrap(), surface),
        )
        .unwrap()
    };
    let says = |b: &Board, start: Option<Square>, closed: bool, words: &str| {
        let why = check(b, start, closed).expect_err(&b.describe());
        assert!(why.to_string().contains(words), "{}: {why}", b.describe());
    };
    says(
        &board(3, 3, "giraffe", Surface::Plane, &[]),
        None,
        false,
        "does not fit",
    );
    says(
        &board(8, 8, "2,4", Surface::Plane, &[]),
        None,
        false,
        "multiples of 2",
    );
    says(
        &board(8, 8, "camel", Surface::Plane, &[]),
        None,
        false,
        "never changes colour",
    );
    says(
        &board(11, 11, "zebra", Surface::Plane, &[]),
        Some(Square::new(0, 1)),
        false,
        "starts on a light square",
    );
    says(
        &board(11, 11, "zebra", Surface::Plane, &[]),
        None,
        true,
        "needs equal numbers",
    );
    says(
        &board(5, 5, "zebra", Surface::Plane, &[]),
        None,
        false,
        "no zebra move",
    );
    let one = [Square::new(2, 3), Square::new(7, 7)];
    says(
        &board(8, 8, "zebra", Surface::Plane, &one),
        None,
        true,
        "only one zebra move",
    );
    says(
        &board(4, 6, "knight", Surface::Cylinder, &[]),
        None,
        true,
        "Watkins 2000",
    );
    // The (0,2) leaper on a 4x4 torus keeps to one class mod 2; on a 5x5
    // torus the wrap joins the classes and the lattice says nothing.
    says(
        &board(4, 4, "0,2", Surface::Torus, &[]),
        None,
        false,
        "multiples of 2",
    );
    let odd = board(5, 5, "0,2", Surface::Torus, &[]);
    if let Err(why) = check(&odd, None, false) {
        assert!(!why.to_string().contains("multiples"), "{why}");
    }
    // The camel on a 5x5 torus: the odd wrap flips colours, so it is not
    // colour-bound there (and the brute force finds its tours).
    let camel = board(5, 5, "camel", Surface::Torus, &[]);
    assert!(check(&camel, None, true).is_ok());
    let adj = moves(5, 5, &[], camel.geometry());
    assert!(brute(&adj, 25, 0, true, 50_000_000).is_none_or(|n| n > 0));
    // Hall's condition: the giraffe's 17 squares round one corner of 11x11
    // reach only 16, which have just the tour moves those need; the
    // antelope's corner squares of 16x16 need more than they can have.
    says(
        &board(11, 11, "giraffe", Surface::Plane, &[]),
        Some(Square::new(0, 0)),
        false,
        "apart from the rest of the board (Hall's condition)",
    );
    says(
        &board(16, 16, "antelope", Surface::Plane, &[]),
        Some(Square::new(5, 5)),
        false,
        "need 80 tour moves",
    );
    // A 2x6 cylinder: the knight keeps its column's parity, two groups.
    says(
        &board(2, 6, "knight", Surface::Cylinder, &[]),
        None,
        false,
        "groups",
    );
}

/// The solver uses it between its restarts: the antelope's tours (its
/// first descent by the rule almost never finishes) come within a
/// million nodes.
#[test]
fn warnsdorff_finds_the_antelopes_tours_by_merging_cycles() {
    for (n, start, closed) in [
        (26, Square::new(0, 0), false),
        (26, Square::new(5, 5), true),
    ] {
        let g = Geometry::new("antelope".parse().unwrap(), Surface::Plane);
        let board = Board::with_geometry(n, n, &[], g).unwrap();
        let problem = Problem::new(Tours::closed_if(board.clone(), closed), start).unwrap();
        let sol = solver::solve(
            &problem,
            &Options {
                algorithm: Algorithm::Warnsdorff,
                limits: Limits {
                    nodes: Some(1_000_000),
                    time: None,
                },
                ..Options::default()
            },
        );
        let what = format!("antelope {n}x{n} from {start}, closed {closed}");
        assert!(
            matches!(sol.verdict, Verdict::Found),
            "{what}: {:?}",
            sol.verdict
        );
        assert_tour(
            &moves(n, n, &[], g),
            &sol.tours[0],
            (n * n) as usize,
            closed,
            &what,
        );
    }
}

/// The zebra has no open tour of 11x11: the CLI says so, naming the
/// 2-factor pruning (the engine's tests check the pruning itself against
/// brute force).
#[test]
fn the_cli_says_the_zebra_has_no_tour_of_11x11() {
    let (code, out, _) = run(&[
        "solve", "--leaper", "zebra", "--size", "11", "--start", "0,0",
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("whichever of the 60 squares") && out.contains("(2-factor pruning)"),
        "{out}"
    );
}
