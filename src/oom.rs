//! Out of memory is an answer, never a crash: the system allocator,
//! wrapped so that an allocation it refuses (under `ulimit -v`, `prlimit
//! --as` or a cgroup's limit, most often in the worker threads of a
//! parallel count, whose arenas and stacks the memory bound cannot see)
//! ends the process with one line and exit 3, the contract's "a limit
//! stopped it", instead of Rust's abort (SIGABRT, exit 134). While the app
//! has the screen, the terminal is given back first.
//!
//! Nothing on that path allocates: the line is built in a buffer on the
//! stack and written with `write(2)`, and the process ends with `_exit`.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

/// The system allocator, which ends the process in words when it fails.
pub struct Guarded;

#[global_allocator]
static ALLOCATOR: Guarded = Guarded;

// SAFETY: every call is passed to `System` unchanged; only a null answer
// (a refused allocation) is acted on, and that path never returns.
unsafe impl GlobalAlloc for Guarded {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let p = unsafe { System.alloc(layout) };
        if p.is_null() {
            refused(layout.size());
        }
        p
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let p = unsafe { System.alloc_zeroed(layout) };
        if p.is_null() {
            refused(layout.size());
        }
        p
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's contract, passed on.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if p.is_null() {
            refused(new_size);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract, passed on.
        unsafe { System.dealloc(ptr, layout) }
    }
}

/// The terminal's settings before the app took the screen, while it has
/// it.
static TERMINAL: OnceLock<libc::termios> = OnceLock::new();
static SCREEN: AtomicBool = AtomicBool::new(false);

/// Notes the terminal's settings as the app takes the screen (`true`),
/// and that it gave the screen back (`false`).
pub fn screen(taken: bool) {
    if taken {
        // SAFETY: a termios is plain data, filled by tcgetattr.
        let mut t: libc::termios = unsafe { std::mem::zeroed() };
        // SAFETY: fd 0 and a valid termios to fill.
        if unsafe { libc::tcgetattr(0, &mut t) } == 0 {
            let _ = TERMINAL.set(t);
        }
    }
    SCREEN.store(taken, Ordering::SeqCst);
}

/// Says that `size` bytes could not be had and ends the process (exit 3).
fn refused(size: usize) -> ! {
    if SCREEN.load(Ordering::SeqCst) {
        // Leave the alternate screen, show the cursor, stop the mouse
        // reports, and the terminal's settings as they were.
        write_all(
            1,
            b"\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?25h\x1b[?1049l",
        );
        if let Some(t) = TERMINAL.get() {
            // SAFETY: fd 0 and the settings read from it.
            unsafe { libc::tcsetattr(0, libc::TCSANOW, t) };
        }
    }
    let mut line = [0u8; 256];
    let mut n = 0;
    // itoa formats into a buffer on the stack.
    let mut number = itoa::Buffer::new();
    for part in [
        &b"knight-tui: out of memory: "[..],
        number.format(size).as_bytes(),
        b" bytes more could not be had (free memory, ulimit and cgroup limits); stopped\n",
    ] {
        line[n..n + part.len()].copy_from_slice(part);
        n += part.len();
    }
    write_all(2, &line[..n]);
    // SAFETY: ends the process at once; nothing after runs.
    unsafe { libc::_exit(3) }
}

fn write_all(fd: i32, mut bytes: &[u8]) {
    while !bytes.is_empty() {
        // SAFETY: a valid buffer of its length.
        let n = unsafe { libc::write(fd, bytes.as_ptr().cast(), bytes.len()) };
        if n <= 0 {
            return;
        }
        bytes = &bytes[n as usize..];
    }
}
