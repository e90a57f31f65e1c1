//! The terminal app. Data flows one way:
//!
//! ```text
//! terminal events ─► input::decode ─► Action ─► App::update ─► Effect ─► effects (threads, files)
//!                                        ▲                                   │
//!                                        └──────── Action (answers) ◄───────┘
//! App ─► ui (widgets read the state, change nothing) ─► the screen
//! ```
//!
//! State types at the bottom import nothing above them: [`trail`], [`run`],
//! [`viewport`], [`game`], [`replay`], [`settings`]; [`keymap`] is the one
//! table of keys; [`app`] holds the state and its handlers; [`ui`] draws
//! it; [`runtime`] and [`effects`] connect it to the terminal and threads.

pub mod app;
pub mod complete;
pub mod effects;
pub mod frame;
pub mod game;
pub mod input;
pub mod keymap;
pub mod notation;
pub mod replay;
pub mod rewind;
pub mod runtime;
pub mod saving;
pub mod settings;
pub mod shared;
#[cfg(test)]
pub mod testing;
pub mod theme;
pub mod trail;
pub mod ui;
pub mod viewport;
pub mod watched;

use knight_engine::spec::Spec;

use crate::config::Config;
use app::{App, Mode};
use game::Game;
use replay::Replay;
use theme::Theme;

/// How the app opens.
pub enum Launch {
    /// Watching the search of the spec.
    Search,
    /// Replaying a tour (the spec's search starts on the first Tab to it).
    Replay(Box<Replay>),
    /// Playing a game by hand.
    Play(Box<Game>),
    /// Racing the spec's search (left) against this one (right).
    Race(Box<Spec>),
}

/// Runs the app on `spec` with the configuration's speed, folder and theme.
pub fn run(spec: Spec, config: &Config, launch: Launch) -> color_eyre::Result<()> {
    let mut app = App::new(spec, config.app.speed, config.app.save_dir.clone());
    app.drawing = config.app.drawing;
    app.labels = config.app.labels;
    app.day = crate::clock::day_number().0;
    match launch {
        Launch::Search => {}
        Launch::Replay(r) => {
            // Nothing runs yet to stop: the launch has no effects of its own.
            let _ = app.open_replay(*r);
        }
        Launch::Race(rival) => app.open_race(*rival),
        Launch::Play(g) => {
            // A puzzle is read by its squares' names: files and ranks.
            app.labels |= g.clues.is_some();
            app.modes.show(Mode::Play(g));
        }
    }
    runtime::run(app, Theme::from_config(config))
}
