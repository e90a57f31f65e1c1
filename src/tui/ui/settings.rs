//! The settings panel: the board, start and search being edited, and what
//! is wrong with them, if anything.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Color;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget};

use knight_engine::words;

use super::label_value;
use crate::tui::settings::{Settings, Verdict};
use crate::tui::theme::Theme;

/// The settings panel, in the controls' place while it is open.
pub struct SettingsPanel<'a> {
    pub settings: &'a Settings,
    /// Squares in algebraic notation (the board's labels are on).
    pub labels: bool,
    pub theme: &'a Theme,
}

impl Widget for SettingsPanel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (st, theme) = (self.settings, self.theme);
        // The pane names the settings; the hint bar names their keys.
        let block = Block::bordered().title(" Settings ");
        let inner = block.inner(area);
        block.render(area, buf);
        let named = |sq: knight_engine::board::Square| match self.labels {
            true => crate::tui::notation::algebraic(&sq.to_string(), &st.preview),
            false => sq.to_string(),
        };
        let mut lines = vec![
            label_value("rows", st.rows.to_string(), theme),
            label_value("cols", st.cols.to_string(), theme),
            label_value("start", named(st.start), theme),
            label_value("end", st.end.map_or("anywhere".into(), named), theme),
            label_value("cursor", named(st.cursor), theme),
            label_value("blocked", st.blocked.len().to_string(), theme),
            label_value("tour", words::kind(st.closed).into(), theme),
            label_value("piece", st.geometry.leaper.to_string(), theme),
            label_value("surface", st.geometry.surface.to_string(), theme),
            label_value("algorithm", st.algorithm.to_string(), theme),
            label_value("tie-break", st.tie_break.to_string(), theme),
            label_value(
                "moves",
                st.moves
                    .name()
                    .map_or_else(|| st.moves.to_string(), str::to_string),
                theme,
            ),
        ];
        let (w, h) = (inner.width as usize, inner.height as usize);
        if let Some(e) = &st.error {
            let e = Line::styled(e.clone(), theme.fg(Color::Red));
            let left = h.saturating_sub(lines.len() + 1);
            lines.extend(super::wrap::fit_ending(e, w, left.max(1), "…"));
        }
        // What theory says, as you edit.
        let (no, yes) = if theme.ascii {
            ("x", "+")
        } else {
            ("✘", "✔")
        };
        let verdict = match &st.verdict {
            Verdict::NoTour(why) => {
                Line::styled(format!("{no} no tour: {why}"), theme.fg(Color::Red))
            }
            Verdict::Exists(why) => Line::styled(format!("{yes} {why}"), theme.fg(Color::Green)),
            Verdict::Unknown => Line::raw("? a search will tell"),
            Verdict::Later => Line::raw("? too big to judge at each key: a search will tell"),
        };
        // The verdict in the rows left, its end marked when it is cut.
        let left = h.saturating_sub(lines.len());
        if left > 0 {
            lines.extend(super::wrap::fit_ending(verdict, w, left, "…"));
        }
        Paragraph::new(lines).render(inner, buf);
    }
}
