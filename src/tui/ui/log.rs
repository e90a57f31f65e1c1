//! The message log (`M`): the last messages, newest first, each whole,
//! coloured by its tone as on the status line.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use super::status::tone_style;
use super::wrap::fit;
use crate::tui::app::App;
use crate::tui::theme::Theme;

/// The log, centred over `area`.
pub struct Log<'a> {
    pub app: &'a App,
    pub theme: &'a Theme,
}

impl Widget for Log<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (app, theme) = (self.app, self.theme);
        let w = 100.min(area.width);
        let text_w = w.saturating_sub(2) as usize;
        let lines: Vec<Line> = app
            .log()
            .flat_map(|m| {
                // Squares as the board names them, as on the status line.
                let text = match app.labels {
                    true => crate::tui::notation::algebraic(&m.text, app.shown_board()),
                    false => m.text.clone(),
                };
                let line = Line::styled(format!(" {text}"), tone_style(m.tone, theme));
                fit(line, text_w, usize::MAX)
            })
            .collect();
        let total = lines.len();
        let h = (total as u16 + 2).clamp(3, area.height);
        let room = h.saturating_sub(2) as usize;
        let most = total.saturating_sub(room);
        app.help_most.set(most.min(u16::MAX as usize) as u16);
        let top = (app.help_scroll as usize).min(most);
        let n = app.log().count();
        let which = match n {
            1 => "the last one".to_string(),
            n => format!("the last {n}, newest first"),
        };
        let title = if total <= room {
            format!(" Messages: {which} ({} closes) ", closers())
        } else {
            format!(" Messages: {which} (↑ ↓ scroll; {} closes) ", closers())
        };
        let popup = area.centered(Constraint::Length(w), Constraint::Length(h));
        Clear.render(popup, buf);
        let body = if lines.is_empty() {
            vec![Line::raw(" nothing said yet")]
        } else {
            lines
        };
        Paragraph::new(body)
            .scroll((top as u16, 0))
            .block(Block::bordered().title(title))
            .render(popup, buf);
    }
}

/// The keys that close the log: `Esc or M`, from the key table.
fn closers() -> String {
    use crate::tui::keymap::{Command, key};
    format!("{} or {}", key(Command::Back), key(Command::Log))
}
