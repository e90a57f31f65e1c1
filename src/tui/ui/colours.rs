//! The board's colours at each colour depth, 24-bit, 256 and 16 colours,
//! as snapshots: each cell's colours and modifiers, a letter a cell.

use insta::assert_snapshot;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use knight_tui::board::Board;

use super::board::{BoardPane, Scene};
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
    a.spec.algorithm = knight_tui::solver::Algorithm::Warnsdorff;
    let sol = knight_tui::solver::solve(&a.spec.problem().unwrap(), &a.spec.options(1));
    knight_tui::tour::check_indices(&a.spec.board, &sol.tours[0], false).unwrap();
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
