//! The steps of the watched search shown so far, kept so that a paused
//! search can be stepped back through (`←`) and forward again (`→`).
//!
//! Each step is kept as the change from the path before it, never as a
//! whole path: how many squares stayed, the squares taken off and the
//! squares put on. A search backtracking one square at a time changes a
//! square or two a step; a fast search's snapshots, further apart, change
//! more. The oldest steps go first once the kept changes pass a bound on
//! memory ([`BUDGET`]), so that a board of a million squares cannot fill
//! it either.

use std::collections::VecDeque;

use super::trail::{Trail, common_prefix};

/// The most memory the kept steps take, in 4-byte words: 16 MiB (their
/// deques' spare capacity aside, which may add up to as much again). Each
/// step costs [`STEP_WORDS`] words and one a square it changed, so the
/// last 10,000 steps are all kept while each changes up to 400 squares
/// (a search backtracking one node a step changes 1 or 2; a snapshot
/// taken at full speed can change thousands, and then fewer are kept).
pub const BUDGET: usize = 1 << 22;

/// What a step costs besides its squares, in words (its [`Change`]).
pub const STEP_WORDS: usize = 6;

/// One step: the path before it kept its first `kept` squares, lost `off`
/// squares after them and gained `on`; those squares, off then on, are
/// in [`History::squares`] from `start` (counted since the start of the
/// search, not from the oldest square still kept).
#[derive(Clone, Copy, Debug)]
struct Change {
    kept: u32,
    off: u32,
    on: u32,
    start: u64,
}

/// The steps shown, oldest first, bounded by a budget of words.
#[derive(Clone, Debug)]
pub struct History {
    changes: VecDeque<Change>,
    squares: VecDeque<u32>,
    /// Squares dropped from the front of `squares` since the start.
    dropped: u64,
    /// Steps recorded since the start: the live path is path number
    /// `recorded`, the oldest that can be shown number `recorded - len`.
    recorded: u64,
    budget: usize,
}

impl Default for History {
    fn default() -> Self {
        History::with_budget(BUDGET)
    }
}

impl History {
    /// A history that keeps at most `budget` words.
    pub fn with_budget(budget: usize) -> History {
        History {
            changes: VecDeque::new(),
            squares: VecDeque::new(),
            dropped: 0,
            recorded: 0,
            budget,
        }
    }

    /// Steps kept (the paths that can be shown are one more).
    pub fn len(&self) -> usize {
        self.changes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.changes.is_empty()
    }

    /// The words the kept steps take now (at most the budget).
    pub fn words(&self) -> usize {
        self.squares.len() + STEP_WORDS * self.changes.len()
    }

    /// The number of the oldest path that can be shown.
    fn oldest(&self) -> u64 {
        self.recorded - self.changes.len() as u64
    }

    /// The step from `before` to `after` was shown (nothing when the path
    /// did not change). The oldest steps go while over the budget; the
    /// number of the oldest path that can still be shown is returned.
    pub fn record(&mut self, before: &[u32], after: &[u32]) -> u64 {
        let kept = common_prefix(before, after);
        if kept == before.len() && kept == after.len() {
            return self.oldest();
        }
        let start = self.dropped + self.squares.len() as u64;
        self.squares.extend(&before[kept..]);
        self.squares.extend(&after[kept..]);
        self.changes.push_back(Change {
            kept: kept as u32,
            off: (before.len() - kept) as u32,
            on: (after.len() - kept) as u32,
            start,
        });
        self.recorded += 1;
        while self.words() > self.budget {
            let Some(c) = self.changes.pop_front() else {
                break;
            };
            let n = (c.off + c.on) as usize;
            self.squares.drain(..n);
            self.dropped += n as u64;
        }
        self.oldest()
    }

    /// The step that made path number `to` (from the one before it).
    fn change(&self, to: u64) -> Option<Change> {
        let i = to.checked_sub(self.oldest() + 1)?;
        self.changes.get(usize::try_from(i).ok()?).copied()
    }

    /// The squares of a change: taken off, put on.
    fn squares_of(&self, c: Change) -> (Vec<u32>, Vec<u32>) {
        let from = (c.start - self.dropped) as usize;
        let mid = from + c.off as usize;
        let to = mid + c.on as usize;
        (
            self.squares.range(from..mid).copied().collect(),
            self.squares.range(mid..to).copied().collect(),
        )
    }

    pub fn clear(&mut self) {
        *self = History::with_budget(self.budget);
    }
}

/// The steps shown and, while the search is paused and stepped back
/// through, the path shown instead of the live one.
#[derive(Clone, Debug, Default)]
pub struct Rewind {
    pub history: History,
    /// The path shown while rewound, and its number.
    view: Option<(Trail, u64)>,
}

impl Rewind {
    /// Forgets every step (a new search, or one whose path is no longer
    /// made of the steps kept).
    pub fn clear(&mut self) {
        self.history.clear();
        self.view = None;
    }

    /// The step from `before` to `after` was shown. A rewound view whose
    /// steps forward were dropped goes back to the live path.
    pub fn record(&mut self, before: &[u32], after: &[u32]) {
        let oldest = self.history.record(before, after);
        if self.view.as_ref().is_some_and(|&(_, at)| at < oldest) {
            self.view = None;
        }
    }

    /// Back to the live path.
    pub fn live(&mut self) {
        self.view = None;
    }

    /// Whether a past path is shown.
    pub fn is_rewound(&self) -> bool {
        self.view.is_some()
    }

    /// Where the view is: the path shown (1 the oldest kept) and the paths
    /// that can be shown, the live one last.
    pub fn position(&self) -> (u64, u64) {
        let h = &self.history;
        let at = self.view.as_ref().map_or(h.recorded, |&(_, at)| at);
        (at - h.oldest() + 1, h.len() as u64 + 1)
    }

    /// The path to show: the rewound one, else `live`.
    pub fn shown<'a>(&'a self, live: &'a Trail) -> &'a Trail {
        self.view.as_ref().map_or(live, |(t, _)| t)
    }

    /// Steps back up to `n` steps from the path shown (`live` when not
    /// rewound, which must be the path of the last step recorded, held in
    /// full); returns the steps taken.
    pub fn back(&mut self, live: &Trail, n: usize) -> usize {
        let h = &self.history;
        if h.is_empty() || live.is_compact() {
            return 0;
        }
        let (trail, at) = self.view.get_or_insert_with(|| (live.clone(), h.recorded));
        let mut taken = 0;
        while taken < n {
            let Some(c) = h.change(*at) else { break };
            let (off, _) = h.squares_of(c);
            trail.splice(c.kept as usize, &off);
            *at -= 1;
            taken += 1;
        }
        if *at == h.recorded {
            self.view = None;
        }
        taken
    }

    /// Steps forward up to `n` steps, back to the live path at most (then
    /// not rewound any more); returns the steps taken.
    pub fn forward(&mut self, n: usize) -> usize {
        let h = &self.history;
        let Some((trail, at)) = &mut self.view else {
            return 0;
        };
        let mut taken = 0;
        while taken < n && *at < h.recorded {
            let Some(c) = h.change(*at + 1) else { break };
            let (_, on) = h.squares_of(c);
            trail.splice(c.kept as usize, &on);
            *at += 1;
            taken += 1;
        }
        if *at == h.recorded {
            self.view = None;
        }
        taken
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Paths of a small search: forward, a step back, forward again, and
    /// a jump (a snapshot taken far from the last).
    fn paths() -> Vec<Vec<u32>> {
        vec![
            vec![],
            vec![0],
            vec![0, 5],
            vec![0, 5, 9],
            vec![0, 5],
            vec![0, 5, 7],
            vec![0, 5, 7, 2, 11],
            vec![0, 3],
            vec![0, 3, 8, 1],
        ]
    }

    fn recorded(paths: &[Vec<u32>], budget: usize) -> (Rewind, Trail) {
        let mut r = Rewind {
            history: History::with_budget(budget),
            view: None,
        };
        let mut live = Trail::new(16);
        for p in paths {
            r.record(live.as_slice().unwrap(), p);
            live.set(p);
        }
        (r, live)
    }

    #[test]
    fn steps_back_and_forward_show_each_path_in_turn() {
        let ps = paths();
        let (mut r, live) = recorded(&ps, BUDGET);
        let n = ps.len() - 1;
        assert_eq!(r.history.len(), n);
        assert_eq!(r.position(), (n as u64 + 1, n as u64 + 1));
        for k in 1..=n {
            assert_eq!(r.back(&live, 1), 1);
            let shown = r.shown(&live);
            assert!(shown.is(&ps[n - k]), "{k} back: {:?}", shown.to_vec());
            for (i, &sq) in ps[n - k].iter().enumerate() {
                assert_eq!(shown.step(sq), i as u32 + 1);
            }
            assert_eq!(r.position().0, (n - k) as u64 + 1);
        }
        // The oldest: no further back.
        assert_eq!(r.back(&live, 1), 0);
        assert!(r.shown(&live).is_empty());
        assert_eq!(r.forward(3), 3);
        assert!(r.shown(&live).is(&ps[3]));
        // Forward past the live path: stops there, not rewound any more.
        assert_eq!(r.forward(100), n - 3);
        assert!(!r.is_rewound());
        assert!(std::ptr::eq(r.shown(&live), &live));
        assert_eq!(r.forward(1), 0);
    }

    #[test]
    fn the_budget_drops_the_oldest_steps_first() {
        let ps = paths();
        // Room for the last 3 steps: 0,5,7 -> 0,5,7,2,11 -> 0,3 -> 0,3,8,1
        // change 2 + 5 + 2 squares (off and on), and a step before them 1.
        let budget = 3 * STEP_WORDS + 9;
        let (mut r, live) = recorded(&ps, budget);
        assert_eq!(r.history.len(), 3);
        assert!(r.history.words() <= budget);
        assert_eq!(r.back(&live, 10), 3);
        assert!(r.shown(&live).is(&ps[5]));
        assert_eq!(r.position(), (1, 4));
        // A step bigger than the whole budget: none kept.
        let (r, _) = recorded(&ps, 2);
        assert!(r.history.is_empty());
    }

    #[test]
    fn a_view_whose_steps_are_dropped_goes_live() {
        let ps = paths();
        let (mut r, mut live) = recorded(&ps, 3 * STEP_WORDS + 9);
        assert_eq!(r.back(&live, 3), 3);
        // One more step recorded drops the step forward from the view.
        let next = [0, 3, 8];
        r.record(live.as_slice().unwrap(), &next);
        live.set(&next);
        assert!(!r.is_rewound());
        // Unchanged paths are not steps.
        let before = r.history.len();
        r.record(live.as_slice().unwrap(), &next);
        assert_eq!(r.history.len(), before);
    }
}
