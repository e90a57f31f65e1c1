//! The two file forms of a tour: the JSON tour file (version 1, unknown
//! fields kept) and the numbered board, read and written.

use std::io::{self, Write};

use serde::Deserialize;
use serde_json::{Map, Value};

use super::error::{NumberedError, TourFileError};
use super::{Fault, FaultKind, Summary, check};
use crate::board::{Board, Geometry, Leaper, Square, Surface};
use crate::words::ms;

mod write;
pub use write::JsonTour;

/// The tour file, version 1, as it is on disk. Squares stay signed so that a
/// bad square is reported as a fault at its step, not as a parse error.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct TourFile {
    /// Always [`FORMAT_NAME`] in a file this reads.
    pub format: String,
    /// The format's version: 1.
    pub version: u32,
    /// Rows of the board.
    pub rows: u32,
    /// Columns of the board.
    pub cols: u32,
    /// The blocked squares, `[row, col]`.
    #[serde(default)]
    pub blocked: Vec<[i64; 2]>,
    /// Whether the tour must be closed.
    #[serde(default)]
    pub closed: bool,
    /// The square the tour must end on (`--end`, a game's goal); absent
    /// when it may end anywhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<[i64; 2]>,
    /// The piece's leap `[a, b]`; absent for the knight.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leaper: Option<[u32; 2]>,
    /// `cylinder` or `torus`; absent for the plane.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub surface: Option<String>,
    /// The tour's squares, `[row, col]`, in visit order.
    pub path: Vec<[i64; 2]>,
    /// How the tour was made (algorithm, nodes, time), when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meta: Option<Map<String, Value>>,
    /// Fields this version does not know, kept on load and save.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// The `"format"` of every tour and puzzle file.
pub const FORMAT_NAME: &str = "knight-tour";

/// A tour as read from a file, in either form.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The file's fields.
    pub file: TourFile,
    /// True when it was read from a numbered board.
    pub numbered: bool,
}

impl TourFile {
    /// The file of `path` (square indices) on `board`, with `meta`.
    pub fn new(
        board: &Board,
        closed: bool,
        path: &[u32],
        meta: Option<Map<String, Value>>,
    ) -> Self {
        TourFile {
            format: FORMAT_NAME.into(),
            version: 1,
            rows: board.rows(),
            cols: board.cols(),
            blocked: board
                .blocked()
                .iter()
                .map(|s| [s.row as i64, s.col as i64])
                .collect(),
            closed,
            end: None,
            leaper: (board.geometry().leaper != Leaper::KNIGHT).then(|| {
                let l = board.geometry().leaper;
                [l.a(), l.b()]
            }),
            surface: (board.geometry().surface != Surface::Plane)
                .then(|| board.geometry().surface.to_string()),
            path: path
                .iter()
                .map(|&i| {
                    let s = board.square(i);
                    [s.row as i64, s.col as i64]
                })
                .collect(),
            meta,
            extra: Map::new(),
        }
    }

    /// The file of a tour a run found (or a game played): the run's
    /// algorithm, nodes and time in `meta`.
    pub fn of_run(
        board: &Board,
        closed: bool,
        path: &[u32],
        algorithm: &str,
        (nodes, elapsed): (u64, std::time::Duration),
    ) -> Self {
        let mut meta = Map::new();
        meta.insert("algorithm".into(), algorithm.into());
        meta.insert("nodes".into(), nodes.into());
        meta.insert("elapsed_ms".into(), serde_json::json!(ms(elapsed)));
        TourFile::new(board, closed, path, Some(meta))
    }

    /// The first `len` squares of the path as indices on `board`; they
    /// must have been checked to be on it (see [`TourFile::check`]).
    pub fn indices(&self, board: &Board, len: usize) -> Vec<u32> {
        self.path[..len.min(self.path.len())]
            .iter()
            .map(|&[r, c]| board.index(Square::new(r as u32, c as u32)))
            .collect()
    }

    /// The board the file describes (size, blocked squares, piece and
    /// surface).
    pub fn board(&self) -> Result<Board, TourFileError> {
        board_of(self.rows, self.cols, &self.blocked, self.geometry()?)
    }

    /// The piece and surface the file names (the knight on the plane when
    /// it names none).
    pub fn geometry(&self) -> Result<Geometry, TourFileError> {
        geometry_of(self.leaper, self.surface.as_deref())
    }

    /// Checks the path on the file's board (and a complete tour's last
    /// square against `end`).
    pub fn check(&self, board: &Board) -> Result<Summary, Fault> {
        let summary = check(board, self.path.iter().map(|&[r, c]| (r, c)), self.closed)?;
        let last = self
            .path
            .last()
            .map(|&[r, c]| Square::new(r as u32, c as u32));
        self.ends_right(summary, last, self.path.len())
    }

    /// The file with the chosen last square `end`, if any.
    pub fn ending_on(self, end: Option<Square>) -> Self {
        TourFile {
            end: end.map(|e| [i64::from(e.row), i64::from(e.col)]),
            ..self
        }
    }

    /// The chosen last square, the path's `end`, as a square (`None` when
    /// absent or off any board).
    pub fn end_square(&self) -> Option<Square> {
        let [r, c] = self.end?;
        Some(Square::new(u32::try_from(r).ok()?, u32::try_from(c).ok()?))
    }

    /// `summary` of a path of `steps` squares whose last is `last`, unless
    /// it is a complete tour that does not end on the file's `end`.
    pub fn ends_right(
        &self,
        summary: Summary,
        last: Option<Square>,
        steps: usize,
    ) -> Result<Summary, Fault> {
        match (&summary, self.end, last) {
            (Summary::Complete { .. }, Some(end), Some(last))
                if end != [i64::from(last.row), i64::from(last.col)] =>
            {
                Err(Fault {
                    step: steps,
                    kind: FaultKind::NotEnd { last, end },
                })
            }
            _ => Ok(summary),
        }
    }
}

/// The board of a tour file's `rows`, `cols` and `blocked`.
pub(super) fn board_of(
    rows: u32,
    cols: u32,
    blocked: &[[i64; 2]],
    geometry: Geometry,
) -> Result<Board, TourFileError> {
    let mut squares = Vec::with_capacity(blocked.len());
    for &[row, col] in blocked {
        if row < 0 || col < 0 || row >= rows as i64 || col >= cols as i64 {
            return Err(TourFileError::BlockedOff {
                row,
                col,
                rows,
                cols,
            });
        }
        squares.push(Square::new(row as u32, col as u32));
    }
    Ok(Board::with_geometry(rows, cols, &squares, geometry)?)
}

/// The piece and surface of a tour file's `leaper` and `surface`.
pub(super) fn geometry_of(
    leaper: Option<[u32; 2]>,
    surface: Option<&str>,
) -> Result<Geometry, TourFileError> {
    let leaper = match leaper {
        Some([a, b]) => Leaper::new(a, b)?,
        None => Leaper::KNIGHT,
    };
    let surface = match surface {
        Some(s) => s.parse().map_err(TourFileError::Surface)?,
        None => Surface::Plane,
    };
    Ok(Geometry::new(leaper, surface))
}

/// Reads a tour from text: the JSON tour file (text starting with `{`) or a
/// numbered board. The error is one line saying what is wrong.
///
/// ```
/// use knight_engine::tour::parse;
///
/// // A numbered board: `.` is a blocked square.
/// let numbered = "1 4 .\n. . 2\n3 . .\n";
/// let loaded = parse(numbered).unwrap();
/// assert!(loaded.numbered);
/// assert_eq!((loaded.file.rows, loaded.file.cols), (3, 3));
/// assert_eq!(loaded.file.path[..3], [[0, 0], [1, 2], [2, 0]]);
/// assert!(parse("{\"format\": \"knight-tour\"}").is_err());
/// ```
pub fn parse(text: &str) -> Result<Loaded, TourFileError> {
    // A byte order mark (some editors write one) is not part of the text.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.trim_start().starts_with('{') {
        parse_json(text.as_bytes(), None).map(|file| Loaded {
            file,
            numbered: false,
        })
    } else {
        parse_numbered(text).map(|file| Loaded {
            file,
            numbered: true,
        })
    }
}

/// Where a streamed file's skeleton is narrower than the file: on line
/// `line`, from column `after` on (counted from 0), the file's text stands
/// `by` columns further right (the path's squares, taken out).
#[derive(Clone, Copy, Debug)]
pub(super) struct Shift {
    pub line: u64,
    pub after: u64,
    pub by: u64,
}

/// Reads the JSON tour file, refusing what is not one (version 1). An
/// error's place is given in the file's columns (see [`Shift`]).
pub(super) fn parse_json(text: &[u8], shift: Option<Shift>) -> Result<TourFile, TourFileError> {
    let place = |line: u64, column: u64| match shift {
        Some(s) if line == s.line && column > s.after => (line, column + s.by),
        _ => (line, column),
    };
    let deepest = match depth(text) {
        Ok(d) => d,
        Err((line, column)) => {
            let (line, column) = place(line, column);
            return Err(TourFileError::TooDeep {
                most: MAX_DEPTH,
                line,
                column,
            });
        }
    };
    let file = deserialize(text, deepest).map_err(|e| {
        let mut why = e.to_string();
        let (line, column) = (e.line() as u64, e.column() as u64);
        if let Some(stem) = why.strip_suffix(&format!(" at line {line} column {column}")) {
            let (line, column) = place(line, column);
            why = format!("{stem} at line {line} column {column}");
        }
        TourFileError::Json(why)
    })?;
    if file.format != FORMAT_NAME {
        return Err(TourFileError::Format {
            found: file.format,
            expected: FORMAT_NAME,
        });
    }
    if file.version != 1 {
        return Err(TourFileError::Version(file.version));
    }
    if file.rows == 0 || file.cols == 0 {
        return Err(TourFileError::NoBoard {
            rows: file.rows,
            cols: file.cols,
        });
    }
    if let Some([r, c]) = file.end
        && (r < 0 || c < 0 || r >= i64::from(file.rows) || c >= i64::from(file.cols))
    {
        return Err(TourFileError::EndOff {
            row: r,
            col: c,
            rows: file.rows,
            cols: file.cols,
        });
    }
    if let (true, Some([r, c])) = (file.closed, file.end) {
        return Err(TourFileError::ClosedWithEnd { row: r, col: c });
    }
    Ok(file)
}

/// How deep arrays and objects may nest in a tour file (in unknown
/// fields, which are kept): serde_json's own limit is 128; deeper values
/// are read on a thread with a stack of [`DEEP_STACK`].
const MAX_DEPTH: usize = 1000;

/// Nesting read on the caller's stack (serde_json's limit keeps it safe).
const SHALLOW: usize = 100;

/// The stack of the thread that reads deeper nesting: 64 KiB a level
/// of [`MAX_DEPTH`], many times what a level takes (only the pages used
/// are ever touched).
const DEEP_STACK: usize = 64 << 20;

/// The tour file from JSON text whose arrays and objects nest `deepest`
/// deep, at most [`MAX_DEPTH`].
fn deserialize(text: &[u8], deepest: usize) -> serde_json::Result<TourFile> {
    let read = |unbounded: bool| {
        let mut json = serde_json::Deserializer::from_slice(text);
        if unbounded {
            json.disable_recursion_limit();
        }
        let file = TourFile::deserialize(&mut json)?;
        json.end()?;
        Ok(file)
    };
    if deepest <= SHALLOW {
        return read(false);
    }
    std::thread::scope(|scope| {
        match std::thread::Builder::new()
            .name("knight-json".into())
            .stack_size(DEEP_STACK)
            .spawn_scoped(scope, || read(true))
        {
            Ok(reader) => reader
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
            // No thread to be had: serde_json's own limit refuses the
            // file rather than risk the stack.
            Err(_) => read(false),
        }
    })
}

/// Refuses JSON whose arrays and objects nest deeper than a tour file
/// may (a puzzle file is held to the same bound).
pub(crate) fn shallow(text: &[u8]) -> Result<(), TourFileError> {
    depth(text)
        .map(|_| ())
        .map_err(|(line, column)| TourFileError::TooDeep {
            most: MAX_DEPTH,
            line,
            column,
        })
}

/// How deep arrays and objects nest; Err: where they first nest deeper
/// than [`MAX_DEPTH`] (line and column from 1, as serde_json counts them).
fn depth(text: &[u8]) -> Result<usize, (u64, u64)> {
    let (mut depth, mut deepest, mut line, mut line_start) = (0usize, 0usize, 1u64, 0usize);
    let (mut in_string, mut escaped) = (false, false);
    for (at, &b) in text.iter().enumerate() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
                if depth > MAX_DEPTH {
                    return Err((line, (at - line_start + 1) as u64));
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            b'\n' => {
                line += 1;
                line_start = at + 1;
            }
            _ => {}
        }
    }
    Ok(deepest)
}

/// Reads a numbered board: one line a row, the step at each square (1..N),
/// `.` for a blocked square, `0` or `-` for a square not visited yet. A
/// puzzle's board (with its `#` headline) is refused as a puzzle.
pub fn parse_numbered(text: &str) -> Result<TourFile, TourFileError> {
    numbered(text).map_err(|e| match e {
        TourFileError::Numbered(_) if crate::puzzle::file::parse(text, false).is_ok() => {
            TourFileError::Puzzle
        }
        e => e,
    })
}

fn numbered(text: &str) -> Result<TourFile, TourFileError> {
    let mut rows: Vec<Vec<&str>> = Vec::new();
    for line in text.lines() {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if !tokens.is_empty() {
            rows.push(tokens);
        }
    }
    if rows.is_empty() {
        return Err(TourFileError::Empty);
    }
    let cols = rows[0].len();
    let mut blocked = Vec::new();
    let mut steps: Vec<(u64, [i64; 2])> = Vec::new();
    for (r, line) in rows.iter().enumerate() {
        if line.len() != cols {
            return Err(NumberedError::Ragged {
                row: r,
                len: line.len(),
                cols,
            }
            .into());
        }
        for (c, tok) in line.iter().enumerate() {
            match *tok {
                "." => blocked.push([r as i64, c as i64]),
                "-" | "0" => {}
                t => {
                    let n: u64 = t.parse().map_err(|_| NumberedError::NotAStep {
                        token: t.into(),
                        row: r,
                        col: c,
                    })?;
                    steps.push((n, [r as i64, c as i64]));
                }
            }
        }
    }
    steps.sort_unstable_by_key(|&(n, _)| n);
    for (i, &(n, sq)) in steps.iter().enumerate() {
        let want = i as u64 + 1;
        if n != want {
            return Err(if n < want {
                NumberedError::Twice {
                    step: n,
                    row: sq[0],
                    col: sq[1],
                }
            } else {
                NumberedError::Missing(want)
            }
            .into());
        }
    }
    if steps.is_empty() {
        return Err(NumberedError::NoSteps.into());
    }
    Ok(TourFile {
        format: FORMAT_NAME.into(),
        version: 1,
        rows: rows.len() as u32,
        cols: cols as u32,
        blocked,
        closed: false,
        end: None,
        leaper: None,
        surface: None,
        path: steps.into_iter().map(|(_, sq)| sq).collect(),
        meta: None,
        extra: Map::new(),
    })
}

/// Writes the numbered board: steps 1..N right-aligned, `.` for blocked
/// squares, `-` for squares the path has not reached.
pub fn write_numbered<W: Write>(out: &mut W, board: &Board, path: &[u32]) -> io::Result<()> {
    let mut step = vec![0u32; board.len()];
    for (i, &idx) in path.iter().enumerate() {
        step[idx as usize] = i as u32 + 1;
    }
    write_numbered_steps(out, board, &step)
}

/// [`write_numbered`] from the step at each square (0: not reached), a
/// line formatted at a time.
pub fn write_numbered_steps<W: Write + ?Sized>(
    out: &mut W,
    board: &Board,
    step: &[u32],
) -> io::Result<()> {
    let width = board.len().max(1).to_string().len();
    let mut line = Vec::new();
    let mut digits = itoa::Buffer::new();
    for r in 0..board.rows() {
        line.clear();
        for c in 0..board.cols() {
            let sq = Square::new(r, c);
            if c > 0 {
                line.push(b' ');
            }
            let n = step[board.index(sq) as usize];
            let cell = if !board.is_free(sq) {
                "."
            } else if n == 0 {
                "-"
            } else {
                digits.format(n)
            };
            line.extend(std::iter::repeat_n(b' ', width.saturating_sub(cell.len())));
            line.extend_from_slice(cell.as_bytes());
        }
        line.push(b'\n');
        out.write_all(&line)?;
    }
    Ok(())
}
