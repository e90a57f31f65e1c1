//! Checking a tour file as it is read, without holding it: the path of a
//! JSON tour file goes square by square through a [`Walk`] while the rest
//! of the file (its fields, a few hundred bytes) is kept and read by serde
//! as a whole file would be. A 10^8-square file (1.3 GB) is checked in
//! the walk's 12.5 MB and a 64 KiB buffer.
//!
//! The path is streamed when the board is known before it, that is when
//! `rows`, `cols` and `blocked` come first, as in every file this program
//! writes and in the contract's example. Otherwise its squares are kept as
//! the steps between them, about a byte a square (see `steps.rs`), and
//! walked once the file is read. A numbered board is read whole.
//!
//! What is said of a file does not depend on how it was read: the bytes
//! are checked to the end whatever else is wrong ([`crate::files::TextCheck`]), then the
//! fields, then the path.

mod input;

use std::io::Read;
use std::sync::atomic::AtomicBool;

use thiserror::Error;

use super::compact::{Compact, CompactBuilder, HUGE};
use super::error::TourFileError;
use super::magic::{Magic, Sums};
use super::steps::Steps;
use super::walk::Walk;
use super::{Fault, FaultKind, Summary, TourFile, file, parse_numbered};
use crate::board::{Board, Square};
use crate::files::{FileLimit, ReadError};
use input::{Input, number};

/// A tour file read and checked.
#[derive(Debug)]
pub struct Checked {
    /// The file; its path is empty when it was streamed (or walked from
    /// its steps).
    pub file: TourFile,
    /// The board the file describes.
    pub board: Board,
    /// The path's first square.
    pub start: Option<[i64; 2]>,
    /// Squares in the path.
    pub squares: usize,
    /// What the path is, or its first fault. A repeated square's first
    /// visit is 0 when the path was streamed and not kept: [`first_visit`]
    /// finds it.
    pub summary: Result<Summary, Fault>,
    /// Whether the path was streamed (not in `file.path`).
    pub streamed: bool,
    /// The path's legal squares, when kept compactly (see [`Keep`]).
    pub compact: Option<Compact>,
    /// Whether a complete tour of a board without holes is magic or
    /// semimagic; `None` otherwise.
    pub magic: Option<Magic>,
}

/// Why a tour file was not checked.
#[derive(Debug, Error)]
pub enum CheckError {
    /// Not read, or read and refused for its bytes.
    #[error("{0}")]
    Read(#[from] ReadError),
    /// Read, but not a tour file.
    #[error("{0}")]
    Refused(#[from] TourFileError),
}

/// Reads and checks the tour file (JSON or numbered board) from `source`,
/// within `limit`.
pub fn check_file<R: Read>(source: R, limit: &FileLimit) -> Result<Checked, CheckError> {
    read_file(source, limit, Keep::Nothing, None)
}

/// What is kept of a path read by [`read_file`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Keep {
    /// Nothing: the squares are checked as they stream ([`check_file`]).
    #[default]
    Nothing,
    /// On a board of at least [`HUGE`] squares known before the path, its
    /// legal squares (those before the first fault) in
    /// [`Checked::compact`]; otherwise the list in the file's path.
    CompactWhenHuge,
    /// A streamed path's legal squares in [`Checked::compact`] on a board
    /// of any size: a repeated square's first visit is then found without
    /// reading the file again (standard input, a pipe).
    Compact,
}

/// [`check_file`], keeping what `keep` says of the path, and stopping
/// (as [`ReadError::Cancelled`]) when `cancel` is set.
pub fn read_file<R: Read>(
    source: R,
    limit: &FileLimit,
    keep: Keep,
    cancel: Option<&AtomicBool>,
) -> Result<Checked, CheckError> {
    let mut input = Input::new(source, limit);
    input.cancel = cancel;
    let mut head = input.head();
    if input.peek() != Some(b'{') || !head.iter().all(u8::is_ascii_whitespace) {
        // A numbered board: read whole.
        input.copy_rest(&mut head);
        input.drain()?;
        let text = String::from_utf8(head).map_err(|e| ReadError::NotUtf8 {
            offset: e.utf8_error().valid_up_to() as u64,
        })?;
        let file = parse_numbered(&text)?;
        return checked_whole(file);
    }
    let mut scan = Scan {
        skeleton: head,
        keep,
        ..Scan::default()
    };
    let fields = scan.object(&mut input);
    // The bytes are checked to the end, whatever the scan found.
    input.drain()?;
    fields?;
    let mut file = file::parse_json(&scan.skeleton, scan.shift)?;
    let Some(mut walked) = scan.walked else {
        return checked_whole(file);
    };
    let board = file.board()?;
    let Some(walk) = walked.walk.take() else {
        // The board came after the path, whose squares were kept.
        let kept = std::mem::take(&mut walked.kept);
        if keep == Keep::CompactWhenHuge && board.len() < HUGE {
            file.path = kept.squares().collect();
            return checked_whole(file);
        }
        return Ok(walk_kept(file, board, walked, &kept, keep));
    };
    if walk.geometry() != board.geometry() {
        // The piece or surface came after the path, which was checked as
        // the knight's on the plane.
        return Err(TourFileError::GeometryAfterPath.into());
    }
    if let Some(step) = walked.unheld {
        return Err(TourFileError::Unheld(step).into());
    }
    Ok(finish(file, board, walked, walk))
}

/// The check of a path whose squares were kept as steps while its board
/// was not known: walked now, as they would have streamed.
fn walk_kept(
    file: TourFile,
    board: Board,
    mut walked: Walked,
    kept: &Steps,
    keep: Keep,
) -> Checked {
    walked.walk = Some(Walk::new(&board));
    walked.sums = sums_for(&board);
    walked.cols = i64::from(board.cols());
    walked.builder = (keep != Keep::Nothing)
        .then(|| CompactBuilder::with_geometry(board.rows(), board.cols(), board.geometry()));
    for (k, [row, col]) in kept.squares().enumerate() {
        if walked.fault.is_some() {
            break;
        }
        walked.step(k + 1, row, col);
    }
    if let Some(Fault {
        kind: FaultKind::Repeated { square, first },
        ..
    }) = &mut walked.fault
    {
        let at = [i64::from(square.row), i64::from(square.col)];
        *first = kept.squares().position(|s| s == at).map_or(0, |i| i + 1);
    }
    let walk = walked.walk.take().expect("set above");
    finish(file, board, walked, walk)
}

/// The check of a path walked square by square.
fn finish(file: TourFile, board: Board, walked: Walked, walk: Walk) -> Checked {
    let compact = walked.builder.map(CompactBuilder::finish);
    let summary = match walked.fault {
        Some(mut f) => {
            // The compact path holds every square before the fault.
            if let (FaultKind::Repeated { square, first }, Some(c)) = (&mut f.kind, &compact) {
                *first = c.step(board.index(*square)) as usize;
            }
            Err(f)
        }
        None => walk
            .finish(file.closed)
            .and_then(|s| file.ends_right(s, walk.last(), walked.squares)),
    };
    let magic = magic_of(&summary, walked.sums.as_ref());
    Checked {
        file,
        board,
        start: walked.start,
        squares: walked.squares,
        summary,
        streamed: true,
        compact,
        magic,
    }
}

/// Sums for a board without holes.
fn sums_for(board: &Board) -> Option<Sums> {
    board
        .blocked()
        .is_empty()
        .then(|| Sums::new(board.rows(), board.cols()))
}

/// What a complete tour's sums make it.
fn magic_of(summary: &Result<Summary, Fault>, sums: Option<&Sums>) -> Option<Magic> {
    match summary {
        Ok(Summary::Complete { .. }) => sums?.magic(),
        _ => None,
    }
}

/// The check of a file whose path is held.
fn checked_whole(file: TourFile) -> Result<Checked, CheckError> {
    let board = file.board()?;
    let summary = file.check(&board);
    let sums = summary
        .is_ok()
        .then(|| sums_for(&board))
        .flatten()
        .map(|mut sums| {
            for &[r, c] in &file.path {
                sums.add(r as u32, c as u32);
            }
            sums
        });
    let magic = magic_of(&summary, sums.as_ref());
    Ok(Checked {
        start: file.path.first().copied(),
        squares: file.path.len(),
        board,
        summary,
        file,
        streamed: false,
        compact: None,
        magic,
    })
}

/// When a repeated square was first visited, from the file read again.
pub fn first_visit<R: Read>(fault: Fault, source: R, limit: &FileLimit) -> Fault {
    let FaultKind::Repeated { square, .. } = fault.kind else {
        return fault;
    };
    let mut input = Input::new(source, limit);
    let mut scan = Scan {
        find: Some((square, 0)),
        skeleton: input.head(),
        ..Scan::default()
    };
    let _ = scan.object(&mut input);
    let mut fault = fault;
    if let FaultKind::Repeated { first, .. } = &mut fault.kind {
        *first = scan.find.map_or(0, |(_, step)| step);
    }
    fault
}

/// What the scan of the path found.
struct Walked {
    /// The check, when the board was known before the path.
    walk: Option<Walk>,
    /// The legal squares held compactly (see [`Keep`]), and the columns
    /// that make a square's index.
    builder: Option<CompactBuilder>,
    cols: i64,
    /// The first step the walk took and the builder refused (none should).
    unheld: Option<usize>,
    /// Squares, kept when it was not.
    kept: Steps,
    fault: Option<Fault>,
    start: Option<[i64; 2]>,
    squares: usize,
    /// The step numbers summed by row and column, for a board without
    /// holes (see [`Magic`]).
    sums: Option<Sums>,
}

/// The scan of a JSON tour file's top-level object: everything but the
/// path's squares is copied into `skeleton` (the path as `[]`, with its
/// line ends, so serde's places stay right), the squares go to the walk.
#[derive(Default)]
struct Scan {
    skeleton: Vec<u8>,
    /// The raw values of `rows`, `cols`, `blocked`, `leaper` and
    /// `surface`, as they come.
    rows: Option<Vec<u8>>,
    cols: Option<Vec<u8>>,
    blocked: Option<Vec<u8>>,
    leaper: Option<Vec<u8>>,
    surface: Option<Vec<u8>>,
    walked: Option<Walked>,
    /// For [`first_visit`]: the square looked for, and the step it was
    /// found at (0 until then).
    find: Option<(Square, usize)>,
    keep: Keep,
    /// Where the skeleton's columns fall short of the file's (see
    /// [`file::Shift`]).
    shift: Option<file::Shift>,
}

/// A scan ends early at the end of the bytes (an error there is for
/// [`Input::drain`]), at anything unexpected outside the path (serde then
/// reports it where it is: the copy ends there), or at a path that is not
/// a list of squares (the message).
type Scanned = Result<(), TourFileError>;

impl Scan {
    /// The top-level object.
    fn object<R: Read>(&mut self, input: &mut Input<R>) -> Scanned {
        if !self.copy_byte(input, b'{') {
            return Ok(());
        }
        loop {
            match self.copy_blank(input) {
                Some(b'"') => {}
                Some(b'}') => {
                    self.skeleton.push(b'}');
                    input.bump();
                    // Then blank space, else one byte for serde to refuse.
                    if let Some(b) = self.copy_blank(input) {
                        self.skeleton.push(b);
                    }
                    return Ok(());
                }
                other => return self.refused_at(other),
            }
            let key_at = self.skeleton.len();
            if !self.copy_value(input) {
                return Ok(());
            }
            let key = self.skeleton[key_at..].to_vec();
            self.copy_blank(input);
            if !self.copy_byte(input, b':') {
                return Ok(());
            }
            self.copy_blank(input);
            if key == b"\"path\"" && self.walked.is_none() {
                self.path(input)?;
            } else {
                let value_at = self.skeleton.len();
                if !self.copy_value(input) {
                    return Ok(());
                }
                let value = Some(self.skeleton[value_at..].to_vec());
                match &key[..] {
                    b"\"rows\"" => self.rows = self.rows.take().or(value),
                    b"\"cols\"" => self.cols = self.cols.take().or(value),
                    b"\"blocked\"" => self.blocked = self.blocked.take().or(value),
                    b"\"leaper\"" => self.leaper = self.leaper.take().or(value),
                    b"\"surface\"" => self.surface = self.surface.take().or(value),
                    _ => {}
                }
            }
            match self.copy_blank(input) {
                Some(b',') => {
                    self.skeleton.push(b',');
                    input.bump();
                }
                Some(b'}') => {}
                other => return self.refused_at(other),
            }
        }
    }

    /// Ends the scan at an unexpected byte (or the end), copied for serde
    /// to refuse where it stands.
    fn refused_at(&mut self, byte: Option<u8>) -> Scanned {
        self.skeleton.extend(byte);
        Ok(())
    }

    /// Copies blank space; the next byte.
    fn copy_blank<R: Read>(&mut self, input: &mut Input<R>) -> Option<u8> {
        loop {
            let b = input.peek()?;
            if !matches!(b, b' ' | b'\t' | b'\r' | b'\n') {
                return Some(b);
            }
            self.skeleton.push(b);
            input.bump();
            if b == b'\n' {
                input.new_line();
            }
        }
    }

    /// Copies `want` if it is next; false (nothing copied) otherwise.
    fn copy_byte<R: Read>(&mut self, input: &mut Input<R>, want: u8) -> bool {
        let next = input.peek() == Some(want);
        if next {
            self.skeleton.push(want);
            input.bump();
        }
        next
    }

    /// Copies one value (a string, a number, a literal, an array or an
    /// object) without judging it; false if the file ends inside it.
    fn copy_value<R: Read>(&mut self, input: &mut Input<R>) -> bool {
        let mut depth = 0usize;
        let (mut in_string, mut escaped, mut started) = (false, false, false);
        loop {
            let Some(b) = input.peek() else {
                return false;
            };
            if in_string {
                if escaped {
                    escaped = false;
                } else if b == b'\\' {
                    escaped = true;
                } else if b == b'"' {
                    in_string = false;
                }
            } else {
                match b {
                    b'"' => in_string = true,
                    b'[' | b'{' => depth += 1,
                    b']' | b'}' if depth > 0 => depth -= 1,
                    b',' | b']' | b'}' | b' ' | b'\t' | b'\r' | b'\n' if depth == 0 => {
                        return started;
                    }
                    _ => {}
                }
            }
            self.skeleton.push(b);
            input.bump();
            if b == b'\n' {
                input.new_line();
            }
            started = true;
            // A string, array or object ends with its closing byte; a
            // number or literal at the delimiter after it.
            let scalar = matches!(b, b'-' | b'+' | b'.' | b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z');
            if depth == 0 && !in_string && !scalar {
                return true;
            }
        }
    }

    /// The board, when `rows`, `cols` and `blocked` came before the path
    /// and make one.
    fn board(&self) -> Option<Board> {
        fn parse<T: serde::de::DeserializeOwned>(raw: &Option<Vec<u8>>) -> Option<T> {
            serde_json::from_slice(raw.as_deref()?).ok()
        }
        let leaper = match &self.leaper {
            Some(_) => Some(parse::<[u32; 2]>(&self.leaper)?),
            None => None,
        };
        let surface = match &self.surface {
            Some(_) => Some(parse::<String>(&self.surface)?),
            None => None,
        };
        file::board_of(
            parse(&self.rows)?,
            parse(&self.cols)?,
            &parse::<Vec<[i64; 2]>>(&self.blocked)?,
            file::geometry_of(leaper, surface.as_deref()).ok()?,
        )
        .ok()
    }

    /// The path: `[`, squares `[row, col]` separated by commas, `]`. Its
    /// squares go to the walk (or are kept); the skeleton gets `[]` where
    /// the path ends, on the same line and column as in the file.
    fn path<R: Read>(&mut self, input: &mut Input<R>) -> Scanned {
        // Looking for a square needs no board; keeping the path compactly
        // needs a huge one, else the path is kept as a list.
        let board = self.find.is_none().then(|| self.board()).flatten();
        let huge = board.as_ref().is_some_and(|b| b.len() >= HUGE);
        let board = board.filter(|_| self.keep != Keep::CompactWhenHuge || huge);
        let mut walked = Walked {
            walk: board.as_ref().map(Walk::new),
            builder: board
                .as_ref()
                .filter(|_| self.keep != Keep::Nothing)
                .map(|b| CompactBuilder::with_geometry(b.rows(), b.cols(), b.geometry())),
            cols: board.as_ref().map_or(1, |b| i64::from(b.cols())),
            unheld: None,
            kept: Steps::default(),
            fault: None,
            start: None,
            squares: 0,
            sums: board.as_ref().and_then(sums_for),
        };
        let lines = input.line;
        let result = self.squares(input, &mut walked);
        self.walked = Some(walked);
        for _ in lines..input.line {
            self.skeleton.push(b'\n');
        }
        // The file's column after the path, and the skeleton's after `[]`
        // (both from 0): what follows on the line is that much further
        // right in the file (a whole path on one line: a gigabyte).
        let column = input.base + input.pos as u64 - input.line_start;
        let line_start = self
            .skeleton
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        self.skeleton.extend_from_slice(b"[]");
        let here = (self.skeleton.len() - line_start) as u64;
        self.shift = Some(file::Shift {
            line: input.line,
            after: here,
            by: column.saturating_sub(here),
        });
        result
    }

    fn squares<R: Read>(&mut self, input: &mut Input<R>, walked: &mut Walked) -> Scanned {
        let fail = |input: &mut Input<R>, what: &'static str, step: usize| {
            let place = input.place();
            TourFileError::PathSyntax {
                step,
                what,
                found: input.quote(),
                place,
            }
        };
        if input.peek() != Some(b'[') {
            return Err(fail(input, "expected a list of squares", 0));
        }
        input.bump();
        let mut k = 0usize;
        loop {
            match input.blank() {
                Some(b']') if k == 0 => {
                    input.bump();
                    return Ok(());
                }
                Some(b'[') => {}
                None => return Ok(()),
                _ => return Err(fail(input, "expected '[' to begin [row, col]", k + 1)),
            }
            k += 1;
            let (row, col) = match input.plain_square() {
                Some(square) => square,
                None => {
                    input.bump();
                    input.blank();
                    let row = number(input).map_err(|what| fail(input, what, k))?;
                    if input.blank() != Some(b',') {
                        return Err(fail(input, "expected ',' between row and column", k));
                    }
                    input.bump();
                    input.blank();
                    let col = number(input).map_err(|what| fail(input, what, k))?;
                    if input.blank() != Some(b']') {
                        return Err(fail(input, "expected ']' after the column", k));
                    }
                    input.bump();
                    (row, col)
                }
            };
            self.square(walked, row, col);
            match input.blank() {
                Some(b',') => input.bump(),
                Some(b']') => {
                    input.bump();
                    return Ok(());
                }
                None => return Ok(()),
                _ => return Err(fail(input, "expected ',' or the path's closing ']'", k)),
            }
        }
    }

    #[inline(always)]
    fn square(&mut self, walked: &mut Walked, row: i64, col: i64) {
        walked.squares += 1;
        if walked.start.is_none() {
            walked.start = Some([row, col]);
        }
        if let Some((want, step)) = &mut self.find {
            if *step == 0 && i64::from(want.row) == row && i64::from(want.col) == col {
                *step = walked.squares;
            }
        } else if walked.walk.is_some() {
            walked.step(walked.squares, row, col);
        } else {
            walked.kept.push(row, col);
        }
    }
}

impl Walked {
    /// The path's square at step `k` through the walk (which is set),
    /// and into the compact path if one is kept.
    #[inline(always)]
    fn step(&mut self, k: usize, row: i64, col: i64) {
        let Some(walk) = &mut self.walk else {
            return;
        };
        if self.fault.is_some() {
            return;
        }
        match walk.step(row, col) {
            Ok(()) => {
                if let Some(sums) = &mut self.sums {
                    sums.add(row as u32, col as u32);
                }
                if let Some(b) = &mut self.builder
                    && !b.push((row * self.cols + col) as u32)
                {
                    // The walk took a step the compact path does not
                    // hold: no verdict rather than a wrong one.
                    self.unheld.get_or_insert(k);
                }
            }
            Err(f) => self.fault = Some(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_on_one_line_leaves_a_skeleton_of_the_fields_alone() {
        // 200,000 squares on one line, a field after them: the skeleton
        // holds the fields, not a space for each byte of the path.
        let path = vec!["[0,0]"; 200_000].join(",");
        let text = format!(
            r#"{{"format":"knight-tour","version":1,"rows":5,"cols":5,"blocked":[],"path":[{path}],"closed":false}}"#
        );
        let limit = FileLimit::tour_file();
        let mut input = Input::new(text.as_bytes(), &limit);
        let mut scan = Scan {
            skeleton: input.head(),
            ..Scan::default()
        };
        scan.object(&mut input).unwrap();
        assert!(scan.skeleton.len() < 200, "{} bytes", scan.skeleton.len());
        let shift = scan.shift.expect("a path");
        assert_eq!((shift.line, shift.by as usize), (1, path.len()));
    }
}
