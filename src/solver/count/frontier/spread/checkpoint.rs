//! Checkpoints of a spread count, in a folder: each worker's states after
//! a square (`sq{J}-w{I}-of-{P}.{BITS}`), and a note of the last square
//! every worker wrote (`checkpoint-{BITS}.txt`, written by the first
//! worker of each process once all have written). Each file is written
//! whole under a temporary name, then renamed. BITS is the width of the
//! ways (64, or 128 once they saturate).
//!
//! A count that meets in the middle keeps instead each worker's lower
//! states and upper states at the cut (`meet-lower-…`, `meet-upper-…`,
//! once), the tours it joined after each piece across the cut
//! (`meet-tours-…`, the last two pieces), and in the note how many
//! pieces every worker has joined.

use std::fs;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use super::super::{Ways, Word};

/// The checkpoints of one count in one folder.
#[derive(Clone, Debug)]
pub(super) struct Store {
    pub dir: PathBuf,
    /// What is counted: a checkpoint of another count is refused.
    pub key: String,
    pub peers: usize,
    /// The ways' width in bits.
    pub bits: u32,
}

const MAGIC: &[u8; 8] = b"KTCKPT01";

/// Where a count stands in its folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mark {
    /// Every worker wrote its states after this square.
    Square(u64),
    /// A meeting: every worker wrote its halves, and joined this many
    /// pieces across the cut.
    Pieces(u64),
}

impl Store {
    fn note(&self) -> PathBuf {
        self.dir.join(format!("checkpoint-{}.txt", self.bits))
    }

    fn states(&self, square: u64, index: usize) -> PathBuf {
        self.dir.join(format!(
            "sq{square}-w{index}-of-{}.{}",
            self.peers, self.bits
        ))
    }

    /// Where every worker stands, if the folder holds a checkpoint of
    /// this count; an error if it holds one of another.
    pub fn last(&self) -> Result<Option<Mark>, String> {
        let text = match fs::read_to_string(self.note()) {
            Ok(t) => t,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(format!("{}: {e}", self.note().display())),
        };
        let field = |name: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(name)?.strip_prefix('='))
                .unwrap_or("")
        };
        let (key, peers) = (field("count"), field("workers"));
        if key != self.key || peers != self.peers.to_string() {
            return Err(format!(
                "{} holds the checkpoint of another count ({key}, {peers} workers), not of this one ({}, {} workers): use another folder, or empty it",
                self.dir.display(),
                self.key,
                self.peers
            ));
        }
        let (square, pieces) = (field("square").parse(), field("pieces").parse());
        match (square, pieces) {
            (Ok(j), _) => Ok(Some(Mark::Square(j))),
            (_, Ok(p)) => Ok(Some(Mark::Pieces(p))),
            _ => Err(format!(
                "{}: no square or pieces in it",
                self.note().display()
            )),
        }
    }

    /// Notes where every worker stands.
    pub fn note_mark(&self, mark: Mark) -> io::Result<()> {
        let at = match mark {
            Mark::Square(j) => format!("square={j}"),
            Mark::Pieces(p) => format!("pieces={p}"),
        };
        let text = format!("count={}\nworkers={}\n{at}\n", self.key, self.peers);
        write_whole(&self.note(), text.as_bytes())
    }

    /// A file of worker `index`'s meeting: `lower`, `upper` or `tours`.
    fn meeting(&self, what: &str, index: usize) -> PathBuf {
        self.dir.join(format!(
            "meet-{what}-w{index}-of-{}.{}",
            self.peers, self.bits
        ))
    }

    /// Writes worker `index`'s `states` of a meeting (`lower` or `upper`)
    /// with a number of its own, `head`.
    pub fn write_half<S: Word, W: Ways>(
        &self,
        what: &str,
        index: usize,
        states: &[Vec<(S, W)>],
        head: u128,
    ) -> io::Result<()> {
        write_states(&self.meeting(what, index), states, head)
    }

    /// Worker `index`'s states of a meeting, and their number.
    pub fn read_half<S: Word, W: Ways>(
        &self,
        what: &str,
        index: usize,
    ) -> io::Result<(Vec<(S, W)>, u128)> {
        read_states(&self.meeting(what, index))
    }

    /// Notes that worker `index` joined `tours` in pieces before
    /// `pieces`, keeping the note of the piece before (the folder's note
    /// may still name it).
    pub fn write_tours(&self, index: usize, pieces: u64, tours: u128) -> io::Result<()> {
        let before = pieces
            .checked_sub(1)
            .and_then(|p| self.read_tours(index, p).ok())
            .map(|t| format!("{} {t}\n", pieces - 1));
        let text = format!("{}{pieces} {tours}\n", before.unwrap_or_default());
        write_whole(&self.meeting("tours", index), text.as_bytes())
    }

    /// The tours worker `index` joined in pieces before `pieces`.
    pub fn read_tours(&self, index: usize, pieces: u64) -> io::Result<u128> {
        let path = self.meeting("tours", index);
        fs::read_to_string(&path)?
            .lines()
            .find_map(|l| {
                let (p, t) = l.split_once(' ')?;
                (p.parse() == Ok(pieces)).then(|| t.parse().ok())?
            })
            .ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("{}: no tours after {pieces} pieces", path.display()),
                )
            })
    }

    /// Writes worker `index`'s states after `square`, and the tours it
    /// completed so far.
    pub fn write<S: Word, W: Ways>(
        &self,
        square: u64,
        index: usize,
        states: &[Vec<(S, W)>],
        done: W,
    ) -> io::Result<()> {
        write_states(&self.states(square, index), states, done.wide())
    }

    /// Worker `index`'s states after `square`, and the tours it had
    /// completed.
    pub fn read<S: Word, W: Ways>(
        &self,
        square: u64,
        index: usize,
    ) -> io::Result<(Vec<(S, W)>, W)> {
        let (states, done) = read_states(&self.states(square, index))?;
        Ok((states, W::of_wide(done)))
    }

    /// Removes worker `index`'s states of squares before `square`.
    pub fn remove_before(&self, square: u64, index: usize) {
        for k in self.squares_of(index) {
            if k < square {
                let _ = fs::remove_file(self.states(k, index));
            }
        }
    }

    /// Removes worker `index`'s states, and with `note`, the note: the
    /// count is done.
    pub fn clear(&self, index: usize, note: bool) {
        for k in self.squares_of(index) {
            let _ = fs::remove_file(self.states(k, index));
        }
        for what in ["lower", "upper", "tours"] {
            let _ = fs::remove_file(self.meeting(what, index));
        }
        if note {
            let _ = fs::remove_file(self.note());
        }
    }

    /// The squares of worker `index`'s states in the folder.
    fn squares_of(&self, index: usize) -> Vec<u64> {
        let tail = format!("-w{index}-of-{}.{}", self.peers, self.bits);
        fs::read_dir(&self.dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| {
                let name = e.file_name().into_string().ok()?;
                name.strip_prefix("sq")?.strip_suffix(&tail)?.parse().ok()
            })
            .collect()
    }
}

/// Writes `states` to `path` whole, after a number of their own, `head`.
fn write_states<S: Word, W: Ways>(
    path: &Path,
    states: &[Vec<(S, W)>],
    head: u128,
) -> io::Result<()> {
    let tmp = path.with_extension("tmp");
    {
        let mut out = BufWriter::new(fs::File::create(&tmp)?);
        out.write_all(MAGIC)?;
        out.write_all(&head.to_le_bytes())?;
        let n: usize = states.iter().map(Vec::len).sum();
        out.write_all(&(n as u64).to_le_bytes())?;
        for &(s, w) in states.iter().flatten() {
            out.write_all(&wide(s).to_le_bytes())?;
            out.write_all(&w.wide().to_le_bytes())?;
        }
        out.into_inner()
            .map_err(io::IntoInnerError::into_error)?
            .sync_all()?;
    }
    fs::rename(tmp, path)
}

/// The states in `path`, and the number written before them.
fn read_states<S: Word, W: Ways>(path: &Path) -> io::Result<(Vec<(S, W)>, u128)> {
    let mut input = BufReader::new(fs::File::open(path)?);
    let mut magic = [0u8; 8];
    input.read_exact(&mut magic)?;
    if &magic != MAGIC {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!("{}: not a checkpoint", path.display()),
        ));
    }
    let head = read_u128(&mut input)?;
    let mut b = [0u8; 8];
    input.read_exact(&mut b)?;
    let n = u64::from_le_bytes(b) as usize;
    // Room for the states the file names, at most 16 million up front
    // (a damaged length grows nothing before the reads fail).
    let mut states = Vec::with_capacity(n.min(1 << 24));
    for _ in 0..n {
        let s = S::truncate(read_u128(&mut input)?);
        states.push((s, W::of_wide(read_u128(&mut input)?)));
    }
    Ok((states, head))
}

/// 128 bits, little-endian.
fn read_u128(input: &mut impl Read) -> io::Result<u128> {
    let mut b = [0u8; 16];
    input.read_exact(&mut b)?;
    Ok(u128::from_le_bytes(b))
}

/// A state as 128 bits.
fn wide<S: Word>(s: S) -> u128 {
    u128::from(s.low()) | u128::from(((s >> 32) >> 32).low()) << 64
}

/// Writes `bytes` to `path` whole: under a temporary name, synced, renamed.
fn write_whole(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let tmp = path.with_extension("tmp");
    let mut f = fs::File::create(&tmp)?;
    f.write_all(bytes)?;
    f.sync_all()?;
    fs::rename(tmp, path)
}
