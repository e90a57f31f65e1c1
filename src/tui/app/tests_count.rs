//! The count in the app (`#`): said up front when it cannot end here.

use super::*;
use crate::tui::testing::app_on;
use knight_tui::board::Board;

fn count_message(board: Board, closed: bool) -> String {
    let mut a = app_on(board);
    a.spec.closed = closed;
    let effects = a.update(Action::Key(Command::Count));
    assert!(
        effects.iter().any(|e| matches!(e, Effect::Count { .. })),
        "the count starts either way"
    );
    a.message().unwrap().to_string()
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
            Board::new(8, 8, &[knight_tui::board::Square::new(3, 3)]).unwrap(),
            false,
        ),
    ] {
        let m = count_message(board, closed);
        assert!(!m.contains("out of reach"), "{m}");
        assert!(m.contains("# again stops it"), "{m}");
    }
}
