//! A proof that there is no tour, as values: the argument with the numbers
//! and squares behind it. The sentence a proof prints is made from these
//! by `Display`, never stored.

use std::fmt;

use crate::board::{Leaper, Outline, Square};

/// The name the reasons of 2-factor pruning end with, in brackets.
pub const PRUNING_NAME: &str = "(2-factor pruning)";

/// A proof that there is no tour: the argument and the squares it names
/// (for a screen to mark). It prints as one line, without a "no tour:"
/// prefix.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{argument}")]
pub struct NoTour {
    /// Which argument proves it, with its numbers and squares.
    pub argument: Argument,
    /// The squares the proof is about, in the order its line names them.
    pub squares: Vec<Square>,
}

impl NoTour {
    /// A proof by `argument` about `squares`.
    pub fn new(argument: Argument, squares: Vec<Square>) -> NoTour {
        NoTour { argument, squares }
    }

    /// The proof in one line, as it prints.
    pub fn reason(&self) -> String {
        self.to_string()
    }
}

/// The arguments theory (and the searches) make, each with what it found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Argument {
    /// No free square, or a closed tour of one.
    Empty {
        /// The board.
        board: Outline,
        /// Its free squares: none, or one (for a closed tour).
        free: usize,
    },
    /// The light and dark squares' counts, or a start of the wrong colour.
    Colour {
        /// The board and its counts.
        counts: Counts,
        /// What the counts rule out.
        rule: ColourRule,
    },
    /// The classification of full boards (Cull & De Curtins, Schwenk).
    FullBoard {
        /// Rows.
        rows: u32,
        /// Columns.
        cols: u32,
        /// A closed tour was asked for.
        closed: bool,
    },
    /// An open tour of a board 4 wide starts on an outer line.
    FourWide {
        /// Rows.
        rows: u32,
        /// Columns.
        cols: u32,
        /// The square on an inner line.
        square: Square,
        /// The square is the tour's chosen end, not its start.
        end: bool,
    },
    /// Squares with no move or one, or a piece whose leap does not fit.
    Moves(Shortage),
    /// Free squares that no move joins.
    Groups {
        /// The piece.
        piece: Leaper,
        /// How many groups.
        groups: usize,
        /// A square of one group.
        one: Square,
        /// A square of another.
        another: Square,
    },
    /// A leap whose legs share a factor keeps to one class of squares.
    Lattice {
        /// The piece, whose legs are multiples of `factor`.
        piece: Leaper,
        /// The legs' greatest common factor, above 1.
        factor: u32,
        /// A free square.
        first: Square,
        /// A free square of another class.
        other: Square,
    },
    /// A cylinder with no closed tour (Watkins 2000).
    Wrapped {
        /// The cylinder.
        board: Outline,
    },
    /// Hall's condition, by a maximum flow.
    Hall(Crowded),
    /// 2-factor pruning: no 2-factor left is one cycle.
    Pruning {
        /// The piece.
        piece: Leaper,
        /// The start of an open tour (a closed tour's is any square).
        start: Square,
        /// A closed tour was asked for.
        closed: bool,
        /// The squares an open tour could end on.
        ends: usize,
        /// The rounds of pruning that tried moves both ways (0: none).
        rounds: u64,
    },
    /// A search that tried every path (or every state of a strip).
    Search(Searched),
    /// The path so far: a goal already visited, or no knight at all.
    Path(PathFault),
    /// The sums a magic tour needs cannot be met.
    Magic(MagicBar),
    /// An open tour read backwards starts on its end, and `proof` rules
    /// out a tour from there.
    Backwards {
        /// The tour's chosen end.
        end: Square,
        /// The argument about a tour from `end`.
        proof: Box<Argument>,
    },
}

/// A board's light and dark squares, counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts {
    /// The board.
    pub board: Outline,
    /// Its free light squares.
    pub light: usize,
    /// Its free dark squares.
    pub dark: usize,
}

impl Counts {
    /// The colour more squares have (0 light, 1 dark), light when even.
    fn major(&self) -> u32 {
        u32::from(self.dark > self.light)
    }
}

impl fmt::Display for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} has {} light and {} dark squares",
            self.board, self.light, self.dark
        )
    }
}

/// What a board's colour counts rule out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourRule {
    /// A closed tour needs as many of each.
    Closed,
    /// An open tour needs the counts to differ by at most one.
    Open,
    /// An open tour starts on the colour more squares have; this start
    /// is not.
    Start(Square),
    /// An open tour ends on the other colour than its start; with equal
    /// counts, these two are of one colour.
    Ends(Square, Square),
    /// An open tour ends on the colour more squares have; this end is not.
    End(Square),
    /// The piece keeps its colour, and the board has both.
    Keeps(Leaper),
}

/// Squares with too few moves for a tour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shortage {
    /// A square with no move.
    NoMove {
        /// The piece.
        piece: Leaper,
        /// The square.
        square: Square,
    },
    /// A square with one move, where a closed tour needs two.
    OneMove {
        /// The piece.
        piece: Leaper,
        /// The square.
        square: Square,
    },
    /// More squares with one move than the tour has ends left.
    TooManyEnds {
        /// The piece.
        piece: Leaper,
        /// The squares with one move (the start aside).
        ones: Vec<Square>,
        /// The tour's start, when given.
        start: Option<Square>,
    },
    /// Squares with one move besides the tour's both chosen ends.
    EndsTaken {
        /// The piece.
        piece: Leaper,
        /// The squares with one move.
        ones: Vec<Square>,
        /// The tour's start.
        start: Square,
        /// The tour's end.
        end: Square,
    },
    /// The leap does not fit on the board.
    NoLeap {
        /// The piece.
        piece: Leaper,
        /// Rows.
        rows: u32,
        /// Columns.
        cols: u32,
    },
}

/// Hall's condition broken: a set of squares of one colour and the squares
/// their moves reach.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Crowded {
    /// The piece.
    pub piece: Leaper,
    /// A closed tour was asked for (else an open one, with two ends).
    pub closed: bool,
    /// The squares, all of one colour.
    pub squares: Vec<Square>,
    /// `Some`: every move from `squares` lands on these, which have just
    /// as many tour moves as those need, so the two close into cycles
    /// apart from the rest. `None`: `need` exceeds `got`.
    pub closed_off: Option<Vec<Square>>,
    /// The tour moves `squares` need.
    pub need: u32,
    /// The most tour moves they can have, by a maximum flow.
    pub got: u32,
}

/// How a search ended with no tour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Searched {
    /// The search tried every path from the start.
    Every {
        /// A closed tour was asked for.
        closed: bool,
        /// The start.
        start: Square,
        /// The end chosen, if any.
        end: Option<Square>,
        /// The board.
        board: Outline,
        /// The nodes it visited.
        nodes: u64,
    },
    /// The strip's programme tried every way, square by square.
    Strip {
        /// A closed tour was asked for.
        closed: bool,
        /// The start of an open tour.
        from: Option<Square>,
        /// The board.
        board: Outline,
        /// The states the strip went through.
        states: usize,
    },
    /// The strip's programme found no path between two squares.
    Between {
        /// The start.
        start: Square,
        /// The end.
        end: Square,
        /// The board.
        board: Outline,
    },
    /// A game's finish tried every way on from the knight.
    WayOn {
        /// The nodes it visited.
        nodes: u64,
    },
    /// A game's finish on a strip: no path covers the squares left.
    Rest {
        /// The knight's square.
        from: Square,
        /// The squares left to cover.
        left: usize,
        /// Where the path had to end, if anywhere.
        to: Option<RestEnd>,
    },
}

/// Where the rest of a game's path had to end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RestEnd {
    /// Next to the closed tour's start.
    NextTo(Square),
    /// On the chosen end.
    On(Square),
}

/// What is wrong with a game's path before any search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathFault {
    /// There is no knight on the board.
    NoKnight,
    /// The path does not begin on the start.
    NotFromStart(Square),
    /// The goal is visited with squares left.
    GoalVisited(Square),
}

/// Why no tour can be magic or semimagic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MagicBar {
    /// The board has blocked squares.
    Blocked(Outline),
    /// The board is not square, so it has no long diagonals.
    NotSquare(Outline),
    /// An odd number of columns, for a piece that changes colour.
    OddColumns(Outline),
    /// An odd number of rows, for a piece that changes colour.
    OddRows(Outline),
    /// 8x8: Stertenbrink's search found no magic knight's tour.
    Stertenbrink,
}

fn colour_name(c: u32) -> &'static str {
    if c == 0 { "light" } else { "dark" }
}

impl fmt::Display for Argument {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Argument::Empty { board, free: 0 } => write!(f, "every square of {board} is blocked"),
            Argument::Empty { .. } => f.write_str(
                "a closed tour needs the knight to move back to its start, impossible on a single square",
            ),
            Argument::Colour { counts, rule } => colour(f, counts, rule),
            Argument::FullBoard { rows, cols, closed } => full_board(f, *rows, *cols, *closed),
            Argument::FourWide {
                rows,
                cols,
                square,
                end,
            } => {
                let (what, line) = if *rows == 4 && matches!(square.row, 1 | 2) {
                    ("rows", "row")
                } else {
                    ("columns", "column")
                };
                let role = if *end { " (the end)" } else { "" };
                write!(
                    f,
                    "on a {rows}x{cols} board no knight move joins two squares of the outer {what}, which are as many as the inner ones, so an open tour starts and ends on an outer {line}; {square}{role} is on an inner {line}"
                )
            }
            Argument::Moves(shortage) => shortage.fmt(f),
            Argument::Groups {
                piece,
                groups,
                one,
                another,
            } => write!(
                f,
                "the free squares fall into {groups} groups that no {} joins (one holds {one}, another {another})",
                piece.move_words()
            ),
            Argument::Lattice {
                piece,
                factor: d,
                first,
                other,
            } => write!(
                f,
                "the {piece} leaps {} and {}, both multiples of {d}, so it keeps to squares whose row and column are the same mod {d}: no move joins {first} and {other}",
                piece.a(),
                piece.b()
            ),
            Argument::Wrapped { board } => write!(
                f,
                "no closed tour exists on {board}: an m x n cylinder has none when m = 1, or m = 2 or 4 and n is even (Watkins 2000); here m = {}, n = {}",
                board.rows, board.cols
            ),
            Argument::Hall(crowd) => crowd.fmt(f),
            Argument::Pruning {
                piece,
                start,
                closed,
                ends,
                rounds,
            } => {
                if *closed {
                    f.write_str("a closed tour")?;
                } else {
                    write!(
                        f,
                        "a tour from {start}, whichever of the {ends} squares it could end on, with its ends joined,"
                    )?;
                }
                write!(
                    f,
                    " would give every square two tour moves (a 2-factor); dropping the {piece}'s moves no 2-factor uses and keeping those every one uses"
                )?;
                if *rounds > 0 {
                    write!(f, ", trying moves both ways ({rounds} rounds)")?;
                }
                write!(f, " leaves none that is one cycle {PRUNING_NAME}")
            }
            Argument::Search(searched) => searched.fmt(f),
            Argument::Path(fault) => fault.fmt(f),
            Argument::Magic(bar) => bar.fmt(f),
            Argument::Backwards { end, proof } => {
                write!(f, "read backwards, the tour starts on its end {end}: {proof}")
            }
        }
    }
}

fn colour(f: &mut fmt::Formatter<'_>, counts: &Counts, rule: &ColourRule) -> fmt::Result {
    let major = colour_name(counts.major());
    match rule {
        ColourRule::Closed => write!(f, "{counts}; a closed tour needs equal numbers"),
        ColourRule::Open => write!(
            f,
            "{counts}; an open tour needs the counts to differ by at most one"
        ),
        ColourRule::Start(s) => write!(
            f,
            "{counts}, so an open tour starts on a {major} square; {s} is {}",
            colour_name(s.colour())
        ),
        ColourRule::Ends(start, end) => write!(
            f,
            "{counts}, so an open tour ends on the other colour than its start; {start} and {end} are both {}",
            colour_name(start.colour())
        ),
        ColourRule::End(end) => write!(
            f,
            "{counts}, so an open tour starts and ends on a {major} square; end {end} is {}",
            colour_name(end.colour())
        ),
        ColourRule::Keeps(l) => write!(
            f,
            "the {l} never changes colour ({} + {} is even), and {counts}",
            l.a(),
            l.b()
        ),
    }
}

/// Why a full `rows` x `cols` board has no tour (it has none).
fn full_board(f: &mut fmt::Formatter<'_>, rows: u32, cols: u32, closed: bool) -> fmt::Result {
    let (r, c) = (rows.min(cols), rows.max(cols));
    if !closed {
        return write!(
            f,
            "no open tour exists on {rows}x{cols}: full boards have one only when 1x1, 3x4, 3xN (N >= 7), 4xN (N >= 5) or both sides >= 5"
        );
    }
    write!(f, "no closed tour exists on {rows}x{cols}: ")?;
    if r == 1 && c == 1 {
        f.write_str("the knight cannot move back to its only square")
    } else if r % 2 == 1 && c % 2 == 1 {
        f.write_str("both sides are odd, so the colours cannot balance")
    } else if r <= 2 {
        let s = if r == 1 { "" } else { "s" };
        write!(f, "a board {r} square{s} wide has no closed tour")
    } else if r == 4 {
        f.write_str("boards 4 squares wide have none (Schwenk 1991)")
    } else {
        write!(
            f,
            "3x{c} is one of the exceptions 3x4, 3x6, 3x8 (Schwenk 1991)"
        )
    }
}

impl fmt::Display for Shortage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shortage::NoMove { piece, square } => write!(
                f,
                "square {square} has no {} to another free square",
                piece.move_words()
            ),
            Shortage::OneMove { piece, square } => write!(
                f,
                "square {square} has only one {}, but every square of a closed tour needs two",
                piece.move_words()
            ),
            Shortage::TooManyEnds { piece, ones, start } => {
                write!(
                    f,
                    "squares {} each have only one {}, so each must end the tour, and ",
                    join_squares(ones),
                    piece.move_words()
                )?;
                match start {
                    Some(s) => write!(f, "a tour from {s} has one end left"),
                    None => f.write_str("a tour has two ends"),
                }
            }
            Shortage::EndsTaken {
                piece,
                ones,
                start,
                end,
            } => {
                let (list, each) = if ones.len() == 1 {
                    (format!("square {}", ones[0]), "has")
                } else {
                    (format!("squares {}", join_squares(ones)), "each have")
                };
                write!(
                    f,
                    "{list} {each} only one {}, so must end the tour, and a tour from {start} to {end} has both its ends",
                    piece.move_words()
                )
            }
            Shortage::NoLeap { piece, rows, cols } => write!(
                f,
                "the {piece} has no move on {rows}x{cols}: its leap of {} and {} does not fit",
                piece.a(),
                piece.b()
            ),
        }
    }
}

impl fmt::Display for Crowded {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let piece = self.piece;
        let ends = if self.closed {
            ""
        } else {
            ", one at each end of the tour"
        };
        let n = self.squares.len();
        let names = few_squares(&self.squares);
        match &self.closed_off {
            Some(neighbours) => write!(
                f,
                "the {piece}'s moves from the {n} squares {names} all land on the {} squares {}, which have just as many tour moves as those need (two a square{ends}), so together they would form cycles apart from the rest of the board (Hall's condition)",
                neighbours.len(),
                few_squares(neighbours),
            ),
            None => write!(
                f,
                "the {n} squares {names} need {} tour moves (two a square{ends}), but the {piece}'s moves from them can have at most {} (Hall's condition, by a maximum flow)",
                self.need, self.got
            ),
        }
    }
}

impl fmt::Display for Searched {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Searched::Every {
                closed,
                start,
                end,
                board,
                nodes,
            } => {
                write!(
                    f,
                    "the search tried every {} path from {start}",
                    crate::words::kind(*closed)
                )?;
                if let Some(e) = end {
                    write!(f, " to {e}")?;
                }
                write!(f, " on {board} ({nodes} nodes)")
            }
            Searched::Strip {
                closed,
                from,
                board,
                states,
            } => {
                write!(f, "no {} tour ", crate::words::kind(*closed))?;
                if let Some(s) = from {
                    write!(f, "from {s} ")?;
                }
                write!(
                    f,
                    "on {board}: every way through the strip, square by square, was tried ({states} states)"
                )
            }
            Searched::Between { start, end, board } => write!(
                f,
                "no path from {start} to {end} visits every square of {board}: every way through the strip was tried"
            ),
            Searched::WayOn { nodes } => {
                write!(f, "every way on from here was tried ({nodes} nodes)")
            }
            Searched::Rest { from, left, to } => {
                write!(f, "no path from {from} covers the {left} squares left")?;
                match to {
                    Some(RestEnd::NextTo(s)) => write!(f, " and ends next to {s}")?,
                    Some(RestEnd::On(e)) => write!(f, " and ends on {e}")?,
                    None => {}
                }
                f.write_str(" (every way along the strip was tried)")
            }
        }
    }
}

impl fmt::Display for PathFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathFault::NoKnight => f.write_str("no knight on the board"),
            PathFault::NotFromStart(s) => write!(f, "the path does not begin on the start {s}"),
            PathFault::GoalVisited(e) => write!(f, "the goal {e} is visited with squares left"),
        }
    }
}

impl fmt::Display for MagicBar {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let odd = |f: &mut fmt::Formatter<'_>, shape: &Outline, lines: &str, across: &str| {
            write!(
                f,
                "{shape} has an odd number of {lines}: neighbouring {across} hold different numbers of squares of each colour, and the {}'s odd steps all lie on one colour, so their sums differ in parity",
                shape.geometry.leaper
            )
        };
        match self {
            MagicBar::Blocked(shape) => write!(
                f,
                "{shape} has blocked squares: a magic numbering runs 1..N over whole rows and columns"
            ),
            MagicBar::NotSquare(shape) => write!(
                f,
                "{shape} is not square, so it has no long diagonals to make magic: ask for semi"
            ),
            MagicBar::OddColumns(shape) => odd(f, shape, "columns", "rows"),
            MagicBar::OddRows(shape) => odd(f, shape, "rows", "columns"),
            MagicBar::Stertenbrink => f.write_str(
                "no knight's tour of 8x8 is magic: Stertenbrink's exhaustive search (2003) found 140 semimagic tours and none with magic diagonals",
            ),
        }
    }
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

/// `a`, `a and b`, `a, b and c`.
fn join_squares(list: &[Square]) -> String {
    let names: Vec<String> = list.iter().map(Square::to_string).collect();
    match names.len() {
        0 => String::new(),
        1 => names[0].clone(),
        n => format!("{} and {}", names[..n - 1].join(", "), names[n - 1]),
    }
}
