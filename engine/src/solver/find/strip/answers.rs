//! What the strip's programme answers: whether it applies, a tour (or
//! several, or each), a path between two squares, counts from a start,
//! over starts or between two squares, and the search's `solve`.

use super::*;

/// Whether the method applies: one side of the board at most [`MAX_WIDTH`].
pub fn applies(board: &Board) -> bool {
    board.geometry().is_knight_plane() && board.rows().min(board.cols()) <= MAX_WIDTH
}

/// How a strip answered.
pub enum Answer {
    /// The tour, as square indices from the start.
    Tour(Vec<u32>),
    /// No tour exists: every way through the strip was tried.
    NoTour(NoTour),
}

/// A board seen as a strip: which way is across.
struct Across {
    across_rows: bool,
    w: u32,
    cols: u32,
}

impl Across {
    fn new(board: &Board) -> Across {
        assert!(applies(board), "a strip is at most {MAX_WIDTH} wide");
        let across_rows =
            board.rows() <= board.cols() && board.rows() <= MAX_WIDTH || board.cols() > MAX_WIDTH;
        Across {
            across_rows,
            w: if across_rows {
                board.rows()
            } else {
                board.cols()
            },
            cols: board.cols(),
        }
    }
    /// (row across, column along) of a square.
    fn to_strip(&self, sq: Square) -> (u32, u32) {
        if self.across_rows {
            (sq.row, sq.col)
        } else {
            (sq.col, sq.row)
        }
    }
    fn step(&self, sq: Square) -> u32 {
        let (r, c) = self.to_strip(sq);
        c * self.w + r
    }
    /// The board index of a step.
    fn index(&self, i: u32) -> u32 {
        let (r, c) = (i % self.w, i / self.w);
        if self.across_rows {
            r * self.cols + c
        } else {
            c * self.cols + r
        }
    }

    fn strip(&self, board: &Board, start: Square, closed: bool) -> Strip {
        self.strip_to(board, start, closed, None)
    }

    /// [`Across::strip`], the open tour ending on `end` when given.
    fn strip_to(&self, board: &Board, start: Square, closed: bool, end: Option<Square>) -> Strip {
        let w = self.w;
        let full = ((1u32 << w) - 1) as u8;
        let mut holes: HashMap<u32, u8> = HashMap::new();
        for &sq in board.blocked() {
            let (r, c) = self.to_strip(sq);
            *holes.entry(c).or_insert(full) &= !(1 << r);
        }
        let len = board.rows() * board.cols();
        let last_free = (0..len).rev().find(|&i| {
            let (c, r) = (i / w, i % w);
            holes.get(&c).is_none_or(|m| m & (1 << r) != 0)
        });
        // Inner and outer squares of a strip 4 wide.
        let inner_cap = (w == 4).then(|| {
            let n = len as i64 / 4;
            let (mut inner, mut outer) = (2 * n, 2 * n);
            for &m in holes.values() {
                for r in 0..4 {
                    if m & (1 << r) == 0 {
                        if r == 1 || r == 2 {
                            inner -= 1;
                        } else {
                            outer -= 1;
                        }
                    }
                }
            }
            inner - outer + i64::from(!closed)
        });
        Strip::new(
            w as usize,
            closed,
            holes,
            (!closed).then(|| self.step(start)),
            last_free.map_or(0, |i| i + 1),
            // Two bits hold 0..=2 (a step past the cap is dropped in
            // `expand`); a cap below 0 means no tour, which the steps find
            // by themselves.
            inner_cap
                .and_then(|c| u8::try_from(c).ok())
                .filter(|&c| c <= 2),
            end.map(|sq| self.step(sq)),
        )
    }
}

/// The most squares on which [`tours`] looks for several tours (it keeps
/// the ways into every step).
pub const MANY_TOURS_SQUARES: usize = 1_000_000;

/// Up to `k` distinct tours of `board` from `start` (closed tours in both
/// directions), all there are when fewer; `None` when there is none, with
/// the reason.
pub fn tours(
    board: &Board,
    start: Square,
    closed: bool,
    k: usize,
) -> Result<Vec<Vec<u32>>, Exhausted> {
    let mut out: Vec<Vec<u32>> = Vec::new();
    tours_each(board, start, closed, k, |path| {
        out.push(path.to_vec());
        true
    })?;
    Ok(out)
}

/// Like [`tours`], handing each tour to `take` as it is walked (false
/// stops): constant memory however many are wanted. The number handed.
pub fn tours_each(
    board: &Board,
    start: Square,
    closed: bool,
    k: usize,
    take: impl FnMut(&[u32]) -> bool,
) -> Result<usize, Exhausted> {
    tours_each_keeping(board, start, closed, k, KEEP_ALL_STATES, take)
}

/// [`tours_each`], keeping every set of states until `keep_all` are kept.
pub(super) fn tours_each_keeping(
    board: &Board,
    start: Square,
    closed: bool,
    k: usize,
    keep_all: usize,
    mut take: impl FnMut(&[u32]) -> bool,
) -> Result<usize, Exhausted> {
    let geo = Across::new(board);
    let mut strip = geo.strip(board, start, closed);
    let Some(mut hist) = strip.forward(keep_all) else {
        return Err(no_tour_reason(board, start, closed, &strip));
    };
    let mut given = 0usize;
    let (w, end, from) = (strip.w as u32, strip.end, geo.step(start));
    let len = board.free_count();
    strip.backward_each(&mut hist, |masks| {
        let path = walk(masks, w, end, from, len, |i| geo.index(i));
        given += 1;
        let mut more = take(&path);
        if more && closed && given < k {
            // The same cycle the other way round.
            let mut back = path;
            back[1..].reverse();
            given += 1;
            more = take(&back);
        }
        more && given < k
    });
    Ok(given)
}

fn no_tour_reason(board: &Board, start: Square, closed: bool, strip: &Strip) -> Exhausted {
    Exhausted {
        closed,
        from: (!closed).then_some(start),
        board: board.outline(),
        states: strip.states.len(),
    }
}

/// The proof that a strip has no tour: every way through it, square by
/// square, was tried.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Exhausted {
    pub closed: bool,
    /// The start of an open tour.
    pub from: Option<Square>,
    /// The board, as messages name it.
    pub board: Outline,
    /// The states the strip went through.
    pub states: usize,
}

impl From<Exhausted> for NoTour {
    fn from(no: Exhausted) -> NoTour {
        let squares = no.from.into_iter().collect();
        NoTour::new(Argument::Search(no.searched()), squares)
    }
}

impl Exhausted {
    /// The proof as theory's [`Searched::Strip`].
    fn searched(&self) -> Searched {
        Searched::Strip {
            closed: self.closed,
            from: self.from,
            board: self.board,
            states: self.states,
        }
    }
}

impl std::fmt::Display for Exhausted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.searched().fmt(f)
    }
}

impl std::error::Error for Exhausted {}

/// The tour of `board` from `start` (closed when `closed`), or the proof that
/// there is none. The board must be at most [`MAX_WIDTH`] squares wide one
/// way.
pub fn tour(board: &Board, start: Square, closed: bool) -> Answer {
    tour_keeping(board, start, closed, KEEP_ALL_STATES)
}

/// [`tour`], keeping every set of states until `keep_all` are kept.
pub(super) fn tour_keeping(board: &Board, start: Square, closed: bool, keep_all: usize) -> Answer {
    let geo = Across::new(board);
    let mut strip = geo.strip(board, start, closed);
    let Some(mut hist) = strip.forward(keep_all) else {
        return Answer::NoTour(no_tour_reason(board, start, closed, &strip).into());
    };
    walk_back(&mut strip, &mut hist, &geo, board, start)
}

/// The tour found: one way back from the end, walked from the start.
fn walk_back(
    strip: &mut Strip,
    hist: &mut History,
    geo: &Across,
    board: &Board,
    start: Square,
) -> Answer {
    let masks = strip.backward(hist);
    Answer::Tour(walk(
        &masks,
        strip.w as u32,
        strip.end,
        geo.step(start),
        board.free_count(),
        |i| geo.index(i),
    ))
}

/// The tour's squares from `start`, following the moves in `masks`.
fn walk(
    masks: &[u8],
    w: u32,
    end: u32,
    start: u32,
    len: usize,
    index: impl Fn(u32) -> u32,
) -> Vec<u32> {
    let bit = |i: u32, b: u32| i < end && get_mask(masks, i) >> b & 1 != 0;
    // The (at most two) tour moves of square v: back as recorded at v,
    // forward as recorded at the square reached.
    let moves = |v: u32| {
        let mut out = [u32::MAX; 2];
        let mut k = 0;
        let cands = [
            (bit(v, 0), v.wrapping_sub(w + 2)),
            (bit(v, 1), v.wrapping_sub(w).wrapping_add(2)),
            (bit(v, 2), v.wrapping_sub(2 * w + 1)),
            (bit(v, 3), v.wrapping_sub(2 * w - 1)),
            (bit(v + w + 2, 0), v + w + 2),
            (v + w >= 2 && bit(v + w - 2, 1), (v + w).wrapping_sub(2)),
            (bit(v + 2 * w + 1, 2), v + 2 * w + 1),
            (bit(v + 2 * w - 1, 3), v + 2 * w - 1),
        ];
        for (on, u) in cands {
            if on {
                debug_assert!(k < 2, "a square has at most two tour moves");
                out[k.min(1)] = u;
                k += 1;
            }
        }
        out
    };
    let mut path = Vec::with_capacity(len);
    let mut prev = u32::MAX;
    let mut at = start;
    for _ in 0..len {
        path.push(index(at));
        let [a, b] = moves(at);
        let next = if a != prev { a } else { b };
        prev = at;
        at = next;
        if at == u32::MAX {
            break;
        }
    }
    path
}

/// An open tour of `board` from `start` that ends on `end` (a Hamiltonian
/// path between the two), or the proof that there is none.
pub fn path_between(board: &Board, start: Square, end: Square) -> Answer {
    let geo = Across::new(board);
    let mut strip = geo.strip_to(board, start, false, Some(end));
    let found = if start == end {
        None
    } else {
        strip.forward(KEEP_ALL_STATES)
    };
    let Some(mut hist) = found else {
        let board = board.outline();
        return Answer::NoTour(NoTour::new(
            Argument::Search(Searched::Between { start, end, board }),
            vec![start, end],
        ));
    };
    walk_back(&mut strip, &mut hist, &geo, board, start)
}

/// The number of tours of `board` from `start` (directed: a closed tour is
/// counted once in each direction), or `None` past `u128::MAX`. Each way
/// along the strip is one set of moves, so the ways into each state are
/// added up step by step.
pub fn count(board: &Board, start: Square, closed: bool) -> Option<u128> {
    count_starts(board, &[(start, 1)], closed)
}

/// The sum of `weight` times the tours from each start, or `None` past
/// `u128::MAX`. The starts share the steps worked out for the others.
pub fn count_starts(board: &Board, starts: &[(Square, u64)], closed: bool) -> Option<u128> {
    let Some(&(first, _)) = starts.first() else {
        return Some(0);
    };
    let geo = Across::new(board);
    let mut strip = geo.strip(board, first, closed);
    let mut total: u128 = 0;
    for &(start, weight) in starts {
        let step = (!closed).then(|| geo.step(start));
        // The balance of inner and outer squares prunes by the start's
        // kind: the steps worked out for a start of the other kind do not
        // serve.
        let inner = |s: Option<u32>| s.is_some_and(|s| matches!(s % geo.w, 1 | 2));
        if strip.balanced && inner(step) != inner(strip.start) {
            strip = geo.strip(board, start, closed);
        }
        strip.start = step;
        let found = ways(&mut strip)?;
        let directed = if closed { found.checked_mul(2)? } else { found };
        total = total.checked_add(directed.checked_mul(weight as u128)?)?;
    }
    Some(total)
}

/// The number of open tours of `board` from `start` that end on `end`,
/// or `None` past `u128::MAX`.
pub fn count_between(board: &Board, start: Square, end: Square) -> Option<u128> {
    if start == end {
        return Some(0);
    }
    let geo = Across::new(board);
    ways(&mut geo.strip_to(board, start, false, Some(end)))
}

/// The ways along `strip` from its first state to its last, or `None` past
/// `u128::MAX`.
fn ways(strip: &mut Strip) -> Option<u128> {
    let mut cur: FastMap<u32, u128> = FastMap::default();
    cur.insert(Strip::INITIAL, 1);
    // Ways into a state may pass 2^128 on the way and still die out:
    // they saturate, and only a saturated end is too many.
    for i in 0..strip.end {
        let kind = strip.kind(i);
        let mut next: FastMap<u32, u128> = FastMap::default();
        for (s, ways) in cur {
            for &(t, _) in strip.successors(s, kind) {
                let e = next.entry(t).or_default();
                *e = e.saturating_add(ways);
            }
        }
        cur = next;
    }
    let found = cur.get(&Strip::FINAL).copied().unwrap_or(0);
    (found != u128::MAX).then_some(found)
}

/// The tour of `problem` on a strip (or the tours, when several are wanted),
/// or the proof that there is none; `None` when the method does not apply
/// (a board wider than [`MAX_WIDTH`] both ways, or several tours wanted on
/// more than [`MANY_TOURS_SQUARES`] squares, or with a chosen end).
pub fn solve<M: Monitor>(
    problem: &Problem,
    options: &Options,
    monitor: &mut M,
) -> Option<Solution> {
    let (b, many) = (problem.board(), options.tours > 1);
    if !applies(b) || many && (b.len() > MANY_TOURS_SQUARES || problem.end().is_some()) {
        return None;
    }
    let started = Instant::now();
    if many && monitor.takes_tours() {
        let given = tours_each(
            b,
            problem.start(),
            problem.closed(),
            options.tours,
            |path| {
                let stats = Stats {
                    nodes: path.len() as u64,
                    max_depth: path.len(),
                    elapsed: started.elapsed(),
                    ..Stats::default()
                };
                monitor.take_tour(path, &stats) == Flow::Continue
            },
        );
        let (found, verdict) = match given {
            Ok(n) => (n, Verdict::Found),
            Err(no) => (0, Verdict::NoTour(no.into())),
        };
        return Some(Solution {
            tours: Vec::new(),
            verdict,
            stats: Stats {
                nodes: if found > 0 { b.free_count() as u64 } else { 0 },
                max_depth: if found > 0 { b.free_count() } else { 0 },
                tours: found as u64,
                elapsed: started.elapsed(),
                ..Stats::default()
            },
            algorithm: Algorithm::Construct,
        });
    }
    let (tours, verdict) = if many {
        match tours(b, problem.start(), problem.closed(), options.tours) {
            Ok(found) => (found, Verdict::Found),
            Err(no) => (Vec::new(), Verdict::NoTour(no.into())),
        }
    } else {
        let answer = match problem.end() {
            Some(end) => path_between(b, problem.start(), end),
            None => tour(b, problem.start(), problem.closed()),
        };
        match answer {
            Answer::Tour(path) => (vec![path], Verdict::Found),
            Answer::NoTour(proof) => (Vec::new(), Verdict::NoTour(proof)),
        }
    };
    let (n, found) = (tours.first().map_or(0, Vec::len), tours.len() as u64);
    Some(Solution {
        tours,
        verdict,
        stats: Stats {
            nodes: n as u64,
            max_depth: n,
            tours: found,
            elapsed: started.elapsed(),
            ..Stats::default()
        },
        algorithm: Algorithm::Construct,
    })
}
