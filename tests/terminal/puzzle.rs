//! A puzzle played in the real app: a hint in words, a number written
//! out of order, refused, cleared and undone, help counted, a save that
//! keeps the clues and the writing, resumed and finished by the solver.

use crate::common::{assert_ended, assert_restored, have_tmux, kt, launch, saved_file, written};

#[test]
fn a_puzzle_is_played_saved_resumed_and_solved() {
    if !have_tmux("a_puzzle_is_played_saved_resumed_and_solved") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("p.json");
    let out = kt()
        .args("puzzle --size 6 --difficulty easy --seed 7".split(' '))
        .args(["--out", file.to_str().unwrap(), "--quiet"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    // A label edited by hand is not trusted: the engine rates the puzzle.
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.contains("\"difficulty\":\"easy\""), "{text}");
    std::fs::write(&file, text.replace("\"easy\"", "\"expert\"")).unwrap();
    let (t, saves) = launch("puzzle", "50", &format!("play --puzzle {}", file.display()));
    t.wait_for("puzzle 6x6 open, easy, 14 clues, seed 7: give every square its step");
    t.wait_for("next clue");
    t.wait_for("numbered   14 / 36");
    // w gives the next deduction in words, the cursor on its square;
    // the help is counted. Its step, typed and Enter, is written there.
    t.keys(&["w"]);
    t.wait_for("hints      1");
    let screen = t.screen();
    let hint = screen
        .lines()
        .find_map(|l| l.trim().strip_prefix("hint: "))
        .unwrap_or_else(|| panic!("no hint line:\n{screen}"))
        .to_string();
    assert!(
        hint.contains(" goes on ") || hint.contains(" takes "),
        "{hint}"
    );
    let step = if hint.contains(" goes on ") {
        hint.split(' ').next().unwrap().to_string()
    } else {
        hint.split(" takes ")
            .nth(1)
            .unwrap()
            .split(':')
            .next()
            .unwrap()
            .to_string()
    };
    for d in step.chars() {
        t.keys(&[&d.to_string()]);
    }
    t.wait_for("typing a step for the cursor's square");
    t.keys(&["Enter"]);
    t.wait_for(&format!("{step} written on"));
    t.wait_for("numbered   15 / 36");
    // The same number on the square beside is refused, with why.
    t.keys(&["Left"]);
    for d in step.chars() {
        t.keys(&[&d.to_string()]);
    }
    t.keys(&["Enter"]);
    t.wait_until("a refusal", |s| {
        s.contains(&format!("{step} is on "))
            || s.contains("holds clue")
            || s.contains("not a square")
    });
    // A pencil mark, then Delete clears the number written.
    t.keys(&["m", "3", "5", "Enter"]);
    t.wait_until("the mark", |s| {
        s.contains("pencil marks on") || s.contains("pencil marks go on")
    });
    t.keys(&["m", "Right", "DC"]);
    t.wait_for(&format!("{step} cleared from"));
    t.wait_for("numbered   14 / 36");
    // u brings it back.
    t.keys(&["u"]);
    t.wait_for("numbered   15 / 36");
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
        text.contains("\"clues\"") && text.contains("\"seed\":7") && text.contains("\"written\""),
        "{text}"
    );
    let (t, _dir) = launch(
        "resumed",
        "50",
        &format!("play --resume {}", saved.display()),
    );
    t.wait_for("puzzle     easy,");
    t.wait_for("numbered   15 / 36");
    // The help and undos taken go on from the save.
    t.wait_for("hints      2");
    t.wait_for("undos      1");
    // The clock goes on from the time saved.
    t.wait_for("(move ");
    // f finishes from clue 1, through the number written.
    t.keys(&["f"]);
    t.wait_for("puzzle solved in");
    t.wait_for("the solver finished it from step 2");
    t.keys(&["q"]);
    t.wait_for("Quit?");
    t.keys(&["y"]);
    assert_restored(&t);
}

/// A file's puzzle that reasoning does not solve is searched before the
/// screen opens: with no solution it is refused (exit 1, with why);
/// with several it opens and says there are no hints.
#[test]
fn a_file_puzzle_with_no_or_several_solutions_is_said_so() {
    if !have_tmux("a_file_puzzle_with_no_or_several_solutions_is_said_so") {
        return;
    }
    let empty = " -  -  -  -  -  -\n";
    let none = format!(" 1  -  -  -  -  -\n{} -  -  -  -  -  3\n", empty.repeat(4));
    let (_d1, none) = written("none.txt", &none);
    let (t, _dir) = launch("nosolution", "50", &format!("play --puzzle {none}"));
    t.wait_for("no solution: clue 1 on 0,0 and clue 3 on 5,5 are 4 knight moves apart");
    assert_ended(&t, 1);
    let several = format!(" 1  -  -  -  -  -\n{}", empty.repeat(5));
    let (_d2, several) = written("several.txt", &several);
    let (t, _dir) = launch("several", "50", &format!("play --puzzle {several}"));
    t.wait_for("more than one solution, so no hints");
    t.keys(&["w"]);
    t.wait_for("no hint: the puzzle has no one solution");
    t.keys(&["q"]);
    assert_restored(&t);
}
