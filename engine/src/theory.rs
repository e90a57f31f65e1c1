//! Answers without search: arguments that prove a board (from a start) has no
//! tour. Each answer names its argument in one line, so "no tour" is never a
//! bare claim. An `Ok` means only that no argument here applies; the search
//! decides the rest.

use std::cell::OnceCell;
use std::collections::VecDeque;

use crate::board::{Board, Leaper, Square, Surface};

mod argument;
mod ends;
pub(crate) mod factor;
pub mod known;

pub use argument::{
    Argument, ColourRule, Counts, Crowded, MagicBar, NoTour, PRUNING_NAME, PathFault, RestEnd,
    Searched, Shortage,
};

/// The proof by `argument` about `squares`, as an `Err`.
fn no(argument: Argument, squares: Vec<Square>) -> Result<(), NoTour> {
    Err(NoTour::new(argument, squares))
}

/// Whether an open (or closed) tour exists on a full `rows` x `cols` board.
///
/// Open: exactly 1x1, 3x4, 3xC (C >= 7), 4xC (C >= 5) and every board with
/// both sides >= 5 (Cull & De Curtins 1978; Conrad et al. 1994).
/// Closed (Schwenk 1991): R <= C has one unless R and C are both odd, R is
/// 1, 2 or 4, or R = 3 and C is 4, 6 or 8.
///
/// ```
/// use knight_engine::theory::full_board_has_tour;
///
/// assert!(full_board_has_tour(3, 4, false) && !full_board_has_tour(4, 4, false));
/// assert!(full_board_has_tour(8, 8, true) && !full_board_has_tour(5, 5, true));
/// assert!(!full_board_has_tour(4, 8, true));
/// ```
pub fn full_board_has_tour(rows: u32, cols: u32, closed: bool) -> bool {
    let (r, c) = (rows.min(cols), rows.max(cols));
    if closed {
        !(r % 2 == 1 && c % 2 == 1 || matches!(r, 1 | 2 | 4) || r == 3 && matches!(c, 4 | 6 | 8))
    } else {
        match r {
            1 => c == 1,
            2 => false,
            3 => c == 4 || c >= 7,
            4 => c >= 5,
            _ => true,
        }
    }
}

/// On a full board 4 squares wide, an open tour starts and ends on the two
/// outer lines. No knight move joins two outer squares, and there are as
/// many outer squares as inner ones, so the tour has at most one
/// inner-inner step; it cannot have none (outer squares would then all come
/// at every other step, all of one colour, but the outer lines hold both),
/// so it has one, and a path of equal halves with one such step starts and
/// ends outer.
///
/// `end`: the square is the tour's chosen end, not its start.
fn four_wide(rows: u32, cols: u32, s: Square, end: bool) -> Result<(), NoTour> {
    let inner = |n: u32, at: u32| n == 4 && (at == 1 || at == 2);
    if !inner(rows, s.row) && !inner(cols, s.col) {
        return Ok(());
    }
    let square = s;
    no(
        Argument::FourWide {
            rows,
            cols,
            square,
            end,
        },
        vec![s],
    )
}

/// Proves there is no tour on `board` (from `start`, when given), or returns
/// `Ok(())` when none of the arguments applies. The error is the reason,
/// one line, without a "no tour:" prefix. A caller that asks about one
/// board more than once (a start after another) keeps a [`Facts`] and asks
/// it instead, so the work shared between the questions is done once.
///
/// ```
/// use knight_engine::board::{Board, Square};
/// use knight_engine::theory::{self, Argument};
///
/// let seven = Board::new(7, 7, &[]).unwrap();
/// let proof = theory::check(&seven, None, true).unwrap_err();
/// assert!(matches!(proof.argument, Argument::Colour { .. }));
/// assert_eq!(
///     proof.to_string(),
///     "7x7 has 25 light and 24 dark squares; a closed tour needs equal numbers"
/// );
/// // Theory cannot rule out an open tour of 8x8 from a corner.
/// let eight = Board::new(8, 8, &[]).unwrap();
/// assert!(theory::check(&eight, Some(Square::new(0, 0)), false).is_ok());
/// ```
pub fn check(board: &Board, start: Option<Square>, closed: bool) -> Result<(), NoTour> {
    Facts::new(board).check(start, closed)
}

/// What theory works out about one board and keeps for the next question
/// about it: the board's graph for 2-factors and the flow's verdict on
/// closed tours, each made the first time it is needed. Whoever asks about
/// a board several times makes one (a sweep over its starts, a count over
/// all starts) and hands it to the search, which merges the cycles and
/// prunes on the same graph: what theory learned reaches the search as
/// this value, not as hidden state.
pub struct Facts<'b> {
    board: &'b Board,
    /// The graph for 2-factors, `None` when it is not two-coloured.
    factors: OnceCell<Option<factor::Factors>>,
    /// The flow's closed-tour verdict, once asked.
    closed: OnceCell<Option<factor::Crowd>>,
}

impl<'b> Facts<'b> {
    /// Nothing worked out yet about `board`.
    pub fn new(board: &'b Board) -> Facts<'b> {
        Facts {
            board,
            factors: OnceCell::new(),
            closed: OnceCell::new(),
        }
    }

    /// The board these facts are about.
    pub fn board(&self) -> &'b Board {
        self.board
    }

    /// The board's graph for 2-factors ([`factor::Factors`]), `None` when
    /// it is not two-coloured: built the first time it is asked for.
    pub(crate) fn factors(&self) -> Option<&factor::Factors> {
        self.factors
            .get_or_init(|| factor::Factors::new(self.board))
            .as_ref()
    }

    /// [`check`], with what earlier questions about the board worked out.
    pub fn check(&self, start: Option<Square>, closed: bool) -> Result<(), NoTour> {
        let board = self.board;
        let free = board.free_count();
        if free == 0 || closed && free == 1 {
            let board = board.outline();
            return no(Argument::Empty { board, free }, Vec::new());
        }
        if free == 1 {
            return Ok(());
        }

        if !board.geometry().is_knight_plane() {
            return leaper_check(self, start, closed);
        }
        colour_counts(board, start, closed)?;

        if board.blocked().is_empty() {
            let (rows, cols) = (board.rows(), board.cols());
            if !full_board_has_tour(rows, cols, closed) {
                return no(Argument::FullBoard { rows, cols, closed }, Vec::new());
            }
            if let Some(s) = start
                && !closed
            {
                return four_wide(rows, cols, s, false);
            }
            // What else the classification cannot say (a few starts on small
            // narrow boards that no tour leaves from) is left to the search.
            return Ok(());
        }
        moves_and_groups(board, start, closed)
    }
}

/// The colour argument for a piece that changes colour at every move, on
/// a surface whose colouring holds across its edges: a tour alternates
/// colours, so a closed one needs as many light squares as dark, an open
/// one at most one more of either, and then starts on the majority's.
fn colour_counts(board: &Board, start: Option<Square>, closed: bool) -> Result<(), NoTour> {
    let counts = counts(board);
    let (light, dark) = (counts.light, counts.dark);
    let rule = if closed && light != dark {
        ColourRule::Closed
    } else if !closed && light.abs_diff(dark) > 1 {
        ColourRule::Open
    } else {
        match start {
            Some(s) if !closed && light != dark && s.colour() != u32::from(dark > light) => {
                ColourRule::Start(s)
            }
            _ => return Ok(()),
        }
    };
    let named = match rule {
        ColourRule::Start(s) => vec![s],
        _ => Vec::new(),
    };
    no(Argument::Colour { counts, rule }, named)
}

/// The board's light and dark free squares.
fn counts(board: &Board) -> Counts {
    let (light, dark) = board.colour_counts();
    Counts {
        board: board.outline(),
        light,
        dark,
    }
}

/// Squares with no move or one, and groups no move joins: arguments that
/// hold for every piece on every surface.
fn moves_and_groups(board: &Board, start: Option<Square>, closed: bool) -> Result<(), NoTour> {
    let piece = board.geometry().leaper;
    let mut ones = Vec::new();
    for square in board.free_squares() {
        match board.degree(square) {
            0 => {
                return no(
                    Argument::Moves(Shortage::NoMove { piece, square }),
                    vec![square],
                );
            }
            1 => ones.push(square),
            _ => {}
        }
    }
    if closed && let Some(&square) = ones.first() {
        return no(
            Argument::Moves(Shortage::OneMove { piece, square }),
            vec![square],
        );
    }
    let ends_needed: Vec<Square> = ones
        .iter()
        .copied()
        .filter(|&sq| Some(sq) != start)
        .collect();
    // A tour has two ends; a given start is one of them.
    let ends_free = if start.is_some() { 1 } else { 2 };
    if ends_needed.len() > ends_free {
        let named = ends_needed.iter().copied().chain(start).collect();
        let ones = ends_needed;
        return no(
            Argument::Moves(Shortage::TooManyEnds { piece, ones, start }),
            named,
        );
    }

    let groups = components(board);
    if groups.len() > 1 {
        let (one, another) = (groups[0], groups[1]);
        return no(
            Argument::Groups {
                piece,
                groups: groups.len(),
                one,
                another,
            },
            vec![one, another],
        );
    }
    Ok(())
}

/// Whether a colouring by `(row + col) mod d`-style classes holds across
/// the edges that wrap: each wrapped side must be a multiple of `d`.
fn classes_hold(board: &Board, d: u32) -> bool {
    let s = board.geometry().surface;
    (!s.wraps_columns() || board.cols().is_multiple_of(d))
        && (!s.wraps_rows() || board.rows().is_multiple_of(d))
}

/// [`check`] for any leaper on any surface (the knight on the plane has
/// its own, with the full-board classification).
///
/// - No move: a leap longer than the board never lands on it.
/// - Lattice: with d = gcd(a, b) > 1 every move keeps the row and the
///   column, each, the same mod d (where the wrapped sides are multiples
///   of d), so squares of two classes are never on one tour.
/// - Colour: with a + b even every move keeps the colour (the camel); with
///   a + b odd every move changes it and the counts rule as for the
///   knight. Both only where the colouring holds across the wrapped edges
///   (an even wrap): round an odd one a square's colour flips.
/// - Squares with no move or one, and connectivity, as for the knight.
/// - Cylinders and tori: [`wrapped_closed_tour`].
fn leaper_check(facts: &Facts, start: Option<Square>, closed: bool) -> Result<(), NoTour> {
    let board = facts.board;
    let piece = board.geometry().leaper;
    if !board.has_moves() {
        let (rows, cols) = (board.rows(), board.cols());
        return no(
            Argument::Moves(Shortage::NoLeap { piece, rows, cols }),
            Vec::new(),
        );
    }
    let d = piece.lattice();
    if d > 1 && classes_hold(board, d) {
        let class = |s: Square| (s.row % d, s.col % d);
        let mut free = board.free_squares();
        if let Some(first) = free.next()
            && let Some(other) = free.find(|&s| class(s) != class(first))
        {
            return no(
                Argument::Lattice {
                    piece,
                    factor: d,
                    first,
                    other,
                },
                vec![first, other],
            );
        }
    }
    if classes_hold(board, 2) {
        if piece.changes_colour() {
            colour_counts(board, start, closed)?;
        } else {
            let counts = counts(board);
            if counts.light > 0 && counts.dark > 0 {
                let rule = ColourRule::Keeps(piece);
                return no(Argument::Colour { counts, rule }, Vec::new());
            }
        }
    }
    if closed && wrapped_closed_tour(board) == Some(false) {
        let board = board.outline();
        return no(Argument::Wrapped { board }, Vec::new());
    }
    moves_and_groups(board, start, closed)?;
    crowded(facts, start, closed)
}

/// The most free squares the flow argument ([`crowded`]) looks at: its
/// flow takes about a millisecond at 1,600 squares.
const FLOW_SQUARES: usize = 4096;

/// Hall's condition, by a maximum flow (see [`factor`]): a tour gives each
/// square two tour moves (its ends one), so with the colours two-coloured
/// the squares of one colour must be able to send that many moves to the
/// other, and if a set of them fills its neighbours exactly, it and they
/// close into cycles apart from the rest. Open tours are judged from a
/// given start only.
fn crowded(facts: &Facts, start: Option<Square>, closed: bool) -> Result<(), NoTour> {
    let board = facts.board;
    if board.free_count() > FLOW_SQUARES {
        return Ok(());
    }
    let from = match (start, closed) {
        (Some(s), _) => s,
        (None, true) => match board.free_squares().next() {
            Some(s) => s,
            None => return Ok(()),
        },
        (None, false) => return Ok(()),
    };
    let Some(graph) = facts.factors() else {
        return Ok(());
    };
    // A closed tour needs the same of every square wherever it starts: one
    // flow a board.
    let closed_verdict = facts
        .closed
        .get_or_init(|| graph.rules_out(board.index(from), true, None));
    if closed {
        return match closed_verdict {
            Some(crowd) => Err(crowd_proof(board, crowd, true)),
            None => Ok(()),
        };
    }
    // With as many squares of each colour and a 2-factor, every open start
    // has one too (take a move u-s of it away and join u to the virtual
    // square), so the flow cannot rule it out.
    let (light, dark) = board.colour_counts();
    if light == dark && closed_verdict.is_none() {
        return Ok(());
    }
    match graph.rules_out(board.index(from), false, None) {
        Some(crowd) => Err(crowd_proof(board, &crowd, false)),
        None => Ok(()),
    }
}

/// The proof a [`factor::Crowd`] gives: Hall's condition about its
/// squares and their neighbours.
pub(crate) fn crowd_proof(board: &Board, crowd: &factor::Crowd, closed: bool) -> NoTour {
    let squares_of =
        |list: &[u32]| -> Vec<Square> { list.iter().map(|&i| board.square(i)).collect() };
    let squares = squares_of(&crowd.squares);
    let closed_off = crowd.closed_off.then(|| squares_of(&crowd.neighbours));
    let named = squares
        .iter()
        .chain(closed_off.iter().flatten())
        .copied()
        .collect();
    let argument = Argument::Hall(Crowded {
        piece: board.geometry().leaper,
        closed,
        squares,
        closed_off,
        need: crowd.need,
        got: crowd.got,
    });
    NoTour::new(argument, named)
}

/// The proof 2-factor pruning gives (the search's, in the solver's room
/// for finding) when it settles that no tour from `start` exists: open,
/// whichever of `ends` squares it ends on; closed; within `rounds` rounds
/// of pruning.
pub fn settled_proof(
    board: &Board,
    start: Square,
    closed: bool,
    ends: usize,
    rounds: u64,
) -> NoTour {
    let named = if closed { Vec::new() } else { vec![start] };
    let argument = Argument::Pruning {
        piece: board.geometry().leaper,
        start,
        closed,
        ends,
        rounds,
    };
    NoTour::new(argument, named)
}

/// What is proven about closed knight's tours on full cylinders (the
/// columns wrap; Watkins 2000) and tori (Watkins and Hoenigman 1997):
/// Some(true) when a closed tour exists, Some(false) when none does, None
/// when the theorems do not say (another piece, blocked squares, the
/// plane, open tours).
///
/// - J. J. Watkins, "Knight's tours on cylinders and other surfaces",
///   Congressus Numerantium 143 (2000), 117-127: an m x n cylinder (m
///   rows, the n columns wrapping) has a closed tour unless m = 1 and
///   n > 1, or m = 2 or 4 and n is even.
/// - J. J. Watkins and R. L. Hoenigman, "Knight's tours on a torus",
///   Mathematics Magazine 70 (1997), 175-184: every m x n torus has one.
///
/// Boards of one or two squares are left out: there a closed tour would
/// use one move twice, which is not a tour here.
pub fn wrapped_closed_tour(board: &Board) -> Option<bool> {
    let g = board.geometry();
    if g.leaper != Leaper::KNIGHT || !board.blocked().is_empty() || board.len() <= 2 {
        return None;
    }
    let (m, n) = (board.rows(), board.cols());
    match g.surface {
        Surface::Plane => None,
        Surface::Cylinder => Some(!(m == 1 || matches!(m, 2 | 4) && n % 2 == 0)),
        Surface::Torus => Some(true),
    }
}

/// One square of each connected group of free squares.
fn components(board: &Board) -> Vec<Square> {
    let mut seen = vec![false; board.len()];
    let mut reps = Vec::new();
    let mut queue = VecDeque::new();
    for sq in board.free_squares() {
        let i = board.index(sq) as usize;
        if seen[i] {
            continue;
        }
        reps.push(sq);
        seen[i] = true;
        queue.push_back(sq);
        while let Some(s) = queue.pop_front() {
            for n in board.neighbours(s) {
                let j = board.index(n) as usize;
                if !seen[j] {
                    seen[j] = true;
                    queue.push_back(n);
                }
            }
        }
    }
    reps
}

#[cfg(test)]
mod tests;
