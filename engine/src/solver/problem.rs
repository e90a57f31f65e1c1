//! Which tours are wanted, asked once and checked once: [`Tours`] (a
//! board and the [`Kind`] of tour) and [`Problem`] (those tours from one
//! start). Both own their board (a board's clones share its cells, so a
//! copy costs its list of blocked squares) and are made only through their
//! checks, so either is valid wherever it goes.

use crate::board::BoardError;
use crate::board::{Board, Square};

/// Closed, or open and ending on a chosen square or anywhere. A closed
/// tour with a last square cannot be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The tour ends a move from its start.
    Closed,
    /// The tour ends on `end` if one is chosen, anywhere otherwise.
    #[allow(missing_docs)]
    Open { end: Option<Square> },
}

impl Default for Kind {
    /// Open, ending anywhere.
    fn default() -> Kind {
        Kind::OPEN
    }
}

impl Kind {
    /// Open tours ending anywhere.
    pub const OPEN: Kind = Kind::Open { end: None };

    /// The kind a command line's flags ask for: `--closed` and `--end`.
    /// Both at once is refused.
    ///
    /// ```
    /// use knight_engine::board::Square;
    /// use knight_engine::solver::Kind;
    ///
    /// assert_eq!(Kind::from_flags(true, None), Ok(Kind::Closed));
    /// let end = Some(Square::new(4, 4));
    /// assert_eq!(Kind::from_flags(false, end), Ok(Kind::Open { end }));
    /// assert!(Kind::from_flags(true, end).is_err());
    /// ```
    pub fn from_flags(closed: bool, end: Option<Square>) -> Result<Kind, BoardError> {
        match (closed, end) {
            (true, Some(_)) => Err(BoardError::ClosedWithEnd),
            (true, None) => Ok(Kind::Closed),
            (false, end) => Ok(Kind::Open { end }),
        }
    }

    /// Whether the tour must end a move from its start.
    pub fn is_closed(self) -> bool {
        self == Kind::Closed
    }

    /// The chosen last square of an open tour.
    pub fn end(self) -> Option<Square> {
        match self {
            Kind::Open { end } => end,
            Kind::Closed => None,
        }
    }
}

/// The tours of a board of one [`Kind`]: closed, or open to a chosen
/// square or to any. Made only by [`Tours::new`] (which checks the end),
/// [`Tours::open`] and [`Tours::closed`].
///
/// ```
/// use knight_engine::board::{Board, Square};
/// use knight_engine::solver::{Kind, Tours};
///
/// let board = Board::new(5, 5, &[Square::new(2, 2)]).unwrap();
/// let to = Tours::new(board.clone(), Kind::Open { end: Some(Square::new(4, 4)) }).unwrap();
/// assert_eq!((to.is_closed(), to.end()), (false, Some(Square::new(4, 4))));
/// // An end that is blocked, or off the board: refused.
/// assert!(Tours::new(board.clone(), Kind::Open { end: Some(Square::new(2, 2)) }).is_err());
/// assert!(Tours::new(board, Kind::Open { end: Some(Square::new(5, 0)) }).is_err());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Tours {
    board: Board,
    kind: Kind,
}

impl Tours {
    /// The tours of `kind` on `board`: a chosen end must be a free square
    /// of the board.
    pub fn new(board: Board, kind: Kind) -> Result<Tours, BoardError> {
        if let Some(e) = kind.end() {
            board.check_square(e, "end")?;
            if !board.is_free(e) {
                return Err(BoardError::BlockedEnd(e));
            }
        }
        Ok(Tours { board, kind })
    }

    /// The open tours of `board`, ending anywhere.
    pub fn open(board: Board) -> Tours {
        Tours {
            board,
            kind: Kind::OPEN,
        }
    }

    /// The closed tours of `board`.
    pub fn closed(board: Board) -> Tours {
        Tours {
            board,
            kind: Kind::Closed,
        }
    }

    /// Closed tours when `closed`, open ones ending anywhere otherwise.
    pub fn closed_if(board: Board, closed: bool) -> Tours {
        if closed {
            Tours::closed(board)
        } else {
            Tours::open(board)
        }
    }

    /// The board the tours are on.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Closed, or open with its end if chosen.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// Whether the tour must end a move from its start.
    pub fn is_closed(&self) -> bool {
        self.kind.is_closed()
    }

    /// The chosen last square of an open tour.
    pub fn end(&self) -> Option<Square> {
        self.kind.end()
    }

    /// The same tours ending anywhere (a closed tour stays closed).
    pub fn without_end(self) -> Tours {
        let kind = if self.is_closed() {
            Kind::Closed
        } else {
            Kind::OPEN
        };
        Tours { kind, ..self }
    }

    /// The same tours ending on `end` (`None`: anywhere), checked as
    /// [`Kind::from_flags`] and [`Tours::new`] check it.
    pub fn ending_on(self, end: Option<Square>) -> Result<Tours, BoardError> {
        let kind = Kind::from_flags(self.is_closed(), end)?;
        Tours::new(self.board, kind)
    }
}

/// The [`Tours`] from one start. Made only by [`Problem::new`], which
/// checks it: a problem is valid.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    tours: Tours,
    start: Square,
}

impl Problem {
    /// Checks the start: on the board, not blocked, not the chosen end.
    ///
    /// ```
    /// use knight_engine::board::{Board, Square};
    /// use knight_engine::solver::{Kind, Problem, Tours};
    ///
    /// let board = Board::new(5, 5, &[Square::new(2, 2)]).unwrap();
    /// let p = Problem::new(Tours::open(board.clone()), Square::new(0, 0)).unwrap();
    /// assert_eq!((p.start(), p.closed(), p.end()), (Square::new(0, 0), false, None));
    /// // A blocked start, a start off the board, an end on the start: refused.
    /// assert!(Problem::new(Tours::open(board.clone()), Square::new(2, 2)).is_err());
    /// assert!(Problem::new(Tours::open(board.clone()), Square::new(5, 0)).is_err());
    /// let to_corner = Tours::new(board, Kind::Open { end: Some(Square::new(0, 0)) }).unwrap();
    /// assert!(Problem::new(to_corner, Square::new(0, 0)).is_err());
    /// ```
    pub fn new(tours: Tours, start: Square) -> Result<Problem, BoardError> {
        tours.board.check_square(start, "start")?;
        if !tours.board.is_free(start) {
            return Err(BoardError::BlockedStart(start));
        }
        if tours.end() == Some(start) {
            return Err(BoardError::EndIsStart(start));
        }
        Ok(Problem { tours, start })
    }

    /// The tours asked for.
    pub fn tours(&self) -> &Tours {
        &self.tours
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.tours.board
    }

    /// The first square, free on the board.
    pub fn start(&self) -> Square {
        self.start
    }

    /// Whether the tour must end a move from its start.
    pub fn closed(&self) -> bool {
        self.tours.is_closed()
    }

    /// The last square of an open tour, when one is chosen.
    pub fn end(&self) -> Option<Square> {
        self.tours.end()
    }

    /// The same tours from `start`, checked (the end kept).
    pub fn starting_on(self, start: Square) -> Result<Problem, BoardError> {
        Problem::new(self.tours, start)
    }

    /// The same tours from the same start ending on `end` (`None`:
    /// anywhere), checked as [`Tours::ending_on`] and [`Problem::new`]
    /// check it.
    pub fn ending_on(self, end: Option<Square>) -> Result<Problem, BoardError> {
        Problem::new(self.tours.ending_on(end)?, self.start)
    }

    /// The same tours from the same start, ending anywhere.
    pub fn without_end(self) -> Problem {
        Problem {
            tours: self.tours.without_end(),
            ..self
        }
    }

    pub(crate) fn start_index(&self) -> u32 {
        self.board().index(self.start)
    }

    /// What theory says of this problem: the start and the kind of tour,
    /// or both ends when the last square is chosen.
    pub fn check(&self, facts: &crate::theory::Facts) -> Result<(), crate::theory::NoTour> {
        match self.end() {
            Some(end) => facts.check_between(self.start, end),
            None => facts.check(Some(self.start), self.closed()),
        }
    }

    /// The chosen last square's index.
    pub(crate) fn end_index(&self) -> Option<u32> {
        self.end().map(|e| self.board().index(e))
    }
}
