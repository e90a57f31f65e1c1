//! Writing a puzzle by hand: any step on any square, the refusals, the
//! pencil marks, the verdict and the hint.

use super::sheet::{Filled, Hint, Sheet, Unwritable};
use super::*;

fn made(difficulty: Difficulty) -> Made {
    make(&Request {
        rows: 6,
        cols: 6,
        closed: false,
        difficulty,
        seed: 11,
    })
    .unwrap()
}

/// The first step the puzzle leaves to fill, and its square.
fn open_step(m: &Made) -> (u32, u32) {
    (1..=36u32)
        .find(|&k| m.puzzle.clue_at(k).is_none())
        .map(|k| (k, m.solution[k as usize - 1]))
        .unwrap()
}

#[test]
fn any_step_goes_on_any_square_in_any_order() {
    let m = made(Difficulty::Medium);
    let mut s = Sheet::new(m.puzzle.clone());
    // Fill from the last step down: out of order, every write allowed.
    for k in (1..=36u32).rev() {
        let i = m.solution[k as usize - 1];
        if m.puzzle.clue_at(k).is_none() {
            assert_eq!(s.write(i, k), Ok(None), "step {k}");
            assert_eq!(s.number_on(i), Some((k, false)));
            assert_eq!(s.square_of(k), Some(i));
        } else {
            assert_eq!(s.number_on(i), Some((k, true)));
        }
    }
    assert_eq!(s.numbered(), 36);
    assert_eq!(s.verdict(&m.solution), Filled::Solved);
    assert_eq!(s.hint(&Logic::new(&m.puzzle), &m.solution), Hint::Done);
}

#[test]
fn writes_that_break_a_rule_are_refused_with_the_reason() {
    let m = made(Difficulty::Easy);
    let b = m.puzzle.board().clone();
    let mut s = Sheet::new(m.puzzle.clone());
    let clue = m.puzzle.clues().nth(1).unwrap();
    let ci = b.index(clue.square);
    assert_eq!(
        s.write(ci, 5),
        Err(Unwritable::Clue {
            square: clue.square,
            clue: clue.step
        })
    );
    let (k, i) = open_step(&m);
    assert_eq!(
        s.write(i, 37).unwrap_err().to_string(),
        "37 is not a step: steps run from 1 to 36"
    );
    // A clue's step elsewhere.
    let free = (0..36u32)
        .find(|&j| s.number_on(j).is_none() && j != i)
        .unwrap();
    assert_eq!(
        s.write(free, clue.step),
        Err(Unwritable::Taken {
            step: clue.step,
            on: clue.square
        })
    );
    // A step not a knight's move from its numbered neighbour.
    let one = m.puzzle.clue_at(1).unwrap();
    let (c1, sq) = (b.square(one).colour(), |j: u32| b.square(j));
    let far = (0..36u32)
        .find(|&j| s.number_on(j).is_none() && !b.is_move(sq(one), sq(j)) && sq(j).colour() != c1)
        .unwrap();
    // Every knight's move changes colour: step 3 goes on 1's colour.
    let odd = (0..36u32)
        .find(|&j| s.number_on(j).is_none() && sq(j).colour() != c1)
        .unwrap();
    if m.puzzle.clue_at(3).is_none() {
        assert_eq!(
            s.write(odd, 3).unwrap_err().to_string(),
            format!(
                "3 cannot go on {}: it must be on the same colour as 1 on {} (every knight's move changes colour)",
                sq(odd),
                sq(one)
            )
        );
    }
    if m.puzzle.clue_at(2).is_none() {
        assert_eq!(
            s.write(far, 2).unwrap_err().to_string(),
            format!(
                "2 on {} would not be a knight's move from 1 on {}",
                b.square(far),
                b.square(one)
            )
        );
    }
    // Written, the step cannot go elsewhere; cleared, it can.
    s.write(i, k).unwrap();
    assert!(matches!(
        s.write(free, k),
        Err(Unwritable::Taken { .. }) | Err(Unwritable::NotAMove { .. })
    ));
    assert_eq!(s.clear(i), Ok(k));
    assert_eq!(s.clear(i), Err(Unwritable::Empty(b.square(i))));
    assert!(matches!(s.clear(ci), Err(Unwritable::Clue { .. })));
    assert_eq!(s.number_on(i), None);
}

#[test]
fn pencil_marks_toggle_and_go_when_the_square_is_written() {
    let m = made(Difficulty::Easy);
    let mut s = Sheet::new(m.puzzle.clone());
    let (k, i) = open_step(&m);
    assert_eq!(s.toggle_mark(i, 9), Ok(true));
    assert_eq!(s.toggle_mark(i, k), Ok(true));
    assert_eq!(s.toggle_mark(i, 9), Ok(false));
    assert_eq!(s.marks(i), &[k]);
    assert!(s.toggle_mark(i, 0).is_err());
    s.write(i, k).unwrap();
    assert!(s.marks(i).is_empty());
    assert_eq!(
        s.toggle_mark(i, 3).unwrap_err().to_string(),
        format!(
            "{} is numbered: pencil marks go on empty squares",
            m.puzzle.board().square(i)
        )
    );
}

#[test]
fn the_hint_is_the_next_deduction_or_the_first_wrong_number() {
    let m = made(Difficulty::Medium);
    let logic = Logic::new(&m.puzzle);
    let mut s = Sheet::new(m.puzzle.clone());
    let Hint::Next(d) = s.hint(&logic, &m.solution) else {
        panic!("a fresh puzzle has a deduction")
    };
    assert_eq!(Some(d.clone()), next_deduction(&logic, &m.puzzle).unwrap());
    let b = m.puzzle.board();
    assert_eq!(b.index(d.square), m.solution[d.step as usize - 1]);
    // Followed, the hint moves on.
    s.write(b.index(d.square), d.step).unwrap();
    let Hint::Next(e) = s.hint(&logic, &m.solution) else {
        panic!("more to deduce")
    };
    assert_ne!(e.step, d.step);
    // A wrong number is named first, whatever else there is to deduce.
    let (k, right) = open_step(&m);
    if k != d.step {
        let wrong = (0..36u32)
            .find(|&j| j != right && s.refusal(j, k).is_none())
            .unwrap();
        s.write(wrong, k).unwrap();
        assert_eq!(
            s.hint(&logic, &m.solution),
            Hint::Wrong {
                step: k,
                square: b.square(wrong)
            }
        );
    }
}
