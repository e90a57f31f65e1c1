//! The question before quitting work that would be lost: a game whose
//! moves are not saved, or a long search or count.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use crate::tui::app::{App, Loss};
use crate::tui::theme::Theme;

/// The question, centred over `area`.
pub struct ConfirmQuit<'a> {
    pub app: &'a App,
    pub theme: &'a Theme,
}

impl Widget for ConfirmQuit<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (app, theme) = (self.app, self.theme);
        let Some(loss) = app.quit_question() else {
            return;
        };
        let key = |k: &'static str| Span::styled(k, theme.key());
        let mut answers = vec![Span::raw(" "), key("y"), Span::raw(" quit   ")];
        if matches!(loss, Loss::Game(_)) {
            answers.extend([key("s"), Span::raw(" save and quit   ")]);
        }
        answers.extend([key("n"), Span::raw(" or "), key("Esc"), Span::raw(" stay")]);
        let what = loss.what();
        let mut first = what[..1].to_uppercase();
        first.push_str(&what[1..]);
        let lines = vec![
            Line::raw(format!(" {first}.")),
            Line::raw(""),
            Line::from(answers),
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
