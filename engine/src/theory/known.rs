//! Published counts of knight's tours on full boards, to say before a count
//! how many tours it will find and whether it can end.
//!
//! Sources (OEIS, checked 2026-11): A165134, the directed open tours of
//! n x n over all starts; A306283, the open tours of 7 x n (undirected);
//! A001230, the closed tours of 2n x 2n (undirected); A193055, the closed
//! tours of 8 x n (undirected).

use crate::board::Board;

/// What is known of the tours a count from one start of a board will find.
#[derive(Clone, Debug, PartialEq)]
pub struct Known {
    /// The tours from one start: exact for closed tours (each closed tour
    /// passes every square, read two ways), else the mean over all starts.
    pub from_a_start: f64,
    /// Whether [`Known::from_a_start`] is exact.
    pub exact: bool,
    /// The published figure it comes from, in words:
    /// `19,591,828,170,979,904 open tours over all 64 starts (OEIS A165134)`.
    pub source: String,
}

/// Directed open tours over all starts, by the board's sides (short first).
const OPEN_ALL_STARTS: &[(u32, u32, u128, &str)] = &[
    (5, 5, 1_728, "A165134"),
    (6, 6, 6_637_920, "A165134"),
    (7, 7, 165_575_218_320, "A165134"),
    (7, 8, 41_332_850_120_656, "A306283"),
    (8, 8, 19_591_828_170_979_904, "A165134"),
];

/// Undirected closed tours, by the board's sides (short first).
const CLOSED: &[(u32, u32, u128, &str)] = &[
    (6, 6, 9_862, "A001230"),
    (8, 8, 13_267_364_410_532, "A001230"),
    (8, 9, 7_112_881_119_092_574, "A193055"),
    (8, 10, 4_235_482_818_156_697_040, "A193055"),
];

/// What is published of the tours from one start of `board`: full boards
/// of the knight on the plane only.
pub fn from_a_start(board: &Board, closed: bool) -> Option<Known> {
    if !board.geometry().is_knight_plane() || !board.blocked().is_empty() {
        return None;
    }
    let (r, c) = (
        board.rows().min(board.cols()),
        board.rows().max(board.cols()),
    );
    let table = if closed { CLOSED } else { OPEN_ALL_STARTS };
    let &(_, _, n, oeis) = table.iter().find(|&&(a, b, ..)| (a, b) == (r, c))?;
    let squares = board.free_count();
    Some(if closed {
        Known {
            from_a_start: 2.0 * n as f64,
            exact: true,
            source: format!(
                "{} closed tours of {r}x{c} (OEIS {oeis}), each read two ways from any start",
                crate::words::thousands(n)
            ),
        }
    } else {
        Known {
            from_a_start: n as f64 / squares as f64,
            exact: false,
            source: format!(
                "{} open tours over all {squares} starts (OEIS {oeis})",
                crate::words::thousands(n)
            ),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;

    #[test]
    fn closed_counts_are_exact_from_any_start_and_open_ones_a_mean() {
        // 6x6: 9,862 closed tours, 19,724 from any start (as `count` finds).
        let six = from_a_start(&Board::new(6, 6, &[]).unwrap(), true).unwrap();
        assert!(six.exact);
        assert_eq!(six.from_a_start, 19_724.0);
        // 5x5: 1,728 open tours over 25 starts (304 of them from a corner).
        let five = from_a_start(&Board::new(5, 5, &[]).unwrap(), false).unwrap();
        assert!(!five.exact);
        assert!((five.from_a_start - 69.12).abs() < 1e-9);
        let eight = from_a_start(&Board::new(8, 8, &[]).unwrap(), false).unwrap();
        assert!(
            eight
                .source
                .starts_with("19,591,828,170,979,904 open tours over all 64 starts"),
            "{}",
            eight.source
        );
        // Either way round; nothing for a board with holes or unknown sizes.
        assert!(from_a_start(&Board::new(9, 8, &[]).unwrap(), true).is_some());
        let holed = Board::new(8, 8, &[Square::new(0, 1)]).unwrap();
        assert!(from_a_start(&holed, false).is_none());
        assert!(from_a_start(&Board::new(9, 9, &[]).unwrap(), false).is_none());
    }
}
