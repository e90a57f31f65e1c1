//! Which tours are wanted: [`Problem`] borrows its board, [`Task`] owns
//! it. Both are made only through their checks, so either is valid.

use crate::board::BoardError;
use crate::board::{Board, Square};

/// A board, a start, whether the tour must be closed, and the square an
/// open tour must end on, if one is chosen. Made only by [`Problem::new`]
/// and [`Problem::ending_on`], which check them: a problem is valid.
#[derive(Clone, Copy, Debug)]
pub struct Problem<'b> {
    board: &'b Board,
    start: Square,
    closed: bool,
    /// The last square of an open tour (never with `closed`, never the
    /// start): see [`Problem::ending_on`].
    end: Option<Square>,
}

impl<'b> Problem<'b> {
    /// The board.
    pub fn board(&self) -> &'b Board {
        self.board
    }

    /// The first square, free on the board.
    pub fn start(&self) -> Square {
        self.start
    }

    /// Whether the tour must end a move from its start.
    pub fn closed(&self) -> bool {
        self.closed
    }

    /// The last square of an open tour, when one is chosen.
    pub fn end(&self) -> Option<Square> {
        self.end
    }

    /// Checks the start (on the board, not blocked).
    ///
    /// ```
    /// use knight_engine::board::{Board, Square};
    /// use knight_engine::solver::Problem;
    ///
    /// let board = Board::new(5, 5, &[Square::new(2, 2)]).unwrap();
    /// let p = Problem::new(&board, Square::new(0, 0), false).unwrap();
    /// assert_eq!((p.start(), p.closed(), p.end()), (Square::new(0, 0), false, None));
    /// // A blocked start, a start off the board, an end on the start: refused.
    /// assert!(Problem::new(&board, Square::new(2, 2), false).is_err());
    /// assert!(Problem::new(&board, Square::new(5, 0), false).is_err());
    /// assert!(p.ending_on(Some(Square::new(0, 0))).is_err());
    /// ```
    pub fn new(board: &'b Board, start: Square, closed: bool) -> Result<Self, BoardError> {
        board.check_square(start, "start")?;
        if !board.is_free(start) {
            return Err(BoardError::BlockedStart(start));
        }
        Ok(Problem {
            board,
            start,
            closed,
            end: None,
        })
    }

    /// The same problem with an open tour's last square chosen (`None`
    /// leaves it free). Checks it: on the board, not blocked, not the
    /// start, and the tour open.
    pub fn ending_on(self, end: Option<Square>) -> Result<Self, BoardError> {
        if let Some(e) = end {
            self.board.check_square(e, "end")?;
            if !self.board.is_free(e) {
                return Err(BoardError::BlockedEnd(e));
            }
            if e == self.start {
                return Err(BoardError::EndIsStart(e));
            }
            if self.closed {
                return Err(BoardError::ClosedWithEnd);
            }
        }
        Ok(Problem { end, ..self })
    }

    pub(crate) fn start_index(&self) -> u32 {
        self.board.index(self.start)
    }

    /// What theory says of this problem: the start and the kind of tour,
    /// or both ends when the last square is chosen.
    pub fn check(&self, facts: &crate::theory::Facts) -> Result<(), crate::theory::NoTour> {
        match self.end {
            Some(end) => facts.check_between(self.start, end),
            None => facts.check(Some(self.start), self.closed),
        }
    }

    /// The chosen last square's index.
    pub(crate) fn end_index(&self) -> Option<u32> {
        self.end.map(|e| self.board.index(e))
    }
}

/// A [`Problem`] that owns its board: what a search that outlives its
/// caller's board (the app's, a spec's) is given. Made only by
/// [`Task::new`], which checks it as [`Problem::new`] and
/// [`Problem::ending_on`] do.
#[derive(Clone, Debug, PartialEq)]
pub struct Task {
    board: Board,
    start: Square,
    closed: bool,
    end: Option<Square>,
}

impl Task {
    /// The tours from `start` on `board`, closed or to `end` (or any end),
    /// checked; the board is moved in, not copied (a huge board's copy is
    /// some hundred MB).
    ///
    /// ```
    /// use knight_engine::board::{Board, Square};
    /// use knight_engine::solver::Task;
    ///
    /// let board = Board::new(5, 5, &[]).unwrap();
    /// let t = Task::new(board.clone(), Square::new(0, 0), false, Some(Square::new(4, 4))).unwrap();
    /// assert_eq!(t.problem().end(), Some(Square::new(4, 4)));
    /// // A closed tour with a chosen end: refused.
    /// assert!(Task::new(board, Square::new(0, 0), true, Some(Square::new(4, 4))).is_err());
    /// ```
    pub fn new(
        board: Board,
        start: Square,
        closed: bool,
        end: Option<Square>,
    ) -> Result<Task, BoardError> {
        Problem::new(&board, start, closed)?.ending_on(end)?;
        Ok(Task {
            board,
            start,
            closed,
            end,
        })
    }

    /// The same tours, borrowed: its board, start, kind and end.
    pub fn problem(&self) -> Problem<'_> {
        Problem {
            board: &self.board,
            start: self.start,
            closed: self.closed,
            end: self.end,
        }
    }

    /// The same tours from `start`, checked (the end kept).
    pub fn starting_on(self, start: Square) -> Result<Task, BoardError> {
        Task::new(self.board, start, self.closed, self.end)
    }

    /// The same tours ending anywhere.
    pub fn without_end(self) -> Task {
        Task { end: None, ..self }
    }
}

impl Problem<'_> {
    /// The same tours with the board copied in.
    pub fn to_task(&self) -> Task {
        Task {
            board: self.board.clone(),
            start: self.start,
            closed: self.closed,
            end: self.end,
        }
    }
}
