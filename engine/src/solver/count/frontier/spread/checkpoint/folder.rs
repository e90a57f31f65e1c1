//! The checkpoint folder: made if missing (readable by its owner alone),
//! and refused where someone else could change what is in it.

use std::io;
use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// A folder of checkpoints: every `every` (at the next square), each
/// worker writes its states there; a count started again with the same
/// arguments resumes from the last square all of them wrote.
#[derive(Clone, PartialEq, Eq)]
pub struct Checkpoints {
    pub dir: std::path::PathBuf,
    pub every: std::time::Duration,
    /// The key the files are sealed under (HMAC-SHA256), so that nobody
    /// without it can make a checkpoint a resume takes; empty: none, and
    /// the files' SHA-256 catches damage, not forgery.
    pub key: Vec<u8>,
}

impl Checkpoints {
    /// Refuses a folder that is not one, or that someone else owns or can
    /// write (unless it is this user's own with the sticky bit): they
    /// could plant or swap its files. A missing one is made (mode 700)
    /// when the count starts.
    pub fn check(&self) -> Result<(), FolderRefusal> {
        check(&self.dir)
    }
}

impl std::fmt::Debug for Checkpoints {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Checkpoints")
            .field("dir", &self.dir)
            .field("every", &self.every)
            .field("key", &format_args!("{} bytes", self.key.len()))
            .finish()
    }
}

/// Why a folder cannot hold checkpoints.
#[derive(Debug, thiserror::Error)]
pub enum FolderRefusal {
    /// It cannot be made or read (the system's words).
    #[error("--checkpoint {}: {}", .dir.display(), crate::words::io_error(.source))]
    Io { dir: PathBuf, source: io::Error },
    /// It is not a folder.
    #[error("--checkpoint {}: not a folder", .dir.display())]
    NotAFolder { dir: PathBuf },
    /// Another user owns it, and could change anything in it.
    #[error(
        "--checkpoint {}: owned by user {uid}, not by you: they could change the checkpoint; use a folder of your own",
        .dir.display()
    )]
    Owner { dir: PathBuf, uid: u32 },
    /// Others can write it: they could plant or swap files.
    #[error(
        "--checkpoint {}: others can write this folder (mode {mode:o}), so they could plant or swap files in it; use a folder of your own (say, mkdir -m 700)",
        .dir.display()
    )]
    Writable { dir: PathBuf, mode: u32 },
    /// The same count runs there already, as this process.
    #[error(
        "{}: another count is using this folder as process {process}: wait for it to end, or use another folder",
        .dir.display()
    )]
    Busy { dir: PathBuf, process: usize },
}

/// Makes `dir` if missing (mode 700), then [`check`]s it.
pub fn prepare(dir: &Path) -> Result<(), FolderRefusal> {
    check(dir)?;
    std::fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
        .map_err(|source| FolderRefusal::Io {
            dir: dir.to_path_buf(),
            source,
        })?;
    check(dir)
}

/// Whether `dir` can hold checkpoints, without making anything: missing
/// (it will be made), or a folder nobody else can change: owned by this
/// user (or root), and writable by nobody else unless it is this user's
/// own with the sticky bit (as /tmp is for root), where others cannot
/// rename or remove its files.
pub fn check(dir: &Path) -> Result<(), FolderRefusal> {
    let meta = match std::fs::metadata(dir) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(()),
        Err(source) => {
            return Err(FolderRefusal::Io {
                dir: dir.to_path_buf(),
                source,
            });
        }
    };
    if !meta.is_dir() {
        return Err(FolderRefusal::NotAFolder {
            dir: dir.to_path_buf(),
        });
    }
    // SAFETY: geteuid has no preconditions and cannot fail.
    let me = unsafe { libc::geteuid() };
    let (uid, mode) = (meta.uid(), meta.permissions().mode() & 0o7777);
    if uid != me && uid != 0 {
        return Err(FolderRefusal::Owner {
            dir: dir.to_path_buf(),
            uid,
        });
    }
    let others_write = mode & 0o022 != 0;
    let sticky_own = mode & 0o1000 != 0 && uid == me;
    if others_write && !sticky_own {
        return Err(FolderRefusal::Writable {
            dir: dir.to_path_buf(),
            mode,
        });
    }
    Ok(())
}

/// Holds this process's place in `dir` for as long as the file lives:
/// a second count started there as the same process (the same command
/// again while the first runs) is refused instead of each removing the
/// other's files.
pub fn lock(dir: &Path, process: usize) -> Result<std::fs::File, FolderRefusal> {
    use std::os::unix::fs::OpenOptionsExt;
    use std::os::unix::io::AsRawFd;
    let path = dir.join(format!(".lock-p{process}"));
    let file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .mode(0o600)
        .custom_flags(libc::O_NOFOLLOW)
        .open(&path)
        .map_err(|source| FolderRefusal::Io { dir: path, source })?;
    // SAFETY: flock on a descriptor this function owns.
    if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) } != 0 {
        return Err(FolderRefusal::Busy {
            dir: dir.to_path_buf(),
            process,
        });
    }
    Ok(file)
}
