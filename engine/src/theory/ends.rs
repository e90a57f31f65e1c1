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

use super::{Argument, ColourRule, Facts, NoTour, Shortage, classes_hold, counts, four_wide, no};
use crate::board::Square;

impl Facts<'_> {
    /// Proves there is no open tour from `start` that ends on `end` (two
    /// free squares, not the same), or returns `Ok(())` when no argument
    /// applies.
    pub fn check_between(&self, start: Square, end: Square) -> Result<(), NoTour> {
        self.check(Some(start), false)?;
        let board = self.board;
        let counts = counts(board);
        let (light, dark) = (counts.light, counts.dark);
        let alternates = board.geometry().leaper.changes_colour() && classes_hold(board, 2);
        if alternates && light == dark && start.colour() == end.colour() {
            let rule = ColourRule::Ends(start, end);
            return no(Argument::Colour { counts, rule }, vec![start, end]);
        }
        if alternates && light != dark && end.colour() != u32::from(dark > light) {
            let rule = ColourRule::End(end);
            return no(Argument::Colour { counts, rule }, vec![end]);
        }
        // As for a start (see `check`): only on a full board, where the
        // outer lines hold as many squares as the inner ones.
        if board.geometry().is_knight_plane() && board.blocked().is_empty() {
            four_wide(board.rows(), board.cols(), end, true)?;
        }
        let piece = board.geometry().leaper;
        let ones: Vec<Square> = board
            .free_squares()
            .filter(|&s| s != start && s != end && board.degree(s) == 1)
            .collect();
        if !ones.is_empty() && board.free_count() > 2 {
            let named = ones.iter().copied().chain([start, end]).collect();
            let shortage = Shortage::EndsTaken {
                piece,
                ones,
                start,
                end,
            };
            return no(Argument::Moves(shortage), named);
        }
        // Backwards, from the end: what holds for a start holds for it.
        self.check(Some(end), false).map_err(|proof| NoTour {
            squares: [end].into_iter().chain(proof.squares).collect(),
            argument: Argument::Backwards {
                end,
                proof: Box::new(proof.argument),
            },
        })
    }
}
