//! The headless commands: `solve`, `count` and `verify`. Each runs the engine
//! in this thread, prints, and returns the contract's exit code.

use std::io::{self, IsTerminal, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use serde_json::{Map, Value, json};

use knight_tui::board::{Board, Square};
use knight_tui::solver::{self, Options, Problem, Solution, Verdict};
use knight_tui::theory;
use knight_tui::tour::{self, Summary, TourFile};

use crate::cli::{CountArgs, Format, SolveArgs, Spec, SweepArgs, VerifyArgs};
use crate::config::Config;

/// Exit codes, like grep's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// Found, counted at least one, valid.
    Yes = 0,
    /// No tour (proven), or not a valid complete tour.
    No = 1,
    /// Bad input or usage.
    Usage = 2,
    /// A node or time limit stopped the search first.
    Undecided = 3,
}

impl From<Exit> for ExitCode {
    fn from(e: Exit) -> ExitCode {
        ExitCode::from(e as u8)
    }
}

/// A failure: bad input (a one-line message, exit 2), or output that could
/// not be written.
#[derive(Debug)]
pub enum Failure {
    Usage(String),
    Io(io::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Self {
        Failure::Io(e)
    }
}
impl From<String> for Failure {
    fn from(e: String) -> Self {
        Failure::Usage(e)
    }
}

type Outcome = Result<Exit, Failure>;

fn ms(d: std::time::Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

pub fn solve(args: &SolveArgs, config: &Config) -> Outcome {
    let spec = args.board.spec(config)?;
    if args.out.is_some() && args.tours > 1 {
        return Err(Failure::Usage(
            "--out writes one tour; use --format json for several".into(),
        ));
    }
    if let Some(out) = &args.out {
        check_writable(out)?;
    }
    let problem = Problem::new(&spec.board, spec.start, spec.closed)?;
    let options = Options {
        algorithm: spec.algorithm,
        tie_break: spec.tie_break,
        limits: spec.limits,
        tours: usize::try_from(args.tours).unwrap_or(usize::MAX),
    };
    let sol = solver::solve(&problem, &options);
    // Nothing is printed before every tour has been checked square by square.
    for t in &sol.tours {
        if let Err(fault) = tour::check_indices(&spec.board, t, spec.closed) {
            return Err(Failure::Usage(format!(
                "internal error: the {} solver produced an invalid tour ({fault}); please report it",
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
                tour::write_atomic(path, |w| file.write_json(w, false))
                    .map_err(|e| Failure::Usage(format!("cannot write {}: {e}", path.display())))?;
                writeln!(
                    out,
                    "wrote {}: {} tour of {} from {} ({} squares)",
                    path.display(),
                    if spec.closed { "closed" } else { "open" },
                    spec.board.describe(),
                    spec.start,
                    sol.tours[0].len()
                )?;
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
        return Err(Failure::Usage(format!(
            "cannot write {}: folder {} does not exist",
            path.display(),
            dir.display()
        )));
    }
    if path.is_dir() {
        return Err(Failure::Usage(format!(
            "cannot write {}: it is a folder",
            path.display()
        )));
    }
    Ok(())
}

fn tour_file(spec: &Spec, sol: &Solution, path: &[u32]) -> TourFile {
    let mut meta = Map::new();
    meta.insert("algorithm".into(), sol.algorithm.name().into());
    meta.insert("nodes".into(), sol.stats.nodes.into());
    meta.insert("elapsed_ms".into(), json!(ms(sol.stats.elapsed)));
    TourFile::new(&spec.board, spec.closed, path, Some(meta))
}

fn stats_line(sol: &Solution) -> String {
    format!(
        "nodes {}, backtracks {}, depth {}, elapsed {} ms",
        sol.stats.nodes,
        sol.stats.backtracks,
        sol.stats.max_depth,
        ms(sol.stats.elapsed)
    )
}

fn stats_json(sol: &Solution, reason: Option<&String>) -> Value {
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

fn print_tours<W: Write>(
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

pub fn count(args: &CountArgs, config: &Config) -> Outcome {
    let spec = args.board.spec(config)?;
    let algorithm = spec.algorithm;
    let problem = Problem::new(&spec.board, spec.start, spec.closed)?;
    let progress = solver::Progress::default();
    let finished = std::sync::atomic::AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        if io::stderr().is_terminal() {
            scope.spawn(|| progress_bar(&progress, &finished));
        }
        let r = if args.all_starts {
            solver::count_all_starts_with_progress(
                &spec.board,
                spec.closed,
                algorithm,
                &spec.limits,
                args.max,
                &progress,
            )
        } else {
            solver::count_with_progress(&problem, algorithm, &spec.limits, args.max, &progress)
        };
        finished.store(true, std::sync::atomic::Ordering::Relaxed);
        r
    });
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    if args.json {
        /// The JSON line (a struct, as `json!` cannot hold counts past 2^64).
        #[derive(serde::Serialize)]
        struct Line<'a> {
            count: u128,
            complete: bool,
            nodes: u64,
            elapsed_ms: f64,
            #[serde(skip_serializing_if = "Option::is_none")]
            stopped: Option<String>,
            #[serde(skip_serializing_if = "Option::is_none")]
            reason: Option<&'a str>,
        }
        let line = Line {
            count: result.count,
            complete: result.complete,
            nodes: result.stats.nodes,
            elapsed_ms: ms(result.stats.elapsed),
            stopped: result.limit.map(|l| l.to_string()),
            reason: result.reason.as_deref(),
        };
        writeln!(
            out,
            "{}",
            serde_json::to_string(&line).expect("plain fields serialize")
        )?;
    } else if result.limit != Some(solver::Limit::Counter) {
        writeln!(out, "{}", result.count)?;
    }
    out.flush()?;
    if result.limit == Some(solver::Limit::Counter) {
        eprintln!(
            "knight-tui: more than {} tours, past what the 128-bit counter holds",
            u128::MAX
        );
        return Ok(Exit::Undecided);
    }
    if let Some(limit) = result.limit {
        eprintln!(
            "knight-tui: the {limit} stopped the count after {} nodes; {} tours so far",
            result.stats.nodes, result.count
        );
        return Ok(Exit::Undecided);
    }
    if result.count == 0 {
        if let Some(r) = &result.reason
            && !args.json
        {
            eprintln!("no tour: {r}");
        }
        return Ok(Exit::No);
    }
    Ok(Exit::Yes)
}

/// Draws `[#####.....] 52% of 736 subtrees, 3,456,789 tours so far` on
/// stderr while a count runs, from half a second on, and erases it at the end.
fn progress_bar(p: &solver::Progress, finished: &std::sync::atomic::AtomicBool) {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    use std::sync::atomic::Ordering::Relaxed;
    let started = std::time::Instant::now();
    let mut bar: Option<ProgressBar> = None;
    while !finished.load(Relaxed) {
        std::thread::sleep(std::time::Duration::from_millis(100));
        // Quick counts draw nothing.
        if started.elapsed() < std::time::Duration::from_millis(500) || finished.load(Relaxed) {
            continue;
        }
        // With --max or a limit the count runs start by start: no share of
        // subtrees to show, only the tours so far.
        let total = p.total.load(Relaxed);
        let bar = bar.get_or_insert_with(|| {
            let template = if total == 0 {
                "{spinner} {msg} tours so far, {elapsed}"
            } else {
                "[{bar:20}] {percent:>3}% of {len} subtrees, {msg} tours so far, {elapsed}"
            };
            let style = ProgressStyle::with_template(template)
                .expect("a valid template")
                .progress_chars("#>.");
            ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr()).with_style(style)
        });
        bar.set_length(total);
        bar.set_position(p.done.load(Relaxed));
        bar.set_message(p.tours.load(Relaxed).to_string());
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
}

pub fn verify(args: &VerifyArgs) -> Outcome {
    let name = args.file.display().to_string();
    let text =
        read_input(&args.file).map_err(|e| Failure::Usage(format!("cannot read {name}: {e}")))?;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let loaded = match tour::parse(&text) {
        Ok(l) => l,
        Err(e) => {
            writeln!(out, "invalid: {name}: {e}")?;
            out.flush()?;
            return Ok(Exit::No);
        }
    };
    let file = loaded.file;
    let board = match file.board() {
        Ok(b) => b,
        Err(e) => {
            writeln!(out, "invalid: {name}: {e}")?;
            out.flush()?;
            return Ok(Exit::No);
        }
    };
    let code = match file.check(&board) {
        Ok(Summary::Complete { closed }) => {
            let [r, c] = file.path[0];
            writeln!(
                out,
                "complete {} tour: {} squares on {} from {r},{c}",
                if closed { "closed" } else { "open" },
                file.path.len(),
                board.describe()
            )?;
            Exit::Yes
        }
        Ok(Summary::Partial { visited, total }) => {
            writeln!(
                out,
                "incomplete: a legal path of {visited} of {total} squares on {}, {} left",
                board.describe(),
                total - visited
            )?;
            Exit::No
        }
        Err(fault) => {
            writeln!(out, "invalid: {fault}")?;
            Exit::No
        }
    };
    out.flush()?;
    Ok(code)
}

fn read_input(path: &Path) -> io::Result<String> {
    if path == Path::new("-") {
        let mut s = String::new();
        io::stdin().read_to_string(&mut s)?;
        Ok(s)
    } else {
        let bytes = std::fs::read(path)?;
        String::from_utf8(bytes)
            .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "not a text file"))
    }
}

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
    let (algorithm, tie_break, limits) = args.search.settle(config)?;
    let options = Options {
        algorithm,
        tie_break,
        limits,
        tours: 1,
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let mut starts = 0u64;
    let mut failed: Vec<(u32, Square, String)> = Vec::new();
    let mut total = std::time::Duration::ZERO;
    let mut slowest = (std::time::Duration::ZERO, 0u32, Square::new(0, 0));
    // The algorithms that ran (auto picks by board size).
    let mut ran: Vec<&str> = Vec::new();
    for n in args.from..=args.to {
        if !theory::full_board_has_tour(n, n, args.closed) {
            continue;
        }
        let board = Board::new(n, n, &[])?;
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
            let problem = Problem::new(&board, start, args.closed)?;
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
                (Verdict::Undecided(l), _) => Some(format!("stopped by the {l}")),
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
        if !args.json {
            writeln!(
                out,
                "{n}x{n}: {n_starts} starts, {n_failed} failures, total {} ms, slowest {} ms",
                ms(n_total),
                ms(n_slow)
            )?;
        }
    }
    if args.json {
        let list: Vec<Value> = failed
            .iter()
            .map(|(n, s, why)| json!({"size": n, "start": s.to_string(), "reason": why}))
            .collect();
        writeln!(
            out,
            "{}",
            json!({
                "starts": starts,
                "failures": failed.len(),
                "failed": list,
                "total_ms": ms(total),
                "slowest_ms": ms(slowest.0),
                "slowest": format!("{0}x{0} from {1}", slowest.1, slowest.2),
                "closed": args.closed,
                "algorithm": ran.join("+"),
                "tie_break": tie_break.name(),
            })
        )?;
    } else {
        for (n, s, why) in &failed {
            writeln!(out, "failed: {n}x{n} from {s}: {why}")?;
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
    Ok(if failed.is_empty() {
        Exit::Yes
    } else {
        Exit::No
    })
}
