//! The monitor of a count: stops it at the tours wanted or on cancel, and
//! adds the tours found to a live counter a batch at a time.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use crate::solver::Flow;
use crate::solver::find::search::{Monitor, Search};

/// Stops the count once `max` tours (with their weight) are reached.
pub(super) struct Tally<'c> {
    pub(super) base: u64,
    pub(super) weight: u64,
    pub(super) max: u64,
    pub(super) cancel: &'c AtomicBool,
    /// Where to add each tour (times the weight) as it is found, if anywhere.
    pub(super) live: Option<&'c AtomicU64>,
    /// Tours (times the weight) found and not yet added to `live`: added a
    /// batch at a time, so the cores do not queue for one counter.
    pub(super) pending: u64,
}

/// Tours a [`Tally`] keeps before it adds them to its live counter.
const LIVE_BATCH: u64 = 1 << 12;

impl Tally<'_> {
    /// Adds the tours not yet added to the live counter.
    pub(super) fn flush(&mut self) {
        if let Some(live) = self.live {
            live.fetch_add(self.pending, Ordering::Relaxed);
        }
        self.pending = 0;
    }
}

impl Monitor for Tally<'_> {
    #[inline]
    fn looks_every(&self) -> Option<u64> {
        Some(0x1000)
    }
    #[inline]
    fn looks_at_backs(&self) -> bool {
        false
    }
    #[inline]
    fn on_node(&mut self, s: &Search) -> Flow {
        if s.stats.nodes & 0xfff == 0 && self.cancel.load(Ordering::Relaxed) {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }
    fn on_tour(&mut self, s: &Search) -> Flow {
        self.pending += self.weight;
        if self.pending >= LIVE_BATCH {
            self.flush();
        }
        if self.base + self.weight * s.stats.tours >= self.max {
            Flow::Stop
        } else {
            Flow::Continue
        }
    }
}
