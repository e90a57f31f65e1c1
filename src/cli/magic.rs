//! `solve --magic`: semimagic or magic tours, by the method of quartes.
//! Theory answers first (odd sides, blocked squares, 8x8 magic); then the
//! search, on the boards its method covers. Every tour is checked whole,
//! as a tour and as a numbering, before it is printed.

use std::io::{self, Write};

use serde_json::json;

use knight_engine::solver::count::Outcome;
use knight_engine::solver::find::magic::{self, MagicAnswer};
use knight_engine::solver::{Monitor, Stats, Verdict};
use knight_engine::spec::Spec;
use knight_engine::tour::magic::{Magic, Sums, ruled_out};
use knight_engine::tour::{self, TourFile};
use knight_engine::words;

use super::args::{Format, SolveArgs};
use super::failure::{Exit, Failure, Ran, say, usage};
use super::output::{Printer, stats_json_of, stats_line_of, svg_options};
use super::solve::{check_output, write_out};
use crate::config::Config;

/// The method's name, as `--format json` and `stats` give the algorithm.
const METHOD: &str = "quartes";

/// `solve` with `--magic`: the flags checked as `solve` checks them.
pub fn solve(args: &SolveArgs, config: &Config, kind: Magic) -> Ran {
    refuse_flags(args)?;
    // The search chooses where the tour starts and ends: a start or an
    // end from the configuration does not apply.
    let spec = args.board.spec(config).map_err(usage)?;
    let spec = &Spec {
        problem: spec.problem.without_end(),
        ..spec
    };
    check_output(args)?;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let board = spec.board();
    if let Some(reason) = ruled_out(board, kind == Magic::Full) {
        let verdict = Verdict::NoTour(reason.clone());
        let reason = &reason.reason();
        match args.format {
            Format::Stats => {
                let stats = Stats::default();
                writeln!(out, "{}", stats_json_of(METHOD, &stats, &verdict))?;
            }
            Format::Json => writeln!(out, "{}", json!({"found": false, "reason": reason}))?,
            _ => writeln!(out, "no tour: {reason}")?,
        }
        out.flush()?;
        return Ok(Exit::No);
    }
    if !magic::covers(board) {
        let why = format!(
            "the method of quartes needs an n x n board, n a multiple of 4 and at least 8, for the knight on a plane; {} is not one",
            board.describe()
        );
        return undecided(&mut out, args.format, &why);
    }
    let need = magic::bytes_needed(board.rows());
    if let Some(free) = knight_engine::solver::memory::available()
        && need > free
    {
        let why = format!(
            "the method of quartes needs about {} for {}, and {} may be taken here; not started",
            knight_engine::board::human_bytes(need),
            board.describe(),
            knight_engine::board::human_bytes(free)
        );
        return undecided(&mut out, args.format, &why);
    }
    let want = usize::try_from(args.tours).unwrap_or(usize::MAX);
    let answer = magic::tours(board, kind, want, spec.closed(), &spec.limits);
    for t in &answer.tours {
        check(spec, kind, t)?;
    }
    // The tour's first square is its start, for the files and pictures.
    let from_first = |t: &Vec<u32>| {
        let problem = spec.problem.clone().starting_on(board.square(t[0])).ok()?;
        Some(Spec {
            problem,
            ..spec.clone()
        })
    };
    let spec = &answer
        .tours
        .first()
        .and_then(from_first)
        .unwrap_or_else(|| spec.clone());
    let stats = stats_of(&answer);
    let verdict = verdict_of(&answer);
    if let Some(first) = answer.tours.first()
        && let Some(path) = &args.out
    {
        return write_file(args, spec, kind, first, &stats, &mut out, path);
    }
    let mut printer = Printer::new(&mut out, args.format, spec, METHOD);
    for t in &answer.tours {
        printer.take_tour(t, &stats);
    }
    if let Some(failure) = printer.failed.take() {
        return Err(failure);
    }
    if args.format == Format::Stats {
        writeln!(out, "{}", stats_json_of(METHOD, &stats, &verdict))?;
    }
    if answer.tours.is_empty() {
        not_found(&answer, &stats, &verdict, args.format, &mut out)?;
        out.flush()?;
        return Ok(Exit::Undecided);
    }
    out.flush()?;
    if answer.tours.len() < want {
        say(&fewer(&answer, want, spec, kind));
    }
    Ok(Exit::Yes)
}

/// The flags a magic search cannot honour: a usage error naming why.
fn refuse_flags(args: &SolveArgs) -> Result<(), Failure> {
    let (keys, search) = (&args.board.board, &args.board.search);
    let refused = if keys.start.is_some() {
        Some((
            "--start",
            "a magic tour is numbered from its first square, which the search chooses",
        ))
    } else if keys.end.is_some() {
        Some((
            "--end",
            "a magic tour's last square is where its numbering ends, which the search chooses",
        ))
    } else if keys.blocked.is_some() {
        Some((
            "--block",
            "a magic numbering runs 1..N over whole rows and columns",
        ))
    } else if search.algorithm.is_some() {
        Some(("--algo", "it searches by the method of quartes"))
    } else if search.tie_break.is_some() || search.moves.is_some() {
        Some((
            "--tie-break and --moves",
            "it searches by the method of quartes",
        ))
    } else {
        None
    };
    match refused {
        Some((flag, why)) => Err(Failure::Usage(format!(
            "{flag} cannot be used with --magic: {why}"
        ))),
        None => Ok(()),
    }
}

/// Says the search could not be made here, and why (exit 3).
fn undecided(out: &mut impl Write, format: Format, why: &str) -> Ran {
    match format {
        Format::Stats | Format::Json => {
            writeln!(out, "{}", json!({"found": false, "undecided": why}))?;
        }
        _ => writeln!(out, "undecided: {why}")?,
    }
    out.flush()?;
    Ok(Exit::Undecided)
}

/// A tour of the search, checked apart from it: a complete tour (closed if
/// asked) numbered as `kind` asks, or the search's bug.
fn check(spec: &Spec, kind: Magic, t: &[u32]) -> Result<(), Failure> {
    if let Err(fault) = tour::check_indices(spec.board(), t, spec.closed()) {
        return Err(Failure::Internal(format!(
            "the method of quartes produced an invalid tour ({fault})"
        )));
    }
    match (kind, Sums::of_path(spec.board(), t).magic()) {
        (_, Some(Magic::Full)) | (Magic::Semi, Some(Magic::Semi)) => Ok(()),
        (_, got) => Err(Failure::Internal(format!(
            "the method of quartes produced a tour that is not {kind} ({})",
            got.map_or("not semimagic".into(), |g| g.to_string())
        ))),
    }
}

fn stats_of(answer: &MagicAnswer) -> Stats {
    Stats {
        nodes: answer.nodes,
        backtracks: answer.backtracks,
        max_depth: answer.max_depth,
        tours: answer.tours.len() as u64,
        elapsed: answer.elapsed,
        ..Stats::default()
    }
}

/// Found, stopped by a limit, or neither (`Cancelled`: the method's family
/// holds no tour, which does not prove that the board has none).
fn verdict_of(answer: &MagicAnswer) -> Verdict {
    match answer.outcome {
        _ if !answer.tours.is_empty() => Verdict::Found,
        Outcome::Stopped(limit) => Verdict::Undecided(limit),
        _ => Verdict::Cancelled,
    }
}

/// The answer when no tour was found: a limit stopped the search, or the
/// method's family has none (exit 3 both: neither proves there is none).
fn not_found<W: Write>(
    answer: &MagicAnswer,
    stats: &Stats,
    verdict: &Verdict,
    format: Format,
    out: &mut W,
) -> io::Result<()> {
    let why = match answer.outcome {
        Outcome::Stopped(limit) => format!("the {limit} stopped the search before it found a tour"),
        _ => "the method of quartes searched its whole family and found none; it does not reach every tour".into(),
    };
    match format {
        Format::Stats => Ok(()),
        Format::Json => {
            let mut v = stats_json_of(METHOD, stats, verdict);
            v["undecided"] = why.into();
            writeln!(out, "{v}")
        }
        _ => writeln!(out, "undecided: {why} ({})", stats_line_of(stats)),
    }
}

/// Why fewer tours came than were asked.
fn fewer(answer: &MagicAnswer, want: usize, spec: &Spec, kind: Magic) -> String {
    let found = answer.tours.len();
    let closed = if spec.closed() { "closed " } else { "" };
    let asked = format!("{found} of the {want} {closed}{kind} tours asked");
    match answer.outcome {
        Outcome::Stopped(limit) => format!("the {limit} stopped the search after {asked}"),
        _ if spec.board().rows() == 8 => format!(
            "{asked}: the method of quartes reaches no more (on 8x8 it reaches 105 of the 140 semimagic tours up to symmetry, 44 of them closed)"
        ),
        _ => format!("{asked}: the method of quartes reaches no more"),
    }
}

/// `--out`: the first tour's file (or picture).
fn write_file<W: Write>(
    args: &SolveArgs,
    spec: &Spec,
    kind: Magic,
    path: &[u32],
    stats: &Stats,
    out: &mut W,
    file: &std::path::Path,
) -> Ran {
    let board = spec.board();
    let written = write_out(file, |w| {
        if args.format == Format::Svg {
            tour::svg::write_svg(w, board, path, &svg_options(spec))
        } else {
            TourFile::of_run(board, spec.closed(), path, METHOD, stats.work()).write_json(w, false)
        }
    })?;
    if written == crate::write::Written::File && !args.quiet {
        let start = board.square(path[0]);
        let said = writeln!(
            out,
            "wrote {}: {kind} {} tour of {} from {start} ({} squares)",
            file.display(),
            words::kind(spec.closed()),
            board.describe(),
            path.len()
        )
        .and_then(|()| out.flush());
        if let Err(e) = said {
            say(&format!(
                "wrote {}, but could not say so: {e}",
                file.display()
            ));
        }
    }
    Ok(Exit::Yes)
}
