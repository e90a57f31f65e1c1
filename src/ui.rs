//! Drawing: reads the [`App`] and changes nothing. No logic beyond layout.
//!
//! ```text
//! ┌ 8x8 · numbers ──────────────────┐┌ Statistics ─────────┐
//! │  1  .  .  .                     ││ nodes / backtracks  │
//! │        board pane               ││ depth, elapsed, n/s │
//! │                                 ││ depth sparkline     │
//! │                                 │└─────────────────────┘
//! │                                 │┌ Controls ───────────┐
//! │                                 ││ board, start, algo, │
//! │                                 ││ speed, state        │
//! └─────────────────────────────────┘└─────────────────────┘
//!  status line: running / paused / found / no tour, messages
//!  hint bar: the keys that matter now
//! ```

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, LineGauge, Paragraph, Sparkline, Widget, Wrap};

use knight_tui::board::{Board, Square};

use crate::app::{App, BINDINGS, Context, Counting, RunState, Window};
use crate::play::Game;
use crate::replay::Replay;

/// The smallest terminal the layout works in.
pub const MIN_WIDTH: u16 = 60;
pub const MIN_HEIGHT: u16 = 22;
/// Background of the dark squares (256-colour grey, close to any dark or
/// light terminal background without hiding text).
const DARK_SQUARE: Color = Color::Indexed(237);
/// Width of the right-hand column.
const SIDE: u16 = 30;

/// Colours and symbols, from the config's theme (colours off with NO_COLOR).
#[derive(Clone, Debug)]
pub struct Theme {
    pub colour: bool,
    pub ascii: bool,
    pub current: Color,
    pub candidate: Color,
    pub blocked: Color,
    pub accent: Color,
}

impl Default for Theme {
    fn default() -> Self {
        Theme {
            colour: true,
            ascii: false,
            current: Color::Yellow,
            candidate: Color::Green,
            blocked: Color::DarkGray,
            accent: Color::Cyan,
        }
    }
}

impl Theme {
    fn fg(&self, c: Color) -> Style {
        if self.colour {
            Style::new().fg(c)
        } else {
            Style::new()
        }
    }
    /// Colour of step `step` of `total`: blue at the start to red at the end.
    fn ramp(&self, step: u32, total: usize) -> Color {
        let t = if total > 1 {
            (step.saturating_sub(1)) as f64 / (total - 1) as f64
        } else {
            0.0
        };
        hsv((1.0 - t) * 240.0)
    }
}

fn hsv(h: f64) -> Color {
    let x = 1.0 - ((h / 60.0) % 2.0 - 1.0).abs();
    let (r, g, b) = match (h / 60.0) as u32 {
        0 => (1.0, x, 0.0),
        1 => (x, 1.0, 0.0),
        2 => (0.0, 1.0, x),
        3 => (0.0, x, 1.0),
        _ => (x, 0.0, 1.0),
    };
    let c = |v: f64| (v * 215.0 + 40.0) as u8;
    Color::Rgb(c(r), c(g), c(b))
}

pub fn draw(frame: &mut Frame, app: &App, theme: &Theme) {
    let area = frame.area();
    if area.width < MIN_WIDTH || area.height < MIN_HEIGHT {
        too_small(frame, area);
        return;
    }
    let Panes {
        main,
        status,
        hints,
        board: board_area,
        stats: stats_area,
        controls: controls_area,
    } = panes(area);

    board(frame.buffer_mut(), board_area, app, theme);
    if app.replaying().is_some() || app.playing().is_some() {
        // The search's figures mean nothing here: the replay takes the column.
        controls(frame, stats_area.union(controls_area), app, theme);
    } else {
        statistics(frame, stats_area, app, theme);
        controls(frame, controls_area, app, theme);
    }
    status_line(frame, status, app, theme);
    hint_bar(frame, hints, app, theme);
    if app.help {
        help(frame, main, app, theme);
    }
}

/// Where each pane lives on a screen of `area`.
struct Panes {
    main: Rect,
    status: Rect,
    hints: Rect,
    board: Rect,
    stats: Rect,
    controls: Rect,
}

fn panes(area: Rect) -> Panes {
    let [main, status, hints] = Layout::vertical([
        Constraint::Min(1),
        Constraint::Length(1),
        Constraint::Length(1),
    ])
    .areas(area);
    let [board, side] =
        Layout::horizontal([Constraint::Min(20), Constraint::Length(SIDE)]).areas(main);
    let [stats, controls] =
        Layout::vertical([Constraint::Length(10), Constraint::Min(7)]).areas(side);
    Panes {
        main,
        status,
        hints,
        board,
        stats,
        controls,
    }
}

/// Where the squares of a board are drawn in the board pane.
struct Geometry {
    inner: Rect,
    view: BoardView,
    x0: u16,
    y0: u16,
    /// Characters a square (or a block of squares) is wide and tall.
    cw: u16,
    ch: u16,
    /// Squares a character stands for across, and down (per text row).
    across: u32,
    down: u32,
    fold: Fold,
}

/// A long, narrow window folded into bands, like lines of text: the columns
/// of a wide one into bands one below the other, the rows of a tall one
/// into bands side by side. One band: not folded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fold {
    pub bands: u32,
    /// Columns (wide) or rows (tall) of the window a band holds.
    pub per_band: u32,
    /// Wide: bands one below the other; tall: side by side.
    pub wide: bool,
    /// Characters from one band to the next (a band and the gap after it).
    pub stride: u16,
}

impl Fold {
    const NONE: Fold = Fold {
        bands: 1,
        per_band: u32::MAX,
        wide: true,
        stride: 0,
    };

    /// The bands as parts of `win`, with their offsets on screen (x, y).
    fn parts(self, win: Window) -> impl Iterator<Item = (Window, u16, u16)> {
        (0..self.bands).map(move |k| {
            let off = (k * self.stride as u32) as u16;
            if self.bands == 1 {
                (win, 0, 0)
            } else if self.wide {
                let col = win.col + k * self.per_band;
                let cols = self.per_band.min(win.col + win.cols - col);
                (Window { col, cols, ..win }, 0, off)
            } else {
                let row = win.row + k * self.per_band;
                let rows = self.per_band.min(win.row + win.rows - row);
                (Window { row, rows, ..win }, off, 0)
            }
        })
    }
}

/// The gap between bands: a line between wide ones, two columns between
/// tall ones.
const FOLD_GAP_LINES: u16 = 1;
const FOLD_GAP_COLS: u16 = 2;

/// The view of a `rows` x `cols` window in `w` x `h` characters, folded
/// when the window is long and narrow and folding shows it in more detail.
pub fn layout(rows: u32, cols: u32, squares: usize, w: u16, h: u16) -> (BoardView, Fold) {
    let plain = BoardView::choose(rows, cols, squares, w, h);
    if matches!(plain, BoardView::Numbers { .. }) || rows == cols {
        return (plain, Fold::NONE);
    }
    let wide = cols > rows;
    // Not even one band of half blocks fits across the short side.
    if wide && rows > 2 * h as u32 || !wide && cols > w as u32 {
        return (plain, Fold::NONE);
    }
    for view in BoardView::detailed(squares) {
        if view == plain {
            break;
        }
        let (cw, ch, _, down) = view.cell();
        let fold = if wide {
            let per_band = (w / cw) as u32;
            let band_h = rows.div_ceil(down) as u16 * ch;
            Fold {
                bands: cols.div_ceil(per_band.max(1)),
                per_band,
                wide,
                stride: band_h + FOLD_GAP_LINES,
            }
        } else {
            let per_band = (h / ch) as u32 * down;
            let band_w = cols as u16 * cw;
            Fold {
                bands: rows.div_ceil(per_band.max(1)),
                per_band,
                wide,
                stride: band_w + FOLD_GAP_COLS,
            }
        };
        let room = if wide {
            h + FOLD_GAP_LINES
        } else {
            w + FOLD_GAP_COLS
        };
        if fold.per_band >= 1 && fold.bands as u64 * fold.stride as u64 <= room as u64 {
            return (view, fold);
        }
    }
    (plain, Fold::NONE)
}

/// Where the squares of `win` (a part of board `b`) are drawn in `pane`.
fn geometry(pane: Rect, b: &Board, win: Window) -> Geometry {
    let inner = Block::bordered().inner(pane);
    let (view, fold) = layout(win.rows, win.cols, b.len(), inner.width, inner.height);
    let (cw, ch, across, down) = view.cell();
    let (mut width, mut height) = (
        win.cols.div_ceil(across) as u16 * cw,
        win.rows.div_ceil(down) as u16 * ch,
    );
    if fold.bands > 1 {
        let all = (fold.bands * fold.stride as u32) as u16;
        if fold.wide {
            width = fold.per_band.min(win.cols) as u16 * cw;
            height = all - FOLD_GAP_LINES;
        } else {
            height = fold.per_band.min(win.rows).div_ceil(down) as u16 * ch;
            width = all - FOLD_GAP_COLS;
        }
    }
    Geometry {
        inner,
        view,
        x0: inner.x + inner.width.saturating_sub(width) / 2,
        y0: inner.y + inner.height.saturating_sub(height) / 2,
        cw,
        ch,
        across,
        down,
        fold,
    }
}

impl Geometry {
    /// The top-left character of square (`dr`, `dc`) of the window.
    #[cfg(test)]
    fn pos(&self, dr: u32, dc: u32) -> (u16, u16) {
        let f = self.fold;
        let (band, dr, dc) = match (f.bands > 1, f.wide) {
            (false, _) => (0, dr, dc),
            (true, true) => (dc / f.per_band, dr, dc % f.per_band),
            (true, false) => (dr / f.per_band, dr % f.per_band, dc),
        };
        let off = (band * f.stride as u32) as u16;
        let (x, y) = (
            self.x0 + (dc / self.across) as u16 * self.cw,
            self.y0 + (dr / self.down) as u16 * self.ch,
        );
        if f.wide { (x, y + off) } else { (x + off, y) }
    }
}

/// The square drawn at screen position (x, y), if any: how a mouse click
/// finds its square, from the same layout the drawing uses.
pub fn square_at(screen: Rect, app: &App, x: u16, y: u16) -> Option<Square> {
    if screen.width < MIN_WIDTH || screen.height < MIN_HEIGHT {
        return None;
    }
    let (b, win) = (app.shown_board(), app.window());
    let g = geometry(panes(screen).board, b, win);
    if !g.inner.contains(ratatui::layout::Position::new(x, y)) || x < g.x0 || y < g.y0 {
        return None;
    }
    let (mut dx, mut dy) = ((x - g.x0) as u32, (y - g.y0) as u32);
    // Which band, and where in it.
    let f = g.fold;
    let band = if f.bands == 1 {
        0
    } else if f.wide {
        let k = dy / f.stride as u32;
        dy %= f.stride as u32;
        k
    } else {
        let k = dx / f.stride as u32;
        dx %= f.stride as u32;
        k
    };
    let col = dx / g.cw as u32 * g.across;
    let row = dy / g.ch as u32 * g.down;
    let (row, col, in_band) = match (f.bands > 1, f.wide) {
        (false, _) => (row, col, true),
        (true, true) => (row, band * f.per_band + col, col < f.per_band),
        (true, false) => (band * f.per_band + row, col, row < f.per_band),
    };
    let sq = Square::new(win.row + row, win.col + col);
    (in_band && row < win.rows && col < win.cols).then_some(sq)
}

fn too_small(frame: &mut Frame, area: Rect) {
    let text = format!(
        "Terminal too small: knight-tui needs at least {MIN_WIDTH}x{MIN_HEIGHT} (this one is {}x{}). Enlarge it, or press q to quit.",
        area.width, area.height
    );
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .render(area, frame.buffer_mut());
}

/// How the board is drawn in its pane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardView {
    /// Step numbers in cells `w` x `h`.
    Numbers { w: u16, h: u16 },
    /// Two columns a square, coloured by step.
    Compact,
    /// One column a square, two squares a row (half blocks).
    HalfBlock,
    /// More squares than characters: every character shows a block of
    /// `scale` x `scale` squares.
    Overview { scale: u32 },
}

impl BoardView {
    pub fn choose(rows: u32, cols: u32, squares: usize, w: u16, h: u16) -> BoardView {
        let (w, h) = (w as u32, h as u32);
        Self::detailed(squares)
            .into_iter()
            .find(|v| {
                let (cw, ch, _, down) = v.cell();
                cols * cw as u32 <= w && rows.div_ceil(down) * ch as u32 <= h
            })
            .unwrap_or_else(|| {
                let scale = cols.div_ceil(w.max(1)).max(rows.div_ceil(2 * h.max(1)));
                BoardView::Overview { scale }
            })
    }

    /// The views with a character or more a square, most detailed first:
    /// numbers in cells 4 lines tall down to 1, compact, half blocks.
    fn detailed(squares: usize) -> [BoardView; 6] {
        let digits = squares.to_string().len() as u16;
        let min_w = (digits + 1).max(3);
        let numbers = |h: u16| BoardView::Numbers {
            w: min_w.max(2 * h),
            h,
        };
        [
            numbers(4),
            numbers(3),
            numbers(2),
            numbers(1),
            BoardView::Compact,
            BoardView::HalfBlock,
        ]
    }

    /// Characters a cell is wide and tall, and squares a character stands
    /// for across and down.
    fn cell(self) -> (u16, u16, u32, u32) {
        match self {
            BoardView::Numbers { w, h } => (w, h, 1, 1),
            BoardView::Compact => (2, 1, 1, 1),
            BoardView::HalfBlock => (1, 1, 1, 2),
            BoardView::Overview { scale } => (1, 1, scale, 2 * scale),
        }
    }

    fn name(self) -> String {
        match self {
            BoardView::Numbers { .. } => "numbers".into(),
            BoardView::Compact => "compact".into(),
            BoardView::HalfBlock => "half-block".into(),
            BoardView::Overview { scale } => format!("overview 1:{scale}"),
        }
    }
}

fn board(buf: &mut Buffer, area: Rect, app: &App, theme: &Theme) {
    let b = app.shown_board();
    let settings = app.settings.as_ref();
    let win = app.window();
    let g = geometry(area, b, win);
    let view = g.view;
    // Zoomed in: which rows and columns are in view.
    let folded = match g.fold.bands {
        1 => String::new(),
        n => format!(" in {n} bands"),
    };
    let part = if (win.rows, win.cols) == (b.rows(), b.cols()) {
        format!("{}{folded}", view.name())
    } else {
        format!(
            "{}{folded} · rows {}-{}, cols {}-{}",
            view.name(),
            win.row,
            win.row + win.rows - 1,
            win.col,
            win.col + win.cols - 1
        )
    };
    let replay = app.replaying();
    let game = app.playing();
    let title = match (settings, replay) {
        (None, None) if game.is_some() => format!(" {} · play · {part} ", b.describe()),
        (Some(_), _) => format!(" {} · settings · {part} ", b.describe()),
        (None, Some(r)) => format!(" {} · replay of {} · {part} ", b.describe(), r.name),
        (None, None) => format!(" {} · {part} ", b.describe()),
    };
    let block = Block::bordered().title(title);
    let inner = g.inner;
    block.render(area, buf);

    // While the settings are open the board is empty: the start and the
    // cursor are what it shows.
    let trail = match (replay, game) {
        (Some(r), _) => &r.trail,
        (None, Some(g)) => &g.trail,
        (None, None) => &app.trail,
    };
    let current = match settings {
        Some(st) => Some(st.start),
        None => trail.path.last().map(|&i| b.square(i)),
    };
    let cursor = settings.map(|st| st.cursor).or(game.map(|g| g.cursor));
    let fault = replay.and_then(Replay::fault_square);
    let candidates: Vec<Square> = match current {
        _ if game.is_some() => game.map(Game::targets).unwrap_or_default(),
        Some(c) if app.is_searching() && settings.is_none() && replay.is_none() => b
            .neighbours(c)
            .filter(|&n| trail.step(b.index(n)) == 0)
            .collect(),
        _ => Vec::new(),
    };
    let total = b.free_count();
    let step_at = |sq: Square| {
        if settings.is_some() {
            0
        } else {
            trail.step(b.index(sq))
        }
    };

    for (part, bx, by) in g.fold.parts(win) {
        match view {
            BoardView::Numbers { w, h } => {
                let (x0, y0) = (g.x0 + bx, g.y0 + by);
                for r in part.row..part.row + part.rows {
                    for c in part.col..part.col + part.cols {
                        let sq = Square::new(r, c);
                        let (dy, dx) = ((r - part.row) as u16, (c - part.col) as u16);
                        let cell = Rect::new(x0 + dx * w, y0 + dy * h, w, h);
                        let dark = (r + c) % 2 == 1;
                        let (text, style) = if !b.is_free(sq) {
                            let fill = if theme.ascii { "#" } else { "▒" };
                            (fill.repeat(w as usize - 1), theme.fg(theme.blocked))
                        } else {
                            let s = step_at(sq);
                            if Some(sq) == current {
                                let knight = if theme.ascii { "N" } else { "♞" };
                                (
                                    if s == 0 {
                                        knight.to_string()
                                    } else {
                                        s.to_string()
                                    },
                                    Style::new()
                                        .add_modifier(Modifier::BOLD | Modifier::REVERSED)
                                        .patch(theme.fg(theme.current)),
                                )
                            } else if s > 0 {
                                let st = if theme.colour {
                                    Style::new().fg(theme.ramp(s, total))
                                } else {
                                    Style::new()
                                };
                                (s.to_string(), st)
                            } else if candidates.contains(&sq) {
                                let mark = match game {
                                    // With hints, the onward count (Warnsdorff's degree).
                                    Some(g) if g.hints => format!("({})", g.onward(sq)),
                                    _ if theme.ascii => "+".into(),
                                    _ => "◆".into(),
                                };
                                (mark, theme.fg(theme.candidate).add_modifier(Modifier::BOLD))
                            } else {
                                let dot = if theme.ascii { "." } else { "·" };
                                (dot.into(), theme.fg(Color::DarkGray))
                            }
                        };
                        if dark && theme.colour {
                            buf.set_style(cell.intersection(inner), Style::new().bg(DARK_SQUARE));
                        }
                        let (text, style) = if Some(sq) == fault {
                            let x = if theme.ascii { "X" } else { "✘" };
                            (
                                x.to_string(),
                                theme
                                    .fg(Color::Red)
                                    .add_modifier(Modifier::BOLD | Modifier::REVERSED),
                            )
                        } else {
                            (text, style)
                        };
                        let style = if Some(sq) == cursor {
                            buf.set_style(cell.intersection(inner), cursor_style(theme));
                            style.patch(cursor_style(theme))
                        } else {
                            style
                        };
                        let ty = cell.y + (h - 1) / 2;
                        // Right-aligned to the widest step, that column centred:
                        // the digits of every step line up.
                        let widest = total.to_string().len() as u16;
                        let len = text.chars().count() as u16;
                        let tx = cell.x
                            + w.saturating_sub(widest).div_ceil(2)
                            + widest.saturating_sub(len);
                        buf.set_stringn(tx, ty, &text, w as usize, style);
                    }
                }
            }
            BoardView::Compact | BoardView::HalfBlock | BoardView::Overview { .. } => {
                let (cw, scale, per_line) = (g.cw, g.across, g.down / g.across);
                let cols = part.cols.div_ceil(scale) as u16;
                let lines = part.rows.div_ceil(scale * per_line) as u16;
                let (x0, y0) = (g.x0 + bx, g.y0 + by);
                let look = |r: u32, c: u32| {
                    (r < part.row + part.rows && c < part.col + part.cols).then(|| {
                        let sq = Square::new(r, c);
                        if Some(sq) == cursor {
                            Look::Cursor
                        } else if Some(sq) == fault {
                            Look::Fault
                        } else if !b.is_free(sq) {
                            Look::Blocked
                        } else if Some(sq) == current {
                            Look::Current
                        } else {
                            match step_at(sq) {
                                0 => Look::Empty,
                                s => Look::Step(s),
                            }
                        }
                    })
                };
                for line in 0..lines.min(inner.height.saturating_sub(y0 - inner.y)) {
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
                        let (text, style) = block_cell(top, bottom, per_line == 1, theme, total);
                        buf.set_string(x, y, text, style);
                    }
                }
            }
        }
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
    Step(u32),
}

/// The text and style of one character of a block view: `whole` for the
/// compact view (two columns, one square), else a half block for two squares.
fn block_cell(
    top: Option<Look>,
    bottom: Option<Look>,
    whole: bool,
    theme: &Theme,
    total: usize,
) -> (&'static str, Style) {
    if !theme.colour {
        let mark = |l: Option<Look>| match l {
            Some(Look::Step(_) | Look::Current | Look::Cursor | Look::Fault) => 2,
            Some(Look::Blocked) => 1,
            _ => 0,
        };
        let text = if whole {
            ["· ", "##", "██"][mark(top)]
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
                t => t,
            }
        } else {
            text
        };
        return (text, Style::new());
    }
    let colour = |l: Option<Look>| match l {
        None => Color::Reset,
        Some(Look::Empty) => DARK_SQUARE,
        Some(Look::Blocked) => theme.blocked,
        Some(Look::Current) => theme.current,
        Some(Look::Cursor) => theme.accent,
        Some(Look::Fault) => Color::Red,
        Some(Look::Step(s)) => theme.ramp(s, total),
    };
    if whole {
        return ("██", Style::new().fg(colour(top)));
    }
    ("▀", Style::new().fg(colour(top)).bg(colour(bottom)))
}

fn cursor_style(theme: &Theme) -> Style {
    if theme.colour {
        Style::new().bg(theme.accent).fg(Color::Black)
    } else {
        Style::new().add_modifier(Modifier::REVERSED | Modifier::UNDERLINED)
    }
}

fn label_value(label: &str, value: String, theme: &Theme) -> Line<'static> {
    Line::from(vec![
        Span::styled(format!("{label:<11}"), theme.fg(theme.accent)),
        Span::raw(value),
    ])
}

/// 12,345,678.
pub fn thousands(n: impl Into<u128>) -> String {
    let s = n.into().to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

fn seconds(d: std::time::Duration) -> String {
    let s = d.as_secs_f64();
    if s < 1e-3 {
        format!("{:.0} µs", s * 1e6)
    } else if s < 1.0 {
        format!("{:.1} ms", s * 1e3)
    } else {
        format!("{s:.2} s")
    }
}

fn statistics(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    let block = Block::bordered().title(" Statistics ");
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let st = &app.stats;
    let rate = if st.elapsed.as_secs_f64() > 0.0 {
        st.nodes as f64 / st.elapsed.as_secs_f64()
    } else {
        0.0
    };
    let rate = if rate >= 1e6 {
        format!("{:.1} M", rate / 1e6)
    } else if rate >= 1e3 {
        format!("{:.1} k", rate / 1e3)
    } else {
        format!("{rate:.0}")
    };
    let lines = vec![
        label_value("nodes", thousands(st.nodes), theme),
        label_value("backtracks", thousands(st.backtracks), theme),
        label_value(
            "depth",
            // The deepest point so far, when the search has backed up from it.
            match app.trail.path.len() {
                d if d as u64 >= st.max_depth as u64 => thousands(d as u64),
                d => format!(
                    "{} (max {})",
                    thousands(d as u64),
                    thousands(st.max_depth as u64)
                ),
            },
            theme,
        ),
        label_value("elapsed", seconds(st.elapsed), theme),
        label_value("nodes/s", rate, theme),
        label_value("restarts", st.restarts.to_string(), theme),
    ];
    let mut lines = lines;
    if let Some(c) = &app.counting {
        lines.extend(count_lines(c, theme));
    }
    let [text, spark] =
        Layout::vertical([Constraint::Length(lines.len() as u16), Constraint::Min(1)]).areas(inner);
    frame.render_widget(Paragraph::new(lines), text);
    let data: Vec<u64> = app.history.iter().copied().collect();
    let start = data.len().saturating_sub(spark.width as usize);
    frame.render_widget(
        Sparkline::default()
            .data(&data[start..])
            .max(app.spec.board.free_count() as u64)
            .style(theme.fg(theme.accent)),
        spark,
    );
}

/// The count of tours (key `#`): live figures while it runs, the answer after.
fn count_lines(c: &Counting, theme: &Theme) -> Vec<Line<'static>> {
    use std::sync::atomic::Ordering::Relaxed;
    let p = &c.progress;
    let (done, total) = (p.done.load(Relaxed), p.total.load(Relaxed));
    let line = match &c.result {
        // Tours so far, and the share of the subtrees done.
        None => label_value(
            "counting",
            format!(
                "{} · {:.0}%",
                thousands(p.tours.load(Relaxed)),
                100.0 * done as f64 / total.max(1) as f64
            ),
            theme,
        ),
        // A stopped count is a lower bound.
        Some(r) => label_value(
            "count",
            format!(
                "{}{} ({})",
                thousands(r.count),
                if r.complete { "" } else { "+" },
                seconds(r.stats.elapsed)
            ),
            theme,
        ),
    };
    vec![line]
}

fn state_word(app: &App) -> String {
    match &app.state {
        RunState::Running => "running".into(),
        RunState::Paused => "paused".into(),
        RunState::Found => {
            let closed = app.trail.closes(&app.spec.board);
            format!(
                "found: {} tour of {} squares",
                if closed { "closed" } else { "open" },
                app.trail.path.len()
            )
        }
        RunState::NoTour(_) => "no tour".into(),
        RunState::Undecided(_) => "undecided".into(),
    }
}

fn controls(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    if let Some(st) = &app.settings {
        let block = Block::bordered().title(" Settings (Enter: search) ");
        let inner = block.inner(area);
        frame.render_widget(block, area);
        let mut lines = vec![
            label_value("rows [ ]", st.rows.to_string(), theme),
            label_value("cols { }", st.cols.to_string(), theme),
            label_value("start ␣", st.start.to_string(), theme),
            label_value("cursor", st.cursor.to_string(), theme),
            label_value("blocked x", st.blocked.len().to_string(), theme),
            label_value(
                "tour c",
                (if st.closed { "closed" } else { "open" }).into(),
                theme,
            ),
            label_value("algo a", st.algorithm.to_string(), theme),
            label_value("tie t", st.tie_break.to_string(), theme),
        ];
        if let Some(e) = &st.error {
            lines.push(Line::styled(e.clone(), theme.fg(Color::Red)));
        }
        frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
        return;
    }
    if let Some(r) = app.replaying() {
        replay_controls(frame, area, app, r, theme);
        return;
    }
    if let Some(g) = app.playing() {
        play_controls(frame, area, g, theme);
        return;
    }
    let block = Block::bordered().title(" Controls ");
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let s = &app.spec;
    let algo = s.algorithm.for_solve(&s.board, 1);
    let algo_text = if algo == knight_tui::solver::Algorithm::Warnsdorff {
        format!("{algo} ({})", s.tie_break)
    } else {
        algo.to_string()
    };
    let mut lines = vec![
        board_line(&s.board, s.closed, theme),
        label_value("start", s.start.to_string(), theme),
        label_value("algorithm", algo_text, theme),
        label_value("speed", app.speed_label(), theme),
        label_value("state", state_word(app), theme),
    ];
    if let RunState::NoTour(why) | RunState::Undecided(why) = &app.state {
        lines.push(label_value("why", why.clone(), theme));
    }
    lines.push(Line::raw(""));
    lines.extend(key_lines(Context::Watch, theme));
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
}

fn replay_controls(frame: &mut Frame, area: Rect, app: &App, r: &Replay, theme: &Theme) {
    let block = Block::bordered().title(" Replay ");
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let [top, gauge, rest] = Layout::vertical([
        Constraint::Length(4),
        Constraint::Length(1),
        Constraint::Min(0),
    ])
    .areas(inner);
    let lines = vec![
        label_value("tour", r.name.clone(), theme),
        label_value("board", r.board.describe(), theme),
        label_value(
            "position",
            format!("step {} / {}", r.pos, r.length()),
            theme,
        ),
        label_value("speed", app.speed_label(), theme),
    ];
    frame.render_widget(Paragraph::new(lines), top);
    let ratio = if r.length() == 0 {
        0.0
    } else {
        r.pos as f64 / r.length() as f64
    };
    frame.render_widget(
        LineGauge::default()
            .ratio(ratio.clamp(0.0, 1.0))
            .filled_style(theme.fg(theme.accent))
            .label(format!("{:>3.0}%", ratio * 100.0)),
        gauge,
    );
    let mut more = vec![label_value("state", replay_word(r), theme)];
    if let Some(v) = r.verdict() {
        more.push(Line::raw(v));
    }
    more.push(Line::raw(""));
    more.extend(key_lines(Context::Replay, theme));
    frame.render_widget(Paragraph::new(more).wrap(Wrap { trim: false }), rest);
}

/// `board      6x6 open`: the board and the kind of tour asked for.
fn board_line(b: &Board, closed: bool, theme: &Theme) -> Line<'static> {
    let kind = if closed { "closed" } else { "open" };
    label_value("board", format!("{} {kind}", b.describe()), theme)
}

fn play_controls(frame: &mut Frame, area: Rect, g: &Game, theme: &Theme) {
    let block = Block::bordered().title(" Play ");
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let mut lines = vec![
        board_line(&g.board, g.closed, theme),
        label_value(
            "moves",
            format!("{} / {}", g.moves_made(), g.board.free_count()),
            theme,
        ),
        label_value(
            "knight",
            g.knight().map_or("not placed".into(), |k| k.to_string()),
            theme,
        ),
        label_value("cursor", g.cursor.to_string(), theme),
        Line::raw(""),
    ];
    let targets = g.targets();
    if !targets.is_empty() {
        lines.push(Line::styled(
            "legal moves (onward):",
            theme.fg(theme.accent),
        ));
    }
    for (i, t) in targets.iter().enumerate() {
        lines.push(Line::raw(format!(" {}  {t:<7} ({})", i + 1, g.onward(*t))));
    }
    lines.push(Line::raw(""));
    lines.extend(key_lines(Context::Play, theme));
    frame.render_widget(Paragraph::new(lines).wrap(Wrap { trim: false }), inner);
}

/// The keys of a mode, a line each: the same table as the hint bar.
fn key_lines(context: Context, theme: &Theme) -> Vec<Line<'static>> {
    BINDINGS
        .iter()
        .filter(|b| b.applies(context))
        .filter_map(|b| {
            b.hint.map(|h| {
                Line::from(vec![
                    Span::styled(
                        format!("{:<11}", b.label),
                        theme.fg(theme.accent).add_modifier(Modifier::BOLD),
                    ),
                    Span::raw(h),
                ])
            })
        })
        .collect()
}

fn replay_word(r: &Replay) -> String {
    if r.at_end() {
        if r.fault.is_some() {
            "stopped at an illegal step".into()
        } else {
            "at the end".into()
        }
    } else if r.playing {
        "playing".into()
    } else {
        "paused".into()
    }
}

fn status_line(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    if let Some(p) = &app.prompt {
        let line = Line::from(vec![
            Span::styled(
                " open tour file: ",
                theme.fg(theme.accent).add_modifier(Modifier::BOLD),
            ),
            Span::raw(p.clone()),
            Span::styled("▏", theme.fg(theme.accent)),
        ]);
        frame.render_widget(Paragraph::new(line), area);
        return;
    }
    if let Some(g) = app.playing() {
        // A refusal or other message first, else where the game stands.
        let (text, colour) = match &app.message {
            Some(m) if m.starts_with("illegal") => (m.clone(), Color::Red),
            // Said once when the message is the outlook itself (a failed finish).
            Some(m) if *m == g.status() => (m.clone(), Color::Reset),
            Some(m) => (format!("{m}  · {}", g.status()), Color::Reset),
            None if g.is_complete() => (g.status(), Color::Green),
            None if g.dead_end() => (g.status(), Color::Red),
            None => (g.status(), Color::Reset),
        };
        let style = if colour == Color::Reset {
            Style::new()
        } else {
            theme.fg(colour).add_modifier(Modifier::BOLD)
        };
        frame.render_widget(
            Paragraph::new(Line::styled(format!(" {text}"), style)),
            area,
        );
        return;
    }
    if let Some(r) = app.replaying() {
        let (symbol, colour, text) = match r.verdict() {
            Some(v) if r.fault.is_some() => ("✘", Color::Red, v),
            Some(v) => ("✔", Color::Green, v),
            None if r.playing => (
                "▶",
                Color::Green,
                format!("replay: step {} / {}", r.pos, r.length()),
            ),
            None => (
                "⏸",
                Color::Yellow,
                format!("paused: step {} / {}", r.pos, r.length()),
            ),
        };
        let symbol = if theme.ascii { "*" } else { symbol };
        let mut spans = vec![Span::styled(
            format!(" {symbol} {text}"),
            theme.fg(colour).add_modifier(Modifier::BOLD),
        )];
        if let Some(m) = &app.message {
            spans.push(Span::raw(format!("  · {m}")));
        }
        frame.render_widget(Paragraph::new(Line::from(spans)), area);
        return;
    }
    let (symbol, colour) = match app.state {
        RunState::Running => (if theme.ascii { ">" } else { "▶" }, Color::Green),
        RunState::Paused => (if theme.ascii { "=" } else { "⏸" }, Color::Yellow),
        RunState::Found => (if theme.ascii { "+" } else { "✔" }, Color::Green),
        RunState::NoTour(_) => (if theme.ascii { "x" } else { "✘" }, Color::Red),
        RunState::Undecided(_) => ("?", Color::Yellow),
    };
    let mut text = format!(" {symbol} {}", state_word(app));
    match &app.state {
        RunState::NoTour(r) | RunState::Undecided(r) => text.push_str(&format!(": {r}")),
        _ => {}
    }
    let mut spans = vec![Span::styled(
        text,
        theme.fg(colour).add_modifier(Modifier::BOLD),
    )];
    if let Some(m) = &app.message {
        spans.push(Span::raw(format!("  · {m}")));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

fn hint_bar(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    let ctx = app.context();
    let mut items: Vec<(&str, &str)> = BINDINGS
        .iter()
        .filter(|b| b.applies(ctx))
        .filter_map(|b| b.hint.map(|h| (b.label, h)))
        .collect();
    if ctx == Context::Settings {
        items.push(("Esc", "cancel"));
    }
    // Too wide: the last keys go first, but never help and quit (the help
    // lists every key).
    let width = |items: &[(&str, &str)]| {
        items
            .iter()
            .map(|(l, h)| l.chars().count() + h.chars().count() + 3)
            .sum::<usize>()
    };
    while width(&items) > area.width as usize {
        let Some(i) = items
            .iter()
            .rposition(|(l, _)| !matches!(*l, "?" | "q" | "Esc"))
        else {
            break;
        };
        items.remove(i);
    }
    let mut spans = vec![Span::raw(" ")];
    for (i, (label, hint)) in items.into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw("  "));
        }
        spans.push(Span::styled(
            label,
            theme.fg(theme.accent).add_modifier(Modifier::BOLD),
        ));
        spans.push(Span::raw(format!(" {hint}")));
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

fn help(frame: &mut Frame, area: Rect, app: &App, theme: &Theme) {
    let key_style = theme.fg(theme.accent).add_modifier(Modifier::BOLD);
    // The keys of the mode in use first: on a short terminal they are the
    // ones that stay on screen.
    let ctx = app.context();
    let mut rows: Vec<&crate::app::Binding> = BINDINGS.iter().filter(|b| b.applies(ctx)).collect();
    rows.extend(BINDINGS.iter().filter(|b| !b.applies(ctx)));
    let mut lines: Vec<Line> = rows
        .iter()
        .map(|b| {
            let mut keys: Vec<String> = b.keys.iter().map(|k| key_name(k.0)).collect();
            keys.dedup();
            let keys = if keys.len() > 4 {
                b.label.to_string()
            } else {
                keys.join(" ")
            };
            Line::from(vec![
                Span::styled(format!(" {keys:<12}"), key_style),
                Span::raw(b.help),
            ])
        })
        .collect();
    lines.push(Line::from(vec![
        Span::styled(format!(" {:<12}", "Ctrl-C"), key_style),
        Span::raw("quit"),
    ]));
    let w = 86.min(area.width);
    let h = (lines.len() as u16 + 2).min(area.height);
    let room = h.saturating_sub(2) as usize;
    if lines.len() > room && room > 0 {
        let hidden = lines.len() - (room - 1);
        lines.truncate(room - 1);
        lines.push(Line::styled(
            format!(" … {hidden} more keys: enlarge the terminal to see them all"),
            theme.fg(theme.accent),
        ));
    }
    let popup = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(" Keys (Esc or ? closes) ")),
        popup,
    );
}

fn key_name(k: crossterm::event::KeyCode) -> String {
    use crossterm::event::KeyCode;
    match k {
        KeyCode::Char(' ') => "Space".into(),
        KeyCode::Char(c) => c.to_string(),
        KeyCode::Esc => "Esc".into(),
        KeyCode::Enter => "Enter".into(),
        KeyCode::Tab => "Tab".into(),
        KeyCode::Home => "Home".into(),
        KeyCode::End => "End".into(),
        KeyCode::Up => "↑".into(),
        KeyCode::Down => "↓".into(),
        KeyCode::Left => "←".into(),
        KeyCode::Right => "→".into(),
        other => format!("{other:?}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{Action, Command, Mode};
    use crate::config::SPEEDS;
    use knight_tui::board::Board;
    use knight_tui::solver::{Algorithm, Event, Limits, Snapshot, Stats, TieBreak};
    use knight_tui::spec::Spec;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;

    fn app(n: u32) -> App {
        app_on(Board::new(n, n, &[Square::new(n - 1, n - 1)]).unwrap())
    }

    /// The app searching `board` from its top-left square.
    fn app_on(board: Board) -> App {
        let spec = Spec {
            board,
            start: Square::new(0, 0),
            closed: false,
            algorithm: Algorithm::Auto,
            tie_break: TieBreak::Roth,
            limits: Limits::default(),
        };
        let mut a = App::new(spec, SPEEDS.len() - 1, "/tmp".into());
        a.start();
        a
    }

    fn screen(app: &App, w: u16, h: u16, theme: &Theme) -> String {
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
        t.draw(|f| draw(f, app, theme)).unwrap();
        let buf = t.backend().buffer().clone();
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
        // Panning moves a quarter of the window and stops at the edge.
        a.update(Action::Key(Command::Pan(0, 1)));
        assert_eq!(a.window().col, 493 + 15 / 4);
        for _ in 0..400 {
            a.update(Action::Key(Command::Pan(1, 1)));
        }
        let w = a.window();
        assert_eq!((w.row + w.rows, w.col + w.cols), (1000, 1000));
        let s = screen(&a, 120, 40, &plain);
        assert!(s.contains("rows 985-999, cols 985-999"), "{s}");
        // The blocked corner is in view, and the mouse finds squares through the zoom.
        let screen_area = Rect::new(0, 0, 120, 40);
        let g = geometry(panes(screen_area).board, a.shown_board(), w);
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
        assert_eq!(a.message.as_deref(), Some("the whole board is in view"));
        assert!(screen(&a, 120, 40, &plain).contains("· overview 1:"));
    }

    #[test]
    fn panes_and_words_at_120x40() {
        let mut a = app(8);
        let g = a.generation;
        a.update(Action::Engine(
            g,
            Event::Snapshot(Snapshot {
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
        a.update(Action::Key(crate::app::Command::Pause));
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
            let area = Rect::new(0, 0, 120, 40);
            let s = screen(&a, 120, 40, &Theme::default());
            let g = geometry(panes(area).board, a.shown_board(), a.window());
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
            let g = a.generation;
            a.update(Action::Engine(
                g,
                Event::Snapshot(Snapshot {
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
    fn help_overlay_lists_every_binding() {
        let mut a = app(8);
        a.update(Action::Key(crate::app::Command::Help));
        let s = screen(&a, 120, 40, &Theme::default());
        for b in BINDINGS {
            assert!(s.contains(b.help), "{} missing", b.help);
        }
    }

    #[test]
    fn settings_panel_and_clicks_map_to_squares() {
        let mut a = app(8);
        a.update(Action::Key(crate::app::Command::Settings));
        let s = screen(&a, 120, 40, &Theme::default());
        for word in [
            "Settings (Enter: search)",
            "rows [ ]",
            "8x8 with 1 blocked square · settings",
            "Enter search",
            "♞",
        ] {
            assert!(s.contains(word), "missing {word:?} in\n{s}");
        }
        // Every square's drawn position maps back to it.
        let screen_area = Rect::new(0, 0, 120, 40);
        let g = geometry(panes(screen_area).board, &a.spec.board, a.window());
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
        a.open_replay(crate::replay::Replay::load("bad.json", text).unwrap());
        if let Some(r) = a.replay.as_mut() {
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
        let mut g = crate::play::Game::new(a.spec.board.clone(), Some(Square::new(0, 0)), false);
        g.hints = true;
        a.game = Some(g);
        a.mode = Mode::Play;
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
    fn short_help_keeps_the_mode_keys_and_says_what_is_hidden() {
        let mut a = app(8);
        a.update(Action::Key(crate::app::Command::Help));
        let s = screen(&a, 60, 22, &Theme::default());
        assert!(s.contains("pause / resume the search"), "{s}");
        assert!(s.contains("more keys: enlarge the terminal"), "{s}");
    }

    #[test]
    fn numbers_line_up_in_narrow_cells() {
        let mut a = app(8);
        let g = a.generation;
        a.update(Action::Engine(
            g,
            Event::Snapshot(Snapshot {
                path: vec![0, 10, 4],
                stats: Stats::default(),
            }),
        ));
        let s = screen(&a, 60, 22, &Theme::default());
        let row = s
            .lines()
            .skip(1)
            .find(|l| l.contains('·'))
            .expect("the first board row");
        // 1 and 3 are right-aligned: each is preceded by a space where a
        // second digit would go.
        assert!(row.contains("  1") && row.contains("  3"), "{row}");
    }

    #[test]
    fn too_small_terminal_says_so() {
        let a = app(8);
        for (w, h) in [(40, 10), (59, 30), (100, 21), (1, 1)] {
            let s = screen(&a, w, h, &Theme::default());
            if w >= 20 {
                assert!(s.contains("Terminal too"), "{w}x{h}: {s}");
            }
        }
    }
}
