//! The question before quitting a game whose moves are not saved.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use crate::tui::app::App;
use crate::tui::theme::Theme;

/// The question, centred over `area`.
pub struct ConfirmQuit<'a> {
    pub app: &'a App,
    pub theme: &'a Theme,
}

impl Widget for ConfirmQuit<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (app, theme) = (self.app, self.theme);
        let n = app.playing().map_or(0, |g| g.moves_made());
        let key = |k: &'static str| Span::styled(k, theme.key());
        let lines = vec![
            Line::raw(format!(" The game's {n} squares are not saved.")),
            Line::raw(""),
            Line::from(vec![
                Span::raw(" "),
                key("y"),
                Span::raw(" quit   "),
                key("s"),
                Span::raw(" save and quit   "),
                key("n"),
                Span::raw(" or "),
                key("Esc"),
                Span::raw(" stay"),
            ]),
        ];
        let w = 50.min(area.width);
        let h = 5.min(area.height);
        let popup = area.centered(Constraint::Length(w), Constraint::Length(h));
        Clear.render(popup, buf);
        Paragraph::new(lines)
            .block(Block::bordered().title(" Quit? "))
            .render(popup, buf);
    }
}
