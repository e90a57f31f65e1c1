//! Reading a text file with limits, refusing it at the first byte that
//! cannot belong to it: a control character (other than tab, newline and
//! carriage return), a byte that is not UTF-8, more blank space in a row
//! than any such file has, or more bytes than the largest such file. So
//! `/dev/zero` is refused at its first byte and `/dev/urandom` within a few,
//! and a reader can be cancelled between chunks.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};

use thiserror::Error;

use crate::board::Board;

/// What a file may hold at most.
#[derive(Clone, Copy, Debug)]
pub struct FileLimit {
    /// What the file should be, for the messages ("tour file").
    pub what: &'static str,
    /// Bytes in all.
    pub bytes: u64,
    /// Blank bytes (spaces, tabs, line ends) in a row.
    pub blank_run: u64,
}

/// The most bytes a square takes in a tour file: `[12345,12345], ` in JSON
/// with room to spare, or a 9-digit step number and its space on a
/// numbered board.
const BYTES_PER_SQUARE: u64 = 16;
const MIB: u64 = 1 << 20;

impl FileLimit {
    /// A tour file for the largest board knight-tui accepts, with a
    /// mebibyte of header and blank space in a row.
    pub fn tour_file() -> FileLimit {
        FileLimit {
            what: "tour file",
            bytes: Board::max_squares() * BYTES_PER_SQUARE + MIB,
            blank_run: MIB,
        }
    }

    /// A configuration file: a mebibyte.
    pub fn config() -> FileLimit {
        FileLimit {
            what: "configuration file",
            bytes: MIB,
            blank_run: MIB,
        }
    }
}

/// Why a file was not read.
#[derive(Debug, Error)]
pub enum ReadError {
    /// It could not be read at all.
    #[error("{}", crate::words::io_error(.0))]
    Io(#[from] io::Error),
    /// A control `byte` (not tab, newline or carriage return) at `offset`.
    #[allow(missing_docs)]
    #[error("not a text file (byte 0x{byte:02x} at offset {offset})")]
    Control { offset: u64, byte: u8 },
    /// Bytes that are not UTF-8 at `offset`.
    #[allow(missing_docs)]
    #[error("not a text file (not UTF-8 at offset {offset})")]
    NotUtf8 { offset: u64 },
    /// Over the limit's `bytes` for a `what` (the kind of file).
    #[allow(missing_docs)]
    #[error("larger than any {what} (over {bytes} bytes)")]
    TooBig { what: &'static str, bytes: u64 },
    /// A `run` of blank bytes at `offset`, longer than a `what` has.
    #[allow(missing_docs)]
    #[error("over {run} bytes of blank space in a row at offset {offset}: not a {what}")]
    Blank {
        what: &'static str,
        run: u64,
        offset: u64,
    },
    /// The reader's cancel flag was set.
    #[error("cancelled")]
    Cancelled,
}

impl ReadError {
    /// Whether the file could not be read (rather than read and refused).
    pub fn unreadable(&self) -> bool {
        matches!(self, ReadError::Io(_))
    }
}

/// Opens and reads `path` within `limit`.
pub fn read_path(
    path: &Path,
    limit: &FileLimit,
    cancel: Option<&AtomicBool>,
) -> Result<String, ReadError> {
    read_text(File::open(path)?, limit, cancel)
}

/// Reads `source` to its end within `limit`, stopping early when `cancel`
/// is set.
pub fn read_text<R: Read>(
    mut source: R,
    limit: &FileLimit,
    cancel: Option<&AtomicBool>,
) -> Result<String, ReadError> {
    let mut text: Vec<u8> = Vec::new();
    let mut chunk = vec![0u8; 64 * 1024];
    let mut check = TextCheck::new(limit);
    loop {
        if cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
            return Err(ReadError::Cancelled);
        }
        let n = match source.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        };
        check.chunk(&chunk[..n])?;
        text.extend_from_slice(&chunk[..n]);
    }
    check.end()?;
    String::from_utf8(text).map_err(|e| ReadError::NotUtf8 {
        offset: e.utf8_error().valid_up_to() as u64,
    })
}

/// The checks of [`read_text`] on a file's bytes, fed chunk by chunk as
/// they are read, for readers that do not keep the file whole.
pub struct TextCheck<'l> {
    limit: &'l FileLimit,
    /// Bytes checked so far.
    offset: u64,
    /// Blank bytes in a row at the end of them.
    blank: u64,
    /// The start of a character cut at the end of the last chunk.
    carry: Vec<u8>,
}

impl<'l> TextCheck<'l> {
    /// A check of a file under `limit`, before its first byte.
    pub fn new(limit: &'l FileLimit) -> Self {
        TextCheck {
            limit,
            offset: 0,
            blank: 0,
            carry: Vec::new(),
        }
    }

    /// Checks the next bytes of the file.
    pub fn chunk(&mut self, bytes: &[u8]) -> Result<(), ReadError> {
        if !self.plain(bytes) {
            self.bytes(bytes)?;
        }
        self.offset += bytes.len() as u64;
        if self.offset > self.limit.bytes {
            return Err(ReadError::TooBig {
                what: self.limit.what,
                bytes: self.limit.bytes,
            });
        }
        self.utf8(bytes)
    }

    /// The usual case, checked a word at a time: no control byte, and no
    /// run of blank space too long (only a run from the last chunk into
    /// this one can be, when the limit exceeds the chunk). False when the
    /// bytes need [`TextCheck::bytes`] to find what is wrong.
    fn plain(&mut self, bytes: &[u8]) -> bool {
        let blank = |b: u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r');
        if (self.limit.blank_run as usize) < bytes.len() {
            return false;
        }
        let control = bytes.iter().fold(false, |bad, &b| {
            bad | ((b < 0x20) & (b != b'\t') & (b != b'\n') & (b != b'\r'))
        });
        let lead = bytes.iter().position(|&b| !blank(b)).unwrap_or(bytes.len());
        if control || self.blank + lead as u64 > self.limit.blank_run {
            return false;
        }
        self.blank = match bytes.iter().rposition(|&b| !blank(b)) {
            Some(last) => (bytes.len() - 1 - last) as u64,
            None => self.blank + bytes.len() as u64,
        };
        true
    }

    /// The bytes one by one: the first control byte or overlong blank run.
    fn bytes(&mut self, bytes: &[u8]) -> Result<(), ReadError> {
        let (limit, base) = (self.limit, self.offset);
        for (i, &byte) in bytes.iter().enumerate() {
            let offset = base + i as u64;
            match byte {
                b' ' | b'\t' | b'\n' | b'\r' => {
                    self.blank += 1;
                    if self.blank > limit.blank_run {
                        return Err(ReadError::Blank {
                            what: limit.what,
                            run: limit.blank_run,
                            offset: offset + 1 - self.blank,
                        });
                    }
                }
                0..=0x1f => return Err(ReadError::Control { offset, byte }),
                _ => self.blank = 0,
            }
        }
        Ok(())
    }

    /// Checks that the bytes (after those checked so far) are UTF-8.
    fn utf8(&mut self, bytes: &[u8]) -> Result<(), ReadError> {
        let base = self.offset - bytes.len() as u64;
        // A character cut at the last chunk's end is ended by this one.
        let mut rest = bytes;
        if !self.carry.is_empty() {
            let need = char_width(self.carry[0]).saturating_sub(self.carry.len());
            let take = need.min(rest.len());
            self.carry.extend_from_slice(&rest[..take]);
            rest = &rest[take..];
            let start = base - (self.carry.len() - take) as u64;
            match std::str::from_utf8(&self.carry) {
                Ok(_) => self.carry.clear(),
                Err(e) if e.error_len().is_some() || take == need => {
                    return Err(ReadError::NotUtf8 {
                        offset: start + e.valid_up_to() as u64,
                    });
                }
                Err(_) => return Ok(()),
            }
        }
        match std::str::from_utf8(rest) {
            Ok(_) => Ok(()),
            Err(e) if e.error_len().is_some() => Err(ReadError::NotUtf8 {
                offset: self.offset - (rest.len() - e.valid_up_to()) as u64,
            }),
            Err(e) => {
                self.carry.extend_from_slice(&rest[e.valid_up_to()..]);
                Ok(())
            }
        }
    }

    /// Checks that the file did not end inside a character.
    pub fn end(&self) -> Result<(), ReadError> {
        match self.carry.len() {
            0 => Ok(()),
            n => Err(ReadError::NotUtf8 {
                offset: self.offset - n as u64,
            }),
        }
    }
}

/// The bytes of the UTF-8 character `lead` begins (1 for a byte that
/// begins none, which then fails to decode).
fn char_width(lead: u8) -> usize {
    match lead {
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => 1,
    }
}
