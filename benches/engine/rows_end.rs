//! Tours with a chosen last square (issue 36): a tour of 1000x1000 to the
//! square beside the far corner, found by Warnsdorff's rule with the end
//! kept off the path, and the tours of 6x7 from 1,1 to 5,6 counted over the
//! frontier; each checked before a time is reported.

use std::hint::black_box;

use knight_engine::board::{Board, Square};
use knight_engine::solver::count::Count;
use knight_engine::solver::{Options, Problem, Tours, Verdict, solve};
use knight_engine::tour::check_indices;

use crate::measure::time;
use crate::{Ctx, Row, Workload};

pub fn workloads() -> Vec<Workload> {
    vec![
        Workload::new("end-1000", |ctx| vec![find(ctx)]),
        Workload::new("end-count-6x7", |ctx| vec![count(ctx)]),
    ]
}

fn find(ctx: &Ctx) -> Row {
    let board = Board::new(1000, 1000, &[]).unwrap();
    let end = Square::new(999, 998);
    let problem = Problem::new(Tours::open(board.clone()), Square::new(0, 0))
        .and_then(|p| p.ending_on(Some(end)))
        .unwrap();
    let sol = solve(&problem, &Options::default());
    assert_eq!(sol.verdict, Verdict::Found, "end-1000");
    let tour = &sol.tours[0];
    assert!(
        check_indices(&board, tour, false).is_ok(),
        "end-1000: not a tour"
    );
    assert_eq!(
        *tour.last().unwrap(),
        board.index(end),
        "end-1000: ends elsewhere"
    );
    Row {
        name: "end-1000".into(),
        median: time(ctx.reps.min(5), || {
            black_box(solve(&problem, &Options::default()));
        }),
        target: None,
        note: format!(
            "0,0 to 999,998, {} nodes, tour checked square by square",
            sol.stats.nodes
        ),
        others: "",
    }
}

fn count(ctx: &Ctx) -> Row {
    let board = Board::new(6, 7, &[]).unwrap();
    let problem = Problem::new(Tours::open(board.clone()), Square::new(1, 1))
        .and_then(|p| p.ending_on(Some(Square::new(5, 6))))
        .unwrap();
    let request = Count::from_start(&problem);
    let total = request.run();
    // Enumeration's count, the same (tests/cli/ends.rs checks a smaller
    // board both ways; this one takes enumeration 2.9 s).
    assert_eq!(total.count, 2_278_674, "end-count-6x7");
    Row {
        name: "end-count-6x7".into(),
        median: time(ctx.reps.min(5), || {
            black_box(request.run());
        }),
        target: None,
        note: format!(
            "{} tours, over the frontier ({})",
            total.count,
            total.method.name()
        ),
        others: "enumeration: 2.9 s",
    }
}
