//! `sweep`: solve from every start of a range of square boards and check
//! every tour.

use std::io::{self, Write};

use serde_json::{Value, json};

use knight_tui::board::{Board, Geometry, Square};
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
    let leaper = super::settle::flag_or(&args.leaper, config.board.leaper)
        .map_err(|e| Failure::Usage(format!("--leaper: {e}")))?;
    let surface = super::settle::flag_or(&args.surface, config.board.surface)
        .map_err(|e| Failure::Usage(format!("--surface: {e}")))?;
    let geometry = Geometry::new(leaper, surface);
    // The knight on the plane: every board the classification allows has
    // a tour from every start theory allows, so a start without one is a
    // failure. Elsewhere a start may have none: the search says so.
    let classified = geometry.is_knight_plane();
    let options = Options {
        algorithm,
        tie_break,
        limits,
        tours: 1,
        moves,
    };
    let stdout = io::stdout();
    // A line a board as it finishes: an interrupted sweep keeps them.
    let mut out = io::LineWriter::new(stdout.lock());
    let mut starts = 0u64;
    let mut failed: Vec<(u32, Square, String)> = Vec::new();
    let mut undecided: Vec<(u32, Square, String)> = Vec::new();
    let mut total = std::time::Duration::ZERO;
    // The slowest start run (none when theory answered every board).
    let mut slowest: Option<(std::time::Duration, u32, Square)> = None;
    // The algorithms that ran (auto picks by board size).
    let mut ran: Vec<&str> = Vec::new();
    // Boards theory proves have no tour, with the reason; and starts
    // with a tour and without one (by theory or an exhausted search).
    let mut without: Vec<(u32, String)> = Vec::new();
    let (mut with_tour, mut without_tour) = (0u64, 0u64);
    for n in args.from..=args.to {
        if classified && !theory::full_board_has_tour(n, n, args.closed) {
            continue;
        }
        let board = Board::with_geometry(n, n, &[], geometry).map_err(usage)?;
        if !classified && let Err(reason) = theory::check(&board, None, args.closed) {
            if !args.report.json() && !args.quiet {
                writeln!(out, "{}: no tour: {reason}", board.describe())?;
            }
            without.push((n, reason));
            continue;
        }
        let (mut n_starts, mut n_failed, mut n_total, mut n_slow) = (
            0u64,
            0usize,
            std::time::Duration::ZERO,
            std::time::Duration::ZERO,
        );
        let (mut n_with, mut n_without, mut n_pruned) = (0u64, 0u64, 0u64);
        let undecided_before = undecided.len();
        for start in board.free_squares() {
            // Odd boards: only the majority colour can start an open tour.
            if theory::check(&board, Some(start), args.closed).is_err() {
                n_without += u64::from(!classified);
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
                (Verdict::Found, Some(tour)) => {
                    n_with += 1;
                    tour::check_indices(&board, tour, args.closed)
                        .err()
                        .map(|f| format!("invalid tour: {f}"))
                }
                (Verdict::NoTour(r), _) if !classified => {
                    n_without += 1;
                    n_pruned += u64::from(r.ends_with(theory::PRUNING_NAME));
                    None
                }
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
            if slowest.is_none_or(|(t, _, _)| took > t) {
                slowest = Some((took, n, start));
            }
        }
        starts += n_starts;
        total += n_total;
        with_tour += n_with;
        without_tour += n_without;
        // Every start without a tour, each decided: the board has none.
        let none =
            (!classified && n_with == 0 && n_failed == 0 && undecided.len() == undecided_before)
                .then(|| {
                    let mut parts =
                        vec![format!("theory rules out {} starts", n_without - n_starts)];
                    if n_pruned > 0 {
                        parts.push(format!("2-factor pruning {n_pruned}"));
                    }
                    if n_starts > n_pruned {
                        parts.push(format!(
                            "the search tried every {} path from the other {}",
                            knight_tui::words::kind(args.closed),
                            n_starts - n_pruned
                        ));
                    }
                    let last = parts.pop().expect("one part at least");
                    match parts.is_empty() {
                        true => format!("no start has one: {last}"),
                        false => format!("no start has one: {} and {last}", parts.join(", ")),
                    }
                });
        if let Some(reason) = &none {
            without.push((n, reason.clone()));
        }
        if !args.report.json() && !args.quiet {
            if classified {
                writeln!(
                    out,
                    "{n}x{n}: {n_starts} starts, {n_failed} failures, total {} ms, slowest {} ms",
                    ms(n_total),
                    ms(n_slow)
                )?;
            } else if let Some(reason) = &none {
                writeln!(out, "{}: no tour: {reason}", board.describe())?;
            } else {
                writeln!(
                    out,
                    "{}: {n_with} starts with a tour, {n_without} without, {n_failed} failures, total {} ms, slowest {} ms",
                    board.describe(),
                    ms(n_total),
                    ms(n_slow)
                )?;
            }
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
                "slowest_ms": slowest.map(|(t, _, _)| ms(t)),
                "slowest": slowest.map(|(_, n, s)| format!("{n}x{n} from {s}")),
                "closed": args.closed,
                "algorithm": ran.join("+"),
                "tie_break": tie_break.name(),
        });
        if !classified {
            let list: Vec<Value> = without
                .iter()
                .map(|(n, why)| json!({"size": n, "reason": why}))
                .collect();
            line["leaper"] = json!([leaper.a(), leaper.b()]);
            line["surface"] = surface.name().into();
            line["starts_with_tour"] = with_tour.into();
            line["starts_without_tour"] = without_tour.into();
            line["boards_without_tour"] = list.into();
        }
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
        if !classified {
            writeln!(
                out,
                "{} boards without a tour; {with_tour} starts with a tour, {without_tour} without",
                without.len()
            )?;
        }
        let slowest = match slowest {
            Some((t, n, s)) => format!(", slowest {} ms ({n}x{n} from {s})", ms(t)),
            None => String::new(),
        };
        writeln!(
            out,
            "all: {starts} starts, {} failures, total {} ms{slowest}",
            failed.len(),
            ms(total),
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
