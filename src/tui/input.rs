//! The input decoder: one terminal event in, at most one [`Action`] out.
//! Pure (the screen size comes in as a value), so it is tested without a
//! terminal.

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::layout::Rect;

use super::app::{Action, App};
use super::keymap::{Command, Context, command_anywhere, command_for};
use super::ui;

/// The key presses one terminal event stands for. No key of the app uses
/// Alt, and a terminal sends Alt+s as Esc then s: so an Esc typed just
/// before another key (quick fingers, or a slow link that joins them) is
/// read as Esc, then that key, never as one Alt key lost.
pub fn split(event: Event) -> impl Iterator<Item = Event> {
    let esc = match &event {
        Event::Key(k) if k.modifiers.contains(KeyModifiers::ALT) => Some(Event::Key(KeyEvent {
            code: KeyCode::Esc,
            modifiers: KeyModifiers::NONE,
            kind: k.kind,
            state: k.state,
        })),
        _ => None,
    };
    let event = match event {
        Event::Key(mut k) if esc.is_some() => {
            k.modifiers.remove(KeyModifiers::ALT);
            Event::Key(k)
        }
        e => e,
    };
    esc.into_iter().chain(std::iter::once(event))
}

/// What a terminal event means to the app on a screen of `screen`.
pub fn decode(event: &Event, app: &App, screen: Rect) -> Option<Action> {
    match event {
        // Only presses: some terminals report releases and repeats too.
        Event::Key(key) if key.kind == KeyEventKind::Press => {
            let context = app.context();
            // The file prompt takes text; Enter, Esc and Ctrl-C go through the table.
            if context == Context::Prompt {
                match key.code {
                    KeyCode::Char(c) if !key.modifiers.contains(KeyModifiers::CONTROL) => {
                        return Some(Action::Type(c));
                    }
                    KeyCode::Backspace => return Some(Action::Erase),
                    KeyCode::Char('u') => return Some(Action::EraseLine),
                    KeyCode::Char('w') => return Some(Action::EraseWord),
                    _ => {}
                }
            }
            // The help's own keys (scrolling) first while it is on top.
            let help = (app.help_open() || app.log_open())
                .then(|| command_for(*key, Context::Help))
                .flatten();
            let command = help.or_else(|| command_for(*key, context));
            // Too small to be drawn, the app takes only quitting and the
            // question that may come of it: no key acts unseen.
            if !ui::fits(screen)
                && context != Context::Confirm
                && !matches!(command, Some(Command::Quit | Command::ForceQuit))
            {
                return None;
            }
            let Some(command) = command else {
                // A key of the table that does nothing here says where it
                // works (not over a question or in the prompt's text).
                if matches!(context, Context::Prompt | Context::Confirm) {
                    return None;
                }
                return command_anywhere(*key).map(Action::NotHere);
            };
            match command {
                // The level to jump to depends on the screen: found here.
                Command::ZoomJump => Some(Action::ZoomTo(ui::jump_level(screen, app))),
                // So is the drawing that changes the picture.
                Command::NextDrawing => Some(Action::DrawAs(ui::next_drawing(screen, app))),
                c => Some(Action::Key(c)),
            }
        }
        Event::Mouse(_) if !ui::fits(screen) => None,
        Event::Mouse(m) => {
            // Only clicks and the wheel matter: moves (reported too while
            // the mouse is captured) cost nothing.
            let (up, click) = match m.kind {
                MouseEventKind::ScrollUp => (true, None),
                MouseEventKind::ScrollDown => (false, None),
                MouseEventKind::Down(b @ (MouseButton::Left | MouseButton::Right)) => {
                    (false, Some(b))
                }
                _ => return None,
            };
            if click == Some(MouseButton::Left)
                && let Some(tab) = ui::tab_at(screen, app, m.column, m.row)
            {
                return Some(Action::ToTab(tab));
            }
            let at = ui::square_at(screen, app, m.column, m.row);
            match (click, at) {
                (None, _) => Some(Action::Wheel(at, up)),
                (Some(button), Some(sq)) => Some(Action::Click(sq, button)),
                // A row of the replay's move list: jump there.
                (Some(MouseButton::Left), None) => {
                    ui::move_at(screen, app, m.column, m.row).map(Action::Jump)
                }
                (Some(_), None) => None,
            }
        }
        Event::Resize(w, h) => Some(Action::Resize(*w, *h)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyEvent, KeyEventState, MouseEvent};
    use knight_engine::board::Board;
    use knight_engine::solver::Tours;

    fn app() -> App {
        App::new(
            crate::tui::testing::spec(Board::new(8, 8, &[]).unwrap()),
            0,
            "/tmp".into(),
        )
    }

    fn key(code: KeyCode, mods: KeyModifiers, kind: KeyEventKind) -> Event {
        Event::Key(KeyEvent {
            code,
            modifiers: mods,
            kind,
            state: KeyEventState::NONE,
        })
    }

    fn mouse(kind: MouseEventKind, column: u16, row: u16) -> Event {
        Event::Mouse(MouseEvent {
            kind,
            column,
            row,
            modifiers: KeyModifiers::NONE,
        })
    }

    const SCREEN: Rect = Rect::new(0, 0, 120, 40);

    /// Every key of the table answers in every mode: with its command
    /// there, else with where it works (h, x, w and others said nothing
    /// while watching the search).
    #[test]
    fn every_key_of_the_table_answers_in_every_mode() {
        use crate::tui::app::{Mode, Tab};
        use crate::tui::keymap::BINDINGS;
        let screen = Rect::new(0, 0, 120, 40);
        let board = Board::new(8, 8, &[]).unwrap();
        let search = crate::tui::testing::app_on(board.clone());
        let mut race = crate::tui::testing::app_on(board.clone());
        race.update(Action::ToTab(Tab::Race));
        let mut replay = crate::tui::testing::app_on(board.clone());
        let r = crate::tui::replay::Replay::of_path("t", &board, &[0, 10], false, None);
        replay.modes.show(Mode::Replay(Box::new(r)));
        let mut play = crate::tui::testing::app_on(board.clone());
        let game = crate::tui::game::Game::new(Tours::open(board.clone()), None);
        play.modes.show(Mode::Play(Box::new(game)));
        let modes = [
            ("search", &search),
            ("race", &race),
            ("replay", &replay),
            ("play", &play),
        ];
        for (name, a) in modes {
            for b in BINDINGS {
                for (k, _) in b.keys {
                    let event = key(k.code, k.mods, KeyEventKind::Press);
                    let answer = decode(&event, a, screen);
                    assert!(answer.is_some(), "{name}: {} ({})", k.name(), b.help);
                }
            }
        }
        // Said, with where it works.
        let mut a = crate::tui::testing::app_on(board);
        let h = key(KeyCode::Char('h'), KeyModifiers::NONE, KeyEventKind::Press);
        let action = decode(&h, &a, screen).expect("an answer");
        a.update(action);
        let said = a.message().unwrap_or_default().to_string();
        assert!(
            said.starts_with("h works in play, not while watching the search"),
            "{said}"
        );
    }

    #[test]
    fn keys_become_commands_and_releases_nothing() {
        let mut a = app();
        let press = |c| key(KeyCode::Char(c), KeyModifiers::NONE, KeyEventKind::Press);
        assert!(matches!(
            decode(&press(' '), &a, SCREEN),
            Some(Action::Key(Command::Pause))
        ));
        let release = key(
            KeyCode::Char(' '),
            KeyModifiers::NONE,
            KeyEventKind::Release,
        );
        assert!(decode(&release, &a, SCREEN).is_none());
        let shift_right = key(KeyCode::Right, KeyModifiers::SHIFT, KeyEventKind::Press);
        assert!(matches!(
            decode(&shift_right, &a, SCREEN),
            Some(Action::Key(Command::Pan(0, 1)))
        ));
        // In the file prompt, letters are text, Backspace erases, Enter opens.
        a.update(Action::Key(Command::Load));
        assert!(matches!(
            decode(&press('q'), &a, SCREEN),
            Some(Action::Type('q'))
        ));
        let bs = key(KeyCode::Backspace, KeyModifiers::NONE, KeyEventKind::Press);
        assert!(matches!(decode(&bs, &a, SCREEN), Some(Action::Erase)));
        // Ctrl-W takes a word back, Ctrl-U the whole line.
        let ctrl = |c| key(KeyCode::Char(c), KeyModifiers::CONTROL, KeyEventKind::Press);
        assert!(matches!(
            decode(&ctrl('w'), &a, SCREEN),
            Some(Action::EraseWord)
        ));
        assert!(matches!(
            decode(&ctrl('u'), &a, SCREEN),
            Some(Action::EraseLine)
        ));
        for c in "games/old tour/k.json".chars() {
            a.update(Action::Type(c));
        }
        a.update(Action::EraseWord);
        assert_eq!(a.prompt(), Some("games/old tour/"));
        a.update(Action::EraseWord);
        assert_eq!(a.prompt(), Some("games/old "));
        a.update(Action::EraseLine);
        assert_eq!(a.prompt(), Some(""));
        let enter = key(KeyCode::Enter, KeyModifiers::NONE, KeyEventKind::Press);
        assert!(matches!(
            decode(&enter, &a, SCREEN),
            Some(Action::Key(Command::Apply))
        ));
        let ctrl_c = key(
            KeyCode::Char('c'),
            KeyModifiers::CONTROL,
            KeyEventKind::Press,
        );
        assert!(matches!(
            decode(&ctrl_c, &a, SCREEN),
            Some(Action::Key(Command::ForceQuit))
        ));
        assert!(matches!(
            decode(&Event::Resize(80, 24), &a, SCREEN),
            Some(Action::Resize(80, 24))
        ));
    }

    #[test]
    fn esc_joined_to_a_key_is_both_keys() {
        // Esc then s, arriving together as Alt+s: the help closes, then s saves.
        let mut a = app();
        a.update(Action::Key(Command::Help));
        assert!(a.help_open());
        let alt_s = key(KeyCode::Char('s'), KeyModifiers::ALT, KeyEventKind::Press);
        let mut said = Vec::new();
        for e in split(alt_s) {
            let action = decode(&e, &a, SCREEN).expect("a key of the table");
            said.push(format!("{action:?}"));
            a.update(action);
        }
        assert_eq!(said, ["Key(Back)", "Key(Save)"]);
        assert!(!a.help_open());
        // Any other key is itself alone.
        let s = key(KeyCode::Char('s'), KeyModifiers::NONE, KeyEventKind::Press);
        assert_eq!(split(s.clone()).collect::<Vec<_>>(), vec![s]);
    }

    #[test]
    fn clicks_find_their_square_and_moves_cost_nothing() {
        let a = app();
        // Somewhere inside the board pane, away from its border.
        let (x, y) = (20, 10);
        let Some(Action::Click(sq, MouseButton::Left)) = decode(
            &mouse(MouseEventKind::Down(MouseButton::Left), x, y),
            &a,
            SCREEN,
        ) else {
            panic!("a click on the board is a square")
        };
        assert_eq!(Some(sq), ui::square_at(SCREEN, &a, x, y));
        assert!(matches!(
            decode(
                &mouse(MouseEventKind::Down(MouseButton::Right), x, y),
                &a,
                SCREEN
            ),
            Some(Action::Click(_, MouseButton::Right))
        ));
        assert!(decode(&mouse(MouseEventKind::Moved, x, y), &a, SCREEN).is_none());
        // Off the board: no click; the wheel zooms wherever it is.
        assert!(
            decode(
                &mouse(MouseEventKind::Down(MouseButton::Left), 0, 39),
                &a,
                SCREEN
            )
            .is_none()
        );
        assert!(matches!(
            decode(&mouse(MouseEventKind::ScrollUp, 0, 39), &a, SCREEN),
            Some(Action::Wheel(None, true))
        ));
    }
}
