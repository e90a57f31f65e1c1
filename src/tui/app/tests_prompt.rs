//! The file prompt's Tab completion, through the app: Tab asks the
//! executor for the folder's entries, and their answer completes the text,
//! lists the matches or says there is none.

use super::*;
use crate::tui::complete::Entry;
use crate::tui::keymap::command_for;
use crate::tui::theme::Theme;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use knight_engine::board::Board;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn app() -> App {
    crate::tui::testing::app_on(Board::new(5, 5, &[]).unwrap())
}

fn entry(name: &str) -> Entry {
    match name.strip_suffix('/') {
        Some(d) => Entry {
            name: d.into(),
            dir: true,
        },
        None => Entry {
            name: name.into(),
            dir: false,
        },
    }
}

fn answer(text: &str, names: &[&str]) -> Action {
    Action::Completions {
        text: text.into(),
        entries: Ok(names.iter().map(|n| entry(n)).collect()),
    }
}

/// The prompt opened and `text` typed into it.
fn typed(text: &str) -> App {
    let mut a = app();
    a.update(Action::Key(Command::Load));
    for c in text.chars() {
        a.update(Action::Type(c));
    }
    a
}

fn tab(a: &mut App) -> Vec<Effect> {
    a.update(Action::Key(Command::Complete))
}

/// The screen's text (its last lines: the status line and the hint bar).
pub(super) fn screen(a: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| crate::tui::ui::draw(f, a, &Theme::default()))
        .unwrap();
    let buf = t.backend().buffer().clone();
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn tab_is_the_prompts_completion_and_still_the_next_mode_elsewhere() {
    let key = KeyEvent::new(KeyCode::Tab, KeyModifiers::NONE);
    assert_eq!(command_for(key, Context::Prompt), Some(Command::Complete));
    assert_eq!(command_for(key, Context::Watch), Some(Command::NextMode));
    let mut a = typed("ass");
    assert_eq!(a.context(), Context::Prompt);
    assert_eq!(tab(&mut a), vec![Effect::Complete { text: "ass".into() }]);
    // Nothing changes until the answer comes.
    assert_eq!(a.prompt(), Some("ass"));
    assert_eq!(a.tab(), Tab::Search);
}

#[test]
fn one_match_completes_the_prompt_and_a_folder_gets_its_slash() {
    let mut a = typed("ass");
    tab(&mut a);
    a.update(answer("ass", &["assets/"]));
    assert_eq!(a.prompt(), Some("assets/"));
    assert_eq!(a.prompt_note(), None);
    // On into the folder: a file completes fully, and Enter opens it.
    for c in "eu".chars() {
        a.update(Action::Type(c));
    }
    assert_eq!(
        tab(&mut a),
        vec![Effect::Complete {
            text: "assets/eu".into()
        }]
    );
    a.update(answer("assets/eu", &["euler-1759-8x8.json"]));
    assert_eq!(a.prompt(), Some("assets/euler-1759-8x8.json"));
    let fx = a.update(Action::Key(Command::Apply));
    assert_eq!(
        fx,
        vec![Effect::Open {
            load: 1,
            path: "assets/euler-1759-8x8.json".into()
        }]
    );
}

#[test]
fn several_matches_complete_their_common_part_and_are_listed() {
    let mut a = typed("~/games/k");
    tab(&mut a);
    let names = ["knight-8x8-1.json", "knight-8x8-2.json", "knight-5x5/"];
    a.update(answer("~/games/k", &names));
    // `~/` is kept as typed.
    assert_eq!(a.prompt(), Some("~/games/knight-"));
    let listed = || {
        PromptNote::Matches(vec![
            "knight-5x5/".into(),
            "knight-8x8-1.json".into(),
            "knight-8x8-2.json".into(),
        ])
    };
    assert_eq!(a.prompt_note(), Some(&listed()));
    // Drawn after the prompt, as many as fit.
    let s = screen(&a, 80, 24);
    assert!(
        s.contains("open tour file: ~/games/knight-▏  3 matches: knight-5x5/ knight-8x8-1.json …"),
        "{s}"
    );
    let s = screen(&a, 120, 40);
    assert!(
        s.contains("3 matches: knight-5x5/ knight-8x8-1.json knight-8x8-2.json"),
        "{s}"
    );
    assert!(s.contains("Tab complete"), "the hint bar names Tab: {s}");
    // Tab again with nothing more to complete: the same list.
    tab(&mut a);
    a.update(answer("~/games/knight-", &names));
    assert_eq!(a.prompt(), Some("~/games/knight-"));
    assert_eq!(a.prompt_note(), Some(&listed()));
    // Typing puts the list away.
    a.update(Action::Type('8'));
    assert_eq!(a.prompt_note(), None);
    assert!(!screen(&a, 120, 40).contains("matches"));
}

#[test]
fn no_match_is_said_and_nothing_is_erased() {
    let mut a = typed("zz");
    tab(&mut a);
    a.update(answer("zz", &[]));
    assert_eq!(a.prompt(), Some("zz"));
    assert_eq!(a.prompt_note(), Some(&PromptNote::NoMatch(None)));
    assert!(
        screen(&a, 80, 24).contains("open tour file: zz▏  no match"),
        "{}",
        screen(&a, 80, 24)
    );
    // A folder that cannot be read: said why.
    a.update(Action::Type('/'));
    tab(&mut a);
    a.update(Action::Completions {
        text: "zz/".into(),
        entries: Err("zz/: no such file or folder".into()),
    });
    assert_eq!(a.prompt(), Some("zz/"));
    assert!(
        screen(&a, 80, 24).contains("no match: zz/: no such file or folder"),
        "{}",
        screen(&a, 80, 24)
    );
    // Backspace, Ctrl-W and Ctrl-U put the note away too.
    for erase in [Action::Erase, Action::EraseWord, Action::EraseLine] {
        tab(&mut a);
        let text = a.prompt().unwrap().to_string();
        a.update(Action::Completions {
            text,
            entries: Ok(Vec::new()),
        });
        assert!(a.prompt_note().is_some());
        a.update(erase);
        assert_eq!(a.prompt_note(), None);
    }
}

#[test]
fn a_stale_answer_is_dropped() {
    let mut a = typed("as");
    tab(&mut a);
    // Typed more while the folder was read: the answer is for "as".
    a.update(Action::Type('x'));
    a.update(answer("as", &["assets/"]));
    assert_eq!(a.prompt(), Some("asx"));
    assert_eq!(a.prompt_note(), None);
    // Two Tabs: the first answer completes, the second is then stale.
    let mut a = typed("as");
    tab(&mut a);
    tab(&mut a);
    a.update(answer("as", &["assets/"]));
    a.update(answer("as", &["assets/", "ask.json"]));
    assert_eq!(a.prompt(), Some("assets/"));
    assert_eq!(a.prompt_note(), None);
    // The prompt closed: nothing to complete, nothing opened.
    let mut a = typed("as");
    tab(&mut a);
    a.update(Action::Key(Command::Back));
    a.update(answer("as", &["assets/"]));
    assert_eq!(a.prompt(), None);
    assert_eq!(a.tab(), Tab::Search);
}
