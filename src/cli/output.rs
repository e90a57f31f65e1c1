//! Output formats shared by the headless commands: the tour file of a run,
//! the statistics line and JSON, and the printed forms of tours.

use std::io::{self, Write};

use serde_json::{Value, json};

use knight_tui::solver::{Solution, Verdict};
use knight_tui::spec::Spec;
use knight_tui::tour::{self, TourFile};
use knight_tui::words::ms;

use super::args::Format;

/// The tour file of one tour of a run, with the run's figures in `meta`.
pub fn tour_file(spec: &Spec, sol: &Solution, path: &[u32]) -> TourFile {
    TourFile::of_run(
        &spec.board,
        spec.closed,
        path,
        sol.algorithm.name(),
        &sol.stats,
    )
}

/// `nodes 1, backtracks 0, depth 1, elapsed 0.1 ms`.
pub fn stats_line(sol: &Solution) -> String {
    format!(
        "nodes {}, backtracks {}, depth {}, elapsed {} ms",
        sol.stats.nodes,
        sol.stats.backtracks,
        sol.stats.max_depth,
        ms(sol.stats.elapsed)
    )
}

/// The `--format stats` object.
pub fn stats_json(sol: &Solution, reason: Option<&String>) -> Value {
    let mut v = json!({
        "found": sol.verdict == Verdict::Found,
        "algorithm": sol.algorithm.name(),
        "nodes": sol.stats.nodes,
        "backtracks": sol.stats.backtracks,
        "depth": sol.stats.max_depth,
        "restarts": sol.stats.restarts,
        "elapsed_ms": ms(sol.stats.elapsed),
    });
    if let Verdict::Undecided(limit) = &sol.verdict {
        v["stopped"] = limit.to_string().into();
    }
    if let Some(r) = reason {
        v["reason"] = r.clone().into();
    }
    if let Some(mb) = peak_memory_mb() {
        v["peak_memory_mb"] = json!((mb * 10.0).round() / 10.0);
    }
    v
}

/// The process's peak resident memory so far, in MB (Linux: VmHWM).
fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// The tours found, in `format`.
pub fn print_tours<W: Write>(
    out: &mut W,
    format: Format,
    spec: &Spec,
    sol: &Solution,
) -> io::Result<()> {
    match format {
        Format::Stats => writeln!(out, "{}", stats_json(sol, None))?,
        Format::Board => {
            for (i, t) in sol.tours.iter().enumerate() {
                if i > 0 {
                    writeln!(out)?;
                }
                tour::write_numbered(out, &spec.board, t)?;
            }
        }
        Format::Json => {
            for t in &sol.tours {
                tour_file(spec, sol, t).write_json(out, true)?;
            }
        }
        Format::Moves => {
            for t in &sol.tours {
                for (i, &idx) in t.iter().enumerate() {
                    let sq = spec.board.square(idx);
                    if i > 0 {
                        out.write_all(b" ")?;
                    }
                    write!(out, "{sq}")?;
                }
                writeln!(out)?;
            }
        }
    }
    Ok(())
}
