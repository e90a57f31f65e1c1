//! Puzzles in play: `p` asks for a new one on the game's board, made off
//! the app's thread; the game it replaces comes back with `u`.

use std::sync::Arc;

use knight_engine::puzzle::{Difficulty, Request, SIDES};

use super::{App, Effect};
use crate::tui::game::Game;
use knight_engine::puzzle::Clues;

impl App {
    /// `p`: a new puzzle on the game's board, at the puzzle's difficulty
    /// (medium from a plain game); the next seed after a known one, the
    /// day's from a plain game.
    pub(super) fn new_puzzle(&mut self) -> Vec<Effect> {
        let Some(g) = self.modes.game() else {
            return Vec::new();
        };
        let b = g.board();
        let (rows, cols) = (b.rows(), b.cols());
        let geometry = b.geometry();
        let refusal = if !SIDES.contains(&rows) || !SIDES.contains(&cols) {
            Some(format!(
                "puzzles are made on boards of {} to {} rows and columns, not {}",
                SIDES.start(),
                SIDES.end(),
                b.describe()
            ))
        } else if !geometry.is_knight_plane() {
            Some("puzzles are for the knight on the plane".into())
        } else if !b.blocked().is_empty() && g.clues.is_none() {
            Some("puzzles are made on boards without blocked squares".into())
        } else {
            None
        };
        if let Some(why) = refusal {
            self.refuse(why);
            return Vec::new();
        }
        let (difficulty, seed) = match &g.clues {
            Some(c) => (
                c.difficulty.unwrap_or(Difficulty::Medium),
                c.seed.map_or(self.day, |s| s.wrapping_add(1)),
            ),
            None => (Difficulty::Medium, self.day),
        };
        let request = Request {
            rows,
            cols,
            closed: g.closed(),
            difficulty,
            seed,
        };
        self.position += 1;
        self.info(format!("making a {difficulty} puzzle on {}…", b.describe()));
        vec![Effect::MakePuzzle {
            generation: self.position,
            request,
        }]
    }

    /// The puzzle asked for is made: it replaces the game (`u` brings the
    /// game back while the puzzle has no move of the player's).
    pub(super) fn puzzle_made(
        &mut self,
        position: u64,
        made: Result<Arc<Clues>, String>,
    ) -> Vec<Effect> {
        if position != self.position {
            return Vec::new();
        }
        let clues = match made {
            Ok(c) => c,
            Err(why) => {
                self.refuse(format!("no puzzle: {why}"));
                return Vec::new();
            }
        };
        let mut fresh = Game::puzzle(clues);
        if let Some(old) = self.modes.take_game() {
            fresh.hints = old.hints;
            if old.moves_made() > 0 {
                fresh.before = Some(old);
            }
        }
        let back = if fresh.before.is_some() {
            super::play::undo_back()
        } else {
            String::new()
        };
        let effects = self.open_game(fresh);
        if let Some(msg) = self.message().filter(|_| !back.is_empty()) {
            let msg = format!("{msg}{back}");
            self.info(msg);
        }
        effects
    }
}
