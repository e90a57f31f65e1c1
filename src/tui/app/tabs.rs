//! Moving between the modes: Tab's cycle (search, replay, play) and a
//! click on a tab, each as the mode's keys would bring it.

use super::{App, Effect, Replay, RunState, Tab};

impl App {
    /// Tab: search -> replay (of the tour loaded, else of the tour just
    /// found; skipped when there is none) -> play -> search.
    pub(super) fn next_mode(&mut self) -> Vec<Effect> {
        match self.tab() {
            Tab::Search => {
                if let Some(fx) = self.replay_search() {
                    return fx;
                }
                if self.modes.switch(Tab::Replay) {
                    self.info("replay");
                    return Vec::new();
                }
                self.enter_play()
            }
            Tab::Replay => self.enter_play(),
            // The tabs' order: search, replay, play, race, and round.
            Tab::Play => self.open_tab(Tab::Race),
            Tab::Race => self.open_tab(Tab::Search),
        }
    }

    /// The search's tour replayed, when it found one not shown yet.
    fn replay_search(&mut self) -> Option<Vec<Effect>> {
        let new = self.search.state == RunState::Found
            && self
                .modes
                .replay()
                .is_none_or(|r| !r.legal.same_path(&self.search.trail));
        if !new {
            return None;
        }
        let name = "the search's tour";
        let made_by = Some(self.spec.search_name());
        let r = match self.search.trail.compact() {
            Some(tour) => Replay::of_compact(name, self.spec.board(), tour.clone(), made_by),
            None => Replay::of_path(
                name,
                self.spec.board(),
                &self.search.trail.to_vec(),
                self.spec.closed(),
                made_by,
            ),
        };
        Some(self.open_replay(r))
    }

    /// Back to the search (started now if the app began in another mode).
    fn back_to_search(&mut self) -> Vec<Effect> {
        self.modes.switch(Tab::Search);
        self.info("search");
        if self.search.generation == 0 {
            return self.start();
        }
        Vec::new()
    }

    /// A click on the tab of `tab`: that mode, as its keys would bring it
    /// (a race from the search; a replay of the search's tour or the one
    /// kept; the game kept or a new one).
    pub(super) fn open_tab(&mut self, tab: Tab) -> Vec<Effect> {
        if self.tab() == tab {
            return Vec::new();
        }
        let mut fx = Vec::new();
        if self.tab() == Tab::Race {
            fx.extend(self.end_race());
        }
        match tab {
            Tab::Search if self.tab() != Tab::Search => fx.extend(self.back_to_search()),
            Tab::Search => {}
            // The race starts side A's search again: no need to start
            // it first.
            Tab::Race => {
                self.modes.switch(Tab::Search);
                fx.extend(self.start_race());
            }
            Tab::Play => fx.extend(self.enter_play()),
            Tab::Replay => match self.replay_search() {
                Some(more) => fx.extend(more),
                None if self.modes.switch(Tab::Replay) => self.info("replay"),
                None => self.refuse(
                    "nothing to replay yet: the search has found no tour, and no file is open",
                ),
            },
        }
        fx
    }
}
