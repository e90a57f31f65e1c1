//! A square and how people write it: `ROW,COL` zero-based, or algebraic
//! (`a1`, rank 1 at the bottom) on boards up to 26 columns.

use std::fmt;

use super::SquareError;

/// A square, zero-based: row 0 is the top row as printed, col 0 the left column.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// The row, 0 at the top.
    pub row: u32,
    /// The column, 0 at the left.
    pub col: u32,
}

impl Square {
    /// The square at `row`, `col`.
    pub const fn new(row: u32, col: u32) -> Self {
        Square { row, col }
    }

    /// True when a knight moves between the two squares in one step.
    #[inline]
    pub fn is_knight_move(self, other: Square) -> bool {
        let dr = self.row.abs_diff(other.row);
        let dc = self.col.abs_diff(other.col);
        (dr == 1 && dc == 2) || (dr == 2 && dc == 1)
    }

    /// Colour of the square: 0 for the corner (0,0)'s colour ("light"), 1 else.
    #[inline]
    pub fn colour(self) -> u32 {
        (self.row + self.col) % 2
    }

    /// Reads `ROW,COL` (zero-based) or algebraic `a1` (file a = col 0, rank 1 =
    /// the bottom row) on a board of `rows` x `cols`. The result may still be
    /// off the board when given as `ROW,COL`; [`super::Board::check_square`] says so.
    pub fn parse(text: &str, rows: u32, cols: u32) -> Result<Square, SquareError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(SquareError::Empty);
        }
        if let Some((r, c)) = t.split_once(',') {
            let row = parse_coord(r, t, rows, cols)?;
            let col = parse_coord(c, t, rows, cols)?;
            return Ok(Square { row, col });
        }
        let mut chars = t.chars();
        let file = chars.next().unwrap_or(' ').to_ascii_lowercase();
        let rank = chars.as_str();
        if file.is_ascii_lowercase() && !rank.is_empty() && rank.bytes().all(|b| b.is_ascii_digit())
        {
            if cols > 26 {
                return Err(SquareError::AlgebraicTooWide(t.into()));
            }
            let col = file as u32 - 'a' as u32;
            let rank: u32 = rank.parse().map_err(|_| SquareError::BadRank(t.into()))?;
            if col >= cols || rank == 0 || rank > rows {
                return Err(SquareError::OffBoard {
                    text: t.into(),
                    rows,
                    cols,
                });
            }
            return Ok(Square {
                row: rows - rank,
                col,
            });
        }
        Err(SquareError::Unreadable(t.into()))
    }
}

fn parse_coord(part: &str, whole: &str, rows: u32, cols: u32) -> Result<u32, SquareError> {
    let p = part.trim();
    p.parse::<u32>().map_err(|_| {
        if p.starts_with('-') {
            SquareError::Negative(whole.into())
        } else if !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) {
            // A whole number, too big for any board.
            SquareError::OffBoard {
                text: whole.into(),
                rows,
                cols,
            }
        } else {
            SquareError::NotWhole {
                whole: whole.into(),
                part: p.into(),
            }
        }
    })
}

impl Square {
    /// The square in algebraic notation (`a1`: file a the left column,
    /// rank 1 the bottom row) on a board of `rows` x `cols`; `None` on
    /// boards over 26 columns or off the board.
    pub fn algebraic(self, rows: u32, cols: u32) -> Option<String> {
        (cols <= 26 && self.col < cols && self.row < rows)
            .then(|| format!("{}{}", char::from(b'a' + self.col as u8), rows - self.row))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.row, self.col)
    }
}

/// Reads a block list `SQ;SQ;…` (empty items are skipped).
pub fn parse_square_list(text: &str, rows: u32, cols: u32) -> Result<Vec<Square>, SquareError> {
    text.split(';')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| Square::parse(s, rows, cols))
        .collect()
}
