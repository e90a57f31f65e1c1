//! Checkpoints of a spread count, in a folder: each worker's states after
//! a square (`sq{J}-w{I}-of-{P}.{BITS}`), and a note of the last square
//! every worker wrote (`checkpoint-{BITS}.txt`, written by the first
//! worker of each process once all have written). Each file is written
//! whole under a temporary name, then renamed. BITS is the width of the
//! ways (64, or 128 once they saturate).

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

    /// The last square whose states every worker wrote, if the folder
    /// holds a checkpoint of this count; an error if it holds one of
    /// another.
    pub fn last(&self) -> Result<Option<u64>, String> {
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
        field("square")
            .parse()
            .map(Some)
            .map_err(|_| format!("{}: no square in it", self.note().display()))
    }

    /// Notes that every worker wrote its states after `square`.
    pub fn note_square(&self, square: u64) -> io::Result<()> {
        let text = format!(
            "count={}\nworkers={}\nsquare={square}\n",
            self.key, self.peers
        );
        write_whole(&self.note(), text.as_bytes())
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
        let path = self.states(square, index);
        let tmp = path.with_extension("tmp");
        {
            let mut out = BufWriter::new(fs::File::create(&tmp)?);
            out.write_all(MAGIC)?;
            out.write_all(&done.wide().to_le_bytes())?;
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

    /// Worker `index`'s states after `square`, and the tours it had
    /// completed.
    pub fn read<S: Word, W: Ways>(
        &self,
        square: u64,
        index: usize,
    ) -> io::Result<(Vec<(S, W)>, W)> {
        let path = self.states(square, index);
        let mut input = BufReader::new(fs::File::open(&path)?);
        let mut magic = [0u8; 8];
        input.read_exact(&mut magic)?;
        let bad = || {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{}: not a checkpoint", path.display()),
            )
        };
        if &magic != MAGIC {
            return Err(bad());
        }
        let done = W::of_wide(read_u128(&mut input)?);
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
        Ok((states, done))
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
