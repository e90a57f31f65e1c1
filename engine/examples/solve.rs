// Find a knight's tour of the chessboard from a corner, check it move by
// move, and print it as a numbered board.
//
//     cargo run -p knight-engine --example solve

use knight_engine::board::{Board, Square};
use knight_engine::solver::{self, Algorithm, Options, Problem, Tours, Verdict};
use knight_engine::tour::{self, Summary};

fn main() {
    // The question: open tours of the empty 8x8 board from a1's corner.
    let board = Board::new(8, 8, &[]).expect("an 8x8 board");
    let problem =
        Problem::new(Tours::open(board.clone()), Square::new(0, 0)).expect("on the board");

    // Find one with Warnsdorff's rule: fewest onward moves first.
    let options = Options {
        algorithm: Algorithm::Warnsdorff,
        tours: 1,
        ..Options::default()
    };
    let found = solver::solve(&problem, &options);
    assert_eq!(
        found.verdict,
        Verdict::Found,
        "Warnsdorff's rule finds a tour of 8x8"
    );
    let path = &found.tours[0];
    println!(
        "{} found a tour of {} in {} nodes",
        found.algorithm,
        board.describe(),
        found.stats.nodes
    );

    // Check it independently of the search: each step a knight's move,
    // each free square once.
    let summary = tour::check_indices(&board, path, false).expect("every move legal");
    assert!(matches!(summary, Summary::Complete { .. }));
    println!("checked: {summary:?}");

    // The numbered board: the step at which the knight visits each square.
    let mut out = Vec::new();
    tour::write_numbered(&mut out, &board, path).expect("written to memory");
    print!("{}", String::from_utf8(out).expect("UTF-8"));
}
