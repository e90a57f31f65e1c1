//! What the app shows, and the work each mode owns: a replay always has its
//! tour, a race its second side. The replay and the game are kept while
//! another mode is shown, and come back as they were left (Tab); a race
//! ends when its mode does.

use super::race::Race;
use crate::tui::game::Game;
use crate::tui::replay::Replay;

/// The mode shown, with its work.
#[derive(Debug)]
pub enum Mode {
    /// The search of the app's spec, watched.
    Search,
    Replay(Box<Replay>),
    /// A game played by hand.
    Play(Box<Game>),
    /// Two searches side by side: this is the right one (B).
    Race(Box<Race>),
}

/// Which mode is shown, without its work: the tabs, the keys that apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    Search,
    Replay,
    Play,
    Race,
}

impl Mode {
    pub fn tab(&self) -> Tab {
        match self {
            Mode::Search => Tab::Search,
            Mode::Replay(_) => Tab::Replay,
            Mode::Play(_) => Tab::Play,
            Mode::Race(_) => Tab::Race,
        }
    }
}

/// The mode shown, and the replay and game set aside while it is another.
/// The fields are private: the mode changes only through these methods,
/// so a piece of work is in one place, shown or kept.
#[derive(Debug)]
pub struct Modes {
    shown: Mode,
    replay: Option<Box<Replay>>,
    game: Option<Box<Game>>,
}

impl Default for Modes {
    fn default() -> Modes {
        Modes {
            shown: Mode::Search,
            replay: None,
            game: None,
        }
    }
}

impl Modes {
    pub fn shown(&self) -> &Mode {
        &self.shown
    }

    pub fn tab(&self) -> Tab {
        self.shown.tab()
    }

    /// Shows `mode`. The replay or game shown before is kept; a race
    /// ends; a new replay or game takes the place of the one kept.
    pub fn show(&mut self, mode: Mode) {
        match &mode {
            Mode::Replay(_) => self.replay = None,
            Mode::Play(_) => self.game = None,
            Mode::Search | Mode::Race(_) => {}
        }
        let tab = mode.tab();
        match std::mem::replace(&mut self.shown, mode) {
            Mode::Replay(r) if tab != Tab::Replay => self.replay = Some(r),
            Mode::Play(g) if tab != Tab::Play => self.game = Some(g),
            _ => {}
        }
    }

    /// Shows the search, or the replay or game kept: false (and nothing
    /// changed) when there is none to bring back. A race is never kept.
    pub fn switch(&mut self, tab: Tab) -> bool {
        let mode = match tab {
            Tab::Search => Mode::Search,
            Tab::Replay => match self.replay.take() {
                Some(r) => Mode::Replay(r),
                None => return false,
            },
            Tab::Play => match self.game.take() {
                Some(g) => Mode::Play(g),
                None => return false,
            },
            Tab::Race => return false,
        };
        self.show(mode);
        true
    }

    /// The replay, shown or kept.
    pub fn replay(&self) -> Option<&Replay> {
        match &self.shown {
            Mode::Replay(r) => Some(r),
            _ => self.replay.as_deref(),
        }
    }

    /// The game, shown or kept.
    pub fn game(&self) -> Option<&Game> {
        match &self.shown {
            Mode::Play(g) => Some(g),
            _ => self.game.as_deref(),
        }
    }

    /// The game, shown or kept.
    pub fn game_mut(&mut self) -> Option<&mut Game> {
        match &mut self.shown {
            Mode::Play(g) => Some(g),
            _ => self.game.as_deref_mut(),
        }
    }

    /// The replay, while it is shown.
    pub fn replaying_mut(&mut self) -> Option<&mut Replay> {
        match &mut self.shown {
            Mode::Replay(r) => Some(r),
            _ => None,
        }
    }

    /// The race's right side, while the race is shown.
    pub fn race(&self) -> Option<&Race> {
        match &self.shown {
            Mode::Race(r) => Some(r),
            _ => None,
        }
    }

    pub fn race_mut(&mut self) -> Option<&mut Race> {
        match &mut self.shown {
            Mode::Race(r) => Some(r),
            _ => None,
        }
    }

    /// The game, shown or kept, taken away (a game shown leaves the
    /// search shown in its place): a new puzzle keeps the old game inside
    /// the new one.
    pub fn take_game(&mut self) -> Option<Box<Game>> {
        if !matches!(self.shown, Mode::Play(_)) {
            return self.game.take();
        }
        match std::mem::replace(&mut self.shown, Mode::Search) {
            Mode::Play(g) => Some(g),
            _ => None,
        }
    }

    /// The game shown, replaced by what `f` makes of it (a restart keeps
    /// the old game inside the new one); nothing when no game is shown.
    pub fn remake_game(&mut self, f: impl FnOnce(Game) -> Game) {
        if !matches!(self.shown, Mode::Play(_)) {
            return;
        }
        if let Mode::Play(old) = std::mem::replace(&mut self.shown, Mode::Search) {
            self.shown = Mode::Play(Box::new(f(*old)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use knight_engine::board::Board;
    use knight_engine::solver::Tours;

    fn game() -> Game {
        Game::new(Tours::open(Board::new(5, 5, &[]).expect("5x5")), None)
    }

    #[test]
    fn work_is_kept_while_another_mode_is_shown_and_comes_back() {
        let mut m = Modes::default();
        assert!(!m.switch(Tab::Play), "no game to bring back");
        assert_eq!(m.tab(), Tab::Search);
        m.show(Mode::Play(Box::new(game())));
        assert!(m.switch(Tab::Search));
        assert_eq!(m.tab(), Tab::Search);
        assert!(m.game().is_some(), "kept");
        assert!(!matches!(m.shown(), Mode::Play(_)), "not shown");
        assert!(m.switch(Tab::Play));
        assert!(matches!(m.shown(), Mode::Play(_)));
        assert!(!m.switch(Tab::Race), "a race is never kept");
        assert_eq!(m.tab(), Tab::Play);
    }

    #[test]
    fn a_new_game_takes_the_place_of_the_one_kept() {
        let mut m = Modes::default();
        m.show(Mode::Play(Box::new(game())));
        let mut second = game();
        second.cursor = knight_engine::board::Square::new(2, 2);
        m.switch(Tab::Search);
        m.show(Mode::Play(Box::new(second)));
        m.switch(Tab::Search);
        let kept = m.game().map(|g| g.cursor);
        assert_eq!(kept, Some(knight_engine::board::Square::new(2, 2)));
    }
}
