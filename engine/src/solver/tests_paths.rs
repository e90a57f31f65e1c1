//! The paths searches take, exactly: move orders, the textbook's first
//! tour, the same nodes on every loop, and tours held compactly.

use std::time::Duration;

use super::count::Count;
use super::find::search;
use super::tests::{board, opts, reported, solve_checked};
use super::*;
use crate::board::Square;
use crate::tour::{Summary, check_indices};

/// The numbered board of a tour (steps from 1), as the textbook prints it.
fn numbered(b: &Board, t: &[u32]) -> String {
    let mut out = Vec::new();
    crate::tour::write_numbered(&mut out, b, t).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn the_textbook_move_order_reproduces_its_first_tour() {
    // A coursework solver's first tour: Warnsdorff with backtracking, ties
    // kept in this move order, from 0,0 (tests/data/textbook-8x8.txt, a
    // copy of the repository's assets/textbook-8x8.txt).
    let b = board(8, 8);
    let moves: MoveOrder = "2,1;-2,-1;-2,1;-1,-2;-1,2;1,-2;1,2;2,-1".parse().unwrap();
    let o = Options {
        algorithm: Algorithm::Warnsdorff,
        tie_break: TieBreak::Fixed,
        moves,
        ..opts(Algorithm::Warnsdorff)
    };
    let sol = solve_checked(&b, Square::new(0, 0), false, &o);
    let expected = include_str!("../../tests/data/textbook-8x8.txt");
    assert_eq!(numbered(&b, &sol.tours[0]), expected);
    // The default order does not give it: the order is what decides.
    let default = solve_checked(
        &b,
        Square::new(0, 0),
        false,
        &Options {
            moves: MoveOrder::default(),
            ..o
        },
    );
    assert_ne!(numbered(&b, &default.tours[0]), expected);
}

#[test]
fn plain_backtracking_in_the_default_order_meets_its_first_tour_after_8250733_nodes() {
    let b = board(8, 8);
    let sol = solve_checked(&b, Square::new(0, 0), false, &opts(Algorithm::Backtrack));
    assert_eq!(sol.stats.nodes, 8_250_733);
    // The same tour as the recursive C program in benches/reference
    // (`backtrack 8 0 0`) prints.
    let c_program = "0 17 34 51 61 55 38 23 6 12 29 46 63 53 47 30 15 5 22 39 45 62 52 37 \
        54 44 27 21 31 14 4 10 20 3 9 24 18 8 2 19 36 26 32 49 59 42 57 40 25 35 41 56 50 \
        60 43 58 48 33 16 1 11 28 13 7";
    let expected: Vec<u32> = c_program
        .split_whitespace()
        .map(|i| i.parse().unwrap())
        .collect();
    assert_eq!(sol.tours[0], expected);
    // The first moves follow the order: 2,1 first from the corner.
    assert_eq!(sol.tours[0][1], b.index(Square::new(2, 1)));
    // Another order, another first move: 1,2 first.
    let moves: MoveOrder = "1,2;2,1;-1,2;-2,1;-2,-1;-1,-2;1,-2;2,-1".parse().unwrap();
    let o = Options {
        moves,
        ..opts(Algorithm::Backtrack)
    };
    let b5 = board(5, 5);
    let sol = solve_checked(&b5, Square::new(0, 0), false, &o);
    assert_eq!(sol.tours[0][1], b5.index(Square::new(1, 2)));
}

#[test]
fn move_orders_are_read_and_refused_in_one_line() {
    assert_eq!(
        MoveOrder::new([7, 6, 5, 4, 3, 2, 1, 0]).map(|m| m.indices()),
        Ok([7, 6, 5, 4, 3, 2, 1, 0])
    );
    for bad in [[0, 0, 1, 2, 3, 4, 5, 6], [0, 1, 2, 3, 4, 5, 6, 8]] {
        assert_eq!(
            MoveOrder::new(bad),
            Err(MoveOrderError::NotAPermutation(bad))
        );
    }
    let d = MoveOrder::default();
    assert_eq!(d.to_string(), "2,1;1,2;-1,2;-2,1;-2,-1;-1,-2;1,-2;2,-1");
    assert_eq!(d.to_string().parse::<MoveOrder>(), Ok(d));
    let t = "2,1;-2,-1;-2,1;-1,-2;-1,2;1,-2;1,2;2,-1";
    assert_eq!(t.parse::<MoveOrder>().unwrap().to_string(), t);
    for (bad, says) in [
        (
            "2,1;2,1;-1,2;-2,1;-2,-1;-1,-2;1,-2;2,-1",
            "the move 2,1 is given twice",
        ),
        ("3,1", "3,1 is not a knight move"),
        ("x", "'x' is not a move dr,dc"),
        ("2,1;1,2", "names all eight knight moves once"),
        ("", "(got 0)"),
    ] {
        let e = bad.parse::<MoveOrder>().unwrap_err().to_string();
        assert!(e.contains(says), "{bad}: {e}");
    }
}

/// A digest of a tour (FNV-1a over its square indices).
fn digest(t: &[u32]) -> u64 {
    t.iter().fold(0xcbf2_9ce4_8422_2325, |h, &i| {
        (h ^ i as u64).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// What the seed algorithms do, node for node: for each search, its
/// figures and a digest of every tour it returns (each validated). The
/// snapshot was taken before the hot loops were rewritten, so any change
/// of order, pruning or counting shows here.
#[test]
fn searches_visit_the_same_nodes_and_tours() {
    let mut lines = Vec::new();
    let mut run = |b: &Board, label: &str, start: Square, closed: bool, o: &Options| {
        let sol = solve_checked(b, start, closed, o);
        let s = &sol.stats;
        let tours: Vec<String> = sol
            .tours
            .iter()
            .map(|t| format!("{:016x}", digest(t)))
            .collect();
        let verdict = match &sol.verdict {
            Verdict::Found => "found".to_string(),
            Verdict::NoTour(proof) => format!("NoTour({:?})", proof.reason()),
            other => format!("{other:?}"),
        };
        lines.push(format!(
            "{}x{} {label} {start} {} {:?}: {verdict}; nodes {} backtracks {} depth {} restarts {} tours {}",
            b.rows(),
            b.cols(),
            if closed { "closed" } else { "open" },
            o.algorithm,
            s.nodes,
            s.backtracks,
            s.max_depth,
            s.restarts,
            tours.join(",")
        ));
    };
    let orders = MoveOrder::NAMED.map(|(_, m)| m);
    // Plain backtracking, every start of small boards, each named order.
    for (r, c) in [(5, 5), (3, 4), (4, 5), (5, 6)] {
        let b = board(r, c);
        for start in b.free_squares() {
            for (i, &moves) in orders.iter().enumerate() {
                let o = Options {
                    moves,
                    limits: Limits {
                        nodes: Some(200_000),
                        time: None,
                    },
                    ..opts(Algorithm::Backtrack)
                };
                run(&b, &format!("order{i}"), start, false, &o);
            }
        }
    }
    // Warnsdorff: every tie-break, open and closed, several orders and
    // boards, some with holes; starts where the rule needs to back up.
    let holed = Board::new(
        9,
        10,
        &[Square::new(4, 4), Square::new(0, 9), Square::new(7, 2)],
    )
    .unwrap();
    let mut boards = vec![holed];
    boards.extend((5..=16).map(|n| board(n, n)));
    boards.extend([board(6, 9), board(7, 12), board(30, 30), board(64, 64)]);
    for b in &boards {
        let starts: Vec<Square> = b.free_squares().step_by(7).take(12).collect();
        for tie_break in [
            TieBreak::Roth,
            TieBreak::Fixed,
            TieBreak::Lookahead,
            TieBreak::Random,
        ] {
            for (i, &moves) in orders.iter().enumerate() {
                for &start in &starts {
                    for closed in [false, true] {
                        let o = Options {
                            tie_break,
                            moves,
                            limits: Limits {
                                nodes: Some(300_000),
                                time: None,
                            },
                            ..opts(Algorithm::Warnsdorff)
                        };
                        run(b, &format!("{tie_break:?} order{i}"), start, closed, &o);
                    }
                }
            }
        }
    }
    // Several tours, and enumeration, which prunes in the fixed order.
    for (algorithm, n, tours) in [
        (Algorithm::Warnsdorff, 6, 7),
        (Algorithm::Enumerate, 5, 9),
        (Algorithm::Enumerate, 6, 4),
        (Algorithm::Backtrack, 5, 5),
    ] {
        let b = board(n, n);
        for closed in [false, true] {
            let o = Options {
                tours,
                ..opts(algorithm)
            };
            run(&b, &format!("{tours} tours"), Square::new(0, 0), closed, &o);
        }
    }
    insta::assert_snapshot!(lines.join("\n"));
}

#[test]
fn two_squares_and_back_is_not_a_closed_tour() {
    // Found by the properties (engine/src/properties.rs): the search counted 0,0 -> 1,2 -> 0,0 as
    // a closed tour (one move used twice), where theory and the check say none.
    let holes = [(0, 1), (0, 2), (1, 0), (1, 1)].map(|(r, c)| Square::new(r, c));
    let b = Board::new(2, 3, &holes).unwrap();
    for prune in [false, true] {
        let mut s = Search::new(&b, &[0], true, search::Order::Fixed, prune);
        s.run(&mut NoMonitor);
        assert_eq!(s.stats.tours, 0, "prune {prune}");
    }
    let p = Problem::new(Tours::closed(b.clone()), Square::new(0, 0)).unwrap();
    for a in [
        Algorithm::Enumerate,
        Algorithm::Backtrack,
        Algorithm::Warnsdorff,
    ] {
        assert_eq!(
            Count {
                algorithm: a,
                ..Count::from_start(&p)
            }
            .run()
            .count,
            0,
            "{a:?}"
        );
        assert_ne!(solve(&p, &opts(a)).verdict, Verdict::Found, "{a:?}");
    }
    // Open, the same two squares are a tour.
    let p = Problem::new(Tours::open(b.clone()), Square::new(0, 0)).unwrap();
    assert_eq!(
        solve_checked(&b, p.start(), false, &opts(Algorithm::Backtrack)).verdict,
        Verdict::Found
    );
}

/// Records every tour, and looks at every `EVERY`-th node (none for 0;
/// every step back too for 1).
struct Collect<const EVERY: u64> {
    tours: Vec<Vec<u32>>,
    stop_after: usize,
}

impl<const EVERY: u64> Monitor for Collect<EVERY> {
    fn looks_every(&self) -> Option<u64> {
        (EVERY > 0).then_some(EVERY)
    }
    fn looks_at_backs(&self) -> bool {
        EVERY == 1
    }
    fn on_node(&mut self, s: &search::Search) -> Flow {
        assert!(s.depth() >= 1);
        assert!(
            EVERY > 0 && s.stats.nodes.is_multiple_of(EVERY),
            "node {}",
            s.stats.nodes
        );
        Flow::Continue
    }
    fn on_back(&mut self, _: &search::Search) -> Flow {
        assert_eq!(EVERY, 1);
        Flow::Continue
    }
    fn on_tour(&mut self, s: &search::Search) -> Flow {
        self.tours.push(s.tour());
        if self.tours.len() >= self.stop_after {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }
}

#[test]
fn plain_backtracking_takes_the_same_steps_as_the_general_loop() {
    // Every tour, stops after some, node limits: the plain loop (watched
    // or not) and the general one must halt in the same place with the
    // same figures, the same path and the same tours, and carry on from
    // there alike.
    for (rows, cols, start, closed) in [
        (5, 5, Square::new(0, 0), false),
        (5, 6, Square::new(2, 3), false),
        (6, 6, Square::new(0, 0), true),
        (3, 4, Square::new(0, 0), false),
    ] {
        let b = board(rows, cols);
        // Searched to the end only where that is quick.
        let whole = if rows * cols <= 25 { u64::MAX } else { 300_000 };
        for (limit, stop_after) in [(whole, usize::MAX), (whole, 3), (1_000, 2), (77, 1)] {
            let prefix = [b.index(start)];
            let mut watched = search::Search::new(&b, &prefix, closed, search::Order::Fixed, false);
            let mut plain = search::Search::new(&b, &prefix, closed, search::Order::Fixed, false);
            let mut w = Collect::<1> {
                tours: Vec::new(),
                stop_after,
            };
            let mut p = Collect::<0> {
                tours: Vec::new(),
                stop_after,
            };
            let mut seen = search::Search::new(&b, &prefix, closed, search::Order::Fixed, false);
            let mut v = Collect::<64> {
                tours: Vec::new(),
                stop_after,
            };
            for round in 0..3 {
                let at = limit.saturating_mul(round + 1);
                watched.set_node_limit(at);
                plain.set_node_limit(at);
                seen.set_node_limit(at);
                let (hw, hp) = (watched.run_general(&mut w), plain.run(&mut p));
                assert_eq!(seen.run(&mut v), hp);
                assert_eq!(seen.path_indices(), plain.path_indices());
                assert_eq!(
                    (seen.stats.nodes, seen.stats.max_depth),
                    (plain.stats.nodes, plain.stats.max_depth)
                );
                assert_eq!(v.tours, p.tours);
                let what = format!("{rows}x{cols} {closed} limit {limit} round {round}");
                assert_eq!(hw, hp, "{what}");
                let (mut sw, mut sp) = (watched.stats, plain.stats);
                (sw.elapsed, sp.elapsed) = (Duration::ZERO, Duration::ZERO);
                assert_eq!(sw, sp, "{what}");
                assert_eq!(watched.path_indices(), plain.path_indices(), "{what}");
                assert_eq!(w.tours, p.tours, "{what}");
                for t in &p.tours {
                    let summary = check_indices(&b, t, closed).unwrap();
                    assert!(matches!(summary, Summary::Complete { .. }));
                }
            }
        }
    }
    // The counts are known: 304 open tours from a 5x5 corner.
    let b = board(5, 5);
    let mut all = Collect::<0> {
        tours: Vec::new(),
        stop_after: usize::MAX,
    };
    let prefix = [0];
    let mut s = search::Search::new(&b, &prefix, false, search::Order::Fixed, false);
    assert_eq!(s.run(&mut all), Halt::Exhausted);
    assert_eq!(all.tours.len(), 304);
}

#[test]
fn a_huge_constructed_tour_reaches_the_watcher_held_compactly() {
    // The smallest square board held compactly, closed and open from an
    // inner square; a smaller one comes as a list.
    let n = (crate::tour::compact::HUGE as f64).sqrt().ceil() as u32;
    for (rows, start, closed) in [
        (n, Square::new(0, 0), true),
        (n, Square::new(7, 9), false),
        (n - 2, Square::new(0, 0), true),
    ] {
        let b = board(rows, n);
        let r = reported(&b, start, closed, Algorithm::Auto);
        assert_eq!(r.solution.verdict, Verdict::Found);
        assert_eq!(r.solution.algorithm, Algorithm::Construct);
        let tour = match &r.tour {
            Some(c) => {
                assert!(r.solution.tours.is_empty());
                assert!(c.bytes() < b.len(), "{} bytes", c.bytes());
                c.squares().collect()
            }
            None => r.solution.tours[0].clone(),
        };
        assert_eq!(
            r.tour.is_some(),
            b.len() >= crate::tour::compact::HUGE,
            "{rows}x{n}"
        );
        assert_eq!(tour[0], b.index(start));
        let summary = check_indices(&b, &tour, closed).unwrap();
        assert!(matches!(summary, Summary::Complete { .. }));
        // The same tour as the construction builds as a list.
        assert_eq!(tour, construct::construct(rows, n, start, closed).unwrap());
    }
}
