//! `verify`: check a tour file and say what it is, or its first fault.

use std::fs::File;
use std::io::{self, Write};
use std::path::Path;

use knight_engine::files::{FileLimit, ReadError};
use knight_engine::tour::Summary;
use knight_engine::tour::magic::Magic;
use knight_engine::tour::stream::{self, CheckError, Checked, Keep};
use knight_engine::words::clip;

use super::args::VerifyArgs;
use super::failure::{Exit, Failure, Outcome};
use super::paint::{Stream, paint};

/// What verify found: the `--format json` object, from which the text line
/// is also made. Keys: `file`, `valid` (a complete legal tour: exit 0),
/// `complete`, `closed`, `board` (`8x8 with 1 blocked square`), `rows`,
/// `cols`, `visited`, `squares`, `start` (`ROW,COL`), `magic` (`semi` or
/// `full`, for a semimagic or magic tour), `step` (of the first fault) and
/// `error` (why it is not valid); absent when unknown.
#[derive(Default, serde::Serialize)]
struct Judgement {
    file: String,
    valid: bool,
    complete: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    closed: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    board: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rows: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    cols: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    visited: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    squares: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    start: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    magic: Option<Magic>,
    #[serde(skip_serializing_if = "Option::is_none")]
    step: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

impl Judgement {
    /// The one line for people.
    fn line(&self) -> String {
        let board = self.board.as_deref().unwrap_or("?");
        match (&self.error, self.complete) {
            (Some(e), _) if self.step.is_some() => format!("invalid: {e}"),
            (Some(e), _) => format!("invalid: {}: {e}", self.file),
            (None, true) => {
                let magic = match (self.magic, self.rows, self.cols) {
                    (Some(m), Some(r), Some(c)) => format!(", {}", m.describe(r, c)),
                    _ => String::new(),
                };
                format!(
                    "complete {} tour: {} squares on {board} from {}{magic}",
                    knight_engine::words::kind(self.closed == Some(true)),
                    self.visited.unwrap_or(0),
                    self.start.as_deref().unwrap_or("?")
                )
            }
            (None, false) => {
                let (v, t) = (self.visited.unwrap_or(0), self.squares.unwrap_or(0));
                format!(
                    "incomplete: a legal path of {v} of {t} squares on {board}, {} left",
                    t - v
                )
            }
        }
    }
}

pub fn verify(args: &VerifyArgs) -> Outcome {
    let name = args.file.display().to_string();
    // Read, but not a tour file's text: not a valid tour (exit 1), not
    // unreadable (exit 2).
    let judged = match check_input(&args.file) {
        Err(CheckError::Read(ReadError::Io(source))) => return Err(Failure::Read { name, source }),
        Err(e) => refused(name, &e),
        Ok(checked) => judge(name, checked, &args.file),
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    if args.report.json() {
        let line = serde_json::to_string(&judged).map_err(|e| Failure::Internal(e.to_string()))?;
        writeln!(out, "{line}")?;
    } else {
        // The verdict's first word in colour on a terminal.
        let line = judged.line();
        let (word, rest) = line.split_at(line.find([' ', ':']).unwrap_or(line.len()));
        let colour = if judged.valid {
            anstyle::AnsiColor::Green
        } else {
            anstyle::AnsiColor::Red
        };
        writeln!(out, "{}{rest}", paint(Stream::Stdout, colour, word))?;
    }
    out.flush()?;
    Ok(if judged.valid { Exit::Yes } else { Exit::No })
}

fn refused(file: String, why: &dyn std::fmt::Display) -> Judgement {
    Judgement {
        file,
        error: Some(clip(&why.to_string())),
        ..Judgement::default()
    }
}

/// The judgement of a file read and checked. A repeated square in a
/// streamed path is looked up in the file again for its first visit when
/// it is a regular file (standard input and pipes cannot be read twice:
/// their path was kept compactly instead).
fn judge(name: String, checked: Checked, path: &Path) -> Judgement {
    let board = &checked.board;
    let mut j = Judgement {
        file: name,
        board: Some(board.describe()),
        rows: Some(board.rows()),
        cols: Some(board.cols()),
        squares: Some(board.free_count()),
        start: checked.start.map(|[r, c]| format!("{r},{c}")),
        ..Judgement::default()
    };
    match checked.summary {
        Ok(Summary::Complete { closed }) => {
            j.valid = true;
            j.complete = true;
            j.closed = Some(closed);
            j.visited = Some(checked.squares);
            j.magic = checked.magic;
        }
        Ok(Summary::Partial { visited, .. }) => j.visited = Some(visited),
        Err(mut fault) => {
            // Read again only what was not kept compactly: a regular file.
            if checked.streamed
                && checked.compact.is_none()
                && let Ok(again) = File::open(path)
            {
                fault = stream::first_visit(fault, again, &FileLimit::tour_file());
            }
            j.step = Some(fault.step);
            j.error = Some(clip(&fault.to_string()));
        }
    }
    j
}

/// Reads and checks the file (or standard input for `-`), its path
/// streamed through the check. What cannot be read twice (standard input,
/// a pipe, a device) keeps its path compactly as it goes, to name a
/// repeated square's first visit.
fn check_input(path: &Path) -> Result<Checked, CheckError> {
    let limit = FileLimit::tour_file();
    if path == Path::new("-") {
        return stream::read_file(io::stdin().lock(), &limit, Keep::Compact, None);
    }
    let file = File::open(path).map_err(ReadError::from)?;
    let regular = file.metadata().is_ok_and(|m| m.is_file());
    let keep = if regular {
        Keep::Nothing
    } else {
        Keep::Compact
    };
    stream::read_file(file, &limit, keep, None)
}
