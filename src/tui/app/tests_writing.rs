//! A puzzle written by hand in the app: digits and Enter write any step
//! on any square, refusals say why, Delete clears, pencil marks toggle,
//! undo and redo take writes and moves in turn, the hint is the engine's
//! next deduction, and a save keeps the writing and the marks.

use super::tests::{app, keys};
use super::*;
use knight_engine::puzzle::{self, Clues, Difficulty, Made, Request};

fn made(difficulty: Difficulty, seed: u64) -> Made {
    puzzle::make(&Request {
        rows: 6,
        cols: 6,
        closed: false,
        difficulty,
        seed,
    })
    .expect("a puzzle")
}

fn puzzle_app(m: &Made) -> App {
    let mut a = app();
    let clues = Clues::made(m.clone(), 3);
    a.open_game(Game::puzzle(clues));
    a
}

/// Types `n` on `sq` and presses Enter.
fn write(a: &mut App, sq: Square, n: u32) {
    a.modes.game_mut().unwrap().cursor = sq;
    for d in n.to_string().bytes() {
        keys(a, &[Command::Pick(d - b'0')]);
    }
    keys(a, &[Command::MoveHere]);
}

fn numbered(a: &App) -> usize {
    a.modes.game().unwrap().sheet.as_ref().unwrap().numbered()
}

fn said(a: &App) -> String {
    a.message().unwrap_or_default().to_string()
}

/// The steps the puzzle leaves open, each with its square in the solution.
fn open(m: &Made) -> Vec<(u32, Square)> {
    let b = m.puzzle.board();
    (1..=36u32)
        .filter(|&k| m.puzzle.clue_at(k).is_none())
        .map(|k| (k, b.square(m.solution[k as usize - 1])))
        .collect()
}

#[test]
fn steps_are_written_in_any_order_and_the_puzzle_is_solved() {
    let m = made(Difficulty::Medium, 21);
    let mut a = puzzle_app(&m);
    let before = numbered(&a);
    // From the last open step back to the first: out of order.
    let mut sent = Vec::new();
    for (k, sq) in open(&m).into_iter().rev() {
        a.modes.game_mut().unwrap().cursor = sq;
        for d in k.to_string().bytes() {
            keys(&mut a, &[Command::Pick(d - b'0')]);
        }
        sent.extend(keys(&mut a, &[Command::MoveHere]));
        assert!(
            said(&a).contains(&format!("{k} written on")) || a.modes.game().unwrap().is_complete(),
            "{k}: {}",
            said(&a)
        );
    }
    let g = a.modes.game().unwrap();
    assert_eq!(numbered(&a), 36);
    assert!(numbered(&a) > before);
    assert!(g.is_complete());
    assert!(
        g.status(a.now).starts_with("puzzle solved in"),
        "{}",
        g.status(a.now)
    );
    // Solved by hand: sent to the records once, and their answer told.
    let records: Vec<_> = sent
        .iter()
        .filter_map(|e| match e {
            Effect::Record(s) => Some(s.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(records.len(), 1, "{sent:?}");
    assert_eq!(
        (
            records[0].board.as_str(),
            records[0].difficulty.as_str(),
            records[0].seed
        ),
        ("6x6", "medium", Some(3))
    );
    a.update(Action::Recorded(Ok(crate::records::Summary {
        best: Some(83),
        new_best: false,
        streak: 4,
    })));
    let line = a.modes.game().unwrap().status(a.now);
    assert!(
        line.ends_with("; best for 6x6 medium 1:23; the day's puzzle 4 days in a row"),
        "{line}"
    );
    a.update(Action::Recorded(Err("disk full".into())));
    assert_eq!(said(&a), "the solve is not kept in the records: disk full");
}

#[test]
fn refusals_say_why_and_leave_the_board_as_it_was() {
    let m = made(Difficulty::Easy, 22);
    let mut a = puzzle_app(&m);
    let b = m.puzzle.board().clone();
    let n = numbered(&a);
    // On a clue's square: refused at the first digit, and the Enter
    // after it is no knight's move.
    let clue = m.puzzle.clues().nth(1).unwrap();
    a.modes.game_mut().unwrap().cursor = clue.square;
    keys(&mut a, &[Command::Pick(3)]);
    assert_eq!(
        said(&a),
        format!("{} holds clue {}", clue.square, clue.step)
    );
    keys(&mut a, &[Command::MoveHere]);
    assert_eq!(said(&a), "nothing written: the number typed was refused");
    assert_eq!(a.modes.game().unwrap().moves_made(), 1);
    // A step past the last: the digit is refused as it is typed, and
    // what was typed before it stays.
    let (k, sq) = open(&m)[0];
    a.modes.game_mut().unwrap().cursor = sq;
    keys(&mut a, &[Command::Pick(9), Command::Pick(9)]);
    assert_eq!(
        said(&a),
        "99 is not a step: steps run from 1 to 36 (9 typed)"
    );
    assert_eq!(a.modes.game().unwrap().typed, Some(9));
    keys(&mut a, &[Command::Back]);
    // A clue's step elsewhere.
    write(&mut a, sq, clue.step);
    assert_eq!(
        said(&a),
        format!("{} is on {} already", clue.step, clue.square)
    );
    // A step that is no knight's move from its numbered neighbour.
    let (j, far) = open(&m)
        .into_iter()
        .find_map(|(j, _)| {
            let next = m.puzzle.clue_at(j + 1).or(m.puzzle.clue_at(j - 1))?;
            let far = (0..36).map(|i| b.square(i)).find(|&s| {
                m.puzzle.clue_on(b.index(s)).is_none() && !b.is_move(s, b.square(next))
            })?;
            Some((j, far))
        })
        .unwrap();
    write(&mut a, far, j);
    assert!(
        said(&a).contains("would not be a knight's move from"),
        "{}",
        said(&a)
    );
    assert_eq!(numbered(&a), n);
    // A click on a square the knight cannot go to only moves the cursor.
    let knight = a.modes.game().unwrap().knight().unwrap();
    let away = (0..36)
        .map(|i| b.square(i))
        .find(|&s| s != knight && !a.modes.game().unwrap().targets().contains(&s))
        .unwrap();
    a.play_click(away);
    assert_eq!(a.modes.game().unwrap().cursor, away);
    assert_eq!(a.modes.game().unwrap().moves_made(), 1);
    assert_eq!(a.message(), None);
    // Written, then Delete clears it; Delete again has nothing to clear.
    write(&mut a, sq, k);
    assert_eq!(numbered(&a), n + 1);
    keys(&mut a, &[Command::Clear]);
    assert_eq!(said(&a), format!("{k} cleared from {sq}"));
    keys(&mut a, &[Command::Clear]);
    assert_eq!(said(&a), format!("nothing is written on {sq}"));
    assert_eq!(numbered(&a), n);
    // Backspace takes back a digit typed; Esc drops the number.
    keys(
        &mut a,
        &[Command::Pick(1), Command::Pick(2), Command::Clear],
    );
    assert_eq!(a.modes.game().unwrap().typed, Some(1));
    keys(&mut a, &[Command::Back]);
    assert_eq!(a.modes.game().unwrap().typed, None);
}

#[test]
fn pencil_marks_toggle_clear_on_writing_and_are_saved() {
    let m = made(Difficulty::Medium, 23);
    let mut a = puzzle_app(&m);
    let (k, sq) = open(&m)[2];
    let (_, other) = open(&m)[4];
    keys(&mut a, &[Command::Pencil]);
    write(&mut a, sq, k);
    write(&mut a, sq, 7);
    write(&mut a, other, 11);
    let sheet = |a: &App| a.modes.game().unwrap().sheet.clone().unwrap();
    let b = m.puzzle.board().clone();
    let mut want = [k, 7];
    want.sort_unstable();
    assert_eq!(sheet(&a).marks(b.index(sq)), &want[..]);
    write(&mut a, sq, 7);
    assert_eq!(sheet(&a).marks(b.index(sq)), &[k]);
    // The save keeps the marks and a number written off the path.
    keys(&mut a, &[Command::Pencil]);
    write(&mut a, sq, k);
    assert!(sheet(&a).marks(b.index(sq)).is_empty());
    let fx = keys(&mut a, &[Command::Save]);
    let [Effect::Save { file, .. }] = &fx[..] else {
        panic!("{fx:?}")
    };
    assert_eq!(
        file.extra["written"],
        serde_json::json!([[sq.row, sq.col, k]])
    );
    assert_eq!(
        file.extra["marks"],
        serde_json::json!([[other.row, other.col, [11]]])
    );
    // The time played so far, for the clock to go on when resumed.
    assert_eq!(file.extra["seconds"], serde_json::json!(0));
}

#[test]
fn undo_and_redo_take_writes_and_moves_in_the_order_made() {
    let m = made(Difficulty::Medium, 24);
    let mut a = puzzle_app(&m);
    let b = m.puzzle.board().clone();
    let opened = open(&m);
    let (k, sq) = *opened.last().unwrap();
    write(&mut a, sq, k);
    // The knight's move to step 2 (when step 2 is open).
    let two = b.square(m.solution[1]);
    let moved = m.puzzle.clue_at(2).is_none();
    if moved {
        a.play_click(two);
    }
    let (j, sq2) = opened[opened.len() - 2];
    write(&mut a, sq2, j);
    let g = |a: &App| a.modes.game().unwrap().clone();
    let n = numbered(&a);
    keys(&mut a, &[Command::Undo]);
    assert_eq!(said(&a), format!("undone: {j} on {sq2}"));
    assert_eq!(g(&a).sheet.unwrap().number_on(b.index(sq2)), None);
    if moved {
        keys(&mut a, &[Command::Undo]);
        assert_eq!(said(&a), format!("undone: step 2 on {two}"));
        assert_eq!(g(&a).moves_made(), 1);
    }
    keys(&mut a, &[Command::Undo]);
    assert_eq!(g(&a).sheet.unwrap().number_on(b.index(sq)), None);
    assert_eq!(numbered(&a), n - 2 - usize::from(moved));
    keys(&mut a, &[Command::Redo]);
    assert_eq!(said(&a), format!("redone: {k} on {sq}"));
    assert_eq!(
        g(&a).sheet.unwrap().number_on(b.index(sq)),
        Some((k, false))
    );
    if moved {
        keys(&mut a, &[Command::Redo]);
        assert_eq!(g(&a).moves_made(), 2);
    }
    keys(&mut a, &[Command::Redo]);
    assert_eq!(numbered(&a), n);
    keys(&mut a, &[Command::Redo]);
    assert_eq!(said(&a), "nothing to redo");
}

/// The hint is the engine's next deduction for the board as it stands,
/// its squares marked and counted as help; a wrong number is named.
#[test]
fn the_hint_is_the_next_deduction_in_words() {
    let m = made(Difficulty::Medium, 25);
    let mut a = puzzle_app(&m);
    let logic = puzzle::Logic::new(&m.puzzle);
    let d = puzzle::next_deduction(&logic, &m.puzzle).unwrap().unwrap();
    keys(&mut a, &[Command::Suggest]);
    assert_eq!(said(&a), format!("hint: {d}"));
    let g = a.modes.game().unwrap();
    assert_eq!(g.cursor, d.square);
    assert_eq!(g.hinted[0], d.square);
    assert_eq!(&g.hinted[1..], &d.from()[..]);
    assert_eq!(g.helped, 1);
    // In full in the side pane, until the board changes.
    assert_eq!(g.hint_text, Some(d.to_string()));
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
    t.draw(|f| crate::tui::ui::draw(f, &a, &crate::tui::theme::Theme::default()))
        .unwrap();
    let pane = t.backend().to_string();
    assert!(pane.contains("hint:"), "{pane}");
    // Following it, the next hint is another deduction.
    write(&mut a, d.square, d.step);
    assert_eq!(a.modes.game().unwrap().hint_text, None);
    keys(&mut a, &[Command::Suggest]);
    assert!(said(&a).starts_with("hint: "), "{}", said(&a));
    assert_ne!(said(&a), format!("hint: {d}"));
    // A number where the solution has none of it is named first.
    let b = m.puzzle.board().clone();
    let (k, right) = open(&m).into_iter().find(|&(k, _)| k != d.step).unwrap();
    if let Some(wrong) = (0..36u32).map(|i| b.square(i)).find(|&s| {
        s != right
            && a.modes
                .game()
                .unwrap()
                .sheet
                .as_ref()
                .unwrap()
                .refusal(b.index(s), k)
                .is_none()
    }) {
        write(&mut a, wrong, k);
        keys(&mut a, &[Command::Suggest]);
        assert!(
            said(&a).starts_with(&format!(
                "hint: {k} on {wrong} is not where the solution has it"
            )),
            "{}",
            said(&a)
        );
        assert_eq!(a.modes.game().unwrap().helped, 3);
    }
}

/// A wrong turn of the knight is named by the hint too, and taken back
/// with undo (its steps are not cleared like a number written).
#[test]
fn a_wrong_knight_move_is_named_and_undo_takes_it_back() {
    for seed in 30..40 {
        let m = made(Difficulty::Easy, seed);
        let mut a = puzzle_app(&m);
        let b = m.puzzle.board().clone();
        let right = b.square(m.solution[1]);
        let Some(wrong) = a
            .modes
            .game()
            .unwrap()
            .targets()
            .into_iter()
            .find(|&t| t != right)
        else {
            continue;
        };
        a.play_click(wrong);
        assert_eq!(a.modes.game().unwrap().moves_made(), 2);
        keys(&mut a, &[Command::Suggest]);
        assert_eq!(
            said(&a),
            format!("hint: 2 on {wrong} is not where the solution has it (u takes moves back)")
        );
        keys(&mut a, &[Command::Clear]);
        assert!(
            said(&a).contains("of the knight's path: u takes moves back"),
            "{}",
            said(&a)
        );
        return;
    }
    panic!("no easy 6x6 puzzle of seeds 30-39 offers a wrong first move");
}

/// A number written by hand, then walked onto by the knight, stays when
/// the move is taken back.
#[test]
fn undoing_a_move_keeps_the_number_written_before_it() {
    let m = (40..60)
        .map(|seed| made(Difficulty::Easy, seed))
        .find(|m| m.puzzle.clue_at(2).is_none())
        .expect("a puzzle with step 2 open");
    let mut a = puzzle_app(&m);
    let b = m.puzzle.board().clone();
    let two = b.square(m.solution[1]);
    write(&mut a, two, 2);
    a.play_click(two);
    assert_eq!(a.modes.game().unwrap().moves_made(), 2);
    keys(&mut a, &[Command::Undo]);
    let g = a.modes.game().unwrap();
    assert_eq!(g.moves_made(), 1);
    assert_eq!(
        g.sheet.as_ref().unwrap().number_on(b.index(two)),
        Some((2, false))
    );
    // Undo again takes the writing back.
    keys(&mut a, &[Command::Undo]);
    let g = a.modes.game().unwrap();
    assert_eq!(g.sheet.as_ref().unwrap().number_on(b.index(two)), None);
}

/// A check that fails on a number written by hand calls it a number,
/// not a clue: `clue 10 on e1 and 12 on c3 are 4 knight moves apart`.
#[test]
fn a_failed_check_names_a_written_number_as_written() {
    use crate::tui::game::Outlook;
    use knight_engine::puzzle::{Completions, NoSolution};
    let m = made(Difficulty::Easy, 5);
    let b = m.puzzle.board().clone();
    let limits = knight_engine::solver::Limits {
        nodes: Some(20_000),
        time: None,
    };
    for (k, _) in open(&m) {
        for i in 0..b.len() as u32 {
            let mut a = puzzle_app(&m);
            let sq = b.square(i);
            write(&mut a, sq, k);
            let g = a.modes.game().unwrap();
            if g.sheet.as_ref().unwrap().number_on(i) != Some((k, false)) {
                continue;
            }
            let clues = g.clues.clone().unwrap();
            let done = clues.solve_sheet(g.sheet.as_ref().unwrap(), &limits);
            let Ok(Completions::None(no @ NoSolution::TooFar { .. })) = done else {
                continue;
            };
            let fx = keys(&mut a, &[Command::Check]);
            let [Effect::Check { generation, .. }] = fx[..] else {
                panic!("{fx:?}")
            };
            a.update(Action::Checked(generation, Outlook::NoSolution(no)));
            let status = a.modes.game().unwrap().status(a.now);
            assert!(status.contains(&format!("{k} on {sq}")), "{status}");
            assert!(!status.contains(&format!("clue {k} on")), "{status}");
            assert!(status.contains("clue "), "{status}");
            return;
        }
    }
    panic!("no written number was too far from a clue");
}

/// `e` in a puzzle draws the sheet as on paper: the clues and what is
/// written, titled with the puzzle; not the knight's path alone.
#[test]
fn a_puzzle_s_picture_is_its_sheet() {
    let m = made(Difficulty::Medium, 25);
    let mut a = puzzle_app(&m);
    let (k, sq) = open(&m)[3];
    write(&mut a, sq, k);
    let fx = keys(&mut a, &[Command::Picture]);
    let [
        Effect::Picture {
            stem,
            sheet: Some((sheet, describe)),
            ..
        },
    ] = &fx[..]
    else {
        panic!("{fx:?}")
    };
    assert!(stem.starts_with("puzzle-6x6"), "{stem}");
    assert!(describe.starts_with("6x6 open, medium,"), "{describe}");
    let i = m.puzzle.board().index(sq);
    assert_eq!(sheet.number_on(i), Some((k, false)));
    let mut out = Vec::new();
    knight_engine::puzzle::write_sheet(&mut out, sheet, describe).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains(&format!(">{k}</text>")), "{text}");
}
