use super::*;
use crate::solver::count::Count;
use crate::solver::{Algorithm, Problem, Tours};

/// The count, checked against both ways of counting: square by square
/// over the whole board, and meeting in the middle where it can.
fn frontier(board: &Board, ends: Ends) -> u128 {
    let by = |how| {
        count_by(
            board,
            ends,
            &Budget::bytes(u64::MAX),
            &Progress::default(),
            how,
        )
        .expect("small boards count")
        .tours
    };
    let n = by(How::Auto);
    let name = board.describe();
    assert_eq!(n, by(How::Whole), "{name}: {ends:?}");
    if meeting(&Layout::new(board, ends, false), ends).is_some() {
        assert_eq!(n, by(How::Meet), "{name}: {ends:?}, meeting");
    }
    n
}

/// Enumeration's directed counts: from `start`, or summed over all starts.
fn enumerated(board: &Board, start: Option<Square>, closed: bool) -> u128 {
    let c = match start {
        Some(s) => {
            let p = Problem::new(Tours::closed_if(board.clone(), closed), s).unwrap();
            Count {
                algorithm: Algorithm::Enumerate,
                ..Count::from_start(&p)
            }
            .run()
        }
        None => Count {
            algorithm: Algorithm::Enumerate,
            ..Count::all_starts(&Tours::closed_if(board.clone(), closed))
        }
        .run(),
    };
    assert!(c.complete());
    c.count
}

/// Every count the programme gives on `board` against enumeration.
fn agrees(board: &Board) {
    let free: Vec<Square> = board.free_squares().collect();
    let n = free.len() as u128;
    let name = board.describe();
    let paths = frontier(board, Ends::Any);
    // One square is one tour, the same both ways.
    let directed = if n == 1 { paths } else { 2 * paths };
    assert_eq!(
        directed,
        enumerated(board, None, false),
        "{name}: open, all starts"
    );
    let cycles = frontier(board, Ends::Closed);
    if n >= 3 {
        assert_eq!(
            2 * n * cycles,
            enumerated(board, None, true),
            "{name}: closed, all starts"
        );
    }
    let mut sum = 0;
    for &s in &free {
        let from = frontier(board, Ends::From(s));
        assert_eq!(
            from,
            enumerated(board, Some(s), false),
            "{name}: open from {s}"
        );
        sum += from;
    }
    {
        assert_eq!(sum, directed, "{name}: the starts add up");
    }
}

#[test]
fn agrees_with_enumeration_on_every_small_board() {
    for r in 1..=6u32 {
        for c in 1..=6u32 {
            if r * c <= 30 {
                agrees(&Board::new(r, c, &[]).unwrap());
            }
        }
    }
}

#[test]
fn nibble_helpers() {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..10000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        for label in 1..16 {
            let n = (0..16).filter(|&j| get(x, j) == label).count() as u32;
            assert_eq!(occurrences(x, label), n, "{x:x} {label}");
        }
        let f = (0..16)
            .filter(|&j| get(x, j) == FULL)
            .fold(0, |m, j| m | 1 << (4 * j));
        assert_eq!(full(x), f);
        // Labels renumbered in order of first appearance, the rest kept.
        let c = canonical(x);
        let mut seen = Vec::new();
        for j in 0..16 {
            let (a, b) = (get(x, j), get(c, j));
            if (1..T).contains(&a) {
                let k = seen.iter().position(|&l| l == a).unwrap_or_else(|| {
                    seen.push(a);
                    seen.len() - 1
                });
                assert_eq!(b, k as u64 + 1, "{x:x} -> {c:x}");
            } else {
                assert_eq!(a, b, "{x:x} -> {c:x}");
            }
        }
    }
}

/// A reproducible stream of numbers below the bound asked for (xorshift
/// from `seed`).
fn below(seed: u64) -> impl FnMut(u32) -> u32 {
    let mut x = seed;
    move |n| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % u64::from(n)) as u32
    }
}

#[test]
fn agrees_with_enumeration_with_blocked_squares() {
    let mut next = below(0x2545_f491_4f6c_dd1d);
    for (r, c) in [
        (3, 5),
        (4, 5),
        (5, 4),
        (5, 5),
        (4, 6),
        (6, 4),
        (5, 6),
        (6, 5),
        (3, 8),
    ] {
        for holes in 1..=3 {
            for _ in 0..3 {
                let blocked: Vec<Square> =
                    (0..holes).map(|_| Square::new(next(r), next(c))).collect();
                agrees(&Board::new(r, c, &blocked).unwrap());
            }
        }
    }
}

/// Published counts of closed tours: 6xN (OEIS A175881) and 5x12 (OEIS
/// A383661, the first 60 squares of a 5-wide board), both ways round.
#[test]
fn closed_tours_of_long_boards_are_the_published_counts() {
    for (r, c, n) in [
        (6, 5, 8u128),
        (6, 6, 9_862),
        (6, 7, 1_067_638),
        (5, 8, 44_202),
        (5, 12, 4_557_702_762),
    ] {
        for (r, c) in [(r, c), (c, r)] {
            let b = Board::new(r, c, &[]).unwrap();
            assert_eq!(frontier(&b, Ends::Closed), n, "{r}x{c}");
        }
    }
}

/// Past the memory bound a count stops; one known to need more is refused
/// before it starts.
#[test]
fn the_memory_bound_stops_a_count() {
    let b = Board::new(7, 7, &[]).unwrap();
    let p = Progress::default();
    let e = count(&b, Ends::Any, &Budget::bytes(1 << 30), &p);
    assert_eq!(
        e,
        Err(Stop::Memory {
            bytes: 1_300_000_000,
            states: 0,
            at: 0,
            of: 49
        })
    );
    let e = count(&b, Ends::Closed, &Budget::bytes(1 << 20), &p);
    assert!(
        matches!(e, Err(Stop::Memory { at, bytes, states, .. }) if at > 0 && at < 49 && bytes > 1 << 20 && states > 0),
        "{e:?}"
    );
}

/// Meeting in the middle against the whole board's count with a hole at
/// every square in turn: holes next to the cut change which squares meet
/// across it (a square with no move across is done below it).
#[test]
fn meeting_agrees_with_a_hole_anywhere() {
    for (r, c) in [(5, 5), (4, 6), (6, 4), (5, 6), (6, 5)] {
        for hole in Board::new(r, c, &[]).unwrap().free_squares() {
            let board = Board::new(r, c, &[hole]).unwrap();
            for ends in [Ends::Closed, Ends::Any] {
                frontier(&board, ends);
            }
        }
    }
}

/// A cancel or a passed deadline stops either way of counting, with no
/// number.
#[test]
fn a_cancel_or_a_deadline_stops_both_ways() {
    let board = Board::new(6, 6, &[]).unwrap();
    for how in [How::Whole, How::Meet] {
        let cancelled = Progress::default();
        cancelled.cancel.store(true, Relaxed);
        let budget = Budget::bytes(u64::MAX);
        let e = count_by(&board, Ends::Closed, &budget, &cancelled, how);
        assert_eq!(e, Err(Stop::Cancelled), "{how:?}");
        let budget = Budget {
            deadline: Some(Instant::now()),
            ..Budget::bytes(u64::MAX)
        };
        let e = count_by(&board, Ends::Closed, &budget, &Progress::default(), how);
        assert_eq!(e, Err(Stop::Deadline), "{how:?}");
        let budget = Budget {
            expansions: Some(1000),
            ..Budget::bytes(u64::MAX)
        };
        let e = count_by(&board, Ends::Closed, &budget, &Progress::default(), how);
        assert_eq!(e, Err(Stop::Expansions), "{how:?}");
    }
}

/// `board` drawn in the top-left corner of an 8x8 board whose other
/// squares are blocked: counted 8 wide, in a `u128` window.
fn in_eight_by_eight(board: &Board) -> Board {
    let mut blocked: Vec<Square> = board.blocked().to_vec();
    for r in 0..8 {
        for c in 0..8 {
            if r >= board.rows() || c >= board.cols() {
                blocked.push(Square::new(r, c));
            }
        }
    }
    Board::new(8, 8, &blocked).unwrap()
}

/// Boards 8 wide count in a `u128` window: a smaller board drawn in an
/// 8x8 one counts as itself (counted in a `u64` window, which the tests
/// above check against enumeration), for every kind of tour.
#[test]
fn eight_wide_windows_count_as_the_boards_they_hold() {
    windows_hold(3);
}

/// As above, on six boards (25 s).
#[test]
#[ignore = "long proof: .ci/run runs it (cargo test -- --ignored)"]
fn eight_wide_windows_count_as_every_board_they_hold() {
    windows_hold(6);
}

/// The first `take` boards of the check above.
fn windows_hold(take: usize) {
    let mut next = below(0x8bad_f00d_dead_beef);
    // Open counts 8 wide take long: 5x8 over all starts 30 s a way.
    let mut boards = vec![
        (Board::new(5, 8, &[]).unwrap(), false),
        (Board::new(6, 6, &[]).unwrap(), false),
    ];
    for (r, c) in [(5, 6), (6, 5), (4, 8), (5, 7)] {
        let holes: Vec<Square> = (0..next(3))
            .map(|_| Square::new(next(r), next(c)))
            .collect();
        boards.push((Board::new(r, c, &holes).unwrap(), true));
    }
    for (board, open) in boards.into_iter().take(take) {
        let wide = in_eight_by_eight(&board);
        assert_eq!(Layout::new(&wide, Ends::Any, false).w, 8);
        let corner = board.free_squares().next().unwrap();
        let all = [Ends::Closed, Ends::Any, Ends::From(corner)];
        let name = board.describe();
        for ends in &all[..if open { 3 } else { 1 }] {
            assert_eq!(
                frontier(&wide, *ends),
                frontier(&board, *ends),
                "{name}: {ends:?}"
            );
        }
    }
}

/// Meeting in the middle where most of the lower half is blocked: with
/// free squares only in the first row below the cut, a tour is made of
/// moves above and across it alone, so those boards count square by
/// square.
#[test]
fn meeting_agrees_with_the_lower_half_mostly_blocked() {
    for (r, c) in [(4, 6), (4, 5), (5, 5), (5, 6)] {
        let board = in_eight_by_eight(&Board::new(r, c, &[]).unwrap());
        let six: Vec<Square> = board
            .blocked()
            .iter()
            .copied()
            .filter(|s| s.row < 6 && s.col < 6)
            .collect();
        let board = Board::new(6, 6, &six).unwrap();
        for ends in [Ends::Closed, Ends::Any] {
            frontier(&board, ends);
        }
    }
}

/// With too little memory for the states across the cut at once, a
/// meeting takes them in pieces, one after the other, and the tours add
/// up to the same count.
#[test]
fn a_meeting_short_of_memory_goes_across_in_pieces() {
    // Boards, the memory, and the count where published.
    for (board, ends, bytes, known) in [
        (
            Board::new(6, 8, &[]).unwrap(),
            Ends::Closed,
            20 << 20,
            55_488_142u128,
        ),
        (
            Board::new(6, 6, &[Square::new(2, 3), Square::new(0, 0)]).unwrap(),
            Ends::Closed,
            1 << 18,
            882,
        ),
        (Board::new(5, 6, &[]).unwrap(), Ends::Any, 4 << 20, 0),
    ] {
        let layout = Layout::new(&board, ends, false);
        let k = meeting(&layout, ends).unwrap();
        let crossing = layout.crossing(k);
        assert_eq!(meet::digits(&crossing, 1_000, 16, u64::MAX), 0);
        assert!(meet::digits(&crossing, 1_000, 16, 1 << 20) >= 3);
        let whole = frontier(&board, ends);
        if known > 0 {
            assert_eq!(whole, known, "{}", board.describe());
        }
        let at_once = count_by(
            &board,
            ends,
            &Budget::bytes(u64::MAX),
            &Progress::default(),
            How::Meet,
        )
        .unwrap();
        let budget = Budget::bytes(bytes);
        // The progress bar only goes forward, to the end, over the pieces.
        let progress = Progress::default();
        let finished = std::sync::atomic::AtomicBool::new(false);
        let n = std::thread::scope(|scope| {
            let watch = scope.spawn(|| {
                let mut seen = vec![];
                while !finished.load(Relaxed) {
                    seen.push(progress.done.load(Relaxed));
                    std::thread::sleep(std::time::Duration::from_micros(50));
                }
                seen
            });
            let n = count_by(&board, ends, &budget, &progress, How::Meet).unwrap();
            finished.store(true, Relaxed);
            let seen = watch.join().unwrap();
            assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
            n
        });
        let total = progress.total.load(Relaxed);
        assert_eq!(progress.done.load(Relaxed), total);
        assert_eq!(n.tours, whole, "{}", board.describe());
        // The same states (fewer where the shares of the cores would
        // have overlapped), fewer at once.
        assert!(n.expansions <= at_once.expansions, "{}", board.describe());
        assert!(n.peak < at_once.peak, "{}", board.describe());
    }
}

/// Which boards the programme takes: up to 7 wide any tours; 8 wide only
/// the closed tours of 8x8, which meet in the middle.
#[test]
fn eight_wide_only_closed_tours_of_eight_by_eight() {
    let board = |r, c| Board::new(r, c, &[]).unwrap();
    let corner = Ends::From(Square::new(0, 0));
    assert!(applies(&board(8, 8), Ends::Closed));
    assert!(!applies(&board(8, 8), Ends::Any));
    assert!(!applies(&board(8, 8), corner));
    assert!(!applies(&board(8, 9), Ends::Closed));
    assert!(!applies(&board(9, 9), Ends::Closed));
    for ends in [Ends::Closed, Ends::Any, corner] {
        assert!(applies(&board(7, 20), ends));
    }
    // Most of the lower half blocked: no meeting, so none.
    let top: Vec<Square> = (5..8)
        .flat_map(|r| (0..8).map(move |c| Square::new(r, c)))
        .collect();
    assert!(!applies(&Board::new(8, 8, &top).unwrap(), Ends::Closed));
}
