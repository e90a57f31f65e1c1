//! The board's colours at each colour depth: the dark squares stand out
//! from the light ones, the steps take six colours or more, and the
//! overview is shaded by step, at 24-bit, 256 and 16 colours; with the
//! colours of each screen as snapshots (24-bit's pinned as they are).

use std::collections::HashSet;

use insta::assert_snapshot;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Color;
use ratatui::widgets::Widget;

use knight_engine::board::{Board, Square};

use super::board::{BoardPane, Scene};
use super::geometry::{BoardView, geometry};
use super::snapshots::snap;
use crate::tui::app::App;
use crate::tui::testing::app_on;
use crate::tui::theme::{Depth, Theme};

const DEPTHS: [(Depth, &str); 3] = [
    (Depth::True, "24bit"),
    (Depth::Ansi256, "256"),
    (Depth::Ansi16, "16"),
];

/// The app showing a whole Warnsdorff tour of an n x n board.
fn toured(n: u32) -> App {
    let mut a = app_on(Board::new(n, n, &[]).unwrap());
    a.spec.algorithm = knight_engine::solver::Algorithm::Warnsdorff;
    let sol = knight_engine::solver::solve(&a.spec.problem, &a.spec.options(1));
    knight_engine::tour::check_indices(a.spec.board(), &sol.tours[0], false).unwrap();
    snap(&mut a, &sol.tours[0], sol.stats.nodes);
    a
}

/// The board pane drawn in `w` x `h` with `theme`.
fn drawn(a: &App, w: u16, h: u16, theme: &Theme) -> Buffer {
    let area = Rect::new(0, 0, w, h);
    let mut buf = Buffer::empty(area);
    BoardPane {
        scene: Scene::of_app(a),
        theme,
    }
    .render(area, &mut buf);
    buf
}

fn at(depth: Depth, light: bool) -> Theme {
    Theme {
        depth,
        light,
        ..Theme::default()
    }
}

/// Each line of a buffer's text, then one letter a cell for its colours
/// and modifiers, each letter's meaning listed below.
fn colour_dump(b: &Buffer) -> String {
    let w = b.area.width as usize;
    let mut styles: Vec<String> = Vec::new();
    let mut text = String::new();
    let mut codes = String::new();
    for (i, cell) in b.content().iter().enumerate() {
        let s = cell.style();
        let mut key = format!("fg {:?}, bg {:?}", cell.fg, cell.bg);
        if !s.add_modifier.is_empty() {
            key += &format!(", {:?}", s.add_modifier);
        }
        let n = styles.iter().position(|k| *k == key).unwrap_or_else(|| {
            styles.push(key);
            styles.len() - 1
        });
        text += cell.symbol();
        codes.push(
            b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
                .get(n)
                .map_or('?', |&c| c as char),
        );
        if (i + 1) % w == 0 {
            text += "  ";
            text += &codes;
            text += "\n";
            codes.clear();
        }
    }
    for (n, key) in styles.iter().enumerate() {
        let letter = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
            .get(n)
            .map_or('?', |&c| c as char);
        text += &format!("{letter}: {key}\n");
    }
    text
}

#[test]
fn the_colours_of_the_numbers_and_the_overview_at_each_depth() {
    let six = toured(6);
    let sixty = toured(60);
    for (depth, name) in DEPTHS {
        let theme = at(depth, false);
        assert_snapshot!(
            format!("colours_numbers_6x6_{name}"),
            colour_dump(&drawn(&six, 24, 8, &theme))
        );
        assert_snapshot!(
            format!("colours_overview_60x60_{name}"),
            colour_dump(&drawn(&sixty, 20, 9, &theme))
        );
    }
}

#[test]
fn the_checkerboard_shows_at_every_depth_and_background() {
    let a = toured(8);
    let b = a.shown_board();
    for (depth, name) in DEPTHS {
        for light in [false, true] {
            let theme = at(depth, light);
            let area = Rect::new(0, 0, 60, 20);
            let g = geometry(area, b, a.window());
            assert!(matches!(g.view, BoardView::Numbers { .. }), "{:?}", g.view);
            let buf = drawn(&a, area.width, area.height, &theme);
            // Every character of each square, the shaded ones apart (the
            // dark squares on a light terminal, the light ones on a dark
            // one); and the digits on them.
            let mut backgrounds = [HashSet::new(), HashSet::new()];
            let mut digits = HashSet::new();
            for r in 0..b.rows() {
                for c in 0..b.cols() {
                    for dy in 0..g.ch {
                        for dx in 0..g.cw {
                            let (x, y) = (g.x0 + c as u16 * g.cw + dx, g.y0 + r as u16 * g.ch + dy);
                            let cell = &buf[(x, y)];
                            let shaded = theme.shaded(Square::new(r, c));
                            if shaded && cell.symbol().starts_with(|d: char| d.is_ascii_digit()) {
                                digits.insert(cell.bg);
                            }
                            backgrounds[usize::from(shaded)].insert(cell.bg);
                        }
                    }
                }
            }
            let [plain_squares, shaded_squares] = backgrounds;
            let (name, bg) = (format!("{name}, light {light}"), theme.dark_square());
            assert!(
                plain_squares
                    .iter()
                    .all(|c| *c == Color::Reset || *c == theme.current),
                "{name}: {plain_squares:?}"
            );
            assert!(shaded_squares.contains(&bg), "{name}");
            // A number on a shaded square stands on the shade.
            digits.remove(&theme.current);
            assert_eq!(digits, HashSet::from([bg]), "{name}");
            // Not the terminal's own background: at 16 colours, black on a
            // dark terminal and white on a light one.
            let background = if light { Color::White } else { Color::Black };
            assert!(![Color::Reset, background].contains(&bg), "{name}: {bg:?}");
        }
    }
}

#[test]
fn at_16_colours_the_steps_and_the_overview_take_six_colours_or_more() {
    // At 16 colours the numbers are in the terminal's own colour, black on
    // the grey squares: no palette colour reads on both kinds of square in
    // every palette.
    let theme = at(Depth::Ansi16, false);
    let a = toured(8);
    let buf = drawn(&a, 60, 20, &theme);
    let digits: HashSet<Color> = (1..19)
        .flat_map(|y| (1..59).map(move |x| (x, y)))
        .map(|p| &buf[p])
        .filter(|c| c.symbol().starts_with(|ch: char| ch.is_ascii_digit()))
        .filter(|c| [Color::Reset, theme.dark_square()].contains(&c.bg))
        .map(|c| c.fg)
        .collect();
    assert_eq!(digits, HashSet::from([Color::Reset, Color::Black]));
    // At 256 colours they take the ramp's colours.
    let theme = at(Depth::Ansi256, false);
    let buf = drawn(&a, 60, 20, &theme);
    // The digits inside the border, on light or dark squares (the knight's
    // are on its own colour).
    let squares = [Color::Reset, theme.dark_square()];
    let steps: HashSet<Color> = (1..19)
        .flat_map(|y| (1..59).map(move |x| (x, y)))
        .map(|p| &buf[p])
        .filter(|c| c.symbol().starts_with(|ch: char| ch.is_ascii_digit()))
        .filter(|c| squares.contains(&c.bg))
        .map(|c| c.fg)
        .collect();
    assert!(steps.len() >= 6, "{steps:?}");
    // None in the colour of the dark squares, the knight, the candidates,
    // the cursor or the blocked squares.
    for other in [
        theme.dark_square(),
        theme.current,
        theme.candidate,
        theme.accent,
        theme.blocked,
    ] {
        assert!(!steps.contains(&other), "{other:?} in {steps:?}");
    }
    // The overview of a 60x60 tour: half blocks in six colours or more,
    // not stripes of two.
    let a = toured(60);
    let buf = drawn(&a, 20, 9, &theme);
    let shades: HashSet<Color> = buf
        .content()
        .iter()
        .filter(|c| c.symbol() == "▀")
        .flat_map(|c| [c.fg, c.bg])
        .collect();
    assert!(shades.len() >= 6, "{shades:?}");
}

#[test]
fn in_the_block_views_empty_and_blocked_squares_differ_at_every_depth() {
    use knight_engine::board::Square;
    // 16x16 in half blocks, two squares blocked (2,4 and 3,4: one character).
    let blocked = [Square::new(2, 4), Square::new(3, 4)];
    let a = app_on(Board::new(16, 16, &blocked).unwrap());
    for (depth, name) in DEPTHS {
        for light in [false, true] {
            let theme = at(depth, light);
            let buf = drawn(&a, 20, 10, &theme);
            let colours: HashSet<Color> = buf
                .content()
                .iter()
                .filter(|c| c.symbol() == "▀")
                .flat_map(|c| [c.fg, c.bg])
                .collect();
            let (empty, hole) = (theme.empty_block(), theme.blocked);
            let name = format!("{name}, light {light}");
            assert_eq!(colours, HashSet::from([empty, hole]), "{name}");
            assert_ne!(empty, hole, "{name}");
            // The blocked squares show on the terminal's background, as
            // they must in the lines view, which leaves the empty ones blank.
            let background = if light { Color::White } else { Color::Black };
            assert_ne!(hole, background, "{name}");
        }
    }
}
