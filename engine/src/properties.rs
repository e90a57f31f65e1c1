//! Properties over small random boards with random holes: whenever a solver
//! returns a tour it is valid; whenever it (or theory) says "no tour", a raw
//! exhaustive enumeration (no theory, no pruning) finds none; and counting
//! with pruning and symmetry, or along a strip, agrees with that raw count.

use proptest::prelude::*;

use crate::board::{Board, Square};
use crate::solver::count::Count;
use crate::solver::find::search::{Monitor, Order, Search};
use crate::solver::{self, Algorithm, Flow, Options, Problem, Tours, Verdict};
use crate::theory;
use crate::tour::{Summary, check_indices};

/// Counts every tour by plain exhaustive search: no theory, no pruning.
fn raw_count(board: &Board, start: Square, closed: bool) -> u64 {
    struct All;
    impl Monitor for All {
        fn on_tour(&mut self, _: &Search) -> Flow {
            Flow::Continue
        }
    }
    let mut s = Search::new(board, &[board.index(start)], closed, Order::Fixed, false);
    s.run(&mut All);
    s.stats.tours
}

fn arb_case() -> impl Strategy<Value = (Board, Square, bool)> {
    (1u32..=5, 1u32..=5)
        .prop_flat_map(|(r, c)| {
            let n = (r * c) as usize;
            (
                Just(r),
                Just(c),
                proptest::collection::vec(prop::bool::weighted(0.15), n),
                0..n,
                any::<bool>(),
            )
        })
        .prop_filter_map("start must be free", |(r, c, holes, s, closed)| {
            let blocked: Vec<Square> = holes
                .iter()
                .enumerate()
                .filter(|&(i, &h)| h && i != s)
                .map(|(i, _)| Square::new(i as u32 / c, i as u32 % c))
                .collect();
            let board = Board::new(r, c, &blocked).ok()?;
            Some((board.clone(), board.square(s as u32), closed))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn solvers_agree_with_exhaustive_enumeration((board, start, closed) in arb_case()) {
        let truth = raw_count(&board, start, closed);
        let problem = Problem::new(Tours::closed_if(board.clone(), closed), start).unwrap();

        // Theory never claims "no tour" where one exists.
        if let Err(reason) = theory::check(&board, Some(start), closed) {
            prop_assert_eq!(truth, 0, "theory said: {}", reason);
        }

        for algorithm in [Algorithm::Warnsdorff, Algorithm::Enumerate, Algorithm::Backtrack, Algorithm::Construct, Algorithm::Auto] {
            let opts = Options { algorithm, tours: 1, ..Options::default() };
            let sol = solver::solve(&problem, &opts);
            match &sol.verdict {
                Verdict::Found => {
                    prop_assert!(truth > 0);
                    let t = &sol.tours[0];
                    prop_assert_eq!(t[0], board.index(start));
                    let s = check_indices(&board, t, closed);
                    prop_assert!(matches!(s, Ok(Summary::Complete { .. })), "{:?}", s);
                }
                Verdict::NoTour(_) => prop_assert_eq!(truth, 0),
                v => prop_assert!(false, "undecided without limits: {:?}", v),
            }
        }

        // Pruning and symmetry keep the count exact, and so does the count
        // along a strip (auto, on boards at most 4 wide).
        for algorithm in [Algorithm::Enumerate, Algorithm::Auto] {
            let counted = Count { algorithm, ..Count::from_start(&problem) }.run();
            prop_assert!(counted.complete());
            prop_assert_eq!(counted.count, u128::from(truth), "{}", algorithm);
        }
    }

}

/// The count over all starts against the sum of raw counts from each: 100
/// cases in the fast suite, 400 in the long run.
fn all_starts_agree(board: &Board, closed: bool) -> Result<(), TestCaseError> {
    let total: u64 = board
        .free_squares()
        .map(|s| raw_count(board, s, closed))
        .sum();
    let all = Count::all_starts(&Tours::closed_if(board.clone(), closed)).run();
    prop_assert_eq!(all.count, u128::from(total));
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    #[test]
    fn all_starts_is_the_sum_over_starts((board, _start, closed) in arb_case()) {
        all_starts_agree(&board, closed)?;
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    #[ignore = "long proof: .ci/run runs it (cargo test -- --ignored)"]
    fn all_starts_is_the_sum_over_starts_on_400_boards((board, _start, closed) in arb_case()) {
        all_starts_agree(&board, closed)?;
    }
}
