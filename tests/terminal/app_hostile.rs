//! The real app in tmux under what a hostile user or system does: signals
//! in every mode, rapid resizes and thousands of random keys, files that
//! are not tour files or never end. Each time the app ends as it should and
//! the terminal is given back. Skipped (with a line saying so) without tmux,
//! as in `app_tty.rs`.

use crate::common::{Tmux, assert_ended, assert_restored, have_tmux, launch};

/// The three modes, as command-line arguments.
fn modes() -> [String; 3] {
    let euler = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/euler-1759-8x8.json");
    [
        "--size 8".to_string(),
        "play --size 6".to_string(),
        format!("replay {euler}"),
    ]
}

fn signal_restores_the_terminal(test: &str, signal: &str, number: i32) {
    if !have_tmux(test) {
        return;
    }
    for (i, mode) in modes().iter().enumerate() {
        let (t, _dir) = launch(&format!("{signal}{i}"), "2", mode);
        t.wait_for("quit");
        t.signal(signal);
        // The conventional status of a process ended by the signal.
        assert_ended(&t, 128 + number);
    }
}

#[test]
fn sigterm_restores_the_terminal_in_every_mode() {
    signal_restores_the_terminal("sigterm_restores_the_terminal_in_every_mode", "TERM", 15);
}

#[test]
fn sighup_restores_the_terminal_in_every_mode() {
    signal_restores_the_terminal("sighup_restores_the_terminal_in_every_mode", "HUP", 1);
}

#[test]
fn sigint_restores_the_terminal_in_every_mode() {
    signal_restores_the_terminal("sigint_restores_the_terminal_in_every_mode", "INT", 2);
}

#[test]
fn sigquit_restores_the_terminal_in_every_mode() {
    signal_restores_the_terminal("sigquit_restores_the_terminal_in_every_mode", "QUIT", 3);
}

/// A small random number generator (xorshift), seeded per mode so a
/// failure can be replayed.
struct Rng(u64);
impl Rng {
    fn next(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Every key the app knows and some it does not, but the three that quit
/// from the main screen (q, Esc, Ctrl-C): those end the test.
const KEYS: &[&str] = &[
    "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "r", "s", "t",
    "u", "v", "w", "x", "y", "z", "Z", "H", "J", "K", "L", "0", "1", "2", "3", "4", "5", "6", "7",
    "8", "9", "Space", "Enter", "Tab", "BTab", "BSpace", "Up", "Down", "Left", "Right", "S-Up",
    "S-Left", "Home", "End", "PageUp", "PageDown", "+", "-", "#", "?", "{", "}", "[", "]", "<",
    ">", ".", "/", "F1", "Delete",
];

fn screen_is_sane(t: &Tmux, after: &str) {
    let s = t.screen();
    assert!(!s.contains("panicked"), "a panic after {after}:\n{s}");
}

#[test]
fn rapid_resizes_and_random_keys_in_every_mode_end_cleanly() {
    if !have_tmux("rapid_resizes_and_random_keys_in_every_mode_end_cleanly") {
        return;
    }
    let sizes = [(40, 12), (200, 60), (80, 24), (20, 5), (120, 40), (100, 30)];
    for (i, mode) in modes().iter().enumerate() {
        let (t, _dir) = launch(&format!("random{i}"), "5", mode);
        t.wait_for("quit");
        for k in 0..50 {
            let (x, y) = sizes[k % sizes.len()];
            let (x, y) = (x.to_string(), y.to_string());
            t.run(&["resize-window", "-t", "t", "-x", &x, "-y", &y]);
        }
        screen_is_sane(&t, "50 resizes");
        t.wait_for("quit");
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15 ^ (i as u64 + 1));
        for batch in 0..150 {
            let keys: Vec<&str> = (0..20).map(|_| KEYS[rng.next(KEYS.len())]).collect();
            let mut args = vec!["send-keys", "-t", "t"];
            args.extend(&keys);
            t.run(&args);
            if batch % 50 == 49 {
                screen_is_sane(&t, &format!("{} random keys", (batch + 1) * 20));
            }
        }
        // Ctrl-C quits from every screen, the file prompt included.
        // Still running (no random key quits), and still answering.
        let s = t.screen();
        assert!(!s.contains("EXIT="), "{mode}: quit by a random key:\n{s}");
        t.run(&["resize-window", "-t", "t", "-x", "101", "-y", "31"]);
        t.wait_until(
            &format!("{mode} redrawn at 101x31 after the random keys"),
            |s| {
                // The board's top edge, under the tabs of a tall screen.
                s.lines()
                    .take(2)
                    .any(|l| l.starts_with('┌') && l.chars().count() == 101)
            },
        );
        t.keys(&["C-c"]);
        assert_restored(&t);
    }
}

#[test]
fn a_file_that_is_not_a_tour_or_never_ends_does_not_stop_the_app() {
    if !have_tmux("a_file_that_is_not_a_tour_or_never_ends_does_not_stop_the_app") {
        return;
    }
    let (t, dir) = launch("load", "2", "--size 6");
    t.wait_for("quit");
    // /dev/zero: refused at its first byte.
    t.keys(&["l"]);
    t.keys(&["-l", "/dev/zero"]);
    t.keys(&["Enter"]);
    t.wait_for("cannot open /dev/zero: not a text file (byte 0x00 at offset 0)");
    // A FIFO nobody writes: the read waits, Esc stops it, the app goes on.
    let fifo = dir.path().join("never");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    t.keys(&["l"]);
    t.keys(&["-l", &fifo.display().to_string()]);
    t.keys(&["Enter"]);
    t.wait_for("(Esc stops)");
    t.wait_for("Esc stop reading");
    t.keys(&["Escape"]);
    t.wait_for("stopped reading");
    t.keys(&["Space"]);
    t.wait_for("paused");
    t.keys(&["q"]);
    assert_restored(&t);
}

#[test]
fn a_dumb_terminal_gets_one_line_not_a_broken_screen() {
    if !have_tmux("a_dumb_terminal_gets_one_line_not_a_broken_screen") {
        return;
    }
    let bin = env!("CARGO_BIN_EXE_knight-tui");
    let t = Tmux::start(
        "dumb",
        &format!("TERM=dumb {bin} --size 5; echo EXIT=$?; sleep 10"),
    );
    t.wait_for("EXIT=2");
    let screen = t.screen();
    assert!(
        screen.contains("error: the terminal app cannot draw on a dumb terminal (TERM=dumb)"),
        "{screen}"
    );
}
