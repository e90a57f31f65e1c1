//! While a search runs: the count (`#`), said up front when it cannot end
//! here, and a zoom that follows the knight.

use super::*;
use crate::tui::testing::app_on;
use knight_engine::board::Board;

fn count_message(board: Board, closed: bool) -> String {
    let mut a = app_on(board);
    crate::tui::testing::retask(&mut a.spec, closed, None);
    let mut effects = a.update(Action::Key(Command::Count));
    // Out of reach: the question first (its keys in its box alone); y
    // counts anyway.
    if a.count_question().is_some() {
        assert!(effects.is_empty(), "{effects:?}");
        let said = a.message().unwrap();
        assert!(
            said.starts_with("count the ") && !said.contains("y counts"),
            "{said}"
        );
        effects = a.update(Action::Key(Command::Yes));
    }
    assert!(
        effects.iter().any(|e| matches!(e, Effect::Count { .. })),
        "the count starts once asked for"
    );
    a.message().unwrap().to_string()
}

#[test]
fn a_count_out_of_reach_asks_first_and_n_leaves_it() {
    let mut a = app_on(Board::new(8, 8, &[]).unwrap());
    assert!(a.update(Action::Key(Command::Count)).is_empty());
    assert!(a.count_question().unwrap().contains("at least 12 months"));
    // Its source in one pair of brackets (it was "(from … (OEIS A165134))").
    let asked = a.count_question().unwrap();
    assert!(
        asked.contains("of them, from ") && !asked.contains("))"),
        "{asked}"
    );
    // Other keys wait for the answer.
    assert!(a.update(Action::Key(Command::Pause)).is_empty());
    assert!(a.count_question().is_some());
    a.update(Action::Key(Command::No));
    assert!(a.count_question().is_none() && a.counting.is_none());
    assert_eq!(a.message(), Some("no count started"));
    // y: it runs, saying all along when it could end.
    a.update(Action::Key(Command::Count));
    a.update(Action::Key(Command::Yes));
    let c = a.counting.as_ref().unwrap();
    assert_eq!(c.warning.as_deref(), Some("at least 12 months"));
}

#[test]
fn a_count_that_cannot_end_says_so_when_it_starts() {
    // 8x8 open from a corner, tour by tour: about 3.1e14 tours.
    let m = count_message(Board::new(8, 8, &[]).unwrap(), false);
    assert!(m.contains("out of reach"), "{m}");
    assert!(m.contains("3.1e14"), "{m}");
    assert!(m.contains("19,591,828,170,979,904"), "{m}");
    assert!(m.contains("A165134"), "{m}");
    assert!(m.contains("# stops it"), "{m}");
    // 6x6 open ends in a second; 8x8 closed goes over the frontier, whose
    // time does not grow with the tours; a board with holes has no
    // published figure.
    for (board, closed) in [
        (Board::new(6, 6, &[]).unwrap(), false),
        (Board::new(8, 8, &[]).unwrap(), true),
        (
            Board::new(8, 8, &[knight_engine::board::Square::new(3, 3)]).unwrap(),
            false,
        ),
    ] {
        let m = count_message(board, closed);
        assert!(!m.contains("out of reach"), "{m}");
        assert!(m.contains("# again stops it"), "{m}");
    }
}

/// A knight's path on `board` from the top left, going right two columns
/// and down a row each move, `n` squares long.
fn walk(board: &Board, n: u32) -> Vec<u32> {
    (0..n)
        .map(|i| board.index(knight_engine::board::Square::new(i % 2, 2 * i)))
        .collect()
}

fn snap(path: Vec<u32>) -> Action {
    use knight_engine::solver::{Event, Snapshot, Stats};
    Action::Engine(
        Side::A,
        1,
        Event::Snapshot(Snapshot {
            range: (0, 0),
            path,
            stats: Stats::default(),
        }),
    )
}

#[test]
fn zoomed_by_key_the_view_follows_the_knight_and_a_pan_lets_go() {
    let board = Board::new(300, 300, &[]).unwrap();
    let mut a = app_on(board.clone());
    a.search.generation = 1;
    a.update(snap(walk(&board, 3)));
    for _ in 0..4 {
        a.update(Action::Key(Command::ZoomIn));
    }
    assert!(a.zoom.level > 0 && a.zoom.on_knight);
    // The knight walks far to the right: the window keeps it in view.
    for n in [10, 40, 90, 140] {
        a.update(snap(walk(&board, n)));
        let knight = board.square(*walk(&board, n).last().unwrap());
        assert!(a.window().contains(knight), "{n}: {:?}", a.window());
    }
    // A pan looks elsewhere and stays there.
    a.update(Action::Key(Command::Pan(1, 0)));
    let panned = a.window();
    a.update(snap(walk(&board, 145)));
    assert_eq!(a.window(), panned);
    assert!(!a.zoom.on_knight);
}
