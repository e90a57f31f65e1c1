use super::geometry::{BoardView, Fold, geometry, layout};
use super::*;
use crate::tui::app::{Action, Mode, Side};
use crate::tui::keymap::{BINDINGS, Command};
use crate::tui::testing::app_on;
use crate::tui::viewport::Window;
use knight_engine::board::Board;
use knight_engine::solver::Tours;
use knight_engine::solver::{Event, Snapshot, Stats};
use ratatui::Terminal;
use ratatui::backend::TestBackend;

pub(super) fn app(n: u32) -> App {
    app_on(Board::new(n, n, &[Square::new(n - 1, n - 1)]).unwrap())
}

/// The whole screen of `app` at `w` x `h`, cell by cell.
pub(super) fn buffer(app: &App, w: u16, h: u16, theme: &Theme) -> Buffer {
    let mut buf = Buffer::empty(Rect::new(0, 0, w, h));
    Screen { app, theme }.render(buf.area, &mut buf);
    buf
}

/// The whole screen of `app` at `w` x `h`, as text.
pub(super) fn screen(app: &App, w: u16, h: u16, theme: &Theme) -> String {
    let buf = buffer(app, w, h, theme);
    (0..h)
        .map(|y| {
            (0..w)
                .map(|x| buf[(x, y)].symbol().to_string())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn zoom_shows_part_of_a_big_board_and_clicks_still_find_their_squares() {
    let mut a = app(1000);
    let plain = Theme::default();
    let s = screen(&a, 120, 40, &plain);
    assert!(
        s.contains("1000x1000 with 1 blocked square · overview 1:"),
        "{s}"
    );
    // Each level halves the window; the title says which part is shown.
    for _ in 0..6 {
        a.update(Action::Key(Command::ZoomIn));
    }
    assert_eq!(
        a.window(),
        Window {
            row: 493,
            col: 493,
            rows: 15,
            cols: 15
        }
    );
    let s = screen(&a, 120, 40, &plain);
    assert!(s.contains("rows 493-507, cols 493-507"), "{s}");
    // Panning moves half the window and stops at the edge.
    a.update(Action::Key(Command::Pan(0, 1)));
    assert_eq!(a.window().col, 493 + 15 / 2);
    for _ in 0..400 {
        a.update(Action::Key(Command::Pan(1, 1)));
    }
    let w = a.window();
    assert_eq!((w.row + w.rows, w.col + w.cols), (1000, 1000));
    let s = screen(&a, 120, 40, &plain);
    assert!(s.contains("rows 985-999, cols 985-999"), "{s}");
    // The blocked corner is in view, and the mouse finds squares through the zoom.
    let screen_area = Rect::new(0, 0, 120, 40);
    let g = geometry(panes_of(&a, screen_area).board, a.shown_board(), w);
    for (r, c) in [(0u32, 0u32), (14, 14), (7, 3)] {
        let x = g.x0 + c as u16 * g.cw + g.cw / 2;
        let y = g.y0 + r as u16 * g.ch + g.ch / 2;
        let want = Square::new(w.row + r, w.col + c);
        assert_eq!(square_at(screen_area, &a, x, y), Some(want));
    }
    // Zooming out all the way shows the whole board again.
    for _ in 0..10 {
        a.update(Action::Key(Command::ZoomOut));
    }
    assert_eq!(a.zoom.level, 0);
    assert_eq!(a.message(), Some("the whole board is in view"));
    assert!(screen(&a, 120, 40, &plain).contains("· overview 1:"));
}

#[test]
fn panes_and_words_at_120x40() {
    let mut a = app(8);
    let g = a.search.generation;
    a.update(Action::Engine(
        Side::A,
        g,
        Event::Snapshot(Snapshot {
            range: (0, 0),
            path: vec![0, 10, 25],
            stats: Stats {
                nodes: 1234,
                backtracks: 56,
                max_depth: 9,
                ..Stats::default()
            },
        }),
    ));
    let s = screen(&a, 120, 40, &Theme::default());
    for word in [
        "nodes",
        "1,234",
        "backtracks",
        "depth",
        "3 (max 9)",
        "elapsed",
        "Statistics",
        "Controls",
        "running",
        "8x8 with 1 blocked square · numbers",
        "Space pause",
    ] {
        assert!(s.contains(word), "missing {word:?} in\n{s}");
    }
    // The path's steps are on the board, the blocked corner is marked,
    // the next candidates are marked.
    assert!(s.contains('▒') && s.contains('◆'), "{s}");
    a.update(Action::Key(Command::Pause));
    assert!(screen(&a, 120, 40, &Theme::default()).contains("paused"));
}

#[test]
fn views_by_size() {
    assert_eq!(
        BoardView::choose(8, 8, 64, 86, 36),
        BoardView::Numbers { w: 8, h: 4 }
    );
    assert_eq!(
        BoardView::choose(8, 8, 64, 30, 9),
        BoardView::Numbers { w: 3, h: 1 }
    );
    assert_eq!(BoardView::choose(30, 30, 900, 86, 36), BoardView::Compact);
    assert_eq!(
        BoardView::choose(64, 64, 4096, 86, 36),
        BoardView::HalfBlock
    );
    assert_eq!(
        BoardView::choose(1000, 1000, 1_000_000, 86, 36),
        BoardView::Overview { scale: 14 }
    );
}

#[test]
fn long_narrow_boards_fold_into_bands() {
    // 3x100 in the board pane at 120x40 (88x38 inside): numbers in 5
    // bands of 22 columns; 100x4 the other way round.
    assert_eq!(
        layout(3, 100, 300, 88, 38),
        (
            BoardView::Numbers { w: 4, h: 2 },
            Fold {
                bands: 5,
                per_band: 22,
                wide: true,
                stride: 7
            }
        )
    );
    let (view, fold) = layout(100, 4, 400, 88, 38);
    assert!(matches!(view, BoardView::Numbers { .. }), "{view:?}");
    assert_eq!((fold.bands, fold.wide), (3, false));
    // Square boards and boards that fit are never folded.
    assert_eq!(layout(8, 8, 64, 86, 36).1, Fold::NONE);
    assert_eq!(layout(1000, 1000, 1_000_000, 86, 36).1, Fold::NONE);
    for (rows, cols) in [(3u32, 100u32), (100, 4), (4, 1000)] {
        let a = app_on(Board::new(rows, cols, &[]).unwrap());
        // A board pane 37 lines tall (tabs, two status lines, two of hints).
        let area = Rect::new(0, 0, 120, 42);
        let s = screen(&a, 120, 42, &Theme::default());
        let g = geometry(panes_of(&a, area).board, a.shown_board(), a.window());
        assert!(g.fold.bands > 1, "{rows}x{cols}");
        assert!(s.contains(&format!("in {} bands", g.fold.bands)), "{s}");
        // Every square drawn maps back to itself; the gaps to none.
        for r in (0..rows).step_by(g.down as usize) {
            for c in (0..cols).step_by(g.across as usize) {
                let (x, y) = g.pos(r, c);
                let got = square_at(area, &a, x, y);
                assert_eq!(got, Some(Square::new(r, c)), "{rows}x{cols} at {x},{y}");
            }
        }
        if g.fold.wide {
            let (x, y) = g.pos(0, 0);
            let gap = y + g.fold.stride - 1;
            assert_eq!(square_at(area, &a, x, gap), None);
        }
    }
}

#[test]
fn large_boards_and_ascii_without_colour() {
    let theme = Theme {
        colour: false,
        ascii: true,
        ..Theme::default()
    };
    for n in [30, 64, 300] {
        let mut a = app(n);
        let g = a.search.generation;
        a.update(Action::Engine(
            Side::A,
            g,
            Event::Snapshot(Snapshot {
                range: (0, 0),
                path: vec![0, n + 2],
                stats: Stats::default(),
            }),
        ));
        let s = screen(&a, 120, 40, &theme);
        assert!(s.contains(&format!("{n}x{n}")), "{s}");
        assert!(
            s.is_ascii() || s.contains('─'),
            "ascii symbols on the board"
        );
        let s = screen(&a, 120, 40, &Theme::default());
        assert!(s.contains("Statistics"));
    }
}

#[test]
fn help_lists_every_binding_once_grouped_and_scrolls() {
    let mut a = app(8);
    a.update(Action::Key(Command::Help));
    // Every row once, in the first group it works in; watching first.
    let groups = help::groups(a.context());
    assert_eq!(
        groups[0].0,
        crate::tui::keymap::Group::In(crate::tui::keymap::Context::Watch)
    );
    let listed: Vec<&str> = groups
        .iter()
        .flat_map(|(_, rows)| rows.iter().map(|b| b.help))
        .collect();
    for b in BINDINGS {
        assert_eq!(
            listed.iter().filter(|h| **h == b.help).count(),
            1,
            "{}",
            b.help
        );
    }
    // At 80x24 it does not fit: scrolling page by page shows every row.
    let mut seen = String::new();
    for _ in 0..12 {
        seen.push_str(&screen(&a, 80, 24, &Theme::default()));
        a.update(Action::Key(Command::HelpScroll(10)));
    }
    let first = screen(&a, 80, 24, &Theme::default());
    assert!(first.contains("Keys "), "{first}");
    for b in BINDINGS {
        let start: String = b.help.chars().take(40).collect();
        assert!(seen.contains(&start), "{} missing", b.help);
    }
    // Home goes back to the top: the current mode's heading.
    a.update(Action::Key(Command::HelpScroll(i16::MIN)));
    let top = screen(&a, 80, 24, &Theme::default());
    assert!(top.contains("Watching the search"), "{top}");
    assert!(top.contains("Keys 1-"), "{top}");
    // End, then PgUp moves up from the last page (it stuck there).
    let title = |s: &str| {
        s.lines()
            .find_map(|l| l.find(" Keys ").map(|i| l[i..].to_string()))
    };
    a.update(Action::Key(Command::HelpScroll(i16::MAX)));
    let last = title(&screen(&a, 80, 24, &Theme::default()));
    a.update(Action::Key(Command::HelpScroll(-10)));
    let up = title(&screen(&a, 80, 24, &Theme::default()));
    assert_ne!(last, up, "PgUp after End moved nothing");
    for _ in 0..12 {
        a.update(Action::Key(Command::HelpScroll(-10)));
    }
    let back = screen(&a, 80, 24, &Theme::default());
    assert!(back.contains("Keys 1-"), "{back}");
}

#[test]
fn settings_panel_and_clicks_map_to_squares() {
    let mut a = app(8);
    a.update(Action::Key(Command::Settings));
    let s = screen(&a, 120, 40, &Theme::default());
    for word in [
        "Settings ─",
        "[ ] rows",
        "8x8 with 1 blocked square · settings",
        "Enter search",
        "♞",
    ] {
        assert!(s.contains(word), "missing {word:?} in\n{s}");
    }
    // Every square's drawn position maps back to it.
    let screen_area = Rect::new(0, 0, 120, 40);
    let g = geometry(panes_of(&a, screen_area).board, a.spec.board(), a.window());
    for r in 0..8u32 {
        for c in 0..8u32 {
            let x = g.x0 + c as u16 * g.cw + g.cw / 2;
            let y = g.y0 + r as u16 * g.ch + g.ch / 2;
            assert_eq!(square_at(screen_area, &a, x, y), Some(Square::new(r, c)));
        }
    }
    assert_eq!(square_at(screen_area, &a, 0, 0), None);
    assert_eq!(square_at(screen_area, &a, 119, 5), None);
    assert_eq!(square_at(Rect::new(0, 0, 30, 10), &a, 5, 5), None);
}

#[test]
fn replay_screen_marks_the_fault_and_says_why() {
    let mut a = app(5);
    let text = r#"{"format":"knight-tour","version":1,"rows":5,"cols":5,
        "path":[[0,0],[1,2],[2,4],[2,3]]}"#;
    a.open_replay(crate::tui::replay::Replay::load("bad.json", text).unwrap());
    if let Some(r) = a.modes.replaying_mut() {
        r.seek(10);
    }
    let s = screen(&a, 120, 40, &Theme::default());
    for word in [
        "5x5 · replay of bad.json",
        "illegal: step 4: 2,4 -> 2,3 is not a knight move",
        "step 3 / 4",
        "Replay",
        "✘",
    ] {
        assert!(s.contains(word), "missing {word:?} in\n{s}");
    }
    assert!(!s.contains("Statistics"), "no search figures in replay");
}

#[test]
fn play_screen_lists_legal_moves_and_hints() {
    let mut a = app(5);
    let mut g =
        crate::tui::game::Game::new(Tours::open(a.spec.board().clone()), Some(Square::new(0, 0)));
    g.hints = true;
    a.modes.show(Mode::Play(Box::new(g)));
    let s = screen(&a, 120, 40, &Theme::default());
    for word in [
        "5x5 with 1 blocked square · play",
        "moves      1 / 24",
        "legal moves (onward):",
        " 1  2,1",
        " 2  1,2",
        "(5)",
    ] {
        assert!(s.contains(word), "missing {word:?} in\n{s}");
    }
    let plain = screen(
        &a,
        120,
        40,
        &Theme {
            colour: false,
            ascii: true,
            ..Theme::default()
        },
    );
    assert!(plain.contains("(5)") && !plain.contains('◆'), "ascii hints");
}

#[test]
fn short_help_keeps_the_mode_keys_first_wraps_and_says_it_scrolls() {
    let mut a = app(8);
    a.update(Action::Key(Command::Help));
    let s = screen(&a, 60, 22, &Theme::default());
    assert!(s.contains("pause / resume the search"), "{s}");
    // Long texts wrap under themselves: the end of a long row shows.
    assert!(s.contains("the replay"), "{s}");
    assert!(s.contains("PgUp PgDn scroll"), "{s}");
}

#[test]
fn numbers_line_up_in_narrow_cells() {
    let mut a = app(8);
    let g = a.search.generation;
    a.update(Action::Engine(
        Side::A,
        g,
        Event::Snapshot(Snapshot {
            range: (0, 0),
            path: vec![0, 10, 4],
            stats: Stats::default(),
        }),
    ));
    let s = screen(&a, 60, 22, &Theme::default());
    let row = s
        .lines()
        .skip_while(|l| !l.starts_with('┌'))
        .skip(1)
        .find(|l| l.contains('·'))
        .expect("the first board row");
    // 1 and 3 are right-aligned: each is preceded by a space where a
    // second digit would go.
    assert!(row.contains("  1") && row.contains("  3"), "{row}");
}

#[test]
fn a_big_board_in_play_marks_the_targets_with_their_keys() {
    let mut a = app_on(Board::new(30, 30, &[]).unwrap());
    let g =
        crate::tui::game::Game::new(Tours::open(a.spec.board().clone()), Some(Square::new(3, 3)));
    a.modes.show(Mode::Play(Box::new(g)));
    let s = screen(&a, 120, 40, &Theme::default());
    assert!(s.contains("30x30 · play · compact"), "{s}");
    // The board pane's lines hold the keys 1-8, each on the row of its target.
    // The board pane: below its title, above the status and hint lines.
    let lines: Vec<&str> = s.lines().collect();
    let board: Vec<String> = lines[2..lines.len() - 4]
        .iter()
        .map(|l| l.chars().take(90).collect())
        .collect();
    let found: Vec<char> = board
        .iter()
        .flat_map(|l| l.chars())
        .filter(|c| ('1'..='8').contains(c))
        .collect();
    assert_eq!(found.len(), 8, "{s}");
    // Target 1 is 5,4 (two rows below the knight): its key is on a lower line than 5's (1,2).
    let line_of = |k: char| board.iter().position(|l| l.contains(k)).unwrap();
    assert_eq!(line_of('1'), line_of('8'));
    assert!(line_of('1') > line_of('5'));
}

#[test]
fn the_quit_question_shows_its_box_and_only_its_answers() {
    let mut a = app(6);
    let g =
        crate::tui::game::Game::new(Tours::open(a.spec.board().clone()), Some(Square::new(0, 0)));
    a.modes.show(Mode::Play(Box::new(g)));
    a.update(Action::Key(Command::Pick(1)));
    a.update(Action::Key(Command::Pick(1)));
    a.update(Action::Key(Command::Quit));
    let s = screen(&a, 80, 24, &Theme::default());
    assert!(
        s.contains("Quit?") && s.contains("The game's 3 squares are not saved."),
        "{s}"
    );
    // Its keys are in the box alone: not in the hint bar, not in the
    // status line.
    assert!(
        s.contains("y quit   s save and quit   n or Esc stay"),
        "{s}"
    );
    let hints: Vec<&str> = s.lines().skip(22).map(str::trim_end).collect();
    assert_eq!(hints, ["", ""]);
    assert_eq!(s.matches("save and quit").count(), 1, "{s}");
}

#[test]
fn a_blocked_square_fills_its_own_cell_and_no_other() {
    // The replay of assets/blocked-8x8.json at 120x40 used to draw seven
    // ▒ from three columns in, two of them in the next square.
    let blocked = [Square::new(3, 3), Square::new(4, 4), Square::new(0, 7)];
    let a = app_on(Board::new(8, 8, &blocked).unwrap());
    let (w, h) = (120u16, 40u16);
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| draw(f, &a, &Theme::default())).unwrap();
    let buf = t.backend().buffer().clone();
    let screen = Rect::new(0, 0, w, h);
    let mut seen = std::collections::BTreeMap::new();
    for y in 0..h {
        for x in 0..w {
            if buf[(x, y)].symbol() == "▒" {
                let sq = square_at(screen, &a, x, y);
                assert!(
                    sq.is_some_and(|s| blocked.contains(&s)),
                    "▒ at {x},{y} is on {sq:?}"
                );
                *seen.entry(sq.unwrap()).or_insert(0) += 1;
            }
        }
    }
    // Each blocked square drawn, each the same size.
    assert_eq!(seen.len(), 3, "{seen:?}");
    let sizes: std::collections::BTreeSet<_> = seen.values().collect();
    assert_eq!(sizes.len(), 1, "{seen:?}");
}

#[test]
fn only_strips_fold_into_bands() {
    // 8x38 and 38x8 at 120x40 and 80x24 (board pane inside): boards, not bands.
    for (w, h) in [(88, 38), (48, 22)] {
        for (rows, cols) in [(8, 38), (38, 8), (5, 60), (6, 200)] {
            let (_, fold) = layout(rows, cols, (rows * cols) as usize, w, h);
            assert_eq!(fold.bands, 1, "{rows}x{cols} in {w}x{h}: {fold:?}");
        }
    }
    // A strip of 4 still folds.
    assert!(layout(4, 200, 800, 88, 38).1.bands > 1);
}

#[test]
fn squares_grow_with_the_pane() {
    // 8x8 in the board pane at 120x40 (88x38 inside) and at 200x60 (168x58).
    assert_eq!(
        layout(8, 8, 64, 88, 38).0,
        BoardView::Numbers { w: 8, h: 4 }
    );
    assert_eq!(
        layout(8, 8, 64, 168, 58).0,
        BoardView::Numbers { w: 14, h: 7 }
    );
    // 5x5 at 120x40: no longer a quarter of the pane.
    assert_eq!(
        layout(5, 5, 25, 88, 38).0,
        BoardView::Numbers { w: 14, h: 7 }
    );
}

/// Frame times of the board views, printed, not asserted (a benchmark):
/// `cargo test --release --bin knight-tui -- --ignored frame_times --nocapture`.
#[test]
#[ignore = "a benchmark"]
fn frame_times() {
    use crate::tui::viewport::Drawing;
    use knight_engine::solver::{Algorithm, Report};
    use std::time::Instant;
    // The app showing a complete tour of an n x n board, found by `algo`.
    let found = |n: u32, algo: Algorithm| {
        let mut a = app_on(Board::new(n, n, &[]).unwrap());
        a.spec.algorithm = algo;
        let solution = knight_engine::solver::solve(&a.spec.problem, &a.spec.options(1));
        knight_engine::tour::check_indices(a.spec.board(), &solution.tours[0], false).unwrap();
        let g = a.search.generation;
        a.update(Action::Engine(
            Side::A,
            g,
            Event::Done(Report {
                solution,
                tour: None,
            }),
        ));
        a
    };
    let median_ms = |a: &App, w: u16, h: u16, theme: &Theme| {
        let area = Rect::new(0, 0, w, h);
        let mut times: Vec<f64> = (0..41)
            .map(|_| {
                let mut buf = Buffer::empty(area);
                let t0 = Instant::now();
                Screen { app: a, theme }.render(area, &mut buf);
                t0.elapsed().as_secs_f64() * 1e3
            })
            .collect();
        times.sort_by(f64::total_cmp);
        times[times.len() / 2]
    };
    let mut rows = vec![("64x64", found(64, Algorithm::Warnsdorff))];
    // 1000x1000 zoomed in four times: a window of 62x62 squares.
    let mut big = found(1000, Algorithm::Construct);
    for _ in 0..4 {
        big.update(Action::Key(Command::ZoomIn));
    }
    rows.push(("1000x1000 zoomed 4x", big));
    println!("| board | screen | squares | lines | lines and numbers |");
    println!("| --- | --- | --- | --- | --- |");
    // 24-bit colour, and a 256-colour terminal (tmux's), whose colours
    // are fitted to the palette.
    let themes = [
        ("24-bit", Theme::default()),
        (
            "256 colours",
            Theme {
                depth: crate::tui::theme::Depth::Ansi256,
                ..Theme::default()
            },
        ),
        (
            "16 colours",
            Theme {
                depth: crate::tui::theme::Depth::Ansi16,
                ..Theme::default()
            },
        ),
    ];
    for (name, a) in &mut rows {
        for (colours, theme) in &themes {
            for (w, h) in [(120, 40), (200, 60)] {
                let mut ms = Vec::new();
                for d in [Drawing::Numbers, Drawing::Lines, Drawing::Both] {
                    a.drawing = d;
                    ms.push(median_ms(a, w, h, theme));
                }
                println!(
                    "| {name}, {colours} | {w}x{h} | {:.3} ms | {:.3} ms | {:.3} ms |",
                    ms[0], ms[1], ms[2]
                );
            }
        }
    }
}

#[test]
fn without_colour_the_cursor_on_the_knight_is_not_striped() {
    use ratatui::style::Modifier;
    let theme = Theme {
        colour: false,
        ..Theme::default()
    };
    let mut a = app(5);
    let g =
        crate::tui::game::Game::new(Tours::open(a.spec.board().clone()), Some(Square::new(0, 0)));
    a.modes.show(Mode::Play(Box::new(g)));
    let buf = buffer(&a, 200, 60, &theme);
    // Tall cells: the knight's, under the cursor, is reversed, and no line
    // of it underlined.
    let reversed = buf
        .content()
        .iter()
        .filter(|c| c.modifier.contains(Modifier::REVERSED))
        .count();
    assert!(reversed > 20, "{reversed}");
    assert!(
        buf.content()
            .iter()
            .all(|c| !c.modifier.contains(Modifier::UNDERLINED))
    );
}

#[test]
fn the_lines_view_of_a_big_board_shows_its_extent() {
    use crate::tui::viewport::Drawing;
    let mut a = app(30);
    a.drawing = Drawing::Lines;
    let g = a.search.generation;
    a.update(Action::Engine(
        Side::A,
        g,
        Event::Snapshot(Snapshot {
            range: (0, 0),
            path: vec![0, 32, 4, 36],
            stats: Stats::default(),
        }),
    ));
    // Without colour: outlined.
    let plain = Theme {
        colour: false,
        ..Theme::default()
    };
    let s = screen(&a, 120, 40, &plain);
    assert!(s.contains('╭') && s.contains('╯'), "{s}");
    // In colour: the extent shaded as a dark square, lines over it.
    let theme = Theme::default();
    let buf = buffer(&a, 120, 40, &theme);
    let shaded = buf
        .content()
        .iter()
        .filter(|c| c.bg == theme.dark_square())
        .count();
    assert!(shaded >= 30 * 15, "{shaded}");
}

#[test]
fn auto_draws_lines_with_numbers_only_where_they_do_not_touch_and_d_always_changes() {
    use crate::tui::viewport::Drawing;
    let mut a = app(8);
    a.drawing = Drawing::Auto;
    let title = |a: &App, w, h| {
        let s = screen(a, w, h, &Theme::default());
        s.lines()
            .find(|l| l.starts_with("┌ 8x8"))
            .unwrap()
            .to_string()
    };
    // 8x8 at 80x24: squares 4 wide and 2 tall, numbers alone.
    assert!(
        title(&a, 80, 24).contains("square · numbers"),
        "{}",
        title(&a, 80, 24)
    );
    // At 120x40 they have room: lines and numbers.
    assert!(
        title(&a, 120, 40).contains("lines and numbers"),
        "{}",
        title(&a, 120, 40)
    );
    // d: every press changes the picture, numbers, lines, both, numbers.
    let area = Rect::new(0, 0, 120, 40);
    let mut seen = vec![];
    for _ in 0..3 {
        let next = next_drawing(area, &a);
        a.update(Action::DrawAs(next));
        seen.push(next);
    }
    assert_eq!(seen, [Drawing::Numbers, Drawing::Lines, Drawing::Both]);
    // 30x30 at 120x40 draws a square a character or less: lines and both
    // look alike, so d goes between numbers and lines.
    let mut big = app(30);
    big.drawing = Drawing::Lines;
    assert_eq!(next_drawing(area, &big), Drawing::Numbers);
    big.drawing = Drawing::Numbers;
    assert_eq!(next_drawing(area, &big), Drawing::Lines);
}
