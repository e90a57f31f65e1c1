//! The hint bar: the keys that matter in the current mode, from the keymap.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::tui::app::App;
use crate::tui::keymap::mode_first;
use crate::tui::theme::Theme;

/// Whether Space would resume rather than pause: the search or the race
/// paused, nothing running.
fn paused(app: &App) -> bool {
    use crate::tui::watched::RunState;
    let runs = || std::iter::once(&app.search).chain(app.racing().map(|r| &r.run));
    let any = |state: RunState| runs().any(|r| r.state == state);
    !any(RunState::Running) && any(RunState::Paused)
}

/// Whether a binding of the mode is worth showing now: rewinding the
/// search only while it is paused with steps kept; a new puzzle while
/// playing one.
pub fn shown(app: &App, b: &crate::tui::keymap::Binding) -> bool {
    match b.hint {
        Some("rewind") => app.can_rewind(),
        Some("puzzle") => app.playing().is_some_and(|g| g.clues.is_some()),
        _ => true,
    }
}

/// The words of the key `label` as it acts now: a key that toggles says
/// what it would do (`Space resume` while paused, `h hints: on`).
pub fn now(app: &App, label: &str, hint: &'static str) -> &'static str {
    match (label, hint) {
        ("Space", "pause") if app.replaying().is_some_and(|r| !r.playing) => "play",
        ("Space", "pause") if paused(app) => "resume",
        ("h", "hints") if app.playing().is_some_and(|g| g.hints) => "hints: on",
        ("h", "hints") if app.playing().is_some() => "hints: off",
        // In the race, v ends it.
        (_, "race") if app.racing().is_some() => "end race",
        (_, h) => h,
    }
}

/// The hint bar.
pub struct HintBar<'a> {
    pub app: &'a App,
    pub theme: &'a Theme,
}

/// A key of the hint bar: its label, its words, and whether it is shown
/// only where there is room (a key of every mode that this screen does
/// not need now).
type Item = (&'static str, &'static str, bool);

/// Boards with more squares than this are not all shown in step numbers at
/// once: there the zoom keys are the mode's own.
const ZOOM_SQUARES: usize = 400;

/// The keys of the hint bar now, the mode's own first.
fn items(app: &App) -> Vec<Item> {
    use crate::tui::keymap::Context;
    let ctx = app.context();
    // The question before quitting takes only its own answers.
    let confirm = ctx == Context::Confirm;
    let board = app.shown_board();
    let win = app.window();
    let needed = |label: &str| match label {
        "z Z" | "j" => board.len() > ZOOM_SQUARES,
        "H J K L" => (win.rows, win.cols) != (board.rows(), board.cols()),
        _ => false,
    };
    // A question takes only its own answers.
    if app.count_question().is_some() {
        return vec![("y", "count anyway", false), ("n Esc", "leave it", false)];
    }
    if app
        .quit_question()
        .is_some_and(|l| !matches!(l, crate::tui::app::Loss::Game(_)))
    {
        return vec![("y", "quit", false), ("n Esc", "stay", false)];
    }
    let mut items: Vec<Item> = mode_first(ctx)
        .into_iter()
        .filter(|b| !confirm || b.contexts.contains(&ctx))
        .filter(|b| shown(app, b))
        .filter_map(|b| {
            let spare = b.contexts == [Context::Any] && !needed(b.label);
            b.hint.map(|h| (b.label, h, spare))
        })
        .collect();
    // Stable: the spare keys after the needed, each in their order.
    items.sort_by_key(|&(_, _, spare)| spare);
    // Keys that toggle say what they would do now.
    for (label, hint, _) in items.iter_mut() {
        *hint = now(app, label, hint);
    }
    // The help or the log on top: Esc closes it (the arrows scroll it
    // where it is taller than the screen; its title says so).
    if app.help_open() || app.log_open() {
        items.insert(0, ("Esc", "close", false));
    }
    // In the settings and the file prompt, Esc leaves as things were.
    if matches!(ctx, Context::Settings | Context::Prompt) {
        items.insert(items.len().min(1), ("Esc", "cancel", false));
    }
    // While a file is read, Esc stops the reading (not the app).
    if app.loading().is_some() && ctx != Context::Prompt {
        items.retain(|(l, _, _)| *l != "Esc");
        items.insert(0, ("Esc", "stop reading", false));
    }
    // Help and quit close the bar.
    let last: Vec<Item> = items
        .iter()
        .filter(|(l, _, _)| matches!(*l, "?" | "q"))
        .map(|&(l, h, _)| (l, h, false))
        .collect();
    items.retain(|(l, _, _)| !matches!(*l, "?" | "q"));
    items.extend(last);
    items
}

/// `items` in at most `room` lines of `width` columns: the spare keys fill
/// what room the mode's own leave; when even those do not fit, the last go
/// first, but never help, quit or Esc (the help lists every key).
fn packed(mut items: Vec<Item>, width: u16, room: usize) -> Vec<Vec<(&'static str, &'static str)>> {
    let wide = |(l, h, _): &Item| l.chars().count() + h.chars().count() + 3;
    let pack = |items: &[Item]| {
        let mut lines: Vec<Vec<(&str, &str)>> = vec![Vec::new()];
        let mut used = 0;
        for item in items {
            let w = wide(item);
            if used + w > width as usize && !lines[lines.len() - 1].is_empty() {
                lines.push(Vec::new());
                used = 0;
            }
            used += w;
            lines.last_mut().expect("a line").push((item.0, item.1));
        }
        lines
    };
    loop {
        let lines = pack(&items);
        if lines.len() <= room {
            return lines;
        }
        // The last spare key goes first, then the last needed one.
        let gone = items.iter().rposition(|i| i.2).or_else(|| {
            items
                .iter()
                .rposition(|(l, _, _)| !matches!(*l, "?" | "q" | "Esc"))
        });
        let Some(i) = gone else {
            return lines.into_iter().take(room).collect();
        };
        items.remove(i);
        // Keys left out: help says there are more.
        for item in items.iter_mut().filter(|(l, _, _)| *l == "?") {
            item.1 = "more keys";
        }
    }
}

impl Widget for HintBar<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (app, theme) = (self.app, self.theme);
        let lines: Vec<Line> = packed(items(app), area.width, area.height as usize)
            .into_iter()
            .map(|items| {
                let mut spans = vec![Span::raw(" ")];
                for (i, (label, hint)) in items.into_iter().enumerate() {
                    if i > 0 {
                        spans.push(Span::raw("  "));
                    }
                    spans.push(Span::styled(label, theme.key()));
                    spans.push(Span::raw(format!(" {hint}")));
                }
                Line::from(spans)
            })
            .collect();
        Paragraph::new(lines).render(area, buf);
    }
}
