//! knight-tui: parse the command line and dispatch, with the contract's exit
//! codes (0 yes, 1 no, 2 bad input, 3 undecided).

mod app;
mod cli;
mod commands;
mod config;
mod play;
mod replay;
mod tui;
mod ui;

use std::io;
use std::process::ExitCode;

use clap::{Parser, error::ErrorKind};

use cli::{Cli, Command};
use commands::{Exit, Failure};
use config::Config;

fn main() -> ExitCode {
    // A panic is a bug: color-eyre prints it with a backtrace hint.
    let _ = color_eyre::install();
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => return usage_error(e),
    };
    let result = run(cli);
    match result {
        Ok(code) => code.into(),
        Err(Failure::Usage(msg)) => {
            eprintln!("error: {msg}");
            Exit::Usage.into()
        }
        // The reader went away (`| head`): stop quietly, like other tools.
        Err(Failure::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Io(e)) => {
            eprintln!("error: cannot write output: {e}");
            Exit::Usage.into()
        }
    }
}

fn run(cli: Cli) -> Result<Exit, Failure> {
    let Some(command) = cli.command else {
        let config = Config::load(cli.config.as_deref())?;
        let spec = cli.board.spec(&config)?;
        let app = app::App::new(spec, config.app.speed, config.app.save_dir.clone());
        tui::run(app, theme(&config))?;
        return Ok(Exit::Yes);
    };
    if cli.board != cli::BoardArgs::default() {
        return Err(Failure::Usage(
            "board options go after the command, e.g. knight-tui solve --size 8".into(),
        ));
    }
    let config = || Config::load(cli.config.as_deref());
    match command {
        Command::Verify(args) => commands::verify(&args),
        Command::Solve(args) => commands::solve(&args, &config()?),
        Command::Count(args) => commands::count(&args, &config()?),
        Command::Sweep(args) => commands::sweep(&args, &config()?),
        Command::Replay(args) => replay_app(&args.file, &config()?),
        Command::Play(args) => play_app(&args, &config()?),
    }
}

/// The app opened in replay mode on a tour file.
fn replay_app(file: &std::path::Path, config: &Config) -> Result<Exit, Failure> {
    let name = file.display().to_string();
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {name}: {e}"))?;
    let replay = replay::Replay::load(&name, &text).map_err(|e| format!("{name}: {e}"))?;
    let spec = cli::BoardArgs::default().spec(config)?;
    let mut app = app::App::new(spec, config.app.speed, config.app.save_dir.clone());
    app.open_replay(replay);
    tui::run(app, theme(config))?;
    Ok(Exit::Yes)
}

/// The app opened in play mode: a new game, or a saved one resumed.
fn play_app(args: &cli::PlayArgs, config: &Config) -> Result<Exit, Failure> {
    let spec = args.board.spec(config)?;
    let game = match &args.resume {
        Some(file) => {
            let name = file.display().to_string();
            let text =
                std::fs::read_to_string(file).map_err(|e| format!("cannot read {name}: {e}"))?;
            let saved = knight_tui::tour::parse(&text)
                .map_err(|e| format!("{name}: {e}"))?
                .file;
            let board = saved.board().map_err(|e| format!("{name}: {e}"))?;
            saved
                .check(&board)
                .map_err(|f| format!("{name}: cannot resume: {f}"))?;
            let path: Vec<u32> = saved
                .path
                .iter()
                .map(|&[r, c]| board.index(knight_tui::board::Square::new(r as u32, c as u32)))
                .collect();
            play::Game::resume(board, &path, saved.closed)
        }
        // The knight is placed only where --start puts it; else by Enter.
        None => play::Game::new(
            spec.board.clone(),
            args.board.start.is_some().then_some(spec.start),
            spec.closed,
        ),
    };
    let mut app = app::App::new(spec, config.app.speed, config.app.save_dir.clone());
    app.game = Some(game);
    app.mode = app::Mode::Play;
    tui::run(app, theme(config))?;
    Ok(Exit::Yes)
}

/// Colours and symbols from the configuration; NO_COLOR turns colours off.
fn theme(config: &Config) -> ui::Theme {
    ui::Theme {
        colour: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        ascii: config.app.symbols,
        current: config.theme.current,
        candidate: config.theme.candidate,
        blocked: config.theme.blocked,
        accent: config.theme.accent,
    }
}

/// Help and version go to stdout with exit 0; a usage error is one line on
/// stderr with exit 2.
fn usage_error(e: clap::Error) -> ExitCode {
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            ExitCode::SUCCESS
        }
        _ => {
            let text = e.render().to_string();
            let first = text
                .lines()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("invalid usage");
            let first = first.strip_prefix("error: ").unwrap_or(first);
            // clap puts the choices on a line of their own: keep them.
            let choices = text
                .lines()
                .map(str::trim)
                .find(|l| l.starts_with("[possible values:"))
                .map(|l| format!(" {l}"))
                .unwrap_or_default();
            eprintln!("error: {first}{choices} (see 'knight-tui --help')");
            Exit::Usage.into()
        }
    }
}
