//! Exit codes and the typed failures that lead to them. Each failure names
//! what went wrong (bad input, a file that cannot be read or written, the
//! terminal, a bug) and maps to the contract's code in one place.

use std::io;
use std::process::ExitCode;

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

/// Why a command could not do its work. The text is the one line printed
/// after `error: `.
#[derive(Debug, thiserror::Error)]
pub enum Failure {
    /// Bad input or usage: a flag, a value, the configuration.
    #[error("{0}")]
    Usage(String),
    /// A file (or standard input) that cannot be read.
    #[error("cannot read {name}: {}", knight_engine::words::io_error(.source))]
    Read { name: String, source: io::Error },
    /// A file that cannot be written.
    #[error("cannot write {name}: {reason}")]
    Write { name: String, reason: String },
    /// Standard output went away or failed.
    #[error("cannot write output: {}", knight_engine::words::io_error(.0))]
    Output(#[from] io::Error),
    /// The terminal app could not run or lost its terminal: what it was
    /// doing, then the cause, on one line.
    #[error("{}", one_line(.0))]
    Terminal(color_eyre::Report),
    /// A bug: the engine broke its own promise.
    #[error("internal error: {0}; please report it")]
    Internal(String),
}

impl Failure {
    /// The contract's exit code for this failure.
    pub fn exit(&self) -> Exit {
        match self {
            // The reader went away (`| head`): stop quietly, like other tools.
            Failure::Output(e) if e.kind() == io::ErrorKind::BrokenPipe => Exit::Yes,
            Failure::Usage(_)
            | Failure::Read { .. }
            | Failure::Write { .. }
            | Failure::Output(_)
            | Failure::Terminal(_)
            | Failure::Internal(_) => Exit::Usage,
        }
    }

    /// Prints the one line (nothing for a closed pipe) and gives the code.
    pub fn report(&self) -> ExitCode {
        if !matches!(self, Failure::Output(e) if e.kind() == io::ErrorKind::BrokenPipe) {
            let error = super::paint::paint(
                super::paint::Stream::Stderr,
                anstyle::AnsiColor::Red,
                "error:",
            );
            match self {
                // A flag's value refused: where its choices are told.
                Failure::Usage(why) if why.starts_with("--") => {
                    say(&format!("{error} {self} {}", super::help_hint()));
                }
                _ => say(&format!("{error} {self}")),
            }
        }
        self.exit().into()
    }
}

/// A line on stderr; a stderr that cannot take it (`2>/dev/full`, a closed
/// pipe) is ignored rather than turned into a crash.
pub fn say(line: &str) {
    use std::io::Write;
    let _ = writeln!(io::stderr().lock(), "{}", knight_engine::words::clip(line));
}

/// A report and its causes on one line: `cannot draw: broken pipe`.
fn one_line(report: &color_eyre::Report) -> String {
    let causes: Vec<String> = report.chain().map(ToString::to_string).collect();
    causes.join(": ")
}

/// Bad input, from the engine's and the configuration's one-line errors.
pub fn usage(e: impl std::fmt::Display) -> Failure {
    Failure::Usage(e.to_string())
}

/// What a command returns: the exit code of its answer, or a failure.
pub type Ran = Result<Exit, Failure>;
