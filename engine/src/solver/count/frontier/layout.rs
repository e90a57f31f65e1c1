//! The board as the frontier's programme sees it: rows across the narrow
//! side, each square a step with what it does to the working window
//! (its moves back, the squares that leave, the squares still to come).
//! Made once per count; the steps are read by the hot loop in
//! `frontier.rs`.

use super::Ends;
use crate::board::{Board, Square};

/// One square of the board in placing order, with what its step does to
/// the working window (slot `j` holds square `v - 2w - 1 + j`; `v` is the
/// top slot `2w + 1`).
#[derive(Clone, Debug, Default)]
pub(super) struct Step {
    pub(super) free: bool,
    /// The slots of the free squares the square's moves back reach.
    pub(super) back: Vec<u32>,
    /// The tour's given start.
    pub(super) start: bool,
    /// The given start is still to come.
    pub(super) pending: bool,
    /// The last free square.
    pub(super) last: bool,
    /// Slots of squares whose last move forward this square was.
    pub(super) retire: u32,
    /// Slots of squares left with one move forward after this square.
    pub(super) warn: u32,
    /// Of the slots in `retire` and `warn`, those of squares that cannot
    /// be a tour end (by their colour).
    pub(super) no_end: u32,
    /// Of the slots in `retire` and `warn`, those of squares on the other
    /// colour than the corner's.
    pub(super) dark: u32,
    /// The tour's two ends are on different colours, which any tour end
    /// made records ([`T`] or [`T_DARK`]): open tours from any start of a
    /// board with as many squares of each colour.
    pub(super) paired: bool,
    /// The free squares still to come with moves back to squares placed
    /// by now.
    pub(super) ahead: Vec<Ahead>,
    /// The square's moves forward (to squares after it).
    pub(super) forward: u32,
    /// Which of `back` (bit `k` for `back[k]`) lead to squares that leave
    /// at this step.
    pub(super) leaving: u32,
}

impl Step {
    /// The square in `slot` (of a colour that can end a tour or not, dark
    /// or not) makes its last move forward at this step.
    pub(super) fn leaves(&mut self, slot: u32, can_end: bool, dark: bool) {
        self.retire |= 1 << slot;
        self.marks(slot, can_end, dark);
    }

    /// The square in `slot` has one move forward left after this step.
    pub(super) fn warns(&mut self, slot: u32, can_end: bool, dark: bool) {
        self.warn |= 1 << slot;
        self.marks(slot, can_end, dark);
    }

    fn marks(&mut self, slot: u32, can_end: bool, dark: bool) {
        self.no_end |= u32::from(!can_end) << slot;
        self.dark |= u32::from(dark) << slot;
    }
}

/// Sets each free step's `leaving` from its `back` and `retire`.
pub(super) fn find_leaving(steps: &mut [Step]) {
    for step in steps.iter_mut().filter(|s| s.free) {
        step.leaving = (0..step.back.len())
            .filter(|&k| step.retire >> step.back[k] & 1 == 1)
            .fold(0, |m, k| m | 1 << k);
    }
}

/// A square still to come, seen from a step: its moves back to squares
/// placed by now, and the rest.
#[derive(Clone, Copy, Debug)]
pub(super) struct Ahead {
    /// Bit `4j` for each slot `j` its moves back reach.
    pub(super) slots: u128,
    /// How many those are.
    pub(super) placed: u32,
    /// Its moves to squares after the step.
    pub(super) later: u32,
    /// The last free square.
    pub(super) last: bool,
    /// The given start (an end already counted).
    pub(super) start: bool,
    /// It may be a tour end (by its colour).
    pub(super) end: bool,
    /// It is on the other colour than the corner's.
    pub(super) dark: bool,
}

/// The board as the programme sees it: rows across the narrow side, from
/// the board's first row or (`flip`) from its last.
pub(super) struct Layout {
    pub(super) w: u32,
    pub(super) h: u32,
    pub(super) steps: Vec<Step>,
    /// Which squares are free, in placing order.
    pub(super) free: Vec<bool>,
    /// Each square's free neighbours, in placing order.
    pub(super) adjacent: Vec<Vec<u32>>,
    /// Which squares may be a tour end, in placing order.
    pub(super) may_end: Vec<bool>,
    /// Which squares are on the other colour than the corner's.
    pub(super) dark: Vec<bool>,
    /// As [`Step::paired`].
    pub(super) paired: bool,
}

/// Each square's free neighbours, in index order, on a grid `w` squares
/// across and `h` down whose free squares are `free`.
fn adjacency(free: &[bool], w: u32, h: u32) -> Vec<Vec<u32>> {
    (0..w * h)
        .map(|v| {
            let (r, c) = ((v / w) as i64, (v % w) as i64);
            let mut out: Vec<u32> = crate::board::MOVES
                .iter()
                .map(|&(dr, dc)| (r + dr as i64, c + dc as i64))
                .filter(|&(r, c)| r >= 0 && c >= 0 && r < h as i64 && c < w as i64)
                .map(|(r, c)| (r * w as i64 + c) as u32)
                .filter(|&u| free[u as usize])
                .collect();
            out.sort_unstable();
            out
        })
        .collect()
}

/// What [`ahead`] marks on the squares it looks at: the last free square,
/// the start, and which may end a tour and which are dark.
struct Marks<'a> {
    last: Option<usize>,
    start: Option<u32>,
    may_end: &'a [bool],
    dark: &'a [bool],
}

/// The free squares after `v`, within its frontier's reach (`top`), that
/// have a move to a square placed by now and fewer than two to squares
/// after `v`: the squares whose moves the step after placing `v` checks.
fn ahead(v: u32, top: u32, free: &[bool], adjacent: &[Vec<u32>], marks: &Marks) -> Vec<Ahead> {
    let len = free.len() as u32;
    (v + 1..(v + top).min(len - 1) + 1)
        .filter(|&x| free[x as usize])
        .filter_map(|x| {
            let all = &adjacent[x as usize];
            let slots = all
                .iter()
                .filter(|&&u| u <= v)
                .fold(0u128, |m, &u| m | 1 << (4 * (top - (v - u))));
            let later = all.iter().filter(|&&u| u > v).count() as u32;
            // With two moves left to squares after this one, a square
            // can always get its moves so far as it can tell.
            (slots != 0 && later < 2).then(|| Ahead {
                slots,
                placed: slots.count_ones(),
                later,
                last: marks.last == Some(x as usize),
                start: marks.start == Some(x),
                end: marks.may_end[x as usize],
                dark: marks.dark[x as usize],
            })
        })
        .collect()
}

impl Layout {
    pub(super) fn new(board: &Board, ends: Ends, flip: bool) -> Layout {
        let (rows, cols) = (board.rows(), board.cols());
        let across = cols <= rows;
        let (w, h) = if across { (cols, rows) } else { (rows, cols) };
        let square = |r: u32, c: u32| {
            let r = if flip { h - 1 - r } else { r };
            if across {
                Square::new(r, c)
            } else {
                Square::new(c, r)
            }
        };
        let len = (w * h) as usize;
        let free: Vec<bool> = (0..len as u32)
            .map(|v| board.is_free(square(v / w, v % w)))
            .collect();
        let adjacent = adjacency(&free, w, h);
        // A square's place in the order of placing.
        let place = |s: Square| {
            let (r, c) = if across {
                (s.row, s.col)
            } else {
                (s.col, s.row)
            };
            let r = if flip { h - 1 - r } else { r };
            r * w + c
        };
        let start = match ends {
            Ends::From(s) | Ends::Between(s, _) => Some(place(s)),
            _ => None,
        };
        // A knight's move changes colour: an open tour of a board with as
        // many free squares of each colour ends on the colour its start is
        // not; with one more of a colour, both ends are on it.
        let colour = |v: usize| square(v as u32 / w, v as u32 % w).colour();
        let (lights, darks) = board.colour_counts();
        let end_colour = |v: usize| match (lights as i64 - darks as i64, ends) {
            (_, Ends::Closed) => false,
            // The other end is the one chosen (theory checked its colour).
            (_, Ends::Between(_, e)) => v as u32 == place(e),
            (0, Ends::Any) => true,
            (0, Ends::From(s)) => colour(v) != s.colour(),
            (1, _) => colour(v) == 0,
            (-1, _) => colour(v) == 1,
            _ => false,
        };
        let may_end: Vec<bool> = (0..len).map(|v| free[v] && end_colour(v)).collect();
        let dark: Vec<bool> = (0..len).map(|v| colour(v) == 1).collect();
        // With as many of each colour, an open tour's ends differ in colour.
        let paired = ends == Ends::Any && lights == darks;
        let last = (0..len).rev().find(|&v| free[v]);
        let top = 2 * w + 1;
        let mut steps: Vec<Step> = (0..len)
            .map(|v| Step {
                free: free[v],
                start: start == Some(v as u32),
                pending: start.is_some_and(|s| s > v as u32),
                last: last == Some(v),
                paired,
                ..Step::default()
            })
            .collect();
        for u in (0..len as u32).filter(|&u| free[u as usize]) {
            let all = &adjacent[u as usize];
            let forward: Vec<u32> = all.iter().copied().filter(|&x| x > u).collect();
            steps[u as usize].back = all
                .iter()
                .filter(|&&x| x < u)
                .map(|&x| top - (u - x))
                .collect();
            steps[u as usize].forward = forward.len() as u32;
            let at = |v: u32| top - (v - u);
            let (can_end, is_dark) = (may_end[u as usize], dark[u as usize]);
            let retire_at = forward.last().copied().unwrap_or(u);
            steps[retire_at as usize].leaves(at(retire_at), can_end, is_dark);
            let warn_at = match forward.len() {
                0 => None,
                1 => Some(u),
                n => Some(forward[n - 2]),
            };
            if let Some(v) = warn_at {
                steps[v as usize].warns(at(v), can_end, is_dark);
            }
        }
        find_leaving(&mut steps);
        let marks = Marks {
            last,
            start,
            may_end: &may_end,
            dark: &dark,
        };
        for v in (0..len as u32).filter(|&v| free[v as usize]) {
            steps[v as usize].ahead = ahead(v, top, &free, &adjacent, &marks);
        }
        Layout {
            w,
            h,
            steps,
            free,
            adjacent,
            may_end,
            dark,
            paired,
        }
    }
}
