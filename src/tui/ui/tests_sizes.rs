//! The app's promises at every size and colour mode the issue names:
//! 80x24, 120x40 and 200x60, at 16 colours and without colour. Each case
//! renders the real screen and checks what a user would see.

use super::tests::{app, screen};
use super::*;
use crate::config::Depth;
use crate::tui::app::{Action, Mode};
use crate::tui::keymap::Command;
use knight_engine::solver::Tours;

const SIZES: [(u16, u16); 3] = [(80, 24), (120, 40), (200, 60)];

fn themes() -> [Theme; 2] {
    [
        Theme {
            depth: Depth::Ansi16,
            ..Theme::default()
        },
        Theme {
            colour: false,
            ..Theme::default()
        },
    ]
}

/// The column of each line's first character: where the panes' left
/// edges are.
fn left(s: &str) -> String {
    s.lines().map(|l| l.chars().next().unwrap_or(' ')).collect()
}

#[test]
fn at_every_size_and_colour_mode_the_frame_holds() {
    for theme in themes() {
        for (w, h) in SIZES {
            let what = format!("{w}x{h}, colour {}", theme.colour);
            // A full 8x8: its count from a corner is out of reach.
            let mut a =
                crate::tui::testing::app_on(knight_engine::board::Board::new(8, 8, &[]).unwrap());
            let before = screen(&a, w, h, &theme);
            // Tabs from 30 rows.
            assert_eq!(
                before.contains("search · replay · play · race"),
                h >= 30,
                "{what}"
            );
            // A long message moves nothing: the board's edge and the hint
            // bar stay where they were.
            a.update(Action::Key(Command::Count));
            let asked = screen(&a, w, h, &theme);
            assert!(
                asked.contains("Count?") && asked.contains("leave it"),
                "{what}: {asked}"
            );
            a.update(Action::Key(Command::No));
            a.update(Action::Key(Command::Count));
            a.update(Action::Key(Command::Yes));
            let long = screen(&a, w, h, &theme);
            let n = long.lines().count();
            let bars =
                (crate::tui::frame::status_lines(h) + crate::tui::frame::hint_lines(w)) as usize;
            assert_eq!(
                left(&before).chars().take(n - bars).collect::<String>(),
                left(&long).chars().take(n - bars).collect::<String>(),
                "{what}"
            );
            // Esc never quits; the log keeps the message whole.
            a.update(Action::Key(Command::Back));
            assert!(!a.quit, "{what}");
            a.update(Action::Key(Command::Log));
            let log = screen(&a, w, h, &theme);
            assert!(
                log.contains("Messages") && log.contains("Esc or M closes"),
                "{what}: {log}"
            );
            a.update(Action::Key(Command::Back));
            // The settings' verdict shows whole in the panel: c on 3x3.
            a.update(Action::Key(Command::Settings));
            for _ in 0..8 {
                a.update(Action::Key(Command::Rows(-1)));
                a.update(Action::Key(Command::Cols(-1)));
            }
            a.update(Action::Key(Command::Rows(2)));
            a.update(Action::Key(Command::Cols(2)));
            let panel = screen(&a, w, h, &theme);
            // Whole: its first words and its last.
            assert!(panel.contains("no tour: no open tour"), "{what}: {panel}");
            assert!(panel.contains("sides >= 5"), "{what}: {panel}");
        }
    }
}

#[test]
fn at_every_size_and_colour_mode_play_and_its_questions_show() {
    for theme in themes() {
        for (w, h) in SIZES {
            let what = format!("{w}x{h}, colour {}", theme.colour);
            let mut a = app(6);
            let g = crate::tui::game::Game::new(
                Tours::open(a.spec.board().clone()),
                Some(Square::new(0, 0)),
            );
            a.modes.show(Mode::Play(Box::new(g)));
            a.update(Action::Key(Command::Pick(1)));
            a.update(Action::Key(Command::Pick(1)));
            let s = screen(&a, w, h, &theme);
            // The outlook in the side pane, hints off: no onward counts.
            assert!(s.contains("outlook"), "{what}: {s}");
            assert!(s.contains("legal moves:"), "{what}: {s}");
            // q asks; its box alone lists its answers.
            a.update(Action::Key(Command::Quit));
            let q = screen(&a, w, h, &theme);
            assert!(
                q.contains("Quit?") && q.contains("not saved"),
                "{what}: {q}"
            );
            assert_eq!(q.matches("save and quit").count(), 1, "{what}: {q}");
            a.update(Action::Key(Command::Back));
            assert!(!a.quit && !a.confirming_quit(), "{what}");
        }
    }
}

#[test]
fn too_small_terminal_says_so() {
    let a = super::tests::app(8);
    for (w, h) in [(40, 10), (59, 30), (100, 21), (1, 1)] {
        let s = screen(&a, w, h, &Theme::default());
        if w >= 20 {
            assert!(s.contains("Terminal too"), "{w}x{h}: {s}");
        }
    }
}

/// Too small to be drawn, the app takes no key that would act unseen;
/// q still quits, and its question is drawn alone, answered by its keys.
#[test]
fn too_small_terminal_takes_only_quitting() {
    use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    let press = |c| Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE));
    let small = Rect::new(0, 0, 40, 10);
    let mut a = app(6);
    let g =
        crate::tui::game::Game::new(Tours::open(a.spec.board().clone()), Some(Square::new(0, 0)));
    a.modes.show(Mode::Play(Box::new(g)));
    a.update(Action::Key(Command::Pick(1)));
    for c in ['1', 'u', 'r', 's', '?', 'l', 'o', '\t'] {
        let e = Event::Key(KeyEvent::new(
            if c == '\t' {
                KeyCode::Tab
            } else {
                KeyCode::Char(c)
            },
            KeyModifiers::NONE,
        ));
        assert!(crate::tui::input::decode(&e, &a, small).is_none(), "{c:?}");
    }
    let click = Event::Mouse(crossterm::event::MouseEvent {
        kind: crossterm::event::MouseEventKind::Down(crossterm::event::MouseButton::Left),
        column: 5,
        row: 5,
        modifiers: KeyModifiers::NONE,
    });
    assert!(crate::tui::input::decode(&click, &a, small).is_none());
    let quit = crate::tui::input::decode(&press('q'), &a, small).expect("q quits");
    a.update(quit);
    assert!(a.confirming_quit());
    let s = screen(&a, 40, 10, &Theme::default());
    assert!(s.contains("Quit?") && s.contains("not saved"), "{s}");
    // Every answer shows whole, wrapped to the narrow box.
    for answer in ["y quit", "s save and quit", "n or Esc", "stay"] {
        assert!(s.contains(answer), "{answer}: {s}");
    }
    // Even at 30x6, without the blank line.
    let tiny = screen(&a, 30, 6, &Theme::default());
    assert!(tiny.contains("stay") && tiny.contains("y quit"), "{tiny}");
    let no = crate::tui::input::decode(&press('n'), &a, small).expect("n answers");
    a.update(no);
    assert!(!a.confirming_quit() && !a.quit);
    // The same keys act once there is room.
    let full = Rect::new(0, 0, 80, 24);
    assert!(crate::tui::input::decode(&press('u'), &a, full).is_some());
}

/// A 12x12 puzzle at 80x24 cannot show its numbers whole: it opens
/// zoomed in on the knight, its title naming the files and ranks in view
/// as the labels do, and says how to see the whole board.
#[test]
fn a_puzzle_too_big_for_its_numbers_opens_zoomed_in() {
    use knight_engine::puzzle::{self, Clues, Difficulty, Request};
    let m = puzzle::make(&Request {
        rows: 12,
        cols: 12,
        closed: false,
        difficulty: Difficulty::Easy,
        seed: 2,
    })
    .unwrap();
    let mut a = app(8);
    a.open_game(crate::tui::game::Game::puzzle(Clues::made(m.clone(), 2)));
    let small = Rect::new(0, 0, 80, 24);
    a.update(Action::Resize(80, 24));
    let level = super::jump_level(small, &a);
    assert!(matches!(level, Some(1..)), "{level:?}");
    a.open_zoomed(level);
    let s = screen(&a, 80, 24, &Theme::default());
    let title = s.lines().next().unwrap();
    assert!(title.contains("· numbers · files "), "{title}");
    assert!(
        a.message()
            .unwrap()
            .ends_with("zoomed in so the numbers show (j: the whole board)")
    );
    // The knight's clue 1 is on screen as a number.
    let board = m.puzzle.board();
    let knight = board.square(m.solution[0]);
    assert!(a.window().contains(knight));
    assert!(s.contains(" 1 "), "{s}");
    // A game without clues is left as it is.
    let mut plain = app(8);
    plain.open_zoomed(Some(2));
    assert_eq!(plain.zoom.level, 0);
}

/// Without colour, the empty dark squares of the numbers view show a
/// dot, so a square's colour still reads; the light ones stay empty.
#[test]
fn without_colour_dark_squares_show_a_dot() {
    let mut a = app(6);
    let g = crate::tui::game::Game::new(Tours::open(a.spec.board().clone()), None);
    a.modes.show(Mode::Play(Box::new(g)));
    let plain = Theme {
        colour: false,
        ..Theme::default()
    };
    let s = screen(&a, 120, 40, &plain);
    // Each board row: a dot on its 3 dark squares.
    let rows: Vec<usize> = s
        .lines()
        .map(|l| l.split('│').nth(1).unwrap_or("").matches('·').count())
        .filter(|&n| n > 0)
        .collect();
    assert_eq!(rows, [3, 3, 3, 3, 3, 3], "{s}");
    // In colour, every free square has its dot (the 35 but the corner).
    let coloured = screen(&a, 120, 40, &Theme::default());
    let board = |s: &str| -> usize {
        s.lines()
            .map(|l| l.split('│').nth(1).unwrap_or("").matches('·').count())
            .sum()
    };
    assert_eq!((board(&s), board(&coloured)), (18, 35));
}
