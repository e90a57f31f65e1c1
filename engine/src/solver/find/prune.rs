//! Moves no tour can use, and moves every tour must use, found by
//! 2-factors: a tour with its two ends joined is a cycle through every
//! square, so a 2-factor (two tour moves a square, see [`crate::theory::factor`]).
//! With one 2-factor found by a maximum flow, a move lies in some other
//! 2-factor only if an alternating cycle passes through it: its ends lie in
//! one strongly connected part of the flow's residual graph. So one flow
//! and one pass over the parts tell every move that is in no 2-factor
//! (dropped) and every move that is in all of them (kept for sure). Kept
//! moves form paths; the move joining a path's two ends would close a cycle
//! short of the whole board, so it is dropped too, and so on until nothing
//! changes. When no 2-factor is left, or the kept moves close a short cycle,
//! or the moves left fall apart into two groups or hang on one square (a
//! cut vertex), there is no tour. This is the 2-factor relaxation of the
//! travelling salesman's "circuit" constraint, with its filtering (Régin's
//! for matchings, 1994; Caseau and Laburthe's subtour rule, 1997), used as
//! a proof.
//!
//! What pruning leaves is decided by probing (each move tried kept and
//! dropped, each pruned: a way that leaves no tour settles the move the
//! other way; "singleton consistency" in constraint programming), and
//! then by branching on a move both ways. Probing is what makes it work:
//! the zebra's 12x12 pairs of ends that took over 400,000 branches without
//! it settle in about 450 rounds of pruning with it. Every answer is
//! checked against a brute force in `tests/cli/leapers.rs`.

use crate::theory::factor::{self, Factors};

/// What the pruning came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pruned {
    /// No tour: the reason, in words.
    None(&'static str),
    /// The kept moves make the tour (dense numbers are not returned: the
    /// caller has the start and end it asked about).
    Tour,
    /// Undecided: how many moves are left and how many are kept for sure.
    Open { left: usize, kept: usize },
}

/// What probing came to.
enum Probed {
    /// A trial made a tour.
    Tour(Box<Work>),
    /// Whether it kept or dropped any move.
    Changed(bool),
    /// The budget ran out, or `go_on` said stop.
    Stopped,
}

/// The working graph: dense squares `0..n`, and for an open tour whose
/// ends have one colour, one virtual square `n` joined to both.
#[derive(Clone)]
struct Work {
    /// Each node's moves left (sorted).
    near: Vec<Vec<u32>>,
    /// Each node's kept moves (at most two).
    kept: Vec<Vec<u32>>,
    /// Each node's colour; the virtual square takes the other colour.
    side: Vec<u8>,
}

/// What deciding came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Decided {
    /// No tour: every branch was pruned away.
    None,
    /// A tour (board indices, from the start).
    Tour(Vec<u32>),
    /// The budget ran out.
    Unknown,
}

/// What settling a start has done so far (see [`Factors::settle_more`]).
#[derive(Clone, Debug, Default)]
pub struct Settling {
    /// The ends still to settle (`None` in the list: a closed tour);
    /// `None` before the first call.
    pending: Option<Vec<Option<u32>>>,
    /// How many ends there were.
    ends: usize,
    /// The rounds of pruning taken in all.
    rounds: u64,
}

/// What settling a start came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Settled {
    /// No tour from the start: `ends` squares it could end on (0 for a
    /// closed tour), each pruned away within `rounds` rounds of pruning in all
    /// (over the calls that settled them).
    None { ends: usize, rounds: u64 },
    /// A tour (board indices, from the start), within `rounds`.
    Tour { path: Vec<u32>, rounds: u64 },
    /// Undecided: the budget, `rounds`, ran out (or, for an open tour,
    /// the colour counts allow no end and there is nothing to settle).
    Unknown { rounds: u64 },
}

impl Factors {
    /// The working graph for tours from `start` (closed, or open to
    /// `end`), both board indices; `None` on fewer than three squares.
    fn work(&self, start: u32, end: Option<u32>) -> Option<Work> {
        let (near, side) = self.dense_graph();
        let n = near.len();
        if n < 3 {
            return None;
        }
        let mut w = Work {
            kept: vec![Vec::new(); n],
            near,
            side,
        };
        if let Some(t) = end {
            w.join_ends(self.dense_of(start), self.dense_of(t));
        }
        Some(w)
    }

    /// Prunes the moves of tours from `start` (closed, or open to `end`),
    /// both board indices, until nothing changes.
    pub fn prune(&self, start: u32, end: Option<u32>) -> Pruned {
        match self.work(start, end) {
            Some(mut w) => w.run(),
            None => Pruned::Open { left: 0, kept: 0 },
        }
    }

    /// Like [`Factors::prune`], then, while undecided, each move left is
    /// probed (tried kept and dropped, each pruned: one way ruled out
    /// settles it the other) until probing changes nothing, then one move
    /// is branched on both ways, each decided so again; within `budget`
    /// rounds of pruning.
    pub fn decide(&self, start: u32, end: Option<u32>, budget: &mut u64) -> Decided {
        self.decide_while(start, end, budget, &mut || true)
    }

    /// [`Factors::decide`], going on only while `go_on()` says so (asked
    /// at every round).
    pub fn decide_while(
        &self,
        start: u32,
        end: Option<u32>,
        budget: &mut u64,
        go_on: &mut dyn FnMut() -> bool,
    ) -> Decided {
        let Some(mut w) = self.work(start, end) else {
            return Decided::Unknown;
        };
        match w.decide(budget, go_on) {
            Some(Some(done)) => Decided::Tour(self.walk(&done, start, end)),
            Some(None) => Decided::None,
            None => Decided::Unknown,
        }
    }

    /// Whether tours from `start` (a board index) exist: for an open tour,
    /// each square it could end on by the colour counts is pruned, and
    /// those left are decided (see [`Factors::decide`]), `budget` rounds of
    /// pruning in all. (The search settles a little at a time, by
    /// [`Factors::settle_more`]; the tests settle at once.)
    #[cfg(test)]
    pub fn settle(&self, start: u32, closed: bool, budget: u64) -> Settled {
        let mut settling = Settling::default();
        self.settle_more(&mut settling, start, closed, budget, &mut || true)
    }

    /// Goes on settling a start, `settling` holding what earlier calls
    /// (with the same start and kind of tour) left: the ends not yet
    /// settled. Each call may take `budget` rounds of pruning.
    pub fn settle_more(
        &self,
        settling: &mut Settling,
        start: u32,
        closed: bool,
        budget: u64,
        go_on: &mut dyn FnMut() -> bool,
    ) -> Settled {
        let mut left = budget;
        if settling.pending.is_none() {
            let ends = if closed {
                vec![None]
            } else {
                match self.end_squares(start) {
                    Some(ends) => ends.into_iter().map(Some).collect(),
                    None => return Settled::Unknown { rounds: 0 },
                }
            };
            // Pruning alone first (cheap), then branching on what is left.
            let mut open = Vec::new();
            for &end in &ends {
                if !go_on() {
                    return Settled::Unknown { rounds: 0 };
                }
                match self.prune(start, end) {
                    Pruned::None(_) => {}
                    Pruned::Tour => match self.decide(start, end, &mut 1) {
                        Decided::Tour(path) => return Settled::Tour { path, rounds: 0 },
                        _ => open.push(end),
                    },
                    Pruned::Open { .. } => open.push(end),
                }
            }
            settling.ends = if closed { 0 } else { ends.len() };
            settling.pending = Some(open);
        }
        let pending = settling.pending.as_mut().expect("set above");
        while let Some(&end) = pending.last() {
            let before = left;
            let got = self.decide_while(start, end, &mut left, go_on);
            settling.rounds += before - left;
            match got {
                Decided::None => {
                    pending.pop();
                }
                Decided::Tour(path) => {
                    return Settled::Tour {
                        path,
                        rounds: budget - left,
                    };
                }
                Decided::Unknown => {
                    return Settled::Unknown {
                        rounds: budget - left,
                    };
                }
            }
        }
        Settled::None {
            ends: settling.ends,
            rounds: settling.rounds,
        }
    }

    /// The tour a finished work holds, from `start` (board indices).
    fn walk(&self, done: &Work, start: u32, end: Option<u32>) -> Vec<u32> {
        let n = self.dense_graph().0.len();
        let s = self.dense_of(start);
        let t = end.map(|t| self.dense_of(t));
        // Leave the start away from its end (the virtual square, or the
        // end itself when the two are joined directly).
        let first = done.kept[s as usize]
            .iter()
            .copied()
            .find(|&x| Some(x) != t && (x as usize) < n)
            .expect("a tour leaves its start");
        let mut path = vec![start];
        let (mut prev, mut cur) = (s, first);
        while path.len() < n {
            path.push(self.board_index(cur));
            let next = done.kept[cur as usize]
                .iter()
                .copied()
                .find(|&x| x != prev)
                .expect("two moves a square");
            (prev, cur) = (cur, next);
        }
        path
    }
}

fn insert(list: &mut Vec<u32>, v: u32) {
    if let Err(k) = list.binary_search(&v) {
        list.insert(k, v);
    }
}

fn remove(list: &mut Vec<u32>, v: u32) {
    if let Ok(k) = list.binary_search(&v) {
        list.remove(k);
    }
}

impl Work {
    /// Joins the ends `s` and `t` of an open tour (dense numbers) into a
    /// cycle: directly when their colours differ, else through a virtual
    /// square of the other colour.
    fn join_ends(&mut self, s: u32, t: u32) {
        let w = self;
        let n = w.near.len();
        if w.side[s as usize] == w.side[t as usize] {
            let z = n as u32;
            let other = 1 - w.side[s as usize];
            w.near.push(vec![s.min(t), s.max(t)]);
            w.kept.push(vec![s, t]);
            w.side.push(other);
            for v in [s, t] {
                insert(&mut w.near[v as usize], z);
                w.kept[v as usize].push(z);
            }
        } else {
            // A path from s to t never uses the move s-t itself (unless it
            // is all of it).
            insert(&mut w.near[s as usize], t);
            insert(&mut w.near[t as usize], s);
            w.kept[s as usize].push(t);
            w.kept[t as usize].push(s);
        }
    }

    /// `Some(Some(work))`: a tour, in the work's kept moves;
    /// `Some(None)`: none; `None`: the budget ran out.
    fn decide(
        &mut self,
        budget: &mut u64,
        go_on: &mut dyn FnMut() -> bool,
    ) -> Option<Option<Work>> {
        if *budget == 0 || !go_on() {
            return None;
        }
        *budget -= 1;
        match self.run() {
            Pruned::None(_) => return Some(None),
            Pruned::Tour => return Some(Some(self.clone())),
            Pruned::Open { .. } => {}
        }
        // Probing, until it changes nothing.
        loop {
            match self.probe(budget, go_on) {
                Probed::Tour(done) => return Some(Some(*done)),
                Probed::Stopped => return None,
                Probed::Changed(false) => break,
                Probed::Changed(true) => {
                    if *budget == 0 {
                        return None;
                    }
                    *budget -= 1;
                    match self.run() {
                        Pruned::None(_) => return Some(None),
                        Pruned::Tour => return Some(Some(self.clone())),
                        Pruned::Open { .. } => {}
                    }
                }
            }
        }
        // Branch on a move of the square with the fewest choices left.
        let v = (0..self.near.len())
            .filter(|&v| self.kept[v].len() < 2)
            .min_by_key(|&v| self.near[v].len() - self.kept[v].len())?;
        let u = *self.near[v].iter().find(|u| !self.kept[v].contains(u))?;
        let mut with = self.clone();
        with.keep(v as u32, u);
        match with.decide(budget, go_on) {
            Some(None) => {}
            found => return found,
        }
        self.drop_move(v as u32, u);
        self.decide(budget, go_on)
    }

    /// Tries each move left both ways, each a round of pruning from the
    /// budget: one that pruning rules out kept is dropped, one it rules
    /// out dropped is kept. (A move tried both ways and ruled out both
    /// ways leaves a square without it and not without it: the next
    /// pruning finds none.)
    fn probe(&mut self, budget: &mut u64, go_on: &mut dyn FnMut() -> bool) -> Probed {
        let mut changed = false;
        let m = self.near.len();
        for u in 0..m as u32 {
            for v in self.near[u as usize].clone() {
                if v < u
                    || self.kept[u as usize].contains(&v)
                    || self.near[u as usize].binary_search(&v).is_err()
                {
                    continue;
                }
                for keep in [true, false] {
                    if *budget == 0 || !go_on() {
                        return Probed::Stopped;
                    }
                    *budget -= 1;
                    let mut trial = self.clone();
                    if keep {
                        trial.keep(u, v);
                    } else {
                        trial.drop_move(u, v);
                    }
                    match trial.run() {
                        Pruned::Tour => return Probed::Tour(Box::new(trial)),
                        Pruned::None(_) => {
                            if keep {
                                self.drop_move(u, v);
                            } else {
                                self.keep(u, v);
                            }
                            changed = true;
                            break;
                        }
                        Pruned::Open { .. } => {}
                    }
                }
            }
        }
        Probed::Changed(changed)
    }

    fn drop_move(&mut self, u: u32, v: u32) {
        remove(&mut self.near[u as usize], v);
        remove(&mut self.near[v as usize], u);
    }

    fn keep(&mut self, u: u32, v: u32) {
        if !self.kept[u as usize].contains(&v) {
            self.kept[u as usize].push(v);
            self.kept[v as usize].push(u);
        }
    }

    /// Prunes until nothing changes.
    fn run(&mut self) -> Pruned {
        let m = self.near.len();
        loop {
            if let Some(why) = self.check() {
                return Pruned::None(why);
            }
            let mut changed = self.close_paths();
            if let Some(why) = self.check() {
                return Pruned::None(why);
            }
            // One 2-factor of what is left, with the kept moves in it.
            let Some(pairs) = self.factor() else {
                return Pruned::None("no 2-factor is left");
            };
            // The residual graph: light -> dark along a move not in the
            // factor, dark -> light along one in it.
            let mut arcs: Vec<Vec<u32>> = vec![Vec::new(); m];
            for u in 0..m as u32 {
                for &v in &self.near[u as usize] {
                    if self.kept[u as usize].contains(&v) {
                        continue;
                    }
                    let used = pairs[u as usize].contains(&v);
                    if (self.side[u as usize] == 0) != used {
                        arcs[u as usize].push(v);
                    }
                }
            }
            let part = factor::components(&arcs);
            for u in 0..m as u32 {
                let list = self.near[u as usize].clone();
                for v in list {
                    if v < u || self.kept[u as usize].contains(&v) {
                        continue;
                    }
                    if part[u as usize] != part[v as usize] {
                        changed = true;
                        if pairs[u as usize].contains(&v) {
                            self.keep(u, v);
                        } else {
                            self.drop_move(u, v);
                        }
                    }
                }
            }
            if !changed {
                let left = self.near.iter().map(Vec::len).sum::<usize>() / 2;
                let kept = self.kept.iter().map(Vec::len).sum::<usize>() / 2;
                return if kept == m {
                    Pruned::Tour
                } else {
                    Pruned::Open { left, kept }
                };
            }
        }
    }

    /// A reason there is no tour, seen at once: a square with fewer than
    /// two moves left, or more than two kept, or the moves left in two
    /// groups.
    fn check(&self) -> Option<&'static str> {
        let m = self.near.len();
        if self.near.iter().any(|l| l.len() < 2) {
            return Some("a square is left with fewer than two moves");
        }
        if self.kept.iter().any(|l| l.len() > 2) {
            return Some("a square must take three moves");
        }
        // Depth-first numbering (iterative): the moves left must join all
        // squares, and no square may be a cut vertex, since a cycle
        // through every square stays joined when any one is taken away.
        let mut order = vec![u32::MAX; m];
        let mut low = vec![0u32; m];
        let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
        order[0] = 0;
        let mut count = 1u32;
        let mut root_children = 0;
        let mut cut = false;
        while let Some(&mut (v, ref mut k)) = stack.last_mut() {
            let vi = v as usize;
            if let Some(&u) = self.near[vi].get(*k) {
                *k += 1;
                let ui = u as usize;
                if order[ui] == u32::MAX {
                    order[ui] = count;
                    low[ui] = count;
                    count += 1;
                    if v == 0 {
                        root_children += 1;
                    }
                    stack.push((u, 0));
                } else {
                    low[vi] = low[vi].min(order[ui]);
                }
            } else {
                stack.pop();
                if let Some(&(p, _)) = stack.last() {
                    let pi = p as usize;
                    low[pi] = low[pi].min(low[vi]);
                    if p != 0 && low[vi] >= order[pi] {
                        cut = true;
                    }
                }
            }
        }
        if (count as usize) < m {
            return Some("the moves left fall into two groups");
        }
        (cut || root_children > 1).then_some("one square joins the rest of the moves left")
    }

    /// Drops the move joining the two ends of each path of kept moves
    /// (short of all squares), and keeps both moves of a square that has
    /// only two; true if anything changed. A cycle of kept moves short of
    /// all squares leaves a square with fewer than two moves, which the
    /// next check finds.
    fn close_paths(&mut self) -> bool {
        let m = self.near.len();
        let mut changed = false;
        for v in 0..m as u32 {
            if self.near[v as usize].len() == 2 {
                for u in self.near[v as usize].clone() {
                    if !self.kept[v as usize].contains(&u) {
                        self.keep(v, u);
                        changed = true;
                    }
                }
            }
        }
        let mut seen = vec![false; m];
        for v in 0..m as u32 {
            if seen[v as usize] || self.kept[v as usize].len() != 1 {
                continue;
            }
            // Walk the path from its end v.
            let (mut prev, mut cur, mut len) = (u32::MAX, v, 1);
            seen[v as usize] = true;
            loop {
                let next = self.kept[cur as usize].iter().copied().find(|&x| x != prev);
                match next {
                    Some(x) if !seen[x as usize] => {
                        seen[x as usize] = true;
                        (prev, cur) = (cur, x);
                        len += 1;
                    }
                    _ => break,
                }
            }
            // (A path of two squares is its own move.)
            if len > 2 && len < m && self.near[v as usize].binary_search(&cur).is_ok() {
                self.drop_move(v, cur);
                changed = true;
            }
        }
        for v in 0..m as u32 {
            if seen[v as usize] || self.kept[v as usize].len() != 2 {
                continue;
            }
            // A cycle of kept moves: short of all squares, no tour.
            let (mut prev, mut cur, mut len) = (u32::MAX, v, 0);
            loop {
                seen[cur as usize] = true;
                len += 1;
                let next = self.kept[cur as usize].iter().copied().find(|&x| x != prev);
                match next {
                    Some(x) if x != v && !seen[x as usize] => (prev, cur) = (cur, x),
                    _ => break,
                }
            }
            if len < m {
                // Make the check fail: a square of the cycle keeps its two
                // moves and loses every other, and the cycle is cut off.
                for u in self.near[v as usize].clone() {
                    if !self.kept[v as usize].contains(&u) {
                        self.drop_move(v, u);
                    }
                }
                self.near[v as usize].clear();
                return true;
            }
        }
        changed
    }

    /// A 2-factor containing the kept moves, as each node's two partners.
    fn factor(&self) -> Option<Vec<[u32; 2]>> {
        let m = self.near.len();
        let (source, sink) = (m, m + 1);
        let mut flow = factor::Flow::new(m + 2);
        let (mut want, mut take) = (0, 0);
        for v in 0..m {
            let need = 2 - self.kept[v].len() as u32;
            if self.side[v] == 0 {
                flow.edge(source, v, need);
                want += need;
                for &u in &self.near[v] {
                    if !self.kept[v].contains(&u) {
                        flow.edge(v, u as usize, 1);
                    }
                }
            } else {
                flow.edge(v, sink, need);
                take += need;
            }
        }
        // Both colours must have their moves: as many on each side.
        if take != want || flow.max(source, sink) < want {
            return None;
        }
        let mut pairs = vec![[u32::MAX; 2]; m];
        let mut add = |u: usize, v: usize| {
            for (a, b) in [(u, v), (v, u)] {
                let k = usize::from(pairs[a][0] != u32::MAX);
                pairs[a][k] = b as u32;
            }
        };
        for v in 0..m {
            for &u in &self.kept[v] {
                if (u as usize) > v {
                    add(v, u as usize);
                }
            }
        }
        for v in 0..m {
            if self.side[v] != 0 {
                continue;
            }
            for (to, used) in flow.used_from(v) {
                if used && to < m {
                    add(v, to);
                }
            }
        }
        Some(pairs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Geometry, Square, Surface};

    /// Settling by calls with doubling budgets, each going on from the
    /// last, comes to the answer one call with a big budget gives.
    #[test]
    fn settling_goes_on_where_it_stopped() {
        let mut most = 0;
        for (leaper, rows, cols, start, closed) in [
            ("knight", 6, 6, Square::new(0, 0), true),
            ("knight", 5, 6, Square::new(0, 1), false),
            ("zebra", 9, 9, Square::new(4, 4), false),
            ("giraffe", 6, 8, Square::new(0, 0), false),
        ] {
            let g = Geometry::new(leaper.parse().unwrap(), Surface::Plane);
            let board = Board::with_geometry(rows, cols, &[], g).unwrap();
            let what = format!("{} from {start}", board.describe());
            let factors = Factors::new(&board).unwrap();
            let s = board.index(start);
            let once = factors.settle(s, closed, 1_000_000);
            let mut settling = Settling::default();
            let mut calls = 0;
            let stepwise = loop {
                let got = factors.settle_more(&mut settling, s, closed, 1 << calls, &mut || true);
                calls += 1;
                match got {
                    Settled::Unknown { rounds } => {
                        assert!(rounds <= 1 << (calls - 1), "{what}")
                    }
                    done => break done,
                }
                assert!(calls < 30, "{what}: not settled");
            };
            match (&once, &stepwise) {
                (Settled::None { ends: a, .. }, Settled::None { ends: b, .. }) => {
                    assert_eq!(a, b, "{what}")
                }
                (Settled::Tour { path: a, .. }, Settled::Tour { path: b, .. }) => {
                    for p in [a, b] {
                        crate::tour::check_indices(&board, p, closed).expect(&what);
                    }
                }
                _ => panic!("{what}: {once:?} against {stepwise:?}"),
            }
            most = most.max(calls);
        }
        assert!(most > 3, "every case settled in {most} calls");
    }
}
