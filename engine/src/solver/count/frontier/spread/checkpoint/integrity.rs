//! What keeps a checkpoint honest: the manifest as read back (its
//! checksum checked first), each file checked against its entry, files
//! opened only when regular and small ones read within a bound, and a
//! reader or writer that takes the SHA-256 of what passes through.

use std::fs;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

use super::{Entry, HEADER, MANIFEST_BYTES, Mark};

/// Why a folder's checkpoint cannot be resumed from.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(in crate::solver::count::frontier::spread) enum Refusal {
    /// A checkpoint of an older knight-tui, which this one cannot check.
    #[error(
        "{} holds a checkpoint of an earlier knight-tui ({}), which this one cannot check: empty the folder to start over",
        .dir.display(),
        .file.display()
    )]
    Earlier { dir: PathBuf, file: PathBuf },
    /// The manifest could not be read.
    #[error("{}: {why}", .path.display())]
    Unreadable { path: PathBuf, why: String },
    /// The manifest, or a file of its newest mark, does not check.
    #[error("{}: {fault}: empty the folder to start over", .path.display())]
    Damaged { path: PathBuf, fault: Fault },
    /// The checkpoint of another count.
    #[error(
        "{} holds the checkpoint of another count ({field} {theirs}), not of this one ({field} {ours}): use another folder, or empty it",
        .dir.display()
    )]
    Another {
        dir: PathBuf,
        field: &'static str,
        theirs: String,
        ours: String,
    },
}

/// What does not check in a manifest, or in a file it names.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(in crate::solver::count::frontier::spread) enum Fault {
    #[error("not a manifest (no checksum at its end)")]
    NoChecksum,
    #[error("damaged (its checksum does not match)")]
    Checksum,
    #[error("its MAC does not match the count's key: written under another key, or edited")]
    Mac,
    #[error("written without a key, and this count has one: anyone could have written it")]
    Unkeyed,
    #[error(
        "written under a key: give the count the same key (--checkpoint-key, or the cluster's)"
    )]
    Keyed,
    #[error("not a manifest of this knight-tui")]
    NotOurs,
    #[error("a line without '='")]
    NoEquals,
    /// A `mark=`, `file=` or `tours=` line that does not read.
    #[error("{what} '{value}'")]
    Unreadable { what: &'static str, value: String },
    #[error("a line '{0}' inside a mark")]
    InsideMark(String),
    #[error("no mark in it")]
    NoMark,
    #[error("square {square} is past the count's {squares} squares")]
    PastEnd { square: u64, squares: u64 },
    #[error("no tours of worker {worker} at {mark}")]
    NoTours { worker: usize, mark: Mark },
    #[error("{mark} names {named} files, not {needed}")]
    Files {
        mark: Mark,
        named: usize,
        needed: usize,
    },
    #[error("{mark} does not name {name}")]
    Unnamed { mark: Mark, name: String },
    /// A file named, not as its entry says.
    #[error("{}: {problem}", .path.display())]
    File { path: PathBuf, problem: FileFault },
}

/// How a file is not as the manifest's entry says.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(in crate::solver::count::frontier::spread) enum FileFault {
    /// It cannot be opened or read (the system's words).
    #[error("{0}")]
    Io(String),
    #[error("{len} bytes, the manifest says {said}")]
    Length { len: u64, said: u64 },
    #[error("damaged (its checksum is not the manifest's)")]
    Checksum,
}

/// A manifest as read: its fields and its marks, each with its files and
/// the tours each worker joined.
pub(super) struct Manifest {
    fields: Vec<(String, String)>,
    pub marks: Vec<Noted>,
}

/// A mark of a manifest, its files, and the tours each worker joined.
pub(super) type Noted = (Mark, Vec<Entry>, Vec<(usize, u128)>);

impl Manifest {
    /// The manifest in `text`, once its last line, `sum=` (unkeyed) or
    /// `mac=` (keyed), checks under `seal`.
    pub fn parse(text: &str, seal: &Seal) -> Result<Manifest, Fault> {
        let body = text
            .strip_suffix('\n')
            .and_then(|t| t.rsplit_once('\n'))
            .and_then(|(body, last)| Some((body, last.split_once('=')?)));
        let (body, sum) = match body {
            Some((body, ("sum", sum))) if !seal.keyed() => (body, sum),
            Some((body, ("mac", sum))) if seal.keyed() => (body, sum),
            Some((_, ("sum", _))) => return Err(Fault::Unkeyed),
            Some((_, ("mac", _))) => return Err(Fault::Keyed),
            _ => return Err(Fault::NoChecksum),
        };
        if hex(&seal.of(format!("{body}\n").as_bytes())) != sum {
            return Err(match seal.keyed() {
                true => Fault::Mac,
                false => Fault::Checksum,
            });
        }
        let mut lines = body.lines();
        if lines.next() != Some(HEADER) {
            return Err(Fault::NotOurs);
        }
        let mut m = Manifest {
            fields: Vec::new(),
            marks: Vec::new(),
        };
        for line in lines {
            let (name, value) = line.split_once('=').ok_or(Fault::NoEquals)?;
            let unreadable = |what| Fault::Unreadable {
                what,
                value: value.to_string(),
            };
            match (name, m.marks.last_mut()) {
                ("mark", _) => {
                    let mark = value.parse().map_err(|()| unreadable("mark"))?;
                    m.marks.push((mark, Vec::new(), Vec::new()));
                }
                ("file", Some((_, files, _))) => {
                    files.push(parse_entry(value).ok_or_else(|| unreadable("file"))?)
                }
                ("tours", Some((_, _, tours))) => {
                    let t = value
                        .split_once(' ')
                        .and_then(|(i, t)| Some((i.parse().ok()?, t.parse().ok()?)))
                        .ok_or_else(|| unreadable("tours"))?;
                    tours.push(t);
                }
                (_, None) => m.fields.push((name.to_string(), value.to_string())),
                _ => return Err(Fault::InsideMark(name.to_string())),
            }
        }
        if m.marks.is_empty() {
            return Err(Fault::NoMark);
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
pub(super) fn check_file(path: &Path, entry: &Entry) -> Result<(), Fault> {
    let fault = |problem| Fault::File {
        path: path.to_path_buf(),
        problem,
    };
    let io = |e: io::Error| fault(FileFault::Io(e.to_string()));
    let mut file =
        open_regular(path).map_err(|e| fault(FileFault::Io(crate::words::io_error(&e))))?;
    let len = file.metadata().map_err(io)?.len();
    if len != entry.len {
        return Err(fault(FileFault::Length {
            len,
            said: entry.len,
        }));
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
        Ok(()) => Err(fault(FileFault::Checksum)),
        Err(e) => Err(io(e)),
    }
}

/// Opens `path` for reading if it is a regular file: never through a
/// symbolic link (someone who can write the folder could point it
/// anywhere), never a FIFO, a device or a folder (which could hang or
/// never end). The file opened is the one checked.
pub(super) fn open_regular(path: &Path) -> io::Result<fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| match e.raw_os_error() {
            Some(libc::ELOOP) => io::Error::new(
                io::ErrorKind::InvalidInput,
                "a symbolic link, which a checkpoint never follows",
            ),
            _ => e,
        })?;
    if !file.metadata()?.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "not a regular file",
        ));
    }
    Ok(file)
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

/// What seals a checkpoint's files: their SHA-256, which catches damage
/// but not forgery (anyone can compute it again), or with the count's key
/// an HMAC-SHA256, which nobody without the key can make.
#[derive(Clone, Default)]
pub(in crate::solver::count::frontier::spread) struct Seal {
    key: Option<Vec<u8>>,
}

impl std::fmt::Debug for Seal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.key {
            None => f.write_str("Seal(SHA-256)"),
            Some(k) => write!(f, "Seal(HMAC, a key of {} bytes)", k.len()),
        }
    }
}

impl Seal {
    /// A seal under `key` (none if empty).
    pub fn new(key: &[u8]) -> Seal {
        Seal {
            key: (!key.is_empty()).then(|| key.to_vec()),
        }
    }

    /// Whether the seal is keyed.
    pub fn keyed(&self) -> bool {
        self.key.is_some()
    }

    fn start(&self) -> Sealing {
        match &self.key {
            None => Sealing::Sum(Sha256::new()),
            Some(k) => {
                Sealing::Mac(<Hmac<Sha256> as Mac>::new_from_slice(k).expect("HMAC takes any key"))
            }
        }
    }

    /// The seal of `bytes`.
    pub fn of(&self, bytes: &[u8]) -> [u8; 32] {
        let mut s = self.start();
        s.update(bytes);
        s.finish()
    }
}

/// A seal being taken.
enum Sealing {
    Sum(Sha256),
    Mac(Hmac<Sha256>),
}

impl Sealing {
    fn update(&mut self, bytes: &[u8]) {
        match self {
            Sealing::Sum(h) => h.update(bytes),
            Sealing::Mac(m) => m.update(bytes),
        }
    }

    fn finish(self) -> [u8; 32] {
        match self {
            Sealing::Sum(h) => h.finalize().into(),
            Sealing::Mac(m) => m.finalize().into_bytes().into(),
        }
    }
}

/// A writer or reader that takes the seal of what passes through.
pub(super) struct Hashing<T> {
    inner: T,
    hash: Sealing,
}

impl<T> Hashing<T> {
    pub fn new(inner: T, seal: &Seal) -> Self {
        Hashing {
            inner,
            hash: seal.start(),
        }
    }

    pub fn finish(self) -> ([u8; 32], T) {
        (self.hash.finish(), self.inner)
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
