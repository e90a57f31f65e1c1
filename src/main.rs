//! knight-tui: parse the command line and dispatch to a headless command or
//! the terminal app, with the contract's exit codes (0 yes, 1 no, 2 bad
//! input, 3 undecided).

mod cli;
mod clock;
mod config;
mod famous;
mod oom;
mod records;
mod tui;
mod write;

use std::process::ExitCode;

use clap::Parser;

use cli::args::{BoardArgs, Cli, Command};
use cli::failure::{Exit, Failure, Ran, usage};
use config::Config;

/// Whether the process began with stdout closed: seen before std's start
/// (which opens /dev/null in its place), from the loader's list of
/// constructors.
static STDOUT_CLOSED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

#[used]
#[unsafe(link_section = ".init_array")]
static SEE_STDOUT: extern "C" fn() = {
    extern "C" fn see() {
        // SAFETY: fcntl on fd 1 only reads its flags.
        if unsafe { libc::fcntl(1, libc::F_GETFD) } == -1 {
            STDOUT_CLOSED.store(true, std::sync::atomic::Ordering::Relaxed);
        }
    }
    see
};

fn main() -> ExitCode {
    // A panic is a bug: color-eyre prints it with a backtrace hint.
    let _ = color_eyre::install();
    // A closed stdout (`>&-`) would swallow every line in silence (std
    // puts /dev/null in its place): refused before anything.
    if STDOUT_CLOSED.load(std::sync::atomic::Ordering::Relaxed) {
        cli::failure::say(
            "error: standard output is closed (>&-): give it a place, such as >/dev/null",
        );
        return Exit::Usage.into();
    }
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => return cli::usage_error(e),
    };
    match run(cli) {
        Ok(code) => code.into(),
        Err(failure) => failure.report(),
    }
}

fn run(cli: Cli) -> Ran {
    // The flag's colour choice now; the configuration's once it is read.
    if let Some(c) = cli.color {
        cli::paint::choose(c);
    }
    let load = || {
        let config = Config::load(cli.config.as_deref()).map_err(usage)?;
        cli::paint::choose(config.output.color);
        // The keys rebound in [keys], checked against the key table.
        let changes: Vec<(String, String)> = config.keys.clone().into_iter().collect();
        let rows = tui::keymap::rebound(&changes)
            .map_err(|e| usage(format!("{}: {e}", config.source())))?;
        tui::keymap::set(rows);
        Ok::<_, Failure>(config)
    };
    let Some(command) = cli.command else {
        let config = load()?.with_speed(cli.speed.index);
        let spec = cli.board.spec(&config).map_err(usage)?;
        tui::run(spec, &config, tui::Launch::Search).map_err(Failure::Terminal)?;
        return Ok(Exit::Yes);
    };
    if cli.board != BoardArgs::default() || cli.speed.index.is_some() {
        return Err(usage(
            "board options go after the command, e.g. knight-tui solve --size 8",
        ));
    }
    match command {
        Command::Verify(args) => {
            load()?;
            cli::verify::verify(&args)
        }
        Command::Solve(args) => match (&args.puzzle, args.magic) {
            (Some(file), _) => cli::puzzle::solve(&args, file, &load()?),
            (None, Some(kind)) => cli::magic::solve(&args, &load()?, kind.into()),
            (None, None) => cli::solve::solve(&args, &load()?),
        },
        Command::Puzzle(args) => {
            load()?;
            match args.format {
                cli::args::PuzzleFormat::Svg => cli::booklet::make(&args),
                _ => cli::puzzle::make(&args),
            }
        }
        Command::Draw(args) => {
            load()?;
            cli::draw::draw(&args)
        }
        Command::Count(args) => cli::count::count(&args, &load()?),
        Command::Sweep(args) => cli::sweep::sweep(&args, &load()?),
        Command::Replay(args) => match &args.file {
            Some(file) => replay_app(file, &load()?.with_speed(args.speed.index)),
            None => {
                load()?;
                cli::print_text(&famous::list())
            }
        },
        Command::Config(args) => cli::config::show(&args, &load()?.with_speed(args.speed.index)),
        Command::Completions(args) => cli::completions(args.shell),
        Command::Man => cli::man(),
        Command::Play(args) => cli::play::play(&args, &load()?.with_speed(args.speed.index)),
        Command::Race(args) => {
            let config = load()?.with_speed(args.speed.index);
            let left = args.board.spec(&config).map_err(usage)?;
            let right = args.rival(&left).map_err(usage)?;
            tui::run(left, &config, tui::Launch::Race(Box::new(right)))
                .map_err(Failure::Terminal)?;
            Ok(Exit::Yes)
        }
    }
}

/// The app opened in replay mode on a tour file.
fn replay_app(file: &std::path::Path, config: &Config) -> Ran {
    let name = file.display().to_string();
    let checked = cli::check_tour_file(file, false)?;
    let replay = tui::replay::Replay::of_checked(&name, checked);
    let spec = BoardArgs::default().spec(config).map_err(usage)?;
    tui::run(spec, config, tui::Launch::Replay(Box::new(replay))).map_err(Failure::Terminal)?;
    Ok(Exit::Yes)
}
