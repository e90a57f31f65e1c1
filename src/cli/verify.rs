//! `verify`: check a tour file and say what it is, or its first fault.

use std::fs::File;
use std::io::{self, Write};
use std::path::Path;

use knight_engine::files::{FileLimit, ReadError};
use knight_engine::puzzle::file::puzzle_of;
use knight_engine::tour::Summary;
use knight_engine::tour::magic::Magic;
use knight_engine::tour::stream::{self, CheckError, Checked, Keep};
use knight_engine::words::clip;

use super::args::VerifyArgs;
use super::failure::{Exit, Failure, Ran, usage};
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

pub fn verify(args: &VerifyArgs) -> Ran {
    let name = args.file.display().to_string();
    // Read, but not a tour file's text: not a valid tour (exit 1), not
    // unreadable (exit 2).
    let judged = match check_input(&args.file) {
        Err(CheckError::Read(ReadError::Io(source))) => return Err(Failure::Read { name, source }),
        Err(e) => refused(name, &e),
        Ok(checked) => {
            let clue = unhonoured_clue(&checked, &args.file);
            let mut j = judge(name, checked, &args.file);
            match clue {
                // Clues that cannot be (off the board, twice on a square):
                // not a valid file, the path's own fault first.
                Err(Clues::Invalid(why)) if j.error.is_none() => {
                    j.valid = false;
                    j.error = Some(clip(&why));
                }
                Err(Clues::Unreadable(why)) => {
                    return Err(usage(format!("{}: {why}", j.file)));
                }
                Ok(Some((step, why))) if j.error.is_none() => {
                    j.valid = false;
                    j.step = Some(step);
                    j.error = Some(why);
                }
                _ => {}
            }
            j
        }
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

/// Why a file's clues cannot be checked against its path.
enum Clues {
    /// The clues cannot be (not a list of `[row, col, step]`, off the
    /// board, twice on a square, against the colour rule): not a valid
    /// tour file.
    Invalid(String),
    /// The file could not be read again.
    Unreadable(String),
}

/// A file with clues (a solved puzzle): the first clue its path does not
/// honour, as its step and why; an error when the clues themselves cannot
/// be, or the path cannot be read again.
fn unhonoured_clue(checked: &Checked, file: &Path) -> Result<Option<(usize, String)>, Clues> {
    let Some(raw) = checked.file.extra.get("clues") else {
        return Ok(None);
    };
    let raw: Vec<[i64; 3]> = serde_json::from_value(raw.clone())
        .map_err(|e| Clues::Invalid(format!("\"clues\": {e}")))?;
    let board = &checked.board;
    let puzzle =
        puzzle_of(board, checked.file.closed, &raw).map_err(|e| Clues::Invalid(e.to_string()))?;
    if checked.summary.is_err() {
        // The path's own fault comes first.
        return Ok(None);
    }
    // A puzzle has at most 1,024 squares: its path is read whole.
    let path: Vec<u32> = if !checked.streamed {
        checked.file.indices(board, checked.file.path.len())
    } else if let Some(compact) = &checked.compact {
        (0..compact.len())
            .map_while(|k| compact.square(k))
            .collect()
    } else {
        let text = match crate::famous::tour(file) {
            Some(text) => text.to_string(),
            None => knight_engine::files::read_path(file, &FileLimit::tour_file(), None)
                .map_err(|e| Clues::Unreadable(e.to_string()))?,
        };
        let again = knight_engine::tour::parse(&text)
            .map_err(|e| Clues::Unreadable(e.to_string()))?
            .file;
        again.indices(board, again.path.len())
    };
    Ok(puzzle.unhonoured(&path).and_then(|(step, clue, at)| {
        at.map(|at| {
            (
                step as usize,
                format!("step {step} must be on {clue} (a clue) but is on {at}"),
            )
        })
    }))
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
    if let Some(text) = crate::famous::tour(path) {
        return stream::read_file(text.as_bytes(), &limit, Keep::Compact, None);
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
