//! The bytes of a tour file through a 64 KiB buffer, checked once as
//! they come in, with the places and quotes that messages need.

use std::io::{self, Read};
use std::sync::atomic::{AtomicBool, Ordering};

use crate::files::{FileLimit, ReadError, TextCheck};

/// The file's bytes through a buffer, each checked once as it comes in.
/// The first error ends the bytes; [`Input::drain`] reports it.
pub(super) struct Input<'l, R> {
    source: R,
    /// Set to stop the read (a chunk at a time).
    pub(super) cancel: Option<&'l AtomicBool>,
    check: TextCheck<'l>,
    error: Option<ReadError>,
    buf: Box<[u8]>,
    pub(super) pos: usize,
    end: usize,
    eof: bool,
    /// Lines before the buffer's position, and where the current one
    /// began (in bytes from the file's start), for messages.
    pub(super) line: u64,
    pub(super) line_start: u64,
    /// Bytes of the file before `buf[0]`.
    pub(super) base: u64,
}

const CHUNK: usize = 64 * 1024;

impl<'l, R: Read> Input<'l, R> {
    pub(super) fn new(source: R, limit: &'l FileLimit) -> Self {
        Input {
            source,
            cancel: None,
            check: TextCheck::new(limit),
            error: None,
            buf: vec![0; CHUNK].into_boxed_slice(),
            pos: 0,
            end: 0,
            eof: false,
            line: 1,
            line_start: 0,
            base: 0,
        }
    }

    #[inline(always)]
    pub(super) fn peek(&mut self) -> Option<u8> {
        if self.pos < self.end {
            Some(self.buf[self.pos])
        } else {
            self.fill()
        }
    }

    #[inline(always)]
    pub(super) fn bump(&mut self) {
        self.pos += 1;
    }

    /// Reads the next chunk (the buffer is used up); its first byte.
    #[cold]
    fn fill(&mut self) -> Option<u8> {
        if self.eof {
            return None;
        }
        self.base += self.end as u64;
        self.pos = 0;
        self.end = 0;
        let read = loop {
            if self.cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                break Err(ReadError::Cancelled);
            }
            match self.source.read(&mut self.buf) {
                Ok(0) => break self.check.end().map(|()| 0),
                Ok(n) => break self.check.chunk(&self.buf[..n]).map(|()| n),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => break Err(e.into()),
            }
        };
        match read {
            Ok(n) if n > 0 => {
                self.end = n;
                Some(self.buf[0])
            }
            other => {
                self.eof = true;
                self.error = other.err();
                None
            }
        }
    }

    /// Skips a byte order mark (some editors write one); the bytes taken
    /// when what began like one was not.
    fn skip_bom(&mut self) -> Vec<u8> {
        let mut taken = Vec::new();
        for &b in "\u{feff}".as_bytes() {
            if self.peek() != Some(b) {
                return taken;
            }
            taken.push(b);
            self.bump();
        }
        Vec::new()
    }

    /// What comes before a JSON file's `{`: a byte order mark, or blank
    /// space (the bytes taken, for the skeleton or a numbered board).
    pub(super) fn head(&mut self) -> Vec<u8> {
        let mut head = self.skip_bom();
        if head.is_empty() {
            while let Some(b) = self.peek().filter(u8::is_ascii_whitespace) {
                head.push(b);
                self.bump();
            }
        }
        head
    }

    /// A square as this program writes it, `[row,col]` with at most eight
    /// digits each, read straight from the buffer; `None` (nothing read)
    /// for any other form, or near the buffer's end, which the byte by
    /// byte reading then takes.
    #[inline(always)]
    pub(super) fn plain_square(&mut self) -> Option<(i64, i64)> {
        let bytes = &self.buf[self.pos..self.end];
        if bytes.len() < 24 {
            return None;
        }
        let (row, a) = digits(&bytes[1..])?;
        let (col, b) = digits(&bytes[2 + a..])?;
        if bytes[1 + a] != b',' || bytes[2 + a + b] != b']' {
            return None;
        }
        self.pos += 3 + a + b;
        Some((row, col))
    }

    /// Skips blank space, counting lines; the next byte.
    #[inline(always)]
    pub(super) fn blank(&mut self) -> Option<u8> {
        loop {
            match self.peek() {
                Some(b'\n') => {
                    self.bump();
                    self.new_line();
                }
                Some(b' ' | b'\t' | b'\r') => self.bump(),
                other => return other,
            }
        }
    }

    /// Notes that a line ended just before the position.
    pub(super) fn new_line(&mut self) {
        self.line += 1;
        self.line_start = self.base + self.pos as u64;
    }

    /// Where the next byte is, as people count it.
    pub(super) fn place(&self) -> String {
        let column = self.base + self.pos as u64 - self.line_start + 1;
        format!("line {} column {column}", self.line)
    }

    /// A few characters from here to the line's end, for a message.
    pub(super) fn quote(&mut self) -> String {
        let mut bytes = Vec::new();
        while let Some(b) = self.peek().filter(|&b| b != b'\n' && b != b'\r') {
            if bytes.len() == 40 {
                bytes.extend_from_slice("…".as_bytes());
                break;
            }
            bytes.push(b);
            self.bump();
        }
        String::from_utf8_lossy(&bytes).into_owned()
    }

    /// Appends the rest of the file to `out`.
    pub(super) fn copy_rest(&mut self, out: &mut Vec<u8>) {
        while self.peek().is_some() {
            out.extend_from_slice(&self.buf[self.pos..self.end]);
            self.pos = self.end;
        }
    }

    /// Reads (and so checks) the rest of the file; the first error.
    pub(super) fn drain(&mut self) -> Result<(), ReadError> {
        while self.peek().is_some() {
            self.pos = self.end;
        }
        self.error.take().map_or(Ok(()), Err)
    }
}

/// The number at the start of `bytes`, of one to eight digits without a
/// leading zero, and its length; `None` for anything else.
#[inline(always)]
fn digits(bytes: &[u8]) -> Option<(i64, usize)> {
    let mut n = 0;
    let mut k = 0;
    while k < 9 && bytes[k].is_ascii_digit() {
        n = n * 10 + i64::from(bytes[k] - b'0');
        k += 1;
    }
    let plain = (1..9).contains(&k) && (k == 1 || bytes[0] != b'0');
    plain.then_some((n, k))
}

/// A JSON integer that fits in an i64.
#[inline(always)]
pub(super) fn number<R: Read>(input: &mut Input<R>) -> Result<i64, &'static str> {
    let negative = input.peek() == Some(b'-');
    if negative {
        input.bump();
    }
    let mut n: i64 = 0;
    let mut digits = 0;
    while let Some(b @ b'0'..=b'9') = input.peek() {
        if digits == 1 && n == 0 {
            return Err("a number with a leading zero");
        }
        let d = i64::from(b - b'0');
        n = n
            .checked_mul(10)
            .and_then(|n| {
                if negative {
                    n.checked_sub(d)
                } else {
                    n.checked_add(d)
                }
            })
            .ok_or("a number beyond 64 bits")?;
        digits += 1;
        input.bump();
    }
    match input.peek() {
        _ if digits == 0 => Err("expected a whole number"),
        // serde_json reads -0 as the float -0.0, which a whole read refuses.
        _ if negative && n == 0 => Err("expected a whole number, not -0"),
        Some(b'.' | b'e' | b'E') => Err("expected a whole number"),
        _ => Ok(n),
    }
}
