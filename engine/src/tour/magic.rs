//! Magic and semimagic tours. Number the squares 1..N in the order the tour
//! visits them: the tour is semimagic when every row sums alike and every
//! column sums alike (260 on 8x8), and magic when both long diagonals of a
//! square board do too.

use std::fmt;

use crate::board::{Board, Surface};
use crate::theory::{Argument, MagicBar, NoTour};

/// What a complete tour's numbering is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Magic {
    /// Rows and columns sum to the magic constants.
    Semi,
    /// Rows, columns and both long diagonals do.
    Full,
}

impl fmt::Display for Magic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Magic::Semi => "semimagic",
            Magic::Full => "magic",
        })
    }
}

impl Magic {
    /// `semimagic (every row and column sums to 260)`: the kind and its
    /// sums on a `rows` x `cols` board.
    pub fn describe(self, rows: u32, cols: u32) -> String {
        let Some((row_sum, col_sum)) = constants(rows, cols) else {
            return self.to_string();
        };
        let lines = match self {
            Magic::Semi => "row and column",
            Magic::Full => "row, column and long diagonal",
        };
        if row_sum == col_sum {
            format!("{self} (every {lines} sums to {row_sum})")
        } else {
            format!("{self} (rows sum to {row_sum}, columns to {col_sum})")
        }
    }
}

/// The sum every row and every column must reach on a `rows` x `cols`
/// board numbered 1..rows*cols: (row sum, column sum), or `None` where one
/// is not a whole number.
pub fn constants(rows: u32, cols: u32) -> Option<(u64, u64)> {
    let (r, c) = (u64::from(rows), u64::from(cols));
    let total = (r * c) * (r * c + 1) / 2;
    (total % r == 0 && total % c == 0).then(|| (total / r, total / c))
}

/// The step numbers summed by row, column and long diagonal, fed a square
/// at a time in the tour's order (step 1 first).
#[derive(Clone, Debug)]
pub struct Sums {
    /// The sum of each row, top first.
    pub rows: Vec<u64>,
    /// The sum of each column, left first.
    pub cols: Vec<u64>,
    /// Top-left to bottom-right, and top-right to bottom-left (square
    /// boards only).
    pub diagonals: Option<[u64; 2]>,
    steps: u64,
}

impl Sums {
    /// No square yet on a `rows` x `cols` board.
    pub fn new(rows: u32, cols: u32) -> Sums {
        Sums {
            rows: vec![0; rows as usize],
            cols: vec![0; cols as usize],
            diagonals: (rows == cols).then_some([0, 0]),
            steps: 0,
        }
    }

    /// The sums of a path of square indices on `board`.
    pub fn of_path(board: &Board, path: &[u32]) -> Sums {
        Sums::of_squares(board, path.iter().copied())
    }

    /// The sums of square indices on `board`, in the tour's order.
    pub fn of_squares(board: &Board, squares: impl IntoIterator<Item = u32>) -> Sums {
        let mut sums = Sums::new(board.rows(), board.cols());
        for at in squares {
            let sq = board.square(at);
            sums.add(sq.row, sq.col);
        }
        sums
    }

    /// The next step lands on (row, col), which is on the board.
    #[inline]
    pub fn add(&mut self, row: u32, col: u32) {
        self.steps += 1;
        let k = self.steps;
        self.rows[row as usize] += k;
        self.cols[col as usize] += k;
        if let Some([down, up]) = &mut self.diagonals {
            let n = self.rows.len() as u32;
            if row == col {
                *down += k;
            }
            if row + col + 1 == n {
                *up += k;
            }
        }
    }

    /// Squares added so far.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Whether the squares added number the whole board and sum as a magic
    /// or semimagic tour's do; `None` if they do not (or the board has
    /// blocked squares, so the rows are not numbered 1..N alike).
    pub fn magic(&self) -> Option<Magic> {
        let (rows, cols) = (self.rows.len() as u64, self.cols.len() as u64);
        if self.steps != rows * cols {
            return None;
        }
        let (row_sum, col_sum) = constants(rows as u32, cols as u32)?;
        let semi =
            self.rows.iter().all(|&s| s == row_sum) && self.cols.iter().all(|&s| s == col_sum);
        if !semi {
            return None;
        }
        match self.diagonals {
            Some([a, b]) if a == row_sum && b == row_sum => Some(Magic::Full),
            _ => Some(Magic::Semi),
        }
    }
}

/// Why no tour of `board` can be semimagic (or, with `full`, magic);
/// `None` when theory does not rule it out.
///
/// ```
/// use knight_engine::board::Board;
/// use knight_engine::tour::magic::ruled_out;
///
/// let eight = Board::new(8, 8, &[]).unwrap();
/// assert!(ruled_out(&eight, false).is_none());
/// assert!(ruled_out(&eight, true).unwrap().to_string().contains("Stertenbrink"));
/// ```
pub fn ruled_out(board: &Board, full: bool) -> Option<NoTour> {
    ruled_out_why(board, full).map(|why| NoTour::new(Argument::Magic(why), Vec::new()))
}

/// The argument of [`ruled_out`].
fn ruled_out_why(board: &Board, full: bool) -> Option<MagicBar> {
    let (rows, cols) = (board.rows(), board.cols());
    let shape = board.outline();
    if !board.blocked().is_empty() {
        return Some(MagicBar::Blocked(shape));
    }
    if full && rows != cols {
        return Some(MagicBar::NotSquare(shape));
    }
    let geometry = board.geometry();
    // Each move changes the square's colour: odd steps all lie on one colour.
    let alternates = (geometry.leaper.a() + geometry.leaper.b()) % 2 == 1;
    if alternates && geometry.surface == Surface::Plane {
        if cols % 2 == 1 && rows >= 2 {
            return Some(MagicBar::OddColumns(shape));
        }
        if rows % 2 == 1 && cols >= 2 {
            return Some(MagicBar::OddRows(shape));
        }
    }
    if full && (rows, cols) == (8, 8) && geometry == crate::board::Geometry::KNIGHT_PLANE {
        return Some(MagicBar::Stertenbrink);
    }
    None
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::board::{Geometry, Leaper, Square};

    /// Beverley's tour of 1848, the first semimagic knight's tour.
    pub const BEVERLEY: [[u32; 8]; 8] = [
        [1, 30, 47, 52, 5, 28, 43, 54],
        [48, 51, 2, 29, 44, 53, 6, 27],
        [31, 46, 49, 4, 25, 8, 55, 42],
        [50, 3, 32, 45, 56, 41, 26, 7],
        [33, 62, 15, 20, 9, 24, 39, 58],
        [16, 19, 34, 61, 40, 57, 10, 23],
        [63, 14, 17, 36, 21, 12, 59, 38],
        [18, 35, 64, 13, 60, 37, 22, 11],
    ];

    pub(crate) fn path_of(grid: &[[u32; 8]; 8], board: &Board) -> Vec<u32> {
        let mut path = vec![0; 64];
        for (r, row) in grid.iter().enumerate() {
            for (c, &n) in row.iter().enumerate() {
                path[n as usize - 1] = board.index(Square::new(r as u32, c as u32));
            }
        }
        path
    }

    #[test]
    fn beverleys_tour_is_semimagic_and_a_tour() {
        let board = Board::new(8, 8, &[]).unwrap();
        let path = path_of(&BEVERLEY, &board);
        assert!(crate::tour::check_indices(&board, &path, false).is_ok());
        let sums = Sums::of_path(&board, &path);
        assert_eq!(sums.rows, vec![260; 8]);
        assert_eq!(sums.cols, vec![260; 8]);
        assert_eq!(sums.diagonals, Some([282, 210]));
        assert_eq!(sums.magic(), Some(Magic::Semi));
        assert_eq!(
            Magic::Semi.describe(8, 8),
            "semimagic (every row and column sums to 260)"
        );
        // Swap two steps: no longer semimagic.
        let mut swapped = path.clone();
        swapped.swap(0, 1);
        assert_eq!(Sums::of_path(&board, &swapped).magic(), None);
        // A partial path is not magic.
        assert_eq!(Sums::of_path(&board, &path[..63]).magic(), None);
    }

    #[test]
    fn a_magic_square_numbering_is_called_magic() {
        // The 4x4 magic square of Dürer: not a tour, but its sums are
        // magic; the sums alone judge the numbering.
        let durer = [
            [16, 3, 2, 13],
            [5, 10, 11, 8],
            [9, 6, 7, 12],
            [4, 15, 14, 1],
        ];
        let mut cells = vec![(0, 0); 16];
        for (r, row) in durer.iter().enumerate() {
            for (c, &n) in row.iter().enumerate() {
                cells[n - 1] = (r as u32, c as u32);
            }
        }
        let mut sums = Sums::new(4, 4);
        for (r, c) in cells {
            sums.add(r, c);
        }
        assert_eq!(sums.magic(), Some(Magic::Full));
    }

    #[test]
    fn the_constants_are_whole_or_none() {
        assert_eq!(constants(8, 8), Some((260, 260)));
        assert_eq!(constants(12, 12), Some((870, 870)));
        // 4x8: 32*33/2 = 528 over 4 rows and 8 columns.
        assert_eq!(constants(4, 8), Some((132, 66)));
        assert_eq!(
            Magic::Semi.describe(4, 8),
            "semimagic (rows sum to 132, columns to 66)"
        );
        // 3x4: 78 over 4 columns is not whole.
        assert_eq!(constants(3, 4), None);
    }

    #[test]
    fn theory_rules_out_odd_sides_holes_and_8x8_magic() {
        let b = |r, c| Board::new(r, c, &[]).unwrap();
        assert!(ruled_out(&b(8, 8), false).is_none());
        assert!(ruled_out(&b(12, 12), true).is_none());
        let bar = |board: &Board, full| match ruled_out(board, full).map(|p| p.argument) {
            Some(Argument::Magic(bar)) => Some(bar),
            _ => None,
        };
        assert_eq!(bar(&b(8, 8), true), Some(MagicBar::Stertenbrink));
        assert_eq!(
            bar(&b(7, 7), false),
            Some(MagicBar::OddColumns(b(7, 7).outline()))
        );
        assert_eq!(
            bar(&b(8, 5), false),
            Some(MagicBar::OddColumns(b(8, 5).outline()))
        );
        assert_eq!(
            bar(&b(5, 8), false),
            Some(MagicBar::OddRows(b(5, 8).outline()))
        );
        assert_eq!(
            bar(&b(8, 12), true),
            Some(MagicBar::NotSquare(b(8, 12).outline()))
        );
        let holed = Board::new(8, 8, &[Square::new(3, 3)]).unwrap();
        assert_eq!(bar(&holed, false), Some(MagicBar::Blocked(holed.outline())));
        let why = ruled_out(&b(5, 8), false).unwrap().to_string();
        assert!(why.contains("5x8 has an odd number of rows"), "{why}");
        // The camel (1,3) keeps its colour: not ruled out by colour.
        let g = Geometry::new(Leaper::new(1, 3).unwrap(), Surface::Plane);
        let camel = Board::with_geometry(7, 7, &[], g).unwrap();
        assert!(ruled_out(&camel, false).is_none());
    }

    /// The parity argument, checked by brute force: on 3x4 every open
    /// knight's tour is counted and none is semimagic (3 rows: ruled out).
    #[test]
    fn no_tour_of_a_ruled_out_board_is_semimagic() {
        let board = Board::new(3, 4, &[]).unwrap();
        assert!(ruled_out(&board, false).is_some());
        let mut found = 0;
        let mut magic = 0;
        let n = board.len() as u32;
        let mut path = Vec::new();
        let mut used = vec![false; n as usize];
        fn go(b: &Board, path: &mut Vec<u32>, used: &mut [bool], found: &mut u32, magic: &mut u32) {
            if path.len() == used.len() {
                *found += 1;
                if Sums::of_path(b, path).magic().is_some() {
                    *magic += 1;
                }
                return;
            }
            let last = *path.last().unwrap();
            let from = b.square(last);
            for to in b.free_squares() {
                let i = b.index(to) as usize;
                if !used[i] && from.is_knight_move(to) {
                    used[i] = true;
                    path.push(i as u32);
                    go(b, path, used, found, magic);
                    path.pop();
                    used[i] = false;
                }
            }
        }
        for start in 0..n {
            used[start as usize] = true;
            path.push(start);
            go(&board, &mut path, &mut used, &mut found, &mut magic);
            path.pop();
            used[start as usize] = false;
        }
        assert!(found > 0);
        assert_eq!(magic, 0);
    }
}
