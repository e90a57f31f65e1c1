//! The help overlay: every key of the keymap once, grouped by where it
//! works, the current mode's group first; scrolled with ↑ ↓ PgUp PgDn
//! when it is taller than the screen.

use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};

use crate::tui::app::App;
use crate::tui::keymap::{Binding, Command, Context, Group, bindings, key};
use crate::tui::theme::Theme;

/// The help overlay, centred over `area`.
pub struct Help<'a> {
    pub app: &'a App,
    pub theme: &'a Theme,
}

/// Characters before a row's text: indent and key column.
const KEYS: usize = 17;

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
pub(crate) fn heading(group: Group) -> &'static str {
    match group {
        Group::In(Context::Watch) => "Watching the search",
        Group::In(Context::Race) => "The race",
        Group::In(Context::Replay) => "Replay",
        Group::In(Context::Play) => "Playing by hand",
        Group::In(Context::Settings) => "Settings (o)",
        Group::In(Context::Prompt) => "The file prompt (l)",
        Group::In(Context::Confirm) => "Questions",
        Group::In(Context::Help) => "This help",
        Group::Everywhere => "Everywhere",
    }
}

/// A row's keys as help names them: each named key, then the other
/// keys that do the same (`+ =`); more than four as the label (`1-8`).
pub(crate) fn keys_of(b: &Binding) -> String {
    let (named, others) = b.keys.split_at(b.shown);
    let mut keys: Vec<String> = Vec::new();
    for (key, command) in named {
        keys.push(key.name());
        let same = others.iter().filter(|(_, c)| c == command);
        keys.extend(same.map(|(k, _)| k.name()));
    }
    let rest = others
        .iter()
        .filter(|(_, c)| named.iter().all(|(_, n)| n != c));
    keys.extend(rest.map(|(k, _)| k.name()));
    keys.dedup();
    if keys.len() > 4 {
        b.label()
    } else {
        keys.join(" ")
    }
}

/// The groups in order, the current mode's first, then the keys that work
/// everywhere: each binding in the first group it works in, so no row is
/// repeated.
pub fn groups(current: Context) -> Vec<(Group, Vec<&'static Binding>)> {
    let mut order = vec![
        Group::In(current),
        Group::In(Context::Help),
        Group::Everywhere,
    ];
    for c in [
        Context::Watch,
        Context::Race,
        Context::Replay,
        Context::Play,
        Context::Settings,
        Context::Prompt,
        Context::Confirm,
    ] {
        if !order.contains(&Group::In(c)) {
            order.push(Group::In(c));
        }
    }
    // Rows already in a group, by their place in the table.
    let mut shown = vec![false; bindings().len()];
    let mut out = Vec::new();
    for c in order {
        let mut rows: Vec<&Binding> = Vec::new();
        for (i, b) in bindings().iter().enumerate() {
            if !shown[i] && b.listed_in(c) {
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

/// A group's lines at a text column of `text_w`, each with the number of
/// the key it starts (counted from 1 over the whole help, from `first`),
/// if it starts one.
fn group_lines(
    group: Group,
    rows: &[&Binding],
    text_w: usize,
    first: usize,
    theme: &Theme,
) -> Column {
    let mut lines = vec![(
        Line::styled(format!(" {}", heading(group)), theme.fg(theme.accent)),
        None,
    )];
    for (n, b) in rows.iter().enumerate() {
        let keys = keys_of(b);
        // A long text wraps under itself, so every word shows.
        for (j, part) in wrap(b.help, text_w).into_iter().enumerate() {
            let keys = if j == 0 { keys.as_str() } else { "" };
            lines.push((
                Line::from(vec![
                    Span::styled(format!("   {keys:<w$} ", w = KEYS - 4), theme.key()),
                    Span::raw(part),
                ]),
                (j == 0).then_some(first + n + 1),
            ));
        }
    }
    lines
}

/// Every group's lines at a text column of `text_w`, a blank line between
/// groups.
fn blocks(app: &App, text_w: usize, theme: &Theme) -> Vec<Column> {
    let mut keys = 0;
    let mut out = Vec::new();
    for (i, (context, rows)) in groups(app.context()).into_iter().enumerate() {
        let mut block = group_lines(context, &rows, text_w, keys, theme);
        if i > 0 {
            block.insert(0, (Line::raw(""), None));
        }
        keys += rows.len();
        out.push(block);
    }
    out
}

/// The screen width from which the help takes two columns.
pub const TWO_COLUMNS: u16 = 150;

/// A column of the help: its lines, each with the key it starts, if any.
type Column = Vec<(Line<'static>, Option<usize>)>;

/// `blocks` in two columns of about the same height, each group whole.
fn two_columns(blocks: Vec<Column>) -> (Column, Column) {
    let total: usize = blocks.iter().map(Vec::len).sum();
    let mut left = Vec::new();
    let mut right = Vec::new();
    for block in blocks {
        // A group goes left while the left is under half; a column starts
        // with its heading, not a blank line.
        if right.is_empty() && left.len() + block.len() / 2 <= total / 2 {
            left.extend(block);
        } else if right.is_empty() {
            right.extend(block.into_iter().skip(1));
        } else {
            right.extend(block);
        }
    }
    (left, right)
}

impl Widget for Help<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let (app, theme) = (self.app, self.theme);
        let total_keys = bindings().len();
        // Two columns where the screen is wide and they fit its height.
        if area.width >= TWO_COLUMNS {
            let w = area.width.min(180);
            let col_w = (w as usize - 3) / 2;
            let (left, right) = two_columns(blocks(app, col_w - 1 - KEYS, theme));
            let tall = left.len().max(right.len()) as u16 + 2;
            if tall <= area.height {
                let popup = area.centered(Constraint::Length(w), Constraint::Length(tall));
                Clear.render(popup, buf);
                let block =
                    Block::bordered().title(format!(" {total_keys} keys ({} closes) ", closers()));
                let inner = block.inner(popup);
                block.render(popup, buf);
                let [l, _, r] = ratatui::layout::Layout::horizontal([
                    Constraint::Length(col_w as u16),
                    Constraint::Length(1),
                    Constraint::Min(1),
                ])
                .areas(inner);
                let only = |c: Column| c.into_iter().map(|(l, _)| l).collect::<Vec<_>>();
                Paragraph::new(only(left)).render(l, buf);
                Paragraph::new(only(right)).render(r, buf);
                return;
            }
        }
        let w = 90.min(area.width);
        // The text column: what is left beside the keys, inside the border.
        let text_w = (w as usize).saturating_sub(2 + KEYS).max(12);
        let (lines, starts): (Vec<Line>, Vec<Option<usize>>) =
            blocks(app, text_w, theme).into_iter().flatten().unzip();
        let h = (lines.len() as u16 + 2).min(area.height);
        let room = h.saturating_sub(2) as usize;
        let total = lines.len();
        // Scrolled no further than the last page.
        let most = total.saturating_sub(room);
        app.help_most.set(most.min(u16::MAX as usize) as u16);
        let top = (app.help_scroll as usize).min(most);
        // The keys whose first line is in view, counted as keys, not lines.
        let shown: Vec<usize> = starts[top..(top + room).min(total)]
            .iter()
            .flatten()
            .copied()
            .collect();
        let title = match (shown.first(), shown.last()) {
            _ if total <= room => format!(" {total_keys} keys ({} closes) ", closers()),
            (Some(a), Some(b)) => {
                format!(
                    " Keys {a}-{b} of {total_keys} (↑ ↓ PgUp PgDn scroll; {} closes) ",
                    closers()
                )
            }
            _ => format!(
                " {total_keys} keys (↑ ↓ PgUp PgDn scroll; {} closes) ",
                closers()
            ),
        };
        let popup = area.centered(Constraint::Length(w), Constraint::Length(h));
        Clear.render(popup, buf);
        Paragraph::new(lines)
            .scroll((top as u16, 0))
            .block(Block::bordered().title(title))
            .render(popup, buf);
    }
}

/// The keys that close the help, from the table: `Esc or ?`.
fn closers() -> String {
    format!("{} or {}", key(Command::Back), key(Command::Help))
}
