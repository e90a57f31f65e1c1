//! The 2-factor arguments against brute force: Hall's certificates hold
//! square by square, merged cycles are tours, and the pruning decides
//! every pair of ends as a plain depth-first walk does. The moves are
//! worked out here from the leap alone (`adjacency`), so `Factors` is
//! checked against another reading of the board.

use super::Factors;
use crate::board::{Board, Geometry, Leaper, Square, Surface};
use crate::solver::find::merge::Merged;
use crate::solver::find::prune::{Decided, Settled};

/// Each square's moves as board indices (`row * cols + col`), worked out
/// here from the leap and the surface alone, not by the board's move
/// tables that `Factors` reads: none for a blocked square.
fn adjacency(board: &Board) -> Vec<Vec<usize>> {
    let g = board.geometry();
    let (a, b) = (g.leaper.a() as i64, g.leaper.b() as i64);
    let (rows, cols) = (board.rows() as i64, board.cols() as i64);
    let leaps: Vec<(i64, i64)> = [(a, b), (b, a)]
        .into_iter()
        .flat_map(|(x, y)| [(x, y), (x, -y), (-x, y), (-x, -y)])
        .collect();
    let fold = |v: i64, n: i64, wraps: bool| match wraps {
        true => Some(v.rem_euclid(n)),
        false => (0..n).contains(&v).then_some(v),
    };
    let free = |r: i64, c: i64| board.is_free(Square::new(r as u32, c as u32));
    let targets = |i: i64| {
        let (r, c) = (i / cols, i % cols);
        let mut out: Vec<usize> = Vec::new();
        for &(dr, dc) in leaps.iter().filter(|_| free(r, c)) {
            let to_row = fold(r + dr, rows, g.surface == Surface::Torus);
            let to_col = fold(c + dc, cols, g.surface != Surface::Plane);
            if let (Some(r2), Some(c2)) = (to_row, to_col) {
                let t = (r2 * cols + c2) as usize;
                if free(r2, c2) && t != i as usize && !out.contains(&t) {
                    out.push(t);
                }
            }
        }
        out
    };
    (0..rows * cols).map(targets).collect()
}

/// `path` visits `n` squares, each once, by moves of `adj` (and closes,
/// if `closed`).
fn assert_tour(adj: &[Vec<usize>], path: &[u32], n: usize, closed: bool, what: &str) {
    assert_eq!(path.len(), n, "{what}: length");
    let distinct: std::collections::HashSet<u32> = path.iter().copied().collect();
    assert_eq!(distinct.len(), n, "{what}: a square twice");
    let back = closed.then(|| (path[n - 1], path[0]));
    for (x, y) in path.windows(2).map(|w| (w[0], w[1])).chain(back) {
        let step = adj[x as usize].contains(&(y as usize));
        assert!(step, "{what}: {x} -> {y} is no move");
    }
}

/// The board's own moves are the leaps worked out here, on every piece,
/// surface and board of up to 6 by 6 (and one with holes).
#[test]
fn the_boards_moves_are_the_leaps() {
    for g in geometries() {
        for (rows, cols) in (1..=6).flat_map(|r| (1..=6).map(move |c| (r, c))) {
            let holes = [Square::new(0, 0)];
            let holes = if rows * cols > 4 { &holes[..] } else { &[] };
            let board = Board::with_geometry(rows, cols, holes, g).unwrap();
            for (i, mut expected) in adjacency(&board).into_iter().enumerate() {
                let sq = board.square(i as u32);
                let mut got: Vec<usize> = match board.is_free(sq) {
                    true => board
                        .neighbours(sq)
                        .map(|t| board.index(t) as usize)
                        .collect(),
                    false => Vec::new(),
                };
                got.sort_unstable();
                expected.sort_unstable();
                assert_eq!(got, expected, "{} at {sq}", board.describe());
            }
        }
    }
}

/// Every piece here on every surface.
fn geometries() -> Vec<Geometry> {
    let leapers = ["knight", "camel", "zebra", "giraffe", "0,1", "1,1", "2,2"];
    let pieces = leapers.map(|l| l.parse::<Leaper>().expect("a leaper"));
    let surfaces = Surface::ALL;
    pieces
        .iter()
        .flat_map(|&p| surfaces.iter().map(move |&s| Geometry::new(p, s)))
        .collect()
}

/// Hall's condition (theory's flow argument) checked without the flow: on
/// boards where it rules tours out, each certificate it gives holds square
/// by square over the moves worked out here. The squares it names are of
/// one colour; every tour move of theirs goes to the squares named as
/// their neighbours; and, for every square the tour may end on, they need
/// more tour moves than those neighbours can give them (two for a square
/// counted full, one a joining move for the others), or exactly as many
/// as the neighbours have, which closes both sets off from the rest.
#[test]
fn halls_condition_certificates_hold_square_by_square() {
    let mut checked = 0;
    let cases = [
        ("giraffe", 11, false),
        ("antelope", 16, false),
        ("antelope", 16, true),
        ("zebra", 12, false),
        ("antelope", 24, false),
        ("zebra", 8, true),
    ];
    for (leaper, n, closed) in cases {
        let g = Geometry::new(leaper.parse().unwrap(), Surface::Plane);
        let board = Board::with_geometry(n, n, &[], g).unwrap();
        let adj = adjacency(&board);
        let factors = Factors::new(&board).expect("an odd leap alternates colours");
        let colour = |i: usize| (i / n as usize + i % n as usize) % 2;
        let light = (0..adj.len()).filter(|&i| colour(i) == 0).count();
        let dark = adj.len() - light;
        for start in board.free_squares() {
            let s = board.index(start) as usize;
            let Some(crowd) = factors.rules_out(s as u32, closed, None) else {
                continue;
            };
            let what = format!("{leaper} {n}x{n} from {start}, closed {closed}");
            let set: Vec<usize> = crowd.squares.iter().map(|&i| i as usize).collect();
            assert!(!set.is_empty(), "{what}");
            assert!(set.iter().all(|&x| colour(x) == colour(set[0])), "{what}");
            let mut near: Vec<usize> = set.iter().flat_map(|&x| adj[x].clone()).collect();
            near.sort_unstable();
            near.dedup();
            let named: Vec<usize> = crowd.neighbours.iter().map(|&i| i as usize).collect();
            assert_eq!(near, named, "{what}: neighbours");
            let full: Vec<usize> = crowd.full.iter().map(|&i| i as usize).collect();
            assert!(full.iter().all(|y| near.contains(y)), "{what}: full");
            let joining: usize = set
                .iter()
                .map(|&x| adj[x].iter().filter(|y| !full.contains(y)).count())
                .sum();
            // The squares a tour from s may end on (none for a closed
            // tour): by the colour counts.
            let ends: Vec<Option<usize>> = if closed {
                vec![None]
            } else {
                let (mine, other) = if colour(s) == 0 {
                    (light, dark)
                } else {
                    (dark, light)
                };
                let end_colour = if mine == other {
                    1 - colour(s)
                } else {
                    colour(s)
                };
                (0..adj.len())
                    .filter(|&t| t != s && colour(t) == end_colour)
                    .map(Some)
                    .collect()
            };
            for t in ends {
                let moves_at =
                    |x: usize| 2 - u32::from(!closed && x == s) - u32::from(t == Some(x));
                let need: u32 = set.iter().map(|&x| moves_at(x)).sum();
                let give: u32 = full.iter().map(|&y| moves_at(y)).sum::<u32>() + joining as u32;
                let have: u32 = near.iter().map(|&y| moves_at(y)).sum();
                let rest = set.len() + near.len() < adj.len();
                assert!(
                    need > give || crowd.closed_off && need >= have && rest,
                    "{what}, ending at {t:?}: need {need}, give {give}, have {have}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 300, "only {checked} certificates");
    eprintln!("{checked} certificates checked");
}

/// Where Warnsdorff's rule fails for other pieces, merging the cycles of
/// a 2-factor finds tours: every one validated square by square.
#[test]
fn tours_by_merging_cycles_are_tours() {
    let mut found = 0;
    for (leaper, n, closed) in [
        ("antelope", 22, false),
        ("antelope", 26, true),
        ("zebra", 14, false),
        ("giraffe", 12, true),
        ("zebra", 10, false),
    ] {
        let g = Geometry::new(leaper.parse().unwrap(), Surface::Plane);
        let board = Board::with_geometry(n, n, &[], g).unwrap();
        let adj = adjacency(&board);
        let factors = Factors::new(&board).unwrap();
        for start in board.free_squares().step_by(7) {
            if crate::theory::check(&board, Some(start), closed).is_err() {
                continue;
            }
            let what = format!("{leaper} {n}x{n} from {start}, closed {closed}");
            let tour = (1..=20).find_map(|seed| {
                match factors.tour(board.index(start), closed, seed, 2_000) {
                    Merged::Tour(t) => Some(t),
                    Merged::NoTour(c) => panic!("{what}: {c:?}"),
                    Merged::GaveUp => None,
                }
            });
            let tour = tour.unwrap_or_else(|| panic!("{what}: no tour in 20 tries"));
            assert_eq!(tour[0], board.index(start), "{what}: start");
            assert_tour(&adj, &tour, adj.len(), closed, &what);
            found += 1;
        }
    }
    assert!(found > 100, "only {found} tours");
}

/// For each end square, the directed open tours from `start` that end
/// there (a plain depth-first walk), or None past `cap` steps.
fn ends_from(adj: &[Vec<usize>], n: usize, start: usize, cap: u64) -> Option<Vec<u64>> {
    fn go(
        adj: &[Vec<usize>],
        seen: &mut [bool],
        at: usize,
        left: usize,
        ends: &mut [u64],
        steps: &mut u64,
    ) -> bool {
        *steps = steps.saturating_sub(1);
        if *steps == 0 {
            return false;
        }
        if left == 0 {
            ends[at] += 1;
            return true;
        }
        for &t in &adj[at] {
            if !seen[t] {
                seen[t] = true;
                let ok = go(adj, seen, t, left - 1, ends, steps);
                seen[t] = false;
                if !ok {
                    return false;
                }
            }
        }
        true
    }
    let mut seen = vec![false; adj.len()];
    seen[start] = true;
    let mut ends = vec![0; adj.len()];
    let mut steps = cap;
    go(adj, &mut seen, start, n - 1, &mut ends, &mut steps).then_some(ends)
}

/// The 2-factor pruning with branching decides, for every start and end,
/// whether a tour joins them, exactly as the brute force does: every board
/// of up to 12 squares here whose moves alternate colours, and 4x4 and 4x5
/// with holes, every piece and surface, open (each pair of ends) and
/// closed: 20,330 pairs of ends, 1,832 of them joined. The long proof
/// below takes boards of up to 25 squares.
#[test]
fn pruning_by_2_factors_agrees_with_brute_force() {
    pruning_agrees_up_to(12, 20_000, 1_800);
}

/// As above, on boards of up to 25 squares.
#[test]
#[ignore = "long proof: .ci/run runs it (cargo test -- --ignored)"]
fn pruning_by_2_factors_agrees_with_brute_force_up_to_25_squares() {
    pruning_agrees_up_to(25, 5_000, 500);
}

/// The check above on the boards of at most `most` squares, with at
/// least `least_pairs` pairs of ends and `least_tours` of them joined.
fn pruning_agrees_up_to(most: u32, least_pairs: usize, least_tours: usize) {
    let mut boards: Vec<(u32, u32, Vec<Square>)> = Vec::new();
    for rows in 1..=5 {
        for cols in rows..=8 {
            if rows * cols <= most {
                boards.push((rows, cols, Vec::new()));
            }
        }
    }
    boards.push((4, 4, vec![Square::new(1, 1)]));
    if most >= 25 {
        boards.push((5, 5, vec![Square::new(2, 2)]));
    }
    boards.push((4, 5, vec![Square::new(0, 4), Square::new(2, 2)]));
    let (mut pairs, mut with_tour, mut closed_checked) = (0, 0, 0);
    for g in geometries() {
        for (rows, cols, blocked) in &boards {
            let board = Board::with_geometry(*rows, *cols, blocked, g).unwrap();
            let Some(factors) = Factors::new(&board) else {
                continue;
            };
            let adj = adjacency(&board);
            let n = board.free_count();
            if n < 3 {
                continue;
            }
            for start in board.free_squares() {
                let s = board.index(start) as usize;
                let Some(ends) = ends_from(&adj, n, s, 3_000_000) else {
                    continue;
                };
                for end in board.free_squares() {
                    let t = board.index(end) as usize;
                    if t == s {
                        continue;
                    }
                    let what = format!("{} from {start} to {end}", board.describe());
                    let mut budget = 100_000;
                    match factors.decide(s as u32, Some(t as u32), &mut budget) {
                        Decided::None => assert_eq!(ends[t], 0, "{what}"),
                        Decided::Tour(path) => {
                            assert_ne!(ends[t], 0, "{what}");
                            assert_tour(&adj, &path, n, false, &what);
                            assert_eq!((path[0], path[n - 1]), (s as u32, t as u32), "{what}");
                        }
                        Decided::Unknown => panic!("{what}: undecided"),
                    }
                    pairs += 1;
                    with_tour += usize::from(ends[t] > 0);
                }
                if s == board.index(board.free_squares().next().unwrap()) as usize {
                    let closing: u64 = adj[s].iter().map(|&t| ends[t]).sum();
                    let what = format!("{} closed", board.describe());
                    match factors.settle(s as u32, true, 100_000) {
                        Settled::None { .. } => assert_eq!(closing, 0, "{what}"),
                        Settled::Tour { path, .. } => {
                            assert_ne!(closing, 0, "{what}");
                            assert_tour(&adj, &path, n, true, &what);
                        }
                        Settled::Unknown { .. } => panic!("{what}: undecided"),
                    }
                    closed_checked += 1;
                }
                // Over all ends at once.
                let what = format!("{} from {start}", board.describe());
                match factors.settle(s as u32, false, 100_000) {
                    Settled::None { .. } => assert!(ends.iter().all(|&k| k == 0), "{what}"),
                    Settled::Tour { path, .. } => assert_tour(&adj, &path, n, false, &what),
                    Settled::Unknown { .. } => {
                        // Only where the colour counts allow no end.
                        assert!(ends.iter().all(|&k| k == 0), "{what}: undecided");
                    }
                }
            }
        }
    }
    assert!(
        pairs > least_pairs && with_tour > least_tours,
        "{pairs} pairs, {with_tour} with a tour"
    );
    eprintln!("{pairs} pairs of ends ({with_tour} with a tour), {closed_checked} closed");
}

/// The zebra has no open tour of 11x11, 12x12 or 13x13: theory rules out
/// the starts of the minority colour and Hall's condition most of the
/// others, and 2-factor pruning every square the rest could end on (the
/// pruning is checked against the brute force above). The CLI's tests check
/// that it says so.
#[test]
fn the_zebra_has_no_tour_of_11x11_12x12_or_13x13() {
    for n in [11, 13] {
        let g = Geometry::new("zebra".parse().unwrap(), Surface::Plane);
        let board = Board::with_geometry(n, n, &[], g).unwrap();
        let factors = Factors::new(&board).unwrap();
        let mut settled = 0;
        for start in board.free_squares() {
            if crate::theory::check(&board, Some(start), false).is_err() {
                continue;
            }
            let got = factors.settle(board.index(start), false, 0);
            assert!(
                matches!(got, Settled::None { rounds: 0, .. }),
                "{n}x{n} from {start}: {got:?}"
            );
            settled += 1;
        }
        assert!(settled >= 21, "{n}x{n}: {settled} starts settled");
    }
    // 12x12: pruning alone leaves 32 of its 36 starts open; probing each
    // move both ways settles them. One start of each orbit under the
    // square's eight symmetries (every other is the image of one).
    let n = 12;
    let g = Geometry::new("zebra".parse().unwrap(), Surface::Plane);
    let board = Board::with_geometry(n, n, &[], g).unwrap();
    let factors = Factors::new(&board).unwrap();
    let images = |s: Square| {
        let (r, c, m) = (s.row, s.col, n - 1);
        [
            (r, c),
            (c, r),
            (m - r, c),
            (r, m - c),
            (m - r, m - c),
            (m - c, m - r),
            (c, m - r),
            (m - c, r),
        ]
        .map(|(r, c)| Square::new(r, c))
    };
    let mut covered = std::collections::HashSet::new();
    let mut settled = 0;
    for start in board.free_squares() {
        if crate::theory::check(&board, Some(start), false).is_err() || covered.contains(&start) {
            continue;
        }
        covered.extend(images(start));
        let got = factors.settle(board.index(start), false, 1_000_000);
        assert!(
            matches!(got, Settled::None { .. }),
            "12x12 from {start}: {got:?}"
        );
        settled += 1;
    }
    assert_eq!(settled, 6, "orbits of the 36 starts theory leaves");
}
