//! Contrast of every character on screen against what it is drawn on, in
//! the palettes of four common terminals, at 16, 256 and 24-bit colours,
//! on dark and light backgrounds: 4.5:1 for letters and digits, 3:1 for
//! the board's marks (WCAG 2's contrast ratio). The screens: a search with
//! its tour numbered, a puzzle in play, the help, the settings and a race.

use ratatui::buffer::Buffer;
use ratatui::style::Modifier;

use super::tests::buffer;
use crate::config::Depth;
use crate::tui::app::{Action, App, Mode};
use crate::tui::game::Game;
use crate::tui::keymap::Command;
use crate::tui::theme::Theme;
use crate::tui::theme::fit::{TERMINALS, Terminal, ratio, shown};
use knight_engine::board::Board;
use knight_engine::puzzle::Clues;

/// The screens measured, each with its name.
fn screens() -> Vec<(&'static str, App)> {
    let mut out = Vec::new();
    // A search with its whole tour numbered: on 8x8 (wide cells) and on
    // 12x12 (narrow ones).
    for (n, name) in [(8, "search"), (12, "search 12x12")] {
        let mut a = crate::tui::testing::app_on(Board::new(n, n, &[]).unwrap());
        a.spec.algorithm = knight_engine::solver::Algorithm::Warnsdorff;
        let sol = knight_engine::solver::solve(&a.spec.problem, &a.spec.options(1));
        super::snapshots::snap(&mut a, &sol.tours[0], sol.stats.nodes);
        out.push((name, a));
    }
    // A puzzle with a few steps played, hints on.
    let made = crate::tui::testing::easy_puzzle();
    let mut a = crate::tui::testing::app_on(Board::new(6, 6, &[]).unwrap());
    let clues = Clues::made(made.clone(), 7);
    let mut game = Game::puzzle(clues);
    let board = made.puzzle.board().clone();
    for &i in &made.solution[..6] {
        game.move_to(board.square(i));
    }
    game.hints = true;
    // Numbers written out of order, pencil marks, a hint's marked squares.
    let open: Vec<u32> = (8..=36u32)
        .filter(|&k| made.puzzle.clue_at(k).is_none())
        .collect();
    let (k, at) = (open[1], made.solution[open[1] as usize - 1]);
    game.write(at, k).expect("the solution's own step");
    game.pencil = true;
    game.cursor = board.square(made.solution[open[3] as usize - 1]);
    game.typed = Some(open[3]);
    game.write_typed().expect("a mark on an empty square");
    game.typed = Some(open[4]);
    game.hinted = vec![
        board.square(made.solution[open[5] as usize - 1]),
        board.square(at),
    ];
    a.modes.show(Mode::Play(Box::new(game)));
    out.push(("puzzle", a));
    let mut a = crate::tui::testing::app_on(Board::new(8, 8, &[]).unwrap());
    a.update(Action::Key(Command::Help));
    out.push(("help", a));
    let mut a = crate::tui::testing::app_on(Board::new(8, 8, &[]).unwrap());
    a.update(Action::Key(Command::Settings));
    out.push(("settings", a));
    out
}

/// The worst ratio of each kind of character on a buffer: letters and
/// digits, then marks; with where it is.
struct Worst {
    text: (f64, String),
    marks: (f64, String),
}

fn measure(buf: &Buffer, palette: &Terminal, light: bool) -> Worst {
    let (fg0, bg0) = if light { palette.light } else { palette.dark };
    let mut worst = Worst {
        text: (21.0, String::new()),
        marks: (21.0, String::new()),
    };
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            let cell = &buf[(x, y)];
            let sym = cell.symbol();
            let Some(ch) = sym.chars().next() else {
                continue;
            };
            // Blocks are backgrounds drawn with a glyph: no text on them.
            if ch.is_whitespace() || "█▀▄▌▐░▒▓".contains(ch) {
                continue;
            }
            let (mut fg, mut bg) = (shown(cell.fg, palette, fg0), shown(cell.bg, palette, bg0));
            if cell.modifier.contains(Modifier::REVERSED) {
                std::mem::swap(&mut fg, &mut bg);
            }
            let r = ratio(fg, bg);
            let slot = if ch.is_alphanumeric() {
                &mut worst.text
            } else {
                &mut worst.marks
            };
            if r < slot.0 {
                *slot = (
                    r,
                    format!("'{sym}' at {x},{y}: {:?} on {:?}", cell.fg, cell.bg),
                );
            }
        }
    }
    worst
}

/// Every depth and background, every palette, every screen: the worst
/// text and the worst mark.
#[test]
fn every_character_reads_on_what_it_is_drawn_on_in_four_palettes() {
    let screens = screens();
    let mut faults = Vec::new();
    let mut table = Vec::new();
    for depth in [Depth::Ansi16, Depth::Ansi256, Depth::True] {
        for light in [false, true] {
            let theme = Theme {
                depth,
                light,
                ..Theme::default()
            };
            for palette in &TERMINALS {
                let (mut text, mut marks) = (21.0f64, 21.0f64);
                for ((name, app), (width, height)) in screens
                    .iter()
                    .flat_map(|s| [(80, 24), (120, 40), (200, 60)].map(|size| (s, size)))
                {
                    let buf = buffer(app, width, height, &theme);
                    let w = measure(&buf, palette, light);
                    let what = format!(
                        "{depth:?} {} {} {width}x{height}: {name}",
                        if light { "light" } else { "dark" },
                        palette.name
                    );
                    if w.text.0 < 4.5 {
                        faults.push(format!("{what}: text {:.2}:1, {}", w.text.0, w.text.1));
                    }
                    if w.marks.0 < 3.0 {
                        faults.push(format!("{what}: mark {:.2}:1, {}", w.marks.0, w.marks.1));
                    }
                    text = text.min(w.text.0);
                    marks = marks.min(w.marks.0);
                }
                table.push(format!(
                    "{depth:?} {:5} {:8} text {text:5.2}  marks {marks:5.2}",
                    if light { "light" } else { "dark" },
                    palette.name
                ));
            }
        }
    }
    println!("{}", table.join("\n"));
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}
