// Count the knight's tours of the 5x5 board: from a corner, then from
// every square.
//
//     cargo run -p knight-engine --example count

use knight_engine::board::{Board, Square};
use knight_engine::solver::count::Count;
use knight_engine::solver::{Problem, Tours};

fn main() {
    let board = Board::new(5, 5, &[]).expect("a 5x5 board");
    let tours = Tours::open(board);

    // From the corner: every tour counted, so the number is exact.
    let corner = Problem::new(tours.clone(), Square::new(0, 0)).expect("on the board");
    let total = Count::from_start(&corner).run();
    assert!(total.complete(), "the count ran to its end");
    assert_eq!(total.count, 304);
    println!(
        "{} open tours of 5x5 start on a corner (counted by {})",
        total.count,
        total.method.name()
    );

    // From every start. Tours are directed: a tour and its reverse count
    // twice, once from each end.
    let all = Count::all_starts(&tours).run();
    assert!(all.complete());
    assert_eq!(all.count, 1728);
    println!("{} open tours of 5x5 from all starts", all.count);
}
