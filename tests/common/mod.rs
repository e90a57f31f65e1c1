//! Helpers shared by the integration tests: the binary as a command, and
//! for the tests that drive the real app in tmux, a tmux server of the
//! test's own, keys in, the screen out, and the terminal's state after the
//! app ends.
#![allow(dead_code)]

use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The binary, away from a developer's own config file, with no input.
pub fn kt() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_knight-tui"));
    c.env("XDG_CONFIG_HOME", "/nonexistent-knight-tui-test");
    c.stdin(Stdio::null());
    c
}

/// The binary run with `args`: its exit code (-1 for a signal), stdout
/// and stderr.
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = kt().args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A file named `name` holding `text`, in a temporary folder (removed
/// when the folder is dropped), and its path.
pub fn written(name: &str, text: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join(name);
    std::fs::write(&file, text).unwrap();
    let path = file.to_str().unwrap().to_string();
    (dir, path)
}

/// A host file of `n` free ports on loopback (127.0.0.1 only), one a
/// process, with `extra` lines after: its folder, its path and the
/// ports' lines.
pub fn free_hosts(n: usize, extra: &str) -> (tempfile::TempDir, String, Vec<String>) {
    let listeners: Vec<_> = (0..n)
        .map(|_| std::net::TcpListener::bind("127.0.0.1:0").unwrap())
        .collect();
    let lines: Vec<String> = listeners
        .iter()
        .map(|l| l.local_addr().unwrap().to_string())
        .collect();
    drop(listeners);
    let (dir, file) = written("hosts", &(lines.join("\n") + "\n" + extra));
    (dir, file, lines)
}

/// The one file in `dir` whose name starts with `stem` (a game the app
/// saved there).
pub fn saved_file(dir: &Path, stem: &str) -> std::path::PathBuf {
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .find(|e| e.file_name().to_string_lossy().starts_with(stem))
        .unwrap_or_else(|| panic!("no {stem}… in {}", dir.display()))
        .path()
}

/// The names in a folder, sorted.
pub fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

pub struct Tmux {
    socket: String,
}

impl Tmux {
    pub fn start(name: &str, cmd: &str) -> Tmux {
        let t = Tmux {
            socket: format!("knight-tui-test-{name}-{}", std::process::id()),
        };
        let out = t.run(&["new-session", "-d", "-s", "t", "-x", "100", "-y", "30", cmd]);
        assert!(
            out.status.success(),
            "tmux is needed for this test: {out:?}"
        );
        t
    }
    pub fn run(&self, args: &[&str]) -> std::process::Output {
        Command::new("tmux")
            .args(["-L", &self.socket, "-f", "/dev/null"])
            .args(args)
            .output()
            .expect("tmux is needed for this test (apt-get install tmux)")
    }
    /// The screen with its colours, as escape sequences.
    pub fn screen_styled(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-e", "-p", "-t", "t"]).stdout)
            .into_owned()
    }
    pub fn screen(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "t"]).stdout).into_owned()
    }
    pub fn keys(&self, keys: &[&str]) {
        let mut a = vec!["send-keys", "-t", "t"];
        a.extend_from_slice(keys);
        self.run(&a);
    }
    /// Waits until the screen shows `text`; returns how long that took.
    pub fn wait_for(&self, text: &str) -> Duration {
        self.wait_until(&format!("{text:?}"), |s| s.contains(text))
    }
    /// Waits until the screen is `what` (as `ready` says), for at most 30 s
    /// (the terminal tests share the cores with the others); returns how
    /// long that took.
    pub fn wait_until(&self, what: &str, ready: impl Fn(&str) -> bool) -> Duration {
        let t0 = Instant::now();
        loop {
            let s = self.screen();
            if ready(&s) {
                return t0.elapsed();
            }
            assert!(
                t0.elapsed() < Duration::from_secs(30),
                "never saw {what}; screen:\n{s}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    /// The app's process id: the child of the pane's shell.
    pub fn app_pid(&self) -> String {
        let shell = self.display("#{pane_pid}");
        let t0 = Instant::now();
        loop {
            let children = std::fs::read_to_string(format!("/proc/{shell}/task/{shell}/children"))
                .unwrap_or_default();
            if let Some(pid) = children.split_whitespace().next() {
                return pid.to_string();
            }
            assert!(t0.elapsed() < Duration::from_secs(10), "no app process");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    /// Sends `signal` (`TERM`, `HUP`, …) to the app, with the shell's
    /// `kill` (no procps needed).
    pub fn signal(&self, signal: &str) {
        let pid = self.app_pid();
        let sent = Command::new("sh")
            .args(["-c", &format!("kill -{signal} {pid}")])
            .status()
            .unwrap();
        assert!(sent.success(), "kill -{signal} {pid}");
    }
    pub fn display(&self, format: &str) -> String {
        String::from_utf8_lossy(
            &self
                .run(&["display-message", "-p", "-t", "t", format])
                .stdout,
        )
        .trim()
        .to_string()
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
    }
}

/// True when tmux can run; otherwise says (past the test harness's capture)
/// that `test` is skipped, or fails when tmux is required.
pub fn have_tmux(test: &str) -> bool {
    use std::io::Write;
    let ok = Command::new("tmux")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        assert!(
            std::env::var_os("KNIGHT_TUI_REQUIRE_TMUX").is_none(),
            "tmux is required here (KNIGHT_TUI_REQUIRE_TMUX is set) but cannot run: apt-get install tmux"
        );
        let _ = writeln!(
            std::io::stderr(),
            "skipped {test}: tmux is not installed, and this test drives the real app in it (apt-get install tmux)"
        );
    }
    ok
}

/// Says whether the terminal was left raw (no line editing, echo or
/// signal keys) after the app: `TTY=raw` or `TTY=sane`.
const TTY: &str =
    "if stty -a | grep -qwE -- '-icanon|-echo|-isig'; then echo TTY=raw; else echo TTY=sane; fi";

pub fn launch(name: &str, speed: &str, args: &str) -> (Tmux, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("c.toml");
    std::fs::write(
        &config,
        format!(
            "[app]\nspeed = {speed}\ndrawing = \"numbers\"\nsave_dir = \"{}\"\n",
            dir.path().display()
        ),
    )
    .unwrap();
    let bin = env!("CARGO_BIN_EXE_knight-tui");
    // A panic says its message and place in a few lines (no backtrace),
    // so the screen a failing test prints still shows them.
    let cmd = format!(
        "RUST_BACKTRACE=0 RUST_LIB_BACKTRACE=0 XDG_DATA_HOME={} {bin} --config {} {args}; echo EXIT=$?; {TTY}; sleep 60",
        dir.path().display(),
        config.display()
    );
    (Tmux::start(name, &cmd), dir)
}

pub fn assert_restored(t: &Tmux) {
    assert_ended(t, 0);
}

/// The app ended with exit status `code` and gave the terminal back.
pub fn assert_ended(t: &Tmux, code: i32) {
    t.wait_for(&format!("EXIT={code}"));
    t.wait_until("the terminal's mode after the app", |s| s.contains("TTY="));
    assert!(t.screen().contains("TTY=sane"), "terminal left raw");
    assert_eq!(t.display("#{alternate_on}"), "0", "alternate screen left");
    assert_eq!(t.display("#{cursor_flag}"), "1", "cursor shown");
}

/// The child's output, or a failure naming `what` when it runs past
/// `limit` (it is killed).
pub fn within(mut child: Child, limit: Duration, what: &str) -> Output {
    let began = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if began.elapsed() > limit {
            child.kill().unwrap();
            let _ = child.wait();
            panic!("{what}: still running after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

pub fn spawn(cmd: &mut Command) -> Child {
    cmd.stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// A connection to `host` once it listens (within 20 s).
pub fn connect_when_up(host: &str) -> std::net::TcpStream {
    let started = Instant::now();
    loop {
        match std::net::TcpStream::connect(host) {
            Ok(s) => return s,
            Err(e) if started.elapsed() > Duration::from_secs(20) => panic!("{host}: {e}"),
            Err(_) => std::thread::sleep(Duration::from_millis(20)),
        }
    }
}

/// Process `i` of the cluster in `file` counting `args`, its output piped.
pub fn cluster_process(args: &[&str], file: &str, i: usize) -> Child {
    kt().arg("count")
        .args(args)
        .args(["--cluster", file, "--process", &i.to_string()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}
