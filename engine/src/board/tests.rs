use super::*;

#[test]
fn degrees_on_8x8() {
    let b = Board::new(8, 8, &[]).unwrap();
    assert_eq!(b.degree(Square::new(0, 0)), 2);
    assert_eq!(b.degree(Square::new(0, 1)), 3);
    assert_eq!(b.degree(Square::new(1, 1)), 4);
    assert_eq!(b.degree(Square::new(3, 3)), 8);
    let total: usize = b.free_squares().map(|s| b.degree(s)).sum();
    // 168 undirected knight moves on 8x8.
    assert_eq!(total, 2 * 168);
    for sq in b.free_squares() {
        for n in b.neighbours(sq) {
            assert!(sq.is_knight_move(n));
        }
        assert_eq!(b.cells()[b.padded(sq)] as usize, b.degree(sq));
    }
}

#[test]
fn a_move_across_a_wrapped_edge_is_drawn_in_two_halves() {
    let g = Geometry::new(Leaper::KNIGHT, Surface::Torus);
    let b = Board::with_geometry(5, 5, &[], g).unwrap();
    let (a, c, d) = (Square::new(0, 0), Square::new(1, 3), Square::new(3, 4));
    assert_eq!(b.strokes(a, c), vec![[(0, 0), (1, -2)], [(0, 5), (1, 3)]]);
    assert_eq!(b.strokes(c, d), vec![[(1, 3), (3, 4)]]);
    // Not a move: drawn straight, as the path has it.
    let e = Square::new(0, 1);
    assert_eq!(b.strokes(a, e), vec![[(0, 0), (0, 1)]]);
    assert!(b.has_moves());
    let none = Board::with_geometry(
        3,
        3,
        &[],
        Geometry::new(Leaper::new(1, 4).unwrap(), Surface::Plane),
    )
    .unwrap();
    assert!(!none.has_moves());
}

#[test]
fn blocked_squares_leave_degrees_and_counts() {
    let b = Board::new(5, 5, &[Square::new(2, 2), Square::new(2, 2)]).unwrap();
    assert_eq!(b.free_count(), 24);
    assert_eq!(b.blocked().len(), 1);
    assert!(!b.is_free(Square::new(2, 2)));
    assert_eq!(b.degree(Square::new(0, 1)), 2); // (2,2) no longer counts
    assert_eq!(b.colour_counts(), (12, 12));
}

#[test]
fn every_free_square_counts_its_free_neighbours() {
    for rows in 1..10 {
        for cols in 1..10 {
            let holes: Vec<Square> = (0..rows * cols)
                .filter(|i| i % 7 == 3)
                .map(|i| Square::new(i / cols, i % cols))
                .collect();
            for blocked in [&[][..], &holes] {
                let b = Board::new(rows, cols, blocked).unwrap();
                for sq in b.free_squares() {
                    let counted = b.cells[b.padded(sq)] & CELL_DEGREE;
                    assert_eq!(
                        counted as usize,
                        b.neighbours(sq).count(),
                        "{rows}x{cols} {sq} with {} blocked",
                        blocked.len()
                    );
                }
                for &sq in blocked {
                    assert!(!b.is_free(sq));
                }
            }
        }
    }
}

#[test]
fn division_by_multiplication_agrees_with_division() {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for d in (2..2000).chain([5, 12, 10_004, 65_536, 99_991, u32::MAX - 1, u32::MAX]) {
        let div = Divider::new(d);
        let edges = [
            0,
            1,
            d - 1,
            d,
            d.saturating_add(1),
            u32::MAX,
            u32::MAX - 1,
            u32::MAX / d * d,
        ];
        for n in edges.into_iter().chain((0..200).map(|_| next() as u32)) {
            assert_eq!(div.div_rem(n), (n / d, n % d), "{n} / {d}");
        }
    }
}

#[test]
fn square_notation() {
    assert_eq!(Square::parse("3,4", 8, 8), Ok(Square::new(3, 4)));
    assert_eq!(Square::parse(" 3 , 4 ", 8, 8), Ok(Square::new(3, 4)));
    assert_eq!(Square::parse("a1", 8, 8), Ok(Square::new(7, 0)));
    assert_eq!(Square::parse("h8", 8, 8), Ok(Square::new(0, 7)));
    assert_eq!(Square::parse("B3", 5, 6), Ok(Square::new(2, 1)));
    assert!(
        Square::parse("i1", 8, 8)
            .unwrap_err()
            .to_string()
            .contains("off the 8x8")
    );
    assert!(Square::parse("a0", 8, 8).is_err());
    assert!(
        Square::parse("-1,2", 8, 8)
            .unwrap_err()
            .to_string()
            .contains("negative")
    );
    assert!(Square::parse("x,2", 8, 8).is_err());
    assert!(Square::parse("zz", 8, 8).is_err());
    assert!(
        Square::parse("a1", 30, 30)
            .unwrap_err()
            .to_string()
            .contains("26 columns")
    );
    assert_eq!(
        parse_square_list("0,0; 1,2;;a1;", 8, 8),
        Ok(vec![
            Square::new(0, 0),
            Square::new(1, 2),
            Square::new(7, 0)
        ])
    );
    assert!(parse_square_list("0,0;1;2", 8, 8).is_err());
}

#[test]
fn refuses_empty_and_huge_boards() {
    assert!(Board::new(0, 5, &[]).is_err());
    let e = Board::new(100_000, 100_000, &[]).unwrap_err().to_string();
    assert!(e.contains("needs") && e.contains("GiB"), "{e}");
    assert!(Board::memory_needed(10_000, 10_000) < MEMORY_LIMIT);
    assert!(Board::new(8, 8, &[Square::new(8, 0)]).is_err());
}

#[test]
fn colour_counts_match_squares() {
    for (r, c) in [(1, 1), (3, 4), (5, 5), (7, 8)] {
        let b = Board::new(r, c, &[]).unwrap();
        let light = b.free_squares().filter(|s| s.colour() == 0).count();
        assert_eq!(b.colour_counts(), (light, b.free_count() - light));
    }
}
