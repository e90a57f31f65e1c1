//! The JSON tour file written: the board's fields, the path a square at a
//! time through a buffer of its own, then `meta` and unknown fields.

use std::io::{self, Write};

use serde::Serialize;

use super::TourFile;

impl TourFile {
    /// Writes the JSON form: the board's fields, the path ten squares a
    /// line, then `meta` and unknown fields (the contract's order).
    pub fn write_json<W: Write + ?Sized>(&self, out: &mut W, compact: bool) -> io::Result<()> {
        let mut json = self.start_json(out, compact)?;
        for &[r, c] in &self.path {
            json.square(r, c)?;
        }
        json.finish(self)
    }

    /// Starts the JSON form of this file without its path, whose squares
    /// then go to [`JsonTour::square`] as they come, so a 10^8-square
    /// tour never exists whole; [`JsonTour::finish`] ends it with `meta`
    /// and unknown fields, which may be known only by then.
    pub fn start_json<'w, W: Write + ?Sized>(
        &self,
        out: &'w mut W,
        compact: bool,
    ) -> io::Result<JsonTour<'w, W>> {
        let s = Spacing::new(compact);
        let (nl, ind, sp) = (s.nl, s.ind, s.sp);
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
        if let Some([r, c]) = self.end {
            write!(out, "{ind}\"end\":{sp}[{r},{sp}{c}],{nl}")?;
        }
        if let Some([a, b]) = self.leaper {
            write!(out, "{ind}\"leaper\":{sp}[{a},{sp}{b}],{nl}")?;
        }
        if let Some(s) = &self.surface {
            write!(out, "{ind}\"surface\":{sp}{},{nl}", json(s))?;
        }
        write!(out, "{ind}\"path\":{sp}[")?;
        Ok(JsonTour {
            out,
            spacing: s,
            squares: 0,
            buf: vec![0; BUFFER + SLACK].into_boxed_slice(),
            pos: 0,
        })
    }
}

/// Line ends, indents and spaces of the JSON form, none when compact.
#[derive(Clone, Copy)]
struct Spacing {
    nl: &'static str,
    ind: &'static str,
    sp: &'static str,
}

impl Spacing {
    fn new(compact: bool) -> Self {
        if compact {
            Spacing {
                nl: "",
                ind: "",
                sp: "",
            }
        } else {
            Spacing {
                nl: "\n",
                ind: "  ",
                sp: " ",
            }
        }
    }
}

/// A tour file's JSON form being written, its path a square at a time
/// (see [`TourFile::start_json`]). Squares are formatted into a buffer of
/// its own with a few fixed-width stores each (10^8 squares in about a
/// third of a second), and the writer behind it is called once every
/// 64 KiB.
pub struct JsonTour<'w, W: Write + ?Sized> {
    out: &'w mut W,
    spacing: Spacing,
    squares: usize,
    buf: Box<[u8]>,
    /// Bytes of `buf` written.
    pos: usize,
}

/// Bytes the buffer holds before it is written out, and the room past
/// them that one square's stores may reach.
const BUFFER: usize = 64 * 1024;
const SLACK: usize = 64;

impl<W: Write + ?Sized> JsonTour<'_, W> {
    /// The path's next square.
    #[inline]
    pub fn square(&mut self, row: i64, col: i64) -> io::Result<()> {
        let (buf, mut at) = (&mut self.buf, self.pos);
        if self.squares > 0 {
            if self.spacing.nl.is_empty() {
                at = put(buf, at, b",");
            } else if self.squares.is_multiple_of(10) {
                at = put(buf, at, b",\n    ");
            } else {
                at = put(buf, at, b", ");
            }
        }
        self.squares += 1;
        at = put(buf, at, b"[");
        at = number(buf, at, row);
        at = put(buf, at, b",");
        at = number(buf, at, col);
        self.pos = put(buf, at, b"]");
        if self.pos >= BUFFER {
            self.out.write_all(&self.buf[..self.pos])?;
            self.pos = 0;
        }
        Ok(())
    }

    /// Ends the path and the file with `file`'s `meta` and unknown fields.
    pub fn finish(self, file: &TourFile) -> io::Result<()> {
        self.out.write_all(&self.buf[..self.pos])?;
        let Spacing { nl, ind, sp } = self.spacing;
        let out = self.out;
        write!(out, "]")?;
        if let Some(meta) = &file.meta {
            write!(out, ",{nl}{ind}\"meta\":{sp}{}", json(meta))?;
        }
        for (k, v) in &file.extra {
            write!(out, ",{nl}{ind}{}:{sp}{}", json(k), json(v))?;
        }
        write!(out, "{nl}}}")?;
        writeln!(out)
    }
}

/// Stores `bytes` at `at`; where they end.
#[inline(always)]
fn put<const N: usize>(buf: &mut [u8], at: usize, bytes: &[u8; N]) -> usize {
    buf[at..at + N].copy_from_slice(bytes);
    at + N
}

/// Stores `n` in decimal at `at`; where it ends. Numbers below 10^8 take
/// two four-byte stores from [`DIGITS`] (the bytes past the end are
/// overwritten by what follows); others go through `itoa`.
#[inline(always)]
fn number(buf: &mut [u8], at: usize, n: i64) -> usize {
    let d = &DIGITS;
    match usize::try_from(n) {
        Ok(n) if n < 10_000 => {
            put(buf, at, &d.left[n]);
            at + d.len[n] as usize
        }
        Ok(n) if n < 100_000_000 => {
            let (hi, lo) = (n / 10_000, n % 10_000);
            put(buf, at, &d.left[hi]);
            put(buf, at + d.len[hi] as usize, &d.padded[lo])
        }
        _ => {
            let mut digits = itoa::Buffer::new();
            let text = digits.format(n).as_bytes();
            buf[at..at + text.len()].copy_from_slice(text);
            at + text.len()
        }
    }
}

/// The decimal digits of 0..10,000: left-aligned in four bytes with their
/// length, and zero-padded to four.
struct Digits {
    left: [[u8; 4]; 10_000],
    len: [u8; 10_000],
    padded: [[u8; 4]; 10_000],
}

static DIGITS: Digits = Digits::new();

impl Digits {
    const fn new() -> Digits {
        let mut d = Digits {
            left: [[b' '; 4]; 10_000],
            len: [0; 10_000],
            padded: [[b'0'; 4]; 10_000],
        };
        let mut n = 0;
        while n < 10_000 {
            let mut k = 4;
            let mut m = n;
            while k > 0 {
                k -= 1;
                d.padded[n][k] = b'0' + (m % 10) as u8;
                m /= 10;
            }
            let len = if n >= 1000 {
                4
            } else if n >= 100 {
                3
            } else if n >= 10 {
                2
            } else {
                1
            };
            d.len[n] = len as u8;
            let mut i = 0;
            while i < len {
                d.left[n][i] = d.padded[n][4 - len + i];
                i += 1;
            }
            n += 1;
        }
        d
    }
}

fn json<T: Serialize + ?Sized>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_else(|_| "null".into())
}
