//! A maximum flow by Dinic's algorithm: the 2-factor is one, and so is
//! the count of tour moves a set of squares can have.

/// A flow network with unit and small capacities (Dinic's algorithm).
pub(crate) struct Flow {
    pub(super) to: Vec<usize>,
    pub(super) cap: Vec<u32>,
    /// The capacity each edge started with (0 for the reverse edges).
    given: Vec<u32>,
    pub(super) out: Vec<Vec<usize>>,
}

impl Flow {
    pub(crate) fn new(nodes: usize) -> Flow {
        Flow {
            to: Vec::new(),
            cap: Vec::new(),
            given: Vec::new(),
            out: vec![Vec::new(); nodes],
        }
    }

    pub(crate) fn edge(&mut self, from: usize, to: usize, cap: u32) {
        for (a, b, c) in [(from, to, cap), (to, from, 0)] {
            self.out[a].push(self.to.len());
            self.to.push(b);
            self.cap.push(c);
            self.given.push(c);
        }
    }

    /// The forward edges out of `v`: where each goes and whether it
    /// carries flow.
    pub(crate) fn used_from(&self, v: usize) -> impl Iterator<Item = (usize, bool)> + '_ {
        self.out[v]
            .iter()
            .filter(|&&e| self.given[e] > 0)
            .map(|&e| (self.to[e], self.used(e)))
    }

    /// Whether edge `e` is a forward edge that carries flow.
    pub(super) fn used(&self, e: usize) -> bool {
        self.given[e] > self.cap[e]
    }

    /// The nodes `from` reaches by edges with capacity left.
    pub(super) fn reach(&self, from: usize) -> Vec<bool> {
        let mut seen = vec![false; self.out.len()];
        seen[from] = true;
        let mut stack = vec![from];
        while let Some(v) = stack.pop() {
            for &e in &self.out[v] {
                let u = self.to[e];
                if self.cap[e] > 0 && !seen[u] {
                    seen[u] = true;
                    stack.push(u);
                }
            }
        }
        seen
    }

    pub(crate) fn max(&mut self, source: usize, sink: usize) -> u32 {
        let nodes = self.out.len();
        let mut total = 0;
        let mut level = vec![u32::MAX; nodes];
        let mut next = vec![0usize; nodes];
        loop {
            // Levels by breadth-first search.
            level.fill(u32::MAX);
            level[source] = 0;
            let mut queue = std::collections::VecDeque::from([source]);
            while let Some(v) = queue.pop_front() {
                for &e in &self.out[v] {
                    let u = self.to[e];
                    if self.cap[e] > 0 && level[u] == u32::MAX {
                        level[u] = level[v] + 1;
                        queue.push_back(u);
                    }
                }
            }
            if level[sink] == u32::MAX {
                return total;
            }
            next.fill(0);
            // Unit paths along the levels, found without recursion.
            let mut path: Vec<usize> = Vec::new();
            let mut v = source;
            loop {
                if v == sink {
                    for &e in &path {
                        self.cap[e] -= 1;
                        self.cap[e ^ 1] += 1;
                    }
                    total += 1;
                    path.clear();
                    v = source;
                    continue;
                }
                let mut moved = false;
                while next[v] < self.out[v].len() {
                    let e = self.out[v][next[v]];
                    let u = self.to[e];
                    if self.cap[e] > 0 && level[u] == level[v] + 1 {
                        path.push(e);
                        v = u;
                        moved = true;
                        break;
                    }
                    next[v] += 1;
                }
                if !moved {
                    if v == source {
                        break;
                    }
                    // A dead end: leave it out of this round.
                    level[v] = u32::MAX;
                    let e = path.pop().expect("not at the source");
                    v = self.to[e ^ 1];
                    next[v] += 1;
                }
            }
        }
    }
}
