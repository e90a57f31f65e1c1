//! Finishing a hand-played game: the policy for completing a legal path
//! into a tour. Theory first, then the strip's exact programme where the
//! squares left form a strip, then warnsdorff within the caller's limits.

use std::time::Instant;

use super::{NoMonitor, strip, warnsdorff};
use crate::board::{Board, Square};
use crate::solver::{Algorithm, Limits, Options, Problem, Solution, Stats, Verdict};
use crate::theory::{self, Argument, NoTour, PathFault, RestEnd, Searched};

/// Finishes a game of `problem`: a tour that continues the legal path
/// `prefix` (square indices from the problem's start), ending on the
/// problem's end when one is chosen. Theory answers first, on the board
/// with the visited squares taken out and the knight as the start (open
/// tours); on a strip the dynamic programme then decides exactly;
/// elsewhere warnsdorff searches within `limits`.
///
/// ```
/// use knight_engine::board::{Board, Square};
/// use knight_engine::solver::{Limits, Problem, Tours, Verdict, finish};
///
/// let board = Board::new(5, 5, &[]).unwrap();
/// let problem = Problem::new(Tours::open(board.clone()), Square::new(0, 0)).unwrap();
/// // From the corner by 1,2: a tour of all 25 squares goes on from there.
/// let path = [board.index(Square::new(0, 0)), board.index(Square::new(1, 2))];
/// let sol = finish(&problem, &path, Limits::default());
/// assert_eq!(sol.verdict, Verdict::Found);
/// assert_eq!(&sol.tours[0][..2], &path);
/// ```
pub fn finish(problem: &Problem, prefix: &[u32], limits: Limits) -> Solution {
    let (board, closed, end) = (problem.board(), problem.closed(), problem.end());
    let started = Instant::now();
    let options = Options {
        algorithm: Algorithm::Warnsdorff,
        limits,
        tours: 1,
        ..Options::default()
    };
    let no = none;
    let Some(&knight) = prefix.last() else {
        return no(NoTour::new(Argument::Path(PathFault::NoKnight), Vec::new()));
    };
    if prefix[0] != problem.start_index() {
        let start = problem.start();
        let elsewhere = PathFault::NotFromStart(start);
        return no(NoTour::new(Argument::Path(elsewhere), vec![start]));
    }
    let n = prefix.len();
    if let Some(e) = end
        && n < board.free_count()
        && prefix.contains(&board.index(e))
    {
        let visited = PathFault::GoalVisited(e);
        return no(NoTour::new(Argument::Path(visited), vec![e]));
    }
    if n < board.free_count() {
        // Every visited square but the knight's leaves the board; for a
        // closed tour the start stays too, as the square to come back to.
        let back_to = (closed && n > 1).then(|| board.square(prefix[0]));
        let mut gone: Vec<Square> = board.blocked().to_vec();
        gone.extend(
            prefix[usize::from(back_to.is_some())..n - 1]
                .iter()
                .map(|&i| board.square(i)),
        );
        if let Ok(rest) = Board::with_geometry(board.rows(), board.cols(), &gone, board.geometry())
        {
            let at = board.square(knight);
            let facts = theory::Facts::new(&rest);
            let proof = match end {
                Some(e) => facts.check_between(at, e),
                None if !closed => facts.check(Some(at), false),
                None => Ok(()),
            };
            if let Err(proof) = proof {
                return no(proof);
            }
            // On a strip the squares left are decided exactly, at once.
            if strip::applies(&rest) {
                let mut sol = along_strip(&rest, prefix, back_to.ok_or(end), closed);
                sol.stats.elapsed = started.elapsed();
                return sol;
            }
        }
    }
    let mut sol = warnsdorff::solve_from(
        problem,
        &theory::Facts::new(board),
        prefix,
        &options,
        &mut NoMonitor,
    );
    if let Verdict::NoTour(_) = sol.verdict {
        let nodes = sol.stats.nodes;
        sol.verdict = Verdict::NoTour(NoTour::new(
            Argument::Search(Searched::WayOn { nodes }),
            Vec::new(),
        ));
    }
    sol.stats.elapsed = started.elapsed();
    sol
}

/// No tour from here, by `proof`.
fn none(proof: NoTour) -> Solution {
    Solution {
        tours: Vec::new(),
        verdict: Verdict::NoTour(proof),
        stats: Stats::default(),
        algorithm: Algorithm::Warnsdorff,
    }
}

/// The finish of `prefix` on a strip, `rest` being the board without the
/// squares it visited but the knight's: decided by the strip's programme.
/// `to`: the start a closed tour must end next to (`Ok`), or the open
/// tour's chosen last square, if any (`Err`).
fn along_strip(
    rest: &Board,
    prefix: &[u32],
    to: Result<Square, Option<Square>>,
    closed: bool,
) -> Solution {
    let at = rest.square(prefix[prefix.len() - 1]);
    let outcome = match to {
        Ok(start) => strip::path_between(rest, at, start),
        Err(Some(e)) => strip::path_between(rest, at, e),
        Err(None) => strip::tour(rest, at, closed),
    };
    match outcome {
        strip::Answer::NoTour(_) => {
            let (end, to) = match to {
                Ok(s) => (Some(s), Some(RestEnd::NextTo(s))),
                Err(Some(e)) => (Some(e), Some(RestEnd::On(e))),
                Err(None) => (None, None),
            };
            // A closed tour's start stays on `rest`, visited already.
            let left = rest.free_count() - usize::from(matches!(to, Some(RestEnd::NextTo(_))));
            none(NoTour::new(
                Argument::Search(Searched::Rest { from: at, left, to }),
                [at].into_iter().chain(end).collect(),
            ))
        }
        strip::Answer::Tour(mut rest_path) => {
            if to.is_ok() {
                // The path ends on the start: the tour ends next to it.
                rest_path.pop();
            }
            let mut tour = prefix[..prefix.len() - 1].to_vec();
            tour.extend(rest_path);
            Solution {
                stats: Stats {
                    nodes: tour.len() as u64,
                    max_depth: tour.len(),
                    tours: 1,
                    ..Stats::default()
                },
                tours: vec![tour],
                verdict: Verdict::Found,
                algorithm: Algorithm::Construct,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::find::search::{self, Search};
    use crate::solver::{Flow, Monitor, Tours};
    use crate::tour::{Summary, check_indices};

    /// Tours continuing `prefix`, by plain exhaustive search (with the
    /// dead-end pruning when `prune`: the same count, sooner).
    fn continuations_with(b: &Board, prefix: &[u32], closed: bool, prune: bool) -> u64 {
        struct All;
        impl Monitor for All {
            fn on_tour(&mut self, _: &Search) -> Flow {
                Flow::Continue
            }
        }
        let mut s = Search::new(b, prefix, closed, search::Order::Fixed, prune);
        s.run(&mut All);
        s.stats.tours
    }
    fn continuations(b: &Board, prefix: &[u32], closed: bool) -> u64 {
        continuations_with(b, prefix, closed, false)
    }

    /// The finish of `prefix`, a game from its first square.
    fn finish_from(b: &Board, prefix: &[u32], closed: bool) -> Solution {
        let p = Problem::new(Tours::closed_if(b.clone(), closed), b.square(prefix[0])).unwrap();
        finish(&p, prefix, Limits::default())
    }

    #[test]
    fn a_path_from_another_square_than_the_start_is_not_finished() {
        let b = Board::new(5, 5, &[]).unwrap();
        let p = Problem::new(Tours::open(b.clone()), Square::new(0, 0)).unwrap();
        let sol = finish(&p, &[b.index(Square::new(1, 2))], Limits::default());
        match sol.verdict {
            Verdict::NoTour(why) => assert_eq!(why.squares, vec![Square::new(0, 0)]),
            v => panic!("{v:?}"),
        }
    }

    #[test]
    fn finishes_from_a_position_or_says_why_not() {
        let b = Board::new(5, 5, &[]).unwrap();
        let i = |r, c| b.index(Square::new(r, c));
        let prefix = [i(0, 0), i(1, 2), i(2, 4)];
        let sol = finish_from(&b, &prefix, false);
        assert_eq!(sol.verdict, Verdict::Found);
        assert_eq!(&sol.tours[0][..3], &prefix);
        let done = check_indices(&b, &sol.tours[0], false);
        assert_eq!(done, Ok(Summary::Complete { closed: false }));
        // 1,2 3,3 2,1 4,2 leaves 12 light and 10 dark squares to visit:
        // theory says no at once, and enumeration agrees.
        let prefix = [i(1, 2), i(3, 3), i(2, 1), i(4, 2)];
        let sol = finish_from(&b, &prefix, false);
        match &sol.verdict {
            Verdict::NoTour(r) => assert!(
                matches!(&r.argument, Argument::Colour { counts, .. } if (counts.light, counts.dark) == (12, 10)),
                "{r}"
            ),
            v => panic!("{v:?}"),
        }
        assert_eq!(continuations(&b, &prefix, false), 0);
        // Where theory has nothing to say, the search decides, and agrees too.
        let prefix = [i(0, 0), i(2, 1), i(4, 2), i(3, 0), i(1, 1), i(0, 3)];
        let sol = finish_from(&b, &prefix, false);
        assert_eq!(
            sol.verdict == Verdict::Found,
            continuations(&b, &prefix, false) > 0
        );
    }

    #[test]
    fn finishes_games_on_strips_exactly() {
        // Every game of up to three moves on 3x7, 4x5 and (closed) 3x10 and
        // 10x3:
        // the strip's answer agrees with exhaustive search, and its tour
        // continues the game.
        for (r, c, closed) in [(3, 7, false), (4, 5, false), (3, 10, true), (10, 3, true)] {
            let b = Board::new(r, c, &[]).unwrap();
            let mut games: Vec<Vec<u32>> = b.free_squares().map(|s| vec![b.index(s)]).collect();
            for s in b.free_squares() {
                for a in b.neighbours(s) {
                    games.push(vec![b.index(s), b.index(a)]);
                    for x in b.neighbours(a).filter(|&x| x != s) {
                        games.push(vec![b.index(s), b.index(a), b.index(x)]);
                    }
                }
            }
            for prefix in games {
                let sol = finish_from(&b, &prefix, closed);
                let exists = continuations_with(&b, &prefix, closed, true) > 0;
                assert_eq!(sol.verdict == Verdict::Found, exists, "{prefix:?}");
                if exists {
                    assert_eq!(sol.algorithm, Algorithm::Construct);
                    assert_eq!(&sol.tours[0][..prefix.len()], &prefix[..]);
                    let done = check_indices(&b, &sol.tours[0], closed);
                    assert!(matches!(done, Ok(Summary::Complete { .. })), "{done:?}");
                }
            }
        }
    }
}
