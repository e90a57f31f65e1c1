use super::*;
use crate::tour;

fn check(rows: u32, cols: u32, start: Square, closed: bool) {
    let path = construct(rows, cols, start, closed)
        .unwrap_or_else(|e| panic!("{rows}x{cols} from {start}: {e}"));
    let board = Board::new(rows, cols, &[]).unwrap();
    let must_close = closed;
    let summary = tour::check_indices(&board, &path, must_close)
        .unwrap_or_else(|f| panic!("{rows}x{cols} from {start} closed={closed}: {f}"));
    assert!(
        matches!(summary, tour::Summary::Complete { closed: c } if c || !closed),
        "{rows}x{cols} from {start}: {summary:?}"
    );
    assert_eq!(path[0], start.row * cols + start.col);
}

#[test]
fn every_block_shape_has_a_joinable_tour() {
    for h in [6, 8, 10, 12, 5, 7, 9, 11] {
        for w in [6, 8, 10, 12] {
            let b = base_cycle(h, w).unwrap_or_else(|| panic!("{h}x{w}"));
            assert!(b.cut(JOIN_H).is_some() && b.cut(JOIN_V).is_some());
            let b = base_cycle(w, h).unwrap_or_else(|| panic!("{w}x{h}"));
            assert!(b.cut(JOIN_H).is_some() && b.cut(JOIN_V).is_some());
        }
    }
}

#[test]
fn closed_tours_on_many_boards() {
    for rows in 5..=34 {
        for cols in 5..=34 {
            if rows % 2 == 1 && cols % 2 == 1 {
                continue;
            }
            check(rows, cols, Square::new(rows / 3, cols - 1), true);
        }
    }
}

/// Every start square of every board 5x5 to 20x20 (squares and
/// rectangles): open tours (from the corners' colour when both sides are
/// odd), and closed ones wherever they exist.
#[test]
fn every_start_of_every_board_up_to_20() {
    let mut tours = 0;
    for rows in 5..=20 {
        for cols in 5..=20 {
            let both_odd = rows % 2 == 1 && cols % 2 == 1;
            for r in 0..rows {
                for c in 0..cols {
                    let s = Square::new(r, c);
                    if both_odd && s.colour() != 0 {
                        continue;
                    }
                    check(rows, cols, s, false);
                    tours += 1;
                    if !both_odd {
                        check(rows, cols, s, true);
                        tours += 1;
                    }
                }
            }
        }
    }
    assert_eq!(tours, 66_208);
}

#[test]
fn big_boards_validate_in_full() {
    check(2000, 2000, Square::new(0, 0), true);
    check(1999, 2000, Square::new(1000, 777), true);
    check(2001, 1999, Square::new(1000, 1000), false);
    check(1001, 1003, Square::new(0, 1002), false);
    check(7, 3001, Square::new(3, 1499), false);
}

#[test]
fn refuses_what_it_cannot_build() {
    assert!(construct(4, 100, Square::new(0, 0), false).is_err());
    assert!(
        construct(9, 9, Square::new(0, 1), false)
            .unwrap_err()
            .to_string()
            .contains("colour")
    );
    assert!(
        construct(9, 11, Square::new(0, 0), true)
            .unwrap_err()
            .to_string()
            .contains("odd")
    );
}

#[test]
fn refusals_keep_their_one_line_wording() {
    let sq = Square::new;
    let said = |r: u32, c: u32, s: Square, closed: bool| {
        construct(r, c, s, closed).unwrap_err().to_string()
    };
    assert_eq!(
        said(4, 100, sq(0, 0), false),
        "the construction needs both sides at least 5"
    );
    assert_eq!(
        said(6, 6, sq(6, 0), false),
        format!("start {} is off the board", sq(6, 0))
    );
    assert_eq!(
        said(9, 11, sq(0, 0), true),
        "both sides are odd: no closed tour"
    );
    assert_eq!(
        said(9, 9, sq(0, 1), false),
        "an open tour of a board with both sides odd starts on the corners' colour"
    );
}
