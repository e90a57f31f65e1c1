//! The board pane: the squares of the part in view, in the view that fits.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Color;
use ratatui::widgets::{Block, Widget};

use knight_engine::board::Square;

use knight_engine::board::Board;

use super::geometry::{BoardView, Grid, geometry_labelled};
use crate::tui::app::App;
use crate::tui::game::Game;
use crate::tui::replay::Replay;
use crate::tui::theme::Theme;
use crate::tui::trail::Trail;
use crate::tui::viewport::{Drawing, Window};
use crate::tui::watched::Run;

/// What a board pane draws: the board, the part in view, the path and the
/// marks on it. Built from the app's state (or one side of a race); the
/// pane itself reads nothing else.
pub struct Scene<'a> {
    pub board: &'a Board,
    pub window: Window,
    /// What the board is, before the view's name: `8x8 · replay of x.json`.
    pub title: String,
    /// The path shown (none while the settings are open).
    pub trail: Option<&'a Trail>,
    /// The knight's square.
    pub current: Option<Square>,
    pub cursor: Option<Square>,
    /// The replay's illegal step.
    pub fault: Option<Square>,
    /// Squares a "no tour" reason names: marked like a fault.
    pub flagged: Vec<Square>,
    /// The squares the knight may go to next.
    pub targets: Vec<Square>,
    /// The square the tour must end on, while the path has not reached it.
    pub goal: Option<Square>,
    /// In play: targets are marked with their keys (or, with hints, their
    /// onward counts).
    pub game: Option<&'a Game>,
    /// Steps, lines or both.
    pub drawing: Drawing,
    /// Files and ranks on the edges.
    pub labels: bool,
}

impl<'a> Scene<'a> {
    /// The board the app shows now: the settings' preview, the replay, the
    /// game or the search.
    pub fn of_app(app: &'a App) -> Scene<'a> {
        let b = app.shown_board();
        let settings = app.settings();
        let replay = app.replaying();
        let game = app.playing();
        let title = match (settings, replay) {
            (None, None) if game.is_some() => format!("{} · play", b.describe()),
            (Some(_), _) => format!("{} · settings", b.describe()),
            (None, Some(r)) => format!("{} · replay of {}", b.describe(), r.name),
            (None, None) => b.describe(),
        };
        // While the settings are open the board is empty: the start and the
        // cursor are what it shows.
        let trail = trail_in_view(app);
        let current = match settings {
            Some(st) => Some(st.start),
            None => trail.and_then(Trail::last).map(|i| b.square(i)),
        };
        let targets = match (game, current) {
            (Some(g), _) => g.targets(),
            (None, Some(c)) if app.is_searching() && settings.is_none() && replay.is_none() => {
                // The goal is no target before the last move.
                let last = trail.is_some_and(|t| t.len() + 1 == b.free_count());
                free_neighbours(b, trail, c)
                    .into_iter()
                    .filter(|&n| last || Some(n) != app.spec.end())
                    .collect()
            }
            _ => Vec::new(),
        };
        Scene {
            board: b,
            window: app.window(),
            title,
            trail,
            current,
            cursor: settings.map(|st| st.cursor).or(game.map(|g| g.cursor)),
            fault: replay.and_then(Replay::fault_square),
            flagged: match (settings, replay, game) {
                (None, None, Some(g)) => g.outlook.squares(),
                (None, None, None) => match &app.search.state {
                    crate::tui::watched::RunState::NoTour(proof) => proof.squares.clone(),
                    _ => Vec::new(),
                },
                _ => Vec::new(),
            },
            targets,
            goal: match (settings, replay, game) {
                (Some(st), _, _) => st.end,
                (None, Some(_), _) => None,
                (None, None, Some(g)) => g.end(),
                (None, None, None) => app.spec.end(),
            },
            game,
            drawing: app.drawing,
            labels: app.labels,
        }
    }

    /// One search on `board`: its path, and while it runs, where it may go.
    pub fn of_run(
        board: &'a Board,
        window: Window,
        run: &'a Run,
        title: String,
        drawing: Drawing,
        labels: bool,
    ) -> Scene<'a> {
        let current = run.trail.last().map(|i| board.square(i));
        let targets = match current {
            Some(c) if run.is_searching() => free_neighbours(board, Some(&run.trail), c),
            _ => Vec::new(),
        };
        Scene {
            board,
            window,
            title,
            trail: Some(&run.trail),
            current,
            cursor: None,
            fault: None,
            flagged: match &run.state {
                crate::tui::watched::RunState::NoTour(proof) => proof.squares.clone(),
                _ => Vec::new(),
            },
            targets,
            goal: None,
            game: None,
            drawing,
            labels,
        }
    }
}

/// The squares a knight's move from `at` that the path has not visited.
fn free_neighbours(b: &Board, trail: Option<&Trail>, at: Square) -> Vec<Square> {
    b.neighbours(at)
        .filter(|&n| trail.is_none_or(|t| t.step(b.index(n)) == 0))
        .collect()
}

/// The board pane: a scene, titled with what it is and which part is in view.
pub struct BoardPane<'a> {
    pub scene: Scene<'a>,
    pub theme: &'a Theme,
}

/// What `drawing` draws on the grid `g`: `auto` made numbers and lines
/// together where a square is at least [`BOTH_W`] x [`BOTH_H`] (they would
/// touch on smaller ones), the numbers alone on smaller numbered squares,
/// and lines where a square is a character or less.
pub fn effective(drawing: Drawing, g: &Grid) -> Drawing {
    match (drawing, g.view) {
        (Drawing::Auto, BoardView::Numbers { w, h }) if w >= BOTH_W && h >= BOTH_H => Drawing::Both,
        (Drawing::Auto, BoardView::Numbers { .. }) => Drawing::Numbers,
        (Drawing::Auto, _) => Drawing::Lines,
        (d, _) => d,
    }
}

/// The smallest square, in columns and lines, with room for its number
/// clear of the lines through it.
const BOTH_W: u16 = 6;
const BOTH_H: u16 = 3;

/// The drawing `d` moves to from `drawing` on the grid `g`: the next in
/// [`Drawing::CYCLE`] that changes the picture (with lines drawn a
/// character a square or less, numbers and lines look as lines alone).
pub fn next_drawing(drawing: Drawing, g: &Grid) -> Drawing {
    // The overview shades blocks of squares by step: no drawing changes it.
    if matches!(g.view, BoardView::Overview { .. }) {
        return drawing;
    }
    let now = effective(drawing, g);
    let looks = |d: Drawing| match (d, g.view) {
        (Drawing::Both, BoardView::Numbers { .. }) => Drawing::Both,
        (Drawing::Both, _) => Drawing::Lines,
        (d, _) => d,
    };
    let at = Drawing::CYCLE.iter().position(|&d| d == now).unwrap_or(0);
    (1..=Drawing::CYCLE.len())
        .map(|i| Drawing::CYCLE[(at + i) % Drawing::CYCLE.len()])
        .find(|&d| looks(d) != looks(now))
        .unwrap_or(now)
}

impl Widget for BoardPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let BoardPane { mut scene, theme } = self;
        let g = geometry_labelled(area, scene.board, scene.window, scene.labels);
        scene.drawing = effective(scene.drawing, &g);
        let sc = &scene;
        let (b, win) = (sc.board, sc.window);
        // Lines need a character or more a square; the overview keeps its
        // heat map by step.
        let lines = sc.drawing.lines() && g.across == 1 && sc.trail.is_some();
        let title = title(sc, &g, lines, area.width.saturating_sub(4) as usize);
        Block::bordered()
            .title(format!(" {title} "))
            .render(area, buf);
        // Zoomed in, the colours span the steps in view: a window of a huge
        // board is not one flat colour.
        let (first, span) = step_span(sc.trail, b, win);
        let painter = Painter {
            sc,
            theme,
            g: &g,
            lines,
            first,
            span,
        };
        for (part, bx, by) in g.fold.parts(win) {
            match g.view {
                BoardView::Numbers { w, h } => painter.numbers(buf, part, (bx, by), (w, h)),
                _ => painter.blocks(buf, part, (bx, by)),
            }
        }
        if sc.labels && g.fold.bands == 1 && g.across == 1 {
            draw_labels(buf, &g, b, win, theme);
        }
    }
}

/// The pane's title in at most `width` characters: what the board is, how
/// it is drawn, and zoomed in, which rows and columns are in view; parts go
/// when the pane is too narrow (how it is drawn first, then the rows in
/// view, then the mode, never the board).
fn title(sc: &Scene, g: &Grid, lines: bool, width: usize) -> String {
    let (b, win, view) = (sc.board, sc.window, g.view);
    let drawn = match (sc.drawing, lines, view) {
        (Drawing::Numbers, ..) => view.name(),
        (Drawing::Lines, true, BoardView::Numbers { .. }) => "lines".into(),
        (Drawing::Both, true, BoardView::Numbers { .. }) => "lines and numbers".into(),
        (_, true, _) => format!("lines ({})", view.name()),
        // Lines asked for where a square is smaller than a character:
        // zooming in brings them.
        (_, false, _) if g.across > 1 => format!("{} (z for lines)", view.name()),
        (_, false, _) => view.name(),
    };
    let folded = match g.fold.bands {
        1 => String::new(),
        n => format!(" in {n} bands"),
    };
    let mut parts: Vec<(String, u8)> = sc
        .title
        .split(" · ")
        .enumerate()
        .map(|(i, p)| (p.to_string(), if i == 0 { 0 } else { 1 }))
        .collect();
    parts.push((format!("{drawn}{folded}"), 3));
    if (win.rows, win.cols) != (b.rows(), b.cols()) {
        let (last_row, last_col) = (win.row + win.rows - 1, win.col + win.cols - 1);
        // In the labels' notation when they show: files and ranks.
        let shown = if sc.labels && b.cols() <= 26 {
            let file = |c: u32| char::from(b'a' + c as u8);
            format!(
                "files {}-{}, ranks {}-{}",
                file(win.col),
                file(last_col),
                b.rows() - last_row,
                b.rows() - win.row
            )
        } else {
            format!("rows {}-{last_row}, cols {}-{last_col}", win.row, win.col)
        };
        parts.push((shown, 2));
    }
    super::fit_title(parts, width)
}

/// Files below the board and ranks at its left: algebraic (a-z, 1 at the
/// bottom) up to 26 columns, else the zero-based column and row numbers of
/// the square notation. A label is written only where it fits whole.
fn draw_labels(buf: &mut Buffer, g: &Grid, b: &Board, win: Window, theme: &Theme) {
    let algebraic = b.cols() <= 26;
    let style = theme.fg(Color::DarkGray);
    let file = |c: u32| {
        if algebraic {
            char::from(b'a' + c as u8).to_string()
        } else {
            c.to_string()
        }
    };
    let rank = |r: u32| {
        if algebraic {
            (b.rows() - r).to_string()
        } else {
            r.to_string()
        }
    };
    let lines = win.rows.div_ceil(g.down) as u16;
    // Files, on the line under the board.
    let y = g.y0 + lines * g.ch;
    if y < g.frame.bottom() {
        // Every column, or every 2nd, 5th, 10th… where labels are wider
        // than a square: a regular ruler.
        let widest = file(win.col + win.cols - 1).len() as u16 + 1;
        let every = [1u32, 2, 5]
            .iter()
            .flat_map(|&k| (0..7).map(move |e| k * 10u32.pow(e)))
            .filter(|&k| k as u64 * g.cw as u64 >= widest as u64)
            .min()
            .unwrap_or(1);
        let mut free = g.frame.x;
        for c in (win.col..win.col + win.cols).filter(|c| c % every == 0) {
            let text = file(c);
            let len = text.len() as u16;
            let x = g.x0 + (c - win.col) as u16 * g.cw + g.cw.saturating_sub(len) / 2;
            if x >= free && x + len <= g.frame.right() {
                buf.set_string(x, y, &text, style);
                free = x + len + 1;
            }
        }
    }
    // Ranks, right-aligned just left of the board, a line of squares each
    // (in half blocks, the upper square's).
    for line in 0..lines {
        let text = rank(win.row + line as u32 * g.down);
        let len = text.len() as u16;
        let y = g.y0 + line * g.ch + (g.ch - 1) / 2;
        if g.x0 > g.frame.x + len && y < g.frame.bottom() {
            buf.set_string(g.x0 - 1 - len, y, &text, style);
        }
    }
}

/// Sides of the grid of squares [`step_span`] looks at, at most.
const SPAN_SAMPLES: u32 = 256;

/// The first step the colours start from and how many they span: the
/// whole tour, or zoomed in, the steps of the squares in view (of every
/// square of a window up to 256 squares a side, else of a 256 x 256 grid
/// of them, as an overview samples them: a window of 5000 x 5000 squares
/// costs 65,536 looks, not 25 million).
pub(super) fn step_span(trail: Option<&Trail>, b: &Board, win: Window) -> (u32, usize) {
    let whole = (1, b.free_count());
    let Some(t) = trail.filter(|_| (win.rows, win.cols) != (b.rows(), b.cols())) else {
        return whole;
    };
    let (mut lo, mut hi) = (u32::MAX, 0);
    let every = |n: u32| n.div_ceil(SPAN_SAMPLES) as usize;
    for r in (win.row..win.row + win.rows).step_by(every(win.rows)) {
        for c in (win.col..win.col + win.cols).step_by(every(win.cols)) {
            let sq = Square::new(r, c);
            if b.is_free(sq) {
                let s = t.step(b.index(sq));
                if s > 0 {
                    lo = lo.min(s);
                    hi = hi.max(s);
                }
            }
        }
    }
    if hi == 0 {
        whole
    } else {
        (lo, (hi - lo + 1) as usize)
    }
}

mod paint;
use paint::Painter;

/// The path the board shows: the replay's, the game's or the search's;
/// none while the settings are open (the board is empty then).
pub fn trail_in_view(app: &App) -> Option<&Trail> {
    match (app.settings(), app.replaying(), app.playing()) {
        (Some(_), _, _) => None,
        (None, Some(r), _) => Some(&r.trail),
        (None, None, Some(g)) => Some(&g.trail),
        (None, None, None) => Some(app.shown_trail()),
    }
}
