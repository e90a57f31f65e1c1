use super::*;
use crossterm::event::KeyCode::{Down, Left};
use crossterm::event::KeyEventKind;

fn press(c: char) -> KeyEvent {
    KeyEvent::new_with_kind(KeyCode::Char(c), KeyModifiers::NONE, KeyEventKind::Press)
}

#[test]
fn keys_map_through_the_table() {
    let w = Context::Watch;
    assert_eq!(command_for(press(' '), w), Some(Command::Pause));
    assert_eq!(
        command_for(press(' '), Context::Settings),
        Some(Command::SetStart)
    );
    assert_eq!(command_for(press('.'), w), Some(Command::Step));
    assert_eq!(command_for(press('x'), w), None);
    assert_eq!(
        command_for(press('?'), Context::Settings),
        Some(Command::Help)
    );
    let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert_eq!(
        command_for(ctrl_c, Context::Settings),
        Some(Command::ForceQuit)
    );
    assert_eq!(
        command_for(ctrl_c, Context::Confirm),
        Some(Command::ForceQuit)
    );
    assert_eq!(
        command_for(press('y'), Context::Confirm),
        Some(Command::Yes)
    );
    assert_eq!(command_for(press('y'), w), None);
    assert_eq!(
        command_for(KeyEvent::from(KeyCode::Esc), w),
        Some(Command::Back)
    );
    // Every binding's keys lead back to it, and no key means two things
    // in one context.
    for b in BINDINGS {
        for &(k, c) in b.keys {
            let ctx = if b.everywhere { w } else { b.contexts[0] };
            assert_eq!(
                command_for(KeyEvent::new(k.code, k.mods), ctx),
                Some(c),
                "{k:?}"
            );
        }
    }
    // Shift+arrows pan wherever plain arrows move a cursor or the replay.
    let shifted = |code| KeyEvent::new(code, KeyModifiers::SHIFT);
    for ctx in [
        Context::Watch,
        Context::Play,
        Context::Replay,
        Context::Settings,
    ] {
        assert_eq!(command_for(shifted(Left), ctx), Some(Command::Pan(0, -1)));
        assert_eq!(command_for(shifted(Down), ctx), Some(Command::Pan(1, 0)));
    }
}

#[test]
fn modifiers_are_part_of_the_key() {
    // Ctrl-C quits even while typing a file name; a plain 'q' there is text.
    let ctrl_c = KeyEvent::new(KeyCode::Char('C'), KeyModifiers::CONTROL);
    assert_eq!(
        command_for(ctrl_c, Context::Prompt),
        Some(Command::ForceQuit)
    );
    assert_eq!(command_for(press('q'), Context::Prompt), None);
    // A capital letter may come with Shift or without: the same key.
    let shift_h = KeyEvent::new(KeyCode::Char('H'), KeyModifiers::SHIFT);
    assert_eq!(
        command_for(shift_h, Context::Watch),
        Some(Command::Pan(0, -1))
    );
    // Ctrl with another letter is not that letter.
    let ctrl_q = KeyEvent::new(KeyCode::Char('q'), KeyModifiers::CONTROL);
    assert_eq!(command_for(ctrl_q, Context::Watch), None);
    // In the table, in help's words.
    assert_eq!(Key::of(ctrl_c).name(), "Ctrl-C");
    assert_eq!(
        Key::of(KeyEvent::new(Left, KeyModifiers::SHIFT)).name(),
        "Shift+←"
    );
}

/// Labels are made from the keys: each names the first `shown` keys, and
/// every key it leaves out is another way to type one of them (a command
/// of the same kind: `=` for `+`, Shift+← for `H`, Home for the scroll).
#[test]
fn labels_come_from_the_keys_and_hide_only_other_ways_to_type_them() {
    use std::mem::discriminant;
    for b in BINDINGS {
        assert!(
            (1..=b.keys.len()).contains(&b.shown),
            "{}: shows {} of {} keys",
            b.help,
            b.shown,
            b.keys.len()
        );
        let named = &b.keys[..b.shown];
        for (key, command) in &b.keys[b.shown..] {
            assert!(
                named
                    .iter()
                    .any(|(_, c)| discriminant(c) == discriminant(command)),
                "{}: {} gives {command:?}, which no key of the label gives",
                b.label(),
                key.name()
            );
        }
    }
    let label = |command: Command| {
        let b = BINDINGS.iter().find(|b| b.gives(command)).expect("bound");
        b.label()
    };
    assert_eq!(label(Command::Pause), "Space");
    assert_eq!(label(Command::Faster), "+ -");
    assert_eq!(label(Command::Pick(3)), "0-9");
    assert_eq!(label(Command::Pan(0, -1)), "H J K L");
    assert_eq!(label(Command::ForceQuit), "Ctrl-C");
    assert_eq!(label(Command::HelpScroll(1)), "↑↓ PgUp PgDn");
    assert_eq!(label(Command::Cursor(0, 1)), "arrows");
}
