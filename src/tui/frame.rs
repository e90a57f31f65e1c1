//! The screen's fixed frame: at each terminal size, how tall the tabs,
//! the status area and the hint bar are and how wide the side column is.
//! Fixed by the size alone, so nothing said or shown moves the board. The
//! drawing lays its panes out by it, and the app shapes its zoomed windows
//! by the board pane it leaves.

/// The smallest terminal the layout works in.
pub const MIN_WIDTH: u16 = 60;
pub const MIN_HEIGHT: u16 = 22;

/// Whether the app can be drawn on a screen of `columns` x `lines` (else
/// it asks for more room).
pub fn fits(columns: u16, lines: u16) -> bool {
    columns >= MIN_WIDTH && lines >= MIN_HEIGHT
}

/// From this height the modes show as tabs over the panes, and the status
/// area has two lines.
const TALL: u16 = 30;
/// From this width the side column is [`WIDE_SIDE`] wide.
const WIDE: u16 = 160;
/// The side column's width.
const SIDE: u16 = 30;
const WIDE_SIDE: u16 = 40;

/// Lines of the tabs on a screen `lines` tall.
pub fn tab_lines(lines: u16) -> u16 {
    u16::from(lines >= TALL)
}

/// Lines of the status area on a screen `lines` tall.
pub fn status_lines(lines: u16) -> u16 {
    if lines >= TALL { 2 } else { 1 }
}

/// Lines of the hint bar on a screen `columns` wide: two at every width,
/// so a wider screen never shows fewer keys than a narrower one (one line
/// from 160 columns dropped keys that two lines of 159 held).
pub fn hint_lines(_columns: u16) -> u16 {
    2
}

/// The side column's width on a screen `columns` wide.
pub fn side_width(columns: u16) -> u16 {
    if columns >= WIDE { WIDE_SIDE } else { SIDE }
}

/// The inside of the board pane (its border taken off) on a screen of
/// `columns` x `lines`.
pub fn board_pane(columns: u16, lines: u16) -> (u16, u16) {
    let bars = tab_lines(lines) + status_lines(lines) + hint_lines(columns);
    (
        columns.saturating_sub(side_width(columns) + 2),
        lines.saturating_sub(bars + 2),
    )
}
