use super::*;
use std::time::Duration;

fn game() -> Game {
    Game::new(
        Tours::open(Board::new(5, 5, &[Square::new(4, 4)]).unwrap()),
        None,
    )
}

#[test]
fn every_refusal_says_illegal_and_why() {
    let mut g = game();
    assert_eq!(g.move_to(Square::new(0, 0)), Moved::Ok);
    let why = |m: Moved| match m {
        Moved::Illegal(s) => s,
        Moved::Ok => panic!("moved"),
    };
    assert_eq!(
        why(g.move_to(Square::new(1, 1))),
        "illegal: 0,0 -> 1,1 is not a knight move"
    );
    assert_eq!(
        why(g.move_to(Square::new(0, 0))),
        "illegal: 0,0 was already visited at step 1"
    );
    assert_eq!(why(g.move_to(Square::new(4, 4))), "illegal: 4,4 is blocked");
    assert_eq!(
        why(g.move_to(Square::new(5, 0))),
        "illegal: 5,0 is off the board"
    );
    assert_eq!(g.moves_made(), 1);
}

#[test]
fn undo_redo_any_number() {
    let mut g = game();
    for sq in [(0, 0), (1, 2), (2, 4), (4, 3)] {
        assert_eq!(g.move_to(Square::new(sq.0, sq.1)), Moved::Ok);
    }
    assert_eq!(
        g.targets().len(),
        g.board()
            .neighbours(Square::new(4, 3))
            .filter(|&n| !g.visited(n))
            .count()
    );
    assert!(g.undo() && g.undo() && g.undo() && g.undo());
    assert!(!g.undo());
    assert_eq!(g.moves_made(), 0);
    assert!(g.redo() && g.redo());
    assert_eq!(g.knight(), Some(Square::new(1, 2)));
    // A new move forgets what could be redone.
    assert_eq!(g.move_to(Square::new(3, 3)), Moved::Ok);
    assert!(!g.redo());
}

#[test]
fn dead_end_and_win() {
    let board = Board::new(3, 4, &[]).unwrap();
    let tour = crate::tui::testing::TOUR_3X4;
    let mut g = Game::new(Tours::open(board.clone()), Some(Square::new(0, 0)));
    for &(r, c) in &tour[1..] {
        assert!(!g.dead_end());
        assert_eq!(g.move_to(Square::new(r, c)), Moved::Ok, "{r},{c}");
    }
    assert!(g.is_complete() && !g.dead_end());
    assert_eq!(
        g.status(std::time::Instant::now()),
        "complete open tour of 12 squares: well played!"
    );
    // 0,0 2,1 1,3 0,1 2,0 1,2: every move from 1,2 is used, 6 squares left.
    let mut g = Game::new(Tours::open(board), Some(Square::new(0, 0)));
    for (r, c) in [(2, 1), (1, 3), (0, 1), (2, 0), (1, 2)] {
        assert_eq!(g.move_to(Square::new(r, c)), Moved::Ok, "{r},{c}");
    }
    assert!(g.targets().is_empty() && g.dead_end());
    assert_eq!(
        g.status(std::time::Instant::now()),
        "dead end: no legal move from 1,2, 6 squares left; u undoes"
    );
    assert!(g.undo());
    assert!(!g.dead_end());
}

#[test]
fn onward_counts_are_warnsdorff_degrees() {
    let mut g = Game::new(
        Tours::open(Board::new(8, 8, &[]).unwrap()),
        Some(Square::new(0, 0)),
    );
    // 1,2 reaches 0,4 2,0 2,4 3,1 3,3 (and the visited corner).
    assert_eq!(g.onward(Square::new(1, 2)), 5);
    assert_eq!(g.move_to(Square::new(1, 2)), Moved::Ok);
    // 2,0 reaches 0,1 3,2 4,1 (and the knight's 1,2).
    assert_eq!(g.onward(Square::new(2, 0)), 3);
    assert_eq!(g.targets().len(), 5);
}

/// Hidden by a screen too small, the clock stops; shown again, it goes
/// on from where it stopped.
#[test]
fn the_clock_stops_while_the_game_cannot_be_seen() {
    let mut g = game();
    let t0 = Instant::now();
    assert_eq!(g.move_to(Square::new(0, 0)), Moved::Ok);
    g.timed(t0);
    assert_eq!(g.move_to(Square::new(1, 2)), Moved::Ok);
    g.timed(t0 + Duration::from_secs(10));
    g.seen(false, t0 + Duration::from_secs(20));
    g.seen(false, t0 + Duration::from_secs(50));
    g.seen(true, t0 + Duration::from_secs(80));
    // 60 s hidden do not count: 90 s on the wall are 30 s of play.
    let now = t0 + Duration::from_secs(90);
    assert_eq!(g.times(now), "0:30 (move 0:20)");
    // Seen and not hidden, nothing moves.
    g.seen(true, now);
    assert_eq!(g.times(now), "0:30 (move 0:20)");
}

/// Undoing the knight's placement puts a plain game back to not started:
/// no clock runs with no knight on the board.
#[test]
fn undoing_the_placement_stops_the_clock() {
    let mut g = game();
    let t0 = Instant::now();
    assert_eq!(g.move_to(Square::new(0, 0)), Moved::Ok);
    g.timed(t0);
    assert!(g.clock_running());
    assert!(g.undo());
    assert_eq!(g.knight(), None);
    assert!(!g.clock_running());
    assert_eq!(g.times(t0 + Duration::from_secs(5)), "not started");
}
