//! The help overlay: every key of the keymap, the current mode's first.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use crate::tui::app::App;
use crate::tui::keymap::{BINDINGS, Binding};
use crate::tui::theme::Theme;

/// The help overlay, centred over `area`.
pub struct Help<'a> {
    pub app: &'a App,
    pub theme: &'a Theme,
}

impl Widget for Help<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (app, theme) = (self.app, self.theme);
        let key_style = theme.key();
        // The keys of the mode in use first: on a short terminal they are the
        // ones that stay on screen.
        let ctx = app.context();
        let mut rows: Vec<&Binding> = BINDINGS.iter().filter(|b| b.applies(ctx)).collect();
        rows.extend(BINDINGS.iter().filter(|b| !b.applies(ctx)));
        let mut lines: Vec<Line> = rows
            .iter()
            .map(|b| {
                let mut keys: Vec<String> = b.keys.iter().map(|k| k.0.name()).collect();
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
        let popup = area.centered(Constraint::Length(w), Constraint::Length(h));
        Clear.render(popup, buf);
        Paragraph::new(lines)
            .block(Block::bordered().title(" Keys (Esc or ? closes) "))
            .render(popup, buf);
    }
}
