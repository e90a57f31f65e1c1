//! `solve`: find tours and print them, or write the tour file.

use std::io::{self, Write};
use std::path::Path;

use serde_json::json;

use crate::write::{self as files, Written};
use knight_engine::board::{Board, Square};
use knight_engine::solver::find::construct::Plan;
use knight_engine::solver::{self, Monitor, Options, Problem, Solution, Verdict};
use knight_engine::spec::Spec;
use knight_engine::tour;
use knight_engine::tour::{Fault, Summary, TourFile};
use knight_engine::words;

use super::args::{Format, SolveArgs};
use super::failure::{Exit, Failure, Ran, say, usage};
use super::output::{Printer, stats_json, stats_line, tour_file};
use crate::config::Config;

pub fn solve(args: &SolveArgs, config: &Config) -> Ran {
    let spec = args.board.spec(config).map_err(usage)?;
    check_output(args)?;
    let problem = spec.problem.clone();
    let tours = usize::try_from(args.tours).unwrap_or(usize::MAX);
    let options = spec.options(tours);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    if let Some(path) = &args.out {
        let svg = args.format == Format::Svg;
        return write_tour(path, &spec, &problem, &options, &mut out, args.quiet, svg);
    }
    if args.format == Format::Stats
        && let Some(plan) = Plan::for_options(&problem, &options)
    {
        return stats_streamed(&spec, plan, &mut out);
    }
    if matches!(args.format, Format::Json | Format::Moves | Format::Board)
        && let Some(plan) = Plan::for_options(&problem, &options)
    {
        // The tour on standard output as it is built (a numbered board
        // once its step table is filled).
        if args.format == Format::Moves {
            return moves_streamed(&spec, plan, &mut out);
        }
        if args.format == Format::Board {
            let b = spec.board();
            let mut steps = vec![0u32; b.len()];
            let mut n = 0;
            walk_checked(&spec, plan, &mut |sq| {
                n += 1;
                steps[b.index(sq) as usize] = n;
                Ok(())
            })??;
            tour::write_numbered_steps(&mut out, b, &steps)?;
            out.flush()?;
            return Ok(Exit::Yes);
        }
        json_streamed(&mut out, &spec, plan, true)??;
        out.flush()?;
        return Ok(Exit::Yes);
    }
    // Each tour is checked square by square, then printed as it is found.
    let algorithm = options.algorithm.for_solve(spec.board(), tours).name();
    let mut printer = Printer::new(&mut out, args.format, &spec, algorithm);
    let facts = knight_engine::theory::Facts::new(problem.board());
    let sol = solver::solve_with(&problem, &facts, &options, &mut printer);
    // The tours the solution kept (one tour, a construction) come after.
    for t in &sol.tours {
        printer.take_tour(t, &sol.stats);
    }
    if let Some(failure) = printer.failed.take() {
        return Err(failure);
    }
    if sol.verdict != Verdict::Found {
        return no_tour(&sol, args.format, &mut out);
    }
    let printed = printer.printed;
    if args.format == Format::Stats {
        writeln!(out, "{}", stats_json(&sol))?;
    }
    out.flush()?;
    // Fewer tours than asked: the search space ran out (all there are),
    // or a limit stopped it (undecided, said).
    let limit = if spec.limits.nodes.is_some_and(|n| sol.stats.nodes >= n) {
        Some(solver::Limit::Nodes)
    } else if spec.limits.time.is_some_and(|t| sol.stats.elapsed >= t) {
        Some(solver::Limit::Time)
    } else {
        None
    };
    if let Some(limit) = limit.filter(|_| printed < args.tours) {
        say(&format!(
            "knight-tui: the {limit} stopped the search after {printed} of the {} tours asked",
            args.tours
        ));
        return Ok(Exit::Undecided);
    }
    Ok(Exit::Yes)
}

/// Refuses what cannot be written (several tours to one file or picture,
/// an output path that cannot be written), before searching.
pub(super) fn check_output(args: &SolveArgs) -> Result<(), Failure> {
    if args.out.is_some() && args.tours > 1 {
        return Err(Failure::Usage(
            "--out writes one tour; use --format json for several".into(),
        ));
    }
    if args.format == Format::Svg && args.tours > 1 {
        return Err(Failure::Usage(
            "--format svg draws one tour; use --format json for several".into(),
        ));
    }
    if let Some(out) = &args.out {
        check_writable(out)?;
    }
    Ok(())
}

/// A constructed tour checked square by square as it is walked.
struct Checking<'b> {
    board: &'b Board,
    walk: tour::Walk,
    fault: Option<Fault>,
}

impl<'b> Checking<'b> {
    fn new(board: &'b Board) -> Self {
        Checking {
            board,
            walk: tour::Walk::new(board),
            fault: None,
        }
    }

    /// Takes the next square, keeping the first fault; its row and column.
    #[inline]
    fn step(&mut self, at: u32) -> Square {
        self.walk.step_index(at).unwrap_or_else(|f| {
            self.fault.get_or_insert(f);
            self.board.square(at)
        })
    }

    /// A complete tour (closed if it must be), or the construction's fault.
    fn verdict(self, closed: bool) -> Result<(), Failure> {
        match self.fault.map_or_else(|| self.walk.finish(closed), Err) {
            Ok(Summary::Complete { .. }) => Ok(()),
            other => Err(Failure::Internal(format!(
                "the construction produced an invalid tour ({other:?})"
            ))),
        }
    }
}

/// `--format stats` of one constructed tour, checked as it is built and
/// never held: the board's cells and a bit per square (figures for
/// 10,000 x 10,000: docs/benchmarks.md, "The engine").
fn stats_streamed<W: Write>(spec: &Spec, plan: Plan, out: &mut W) -> Ran {
    let sol = walk_checked(spec, plan, &mut |_| Ok(()))??;
    writeln!(out, "{}", stats_json(&sol))?;
    out.flush()?;
    Ok(Exit::Yes)
}

/// `--format moves` of one constructed tour, written as it is built and
/// checked: `ROW,COL` a square, a space between, on one line.
fn moves_streamed<W: Write>(spec: &Spec, plan: Plan, out: &mut W) -> Ran {
    let mut digits = itoa::Buffer::new();
    let mut first = true;
    walk_checked(spec, plan, &mut |sq| {
        if !std::mem::take(&mut first) {
            out.write_all(b" ")?;
        }
        out.write_all(digits.format(sq.row).as_bytes())?;
        out.write_all(b",")?;
        out.write_all(digits.format(sq.col).as_bytes())
    })??;
    writeln!(out)?;
    out.flush()?;
    Ok(Exit::Yes)
}

/// Walks a construction's tour, checking it square by square and handing
/// each square to `square` (whose first error ends the handing): the
/// solution, or the construction's fault, found at the end.
fn walk_checked(
    spec: &Spec,
    plan: Plan,
    square: &mut dyn FnMut(Square) -> io::Result<()>,
) -> io::Result<Result<Solution, Failure>> {
    let mut checking = Checking::new(spec.board());
    let mut failed = Ok(());
    let sol = plan.walk(&mut |piece| {
        for &at in piece {
            let sq = checking.step(at);
            if failed.is_ok() {
                failed = square(sq);
            }
        }
    });
    failed?;
    Ok(checking.verdict(spec.closed()).map(|()| sol))
}

/// `--out` of one constructed tour: the file is written as the tour is
/// built and checked, never held (10,000 x 10,000: a 1.3 GB file, in under
/// a tenth of that; figures: docs/benchmarks.md, "The engine"). An invalid
/// tour is an internal error and leaves no file.
fn write_streamed(path: &Path, spec: &Spec, plan: Plan) -> Result<(Written, usize), Failure> {
    let mut invalid = None;
    let mut squares = 0;
    let written = write_out(path, |w| match json_streamed(w, spec, plan, false)? {
        Ok(n) => {
            squares = n;
            Ok(())
        }
        Err(failure) => {
            invalid = Some(failure);
            Err(io::Error::other("the tour is invalid"))
        }
    });
    match invalid {
        Some(failure) => Err(failure),
        None => written.map(|w| (w, squares)),
    }
}

/// Writes the tour file of a constructed tour into `w` as the tour is
/// built and checked (`compact` JSON or not): the squares written, or the
/// construction's fault, found at the end.
fn json_streamed(
    w: &mut dyn Write,
    spec: &Spec,
    plan: Plan,
    compact: bool,
) -> io::Result<Result<usize, Failure>> {
    let mut file = TourFile::new(spec.board(), spec.closed(), &[], None);
    let mut json = file.start_json(w, compact)?;
    let sol = match walk_checked(spec, plan, &mut |sq| {
        json.square(i64::from(sq.row), i64::from(sq.col))
    })? {
        Ok(sol) => sol,
        Err(failure) => return Ok(Err(failure)),
    };
    file.meta = tour_file(spec, &sol, &[]).meta;
    json.finish(&file)?;
    Ok(Ok(sol.stats.nodes as usize))
}

/// The answer when no tour was found: none, or the search was stopped.
fn no_tour<W: Write>(sol: &Solution, format: Format, out: &mut W) -> Ran {
    let code = match &sol.verdict {
        Verdict::Found => Exit::Yes,
        Verdict::NoTour(reason) => {
            match format {
                Format::Stats => writeln!(out, "{}", stats_json(sol))?,
                Format::Json => writeln!(
                    out,
                    "{}",
                    json!({"found": false, "reason": reason.reason()})
                )?,
                _ => writeln!(out, "no tour: {reason}")?,
            }
            Exit::No
        }
        Verdict::Undecided(limit) => {
            match format {
                Format::Stats | Format::Json => writeln!(out, "{}", stats_json(sol))?,
                _ => writeln!(
                    out,
                    "undecided: the {limit} stopped the search before it found a tour ({})",
                    stats_line(sol)
                )?,
            }
            Exit::Undecided
        }
        Verdict::Cancelled => Exit::Undecided,
    };
    out.flush()?;
    Ok(code)
}

/// `--out`: finds one tour and writes its tour file (nothing else is
/// printed for a device or FIFO, where the file is the output).
fn write_tour<W: Write>(
    path: &Path,
    spec: &Spec,
    problem: &Problem,
    options: &Options,
    out: &mut W,
    quiet: bool,
    svg: bool,
) -> Ran {
    // A picture is drawn from the tour held whole.
    let plan = (!svg)
        .then(|| Plan::for_options(problem, options))
        .flatten();
    let (written, squares) = match plan {
        Some(plan) => write_streamed(path, spec, plan)?,
        None => {
            let sol = solver::solve(problem, options);
            let Some(t) = sol.tours.first() else {
                return no_tour(&sol, Format::Board, out);
            };
            if let Err(fault) = spec.check_tour(t) {
                return Err(Failure::Internal(format!(
                    "the {} solver produced an invalid tour ({fault})",
                    sol.algorithm
                )));
            }
            let file = tour_file(spec, &sol, t);
            let written = write_out(path, |w| {
                if svg {
                    tour::svg::write_svg(w, spec.board(), t, &super::output::svg_options(spec))
                } else {
                    file.write_json(w, false)
                }
            })?;
            (written, t.len())
        }
    };
    if written == Written::File && !quiet {
        let said = writeln!(
            out,
            "wrote {}: {} tour of {} from {} ({} squares)",
            path.display(),
            words::kind(spec.closed()),
            spec.board().describe(),
            spec.start(),
            squares
        )
        .and_then(|()| out.flush());
        // The file is written: that is the answer, whatever became of the
        // line about it.
        if let Err(e) = said {
            say(&format!(
                "wrote {}, but could not say so: {e}",
                path.display()
            ));
        }
    }
    Ok(Exit::Yes)
}

/// Refuses an output path that cannot be written, before searching.
pub(super) fn check_writable(path: &Path) -> Result<(), Failure> {
    files::check(path).map_err(|e| write_failure(path, e))
}

fn write_failure(path: &Path, e: files::WriteError) -> Failure {
    Failure::Write {
        name: path.display().to_string(),
        reason: e.to_string(),
    }
}

/// Writes `--out`: a file whole (its temporary file removed if a signal
/// ends the process first), or a device or FIFO as a stream. Nothing about
/// it is printed for a stream: what was streamed is the output.
pub(super) fn write_out<F>(path: &Path, fill: F) -> Result<Written, Failure>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    remove_temporaries_on_signals();
    files::write(path, fill).map_err(|e| write_failure(path, e))
}

/// On SIGINT, SIGTERM or SIGHUP: the temporary file of a write under way is
/// removed, then the process ends as the signal would have ended it.
fn remove_temporaries_on_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
        return;
    };
    std::thread::spawn(move || {
        if let Some(signal) = signals.forever().next() {
            files::end_by_signal(signal);
        }
    });
}
