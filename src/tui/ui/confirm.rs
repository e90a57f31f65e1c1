//! The question before quitting work that would be lost: a game whose
//! moves are not saved, or a long search or count.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use crate::tui::app::{App, Loss};
use crate::tui::keymap::Command;
use crate::tui::theme::Theme;

/// The question, centred over `area`.
pub struct ConfirmQuit<'a> {
    pub app: &'a App,
    pub theme: &'a Theme,
}

impl Widget for ConfirmQuit<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (app, theme) = (self.app, self.theme);
        if let Some(why) = app.count_question() {
            return count_question(why, area, buf, theme);
        }
        let Some(loss) = app.quit_question() else {
            return;
        };
        let key = |c: Command| Span::styled(crate::tui::keymap::key(c), theme.key());
        let mut answers = vec![Span::raw(" "), key(Command::Yes), Span::raw(" quit   ")];
        if matches!(loss, Loss::Game(_)) {
            answers.extend([key(Command::SaveAndQuit), Span::raw(" save and quit   ")]);
        }
        answers.extend([
            key(Command::No),
            Span::raw(" or "),
            key(Command::Back),
            Span::raw(" stay"),
        ]);
        let what = loss.what();
        let mut first = what[..1].to_uppercase();
        first.push_str(&what[1..]);
        // Narrow (a terminal too small for the app), the lines wrap.
        let w = 50.min(area.width);
        let inside = w.saturating_sub(2) as usize;
        let mut lines = super::wrap::fit(Line::raw(format!(" {first}.")), inside, 3);
        let answers = super::wrap::fit(Line::from(answers), inside, 3);
        // The blank line between goes first when the box has no room.
        if lines.len() + answers.len() + 3 <= area.height as usize {
            lines.push(Line::raw(""));
        }
        lines.extend(answers);
        let h = (lines.len() as u16 + 2).min(area.height);
        let popup = area.centered(Constraint::Length(w), Constraint::Length(h));
        Clear.render(popup, buf);
        Paragraph::new(lines)
            .block(Block::bordered().title(" Quit? "))
            .render(popup, buf);
    }
}

/// The question before a count that cannot end soon: why, and y / n.
fn count_question(why: &str, area: Rect, buf: &mut Buffer, theme: &Theme) {
    let key = |c: Command| Span::styled(crate::tui::keymap::key(c), theme.key());
    let w = 60.min(area.width);
    let mut lines: Vec<Line> = super::wrap::fit(
        Line::raw(format!(" This count cannot end soon: {why}.")),
        w.saturating_sub(2) as usize,
        6,
    );
    lines.push(Line::raw(""));
    lines.push(Line::from(vec![
        Span::raw(" "),
        key(Command::Yes),
        Span::raw(format!(
            " count anyway ({} stops it)   ",
            crate::tui::keymap::key(Command::Count)
        )),
        key(Command::No),
        Span::raw(" or "),
        key(Command::Back),
        Span::raw(" leave it"),
    ]));
    let h = (lines.len() as u16 + 2).min(area.height);
    let popup = area.centered(Constraint::Length(w), Constraint::Length(h));
    Clear.render(popup, buf);
    Paragraph::new(lines)
        .block(Block::bordered().title(" Count? "))
        .render(popup, buf);
}
