//! A chosen last square in the app: set and cleared in the settings, marked
//! on the board, kept out of reach in play until the last move, and the
//! finish and the check ending there.

use super::tests::{app, keys};
use super::*;
use crate::tui::game::{Game, Moved};
use knight_engine::board::Board;
use knight_engine::solver::Tours;
use knight_engine::solver::Verdict;

/// What the settings panel says it refused.
fn refusal(a: &App) -> String {
    a.settings()
        .and_then(|st| st.error.clone())
        .unwrap_or_default()
}

#[test]
fn the_settings_set_the_end_and_refuse_what_cannot_be() {
    let mut a = app();
    keys(
        &mut a,
        &[Command::Settings, Command::Cursor(4, 4), Command::SetEnd],
    );
    assert_eq!(a.settings().unwrap().end, Some(Square::new(4, 4)));
    // The end cannot be the start, nor blocked; the start cannot go there.
    keys(&mut a, &[Command::SetStart]);
    assert!(refusal(&a).contains("is the end"), "{}", refusal(&a));
    keys(&mut a, &[Command::ToggleBlock]);
    assert!(
        refusal(&a).contains("end cannot be blocked"),
        "{}",
        refusal(&a)
    );
    keys(&mut a, &[Command::Cursor(-4, -4), Command::SetEnd]);
    assert!(refusal(&a).contains("cannot be the end"), "{}", refusal(&a));
    assert_eq!(a.settings().unwrap().end, Some(Square::new(4, 4)));
    // A closed tour has no last square; a chosen end makes the tour open.
    keys(&mut a, &[Command::ToggleClosed]);
    assert_eq!(a.settings().unwrap().end, None);
    keys(&mut a, &[Command::Cursor(4, 4), Command::SetEnd]);
    let st = a.settings().unwrap();
    assert_eq!((st.end, st.closed), (Some(Square::new(4, 4)), false));
    // Again on the end: anywhere.
    keys(&mut a, &[Command::SetEnd]);
    assert_eq!(a.settings().unwrap().end, None);
    keys(&mut a, &[Command::Cursor(-4, 0), Command::SetEnd]);
    let fx = keys(&mut a, &[Command::Apply]);
    assert!(matches!(fx[..], [Effect::Start { .. }]), "{fx:?}");
    assert_eq!(a.spec.end(), Some(Square::new(0, 4)));
    // Fewer rows take the end off the board: it goes.
    keys(&mut a, &[Command::Settings, Command::Rows(-1)]);
    assert_eq!(a.settings().unwrap().end, Some(Square::new(0, 4)));
    keys(
        &mut a,
        &[Command::Cursor(3, 4), Command::SetEnd, Command::Rows(-1)],
    );
    assert_eq!(a.settings().unwrap().end, None);
}

#[test]
fn in_play_the_goal_is_reached_only_by_the_last_move() {
    let board = Board::new(5, 5, &[]).unwrap();
    let goal = Square::new(4, 4);
    let mut g = Game::new(
        Tours::open(board.clone()).ending_on(Some(goal)).unwrap(),
        None,
    );
    assert!(
        g.status(std::time::Instant::now())
            .contains("the tour ends on 4,4"),
        "{}",
        g.status(std::time::Instant::now())
    );
    // Not even the knight's first square.
    assert!(matches!(g.move_to(goal), Moved::Illegal(why) if why.contains("4,4 is the goal")));
    assert_eq!(g.move_to(Square::new(2, 2)), Moved::Ok);
    assert!(
        !g.targets().contains(&goal),
        "3,3 -> 4,4 is a move, not yet"
    );
    // 0,0 to 4,4 with 56 tours: play one the solver finishes, by hand.
    let to_goal = Tours::open(board.clone()).ending_on(Some(goal)).unwrap();
    let mut g = Game::new(to_goal, Some(Square::new(0, 0)));
    let sol = crate::tui::testing::finish(&board, &[0], false, Some(goal));
    assert_eq!(sol.verdict, Verdict::Found);
    let tour = &sol.tours[0];
    assert_eq!(*tour.last().unwrap(), board.index(goal));
    for &i in &tour[1..] {
        let sq = board.square(i);
        if i == board.index(goal) {
            assert!(g.targets().contains(&goal), "the last move");
        }
        assert_eq!(g.move_to(sq), Moved::Ok, "{sq}");
    }
    assert!(g.is_complete());
    assert_eq!(
        g.status(std::time::Instant::now()),
        "complete open tour of 25 squares on the goal 4,4: well played!"
    );
    // A restart keeps the goal.
    assert_eq!(g.restart().end(), Some(goal));
}

#[test]
fn the_finish_and_the_check_respect_the_goal() {
    let b = Board::new(5, 5, &[]).unwrap();
    let i = |r, c| b.index(Square::new(r, c));
    let finish =
        |prefix: &[u32], end: Square| crate::tui::testing::finish(&b, prefix, false, Some(end));
    // From 0,0 by 1,2: to the corner 0,4 there are tours; to the dark 0,1
    // none, by colour, at once.
    let sol = finish(&[i(0, 0), i(1, 2)], Square::new(0, 4));
    assert_eq!(sol.verdict, Verdict::Found);
    let tour = &sol.tours[0];
    knight_engine::tour::check_indices(&b, tour, false).unwrap();
    assert_eq!((tour[1], *tour.last().unwrap()), (i(1, 2), i(0, 4)));
    match finish(&[i(0, 0), i(1, 2)], Square::new(0, 1)).verdict {
        Verdict::NoTour(why) => {
            assert!(why.reason().contains("1,2 and 0,1 are both dark"), "{why}")
        }
        v => panic!("{v:?}"),
    }
    // Theory has nothing to say of 1,1 to 2,2, yet on 5x5 no tour joins two
    // squares that are not corners: the search tries every way.
    match finish(&[i(1, 1)], Square::new(2, 2)).verdict {
        Verdict::NoTour(why) => assert!(why.reason().contains("every way on"), "{why}"),
        v => panic!("{v:?}"),
    }
    // A strip decides exactly: 3x4 from 0,0 to its far corner 2,3.
    let strip = Board::new(3, 4, &[]).unwrap();
    let sol = crate::tui::testing::finish(&strip, &[0], false, Some(Square::new(2, 3)));
    let to_corner = knight_engine::solver::count::Count::from_start(
        &knight_engine::solver::Problem::new(Tours::open(strip.clone()), Square::new(0, 0))
            .unwrap()
            .ending_on(Some(Square::new(2, 3)))
            .unwrap(),
    )
    .run()
    .count;
    assert_eq!(sol.verdict == Verdict::Found, to_corner > 0);
}

#[test]
fn the_search_never_targets_the_goal_before_the_last_move() {
    let mut a = crate::tui::testing::app_on(Board::new(5, 5, &[]).unwrap());
    crate::tui::testing::retask(&mut a.spec, false, Some(Square::new(4, 4)));
    // 0,0 1,2 2,0 3,2: the knight a move from the goal, 21 squares left.
    let b = a.spec.board().clone();
    let path: Vec<u32> = [(0, 0), (1, 2), (2, 0), (3, 2)]
        .iter()
        .map(|&(r, c)| b.index(Square::new(r, c)))
        .collect();
    let g = a.search.generation;
    a.update(Action::Engine(Side::A, g, super::tests::snap(&path)));
    let scene = crate::tui::ui::board::Scene::of_app(&a);
    assert_eq!(scene.goal, Some(Square::new(4, 4)));
    assert!(scene.targets.contains(&Square::new(1, 1)));
    assert!(!scene.targets.contains(&Square::new(4, 4)));
}

#[test]
fn a_saved_game_keeps_its_goal() {
    let mut a = app();
    let goal = Square::new(4, 4);
    let tours = Tours::open(a.spec.board().clone()).ending_on(Some(goal));
    let game = Game::new(tours.unwrap(), Some(Square::new(0, 0)));
    a.modes.show(Mode::Play(Box::new(game)));
    keys(&mut a, &[Command::Pick(1)]);
    let fx = keys(&mut a, &[Command::Save]);
    let [Effect::Save { file, .. }] = &fx[..] else {
        panic!("{fx:?}");
    };
    assert_eq!(file.end, Some([4, 4]));
    assert_eq!(file.path.len(), 2);
}
