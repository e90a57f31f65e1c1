//! Panes on screen: long messages, toggles in the hint bar, labels, folded
//! statistics, the replay's move list and the charts; clicks land where
//! drawn.

use super::geometry::geometry;
use super::tests::{app, screen};
use super::*;
use crate::tui::app::{Action, Mode, Side};
use crate::tui::keymap::Command;
use crate::tui::testing::app_on;
use knight_engine::board::Board;
use knight_engine::solver::Tours;
use knight_engine::solver::{Event, Snapshot, Stats};

#[test]
fn a_long_message_is_cut_on_its_line_and_clicks_still_land() {
    let mut a = app(8);
    let area = Rect::new(0, 0, 60, 22);
    let before = geometry(panes_of(&a, area).board, a.shown_board(), a.window());
    // A count's answer, longer than a 60-column screen.
    a.update(Action::Key(Command::Count));
    let msg = a.message().unwrap().to_string();
    assert!(msg.len() > 60, "{msg}");
    let s = screen(&a, 60, 22, &Theme::default());
    let lines: Vec<&str> = s.lines().collect();
    // One status line above the hints, the message cut with `… (M log)`.
    let bar = 22 - crate::tui::frame::hint_lines(60) as usize;
    let status = lines[bar - 1].trim_end();
    assert!(status.ends_with("… (M log)"), "{s}");
    assert!(status.contains(&msg[..20]), "{s}");
    assert!(lines[21].contains("? ") || lines[20].contains("? "), "{s}");
    // The board did not move: a click finds the square drawn there.
    let g = geometry(panes_of(&a, area).board, a.shown_board(), a.window());
    assert_eq!(g.pos(3, 5), before.pos(3, 5));
    let (x, y) = g.pos(3, 5);
    assert_eq!(square_at(area, &a, x, y), Some(Square::new(3, 5)));
}

#[test]
fn hints_say_what_a_toggle_would_do_now() {
    let mut a = app(8);
    let hints = |a: &App| {
        let s = screen(a, 120, 40, &Theme::default());
        let bar: Vec<&str> = s.lines().rev().take(2).collect();
        format!("{} {}", bar[1], bar[0])
    };
    assert!(hints(&a).contains("Space pause"), "{}", hints(&a));
    a.update(Action::Key(Command::Pause));
    assert!(hints(&a).contains("Space resume"), "{}", hints(&a));
    // In play, h says whether the onward counts are shown.
    a.modes
        .show(Mode::Play(Box::new(crate::tui::game::Game::new(
            Tours::open(a.spec.board().clone()),
            Some(Square::new(0, 0)),
        ))));
    assert!(hints(&a).contains("h hints: off"), "{}", hints(&a));
    a.update(Action::Key(Command::Hints));
    assert!(hints(&a).contains("h hints: on"), "{}", hints(&a));
}

#[test]
fn files_and_ranks_label_the_edges_and_clicks_still_land() {
    let mut a = app_on(Board::new(8, 8, &[]).unwrap());
    a.update(Action::Key(Command::Labels));
    assert!(a.labels);
    let s = screen(&a, 80, 24, &Theme::default());
    let lines: Vec<&str> = s.lines().collect();
    // Files a-h on the line under the board, ranks 8 (top) to 1 at its left.
    let files = lines.iter().find(|l| l.contains(" a ")).expect("files");
    let letters: Vec<&str> = files
        .split([' ', '│'])
        .filter(|w| !w.is_empty())
        .take(8)
        .collect();
    assert_eq!(letters, ["a", "b", "c", "d", "e", "f", "g", "h"], "{s}");
    let ranks: Vec<&str> = lines
        .iter()
        .filter_map(|l| l.trim_start_matches('│').split_whitespace().next())
        .filter(|w| w.len() == 1 && w.chars().all(|c| c.is_ascii_digit()))
        .collect();
    assert_eq!(ranks, ["8", "7", "6", "5", "4", "3", "2", "1"], "{s}");
    // The board moved for them; a click finds the square drawn there.
    let area = Rect::new(0, 0, 80, 24);
    let g =
        geometry::geometry_labelled(panes_of(&a, area).board, a.shown_board(), a.window(), true);
    let (x, y) = g.pos(2, 6);
    assert_eq!(square_at(area, &a, x, y), Some(Square::new(2, 6)));
    // Past 26 columns: the column and row numbers of the square notation.
    let mut a = app_on(Board::new(30, 30, &[]).unwrap());
    a.labels = true;
    let s = screen(&a, 120, 40, &Theme::default());
    assert!(s.contains(" 0 ") && s.contains("29"), "{s}");
}

#[test]
fn below_90_columns_the_statistics_fold_into_a_line_over_the_board() {
    let a = app(8);
    let wide = screen(&a, 100, 30, &Theme::default());
    assert!(wide.contains("Statistics"), "{wide}");
    let narrow = screen(&a, 80, 24, &Theme::default());
    let first = narrow.lines().next().unwrap();
    assert!(
        first.contains("nodes ") && first.contains("back ") && first.contains("depth "),
        "{narrow}"
    );
    assert!(!narrow.contains("Statistics"), "{narrow}");
    // The board and the controls take the rest of the height; a click still
    // finds its square.
    let area = Rect::new(0, 0, 80, 24);
    let p = panes_of(&a, area);
    let below = 1 + crate::tui::frame::hint_lines(80);
    assert_eq!((p.board.y, p.board.height), (1, 23 - below));
    assert_eq!(p.controls.height, 23 - below);
    let g = geometry(p.board, a.shown_board(), a.window());
    let (x, y) = g.pos(4, 2);
    assert_eq!(square_at(area, &a, x, y), Some(Square::new(4, 2)));
}

#[test]
fn the_replay_lists_its_moves_around_the_position() {
    let euler = include_str!("../../../assets/euler-1759-8x8.json");
    let mut a = app(8);
    a.open_replay(crate::tui::replay::Replay::load("euler.json", euler).unwrap());
    for _ in 0..19 {
        a.update(Action::Key(Command::Seek(1)));
    }
    let s = screen(&a, 120, 40, &Theme::default());
    assert!(s.contains("step  square   onward"), "{s}");
    // Step 18 is on 7,0, with one square onward (5,1, step 19).
    let row = s
        .lines()
        .find(|l| l.contains("    18  7,0"))
        .expect("step 18");
    assert!(row.contains("7,0         1"), "{row}");
    // At the end, the last step is in the list.
    a.update(Action::Key(Command::SeekEnd));
    let s = screen(&a, 120, 40, &Theme::default());
    assert!(s.contains("    64  3,2"), "{s}");
}

#[test]
fn a_click_on_a_move_list_row_jumps_the_replay_there() {
    use crossterm::event::{Event as Term, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
    let euler = include_str!("../../../assets/euler-1759-8x8.json");
    let mut a = app(8);
    a.open_replay(crate::tui::replay::Replay::load("euler.json", euler).unwrap());
    a.update(Action::Key(Command::Pause));
    for _ in 0..19 {
        a.update(Action::Key(Command::Seek(1)));
    }
    let s = screen(&a, 120, 40, &Theme::default());
    let (y, line) = s
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("    25  5,3"))
        .expect("step 25 listed");
    let x = line.chars().position(|c| c == '5').unwrap() as u16;
    let area = Rect::new(0, 0, 120, 40);
    assert_eq!(move_at(area, &a, x, y as u16), Some(25));
    // The list's heading and the board are not rows.
    let heading = s.lines().position(|l| l.contains("step  square")).unwrap();
    assert_eq!(move_at(area, &a, x, heading as u16), None);
    // Clicked: the replay shows the tour up to step 25, paused.
    let click = Term::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: x,
        row: y as u16,
        modifiers: KeyModifiers::NONE,
    });
    let action = crate::tui::input::decode(&click, &a, area).expect("a jump");
    a.update(action);
    let r = a.replaying().unwrap();
    assert_eq!((r.pos, r.playing), (25, false));
}

#[test]
fn a_tall_screen_charts_depth_over_time_with_labelled_axes() {
    let mut a = app_on(Board::new(8, 8, &[]).unwrap());
    let g = a.search.generation;
    for (i, (low, high)) in [(1, 10), (8, 30), (25, 50), (40, 63)]
        .into_iter()
        .enumerate()
    {
        a.update(Action::Engine(
            Side::A,
            g,
            Event::Snapshot(Snapshot {
                path: (0..high as u32).collect(),
                stats: Stats {
                    nodes: 1000 * (i as u64 + 1),
                    elapsed: std::time::Duration::from_millis(500 * (i as u64 + 1)),
                    ..Stats::default()
                },
                range: (low, high),
            }),
        ));
    }
    assert_eq!(
        a.search.history.back().map(|s| (s.low, s.high)),
        Some((40, 63))
    );
    let tall = screen(&a, 200, 60, &Theme::default());
    // The axes: depth 0 to 64 squares, time 0.5 s to 2.0 s, and 2,000
    // nodes a second (none from the first snapshot, which includes the
    // start).
    for label in ["depth", "0.5", "2.0", "64", "2.0k│nodes/s"] {
        assert!(tall.contains(label), "{label}: {tall}");
    }
    // On a 120x40 screen there is room only for the sparkline.
    let short = screen(&a, 120, 40, &Theme::default());
    assert!(!short.contains("0.5"), "{short}");
}

#[test]
fn the_title_offers_z_for_lines_only_where_zooming_brings_them() {
    use crate::tui::viewport::Drawing;
    // The settings' preview has no path: no lines, and no promise of them.
    let mut a = app(8);
    a.drawing = Drawing::Lines;
    a.update(Action::Key(Command::Settings));
    let s = screen(&a, 120, 40, &Theme::default());
    assert!(!s.contains("z for lines"), "{s}");
    // 300x300 in the overview: zooming in brings the lines.
    let mut big = app(300);
    big.drawing = Drawing::Lines;
    let s = screen(&big, 120, 40, &Theme::default());
    assert!(s.contains("(z for lines)"), "{s}");
}
