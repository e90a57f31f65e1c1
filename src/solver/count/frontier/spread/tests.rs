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

/// Tours meet in the middle on the workers as in one process: on boards
/// symmetric about the cut and not, with holes or none, on 1 to 4
/// workers; open tours over all starts on the smaller boards.
#[test]
fn tours_meet_on_the_workers() {
    let holes = |squares: &[(u32, u32)]| -> Vec<Square> {
        squares.iter().map(|&(r, c)| Square::new(r, c)).collect()
    };
    let (closed, both) = (&[Ends::Closed][..], &[Ends::Closed, Ends::Any][..]);
    let boards = [
        (Board::new(6, 6, &[]).unwrap(), both),
        (Board::new(5, 6, &[]).unwrap(), both),
        (Board::new(7, 6, &[]).unwrap(), closed),
        (Board::new(6, 7, &holes(&[(0, 3), (3, 3)])).unwrap(), closed),
        (Board::new(5, 8, &holes(&[(0, 1), (4, 2)])).unwrap(), closed),
        (Board::new(6, 6, &holes(&[(2, 3), (0, 0)])).unwrap(), both),
        (
            Board::new(5, 5, &holes(&[(2, 2)])).unwrap(),
            &[Ends::Any][..],
        ),
    ];
    for (board, ends) in &boards {
        for &ends in *ends {
            let layout = Layout::new(board, ends, false);
            let name = format!("{} {ends:?}", board.describe());
            assert!(meets_sooner(&layout, ends), "{name}");
            let n = alone(board, ends);
            assert!(n > 0, "{name}");
            for workers in [1, 2, 3, 4] {
                let c = spread(board, ends, workers, u64::MAX);
                assert_eq!(c.tours, n, "{name} on {workers}");
            }
        }
    }
}

/// Short of memory, the workers go across the cut in more pieces (6 MB:
/// by the first five squares, against four by default), and the tours add
/// up to the same count (6x8: A175855's 55,488,142).
#[test]
fn the_workers_go_across_in_pieces_when_short_of_memory() {
    let board = Board::new(6, 8, &[]).unwrap();
    for bytes in [u64::MAX, 6 << 20] {
        let c = spread(&board, Ends::Closed, 2, bytes);
        assert_eq!(c.tours, 55_488_142, "{bytes} bytes");
    }
}

/// A meeting's checkpoint: the halves read back as written, the tours of
/// the last two pieces kept, the note's mark, and nothing left once
/// cleared.
#[test]
fn a_meeting_keeps_its_halves_and_its_last_two_pieces() {
    use checkpoint::{Mark, Store};
    let dir = tempfile::tempdir().unwrap();
    let st = Store {
        dir: dir.path().into(),
        key: "6x7 [] Any meeting".into(),
        peers: 2,
        bits: 64,
    };
    let states: Vec<Vec<(u64, u64)>> = vec![vec![(5, 7), (1 << 40, 3)], vec![(9, u64::MAX)]];
    st.write_half("upper", 1, &states, 4).unwrap();
    let (back, head) = st.read_half::<u64, u64>("upper", 1).unwrap();
    assert_eq!((back, head), (states.concat(), 4));
    assert!(st.read_half::<u64, u64>("lower", 1).is_err());
    for p in 1..=3 {
        st.write_tours(0, p, 10 * u128::from(p)).unwrap();
    }
    assert_eq!(st.read_tours(0, 3).unwrap(), 30);
    assert_eq!(st.read_tours(0, 2).unwrap(), 20);
    assert!(st.read_tours(0, 1).is_err());
    // Resumed after 2 pieces, the third again: the second is still kept.
    st.write_tours(0, 3, 30).unwrap();
    assert_eq!(st.read_tours(0, 2).unwrap(), 20);
    assert_eq!(st.last(), Ok(None));
    st.note_mark(Mark::Pieces(2)).unwrap();
    assert_eq!(st.last(), Ok(Some(Mark::Pieces(2))));
    st.clear(0, true);
    st.clear(1, false);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}
