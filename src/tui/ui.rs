//! Drawing: widgets that read the [`App`] and change nothing, one per pane.
//!
//! ```text
//! ┌ 8x8 · numbers ──────────────────┐┌ Statistics ─────────┐
//! │  1  .  .  .                     ││ nodes / backtracks  │
//! │        board pane   (board)     ││ depth, elapsed, n/s │
//! │                                 ││ depth sparkline     │
//! │                                 │└─────────────────────┘
//! │                                 │┌ Controls ───────────┐
//! │                                 ││ board, start, algo, │
//! │                                 ││ speed, state (or    │
//! │                                 ││ settings, replay,   │
//! │                                 ││ play)   (controls)  │
//! └─────────────────────────────────┘└─────────────────────┘
//!  status line: running / paused / found / no tour, messages   (status)
//!  hint bar: the keys that matter now                          (hints)
//! ```
//! The help (help) is drawn over the main area when it is open. Board
//! geometry (geometry) is shared by the board pane and mouse clicks.

pub mod board;
mod confirm;
mod controls;
pub mod geometry;
pub(crate) mod help;
mod hints;
mod lines;
mod log;
mod race;
mod settings;
mod statistics;
mod status;
mod wrap;

use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

use knight_engine::board::Square;

use super::app::App;
use super::frame;
use super::theme::Theme;

use super::frame::{MIN_HEIGHT, MIN_WIDTH};

/// Whether the app can be drawn on `screen` (else it asks for more room).
pub fn fits(screen: Rect) -> bool {
    frame::fits(screen.width, screen.height)
}

/// Draws the whole screen.
pub fn draw(frame: &mut Frame, app: &App, theme: &Theme) {
    frame.render_widget(Screen { app, theme }, frame.area());
}

/// The whole screen: every pane in its place, or a request for more room.
pub struct Screen<'a> {
    pub app: &'a App,
    pub theme: &'a Theme,
}

impl Widget for Screen<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (app, theme) = (self.app, self.theme);
        if !fits(area) {
            // A question asked stays in sight, alone; else the request.
            if app.confirming_quit() || app.count_question().is_some() {
                confirm::ConfirmQuit { app, theme }.render(area, buf);
            } else {
                too_small(buf, area);
            }
            return;
        }
        let p = panes_of(app, area);
        if p.tabs.height > 0 {
            tabs(app, theme, p.tabs, buf);
        }
        if app.racing().is_some() {
            race::RacePanes { app, theme }.render(p.main, buf);
            status::StatusLine { app, theme }.render(p.status, buf);
            hints::HintBar { app, theme }.render(p.hints, buf);
            overlays(app, theme, p.main, buf);
            return;
        }
        board::BoardPane {
            scene: board::Scene::of_app(app),
            theme,
        }
        .render(p.board, buf);
        let folded = p.stats.height == 1;
        if folded {
            // The statistics in a line over the board; the column is the
            // controls' (or the settings').
            statistics::StatsLine { app, theme }.render(p.stats, buf);
            controls::Controls { app, theme }.render(p.controls, buf);
        } else if app.replaying().is_some() || app.playing().is_some() || app.settings().is_some() {
            // The search's figures mean nothing here: the replay, the game
            // or the settings take the column.
            controls::Controls { app, theme }.render(p.stats.union(p.controls), buf);
        } else {
            statistics::Statistics { app, theme }.render(p.stats, buf);
            controls::Controls { app, theme }.render(p.controls, buf);
        }
        status::StatusLine { app, theme }.render(p.status, buf);
        hints::HintBar { app, theme }.render(p.hints, buf);
        overlays(app, theme, p.main, buf);
    }
}

/// The help, the log and the question before quitting, over `main`.
fn overlays(app: &App, theme: &Theme, main: Rect, buf: &mut Buffer) {
    if app.help_open() {
        help::Help { app, theme }.render(main, buf);
    }
    if app.log_open() {
        log::Log { app, theme }.render(main, buf);
    }
    if app.confirming_quit() || app.count_question().is_some() {
        confirm::ConfirmQuit { app, theme }.render(main, buf);
    }
}

/// The tabs, in their order on screen, and their names.
const TABS: [(super::app::Tab, &str); 4] = [
    (super::app::Tab::Search, "search"),
    (super::app::Tab::Replay, "replay"),
    (super::app::Tab::Play, "play"),
    (super::app::Tab::Race, "race"),
];

/// The tab drawn at screen position (x, y), if any: each tab's name with
/// a space either side, a divider between (as ratatui's `Tabs` lays them
/// out), on the tabs' row.
pub fn tab_at(screen: Rect, app: &App, x: u16, y: u16) -> Option<super::app::Tab> {
    if !fits(screen) {
        return None;
    }
    let area = panes_of(app, screen).tabs;
    if area.height == 0 || y != area.y || x < area.x {
        return None;
    }
    let mut left = area.x;
    for (tab, name) in TABS {
        let right = left + name.len() as u16 + 2;
        if x < right {
            return Some(tab);
        }
        // The divider between two tabs belongs to neither.
        if x == right {
            return None;
        }
        left = right + 1;
    }
    None
}

/// The modes as tabs, the current one marked.
fn tabs(app: &App, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let current = TABS.iter().position(|(t, _)| *t == app.tab()).unwrap_or(0);
    ratatui::widgets::Tabs::new(TABS.map(|(_, name)| name))
        .select(current)
        .highlight_style(theme.key().add_modifier(ratatui::style::Modifier::REVERSED))
        .divider("·")
        .render(area, buf);
}

/// Where each pane lives on a screen of `area`.
struct Panes {
    /// The modes as tabs (no height on short screens).
    tabs: Rect,
    main: Rect,
    status: Rect,
    hints: Rect,
    board: Rect,
    stats: Rect,
    controls: Rect,
}

/// Below this width the statistics fold into one line over the board, so
/// the side column gives the board its height.
pub const FOLD_WIDTH: u16 = 90;

/// Whether the statistics fold into a line: a narrow screen showing them.
fn folded(app: &App, area: Rect) -> bool {
    area.width < FOLD_WIDTH && app.replaying().is_none() && app.playing().is_none()
}

/// The panes of `app` on a screen of `area`: the bars as tall as the
/// frame makes them at this size ([`frame`]).
fn panes_of(app: &App, area: Rect) -> Panes {
    panes(
        area,
        (
            frame::status_lines(area.height),
            frame::hint_lines(area.width),
        ),
        folded(app, area),
        sums::height(app.shown_board(), board::trail_in_view(app)),
    )
}

/// `bars`: the lines of the status area and of the hint bar; `fold`: the
/// statistics in one line over the board and the side column; `sums`: the
/// lines the magic line takes in the statistics.
fn panes(area: Rect, (status_lines, hint_lines): (u16, u16), fold: bool, sums: u16) -> Panes {
    let [tabs, main, status, hints] = Layout::vertical([
        Constraint::Length(frame::tab_lines(area.height)),
        Constraint::Min(1),
        Constraint::Length(status_lines),
        Constraint::Length(hint_lines),
    ])
    .areas(area);
    let side = frame::side_width(area.width);
    let (stats, below) = if fold {
        let [line, below] =
            Layout::vertical([Constraint::Length(1), Constraint::Min(1)]).areas(main);
        (Some(line), below)
    } else {
        (None, main)
    };
    let [board, side] =
        Layout::horizontal([Constraint::Min(20), Constraint::Length(side)]).areas(below);
    let (stats, controls) = match stats {
        Some(line) => (line, side),
        None => {
            // A tall column gives the statistics room for the depth chart;
            // the row and column sums take two more lines.
            let tall = if side.height >= 48 { 24 } else { 10 } + sums;
            let [stats, controls] =
                Layout::vertical([Constraint::Length(tall), Constraint::Min(7)]).areas(side);
            (stats, controls)
        }
    };
    Panes {
        tabs,
        main,
        status,
        hints,
        board,
        stats,
        controls,
    }
}

/// The replay step of the move-list row at screen position (x, y), if the
/// replay is shown and a row is there.
pub fn move_at(screen: Rect, app: &App, x: u16, y: u16) -> Option<usize> {
    let r = app.replaying()?;
    if !fits(screen) {
        return None;
    }
    let p = panes_of(app, screen);
    controls::move_at(p.stats.union(p.controls), r, x, y)
}

/// The square drawn at screen position (x, y) on a screen of `screen`, if
/// any: how a mouse click finds its square, from the same geometry the
/// board pane draws with.
pub fn square_at(screen: Rect, app: &App, x: u16, y: u16) -> Option<Square> {
    // A race's boards take no clicks.
    if !fits(screen) || app.racing().is_some() {
        return None;
    }
    let (b, win) = (app.shown_board(), app.window());
    let board = panes_of(app, screen).board;
    geometry::geometry_labelled(board, b, win, app.labels).square_at(win, x, y)
}

/// The zoom level `j` jumps to on a screen of `screen`: from the whole
/// board, the first level whose window (on the knight) the board pane
/// shows in step numbers; zoomed in, the whole board again. `None` when
/// the whole board shows its numbers already.
pub fn jump_level(screen: Rect, app: &App) -> Option<u8> {
    use super::viewport::Zoom;
    if app.zoom.level > 0 {
        return Some(0);
    }
    if !fits(screen) || app.racing().is_some() {
        return None;
    }
    let b = app.shown_board();
    let pane = panes_of(app, screen).board;
    let numbers = |win| {
        matches!(
            geometry::geometry_labelled(pane, b, win, app.labels).view,
            geometry::BoardView::Numbers { .. }
        )
    };
    if numbers(app.window()) {
        return None;
    }
    let max = Zoom::max_level(b.rows(), b.cols());
    (1..=max)
        .find(|&level| {
            let zoom = Zoom {
                level,
                centre: app.focus(),
                ..app.zoom
            };
            numbers(zoom.window(b.rows(), b.cols()))
        })
        .or(Some(max))
}

/// The drawing `d` moves to on a screen of `screen`: the next that changes
/// the picture of the board shown ([`board::next_drawing`]).
pub fn next_drawing(screen: Rect, app: &App) -> super::viewport::Drawing {
    if !fits(screen) {
        return app.drawing.next();
    }
    let (b, win) = (app.shown_board(), app.window());
    let pane = panes_of(app, screen).board;
    board::next_drawing(
        app.drawing,
        &geometry::geometry_labelled(pane, b, win, app.labels),
    )
}

fn too_small(buf: &mut Buffer, area: Rect) {
    let text = format!(
        "Terminal too small: knight-tui needs at least {MIN_WIDTH}x{MIN_HEIGHT} (this one is {}x{}). Enlarge it, or press {} to quit.",
        area.width,
        area.height,
        crate::tui::keymap::key(crate::tui::keymap::Command::Quit)
    );
    Paragraph::new(text)
        .wrap(Wrap { trim: true })
        .render(area, buf);
}

/// `text` in at most `width` characters: whole, or `…` and its end (the
/// informative part of a file name).
fn keep_end(text: String, width: usize) -> String {
    let n = text.chars().count();
    if n <= width || width == 0 {
        return text;
    }
    let tail: String = text.chars().skip(n - (width - 1)).collect();
    format!("…{tail}")
}

/// `lines` fitted to `width` columns: a line too long wraps at words, each
/// further line indented under its second span (a label's value, a key's
/// words), not back at the left edge.
fn hang(lines: Vec<Line<'static>>, width: u16) -> Vec<Line<'static>> {
    let width = width as usize;
    let mut out = Vec::with_capacity(lines.len());
    for line in lines {
        let indent = line.spans.first().map_or(0, Span::width);
        if line.width() <= width || line.spans.len() < 2 || indent * 2 > width {
            out.push(line);
            continue;
        }
        let style = line.spans[1].style;
        let text: String = line.spans[1..].iter().map(|s| s.content.as_ref()).collect();
        let room = width - indent;
        let mut rows: Vec<String> = vec![String::new()];
        for word in text.split_inclusive(' ') {
            let last = rows.last_mut().expect("a row");
            if last.chars().count() + word.trim_end().chars().count() > room && !last.is_empty() {
                rows.push(String::new());
            }
            rows.last_mut().expect("a row").push_str(word);
            // A word longer than the room goes on in pieces.
            while let Some(last) = rows.last_mut().filter(|l| l.chars().count() > room) {
                let rest: String = last.chars().skip(room).collect();
                *last = last.chars().take(room).collect();
                rows.push(rest);
            }
        }
        for (i, row) in rows.into_iter().enumerate() {
            let head = if i == 0 {
                line.spans[0].clone()
            } else {
                Span::raw(" ".repeat(indent))
            };
            let row = row.trim_end().to_string();
            out.push(Line::from(vec![head, Span::styled(row, style)]));
        }
    }
    out
}

/// A pane's title from its `parts`, joined by ` · ` in at most `width`
/// characters: parts go by their rank, highest first (the last of a rank
/// first), and a part left too long alone is cut at a space with `…`.
/// (`width`: the title's room inside the corners, less a space each side.)
fn fit_title(mut parts: Vec<(String, u8)>, width: usize) -> String {
    let joined = |parts: &[(String, u8)]| {
        parts
            .iter()
            .map(|(p, _)| p.as_str())
            .collect::<Vec<_>>()
            .join(" · ")
    };
    while parts.len() > 1 && joined(&parts).chars().count() > width {
        let top = parts.iter().map(|p| p.1).max().unwrap_or(0);
        let last = parts.iter().rposition(|p| p.1 == top).unwrap_or(0);
        parts.remove(last);
    }
    let text = joined(&parts);
    // A pane too narrow for a word shows what the border leaves of it.
    if text.chars().count() <= width || !text.contains(' ') {
        return text;
    }
    let room: String = text.chars().take(width.saturating_sub(1)).collect();
    match room.rfind(' ') {
        Some(i) if i > 0 => format!("{}…", room[..i].trim_end_matches([' ', '·'])),
        _ => format!("{room}…"),
    }
}

/// `label      value`, the label in the accent colour.
fn label_value(label: &str, value: String, theme: &Theme) -> Line<'static> {
    Line::from(vec![
        Span::styled(format!("{label:<11}"), theme.fg(theme.accent)),
        Span::raw(value),
    ])
}

pub mod sums;

#[cfg(test)]
mod colours;
#[cfg(test)]
mod contrast;
#[cfg(test)]
mod fit_tests;
#[cfg(test)]
mod snapshots;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_keys;
#[cfg(test)]
mod tests_panes;
#[cfg(test)]
mod tests_said;
#[cfg(test)]
mod tests_sizes;
