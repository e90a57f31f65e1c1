//! The hint bar: the keys that matter in the current mode, from the keymap.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::tui::app::App;
use crate::tui::keymap::BINDINGS;
use crate::tui::theme::Theme;

/// Whether Space would resume rather than pause: the search or the race
/// paused, nothing running.
fn paused(app: &App) -> bool {
    use crate::tui::run::RunState;
    let runs = || std::iter::once(&app.search).chain(app.racing().map(|r| &r.run));
    let any = |state: RunState| runs().any(|r| r.state == state);
    !any(RunState::Running) && any(RunState::Paused)
}

/// The hint bar.
pub struct HintBar<'a> {
    pub app: &'a App,
    pub theme: &'a Theme,
}

impl Widget for HintBar<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (app, theme) = (self.app, self.theme);
        let ctx = app.context();
        // The question before quitting takes only its own answers.
        let confirm = ctx == crate::tui::keymap::Context::Confirm;
        let mut items: Vec<(&str, &str)> = BINDINGS
            .iter()
            .filter(|b| b.applies(ctx))
            .filter(|b| !confirm || b.contexts.contains(&ctx))
            .filter_map(|b| b.hint.map(|h| (b.label, h)))
            .collect();
        // Keys that toggle say what they would do now.
        for (label, hint) in items.iter_mut() {
            *hint = match (*label, *hint) {
                ("Space", "pause") if app.replaying().is_some_and(|r| !r.playing) => "play",
                ("Space", "pause") if paused(app) => "resume",
                ("h", "hints") if app.playing().is_some_and(|g| g.hints) => "hints: on",
                ("h", "hints") if app.playing().is_some() => "hints: off",
                (_, h) => h,
            };
        }
        // The help on top takes the arrows to scroll.
        if app.help_open() {
            items.insert(0, ("↑ ↓", "scroll help"));
        }
        // In the settings, Esc leaves them as they were.
        if ctx == crate::tui::keymap::Context::Settings {
            items.insert(items.len().min(1), ("Esc", "cancel"));
        }
        // While a file is read, Esc stops the reading (not the app).
        if app.loading().is_some() && app.context() != crate::tui::keymap::Context::Prompt {
            items.retain(|(l, _)| *l != "Esc");
            items.insert(0, ("Esc", "stop reading"));
        }
        // Too wide: the last keys go first, but never help and quit (the help
        // lists every key).
        let width = |items: &[(&str, &str)]| {
            items
                .iter()
                .map(|(l, h)| l.chars().count() + h.chars().count() + 3)
                .sum::<usize>()
        };
        while width(&items) > area.width as usize {
            let Some(i) = items
                .iter()
                .rposition(|(l, _)| !matches!(*l, "?" | "q" | "Esc"))
            else {
                break;
            };
            items.remove(i);
        }
        let mut spans = vec![Span::raw(" ")];
        for (i, (label, hint)) in items.into_iter().enumerate() {
            if i > 0 {
                spans.push(Span::raw("  "));
            }
            spans.push(Span::styled(label, theme.key()));
            spans.push(Span::raw(format!(" {hint}")));
        }
        Paragraph::new(Line::from(spans)).render(area, buf);
    }
}
