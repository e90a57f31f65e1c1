//! Semimagic tours of 8x8 by the method of quartes (issue 36): the first
//! (Beverley's) and ten distinct up to symmetry, each tour checked as a
//! tour and as a numbering before a time is reported.

use std::hint::black_box;
use std::time::Duration;

use knight_engine::board::Board;
use knight_engine::solver::Limits;
use knight_engine::solver::find::magic::{MagicAnswer, tours};
use knight_engine::tour::check_indices;
use knight_engine::tour::magic::{Magic, Sums};

use crate::measure::time;
use crate::{Ctx, Row, Workload};

pub fn workloads() -> Vec<Workload> {
    [
        ("magic-8x8-semi", 1usize, 250u64),
        ("magic-8x8-10", 10, 2500),
    ]
    .into_iter()
    .map(|(name, want, target_ms)| {
        Workload::new(name, move |ctx| vec![semimagic(ctx, name, want, target_ms)])
    })
    .collect()
}

fn run(board: &Board, want: usize) -> MagicAnswer {
    tours(board, Magic::Semi, want, false, &Limits::default())
}

fn semimagic(ctx: &Ctx, name: &str, want: usize, target_ms: u64) -> Row {
    let board = Board::new(8, 8, &[]).unwrap();
    let answer = run(&board, want);
    assert_eq!(answer.tours.len(), want, "{name}");
    for t in &answer.tours {
        assert!(
            check_indices(&board, t, false).is_ok(),
            "{name}: not a tour"
        );
        assert!(
            Sums::of_path(&board, t).magic().is_some(),
            "{name}: not semimagic"
        );
    }
    Row {
        name: name.into(),
        median: time(ctx.reps.min(5), || {
            black_box(run(&board, want));
        }),
        target: Some(Duration::from_millis(target_ms)),
        note: format!(
            "{want} distinct, {} quarte nodes, tours checked",
            answer.nodes
        ),
        others: "",
    }
}
