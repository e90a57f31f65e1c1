//! The status line: where the search, replay or game stands, and the last
//! message, coloured by its tone.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::tui::app::{App, RunState, Tone};
use crate::tui::theme::Theme;

/// The status line.
pub struct StatusLine<'a> {
    pub app: &'a App,
    pub theme: &'a Theme,
}

impl Widget for StatusLine<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (app, theme) = (self.app, self.theme);
        if let Some(p) = app.prompt() {
            let line = Line::from(vec![
                Span::styled(" open tour file: ", theme.key()),
                Span::raw(p.to_string()),
                Span::styled("▏", theme.fg(theme.accent)),
            ]);
            Paragraph::new(line).render(area, buf);
            return;
        }
        if let Some(g) = app.playing() {
            // A refusal alone, another message with where the game stands,
            // else where the game stands.
            let (text, colour) = match (app.message(), app.message_tone()) {
                (Some(m), Some(Tone::Refusal | Tone::Error)) => (m.to_string(), Color::Red),
                // Said once when the message is the outlook itself.
                (Some(m), _) if *m == g.status() => (m.to_string(), Color::Reset),
                (Some(m), _) => (format!("{m}  · {}", g.status()), Color::Reset),
                (None, _) if g.is_complete() => (g.status(), Color::Green),
                (None, _) if g.dead_end() => (g.status(), Color::Red),
                (None, _) => (g.status(), Color::Reset),
            };
            let style = if colour == Color::Reset {
                Style::new()
            } else {
                theme.fg(colour).add_modifier(Modifier::BOLD)
            };
            Paragraph::new(Line::styled(format!(" {text}"), style)).render(area, buf);
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
            spans.extend(message_span(app, theme));
            Paragraph::new(Line::from(spans)).render(area, buf);
            return;
        }
        if let Some(r) = app.racing() {
            // Racing while a side runs, paused while a side waits, else over.
            let states = [&app.search.state, &r.run.state];
            let (symbol, colour, word) = if states.contains(&&RunState::Running) {
                (if theme.ascii { ">" } else { "▶" }, Color::Green, "racing")
            } else if states.contains(&&RunState::Paused) {
                (if theme.ascii { "=" } else { "⏸" }, Color::Yellow, "paused")
            } else {
                (
                    if theme.ascii { "+" } else { "✔" },
                    Color::Green,
                    "race over",
                )
            };
            let speed = if word == "race over" {
                String::new()
            } else {
                format!(" · {}", app.speed_label())
            };
            let mut spans = vec![Span::styled(
                format!(" {symbol} {word}{speed}"),
                theme.fg(colour).add_modifier(Modifier::BOLD),
            )];
            spans.extend(message_span(app, theme));
            Paragraph::new(Line::from(spans)).render(area, buf);
            return;
        }
        let (symbol, colour) = match app.search.state {
            RunState::Running => (if theme.ascii { ">" } else { "▶" }, Color::Green),
            RunState::Paused => (if theme.ascii { "=" } else { "⏸" }, Color::Yellow),
            RunState::Found => (if theme.ascii { "+" } else { "✔" }, Color::Green),
            RunState::NoTour(_) => (if theme.ascii { "x" } else { "✘" }, Color::Red),
            RunState::Undecided(_) => ("?", Color::Yellow),
        };
        let mut text = format!(" {symbol} {}", super::controls::state_word(app));
        match &app.search.state {
            RunState::NoTour(r) | RunState::Undecided(r) => text.push_str(&format!(": {r}")),
            _ => {}
        }
        let mut spans = vec![Span::styled(
            text,
            theme.fg(colour).add_modifier(Modifier::BOLD),
        )];
        spans.extend(message_span(app, theme));
        Paragraph::new(Line::from(spans)).render(area, buf);
    }
}

/// `  · message`, coloured by its tone.
fn message_span(app: &App, theme: &Theme) -> Option<Span<'static>> {
    let text = format!("  · {}", app.message()?);
    let style = match app.message_tone()? {
        Tone::Info => Style::new(),
        Tone::Success => theme.fg(Color::Green),
        Tone::Refusal | Tone::Error => theme.fg(Color::Red).add_modifier(Modifier::BOLD),
    };
    Some(Span::styled(text, style))
}
