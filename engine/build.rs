//! Records the commit the binary is built from, when the source is a git
//! checkout of knight-tui with git at hand, for `knight-tui --version`:
//! `0.1.0 (commit 0123456789ab)`, or the version alone. The packaged crate
//! (from crates.io, or `cargo package`'s copy) has no `../.git`: git is
//! not asked, so a crate unpacked inside another repository does not take
//! that repository's commit for its own.

use std::path::Path;
use std::process::Command;

fn main() {
    let commit = Path::new("../.git")
        .exists()
        .then(|| {
            Command::new("git")
                .args(["rev-parse", "--short=12", "HEAD"])
                .output()
        })
        .and_then(Result::ok)
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .filter(|c| !c.is_empty());
    let version = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    let version = match commit {
        Some(c) => format!("{version} (commit {c})"),
        None => version,
    };
    println!("cargo:rustc-env=KNIGHT_TUI_VERSION={version}");
    // Again when the checkout moves to another commit: a commit, a
    // checkout or a reset adds a line to HEAD's log. Not on the index,
    // which `git add` and `git status` rewrite: each rebuilt everything.
    for p in ["../.git/HEAD", "../.git/logs/HEAD"] {
        if Path::new(p).exists() {
            println!("cargo:rerun-if-changed={p}");
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}
