//! Output formats shared by the headless commands: the tour file of a run,
//! the statistics line and JSON, and the printed forms of tours.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use knight_engine::solver::{Flow, Monitor, Solution, Stats, Verdict};
use knight_engine::spec::Spec;
use knight_engine::tour::{self, TourFile};
use knight_engine::words::ms;

use super::args::Format;
use super::failure::Failure;

/// The tour file of one tour of a run, with the run's figures in `meta`.
pub fn tour_file(spec: &Spec, sol: &Solution, path: &[u32]) -> TourFile {
    run_file(spec, path, sol.algorithm.name(), &sol.stats)
}

/// The tour file of a tour found by `algorithm`, with the search's figures
/// and its tie-break and move order in `meta` (see [`Spec::meta`]).
fn run_file(spec: &Spec, path: &[u32], algorithm: &str, stats: &Stats) -> TourFile {
    let mut file = TourFile::of_run(spec.board(), spec.closed(), path, algorithm, stats.work())
        .ending_on(spec.end());
    if let Some(meta) = &mut file.meta {
        meta.extend(spec.meta());
    }
    file
}

/// `nodes 1, backtracks 0, depth 1, elapsed 0.1 ms`.
pub fn stats_line(sol: &Solution) -> String {
    stats_line_of(&sol.stats)
}

/// [`stats_line`] of a search's figures.
pub fn stats_line_of(stats: &Stats) -> String {
    format!(
        "nodes {}, backtracks {}, depth {}, elapsed {} ms",
        stats.nodes,
        stats.backtracks,
        stats.max_depth,
        ms(stats.elapsed)
    )
}

/// The `--format stats` object.
pub fn stats_json(sol: &Solution) -> Value {
    stats_json_of(sol.algorithm.name(), &sol.stats, &sol.verdict)
}

/// [`stats_json`] of a search run by `algorithm`, its figures and verdict
/// (a proof of no tour gives its line as `reason`).
pub fn stats_json_of(algorithm: &str, stats: &Stats, verdict: &Verdict) -> Value {
    let mut v = json!({
        "found": *verdict == Verdict::Found,
        "algorithm": algorithm,
        "nodes": stats.nodes,
        "backtracks": stats.backtracks,
        "depth": stats.max_depth,
        "restarts": stats.restarts,
        "elapsed_ms": ms(stats.elapsed),
    });
    if let Verdict::Undecided(limit) = verdict {
        v["stopped"] = limit.to_string().into();
    }
    if let Verdict::NoTour(proof) = verdict {
        v["reason"] = proof.reason().into();
    }
    if let Some(mb) = peak_memory_mb() {
        v["peak_memory_mb"] = json!((mb * 10.0).round() / 10.0);
    }
    v
}

/// The picture's title: `an open tour of 8x8 from 0,0`.
pub fn svg_options(spec: &Spec) -> tour::svg::SvgOptions {
    tour::svg::SvgOptions {
        numbers: false,
        title: Some(format!(
            "knight-tui: {} tour of {} from {}",
            knight_engine::words::kind(spec.closed()),
            spec.board().describe(),
            spec.start()
        )),
    }
}

/// The process's peak resident memory so far, in MB (Linux: VmHWM).
fn peak_memory_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// Prints each tour in `format` as the search finds it (in constant
/// memory, however many are wanted), each checked square by square before
/// it is printed. A fault or a failed write stops the search and is kept
/// for the caller.
pub struct Printer<'a, W: Write> {
    pub out: &'a mut W,
    pub format: Format,
    pub spec: &'a Spec,
    /// The algorithm that runs, for the JSON `meta`.
    pub algorithm: &'static str,
    pub printed: u64,
    pub failed: Option<Failure>,
    last_flush: Instant,
}

/// How often output is flushed while tours come in, so a reader sees them
/// as they are found without a write per tour.
const FLUSH_EVERY: Duration = Duration::from_millis(100);

impl<'a, W: Write> Printer<'a, W> {
    pub fn new(out: &'a mut W, format: Format, spec: &'a Spec, algorithm: &'static str) -> Self {
        Printer {
            out,
            format,
            spec,
            algorithm,
            printed: 0,
            failed: None,
            last_flush: Instant::now(),
        }
    }

    fn print(&mut self, t: &[u32], stats: &Stats) -> io::Result<()> {
        let (out, spec) = (&mut *self.out, self.spec);
        match self.format {
            Format::Stats => {}
            Format::Board => {
                if self.printed > 0 {
                    writeln!(out)?;
                }
                tour::write_numbered(out, spec.board(), t)?;
            }
            Format::Json => {
                run_file(spec, t, self.algorithm, stats).write_json(out, true)?;
            }
            Format::Svg => {
                tour::svg::write_svg(out, spec.board(), t, &svg_options(spec))?;
            }
            Format::Moves => {
                for (i, &idx) in t.iter().enumerate() {
                    if i > 0 {
                        out.write_all(b" ")?;
                    }
                    write!(out, "{}", spec.board().square(idx))?;
                }
                writeln!(out)?;
            }
        }
        if self.last_flush.elapsed() >= FLUSH_EVERY {
            out.flush()?;
            self.last_flush = Instant::now();
        }
        Ok(())
    }
}

impl<W: Write> Monitor for Printer<'_, W> {
    fn looks_every(&self) -> Option<u64> {
        None
    }
    fn looks_at_backs(&self) -> bool {
        false
    }
    fn takes_tours(&self) -> bool {
        true
    }
    fn take_tour(&mut self, t: &[u32], stats: &Stats) -> Flow {
        if self.failed.is_some() {
            return Flow::Stop;
        }
        if let Err(fault) = self.spec.check_tour(t) {
            self.failed = Some(Failure::Internal(format!(
                "the {} solver produced an invalid tour ({fault})",
                self.algorithm
            )));
            return Flow::Stop;
        }
        match self.print(t, stats) {
            Ok(()) => {
                self.printed += 1;
                Flow::Continue
            }
            Err(e) => {
                self.failed = Some(Failure::Output(e));
                Flow::Stop
            }
        }
    }
}
