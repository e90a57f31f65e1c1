//! Playing by hand in the app: moves, undo, hints, the finish, saves and
//! the question before quitting; loading a file by path.

use super::tests::{app, disk_full, keys, press, replay_of};
use super::*;
use crate::tui::game::{Game, Outlook};
use crate::tui::keymap::command_for;
use crossterm::event::{KeyCode, KeyEvent};
use knight_engine::board::Board;
use knight_engine::solver::Tours;
use knight_engine::solver::Verdict;

fn game_app() -> App {
    let mut a = app();
    a.modes.show(Mode::Play(Box::new(Game::new(
        Tours::open(a.spec.board().clone()),
        None,
    ))));
    a
}

fn game(a: &App) -> &Game {
    a.modes.game().expect("a game")
}

#[test]
fn play_place_move_refuse_pick_undo_redo() {
    let mut a = game_app();
    assert_eq!(a.context(), Context::Play);
    let enter = KeyEvent::from(KeyCode::Enter);
    assert_eq!(command_for(enter, Context::Play), Some(Command::MoveHere));
    assert_eq!(
        command_for(press('3'), Context::Play),
        Some(Command::Pick(3))
    );
    // The first Enter places the knight on the cursor (top-left).
    let fx = keys(&mut a, &[Command::MoveHere]);
    assert!(
        matches!(&fx[..], [Effect::Check { position, .. }] if position.prefix() == [0]),
        "{fx:?}"
    );
    assert_eq!(game(&a).knight(), Some(Square::new(0, 0)));
    // Down goes to the next row; Enter there is not a knight move.
    assert!(keys(&mut a, &[Command::Cursor(1, 0), Command::MoveHere]).is_empty());
    assert_eq!(
        a.message(),
        Some("illegal: 0,0 -> 1,0 is not a knight move")
    );
    // Move 1 of the list; the cursor is on the knight again.
    let first = game(&a).targets()[0];
    keys(&mut a, &[Command::Pick(1)]);
    assert_eq!((game(&a).knight(), game(&a).cursor), (Some(first), first));
    keys(&mut a, &[Command::Pick(8)]);
    assert!(a.message().unwrap().starts_with("there is no legal move 8"));
    // Undo and redo, each asking for a new check.
    assert!(matches!(
        keys(&mut a, &[Command::Undo])[..],
        [Effect::Check { .. }]
    ));
    assert_eq!(game(&a).moves_made(), 1);
    keys(&mut a, &[Command::Redo]);
    assert_eq!(game(&a).moves_made(), 2);
    keys(&mut a, &[Command::Undo, Command::Undo]);
    assert!(keys(&mut a, &[Command::Undo]).is_empty());
    assert_eq!(a.message(), Some("nothing to undo"));
    // A click moves the knight too.
    a.update(Action::Click(
        Square::new(2, 2),
        crossterm::event::MouseButton::Left,
    ));
    assert_eq!(game(&a).knight(), Some(Square::new(2, 2)));
}

#[test]
fn play_checks_answer_only_for_their_position() {
    let mut a = game_app();
    let fx = keys(&mut a, &[Command::MoveHere]);
    let [Effect::Check { generation, .. }] = fx[..] else {
        panic!("{fx:?}")
    };
    a.update(Action::Checked(generation, Outlook::Solvable));
    assert_eq!(game(&a).outlook, Outlook::Solvable);
    keys(&mut a, &[Command::Pick(1)]);
    // An answer about the old position comes too late.
    a.update(Action::Checked(
        generation,
        Outlook::NoTour(knight_engine::theory::NoTour::new(
            knight_engine::theory::Argument::Search(knight_engine::theory::Searched::WayOn {
                nodes: 0,
            }),
            Vec::new(),
        )),
    ));
    assert_eq!(game(&a).outlook, Outlook::Checking);
    assert!(
        game(&a)
            .status(std::time::Instant::now())
            .starts_with("checking")
    );
}

#[test]
fn play_finish_is_animated_by_ticks() {
    let mut a = game_app();
    a.speed = 5;
    keys(&mut a, &[Command::MoveHere]);
    let fx = keys(&mut a, &[Command::Finish]);
    let [
        Effect::Finish {
            generation,
            ref position,
        },
    ] = fx[..]
    else {
        panic!("{fx:?}")
    };
    assert_eq!(position.prefix(), [0]);
    let b = a.spec.board().clone();
    let sol = crate::tui::testing::finish(&b, &[0], false, None);
    a.update(Action::Finished(generation, Ok(sol.tours[0].clone())));
    assert_eq!(game(&a).finishing.len(), 24);
    assert!(a.tick().is_some());
    for _ in 0..24 {
        a.update(Action::Tick);
    }
    assert!(game(&a).is_complete());
    assert!(a.tick().is_none());
    assert!(
        game(&a)
            .status(std::time::Instant::now())
            .starts_with("complete open tour of 25 squares")
    );
    // Saving in play writes the game's path.
    let fx = keys(&mut a, &[Command::Save]);
    let [Effect::Save { file, .. }] = &fx[..] else {
        panic!("{fx:?}")
    };
    assert_eq!(file.path.len(), 25);
    assert_eq!(file.meta.as_ref().unwrap()["algorithm"], "hand");
}

/// A finish that cannot be: the proof is said, and the squares it names
/// are marked on the board (not only told in a sentence).
#[test]
fn a_failed_finish_marks_the_squares_of_its_proof() {
    let mut a = game_app();
    // 5x5 from 0,1, a square of the smaller colour: no open tour.
    keys(&mut a, &[Command::Cursor(0, 1), Command::MoveHere]);
    let fx = keys(&mut a, &[Command::Finish]);
    let [Effect::Finish { generation, .. }] = fx[..] else {
        panic!("{fx:?}")
    };
    let b = a.spec.board().clone();
    let sol = crate::tui::testing::finish(&b, &[1], false, None);
    let Verdict::NoTour(proof) = sol.verdict else {
        panic!("{:?}", sol.verdict)
    };
    assert!(!proof.squares.is_empty());
    let squares = proof.squares.clone();
    a.update(Action::Finished(generation, Err(Outlook::NoTour(proof))));
    assert_eq!(game(&a).outlook.squares(), squares);
    let said = a.message().unwrap_or_default();
    assert!(said.starts_with("no tour from here: "), "{said}");
}

#[test]
fn load_a_file_by_path() {
    let mut a = app();
    keys(&mut a, &[Command::Load]);
    assert_eq!(a.context(), Context::Prompt);
    // Keys that mean something elsewhere are text here.
    assert_eq!(command_for(press('q'), Context::Prompt), None);
    for c in "t.txx".chars() {
        a.update(Action::Type(c));
    }
    a.update(Action::Erase);
    a.update(Action::Type('t'));
    let fx = keys(&mut a, &[Command::Apply]);
    assert_eq!(
        fx,
        vec![Effect::Open {
            load: 1,
            path: PathBuf::from("t.txt")
        }]
    );
    assert!(a.prompt().is_none());
    assert_eq!(a.loading(), Some("t.txt"));
    assert_eq!(a.message(), Some("reading t.txt (Esc stops)"));
    a.update(Action::Opened(
        1,
        "t.txt".into(),
        Err("no such file".into()),
    ));
    assert_eq!(a.message(), Some("cannot open t.txt: no such file"));
    assert_eq!(a.loading(), None);
    let text = " 1 14  9 20  3\n24 19  2 15 10\n13  8 25  4 21\n18 23  6 11 16\n 7 12 17 22  5\n";
    let replay = Replay::load("t.txt", text).unwrap();
    // A load answered late, after another began, is not wanted.
    keys(&mut a, &[Command::Load]);
    a.update(Action::Type('u'));
    keys(&mut a, &[Command::Apply]);
    a.update(Action::Opened(
        1,
        "t.txt".into(),
        Ok(Box::new(replay.clone())),
    ));
    assert_eq!(a.tab(), Tab::Search);
    a.update(Action::Opened(2, "u".into(), Ok(Box::new(replay.clone()))));
    assert_eq!(a.tab(), Tab::Replay);
    assert_eq!(replay_of(&a).legal.len(), 25);
    // Esc stops a load under way (and does not quit); its answer is dropped.
    keys(&mut a, &[Command::Load]);
    a.update(Action::Type('v'));
    keys(&mut a, &[Command::Apply]);
    let fx = keys(&mut a, &[Command::Back]);
    assert_eq!(fx, vec![Effect::StopLoad]);
    assert!(!a.quit);
    assert_eq!(a.message(), Some("stopped reading v"));
    a.update(Action::Opened(3, "v".into(), Err("cancelled".into())));
    assert_eq!(a.message(), Some("stopped reading v"));
    // Esc closes the prompt without quitting.
    keys(&mut a, &[Command::Load, Command::Back]);
    assert!(a.prompt().is_none() && !a.quit);
}

#[test]
fn a_failed_search_or_worker_is_said_and_leaves_nothing_waiting() {
    let mut a = app();
    a.update(Action::Engine(
        Side::A,
        a.search.generation,
        Event::Failed(knight_engine::solver::Panicked("boom".into()).into()),
    ));
    assert_eq!(a.message(), Some("the search failed: boom"));
    assert_eq!(a.message_tone(), Some(Tone::Error));
    assert!(matches!(&a.search.state, RunState::Failed(w) if w == "boom"));
    // A count whose thread failed is no longer under way; `#` starts anew.
    let fx = keys(&mut a, &[Command::Count]);
    assert!(matches!(fx[..], [Effect::Count { .. }]), "{fx:?}");
    a.update(Action::Failed(Worker::Count, "overflow".into()));
    assert_eq!(a.message(), Some("internal error in the count: overflow"));
    assert!(a.counting.is_none());
    let fx = keys(&mut a, &[Command::Count]);
    assert!(matches!(fx[..], [Effect::Count { .. }]), "{fx:?}");
    // Keys still work: q quits.
    keys(&mut a, &[Command::Quit]);
    assert!(a.quit);
}

#[test]
fn quitting_a_game_with_unsaved_moves_asks_first() {
    let mut a = game_app();
    // Only the knight placed: nothing to lose, q quits.
    a.update(Action::Click(
        Square::new(0, 0),
        crossterm::event::MouseButton::Left,
    ));
    assert!(!a.modes.game().unwrap().would_lose_work());
    // Two moves: q asks, n stays, Esc stays.
    a.update(Action::Click(
        Square::new(1, 2),
        crossterm::event::MouseButton::Left,
    ));
    a.update(Action::Click(
        Square::new(2, 4),
        crossterm::event::MouseButton::Left,
    ));
    assert!(keys(&mut a, &[Command::Quit]).is_empty());
    assert!(a.confirming_quit() && !a.quit);
    assert_eq!(a.context(), Context::Confirm);
    assert!(
        a.message()
            .unwrap()
            .starts_with("quit? the game's 3 squares")
    );
    // Other keys do not slip past the question.
    keys(&mut a, &[Command::Undo]);
    assert!(a.confirming_quit());
    assert_eq!(a.modes.game().unwrap().moves_made(), 3);
    keys(&mut a, &[Command::No]);
    assert!(!a.confirming_quit() && !a.quit);
    keys(&mut a, &[Command::Back]);
    assert!(!a.confirming_quit() && !a.quit, "Esc never quits");
    keys(&mut a, &[Command::Quit]);
    assert!(a.confirming_quit());
    keys(&mut a, &[Command::Back]);
    assert!(!a.confirming_quit() && !a.quit);
    // s: save, then quit once the file is written.
    keys(&mut a, &[Command::Quit]);
    let fx = keys(&mut a, &[Command::SaveAndQuit]);
    assert!(matches!(fx[..], [Effect::Save { .. }]), "{fx:?}");
    assert!(!a.quit);
    let fx = a.update(Action::Saved(1, Ok(PathBuf::from("/tmp/g.json"))));
    assert_eq!(fx, vec![Effect::Quit]);
    assert!(a.quit);
    assert_eq!(a.farewell.as_deref(), Some("saved the game to /tmp/g.json"));
}

#[test]
fn a_saved_game_quits_at_once_and_a_failed_save_stays() {
    let mut a = game_app();
    for sq in [Square::new(0, 0), Square::new(1, 2), Square::new(2, 4)] {
        a.update(Action::Click(sq, crossterm::event::MouseButton::Left));
    }
    // The save fails: still here, and still asked.
    keys(&mut a, &[Command::Quit, Command::SaveAndQuit]);
    a.update(Action::Saved(1, Err(disk_full())));
    assert!(!a.quit);
    assert_eq!(
        a.message(),
        Some("not saved, so still here: /full/g.json: the disk is full")
    );
    // Saved with s: q quits without asking.
    keys(&mut a, &[Command::Save]);
    a.update(Action::Saved(1, Ok(PathBuf::from("/tmp/g.json"))));
    assert!(!a.modes.game().unwrap().unsaved);
    keys(&mut a, &[Command::Quit]);
    assert!(a.quit && !a.confirming_quit());
    // And says where the game went (nothing did).
    assert_eq!(
        a.farewell.as_deref(),
        Some("the game is saved in /tmp/g.json")
    );
    // Ctrl-C never asks.
    let mut b = game_app();
    for sq in [Square::new(0, 0), Square::new(1, 2), Square::new(2, 4)] {
        b.update(Action::Click(sq, crossterm::event::MouseButton::Left));
    }
    assert_eq!(keys(&mut b, &[Command::ForceQuit]), vec![Effect::Quit]);
    assert!(b.quit);
}

#[test]
fn a_new_game_can_be_undone_and_the_finish_says_from_where() {
    let mut a = game_app();
    for sq in [Square::new(0, 0), Square::new(1, 2)] {
        a.update(Action::Click(sq, crossterm::event::MouseButton::Left));
    }
    keys(&mut a, &[Command::Restart]);
    assert_eq!(a.modes.game().unwrap().moves_made(), 0);
    assert_eq!(
        a.message(),
        Some("new game: place the knight (u brings the last game back)")
    );
    keys(&mut a, &[Command::Undo]);
    assert_eq!(a.modes.game().unwrap().moves_made(), 2);
    // The solver's finish: said from which step, and on the win.
    let pos = a.position;
    let board = a.modes.game().unwrap().board().clone();
    let mut prefix = vec![
        board.index(Square::new(0, 0)),
        board.index(Square::new(1, 2)),
    ];
    let sol = crate::tui::testing::finish(&board, &prefix, false, None);
    assert_eq!(sol.verdict, Verdict::Found);
    prefix = sol.tours[0].clone();
    a.update(Action::Finished(pos, Ok(prefix)));
    assert!(
        a.message()
            .unwrap()
            .starts_with("the solver finishes the tour from step 3: ")
    );
    a.update(Action::Tick);
    while !a.modes.game().unwrap().finishing.is_empty() {
        a.update(Action::Tick);
    }
    assert!(
        a.modes
            .game()
            .unwrap()
            .status(std::time::Instant::now())
            .ends_with("the solver finished it from step 3"),
        "{}",
        a.modes.game().unwrap().status(std::time::Instant::now())
    );
}

#[test]
fn zoomed_play_keeps_the_knight_in_view() {
    let mut a = app();
    let board = Board::new(64, 64, &[]).unwrap();
    a.spec.problem = knight_engine::solver::Problem::new(
        knight_engine::solver::Tours::open(board.clone()),
        Square::new(0, 0),
    )
    .unwrap();
    a.modes.show(Mode::Play(Box::new(Game::new(
        Tours::open(board),
        Some(Square::new(60, 60)),
    ))));
    // z zooms in on the knight, not the board's centre.
    keys(&mut a, &[Command::ZoomIn, Command::ZoomIn, Command::ZoomIn]);
    let knight = |a: &App| a.modes.game().unwrap().knight().unwrap();
    assert!(a.window().contains(knight(&a)), "{:?}", a.window());
    // Thirty moves up the board: the view follows.
    for _ in 0..30 {
        let g = a.modes.game().unwrap();
        let k = g.knight().unwrap();
        let Some(&up) = g.targets().iter().find(|t| t.row + 2 == k.row) else {
            break;
        };
        a.update(Action::Click(up, crossterm::event::MouseButton::Left));
        assert!(
            a.window().contains(knight(&a)),
            "{:?} {:?}",
            a.window(),
            knight(&a)
        );
    }
    assert!(
        knight(&a).row < 30,
        "the knight went far up: {:?}",
        knight(&a)
    );
}

#[test]
fn warnsdorff_suggests_and_b_goes_back_to_the_last_solvable_position() {
    let mut a = game_app();
    keys(&mut a, &[Command::Suggest]);
    assert_eq!(a.message(), Some("place the knight first (Enter)"));
    a.update(Action::Click(
        Square::new(0, 0),
        crossterm::event::MouseButton::Left,
    ));
    // From the corner of 5x5 (one square blocked): 2,1 and 1,2 leave 3 and 3.
    keys(&mut a, &[Command::Suggest]);
    let g = a.modes.game().unwrap();
    let (best, counts) = g.warnsdorff().unwrap();
    assert_eq!(g.cursor, best);
    let fewest = counts.iter().map(|c| c.1).min().unwrap();
    assert_eq!(counts.iter().find(|c| c.0 == best).unwrap().1, fewest);
    // From the corner both moves leave 3: a tie, said as such.
    assert_eq!(
        a.message().unwrap(),
        format!(
            "Warnsdorff: {best} leaves the fewest onward moves ({fewest}, first of a tie in move order); \
             others: {}. Enter plays it",
            counts
                .iter()
                .filter(|c| c.0 != best)
                .map(|(t, n)| format!("{t} ({n})"))
                .collect::<Vec<_>>()
                .join(", ")
        )
    );
    // Enter plays it.
    keys(&mut a, &[Command::MoveHere]);
    assert_eq!(a.modes.game().unwrap().knight(), Some(best));
    // The check says solvable at 2 squares; two more moves, then b.
    let pos = a.position;
    a.update(Action::Checked(pos, crate::tui::game::Outlook::Solvable));
    assert_eq!(a.modes.game().unwrap().solvable_upto, Some(2));
    keys(&mut a, &[Command::BackToSolvable]);
    assert_eq!(
        a.message(),
        Some("this position is solvable: nothing to undo")
    );
    keys(&mut a, &[Command::Pick(1)]);
    keys(&mut a, &[Command::Pick(1)]);
    assert_eq!(a.modes.game().unwrap().moves_made(), 4);
    let fx = keys(&mut a, &[Command::BackToSolvable]);
    assert!(matches!(fx[..], [Effect::Check { .. }]), "{fx:?}");
    let g = a.modes.game().unwrap();
    assert_eq!(g.moves_made(), 2);
    assert_eq!(g.undos, 2);
    assert_eq!(
        a.message(),
        Some("back to step 2, the last position known to be solvable (2 moves undone)")
    );
    // Undo below it: what is known shrinks with the path.
    keys(&mut a, &[Command::Undo]);
    assert_eq!(a.modes.game().unwrap().solvable_upto, Some(1));
}

#[test]
fn the_settings_panel_cycles_the_named_move_orders() {
    use knight_engine::solver::MoveOrder;
    let mut a = app();
    keys(&mut a, &[Command::Settings, Command::NextMoveOrder]);
    assert_eq!(a.settings().unwrap().moves.name(), Some("textbook"));
    keys(&mut a, &[Command::NextMoveOrder, Command::NextMoveOrder]);
    assert_eq!(a.settings().unwrap().moves.name(), Some("clockwise"));
    keys(&mut a, &[Command::NextMoveOrder, Command::Apply]);
    assert_eq!(a.spec.moves, MoveOrder::NAMED[1].1);
    assert_eq!(
        a.spec.moves.to_string(),
        "2,1;-2,-1;-2,1;-1,-2;-1,2;1,-2;1,2;2,-1"
    );
    // An order from the command line that has no name: shown as itself,
    // and m goes on to the named ones.
    let odd: MoveOrder = "1,2;2,1;-1,2;-2,1;-2,-1;-1,-2;1,-2;2,-1".parse().unwrap();
    assert_eq!(odd.name(), None);
    assert_eq!(odd.next(), MoveOrder::NAMED[0].1);
}

#[test]
fn before_the_knight_is_placed_a_move_key_says_to_place_it() {
    let mut a = game_app();
    keys(&mut a, &[Command::Pick(1)]);
    assert_eq!(a.message(), Some("place the knight first (Enter)"));
}

/// The game's clock runs on the times the actions bring, not on a clock
/// of the app's own: the same actions at the same times give the same
/// screen, and a test can move time as it likes.
#[test]
fn the_game_clock_keeps_the_times_of_the_actions() {
    use std::time::Duration;
    let mut a = game_app();
    let t0 = a.now;
    let at = |s: u64| t0 + Duration::from_secs(s);
    a.update_at(Action::Key(Command::MoveHere), at(0));
    assert_eq!(game(&a).times(at(0)), "0:00 (move 0:00)");
    a.update_at(Action::Key(Command::Pick(1)), at(65));
    assert_eq!(game(&a).moves_made(), 2);
    assert_eq!(game(&a).times(at(70)), "1:10 (move 0:05)");
    // Drawn at the time of the last action: the clock stands still
    // between actions, as it does on screen between ticks.
    a.update_at(Action::Tick, at(75));
    let shown = super::tests_prompt::screen(&a, 120, 40);
    assert!(shown.contains("1:15 (move 0:10)"), "{shown}");
}
