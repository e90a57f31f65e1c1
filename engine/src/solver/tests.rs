//! Solver tests: every tour is validated square by square, every count is
//! compared with a known value.

use std::time::Duration;

use super::count::{Count, Progress};
use super::*;
use crate::board::Square;
use crate::solver::Job;
use crate::tour::{Summary, check_indices};

pub(super) fn board(r: u32, c: u32) -> Board {
    Board::new(r, c, &[]).unwrap()
}

pub(super) fn opts(algorithm: Algorithm) -> Options {
    Options {
        algorithm,
        tours: 1,
        ..Options::default()
    }
}

/// Solves and validates; returns the verdict.
pub(super) fn solve_checked(b: &Board, start: Square, closed: bool, o: &Options) -> Solution {
    let p = Problem::new(Tours::closed_if(b.clone(), closed), start).unwrap();
    let sol = solve(&p, o);
    for t in &sol.tours {
        assert_eq!(t[0], b.index(start), "tour starts at the start");
        let s = check_indices(b, t, closed).expect("valid tour");
        assert!(matches!(s, Summary::Complete { .. }), "{s:?}");
    }
    if sol.verdict == Verdict::Found {
        assert!(!sol.tours.is_empty());
    }
    sol
}

/// A tour to a chosen end is as deep as any: the end, reached by the
/// last move, is its last square (the statistics said one short).
#[test]
fn a_tour_to_a_chosen_end_reaches_the_full_depth() {
    let b = board(5, 5);
    for a in [Algorithm::Backtrack, Algorithm::Warnsdorff] {
        let p = Problem::new(Tours::open(b.clone()), Square::new(0, 0))
            .and_then(|p| p.ending_on(Some(Square::new(4, 4))))
            .unwrap();
        let sol = solve(&p, &opts(a));
        assert_eq!(sol.verdict, Verdict::Found, "{a:?}");
        let tour = &sol.tours[0];
        assert_eq!(tour.last(), Some(&b.index(Square::new(4, 4))), "{a:?}");
        check_indices(&b, tour, false).expect("valid tour");
        assert_eq!(sol.stats.max_depth, 25, "{a:?}");
    }
}

#[test]
fn every_algorithm_finds_a_5x5_tour() {
    let b = board(5, 5);
    for a in [
        Algorithm::Backtrack,
        Algorithm::Warnsdorff,
        Algorithm::Enumerate,
        Algorithm::Auto,
    ] {
        let sol = solve_checked(&b, Square::new(0, 0), false, &opts(a));
        assert_eq!(sol.verdict, Verdict::Found, "{a}");
        assert_ne!(sol.algorithm, Algorithm::Auto);
    }
}

#[test]
fn warnsdorff_every_8x8_start_and_tie_break() {
    let b = board(8, 8);
    for tie in [
        TieBreak::Roth,
        TieBreak::Fixed,
        TieBreak::Lookahead,
        TieBreak::Random,
    ] {
        for sq in b.free_squares() {
            let o = Options {
                tie_break: tie,
                ..opts(Algorithm::Warnsdorff)
            };
            assert_eq!(solve_checked(&b, sq, false, &o).verdict, Verdict::Found);
            assert_eq!(solve_checked(&b, sq, true, &o).verdict, Verdict::Found);
        }
    }
}

#[test]
fn warnsdorff_on_rectangles_and_large_boards() {
    for (r, c, start) in [
        (3, 4, (0, 0)),
        (3, 7, (0, 0)),
        (4, 5, (0, 0)),
        (64, 64, (0, 0)),
        (101, 101, (50, 50)),
        (10, 3, (0, 0)),
        (7, 9, (3, 3)),
    ] {
        let b = board(r, c);
        let sol = solve_checked(
            &b,
            Square::new(start.0, start.1),
            false,
            &opts(Algorithm::Warnsdorff),
        );
        assert_eq!(sol.verdict, Verdict::Found, "{r}x{c}");
    }
    for (r, c) in [(10, 3), (5, 6), (12, 12), (6, 9)] {
        let b = board(r, c);
        let sol = solve_checked(&b, Square::new(0, 0), true, &opts(Algorithm::Warnsdorff));
        assert_eq!(sol.verdict, Verdict::Found, "closed {r}x{c}");
    }
}

#[test]
fn exhausted_search_proves_no_tour() {
    // 3x8 has open tours, but none from 1,2; only the search can say so.
    // (3x4 from 0,1 used to be the example; theory now rules out the inner
    // columns of boards 4 wide.)
    let b = board(3, 8);
    for a in [
        Algorithm::Backtrack,
        Algorithm::Warnsdorff,
        Algorithm::Enumerate,
    ] {
        let sol = solve_checked(&b, Square::new(1, 2), false, &opts(a));
        match sol.verdict {
            Verdict::NoTour(r) => {
                assert!(
                    r.to_string().contains("tried every open path from 1,2"),
                    "{r}"
                );
                let crate::theory::Argument::Search(crate::theory::Searched::Every {
                    closed,
                    start,
                    ..
                }) = r.argument
                else {
                    panic!("{a}: {r}");
                };
                assert_eq!((closed, start), (false, Square::new(1, 2)));
                assert_eq!(r.squares, [Square::new(1, 2)]);
            }
            v => panic!("{a}: {v:?}"),
        }
    }
}

#[test]
fn theory_answers_before_searching() {
    let sol = solve_checked(
        &board(7, 7),
        Square::new(0, 0),
        true,
        &opts(Algorithm::Auto),
    );
    let Verdict::NoTour(proof) = sol.verdict else {
        panic!("{:?}", sol.verdict);
    };
    assert_eq!(
        proof.to_string(),
        "7x7 has 25 light and 24 dark squares; a closed tour needs equal numbers"
    );
    let crate::theory::Argument::Colour { counts, rule } = proof.argument else {
        panic!("{proof}");
    };
    assert_eq!((counts.light, counts.dark), (25, 24));
    assert_eq!(rule, crate::theory::ColourRule::Closed);
    assert!(proof.squares.is_empty());
    assert_eq!(sol.stats.nodes, 0);
}

#[test]
fn several_distinct_tours() {
    let b = board(5, 5);
    for a in [
        Algorithm::Warnsdorff,
        Algorithm::Enumerate,
        Algorithm::Backtrack,
    ] {
        let o = Options {
            tours: 20,
            ..opts(a)
        };
        let sol = solve_checked(&b, Square::new(0, 0), false, &o);
        assert_eq!(sol.tours.len(), 20);
        let mut t = sol.tours.clone();
        t.sort();
        t.dedup();
        assert_eq!(t.len(), 20, "{a}: tours are distinct");
    }
    // Asking for more than exist gives all of them: 304 from the corner.
    let o = Options {
        tours: 1000,
        ..opts(Algorithm::Enumerate)
    };
    assert_eq!(
        solve_checked(&b, Square::new(0, 0), false, &o).tours.len(),
        304
    );
}

#[test]
fn limits_stop_cleanly() {
    let b = board(8, 8);
    let o = Options {
        limits: Limits {
            nodes: Some(5000),
            time: None,
        },
        ..opts(Algorithm::Backtrack)
    };
    let sol = solve_checked(&b, Square::new(0, 0), false, &o);
    assert_eq!(sol.verdict, Verdict::Undecided(Limit::Nodes));
    assert_eq!(sol.stats.nodes, 5000);
    let o = Options {
        limits: Limits {
            nodes: None,
            time: Some(Duration::from_millis(50)),
        },
        ..opts(Algorithm::Backtrack)
    };
    let sol = solve_checked(&b, Square::new(0, 0), false, &o);
    assert_eq!(sol.verdict, Verdict::Undecided(Limit::Time));
    assert!(sol.stats.elapsed < Duration::from_secs(5));
}

fn count_of(r: u32, c: u32, start: (u32, u32), closed: bool, a: Algorithm) -> u128 {
    let b = board(r, c);
    let p = Problem::new(
        Tours::closed_if(b.clone(), closed),
        Square::new(start.0, start.1),
    )
    .unwrap();
    let n = Count {
        algorithm: a,
        ..Count::from_start(&p)
    }
    .run();
    assert!(n.complete());
    n.count
}

#[test]
fn known_counts_5x5() {
    assert_eq!(count_of(5, 5, (0, 0), false, Algorithm::Auto), 304);
    assert_eq!(count_of(5, 5, (0, 0), false, Algorithm::Backtrack), 304);
    assert_eq!(count_of(5, 5, (0, 2), false, Algorithm::Auto), 56);
    assert_eq!(count_of(5, 5, (1, 1), false, Algorithm::Auto), 56);
    assert_eq!(count_of(5, 5, (2, 2), false, Algorithm::Auto), 64);
    assert_eq!(count_of(5, 5, (0, 1), false, Algorithm::Auto), 0);
    let all = Count::all_starts(&Tours::open(board(5, 5))).run();
    assert_eq!((all.count, all.complete()), (1728, true));
}

#[test]
fn known_counts_small_rectangles() {
    for (r, c, n) in [
        (3, 4, 16),
        (4, 5, 164),
        (3, 7, 104),
        (4, 3, 16),
        (5, 4, 164),
    ] {
        let all = Count::all_starts(&Tours::open(board(r, c))).run();
        assert_eq!(all.count, n, "{r}x{c}");
        // Without symmetry or pruning the baseline agrees.
        let plain = Count {
            algorithm: Algorithm::Backtrack,
            ..Count::all_starts(&Tours::open(board(r, c)))
        }
        .run();
        assert_eq!(plain.count, n, "{r}x{c} backtrack");
    }
}

#[test]
fn known_counts_6x6() {
    assert_eq!(count_of(6, 6, (0, 0), true, Algorithm::Auto), 19_724);
    assert_eq!(count_of(6, 6, (0, 0), false, Algorithm::Auto), 524_486);
}

#[test]
fn count_stops_at_max_and_limits() {
    let b = board(5, 5);
    let p = Problem::new(Tours::open(b.clone()), Square::new(0, 0)).unwrap();
    let n = Count {
        max: Some(10),
        ..Count::from_start(&p)
    }
    .run();
    assert_eq!((n.count, n.complete()), (10, false));
    assert_eq!(n.outcome, crate::solver::count::Outcome::Reached);
    let n = Count {
        limits: Limits {
            nodes: Some(100),
            time: None,
        },
        ..Count::from_start(&p)
    }
    .run();
    assert_eq!((n.complete(), n.limit()), (false, Some(Limit::Nodes)));
    assert_eq!(
        n.outcome,
        crate::solver::count::Outcome::Stopped(Limit::Nodes)
    );
}

#[test]
fn one_square_board() {
    let b = board(1, 1);
    let sol = solve_checked(&b, Square::new(0, 0), false, &opts(Algorithm::Auto));
    assert_eq!(sol.tours, vec![vec![0]]);
    assert_eq!(count_of(1, 1, (0, 0), false, Algorithm::Auto), 1);
}

/// Plain backtracking on 10x10 from the corner (minutes at full speed),
/// live: its control, thread and events.
fn live_backtrack(
    speed: Speed,
    paused: bool,
) -> (
    crate::solver::Control,
    std::thread::JoinHandle<()>,
    std::sync::mpsc::Receiver<Event>,
) {
    let (tx, rx) = std::sync::mpsc::channel();
    let (ctl, handle) = spawn(
        None,
        Job::new(
            Problem::new(Tours::open(board(10, 10)), Square::new(0, 0)).unwrap(),
            opts(Algorithm::Backtrack),
        )
        .paced(speed, paused),
        move |e| {
            let _ = tx.send(e);
        },
    )
    .unwrap();
    (ctl, handle, rx)
}

#[test]
fn live_search_streams_and_obeys_control() {
    let (ctl, handle, rx) = live_backtrack(Speed::Full, true);
    // Paused: it shows where it stands, then does nothing until stepped.
    let first = rx.recv_timeout(Duration::from_secs(5)).unwrap();
    let Event::Snapshot(s) = first else {
        panic!("expected a snapshot")
    };
    let depth = s.path.len();
    std::thread::sleep(Duration::from_millis(50));
    assert!(rx.try_recv().is_err(), "no progress while paused");
    ctl.step();
    let Event::Snapshot(s) = rx.recv_timeout(Duration::from_secs(5)).unwrap() else {
        panic!()
    };
    assert_eq!(s.path.len(), depth + 1);
    ctl.resume();
    std::thread::sleep(Duration::from_millis(100));
    ctl.cancel();
    handle.join().unwrap();
    let last = rx.into_iter().last().unwrap();
    let Event::Done(r) = last else {
        panic!("last event is Done")
    };
    assert_eq!(r.solution.verdict, Verdict::Cancelled);
    assert!(r.solution.stats.nodes > 1000);
}

#[test]
fn pausing_a_slowed_search_stops_on_the_node_shown() {
    // Two nodes a second: the search spends its time waiting between nodes.
    let t0 = std::time::Instant::now();
    let (ctl, handle, rx) = live_backtrack(Speed::StepsPerSecond(2.0), false);
    let Event::Snapshot(s) = rx.recv_timeout(Duration::from_secs(5)).unwrap() else {
        panic!("expected a snapshot")
    };
    let shown = s.path.len();
    // Paused in the wait after that node: no further node, and at most the
    // same node shown again.
    ctl.pause();
    std::thread::sleep(Duration::from_millis(700));
    for e in rx.try_iter() {
        let Event::Snapshot(s) = e else { panic!() };
        assert_eq!(s.path.len(), shown, "no node taken after the pause");
    }
    // A step takes exactly one node.
    ctl.step();
    let Event::Snapshot(s) = rx.recv_timeout(Duration::from_secs(5)).unwrap() else {
        panic!()
    };
    assert_eq!(s.path.len(), shown + 1);
    // And each step after it one more: none is taken by the pace's wait.
    for k in 2..=4 {
        ctl.step();
        let Event::Snapshot(s) = rx.recv_timeout(Duration::from_secs(5)).unwrap() else {
            panic!()
        };
        assert_eq!(s.path.len(), shown + k, "step {k}");
    }
    let shown = shown + 3;
    // The clock stood still for the 700 ms paused.
    assert!(
        s.stats.elapsed + Duration::from_millis(600) < t0.elapsed(),
        "{:?} of {:?}",
        s.stats.elapsed,
        t0.elapsed()
    );
    std::thread::sleep(Duration::from_millis(700));
    assert!(
        rx.try_iter()
            .all(|e| matches!(e, Event::Snapshot(s) if s.path.len() == shown + 1))
    );
    ctl.cancel();
    handle.join().unwrap();
}

#[test]
fn slowed_down_each_step_back_is_a_step_of_its_own() {
    // 1000 steps a second: every snapshot is one node placed or one square
    // taken back, never a jump.
    let (ctl, handle, rx) = live_backtrack(Speed::StepsPerSecond(1000.0), false);
    std::thread::sleep(Duration::from_millis(400));
    ctl.cancel();
    handle.join().unwrap();
    let lengths: Vec<usize> = rx
        .try_iter()
        .filter_map(|e| match e {
            Event::Snapshot(s) => {
                // The depths sampled since the snapshot before include this one.
                assert!(s.range.0 <= s.path.len() && s.path.len() <= s.range.1);
                Some(s.path.len())
            }
            _ => None,
        })
        .collect();
    assert!(lengths.len() > 50, "{} snapshots", lengths.len());
    let mut backs = 0;
    for w in lengths.windows(2) {
        match w[1] as i64 - w[0] as i64 {
            1 => {}
            -1 => backs += 1,
            d => panic!("a jump of {d} squares in {lengths:?}"),
        }
    }
    assert!(backs > 0, "some steps back were seen: {lengths:?}");
}

/// The last event of a search on its own thread at full speed: its report.
pub(super) fn reported(b: &Board, start: Square, closed: bool, algorithm: Algorithm) -> Report {
    use std::sync::mpsc;
    let (tx, rx) = mpsc::channel();
    let send = move |e| {
        let _ = tx.send(e);
    };
    let options = opts(algorithm);
    let (_ctl, handle) = spawn(
        None,
        Job::new(
            Problem::new(Tours::closed_if(b.clone(), closed), start).unwrap(),
            options,
        ),
        send,
    )
    .unwrap();
    handle.join().unwrap();
    match rx.into_iter().last() {
        Some(Event::Done(r)) => r,
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_search_that_replaces_another_begins_when_the_other_has_ended() {
    use std::sync::mpsc;
    // A leaper's search whose turns run long (see rotate.rs), cancelled
    // and replaced by a quick one four times in a row.
    let g = crate::board::Geometry::new(
        crate::board::Leaper::new(1, 300).unwrap(),
        crate::board::Surface::Plane,
    );
    let big = Board::with_geometry(700, 700, &[], g).unwrap();
    let (tx, rx) = mpsc::channel();
    let sink = |k: usize| {
        let tx = tx.clone();
        move |e: Event| {
            let _ = tx.send((k, matches!(e, Event::Done(_) | Event::Failed(_))));
        }
    };
    let mut last = None;
    for k in 0..5 {
        let b = if k < 4 { big.clone() } else { board(6, 6) };
        let (control, thread) = spawn(
            last.take(),
            Job::new(
                Problem::new(Tours::open(b.clone()), Square::new(0, 0)).unwrap(),
                opts(Algorithm::Warnsdorff),
            ),
            sink(k),
        )
        .unwrap();
        std::thread::sleep(Duration::from_millis(50));
        if k < 4 {
            control.cancel();
        }
        last = Some(thread);
    }
    drop(tx);
    last.unwrap().join().unwrap();
    // Each search's events all come before the next one's.
    let order: Vec<(usize, bool)> = rx.into_iter().collect();
    let mut ended = 0;
    for w in order.windows(2) {
        assert!(w[0].0 <= w[1].0, "{:?} before {:?}", w[0], w[1]);
        if w[0].0 < w[1].0 {
            assert!(w[0].1, "search {} had not ended", w[0].0);
            ended += 1;
        }
    }
    assert_eq!(ended, 4, "{order:?}");
}

#[test]
fn live_search_reports_the_tour() {
    let b = board(6, 6);
    let r = reported(&b, Square::new(2, 3), true, Algorithm::Warnsdorff);
    assert_eq!(r.solution.verdict, Verdict::Found);
    check_indices(&b, &r.solution.tours[0], true).unwrap();
}

#[test]
fn serial_and_parallel_counts_agree() {
    // With a maximum the count runs job after job; without, on every core.
    for (r, c, closed) in [(5, 5, false), (4, 5, false), (6, 6, true), (3, 7, false)] {
        let b = board(r, c);
        let all = Count::all_starts(&Tours::closed_if(b.clone(), closed)).run();
        let serial = Count {
            max: Some(u64::MAX),
            ..Count::all_starts(&Tours::closed_if(b.clone(), closed))
        }
        .run();
        assert_eq!(all.count, serial.count, "{r}x{c}");
        assert!(all.complete());
    }
}

#[test]
fn progress_accounts_for_every_job_and_tour() {
    use std::sync::atomic::Ordering::Relaxed;
    let b = board(5, 5);
    for max in [None, Some(u64::MAX)] {
        let p = Progress::default();
        let n = Count {
            max,
            progress: Some(&p),
            ..Count::all_starts(&Tours::open(b.clone()))
        }
        .run();
        assert_eq!(n.count, 1728);
        assert_eq!(p.tours.load(Relaxed), 1728, "max {max:?}");
        assert!(p.total.load(Relaxed) > 0);
        assert_eq!(p.done.load(Relaxed), p.total.load(Relaxed));
        let p = Progress::default();
        let pr = Problem::new(Tours::open(b.clone()), Square::new(0, 0)).unwrap();
        assert_eq!(
            Count {
                max,
                progress: Some(&p),
                ..Count::from_start(&pr)
            }
            .run()
            .count,
            304
        );
        assert_eq!(p.tours.load(Relaxed), 304);
    }
}

/// A count by enumeration of `b` from its corner, cancelled before it
/// starts, reporting to `progress`.
fn cancelled_count(b: &Board, progress: &Progress) -> crate::solver::count::Total {
    progress
        .cancel
        .store(true, std::sync::atomic::Ordering::Relaxed);
    let p = Problem::new(Tours::open(b.clone()), Square::new(0, 0)).unwrap();
    Count {
        algorithm: Algorithm::Enumerate,
        progress: Some(progress),
        ..Count::from_start(&p)
    }
    .run()
}

#[test]
fn a_count_stops_when_cancelled() {
    let b = Board::new(6, 6, &[]).unwrap();
    let progress = Progress::default();
    let c = cancelled_count(&b, &progress);
    assert_eq!(c.outcome, crate::solver::count::Outcome::Cancelled);
    assert!(c.count < 524_486, "{}", c.count);
    let c = Count {
        algorithm: Algorithm::Enumerate,
        progress: Some(&progress),
        ..Count::all_starts(&Tours::open(b.clone()))
    }
    .run();
    assert!(!c.complete());
    assert!(c.count < 6_637_920, "{}", c.count);
}

#[test]
fn a_panic_in_the_search_thread_ends_with_failed_not_silence() {
    let b = Board::new(6, 6, &[]).unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    let mut panicked = false;
    let (_control, thread) = crate::solver::spawn(
        None,
        // Watched node by node, so the sink is called inside the search.
        Job::new(
            Problem::new(Tours::open(b.clone()), Square::new(0, 0)).unwrap(),
            Options::default(),
        )
        .paced(Speed::StepsPerSecond(10_000.0), false),
        move |e| {
            if !panicked {
                panicked = true;
                panic!("provoked in the test");
            }
            let _ = tx.send(e);
        },
    )
    .unwrap();
    thread.join().expect("the panic is caught on the thread");
    let events: Vec<Event> = rx.iter().collect();
    assert_eq!(events.len(), 1);
    match &events[0] {
        Event::Failed(Crash::Panicked(why)) => assert_eq!(why.0, "provoked in the test"),
        other => panic!("expected Failed, got {other:?}"),
    }
}

/// Cancelled, a count on every core lets go of the jobs not begun: each
/// would first set up a search of the whole board (the app's `#` on
/// 10000x10000 took 10.8 s to stop). None is begun once cancelled.
#[test]
fn a_cancelled_count_on_every_core_begins_no_job() {
    let b = Board::new(60, 60, &[]).unwrap();
    let progress = Progress::default();
    let c = cancelled_count(&b, &progress);
    assert_eq!(c.outcome, crate::solver::count::Outcome::Cancelled);
    let total = progress.total.load(std::sync::atomic::Ordering::Relaxed);
    assert!(total > 1, "{total} jobs");
    assert_eq!(progress.done.load(std::sync::atomic::Ordering::Relaxed), 0);
}

/// A problem, owning its board, checks its start and its tours' end.
#[test]
fn a_problem_owning_its_board_checks_its_squares() {
    let holed = Board::new(5, 5, &[Square::new(2, 2)]).unwrap();
    let job = |start, end| {
        Kind::from_flags(false, end)
            .and_then(|k| Tours::new(holed.clone(), k))
            .and_then(|t| Problem::new(t, start))
    };
    assert!(job(Square::new(0, 0), None).is_ok());
    assert!(job(Square::new(2, 2), None).is_err(), "a blocked start");
    assert!(
        job(Square::new(0, 0), Some(Square::new(0, 0))).is_err(),
        "the end on the start"
    );
    assert!(
        job(Square::new(0, 0), Some(Square::new(9, 9))).is_err(),
        "an end off the board"
    );
    assert!(
        job(Square::new(0, 0), Some(Square::new(2, 2))).is_err(),
        "a blocked end"
    );
    assert_eq!(
        Kind::from_flags(true, Some(Square::new(4, 4))),
        Err(crate::board::BoardError::ClosedWithEnd),
        "a closed tour with an end"
    );
}
