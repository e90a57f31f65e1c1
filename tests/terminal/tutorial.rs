//! docs/tutorial.md followed key by key in the real app: each step's
//! command and keys, and the words the tutorial says will show. The
//! tutorial's `replay euler` runs from a folder with no assets in it.

use crate::common::{Tmux, assert_restored, have_tmux, launch};

/// The tutorial's text, so a step it no longer has fails here first.
fn tutorial() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/tutorial.md")).unwrap()
}

#[test]
fn the_tutorial_works_as_written() {
    if !have_tmux("the_tutorial_works_as_written") {
        return;
    }
    let text = tutorial();
    for command in [
        "$ knight-tui\n",
        "$ knight-tui replay euler",
        "$ knight-tui replay --list",
        "$ knight-tui play --size 6",
        "$ knight-tui race --size 8 --algo warnsdorff --vs backtrack --speed 25",
        "$ knight-tui play --puzzle --size 6",
    ] {
        assert!(
            text.contains(command),
            "the tutorial no longer says {command:?}"
        );
    }

    // 1. Watch a search, at the app's starting speed (10 steps a second).
    let (t, _dir) = launch("tutorial", "10", "");
    t.wait_for("running");
    t.wait_for("found: open tour of 64 squares");
    // 2. r, then at once Space: paused; n steps; Space goes on to found.
    t.keys(&["r", "Space"]);
    t.wait_for("paused");
    t.wait_for("rewind");
    t.keys(&["n", "Left", "Right", "Space"]);
    t.wait_for("found: open tour of 64 squares");
    // 3. The settings panel: 5x5 from 0,1 has no tour, said at once;
    // Esc leaves the board and its tour as they were.
    t.keys(&["o"]);
    t.wait_for("Enter search  Esc cancel");
    t.keys(&["[", "[", "[", "{", "{", "{"]);
    t.wait_for("5x5 · settings");
    t.keys(&["Right", "Space"]);
    t.wait_for("no tour: 5x5 has 13 light");
    t.keys(&["Escape"]);
    t.wait_for("found: open tour of 64 squares");
    // 4. Tab replays the tour found.
    t.keys(&["Tab"]);
    t.wait_for("8x8 · replay");
    t.keys(&["q"]);
    assert_restored(&t);

    // 4. The built-in tours, from a folder with no assets.
    let away = tempfile::tempdir().unwrap();
    let bin = env!("CARGO_BIN_EXE_knight-tui");
    let list = std::process::Command::new(bin)
        .args(["replay", "--list"])
        .current_dir(away.path())
        .output()
        .unwrap();
    let listed = String::from_utf8_lossy(&list.stdout);
    assert!(
        list.status.success() && listed.contains("euler") && listed.contains("beverley"),
        "{list:?}"
    );
    let t = Tmux::start(
        "tutorial-euler",
        &format!(
            "cd {} && XDG_CONFIG_HOME=/nonexistent {bin} replay euler; echo EXIT=$?; sleep 60",
            away.path().display()
        ),
    );
    t.wait_for("complete closed tour of 64 squares");
    t.keys(&["q"]);
    t.wait_for("EXIT=0");

    // 5. Play by hand, with hints.
    let (t, _dir) = launch("tutorial-play", "10", "play --size 6");
    t.wait_for("place the knight");
    t.keys(&["Enter"]);
    t.wait_for("moves      1 / 36");
    t.keys(&["h", "1"]);
    t.wait_for("moves      2 / 36");
    t.wait_for("solvable");
    t.keys(&["u"]);
    t.wait_for("moves      1 / 36");
    t.keys(&["q"]);
    assert_restored(&t);

    // 6. The race: Warnsdorff on A wins at 25 steps a second; six + to
    // full speed and backtracking ends too.
    let (t, _dir) = launch(
        "tutorial-race",
        "10",
        "race --size 8 --algo warnsdorff --vs backtrack --speed 25",
    );
    t.wait_for("A: warnsdorff");
    t.wait_for("B: backtrack");
    t.wait_for("found after 64 nodes");
    t.keys(&["+", "+", "+", "+", "+", "+"]);
    t.wait_for("race over");
    t.keys(&["q"]);
    assert_restored(&t);

    // 7. A puzzle.
    let (t, _dir) = launch("tutorial-puzzle", "10", "play --puzzle --size 6");
    t.wait_for("next clue");
    t.keys(&["p"]);
    t.wait_for("next clue");
    t.keys(&["q"]);
    t.wait_until("the question or the end", |s| {
        s.contains("EXIT=") || s.contains("quit")
    });
}
