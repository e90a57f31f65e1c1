//! The cluster's connections, made as timely makes them (so that nothing
//! but the count reaches stdout), and a process that ends at once, in one
//! line, when another process of the cluster dies.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Instant;

use super::Outcome;
use crate::solver::count::frontier::Stop;

/// How long a process of a cluster waits for the others to come up.
const CONNECT_FOR: std::time::Duration = std::time::Duration::from_secs(300);

/// One connection to each other process of the cluster, in order, `None`
/// at `me`: this process connects to those before it (again and again
/// until they listen) and takes the connections of those after it, each
/// saying its place first (as timely's own set-up does).
pub(super) fn connect(hosts: &[String], me: usize) -> std::io::Result<Vec<Option<TcpStream>>> {
    let deadline = Instant::now() + CONNECT_FOR;
    let timed_out = |what: String| std::io::Error::new(std::io::ErrorKind::TimedOut, what);
    let listener = TcpListener::bind(&hosts[me])?;
    let mut sockets: Vec<Option<TcpStream>> = (0..hosts.len()).map(|_| None).collect();
    let mut said = false;
    for (i, host) in hosts.iter().enumerate().take(me) {
        let stream = loop {
            match TcpStream::connect(host) {
                Ok(s) => break s,
                Err(e) if Instant::now() >= deadline => {
                    return Err(timed_out(format!("process {i} at {host}: {e}")));
                }
                Err(_) => {
                    if !std::mem::replace(&mut said, true) {
                        eprintln!("knight-tui: waiting for the other processes of the cluster");
                    }
                    std::thread::sleep(std::time::Duration::from_millis(200));
                }
            }
        };
        stream.set_nodelay(true)?;
        (&stream).write_all(&(me as u64).to_be_bytes())?;
        sockets[i] = Some(stream);
    }
    listener.set_nonblocking(true)?;
    while sockets[me + 1..].iter().any(Option::is_none) {
        match listener.accept() {
            Ok((stream, _)) => {
                stream.set_nonblocking(false)?;
                stream.set_nodelay(true)?;
                let mut id = [0u8; 8];
                (&stream).read_exact(&mut id)?;
                let id = u64::from_be_bytes(id) as usize;
                if id <= me || id >= hosts.len() || sockets[id].is_some() {
                    return Err(std::io::Error::other(format!(
                        "a connection said it was process {id}"
                    )));
                }
                sockets[id] = Some(stream);
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                if Instant::now() >= deadline {
                    return Err(timed_out(format!(
                        "the processes after {me} did not all connect to {}",
                        hosts[me]
                    )));
                }
                if !std::mem::replace(&mut said, true) {
                    eprintln!("knight-tui: waiting for the other processes of the cluster");
                }
                std::thread::sleep(std::time::Duration::from_millis(50));
            }
            Err(e) => return Err(e),
        }
    }
    Ok(sockets)
}

/// Runs `f`. A panic on one of timely's threads, then or later (when a
/// connection breaks because a process of the cluster died), ends the
/// process at once with exit 3 and one line on stderr: unwinding timely's
/// threads would panic again in their drops and abort, or leave the others
/// waiting. Panics on other threads go to the hook there was before. The
/// hook is set once and kept, so counts at the same time (tests) never
/// put back each other's.
pub(super) fn quietly(f: impl FnOnce() -> Result<Outcome, Stop>) -> Result<Outcome, Stop> {
    static HOOK: std::sync::Once = std::sync::Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let timely = std::thread::current()
                .name()
                .is_some_and(|n| n.starts_with("timely:"));
            if !timely {
                return previous(info);
            }
            let message = info
                .payload()
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| info.payload().downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "a worker panicked".into());
            // The first thread says it and ends the process; others wait.
            static SAID: AtomicBool = AtomicBool::new(false);
            if !SAID.swap(true, Relaxed) {
                eprintln!("knight-tui: the count's workers stopped ({message}); no count");
                std::process::exit(3);
            }
            loop {
                std::thread::park();
            }
        }));
    });
    f()
}
