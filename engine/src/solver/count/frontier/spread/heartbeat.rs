//! Heartbeats between the processes of a cluster, so that a process that
//! is stopped (SIGSTOP), frozen or gone without closing its connections
//! cannot hold up the others for ever. Every 2 s each process sends each
//! other one a datagram on UDP, at the same host:port it listens on with
//! TCP: its place, the nonce of its handshake, a counter, and an
//! HMAC-SHA256 under the cluster's key. A process that has heard a
//! process's beats and then hears none for [`LOST`] ends the count, exit
//! 3, naming it.
//!
//! Where UDP does not get through (a firewall), no beats are ever heard:
//! the count goes on unwatched, and says so once.

use std::net::{SocketAddr, ToSocketAddrs, UdpSocket};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::solver::count::{Notice, Notices};

/// How often a process beats.
const EVERY: Duration = Duration::from_secs(2);
/// How long a process that was heard may go unheard.
pub(super) const LOST: Duration = Duration::from_secs(60);
/// The first bytes of a beat.
const MAGIC: &[u8; 8] = b"KTBEAT01";
/// A beat's bytes: the magic word, the process, its nonce, the counter
/// and the MAC.
const BEAT: usize = 8 + 4 + 16 + 8 + 32;

/// The beats of this process, sent and heard, for as long as it lives.
pub(super) struct Beating {
    stop: Arc<AtomicBool>,
    threads: Vec<JoinHandle<()>>,
}

impl Drop for Beating {
    fn drop(&mut self) {
        self.stop.store(true, Relaxed);
        for t in self.threads.drain(..) {
            let _ = t.join();
        }
    }
}

/// The processes of the cluster as a beat names them.
struct Peers {
    hosts: Vec<String>,
    me: usize,
    key: Vec<u8>,
    /// Each process's handshake nonce, by place.
    nonces: Vec<[u8; 16]>,
}

impl Peers {
    fn mac(&self, head: &[u8]) -> Hmac<Sha256> {
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.key).expect("HMAC takes any key");
        mac.update(b"knight-tui cluster beat\0");
        mac.update(head);
        mac
    }

    fn beat(&self, count: u64) -> [u8; BEAT] {
        let mut b = [0u8; BEAT];
        b[..8].copy_from_slice(MAGIC);
        b[8..12].copy_from_slice(&(self.me as u32).to_be_bytes());
        b[12..28].copy_from_slice(&self.nonces[self.me]);
        b[28..36].copy_from_slice(&count.to_be_bytes());
        let mac = self.mac(&b[..36]).finalize().into_bytes();
        b[36..].copy_from_slice(&mac);
        b
    }

    /// The process a datagram is a beat of, if it is one.
    fn heard(&self, b: &[u8]) -> Option<usize> {
        if b.len() != BEAT || &b[..8] != MAGIC {
            return None;
        }
        let i = u32::from_be_bytes(b[8..12].try_into().ok()?) as usize;
        if i == self.me || i >= self.hosts.len() || b[12..28] != self.nonces[i] {
            return None;
        }
        self.mac(&b[..36]).verify_slice(&b[36..]).ok()?;
        Some(i)
    }
}

/// Starts the beats of process `me` of `hosts`, whose handshake nonces
/// are `nonces` (by place), under `key`; `None` (said on stderr) where
/// its UDP port cannot be had.
pub(super) fn start(
    hosts: &[String],
    me: usize,
    key: &[u8],
    nonces: Vec<[u8; 16]>,
    notices: &Notices,
) -> Option<Beating> {
    let socket = match UdpSocket::bind(&hosts[me]) {
        Ok(s) => s,
        Err(e) => {
            notices.say(Notice::Unwatched {
                host: hosts[me].clone(),
                why: crate::words::io_error(&e),
            });
            return None;
        }
    };
    let addrs: Vec<Option<SocketAddr>> = hosts
        .iter()
        .map(|h| h.to_socket_addrs().ok().and_then(|mut a| a.next()))
        .collect();
    let peers = Arc::new(Peers {
        hosts: hosts.to_vec(),
        me,
        key: key.to_vec(),
        nonces,
    });
    let stop = Arc::new(AtomicBool::new(false));
    let sender = socket.try_clone().ok()?;
    let send = {
        let (peers, stop) = (Arc::clone(&peers), Arc::clone(&stop));
        std::thread::spawn(move || {
            let mut count = 0u64;
            while !stop.load(Relaxed) {
                let beat = peers.beat(count);
                count += 1;
                for (i, addr) in addrs.iter().enumerate() {
                    if let (true, Some(a)) = (i != peers.me, addr) {
                        let _ = sender.send_to(&beat, a);
                    }
                }
                sleep_unless(&stop, EVERY);
            }
        })
    };
    let listen = {
        let (stop, notices) = (Arc::clone(&stop), notices.clone());
        std::thread::spawn(move || listen(&socket, &peers, &stop, &notices))
    };
    Some(Beating {
        stop,
        threads: vec![send, listen],
    })
}

/// Sleeps `d`, or less once `stop` is set.
fn sleep_unless(stop: &AtomicBool, d: Duration) {
    let until = Instant::now() + d;
    while !stop.load(Relaxed) && Instant::now() < until {
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Hears the others' beats until `stop`; says [`Notice::Lost`] and stops
/// listening when one that was heard goes unheard for [`LOST`].
fn listen(socket: &UdpSocket, peers: &Peers, stop: &AtomicBool, notices: &Notices) {
    let began = Instant::now();
    let mut last: Vec<Option<Instant>> = vec![None; peers.hosts.len()];
    let mut said = false;
    let _ = socket.set_read_timeout(Some(Duration::from_millis(200)));
    let mut buf = [0u8; BEAT + 1];
    while !stop.load(Relaxed) {
        if let Ok((n, _)) = socket.recv_from(&mut buf)
            && let Some(i) = peers.heard(&buf[..n])
        {
            last[i] = Some(Instant::now());
        }
        let now = Instant::now();
        for (i, heard) in last.iter().enumerate() {
            match heard {
                Some(t) if now.duration_since(*t) > LOST => {
                    if stop.load(Relaxed) {
                        return;
                    }
                    notices.say(Notice::Lost {
                        process: i,
                        host: peers.hosts[i].clone(),
                        silent: LOST,
                    });
                    return;
                }
                None if i != peers.me && !said && now.duration_since(began) > LOST => {
                    said = true;
                    notices.say(Notice::Unheard {
                        process: i,
                        host: peers.hosts[i].clone(),
                    });
                }
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn beats_are_told_from_forgeries() {
        let peers = |me: usize, key: &[u8]| Peers {
            hosts: vec!["a:1".into(), "b:2".into()],
            me,
            key: key.to_vec(),
            nonces: vec![[1; 16], [2; 16]],
        };
        let (zero, one) = (
            peers(0, b"a key of 16 bytes"),
            peers(1, b"a key of 16 bytes"),
        );
        let beat = zero.beat(7);
        assert_eq!(one.heard(&beat), Some(0));
        // Its own beat, another key, a byte changed, a short one: none.
        assert_eq!(zero.heard(&beat), None);
        assert_eq!(peers(1, b"another key here!").heard(&beat), None);
        let mut changed = beat;
        changed[30] ^= 1;
        assert_eq!(one.heard(&changed), None);
        assert_eq!(one.heard(&beat[..BEAT - 1]), None);
    }
}
