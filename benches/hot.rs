//! `cargo bench --bench hot`: divan micro-benchmarks of the engine's hot
//! paths (medians, spreads and allocation-free timing loops by divan). The
//! table against the targets is `cargo bench --bench engine`.

use divan::{Bencher, black_box};
use knight_engine::board::{Board, Square};
use knight_engine::solver::count::Count;
use knight_engine::solver::{self, Algorithm, Options, Problem, Tours};
use knight_engine::tour::check_indices;

fn main() {
    divan::main();
}

/// One solve and the square-by-square check of its tour: what every
/// iteration below times.
fn solve(b: &Board, start: Square, closed: bool, algorithm: Algorithm) -> Vec<u32> {
    let p = Problem::new(Tours::closed_if(b.clone(), closed), start).unwrap();
    let o = Options {
        algorithm,
        tours: 1,
        ..Options::default()
    };
    let sol = solver::solve(&p, &o);
    let tour = sol.tours.into_iter().next().expect("a tour");
    check_indices(b, &tour, closed).expect("a valid tour");
    tour
}

/// Warnsdorff from the corner of an n x n board.
#[divan::bench(args = [8, 64, 101])]
fn warnsdorff(bencher: Bencher, n: u32) {
    let b = Board::new(n, n, &[]).unwrap();
    solve(&b, Square::new(0, 0), false, Algorithm::Warnsdorff);
    bencher.bench(|| {
        solve(
            black_box(&b),
            Square::new(0, 0),
            false,
            Algorithm::Warnsdorff,
        )
    });
}

/// The divide-and-conquer construction, closed, from the corner.
#[divan::bench(args = [100, 1000])]
fn construct(bencher: Bencher, n: u32) {
    let b = Board::new(n, n, &[]).unwrap();
    bencher.bench(|| solve(black_box(&b), Square::new(0, 0), true, Algorithm::Construct));
}

/// The dynamic programme along strips: open from the corner of 3 x n and
/// 4 x n boards.
#[divan::bench(args = [(3, 1000), (4, 1000), (3, 100_000)], sample_count = 20)]
fn strip(bencher: Bencher, (w, n): (u32, u32)) {
    let b = Board::new(w, n, &[]).unwrap();
    bencher.bench(|| {
        solve(
            black_box(&b),
            Square::new(0, 0),
            false,
            Algorithm::Construct,
        )
    });
}

/// Checking a 1000x1000 tour square by square.
#[divan::bench]
fn check_1000(bencher: Bencher) {
    let b = Board::new(1000, 1000, &[]).unwrap();
    let tour = solve(&b, Square::new(0, 0), true, Algorithm::Construct);
    bencher.bench(|| check_indices(black_box(&b), black_box(&tour), true).is_ok());
}

/// Counting: 5x5 over all starts (1728) and 6x6 closed from a corner (19,724).
#[divan::bench]
fn count_5x5_all_starts() -> u128 {
    let b = Board::new(5, 5, &[]).unwrap();
    let c = Count {
        algorithm: Algorithm::Enumerate,
        ..Count::all_starts(&Tours::open(b.clone()))
    }
    .run();
    assert_eq!(c.count, 1728);
    c.count
}

#[divan::bench(sample_count = 20)]
fn count_6x6_closed_corner() -> u128 {
    let b = Board::new(6, 6, &[]).unwrap();
    let p = Problem::new(Tours::closed(b.clone()), Square::new(0, 0)).unwrap();
    let c = Count {
        algorithm: Algorithm::Enumerate,
        ..Count::from_start(&p)
    }
    .run();
    assert_eq!(c.count, 19_724);
    c.count
}
