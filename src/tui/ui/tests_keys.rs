//! Every key named on screen comes from the key table: with every command
//! rebound (as `[keys]` in config.toml does), no screen names a key it no
//! longer has, in the hint bar, the help, a question's box or a message.

use std::collections::HashSet;

use super::tests::{app, buffer, screen};
use super::*;
use crate::tui::app::{Action, Mode};
use crate::tui::keymap::{BINDINGS, Command, NAMES, bindings, rebound, set_here};
use knight_engine::board::Square;
use knight_engine::solver::Tours;

/// Each rebindable command on a Greek letter of its own.
fn greek() -> Vec<(String, String)> {
    let letters = ('α'..='ω').filter(|&c| c != 'ς').chain('Α'..='Ω');
    NAMES
        .iter()
        .zip(letters)
        .map(|(&(name, _), c)| (name.to_string(), c.to_string()))
        .collect()
}

/// The texts drawn in the key style (the hint bar's, the help's and a
/// question's keys), word by word.
fn keys_drawn(buf: &ratatui::buffer::Buffer, theme: &Theme) -> HashSet<String> {
    let style = theme.key();
    let mut out = HashSet::new();
    for y in 0..buf.area.height {
        let mut run = String::new();
        for x in 0..buf.area.width {
            let cell = &buf[(x, y)];
            let keyed =
                Some(cell.fg) == style.fg && cell.modifier.contains(ratatui::style::Modifier::BOLD);
            if keyed {
                run.push_str(cell.symbol());
            } else if !run.is_empty() {
                out.extend(run.split_whitespace().map(str::to_string));
                run.clear();
            }
        }
        out.extend(run.split_whitespace().map(str::to_string));
    }
    out
}

#[test]
fn with_every_key_rebound_no_screen_names_an_old_one() {
    set_here(rebound(&greek()).expect("46 keys of their own"));
    // The names the table had and has no more.
    let old: HashSet<String> = BINDINGS
        .iter()
        .flat_map(|b| b.keys.iter().map(|(k, _)| k.name()))
        .filter(|n| {
            !bindings()
                .iter()
                .any(|b| b.keys.iter().any(|(k, _)| k.name() == *n))
        })
        .collect();
    for name in ["Space", "Esc", "Enter", "Tab", "q", "?", "M", "u", "y"] {
        assert!(old.contains(name), "{name} is rebound");
    }
    let theme = Theme::default();
    let mut screens: Vec<(String, String, HashSet<String>)> = Vec::new();
    let mut look = |what: &str, a: &crate::tui::app::App| {
        for (w, h) in [(80, 24), (120, 40), (200, 60)] {
            let buf = buffer(a, w, h, &theme);
            let text = screen(a, w, h, &theme);
            let message = a.message().unwrap_or_default().to_string();
            screens.push((
                format!("{what} at {w}x{h}"),
                text + "\n" + &message,
                keys_drawn(&buf, &theme),
            ));
        }
    };
    // Watching, stepping while it runs, the help, the settings, a count's
    // question, the log.
    let mut a = app(8);
    look("search", &a);
    a.update(Action::Key(Command::Step));
    look("a step while running", &a);
    a.update(Action::Key(Command::Help));
    look("help", &a);
    a.update(Action::Key(Command::Back));
    a.update(Action::Key(Command::Settings));
    look("settings", &a);
    a.update(Action::Key(Command::Back));
    a.update(Action::Key(Command::Log));
    look("log", &a);
    a.update(Action::Key(Command::Back));
    // Play: before the knight is placed, a refusal, then the quit question.
    let g = crate::tui::game::Game::new(Tours::open(a.spec.board().clone()), None);
    a.modes.show(Mode::Play(Box::new(g)));
    look("play", &a);
    a.update(Action::Key(Command::Finish));
    look("finish before the knight", &a);
    let g =
        crate::tui::game::Game::new(Tours::open(a.spec.board().clone()), Some(Square::new(0, 0)));
    a.modes.show(Mode::Play(Box::new(g)));
    a.update(Action::Key(Command::Pick(1)));
    a.update(Action::Key(Command::Quit));
    look("the quit question", &a);
    a.update(Action::Key(Command::Back));
    // A race.
    a.update(Action::ToTab(crate::tui::app::Tab::Race));
    look("race", &a);
    for (what, text, keys) in &screens {
        let stale: Vec<&String> = keys.iter().filter(|k| old.contains(*k)).collect();
        assert!(stale.is_empty(), "{what}: keys {stale:?} drawn\n{text}");
        for word in ["Space", "Esc", "Enter", "Tab"] {
            assert!(!text.contains(word), "{what}: says {word}\n{text}");
        }
    }
    // The new keys are there: help lists them all.
    let help = &screens
        .iter()
        .find(|(w, _, _)| w.starts_with("help at 200"))
        .unwrap()
        .1;
    for c in ['α', 'β', 'γ'] {
        assert!(help.contains(c), "{c} in the help\n{help}");
    }
}

#[test]
fn a_clash_or_an_unknown_name_is_refused_naming_both() {
    let pairs = |p: &[(&str, &str)]| -> Vec<(String, String)> {
        p.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    };
    let e = rebound(&pairs(&[("quit", "h")])).unwrap_err().to_string();
    assert_eq!(e, "keys.quit: h is hints's key already (rebind hints too)");
    // Both moved: no clash.
    assert!(rebound(&pairs(&[("quit", "h"), ("hints", "Q")])).is_ok());
    let e = rebound(&pairs(&[("qiut", "Q")])).unwrap_err().to_string();
    assert!(e.contains("did you mean 'quit'"), "{e}");
    let e = rebound(&pairs(&[("quit", "Hyper")]))
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("keys.quit: 'Hyper' is not a key"), "{e}");
    let keys = rebound(&pairs(&[("pause", "F5"), ("force-quit", "Ctrl-X")])).unwrap();
    let names: Vec<String> = keys.iter().map(|b| b.label()).collect();
    assert!(names.iter().any(|n| n.contains("F5")), "{names:?}");
    assert!(names.iter().any(|n| n.contains("Ctrl-X")), "{names:?}");
}
