//! Text that fits its place: the hint bar by mode, wrapped values, titles.

use super::*;
use crate::tui::app::{Action, Mode};
use crate::tui::game::Game;
use crate::tui::keymap::Command;
use crate::tui::testing::app_on;
use knight_engine::board::Board;
use knight_engine::solver::Tours;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn lines(app: &App, w: u16, h: u16) -> Vec<String> {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| draw(f, app, &Theme::default())).unwrap();
    let buf = t.backend().buffer().clone();
    (0..h)
        .map(|y| (0..w).map(|x| buf[(x, y)].symbol()).collect::<String>())
        .collect()
}

fn playing(n: u32) -> App {
    let mut a = app_on(Board::new(n, n, &[]).unwrap());
    a.modes.show(Mode::Play(Box::new(Game::new(
        Tours::open(a.spec.board().clone()),
        Some(Square::new(0, 0)),
    ))));
    a
}

#[test]
fn at_80x24_play_shows_its_own_keys_first() {
    let a = playing(8);
    let s = lines(&a, 80, 24);
    let bar = crate::tui::frame::hint_lines(80) as usize;
    assert_eq!(bar, 2, "{s:#?}");
    let hints = s[24 - bar..].join(" ");
    for key in [
        "Enter move",
        "0-9 pick",
        "u U undo/redo",
        "h hints",
        "w suggest",
        "b back",
        "f finish",
        "? more keys",
        "q quit",
    ] {
        assert!(hints.contains(key), "{key}: {hints}");
    }
    // The play keys come before the keys every mode shares.
    assert!(hints.find("f finish") < hints.find("r restart"), "{hints}");
}

#[test]
fn a_wider_screen_shows_every_key_a_narrower_one_does() {
    let a = app_on(Board::new(8, 8, &[]).unwrap());
    // The hint bar's words at each width, by the line.
    let bar = |a: &App, width: u16| {
        let n = crate::tui::frame::hint_lines(width) as usize;
        let s = lines(a, width, 40);
        s[40 - n..].join(" ")
    };
    let mut puzzle = app_on(Board::new(6, 6, &[]).unwrap());
    let made = knight_engine::puzzle::make(&knight_engine::puzzle::Request {
        rows: 6,
        cols: 6,
        closed: false,
        difficulty: knight_engine::puzzle::Difficulty::Easy,
        seed: 3,
    })
    .unwrap();
    let clues = knight_engine::puzzle::Clues::new(made.puzzle, Some(3));
    puzzle.modes.show(crate::tui::app::Mode::Play(Box::new(
        crate::tui::game::Game::puzzle(clues),
    )));
    for app in [&a, &puzzle] {
        for width in (100..=240).step_by(10) {
            let (narrow, wide) = (bar(app, width - 1), bar(app, width));
            for key in [
                "arrows", " d ", " g ", " z ", " j ", "H J K L", "? ", "q quit",
            ] {
                if narrow.contains(key) {
                    assert!(wide.contains(key), "{width}: {key} gone: {wide}");
                }
            }
        }
    }
    for width in [60, 80, 100] {
        assert!(crate::tui::frame::hint_lines(width) <= 2);
        let s = lines(&a, width, 24);
        let bar = s[24 - crate::tui::frame::hint_lines(width) as usize..].join(" ");
        // Each mode's own keys are there; help and quit close the bar.
        for key in ["Space pause", "n step", "? ", "q quit"] {
            assert!(bar.contains(key), "{width}: {key}: {bar}");
        }
        assert!(bar.trim_end().ends_with("q quit"), "{bar}");
    }
}

#[test]
fn zoom_keys_are_hinted_on_a_board_too_big_for_numbers() {
    let small = app_on(Board::new(8, 8, &[]).unwrap());
    let big = app_on(Board::new(300, 300, &[]).unwrap());
    let bar = |a: &App| lines(a, 80, 24)[22..].join(" ");
    assert!(bar(&big).contains("z Z zoom"), "{}", bar(&big));
    assert!(!bar(&big).contains("H J K L"), "not zoomed: {}", bar(&big));
    let mut zoomed = big;
    zoomed.update(Action::Key(Command::ZoomIn));
    assert!(bar(&zoomed).contains("H J K L pan"), "{}", bar(&zoomed));
    // On 8x8 the zoom keys give way to the mode's.
    assert!(bar(&small).contains("Tab mode"), "{}", bar(&small));
}

#[test]
fn a_long_value_wraps_under_its_value_not_at_the_edge() {
    let long = label_value(
        "state",
        "stopped at an illegal step".into(),
        &Theme::default(),
    );
    let out = hang(vec![long], 28);
    let text: Vec<String> = out.iter().map(|l| l.to_string()).collect();
    assert_eq!(
        text,
        ["state      stopped at an", "           illegal step"]
    );
    // A word longer than the room goes on in pieces, still indented.
    let out = hang(
        vec![label_value("tour", "x".repeat(40), &Theme::default())],
        28,
    );
    assert!(out.iter().all(|l| l.width() <= 28));
    assert!(
        out[1..]
            .iter()
            .all(|l| l.to_string().starts_with("           x"))
    );
}

#[test]
fn titles_drop_whole_parts_never_cut_a_word() {
    let parts = || {
        vec![
            ("8x8".to_string(), 0),
            ("replay of games/tour.json".to_string(), 1),
            ("lines and numbers".to_string(), 3),
            ("rows 0-3, cols 0-3".to_string(), 2),
        ]
    };
    assert_eq!(
        fit_title(parts(), 200),
        "8x8 · replay of games/tour.json · lines and numbers · rows 0-3, cols 0-3"
    );
    assert_eq!(
        fit_title(parts(), 60),
        "8x8 · replay of games/tour.json · rows 0-3, cols 0-3"
    );
    assert_eq!(fit_title(parts(), 40), "8x8 · replay of games/tour.json");
    assert_eq!(fit_title(parts(), 20), "8x8");
    // One part alone too long: cut at a space.
    assert_eq!(
        fit_title(vec![("8x8 with 3 blocked squares".into(), 0)], 16),
        "8x8 with 3…"
    );
}

#[test]
fn a_long_message_is_cut_the_board_stays_and_the_log_keeps_it_whole() {
    let mut a = app_on(Board::new(8, 8, &[]).unwrap());
    let left =
        |s: &[String]| -> String { s.iter().map(|l| l.chars().next().unwrap_or(' ')).collect() };
    let sizes = [(80u16, 24u16), (120, 40)];
    let before: Vec<_> = sizes.iter().map(|&(w, h)| lines(&a, w, h)).collect();
    a.update(Action::Key(Command::Count));
    a.update(Action::Key(Command::Yes));
    for (&(width, height), before) in sizes.iter().zip(before) {
        let msg = a.message().unwrap().to_string();
        let s = lines(&a, width, height);
        let (h, bar) = (
            crate::tui::frame::status_lines(height) as usize,
            crate::tui::frame::hint_lines(width) as usize,
        );
        let n = height as usize;
        let status = s[n - bar - h..n - bar].join("\n");
        if h == 1 {
            // Cut at its end.
            assert!(status.trim_end().ends_with("… (M log)"), "{status}");
        } else {
            // Over two lines, the second indented, whole or cut.
            let end = status.trim_end();
            assert!(
                end.ends_with("# stops it") || end.ends_with("… (M log)"),
                "{status}"
            );
            assert!(s[n - bar - 1].starts_with("   "), "{status}");
        }
        // The board's left edge is where it was.
        assert_eq!(left(&before[..n - bar - h]), left(&s[..n - bar - h]));
        // The log has it whole, newest first.
        assert_eq!(a.log().next().map(|m| m.text.as_str()), Some(msg.as_str()));
        a.update(Action::Key(Command::Log));
        let shown = lines(&a, width, height).join(" ");
        assert!(shown.contains("Messages"), "{shown}");
        a.update(Action::Key(Command::Back));
    }
}

#[test]
fn targets_show_their_key_digits_in_the_numbers_view() {
    let a = playing(8);
    let s = lines(&a, 120, 40).join("\n");
    // From a8 (0,0) the knight has two moves: keys 1 and 2.
    assert!(s.contains("◆1") && s.contains("◆2"), "{s}");
    assert!(!s.contains("◆3"), "{s}");
}

#[test]
fn with_labels_on_every_square_on_screen_is_algebraic() {
    let mut a = playing(8);
    let before = lines(&a, 120, 40).join("\n");
    assert!(before.contains("knight     0,0"), "{before}");
    // Hints off: the moves without their onward counts.
    assert!(
        before.contains("1  2,1") && !before.contains("(5)"),
        "{before}"
    );
    a.update(Action::Key(Command::Labels));
    a.update(Action::Key(Command::Pick(1)));
    let after = lines(&a, 120, 40).join("\n");
    // The knight on b6 (2,1), its moves listed by the same names as the
    // board's edges.
    assert!(after.contains("knight     b6"), "{after}");
    assert!(after.contains("1  c4"), "{after}");
    assert!(!after.contains("2,1") && !after.contains("0,0"), "{after}");
    // The status line speaks the same notation.
    a.update(Action::Key(Command::Pick(8)));
    let refused = lines(&a, 120, 40).join("\n");
    assert!(refused.contains("no legal move 8"), "{refused}");
    a.update(Action::Key(Command::Suggest));
    let said = lines(&a, 120, 40).join("\n");
    assert!(said.contains("Warnsdorff: "), "{said}");
    assert!(!said.contains(",1 ") && !said.contains(",2 "), "{said}");
}

#[test]
fn the_cursor_on_the_knight_leaves_the_knight_its_mark_in_black() {
    let a = playing(8);
    let g = a.playing().unwrap();
    assert_eq!(Some(g.cursor), g.knight());
    let coloured = Theme {
        colour: true,
        ..Theme::default()
    };
    for theme in [Theme::default(), coloured] {
        let mut t = Terminal::new(TestBackend::new(120, 40)).unwrap();
        t.draw(|f| draw(f, &a, &theme)).unwrap();
        let buf = t.backend().buffer().clone();
        // Find the knight's step number 1 on the board, left of the side pane.
        let (x, y) = (0..40u16)
            .flat_map(|y| (0..88u16).map(move |x| (x, y)))
            .find(|&(x, y)| buf[(x, y)].symbol() == "1" && y > 0)
            .expect("step 1 drawn");
        let cell = &buf[(x, y)];
        if theme.colour {
            // Black and bold on the cursor's colour (a yellow patch inside
            // cyan read at 1.2:1).
            let cursor = theme.cursor();
            assert_eq!((Some(cell.fg), Some(cell.bg)), (cursor.fg, cursor.bg));
            assert!(cell.modifier.contains(ratatui::style::Modifier::BOLD));
            assert_eq!(Some(buf[(x - 1, y)].bg), cursor.bg, "the cursor around it");
        } else {
            assert!(!cell.modifier.contains(ratatui::style::Modifier::REVERSED));
            assert!(
                buf[(x - 1, y)]
                    .modifier
                    .contains(ratatui::style::Modifier::REVERSED)
            );
        }
    }
}

#[test]
fn the_help_counts_keys_and_fits_at_200x60_in_two_columns() {
    use crate::tui::keymap::BINDINGS;
    let mut a = app_on(Board::new(8, 8, &[]).unwrap());
    a.update(Action::Key(Command::Help));
    let s = lines(&a, 200, 60).join("\n");
    let n = BINDINGS.len();
    assert!(s.contains(&format!(" {n} keys (Esc or ? closes) ")), "{s}");
    assert!(!s.contains("scroll;"), "no scrolling at 200x60: {s}");
    // Every key's words are on screen (the first few of each, as they wrap).
    for b in BINDINGS {
        let start: String = b.help.split(' ').take(3).collect::<Vec<_>>().join(" ");
        assert!(s.contains(&start), "{start}: {s}");
    }
    // Two columns: two headings on one line.
    assert!(
        s.lines().any(|l| l.contains("Watching the search")
            && l.matches("  ").count() > 2
            && (l.contains("Replay") || l.contains("Playing by hand"))),
        "{s}"
    );
    // Too short for all of it: the title counts the keys in view, not lines.
    let s = lines(&a, 100, 40).join("\n");
    let title = s
        .lines()
        .find(|l| l.contains("Keys 1-"))
        .expect("a scrolled help");
    assert!(title.contains(&format!(" of {n} ")), "{title}");
}

#[test]
fn j_jumps_from_the_whole_board_to_the_step_numbers_on_the_knight_and_back() {
    use super::geometry::{BoardView, geometry};
    let screen = Rect::new(0, 0, 120, 40);
    let mut a = playing(300);
    a.modes.game_mut().unwrap().move_to(Square::new(2, 1));
    let level = jump_level(screen, &a).expect("300x300 is not in numbers");
    a.update(Action::ZoomTo(Some(level)));
    let win = a.window();
    assert!(win.contains(Square::new(2, 1)), "{win:?}");
    let g = geometry(panes_of(&a, screen).board, a.shown_board(), win);
    assert!(matches!(g.view, BoardView::Numbers { .. }), "{:?}", g.view);
    // One level less would not show numbers: the jump goes no deeper than
    // it must.
    if level > 1 {
        a.zoom.level = level - 1;
        let g = geometry(panes_of(&a, screen).board, a.shown_board(), a.window());
        assert!(!matches!(g.view, BoardView::Numbers { .. }), "{:?}", g.view);
        a.zoom.level = level;
    }
    // Again: the whole board.
    assert_eq!(jump_level(screen, &a), Some(0));
    a.update(Action::ZoomTo(Some(0)));
    assert_eq!(a.zoom.level, 0);
    // 8x8 shows its numbers whole: nothing to jump to.
    let small = playing(8);
    assert_eq!(jump_level(screen, &small), None);
}

#[test]
fn zoomed_windows_take_the_panes_shape_and_fill_it() {
    use super::geometry::geometry;
    // 300x300 at 120x40: the levels between the overview and the step
    // numbers fill most of the pane one way and much of it the other
    // (square windows filled about a third). One level may fill half: the
    // last before the numbers, which need 6 columns a square here, three
    // times the compact view's 2.
    let screen = Rect::new(0, 0, 120, 40);
    let mut a = app_on(Board::new(300, 300, &[]).unwrap());
    a.update(Action::Resize(120, 40));
    let max = crate::tui::viewport::Zoom::max_level(300, 300);
    let mut half = Vec::new();
    for level in 1..=max {
        a.zoom.level = level;
        let pane = panes_of(&a, screen).board;
        let g = geometry(pane, a.shown_board(), a.window());
        let (w, h) = (g.inner.width as f64, g.inner.height as f64);
        let used_w = (a.window().cols.div_ceil(g.across) as u16 * g.cw) as f64 / w;
        let used_h = (a.window().rows.div_ceil(g.down) as u16 * g.ch) as f64 / h;
        if used_w.max(used_h) <= 0.85 || used_w.min(used_h) <= 0.6 {
            half.push((level, a.window(), g.view, used_w, used_h));
        }
    }
    assert!(half.len() <= 1, "{half:?}");
    assert!(half.iter().all(|h| h.3 > 0.45 && h.4 > 0.45), "{half:?}");
}

#[test]
fn the_file_prompt_says_esc_cancels_it() {
    let mut a = app_on(Board::new(8, 8, &[]).unwrap());
    a.update(Action::Key(Command::Load));
    let s = lines(&a, 80, 24);
    let bar = s[24 - crate::tui::frame::hint_lines(80) as usize..].join(" ");
    for key in ["Enter open", "Tab complete", "Esc cancel"] {
        assert!(bar.contains(key), "{key}: {bar}");
    }
}

#[test]
fn the_modes_are_tabs_on_tall_screens_the_current_one_marked() {
    use ratatui::style::Modifier;
    let a = playing(8);
    let buf = super::tests::buffer(&a, 120, 40, &Theme::default());
    let top: String = (0..120).map(|x| buf[(x, 0)].symbol().to_string()).collect();
    assert!(top.contains("search · replay · play · race"), "{top}");
    // The play tab is marked; the search tab is not.
    let at = |word: &str| top.find(word).unwrap() as u16 + 1;
    let marked = |x: u16| buf[(x, 0)].modifier.contains(Modifier::REVERSED);
    assert!(marked(at(" play ")) && !marked(at(" search ")), "{top}");
    // Short screens keep the board's lines: the mode is in its title.
    let s = lines(&a, 80, 24).join("\n");
    assert!(
        !s.contains("search · replay") && s.contains("· play ·"),
        "{s}"
    );
}

#[test]
fn a_hint_bar_short_of_room_says_there_are_more_keys() {
    let a = playing(8);
    let bar = |w: u16| {
        let s = lines(&a, w, 24);
        s[24 - crate::tui::frame::hint_lines(w) as usize..].join(" ")
    };
    // At 60 columns some keys go: ? says there are more.
    assert!(bar(60).contains("? more keys"), "{}", bar(60));
    // At 200 every key fits: ? is help.
    assert!(bar(200).contains("? help"), "{}", bar(200));
}

/// A message with a long path cuts the path in its middle, never the
/// reason after it; without a long word it is cut at its end with the
/// log's key.
#[test]
fn a_long_path_is_cut_in_its_middle_and_the_reason_stays() {
    let path = format!("/home/someone/{}/tour.json", "deep/".repeat(30));
    let text = format!("cannot open {path}: no such file or folder");
    let lines = super::wrap::fit(Line::raw(text.clone()), 78, 2);
    let shown: String = lines
        .iter()
        .map(|l| l.to_string())
        .collect::<Vec<_>>()
        .join("\n");
    assert!(shown.ends_with("no such file or folder"), "{shown}");
    assert!(shown.contains("cannot open /home/some"), "{shown}");
    assert!(
        shown.contains('…') && shown.contains("/tour.json"),
        "{shown}"
    );
    assert!(!shown.contains("log)"), "{shown}");
    // Words alone: cut at the end, the log named.
    let words = "a reason ".repeat(40);
    let lines = super::wrap::fit(Line::raw(words), 78, 2);
    let shown = lines.last().unwrap().to_string();
    assert!(shown.ends_with("log)"), "{shown}");
}

/// The statistics folded into one line over a narrow board drop their
/// least figures first, and a line still too wide ends with a mark.
#[test]
fn the_folded_statistics_drop_figures_then_mark_the_cut() {
    let mut a = app_on(Board::new(8, 8, &[]).unwrap());
    a.search.stats.nodes = 123_456_789;
    a.search.stats.backtracks = 98_765_432;
    a.search.stats.elapsed = std::time::Duration::from_secs(3_723);
    a.update(Action::Key(Command::Count));
    for w in [89u16, 75, 60] {
        let s = super::tests::screen(&a, w, 22, &Theme::default());
        let top = s.lines().next().unwrap().trim_end().to_string();
        assert!(top.contains("nodes 123,456,789"), "{w}: {top}");
        let whole = top.chars().count() < w as usize;
        assert!(whole || top.ends_with('…'), "{w}: {top}");
        if w <= 60 {
            assert!(!top.contains("back"), "{w}: the backtracks go first: {top}");
        }
    }
}
