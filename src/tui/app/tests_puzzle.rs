//! Puzzles in play: the clues refuse wrong moves with their reasons, the
//! moves offered honour them, a made puzzle is solved by the app's rules,
//! help is counted, saves keep the clues, and `p` makes another.

use std::sync::Arc;

use super::tests::{app, keys};
use super::*;
use crate::tui::game::Moved;
use knight_engine::puzzle::Clues;
use knight_engine::puzzle::{self, Difficulty, Made, Request};
use knight_engine::solver::Tours;
use knight_engine::tour;

fn made(rows: u32, cols: u32, difficulty: Difficulty, seed: u64) -> Made {
    puzzle::make(&Request {
        rows,
        cols,
        closed: false,
        difficulty,
        seed,
    })
    .expect("a puzzle")
}

fn puzzle_app(m: &Made, seed: u64) -> App {
    let mut a = app();
    let clues = Clues::made(m.clone(), seed);
    a.open_game(Game::puzzle(clues));
    a
}

/// The cursor on `sq` and Enter: the knight tries to move there (a
/// click in a puzzle only moves the cursor, unless it is a move).
fn try_move(a: &mut App, sq: Square) {
    a.modes.game_mut().expect("a game").cursor = sq;
    keys(a, &[Command::MoveHere]);
}

fn game(a: &App) -> &Game {
    a.modes.game().expect("a game")
}

/// Every made puzzle, from 5x5 to 8x8 at each difficulty, is solved by
/// playing its one solution under the app's rules: the knight starts on
/// clue 1, the next square is always among the moves offered, no offered
/// move breaks a clue, and the end is a valid tour that honours them all.
#[test]
fn made_puzzles_are_solved_by_the_apps_rules() {
    for (side, difficulty, seed) in [
        (5, Difficulty::Easy, 1),
        (6, Difficulty::Medium, 2),
        (6, Difficulty::Hard, 3),
        (7, Difficulty::Easy, 4),
        (8, Difficulty::Medium, 5),
    ] {
        let m = made(side, side, difficulty, seed);
        let mut g = Game::puzzle(Clues::new(m.puzzle.clone(), None));
        let b = g.board().clone();
        assert_eq!(g.trail.to_vec(), m.solution[..1], "{side}: clue 1 placed");
        for &next in &m.solution[1..] {
            let targets = g.targets();
            assert!(targets.contains(&b.square(next)), "{side}: {targets:?}");
            for t in targets {
                let step = g.moves_made() as u32 + 1;
                let clue = m.puzzle.clue_on(b.index(t));
                assert!(clue.is_none_or(|c| c == step), "{side}: {t} breaks a clue");
            }
            assert_eq!(g.move_to(b.square(next)), Moved::Ok);
        }
        assert!(g.is_complete());
        let path = g.trail.to_vec();
        let summary = tour::check_indices(&b, &path, false).expect("a valid tour");
        assert!(
            matches!(summary, tour::Summary::Complete { .. }),
            "{summary:?}"
        );
        assert_eq!(m.puzzle.unhonoured(&path), None);
        assert!(
            g.status(std::time::Instant::now())
                .starts_with("puzzle solved in ")
                && g.status(std::time::Instant::now())
                    .contains("no undo, no help, well played"),
            "{}",
            g.status(std::time::Instant::now())
        );
    }
}

#[test]
fn a_move_against_a_clue_is_refused_with_its_reason() {
    let m = made(6, 6, Difficulty::Medium, 7);
    let mut a = puzzle_app(&m, 7);
    assert!(
        a.message()
            .unwrap()
            .starts_with("puzzle 6x6 open, medium, ")
    );
    let b = game(&a).board().clone();
    let p = &m.puzzle;
    // A clue square a knight's move away, for a step it is not.
    let knight = game(&a).knight().unwrap();
    let step = game(&a).moves_made() as u32 + 1;
    let wrong = b
        .neighbours(knight)
        .find(|&n| p.clue_on(b.index(n)).is_some_and(|c| c != step));
    if let Some(sq) = wrong {
        try_move(&mut a, sq);
        let c = p.clue_on(b.index(sq)).unwrap();
        assert_eq!(
            a.message(),
            Some(format!("illegal: {sq} holds clue {c}; this move would be step {step}").as_str())
        );
    }
    // Any legal knight move the clues forbid is refused, and said why.
    let forbidden: Vec<Square> = b
        .neighbours(knight)
        .filter(|&n| game(&a).clue_refusal(n).is_some())
        .collect();
    assert!(
        !forbidden.is_empty(),
        "a 6x6 medium puzzle forbids a first move"
    );
    for sq in forbidden {
        let why = game(&a).clue_refusal(sq).unwrap().to_string();
        try_move(&mut a, sq);
        assert_eq!(a.message(), Some(format!("illegal: {why}").as_str()));
        assert_eq!(game(&a).moves_made(), 1);
    }
}

#[test]
fn help_is_counted_and_the_puzzle_is_checked_by_its_clues() {
    let m = made(6, 6, Difficulty::Easy, 11);
    let mut a = puzzle_app(&m, 11);
    // Clue 1 places the knight: undo has no move to take back.
    keys(&mut a, &[Command::Undo]);
    assert_eq!(a.message(), Some("nothing to undo"));
    assert_eq!(game(&a).moves_made(), 1);
    keys(&mut a, &[Command::Suggest]);
    assert_eq!(game(&a).helped, 1);
    // The check of a position is the puzzle's: a count of completions.
    let clues = game(&a).clues.clone().unwrap();
    let limits = knight_engine::solver::Limits::default();
    let at = |n| clues.solve_after(&m.solution[..n], &limits).unwrap();
    assert_eq!(at(1), puzzle::Completions::Unique(m.solution.clone()));
    assert_eq!(at(20), puzzle::Completions::Unique(m.solution.clone()));
    // The side pane's next clue: its step, square and distance.
    let (step, on, moves) = game(&a).next_clue().unwrap();
    let b = &game(&a).board();
    assert_eq!(m.puzzle.clue_at(step), Some(b.index(on)));
    assert_eq!(
        moves,
        clues.distance(m.solution[0], b.index(on)),
        "the knight distance"
    );
}

#[test]
fn a_saved_puzzle_keeps_its_clues_and_p_makes_the_next() {
    let m = made(6, 6, Difficulty::Medium, 20261127);
    let mut a = puzzle_app(&m, 20261127);
    let b = game(&a).board().clone();
    a.play_click(b.square(m.solution[1]));
    let fx = keys(&mut a, &[Command::Save]);
    let [Effect::Save { file, stem, .. }] = &fx[..] else {
        panic!("{fx:?}")
    };
    assert!(stem.starts_with("puzzle-6x6"), "{stem}");
    assert_eq!(file.path.len(), 2);
    let clues: Vec<[u32; 3]> = serde_json::from_value(file.extra["clues"].clone()).unwrap();
    let want: Vec<[u32; 3]> = m
        .puzzle
        .clues()
        .map(|c| [c.square.row, c.square.col, c.step])
        .collect();
    assert_eq!(clues, want);
    assert_eq!(file.extra["puzzle"]["difficulty"], "medium");
    assert_eq!(file.extra["puzzle"]["seed"], 20261127);
    // `p`: the next seed, the same board and difficulty.
    let fx = keys(&mut a, &[Command::NewPuzzle]);
    let [
        Effect::MakePuzzle {
            generation,
            request,
        },
    ] = fx[..]
    else {
        panic!("{fx:?}")
    };
    assert_eq!(
        (request.rows, request.cols, request.difficulty, request.seed),
        (6, 6, Difficulty::Medium, 20261128)
    );
    let next = made(6, 6, Difficulty::Medium, 20261128);
    let clues = Clues::made(next.clone(), 20261128);
    // A puzzle is not checked unasked: that would give it away.
    let fx = a.update(Action::PuzzleMade(generation, Ok(Arc::clone(&clues))));
    assert!(fx.is_empty(), "{fx:?}");
    assert_eq!(game(&a).clues.as_ref().unwrap().seed, Some(20261128));
    assert!(
        a.message()
            .unwrap()
            .ends_with("(u brings the last game back)")
    );
    // u brings back the game it replaced, with its two moves.
    keys(&mut a, &[Command::Undo]);
    assert_eq!(game(&a).moves_made(), 2);
    assert_eq!(game(&a).clues.as_ref().unwrap().seed, Some(20261127));
    // A late answer is dropped.
    a.update(Action::PuzzleMade(generation, Ok(clues)));
    assert_eq!(game(&a).moves_made(), 2);
}

#[test]
fn p_refuses_boards_puzzles_are_not_made_on() {
    let mut a = app();
    let big = Board::new(13, 13, &[]).unwrap();
    a.modes
        .show(Mode::Play(Box::new(Game::new(Tours::open(big), None))));
    assert!(keys(&mut a, &[Command::NewPuzzle]).is_empty());
    assert_eq!(
        a.message(),
        Some("puzzles are made on boards of 5 to 12 rows and columns, not 13x13")
    );
    let holed = Board::new(6, 6, &[Square::new(0, 0)]).unwrap();
    a.modes
        .show(Mode::Play(Box::new(Game::new(Tours::open(holed), None))));
    assert!(keys(&mut a, &[Command::NewPuzzle]).is_empty());
    assert_eq!(
        a.message(),
        Some("puzzles are made on boards without blocked squares")
    );
    // A plain 5x5 game asks for the day's puzzle, medium.
    a.day = 20261201;
    let plain = Game::new(Tours::open(Board::new(5, 5, &[]).unwrap()), None);
    a.modes.show(Mode::Play(Box::new(plain)));
    let fx = keys(&mut a, &[Command::NewPuzzle]);
    let [Effect::MakePuzzle { request, .. }] = fx[..] else {
        panic!("{fx:?}")
    };
    assert_eq!(
        (request.difficulty, request.seed),
        (Difficulty::Medium, 20261201)
    );
}

/// A puzzle's moves are not checked unasked (a verdict after each move
/// gives the answer away); k asks, and counts as help.
#[test]
fn a_puzzle_is_checked_only_when_asked_and_the_check_is_help() {
    let m = made(6, 6, Difficulty::Easy, 7);
    let mut a = puzzle_app(&m, 7);
    let board = m.puzzle.board().clone();
    let next = board.square(m.solution[1]);
    let fx = a.update(Action::Click(next, crossterm::event::MouseButton::Left));
    assert_eq!(game(&a).moves_made(), 2, "a move was made");
    assert!(
        !fx.iter().any(|e| matches!(e, Effect::Check { .. })),
        "{fx:?}"
    );
    assert_eq!(game(&a).outlook, crate::tui::game::Outlook::Unchecked);
    let helped = game(&a).helped;
    let fx = keys(&mut a, &[Command::Check]);
    let [Effect::Check { generation, .. }] = fx[..] else {
        panic!("{fx:?}")
    };
    assert_eq!(game(&a).helped, helped + 1);
    // The verdict is said, and so kept whole in the log.
    a.update(Action::Checked(
        generation,
        crate::tui::game::Outlook::Solvable,
    ));
    assert_eq!(
        a.log().next().map(|m| m.text.as_str()),
        Some("solvable: the puzzle can still be solved from here")
    );
}

/// A puzzle without clue 1 opens with no knight: `k` checks the sheet,
/// and `f` finishes it from step 1, placing the knight.
#[test]
fn a_puzzle_without_clue_1_is_checked_and_finished_without_a_knight() {
    let m = made(6, 6, Difficulty::Easy, 11);
    let mut a = app();
    let puzzle = m.puzzle.without(1);
    a.open_game(Game::puzzle(Clues::new(puzzle, None)));
    assert_eq!(game(&a).knight(), None);
    let fx = keys(&mut a, &[Command::Check]);
    let [Effect::Check { ref position, .. }] = fx[..] else {
        panic!("{fx:?}")
    };
    let crate::tui::game::Position::Puzzle {
        clues,
        sheet: Some(sheet),
        ..
    } = position.as_ref()
    else {
        panic!("{position:?}")
    };
    let limits = knight_engine::solver::Limits {
        nodes: None,
        time: None,
    };
    let (puzzle::Completions::Unique(tour) | puzzle::Completions::Several(tour, _)) =
        clues.0.solve_sheet(sheet, &limits).expect("a sheet")
    else {
        panic!("a puzzle with a solution")
    };
    let fx = keys(&mut a, &[Command::Finish]);
    let [Effect::Finish { generation, .. }] = fx[..] else {
        panic!("{fx:?}")
    };
    a.update(Action::Finished(generation, Ok(tour.clone())));
    while !game(&a).finishing.is_empty() {
        a.update(Action::Tick);
    }
    assert_eq!(game(&a).trail.to_vec(), tour);
    assert!(game(&a).is_complete());
}

/// `r` in a puzzle starts again from the clues, the knight on clue 1:
/// said so, not "place the knight".
#[test]
fn restarting_a_puzzle_says_the_clues_stay() {
    let m = made(6, 6, Difficulty::Easy, 7);
    let mut a = puzzle_app(&m, 7);
    try_move(&mut a, m.puzzle.board().square(m.solution[1]));
    keys(&mut a, &[Command::Restart]);
    assert_eq!(game(&a).trail.to_vec(), m.solution[..1]);
    assert_eq!(
        a.message(),
        Some("puzzle restarted: the clues alone (u brings the last game back)")
    );
}
