use super::file::{PuzzleFileError, parse, to_json, write_text};
use super::*;
use crate::board::Square;
use crate::solver::Limits;

fn sq(r: u32, c: u32) -> Square {
    Square::new(r, c)
}

/// Every completion of `puzzle`, by plain depth-first search: every
/// knight's move to a square not yet visited, each step checked against
/// its clue, no other pruning. Shares nothing with the puzzle's search.
fn brute_force(puzzle: &Puzzle) -> Vec<Vec<u32>> {
    let board = puzzle.board();
    let n = puzzle.steps();
    let clue = |k: usize| puzzle.clue_at(k as u32 + 1);
    fn go(
        board: &Board,
        puzzle: &Puzzle,
        path: &mut Vec<u32>,
        seen: &mut Vec<bool>,
        n: usize,
        out: &mut Vec<Vec<u32>>,
    ) {
        if path.len() == n {
            let closes = board.is_move(board.square(path[n - 1]), board.square(path[0]));
            if !puzzle.closed() || closes {
                out.push(path.clone());
            }
            return;
        }
        let at = board.square(*path.last().unwrap());
        let want = puzzle.clue_at(path.len() as u32 + 1);
        for t in board.neighbours(at) {
            let i = board.index(t);
            if seen[i as usize] || want.is_some_and(|w| w != i) {
                continue;
            }
            // A clue's square holds its own step only.
            if want.is_none() && puzzle.clue_on(i).is_some() {
                continue;
            }
            seen[i as usize] = true;
            path.push(i);
            go(board, puzzle, path, seen, n, out);
            path.pop();
            seen[i as usize] = false;
        }
    }
    let mut out = Vec::new();
    for s in board.free_squares() {
        let i = board.index(s);
        if clue(0).is_some_and(|c| c != i) || (clue(0).is_none() && puzzle.clue_on(i).is_some()) {
            continue;
        }
        let mut seen = vec![false; board.len()];
        seen[i as usize] = true;
        go(board, puzzle, &mut vec![i], &mut seen, n, &mut out);
    }
    out
}

fn no_limits() -> Limits {
    Limits::default()
}

/// Made puzzles have exactly one completion, the tour they were made
/// from, by the brute force: 5x5, 5x6 and 6x6, open and closed where
/// closed tours exist, each difficulty, three seeds.
#[test]
fn made_puzzles_have_one_solution_by_brute_force() {
    let mut ratings = [0; 4];
    for (rows, cols, closed) in [
        (5, 5, false),
        (5, 6, false),
        (5, 6, true),
        (6, 6, false),
        (6, 6, true),
    ] {
        for difficulty in Difficulty::ALL {
            for seed in 1..=3 {
                let r = Request {
                    rows,
                    cols,
                    closed,
                    difficulty,
                    seed,
                };
                let made = make(&r).unwrap();
                let what = format!("{r:?}");
                let all = brute_force(&made.puzzle);
                assert_eq!(all, vec![made.solution.clone()], "{what}");
                assert_eq!(made.puzzle.unhonoured(&made.solution), None, "{what}");
                assert_eq!(made.puzzle.clue_at(1), Some(made.solution[0]), "{what}");
                assert_eq!(
                    solve(&made.puzzle, &no_limits()),
                    Completions::Unique(made.solution.clone()),
                    "{what}"
                );
                assert_eq!(
                    rate(&made.puzzle),
                    Rating::Logic {
                        level: made.difficulty,
                        uses: made.uses
                    },
                    "{what}"
                );
                ratings[made.difficulty as usize] += 1;
            }
        }
    }
    // Each difficulty but expert is reached on these small boards.
    assert!(ratings[..3].iter().all(|&n| n > 0), "{ratings:?}");
}

#[test]
fn the_same_seed_makes_the_same_puzzle_and_another_seed_another() {
    let r = Request {
        rows: 8,
        cols: 8,
        closed: false,
        difficulty: Difficulty::Medium,
        seed: 20261127,
    };
    let (a, b) = (make(&r).unwrap(), make(&r).unwrap());
    assert_eq!(a.puzzle, b.puzzle);
    assert_eq!(a.solution, b.solution);
    let c = make(&Request {
        seed: 20261128,
        ..r
    })
    .unwrap();
    assert_ne!(a.puzzle, c.puzzle);
}

/// The rating follows the difficulty asked for on 8x8, and a harder
/// puzzle keeps fewer clues.
#[test]
fn eight_by_eight_puzzles_of_each_difficulty() {
    let mut clues = Vec::new();
    for difficulty in Difficulty::ALL {
        let r = Request {
            rows: 8,
            cols: 8,
            closed: false,
            difficulty,
            seed: 7,
        };
        let made = make(&r).unwrap();
        assert_eq!(made.difficulty, difficulty, "{r:?}: {:?}", made.uses);
        assert_eq!(
            solve(&made.puzzle, &no_limits()),
            Completions::Unique(made.solution.clone())
        );
        clues.push(made.puzzle.clue_count());
    }
    assert!(clues[0] > clues[2] && clues[2] >= clues[3], "{clues:?}");
}

#[test]
fn boards_out_of_range_or_without_tours_are_refused() {
    let r = |rows, cols, closed| Request {
        rows,
        cols,
        closed,
        difficulty: Difficulty::Easy,
        seed: 1,
    };
    assert_eq!(
        make(&r(4, 5, false)).unwrap_err(),
        MakeError::Size { rows: 4, cols: 5 }
    );
    assert!(matches!(
        make(&r(13, 12, false)),
        Err(MakeError::Size { .. })
    ));
    // 5x5 has no closed tour: its squares are 13 of one colour, 12 of the other.
    let e = make(&r(5, 5, true)).unwrap_err();
    assert!(matches!(e, MakeError::NoTour(_)), "{e}");
}

#[test]
fn several_none_and_undecided() {
    let b = Board::new(5, 5, &[]).unwrap();
    let only_start = Puzzle::new(
        &b,
        false,
        &[Clue {
            square: sq(0, 0),
            step: 1,
        }],
    )
    .unwrap();
    match solve(&only_start, &no_limits()) {
        Completions::Several(x, y) => {
            assert_ne!(x, y);
            for p in [x, y] {
                let all = brute_force(&Puzzle::new(&b, false, &clues_of(&b, &p)).unwrap());
                assert_eq!(all, vec![p]);
            }
        }
        other => panic!("{other:?}"),
    }
    // Step 3 two moves from step 1 is fine; step 2 on a square three
    // moves from step 1 is not.
    let far = Puzzle::new(
        &b,
        false,
        &[
            Clue {
                square: sq(0, 0),
                step: 1,
            },
            Clue {
                square: sq(4, 4),
                step: 3,
            },
        ],
    )
    .unwrap();
    match solve(&far, &no_limits()) {
        Completions::None(NoSolution::TooFar {
            first,
            second,
            moves,
        }) => {
            assert_eq!((first.step, second.step, moves), (1, 3, Some(4)));
        }
        other => panic!("{other:?}"),
    }
    // Within reach clue by clue, and still no numbering: the corner's
    // only two neighbours hold steps 10 and 20, so it can be neither
    // between them nor an end. The chains of moves show it (the corner
    // has no step it can take), with no search.
    let tight = Puzzle::new(
        &b,
        false,
        &[
            Clue {
                square: sq(4, 4),
                step: 1,
            },
            Clue {
                square: sq(1, 2),
                step: 10,
            },
            Clue {
                square: sq(2, 1),
                step: 20,
            },
        ],
    )
    .unwrap();
    assert_eq!(brute_force(&tight), Vec::<Vec<u32>>::new());
    assert!(matches!(
        solve(&tight, &no_limits()),
        Completions::None(NoSolution::Stuck(_))
    ));
    // Step 2 must be a move from both 0,0 and 2,4: only 1,2 is, and it
    // holds clue 10. Reasoning says so without a search.
    let stuck = Puzzle::new(
        &b,
        false,
        &[
            Clue {
                square: sq(0, 0),
                step: 1,
            },
            Clue {
                square: sq(2, 4),
                step: 3,
            },
            Clue {
                square: sq(1, 2),
                step: 10,
            },
        ],
    )
    .unwrap();
    assert_eq!(brute_force(&stuck), Vec::<Vec<u32>>::new());
    assert_eq!(
        solve(&stuck, &no_limits()),
        Completions::None(NoSolution::Stuck(Stuck::Step(2)))
    );
    let limits = Limits {
        nodes: Some(10),
        time: None,
    };
    assert!(matches!(
        solve(&only_start, &limits),
        Completions::Undecided(_)
    ));
}

fn clues_of(b: &Board, path: &[u32]) -> Vec<Clue> {
    path.iter()
        .enumerate()
        .map(|(k, &i)| Clue {
            square: b.square(i),
            step: k as u32 + 1,
        })
        .collect()
}

/// Hostile clues are refused, each with its line.
#[test]
fn clues_that_cannot_be_are_refused() {
    let b = Board::new(6, 6, &[sq(5, 5)]).unwrap();
    let c = |r, col, step| Clue {
        square: sq(r, col),
        step,
    };
    let e = |clues: &[Clue]| Puzzle::new(&b, false, clues).unwrap_err().to_string();
    assert_eq!(e(&[c(6, 0, 1)]), "clue 1 is on 6,0, off the 6x6 board");
    assert_eq!(e(&[c(5, 5, 2)]), "clue 2 is on 5,5, a blocked square");
    assert_eq!(
        e(&[c(0, 0, 36)]),
        "clue 36 on 0,0 is not a step of this board: steps run from 1 to 35"
    );
    assert_eq!(
        e(&[c(0, 0, 0)]).split(':').next(),
        Some("clue 0 on 0,0 is not a step of this board")
    );
    assert_eq!(
        e(&[c(0, 0, 3), c(0, 0, 1)]),
        "clues 1 and 3 are both on 0,0"
    );
    assert_eq!(
        e(&[c(0, 0, 3), c(1, 2, 3)]),
        "step 3 is a clue twice, on 0,0 and on 1,2"
    );
    assert_eq!(
        e(&[c(0, 0, 1), c(0, 1, 3)]),
        "clues 1 on 0,0 and 3 on 0,1 break the colour rule: every knight's move changes colour, so steps 1 and 3 must be on squares of the same colour"
    );
}

/// Both file forms read back what was written; hostile files get one
/// line each.
#[test]
fn files_round_trip_and_hostile_ones_are_refused() {
    let made = make(&Request {
        rows: 6,
        cols: 7,
        closed: true,
        difficulty: Difficulty::Hard,
        seed: 3,
    })
    .unwrap();
    let json = to_json(&made.puzzle, None).to_string();
    assert_eq!(parse(&json, false).unwrap().puzzle, made.puzzle);
    let mut text = b"# closed tour\n".to_vec();
    write_text(&mut text, &made.puzzle).unwrap();
    let text = String::from_utf8(text).unwrap();
    assert_eq!(parse(&text, false).unwrap().puzzle, made.puzzle);
    assert!(text.contains(" -"), "{text}");

    let head = r#""format":"knight-tour","version":1,"rows":5,"cols":5"#;
    let bad = |body: &str| {
        parse(&format!("{{{head}{body}}}"), false)
            .unwrap_err()
            .to_string()
    };
    assert_eq!(bad(""), PuzzleFileError::NoClues.to_string());
    assert_eq!(
        bad(r#","clues":[[5,0,1]]"#),
        "clue 1 is on 5,0, off the 5x5 board"
    );
    assert_eq!(
        bad(r#","clues":[[-1,0,1]]"#),
        "clue 1 is on -1,0, off the 5x5 board"
    );
    assert_eq!(
        bad(r#","clues":[[0,0,26]]"#),
        "clue 26 on 0,0 is not a step of this board: steps run from 1 to 25"
    );
    assert_eq!(
        bad(r#","clues":[[0,0,1],[1,2,1]]"#),
        "step 1 is a clue twice, on 0,0 and on 1,2"
    );
    assert_eq!(
        bad(r#","clues":[[0,0,1],[0,0,3]]"#),
        "clues 1 and 3 are both on 0,0"
    );
    assert!(bad(r#","clues":[[0,0,1],[0,1,3]]"#).contains("break the colour rule"));
    assert!(bad(r#","clues":[[0,0,1]],"leaper":[1,3]"#).contains("knight on the plane"));
    assert!(
        parse("1 - -\n- - - -\n", false)
            .unwrap_err()
            .to_string()
            .starts_with("line 2:")
    );
    assert!(
        parse("1 x\n", false)
            .unwrap_err()
            .to_string()
            .contains("'x' is not a step")
    );
    let huge = r#"{"format":"knight-tour","version":1,"rows":100,"cols":100,"clues":[]}"#;
    assert!(
        parse(huge, false)
            .unwrap_err()
            .to_string()
            .contains("at most 1024 squares")
    );
}
