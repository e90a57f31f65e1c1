// Prove, without searching, that some boards have no knight's tour, and
// print theory's argument.
//
//     cargo run -p knight-engine --example no_tour

use knight_engine::board::{Board, Square};
use knight_engine::solver::{self, Options, Problem, Tours, Verdict};
use knight_engine::theory::{self, Argument, Shortage};

fn main() {
    // 5x5 has 13 squares of one colour and 12 of the other; a closed
    // tour alternates colours, so it needs as many of each.
    let five = Board::new(5, 5, &[]).expect("a 5x5 board");
    let proof = theory::check(&five, None, true).expect_err("no closed tour of 5x5");
    // The argument carries its numbers: 13 light and 12 dark squares.
    let Argument::Colour { counts, .. } = &proof.argument else {
        panic!("not the colours: {proof}");
    };
    assert_eq!((counts.light, counts.dark), (13, 12));
    println!("closed tours of 5x5: none, by the colours: {proof}");

    // 4x4 has no tour at all, open or closed: the full boards are classified.
    let four = Board::new(4, 4, &[]).expect("a 4x4 board");
    let proof = theory::check(&four, Some(Square::new(0, 0)), false).expect_err("no tour of 4x4");
    assert!(matches!(
        proof.argument,
        Argument::FullBoard {
            rows: 4,
            cols: 4,
            ..
        }
    ));
    println!("open tours of 4x4: none, by the classification: {proof}");

    // Blocked squares can leave another square with one move: a closed
    // tour needs two there. The argument names the squares it is about.
    let blocked = [Square::new(1, 2), Square::new(5, 5)];
    let holed = Board::new(6, 6, &blocked).expect("a 6x6 board");
    let proof = theory::check(&holed, None, true).expect_err("no closed tour");
    let Argument::Moves(Shortage::OneMove { square, .. }) = proof.argument else {
        panic!("not a square with one move: {proof}");
    };
    assert_eq!(square, Square::new(0, 0));
    assert!(proof.squares.contains(&Square::new(0, 0)));
    println!(
        "closed tours of {}: none, by a square with one move: {proof}",
        holed.describe()
    );
    println!("  the squares it names: {:?}", proof.squares);

    // A search asks theory first: its verdict carries the same proof.
    let problem = Problem::new(Tours::closed(five), Square::new(0, 0)).expect("on the board");
    let found = solver::solve(&problem, &Options::default());
    assert!(
        matches!(&found.verdict, Verdict::NoTour(p) if matches!(p.argument, Argument::Colour { .. }))
    );
    println!("the search agrees, in {} nodes", found.stats.nodes);
}
