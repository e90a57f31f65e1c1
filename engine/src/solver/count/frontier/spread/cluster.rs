//! The cluster's connections, made as timely makes them (so that nothing
//! but the count reaches stdout) after a handshake on each
//! (`handshake.rs`), and a process that ends at once, in one line, when
//! another process of the cluster dies.

use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::{Duration, Instant};

use super::handshake::{Bad, Hello, exchange};
use crate::solver::count::frontier::Stop;
use crate::solver::count::{Cause, Mismatch, Notice, Notices, WorkerFault};

/// How long a process of a cluster waits for the others to come up.
const CONNECT_FOR: Duration = Duration::from_secs(300);
/// How long a connection that came in has to finish its handshake.
const STRANGER_FOR: Duration = Duration::from_secs(5);
/// How long a process it connected to has to answer.
const ANSWER_FOR: Duration = Duration::from_secs(30);
/// How long a process that refuses goes on meeting the others, so that
/// they refuse too.
const TELL_FOR: Duration = Duration::from_secs(5);
/// The most handshakes under way at once; more connections are dropped.
const SHAKING: usize = 64;

/// One connection to each other process of the cluster, in order, `None`
/// at `me`, and the hellos of all (this process's first): this process
/// connects to those before it (again and again until they listen) and
/// takes the connections of those after it, each after a handshake
/// ([`exchange`]) under `key`. A connection that came in and fails its
/// handshake is dropped (said on stderr); one this process made that
/// fails ends the count. Processes that differ in what they count are
/// refused ([`Stop::Refused`]).
pub(super) fn connect(
    hosts: &[String],
    me: usize,
    key: &[u8],
    mine: &Hello,
    notices: &Notices,
) -> Result<(Vec<Option<TcpStream>>, Vec<Hello>), Stop> {
    let mut deadline = Instant::now() + CONNECT_FOR;
    // A refusal (a process that differs, or holds another key) is told
    // to every process that can be reached within TELL_FOR: this process
    // goes on meeting the others, which then see it too, and all refuse
    // together.
    let mut refusal: Option<Mismatch> = None;
    let io = |e: std::io::Error| {
        Stop::Workers(WorkerFault::Listen {
            host: hosts[me].clone(),
            cause: Cause::new(e),
        })
    };
    let listener = TcpListener::bind(&hosts[me]).map_err(io)?;
    let mut sockets: Vec<Option<TcpStream>> = (0..hosts.len()).map(|_| None).collect();
    let mut hellos = vec![mine.clone()];
    let wait = || say_waiting(notices);
    for (i, host) in hosts.iter().enumerate().take(me) {
        match dial(i, host, mine, key, deadline, notices) {
            Ok((stream, theirs)) => {
                if let Some(why) = mine.differs(&theirs) {
                    refuse(&mut refusal, why, &mut deadline);
                }
                hellos.push(theirs);
                sockets[i] = Some(stream);
            }
            Err(Stop::Refused(why)) => refuse(&mut refusal, why, &mut deadline),
            // Telling the others of a refusal is done as far as it goes.
            Err(_) if refusal.is_some() => {}
            Err(e) => return Err(e),
        }
    }
    listener.set_nonblocking(true).map_err(io)?;
    // Each connection that comes in has its handshake on a thread of its
    // own, under one deadline: a stranger, however slow, holds up no one.
    let (done, results) = std::sync::mpsc::channel();
    let mut shaking = 0usize;
    let mut dropped = Vec::new();
    while sockets[me + 1..].iter().any(Option::is_none) {
        let mut idle = true;
        match listener.accept() {
            Ok((stream, from)) if shaking < SHAKING => {
                idle = false;
                shaking += 1;
                let (done, mine, key) = (done.clone(), mine.clone(), key.to_vec());
                let limit = deadline.min(Instant::now() + STRANGER_FOR);
                std::thread::spawn(move || {
                    let taken = stream
                        .set_nonblocking(false)
                        .and_then(|()| stream.set_nodelay(true))
                        .map_err(Bad::Io)
                        .and_then(|()| exchange(&stream, &mine, &key, limit));
                    let _ = done.send((stream, from, taken));
                });
            }
            Ok((_, from)) => {
                idle = false;
                notices.say(Notice::Crowded {
                    from,
                    most: SHAKING,
                });
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) => return Err(io(e)),
        }
        while let Ok((stream, from, taken)) = results.try_recv() {
            idle = false;
            shaking -= 1;
            let taken = match taken {
                Ok(h)
                    if h.process <= me
                        || h.process >= hosts.len()
                        || sockets[h.process].is_some() =>
                {
                    Err(format!("it said it was process {}", h.process))
                }
                Ok(h) => Ok(h),
                Err(bad) => Err(bad.to_string()),
            };
            match taken {
                Ok(theirs) => {
                    if let Some(why) = mine.differs(&theirs) {
                        refuse(&mut refusal, why, &mut deadline);
                    }
                    let i = theirs.process;
                    hellos.push(theirs);
                    sockets[i] = Some(stream);
                }
                Err(why) => {
                    notices.say(Notice::Dropped {
                        from,
                        why: why.clone(),
                    });
                    dropped.push(why);
                }
            }
        }
        if !idle {
            continue;
        }
        if Instant::now() >= deadline {
            if let Some(why) = refusal {
                return Err(Stop::Refused(why));
            }
            let missing = (me + 1..hosts.len())
                .filter(|&i| sockets[i].is_none())
                .collect();
            return Err(Stop::Workers(WorkerFault::Unconnected {
                missing,
                host: hosts[me].clone(),
                secs: CONNECT_FOR.as_secs(),
                dropped: dropped.len(),
            }));
        }
        wait();
        std::thread::sleep(Duration::from_millis(20));
    }
    match refusal {
        Some(why) => Err(Stop::Refused(why)),
        None => Ok((sockets, hellos)),
    }
}

/// Notes the first refusal, and shortens the wait to telling the others.
fn refuse(refusal: &mut Option<Mismatch>, why: Mismatch, deadline: &mut Instant) {
    if refusal.is_none() {
        *refusal = Some(why);
        *deadline = (*deadline).min(Instant::now() + TELL_FOR);
    }
}

/// Says once a process (not once a count: a table counts each start)
/// that it waits for the others.
fn say_waiting(notices: &Notices) {
    static SAID: AtomicBool = AtomicBool::new(false);
    if !SAID.swap(true, Relaxed) {
        notices.say(Notice::Waiting);
    }
}

/// The connection to process `i` at `host`, dialled again and again until
/// it listens or `deadline` passes, and its hello after the handshake.
fn dial(
    i: usize,
    host: &str,
    mine: &Hello,
    key: &[u8],
    deadline: Instant,
    notices: &Notices,
) -> Result<(TcpStream, Hello), Stop> {
    let failed = |cause: Cause| {
        Stop::Workers(WorkerFault::Dial {
            process: i,
            host: host.to_string(),
            cause,
        })
    };
    let stream = loop {
        match TcpStream::connect(host) {
            Ok(s) => break s,
            Err(e) if Instant::now() >= deadline => return Err(failed(Cause::new(e))),
            Err(_) => {
                say_waiting(notices);
                std::thread::sleep(Duration::from_millis(200));
            }
        }
    };
    stream
        .set_nodelay(true)
        .map_err(|e| failed(Cause::new(e)))?;
    match exchange(
        &stream,
        mine,
        key,
        deadline.min(Instant::now() + ANSWER_FOR),
    ) {
        Ok(h) if h.process == i => Ok((stream, h)),
        Ok(h) => Err(Stop::Workers(WorkerFault::WrongProcess {
            host: host.to_string(),
            process: i,
            said: h.process,
        })),
        Err(Bad::Key) => Err(Stop::Refused(Mismatch::Key {
            process: i,
            host: host.to_string(),
            keyless: key.is_empty(),
        })),
        Err(bad) => Err(failed(Cause::new(bad))),
    }
}

/// Whether the calling thread is one of timely's workers. A panic there
/// cannot be unwound: timely's threads would panic again in their drops
/// and abort, or leave the other processes waiting. A program that counts
/// over a cluster ends the process from its panic hook when this holds
/// (the command line says one line and exits 3).
pub fn is_worker_thread() -> bool {
    std::thread::current()
        .name()
        .is_some_and(|n| n.starts_with("timely:"))
}
