#[test]
fn open_tours_of_boards_four_wide_start_on_an_outer_line() {
    use crate::solver::count::Count;
    use crate::solver::{Algorithm, Problem, Tours};
    for (rows, cols) in [(4, 5), (5, 4), (4, 6), (3, 4), (4, 3), (4, 7)] {
        let b = Board::new(rows, cols, &[]).unwrap();
        for s in b.free_squares() {
            let p = Problem::new(Tours::open(b.clone()), s).unwrap();
            let n = Count {
                algorithm: Algorithm::Backtrack,
                max: Some(1),
                ..Count::from_start(&p)
            }
            .run()
            .count;
            let said = check(&b, Some(s), false);
            if let Err(why) = &said {
                assert_eq!(n, 0, "{rows}x{cols} from {s}: theory said {why}");
            }
            // Every start of the inner lines is ruled out by the argument.
            let inner = |n: u32, at: u32| n == 4 && (at == 1 || at == 2);
            if inner(rows, s.row) || inner(cols, s.col) {
                let proof = said.unwrap_err();
                assert!(
                    matches!(proof.argument, Argument::FourWide { square, end: false, .. } if square == s),
                    "{rows}x{cols} from {s}: {proof}"
                );
            }
        }
    }
}

use super::*;
use std::collections::BTreeSet;

fn full(r: u32, c: u32, start: Option<Square>, closed: bool) -> Result<(), NoTour> {
    check(&Board::new(r, c, &[]).unwrap(), start, closed)
}

#[test]
fn open_classification() {
    for (r, c, yes) in [
        (1, 1, true),
        (1, 2, false),
        (2, 8, false),
        (3, 3, false),
        (3, 4, true),
        (3, 5, false),
        (3, 6, false),
        (3, 7, true),
        (4, 4, false),
        (4, 5, true),
        (5, 5, true),
        (6, 9, true),
    ] {
        assert_eq!(full_board_has_tour(r, c, false), yes, "{r}x{c}");
        assert_eq!(full_board_has_tour(c, r, false), yes, "{c}x{r}");
    }
}

#[test]
fn closed_classification() {
    for (r, c, yes) in [
        (1, 1, false),
        (3, 4, false),
        (3, 6, false),
        (3, 8, false),
        (3, 10, true),
        (4, 6, false),
        (5, 5, false),
        (5, 6, true),
        (6, 6, true),
        (7, 7, false),
        (8, 8, true),
        (10, 3, true),
    ] {
        assert_eq!(full_board_has_tour(r, c, true), yes, "{r}x{c}");
    }
}

#[test]
fn reasons_name_the_argument() {
    assert_eq!(
        full(7, 7, None, true).unwrap_err(),
        NoTour {
            argument: Argument::Colour {
                counts: Counts {
                    board: Board::new(7, 7, &[]).unwrap().outline(),
                    light: 25,
                    dark: 24
                },
                rule: ColourRule::Closed
            },
            squares: Vec::new(),
        }
    );
    assert_eq!(
        full(7, 7, None, true).unwrap_err().to_string(),
        "7x7 has 25 light and 24 dark squares; a closed tour needs equal numbers"
    );
    let e = full(5, 5, Some(Square::new(0, 1)), false).unwrap_err();
    assert!(
        matches!(&e.argument, Argument::Colour { counts, rule: ColourRule::Start(s) }
            if (counts.light, counts.dark) == (13, 12) && *s == Square::new(0, 1)),
        "{e}"
    );
    assert!(
        e.to_string()
            .contains("starts on a light square; 0,1 is dark"),
        "{e}"
    );
    let e = full(4, 4, None, false).unwrap_err();
    assert!(e.to_string().contains("4x4"));
    assert_eq!(
        e.argument,
        Argument::FullBoard {
            rows: 4,
            cols: 4,
            closed: false
        }
    );
    assert!(
        full(4, 6, None, true)
            .unwrap_err()
            .to_string()
            .contains("Schwenk")
    );
    assert!(full(1, 1, None, false).is_ok());
    assert!(full(1, 1, None, true).is_err());
    assert!(full(8, 8, Some(Square::new(3, 4)), true).is_ok());
}

#[test]
fn holes() {
    let b = |bl: &[(u32, u32)]| {
        let v: Vec<Square> = bl.iter().map(|&(r, c)| Square::new(r, c)).collect();
        Board::new(5, 5, &v).unwrap()
    };
    // Both neighbours of the corner blocked: the corner is isolated.
    let e = check(&b(&[(1, 2), (2, 1), (0, 0)]), None, false);
    assert!(e.is_err());
    let e = check(&b(&[(1, 2), (2, 1), (4, 4), (2, 2)]), None, false).unwrap_err();
    assert!(e.to_string().contains("0,0 has no knight move"), "{e}");
    assert_eq!(
        e.argument,
        Argument::Moves(Shortage::NoMove {
            piece: crate::board::Leaper::KNIGHT,
            square: Square::new(0, 0)
        })
    );
    // Colour imbalance.
    let e = check(&b(&[(0, 0), (0, 2), (0, 4)]), None, false).unwrap_err();
    assert!(e.to_string().contains("differ by at most one"), "{e}");
    assert!(
        matches!(&e.argument, Argument::Colour { counts, rule: ColourRule::Open }
            if counts.light.abs_diff(counts.dark) > 1),
        "{e}"
    );
    // Closed tours need degree two everywhere.
    let holed = Board::new(6, 6, &[Square::new(1, 2), Square::new(2, 2)]).unwrap();
    let e = check(&holed, None, true).unwrap_err();
    assert!(e.to_string().contains("only one knight move"), "{e}");
    assert!(
        matches!(e.argument, Argument::Moves(Shortage::OneMove { .. })),
        "{e}"
    );
}

/// The squares a proof's line names as `ROW,COL` on board `b`, read back
/// from the words (the test's own reader, independent of the proofs; a
/// leaper's `(2,4)` is not a square).
fn named_in(line: &str, b: &Board) -> BTreeSet<Square> {
    let bytes = line.as_bytes();
    let mut out = BTreeSet::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() && (i == 0 || !matches!(bytes[i - 1], b'0'..=b'9' | b'(')) {
            let rest = &line[i..];
            let a = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            if let Some(tail) = rest[a..].strip_prefix(',') {
                let n = tail
                    .find(|c: char| !c.is_ascii_digit())
                    .unwrap_or(tail.len());
                if let (Ok(r), Ok(c)) = (rest[..a].parse::<u32>(), tail[..n].parse::<u32>())
                    && n > 0
                    && r < b.rows()
                    && c < b.cols()
                {
                    out.insert(Square::new(r, c));
                }
            }
            i += a;
        } else {
            i += 1;
        }
    }
    out
}

/// A proof's squares are the ones its line names (all of them, where the
/// line lists only the first few and "…").
fn names_its_squares(proof: &NoTour, b: &Board, what: &str) {
    let line = proof.to_string();
    let said = named_in(&line, b);
    let carried: BTreeSet<Square> = proof.squares.iter().copied().collect();
    if line.contains('…') {
        assert!(said.is_subset(&carried), "{what}: {proof}: {carried:?}");
    } else {
        assert_eq!(said, carried, "{what}: {proof}");
    }
}

/// The name of the argument's variant: `Colour`, `Moves`.
fn variant(argument: &Argument) -> String {
    let debug = format!("{argument:?}");
    let end = debug.find([' ', '(', '{']).unwrap_or(debug.len());
    debug[..end].to_string()
}

#[test]
fn every_proof_carries_the_squares_its_line_names() {
    use crate::board::{Geometry, Leaper};
    let mut seed = 12345u64;
    let mut next = |n: u32| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as u32 % n
    };
    let mut proofs = 0;
    let mut arguments = BTreeSet::new();
    let leapers = Leaper::NAMED.map(|(_, l)| l);
    for leaper in leapers.into_iter().chain(Leaper::new(2, 4)) {
        for surface in crate::board::Surface::ALL {
            for (rows, cols) in [
                (3, 4),
                (4, 4),
                (4, 5),
                (5, 5),
                (5, 6),
                (6, 6),
                (3, 8),
                (7, 7),
            ] {
                for holes in [0, 1, 3] {
                    let blocked: Vec<Square> = (0..holes)
                        .map(|_| Square::new(next(rows), next(cols)))
                        .collect();
                    let geometry = Geometry::new(leaper, surface);
                    let Ok(b) = Board::with_geometry(rows, cols, &blocked, geometry) else {
                        continue;
                    };
                    let facts = Facts::new(&b);
                    let squares: Vec<Square> = b.free_squares().collect();
                    for closed in [false, true] {
                        if let Err(p) = facts.check(None, closed) {
                            names_its_squares(&p, &b, &format!("{} {closed}", b.describe()));
                            arguments.insert(variant(&p.argument));
                            proofs += 1;
                        }
                    }
                    for &s in &squares {
                        if let Err(p) = facts.check(Some(s), false) {
                            names_its_squares(&p, &b, &format!("{} from {s}", b.describe()));
                            arguments.insert(variant(&p.argument));
                            proofs += 1;
                        }
                        let e = squares[next(squares.len() as u32) as usize];
                        if e != s
                            && let Err(p) = facts.check_between(s, e)
                        {
                            let what = format!("{} from {s} to {e}", b.describe());
                            names_its_squares(&p, &b, &what);
                            arguments.insert(variant(&p.argument));
                            proofs += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(proofs > 1000, "{proofs} proofs");
    for argument in [
        "Colour",
        "FullBoard",
        "FourWide",
        "Moves",
        "Groups",
        "Lattice",
        "Hall",
    ] {
        assert!(
            arguments.contains(argument),
            "{argument} never seen: {arguments:?}"
        );
    }
}

/// The 4-wide argument holds on full boards only: with blocked squares the
/// outer lines need not hold as many squares as the inner ones, and a path
/// may end on an inner line.
#[test]
fn an_end_on_an_inner_line_of_a_holed_four_wide_board_is_not_ruled_out() {
    let b = Board::new(4, 5, &[Square::new(0, 0), Square::new(0, 1)]).unwrap();
    let path: Vec<Square> = [
        (3, 1),
        (1, 0),
        (0, 2),
        (2, 3),
        (0, 4),
        (1, 2),
        (2, 0),
        (3, 2),
        (2, 4),
        (0, 3),
        (1, 1),
        (3, 0),
        (2, 2),
        (3, 4),
        (1, 3),
        (2, 1),
        (3, 3),
        (1, 4),
    ]
    .iter()
    .map(|&(r, c)| Square::new(r, c))
    .collect();
    let indices: Vec<u32> = path.iter().map(|&s| b.index(s)).collect();
    assert!(matches!(
        crate::tour::check_indices(&b, &indices, false),
        Ok(crate::tour::Summary::Complete { .. })
    ));
    let facts = Facts::new(&b);
    assert_eq!(facts.check_between(path[0], path[17]), Ok(()));
    // On the full board the argument stands.
    let full = Board::new(4, 5, &[]).unwrap();
    let proof = Facts::new(&full)
        .check_between(Square::new(0, 0), Square::new(1, 4))
        .unwrap_err();
    assert_eq!(
        proof.argument,
        Argument::FourWide {
            rows: 4,
            cols: 5,
            square: Square::new(1, 4),
            end: true
        },
        "{proof}"
    );
}
