use super::*;
use crate::board::Square;

/// `board`'s count of `ends` on `workers` workers in this process, with
/// `bytes` of memory.
fn spread(board: &Board, ends: Ends, workers: usize, bytes: u64) -> Counted {
    let spread = Spread {
        workers,
        cluster: None,
        checkpoint: None,
    };
    count(
        board,
        ends,
        &spread,
        &Budget::bytes(bytes),
        &Progress::default(),
    )
    .expect("small boards count")
}

fn alone(board: &Board, ends: Ends) -> u128 {
    super::super::count(board, ends, &Budget::bytes(u64::MAX), &Progress::default())
        .unwrap()
        .tours
}

/// Closed tours meet in the middle on the workers as in one process: on
/// boards symmetric about the cut and not, with holes or none, on 1 to 4
/// workers.
#[test]
fn closed_tours_meet_on_the_workers() {
    let holes = |squares: &[(u32, u32)]| -> Vec<Square> {
        squares.iter().map(|&(r, c)| Square::new(r, c)).collect()
    };
    let boards = [
        Board::new(6, 6, &[]).unwrap(),
        Board::new(5, 6, &[]).unwrap(),
        Board::new(7, 6, &[]).unwrap(),
        Board::new(6, 7, &holes(&[(0, 3), (3, 3)])).unwrap(),
        Board::new(5, 8, &holes(&[(0, 1), (4, 2)])).unwrap(),
        Board::new(6, 6, &holes(&[(2, 3), (0, 0)])).unwrap(),
    ];
    for board in &boards {
        let layout = Layout::new(board, Ends::Closed, false);
        assert!(meets_sooner(&layout, Ends::Closed), "{}", board.describe());
        let n = alone(board, Ends::Closed);
        assert!(n > 0, "{}", board.describe());
        for workers in [1, 2, 3, 4] {
            let c = spread(board, Ends::Closed, workers, u64::MAX);
            assert_eq!(c.tours, n, "{} on {workers}", board.describe());
        }
    }
}

/// Short of memory, the workers go across the cut in pieces, and the
/// tours add up to the same count (6x8: A175855's 55,488,142).
#[test]
fn the_workers_go_across_in_pieces_when_short_of_memory() {
    let board = Board::new(6, 8, &[]).unwrap();
    let at_once = spread(&board, Ends::Closed, 2, u64::MAX);
    assert_eq!(at_once.tours, 55_488_142);
    let pieces = spread(&board, Ends::Closed, 2, 24 << 20);
    assert_eq!(pieces.tours, 55_488_142);
    assert!(pieces.peak < at_once.peak, "{pieces:?} {at_once:?}");
}
