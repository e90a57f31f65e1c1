//! A puzzle played in the real app: the clues on the board, help counted,
//! a save that keeps the clues, resumed and finished by the solver.

use crate::common::{assert_restored, have_tmux, kt, launch, saved_file};

#[test]
fn a_puzzle_is_played_saved_resumed_and_solved() {
    if !have_tmux("a_puzzle_is_played_saved_resumed_and_solved") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.json");
    let out = kt()
        .args([
            "puzzle",
            "--size",
            "6",
            "--difficulty",
            "easy",
            "--seed",
            "7",
        ])
        .args(["--out", file.to_str().unwrap(), "--quiet"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let (t, saves) = launch("puzzle", "50", &format!("play --puzzle {}", file.display()));
    t.wait_for("puzzle 6x6 open, easy, 14 clues: give every square its step");
    t.wait_for("next clue");
    t.wait_for("moves      1 / 36");
    // w points at Warnsdorff's move among those the clues allow; Enter
    // plays it; the help is counted.
    t.keys(&["w"]);
    t.wait_for("hints      1");
    t.keys(&["Enter"]);
    t.wait_for("moves      2 / 36");
    // Not checked unasked; k asks, and is counted as help.
    t.wait_for("outlook    not checked");
    t.keys(&["k"]);
    t.wait_for("hints      2");
    t.wait_until("the check", |s| {
        s.contains("outlook    solvable") || s.contains("no solution")
    });
    t.keys(&["s"]);
    t.wait_for("saved ");
    t.keys(&["q"]);
    assert_restored(&t);
    let saved = saved_file(saves.path(), "puzzle-6x6-");
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(
        text.contains("\"clues\"") && text.contains("\"seed\":7"),
        "{text}"
    );
    let (t, _dir) = launch(
        "resumed",
        "50",
        &format!("play --resume {}", saved.display()),
    );
    t.wait_for("puzzle     easy,");
    t.wait_for("moves      2 / 36");
    // u takes the suggested move back (it may be a wrong turn); f
    // finishes from clue 1.
    t.keys(&["u", "f"]);
    t.wait_for("puzzle solved in");
    t.wait_for("the solver finished it from step 2");
    t.keys(&["q"]);
    t.wait_for("Quit?");
    t.keys(&["y"]);
    assert_restored(&t);
}
