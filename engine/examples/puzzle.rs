// Make a knight's-tour puzzle from a seed, rate it, prove that its clues
// allow exactly one numbering, and explain its first deductions.
//
//     cargo run -p knight-engine --example puzzle

use knight_engine::puzzle::{self, Completions, Difficulty, Request};
use knight_engine::solver::Limits;

fn main() {
    // One seed, one puzzle: the same request always makes the same one.
    let request = Request {
        rows: 6,
        cols: 6,
        closed: false,
        difficulty: Difficulty::Medium,
        seed: 2026,
    };
    let made = puzzle::make(&request).expect("a 6x6 board has tours");
    assert_eq!(
        puzzle::make(&request).expect("made again").puzzle,
        made.puzzle
    );
    println!(
        "a {} puzzle with {} clues: {}",
        made.difficulty,
        made.puzzle.clue_count(),
        made.difficulty.reasoning()
    );

    // The clues, as the text form of a puzzle file writes them.
    let mut out = Vec::new();
    puzzle::file::write_text(&mut out, &made.puzzle).expect("written to memory");
    print!("{}", String::from_utf8(out).expect("UTF-8"));

    // Unique by proof: the solver counts completions up to two.
    let answer = puzzle::solve(&made.puzzle, &Limits::default());
    assert_eq!(answer, Completions::Unique(made.solution.clone()));
    println!("exactly one completion: the one it was made from");

    // Solved by reasoning alone, one deduction a step.
    let logic = puzzle::Logic::new(&made.puzzle);
    let explained = puzzle::explain(&logic, &made.puzzle);
    for d in explained.deductions.iter().take(3) {
        println!("{}: {d}", d.rule().name());
    }
    assert_eq!(explained.rating.level(), Some(made.difficulty));
}
