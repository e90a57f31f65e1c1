//! Joining the two halves' states across the cut (see `meet.rs`): the
//! lower states in a table keyed by their moves and pieces, and the walk
//! that says whether a pair's pieces make one cycle or one path.

use std::sync::atomic::Ordering::Relaxed;

use super::super::{
    Ends, FULL, FastMap, Layout, Parts, Pass, Stop, Ways, Word, get, is_end, partner,
};

/// A link: the other end of a slot's piece is a tour end.
pub(super) const END: u8 = 0xfe;
/// A link: no piece ends at the slot (no move yet, or both).
pub(super) const NONE: u8 = 0xff;

/// Links: a byte a slot, for up to 16 slots.
pub(in crate::solver::count::frontier) type Links = [u8; 16];

/// The two rows after the cut in a state after the crossing (slots 1 to
/// `2w`), slot `i + 1` as `i`: for each, the slot at the other end of its
/// piece, [`END`] or [`NONE`].
pub(super) fn links<S: Word>(s: S, n: u32) -> Links {
    let mut out = [NONE; 16];
    for i in 0..n {
        out[i as usize] = match get(s, i + 1) {
            0 | FULL => NONE,
            x if is_end(x) => END,
            x => (partner(s, i + 1, x) - 1) as u8,
        };
    }
    out
}

/// The tour moves a nibble stands for.
pub(super) fn degree(x: u64) -> u32 {
    match x {
        0 => 0,
        FULL => 2,
        _ => 1,
    }
}

/// The tour moves each slot of `links`' rows has, two bits each.
pub(in crate::solver::count::frontier) fn degrees<S: Word>(s: S, n: u32) -> u32 {
    (0..n).fold(0, |d, i| d | degree(get(s, i + 1)) << (2 * i))
}

/// A state of the lower half, read from above: its window's two rows of
/// `w` squares, the one nearest the cut first (the lower half's count
/// places them the other way round).
pub(in crate::solver::count::frontier) fn upside_down<S: Word>(s: S, w: u32) -> S {
    let row = (S::of(1) << (4 * w)) - S::of(1);
    let (far, near) = (s >> 4 & row, s >> (4 * (w + 1)) & row);
    near << 4 | far << (4 * (w + 1))
}

/// Whether the pieces of the two halves, `a` and `b` (as [`links`]), over
/// `n` slots whose moves add up, join into one cycle (`closed`) or one
/// path, which then passes every square.
pub(super) fn joins(a: &Links, b: &Links, n: u32, closed: bool) -> bool {
    if closed {
        one_cycle(a, b, n)
    } else {
        one_path(a, b, n)
    }
}

/// Whether the pieces of a closed tour's halves join into one cycle: at
/// each slot where the pieces meet, each half has one move, so the links
/// of the two halves pair those slots twice over, and going from a slot
/// to its partner above, then to that one's partner below, and so on,
/// comes back round; one cycle if it passed them all.
pub(super) fn one_cycle(a: &Links, b: &Links, n: u32) -> bool {
    let n = n as usize;
    let meets = a[..n].iter().filter(|&&l| l != NONE).count();
    let Some(start) = a[..n].iter().position(|&l| l != NONE) else {
        return false;
    };
    let (mut at, mut passed) = (start, 0);
    loop {
        let above = a[at] as usize;
        let below = b.get(above).copied().unwrap_or(NONE) as usize;
        if below >= n || passed >= meets {
            return false;
        }
        passed += 2;
        at = below;
        if at == start {
            return passed == meets;
        }
    }
}

/// Whether the pieces of an open tour's halves join into one path: a
/// slot where one half has no piece, or one that leads to a tour end, is
/// an end of the pieces joined; going from it to its partner in the
/// other half, then to that one's partner in the first, and so on, comes
/// to the other end; one path if it passed every slot with a piece (a
/// cycle among the rest has no such slot to start from).
pub(super) fn one_path(a: &Links, b: &Links, n: u32) -> bool {
    let n = n as usize;
    let mut nodes = 0;
    // The first end, and which half's piece leaves it.
    let mut start = None;
    for i in 0..n {
        let (x, y) = (a[i], b[i]);
        if x == NONE && y == NONE {
            continue;
        }
        nodes += 1;
        if start.is_none() {
            if x == NONE || x == END {
                start = Some((i, false));
            } else if y == NONE || y == END {
                start = Some((i, true));
            }
        }
    }
    let Some((mut at, mut above)) = start else {
        return false;
    };
    let mut passed = 1;
    loop {
        let next = if above { a[at] } else { b[at] };
        if next == NONE || next == END {
            return passed == nodes;
        }
        at = next as usize;
        above = !above;
        passed += 1;
        if passed > nodes {
            return false;
        }
    }
}

/// The lower half's states, read from above, by [`lower_key`]: their
/// slots' moves and how many of their pieces lead to a tour end and join
/// two slots. A pair joins only where those add up (see [`join_one`]),
/// which leaves a few states to try for each lookup, not all with the
/// moves: joining 6x8 open tours takes a seventh of the time it does by
/// moves alone (figures: docs/benchmarks-counting.md, "Counting").
pub(in crate::solver::count::frontier) type Lower<W> = FastMap<u64, Vec<(Links, W)>>;

/// A key of [`Lower`]: the moves `sig` (as [`degrees`]), the pieces that
/// lead to a tour end, and the pieces between two slots.
fn lower_key(sig: u32, ends: u32, between: u32) -> u64 {
    u64::from(sig) | u64::from(ends) << 32 | u64::from(between) << 36
}

/// The pieces of `l` (over `n` slots) between two slots, and those that
/// lead to a tour end.
pub(super) fn pieces_of(l: &Links, n: u32) -> (u32, u32) {
    let (mut between, mut ends) = (0, 0);
    for (i, &x) in l[..n as usize].iter().enumerate() {
        match x {
            NONE => {}
            END => ends += 1,
            j if usize::from(j) > i => between += 1,
            _ => {}
        }
    }
    (between, ends)
}

/// The moves of the lower states in `side`, each once.
pub(in crate::solver::count::frontier) fn sigs<W>(side: &Lower<W>) -> Vec<u32> {
    let mut out: Vec<u32> = side.keys().map(|&k| k as u32).collect();
    out.sort_unstable();
    out.dedup();
    out
}

pub(super) fn lower_side<S: Word, W: Ways>(parts: &Parts<S, W>, w: u32) -> Lower<W> {
    let mut side: Lower<W> = FastMap::default();
    for &(s, ways) in parts.iter().flatten() {
        add_lower(&mut side, upside_down(s, w), ways, 2 * w);
    }
    side
}

/// Adds the lower state `s`, read from above (of `n` slots), to `side`.
pub(in crate::solver::count::frontier) fn add_lower<S: Word, W: Ways>(
    side: &mut Lower<W>,
    s: S,
    ways: W,
    n: u32,
) {
    let l = links(s, n);
    let (between, ends) = pieces_of(&l, n);
    side.entry(lower_key(degrees(s, n), ends, between))
        .or_default()
        .push((l, ways));
}

pub(in crate::solver::count::frontier) fn lower_bytes<W>(side: &Lower<W>) -> u64 {
    let entry = std::mem::size_of::<(Links, W)>() as u64;
    side.values()
        .map(|v| v.capacity() as u64 * entry + 48)
        .sum()
}

/// The two rows after the cut, as the join needs them: slot `i` is the
/// square `i` after the cut, and a mask has bit `2i` for slot `i` (as
/// [`degrees`]).
#[derive(Clone, Copy, Debug)]
pub(in crate::solver::count::frontier) struct Seam {
    /// The slots: two rows.
    pub(in crate::solver::count::frontier) n: u32,
    /// The slots that meet: free squares with moves across the cut. (A
    /// square with none is done in the lower half's count, which lets it
    /// go like any other done square.)
    pub(in crate::solver::count::frontier) slots: u32,
    pub(in crate::solver::count::frontier) closed: bool,
    /// The slots that may be a tour end (by colour), of those that meet.
    pub(in crate::solver::count::frontier) may_end: u32,
    /// Where a tour's two ends are of two colours (a board with as many
    /// squares of each), the dark slots.
    pub(in crate::solver::count::frontier) dark: Option<u32>,
}

impl Seam {
    pub(in crate::solver::count::frontier) fn new(layout: &Layout, k: u32, ends: Ends) -> Seam {
        let cut = (k * layout.w) as usize;
        let n = 2 * layout.w;
        let mask = |f: &dyn Fn(usize) -> bool| {
            (0..n).fold(0u32, |m, i| m | u32::from(f(cut + i as usize)) << (2 * i))
        };
        let meets =
            |v: usize| layout.free[v] && layout.adjacent[v].iter().any(|&u| (u as usize) < cut);
        let slots = mask(&meets);
        Seam {
            n,
            slots,
            closed: ends == Ends::Closed,
            may_end: slots & mask(&|v| layout.may_end[v]),
            dark: layout.paired.then(|| mask(&|v| layout.dark[v])),
        }
    }
}

impl Seam {
    /// Calls `visit` with the moves `need` at each slot and how many slots
    /// take a move fewer (0); for open tours then with a move fewer at one
    /// slot (1) and, where `most` is 2, at two (2): the tour's ends, at
    /// slots that need a move and may end a tour, two of two colours where
    /// the board has as many squares of each.
    pub(super) fn with_ends(&self, need: u32, most: u32, mut visit: impl FnMut(u32, u32)) {
        visit(need, 0);
        if self.closed || most == 0 {
            return;
        }
        let apart = |x: u32, y: u32| {
            self.dark
                .is_none_or(|dark| (x & dark == 0) != (y & dark == 0))
        };
        let mut rest = (need | need >> 1) & self.may_end;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= rest - 1;
            visit(need - bit, 1);
            let mut more = if most >= 2 { rest } else { 0 };
            while more != 0 {
                let other = more & more.wrapping_neg();
                more &= more - 1;
                if apart(bit, other) {
                    visit(need - bit - other, 2);
                }
            }
        }
    }
}

/// The tours the upper states `across` (after the crossing) make with the
/// `lower` ones, saturating.
pub(super) fn join<S: Word, W: Ways>(
    pass: &Pass,
    across: &Parts<S, W>,
    lower: &Lower<W>,
    seam: &Seam,
) -> Result<u128, Stop> {
    use rayon::prelude::*;
    let stopped = std::sync::atomic::AtomicBool::new(false);
    let tours = across
        .par_iter()
        .map(|part| {
            let mut sum = 0u128;
            for (k, &(s, ways)) in part.iter().enumerate() {
                if k % 4096 == 4095 && (stopped.load(Relaxed) || pass.halted().is_some()) {
                    stopped.store(true, Relaxed);
                    break;
                }
                sum = sum.saturating_add(join_one(s, ways, lower, seam));
            }
            sum
        })
        .reduce(|| 0, u128::saturating_add);
    if stopped.load(Relaxed)
        && let Some(stop) = pass.halted()
    {
        return Err(stop);
    }
    Ok(tours)
}

/// The tours the upper state `s` (after the crossing, with `ways` into it)
/// makes with the `lower` states, saturating.
pub(in crate::solver::count::frontier) fn join_one<S: Word, W: Ways>(
    s: S,
    ways: W,
    lower: &Lower<W>,
    seam: &Seam,
) -> u128 {
    let &Seam {
        n, slots, closed, ..
    } = seam;
    let mut sum = 0u128;
    debug_assert_eq!(get(s, 0), 0, "every upper square is done");
    let d = degrees(s, n);
    let a = links(s, n);
    let (between, tees) = pieces_of(&a, n);
    // The slots with one move, two bits each (as `degrees`).
    let ones = |x: u32| x & !(x >> 1) & 0x5555_5555;
    // The lower states with moves `sig`, `fewer` slots short of two (tour
    // ends), that can join: a cycle through the `nodes` slots that have
    // pieces has as many pieces as slots, a path one fewer, and a path
    // has two ends in all.
    let add = |sig: u32, fewer: u32| {
        let nodes = (ones(d) | ones(sig)).count_ones();
        let (ends, pieces) = if closed {
            (Some(0), nodes.checked_sub(between))
        } else {
            (
                2u32.checked_sub(tees + fewer),
                nodes.checked_sub(between + 1),
            )
        };
        let (Some(ends), Some(pieces)) = (ends, pieces) else {
            return;
        };
        if let Some(list) = lower.get(&lower_key(sig, ends, pieces)) {
            for &(b, other) in list {
                if joins(&a, &b, n, closed) {
                    sum = sum.saturating_add(ways.wide().saturating_mul(other.wide()));
                }
            }
        }
    };
    // Each slot that meets takes two moves in all: the lower half's
    // are what this half's leave, less the tour's ends still to come.
    seam.with_ends(2 * slots - d, 2u32.saturating_sub(tees), add);
    sum
}
