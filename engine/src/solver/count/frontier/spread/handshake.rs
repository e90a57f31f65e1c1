//! The handshake of a cluster. Before the count, every two processes show
//! each other who they are (a magic word, the program's version, the
//! process's place), what they count (the board, the tours, the way of
//! counting, the workers, the hosts, whether they keep checkpoints) and
//! the checkpoints they could resume from, and prove with an HMAC-SHA256
//! over both hellos that they hold the cluster's key. A connection that
//! says anything else is a stranger: dropped, never taken as a process.
//! Processes that differ in what they count refuse to count together.
//!
//! The connections are not encrypted: the key keeps strangers out, it
//! does not hide the states.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::checkpoint::{Mark, hex, unhex};
use crate::solver::count::Mismatch;

/// The first bytes of every hello.
const MAGIC: &[u8; 8] = b"KTCLSTR1";
/// The longest hello: the terms, with a host file of up to 64 KiB.
const MOST: u32 = 256 * 1024;
/// The bytes of a proof.
const PROOF: usize = 32;

/// What a process says of itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Hello {
    pub process: usize,
    /// What every process must agree on, by name.
    pub terms: Vec<(String, String)>,
    /// The checkpoints this process could resume from, newest first.
    pub marks: Vec<Mark>,
    pub nonce: [u8; 16],
}

/// Why a handshake failed.
#[derive(Debug)]
pub(super) enum Bad {
    /// The other end is not a process of this cluster: what it did.
    Stranger(Strange),
    /// It spoke the protocol but did not prove it holds the key.
    Key,
    /// The connection failed.
    Io(std::io::Error),
}

impl std::error::Error for Bad {}

/// What a stranger did that no process of the cluster does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Strange {
    /// It closed the connection in the middle.
    Closed,
    /// It did not open with the magic word.
    NoMagic,
    /// It sent this process's own nonce back.
    OwnNonce,
    /// It announced a hello of this many bytes, more than any.
    Long(u32),
    /// Its hello does not read.
    Garbled,
}

impl std::fmt::Display for Strange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Strange::Closed => f.write_str("it closed the connection"),
            Strange::NoMagic => f.write_str("it did not say the magic word"),
            Strange::OwnNonce => f.write_str("it sent this process's own nonce back"),
            Strange::Long(len) => write!(f, "a hello of {len} bytes"),
            Strange::Garbled => f.write_str("a garbled hello"),
        }
    }
}

impl std::fmt::Display for Bad {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Bad::Stranger(what) => write!(f, "not a knight-tui process of this cluster ({what})"),
            Bad::Key => f.write_str("it does not hold this cluster's key"),
            Bad::Io(e) if is_timeout(e) => f.write_str("no hello in time"),
            Bad::Io(e) => write!(f, "{e}"),
        }
    }
}

fn is_timeout(e: &std::io::Error) -> bool {
    matches!(
        e.kind(),
        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
    )
}

impl Hello {
    pub fn new(process: usize, terms: Vec<(String, String)>, marks: Vec<Mark>) -> Hello {
        let mut nonce = [0u8; 16];
        // Without the system's randomness the time and the process tell
        // one hello from another, which is all the nonce is for.
        if getrandom::fill(&mut nonce).is_err() {
            let t = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos());
            nonce = (t ^ u128::from(std::process::id()) << 96).to_le_bytes();
        }
        Hello {
            process,
            terms,
            marks,
            nonce,
        }
    }

    fn encode(&self) -> Vec<u8> {
        let mut text = format!("process={}\n", self.process);
        for (name, value) in &self.terms {
            text += &format!("{name}={value}\n");
        }
        let marks: Vec<String> = self.marks.iter().map(Mark::to_string).collect();
        text += &format!("resume={}\n", marks.join(","));
        text += &format!("nonce={}\n", hex(&self.nonce));
        text.into_bytes()
    }

    fn decode(bytes: &[u8]) -> Option<Hello> {
        let text = std::str::from_utf8(bytes).ok()?;
        let mut lines = text.lines().map(|l| l.split_once('='));
        let process = lines.next()??.1.parse().ok()?;
        let mut terms = Vec::new();
        let mut marks = None;
        let mut nonce = None;
        for line in lines {
            let (name, value) = line?;
            match name {
                "resume" if value.is_empty() => marks = Some(Vec::new()),
                "resume" => {
                    marks = Some(
                        value
                            .split(',')
                            .map(str::parse)
                            .collect::<Result<_, _>>()
                            .ok()?,
                    );
                }
                "nonce" => nonce = Some(unhex::<16>(value)?),
                _ => terms.push((name.to_string(), value.to_string())),
            }
        }
        Some(Hello {
            process,
            terms,
            marks: marks?,
            nonce: nonce?,
        })
    }

    /// The first term in which `other` (process `other.process`) differs
    /// from this process's hello.
    pub fn differs(&self, other: &Hello) -> Option<Mismatch> {
        let theirs = |name: &str| {
            other
                .terms
                .iter()
                .find(|(n, _)| n == name)
                .map_or("nothing", |(_, v)| v.as_str())
        };
        self.terms
            .iter()
            .find(|(name, mine)| theirs(name) != mine)
            .map(|(name, mine)| Mismatch::Terms {
                term: name.clone(),
                process: other.process,
                theirs: theirs(name).to_string(),
                me: self.process,
                mine: mine.clone(),
            })
    }
}

/// An HMAC-SHA256 under `key` of `parts`, each with its length, after
/// the handshake's name and what the MAC is for.
fn mac(key: &[u8], what: &[u8], parts: &[&[u8]]) -> Hmac<Sha256> {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(key).expect("HMAC takes any key");
    mac.update(b"knight-tui cluster handshake 2\0");
    mac.update(what);
    for part in parts {
        mac.update(&(part.len() as u64).to_be_bytes());
        mac.update(part);
    }
    mac
}

/// A stream read and written under one deadline for the whole
/// handshake: each read or write waits only for what is left of it, so a
/// peer that trickles a byte at a time cannot hold the connection past it.
struct Deadlined<'s> {
    stream: &'s TcpStream,
    deadline: Instant,
}

impl Deadlined<'_> {
    fn left(&self) -> std::io::Result<Duration> {
        let left = self.deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(std::io::ErrorKind::TimedOut.into());
        }
        Ok(left)
    }
}

impl Read for Deadlined<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.stream.set_read_timeout(Some(self.left()?))?;
        (&mut &*self.stream).read(buf)
    }
}

impl Write for Deadlined<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.stream.set_write_timeout(Some(self.left()?))?;
        (&mut &*self.stream).write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The handshake on `stream`, whole by `deadline`: each end sends the
/// magic word and a fresh nonce, then proves it holds `key` with an HMAC
/// over both nonces (its own first); only once the other's proof checks
/// does it send its hello, with an HMAC binding it to both nonces. So a
/// stranger learns nothing of the count, and a recorded hello cannot be
/// played back. The stream is left blocking with no timeouts, for the
/// count.
pub(super) fn exchange(
    stream: &TcpStream,
    mine: &Hello,
    key: &[u8],
    deadline: Instant,
) -> Result<Hello, Bad> {
    let mut s = Deadlined { stream, deadline };
    let eof = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::UnexpectedEof => Bad::Stranger(Strange::Closed),
        _ => Bad::Io(e),
    };
    let mut opening = MAGIC.to_vec();
    opening.extend_from_slice(&mine.nonce);
    s.write_all(&opening).map_err(Bad::Io)?;
    let mut magic = [0u8; 8];
    s.read_exact(&mut magic).map_err(eof)?;
    if &magic != MAGIC {
        return Err(Bad::Stranger(Strange::NoMagic));
    }
    let mut nonce = [0u8; 16];
    s.read_exact(&mut nonce).map_err(eof)?;
    if nonce == mine.nonce {
        return Err(Bad::Stranger(Strange::OwnNonce));
    }
    // The key, proved both ways before anything of the count is said.
    let proof = mac(key, b"proof", &[&mine.nonce, &nonce]);
    s.write_all(&proof.finalize().into_bytes())
        .map_err(Bad::Io)?;
    let mut shown = [0u8; PROOF];
    s.read_exact(&mut shown).map_err(|e| match e.kind() {
        std::io::ErrorKind::UnexpectedEof => Bad::Key,
        _ => Bad::Io(e),
    })?;
    mac(key, b"proof", &[&nonce, &mine.nonce])
        .verify_slice(&shown)
        .map_err(|_| Bad::Key)?;
    let ours = mine.encode();
    let mut frame = (ours.len() as u32).to_be_bytes().to_vec();
    frame.extend_from_slice(&ours);
    frame.extend_from_slice(
        &mac(key, b"hello", &[&mine.nonce, &nonce, &ours])
            .finalize()
            .into_bytes(),
    );
    s.write_all(&frame).map_err(Bad::Io)?;
    let mut len = [0u8; 4];
    s.read_exact(&mut len).map_err(eof)?;
    let len = u32::from_be_bytes(len);
    if len > MOST {
        return Err(Bad::Stranger(Strange::Long(len)));
    }
    let mut theirs = vec![0u8; len as usize];
    s.read_exact(&mut theirs).map_err(eof)?;
    let mut sealed = [0u8; PROOF];
    s.read_exact(&mut sealed).map_err(eof)?;
    mac(key, b"hello", &[&nonce, &mine.nonce, &theirs])
        .verify_slice(&sealed)
        .map_err(|_| Bad::Key)?;
    let mut hello = Hello::decode(&theirs).ok_or(Bad::Stranger(Strange::Garbled))?;
    hello.nonce = nonce;
    stream.set_read_timeout(None).map_err(Bad::Io)?;
    stream.set_write_timeout(None).map_err(Bad::Io)?;
    Ok(hello)
}

/// Checkpoints of the processes with no mark in common: each process
/// and the marks it could resume from.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Disagreement(Vec<(usize, Vec<Mark>)>);

impl std::error::Error for Disagreement {}

impl std::fmt::Display for Disagreement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let said: Vec<String> = self
            .0
            .iter()
            .map(|(process, marks)| {
                let marks: Vec<String> = marks.iter().map(Mark::to_string).collect();
                let marks = if marks.is_empty() {
                    "none".to_string()
                } else {
                    marks.join(" or ")
                };
                format!("process {process} {marks}")
            })
            .collect();
        write!(
            f,
            "the processes' checkpoints disagree (the checkpoints each could resume from: {}); empty every process's folder to start over",
            said.join("; ")
        )
    }
}

/// Where every process resumes, from the checkpoints each could resume
/// from (this process's first): the newest mark all of them hold, none
/// when none has any. A disagreement when some have checkpoints and
/// others none, or theirs have nothing in common.
pub(super) fn agree(hellos: &[Hello]) -> Result<Option<Mark>, Disagreement> {
    let Some(me) = hellos.first() else {
        return Ok(None);
    };
    if hellos.iter().all(|h| h.marks.is_empty()) {
        return Ok(None);
    }
    let common = me
        .marks
        .iter()
        .find(|m| hellos.iter().all(|h| h.marks.contains(m)));
    match common {
        Some(m) => Ok(Some(*m)),
        None => Err(Disagreement(
            hellos
                .iter()
                .map(|h| (h.process, h.marks.clone()))
                .collect(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::TcpListener;

    fn hello(process: usize, count: &str, marks: Vec<Mark>) -> Hello {
        Hello::new(
            process,
            vec![
                ("version".into(), "knight-tui 0.1.0".into()),
                ("the count".into(), count.into()),
            ],
            marks,
        )
    }

    #[test]
    fn a_hello_reads_back_as_written() {
        let h = hello(
            3,
            "6x6, closed tours",
            vec![Mark::Square(30), Mark::Pieces(2)],
        );
        assert_eq!(Hello::decode(&h.encode()), Some(h));
        assert_eq!(Hello::decode(b"process=1\nnonce=zz\n"), None);
        assert_eq!(Hello::decode(b"\xff\xfe"), None);
    }

    #[test]
    fn processes_that_differ_are_named() {
        let a = hello(0, "6x6, closed tours", vec![]);
        let b = hello(1, "6x6, open tours from 0,0", vec![]);
        let why = a.differs(&b).unwrap();
        let Mismatch::Terms { term, process, .. } = &why else {
            panic!("{why}");
        };
        assert_eq!((term.as_str(), *process), ("the count", 1));
        let why = why.to_string();
        assert!(
            why.contains("(process 1: 6x6, open tours from 0,0; process 0: 6x6, closed tours)"),
            "{why}"
        );
        assert_eq!(a.differs(&hello(1, "6x6, closed tours", vec![])), None);
    }

    #[test]
    fn the_newest_checkpoint_every_process_holds_is_taken() {
        let marks =
            |p: usize, m: &[u64]| hello(p, "c", m.iter().map(|&j| Mark::Square(j)).collect());
        assert_eq!(
            agree(&[marks(0, &[30, 29]), marks(1, &[29, 28])]),
            Ok(Some(Mark::Square(29)))
        );
        assert_eq!(agree(&[marks(0, &[]), marks(1, &[])]), Ok(None));
        let why = agree(&[marks(0, &[30, 29]), marks(1, &[])])
            .unwrap_err()
            .to_string();
        assert!(why.contains("process 1 none"), "{why}");
        assert!(agree(&[marks(0, &[30]), marks(1, &[28])]).is_err());
    }

    /// Both ends of a connection on loopback.
    fn pair() -> (TcpStream, TcpStream) {
        let l = TcpListener::bind("127.0.0.1:0").unwrap();
        let a = TcpStream::connect(l.local_addr().unwrap()).unwrap();
        let (b, _) = l.accept().unwrap();
        (a, b)
    }

    fn soon() -> Instant {
        Instant::now() + Duration::from_secs(5)
    }

    /// A hello with a host list as long as a host file may be (64 KiB)
    /// is taken (one over 64 KiB was refused as a stranger's).
    #[test]
    fn a_hello_with_the_longest_host_file_is_taken() {
        let long = |p| {
            let mut h = hello(p, "c", vec![]);
            h.terms.push(("the hosts".into(), "h".repeat(64 * 1024)));
            h
        };
        let (a, b) = pair();
        let hb = long(1);
        let other = std::thread::spawn(move || exchange(&b, &hb, b"", soon()).map(|h| h.process));
        assert_eq!(exchange(&a, &long(0), b"", soon()).unwrap().process, 1);
        assert_eq!(other.join().unwrap().unwrap(), 0);
    }

    #[test]
    fn two_processes_with_one_key_meet_and_others_do_not() {
        let (a, b) = pair();
        let (ha, hb) = (hello(0, "c", vec![]), hello(1, "c", vec![]));
        let other = std::thread::spawn(move || {
            exchange(&b, &hb, b"key of sixteen b", soon()).map(|h| h.process)
        });
        assert_eq!(
            exchange(&a, &ha, b"key of sixteen b", soon())
                .unwrap()
                .process,
            1
        );
        assert_eq!(other.join().unwrap().unwrap(), 0);
        // Another key: each end finds the other's proof wrong.
        let (a, b) = pair();
        let hb = hello(1, "c", vec![]);
        let other = std::thread::spawn(move || exchange(&b, &hb, b"another key here", soon()));
        assert!(matches!(
            exchange(&a, &ha, b"key of sixteen b", soon()),
            Err(Bad::Key)
        ));
        assert!(matches!(other.join().unwrap(), Err(Bad::Key)));
    }

    #[test]
    fn strangers_are_told_apart() {
        let ha = hello(0, "c", vec![]);
        // Silent: no hello in time.
        let (a, _b) = pair();
        let r = exchange(&a, &ha, b"", Instant::now() + Duration::from_millis(200));
        assert!(matches!(r, Err(Bad::Io(ref e)) if is_timeout(e)), "{r:?}");
        // A process number alone, as the connections once began.
        let (a, mut b) = pair();
        b.write_all(&1u64.to_be_bytes()).unwrap();
        assert!(matches!(
            exchange(&a, &ha, b"", soon()),
            Err(Bad::Stranger(_))
        ));
        // The opening sent back as it came.
        let (a, b) = pair();
        let echo = std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            let n = (&b).read(&mut buf).unwrap();
            (&b).write_all(&buf[..n]).unwrap();
        });
        assert!(matches!(
            exchange(&a, &ha, b"", soon()),
            Err(Bad::Stranger(_))
        ));
        echo.join().unwrap();
        // A stranger without the key hears nothing of the count.
        let (a, mut b) = pair();
        let mut opening = MAGIC.to_vec();
        opening.extend_from_slice(&[7; 16]);
        b.write_all(&opening).unwrap();
        b.write_all(&[0; PROOF]).unwrap();
        let r = exchange(&a, &ha, b"key of sixteen b", soon());
        assert!(matches!(r, Err(Bad::Key)), "{r:?}");
        drop(a);
        let mut heard = Vec::new();
        b.read_to_end(&mut heard).unwrap();
        assert_eq!(heard.len(), 8 + 16 + PROOF, "only the opening and a proof");
        assert!(!String::from_utf8_lossy(&heard).contains("process="));
    }

    /// A peer that sends a byte every 100 ms never finishes its opening
    /// within 1 s: the deadline is the handshake's, not a read's.
    #[test]
    fn a_trickling_peer_is_cut_off_at_the_deadline() {
        let ha = hello(0, "c", vec![]);
        let (a, mut b) = pair();
        let trickle = std::thread::spawn(move || {
            for byte in MAGIC.iter().chain(&[1u8; 16]) {
                std::thread::sleep(Duration::from_millis(100));
                if b.write_all(&[*byte]).is_err() {
                    return;
                }
            }
        });
        let began = Instant::now();
        let r = exchange(&a, &ha, b"", Instant::now() + Duration::from_secs(1));
        assert!(matches!(r, Err(Bad::Io(ref e)) if is_timeout(e)), "{r:?}");
        assert!(
            began.elapsed() < Duration::from_millis(1800),
            "{:?}",
            began.elapsed()
        );
        drop(a);
        trickle.join().unwrap();
    }
}
