//! The states of counts too big to make here, square by square, as far as
//! the memory goes (issue 35's projection for 8x8 open tours): prints each
//! square's states and seconds, and a row with how far it went. Only when
//! asked for by name (`--filter census`; `--filter 'census: 8x8'` for the
//! 8x8 board alone).

use knight_engine::board::Board;
use knight_engine::solver::count::Progress;
use knight_engine::solver::count::frontier::{self, Budget, Ends};

use crate::measure::fmt;
use crate::{Row, Workload};

fn census(name: &str, rows: u32, cols: u32) -> Row {
    let board = Board::new(rows, cols, &[]).expect("a board");
    let bytes = knight_engine::solver::memory::available().map_or(u64::MAX, |b| b / 10 * 9);
    let c = frontier::census(
        &board,
        Ends::Any,
        &Budget::bytes(bytes),
        &Progress::default(),
    );
    println!(
        "{name}: the states after each square ({} bytes a state in a table)",
        c.entry
    );
    println!();
    println!("| square | states | seconds |");
    println!("| --- | --- | --- |");
    for (i, (states, secs)) in c.trace.iter().enumerate() {
        println!("| {} | {states} | {secs:.1} |", i + 1);
    }
    println!();
    let (peak, at) = c
        .trace
        .iter()
        .enumerate()
        .map(|(i, &(s, _))| (s, i + 1))
        .max()
        .unwrap_or((0, 0));
    let secs = c.trace.last().map_or(0.0, |t| t.1);
    Row {
        name: name.into(),
        median: std::time::Duration::from_secs_f64(secs),
        target: None,
        note: format!(
            "{} of {} squares; the most states {peak} after square {at}; {}; one run, {} with {} GB",
            c.trace.len(),
            c.squares,
            match &c.stop {
                None => "finished".to_string(),
                Some(stop) => format!("stopped: {stop:?}"),
            },
            fmt(std::time::Duration::from_secs_f64(secs)),
            bytes / (1 << 30),
        ),
        others: "",
    }
}

pub fn workloads() -> Vec<Workload> {
    vec![
        Workload {
            only_if_asked: Some("census"),
            ..Workload::new("census: 7x7 open, all starts", |_| {
                vec![census("census: 7x7 open, all starts", 7, 7)]
            })
        },
        Workload {
            only_if_asked: Some("census"),
            ..Workload::new("census: 7x8 open, all starts", |_| {
                vec![census("census: 7x8 open, all starts", 7, 8)]
            })
        },
        Workload {
            only_if_asked: Some("census: 8x8"),
            ..Workload::new("census: 8x8 open, all starts", |_| {
                vec![census("census: 8x8 open, all starts", 8, 8)]
            })
        },
    ]
}
