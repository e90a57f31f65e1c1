//! A puzzle's two file forms. JSON: the tour file with `"clues"` (a list of
//! `[row, col, step]`, step 1-based), `"puzzle"` (`difficulty`, `seed`) and
//! no `path` until solved. Text: the numbered board with the clues' steps,
//! a `-` on each square to fill and a `.` on a blocked one; lines starting
//! with `#` are comments, and one with a comma-separated part `closed` or
//! `closed tour` (as the headline `puzzle` writes) makes the tour closed.
//! A JSON file's `"end"` is a clue of the last step; a closed tour has no
//! end.

use std::io::{self, Write};

use serde::Deserialize;
use serde_json::{Map, Value, json};
use thiserror::Error;

use super::{Clue, MAX_SQUARES, Puzzle, PuzzleError};
use crate::board::{Board, BoardError, Square};
use crate::tour::{FORMAT_NAME, write_numbered_steps};

/// A puzzle as read from a file, with what the file says about it.
#[derive(Clone, Debug)]
pub struct PuzzleFile {
    /// The checked puzzle.
    pub puzzle: Puzzle,
    /// The file's `"puzzle"` object (difficulty, seed), when it has one.
    pub about: Option<Map<String, Value>>,
}

/// Why a text is not a puzzle: each prints its one line.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleFileError {
    /// Not JSON of a puzzle file, with the parser's message.
    #[error("not a puzzle file: {0}")]
    Json(String),
    /// The JSON's `"format"` is not `knight-tour`.
    #[error("not a puzzle file: \"format\" is {0:?}, not \"knight-tour\"")]
    Format(String),
    /// A version of the format other than 1.
    #[error("not a puzzle file: version {0}; this program reads version 1")]
    Version(u32),
    /// A JSON tour file without `"clues"`.
    #[error("the file has no \"clues\": not a puzzle (verify checks a tour file)")]
    NoClues,
    /// The file names a `leaper` or `surface`: puzzles are for the knight on the plane.
    #[error("puzzles are for the knight on the plane; the file has \"{0}\"")]
    Piece(&'static str),
    /// The file asks for a closed tour with an end.
    #[error("a closed tour has no end: the file has both \"closed\": true and \"end\"")]
    ClosedEnd,
    /// The grid of a text puzzle is wrong at `line` (1-based), as `what` says.
    #[allow(missing_docs)]
    #[error("line {line}: {what}")]
    Text { line: usize, what: String },
    /// The file's board cannot be built.
    #[error("{0}")]
    Board(#[from] BoardError),
    /// The clues do not make a puzzle.
    #[error("{0}")]
    Puzzle(#[from] PuzzleError),
}

#[derive(Deserialize)]
struct Json {
    format: String,
    version: u32,
    rows: u32,
    cols: u32,
    #[serde(default)]
    blocked: Vec<[i64; 2]>,
    #[serde(default)]
    closed: bool,
    #[serde(default)]
    clues: Option<Vec<[i64; 3]>>,
    #[serde(default)]
    leaper: Option<Value>,
    #[serde(default)]
    surface: Option<Value>,
    #[serde(default)]
    puzzle: Option<Map<String, Value>>,
    #[serde(default)]
    end: Option<[i64; 2]>,
}

/// Reads a puzzle: JSON when the text starts with `{`, else the board.
/// `closed` makes the tour closed whatever the file says.
pub fn parse(text: &str, closed: bool) -> Result<PuzzleFile, PuzzleFileError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim_start().starts_with('{') {
        parse_json(text, closed)
    } else {
        parse_text(text, closed)
    }
}

/// Clues as `[row, col, step]`, checked onto the board as far as a
/// square goes (the rest is [`Puzzle::new`]'s).
fn clues_on(board: &Board, raw: &[[i64; 3]]) -> Result<Vec<Clue>, PuzzleFileError> {
    raw.iter()
        .map(|&[row, col, step]| {
            let on = |v: i64, n: u32| (0..i64::from(n)).contains(&v);
            if !on(row, board.rows()) || !on(col, board.cols()) {
                return Err(PuzzleError::OffBoard {
                    step,
                    row,
                    col,
                    rows: board.rows(),
                    cols: board.cols(),
                }
                .into());
            }
            let square = Square::new(row as u32, col as u32);
            let last = board.free_count() as u32;
            let step = u32::try_from(step)
                .ok()
                .filter(|s| (1..=last).contains(s))
                .ok_or(PuzzleError::Step { step, square, last })?;
            Ok(Clue { square, step })
        })
        .collect()
}

fn board_of(rows: u32, cols: u32, blocked: &[Square]) -> Result<Board, PuzzleFileError> {
    let squares = u64::from(rows) * u64::from(cols);
    if squares > MAX_SQUARES as u64 {
        return Err(PuzzleError::TooBig {
            rows,
            cols,
            squares,
        }
        .into());
    }
    Ok(Board::new(rows, cols, blocked)?)
}

/// The puzzle a board and its raw clues make (a tour file's `"clues"`,
/// checked as a puzzle file's are).
pub fn puzzle_of(board: &Board, closed: bool, raw: &[[i64; 3]]) -> Result<Puzzle, PuzzleFileError> {
    let clues = clues_on(board, raw)?;
    Ok(Puzzle::new(board, closed, &clues)?)
}

fn parse_json(text: &str, closed: bool) -> Result<PuzzleFile, PuzzleFileError> {
    crate::tour::shallow(text.as_bytes()).map_err(|e| {
        let said = e.to_string();
        let said = said
            .strip_prefix("not a valid tour file: ")
            .unwrap_or(&said);
        PuzzleFileError::Json(said.to_string())
    })?;
    let j: Json = serde_json::from_str(text).map_err(|e| PuzzleFileError::Json(e.to_string()))?;
    if j.format != FORMAT_NAME {
        return Err(PuzzleFileError::Format(j.format));
    }
    if j.version != 1 {
        return Err(PuzzleFileError::Version(j.version));
    }
    if j.leaper.is_some() {
        return Err(PuzzleFileError::Piece("leaper"));
    }
    if j.surface.is_some() {
        return Err(PuzzleFileError::Piece("surface"));
    }
    let mut blocked = Vec::with_capacity(j.blocked.len());
    for [r, c] in j.blocked {
        match (u32::try_from(r), u32::try_from(c)) {
            (Ok(r), Ok(c)) => blocked.push(Square::new(r, c)),
            _ => {
                return Err(PuzzleFileError::Json(format!(
                    "blocked square {r},{c} is off the board"
                )));
            }
        }
    }
    let board = board_of(j.rows, j.cols, &blocked)?;
    let mut raw = j.clues.ok_or(PuzzleFileError::NoClues)?;
    let closed = j.closed || closed;
    // The end is where the last step goes: a clue like any other.
    match j.end {
        Some(_) if closed => return Err(PuzzleFileError::ClosedEnd),
        Some([r, c]) => raw.push([r, c, board.free_count() as i64]),
        None => {}
    }
    Ok(PuzzleFile {
        puzzle: puzzle_of(&board, closed, &raw)?,
        about: j.puzzle,
    })
}

fn parse_text(text: &str, closed: bool) -> Result<PuzzleFile, PuzzleFileError> {
    let mut closed = closed;
    let mut cells: Vec<Vec<&str>> = Vec::new();
    let mut first_line = 0;
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(comment) = line.strip_prefix('#') {
            closed |= comment.split(',').any(|part| {
                let part = part.trim().to_ascii_lowercase();
                part == "closed" || part == "closed tour"
            });
            continue;
        }
        if line.is_empty() {
            continue;
        }
        if cells.is_empty() {
            first_line = i + 1;
        }
        cells.push(line.split_whitespace().collect());
    }
    let (rows, cols) = (cells.len(), cells.first().map_or(0, Vec::len));
    if rows == 0 {
        return Err(PuzzleFileError::Text {
            line: 1,
            what: "no board: a puzzle is rows of numbers and '-'".into(),
        });
    }
    let mut blocked = Vec::new();
    let mut raw = Vec::new();
    for (r, row) in cells.iter().enumerate() {
        let line = first_line + r;
        if row.len() != cols {
            return Err(PuzzleFileError::Text {
                line,
                what: format!("{} squares where the first row has {cols}", row.len()),
            });
        }
        for (c, cell) in row.iter().enumerate() {
            match *cell {
                "-" => {}
                "." => blocked.push(Square::new(r as u32, c as u32)),
                n => {
                    let step = n.parse::<i64>().map_err(|_| PuzzleFileError::Text {
                        line,
                        what: format!("'{n}' is not a step, '-' or '.'"),
                    })?;
                    raw.push([r as i64, c as i64, step]);
                }
            }
        }
    }
    let board = board_of(rows as u32, cols as u32, &blocked)?;
    Ok(PuzzleFile {
        puzzle: puzzle_of(&board, closed, &raw)?,
        about: None,
    })
}

/// The puzzle as the tour file's JSON (no path), with `about` as its
/// `"puzzle"` object.
pub fn to_json(puzzle: &Puzzle, about: Option<Map<String, Value>>) -> Value {
    let board = puzzle.board();
    let mut v = json!({
        "format": FORMAT_NAME,
        "version": 1,
        "rows": board.rows(),
        "cols": board.cols(),
    });
    let m = v.as_object_mut().expect("an object");
    if !board.blocked().is_empty() {
        let blocked: Vec<[u32; 2]> = board.blocked().iter().map(|s| [s.row, s.col]).collect();
        m.insert("blocked".into(), json!(blocked));
    }
    m.insert("closed".into(), json!(puzzle.closed()));
    let clues: Vec<[u32; 3]> = puzzle
        .clues()
        .map(|c| [c.square.row, c.square.col, c.step])
        .collect();
    m.insert("clues".into(), json!(clues));
    if let Some(about) = about {
        m.insert("puzzle".into(), Value::Object(about));
    }
    v
}

/// The puzzle as a board: each clue's step, `-` to fill, `.` blocked.
pub fn write_text<W: Write + ?Sized>(out: &mut W, puzzle: &Puzzle) -> io::Result<()> {
    let board = puzzle.board();
    let steps: Vec<u32> = (0..board.len() as u32)
        .map(|i| puzzle.clue_on(i).unwrap_or(0))
        .collect();
    write_numbered_steps(out, board, &steps)
}
