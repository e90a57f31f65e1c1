//! Other leapers and surfaces, checked against an independent brute force:
//! the moves worked out here from the leap and the wrap alone (nothing of
//! the engine's padded layout or tables), and every tour counted by a
//! plain depth-first search over them. The engine's counts (all starts,
//! open and closed), its tours (validated square by square) and its "no
//! tour" answers must all agree with it.

use knight_engine::board::{Board, Geometry, Leaper, Square, Surface};
use knight_engine::solver::count::Count;
use knight_engine::solver::{self, Algorithm, Options, Problem, Tours, Verdict};

/// The squares one move from each square: the leaper's eight leaps, taken
/// round the wrapped edges, off-board and same-square leaps dropped, two
/// leaps to one square counted once.
pub fn moves(rows: u32, cols: u32, blocked: &[Square], g: Geometry) -> Vec<Vec<usize>> {
    let (a, b) = (g.leaper.a() as i64, g.leaper.b() as i64);
    let (r, c) = (rows as i64, cols as i64);
    let free = |i: i64, j: i64| !blocked.contains(&Square::new(i as u32, j as u32));
    let mut out = vec![Vec::new(); (rows * cols) as usize];
    for i in 0..r {
        for j in 0..c {
            if !free(i, j) {
                continue;
            }
            let here = &mut out[(i * c + j) as usize];
            for (di, dj) in [(a, b), (b, a)] {
                for (si, sj) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    let (mut i2, mut j2) = (i + si * di, j + sj * dj);
                    if g.surface == Surface::Torus {
                        i2 = i2.rem_euclid(r);
                    }
                    if g.surface != Surface::Plane {
                        j2 = j2.rem_euclid(c);
                    }
                    if !(0..r).contains(&i2) || !(0..c).contains(&j2) || !free(i2, j2) {
                        continue;
                    }
                    let t = (i2 * c + j2) as usize;
                    if t != (i * c + j) as usize && !here.contains(&t) {
                        here.push(t);
                    }
                }
            }
        }
    }
    out
}

/// Directed tours from `start` over `adj` covering `n` squares (closed:
/// ending one move from the start, on at least three squares), or None
/// when the search would take more than `cap` steps.
pub fn brute(adj: &[Vec<usize>], n: usize, start: usize, closed: bool, cap: u64) -> Option<u64> {
    struct Walk<'a> {
        adj: &'a [Vec<usize>],
        seen: Vec<bool>,
        start: usize,
        closed: bool,
        steps: u64,
        cap: u64,
    }
    impl Walk<'_> {
        fn go(&mut self, at: usize, left: usize, depth: usize) -> Option<u64> {
            self.steps += 1;
            if self.steps > self.cap {
                return None;
            }
            if left == 0 {
                let ok = !self.closed || depth > 2 && self.adj[at].contains(&self.start);
                return Some(ok as u64);
            }
            let mut total = 0;
            let adj = self.adj;
            for &t in &adj[at] {
                if !self.seen[t] {
                    self.seen[t] = true;
                    let got = self.go(t, left - 1, depth + 1);
                    self.seen[t] = false;
                    total += got?;
                }
            }
            Some(total)
        }
    }
    let mut w = Walk {
        adj,
        seen: vec![false; adj.len()],
        start,
        closed,
        steps: 0,
        cap,
    };
    w.seen[start] = true;
    w.go(start, n - 1, 1)
}

/// Checks a tour square by square: every free square once, each step a
/// move of `adj`, closed tours ending one move from their start.
pub fn assert_tour(adj: &[Vec<usize>], tour: &[u32], n: usize, closed: bool, what: &str) {
    assert_eq!(tour.len(), n, "{what}: length");
    let mut seen = vec![false; adj.len()];
    for w in tour.windows(2) {
        assert!(
            adj[w[0] as usize].contains(&(w[1] as usize)),
            "{what}: {} -> {} is no move",
            w[0],
            w[1]
        );
    }
    for &s in tour {
        assert!(!seen[s as usize], "{what}: square {s} twice");
        seen[s as usize] = true;
    }
    if closed {
        assert!(
            adj[tour[n - 1] as usize].contains(&(tour[0] as usize)),
            "{what}: not closed"
        );
    }
}

pub fn geometries() -> Vec<Geometry> {
    let leapers = ["knight", "camel", "zebra", "giraffe", "0,1", "1,1", "2,2"];
    let mut out = Vec::new();
    for l in leapers {
        for s in Surface::ALL {
            out.push(Geometry::new(l.parse::<Leaper>().unwrap(), s));
        }
    }
    out
}

/// Every board up to 16 squares (and a few with holes), every leaper and
/// surface here, every start, open and closed: the engine's count from
/// each start, its sum over all starts, its first tour and its theory all
/// agree with the brute force.
#[test]
fn counts_tours_and_reasons_agree_with_brute_force() {
    let mut boards: Vec<(u32, u32, Vec<Square>)> = Vec::new();
    for rows in 1..=4 {
        for cols in 1..=5 {
            if rows * cols <= 16 {
                boards.push((rows, cols, Vec::new()));
            }
        }
    }
    boards.push((4, 4, vec![Square::new(1, 1)]));
    boards.push((3, 5, vec![Square::new(0, 4), Square::new(2, 2)]));
    let (mut decided, mut compared) = (0, 0);
    for g in geometries() {
        for (rows, cols, blocked) in &boards {
            let board = Board::with_geometry(*rows, *cols, blocked, g).unwrap();
            let adj = moves(*rows, *cols, blocked, g);
            let n = board.free_count();
            for closed in [false, true] {
                // Boards whose tours are too many to walk one by one here
                // (a 3x5 torus has millions) are left to the larger tests.
                let Some(counts) = board
                    .free_squares()
                    .map(|s| brute(&adj, n, board.index(s) as usize, closed, 200_000))
                    .collect::<Option<Vec<u64>>>()
                else {
                    continue;
                };
                let mut sum = 0;
                for (start, expected) in board.free_squares().zip(counts) {
                    let what = format!("{} from {start}, closed {closed}", board.describe());
                    sum += expected;
                    compared += 1;
                    let problem =
                        Problem::new(Tours::closed_if(board.clone(), closed), start).unwrap();
                    let c = Count::from_start(&problem).run();
                    assert!(c.complete(), "{what}");
                    assert_eq!(c.count, expected as u128, "{what}");
                    if let Err(reason) = knight_engine::theory::check(&board, Some(start), closed) {
                        assert_eq!(expected, 0, "{what}: theory says '{reason}'");
                        decided += 1;
                    }
                    for algo in [Algorithm::Warnsdorff, Algorithm::Backtrack] {
                        let sol = solver::solve(
                            &problem,
                            &Options {
                                algorithm: algo,
                                ..Options::default()
                            },
                        );
                        match sol.verdict {
                            Verdict::Found => assert_tour(&adj, &sol.tours[0], n, closed, &what),
                            Verdict::NoTour(r) => assert_eq!(expected, 0, "{what} ({algo}): {r}"),
                            v => panic!("{what}: {v:?}"),
                        }
                    }
                }
                let all = Count::all_starts(&Tours::closed_if(board.clone(), closed)).run();
                assert_eq!(
                    all.count,
                    sum as u128,
                    "{} all starts, closed {closed}",
                    board.describe()
                );
            }
        }
    }
    assert!(decided > 100, "theory decided only {decided} cases");
    assert!(compared > 2000, "only {compared} counts compared");
    eprintln!("{compared} counts compared, {decided} decided by theory");
}

/// What Watkins proved about closed knight's tours on full cylinders and
/// tori holds on every such board of up to 20 squares.
#[test]
fn watkins_theorems_agree_with_search() {
    watkins_agree_up_to(20, 5_000_000, LEAST_20);
}

/// As above, up to 24 squares, where the brute force can decide (7 s).
#[test]
#[ignore = "long proof: .ci/run runs it (cargo test -- --ignored)"]
fn watkins_theorems_agree_with_search_up_to_24_squares() {
    watkins_agree_up_to(24, 50_000_000, 41);
}

/// The boards of at most 20 squares decided within 5M nodes.
const LEAST_20: usize = 46;

/// Watkins's verdict against the brute force (`budget` nodes) on each
/// cylinder and torus of at most `most` squares; `least` boards decided.
fn watkins_agree_up_to(most: u32, budget: u64, least: usize) {
    let mut checked = 0;
    for surface in [Surface::Cylinder, Surface::Torus] {
        for rows in 1..=6 {
            for cols in 1..=6 {
                if rows * cols > most {
                    continue;
                }
                let g = Geometry::new(Leaper::KNIGHT, surface);
                let board = Board::with_geometry(rows, cols, &[], g).unwrap();
                let Some(says) = knight_engine::theory::wrapped_closed_tour(&board) else {
                    continue;
                };
                let adj = moves(rows, cols, &[], g);
                let Some(tours) = brute(&adj, board.free_count(), 0, true, budget) else {
                    continue;
                };
                let found = tours > 0;
                assert_eq!(found, says, "{}", board.describe());
                checked += 1;
            }
        }
    }
    assert!(checked >= least, "{checked}");
    eprintln!("{checked} boards decided");
}
