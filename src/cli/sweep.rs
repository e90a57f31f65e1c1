//! `sweep`: solve from every start of a range of square boards and check
//! every tour.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use knight_engine::board::{Board, Geometry, Square};
use knight_engine::solver::{self, NoMonitor, Options, Problem, Tours, Verdict};
use knight_engine::theory;
use knight_engine::tour;
use knight_engine::words::ms;

use super::args::SweepArgs;
use super::failure::{Exit, Failure, Ran, usage};
use crate::config::{Config, value};

/// What a sweep has seen so far, over every board.
#[derive(Default)]
struct Seen {
    starts: u64,
    failed: Vec<(u32, Square, String)>,
    undecided: Vec<(u32, Square, String)>,
    total: Duration,
    /// The slowest start run (none when theory answered every board).
    slowest: Option<(Duration, u32, Square)>,
    /// The algorithms that ran (auto picks by board size).
    ran: Vec<&'static str>,
    /// Boards without a tour, with the reason; starts with a tour and
    /// without one (by theory or an exhausted search).
    without: Vec<(u32, String)>,
    with_tour: u64,
    without_tour: u64,
}

/// What one board's starts gave.
#[derive(Default)]
struct OneBoard {
    starts: u64,
    failed: usize,
    total: Duration,
    slowest: Duration,
    with: u64,
    without: u64,
    /// Starts the 2-factor pruning settled.
    pruned: u64,
    /// Whether a limit left a start undecided.
    undecided: bool,
}

/// How a sweep runs: its settings, and the piece classified or not.
struct Plan<'a> {
    args: &'a SweepArgs,
    options: Options,
    /// The knight on the plane: every board the classification allows has
    /// a tour from every start theory allows, so a start without one is a
    /// failure. Elsewhere a start may have none: the search says so.
    classified: bool,
}

pub fn sweep(args: &SweepArgs, config: &Config) -> Ran {
    if args.from > args.to {
        return Err(Failure::Usage(format!(
            "--from {} is larger than --to {}",
            args.from, args.to
        )));
    }
    if Board::memory_needed(args.to, args.to) > knight_engine::board::MEMORY_LIMIT {
        return Err(Failure::Usage(format!(
            "--to {}: the board is too big to hold",
            args.to
        )));
    }
    let (algorithm, tie_break, limits, moves) = args.search.settle(config).map_err(usage)?;
    let leaper = value(&args.piece.leaper.or(config.board.leaper));
    let surface = value(&args.piece.surface.or(config.board.surface));
    let geometry = Geometry::new(leaper, surface);
    let plan = Plan {
        args,
        options: Options {
            algorithm,
            tie_break,
            limits,
            tours: 1,
            moves,
        },
        classified: geometry.is_knight_plane(),
    };
    let stdout = io::stdout();
    // A line a board as it finishes: an interrupted sweep keeps them.
    let mut out = io::LineWriter::new(stdout.lock());
    let mut seen = Seen::default();
    let text = !args.report.json() && !args.quiet;
    for n in args.from..=args.to {
        if plan.classified && !theory::full_board_has_tour(n, n, args.closed) {
            continue;
        }
        let board = Board::with_geometry(n, n, &[], geometry).map_err(usage)?;
        // What theory works out about the board serves all its starts.
        let facts = theory::Facts::new(&board);
        if !plan.classified
            && let Err(reason) = facts.check(None, args.closed)
        {
            if text {
                writeln!(out, "{}: no tour: {reason}", board.describe())?;
            }
            seen.without.push((n, reason.reason()));
            continue;
        }
        let one = plan.board(&facts, &mut seen)?;
        let none = plan.none_reason(&one);
        if let Some(reason) = &none {
            seen.without.push((n, reason.clone()));
        }
        if text {
            writeln!(out, "{}", plan.board_line(&board, &one, none.as_deref()))?;
        }
    }
    if args.report.json() {
        writeln!(out, "{}", plan.json(&seen, leaper, surface))?;
    } else {
        plan.write_summary(&mut out, &seen)?;
    }
    out.flush()?;
    Ok(if !seen.failed.is_empty() {
        Exit::No
    } else if !seen.undecided.is_empty() {
        Exit::Undecided
    } else {
        Exit::Yes
    })
}

impl Plan<'_> {
    /// Solves from every start of the board `facts` are about and checks
    /// each tour, adding to `seen`.
    fn board(&self, facts: &theory::Facts, seen: &mut Seen) -> Result<OneBoard, Failure> {
        let board = facts.board();
        let (n, closed) = (board.rows(), self.args.closed);
        let mut one = OneBoard::default();
        for start in board.free_squares() {
            // Odd boards: only the majority colour can start an open tour.
            if facts.check(Some(start), closed).is_err() {
                one.without += u64::from(!self.classified);
                continue;
            }
            let problem =
                Problem::new(Tours::closed_if(board.clone(), closed), start).map_err(usage)?;
            let t = Instant::now();
            let sol = solver::solve_with(&problem, facts, &self.options, &mut NoMonitor);
            let took = t.elapsed();
            if !seen.ran.contains(&sol.algorithm.name()) {
                seen.ran.push(sol.algorithm.name());
            }
            let fault = match (&sol.verdict, sol.tours.first()) {
                (Verdict::Found, Some(tour)) => {
                    one.with += 1;
                    tour::check_indices(board, tour, closed)
                        .err()
                        .map(|f| format!("invalid tour: {f}"))
                }
                (Verdict::NoTour(r), _) if !self.classified => {
                    one.without += 1;
                    one.pruned += u64::from(matches!(r.argument, theory::Argument::Pruning { .. }));
                    None
                }
                (Verdict::NoTour(r), _) => Some(format!("wrongly reported no tour: {r}")),
                (Verdict::Undecided(l), _) => {
                    // Not a failure: the limit stopped it before it decided.
                    seen.undecided
                        .push((n, start, format!("stopped by the {l}")));
                    one.undecided = true;
                    None
                }
                (v, _) => Some(format!("{v:?}")),
            };
            if let Some(f) = fault {
                one.failed += 1;
                seen.failed.push((n, start, f));
            }
            one.starts += 1;
            one.total += took;
            one.slowest = one.slowest.max(took);
            if seen.slowest.is_none_or(|(t, _, _)| took > t) {
                seen.slowest = Some((took, n, start));
            }
        }
        seen.starts += one.starts;
        seen.total += one.total;
        seen.with_tour += one.with;
        seen.without_tour += one.without;
        Ok(one)
    }

    /// Why a board has no tour when every start was decided without one.
    fn none_reason(&self, one: &OneBoard) -> Option<String> {
        if self.classified || one.with > 0 || one.failed > 0 || one.undecided {
            return None;
        }
        let mut parts = vec![format!(
            "theory rules out {} starts",
            one.without - one.starts
        )];
        if one.pruned > 0 {
            parts.push(format!("2-factor pruning {}", one.pruned));
        }
        if one.starts > one.pruned {
            parts.push(format!(
                "the search tried every {} path from the other {}",
                knight_engine::words::kind(self.args.closed),
                one.starts - one.pruned
            ));
        }
        let last = parts.pop().expect("one part at least");
        Some(match parts.is_empty() {
            true => format!("no start has one: {last}"),
            false => format!("no start has one: {} and {last}", parts.join(", ")),
        })
    }

    /// The line a board gets as it finishes.
    fn board_line(&self, board: &Board, one: &OneBoard, none: Option<&str>) -> String {
        let n = board.rows();
        let (starts, failed) = (one.starts, one.failed);
        let (total, slowest) = (ms(one.total), ms(one.slowest));
        match none {
            _ if self.classified => format!(
                "{n}x{n}: {starts} starts, {failed} failures, total {total} ms, slowest {slowest} ms"
            ),
            Some(reason) => format!("{}: no tour: {reason}", board.describe()),
            None => format!(
                "{}: {} starts with a tour, {} without, {failed} failures, total {total} ms, slowest {slowest} ms",
                board.describe(),
                one.with,
                one.without
            ),
        }
    }

    /// The one JSON line of `--json`.
    fn json(
        &self,
        seen: &Seen,
        leaper: knight_engine::board::Leaper,
        surface: knight_engine::board::Surface,
    ) -> Value {
        let list: Vec<Value> = seen
            .failed
            .iter()
            .map(|(n, s, why)| json!({"size": n, "start": s.to_string(), "reason": why}))
            .collect();
        let mut line = json!({
                "starts": seen.starts,
                "failures": seen.failed.len(),
                "failed": list,
                "total_ms": ms(seen.total),
                "slowest_ms": seen.slowest.map(|(t, _, _)| ms(t)),
                "slowest": seen.slowest.map(|(_, n, s)| format!("{n}x{n} from {s}")),
                "closed": self.args.closed,
                "algorithm": seen.ran.join("+"),
                "tie_break": self.options.tie_break.name(),
        });
        if !self.classified {
            let list: Vec<Value> = seen
                .without
                .iter()
                .map(|(n, why)| json!({"size": n, "reason": why}))
                .collect();
            line["leaper"] = json!([leaper.a(), leaper.b()]);
            line["surface"] = surface.name().into();
            line["starts_with_tour"] = seen.with_tour.into();
            line["starts_without_tour"] = seen.without_tour.into();
            line["boards_without_tour"] = list.into();
        }
        // Present only when a limit left starts undecided.
        if !seen.undecided.is_empty() {
            let list: Vec<Value> = seen
                .undecided
                .iter()
                .map(|(n, s, why)| json!({"size": n, "start": s.to_string(), "reason": why}))
                .collect();
            line["undecided"] = seen.undecided.len().into();
            line["undecided_starts"] = list.into();
        }
        line
    }

    /// The failures, the undecided starts and the totals, in words.
    fn write_summary<W: Write>(&self, out: &mut W, seen: &Seen) -> io::Result<()> {
        for (n, s, why) in &seen.failed {
            writeln!(out, "failed: {n}x{n} from {s}: {why}")?;
        }
        for (n, s, why) in &seen.undecided {
            writeln!(out, "undecided: {n}x{n} from {s}: {why}")?;
        }
        if !self.classified {
            writeln!(
                out,
                "{} boards without a tour; {} starts with a tour, {} without",
                seen.without.len(),
                seen.with_tour,
                seen.without_tour
            )?;
        }
        let slowest = match seen.slowest {
            Some((t, n, s)) => format!(", slowest {} ms ({n}x{n} from {s})", ms(t)),
            None => String::new(),
        };
        writeln!(
            out,
            "all: {} starts, {} failures, total {} ms{slowest}",
            seen.starts,
            seen.failed.len(),
            ms(seen.total),
        )
    }
}
