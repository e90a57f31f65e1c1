//! knight-tui: parse the command line and dispatch to a headless command or
//! the terminal app, with the contract's exit codes (0 yes, 1 no, 2 bad
//! input, 3 undecided).

mod cli;
mod config;
mod tui;

use std::process::ExitCode;

use clap::Parser;

use cli::args::{BoardArgs, Cli, Command, PlayArgs};
use cli::failure::{Exit, Failure, Outcome, usage};
use config::Config;

fn main() -> ExitCode {
    // A panic is a bug: color-eyre prints it with a backtrace hint.
    let _ = color_eyre::install();
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => return cli::usage_error(e),
    };
    match run(cli) {
        Ok(code) => code.into(),
        Err(failure) => failure.report(),
    }
}

fn run(cli: Cli) -> Outcome {
    // The flag's colour choice now; the configuration's once it is read.
    if let Some(c) = cli.color {
        cli::paint::choose(c);
    }
    let load = || {
        let config = Config::load(cli.config.as_deref()).map_err(usage)?;
        cli::paint::choose(config.output.color);
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
            cli::puzzle::make(&args)
        }
        Command::Draw(args) => {
            load()?;
            cli::draw::draw(&args)
        }
        Command::Count(args) => cli::count::count(&args, &load()?),
        Command::Sweep(args) => cli::sweep::sweep(&args, &load()?),
        Command::Replay(args) => replay_app(&args.file, &load()?.with_speed(args.speed.index)),
        Command::Config(args) => cli::config::show(&args, &load()?.with_speed(args.speed.index)),
        Command::Completions(args) => cli::completions(args.shell),
        Command::Man => cli::man(),
        Command::Play(args) => play_app(&args, &load()?.with_speed(args.speed.index)),
        Command::Race(args) => {
            let config = load()?.with_speed(args.speed.index);
            let left = args.board.spec(&config).map_err(usage)?;
            let right = args.rival(&left).map_err(usage)?;
            tui::run(left, &config, tui::Launch::Race(right)).map_err(Failure::Terminal)?;
            Ok(Exit::Yes)
        }
    }
}

/// The app opened in replay mode on a tour file.
fn replay_app(file: &std::path::Path, config: &Config) -> Outcome {
    let name = file.display().to_string();
    let checked = cli::check_tour_file(file, false)?;
    let replay = tui::replay::Replay::of_checked(&name, checked);
    let spec = BoardArgs::default().spec(config).map_err(usage)?;
    tui::run(spec, config, tui::Launch::Replay(replay)).map_err(Failure::Terminal)?;
    Ok(Exit::Yes)
}

/// A saved game's goal (the file's `end`): free on its board, and not
/// visited before the last square.
fn resumed_goal(
    saved: &knight_engine::tour::TourFile,
    board: &knight_engine::board::Board,
    path: &[u32],
) -> Result<Option<knight_engine::board::Square>, String> {
    let Some([r, c]) = saved.end else {
        return Ok(None);
    };
    let end = saved
        .end_square()
        .filter(|&e| board.contains(e) && board.is_free(e))
        .ok_or_else(|| format!("its end {r},{c} is not a free square of the board"))?;
    let at = path.iter().position(|&i| board.square(i) == end);
    match at {
        Some(k) if k + 1 < board.free_count() => Err(format!(
            "its end {end} is visited at step {}, before the last square",
            k + 1
        )),
        _ => Ok(Some(end)),
    }
}

/// The app opened in play mode: a new game, or a saved one resumed.
fn play_app(args: &PlayArgs, config: &Config) -> Outcome {
    let spec = args.board.spec(config).map_err(usage)?;
    let game = match &args.resume {
        Some(file) => {
            let name = file.display().to_string();
            let text = cli::read_tour_file(file)?;
            let saved = knight_engine::tour::parse(&text)
                .map_err(|e| usage(format!("{name}: {e}")))?
                .file;
            let board = saved.board().map_err(|e| usage(format!("{name}: {e}")))?;
            saved
                .check(&board)
                .map_err(|f| usage(format!("{name}: cannot resume: {f}")))?;
            let path = saved.indices(&board, saved.path.len());
            let end = resumed_goal(&saved, &board, &path)
                .map_err(|e| usage(format!("{name}: cannot resume: {e}")))?;
            tui::game::Game::resume(board, &path, saved.closed).ending_on(end)
        }
        // The knight is placed only where --start puts it; else by Enter.
        None => tui::game::Game::new(
            spec.board.clone(),
            args.board.board.start.is_some().then_some(spec.start),
            spec.closed,
        )
        .ending_on(spec.end),
    };
    tui::run(spec, config, tui::Launch::Play(game)).map_err(Failure::Terminal)?;
    Ok(Exit::Yes)
}
