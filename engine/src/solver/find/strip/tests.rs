use super::*;
use crate::solver::count::Count;
use crate::solver::{Limits, Problem, Tours};
use crate::tour::{Summary, check_indices};

/// Tours by exhaustive enumeration (the reference).
fn enumerated(b: &Board, start: Square, closed: bool) -> u128 {
    let p = Problem::new(Tours::closed_if(b.clone(), closed), start).unwrap();
    let c = Count {
        algorithm: Algorithm::Enumerate,
        ..Count::from_start(&p)
    }
    .run();
    assert!(c.complete());
    c.count
}

/// The strip's answer, its tour validated square by square.
fn found(b: &Board, start: Square, closed: bool) -> bool {
    found_keeping(b, start, closed, KEEP_ALL_STATES)
}

/// [`found`], the strip keeping every set of states until `keep_all` are.
fn found_keeping(b: &Board, start: Square, closed: bool, keep_all: usize) -> bool {
    match tour_keeping(b, start, closed, keep_all) {
        Answer::Tour(path) => {
            assert_eq!(path[0], b.index(start));
            let s = check_indices(b, &path, closed);
            assert_eq!(
                s,
                Ok(Summary::Complete {
                    closed: s
                        .clone()
                        .is_ok_and(|s| matches!(s, Summary::Complete { closed: true }))
                }),
                "{}x{} from {start}",
                b.rows(),
                b.cols()
            );
            true
        }
        Answer::NoTour(proof) => {
            assert!(proof.reason().contains("square by square"), "{proof}");
            false
        }
    }
}

fn check_board(b: &Board) {
    for closed in [false, true] {
        for start in b.free_squares() {
            let want = enumerated(b, start, closed);
            assert_eq!(
                count(b, start, closed),
                Some(want),
                "{} {} from {start}",
                b.describe(),
                if closed { "closed" } else { "open" }
            );
            assert_eq!(
                found(b, start, closed),
                want > 0,
                "{} from {start}",
                b.describe()
            );
            if closed {
                // One start decides a closed tour.
                break;
            }
        }
    }
}

#[test]
fn known_counts() {
    let b = |r, c| Board::new(r, c, &[]).unwrap();
    let all = |b: Board| -> u128 { b.free_squares().map(|s| count(&b, s, false).unwrap()).sum() };
    // Directed open tours over all starts, as in the solver's tests.
    assert_eq!(all(b(3, 4)), 16);
    assert_eq!(all(b(4, 5)), 164);
    assert_eq!(all(b(3, 7)), 104);
    // Closed tours on 3x2n boards: 16 on 3x10, 176 on 3x12, 1536 on 3x14
    // (OEIS A070030); from one start, each in both directions.
    assert_eq!(count(&b(3, 10), Square::new(0, 0), true), Some(32));
    assert_eq!(count(&b(12, 3), Square::new(5, 1), true), Some(352));
    assert_eq!(count(&b(3, 14), Square::new(2, 13), true), Some(3072));
    assert_eq!(count(&b(3, 8), Square::new(1, 2), false), Some(0));
    // Knuth's open tour diagrams of 3x20 (OEIS A169770 + A169771 +
    // A169772: 54215264 + 1057619944 + 211014544), each both ways.
    assert_eq!(all(b(3, 20)), 2 * 1_322_849_752);
}

#[test]
fn every_start_of_small_strips_agrees_with_enumeration() {
    for (r, c) in [
        (3, 4),
        (3, 7),
        (3, 8),
        (3, 9),
        (3, 10),
        (4, 5),
        (4, 6),
        (4, 7),
        (1, 1),
        (2, 5),
    ] {
        check_board(&Board::new(r, c, &[]).unwrap());
        check_board(&Board::new(c, r, &[]).unwrap());
    }
}

#[test]
fn strips_with_blocked_squares_agree_with_enumeration() {
    let sq = Square::new;
    for (r, c, blocked) in [
        (3, 9, vec![sq(1, 4)]),
        (3, 8, vec![sq(0, 0), sq(2, 7)]),
        (4, 6, vec![sq(1, 1)]),
        (4, 7, vec![sq(0, 3), sq(3, 3)]),
        (4, 7, vec![sq(0, 6), sq(1, 6), sq(2, 6), sq(3, 6)]),
        (4, 8, vec![sq(0, 0), sq(1, 0), sq(2, 0), sq(3, 0), sq(2, 4)]),
    ] {
        check_board(&Board::new(r, c, &blocked).unwrap());
        let turned: Vec<Square> = blocked.iter().map(|s| sq(s.col, s.row)).collect();
        check_board(&Board::new(c, r, &turned).unwrap());
    }
}

#[test]
fn long_strips_are_tours_in_full() {
    let sq = Square::new;
    for (r, c, start, closed, blocked) in [
        (4, 100_000, sq(0, 0), false, vec![]),
        (4, 100_001, sq(3, 50_000), false, vec![]),
        (100_003, 4, sq(77_777, 0), false, vec![]),
        (3, 100_001, sq(0, 0), false, vec![]),
        (3, 99_999, sq(2, 33_332), false, vec![]),
        (3, 100_000, sq(1, 50_000), true, vec![]),
        (100_000, 3, sq(0, 2), true, vec![]),
        (
            4,
            20_000,
            sq(0, 0),
            false,
            vec![
                sq(1, 7),
                sq(2, 20),
                sq(3, 14),
                sq(0, 15),
                sq(0, 10_001),
                sq(3, 10_001),
            ],
        ),
    ] {
        let b = Board::new(r, c, &blocked).unwrap();
        assert!(found(&b, start, closed), "{r}x{c} from {start}");
    }
}

#[test]
fn every_start_of_longer_strips_agrees_with_the_search() {
    strips_agree_with_the_search(&[(3, 11), (3, 12), (3, 16), (4, 9), (4, 12)]);
}

#[test]
#[ignore = "long proof: .ci/run runs it (cargo test -- --ignored)"]
fn every_start_of_the_longest_strips_agrees_with_the_search() {
    strips_agree_with_the_search(&[(3, 23), (4, 15)]);
}

/// On each `w` x `n` board, from every start, open and closed: the strip
/// finds a tour exactly when Warnsdorff's search (or theory) says so.
fn strips_agree_with_the_search(boards: &[(u32, u32)]) {
    use crate::solver::{NoMonitor, Options, find::warnsdorff};
    for &(w, n) in boards {
        let b = Board::new(w, n, &[]).unwrap();
        for closed in [false, true] {
            for start in b.free_squares() {
                if crate::theory::check(&b, Some(start), closed).is_err() {
                    assert!(!found(&b, start, closed));
                    continue;
                }
                let p = Problem::new(Tours::closed_if(b.clone(), closed), start).unwrap();
                let o = Options {
                    tours: 1,
                    limits: Limits {
                        nodes: Some(200_000),
                        time: None,
                    },
                    ..Options::default()
                };
                let sol = warnsdorff::solve(&p, &crate::theory::Facts::new(&b), &o, &mut NoMonitor);
                let strip = found(&b, start, closed);
                match sol.verdict {
                    Verdict::Found => assert!(strip, "{w}x{n} from {start}"),
                    Verdict::NoTour(_) => assert!(!strip, "{w}x{n} from {start}"),
                    _ => {}
                }
            }
        }
    }
}

#[test]
fn every_tour_one_by_one() {
    let sq = Square::new;
    for (r, c, blocked, closed) in [
        (3, 7, vec![], false),
        (4, 5, vec![], false),
        (3, 10, vec![], true),
        (3, 12, vec![], true),
        (4, 7, vec![sq(0, 3), sq(3, 3)], false),
        (6, 4, vec![], false),
    ] {
        let b = Board::new(r, c, &blocked).unwrap();
        for start in b.free_squares() {
            let want = count(&b, start, closed).unwrap();
            let all = match tours(&b, start, closed, usize::MAX) {
                Ok(all) => all,
                Err(_) => {
                    assert_eq!(want, 0);
                    continue;
                }
            };
            assert_eq!(all.len() as u128, want, "{} from {start}", b.describe());
            let mut seen = std::collections::HashSet::new();
            for t in &all {
                assert_eq!(t[0], b.index(start));
                let s = check_indices(&b, t, closed);
                assert!(matches!(s, Ok(Summary::Complete { .. })), "{s:?}");
                assert!(seen.insert(t.clone()), "a tour twice");
            }
            // Asked for fewer, it gives that many.
            let some = tours(&b, start, closed, 3).unwrap();
            assert_eq!(some.len() as u128, want.min(3));
        }
    }
}

#[test]
fn counts_over_starts_of_both_kinds_are_exact() {
    // Inner starts of 4xN have no open tour (theory), so the command
    // never mixes kinds; the function must still get them right.
    let b = Board::new(4, 7, &[]).unwrap();
    let starts: Vec<(Square, u64)> = b.free_squares().map(|s| (s, 1)).collect();
    let one_by_one: u128 = starts
        .iter()
        .map(|&(s, _)| count(&b, s, false).unwrap())
        .sum();
    assert_eq!(count_starts(&b, &starts, false), Some(one_by_one));
    let mut reversed = starts.clone();
    reversed.reverse();
    assert_eq!(count_starts(&b, &reversed, false), Some(one_by_one));
}

#[test]
fn paths_between_two_squares_agree_with_the_search() {
    use crate::solver::Flow;
    use crate::solver::find::search::{Monitor, Order, Search};
    /// The last squares of every open tour from the start.
    struct Ends(std::collections::HashSet<u32>);
    impl Monitor for Ends {
        fn on_tour(&mut self, s: &Search) -> Flow {
            self.0.insert(*s.tour().last().unwrap());
            Flow::Continue
        }
    }
    let sq = Square::new;
    for (r, c, blocked) in [
        (3, 7, vec![]),
        (4, 5, vec![]),
        (5, 4, vec![]),
        (4, 6, vec![sq(1, 1)]),
    ] {
        let b = Board::new(r, c, &blocked).unwrap();
        for start in b.free_squares() {
            let mut ends = Ends(Default::default());
            Search::new(&b, &[b.index(start)], false, Order::Fixed, true).run(&mut ends);
            for end in b.free_squares().filter(|&e| e != start) {
                match path_between(&b, start, end) {
                    Answer::Tour(p) => {
                        assert!(ends.0.contains(&b.index(end)), "{start} to {end}");
                        assert_eq!((p[0], *p.last().unwrap()), (b.index(start), b.index(end)));
                        let s = check_indices(&b, &p, false);
                        assert!(matches!(s, Ok(Summary::Complete { .. })), "{s:?}");
                    }
                    Answer::NoTour(_) => {
                        assert!(!ends.0.contains(&b.index(end)), "{start} to {end}")
                    }
                }
            }
        }
    }
}

#[test]
fn sets_worked_out_again_on_the_way_back_give_the_same_answers() {
    let sq = Square::new;
    for (r, c, blocked, closed) in [
        (
            4,
            120,
            vec![
                sq(1, 7),
                sq(2, 20),
                sq(3, 14),
                sq(0, 15),
                sq(0, 81),
                sq(3, 81),
            ],
            false,
        ),
        (
            3,
            160,
            vec![sq(1, 60), sq(0, 100), sq(2, 100), sq(1, 102)],
            false,
        ),
        (3, 240, vec![], true),
        (4, 9, vec![sq(0, 3), sq(3, 3)], false),
    ] {
        let b = Board::new(r, c, &blocked).unwrap();
        for start in [sq(0, 0), sq(r - 1, c / 2)] {
            let exists = count(&b, start, closed).is_none_or(|n| n > 0);
            assert_eq!(
                found_keeping(&b, start, closed, 0),
                exists,
                "{} from {start}",
                b.describe()
            );
        }
    }
    let b = Board::new(4, 7, &[sq(0, 3), sq(3, 3)]).unwrap();
    for start in b.free_squares() {
        let mut all = 0u128;
        let _ = tours_each_keeping(&b, start, false, usize::MAX, 0, |_| {
            all += 1;
            true
        });
        assert_eq!(all, count(&b, start, false).unwrap());
    }
}
