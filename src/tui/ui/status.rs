//! The status line: where the search, replay or game stands, and the last
//! message, coloured by its tone.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::tui::app::{App, PromptNote, RunState, Tone};
use crate::tui::complete;
use crate::tui::theme::Theme;

/// The status line.
pub struct StatusLine<'a> {
    pub app: &'a App,
    pub theme: &'a Theme,
}

impl Widget for StatusLine<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        // Wrapped at words into the lines the area has, never more: a
        // longer text is cut with `… (M log)` (the log keeps it whole).
        let text = line(self.app, self.theme, area.width);
        Paragraph::new(fit(text, area.width as usize, area.height as usize)).render(area, buf);
    }
}

/// How far a continued line is indented.
const INDENT: usize = 3;
/// What ends a text cut short: `… (M log)`, the key (from the key
/// table) of the log that keeps the text whole.
fn cut_marker() -> String {
    let key = crate::tui::keymap::key(crate::tui::keymap::Command::Log);
    format!("… ({key} log)")
}

/// `line` wrapped at spaces into at most `rows` lines of `width` columns,
/// continued lines indented by [`INDENT`]; a text that does not fit ends
/// with [`cut_marker`].
pub fn fit(line: Line<'_>, width: usize, rows: usize) -> Vec<Line<'static>> {
    fit_ending(line, width, rows, &cut_marker())
}

/// [`fit`], a text cut short ending with `marker` (`…` where no log keeps
/// the whole text).
pub fn fit_ending(line: Line<'_>, width: usize, rows: usize, marker: &str) -> Vec<Line<'static>> {
    let base = line.style;
    let cells: Vec<Cell> = line
        .spans
        .iter()
        .flat_map(|s| {
            let style = base.patch(s.style);
            s.content.chars().map(move |c| {
                let wide = Span::raw(&*c.encode_utf8(&mut [0; 4])).width();
                (c, style, wide)
            })
        })
        .collect();
    let mut out = wrap(&cells, width, rows);
    // Too long with a long word in it (a path): its middle goes, as
    // little as lets the whole text fit, so the reason after it stays.
    if out.len() > rows
        && let Some((from, to)) = longest_word(&cells)
    {
        let most = (to - from).saturating_sub(2 * KEEP + 1);
        let fits = |cut: usize| wrap(&elided(&cells, from, to, cut), width, rows).len() <= rows;
        if most >= 2 && fits(most) {
            let (mut lo, mut hi) = (2, most);
            while lo < hi {
                let mid = (lo + hi) / 2;
                if fits(mid) { hi = mid } else { lo = mid + 1 }
            }
            out = wrap(&elided(&cells, from, to, lo), width, rows);
        }
    }
    let space = |&(c, ..): &Cell| c == ' ';
    let cut = out.len() > rows;
    out.truncate(rows.max(1));
    if cut && let Some((indent, last)) = out.last_mut() {
        let room = width.saturating_sub(*indent);
        let style = last.last().map_or(Style::new(), |&(_, s, _)| s);
        let tail = marker.chars().count() + 1;
        while !last.is_empty() && last.iter().map(|c| c.2).sum::<usize>() + tail > room {
            last.pop();
        }
        while last.last().is_some_and(space) {
            last.pop();
        }
        last.push((' ', style, 1));
        last.extend(marker.chars().map(|c| (c, style, 1)));
    }
    out.into_iter()
        .map(|(indent, cells)| {
            let mut spans = vec![Span::raw(" ".repeat(indent))];
            for (c, style, _) in cells {
                match spans.last_mut() {
                    Some(last) if last.style == style => last.content.to_mut().push(c),
                    _ => spans.push(Span::styled(c.to_string(), style)),
                }
            }
            Line::from(spans)
        })
        .collect()
}

/// A character, its style and its width in columns.
type Cell = (char, Style, usize);

/// The characters an elided word keeps at each end, at least.
const KEEP: usize = 8;

/// `cells` wrapped at spaces into lines of `width` columns, continued
/// lines indented by [`INDENT`]: at most `rows` lines, and one more when
/// the text goes on past them.
fn wrap(cells: &[Cell], width: usize, rows: usize) -> Vec<(usize, Vec<Cell>)> {
    let space = |&(c, ..): &Cell| c == ' ';
    let mut out: Vec<(usize, Vec<Cell>)> = Vec::new();
    let mut i = 0;
    // One line past `rows` says the text is cut.
    while i < cells.len() && out.len() <= rows {
        let indent = if out.is_empty() { 0 } else { INDENT };
        let room = width.saturating_sub(indent).max(1);
        // The most cells that fit in `room` columns.
        let (mut used, mut fits) = (0, 0);
        while i + fits < cells.len() && used + cells[i + fits].2 <= room {
            used += cells[i + fits].2;
            fits += 1;
        }
        let rest = &cells[i..];
        let take = if fits == rest.len() {
            fits
        } else {
            // Break after the last space that fits, else mid-word.
            rest[..=fits]
                .iter()
                .rposition(space)
                .filter(|&p| p > 0)
                .unwrap_or(fits.max(1))
        };
        out.push((indent, rest[..take].to_vec()));
        i += take;
        while cells.get(i).is_some_and(space) {
            i += 1;
        }
    }
    out
}

/// Where the longest run of characters without a space is, if it is
/// longer than its two kept ends.
fn longest_word(cells: &[Cell]) -> Option<(usize, usize)> {
    let mut best = (0, 0);
    let mut start = None;
    for i in 0..=cells.len() {
        let space = cells.get(i).is_none_or(|c| c.0 == ' ');
        match (space, start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                if i - s > best.1 - best.0 {
                    best = (s, i);
                }
                start = None;
            }
            _ => {}
        }
    }
    (best.1 - best.0 > 2 * KEEP + 2).then_some(best)
}

/// `cells` with `cut` characters taken from the middle of the word at
/// `from..to`, a `…` in their place: `/home/…/tour.json`.
fn elided(cells: &[Cell], from: usize, to: usize, cut: usize) -> Vec<Cell> {
    let mid = from + (to - from - cut) / 2;
    let style = cells[mid].1;
    let mut out = cells.to_vec();
    out.splice(mid..mid + cut, [('…', style, 1)]);
    out
}

/// The status line's text, its squares in the board's notation (a file
/// name being typed as it is).
fn line(app: &App, theme: &Theme, width: u16) -> Line<'static> {
    let on = app.labels && app.prompt().is_none();
    crate::tui::notation::line(said(app, theme, width), app.shown_board(), on)
}

/// The status line's text at `width` columns: where the search, race,
/// replay or game stands, and the last message; or the file prompt and
/// what Tab said.
fn said(app: &App, theme: &Theme, width: u16) -> Line<'static> {
    {
        if let Some(p) = app.prompt() {
            let mut line = Line::from(vec![
                Span::styled(" open tour file: ", theme.key()),
                Span::raw(p.to_string()),
                Span::styled("▏", theme.fg(theme.accent)),
            ]);
            if let Some(note) = prompt_note(app, theme, width as usize, line.width()) {
                line.push_span(note);
            }
            return line;
        }
        if let Some(g) = app.playing() {
            // The last message, else where the game stands (which the side
            // pane shows all along).
            let (text, colour) = match (app.message(), app.message_tone()) {
                (Some(m), Some(Tone::Error)) => (m.to_string(), Color::Red),
                (Some(m), Some(Tone::Refusal)) => {
                    return Line::styled(format!(" {m}"), tone_style(Tone::Refusal, theme));
                }
                // A finished tour is said over older news; what came
                // after (a save) is said over it.
                _ if g.is_complete()
                    && g.done_at
                        .map_or(app.message().is_none(), |t| !app.said_since(t)) =>
                {
                    (g.status(app.now), Color::Green)
                }
                (Some(m), Some(Tone::Success)) => (m.to_string(), Color::Green),
                (Some(m), _) => (m.to_string(), Color::Reset),
                (None, _) if g.dead_end() => (g.status(app.now), Color::Red),
                (None, _) => (g.status(app.now), Color::Reset),
            };
            let style = if colour == Color::Reset {
                Style::new()
            } else {
                theme.fg(colour).add_modifier(Modifier::BOLD)
            };
            return Line::styled(format!(" {text}"), style);
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
                    "‖",
                    Color::Yellow,
                    format!("paused: step {} / {}", r.pos, r.length()),
                ),
            };
            let symbol = if theme.ascii { "*" } else { symbol };
            let mut spans = vec![Span::styled(
                format!(" {symbol} {text}"),
                theme.fg(colour).add_modifier(Modifier::BOLD),
            )];
            spans.extend(message_span(app, theme));
            return Line::from(spans);
        }
        if let Some(r) = app.racing() {
            // Racing while a side runs, paused while a side waits, else over.
            let states = [&app.search.state, &r.run.state];
            let (symbol, colour, word) = if states.contains(&&RunState::Running) {
                (if theme.ascii { ">" } else { "▶" }, Color::Green, "racing")
            } else if states.contains(&&RunState::Paused) {
                (if theme.ascii { "=" } else { "‖" }, Color::Yellow, "paused")
            } else {
                (
                    if theme.ascii { "+" } else { "✔" },
                    Color::Green,
                    "race over",
                )
            };
            let verdict = app.race_verdict().filter(|_| word == "race over");
            let after = match &verdict {
                Some(v) => format!(" · {v}"),
                None => format!(" · {}", app.speed_label()),
            };
            let mut spans = vec![Span::styled(
                format!(" {symbol} {word}{after}"),
                theme.fg(colour).add_modifier(Modifier::BOLD),
            )];
            // The verdict said once, whatever is said after it.
            if verdict.is_none() || verdict.as_deref() != app.message() {
                spans.extend(message_span(app, theme));
            }
            return Line::from(spans);
        }
        let (symbol, colour) = match app.search.state {
            RunState::Running => (if theme.ascii { ">" } else { "▶" }, Color::Green),
            RunState::Paused => (if theme.ascii { "=" } else { "‖" }, Color::Yellow),
            RunState::Found => (if theme.ascii { "+" } else { "✔" }, Color::Green),
            RunState::NoTour(_) => (if theme.ascii { "x" } else { "✘" }, Color::Red),
            RunState::Undecided(_) => ("?", Color::Yellow),
            RunState::Failed(_) => ("!", Color::Red),
        };
        let mut text = format!(" {symbol} {}", super::controls::state_word(app));
        match app.search.state.why() {
            Some(why) => text.push_str(&format!(": {why}")),
            None if app.rewound().is_some() => text.push_str(&format!(
                " · → forward · {} resumes · the statistics are the engine's",
                crate::tui::keymap::key(crate::tui::keymap::Command::Pause)
            )),
            _ => {}
        }
        let mut spans = vec![Span::styled(
            text,
            theme.fg(colour).add_modifier(Modifier::BOLD),
        )];
        spans.extend(message_span(app, theme));
        Line::from(spans)
    }
}

/// What Tab said after the prompt (`used` columns of `width`): no match,
/// or the matches listed in the room left.
fn prompt_note(app: &App, theme: &Theme, width: usize, used: usize) -> Option<Span<'static>> {
    const GAP: &str = "  ";
    let (text, style) = match app.prompt_note()? {
        PromptNote::NoMatch(None) => ("no match".to_string(), theme.fg(Color::Red)),
        PromptNote::NoMatch(Some(why)) => (format!("no match: {why}"), theme.fg(Color::Red)),
        PromptNote::Matches(names) => {
            let room = width.saturating_sub(used + GAP.len());
            (complete::listing(names, room), Style::new())
        }
    };
    (!text.is_empty()).then(|| Span::styled(format!("{GAP}{text}"), style))
}

/// `  · message`, coloured by its tone.
fn message_span(app: &App, theme: &Theme) -> Option<Span<'static>> {
    let text = format!("  · {}", app.message()?);
    Some(Span::styled(text, tone_style(app.message_tone()?, theme)))
}

/// How a message of `tone` looks: red for errors only; a refusal bold.
pub fn tone_style(tone: Tone, theme: &Theme) -> Style {
    match tone {
        Tone::Info => Style::new(),
        Tone::Success => theme.fg(Color::Green),
        // A key that could not act is news, not an error: bold, in the
        // terminal's own colour.
        Tone::Refusal => Style::new().add_modifier(Modifier::BOLD),
        Tone::Error => theme.fg(Color::Red).add_modifier(Modifier::BOLD),
    }
}
