//! `sweep`: solve from every start of a range of square boards and check
//! every tour.

use std::io::{self, Write};

use serde_json::{Value, json};

use knight_tui::board::{Board, Square};
use knight_tui::solver::{self, Options, Problem, Verdict};
use knight_tui::theory;
use knight_tui::tour;
use knight_tui::words::ms;

use super::args::SweepArgs;
use super::failure::{Exit, Failure, Outcome, usage};
use crate::config::Config;

pub fn sweep(args: &SweepArgs, config: &Config) -> Outcome {
    if args.from > args.to {
        return Err(Failure::Usage(format!(
            "--from {} is larger than --to {}",
            args.from, args.to
        )));
    }
    if Board::memory_needed(args.to, args.to) > knight_tui::board::MEMORY_LIMIT {
        return Err(Failure::Usage(format!(
            "--to {}: the board is too big to hold",
            args.to
        )));
    }
    let (algorithm, tie_break, limits, moves) = args.search.settle(config).map_err(usage)?;
    let options = Options {
        algorithm,
        tie_break,
        limits,
        tours: 1,
        moves,
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut starts = 0u64;
    let mut failed: Vec<(u32, Square, String)> = Vec::new();
    let mut undecided: Vec<(u32, Square, String)> = Vec::new();
    let mut total = std::time::Duration::ZERO;
    let mut slowest = (std::time::Duration::ZERO, 0u32, Square::new(0, 0));
    // The algorithms that ran (auto picks by board size).
    let mut ran: Vec<&str> = Vec::new();
    for n in args.from..=args.to {
        if !theory::full_board_has_tour(n, n, args.closed) {
            continue;
        }
        let board = Board::new(n, n, &[]).map_err(usage)?;
        let (mut n_starts, mut n_failed, mut n_total, mut n_slow) = (
            0u64,
            0usize,
            std::time::Duration::ZERO,
            std::time::Duration::ZERO,
        );
        for start in board.free_squares() {
            // Odd boards: only the majority colour can start an open tour.
            if theory::check(&board, Some(start), args.closed).is_err() {
                continue;
            }
            let problem = Problem::new(&board, start, args.closed).map_err(usage)?;
            let t = std::time::Instant::now();
            let sol = solver::solve(&problem, &options);
            let took = t.elapsed();
            if !ran.contains(&sol.algorithm.name()) {
                ran.push(sol.algorithm.name());
            }
            let fault = match (&sol.verdict, sol.tours.first()) {
                (Verdict::Found, Some(tour)) => tour::check_indices(&board, tour, args.closed)
                    .err()
                    .map(|f| format!("invalid tour: {f}")),
                (Verdict::NoTour(r), _) => Some(format!("wrongly reported no tour: {r}")),
                (Verdict::Undecided(l), _) => {
                    // Not a failure: the limit stopped it before it decided.
                    undecided.push((n, start, format!("stopped by the {l}")));
                    None
                }
                (v, _) => Some(format!("{v:?}")),
            };
            if let Some(f) = fault {
                n_failed += 1;
                failed.push((n, start, f));
            }
            n_starts += 1;
            n_total += took;
            n_slow = n_slow.max(took);
            if took > slowest.0 {
                slowest = (took, n, start);
            }
        }
        starts += n_starts;
        total += n_total;
        if !args.report.json() && !args.quiet {
            writeln!(
                out,
                "{n}x{n}: {n_starts} starts, {n_failed} failures, total {} ms, slowest {} ms",
                ms(n_total),
                ms(n_slow)
            )?;
        }
    }
    if args.report.json() {
        let list: Vec<Value> = failed
            .iter()
            .map(|(n, s, why)| json!({"size": n, "start": s.to_string(), "reason": why}))
            .collect();
        let mut line = json!({
                "starts": starts,
                "failures": failed.len(),
                "failed": list,
                "total_ms": ms(total),
                "slowest_ms": ms(slowest.0),
                "slowest": format!("{0}x{0} from {1}", slowest.1, slowest.2),
                "closed": args.closed,
                "algorithm": ran.join("+"),
                "tie_break": tie_break.name(),
        });
        // Present only when a limit left starts undecided.
        if !undecided.is_empty() {
            let list: Vec<Value> = undecided
                .iter()
                .map(|(n, s, why)| json!({"size": n, "start": s.to_string(), "reason": why}))
                .collect();
            line["undecided"] = undecided.len().into();
            line["undecided_starts"] = list.into();
        }
        writeln!(out, "{line}")?;
    } else {
        for (n, s, why) in &failed {
            writeln!(out, "failed: {n}x{n} from {s}: {why}")?;
        }
        for (n, s, why) in &undecided {
            writeln!(out, "undecided: {n}x{n} from {s}: {why}")?;
        }
        writeln!(
            out,
            "all: {starts} starts, {} failures, total {} ms, slowest {} ms ({n}x{n} from {s})",
            failed.len(),
            ms(total),
            ms(slowest.0),
            n = slowest.1,
            s = slowest.2
        )?;
    }
    out.flush()?;
    Ok(if !failed.is_empty() {
        Exit::No
    } else if !undecided.is_empty() {
        Exit::Undecided
    } else {
        Exit::Yes
    })
}
