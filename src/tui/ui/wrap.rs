//! Text fitted to a few lines of a given width: wrapped at spaces, a long
//! word (a path) losing its middle before the reason after it is cut, and
//! a cut text marked.

use ratatui::style::Style;
use ratatui::text::{Line, Span};

/// How far a continued line is indented.
const INDENT: usize = 3;
/// What ends a text cut short: `… (M log)`, the key (from the key
/// table) of the log that keeps the text whole.
fn cut_marker() -> String {
    let key = crate::tui::keymap::key(crate::tui::keymap::Command::Log);
    format!("… ({key} log)")
}

/// `line` wrapped at spaces into at most `rows` lines of `width` columns,
/// continued lines indented by [`INDENT`]; a text that does not fit ends
/// with [`cut_marker`].
pub fn fit(line: Line<'_>, width: usize, rows: usize) -> Vec<Line<'static>> {
    fit_ending(line, width, rows, &cut_marker())
}

/// [`fit`], a text cut short ending with `marker` (`…` where no log keeps
/// the whole text).
pub fn fit_ending(line: Line<'_>, width: usize, rows: usize, marker: &str) -> Vec<Line<'static>> {
    let base = line.style;
    let cells: Vec<Cell> = line
        .spans
        .iter()
        .flat_map(|s| {
            let style = base.patch(s.style);
            s.content.chars().map(move |c| {
                let wide = Span::raw(&*c.encode_utf8(&mut [0; 4])).width();
                (c, style, wide)
            })
        })
        .collect();
    let mut out = wrap(&cells, width, rows);
    // Too long with a long word in it (a path): its middle goes, as
    // little as lets the whole text fit, so the reason after it stays.
    if out.len() > rows
        && let Some((from, to)) = longest_word(&cells)
    {
        let most = (to - from).saturating_sub(2 * KEEP + 1);
        let fits = |cut: usize| wrap(&elided(&cells, from, to, cut), width, rows).len() <= rows;
        if most >= 2 && fits(most) {
            let (mut lo, mut hi) = (2, most);
            while lo < hi {
                let mid = (lo + hi) / 2;
                if fits(mid) { hi = mid } else { lo = mid + 1 }
            }
            out = wrap(&elided(&cells, from, to, lo), width, rows);
        }
    }
    let space = |&(c, ..): &Cell| c == ' ';
    let cut = out.len() > rows;
    out.truncate(rows.max(1));
    if cut && let Some((indent, last)) = out.last_mut() {
        let room = width.saturating_sub(*indent);
        let style = last.last().map_or(Style::new(), |&(_, s, _)| s);
        let tail = marker.chars().count() + 1;
        while !last.is_empty() && last.iter().map(|c| c.2).sum::<usize>() + tail > room {
            last.pop();
        }
        while last.last().is_some_and(space) {
            last.pop();
        }
        last.push((' ', style, 1));
        last.extend(marker.chars().map(|c| (c, style, 1)));
    }
    out.into_iter()
        .map(|(indent, cells)| {
            let mut spans = vec![Span::raw(" ".repeat(indent))];
            for (c, style, _) in cells {
                match spans.last_mut() {
                    Some(last) if last.style == style => last.content.to_mut().push(c),
                    _ => spans.push(Span::styled(c.to_string(), style)),
                }
            }
            Line::from(spans)
        })
        .collect()
}

/// A character, its style and its width in columns.
type Cell = (char, Style, usize);

/// The characters an elided word keeps at each end, at least.
const KEEP: usize = 8;

/// `cells` wrapped at spaces into lines of `width` columns, continued
/// lines indented by [`INDENT`]: at most `rows` lines, and one more when
/// the text goes on past them.
fn wrap(cells: &[Cell], width: usize, rows: usize) -> Vec<(usize, Vec<Cell>)> {
    let space = |&(c, ..): &Cell| c == ' ';
    let mut out: Vec<(usize, Vec<Cell>)> = Vec::new();
    let mut i = 0;
    // One line past `rows` says the text is cut.
    while i < cells.len() && out.len() <= rows {
        let indent = if out.is_empty() { 0 } else { INDENT };
        let room = width.saturating_sub(indent).max(1);
        // The most cells that fit in `room` columns.
        let (mut used, mut fits) = (0, 0);
        while i + fits < cells.len() && used + cells[i + fits].2 <= room {
            used += cells[i + fits].2;
            fits += 1;
        }
        let rest = &cells[i..];
        let take = if fits == rest.len() {
            fits
        } else {
            // Break after the last space that fits, else mid-word.
            rest[..=fits]
                .iter()
                .rposition(space)
                .filter(|&p| p > 0)
                .unwrap_or(fits.max(1))
        };
        out.push((indent, rest[..take].to_vec()));
        i += take;
        while cells.get(i).is_some_and(space) {
            i += 1;
        }
    }
    out
}

/// Where the longest run of characters without a space is, if it is
/// longer than its two kept ends.
fn longest_word(cells: &[Cell]) -> Option<(usize, usize)> {
    let mut best = (0, 0);
    let mut start = None;
    for i in 0..=cells.len() {
        let space = cells.get(i).is_none_or(|c| c.0 == ' ');
        match (space, start) {
            (false, None) => start = Some(i),
            (true, Some(s)) => {
                if i - s > best.1 - best.0 {
                    best = (s, i);
                }
                start = None;
            }
            _ => {}
        }
    }
    (best.1 - best.0 > 2 * KEEP + 2).then_some(best)
}

/// `cells` with `cut` characters taken from the middle of the word at
/// `from..to`, a `…` in their place: `/home/…/tour.json`.
fn elided(cells: &[Cell], from: usize, to: usize, cut: usize) -> Vec<Cell> {
    let mid = from + (to - from - cut) / 2;
    let style = cells[mid].1;
    let mut out = cells.to_vec();
    out.splice(mid..mid + cut, [('…', style, 1)]);
    out
}
