//! A board as messages name it: its sides, surface, leaper and how many
//! squares are blocked, without the squares themselves.

use std::fmt;

use super::{Board, Geometry, Leaper, Surface};

/// What a message says of a board ([`Board::describe`]): `5x5`, `5x5 with
/// 2 blocked squares`, `20x20 torus`, `10x10 for the zebra`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outline {
    /// Rows.
    pub rows: u32,
    /// Columns.
    pub cols: u32,
    /// How many of its squares are blocked.
    pub blocked: usize,
    /// The surface and the piece.
    pub geometry: Geometry,
}

impl Outline {
    /// The outline of `board`.
    pub fn of(board: &Board) -> Outline {
        Outline {
            rows: board.rows(),
            cols: board.cols(),
            blocked: board.blocked().len(),
            geometry: board.geometry(),
        }
    }
}

impl fmt::Display for Outline {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let surface = match self.geometry.surface {
            Surface::Plane => "",
            Surface::Cylinder => " cylinder",
            Surface::Torus => " torus",
        };
        write!(f, "{}x{}{surface}", self.rows, self.cols)?;
        match self.blocked {
            0 => {}
            1 => f.write_str(" with 1 blocked square")?,
            n => write!(f, " with {n} blocked squares")?,
        }
        if self.geometry.leaper != Leaper::KNIGHT {
            write!(f, " for the {}", self.geometry.leaper)?;
        }
        Ok(())
    }
}
