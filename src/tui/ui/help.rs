//! The help overlay: every key of the keymap once, grouped by where it
//! works, the current mode's group first; scrolled with ↑ ↓ PgUp PgDn
//! when it is taller than the screen.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use crate::tui::app::App;
use crate::tui::keymap::{BINDINGS, Binding, Context};
use crate::tui::theme::Theme;

/// The help overlay, centred over `area`.
pub struct Help<'a> {
    pub app: &'a App,
    pub theme: &'a Theme,
}

/// Characters before a row's text: indent and key column.
const KEYS: usize = 16;

/// `text` in lines of at most `width` characters, broken between words
/// (a word longer than a line is cut).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split(' ') {
        let last = lines.last_mut().expect("one line at least");
        let len = last.chars().count();
        if len > 0 && len + 1 + word.chars().count() > width {
            lines.push(word.chars().take(width).collect());
        } else {
            if len > 0 {
                last.push(' ');
            }
            last.push_str(word);
        }
    }
    lines
}

/// The heading of a group of keys.
fn heading(context: Context) -> &'static str {
    match context {
        Context::Watch => "Watching the search",
        Context::Race => "The race",
        Context::Replay => "Replay",
        Context::Play => "Playing by hand",
        Context::Settings => "Settings (o)",
        Context::Prompt => "The file prompt (l)",
        Context::Confirm => "Quitting an unsaved game",
        Context::Help => "This help",
        Context::Any => "Everywhere",
    }
}

/// The groups in order, the current mode's first, then the keys that work
/// everywhere: each binding in the first group it works in, so no row is
/// repeated.
pub fn groups(current: Context) -> Vec<(Context, Vec<&'static Binding>)> {
    let mut order = vec![current, Context::Help, Context::Any];
    for c in [
        Context::Watch,
        Context::Race,
        Context::Replay,
        Context::Play,
        Context::Settings,
        Context::Prompt,
        Context::Confirm,
    ] {
        if !order.contains(&c) {
            order.push(c);
        }
    }
    // Rows already in a group, by their place in the table.
    let mut shown = [false; BINDINGS.len()];
    let mut out = Vec::new();
    for c in order {
        // (Everywhere: the rows marked `Any`, wherever else they work.)
        let mut rows: Vec<&Binding> = Vec::new();
        for (i, b) in BINDINGS.iter().enumerate() {
            if !shown[i] && b.contexts.contains(&c) {
                shown[i] = true;
                rows.push(b);
            }
        }
        if !rows.is_empty() {
            out.push((c, rows));
        }
    }
    out
}

impl Widget for Help<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (app, theme) = (self.app, self.theme);
        let key_style = theme.key();
        let w = 90.min(area.width);
        // The text column: what is left beside the keys, inside the border.
        let text_w = (w as usize).saturating_sub(2 + KEYS).max(12);
        let mut lines: Vec<Line> = Vec::new();
        for (i, (context, rows)) in groups(app.context()).into_iter().enumerate() {
            if i > 0 {
                lines.push(Line::raw(""));
            }
            lines.push(Line::styled(
                format!(" {}", heading(context)),
                theme.fg(theme.accent),
            ));
            for b in rows {
                let mut keys: Vec<String> = b.keys.iter().map(|k| k.0.name()).collect();
                keys.dedup();
                let keys = if keys.len() > 4 {
                    b.label.to_string()
                } else {
                    keys.join(" ")
                };
                // A long text wraps under itself, so every word shows.
                for (j, part) in wrap(b.help, text_w).into_iter().enumerate() {
                    let keys = if j == 0 { keys.as_str() } else { "" };
                    lines.push(Line::from(vec![
                        Span::styled(format!("   {keys:<13}"), key_style),
                        Span::raw(part),
                    ]));
                }
            }
        }
        let h = (lines.len() as u16 + 2).min(area.height);
        let room = h.saturating_sub(2) as usize;
        let total = lines.len();
        // Scrolled no further than the last page.
        let top = (app.help_scroll as usize).min(total.saturating_sub(room));
        let title = if total > room {
            format!(
                " Keys {}-{} of {total} (↑ ↓ PgUp PgDn scroll; Esc or ? closes) ",
                top + 1,
                (top + room).min(total)
            )
        } else {
            " Keys (Esc or ? closes) ".to_string()
        };
        let popup = area.centered(Constraint::Length(w), Constraint::Length(h));
        Clear.render(popup, buf);
        Paragraph::new(lines)
            .scroll((top as u16, 0))
            .block(Block::bordered().title(title))
            .render(popup, buf);
    }
}
