//! The status line: where the search, replay or game stands, and the last
//! message, coloured by its tone.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use super::wrap::fit;
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
