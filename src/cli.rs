//! The command line: clap's types ([`args`]), settling flags over the
//! configuration into a [`knight_engine::spec::Spec`] ([`settle`]), one file per
//! headless command, the output formats, and the typed failures that give
//! the contract's exit codes.

pub mod args;
pub mod booklet;
pub mod config;
pub mod count;
pub mod draw;
pub mod failure;
pub mod magic;
pub mod output;
pub mod paint;
pub mod play;
pub mod puzzle;
pub mod settle;
pub mod solve;
pub mod sweep;
pub mod verify;

use std::process::ExitCode;

use clap::error::ErrorKind;

use failure::{Exit, Failure, usage};

/// Help and version go to stdout with exit 0; a usage error is one line on
/// stderr with exit 2.
pub fn usage_error(e: clap::Error) -> ExitCode {
    match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            // Help that cannot be written (a full disk) is no success;
            // a reader gone (`| head -1`) is, as for every other output.
            match e
                .print()
                .and_then(|()| std::io::Write::flush(&mut std::io::stdout()))
            {
                Ok(()) => ExitCode::SUCCESS,
                Err(err) if err.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
                Err(err) => {
                    failure::say(&format!(
                        "error: cannot write output: {}",
                        knight_engine::words::io_error(&err)
                    ));
                    Exit::Usage.into()
                }
            }
        }
        _ => {
            if let Some(said) = refusal(&e) {
                // Reported as the settings' refusals always were: in the
                // colour the line's --color asks for.
                if let Some(c) = colour_of_the_line() {
                    paint::choose(c);
                }
                return usage(said).report();
            }
            let near = suggestion(&e);
            let choices = choices(&e);
            failure::say(&format!(
                "error: {}{near}{choices} {}",
                said(&e),
                help_hint()
            ));
            Exit::Usage.into()
        }
    }
}

/// What clap refused, in one line: from the error's kind and the context
/// it names, in the words clap's own message uses.
fn said(e: &clap::Error) -> String {
    use clap::error::{ContextKind as K, ContextValue as V};
    let text = |kind| match e.get(kind) {
        Some(V::String(s)) => Some(s.as_str()),
        _ => None,
    };
    let (arg, value) = (text(K::InvalidArg), text(K::InvalidValue));
    let said = match (e.kind(), arg, value) {
        (ErrorKind::InvalidSubcommand, ..) => {
            text(K::InvalidSubcommand).map(|s| format!("unrecognized subcommand '{s}'"))
        }
        (ErrorKind::UnknownArgument, Some(a), _) => {
            Some(format!("unexpected argument '{a}' found"))
        }
        (ErrorKind::InvalidValue, Some(a), Some("")) => Some(format!(
            "a value is required for '{a}' but none was supplied"
        )),
        (ErrorKind::InvalidValue, Some(a), Some(v)) => {
            Some(format!("invalid value '{v}' for '{a}'"))
        }
        (ErrorKind::ValueValidation, Some(a), Some(v)) => {
            Some(match std::error::Error::source(e) {
                Some(why) => format!("invalid value '{v}' for '{a}': {why}"),
                None => format!("invalid value '{v}' for '{a}'"),
            })
        }
        (ErrorKind::TooManyValues, Some(a), Some(v)) => Some(format!(
            "unexpected value '{v}' for '{a}' found; no more were expected"
        )),
        (ErrorKind::NoEquals, Some(a), _) => Some(format!(
            "equal sign is needed when assigning values to '{a}'"
        )),
        (ErrorKind::MissingRequiredArgument, ..) => match e.get(K::InvalidArg) {
            Some(V::Strings(named)) => Some(format!(
                "the following required arguments were not provided: {}",
                named.join(" ")
            )),
            _ => None,
        },
        (ErrorKind::ArgumentConflict, Some(a), _) => Some(match e.get(K::PriorArg) {
            Some(V::String(p)) if p == a => {
                format!("the argument '{a}' cannot be used multiple times")
            }
            Some(V::String(p)) => format!("the argument '{a}' cannot be used with '{p}'"),
            Some(V::Strings(prior)) => {
                format!(
                    "the argument '{a}' cannot be used with: {}",
                    prior.join(" ")
                )
            }
            _ => format!(
                "the argument '{a}' cannot be used with one or more of the other specified arguments"
            ),
        }),
        _ => None,
    };
    // Any other kind: clap's words for the kind.
    said.unwrap_or_else(|| e.kind().as_str().unwrap_or("invalid usage").to_string())
}

/// ` [possible values: a, b]` for a value not among a flag's choices.
fn choices(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue};
    match (e.kind(), e.get(ContextKind::ValidValue)) {
        (ErrorKind::InvalidValue, Some(ContextValue::Strings(valid))) if !valid.is_empty() => {
            format!(" [possible values: {}]", valid.join(", "))
        }
        _ => String::new(),
    }
}

/// `--leaper: unknown leaper 'dragon' …`: a value its type refused, said
/// as the settings say theirs (the flag, then the type's reason).
fn refusal(e: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue};
    let why = std::error::Error::source(e)?.downcast_ref::<crate::config::Refusal>()?;
    let ContextValue::String(arg) = e.get(ContextKind::InvalidArg)? else {
        return None;
    };
    let flag = arg.split_whitespace().next()?;
    Some(format!("{flag}: {why}"))
}

/// The `--color` of a command line clap refused, read as far as it goes.
fn colour_of_the_line() -> Option<paint::ColorChoice> {
    let line = <args::Cli as clap::CommandFactory>::command()
        .ignore_errors(true)
        .try_get_matches()
        .ok()?;
    line.get_one::<paint::ColorChoice>("color").copied()
}

/// ` (did you mean 'x'?)` from clap's own suggestion of a subcommand, a
/// flag or a value near what was typed; empty when it has none.
fn suggestion(e: &clap::Error) -> String {
    use clap::error::{ContextKind, ContextValue};
    let kinds = [
        ContextKind::SuggestedSubcommand,
        ContextKind::SuggestedArg,
        ContextKind::SuggestedValue,
    ];
    let near = kinds.iter().find_map(|&k| match e.get(k)? {
        ContextValue::String(s) => Some(s.clone()),
        ContextValue::Strings(v) => v.first().cloned(),
        _ => None,
    });
    near.map(|n| format!(" (did you mean '{n}'?)"))
        .unwrap_or_default()
}

/// `(see 'knight-tui solve --help')`: the help of the subcommand in use.
pub fn help_hint() -> String {
    match command_in_use() {
        Some(name) => format!("(see 'knight-tui {name} --help')"),
        None => "(see 'knight-tui --help')".to_string(),
    }
}

/// The subcommand on the command line, if one is named: the first word
/// that is one of them (the app's own flags take no subcommand).
fn command_in_use() -> Option<String> {
    let command = <args::Cli as clap::CommandFactory>::command();
    let names: Vec<String> = command
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .collect();
    std::env::args().skip(1).find(|a| names.contains(a))
}

/// A tour file's text, within the tour file's limits: unreadable is a read
/// failure, anything else refused a usage error naming the file.
pub fn read_tour_file(file: &std::path::Path) -> Result<String, Failure> {
    if let Some(text) = crate::famous::tour(file) {
        return Ok(text.to_string());
    }
    knight_engine::files::read_path(file, &knight_engine::files::FileLimit::tour_file(), None)
        .map_err(|e| read_failure(file, e))
}

/// A tour file read and checked as [`read_tour_file`] reads it, a huge
/// board's tour kept compactly as it is read (for a replay or a picture);
/// `-` is standard input when `stdin` allows it (not for the app, whose
/// standard input is the terminal).
pub fn check_tour_file(
    file: &std::path::Path,
    stdin: bool,
) -> Result<knight_engine::tour::stream::Checked, Failure> {
    use knight_engine::files::{FileLimit, ReadError};
    use knight_engine::tour::stream::{CheckError, Keep, read_file};
    let limit = FileLimit::tour_file();
    // A huge board's tour is kept compactly as it is read.
    let read = if file == std::path::Path::new("-") && stdin {
        read_file(std::io::stdin().lock(), &limit, Keep::CompactWhenHuge, None)
    } else if let Some(text) = crate::famous::tour(file) {
        read_file(text.as_bytes(), &limit, Keep::CompactWhenHuge, None)
    } else {
        let opened = std::fs::File::open(file).map_err(|e| read_failure(file, ReadError::Io(e)))?;
        read_file(opened, &limit, Keep::CompactWhenHuge, None)
    };
    read.map_err(|e| match e {
        CheckError::Read(e) => read_failure(file, e),
        CheckError::Refused(why) => usage(format!("{}: {why}", file.display())),
    })
}

/// A file that could not be read (exit 2): a read failure when the system
/// said no, else a usage error naming the file and what was wrong with it.
pub fn read_failure(file: &std::path::Path, e: knight_engine::files::ReadError) -> Failure {
    let name = file.display().to_string();
    match e {
        knight_engine::files::ReadError::Io(source) => Failure::Read { name, source },
        e => usage(format!("{name}: {e}")),
    }
}

/// `completions SHELL`: the shell's completion script, from clap's own
/// description of the command line.
pub fn completions(shell: clap_complete::Shell) -> failure::Ran {
    let mut command = <args::Cli as clap::CommandFactory>::command();
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut command, "knight-tui", &mut out);
    if shell == clap_complete::Shell::Bash {
        // clap_complete's bash script spells a hyphenated name two ways
        // (the loop sets `knight__tui__subcmd__solve`, the arms match
        // `knight__subcmd__tui__subcmd__solve`), so nothing after a command
        // completes: clap-rs/clap#6421, open. Spell the arms as the loop does.
        let text = String::from_utf8_lossy(&out).replace("knight__subcmd__tui", "knight__tui");
        out = text.into_bytes();
    }
    std::io::Write::write_all(&mut std::io::stdout().lock(), &out)?;
    Ok(Exit::Yes)
}

/// `man`: the manual page (roff), from the same description.
/// Prints `text` on standard output (`replay --list`).
pub fn print_text(text: &str) -> failure::Ran {
    std::io::Write::write_all(&mut std::io::stdout().lock(), text.as_bytes())?;
    Ok(Exit::Yes)
}

pub fn man() -> failure::Ran {
    let page = clap_mangen::Man::new(<args::Cli as clap::CommandFactory>::command());
    let mut out = Vec::new();
    page.render(&mut out)?;
    std::io::Write::write_all(&mut std::io::stdout().lock(), &out)?;
    Ok(Exit::Yes)
}
