//! Other leapers and surfaces from the command line, and the theory's
//! arguments: each "no tour" names its argument, Hall's certificates and
//! merged cycles hold square by square, and the 2-factor pruning agrees
//! with the brute force of leapers.rs.

use knight_engine::board::{Board, Geometry, Square, Surface};
use knight_engine::solver::{self, Algorithm, Limits, Options, Problem, Verdict};

use crate::common::run;
use crate::leapers::{assert_tour, brute, geometries, moves};

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
        assert!(why.reason.contains(words), "{}: {why}", b.describe());
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
        assert!(!why.reason.contains("multiples"), "{why}");
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

/// Hall's condition (theory's flow argument) checked without the flow: on
/// boards where it rules tours out, each certificate it gives holds square
/// by square over the moves worked out here. The squares it names are of
/// one colour; every tour move of theirs goes to the squares named as
/// their neighbours; and, for every square the tour may end on, they need
/// more tour moves than those neighbours can give them (two for a square
/// counted full, one a joining move for the others), or exactly as many
/// as the neighbours have, which closes both sets off from the rest.
#[test]
fn halls_condition_certificates_hold_square_by_square() {
    use knight_engine::theory::factor::Factors;
    let mut checked = 0;
    let cases = [
        ("giraffe", 11, false),
        ("antelope", 16, false),
        ("antelope", 16, true),
        ("zebra", 12, false),
        ("antelope", 24, false),
        ("zebra", 8, true),
    ];
    for (leaper, n, closed) in cases {
        let g = Geometry::new(leaper.parse().unwrap(), Surface::Plane);
        let board = Board::with_geometry(n, n, &[], g).unwrap();
        let adj = moves(n, n, &[], g);
        let factors = Factors::new(&board).expect("an odd leap alternates colours");
        let colour = |i: usize| (i / n as usize + i % n as usize) % 2;
        let light = (0..adj.len()).filter(|&i| colour(i) == 0).count();
        let dark = adj.len() - light;
        for start in board.free_squares() {
            let s = board.index(start) as usize;
            let Some(crowd) = factors.rules_out(s as u32, closed, None) else {
                continue;
            };
            let what = format!("{leaper} {n}x{n} from {start}, closed {closed}");
            let set: Vec<usize> = crowd.squares.iter().map(|&i| i as usize).collect();
            assert!(!set.is_empty(), "{what}");
            assert!(set.iter().all(|&x| colour(x) == colour(set[0])), "{what}");
            let mut near: Vec<usize> = set.iter().flat_map(|&x| adj[x].clone()).collect();
            near.sort_unstable();
            near.dedup();
            let named: Vec<usize> = crowd.neighbours.iter().map(|&i| i as usize).collect();
            assert_eq!(near, named, "{what}: neighbours");
            let full: Vec<usize> = crowd.full.iter().map(|&i| i as usize).collect();
            assert!(full.iter().all(|y| near.contains(y)), "{what}: full");
            let joining: usize = set
                .iter()
                .map(|&x| adj[x].iter().filter(|y| !full.contains(y)).count())
                .sum();
            // The squares a tour from s may end on (none for a closed
            // tour): by the colour counts.
            let ends: Vec<Option<usize>> = if closed {
                vec![None]
            } else {
                let (mine, other) = if colour(s) == 0 {
                    (light, dark)
                } else {
                    (dark, light)
                };
                let end_colour = if mine == other {
                    1 - colour(s)
                } else {
                    colour(s)
                };
                (0..adj.len())
                    .filter(|&t| t != s && colour(t) == end_colour)
                    .map(Some)
                    .collect()
            };
            for t in ends {
                let moves_at =
                    |x: usize| 2 - u32::from(!closed && x == s) - u32::from(t == Some(x));
                let need: u32 = set.iter().map(|&x| moves_at(x)).sum();
                let give: u32 = full.iter().map(|&y| moves_at(y)).sum::<u32>() + joining as u32;
                let have: u32 = near.iter().map(|&y| moves_at(y)).sum();
                let rest = set.len() + near.len() < adj.len();
                assert!(
                    need > give || crowd.closed_off && need >= have && rest,
                    "{what}, ending at {t:?}: need {need}, give {give}, have {have}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 300, "only {checked} certificates");
    eprintln!("{checked} certificates checked");
}

/// Where Warnsdorff's rule fails for other pieces, merging the cycles of
/// a 2-factor finds tours: every one validated square by square.
#[test]
fn tours_by_merging_cycles_are_tours() {
    use knight_engine::solver::find::merge::Merged;
    use knight_engine::theory::factor::Factors;
    let mut found = 0;
    for (leaper, n, closed) in [
        ("antelope", 22, false),
        ("antelope", 26, true),
        ("zebra", 14, false),
        ("giraffe", 12, true),
        ("zebra", 10, false),
    ] {
        let g = Geometry::new(leaper.parse().unwrap(), Surface::Plane);
        let board = Board::with_geometry(n, n, &[], g).unwrap();
        let adj = moves(n, n, &[], g);
        let factors = Factors::new(&board).unwrap();
        for start in board.free_squares().step_by(7) {
            if knight_engine::theory::check(&board, Some(start), closed).is_err() {
                continue;
            }
            let what = format!("{leaper} {n}x{n} from {start}, closed {closed}");
            let tour = (1..=20).find_map(|seed| {
                match factors.tour(board.index(start), closed, seed, 2_000) {
                    Merged::Tour(t) => Some(t),
                    Merged::NoTour(c) => panic!("{what}: {c:?}"),
                    Merged::GaveUp => None,
                }
            });
            let tour = tour.unwrap_or_else(|| panic!("{what}: no tour in 20 tries"));
            assert_eq!(tour[0], board.index(start), "{what}: start");
            assert_tour(&adj, &tour, adj.len(), closed, &what);
            found += 1;
        }
    }
    assert!(found > 100, "only {found} tours");
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
        let problem = Problem::new(&board, start, closed).unwrap();
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

/// For each end square, the directed open tours from `start` that end
/// there (a plain depth-first walk), or None past `cap` steps.
fn ends_from(adj: &[Vec<usize>], n: usize, start: usize, cap: u64) -> Option<Vec<u64>> {
    fn go(
        adj: &[Vec<usize>],
        seen: &mut [bool],
        at: usize,
        left: usize,
        ends: &mut [u64],
        steps: &mut u64,
    ) -> bool {
        *steps = steps.saturating_sub(1);
        if *steps == 0 {
            return false;
        }
        if left == 0 {
            ends[at] += 1;
            return true;
        }
        for &t in &adj[at] {
            if !seen[t] {
                seen[t] = true;
                let ok = go(adj, seen, t, left - 1, ends, steps);
                seen[t] = false;
                if !ok {
                    return false;
                }
            }
        }
        true
    }
    let mut seen = vec![false; adj.len()];
    seen[start] = true;
    let mut ends = vec![0; adj.len()];
    let mut steps = cap;
    go(adj, &mut seen, start, n - 1, &mut ends, &mut steps).then_some(ends)
}

/// The 2-factor pruning with branching decides, for every start and end,
/// whether a tour joins them, exactly as the brute force does: every board
/// of up to 12 squares here whose moves alternate colours, and 4x4 and 4x5
/// with holes, every piece and surface, open (each pair of ends) and
/// closed: 20,330 pairs of ends, 1,832 of them joined. The long proof
/// below takes boards of up to 25 squares.
#[test]
fn pruning_by_2_factors_agrees_with_brute_force() {
    pruning_agrees_up_to(12, 20_000, 1_800);
}

/// As above, on boards of up to 25 squares.
#[test]
#[ignore = "long proof: .ci/run runs it (cargo test -- --ignored)"]
fn pruning_by_2_factors_agrees_with_brute_force_up_to_25_squares() {
    pruning_agrees_up_to(25, 5_000, 500);
}

/// The check above on the boards of at most `most` squares, with at
/// least `least_pairs` pairs of ends and `least_tours` of them joined.
fn pruning_agrees_up_to(most: u32, least_pairs: usize, least_tours: usize) {
    use knight_engine::solver::find::prune::{Decided, Settled};
    use knight_engine::theory::factor::Factors;
    let mut boards: Vec<(u32, u32, Vec<Square>)> = Vec::new();
    for rows in 1..=5 {
        for cols in rows..=8 {
            if rows * cols <= most {
                boards.push((rows, cols, Vec::new()));
            }
        }
    }
    boards.push((4, 4, vec![Square::new(1, 1)]));
    if most >= 25 {
        boards.push((5, 5, vec![Square::new(2, 2)]));
    }
    boards.push((4, 5, vec![Square::new(0, 4), Square::new(2, 2)]));
    let (mut pairs, mut with_tour, mut closed_checked) = (0, 0, 0);
    for g in geometries() {
        for (rows, cols, blocked) in &boards {
            let board = Board::with_geometry(*rows, *cols, blocked, g).unwrap();
            let Some(factors) = Factors::new(&board) else {
                continue;
            };
            let adj = moves(*rows, *cols, blocked, g);
            let n = board.free_count();
            if n < 3 {
                continue;
            }
            for start in board.free_squares() {
                let s = board.index(start) as usize;
                let Some(ends) = ends_from(&adj, n, s, 3_000_000) else {
                    continue;
                };
                for end in board.free_squares() {
                    let t = board.index(end) as usize;
                    if t == s {
                        continue;
                    }
                    let what = format!("{} from {start} to {end}", board.describe());
                    let mut budget = 100_000;
                    match factors.decide(s as u32, Some(t as u32), &mut budget) {
                        Decided::None => assert_eq!(ends[t], 0, "{what}"),
                        Decided::Tour(path) => {
                            assert_ne!(ends[t], 0, "{what}");
                            assert_tour(&adj, &path, n, false, &what);
                            assert_eq!((path[0], path[n - 1]), (s as u32, t as u32), "{what}");
                        }
                        Decided::Unknown => panic!("{what}: undecided"),
                    }
                    pairs += 1;
                    with_tour += usize::from(ends[t] > 0);
                }
                if s == board.index(board.free_squares().next().unwrap()) as usize {
                    let closing: u64 = adj[s].iter().map(|&t| ends[t]).sum();
                    let what = format!("{} closed", board.describe());
                    match factors.settle(s as u32, true, 100_000) {
                        Settled::None { .. } => assert_eq!(closing, 0, "{what}"),
                        Settled::Tour { path, .. } => {
                            assert_ne!(closing, 0, "{what}");
                            assert_tour(&adj, &path, n, true, &what);
                        }
                        Settled::Unknown { .. } => panic!("{what}: undecided"),
                    }
                    closed_checked += 1;
                }
                // Over all ends at once.
                let what = format!("{} from {start}", board.describe());
                match factors.settle(s as u32, false, 100_000) {
                    Settled::None { .. } => assert!(ends.iter().all(|&k| k == 0), "{what}"),
                    Settled::Tour { path, .. } => assert_tour(&adj, &path, n, false, &what),
                    Settled::Unknown { .. } => {
                        // Only where the colour counts allow no end.
                        assert!(ends.iter().all(|&k| k == 0), "{what}: undecided");
                    }
                }
            }
        }
    }
    assert!(
        pairs > least_pairs && with_tour > least_tours,
        "{pairs} pairs, {with_tour} with a tour"
    );
    eprintln!("{pairs} pairs of ends ({with_tour} with a tour), {closed_checked} closed");
}

/// The zebra has no open tour of 11x11, 12x12 or 13x13: theory rules out
/// the starts of the minority colour and Hall's condition most of the
/// others, and 2-factor pruning every square the rest could end on (the
/// pruning is checked against the brute force above). The CLI says so.
#[test]
fn the_zebra_has_no_tour_of_11x11_12x12_or_13x13() {
    use knight_engine::solver::find::prune::Settled;
    use knight_engine::theory::factor::Factors;
    for n in [11, 13] {
        let g = Geometry::new("zebra".parse().unwrap(), Surface::Plane);
        let board = Board::with_geometry(n, n, &[], g).unwrap();
        let factors = Factors::new(&board).unwrap();
        let mut settled = 0;
        for start in board.free_squares() {
            if knight_engine::theory::check(&board, Some(start), false).is_err() {
                continue;
            }
            let got = factors.settle(board.index(start), false, 0);
            assert!(
                matches!(got, Settled::None { rounds: 0, .. }),
                "{n}x{n} from {start}: {got:?}"
            );
            settled += 1;
        }
        assert!(settled >= 21, "{n}x{n}: {settled} starts settled");
    }
    // 12x12: pruning alone leaves 32 of its 36 starts open; probing each
    // move both ways settles them. One start of each orbit under the
    // square's eight symmetries (every other is the image of one).
    let n = 12;
    let g = Geometry::new("zebra".parse().unwrap(), Surface::Plane);
    let board = Board::with_geometry(n, n, &[], g).unwrap();
    let factors = Factors::new(&board).unwrap();
    let images = |s: Square| {
        let (r, c, m) = (s.row, s.col, n - 1);
        [
            (r, c),
            (c, r),
            (m - r, c),
            (r, m - c),
            (m - r, m - c),
            (m - c, m - r),
            (c, m - r),
            (m - c, r),
        ]
        .map(|(r, c)| Square::new(r, c))
    };
    let mut covered = std::collections::HashSet::new();
    let mut settled = 0;
    for start in board.free_squares() {
        if knight_engine::theory::check(&board, Some(start), false).is_err()
            || covered.contains(&start)
        {
            continue;
        }
        covered.extend(images(start));
        let got = factors.settle(board.index(start), false, 1_000_000);
        assert!(
            matches!(got, Settled::None { .. }),
            "12x12 from {start}: {got:?}"
        );
        settled += 1;
    }
    assert_eq!(settled, 6, "orbits of the 36 starts theory leaves");
    let (code, out, _) = run(&[
        "solve", "--leaper", "zebra", "--size", "11", "--start", "0,0",
    ]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("whichever of the 60 squares") && out.contains("(2-factor pruning)"),
        "{out}"
    );
}
