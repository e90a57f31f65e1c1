//! Checkpoints of a spread count, in a folder: each worker's states after
//! a square (`sq{J}-w{I}-of-{P}.{BITS}`), and each process's manifest
//! (`checkpoint-{BITS}-p{K}.txt`, written last by the process's first
//! worker once all have written). BITS is the width of the ways (64, or
//! 128 once they saturate).
//!
//! A count that meets in the middle keeps instead each worker's lower
//! states and upper states at the cut (`meet-lower-…`, `meet-upper-…`,
//! once), and in the manifest how many pieces across the cut every worker
//! has joined, and the tours each joined.
//!
//! Nothing in the folder is taken on trust. Each states file begins with
//! the count it belongs to and its own name, and ends with the seal of
//! all before it: its SHA-256, or with a key its HMAC-SHA256. The
//! manifest names the count, the workers, the process and the last two
//! marks every worker reached, with each file's length and seal, and ends
//! with its own seal. A resume offers only marks whose files all check;
//! reading a file checks its seal again. Without a key the seals catch
//! damage, not forgery; with one, nobody without the key can make a file
//! a resume takes.
//!
//! Every file is written whole under a new temporary name of its own
//! (random, created exclusively, so never through a link planted in the
//! folder), then renamed; files are read only when regular and never
//! through a link.

use std::collections::BTreeMap;
use std::fs;
use std::io::{self, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::super::{Ways, Word};
use crate::solver::count::{Notice, Notices};

mod folder;
mod integrity;
pub use folder::{Checkpoints, FolderRefusal, lock, prepare};
use integrity::{Fault, Hashing, Manifest, check_file, open_regular, read_small};
pub(super) use integrity::{Refusal, Seal};
pub(super) use integrity::{hex, unhex};

/// The checkpoints of one count in one folder.
#[derive(Debug)]
pub(super) struct Store {
    pub dir: PathBuf,
    /// What is counted: a checkpoint of another count is refused.
    pub key: String,
    /// Workers in all, and in this process.
    pub peers: usize,
    pub local: usize,
    /// This process's place in the cluster (0 alone).
    pub process: usize,
    /// The ways' width in bits.
    pub bits: u32,
    /// What this process's workers wrote, for its manifest.
    pub ledger: Mutex<Ledger>,
    /// What seals the files.
    seal: Seal,
    /// Where the count's notices go.
    notices: Notices,
}

/// The first bytes of a states file: sealed by its SHA-256, or by an
/// HMAC.
const MAGIC: &[u8; 8] = b"KTCKPT02";
const MAGIC_KEYED: &[u8; 8] = b"KTCKMAC2";
/// The first line of a manifest.
const HEADER: &str = "knight-tui checkpoint 2";
/// The largest manifest (two marks of 1,024 workers' files).
const MANIFEST_BYTES: u64 = 1 << 20;
/// Bytes of a state and its ways in a file.
const RECORD: u64 = 32;

/// Where a count stands in its folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Mark {
    /// Every worker wrote its states after this square.
    Square(u64),
    /// A meeting: every worker wrote its halves, and joined this many
    /// pieces across the cut.
    Pieces(u64),
}

impl std::fmt::Display for Mark {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Mark::Square(j) => write!(f, "square {j}"),
            Mark::Pieces(p) => write!(f, "pieces {p}"),
        }
    }
}

impl std::str::FromStr for Mark {
    type Err = ();
    fn from_str(s: &str) -> Result<Mark, ()> {
        match s.split_once(' ') {
            Some(("square", j)) => j.parse().map(Mark::Square).map_err(|_| ()),
            Some(("pieces", p)) => p.parse().map(Mark::Pieces).map_err(|_| ()),
            _ => Err(()),
        }
    }
}

/// A file written, as its manifest names it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Entry {
    pub name: String,
    pub len: u64,
    pub sum: [u8; 32],
}

/// What the workers of this process wrote, by worker.
#[derive(Debug, Default)]
pub(super) struct Ledger {
    /// Each worker's states files, by square.
    squares: BTreeMap<(usize, u64), Entry>,
    /// Each worker's halves of a meeting (`lower`, `upper`).
    halves: BTreeMap<(usize, &'static str), Entry>,
    /// The tours each worker joined in the first pieces.
    tours: BTreeMap<(usize, u64), u128>,
    /// The mark the manifest names last.
    noted: Option<Mark>,
}

impl Store {
    pub fn new(
        dir: PathBuf,
        key: String,
        (peers, local, process): (usize, usize, usize),
        bits: u32,
        seal: Seal,
        notices: Notices,
    ) -> Store {
        Store {
            dir,
            key,
            peers,
            local,
            process,
            bits,
            ledger: Mutex::default(),
            seal,
            notices,
        }
    }

    fn magic(&self) -> &'static [u8; 8] {
        match self.seal.keyed() {
            true => MAGIC_KEYED,
            false => MAGIC,
        }
    }

    fn manifest(&self) -> PathBuf {
        self.dir
            .join(format!("checkpoint-{}-p{}.txt", self.bits, self.process))
    }

    fn states_name(&self, square: u64, index: usize) -> String {
        format!("sq{square}-w{index}-of-{}.{}", self.peers, self.bits)
    }

    fn half_name(&self, what: &str, index: usize) -> String {
        format!("meet-{what}-w{index}-of-{}.{}", self.peers, self.bits)
    }

    /// This process's workers.
    fn mine(&self) -> std::ops::Range<usize> {
        self.process * self.local..(self.process + 1) * self.local
    }

    fn ledger(&self) -> std::sync::MutexGuard<'_, Ledger> {
        self.ledger
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The marks this process could resume from, newest first, each with
    /// every file it needs there and checked: none where the folder holds
    /// no manifest. An error naming the file where the manifest is not of
    /// this count, or the newest mark's files do not check; an older mark
    /// whose files do not check is left out. `squares`: the count's.
    pub fn offers(&self, squares: u64) -> Result<Vec<Mark>, Refusal> {
        let old = self.dir.join(format!("checkpoint-{}.txt", self.bits));
        if old.exists() {
            return Err(Refusal::Earlier {
                dir: self.dir.clone(),
                file: old,
            });
        }
        let path = self.manifest();
        let text = match read_small(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => {
                let why = e.to_string();
                return Err(Refusal::Unreadable { path, why });
            }
        };
        let damaged = |fault| Refusal::Damaged {
            path: path.clone(),
            fault,
        };
        let manifest = Manifest::parse(&text, &self.seal).map_err(damaged)?;
        let expect = [
            ("count", self.key.clone()),
            ("workers", self.peers.to_string()),
            ("process", self.process.to_string()),
        ];
        for (field, ours) in expect {
            let theirs = manifest.field(field);
            if theirs != ours {
                return Err(Refusal::Another {
                    dir: self.dir.clone(),
                    field,
                    theirs: theirs.to_string(),
                    ours,
                });
            }
        }
        let mut offers = Vec::new();
        for (k, (mark, files, tours)) in manifest.marks.iter().enumerate() {
            let checked = self.check(*mark, files, tours, squares);
            match checked {
                Ok(()) => {
                    let mut ledger = self.ledger();
                    for e in files {
                        ledger.enter(e.clone(), *mark);
                    }
                    for &(i, t) in tours {
                        if let Mark::Pieces(p) = mark {
                            ledger.tours.insert((i, *p), t);
                        }
                    }
                    offers.push(*mark);
                }
                Err(fault) if k == 0 => return Err(damaged(fault)),
                Err(_) => {}
            }
        }
        if let Some(m) = offers.first() {
            self.ledger().noted = Some(*m);
        }
        Ok(offers)
    }

    /// Whether a mark of the manifest holds: in the count's range, every
    /// file this process needs there named, and each as named.
    fn check(
        &self,
        mark: Mark,
        files: &[Entry],
        tours: &[(usize, u128)],
        squares: u64,
    ) -> Result<(), Fault> {
        let names: Vec<String> = match mark {
            Mark::Square(square) if square >= squares => {
                return Err(Fault::PastEnd { square, squares });
            }
            Mark::Square(j) => self.mine().map(|i| self.states_name(j, i)).collect(),
            Mark::Pieces(_) => {
                let has = |i: usize| tours.iter().any(|&(t, _)| t == i);
                if let Some(worker) = self.mine().find(|&i| !has(i)) {
                    return Err(Fault::NoTours { worker, mark });
                }
                self.mine()
                    .flat_map(|i| ["lower", "upper"].map(|w| self.half_name(w, i)))
                    .collect()
            }
        };
        if files.len() != names.len() {
            return Err(Fault::Files {
                mark,
                named: files.len(),
                needed: names.len(),
            });
        }
        for name in names {
            let entry = files
                .iter()
                .find(|e| e.name == name)
                .ok_or_else(|| Fault::Unnamed {
                    mark,
                    name: name.clone(),
                })?;
            check_file(&self.dir.join(&entry.name), entry)?;
        }
        Ok(())
    }

    /// Writes the manifest of this process at `mark` (and the mark noted
    /// before, while its files are kept), from the ledger.
    pub fn note_mark(&self, mark: Mark) -> io::Result<()> {
        let mut ledger = self.ledger();
        let before = ledger.noted.filter(|&m| m != mark);
        let mut text = format!(
            "{HEADER}\ncount={}\nworkers={}\nprocess={}\n",
            self.key, self.peers, self.process
        );
        for m in std::iter::once(mark).chain(before) {
            let Some(lines) = ledger.lines(m, self) else {
                if m == mark {
                    return Err(io::Error::other(format!(
                        "a worker's files at {mark} are not known"
                    )));
                }
                continue;
            };
            text += &format!("mark={m}\n{lines}");
        }
        let last = if self.seal.keyed() { "mac" } else { "sum" };
        text += &format!("{last}={}\n", hex(&self.seal.of(text.as_bytes())));
        write_whole(&self.manifest(), |out| out.write_all(text.as_bytes()))?;
        ledger.noted = Some(mark);
        Ok(())
    }

    /// Writes worker `index`'s `states` of a meeting (`lower` or `upper`)
    /// with a number of its own, `head`.
    pub fn write_half<S: Word, W: Ways>(
        &self,
        what: &'static str,
        index: usize,
        states: &[Vec<(S, W)>],
        head: u128,
    ) -> io::Result<()> {
        let name = self.half_name(what, index);
        let entry = self.write_states(&name, states, head)?;
        self.ledger().halves.insert((index, what), entry);
        Ok(())
    }

    /// Worker `index`'s states of a meeting, and their number.
    pub fn read_half<S: Word, W: Ways>(
        &self,
        what: &str,
        index: usize,
    ) -> io::Result<(Vec<(S, W)>, u128)> {
        self.read_states(&self.half_name(what, index))
    }

    /// Notes that worker `index` joined `tours` in pieces before `pieces`.
    pub fn write_tours(&self, index: usize, pieces: u64, tours: u128) {
        let mut ledger = self.ledger();
        ledger.tours.insert((index, pieces), tours);
        ledger.tours.retain(|&(_, p), _| p + 1 >= pieces);
    }

    /// The tours worker `index` joined in pieces before `pieces`, as the
    /// manifest resumed from says.
    pub fn read_tours(&self, index: usize, pieces: u64) -> io::Result<u128> {
        self.ledger()
            .tours
            .get(&(index, pieces))
            .copied()
            .ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "{}: no tours of worker {index} after {pieces} pieces",
                        self.manifest().display()
                    ),
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
        let name = self.states_name(square, index);
        let entry = self.write_states(&name, states, done.wide())?;
        self.ledger().squares.insert((index, square), entry);
        Ok(())
    }

    /// Worker `index`'s states after `square`, and the tours it had
    /// completed.
    pub fn read<S: Word, W: Ways>(
        &self,
        square: u64,
        index: usize,
    ) -> io::Result<(Vec<(S, W)>, W)> {
        let (states, done) = self.read_states(&self.states_name(square, index))?;
        Ok((states, W::of_wide(done)))
    }

    /// Removes worker `index`'s states of squares before `square`.
    pub fn remove_before(&self, square: u64, index: usize) {
        for k in self.squares_of(index) {
            if k < square {
                let _ = fs::remove_file(self.dir.join(self.states_name(k, index)));
            }
        }
        self.ledger()
            .squares
            .retain(|&(i, k), _| i != index || k >= square);
    }

    /// Removes worker `index`'s files (and what an interrupted write left
    /// of them), and with `note`, this process's manifest: the count is
    /// done. With `note`, a file that cannot be removed is said.
    pub fn clear(&self, index: usize, note: bool) {
        let tail = format!("-w{index}-of-{}.{}", self.peers, self.bits);
        let manifest = self.manifest();
        let manifest = manifest.file_name().and_then(|n| n.to_str()).unwrap_or("");
        for e in fs::read_dir(&self.dir).into_iter().flatten().flatten() {
            let Ok(name) = e.file_name().into_string() else {
                continue;
            };
            let base = temporary_of(&name).unwrap_or(&name);
            let ours =
                (base.starts_with("sq") || base.starts_with("meet-")) && base.ends_with(&tail);
            let lock = name == format!(".lock-p{}", self.process);
            if (ours || note && (base == manifest || lock))
                && let Err(e) = fs::remove_file(e.path())
                && note
            {
                // Left behind, a later count would resume from them.
                self.notices.say(Notice::Uncleared {
                    dir: self.dir.clone(),
                    why: crate::words::io_error(&e),
                });
                return;
            }
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

    /// What a states file begins with: the count and the file's name.
    fn identity(&self, name: &str) -> Vec<u8> {
        format!("{}\n{name}", self.key).into_bytes()
    }

    /// Writes `states` to the file `name` whole, after a number of their
    /// own, `head`: its entry in the manifest.
    fn write_states<S: Word, W: Ways>(
        &self,
        name: &str,
        states: &[Vec<(S, W)>],
        head: u128,
    ) -> io::Result<Entry> {
        let path = self.dir.join(name);
        let seal = &self.seal;
        let identity = self.identity(name);
        let magic = self.magic();
        let (sum, len) = write_whole(&path, |file| {
            let mut out = Hashing::new(BufWriter::new(file), seal);
            out.write_all(magic)?;
            out.write_all(&(identity.len() as u32).to_le_bytes())?;
            out.write_all(&identity)?;
            out.write_all(&head.to_le_bytes())?;
            let n: usize = states.iter().map(Vec::len).sum();
            out.write_all(&(n as u64).to_le_bytes())?;
            for &(s, w) in states.iter().flatten() {
                out.write_all(&wide(s).to_le_bytes())?;
                out.write_all(&w.wide().to_le_bytes())?;
            }
            let (sum, mut inner) = out.finish();
            inner.write_all(&sum)?;
            inner.flush()?;
            Ok((sum, inner.get_ref().metadata()?.len()))
        })?;
        Ok(Entry {
            name: name.to_string(),
            len,
            sum,
        })
    }

    /// The states in the file `name`, and the number written before them,
    /// once its name, its count, its length and its checksum check.
    fn read_states<S: Word, W: Ways>(&self, name: &str) -> io::Result<(Vec<(S, W)>, u128)> {
        let path = self.dir.join(name);
        self.read_states_at(name, &path).map_err(|e| {
            let said = e.to_string();
            match said.contains(&*path.to_string_lossy()) {
                true => e,
                false => io::Error::new(e.kind(), format!("{}: {said}", path.display())),
            }
        })
    }

    fn read_states_at<S: Word, W: Ways>(
        &self,
        name: &str,
        path: &Path,
    ) -> io::Result<(Vec<(S, W)>, u128)> {
        let bad = |why: &str| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("{}: {why}", path.display()),
            )
        };
        let file = open_regular(path)?;
        let len = file.metadata()?.len();
        let mut input = Hashing::new(BufReader::new(file), &self.seal);
        let mut magic = [0u8; 8];
        input.read_exact(&mut magic)?;
        match (&magic, self.seal.keyed()) {
            (m, _) if m == self.magic() => {}
            (MAGIC, true) => return Err(bad(&Fault::Unkeyed.to_string())),
            (MAGIC_KEYED, false) => return Err(bad(&Fault::Keyed.to_string())),
            _ => return Err(bad("not a checkpoint of this knight-tui")),
        }
        let mut b4 = [0u8; 4];
        input.read_exact(&mut b4)?;
        let identity = self.identity(name);
        if u32::from_le_bytes(b4) as usize != identity.len() {
            return Err(bad("the checkpoint of another count or worker"));
        }
        let mut theirs = vec![0u8; identity.len()];
        input.read_exact(&mut theirs)?;
        if theirs != identity {
            return Err(bad("the checkpoint of another count or worker"));
        }
        let head = read_u128(&mut input)?;
        let mut b8 = [0u8; 8];
        input.read_exact(&mut b8)?;
        let n = u64::from_le_bytes(b8);
        let fixed = 8 + 4 + identity.len() as u64 + 16 + 8 + 32;
        if n.checked_mul(RECORD).and_then(|b| b.checked_add(fixed)) != Some(len) {
            return Err(bad("damaged (its length does not match its states)"));
        }
        let mut states = Vec::with_capacity(n as usize);
        for _ in 0..n {
            let s = S::truncate(read_u128(&mut input)?);
            states.push((s, W::of_wide(read_u128(&mut input)?)));
        }
        let (sum, mut inner) = input.finish();
        let mut stored = [0u8; 32];
        inner.read_exact(&mut stored)?;
        if sum != stored {
            return Err(bad(&match self.seal.keyed() {
                true => Fault::Mac,
                false => Fault::Checksum,
            }
            .to_string()));
        }
        Ok((states, head))
    }
}

impl Ledger {
    /// Records a file written at `mark` (read back from a manifest).
    fn enter(&mut self, e: Entry, mark: Mark) {
        let Some((what, index)) = parse_name(&e.name) else {
            return;
        };
        match (what, mark) {
            ("sq", Mark::Square(j)) => {
                self.squares.insert((index, j), e);
            }
            ("lower", _) => {
                self.halves.insert((index, "lower"), e);
            }
            ("upper", _) => {
                self.halves.insert((index, "upper"), e);
            }
            _ => {}
        }
    }

    /// The manifest's lines of `mark` for the workers of `store`'s
    /// process: `None` if a file or a worker's tours are not known.
    fn lines(&self, mark: Mark, store: &Store) -> Option<String> {
        let mut text = String::new();
        let mut file = |e: &Entry| text += &format!("file={} {} {}\n", e.name, e.len, hex(&e.sum));
        for i in store.mine() {
            match mark {
                Mark::Square(j) => file(self.squares.get(&(i, j))?),
                Mark::Pieces(_) => {
                    file(self.halves.get(&(i, "lower"))?);
                    file(self.halves.get(&(i, "upper"))?);
                }
            }
        }
        if let Mark::Pieces(p) = mark {
            for i in store.mine() {
                let t = if p == 0 { 0 } else { *self.tours.get(&(i, p))? };
                text += &format!("tours={i} {t}\n");
            }
        }
        Some(text)
    }
}

/// The kind and the worker of a checkpoint file's name.
fn parse_name(name: &str) -> Option<(&'static str, usize)> {
    let worker = |rest: &str| rest.split_once("-w")?.1.split_once("-of-")?.0.parse().ok();
    if let Some(rest) = name.strip_prefix("meet-lower") {
        return Some(("lower", worker(rest)?));
    }
    if let Some(rest) = name.strip_prefix("meet-upper") {
        return Some(("upper", worker(rest)?));
    }
    Some(("sq", worker(name.strip_prefix("sq")?)?))
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

/// The name of the file a temporary `name` was to become: `.{name}.`,
/// six random characters and `.tmp` (or, from an earlier knight-tui,
/// `{name}.tmp`).
fn temporary_of(name: &str) -> Option<&str> {
    let inner = name.strip_suffix(".tmp")?;
    match inner.strip_prefix('.') {
        Some(rest) => rest.get(..rest.len().checked_sub(7)?),
        None => Some(inner),
    }
}

/// Writes `path` whole: `fill` writes a new temporary file in its folder
/// (a random name, created exclusively: never a file or a link already
/// there), which is synced and renamed over `path`. On failure the
/// temporary file is removed.
fn write_whole<T>(path: &Path, fill: impl FnOnce(&mut fs::File) -> io::Result<T>) -> io::Result<T> {
    // Every failure names the file (a full disk said only "No space left").
    let named = |e: io::Error| {
        io::Error::new(
            e.kind(),
            format!("{}: {}", path.display(), crate::words::io_error(&e)),
        )
    };
    write_within(path, fill).map_err(named)
}

fn write_within<T>(
    path: &Path,
    fill: impl FnOnce(&mut fs::File) -> io::Result<T>,
) -> io::Result<T> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".tmp")
        .rand_bytes(6)
        .tempfile_in(dir)?;
    let made = fill(tmp.as_file_mut())?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(made)
}
