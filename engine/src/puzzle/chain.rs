//! The deeper rules. Hard: the steps between two numbers are a chain of
//! knight's moves, so a step can only be on a square that joins a square
//! of the step before and one of the step after; narrowing every step's
//! squares so until nothing changes leaves a step one square, or a square
//! one step. Expert: one step of "if this, then no room for that".

use super::logic::{Reasoner, Stuck};
use super::make::Difficulty;
use super::reason::{Deduction, Why};

/// The squares each step can still take, as bit sets.
pub(super) struct Sets {
    words: usize,
    bits: Vec<u64>,
}

impl Sets {
    /// Each step's squares: its own for a known step; for a missing one,
    /// the free squares within reach of the numbers around it, narrowed
    /// by the chains until nothing changes.
    pub(super) fn new(r: &Reasoner) -> Result<Sets, Stuck> {
        let words = r.logic.words;
        let n = r.pos.len();
        let mut sets = Sets {
            words,
            bits: vec![0; n * words],
        };
        for k in 0..n {
            match r.pos[k] {
                Some(s) => sets.insert(k, s),
                None => {
                    let (back, ahead) = r.known_around(k);
                    for t in 0..r.step_of.len() as u32 {
                        if r.is_free(t) && r.can_take(t, back, ahead) {
                            sets.insert(k, t);
                        }
                    }
                }
            }
        }
        sets.narrow(r)?;
        Ok(sets)
    }

    fn set(&self, k: usize) -> &[u64] {
        &self.bits[k * self.words..(k + 1) * self.words]
    }

    fn insert(&mut self, k: usize, t: u32) {
        self.bits[k * self.words + t as usize / 64] |= 1 << (t % 64);
    }

    fn count(&self, k: usize) -> u32 {
        self.set(k).iter().map(|w| w.count_ones()).sum()
    }

    /// The squares of step `k`, lowest first: one bit at a time, not a
    /// test of all 64 a word.
    fn squares(&self, k: usize) -> impl Iterator<Item = u32> + '_ {
        self.set(k).iter().enumerate().flat_map(|(w, &bits)| {
            let mut rest = bits;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let b = rest.trailing_zeros();
                    rest &= rest - 1;
                    (w * 64) as u32 + b
                })
            })
        })
    }

    /// Adds to `out` every square a move from a square of step `k`.
    fn moves_from(&self, r: &Reasoner, k: usize, out: &mut [u64]) {
        let m = &r.logic.moves;
        for t in self.squares(k) {
            let at = t as usize * self.words;
            for (o, x) in out.iter_mut().zip(&m[at..at + self.words]) {
                *o |= x;
            }
        }
    }

    /// Narrows each missing step's squares to those joining a square of
    /// the step before and one of the step after, and takes a square a
    /// step is sure of from the others, until nothing changes.
    fn narrow(&mut self, r: &Reasoner) -> Result<(), Stuck> {
        let n = r.pos.len();
        let w = self.words;
        let missing: Vec<usize> = (0..n).filter(|&k| r.pos[k].is_none()).collect();
        let mut sure = vec![false; n];
        let mut mask = vec![0u64; w];
        let mut near = vec![0u64; w];
        loop {
            let mut changed = false;
            for &k in missing.iter().chain(missing.iter().rev()) {
                mask.fill(u64::MAX);
                for j in [r.before(k), r.after(k)].into_iter().flatten() {
                    near.fill(0);
                    self.moves_from(r, j, &mut near);
                    for (m, x) in mask.iter_mut().zip(&near) {
                        *m &= x;
                    }
                }
                let set = &mut self.bits[k * w..(k + 1) * w];
                for (s, m) in set.iter_mut().zip(&mask) {
                    if *s & !m != 0 {
                        *s &= m;
                        changed = true;
                    }
                }
                match self.count(k) {
                    0 => return Err(Stuck::Step(k as u32 + 1)),
                    1 if !sure[k] => {
                        sure[k] = true;
                        changed = true;
                        let t = self.squares(k).next().unwrap_or_default();
                        for &j in &missing {
                            if j != k {
                                self.bits[j * w + t as usize / 64] &= !(1 << (t % 64));
                            }
                        }
                    }
                    _ => {}
                }
            }
            if !changed {
                return Ok(());
            }
        }
    }

    /// A missing step with one square left, else a free square one
    /// missing step alone can take.
    pub(super) fn single(&self, r: &Reasoner) -> Result<Option<Deduction>, Stuck> {
        let n = r.pos.len();
        for k in (0..n).filter(|&k| r.pos[k].is_none()) {
            if self.count(k) == 1 {
                let (before, after) = r.around(k);
                let t = self.squares(k).next().unwrap_or_default();
                return Ok(Some(Deduction {
                    step: k as u32 + 1,
                    square: r.logic.square(t),
                    why: Why::Chain { before, after },
                }));
            }
        }
        let squares = r.step_of.len();
        let mut takers = vec![(0u32, 0usize); squares];
        for k in (0..n).filter(|&k| r.pos[k].is_none()) {
            for t in self.squares(k) {
                let e = &mut takers[t as usize];
                *e = (e.0 + 1, k);
            }
        }
        for (t, &(count, k)) in takers.iter().enumerate() {
            if !r.is_free(t as u32) {
                continue;
            }
            match count {
                0 => return Err(Stuck::Square(r.logic.square(t as u32))),
                1 => {
                    let (before, after) = r.around(k);
                    return Ok(Some(Deduction {
                        step: k as u32 + 1,
                        square: r.logic.square(t as u32),
                        why: Why::ChainSquare { before, after },
                    }));
                }
                _ => {}
            }
        }
        Ok(None)
    }

    /// A step with two or three squares left, each but one leaving another
    /// step no room once the easy to hard rules follow it up.
    pub(super) fn no_room(&self, r: &Reasoner) -> Result<Option<Deduction>, Stuck> {
        let n = r.pos.len();
        let mut steps: Vec<(u32, usize)> = (0..n)
            .filter(|&k| r.pos[k].is_none())
            .map(|k| (self.count(k), k))
            .filter(|&(c, _)| c <= MOST_TRIED)
            .collect();
        steps.sort_unstable();
        for (_, k) in steps {
            let mut tried = Vec::new();
            let mut left = Vec::new();
            for t in self.squares(k) {
                match follow(r, k, t) {
                    Some(stuck) => tried.push((r.logic.square(t), stuck)),
                    None => left.push(t),
                }
                if left.len() > 1 {
                    break;
                }
            }
            if let [t] = left[..] {
                return Ok(Some(Deduction {
                    step: k as u32 + 1,
                    square: r.logic.square(t),
                    why: Why::NoRoom { tried },
                }));
            }
        }
        Ok(None)
    }
}

/// The most squares a step may have left for the expert rule to try
/// each.
const MOST_TRIED: u32 = 3;

/// With step `k` on square `t`, the easy to hard rules followed to the
/// end: why the rest cannot be numbered, if they find it.
fn follow(r: &Reasoner, k: usize, t: u32) -> Option<Stuck> {
    let mut h = r.clone();
    h.place(k, t);
    loop {
        match h.next(Difficulty::Hard) {
            Ok(Some(d)) => h.place_at(&d),
            Ok(None) => return None,
            Err(stuck) => return Some(stuck),
        }
    }
}
