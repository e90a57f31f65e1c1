//! The statistics pane: the search's figures, a count under way, and the
//! depth sparkline.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Sparkline, Widget};

use knight_engine::solver::count::Method;
use knight_engine::solver::{Algorithm, Stats};
use knight_engine::words::{duration, thousands};

use super::label_value;
use crate::tui::app::{App, Counting};
use crate::tui::theme::Theme;
use crate::tui::watched::Run;

/// The search's figures and the depth sparkline.
pub struct Statistics<'a> {
    pub app: &'a App,
    pub theme: &'a Theme,
}

impl Widget for Statistics<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (app, theme) = (self.app, self.theme);
        let block = Block::bordered().title(" Statistics ");
        let inner = block.inner(area);
        block.render(area, buf);
        let st = &app.search.stats;
        let lines = vec![
            label_value("nodes", thousands(st.nodes), theme),
            label_value("backtracks", thousands(st.backtracks), theme),
            label_value("depth", depth(&app.search), theme),
            label_value("elapsed", duration(st.elapsed), theme),
            label_value(
                // A construction places squares; it searches no nodes.
                if app.spec.algorithm.for_solve(app.spec.board(), 1) == Algorithm::Construct {
                    "squares/s"
                } else {
                    "nodes/s"
                },
                match app.search.rate_now {
                    // The average, and the rate between the last two snapshots.
                    Some(now) if app.search.is_searching() => {
                        format!("{} · now {}", rate(st), short(now))
                    }
                    _ => rate(st),
                },
                theme,
            ),
            label_value("restarts", st.restarts.to_string(), theme),
        ];
        let mut lines = lines;
        lines.extend(super::sums::lines(
            app.shown_board(),
            super::board::trail_in_view(app),
            theme,
        ));
        if let Some(c) = &app.counting {
            lines.extend(count_lines(c, app.now, theme));
        }
        let lines = super::hang(lines, inner.width);
        let [text, spark] =
            Layout::vertical([Constraint::Length(lines.len() as u16), Constraint::Min(1)])
                .areas(inner);
        Paragraph::new(lines).render(text, buf);
        // With room, charts with axes (depth, then the rate); else a
        // sparkline.
        if spark.height >= 2 * CHART_LINES {
            let [depth, rate] =
                Layout::vertical([Constraint::Ratio(1, 2), Constraint::Ratio(1, 2)]).areas(spark);
            DepthChart { app, theme }.render(depth, buf);
            RateChart { app, theme }.render(rate, buf);
            return;
        }
        if spark.height >= CHART_LINES {
            DepthChart { app, theme }.render(spark, buf);
            return;
        }
        let data: Vec<u64> = app.search.history.iter().map(|s| s.depth).collect();
        let start = data.len().saturating_sub(spark.width as usize);
        Sparkline::default()
            .data(&data[start..])
            .max(app.spec.board().free_count() as u64)
            .style(theme.fg(theme.accent))
            .render(spark, buf);
    }
}

/// Lines the depth chart needs; below it the sparkline stands in.
pub const CHART_LINES: u16 = 8;

/// The depth over time: the deepest and shallowest path of each interval
/// between snapshots, so backtracking shows as the band between them.
struct DepthChart<'a> {
    app: &'a App,
    theme: &'a Theme,
}

impl Widget for DepthChart<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (app, theme) = (self.app, self.theme);
        let h = &app.search.history;
        let n = app.spec.board().free_count() as f64;
        TimeChart {
            lines: vec![
                (
                    "deepest",
                    theme.accent,
                    h.iter().map(|s| (s.secs, s.high as f64)).collect(),
                ),
                (
                    "shallowest",
                    theme.current,
                    h.iter().map(|s| (s.secs, s.low as f64)).collect(),
                ),
            ],
            times: time_bounds(h),
            y: ("depth", n, thousands(n as u64)),
            theme,
        }
        .render(area, buf);
    }
}

/// Nodes a second over time, between one snapshot and the next.
struct RateChart<'a> {
    app: &'a App,
    theme: &'a Theme,
}

impl Widget for RateChart<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (app, theme) = (self.app, self.theme);
        let h = &app.search.history;
        if h.iter().all(|s| s.rate == 0.0) {
            // An instant answer, or a search just begun: nothing to chart.
            let note = if app.search.is_searching() {
                "nodes/s: no rate yet"
            } else {
                "nodes/s: too quick to chart"
            };
            Paragraph::new(Line::from(note)).render(area, buf);
            return;
        }
        let top = h.iter().map(|s| s.rate).fold(1.0, f64::max);
        TimeChart {
            lines: vec![(
                "",
                theme.accent,
                h.iter().map(|s| (s.secs, s.rate)).collect(),
            )],
            times: time_bounds(h),
            y: ("nodes/s", top, short(top)),
            theme,
        }
        .render(area, buf);
    }
}

/// One line of a chart: its name ("": no legend), colour and points.
type Series = (&'static str, ratatui::style::Color, Vec<(f64, f64)>);

/// Lines over time with labelled axes: seconds across, and up the axis
/// named `y.0`, from 0 to `y.1` (written `y.2`).
struct TimeChart<'a> {
    lines: Vec<Series>,
    times: (f64, f64),
    y: (&'static str, f64, String),
    theme: &'a Theme,
}

impl Widget for TimeChart<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        use ratatui::symbols::Marker;
        use ratatui::widgets::{Axis, Chart, Dataset, GraphType};
        let theme = self.theme;
        let ((t0, t1), (title, top, label)) = (self.times, self.y);
        let dim = theme.fg(ratatui::style::Color::DarkGray);
        let datasets = self
            .lines
            .iter()
            .map(|(name, colour, points)| {
                let d = Dataset::default()
                    .marker(Marker::Braille)
                    .graph_type(GraphType::Line)
                    .style(theme.fg(*colour))
                    .data(points);
                if name.is_empty() { d } else { d.name(*name) }
            })
            .collect();
        Chart::new(datasets)
            .x_axis(
                Axis::default()
                    .title("s")
                    .style(dim)
                    .bounds([t0, t1])
                    .labels([format!("{t0:.1}"), format!("{t1:.1}")]),
            )
            .y_axis(
                Axis::default()
                    .title(title)
                    .style(dim)
                    .bounds([0.0, top])
                    .labels(["0".to_string(), label]),
            )
            .render(area, buf);
    }
}

/// The time the samples span (a second at least).
fn time_bounds(h: &std::collections::VecDeque<crate::tui::watched::Sample>) -> (f64, f64) {
    match (h.front(), h.back()) {
        (Some(a), Some(b)) if b.secs > a.secs => (a.secs, b.secs),
        (Some(a), _) => (a.secs, a.secs + 1.0),
        _ => (0.0, 1.0),
    }
}

/// The figures in one line, for a narrow screen:
/// `nodes 7,202 · back 7,153 · depth 49 (max 59) · 2.00 s · 3.6k/s`.
pub struct StatsLine<'a> {
    pub app: &'a App,
    pub theme: &'a Theme,
}

impl Widget for StatsLine<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (app, theme) = (self.app, self.theme);
        let st = &app.search.stats;
        let mut parts = vec![
            ("nodes", thousands(st.nodes)),
            ("back", thousands(st.backtracks)),
            ("depth", depth(&app.search)),
            ("", duration(st.elapsed)),
            ("", format!("{}/s", rate(st))),
        ];
        if let Some(c) = &app.counting {
            let l = count_lines(c, app.now, theme);
            let text: String = l[0].spans.iter().map(|s| s.content.as_ref()).collect();
            parts.push(("", text.split_whitespace().collect::<Vec<_>>().join(" ")));
        }
        let line = |parts: &[(&str, String)]| {
            let mut spans = vec![Span::raw(" ")];
            for (i, (label, value)) in parts.iter().enumerate() {
                if i > 0 {
                    spans.push(Span::raw(" · "));
                }
                if !label.is_empty() {
                    spans.push(Span::styled(format!("{label} "), theme.fg(theme.accent)));
                }
                spans.push(Span::raw(value.clone()));
            }
            Line::from(spans)
        };
        // Too wide: the backtracks, then the rate, then the depth go; what
        // is still too wide ends with a mark that it is cut.
        for drop in [1, 3, 1] {
            if line(&parts).width() <= area.width as usize || parts.len() <= drop {
                break;
            }
            parts.remove(drop);
        }
        let mut l = line(&parts);
        if l.width() > area.width as usize {
            l = super::wrap::fit_ending(l, area.width as usize, 1, "…")
                .into_iter()
                .next()
                .unwrap_or_default();
        }
        Paragraph::new(l).render(area, buf);
    }
}

/// The path's length, and the deepest point so far when the search has
/// backed up from it: `41 (max 63)`.
pub(super) fn depth(run: &Run) -> String {
    match run.trail.len() {
        d if d >= run.stats.max_depth => thousands(d as u64),
        d => format!(
            "{} (max {})",
            thousands(d as u64),
            thousands(run.stats.max_depth as u64)
        ),
    }
}

/// Nodes a second so far: `12.3M`, `4.5k`, `64`.
pub(super) fn rate(st: &Stats) -> String {
    let secs = st.elapsed.as_secs_f64();
    short(if secs > 0.0 {
        st.nodes as f64 / secs
    } else {
        0.0
    })
}

/// A rate or a count written short: `12.3M`, `4.5k`, `64`.
fn short(x: f64) -> String {
    if x >= 1e6 {
        format!("{:.1}M", x / 1e6)
    } else if x >= 1e3 {
        format!("{:.1}k", x / 1e3)
    } else {
        format!("{x:.0}")
    }
}

/// A number of states to fit the pane: in full below a million
/// (`374,325`), else in millions (`55.7M`).
fn states_short(n: u64) -> String {
    if n < 1_000_000 {
        thousands(n)
    } else {
        short(n as f64)
    }
}

/// The count of tours (key `#`): live figures while it runs, the answer after.
fn count_lines(c: &Counting, now: std::time::Instant, theme: &Theme) -> Vec<Line<'static>> {
    use std::sync::atomic::Ordering::Relaxed;
    let p = &c.progress;
    let (done, total) = (p.done.load(Relaxed), p.total.load(Relaxed));
    let states = p.states.load(Relaxed);
    let pairs: Vec<(&str, String)> = match &c.result {
        // Over the frontier: squares placed, and the states the last left
        // (one line: the pane has room for one).
        None if states > 0 => vec![(
            "frontier",
            format!("{done}/{total} · {}", states_short(states)),
        )],
        // Tours so far at once, their rate, and the share of the subtrees
        // done once one is (a subtree of a big board may never end).
        None => {
            let tours = p.tours.load(Relaxed);
            let secs = now.saturating_duration_since(c.started).as_secs_f64();
            let rate = if secs > 0.5 { tours as f64 / secs } else { 0.0 };
            let exact = thousands(tours);
            // Whole below a million, so it fits beside its rate.
            let mut text = if exact.len() <= 7 {
                format!("{exact} · {}/s", short(rate))
            } else {
                format!("{} · {}/s", short(tours as f64), short(rate))
            };
            if done > 0 {
                text.push_str(&format!(
                    " · {:.0}%",
                    100.0 * done as f64 / total.max(1) as f64
                ));
            }
            let mut pairs = vec![("counting", text)];
            // A count that cannot end soon says so all along.
            if let Some(least) = &c.warning {
                pairs.push(("ends in", least.clone()));
            }
            pairs
        }
        // A count over the frontier has no total before its end.
        Some(r) if !r.complete() && matches!(r.method, Method::Frontier { .. }) => {
            vec![("count", "stopped".to_string())]
        }
        // A stopped count is a lower bound. (The status line says how
        // long it took.)
        Some(r) => vec![(
            "count",
            format!(
                "{}{}",
                thousands(r.count),
                if r.complete() { "" } else { "+" }
            ),
        )],
    };
    pairs
        .into_iter()
        .map(|(label, value)| label_value(label, value, theme))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A frontier count's states fit the statistics pane: "46/64 · " and
    /// at most seven characters.
    #[test]
    fn states_are_written_short_past_a_million() {
        assert_eq!(states_short(374_325), "374,325");
        assert_eq!(states_short(999_999), "999,999");
        assert_eq!(states_short(55_729_640), "55.7M");
        assert_eq!(states_short(1_000_000), "1.0M");
        assert_eq!(states_short(130_324_995), "130.3M");
    }
}
