//! Tours: checking a path square by square, and the two file forms (the JSON
//! tour file, version 1, and the numbered board), read and written.

use std::fmt;
use std::io::{self, Write};
use std::path::Path;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::board::{Board, MOVES, Square};
use crate::solver::Stats;
use crate::words::ms;

/// What a checked path is, when nothing is wrong with its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Summary {
    /// Every free square visited once; `closed` when the last square is a
    /// knight's move from the first.
    Complete { closed: bool },
    /// A legal path that stops short of the whole board.
    Partial { visited: usize, total: usize },
}

/// The first thing wrong with a path; `step` counts from 1 (the start).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub step: usize,
    pub kind: FaultKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FaultKind {
    /// The square is not on the board.
    OffBoard { row: i64, col: i64 },
    /// The square is blocked.
    Blocked(Square),
    /// The square was already visited at `first`.
    Repeated { square: Square, first: usize },
    /// The step is not a knight's move.
    NotKnightMove { from: Square, to: Square },
    /// The tour was declared closed but its ends are not a knight's move apart.
    NotClosed { last: Square, first: Square },
    /// An empty path.
    Empty,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = self.step;
        match &self.kind {
            FaultKind::OffBoard { row, col } => {
                write!(f, "step {s}: {row},{col} is off the board")
            }
            FaultKind::Blocked(sq) => write!(f, "step {s}: {sq} is blocked"),
            FaultKind::Repeated { square, first } => {
                write!(f, "step {s}: {square} was already visited at step {first}")
            }
            FaultKind::NotKnightMove { from, to } => {
                write!(f, "step {s}: {from} -> {to} is not a knight move")
            }
            FaultKind::NotClosed { last, first } => write!(
                f,
                "step {s}: the tour is marked closed but its last square {last} is not a knight move from its first {first}"
            ),
            FaultKind::Empty => write!(f, "the path is empty"),
        }
    }
}

impl FaultKind {
    /// A short reason, for messages such as "illegal: square already visited".
    pub fn reason(&self) -> &'static str {
        match self {
            FaultKind::OffBoard { .. } => "off the board",
            FaultKind::Blocked(_) => "blocked",
            FaultKind::Repeated { .. } => "square already visited",
            FaultKind::NotKnightMove { .. } => "not a knight move",
            FaultKind::NotClosed { .. } => "not closed",
            FaultKind::Empty => "empty path",
        }
    }
}

/// Checks a path of (row, col) pairs on `board` square by square. A complete
/// tour with `must_close` set must end a knight's move from its start.
pub fn check<I>(board: &Board, path: I, must_close: bool) -> Result<Summary, Fault>
where
    I: IntoIterator<Item = (i64, i64)>,
{
    // Step at which each square was visited (0: not yet). u32 keeps the
    // 10,000 x 10,000 case at 400 MB.
    let mut seen = vec![0u32; board.len()];
    let mut prev: Option<Square> = None;
    let mut first: Option<Square> = None;
    let mut count = 0usize;
    for (i, (row, col)) in path.into_iter().enumerate() {
        let step = i + 1;
        let fault = |kind| Err(Fault { step, kind });
        if row < 0 || col < 0 || row >= board.rows() as i64 || col >= board.cols() as i64 {
            return fault(FaultKind::OffBoard { row, col });
        }
        let sq = Square::new(row as u32, col as u32);
        if !board.is_free(sq) {
            return fault(FaultKind::Blocked(sq));
        }
        let idx = board.index(sq) as usize;
        if seen[idx] != 0 {
            return fault(FaultKind::Repeated {
                square: sq,
                first: seen[idx] as usize,
            });
        }
        if let Some(p) = prev
            && !p.is_knight_move(sq)
        {
            return fault(FaultKind::NotKnightMove { from: p, to: sq });
        }
        seen[idx] = step as u32;
        prev = Some(sq);
        first.get_or_insert(sq);
        count = step;
    }
    let (Some(first), Some(last)) = (first, prev) else {
        return Err(Fault {
            step: 1,
            kind: FaultKind::Empty,
        });
    };
    if count < board.free_count() {
        return Ok(Summary::Partial {
            visited: count,
            total: board.free_count(),
        });
    }
    let closed = count > 2 && last.is_knight_move(first);
    if must_close && !closed {
        return Err(Fault {
            step: count,
            kind: FaultKind::NotClosed { last, first },
        });
    }
    Ok(Summary::Complete { closed })
}

/// Checks a path of square indices (as the engine produces them).
///
/// A valid path is confirmed by a quick pass (a bit per square, no
/// division per step: 10^8 squares in well under a second and 12.5 MB); only
/// a faulty one is gone over again to name its first fault.
pub fn check_indices(board: &Board, path: &[u32], must_close: bool) -> Result<Summary, Fault> {
    if let Some(summary) = quick_check(board, path, must_close) {
        return Ok(summary);
    }
    check(
        board,
        path.iter().map(|&i| {
            let sq = board.square(i);
            (sq.row as i64, sq.col as i64)
        }),
        must_close,
    )
}

/// [`check_indices`] for paths without a fault: `None` at the first doubt.
fn quick_check(board: &Board, path: &[u32], must_close: bool) -> Option<Summary> {
    let (rows, cols) = (board.rows() as i64, board.cols() as i64);
    let deltas = MOVES.map(|(dr, dc)| (dr as i64 * cols + dc as i64, dr as i64, dc as i64));
    let first = *path.first()? as usize;
    if first >= board.len() {
        return None;
    }
    let mut seen = vec![0u64; board.len().div_ceil(64)];
    let (mut row, mut col) = (first as i64 / cols, first as i64 % cols);
    let mut prev = first as i64;
    for (i, &at) in path.iter().enumerate() {
        let at = at as i64;
        if i > 0 {
            let d = at - prev;
            let &(_, dr, dc) = deltas.iter().find(|m| m.0 == d)?;
            row += dr;
            col += dc;
            if row < 0 || col < 0 || row >= rows || col >= cols {
                return None;
            }
        }
        let sq = Square::new(row as u32, col as u32);
        let (word, bit) = (at as usize / 64, 1u64 << (at % 64));
        if !board.is_free(sq) || seen[word] & bit != 0 {
            return None;
        }
        seen[word] |= bit;
        prev = at;
    }
    if path.len() < board.free_count() {
        return Some(Summary::Partial {
            visited: path.len(),
            total: board.free_count(),
        });
    }
    let closed = path.len() > 2
        && board
            .square(first as u32)
            .is_knight_move(Square::new(row as u32, col as u32));
    (closed || !must_close).then_some(Summary::Complete { closed })
}

/// The tour file, version 1, as it is on disk. Squares stay signed so that a
/// bad square is reported as a fault at its step, not as a parse error.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TourFile {
    pub format: String,
    pub version: u32,
    pub rows: u32,
    pub cols: u32,
    #[serde(default)]
    pub blocked: Vec<[i64; 2]>,
    #[serde(default)]
    pub closed: bool,
    pub path: Vec<[i64; 2]>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meta: Option<Map<String, Value>>,
    /// Fields this version does not know, kept on load and save.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

pub const FORMAT_NAME: &str = "knight-tour";

/// A tour as read from a file, in either form.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub file: TourFile,
    /// True when it was read from a numbered board.
    pub numbered: bool,
}

impl TourFile {
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
        stats: &Stats,
    ) -> Self {
        let mut meta = Map::new();
        meta.insert("algorithm".into(), algorithm.into());
        meta.insert("nodes".into(), stats.nodes.into());
        meta.insert("elapsed_ms".into(), serde_json::json!(ms(stats.elapsed)));
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

    /// The board the file describes (size and blocked squares).
    pub fn board(&self) -> Result<Board, String> {
        let mut blocked = Vec::with_capacity(self.blocked.len());
        for &[r, c] in &self.blocked {
            if r < 0 || c < 0 || r >= self.rows as i64 || c >= self.cols as i64 {
                return Err(format!(
                    "blocked square {r},{c} is off the {}x{} board",
                    self.rows, self.cols
                ));
            }
            blocked.push(Square::new(r as u32, c as u32));
        }
        Ok(Board::new(self.rows, self.cols, &blocked)?)
    }

    /// Checks the path on the file's board.
    pub fn check(&self, board: &Board) -> Result<Summary, Fault> {
        check(board, self.path.iter().map(|&[r, c]| (r, c)), self.closed)
    }

    /// Writes the JSON form: fields first, then the path, ten squares a line,
    /// streamed so a 10^8-square tour never exists as one string.
    pub fn write_json<W: Write + ?Sized>(&self, out: &mut W, compact: bool) -> io::Result<()> {
        let nl = if compact { "" } else { "\n" };
        let ind = if compact { "" } else { "  " };
        let sp = if compact { "" } else { " " };
        write!(out, "{{{nl}")?;
        write!(out, "{ind}\"format\":{sp}{},{nl}", json(&self.format))?;
        write!(out, "{ind}\"version\":{sp}{},{nl}", self.version)?;
        write!(out, "{ind}\"rows\":{sp}{},{nl}", self.rows)?;
        write!(out, "{ind}\"cols\":{sp}{},{nl}", self.cols)?;
        write!(out, "{ind}\"blocked\":{sp}[")?;
        for (i, [r, c]) in self.blocked.iter().enumerate() {
            let sep = if i == 0 { "" } else { "," };
            write!(out, "{sep}[{r},{sp}{c}]")?;
        }
        write!(out, "],{nl}")?;
        write!(out, "{ind}\"closed\":{sp}{},{nl}", self.closed)?;
        if let Some(meta) = &self.meta {
            write!(out, "{ind}\"meta\":{sp}{},{nl}", json(meta))?;
        }
        for (k, v) in &self.extra {
            write!(out, "{ind}{}:{sp}{},{nl}", json(k), json(v))?;
        }
        write!(out, "{ind}\"path\":{sp}[")?;
        for (i, [r, c]) in self.path.iter().enumerate() {
            if i > 0 {
                write!(out, ",")?;
                if !compact && i % 10 == 0 {
                    write!(out, "\n{ind}{ind}")?;
                } else {
                    write!(out, "{sp}")?;
                }
            }
            write!(out, "[{r},{c}]")?;
        }
        write!(out, "]{nl}}}")?;
        writeln!(out)
    }
}

fn json<T: Serialize + ?Sized>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_else(|_| "null".into())
}

/// Reads a tour from text: the JSON tour file (text starting with `{`) or a
/// numbered board. The error is one line saying what is wrong.
pub fn parse(text: &str) -> Result<Loaded, String> {
    if text.trim_start().starts_with('{') {
        let file: TourFile =
            serde_json::from_str(text).map_err(|e| format!("not a valid tour file: {e}"))?;
        if file.format != FORMAT_NAME {
            return Err(format!(
                "not a tour file: format is \"{}\", expected \"{FORMAT_NAME}\"",
                file.format
            ));
        }
        if file.version != 1 {
            return Err(format!(
                "tour file version {} is not supported (this program reads version 1)",
                file.version
            ));
        }
        if file.rows == 0 || file.cols == 0 {
            return Err(format!(
                "the tour file's board is {}x{}; it needs at least one row and column",
                file.rows, file.cols
            ));
        }
        Ok(Loaded {
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

/// Reads a numbered board: one line a row, the step at each square (1..N),
/// `.` for a blocked square, `0` or `-` for a square not visited yet.
pub fn parse_numbered(text: &str) -> Result<TourFile, String> {
    let mut rows: Vec<Vec<&str>> = Vec::new();
    for line in text.lines() {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if !tokens.is_empty() {
            rows.push(tokens);
        }
    }
    if rows.is_empty() {
        return Err("the file is empty: expected a tour file or a numbered board".into());
    }
    let cols = rows[0].len();
    let mut blocked = Vec::new();
    let mut steps: Vec<(u64, [i64; 2])> = Vec::new();
    for (r, line) in rows.iter().enumerate() {
        if line.len() != cols {
            return Err(format!(
                "numbered board: row {r} has {} squares, row 0 has {cols}",
                line.len()
            ));
        }
        for (c, tok) in line.iter().enumerate() {
            match *tok {
                "." => blocked.push([r as i64, c as i64]),
                "-" | "0" => {}
                t => {
                    let n: u64 = t.parse().map_err(|_| {
                        format!("numbered board: '{t}' at {r},{c} is not a step number, '.' or '-'")
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
                format!(
                    "numbered board: step {n} appears twice (at {},{} too)",
                    sq[0], sq[1]
                )
            } else {
                format!("numbered board: step {want} is missing")
            });
        }
    }
    if steps.is_empty() {
        return Err("numbered board: no step numbers".into());
    }
    Ok(TourFile {
        format: FORMAT_NAME.into(),
        version: 1,
        rows: rows.len() as u32,
        cols: cols as u32,
        blocked,
        closed: false,
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
    let width = board.len().max(1).to_string().len();
    let mut line = String::new();
    for r in 0..board.rows() {
        line.clear();
        for c in 0..board.cols() {
            let sq = Square::new(r, c);
            if c > 0 {
                line.push(' ');
            }
            let n = step[board.index(sq) as usize];
            let cell = if !board.is_free(sq) {
                ".".to_string()
            } else if n == 0 {
                "-".to_string()
            } else {
                n.to_string()
            };
            line.push_str(&format!("{cell:>width$}"));
        }
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// Writes a file atomically: into a temporary file in the same folder, then
/// renamed over the target, so an interrupted write never leaves half a file.
pub fn write_atomic<F>(path: &Path, fill: F) -> io::Result<()>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let result = (|| {
        let file = std::fs::File::create(&tmp)?;
        let mut w = io::BufWriter::new(file);
        fill(&mut w)?;
        let file = w.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b(r: u32, c: u32) -> Board {
        Board::new(r, c, &[]).unwrap()
    }

    #[test]
    fn index_paths_are_checked_square_by_square() {
        let board = Board::new(8, 8, &[Square::new(7, 7)]).unwrap();
        let i = |r, c| board.index(Square::new(r, c));
        // 0,7 -> 3,0 is index + 17, a knight's move in index terms that
        // wraps round the edge.
        let fault = check_indices(&board, &[i(0, 7), i(3, 0)], false).unwrap_err();
        assert_eq!(fault.step, 2);
        assert!(matches!(fault.kind, FaultKind::NotKnightMove { .. }));
        let fault = check_indices(&board, &[i(0, 0), i(1, 2), i(0, 0)], false).unwrap_err();
        assert!(matches!(fault.kind, FaultKind::Repeated { first: 1, .. }));
        let fault = check_indices(&board, &[i(5, 6), i(7, 7)], false).unwrap_err();
        assert!(matches!(fault.kind, FaultKind::Blocked(_)));
        assert_eq!(
            check_indices(&board, &[i(0, 0), i(2, 1)], false),
            Ok(Summary::Partial {
                visited: 2,
                total: 63
            })
        );
    }

    // A 5x5 open tour from the corner.
    const T5: &str = concat!(
        " 1 14  9 20  3\n",
        "24 19  2 15 10\n",
        "13  8 25  4 21\n",
        "18 23  6 11 16\n",
        " 7 12 17 22  5\n",
    );

    #[test]
    fn numbered_board_round_trip() {
        let f = parse_numbered(T5).unwrap();
        let board = f.board().unwrap();
        assert_eq!(f.check(&board), Ok(Summary::Complete { closed: false }));
        let idx: Vec<u32> = f
            .path
            .iter()
            .map(|&[r, c]| board.index(Square::new(r as u32, c as u32)))
            .collect();
        let mut out = Vec::new();
        write_numbered(&mut out, &board, &idx).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), T5);
    }

    #[test]
    fn json_round_trip_keeps_unknown_fields() {
        let text = r#"{"format":"knight-tour","version":1,"rows":3,"cols":4,"closed":false,
            "path":[[0,0],[2,1]],"comment":"hi","meta":{"algorithm":"x"}}"#;
        let l = parse(text).unwrap();
        assert!(!l.numbered);
        assert_eq!(l.file.extra.get("comment"), Some(&Value::from("hi")));
        for compact in [true, false] {
            let mut out = Vec::new();
            l.file.write_json(&mut out, compact).unwrap();
            let back = parse(std::str::from_utf8(&out).unwrap()).unwrap().file;
            assert_eq!(back.path, l.file.path);
            assert_eq!(back.extra, l.file.extra);
            assert_eq!(back.meta, l.file.meta);
        }
    }

    #[test]
    fn first_fault_is_reported_with_its_step() {
        let board = b(5, 5);
        let f = |p: &[(i64, i64)]| check(&board, p.iter().copied(), false);
        assert_eq!(
            f(&[(0, 0), (1, 2), (2, 2)]).unwrap_err().kind,
            FaultKind::NotKnightMove {
                from: Square::new(1, 2),
                to: Square::new(2, 2)
            }
        );
        assert_eq!(f(&[(0, 0), (1, 2), (2, 2)]).unwrap_err().step, 3);
        assert_eq!(
            f(&[(0, 0), (1, 2), (0, 0)]).unwrap_err().kind,
            FaultKind::Repeated {
                square: Square::new(0, 0),
                first: 1
            }
        );
        assert_eq!(f(&[(0, 0), (-2, 1)]).unwrap_err().step, 2);
        assert!(matches!(
            f(&[(0, 0), (2, 5)]).unwrap_err().kind,
            FaultKind::OffBoard { .. }
        ));
        assert_eq!(f(&[]).unwrap_err().kind, FaultKind::Empty);
        assert_eq!(
            f(&[(0, 0), (1, 2)]),
            Ok(Summary::Partial {
                visited: 2,
                total: 25
            })
        );
        let holed = Board::new(5, 5, &[Square::new(1, 2)]).unwrap();
        assert!(matches!(
            check(&holed, [(0, 0), (1, 2)], false).unwrap_err().kind,
            FaultKind::Blocked(_)
        ));
    }

    #[test]
    fn closed_flag_is_checked() {
        let f = parse_numbered(T5).unwrap();
        let board = f.board().unwrap();
        let e = check(&board, f.path.iter().map(|&[r, c]| (r, c)), true).unwrap_err();
        assert_eq!(e.step, 25);
        assert!(e.to_string().contains("marked closed"));
    }

    #[test]
    fn bad_numbered_boards() {
        assert!(parse_numbered("").unwrap_err().contains("empty"));
        assert!(parse_numbered("1 2\n3").unwrap_err().contains("row 1"));
        assert!(parse_numbered("1 x").unwrap_err().contains("'x'"));
        assert!(
            parse_numbered("1 3")
                .unwrap_err()
                .contains("step 2 is missing")
        );
        assert!(parse_numbered("1 1").unwrap_err().contains("twice"));
        assert!(
            parse("{\"format\":\"knight-tour\"")
                .unwrap_err()
                .contains("not a valid")
        );
        assert!(
            parse(r#"{"format":"chess","version":1,"rows":1,"cols":1,"path":[]}"#)
                .unwrap_err()
                .contains("format")
        );
    }

    #[test]
    fn atomic_write_replaces_whole_file() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("t.json");
        write_atomic(&p, |w| w.write_all(b"one")).unwrap();
        let e = write_atomic(&p, |w| {
            w.write_all(b"partial")?;
            Err(io::Error::other("interrupted"))
        });
        assert!(e.is_err());
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "one");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }
}
