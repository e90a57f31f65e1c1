//! Errors a person meets first: a typo gets the nearest name, an error
//! names the help of the subcommand in use, and what the system says of a
//! file is worded for people, all in one line with exit 2.

use crate::common::kt;

/// The one line on stderr of a usage error (exit 2).
fn error(args: &[&str]) -> String {
    let o = kt().args(args).output().unwrap();
    assert_eq!(o.status.code(), Some(2), "{args:?}: {o:?}");
    let err = String::from_utf8(o.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(o.stdout.is_empty(), "{args:?}");
    err
}

#[test]
fn typos_of_commands_flags_and_values_get_the_nearest_name() {
    for (args, near, help) in [
        (&["slove"][..], "'solve'", "knight-tui --help"),
        (
            &["solve", "--szie", "8"],
            "'--size'",
            "knight-tui solve --help",
        ),
        (
            &["count", "--szie", "6"],
            "'--size'",
            "knight-tui count --help",
        ),
        (
            &["solve", "--algo", "warnsdorf"],
            "'warnsdorff'",
            "knight-tui solve --help",
        ),
        (
            &["solve", "--tie-break", "rot"],
            "'roth'",
            "knight-tui solve --help",
        ),
        (
            &["solve", "--leaper", "zebr"],
            "'zebra'",
            "knight-tui solve --help",
        ),
        (
            &["sweep", "--from", "5", "--to", "6", "--surface", "tours"],
            "'torus'",
            "knight-tui sweep --help",
        ),
        (
            &["solve", "--format", "jsn"],
            "'json'",
            "knight-tui solve --help",
        ),
        (
            &["race", "--vs", "backtrak"],
            "'backtrack'",
            "knight-tui race --help",
        ),
    ] {
        let err = error(args);
        assert!(
            err.contains(&format!("(did you mean {near}?)")),
            "{args:?}: {err}"
        );
        assert!(err.contains(&format!("(see '{help}')")), "{args:?}: {err}");
    }
    // Nothing near: the choices alone.
    let err = error(&["solve", "--algo", "zzzzzz"]);
    assert!(!err.contains("did you mean"), "{err}");
    assert!(err.contains("choose from auto, warnsdorff"), "{err}");
}

#[test]
fn what_the_system_says_of_a_file_is_worded_for_people() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.json");
    let m = missing.to_str().unwrap();
    let folder = dir.path().to_str().unwrap();
    let nowhere = dir.path().join("no/such/folder.json");
    for (args, said) in [
        (vec!["verify", m], "cannot read"),
        (vec!["draw", m], "cannot read"),
        (vec!["replay", m], "cannot read"),
        (vec!["verify", folder], "it is a folder"),
        (
            vec!["solve", "--size", "5", "--out", nowhere.to_str().unwrap()],
            "does not exist",
        ),
    ] {
        let err = error(&args);
        assert!(err.contains(said), "{args:?}: {err}");
        assert!(!err.contains("os error"), "{args:?}: {err}");
        if said == "cannot read" {
            assert!(
                err.ends_with(": no such file or folder\n"),
                "{args:?}: {err}"
            );
        }
    }
}

/// `[keys]` is checked at start, by every command (`config` too): a key
/// that would do two things, or a name that is no command, is one line
/// naming both, exit 2; keys of their own are taken and shown.
#[test]
fn rebound_keys_are_checked_at_start_and_by_config() {
    let (_dir, clash) = crate::common::written("c.toml", "[keys]\nquit = \"h\"\n");
    let e = error(&["--config", &clash, "config"]);
    assert!(
        e.trim_end()
            .ends_with("keys.quit: h is hints's key already (rebind hints too)"),
        "{e}"
    );
    let e = error(&["--config", &clash, "solve", "--size", "5"]);
    assert!(e.contains("keys.quit: h is hints's"), "{e}");
    let (_dir, typo) = crate::common::written("c.toml", "[keys]\nqiut = \"Q\"\n");
    let e = error(&["--config", &typo, "config"]);
    assert!(
        e.contains("keys.qiut: no such command (did you mean 'quit'?)"),
        "{e}"
    );
    let (_dir, good) = crate::common::written("c.toml", "[keys]\nquit = \"Q\"\n");
    let (code, out, _) = crate::common::run(&["--config", &good, "config"]);
    assert_eq!(code, 0);
    assert!(out.contains("[keys]\nquit = \"Q\""), "{out}");
}

/// Errors the user meets in the same words everywhere: a missing config
/// file, a seed that is not a number.
#[test]
fn a_missing_config_and_a_bad_seed_say_so_plainly() {
    let e = error(&["--config", "/no/such/c.toml", "solve", "--size", "5"]);
    assert!(
        e.trim_end()
            .ends_with("cannot read config file /no/such/c.toml: no such file or folder"),
        "{e}"
    );
    for seed in ["x", "99999999999999999999999", "-1"] {
        let e = error(&["puzzle", "--seed", seed]);
        assert!(
            e.contains(&format!("'{seed}' is not a seed: a whole number from 0 to")),
            "{e}"
        );
    }
}
