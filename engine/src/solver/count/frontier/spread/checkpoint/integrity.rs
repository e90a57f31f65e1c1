//! What keeps a checkpoint honest: the manifest as read back (its
//! checksum checked first), each file checked against its entry, files
//! opened only when regular and small ones read within a bound, and a
//! reader or writer that takes the SHA-256 of what passes through.

use std::fs;
use std::io::{self, Read, Write};
use std::path::Path;

use sha2::{Digest, Sha256};

use super::{Entry, HEADER, MANIFEST_BYTES, Mark};

/// A manifest as read: its fields and its marks, each with its files and
/// the tours each worker joined.
pub(super) struct Manifest {
    fields: Vec<(String, String)>,
    pub marks: Vec<Noted>,
}

/// A mark of a manifest, its files, and the tours each worker joined.
pub(super) type Noted = (Mark, Vec<Entry>, Vec<(usize, u128)>);

impl Manifest {
    pub fn parse(text: &str) -> Result<Manifest, String> {
        let body = text
            .strip_suffix('\n')
            .and_then(|t| t.rsplit_once('\n'))
            .and_then(|(body, last)| Some((body, last.strip_prefix("sum=")?)));
        let Some((body, sum)) = body else {
            return Err("not a manifest (no checksum at its end)".into());
        };
        if hex(&Sha256::digest(format!("{body}\n").as_bytes())) != sum {
            return Err("damaged (its checksum does not match)".into());
        }
        let mut lines = body.lines();
        if lines.next() != Some(HEADER) {
            return Err("not a manifest of this knight-tui".into());
        }
        let mut m = Manifest {
            fields: Vec::new(),
            marks: Vec::new(),
        };
        for line in lines {
            let (name, value) = line.split_once('=').ok_or("a line without '='")?;
            match (name, m.marks.last_mut()) {
                ("mark", _) => {
                    let mark = value.parse().map_err(|()| format!("mark '{value}'"))?;
                    m.marks.push((mark, Vec::new(), Vec::new()));
                }
                ("file", Some((_, files, _))) => {
                    files.push(parse_entry(value).ok_or(format!("file '{value}'"))?)
                }
                ("tours", Some((_, _, tours))) => {
                    let t = value
                        .split_once(' ')
                        .and_then(|(i, t)| Some((i.parse().ok()?, t.parse().ok()?)))
                        .ok_or(format!("tours '{value}'"))?;
                    tours.push(t);
                }
                (_, None) => m.fields.push((name.to_string(), value.to_string())),
                _ => return Err(format!("a line '{name}' inside a mark")),
            }
        }
        if m.marks.is_empty() {
            return Err("no mark in it".into());
        }
        Ok(m)
    }

    pub fn field(&self, name: &str) -> &str {
        self.fields
            .iter()
            .find(|(n, _)| n == name)
            .map_or("none", |(_, v)| v.as_str())
    }
}

/// `name len sum` of a manifest's `file=` line.
fn parse_entry(value: &str) -> Option<Entry> {
    let mut parts = value.split(' ');
    let name = parts.next()?.to_string();
    let len = parts.next()?.parse().ok()?;
    let sum = unhex::<32>(parts.next()?)?;
    if parts.next().is_some() || name.contains('/') || name.starts_with('.') {
        return None;
    }
    Some(Entry { name, len, sum })
}

/// Whether the file at `path` is as its entry says: a regular file of
/// that length whose stored checksum is the entry's (the checksum of its
/// contents is checked again when it is read).
pub(super) fn check_file(path: &Path, entry: &Entry) -> Result<(), String> {
    let name = path.display();
    let mut file =
        open_regular(path).map_err(|e| format!("{name}: {}", crate::words::io_error(&e)))?;
    let len = file.metadata().map_err(|e| format!("{name}: {e}"))?.len();
    if len != entry.len {
        return Err(format!(
            "{name}: {len} bytes, the manifest says {}",
            entry.len
        ));
    }
    let mut stored = [0u8; 32];
    let read = len
        .checked_sub(32)
        .ok_or_else(|| io::Error::from(io::ErrorKind::UnexpectedEof))
        .and_then(|at| {
            use std::io::Seek;
            file.seek(io::SeekFrom::Start(at))?;
            file.read_exact(&mut stored)
        });
    match read {
        Ok(()) if stored == entry.sum => Ok(()),
        Ok(()) => Err(format!(
            "{name}: damaged (its checksum is not the manifest's)"
        )),
        Err(e) => Err(format!("{name}: {e}")),
    }
}

/// Opens `path` for reading if it is a regular file (never a FIFO, a
/// device or a folder, which could hang or never end).
pub(super) fn open_regular(path: &Path) -> io::Result<fs::File> {
    let meta = fs::metadata(path)?;
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{}: not a regular file", path.display()),
        ));
    }
    fs::File::open(path)
}

/// A small regular file's text (a manifest), refused past
/// [`MANIFEST_BYTES`].
pub(super) fn read_small(path: &Path) -> io::Result<String> {
    let file = open_regular(path)?;
    let mut text = String::new();
    let n = file.take(MANIFEST_BYTES + 1).read_to_string(&mut text)?;
    if n as u64 > MANIFEST_BYTES {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("larger than any manifest (over {MANIFEST_BYTES} bytes)"),
        ));
    }
    Ok(text)
}

/// A writer or reader that takes the SHA-256 of what passes through.
pub(super) struct Hashing<T> {
    inner: T,
    hash: Sha256,
}

impl<T> Hashing<T> {
    pub fn new(inner: T) -> Self {
        Hashing {
            inner,
            hash: Sha256::new(),
        }
    }

    pub fn finish(self) -> ([u8; 32], T) {
        (self.hash.finalize().into(), self.inner)
    }
}

impl<T: Write> Write for Hashing<T> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hash.update(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl<T: Read> Read for Hashing<T> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hash.update(&buf[..n]);
        Ok(n)
    }
}

/// Bytes as hexadecimal digits.
pub(in super::super) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `N` bytes from `2N` hexadecimal digits.
pub(in super::super) fn unhex<const N: usize>(text: &str) -> Option<[u8; N]> {
    if text.len() != 2 * N || !text.is_ascii() {
        return None;
    }
    let mut out = [0u8; N];
    for (i, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}
