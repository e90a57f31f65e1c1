#[test]
fn open_tours_of_boards_four_wide_start_on_an_outer_line() {
    use crate::solver::count::Count;
    use crate::solver::{Algorithm, Problem};
    for (rows, cols) in [(4, 5), (5, 4), (4, 6), (3, 4), (4, 3), (4, 7)] {
        let b = Board::new(rows, cols, &[]).unwrap();
        for s in b.free_squares() {
            let p = Problem::new(&b, s, false).unwrap();
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
                assert!(
                    said.unwrap_err().reason.contains("outer"),
                    "{rows}x{cols} from {s}"
                );
            }
        }
    }
}

use super::*;

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
            argument: Argument::Colour,
            reason: "7x7 has 25 light and 24 dark squares; a closed tour needs equal numbers"
                .into()
        }
    );
    let e = full(5, 5, Some(Square::new(0, 1)), false).unwrap_err();
    assert!(
        e.reason.contains("starts on a light square; 0,1 is dark"),
        "{e}"
    );
    let e = full(4, 4, None, false).unwrap_err();
    assert!(e.reason.contains("4x4"));
    assert_eq!(e.argument, Argument::FullBoard);
    assert!(
        full(4, 6, None, true)
            .unwrap_err()
            .reason
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
    assert!(e.reason.contains("0,0 has no knight move"), "{e}");
    assert_eq!(e.argument, Argument::Moves);
    // Colour imbalance.
    let e = check(&b(&[(0, 0), (0, 2), (0, 4)]), None, false).unwrap_err();
    assert!(e.reason.contains("differ by at most one"), "{e}");
    assert_eq!(e.argument, Argument::Colour);
    // Closed tours need degree two everywhere.
    let holed = Board::new(6, 6, &[Square::new(1, 2), Square::new(2, 2)]).unwrap();
    let e = check(&holed, None, true).unwrap_err();
    assert!(e.reason.contains("only one knight move"), "{e}");
}
