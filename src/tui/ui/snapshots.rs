//! Whole screens as snapshots (insta, `TestBackend`), with what varies
//! (times and rates) filtered out, and each board view compared with the
//! buffer it must draw.

use insta::assert_snapshot;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use knight_engine::board::{Board, Square};
use knight_engine::solver::{Event, Snapshot, Stats};

use super::board::{BoardPane, Scene};
use super::draw;
use crate::tui::app::{Action, App, Side};
use crate::tui::game::Game;
use crate::tui::keymap::Command;
use crate::tui::replay::Replay;
use crate::tui::testing::app_on;
use crate::tui::theme::Theme;
use knight_engine::solver::Tours;

pub(super) fn snap(a: &mut App, path: &[u32], nodes: u64) {
    let g = a.search.generation;
    a.update(Action::Engine(
        Side::A,
        g,
        Event::Snapshot(Snapshot {
            range: (0, 0),
            path: path.to_vec(),
            stats: Stats {
                nodes,
                backtracks: nodes / 3,
                max_depth: path.len() + 2,
                elapsed: std::time::Duration::from_micros(1234),
                ..Stats::default()
            },
        }),
    ));
}

/// The screen as text, times and rates filtered.
fn screen(app: &App, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| draw(f, app, &Theme::default())).unwrap();
    t.backend().to_string()
}

/// The screen with what changes from run to run masked: the elapsed time
/// (`elapsed  1.2 ms `) and the rate (`nodes/s  3.4k · now 2.1k `).
fn masked(screen: String) -> String {
    let screen = mask(&screen, "elapsed", "elapsed    [time] ", |rest| {
        ["µs ", "ms ", "s "]
            .iter()
            .find_map(|u| rest.strip_prefix(' ')?.strip_prefix(u))
    });
    mask(&screen, "nodes/s", "nodes/s    [rate] ", |rest| {
        let rest = rest.strip_prefix(['k', 'M']).unwrap_or(rest);
        let rest = match rest.strip_prefix(" · now ").and_then(number) {
            Some(r) => r.strip_prefix(['k', 'M']).unwrap_or(r),
            None => rest,
        };
        rest.strip_prefix(' ')
    })
}

/// `text` past a number (digits and dots), if it starts with one.
fn number(text: &str) -> Option<&str> {
    let rest = text.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
    (rest.len() < text.len()).then_some(rest)
}

/// Each `label`, spaces, a number and what `tail` takes after it, replaced
/// by `with`.
fn mask<'a>(
    text: &'a str,
    label: &str,
    with: &str,
    tail: impl Fn(&'a str) -> Option<&'a str>,
) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(label) {
        let after = &rest[at + label.len()..];
        let spaced = after.trim_start_matches(' ');
        let end = (spaced.len() < after.len())
            .then(|| number(spaced))
            .flatten()
            .and_then(&tail);
        out.push_str(&rest[..at]);
        match end {
            Some(end) => {
                out.push_str(with);
                rest = end;
            }
            None => {
                out.push_str(label);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[test]
fn masking_hides_times_and_rates_only() {
    let s =
        "a elapsed  12.5 ms | nodes/s  3.4k · now 2.1M | elapsed 3 s x | nodes/s  7 | elapsed soon";
    assert_eq!(
        masked(s.into()),
        "a elapsed    [time] | nodes/s    [rate] | elapsed    [time] x | nodes/s    [rate] | elapsed soon"
    );
}

#[test]
fn watching_a_search() {
    let mut a = app_on(Board::new(8, 8, &[]).unwrap());
    snap(&mut a, &[0, 10, 25, 40, 57], 1234);
    assert_snapshot!(masked(screen(&a, 100, 30)));
}

#[test]
fn a_search_to_a_chosen_end() {
    let mut a = app_on(Board::new(8, 8, &[]).unwrap());
    crate::tui::testing::retask(&mut a.spec, false, Some(Square::new(7, 6)));
    snap(&mut a, &[0, 10, 25, 40, 57], 1234);
    assert_snapshot!(masked(screen(&a, 100, 30)));
}

#[test]
fn the_settings_panel() {
    let mut a = app_on(Board::new(6, 6, &[]).unwrap());
    for c in [
        Command::Settings,
        Command::Cursor(1, 1),
        Command::ToggleBlock,
        Command::Cursor(1, 1),
    ] {
        a.update(Action::Key(c));
    }
    assert_snapshot!(masked(screen(&a, 100, 30)));
}

#[test]
fn a_replay_stopped_at_its_fault() {
    let mut a = app_on(Board::new(8, 8, &[]).unwrap());
    let text = include_str!("../../../assets/illegal-step.json");
    a.open_replay(Replay::load("illegal-step.json", text).unwrap());
    a.update(Action::Key(Command::SeekEnd));
    assert_snapshot!(masked(screen(&a, 100, 30)));
}

#[test]
fn play_with_hints() {
    let mut a = app_on(Board::new(5, 5, &[]).unwrap());
    let mut g = Game::new(Tours::open(a.spec.board().clone()), Some(Square::new(0, 0)));
    g.hints = true;
    a.modes.show(crate::tui::app::Mode::Play(Box::new(g)));
    a.update(Action::Key(Command::Pick(1)));
    assert_snapshot!(masked(screen(&a, 100, 30)));
}

/// A 6x6 puzzle two moves in: the clues' steps on the board, the next
/// clue and its distance at the side.
#[test]
fn play_a_puzzle() {
    use knight_engine::puzzle::{self, Difficulty, Request};
    let made = puzzle::make(&Request {
        rows: 6,
        cols: 6,
        closed: false,
        difficulty: Difficulty::Medium,
        seed: 7,
    })
    .unwrap();
    let mut a = app_on(Board::new(6, 6, &[]).unwrap());
    let clues = knight_engine::puzzle::Clues::made(made.clone(), 7);
    a.open_game(Game::puzzle(clues));
    let b = a.modes.game().unwrap().board().clone();
    let left = crossterm::event::MouseButton::Left;
    a.update(Action::Click(b.square(made.solution[1]), left));
    // A number written out of order, and a pencil mark beside it.
    let open: Vec<u32> = (3..=36u32)
        .filter(|&k| made.puzzle.clue_at(k).is_none())
        .collect();
    let (k, at) = (open[3], made.solution[open[3] as usize - 1]);
    a.modes.game_mut().unwrap().cursor = b.square(at);
    for d in k.to_string().bytes() {
        a.update(Action::Key(Command::Pick(d - b'0')));
    }
    a.update(Action::Key(Command::MoveHere));
    let (m, mark_at) = (open[5], made.solution[open[5] as usize - 1]);
    a.modes.game_mut().unwrap().cursor = b.square(mark_at);
    a.update(Action::Key(Command::Pencil));
    for d in m.to_string().bytes() {
        a.update(Action::Key(Command::Pick(d - b'0')));
    }
    a.update(Action::Key(Command::MoveHere));
    assert_snapshot!(masked(screen(&a, 100, 30)));
}

#[test]
fn help() {
    let mut a = app_on(Board::new(8, 8, &[]).unwrap());
    a.update(Action::Key(Command::Help));
    assert_snapshot!(masked(screen(&a, 100, 40)));
}

#[test]
fn too_small() {
    let a = app_on(Board::new(8, 8, &[]).unwrap());
    assert_snapshot!(screen(&a, 50, 12));
}

/// The board pane alone, drawn into a buffer of `w` x `h`, without colour.
fn board_buffer(a: &App, w: u16, h: u16) -> Buffer {
    let theme = Theme {
        colour: false,
        ..Theme::default()
    };
    let area = Rect::new(0, 0, w, h);
    let mut buf = Buffer::empty(area);
    BoardPane {
        scene: Scene::of_app(a),
        theme: &theme,
    }
    .render(area, &mut buf);
    buf
}

/// A buffer's characters, without their styles.
fn text(b: &Buffer) -> String {
    b.content().iter().map(|c| c.symbol()).collect()
}

#[test]
fn each_board_view_draws_its_squares() {
    use ratatui::style::Modifier;
    // Numbers: 3x3 in cells of 3x1, the knight reversed on its step.
    let mut a = app_on(Board::new(3, 3, &[]).unwrap());
    snap(&mut a, &[0, 5], 2);
    // 0,0 is step 1; 1,2 is step 2, with the knight; 2,0 its one move left.
    // Without colour, a dot marks each free dark square.
    let want = Buffer::with_lines([
        "┌ 3x3 ────┐",
        "│ 1  ·    │",
        "│ ·     2 │",
        "│ ◆  ·    │",
        "└─────────┘",
    ]);
    let got = board_buffer(&a, 11, 5);
    assert_eq!(text(&got), text(&want), "{got:?}");
    let knight = &got[(8, 2)];
    assert!(
        knight
            .style()
            .add_modifier
            .contains(Modifier::BOLD | Modifier::REVERSED)
    );
    // Compact: two columns a square; without colour the path shaded by
    // step (░░: the first quarter), the knight its symbol, its next
    // squares marked.
    let mut a = app_on(Board::new(4, 4, &[]).unwrap());
    snap(&mut a, &[0, 6, 13], 3);
    assert_eq!(
        text(&board_buffer(&a, 10, 6)),
        text(&Buffer::with_lines([
            "┌ 4x4 ───┐",
            "│░░· · · │",
            "│◆ · ░░· │",
            "│· · · ◆ │",
            "│· ♞ · · │",
            "└────────┘",
        ]))
    );
    // Half blocks: two squares a character, top and bottom; the knight
    // (on 3,1) has a character of its own, reversed without colour.
    let half = board_buffer(&a, 6, 4);
    assert_eq!(
        text(&half),
        text(&Buffer::with_lines([
            "┌ 4x4┐",
            "│▀ ▄ │",
            "│ ♞  │",
            "└────┘"
        ]))
    );
    assert!(
        half[(2, 2)]
            .style()
            .add_modifier
            .contains(Modifier::REVERSED)
    );
    // Overview: a character stands for 2x2 squares (two blocks a line),
    // shaded by step without colour (░: the first quarter); the knight (on
    // 3,3) is in the second.
    let mut a = app_on(Board::new(8, 8, &[]).unwrap());
    snap(&mut a, &[0, 10, 27], 3);
    assert_eq!(
        text(&board_buffer(&a, 6, 4)),
        text(&Buffer::with_lines([
            "┌ 8x8┐",
            "│░♞  │",
            "│    │",
            "└────┘"
        ]))
    );
}

#[test]
fn targets_have_their_keys_in_the_half_block_view_with_and_without_colour() {
    // 10x10 in a pane of 12x7: half blocks. The knight on 4,4 after one
    // move from 2,3 (the ▀ above it); its seven targets numbered, each in a
    // character of its own (1 is 6,5: two down, one right).
    let mut g = Game::new(
        Tours::open(Board::new(10, 10, &[]).unwrap()),
        Some(Square::new(2, 3)),
    );
    g.move_to(Square::new(4, 4));
    let mut a = app_on(Board::new(10, 10, &[]).unwrap());
    a.modes.show(crate::tui::app::Mode::Play(Box::new(g)));
    let want = [
        "┌ 10x10 ───┐",
        "│          │",
        "│  5▀ 43   │",
        "│  6 ♞ 2   │",
        "│   7 1    │",
        "│          │",
        "└──────────┘",
    ];
    let plain = board_buffer(&a, 12, 7);
    assert_eq!(text(&plain), text(&Buffer::with_lines(want)), "{plain:?}");
    // With colour: the same characters, each key in the target colour over
    // the colour of the square sharing its character.
    let theme = Theme::default();
    let area = Rect::new(0, 0, 12, 7);
    let mut buf = Buffer::empty(area);
    BoardPane {
        scene: Scene::of_app(&a),
        theme: &theme,
    }
    .render(area, &mut buf);
    for (x, y) in [(3, 2), (6, 2), (7, 2), (3, 3), (7, 3), (4, 4), (6, 4)] {
        assert_eq!(buf[(x, y)].fg, theme.candidate, "{x},{y}");
        assert_ne!(buf[(x, y)].bg, theme.candidate, "{x},{y}: the key shows");
    }
    assert_eq!(buf[(5, 3)].symbol(), "♞");
}

#[test]
fn a_race_at_80x24() {
    // Backtracking (A) still going against Warnsdorff (B), which found its
    // tour: both boards, both figures, the result of each.
    let board = Board::new(5, 5, &[]).unwrap();
    let mut spec = crate::tui::testing::spec(board);
    spec.algorithm = knight_engine::solver::Algorithm::Backtrack;
    let mut a = App::new(spec.clone(), 3, "/tmp".into());
    a.open_race(spec.rival());
    a.launch();
    snap(&mut a, &[0, 7, 4, 13], 40);
    // B's real tour, checked square by square.
    let rival = a.modes.race().unwrap().spec.clone();
    let mut solution = knight_engine::solver::solve(&rival.problem, &rival.options(1));
    let summary =
        knight_engine::tour::check_indices(rival.board(), &solution.tours[0], false).unwrap();
    assert!(matches!(
        summary,
        knight_engine::tour::Summary::Complete { .. }
    ));
    solution.stats.elapsed = std::time::Duration::from_micros(31);
    a.update(Action::Engine(
        Side::B,
        1,
        Event::Done(knight_engine::solver::Report {
            solution,
            tour: None,
        }),
    ));
    assert_snapshot!(screen(&a, 80, 24));
}

#[test]
fn a_move_across_a_wrapped_edge_is_drawn_as_two_half_segments() {
    use crate::tui::viewport::Drawing;
    use knight_engine::board::{Geometry, Leaper, Surface};
    // 5x5 torus: 0,0 -> 1,3 is the leap (1,-2) round the left edge, so
    // it leaves 0,0 to the left and comes into 1,3 from the right; then
    // 1,3 -> 3,4 is a plain move, drawn from centre to centre.
    let g = Geometry::new(Leaper::KNIGHT, Surface::Torus);
    let mut a = app_on(Board::with_geometry(5, 5, &[], g).unwrap());
    snap(&mut a, &[0, 8, 19], 3);
    a.drawing = Drawing::Lines;
    assert_snapshot!("lines_torus_44x16", text_lines(&board_buffer(&a, 44, 16)));
}

#[test]
fn the_lines_view_at_two_sizes_and_without_colour() {
    use crate::tui::viewport::Drawing;
    // 5x5 from the corner: 0,0 -> 2,1 -> 4,0 -> 3,2 -> 4,4, each move a
    // line from centre to centre, the start and the knight written over them.
    let mut a = app_on(Board::new(5, 5, &[]).unwrap());
    snap(&mut a, &[0, 11, 20, 17, 24], 5);
    a.drawing = Drawing::Lines;
    assert_snapshot!("lines_44x16", text_lines(&board_buffer(&a, 44, 16)));
    assert_snapshot!("lines_24x9", text_lines(&board_buffer(&a, 24, 9)));
    // Both: every step number over its lines.
    a.drawing = Drawing::Both;
    assert_snapshot!(
        "lines_and_numbers_44x16",
        text_lines(&board_buffer(&a, 44, 16))
    );
    // With colour, each move in the ramp colour of its step, the squares'
    // background kept under the lines.
    a.drawing = Drawing::Lines;
    let theme = Theme::default();
    let area = Rect::new(0, 0, 44, 16);
    let mut buf = Buffer::empty(area);
    BoardPane {
        scene: Scene::of_app(&a),
        theme: &theme,
    }
    .render(area, &mut buf);
    let first_move: Vec<_> = buf
        .content()
        .iter()
        .filter(|c| {
            c.fg == theme.ramp(1, 25)
                && ('\u{2800}'..='\u{28ff}').contains(&c.symbol().chars().next().unwrap())
        })
        .collect();
    assert!(
        !first_move.is_empty(),
        "the first move in the first step's colour"
    );
    assert!(
        buf.content()
            .iter()
            .any(|c| c.bg == crate::tui::theme::DARK_SQUARE
                && ('\u{2800}'..='\u{28ff}').contains(&c.symbol().chars().next().unwrap())),
        "a line over a dark square keeps the square's colour"
    );
}

/// A buffer's characters, line by line.
fn text_lines(b: &Buffer) -> String {
    let w = b.area.width as usize;
    let cells: Vec<&str> = b.content().iter().map(|c| c.symbol()).collect();
    cells
        .chunks(w)
        .map(|l| l.concat())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn without_colour_the_overview_shades_by_step() {
    // A whole 40x40 tour in a pane too small for half blocks: without
    // colour, early squares are light shades and late ones dark.
    let mut a = app_on(Board::new(40, 40, &[]).unwrap());
    a.spec.algorithm = knight_engine::solver::Algorithm::Warnsdorff;
    let sol = knight_engine::solver::solve(&a.spec.problem, &a.spec.options(1));
    knight_engine::tour::check_indices(a.spec.board(), &sol.tours[0], false).unwrap();
    snap(&mut a, &sol.tours[0], 1600);
    let shown = text(&board_buffer(&a, 24, 12));
    assert!(shown.contains("overview"), "{shown}");
    for shade in ["░", "▒", "▓", "█"] {
        assert!(shown.contains(shade), "{shade} missing: {shown}");
    }
}

#[test]
fn zoomed_in_the_colours_span_the_steps_in_view() {
    use crate::tui::viewport::Window;
    let b = Board::new(20, 20, &[]).unwrap();
    let mut t = crate::tui::trail::Trail::new(b.len());
    // A path of 6 squares, 3 of them (steps 4-6) in the window's corner.
    let sq = |r, c| b.index(Square::new(r, c));
    t.set(&[
        sq(19, 19),
        sq(17, 18),
        sq(15, 19),
        sq(1, 2),
        sq(0, 0),
        sq(2, 1),
    ]);
    let whole = Window {
        row: 0,
        col: 0,
        rows: 20,
        cols: 20,
    };
    assert_eq!(super::board::step_span(Some(&t), &b, whole), (1, 400));
    let corner = Window {
        row: 0,
        col: 0,
        rows: 8,
        cols: 8,
    };
    assert_eq!(super::board::step_span(Some(&t), &b, corner), (4, 3));
    // Nothing in view: the whole tour's colours.
    let empty = Window {
        row: 8,
        col: 0,
        rows: 4,
        cols: 4,
    };
    assert_eq!(super::board::step_span(Some(&t), &b, empty), (1, 400));
    // A window over 256 squares a side is looked at on a grid (every third
    // row and column of 600): (300, 300) is on it, (301, 301) not.
    let b = Board::new(1000, 1000, &[]).unwrap();
    let mut t = crate::tui::trail::Trail::new(b.len());
    let sq = |r, c| b.index(Square::new(r, c));
    t.set(&[sq(300, 300), sq(301, 301), sq(999, 999)]);
    let big = Window {
        row: 0,
        col: 0,
        rows: 600,
        cols: 600,
    };
    assert_eq!(super::board::step_span(Some(&t), &b, big), (1, 1));
}

#[test]
fn squares_a_no_tour_proof_names_are_marked_on_the_board() {
    let b = Board::new(5, 5, &[]).unwrap();
    let proof = knight_engine::theory::Facts::new(&b)
        .check(Some(Square::new(0, 1)), false)
        .unwrap_err();
    assert_eq!(proof.squares, vec![Square::new(0, 1)], "{proof}");
    // The search ended with that proof: the square is marked ✘.
    let mut a = app_on(b);
    let g = a.search.generation;
    a.update(Action::Engine(
        Side::A,
        g,
        Event::Done(knight_engine::solver::Report {
            solution: knight_engine::solver::Solution {
                tours: vec![],
                verdict: knight_engine::solver::Verdict::NoTour(proof),
                stats: Stats::default(),
                algorithm: knight_engine::solver::Algorithm::Warnsdorff,
            },
            tour: None,
        }),
    ));
    let shown = text_lines(&board_buffer(&a, 24, 9));
    let first_row = shown
        .lines()
        .find(|l| l.contains('✘'))
        .expect("a marked square");
    let x = first_row.chars().position(|c| c == '✘').unwrap();
    // Without colour, the row's one other dark square, 0,3, has a dot.
    let dot = first_row.chars().position(|c| c == '·').unwrap();
    assert_eq!(first_row.matches('·').count(), 1, "{shown}");
    assert!(x < dot, "0,1 is left of 0,3: {shown}");
}

#[test]
fn every_view_at_two_sizes_without_colour() {
    use crate::tui::viewport::Drawing;
    // A whole Warnsdorff tour of each board, checked square by square,
    // drawn without colour (as under NO_COLOR).
    let toured = |n: u32| {
        let mut a = app_on(Board::new(n, n, &[]).unwrap());
        a.spec.algorithm = knight_engine::solver::Algorithm::Warnsdorff;
        let sol = knight_engine::solver::solve(&a.spec.problem, &a.spec.options(1));
        knight_engine::tour::check_indices(a.spec.board(), &sol.tours[0], false).unwrap();
        snap(&mut a, &sol.tours[0], sol.stats.nodes);
        a
    };
    let mut a = toured(6);
    for (w, h) in [(40, 14), (24, 8)] {
        assert_snapshot!(
            format!("numbers_6x6_{w}x{h}"),
            text_lines(&board_buffer(&a, w, h))
        );
    }
    a.drawing = Drawing::Lines;
    for (w, h) in [(40, 14), (24, 8)] {
        assert_snapshot!(
            format!("lines_6x6_{w}x{h}"),
            text_lines(&board_buffer(&a, w, h))
        );
    }
    let a = toured(16);
    for (w, h) in [(36, 18), (20, 10)] {
        // Compact (two columns a square), then half blocks.
        assert_snapshot!(
            format!("blocks_16x16_{w}x{h}"),
            text_lines(&board_buffer(&a, w, h))
        );
    }
    let a = toured(60);
    for (w, h) in [(32, 16), (20, 9)] {
        assert_snapshot!(
            format!("overview_60x60_{w}x{h}"),
            text_lines(&board_buffer(&a, w, h))
        );
    }
}
