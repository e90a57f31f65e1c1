//! `count`: the number of tours from a start or from every start, with a
//! progress bar on a terminal's stderr.

use std::io::{self, IsTerminal, Write};

use knight_engine::solver;

use super::args::CountArgs;
use super::failure::{Exit, Ran, say, usage};
use crate::config::{Config, EACH_END};
use knight_engine::board::human_bytes;
use knight_engine::solver::count::{Count, Failure, Outcome, Question};
use knight_engine::words::{ms, thousands};

pub fn count(args: &CountArgs, config: &Config) -> Ran {
    // `--table --end` without a square: the tours from the start to each.
    let each_end = args.table && args.board.board.end.as_deref() == Some(EACH_END);
    let spec = spec_of(args, config, each_end)?;
    let algorithm = spec.algorithm;
    let problem = &spec.problem;
    let spread = spread_of(args)?;
    if spread.is_some() && algorithm != solver::Algorithm::Auto {
        return Err(usage(format!(
            "--workers, --cluster and --checkpoint count over the frontier: --algo {algorithm} cannot be used with them"
        )));
    }
    // Only process 0 of a cluster shows progress and the count.
    let answers = spread.as_ref().is_none_or(solver::count::Spread::answers);
    let progress = solver::count::Progress::default();
    let request = Count {
        question: if args.all_starts {
            Question::All(problem.tours())
        } else {
            Question::From(problem)
        },
        algorithm,
        limits: spec.limits,
        max: args.max,
        progress: Some(&progress),
        spread: spread.as_ref(),
    };
    if spread.is_some() && request.enumerates() {
        return Err(usage(format!(
            "--workers, --cluster and --checkpoint count over the frontier, which does not take {}: it counts the knight on boards up to {} wide",
            spec.board().describe(),
            solver::count::frontier::MAX_WIDTH
        )));
    }
    if spread.is_some() {
        end_on_worker_panics();
    }
    let finished = std::sync::atomic::AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        // The count's notices are said on every process; the bar is drawn
        // on process 0's terminal.
        let draw = !args.quiet && answers && io::stderr().is_terminal();
        let (progress, finished) = (&progress, &finished);
        scope.spawn(move || progress_bar(progress, finished, draw));
        // A table is whole, or it gives the count of a start that stopped.
        let table = |t: Result<_, Box<_>>| match t {
            Ok((table, stats)) => Answer::Table(table, stats),
            Err(stopped) => Answer::One(*stopped),
        };
        let r = if each_end {
            table(request.table_of_ends())
        } else if args.table {
            table(request.table())
        } else {
            Answer::One(request.run())
        };
        finished.store(true, std::sync::atomic::Ordering::Relaxed);
        r
    });
    let result = match result {
        Answer::Table(..) if !answers => return Ok(Exit::Yes),
        Answer::Table(table, stats) => return print_table(spec.board(), &table, &stats, args),
        Answer::One(count) => count,
    };
    match &result.outcome {
        Outcome::Failed(Failure::Refused(why)) => return Err(usage(why)),
        Outcome::Failed(failure) => {
            say(&format!("knight-tui: {failure}"));
            return Ok(Exit::Undecided);
        }
        _ => {}
    }
    answer(&result, args, answers)
}

/// What the count asks for: the board and its options, any start over
/// every start (but not the chosen end).
fn spec_of(
    args: &CountArgs,
    config: &Config,
    each_end: bool,
) -> Result<knight_engine::spec::Spec, super::failure::Failure> {
    let spec = if each_end {
        let mut board = args.board.clone();
        board.board.end = Some(String::new());
        board.spec(config)
    } else if args.all_starts || args.table {
        args.board.spec_any_start(config)
    } else {
        args.board.spec(config)
    }
    .map_err(usage)?;
    Ok(spec)
}

/// Prints one count's answer (process 0 of a cluster, or the only one)
/// and gives its exit.
fn answer(result: &solver::count::Total, args: &CountArgs, answers: bool) -> Ran {
    // The other processes of a cluster print no count: they end as
    // process 0 does, saying why they stopped.
    if !answers {
        if let Some(why) = frontier_stopped(result) {
            say(&why);
            return Ok(Exit::Undecided);
        }
        return Ok(Exit::Yes);
    }
    let frontier = matches!(result.method, solver::count::Method::Frontier { .. });
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    if args.report.json() {
        writeln!(out, "{}", json_line(result))?;
    } else if (result.complete() || !frontier || frontier_stopped(result).is_none())
        && result.limit() != Some(solver::Limit::Counter)
    {
        // A count over the frontier has no total before its end.
        writeln!(out, "{}", result.count)?;
    }
    out.flush()?;
    if result.limit() == Some(solver::Limit::Counter) {
        say(&format!(
            "knight-tui: more than {} tours, past what the 128-bit counter holds",
            u128::MAX
        ));
        return Ok(Exit::Undecided);
    }
    if let Some(why) = frontier_stopped(result) {
        say(&why);
        return Ok(Exit::Undecided);
    }
    if let Some(limit) = result.limit() {
        say(&format!(
            "knight-tui: the {limit} stopped the count after {} nodes; {} tours so far",
            result.stats.nodes, result.count
        ));
        return Ok(Exit::Undecided);
    }
    if result.count == 0 {
        if let Outcome::NoTour(r) = &result.outcome
            && !args.report.json()
        {
            say(&format!("no tour: {r}"));
        }
        return Ok(Exit::No);
    }
    Ok(Exit::Yes)
}

/// What a count gives: a table of counts by square, or one count.
enum Answer {
    Table(Vec<Option<u128>>, solver::Stats),
    One(solver::count::Total),
}

/// The one JSON line of `count --json`.
fn json_line(result: &solver::count::Total) -> String {
    /// The JSON line (a struct, as `json!` cannot hold counts past 2^64).
    #[derive(serde::Serialize)]
    struct Line {
        count: u128,
        complete: bool,
        nodes: u64,
        elapsed_ms: f64,
        method: &'static str,
        /// Over the frontier: the most states held at one square.
        #[serde(skip_serializing_if = "Option::is_none")]
        states: Option<u64>,
        #[serde(skip_serializing_if = "Option::is_none")]
        stopped: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        reason: Option<String>,
    }
    let line = Line {
        count: result.count,
        complete: result.complete(),
        nodes: result.stats.nodes,
        elapsed_ms: ms(result.stats.elapsed),
        method: result.method.name(),
        states: match result.method {
            solver::count::Method::Frontier { states, .. } => Some(states),
            _ => None,
        },
        stopped: result.limit().map(|l| l.to_string()),
        reason: match &result.outcome {
            Outcome::NoTour(proof) => Some(proof.reason()),
            _ => None,
        },
    };
    serde_json::to_string(&line).expect("plain fields serialize")
}

/// Why a count over the frontier stopped before its total, if it did.
fn frontier_stopped(result: &solver::count::Total) -> Option<String> {
    let solver::count::Method::Frontier {
        states,
        done,
        squares,
        bytes,
    } = result.method
    else {
        return None;
    };
    // Complete, or counted to the end and cut to `--max`.
    if result.complete() || done == squares && result.limit().is_none() && squares > 0 {
        return None;
    }
    let at = format!(
        "at square {done} of {squares} ({} states)",
        thousands(states)
    );
    let free = solver::memory::available().map_or("?".into(), human_bytes);
    Some(match result.limit() {
        Some(solver::Limit::Memory) if done == 0 => format!(
            "knight-tui: counting over the frontier needs more memory than it may take here (free memory, within ulimit and cgroup limits): more than {} at once, and {free} is left; not started",
            human_bytes(bytes),
        ),
        Some(solver::Limit::Memory) => format!(
            "knight-tui: counting over the frontier needs more memory than it may take here (free memory, within ulimit and cgroup limits): it held {} {at}, with {free} left; no count",
            human_bytes(bytes),
        ),
        Some(limit) => {
            format!("knight-tui: the {limit} stopped the count over the frontier {at}; no count")
        }
        None => format!("knight-tui: the count over the frontier stopped {at}; no count"),
    })
}

/// Prints the counts from each square as a board (right-aligned, `.` for
/// a blocked square), or one JSON line with the rows and the total.
fn print_table(
    board: &knight_engine::board::Board,
    table: &[Option<u128>],
    stats: &solver::Stats,
    args: &CountArgs,
) -> Ran {
    let total = table
        .iter()
        .flatten()
        .fold(0u128, |t, &n| t.saturating_add(n));
    let rows: Vec<&[Option<u128>]> = table.chunks(board.cols() as usize).collect();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    if args.report.json() {
        #[derive(serde::Serialize)]
        struct Line<'a> {
            table: &'a [&'a [Option<u128>]],
            total: u128,
            complete: bool,
            nodes: u64,
            elapsed_ms: f64,
        }
        let line = Line {
            table: &rows,
            total,
            complete: true,
            nodes: stats.nodes,
            elapsed_ms: ms(stats.elapsed),
        };
        let text = serde_json::to_string(&line).expect("plain fields serialize");
        writeln!(out, "{text}")?;
    } else {
        let cell = |n: &Option<u128>| n.map_or(".".to_string(), |n| n.to_string());
        let width = table.iter().map(|n| cell(n).len()).max().unwrap_or(1);
        for row in &rows {
            let cells: Vec<String> = row.iter().map(|n| format!("{:>width$}", cell(n))).collect();
            writeln!(out, "{}", cells.join(" "))?;
        }
    }
    out.flush()?;
    Ok(if total > 0 { Exit::Yes } else { Exit::No })
}

/// From now on, a panic on one of the count's timely workers (a process
/// of the cluster died and a connection broke) ends the process at once
/// with exit 3 and one line on stderr: unwinding timely's threads would
/// panic again in their drops and abort, or leave the others waiting.
/// Panics on other threads go to the hook there was before.
fn end_on_worker_panics() {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !solver::count::is_worker_thread() {
                return previous(info);
            }
            let message = info
                .payload()
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| info.payload().downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "a worker panicked".into());
            // The first thread says it and ends the process; others wait.
            static SAID: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
            if !SAID.swap(true, std::sync::atomic::Ordering::Relaxed) {
                say(&format!(
                    "knight-tui: the count's workers stopped ({message}); no count"
                ));
                std::process::exit(3);
            }
            loop {
                std::thread::park();
            }
        }));
    });
}

/// Says the count's notices on stderr as they come (`knight-tui: …`),
/// and with `draw` draws `[#####.....] 52% of 736 subtrees, 3,456,789
/// tours so far` there while the count runs, from half a second on,
/// erased at the end.
fn progress_bar(p: &solver::count::Progress, finished: &std::sync::atomic::AtomicBool, draw: bool) {
    use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
    use std::sync::atomic::Ordering::Relaxed;
    let started = std::time::Instant::now();
    let mut bar: Option<ProgressBar> = None;
    let mut drawn = "";
    let notices = |bar: &Option<ProgressBar>| {
        for n in p.notices.take() {
            let line = format!("knight-tui: {n}");
            match bar {
                Some(b) => b.suspend(|| say(&line)),
                None => say(&line),
            }
            // Its workers wait for good: the count is over.
            if n.ends_count() {
                std::process::exit(3);
            }
        }
    };
    while !finished.load(Relaxed) {
        std::thread::sleep(std::time::Duration::from_millis(50));
        notices(&bar);
        // Quick counts draw nothing.
        if !draw
            || started.elapsed() < std::time::Duration::from_millis(500)
            || finished.load(Relaxed)
        {
            continue;
        }
        // With --max or a limit the count runs start by start: no share of
        // subtrees to show, only the tours so far.
        let total = p.total.load(Relaxed);
        let states = p.states.load(Relaxed);
        let template = if states > 0 {
            "[{bar:20}] square {pos} of {len}, {msg}, {elapsed}"
        } else if total == 0 {
            "{spinner} {msg} tours so far, {elapsed}"
        } else {
            "[{bar:20}] {percent:>3}% of {len} subtrees, {msg} tours so far, {elapsed}"
        };
        let bar = bar.get_or_insert_with(|| {
            ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr())
        });
        // A count over the frontier shows its first states only after its
        // first square (a resumed one after reading its checkpoint): the
        // style follows.
        if template != drawn {
            let style = ProgressStyle::with_template(template)
                .expect("a valid template")
                .progress_chars("#>.");
            bar.set_style(style);
            drawn = template;
        }
        bar.set_length(total);
        bar.set_position(p.done.load(Relaxed));
        let mut message = if states > 0 {
            format!("{} states", thousands(states))
        } else {
            p.tours.load(Relaxed).to_string()
        };
        // Start by start: which start.
        let starts = p.starts.load(Relaxed);
        if starts > 1 {
            message += &format!(" (start {} of {starts})", p.start.load(Relaxed));
        }
        bar.set_message(message);
    }
    if let Some(bar) = &bar {
        bar.finish_and_clear();
    }
    notices(&None);
}

/// Where `--workers`, `--cluster` and `--process` put the count: `None`
/// for this process alone.
fn spread_of(args: &CountArgs) -> Result<Option<solver::count::Spread>, super::failure::Failure> {
    use solver::count::{Checkpoints, Cluster, Spread};
    // A checkpointed count runs on workers: by default one a core.
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let default = if args.checkpoint.is_some() { cores } else { 1 };
    let asked = args.workers.map_or(default, |n| n as usize);
    if asked > 1024 {
        return Err(usage(format!(
            "--workers: {asked} is more than 1024 workers a process"
        )));
    }
    // Every worker talks with every other each square: past a few a core
    // they only slow the count down (5x5 on 200 workers: 92 s, not 0.01;
    // the development machine, 2026-11-27).
    let most = WORKERS_A_CORE * cores;
    let workers = asked.min(most);
    if workers < asked {
        say(&format!(
            "knight-tui: --workers {asked}: more than {most} ({WORKERS_A_CORE} a core of this machine's {cores}) only slows the count; counting on {most}"
        ));
    }
    let cluster = match (&args.cluster, args.process) {
        (Some(file), Some(process)) => {
            let (hosts, named) = hosts_of(file, process)?;
            let key = match args.cluster_key.as_ref().or(named.as_ref()) {
                Some(k) => key_of("--cluster-key", k)?,
                None => Vec::new(),
            };
            if key.is_empty() && hosts.iter().any(|h| !loopback(h)) {
                say(
                    "knight-tui: the cluster has no key (--cluster-key FILE): any program that reaches its ports can join",
                );
            }
            // What shapes the answer beyond the board and the tours.
            let question = format!(
                "{}{}",
                match (args.table, args.all_starts) {
                    (true, _) => "a table by start",
                    (false, true) => "the sum over all starts",
                    (false, false) => "one count",
                },
                args.max
                    .map(|m| format!(", at most {m}"))
                    .unwrap_or_default()
            );
            Some(Cluster {
                hosts,
                process,
                key,
                question,
            })
        }
        _ => None,
    };
    let checkpoint = match &args.checkpoint {
        Some(dir) => {
            // The checkpoint's own key, or the cluster's.
            let key = match &args.checkpoint_key {
                Some(k) => key_of("--checkpoint-key", k)?,
                None => cluster.as_ref().map(|c| c.key.clone()).unwrap_or_default(),
            };
            let checkpoints = Checkpoints {
                dir: dir.clone(),
                every: std::time::Duration::from_secs(args.checkpoint_every),
                key,
            };
            checkpoints.check().map_err(|e| usage(e.to_string()))?;
            Some(checkpoints)
        }
        None => None,
    };
    let spread = args.workers.is_some() || cluster.is_some() || checkpoint.is_some();
    Ok(spread.then_some(Spread {
        workers,
        cluster,
        checkpoint,
    }))
}

/// The most workers a core that `--workers` takes.
const WORKERS_A_CORE: usize = 4;
/// The largest host file or key file.
const SMALL_FILE: u64 = 64 * 1024;

/// The text of a small regular file (a host file, a key): never a FIFO
/// or a device, which could hang or never end.
fn small_file(flag: &str, file: &std::path::Path) -> Result<Vec<u8>, super::failure::Failure> {
    use std::io::Read;
    let name = file.display();
    let fail = |why: String| usage(format!("{flag} {name}: {why}"));
    let meta = std::fs::metadata(file).map_err(|e| fail(knight_engine::words::io_error(&e)))?;
    if !meta.is_file() {
        return Err(fail("not a regular file".into()));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(file)
        .and_then(|f| f.take(SMALL_FILE + 1).read_to_end(&mut bytes))
        .map_err(|e| fail(knight_engine::words::io_error(&e)))?;
    if bytes.len() as u64 > SMALL_FILE {
        return Err(fail(format!("larger than {SMALL_FILE} bytes")));
    }
    Ok(bytes)
}

/// The key in `file` (given with `flag`): its bytes, less blank space
/// at the ends.
fn key_of(flag: &str, file: &std::path::Path) -> Result<Vec<u8>, super::failure::Failure> {
    let bytes = small_file(flag, file)?;
    let key = bytes.trim_ascii().to_vec();
    if key.len() < 16 {
        return Err(usage(format!(
            "{flag} {}: {} bytes; a key needs 16 or more (say, `head -c 32 /dev/urandom | base64 > {}`)",
            file.display(),
            key.len(),
            file.display()
        )));
    }
    Ok(key)
}

/// Whether `host:port` is on this machine's loopback.
fn loopback(host: &str) -> bool {
    let name = host.rsplit_once(':').map_or(host, |(h, _)| h);
    let name = name.trim_start_matches('[').trim_end_matches(']');
    name == "localhost"
        || name
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// The processes of a `--cluster` file, `host:port` a line (`#` comments
/// and blank lines left out), `process` one of them; and the key file a
/// line `key FILE` names (relative to the host file's folder).
fn hosts_of(
    file: &std::path::Path,
    process: usize,
) -> Result<(Vec<String>, Option<std::path::PathBuf>), super::failure::Failure> {
    let name = file.display();
    let bytes = small_file("--cluster", file)?;
    let text = String::from_utf8(bytes)
        .map_err(|_| usage(format!("--cluster {name}: not a text file")))?;
    let mut hosts: Vec<String> = Vec::new();
    // Each host's addresses, looked up once: two lines that name one
    // address (`localhost` and `127.0.0.1`, a port with a leading 0) are
    // one process listed twice.
    let mut seen: Vec<(usize, Vec<std::net::SocketAddr>)> = Vec::new();
    let mut key = None;
    for (n, line) in text.lines().map(str::trim).enumerate() {
        let at = format!("--cluster {name} line {}", n + 1);
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(k) = line.strip_prefix("key ") {
            let folder = file.parent().unwrap_or(std::path::Path::new(""));
            key = Some(folder.join(k.trim()));
            continue;
        }
        let port = line
            .rsplit_once(':')
            .filter(|(host, _)| !host.is_empty() && !host.contains(char::is_whitespace))
            .and_then(|(_, port)| port.parse::<u16>().ok());
        match port {
            None => return Err(usage(format!("{at}: '{line}' is not host:port"))),
            Some(0) => {
                return Err(usage(format!(
                    "{at}: '{line}': port 0 is no fixed port; give each process its own"
                )));
            }
            Some(_) => {}
        }
        let addrs: Vec<std::net::SocketAddr> = std::net::ToSocketAddrs::to_socket_addrs(line)
            .map_err(|e| usage(format!("{at}: '{line}': cannot look up the host ({e})")))?
            .collect();
        if let Some((first, _)) = seen
            .iter()
            .find(|(_, theirs)| theirs.iter().any(|a| addrs.contains(a)))
        {
            return Err(usage(format!(
                "{at}: '{line}' is the address of line {first} again; each process needs its own host:port"
            )));
        }
        seen.push((n + 1, addrs));
        hosts.push(line.to_string());
    }
    if hosts.is_empty() {
        return Err(usage(format!(
            "--cluster {name}: lists no processes (host:port, one a line)"
        )));
    }
    if process >= hosts.len() {
        return Err(usage(format!(
            "--process {process}: {name} lists {} processes (0 to {})",
            hosts.len(),
            hosts.len() - 1
        )));
    }
    Ok((hosts, key))
}
