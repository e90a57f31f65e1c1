//! An open tour with both ends chosen: the start and the last square.
//! Read backwards such a tour starts on its last square, so every argument
//! about a start holds for the end too; beyond those, the two ends of a
//! tour of a piece that changes colour at each move are of different
//! colours when the board has as many squares of each, and every square
//! with one move must be one of the two.
//!
//! On a full n x n board, n >= 6, the colours say all there is: Conrad,
//! Hindrichs, Morsy and Wegener (1994) showed a knight's open tour joins
//! any two squares the colour rule allows (checked here on 6x6 against the
//! counts). Not on 5x5, where a tour from a square that is not a corner
//! ends on one: the search says so there, at once.

use super::{Argument, Facts, NoTour, classes_hold, four_wide, join_squares, no, piece_move};
use crate::board::Square;

impl Facts<'_> {
    /// Proves there is no open tour from `start` that ends on `end` (two
    /// free squares, not the same), or returns `Ok(())` when no argument
    /// applies.
    pub fn check_between(&self, start: Square, end: Square) -> Result<(), NoTour> {
        self.check(Some(start), false)?;
        let board = self.board;
        let name = board.describe();
        let (light, dark) = board.colour_counts();
        let alternates = board.geometry().leaper.changes_colour() && classes_hold(board, 2);
        let colour = |s: Square| if s.colour() == 0 { "light" } else { "dark" };
        if alternates && light == dark && start.colour() == end.colour() {
            return no(
                Argument::Colour,
                vec![start, end],
                format!(
                    "{name} has {light} light and {dark} dark squares, so an open tour ends on the other colour than its start; {start} and {end} are both {}",
                    colour(start)
                ),
            );
        }
        if alternates && light != dark {
            let major = if light > dark { "light" } else { "dark" };
            if colour(end) != major {
                return no(
                    Argument::Colour,
                    vec![end],
                    format!(
                        "{name} has {light} light and {dark} dark squares, so an open tour starts and ends on a {major} square; end {end} is {}",
                        colour(end)
                    ),
                );
            }
        }
        // As for a start (see `check`): only on a full board, where the
        // outer lines hold as many squares as the inner ones.
        if board.geometry().is_knight_plane() && board.blocked().is_empty() {
            four_wide(board.rows(), board.cols(), end, " (the end)")?;
        }
        let piece = piece_move(board);
        let ones: Vec<Square> = board
            .free_squares()
            .filter(|&s| s != start && s != end && board.degree(s) == 1)
            .collect();
        if !ones.is_empty() && board.free_count() > 2 {
            let (list, each) = if ones.len() == 1 {
                (format!("square {}", ones[0]), "has")
            } else {
                (format!("squares {}", join_squares(&ones)), "each have")
            };
            let named = ones.iter().copied().chain([start, end]).collect();
            return no(
                Argument::Moves,
                named,
                format!(
                    "{list} {each} only one {piece}, so must end the tour, and a tour from {start} to {end} has both its ends"
                ),
            );
        }
        // Backwards, from the end: what holds for a start holds for it.
        self.check(Some(end), false).map_err(|proof| NoTour {
            squares: [end].into_iter().chain(proof.squares).collect(),
            reason: format!(
                "read backwards, the tour starts on its end {end}: {}",
                proof.reason
            ),
            ..proof
        })
    }
}
