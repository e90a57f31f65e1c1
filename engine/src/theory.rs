//! Answers without search: arguments that prove a board (from a start) has no
//! tour. Each answer names its argument in one line, so "no tour" is never a
//! bare claim. An `Ok` means only that no argument here applies; the search
//! decides the rest.

use std::cell::OnceCell;
use std::collections::VecDeque;

use crate::board::{Board, Square, Surface};

mod ends;
pub(crate) mod factor;
pub mod known;

/// A proof that there is no tour: the argument, the squares it names (for
/// a screen to mark), and its one line (the line is what prints; it has
/// no "no tour:" prefix).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct NoTour {
    /// Which argument proves it.
    pub argument: Argument,
    /// The squares the proof is about, in the order its line names them.
    pub squares: Vec<Square>,
    /// The proof in one line.
    pub reason: String,
}

impl NoTour {
    /// A proof by `argument` about `squares`, in the words of `reason`.
    pub fn new(argument: Argument, squares: Vec<Square>, reason: String) -> NoTour {
        NoTour {
            argument,
            squares,
            reason,
        }
    }
}

/// The arguments theory makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Argument {
    /// No free square, or a closed tour of one.
    Empty,
    /// The light and dark squares' counts, or a start of the wrong colour.
    Colour,
    /// The classification of full boards (Cull & De Curtins, Schwenk).
    FullBoard,
    /// An open tour of a board 4 wide starts on an outer line.
    FourWide,
    /// Squares with no move or one, or a piece whose leap does not fit.
    Moves,
    /// Free squares that no move joins.
    Groups,
    /// A leap whose legs share a factor keeps to one class of squares.
    Lattice,
    /// A cylinder or torus with no closed tour.
    Wrapped,
    /// Hall's condition, by a maximum flow.
    Hall,
    /// 2-factor pruning: no 2-factor left is one cycle.
    Pruning,
    /// A search that tried every path (or every state of a strip).
    Search,
    /// The path so far: a goal already visited, or no knight at all.
    Path,
    /// The sums a magic tour needs cannot be met.
    Magic,
}

/// The proof `reason` by `argument` about `squares`, as an `Err`.
fn no(argument: Argument, squares: Vec<Square>, reason: String) -> Result<(), NoTour> {
    Err(NoTour::new(argument, squares, reason))
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

/// Why a full board has no tour, when it has none.
fn full_board_reason(rows: u32, cols: u32, closed: bool) -> Option<String> {
    if full_board_has_tour(rows, cols, closed) {
        return None;
    }
    let (r, c) = (rows.min(cols), rows.max(cols));
    let b = format!("{rows}x{cols}");
    Some(if closed {
        let why = if r == 1 && c == 1 {
            "the knight cannot move back to its only square".to_string()
        } else if r % 2 == 1 && c % 2 == 1 {
            "both sides are odd, so the colours cannot balance".to_string()
        } else if r <= 2 {
            format!(
                "a board {r} square{} wide has no closed tour",
                if r == 1 { "" } else { "s" }
            )
        } else if r == 4 {
            "boards 4 squares wide have none (Schwenk 1991)".to_string()
        } else {
            format!("3x{c} is one of the exceptions 3x4, 3x6, 3x8 (Schwenk 1991)")
        };
        format!("no closed tour exists on {b}: {why}")
    } else {
        format!(
            "no open tour exists on {b}: full boards have one only when 1x1, 3x4, 3xN (N >= 7), 4xN (N >= 5) or both sides >= 5"
        )
    })
}

/// On a full board 4 squares wide, an open tour starts and ends on the two
/// outer lines. No knight move joins two outer squares, and there are as
/// many outer squares as inner ones, so the tour has at most one
/// inner-inner step; it cannot have none (outer squares would then all come
/// at every other step, all of one colour, but the outer lines hold both),
/// so it has one, and a path of equal halves with one such step starts and
/// ends outer.
///
/// `role` follows the square's name in the proof (" (the end)" for a last
/// square, else nothing).
fn four_wide(rows: u32, cols: u32, s: Square, role: &str) -> Result<(), NoTour> {
    let inner = |n: u32, at: u32| n == 4 && (at == 1 || at == 2);
    let (what, line) = if inner(rows, s.row) {
        ("rows", "row")
    } else if inner(cols, s.col) {
        ("columns", "column")
    } else {
        return Ok(());
    };
    no(
        Argument::FourWide,
        vec![s],
        format!(
            "on a {rows}x{cols} board no knight move joins two squares of the outer {what}, which are as many as the inner ones, so an open tour starts and ends on an outer {line}; {s}{role} is on an inner {line}"
        ),
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
/// assert_eq!(proof.argument, Argument::Colour);
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
        let name = board.describe();
        if free == 0 {
            return no(
                Argument::Empty,
                Vec::new(),
                format!("every square of {name} is blocked"),
            );
        }
        if closed && free == 1 {
            return no(Argument::Empty, Vec::new(), "a closed tour needs the knight to move back to its start, impossible on a single square".into());
        }
        if free == 1 {
            return Ok(());
        }

        if !board.geometry().is_knight_plane() {
            return leaper_check(self, start, closed);
        }
        colour_counts(board, start, closed)?;

        if board.blocked().is_empty() {
            if let Some(r) = full_board_reason(board.rows(), board.cols(), closed) {
                return no(Argument::FullBoard, Vec::new(), r);
            }
            if let Some(s) = start
                && !closed
            {
                return four_wide(board.rows(), board.cols(), s, "");
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
    let name = board.describe();
    let (light, dark) = board.colour_counts();
    let colours = format!("{name} has {light} light and {dark} dark squares");
    if closed && light != dark {
        return no(
            Argument::Colour,
            Vec::new(),
            format!("{colours}; a closed tour needs equal numbers"),
        );
    }
    if !closed && light.abs_diff(dark) > 1 {
        return no(
            Argument::Colour,
            Vec::new(),
            format!("{colours}; an open tour needs the counts to differ by at most one"),
        );
    }
    if let Some(s) = start
        && !closed
        && light != dark
    {
        let major = if light > dark { 0 } else { 1 };
        if s.colour() != major {
            let name = |c| if c == 0 { "light" } else { "dark" };
            return no(
                Argument::Colour,
                vec![s],
                format!(
                    "{colours}, so an open tour starts on a {} square; {s} is {}",
                    name(major),
                    name(s.colour())
                ),
            );
        }
    }
    Ok(())
}

/// The piece's moves as a message names them (see [`crate::board::Leaper::move_words`]).
fn piece_move(board: &Board) -> String {
    board.geometry().leaper.move_words()
}

/// Squares with no move or one, and groups no move joins: arguments that
/// hold for every piece on every surface.
fn moves_and_groups(board: &Board, start: Option<Square>, closed: bool) -> Result<(), NoTour> {
    let piece = piece_move(board);
    let mut ones = Vec::new();
    for sq in board.free_squares() {
        match board.degree(sq) {
            0 => {
                return no(
                    Argument::Moves,
                    vec![sq],
                    format!("square {sq} has no {piece} to another free square"),
                );
            }
            1 => ones.push(sq),
            _ => {}
        }
    }
    if closed && let Some(sq) = ones.first() {
        return no(
            Argument::Moves,
            vec![*sq],
            format!(
                "square {sq} has only one {piece}, but every square of a closed tour needs two"
            ),
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
        let list = join_squares(&ends_needed);
        let named = ends_needed.iter().copied().chain(start).collect();
        return no(
            Argument::Moves,
            named,
            match start {
                Some(s) => format!(
                    "squares {list} each have only one {piece}, so each must end the tour, and a tour from {s} has one end left"
                ),
                None => format!(
                    "squares {list} each have only one {piece}, so each must end the tour, and a tour has two ends"
                ),
            },
        );
    }

    let groups = components(board);
    if groups.len() > 1 {
        return no(
            Argument::Groups,
            vec![groups[0], groups[1]],
            format!(
                "the free squares fall into {} groups that no {piece} joins (one holds {}, another {})",
                groups.len(),
                groups[0],
                groups[1]
            ),
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
/// - Cylinders and tori: [`wrapped_reason`].
fn leaper_check(facts: &Facts, start: Option<Square>, closed: bool) -> Result<(), NoTour> {
    let board = facts.board;
    let g = board.geometry();
    let l = g.leaper;
    let name = board.describe();
    if !board.has_moves() {
        return no(
            Argument::Moves,
            Vec::new(),
            format!(
                "the {l} has no move on {}x{}: its leap of {} and {} does not fit",
                board.rows(),
                board.cols(),
                l.a(),
                l.b()
            ),
        );
    }
    let d = l.lattice();
    if d > 1 && classes_hold(board, d) {
        let class = |s: Square| (s.row % d, s.col % d);
        let mut free = board.free_squares();
        if let Some(first) = free.next()
            && let Some(other) = free.find(|&s| class(s) != class(first))
        {
            return no(
                Argument::Lattice,
                vec![first, other],
                format!(
                    "the {l} leaps {} and {}, both multiples of {d}, so it keeps to squares whose row and column are the same mod {d}: no move joins {first} and {other}",
                    l.a(),
                    l.b()
                ),
            );
        }
    }
    if classes_hold(board, 2) {
        if l.changes_colour() {
            colour_counts(board, start, closed)?;
        } else {
            let (light, dark) = board.colour_counts();
            if light > 0 && dark > 0 {
                return no(
                    Argument::Colour,
                    Vec::new(),
                    format!(
                        "the {l} never changes colour ({} + {} is even), and {name} has {light} light and {dark} dark squares",
                        l.a(),
                        l.b()
                    ),
                );
            }
        }
    }
    if let Some(reason) = wrapped_reason(board, closed) {
        return no(Argument::Wrapped, Vec::new(), reason);
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
    let named: &[u32] = if crowd.closed_off {
        &crowd.neighbours
    } else {
        &[]
    };
    let squares = crowd
        .squares
        .iter()
        .chain(named)
        .map(|&i| board.square(i))
        .collect();
    NoTour::new(Argument::Hall, squares, crowd_reason(board, crowd, closed))
}

/// The reason a [`factor::Crowd`] gives, one line.
fn crowd_reason(board: &Board, crowd: &factor::Crowd, closed: bool) -> String {
    let piece = board.geometry().leaper;
    let names = |list: &[u32]| {
        let squares: Vec<Square> = list.iter().map(|&i| board.square(i)).collect();
        few_squares(&squares)
    };
    let ends = if closed {
        ""
    } else {
        ", one at each end of the tour"
    };
    if crowd.closed_off {
        format!(
            "the {piece}'s moves from the {} squares {} all land on the {} squares {}, which have just as many tour moves as those need (two a square{ends}), so together they would form cycles apart from the rest of the board (Hall's condition)",
            crowd.squares.len(),
            names(&crowd.squares),
            crowd.neighbours.len(),
            names(&crowd.neighbours),
        )
    } else {
        format!(
            "the {} squares {} need {} tour moves (two a square{ends}), but the {piece}'s moves from them can have at most {} (Hall's condition, by a maximum flow)",
            crowd.squares.len(),
            names(&crowd.squares),
            crowd.need,
            crowd.got
        )
    }
}

/// The name the reasons of 2-factor pruning end with, in brackets.
pub const PRUNING_NAME: &str = "(2-factor pruning)";

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
    NoTour::new(
        Argument::Pruning,
        named,
        settled_reason(board, start, closed, ends, rounds),
    )
}

/// The line of [`settled_proof`].
fn settled_reason(board: &Board, start: Square, closed: bool, ends: usize, rounds: u64) -> String {
    let piece = board.geometry().leaper;
    let which = if closed {
        "a closed tour".to_string()
    } else {
        format!(
            "a tour from {start}, whichever of the {ends} squares it could end on, with its ends joined,"
        )
    };
    let tried = if rounds > 0 {
        format!(", trying moves both ways ({rounds} rounds)")
    } else {
        String::new()
    };
    format!(
        "{which} would give every square two tour moves (a 2-factor); dropping the {piece}'s moves no 2-factor uses and keeping those every one uses{tried} leaves none that is one cycle {PRUNING_NAME}"
    )
}

/// A list of squares for a message: all of a few, the first of many.
fn few_squares(list: &[Square]) -> String {
    const SHOWN: usize = 6;
    if list.len() <= SHOWN {
        join_squares(list)
    } else {
        let names: Vec<String> = list[..SHOWN].iter().map(Square::to_string).collect();
        format!("{}, …", names.join(", "))
    }
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
    if g.leaper != crate::board::Leaper::KNIGHT || !board.blocked().is_empty() || board.len() <= 2 {
        return None;
    }
    let (m, n) = (board.rows(), board.cols());
    match g.surface {
        Surface::Plane => None,
        Surface::Cylinder => Some(!(m == 1 || matches!(m, 2 | 4) && n % 2 == 0)),
        Surface::Torus => Some(true),
    }
}

/// The reason a full cylinder has no closed knight's tour, by
/// [`wrapped_closed_tour`].
fn wrapped_reason(board: &Board, closed: bool) -> Option<String> {
    if !closed || wrapped_closed_tour(board) != Some(false) {
        return None;
    }
    let (m, n) = (board.rows(), board.cols());
    Some(format!(
        "no closed tour exists on {}: an m x n cylinder has none when m = 1, or m = 2 or 4 and n is even (Watkins 2000); here m = {m}, n = {n}",
        board.describe()
    ))
}

fn join_squares(list: &[Square]) -> String {
    let names: Vec<String> = list.iter().map(Square::to_string).collect();
    match names.len() {
        0 => String::new(),
        1 => names[0].clone(),
        n => format!("{} and {}", names[..n - 1].join(", "), names[n - 1]),
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
