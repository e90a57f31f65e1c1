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

/// Tours meet in the middle on the workers as in one process: closed, and
/// open over all starts on a board with a hole, on 1 and 3 workers (the
/// long proof below takes more boards and every number of workers).
#[test]
fn tours_meet_on_the_workers() {
    let hole = [Square::new(2, 2)];
    let boards = [
        (Board::new(5, 6, &[]).unwrap(), &[Ends::Closed][..]),
        (Board::new(5, 5, &hole).unwrap(), &[Ends::Any][..]),
    ];
    meet_on_workers(&boards, &[1, 3]);
}

/// Tours meet in the middle on the workers as in one process: on boards
/// symmetric about the cut and not, with holes or none, on 1 to 4
/// workers; open tours over all starts on the smaller boards (110 s).
#[test]
#[ignore = "long proof: .ci/run runs it (cargo test -- --ignored)"]
fn tours_meet_on_the_workers_of_every_board() {
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
    meet_on_workers(&boards, &[1, 2, 3, 4]);
}

/// Each board's count of each of its kinds of tours, meeting in the
/// middle, on each number of workers, against one process's count.
fn meet_on_workers(boards: &[(Board, &[Ends])], workers: &[usize]) {
    for (board, ends) in boards {
        for &ends in *ends {
            let layout = Layout::new(board, ends, false);
            let name = format!("{} {ends:?}", board.describe());
            assert!(meets_sooner(&layout, ends), "{name}");
            let n = alone(board, ends);
            assert!(n > 0, "{name}");
            for &workers in workers {
                let c = spread(board, ends, workers, u64::MAX);
                assert_eq!(c.tours, n, "{name} on {workers}");
            }
        }
    }
}

/// Short of memory, the workers go across the cut in more pieces, and the
/// tours add up to the same count: 6x6 less two squares (882 closed tours,
/// in pieces at 256 KB, as one process takes them), in well under a second.
#[test]
fn the_workers_go_across_in_pieces_when_short_of_memory() {
    let board = Board::new(6, 6, &[Square::new(2, 3), Square::new(0, 0)]).unwrap();
    for bytes in [u64::MAX, 1 << 18] {
        let c = spread(&board, Ends::Closed, 2, bytes);
        assert_eq!(c.tours, 882, "{bytes} bytes");
    }
}

/// As above on 6x8 at 6 MB (by the first five squares, against four by
/// default): A175855's 55,488,142 closed tours (11 s).
#[test]
#[ignore = "long proof: .ci/run runs it (cargo test -- --ignored)"]
fn the_workers_go_across_in_pieces_when_short_of_memory_on_6x8() {
    let board = Board::new(6, 8, &[]).unwrap();
    for bytes in [u64::MAX, 6 << 20] {
        let c = spread(&board, Ends::Closed, 2, bytes);
        assert_eq!(c.tours, 55_488_142, "{bytes} bytes");
    }
}

/// A store of worker 0 and 1 of 2, in one process, in `dir`.
fn store(dir: &std::path::Path) -> checkpoint::Store {
    checkpoint::Store::new(
        dir.into(),
        "6x7, open tours over all starts".into(),
        (2, 2, 0),
        64,
        checkpoint::Seal::default(),
        crate::solver::count::Notices::default(),
    )
}

/// A meeting's checkpoint: the halves read back as written, the tours of
/// the last two pieces kept in the manifest and offered again by a new
/// store, and nothing left once cleared.
#[test]
fn a_meeting_keeps_its_halves_and_its_last_two_pieces() {
    use checkpoint::Mark;
    let dir = tempfile::tempdir().unwrap();
    let st = store(dir.path());
    let states: Vec<Vec<(u64, u64)>> = vec![vec![(5, 7), (1 << 40, 3)], vec![(9, u64::MAX)]];
    for w in 0..2 {
        st.write_half("lower", w, &states, 0).unwrap();
        st.write_half("upper", w, &states, 4).unwrap();
    }
    let (back, head) = st.read_half::<u64, u64>("upper", 1).unwrap();
    assert_eq!((back, head), (states.concat(), 4));
    assert_eq!(st.offers(42), Ok(vec![]));
    st.note_mark(Mark::Pieces(0)).unwrap();
    for p in 1..=3 {
        for w in 0..2 {
            st.write_tours(w, p, 10 * u128::from(p) + w as u128);
        }
        st.note_mark(Mark::Pieces(p)).unwrap();
    }
    // A count started again: the last two marks, the tours at each.
    let again = store(dir.path());
    assert_eq!(again.offers(42), Ok(vec![Mark::Pieces(3), Mark::Pieces(2)]));
    assert_eq!(again.read_tours(1, 3).unwrap(), 31);
    assert_eq!(again.read_tours(0, 2).unwrap(), 20);
    assert!(again.read_tours(0, 1).is_err());
    // What a killed write left is cleared too.
    std::fs::write(dir.path().join("meet-upper-w1-of-2.64.tmp"), "x").unwrap();
    std::fs::write(dir.path().join("checkpoint-64-p0.txt.tmp"), "x").unwrap();
    st.clear(0, true);
    st.clear(1, false);
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
}

/// A checkpoint cannot lie: a states file copied over another's, a bit
/// flipped in one, a manifest edited by hand, a square past the board, a
/// FIFO where a file was: each refused, naming the file.
#[test]
fn damaged_checkpoints_are_refused() {
    use checkpoint::Mark;
    let write = || {
        let dir = tempfile::tempdir().unwrap();
        let st = store(dir.path());
        for j in [29, 30] {
            for w in 0..2 {
                let states = vec![vec![(j + w as u64, 3u64), (7, 1)]];
                st.write(j, w, &states, 5u64).unwrap();
            }
            st.note_mark(Mark::Square(j)).unwrap();
        }
        (dir, st)
    };
    let file = |dir: &std::path::Path, name: &str| dir.join(name);
    let (dir, st) = write();
    assert_eq!(
        store(dir.path()).offers(42),
        Ok(vec![Mark::Square(30), Mark::Square(29)])
    );
    let (back, done) = st.read::<u64, u64>(30, 1).unwrap();
    assert_eq!((back, done), (vec![(31, 3), (7, 1)], 5));
    // Past the board's squares.
    assert!(
        store(dir.path())
            .offers(30)
            .unwrap_err()
            .to_string()
            .contains("past")
    );
    // One worker's file over another's: its length or checksum differ
    // from the manifest's, and reading it names the wrong worker.
    std::fs::copy(
        file(dir.path(), "sq30-w0-of-2.64"),
        file(dir.path(), "sq30-w1-of-2.64"),
    )
    .unwrap();
    let why = store(dir.path()).offers(42).unwrap_err().to_string();
    assert!(why.contains("sq30-w1-of-2.64"), "{why}");
    let why = st.read::<u64, u64>(30, 1).unwrap_err().to_string();
    assert!(why.contains("another count or worker"), "{why}");
    // A bit flipped in a ways field: the checksum read through fails.
    let (dir, st) = write();
    let path = file(dir.path(), "sq29-w0-of-2.64");
    let mut bytes = std::fs::read(&path).unwrap();
    let at = bytes.len() - 32 - 8;
    bytes[at] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let why = st.read::<u64, u64>(29, 0).unwrap_err().to_string();
    assert!(why.contains("checksum"), "{why}");
    // The older mark's file damaged: only the newest is offered.
    std::fs::write(&path, b"short").unwrap();
    assert_eq!(store(dir.path()).offers(42), Ok(vec![Mark::Square(30)]));
    // The manifest edited by hand.
    let manifest = file(dir.path(), "checkpoint-64-p0.txt");
    let text = std::fs::read_to_string(&manifest).unwrap();
    std::fs::write(&manifest, text.replace("mark=square 30", "mark=square 100")).unwrap();
    let why = store(dir.path()).offers(42).unwrap_err().to_string();
    assert!(why.contains("checksum"), "{why}");
    // A FIFO for the manifest: refused at once, never read.
    std::fs::remove_file(&manifest).unwrap();
    let made = std::process::Command::new("mkfifo").arg(&manifest).status();
    if made.is_ok_and(|s| s.success()) {
        let why = store(dir.path()).offers(42).unwrap_err().to_string();
        assert!(why.contains("not a regular file"), "{why}");
    }
}
