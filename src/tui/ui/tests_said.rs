//! What the status line, the side panes and the tabs say after a user's
//! action: a save after a finished tour, refusals, tab clicks, the log's
//! title and the sums of a semimagic tour.

use super::tests::{app, buffer, screen};
use super::*;
use crate::tui::app::{Action, Mode};
use crate::tui::keymap::Command;
use crate::tui::testing::app_on;
use knight_engine::board::{Board, Square};
use knight_engine::solver::Tours;

/// A save after a finished tour is said over the tour's verdict (the
/// verdict kept the status line, the file written unsaid); a message from
/// before the last move is not.
#[test]
fn a_save_after_the_tour_is_done_is_said() {
    use std::time::{Duration, Instant};
    let mut a = app_on(Board::new(3, 4, &[]).unwrap());
    let g =
        crate::tui::game::Game::new(Tours::open(a.spec.board().clone()), Some(Square::new(0, 0)));
    a.modes.show(Mode::Play(Box::new(g)));
    let t0 = Instant::now();
    let tour = &crate::tui::testing::TOUR_3X4[1..];
    for (k, &(r, c)) in tour.iter().enumerate() {
        let at = t0 + Duration::from_secs(k as u64 + 1);
        a.update_at(
            Action::Click(Square::new(r, c), crossterm::event::MouseButton::Left),
            at,
        );
    }
    let status = |a: &App| {
        let s = screen(a, 120, 40, &Theme::default());
        s.lines()
            .rev()
            .find(|l| l.contains("complete") || l.contains("saved"))
            .unwrap_or("")
            .to_string()
    };
    assert!(a.modes.game().unwrap().is_complete());
    assert!(
        status(&a).contains("complete open tour of 12 squares"),
        "{}",
        status(&a)
    );
    let later = t0 + Duration::from_secs(30);
    a.update_at(Action::Saved(1, Ok("/tmp/knight-3x4.json".into())), later);
    assert!(
        status(&a).contains("saved /tmp/knight-3x4.json"),
        "{}",
        status(&a)
    );
    // Two more saves within a second, ending in the other order: the
    // status names the last asked for (it named the first), the log both.
    let mut fx = a.update(Action::Key(Command::Save));
    fx.extend(a.update(Action::Key(Command::Save)));
    let numbers: Vec<u64> = fx
        .iter()
        .filter_map(|e| match e {
            crate::tui::app::Effect::Save { number, .. } => Some(*number),
            _ => None,
        })
        .collect();
    assert_eq!(numbers.len(), 2, "{fx:?}");
    let (first, second) = (numbers[0], numbers[1]);
    a.update_at(
        Action::Saved(second, Ok("/tmp/k-2.json".into())),
        later + Duration::from_secs(1),
    );
    a.update_at(
        Action::Saved(first, Ok("/tmp/k.json".into())),
        later + Duration::from_secs(2),
    );
    assert_eq!(a.message(), Some("saved /tmp/k-2.json"));
    let log: Vec<&str> = a.log().map(|m| m.text.as_str()).take(2).collect();
    assert_eq!(log, ["saved /tmp/k.json", "saved /tmp/k-2.json"]);
}

/// A key that could not act is said in bold, in the terminal's colour;
/// red is for errors (refusals such as "nothing to undo" were bold red).
#[test]
fn refusals_are_bold_and_errors_red() {
    let mut a = app(5);
    let g = crate::tui::game::Game::new(Tours::open(a.spec.board().clone()), None);
    a.modes.show(Mode::Play(Box::new(g)));
    a.update(Action::Key(Command::Finish));
    let said = "place the knight first";
    assert!(
        a.message().is_some_and(|m| m.starts_with(said)),
        "{:?}",
        a.message()
    );
    let theme = Theme::default();
    let buf = buffer(&a, 120, 40, &theme);
    let row = (0..40)
        .find(|&y| {
            let line: String = (0..120).map(|x| buf[(x, y)].symbol().to_string()).collect();
            line.contains(said)
        })
        .expect("the refusal on screen");
    let cell = &buf[(3, row)];
    assert_eq!(cell.fg, ratatui::style::Color::Reset, "a refusal in colour");
    assert!(cell.modifier.contains(ratatui::style::Modifier::BOLD));
    let error = super::status::tone_style(crate::tui::app::Tone::Error, &theme);
    assert_eq!(error.fg, Some(theme.readable(ratatui::style::Color::Red)));
}

/// Each tab's name on screen is where a click finds it (a click on "race"
/// did nothing), and a click takes the app there.
#[test]
fn a_click_on_a_tab_opens_its_mode() {
    use crate::tui::app::Tab;
    let mut a = app(6);
    let screen_rect = Rect::new(0, 0, 120, 40);
    let s = screen(&a, 120, 40, &Theme::default());
    let top = s.lines().next().unwrap();
    for (tab, name) in [
        (Tab::Search, "search"),
        (Tab::Replay, "replay"),
        (Tab::Play, "play"),
        (Tab::Race, "race"),
    ] {
        let at = top
            .find(&format!(" {name} "))
            .unwrap_or_else(|| panic!("{name} in {top}"));
        // In columns, not bytes (the dividers are two bytes each).
        let x = top[..at].chars().count() as u16 + 1;
        for dx in 0..name.len() as u16 {
            assert_eq!(
                super::tab_at(screen_rect, &a, x + dx, 0),
                Some(tab),
                "{name}"
            );
        }
        assert_eq!(super::tab_at(screen_rect, &a, x, 1), None, "below the tabs");
    }
    // Clicks: race, then play, then back to the search.
    a.update(Action::ToTab(Tab::Race));
    assert_eq!(a.tab(), Tab::Race);
    a.update(Action::ToTab(Tab::Play));
    assert_eq!(a.tab(), Tab::Play);
    a.update(Action::ToTab(Tab::Search));
    assert_eq!(a.tab(), Tab::Search);
    // Nothing to replay yet: said, and the search stays.
    a.update(Action::ToTab(Tab::Replay));
    assert_eq!(a.tab(), Tab::Search);
    assert!(
        a.message()
            .is_some_and(|m| m.starts_with("nothing to replay yet"))
    );
}

/// Small words: one message is "the last one" (it said "the last 1").
#[test]
fn the_log_of_one_message_says_so() {
    let mut a = app(5);
    a.update(Action::Key(Command::Labels));
    a.update(Action::Key(Command::Log));
    let s = screen(&a, 100, 30, &Theme::default());
    assert!(
        s.contains("Messages: the last one (Esc or M closes)"),
        "{s}"
    );
}

/// Beverley's semimagic tour at its end: the sums' line is read whole in
/// the replay pane at every width (it was cut at "semimagic: every" at
/// 80x24 and "…every row and co" even at 300 columns).
#[test]
fn the_semimagic_line_reads_whole_in_the_replay() {
    let mut a = app_on(Board::new(8, 8, &[]).unwrap());
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/beverley-1848-8x8.json"
    ))
    .unwrap();
    let file = knight_engine::tour::parse(&text).unwrap().file;
    let board = a.spec.board().clone();
    let path = file.indices(&board, 64);
    let mut r =
        crate::tui::replay::Replay::of_path("beverley-1848-8x8.json", &board, &path, false, None);
    r.seek(64);
    a.modes.show(Mode::Replay(Box::new(r)));
    for (w, h) in [(80, 24), (120, 40), (300, 60)] {
        let s = screen(&a, w, h, &Theme::default());
        // The side pane's text: right of the board pane's border.
        let side: Vec<&str> = s
            .lines()
            .filter_map(|l| l.split_once("││").map(|(_, r)| r))
            .collect();
        let words: Vec<&str> = side
            .iter()
            .flat_map(|l| l.split(|c: char| c.is_whitespace() || c == '│'))
            .filter(|w| !w.is_empty())
            .collect();
        let said = words.join(" ");
        assert!(
            said.contains("semimagic: every row and column sums to 260"),
            "{w}x{h}:\n{s}"
        );
    }
}

/// A magic tour's file says its algorithm is `quartes`: the replay says
/// who made it in words, not "made by quartes".
#[test]
fn a_replay_names_the_method_of_quartes() {
    let mut a = app(8);
    let r = crate::tui::replay::Replay::of_path(
        "magic",
        a.spec.board(),
        &[0, 10],
        false,
        Some("quartes".into()),
    );
    a.modes.show(Mode::Replay(Box::new(r)));
    let s = screen(&a, 120, 40, &Theme::default());
    assert!(
        s.contains("made by    the method of") && s.contains("quartes"),
        "{s}"
    );
}

/// In a puzzle the clue the knight heads for stands out from the others
/// on the board, by more than colour (reversed without colour), and the
/// side pane says which steps are open before it.
#[test]
fn the_next_clue_is_marked_and_its_stretch_said() {
    use knight_engine::puzzle::Clues;
    let made = crate::tui::testing::easy_puzzle();
    let mut a = app_on(Board::new(6, 6, &[]).unwrap());
    let clues = Clues::new(made.puzzle.clone(), Some(7));
    a.open_game(crate::tui::game::Game::puzzle(clues));
    let g = a.modes.game().unwrap();
    let (step, _, _) = g.next_clue().expect("a clue ahead");
    let plain = Theme {
        colour: false,
        ..Theme::default()
    };
    let buf = buffer(&a, 100, 30, &plain);
    let text = format!("[{step}]");
    let s = screen(&a, 100, 30, &plain);
    let (y, line) = s
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains(&text))
        .expect("the next clue drawn");
    let x = line[..line.find(&text).unwrap()].chars().count() as u16 + 1;
    assert!(
        buf[(x, y as u16)]
            .modifier
            .contains(ratatui::style::Modifier::REVERSED),
        "{text} at {x},{y}"
    );
    assert!(s.contains("to fill"), "{s}");
}

/// 300x300 at 120x40 is an overview, which no drawing changes: d says so
/// instead of claiming a change.
#[test]
fn d_on_an_overview_says_it_changes_nothing() {
    let area = ratatui::layout::Rect::new(0, 0, 120, 40);
    let mut huge = app(300);
    let before = huge.drawing;
    let next = next_drawing(area, &huge);
    assert_eq!(next, before);
    huge.update(Action::DrawAs(next));
    let said = huge.message().unwrap_or_default();
    assert!(
        said.starts_with("the overview shades the path by step"),
        "{said}"
    );
}
