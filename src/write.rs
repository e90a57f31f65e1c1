//! Writing a file whole or not at all, without ever replacing what is not a
//! regular file.
//!
//! What is at the path decides how it is written:
//! - nothing, or a regular file: the content goes into a temporary file with
//!   a random name (created with `O_EXCL`, so a planted symlink is never
//!   followed) in the target's folder, is synced, and is renamed over the
//!   target. An interrupted write leaves the target as it was. A file
//!   replaced keeps its permissions (and its owner, where the process may
//!   set it);
//! - a symlink: followed to its target, which is then written as above (the
//!   link stays a link);
//! - a character device or a FIFO (`/dev/null`, `/dev/stdout`, a named pipe)
//!   and the process's own descriptors (`/dev/fd/N`, `/proc/self/fd/N`):
//!   written in place as a stream;
//! - a folder, a socket or a block device: refused.
//!
//! The temporary file is removed when the write fails, and by
//! [`remove_temporaries`], which signal handlers call before the process
//! ends. After SIGKILL (which no process can catch) it stays behind, hidden
//! (`.NAME.XXXXXX.tmp`), and the target is intact: it is only ever replaced
//! by a rename of a complete, synced file.

use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::os::unix::fs::{FileTypeExt, MetadataExt, OpenOptionsExt};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use thiserror::Error;

/// How a file could not be written.
#[derive(Debug, Error)]
pub enum WriteError {
    /// The target exists and is not something a file is written to.
    #[error("it is {0}, not a file")]
    NotAFile(&'static str),
    #[error("too many levels of symbolic links")]
    Loop,
    #[error("{}", knight_engine::words::io_error(.0))]
    Io(#[from] io::Error),
}

#[cfg(test)]
impl WriteError {
    /// The I/O error's kind, when it is one.
    pub fn kind(&self) -> Option<io::ErrorKind> {
        match self {
            WriteError::Io(e) => Some(e.kind()),
            _ => None,
        }
    }
}

/// How the target was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Written {
    /// A new or replaced regular file, complete.
    File,
    /// Streamed into a device, a FIFO or an open descriptor.
    Stream,
}

/// Where the content goes, once symlinks are followed.
#[derive(Debug)]
enum Target {
    Stream {
        path: PathBuf,
        append: bool,
    },
    Replace {
        path: PathBuf,
        old: Option<Metadata>,
    },
}

/// Paths whose symlinks are the process's own descriptors: reopened, never
/// followed by name (a descriptor's "target" may be `pipe:[1234]`).
fn is_descriptor(p: &Path) -> bool {
    p.starts_with("/proc") || p.starts_with("/dev/fd")
}

/// The most symlinks followed before giving up (Linux's own limit).
const MAX_LINKS: usize = 40;

fn target(path: &Path) -> Result<Target, WriteError> {
    let mut p = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        let meta = match fs::symlink_metadata(&p) {
            Ok(m) => m,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Ok(Target::Replace { path: p, old: None });
            }
            Err(e) => return Err(e.into()),
        };
        let t = meta.file_type();
        if t.is_symlink() {
            if is_descriptor(&p) {
                let append = fs::metadata(&p)?.is_file();
                return Ok(Target::Stream { path: p, append });
            }
            let link = fs::read_link(&p)?;
            p = match p.parent() {
                Some(dir) if link.is_relative() => dir.join(link),
                _ => link,
            };
            continue;
        }
        return if t.is_file() {
            Ok(Target::Replace {
                path: p,
                old: Some(meta),
            })
        } else if t.is_char_device() || t.is_fifo() {
            Ok(Target::Stream {
                path: p,
                append: false,
            })
        } else if t.is_dir() {
            Err(WriteError::NotAFile("a folder"))
        } else if t.is_socket() {
            Err(WriteError::NotAFile("a socket"))
        } else if t.is_block_device() {
            Err(WriteError::NotAFile("a block device"))
        } else {
            Err(WriteError::NotAFile("not a regular file"))
        };
    }
    Err(WriteError::Loop)
}

/// Checks, before any work, that `path` could be written: its folder
/// exists and it is not something [`write()`] refuses.
pub fn check(path: &Path) -> Result<(), WriteError> {
    match target(path)? {
        Target::Stream { .. } => Ok(()),
        Target::Replace { path, .. } => {
            let dir = folder(&path);
            if dir.is_dir() {
                Ok(())
            } else {
                Err(io::Error::new(
                    io::ErrorKind::NotFound,
                    format!("folder {} does not exist", dir.display()),
                )
                .into())
            }
        }
    }
}

fn folder(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}

/// Temporary files being written, removed by [`remove_temporaries`].
static TEMPORARIES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Removes every temporary file a write has under way. For signal handlers:
/// call it just before the process ends. The lock it takes is held until
/// the process ends, so no write can complete a rename in between.
pub fn remove_temporaries() {
    let mut list = TEMPORARIES.lock().unwrap_or_else(|e| e.into_inner());
    for p in list.drain(..) {
        let _ = fs::remove_file(p);
    }
    std::mem::forget(list);
}

/// Ends the process as `signal` would have, after removing the temporary
/// files of writes under way: for signal handlers, once the terminal (if
/// any) is given back. The exit status is the conventional 128 + signal
/// should the default action not end it.
pub fn end_by_signal(signal: i32) -> ! {
    remove_temporaries();
    let _ = signal_hook::low_level::emulate_default_handler(signal);
    std::process::exit(128 + signal)
}

/// The most bytes of the target's name kept in the temporary name, so it
/// stays well within the file system's limit (255 bytes on Linux) with the
/// dot, the random part and `.tmp` added.
const NAME_KEPT: usize = 100;

fn temporary_prefix(path: &Path) -> String {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut end = name.len().min(NAME_KEPT);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    format!(".{}.", &name[..end])
}

/// Writes `fill`'s output to `path` as described in the module: whole or
/// not at all for files, as a stream for devices and FIFOs.
pub fn write<F>(path: &Path, fill: F) -> Result<Written, WriteError>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    match target(path)? {
        Target::Stream { path, append } => {
            let file = OpenOptions::new().write(true).append(append).open(&path)?;
            let mut w = BufWriter::new(file);
            fill(&mut w)?;
            w.flush()?;
            Ok(Written::Stream)
        }
        Target::Replace { path, old } => {
            replace(&path, old.as_ref(), fill)?;
            Ok(Written::File)
        }
    }
}

fn replace<F>(path: &Path, old: Option<&Metadata>, fill: F) -> Result<(), WriteError>
where
    F: FnOnce(&mut dyn Write) -> io::Result<()>,
{
    let dir = folder(path);
    let prefix = temporary_prefix(path);
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp").rand_bytes(6);
    let tmp = builder.make_in(&dir, |candidate| {
        // Listed before it exists, so that a signal at any moment after
        // finds it (the handler waits for the lock).
        let mut list = TEMPORARIES.lock().unwrap_or_else(|e| e.into_inner());
        list.push(candidate.to_path_buf());
        let made = OpenOptions::new()
            .write(true)
            .create_new(true)
            // Created as any new file is (0666 less the umask), not 0600.
            .mode(0o666)
            .open(candidate);
        if made.is_err() {
            list.retain(|p| p != candidate);
        }
        made
    })?;
    let tmp_path = tmp.path().to_path_buf();
    let result = (|| -> io::Result<tempfile::NamedTempFile> {
        keep_attributes(tmp.as_file(), old)?;
        let mut w = BufWriter::new(tmp);
        fill(&mut w)?;
        let tmp = w.into_inner().map_err(|e| e.into_error())?;
        tmp.as_file().sync_all()?;
        Ok(tmp)
    })();
    let mut list = TEMPORARIES.lock().unwrap_or_else(|e| e.into_inner());
    list.retain(|p| p != &tmp_path);
    // On error the temporary file is dropped, which removes it.
    let tmp = result?;
    tmp.persist(path).map_err(|e| e.error)?;
    drop(list);
    Ok(())
}

/// The new file gets the old one's permissions and owner (the owner only
/// where the process may give it: as root, or when it is already its own).
/// A new file was created with the permissions the umask allows.
fn keep_attributes(file: &File, old: Option<&Metadata>) -> io::Result<()> {
    if let Some(m) = old {
        file.set_permissions(m.permissions())?;
        // Without the right to give the file away, it stays the writer's:
        // no error, as for any new file.
        let _ = std::os::unix::fs::fchown(file, Some(m.uid()), Some(m.gid()));
    }
    Ok(())
}

#[cfg(test)]
mod tests;
