//! The board pane: the squares of the part in view, in the view that fits.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::widgets::{Block, Widget};

use knight_tui::board::Square;

use knight_tui::board::Board;

use super::geometry::{BoardView, Geometry, geometry_labelled};
use crate::tui::app::App;
use crate::tui::game::Game;
use crate::tui::replay::Replay;
use crate::tui::run::Run;
use crate::tui::theme::Theme;
use crate::tui::trail::Trail;
use crate::tui::viewport::{Drawing, Window};

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
        let trail = match (settings, replay, game) {
            (Some(_), _, _) => None,
            (None, Some(r), _) => Some(&r.trail),
            (None, None, Some(g)) => Some(&g.trail),
            (None, None, None) => Some(app.shown_trail()),
        };
        let current = match settings {
            Some(st) => Some(st.start),
            None => trail.and_then(Trail::last).map(|i| b.square(i)),
        };
        let targets = match (game, current) {
            (Some(g), _) => g.targets(),
            (None, Some(c)) if app.is_searching() && settings.is_none() && replay.is_none() => {
                free_neighbours(b, trail, c)
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
                (None, None, Some(g)) => match &g.outlook {
                    crate::tui::game::Outlook::NoTour(why) => named_squares(why, b),
                    _ => Vec::new(),
                },
                (None, None, None) => match &app.search.state {
                    crate::tui::run::RunState::NoTour(why) => named_squares(why, b),
                    _ => Vec::new(),
                },
                _ => Vec::new(),
            },
            targets,
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
                crate::tui::run::RunState::NoTour(why) => named_squares(why, board),
                _ => Vec::new(),
            },
            targets,
            game: None,
            drawing,
            labels,
        }
    }
}

/// The squares of board `b` a reason names as `ROW,COL` (`0,1 is dark`).
pub(super) fn named_squares(reason: &str, b: &Board) -> Vec<Square> {
    let bytes = reason.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        // A number starting here (not inside another), a comma, a number.
        if bytes[i].is_ascii_digit() && (i == 0 || !bytes[i - 1].is_ascii_digit()) {
            let rest = &reason[i..];
            let a = rest
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(rest.len());
            if rest[a..].starts_with(',') {
                let tail = &rest[a + 1..];
                let b_len = tail
                    .find(|c: char| !c.is_ascii_digit())
                    .unwrap_or(tail.len());
                if let (Ok(r), Ok(c)) = (rest[..a].parse::<u32>(), tail[..b_len].parse::<u32>())
                    && b_len > 0
                    && r < b.rows()
                    && c < b.cols()
                {
                    out.push(Square::new(r, c));
                }
            }
            i += a;
        } else {
            i += 1;
        }
    }
    out
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

impl Widget for BoardPane<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (sc, theme) = (self.scene, self.theme);
        let b = sc.board;
        let win = sc.window;
        let g = geometry_labelled(area, b, win, sc.labels);
        let view = g.view;
        // Lines need a character or more a square; the overview keeps its
        // heat map by step.
        let lines = sc.drawing.lines() && g.across == 1 && sc.trail.is_some();
        let drawn = match (sc.drawing, lines, view) {
            (Drawing::Squares, ..) => view.name(),
            (Drawing::Lines, true, BoardView::Numbers { .. }) => "lines".into(),
            (Drawing::Both, true, BoardView::Numbers { .. }) => "lines and numbers".into(),
            (_, true, _) => format!("lines ({})", view.name()),
            (_, false, _) => format!("{} (z for lines)", view.name()),
        };
        // Zoomed in: which rows and columns are in view.
        let folded = match g.fold.bands {
            1 => String::new(),
            n => format!(" in {n} bands"),
        };
        // The title's parts, each with the rank it goes in when the pane is
        // too narrow: how it is drawn first, then the rows in view, then
        // the mode, never the board.
        let mut parts: Vec<(String, u8)> = sc
            .title
            .split(" · ")
            .enumerate()
            .map(|(i, p)| (p.to_string(), if i == 0 { 0 } else { 1 }))
            .collect();
        parts.push((format!("{drawn}{folded}"), 3));
        if (win.rows, win.cols) != (b.rows(), b.cols()) {
            parts.push((
                format!(
                    "rows {}-{}, cols {}-{}",
                    win.row,
                    win.row + win.rows - 1,
                    win.col,
                    win.col + win.cols - 1
                ),
                2,
            ));
        }
        let title = super::fit_title(parts, area.width.saturating_sub(4) as usize);
        let block = Block::bordered().title(format!(" {title} "));
        let inner = g.inner;
        block.render(area, buf);

        let (current, cursor, fault, game) = (sc.current, sc.cursor, sc.fault, sc.game);
        let faulty = |sq: Square| Some(sq) == fault || sc.flagged.contains(&sq);
        let candidates = &sc.targets;
        let total = b.free_count();
        // Zoomed in, the colours span the steps in view: a window of a huge
        // board is not one flat colour.
        let (first, span) = step_span(sc.trail, b, win);
        let ramp = |s: u32| theme.ramp(s.saturating_sub(first) + 1, span);
        // The path as lines over the squares of `part`, drawn at `rect`.
        let no_trail = Trail::default();
        let overlay_lines = |buf: &mut Buffer, rect: Rect, part: Window| {
            let trail = sc.trail.unwrap_or(&no_trail);
            super::lines::draw(
                buf,
                rect.intersection(g.inner),
                part,
                b,
                trail,
                theme,
                (first, span),
            );
        };
        let step_at = |sq: Square| sc.trail.map_or(0, |t| t.step(b.index(sq)));
        let undone = |sq: Square| sc.trail.is_some_and(|t| t.undone(b.index(sq)));

        for (part, bx, by) in g.fold.parts(win) {
            match view {
                BoardView::Numbers { w, h } => {
                    let (x0, y0) = (g.x0 + bx, g.y0 + by);
                    // With lines, the steps are written over them.
                    let mut late = Vec::new();
                    for r in part.row..part.row + part.rows {
                        for c in part.col..part.col + part.cols {
                            let sq = Square::new(r, c);
                            let (dy, dx) = ((r - part.row) as u16, (c - part.col) as u16);
                            let cell = Rect::new(x0 + dx * w, y0 + dy * h, w, h);
                            let dark = (r + c) % 2 == 1;
                            if !b.is_free(sq) {
                                // A blocked square fills its own cell, no more.
                                let fill = if theme.ascii { "#" } else { "▒" };
                                let area = cell.intersection(inner);
                                for y in area.top()..area.bottom() {
                                    buf.set_stringn(
                                        area.x,
                                        y,
                                        fill.repeat(area.width as usize),
                                        area.width as usize,
                                        theme.fg(theme.blocked),
                                    );
                                }
                                continue;
                            }
                            let (text, style) = {
                                let s = step_at(sq);
                                if Some(sq) == current {
                                    let knight = if theme.ascii { "N" } else { "♞" };
                                    (
                                        if s == 0 {
                                            knight.to_string()
                                        } else {
                                            s.to_string()
                                        },
                                        theme.knight(),
                                    )
                                } else if s > 0 {
                                    let st = if theme.colour {
                                        Style::new().fg(ramp(s))
                                    } else {
                                        Style::new()
                                    };
                                    // The start stands out: bold, underlined.
                                    let st = if s == 1 {
                                        st.add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
                                    } else {
                                        st
                                    };
                                    (s.to_string(), st)
                                } else if let Some(i) = candidates.iter().position(|&t| t == sq) {
                                    let mark = match game {
                                        // In play, the digit of its key; with
                                        // hints, the onward count (Warnsdorff's
                                        // degree) after it, where it fits.
                                        Some(g) if g.hints => {
                                            let both = format!("{}({})", i + 1, g.onward(sq));
                                            if both.len() <= w as usize {
                                                both
                                            } else {
                                                (i + 1).to_string()
                                            }
                                        }
                                        Some(_) if w >= 3 && !theme.ascii => format!("◆{}", i + 1),
                                        Some(_) => (i + 1).to_string(),
                                        None if theme.ascii => "+".into(),
                                        None => "◆".into(),
                                    };
                                    (mark, theme.fg(theme.candidate).add_modifier(Modifier::BOLD))
                                } else if undone(sq) {
                                    // Just taken back: crossed out for a moment.
                                    let x = if theme.ascii { "x" } else { "×" };
                                    (x.into(), theme.fg(Color::LightRed))
                                } else {
                                    let dot = if theme.ascii { "." } else { "·" };
                                    (dot.into(), theme.fg(theme.dot(dark)))
                                }
                            };
                            if dark && theme.colour {
                                buf.set_style(
                                    cell.intersection(inner),
                                    Style::new().bg(theme.dark_square()),
                                );
                            }
                            let (text, style) = if faulty(sq) {
                                let x = if theme.ascii { "X" } else { "✘" };
                                (x.to_string(), theme.marked(Color::Red))
                            } else {
                                (text, style)
                            };
                            // The cursor fills its cell; on the knight, the
                            // knight keeps its own mark inside it.
                            let style = match Some(sq) == cursor {
                                true if Some(sq) == current && theme.colour => {
                                    buf.set_style(cell.intersection(inner), theme.cursor());
                                    style
                                }
                                true if Some(sq) == current => {
                                    // Without colour: plain in a reversed cell.
                                    buf.set_style(cell.intersection(inner), theme.cursor());
                                    Style::new()
                                        .add_modifier(Modifier::BOLD)
                                        .remove_modifier(Modifier::REVERSED)
                                }
                                true => {
                                    buf.set_style(cell.intersection(inner), theme.cursor());
                                    style.patch(theme.cursor())
                                }
                                false => style,
                            };
                            let ty = cell.y + (h - 1) / 2;
                            // Right-aligned to the widest step, that column centred:
                            // the digits of every step line up.
                            let widest = total.to_string().len() as u16;
                            let len = text.chars().count() as u16;
                            let tx = cell.x
                                + w.saturating_sub(widest).div_ceil(2)
                                + widest.saturating_sub(len);
                            let s = step_at(sq);
                            if lines && s > 0 {
                                // Over the lines: the start, the knight, and
                                // with both, every step.
                                if sc.drawing == Drawing::Both || s == 1 || Some(sq) == current {
                                    late.push((tx, ty, text, style));
                                }
                            } else {
                                buf.set_stringn(tx, ty, &text, w as usize, style);
                            }
                        }
                    }
                    if lines {
                        let rect = Rect::new(x0, y0, part.cols as u16 * w, part.rows as u16 * h);
                        overlay_lines(buf, rect, part);
                        for (tx, ty, text, style) in late {
                            buf.set_stringn(tx, ty, &text, w as usize, style);
                        }
                    }
                }
                BoardView::Compact | BoardView::HalfBlock | BoardView::Overview { .. } => {
                    let (cw, scale, per_line) = (g.cw, g.across, g.down / g.across);
                    let cols = part.cols.div_ceil(scale) as u16;
                    let lines_n = part.rows.div_ceil(scale * per_line) as u16;
                    let (x0, y0) = (g.x0 + bx, g.y0 + by);
                    let look = |r: u32, c: u32| {
                        (r < part.row + part.rows && c < part.col + part.cols).then(|| {
                            let sq = Square::new(r, c);
                            // The knight shows over the cursor.
                            if Some(sq) == cursor && Some(sq) != current {
                                Look::Cursor
                            } else if faulty(sq) {
                                Look::Fault
                            } else if !b.is_free(sq) {
                                Look::Blocked
                            } else if Some(sq) == current {
                                Look::Current
                            } else if let Some(i) = candidates.iter().position(|&t| t == sq) {
                                // In play, the number of its 1-8 key.
                                Look::Target(if game.is_some() { i as u8 + 1 } else { 0 })
                            } else {
                                match step_at(sq) {
                                    0 if undone(sq) => Look::Undone,
                                    0 => Look::Empty,
                                    s => Look::Step(s.saturating_sub(first) + 1),
                                }
                            }
                        })
                    };
                    for line in 0..lines_n.min(inner.height.saturating_sub(y0 - inner.y)) {
                        for col in 0..cols.min(inner.width.saturating_sub(x0 - inner.x) / cw) {
                            let (r, c) = (
                                part.row + line as u32 * scale * per_line,
                                part.col + col as u32 * scale,
                            );
                            let (x, y) = (x0 + col * cw, y0 + line);
                            let top = look(r, c);
                            let bottom = if per_line == 2 {
                                look(r + scale, c)
                            } else {
                                top
                            };
                            // With lines, the path's squares are left blank
                            // for them.
                            let plain = |l| matches!(l, None | Some(Look::Step(_) | Look::Empty));
                            if lines && plain(top) && plain(bottom) {
                                continue;
                            }
                            let (text, style) =
                                block_cell(top, bottom, per_line == 1, scale > 1, theme, span);
                            buf.set_string(x, y, &text, style);
                        }
                    }
                    if lines {
                        let rect = Rect::new(x0, y0, cols * cw, lines_n);
                        overlay_lines(buf, rect, part);
                    }
                    if per_line == 1 && !lines {
                        // The compact view shows every square whole: done.
                        continue;
                    }
                    // Two squares (or blocks) a character: colour alone would
                    // hide the knight and its targets (and without colour
                    // they would not show at all), so each gets a character
                    // of its own: the key of a target in play, the knight
                    // last, over the colour of the other half.
                    let targets = candidates
                        .iter()
                        .enumerate()
                        .filter(|_| game.is_some() && per_line == 2)
                        .map(|(i, &sq)| (sq, Some(i as u8 + 1)));
                    for (sq, key) in targets.chain(current.map(|c| (c, None))) {
                        if !part.contains(sq) {
                            continue;
                        }
                        let (dr, dc) = (sq.row - part.row, sq.col - part.col);
                        let (line, col) = ((dr / (scale * per_line)) as u16, (dc / scale) as u16);
                        let (x, y) = (x0 + col * cw, y0 + line);
                        if !inner.contains((x, y).into()) {
                            continue;
                        }
                        // The sample square of the half this square is not in
                        // (in the compact view, its own).
                        let half = (dr / scale) % per_line;
                        let other = look(
                            part.row
                                + line as u32 * scale * per_line
                                + (per_line - 1 - half) * scale,
                            part.col + col as u32 * scale,
                        );
                        let (text, colour) = match key {
                            Some(k) => (k.to_string(), theme.candidate),
                            None if theme.ascii => ("N".into(), theme.current),
                            None => ("♞".into(), theme.current),
                        };
                        let bg = look_colour(other, theme, span);
                        let style = if theme.colour {
                            Style::new()
                                .fg(theme.legible(colour, bg))
                                .bg(bg)
                                .add_modifier(Modifier::BOLD)
                        } else {
                            Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED)
                        };
                        buf.set_string(x, y, &text, style);
                    }
                }
            }
        }
        if sc.labels && g.fold.bands == 1 && g.across == 1 {
            draw_labels(buf, &g, b, win, theme);
        }
    }
}

/// Files below the board and ranks at its left: algebraic (a-z, 1 at the
/// bottom) up to 26 columns, else the zero-based column and row numbers of
/// the square notation. A label is written only where it fits whole.
fn draw_labels(buf: &mut Buffer, g: &Geometry, b: &Board, win: Window, theme: &Theme) {
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

/// What one square (or block of squares) shows in the block views.
#[derive(Clone, Copy, PartialEq)]
enum Look {
    Cursor,
    Fault,
    Empty,
    Blocked,
    Current,
    /// A square the knight may go to next: in play, with its key (1-8).
    Target(u8),
    Step(u32),
    /// Just taken off the path.
    Undone,
}

/// The text and style of one character of a block view: `whole` for the
/// compact view (two columns, one square), else a half block for two squares;
/// `overview`: each stands for a block of squares.
fn block_cell(
    top: Option<Look>,
    bottom: Option<Look>,
    whole: bool,
    overview: bool,
    theme: &Theme,
    total: usize,
) -> (String, Style) {
    // A target in the compact view shows its key, or a diamond.
    if whole && let Some(Look::Target(k)) = top {
        let mark = match (k, theme.ascii) {
            (1..=8, _) => format!("{k} "),
            (_, true) => "+ ".into(),
            _ => "◆ ".into(),
        };
        return (mark, theme.fg(theme.candidate).add_modifier(Modifier::BOLD));
    }
    // Without colour the overview shades each character by the later step
    // of its two blocks (░ ▒ ▓ █, early to late), so the path's progress
    // still shows, as the colours show it.
    // Without colour, the compact view marks the knight with its symbol
    // and shades the path by step (░░ early to ██ late), as the overview
    // does; the compact view's empty squares stay dots.
    if !theme.colour && whole && !theme.ascii {
        let text = match top {
            Some(Look::Current) => "♞ ".to_string(),
            Some(Look::Step(s)) => {
                let quarter = (4 * (s as usize - 1) / total.max(1)).min(3);
                ["░░", "▒▒", "▓▓", "██"][quarter].to_string()
            }
            Some(Look::Blocked) => "##".into(),
            Some(Look::Cursor | Look::Fault) => "██".into(),
            _ => "· ".into(),
        };
        let style = if matches!(top, Some(Look::Current | Look::Cursor | Look::Fault)) {
            Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED)
        } else {
            Style::new()
        };
        return (text, style);
    }
    if !theme.colour && overview && !theme.ascii {
        let step = |l: Option<Look>| match l {
            Some(Look::Step(s)) => Some(s),
            Some(Look::Current) => Some(total as u32),
            _ => None,
        };
        let text = match step(top).max(step(bottom)) {
            Some(s) => {
                let quarter = (4 * (s as usize - 1) / total.max(1)).min(3);
                ["░", "▒", "▓", "█"][quarter]
            }
            None if matches!(top, Some(Look::Blocked)) => "#",
            None => " ",
        };
        return (text.to_string(), Style::new());
    }
    if !theme.colour {
        let mark = |l: Option<Look>| match l {
            Some(Look::Step(_) | Look::Current | Look::Cursor | Look::Fault) => 2,
            Some(Look::Blocked) => 1,
            Some(Look::Target(_)) => 3,
            _ => 0,
        };
        let text = if whole {
            ["· ", "##", "██", "◆ "][mark(top)]
        } else {
            match (mark(top) == 2, mark(bottom) == 2) {
                (true, true) => "█",
                (true, false) => "▀",
                (false, true) => "▄",
                (false, false) => " ",
            }
        };
        let text = if theme.ascii {
            match text {
                "██" => "##",
                "#" | "█" => "#",
                "▀" | "▄" => ":",
                "· " => ". ",
                "◆ " => "+ ",
                t => t,
            }
        } else {
            text
        };
        return (text.to_string(), Style::new());
    }
    let colour = |l| look_colour(l, theme, total);
    if whole {
        return ("██".into(), Style::new().fg(colour(top)));
    }
    ("▀".into(), Style::new().fg(colour(top)).bg(colour(bottom)))
}

/// The colour of one square (or block) in the block views.
fn look_colour(l: Option<Look>, theme: &Theme, total: usize) -> Color {
    match l {
        None => Color::Reset,
        Some(Look::Empty) => theme.empty_block(),
        Some(Look::Blocked) => theme.blocked,
        Some(Look::Current) => theme.current,
        Some(Look::Cursor) => theme.accent,
        Some(Look::Fault) => Color::Red,
        Some(Look::Target(_)) => theme.candidate,
        Some(Look::Step(s)) => theme.ramp(s, total),
        Some(Look::Undone) => Color::Red,
    }
}
