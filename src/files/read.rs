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
pub struct Limit {
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

impl Limit {
    /// A tour file for the largest board knight-tui accepts, with a
    /// mebibyte of header and blank space in a row.
    pub fn tour_file() -> Limit {
        Limit {
            what: "tour file",
            bytes: Board::max_squares() * BYTES_PER_SQUARE + MIB,
            blank_run: MIB,
        }
    }

    /// A configuration file: a mebibyte.
    pub fn config() -> Limit {
        Limit {
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
    #[error("{0}")]
    Io(#[from] io::Error),
    #[error("not a text file (byte 0x{byte:02x} at offset {offset})")]
    Control { offset: u64, byte: u8 },
    #[error("not a text file (not UTF-8 at offset {offset})")]
    NotUtf8 { offset: u64 },
    #[error("larger than any {what} (over {bytes} bytes)")]
    TooBig { what: &'static str, bytes: u64 },
    #[error("over {run} bytes of blank space in a row at offset {offset}: not a {what}")]
    Blank {
        what: &'static str,
        run: u64,
        offset: u64,
    },
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
    limit: &Limit,
    cancel: Option<&AtomicBool>,
) -> Result<String, ReadError> {
    read_text(File::open(path)?, limit, cancel)
}

/// Reads `source` to its end within `limit`, stopping early when `cancel`
/// is set.
pub fn read_text<R: Read>(
    mut source: R,
    limit: &Limit,
    cancel: Option<&AtomicBool>,
) -> Result<String, ReadError> {
    let mut text: Vec<u8> = Vec::new();
    let mut chunk = vec![0u8; 64 * 1024];
    // Bytes of `text` known to be whole UTF-8 characters.
    let mut valid = 0usize;
    let mut blank = 0u64;
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
        let base = text.len() as u64;
        for (i, &byte) in chunk[..n].iter().enumerate() {
            let offset = base + i as u64;
            match byte {
                b' ' | b'\t' | b'\n' | b'\r' => {
                    blank += 1;
                    if blank > limit.blank_run {
                        return Err(ReadError::Blank {
                            what: limit.what,
                            run: limit.blank_run,
                            offset: offset + 1 - blank,
                        });
                    }
                }
                0..=0x1f => return Err(ReadError::Control { offset, byte }),
                _ => blank = 0,
            }
        }
        if base + n as u64 > limit.bytes {
            return Err(ReadError::TooBig {
                what: limit.what,
                bytes: limit.bytes,
            });
        }
        text.extend_from_slice(&chunk[..n]);
        match std::str::from_utf8(&text[valid..]) {
            Ok(_) => valid = text.len(),
            Err(e) if e.error_len().is_some() => {
                return Err(ReadError::NotUtf8 {
                    offset: (valid + e.valid_up_to()) as u64,
                });
            }
            // A character cut at the chunk's end: the next chunk ends it.
            Err(e) => valid += e.valid_up_to(),
        }
    }
    String::from_utf8(text).map_err(|e| ReadError::NotUtf8 {
        offset: e.utf8_error().valid_up_to() as u64,
    })
}
