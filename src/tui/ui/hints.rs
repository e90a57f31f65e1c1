//! The hint bar: the keys that matter in the current mode, from the keymap.

use std::borrow::Cow;

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget};

use crate::tui::app::App;
use crate::tui::keymap::{Binding, Command, Context, mode_first};
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
/// search only while it is paused with steps kept; a new puzzle, pencil
/// marks and clearing while playing one.
pub fn shown(app: &App, b: &Binding) -> bool {
    if b.gives(Command::Seek(-1)) && b.contexts == [Context::Watch] {
        return app.can_rewind();
    }
    let puzzle = app.playing().is_some_and(|g| g.clues.is_some());
    if b.gives(Command::NewPuzzle) || b.gives(Command::Pencil) || b.gives(Command::Clear) {
        return puzzle;
    }
    true
}

/// The words of binding `b` as it acts now: a key that toggles says what
/// it would do (`Space resume` while paused, `h hints: on`).
pub fn now(app: &App, b: &Binding, hint: &'static str) -> &'static str {
    if b.gives(Command::Pause) {
        if app.replaying().is_some_and(|r| !r.playing) {
            return "play";
        }
        if paused(app) {
            return "resume";
        }
    }
    if b.gives(Command::Hints)
        && let Some(g) = app.playing()
    {
        return if g.hints { "hints: on" } else { "hints: off" };
    }
    // In a puzzle, digits write numbers and w gives a deduction.
    let puzzle = app.playing().is_some_and(|g| g.sheet.is_some());
    if puzzle && b.gives(Command::Pick(1)) {
        return "write";
    }
    if puzzle && b.gives(Command::Suggest) {
        return "hint";
    }
    if b.gives(Command::Pencil) && app.playing().is_some_and(|g| g.pencil) {
        return "pencil: on";
    }
    // In the race, v ends it.
    if b.gives(Command::Race) && app.racing().is_some() {
        return "end race";
    }
    hint
}

/// The hint bar.
pub struct HintBar<'a> {
    pub app: &'a App,
    pub theme: &'a Theme,
}

/// A key of the hint bar: its label, its words, whether it is shown only
/// where there is room (a key of every mode that this screen does not
/// need now), and what it is to the bar.
type Item = (Cow<'static, str>, &'static str, bool, Role);

/// Help and quit close the bar and, with Esc, are never dropped for room.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Role {
    Help,
    Quit,
    Esc,
    Other,
}

impl Role {
    fn of(b: &Binding) -> Role {
        if b.gives(Command::Help) {
            Role::Help
        } else if b.gives(Command::Quit) {
            Role::Quit
        } else {
            Role::Other
        }
    }
}

/// Boards with more squares than this are not all shown in step numbers at
/// once: there the zoom keys are the mode's own.
const ZOOM_SQUARES: usize = 400;

/// The keys of the hint bar now, the mode's own first.
fn items(app: &App) -> Vec<Item> {
    let ctx = app.context();
    // The question before quitting takes only its own answers.
    let confirm = ctx == Context::Confirm;
    let board = app.shown_board();
    let win = app.window();
    let needed = |b: &Binding| {
        if b.gives(Command::ZoomIn) || b.gives(Command::ZoomJump) {
            board.len() > ZOOM_SQUARES
        } else if b.keys.iter().any(|&(_, c)| matches!(c, Command::Pan(..))) {
            (win.rows, win.cols) != (board.rows(), board.cols())
        } else {
            false
        }
    };
    // A question's box shows its answers: the bar says no key twice.
    if confirm {
        return Vec::new();
    }
    let mut items: Vec<Item> = mode_first(ctx)
        .into_iter()
        .filter(|b| !confirm || b.contexts.contains(&ctx))
        .filter(|b| shown(app, b))
        .filter_map(|b| {
            let spare = b.everywhere && b.contexts.is_empty() && !needed(b);
            // Keys that toggle say what they would do now.
            b.hint
                .map(|h| (b.label().into(), now(app, b, h), spare, Role::of(b)))
        })
        .collect();
    // Stable: the spare keys after the needed, each in their order.
    items.sort_by_key(|&(_, _, spare, _)| spare);
    // The help or the log on top: Esc closes it (the arrows scroll it
    // where it is taller than the screen; its title says so).
    if app.help_open() || app.log_open() {
        items.insert(0, (esc(), "close", false, Role::Esc));
    }
    // In the settings and the file prompt, Esc leaves as things were.
    if matches!(ctx, Context::Settings | Context::Prompt) {
        items.insert(items.len().min(1), (esc(), "cancel", false, Role::Esc));
    }
    // While a file is read, Esc stops the reading (not the app).
    if app.loading().is_some() && ctx != Context::Prompt {
        items.retain(|&(_, _, _, role)| role != Role::Esc);
        items.insert(0, (esc(), "stop reading", false, Role::Esc));
    }
    // Help and quit close the bar.
    let closing = |role: Role| matches!(role, Role::Help | Role::Quit);
    let last: Vec<Item> = items
        .iter()
        .filter(|item| closing(item.3))
        .map(|(l, h, _, role)| (l.clone(), *h, false, *role))
        .collect();
    items.retain(|item| !closing(item.3));
    items.extend(last);
    items
}

/// `items` in at most `room` lines of `width` columns: the spare keys fill
/// what room the mode's own leave; when even those do not fit, the last go
/// first, but never help, quit or Esc (the help lists every key).
fn packed(
    mut items: Vec<Item>,
    width: u16,
    room: usize,
) -> Vec<Vec<(Cow<'static, str>, &'static str)>> {
    let wide = |(l, h, _, _): &Item| l.chars().count() + h.chars().count() + 3;
    let pack = |items: &[Item]| {
        let mut lines: Vec<Vec<(Cow<'static, str>, &str)>> = vec![Vec::new()];
        let mut used = 0;
        for item in items {
            let w = wide(item);
            if used + w > width as usize && !lines[lines.len() - 1].is_empty() {
                lines.push(Vec::new());
                used = 0;
            }
            used += w;
            lines
                .last_mut()
                .expect("a line")
                .push((item.0.clone(), item.1));
        }
        lines
    };
    loop {
        let lines = pack(&items);
        if lines.len() <= room {
            return lines;
        }
        // The last spare key goes first, then the last needed one.
        let gone = items
            .iter()
            .rposition(|i| i.2)
            .or_else(|| items.iter().rposition(|i| i.3 == Role::Other));
        let Some(i) = gone else {
            return lines.into_iter().take(room).collect();
        };
        items.remove(i);
        // Keys left out: help says there are more.
        for item in items.iter_mut().filter(|i| i.3 == Role::Help) {
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

/// The key that closes, cancels or stops: `Esc`, from the key table.
fn esc() -> Cow<'static, str> {
    crate::tui::keymap::key(Command::Back).into()
}
