//! `solve`: find tours and print them, or write the tour file.

use std::io::{self, Write};
use std::path::Path;

use serde_json::json;

use knight_tui::solver::{self, Verdict};
use knight_tui::tour;
use knight_tui::words;

use super::args::{Format, SolveArgs};
use super::failure::{Exit, Failure, Outcome, say, usage};
use super::output::{print_tours, stats_json, stats_line, tour_file};
use crate::config::Config;

pub fn solve(args: &SolveArgs, config: &Config) -> Outcome {
    let spec = args.board.spec(config).map_err(usage)?;
    if args.out.is_some() && args.tours > 1 {
        return Err(Failure::Usage(
            "--out writes one tour; use --format json for several".into(),
        ));
    }
    if let Some(out) = &args.out {
        check_writable(out)?;
    }
    let problem = spec.problem().map_err(usage)?;
    let options = spec.options(usize::try_from(args.tours).unwrap_or(usize::MAX));
    let sol = solver::solve(&problem, &options);
    // Nothing is printed before every tour has been checked square by square.
    for t in &sol.tours {
        if let Err(fault) = tour::check_indices(&spec.board, t, spec.closed) {
            return Err(Failure::Internal(format!(
                "the {} solver produced an invalid tour ({fault})",
                sol.algorithm
            )));
        }
    }
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let code = match &sol.verdict {
        Verdict::Found => {
            if let Some(path) = &args.out {
                let file = tour_file(&spec, &sol, &sol.tours[0]);
                tour::write_atomic(path, |w| file.write_json(w, false)).map_err(|e| {
                    Failure::Write {
                        name: path.display().to_string(),
                        reason: e.to_string(),
                    }
                })?;
                let said = writeln!(
                    out,
                    "wrote {}: {} tour of {} from {} ({} squares)",
                    path.display(),
                    words::kind(spec.closed),
                    spec.board.describe(),
                    spec.start,
                    sol.tours[0].len()
                )
                .and_then(|()| out.flush());
                // The file is written: that is the answer, whatever became
                // of the line about it.
                if let Err(e) = said {
                    say(&format!(
                        "wrote {}, but could not say so: {e}",
                        path.display()
                    ));
                }
                return Ok(Exit::Yes);
            } else {
                print_tours(&mut out, args.format, &spec, &sol)?;
            }
            Exit::Yes
        }
        Verdict::NoTour(reason) => {
            match args.format {
                Format::Stats => writeln!(out, "{}", stats_json(&sol, Some(reason)))?,
                Format::Json => writeln!(out, "{}", json!({"found": false, "reason": reason}))?,
                _ => writeln!(out, "no tour: {reason}")?,
            }
            Exit::No
        }
        Verdict::Undecided(limit) => {
            match args.format {
                Format::Stats | Format::Json => writeln!(out, "{}", stats_json(&sol, None))?,
                _ => writeln!(
                    out,
                    "undecided: the {limit} stopped the search before it found a tour ({})",
                    stats_line(&sol)
                )?,
            }
            Exit::Undecided
        }
        Verdict::Cancelled => Exit::Undecided,
    };
    out.flush()?;
    Ok(code)
}

/// Refuses an output path whose folder does not exist, before searching.
fn check_writable(path: &Path) -> Result<(), Failure> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        return Err(Failure::Write {
            name: path.display().to_string(),
            reason: format!("folder {} does not exist", dir.display()),
        });
    }
    if path.is_dir() {
        return Err(Failure::Write {
            name: path.display().to_string(),
            reason: "it is a folder".into(),
        });
    }
    Ok(())
}
