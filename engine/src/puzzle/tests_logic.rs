//! Rating by reasoning: each level needs its own rules, and every
//! deduction explained holds in the one solution.

use super::*;
use crate::board::Board;

fn made(rows: u32, cols: u32, closed: bool, difficulty: Difficulty, seed: u64) -> Made {
    make(&Request {
        rows,
        cols,
        closed,
        difficulty,
        seed,
    })
    .unwrap()
}

fn below(d: Difficulty) -> Option<Difficulty> {
    Difficulty::ALL.into_iter().take_while(|&x| x < d).last()
}

/// A puzzle rated at a level is solved by that level's rules and not by
/// the rules of the level below; each level is reached on 8x8.
#[test]
fn each_level_needs_its_own_rules() {
    for difficulty in Difficulty::ALL {
        for (rows, cols, closed, seed) in [(8, 8, false, 1), (8, 8, true, 2), (7, 8, false, 3)] {
            let m = made(rows, cols, closed, difficulty, seed);
            let what = format!("{rows}x{cols} {difficulty} seed {seed}");
            assert_eq!(m.difficulty, difficulty, "{what}");
            let logic = Logic::new(&m.puzzle);
            assert!(
                rate_upto(&logic, &m.puzzle, difficulty).level() == Some(difficulty),
                "{what}"
            );
            if let Some(lower) = below(difficulty) {
                assert!(
                    matches!(rate_upto(&logic, &m.puzzle, lower), Rating::Search { .. }),
                    "{what}: solved by {lower}"
                );
            }
        }
    }
}

/// Every deduction puts its step where the one solution has it, reasons
/// only from numbers already known, and is counted in the rating.
#[test]
fn every_deduction_holds_in_the_solution() {
    for difficulty in Difficulty::ALL {
        for seed in 1..=4 {
            let m = made(8, 8, seed % 2 == 0, difficulty, seed);
            let board = m.puzzle.board().clone();
            let explained = explain(&Logic::new(&m.puzzle), &m.puzzle);
            let mut known: Vec<Square> = m.puzzle.clues().map(|c| c.square).collect();
            let mut uses = Uses::default();
            for d in &explained.deductions {
                assert_eq!(
                    board.index(d.square),
                    m.solution[d.step as usize - 1],
                    "{d}"
                );
                assert!(!known.contains(&d.square), "{d}: placed twice");
                if d.rule() != Rule::NoRoom {
                    assert!(d.from().iter().all(|s| known.contains(s)), "{d}");
                    assert!(!d.from().is_empty(), "{d}");
                }
                assert!(d.rule().level() <= m.difficulty, "{d}");
                known.push(d.square);
                uses.add(d.rule());
            }
            assert_eq!(known.len(), m.solution.len());
            assert_eq!(
                explained.rating,
                Rating::Logic {
                    level: m.difficulty,
                    uses
                }
            );
            assert!(uses.iter().any(|(r, n)| r.level() == difficulty && n > 0));
        }
    }
}

/// The next deduction is the first of the explanation, and said in words
/// a person can check on the board.
#[test]
fn the_next_deduction_is_said_in_words() {
    // A whole 5x5 tour less step 2: the square of 2 is forced by 1 and 3.
    let board = Board::new(5, 5, &[]).unwrap();
    let tour = made(5, 5, false, Difficulty::Easy, 1).solution;
    let clues: Vec<Clue> = tour
        .iter()
        .enumerate()
        .filter(|&(k, _)| k != 1)
        .map(|(k, &i)| Clue {
            square: board.square(i),
            step: k as u32 + 1,
        })
        .collect();
    let p = Puzzle::new(&board, false, &clues).unwrap();
    let logic = Logic::new(&p);
    let d = next_deduction(&logic, &p).unwrap().unwrap();
    assert_eq!(d.step, 2);
    assert_eq!(board.index(d.square), tour[1]);
    let (one, three) = (board.square(tour[0]), board.square(tour[2]));
    assert_eq!(
        d.to_string(),
        format!(
            "2 goes on {}: the only free square a knight's move from both 1 on {one} and 3 on {three}",
            d.square
        )
    );
    assert_eq!(d.from(), vec![one, three]);
    assert_eq!(explain(&logic, &p).deductions, vec![d]);
}

/// With clue 1 alone, logic stops short: such a puzzle rates as needing
/// trial and error, and the maker never offers one.
#[test]
fn a_puzzle_that_needs_guessing_is_rated_so() {
    let board = Board::new(6, 6, &[]).unwrap();
    let p = Puzzle::new(
        &board,
        false,
        &[Clue {
            square: Square::new(0, 0),
            step: 1,
        }],
    )
    .unwrap();
    assert!(matches!(
        rate(&p),
        Rating::Search {
            placed: 0,
            missing: 35
        }
    ));
    assert_eq!(next_deduction(&Logic::new(&p), &p), Ok(None));
}
