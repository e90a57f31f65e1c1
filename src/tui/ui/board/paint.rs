//! Painting the squares of a board pane: step numbers in cells, or the
//! block views (compact, half blocks, overview) with the knight and its
//! targets marked over them.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};

use knight_engine::board::Square;

use super::Scene;
use crate::tui::theme::Theme;
use crate::tui::trail::Trail;
use crate::tui::ui::geometry::Grid;
use crate::tui::viewport::{Drawing, Window};

/// What the squares of one scene are painted with.
pub(super) struct Painter<'a> {
    pub sc: &'a Scene<'a>,
    pub theme: &'a Theme,
    pub g: &'a Grid,
    /// The path is drawn as lines over the squares.
    pub lines: bool,
    /// The step the colours start from, and how many steps they span.
    pub first: u32,
    pub span: usize,
}

impl Painter<'_> {
    fn step_at(&self, sq: Square) -> u32 {
        self.sc.trail.map_or(0, |t| t.step(self.sc.board.index(sq)))
    }

    /// The puzzle's clue on `sq`, in play.
    fn clue(&self, sq: Square) -> Option<u32> {
        let clues = self.sc.game?.clues.as_ref()?;
        clues.on(self.sc.board.index(sq))
    }

    /// A puzzle's number written by hand on `sq` (off the knight's path).
    fn written(&self, sq: Square) -> Option<u32> {
        let sheet = self.sc.game?.sheet.as_ref()?;
        match sheet.number_on(self.sc.board.index(sq)) {
            Some((k, false)) if self.step_at(sq) == 0 => Some(k),
            _ => None,
        }
    }

    /// A puzzle's pencil marks on `sq`, as a cell shows them: `·3·7`.
    fn pencilled(&self, sq: Square, width: usize) -> Option<String> {
        let sheet = self.sc.game?.sheet.as_ref()?;
        let marks = sheet.marks(self.sc.board.index(sq));
        if marks.is_empty() {
            return None;
        }
        let mut text = String::new();
        for m in marks {
            let next = format!("·{m}");
            if text.chars().count() + next.chars().count() > width {
                text.push('+');
                break;
            }
            text.push_str(&next);
        }
        Some(text)
    }

    fn undone(&self, sq: Square) -> bool {
        self.sc
            .trail
            .is_some_and(|t| t.undone(self.sc.board.index(sq)))
    }

    /// The replay's illegal step, or a square a "no tour" reason names.
    fn faulty(&self, sq: Square) -> bool {
        Some(sq) == self.sc.fault || self.sc.flagged.contains(&sq)
    }

    /// The path as lines over the squares of `part`, drawn at `rect`; in a
    /// puzzle, every chain of consecutive numbers.
    fn overlay_lines(&self, buf: &mut Buffer, rect: Rect, part: Window) {
        if let Some(sheet) = self.sc.game.and_then(|g| g.sheet.as_ref()) {
            let squares = self.sc.board.len();
            let area = rect.intersection(self.g.inner);
            let total = self.sc.board.free_count();
            for chain in chains(sheet, total as u32) {
                let mut t = Trail::new(squares);
                t.set(&chain);
                crate::tui::ui::lines::draw(
                    buf,
                    area,
                    part,
                    self.sc.board,
                    &t,
                    self.theme,
                    (1, total),
                );
            }
            return;
        }
        let no_trail = Trail::default();
        crate::tui::ui::lines::draw(
            buf,
            rect.intersection(self.g.inner),
            part,
            self.sc.board,
            self.sc.trail.unwrap_or(&no_trail),
            self.theme,
            (self.first, self.span),
        );
    }

    /// The squares of `part` in cells `w` x `h`, from `at` past the
    /// board's corner: each a step number, the knight, a target or a dot.
    pub fn numbers(&self, buf: &mut Buffer, part: Window, at: (u16, u16), (w, h): (u16, u16)) {
        let (sc, theme, inner) = (self.sc, self.theme, self.g.inner);
        let (x0, y0) = (self.g.x0 + at.0, self.g.y0 + at.1);
        // With lines, the steps are written over them.
        let mut late = Vec::new();
        // Right-aligned to the widest step, that column centred: the digits
        // of every step line up.
        let widest = sc.board.free_count().to_string().len() as u16;
        for r in part.row..part.row + part.rows {
            for c in part.col..part.col + part.cols {
                let sq = Square::new(r, c);
                let (dy, dx) = ((r - part.row) as u16, (c - part.col) as u16);
                let cell = Rect::new(x0 + dx * w, y0 + dy * h, w, h);
                if !sc.board.is_free(sq) {
                    // A blocked square fills its own cell, no more.
                    let fill = if theme.ascii { "#" } else { "▒" };
                    let area = cell.intersection(inner);
                    for y in area.top()..area.bottom() {
                        buf.set_stringn(
                            area.x,
                            y,
                            fill.repeat(area.width as usize),
                            area.width as usize,
                            theme.fg(theme.blocked),
                        );
                    }
                    continue;
                }
                if theme.colour && theme.shaded(sq) {
                    buf.set_style(
                        cell.intersection(inner),
                        Style::new().bg(theme.dark_square()),
                    );
                }
                let (text, style) = self.cell_text(buf, sq, cell);
                let ty = cell.y + (h - 1) / 2;
                // A clue's brackets stand either side of its digits, which
                // line up with the other numbers.
                let bracket = u16::from(text.starts_with('['));
                let len = text.chars().count() as u16 - 2 * bracket;
                let tx = cell.x + w.saturating_sub(widest).div_ceil(2) + widest.saturating_sub(len);
                let tx = tx.saturating_sub(bracket).max(cell.x);
                let s = self.step_at(sq);
                let numbered = s > 0 || self.clue(sq).is_some() || self.written(sq).is_some();
                if self.lines && sc.game.is_some_and(|g| g.sheet.is_some()) && numbered {
                    // A puzzle's numbers stand over its chains.
                    late.push((tx, ty, text, style));
                } else if self.lines && s > 0 {
                    // Over the lines: the start, the knight, and with both,
                    // every step.
                    if sc.drawing == Drawing::Both || s == 1 || Some(sq) == sc.current {
                        late.push((tx, ty, text, style));
                    }
                } else {
                    buf.set_stringn(tx, ty, &text, w as usize, style);
                }
            }
        }
        if self.lines {
            let rect = Rect::new(x0, y0, part.cols as u16 * w, part.rows as u16 * h);
            self.overlay_lines(buf, rect, part);
            for (tx, ty, text, style) in late {
                buf.set_stringn(tx, ty, &text, w as usize, style);
            }
        }
    }

    /// What the free square `sq` shows in its `cell` of the numbers view,
    /// and in what style; the cursor's cell is filled here.
    fn cell_text(&self, buf: &mut Buffer, sq: Square, cell: Rect) -> (String, Style) {
        let (sc, theme) = (self.sc, self.theme);
        let s = self.step_at(sq);
        let (text, style) = if self.faulty(sq) {
            let x = if theme.ascii { "X" } else { "✘" };
            (x.to_string(), theme.marked(Color::Red))
        } else if Some(sq) == sc.current {
            let knight = if theme.ascii { "N" } else { "♞" };
            let text = if s == 0 {
                knight.to_string()
            } else {
                s.to_string()
            };
            (text, theme.knight())
        } else if let Some(k) = self.clue(sq) {
            // A clue: its step in the clue colour, bold, reached or not; a
            // target too, in the targets' colour.
            let colour = if sc.targets.contains(&sq) {
                theme.candidate
            } else {
                theme.clue
            };
            // The clue the knight heads for stands out: the end of the
            // open stretch.
            let next = s == 0
                && sc
                    .game
                    .and_then(|g| g.next_clue())
                    .is_some_and(|(_, at, _)| at == sq);
            let st = if next {
                theme.marked(theme.clue)
            } else {
                board_fg(theme, colour, sq).add_modifier(Modifier::BOLD)
            };
            // Told from a written step by more than colour: in brackets
            // where they fit, underlined where not (both hold without
            // colour and at 16 colours).
            let text = k.to_string();
            if (text.len() + 2) < cell.width as usize {
                (format!("[{text}]"), st)
            } else {
                (text, st.add_modifier(Modifier::UNDERLINED))
            }
        } else if s > 0 {
            let step = s.saturating_sub(self.first) + 1;
            let st = if theme.colour {
                Style::new().fg(theme.step_text(step, self.span, theme.shaded(sq)))
            } else {
                Style::new()
            };
            // The start stands out: bold, underlined.
            let st = if s == 1 {
                st.add_modifier(Modifier::BOLD | Modifier::UNDERLINED)
            } else {
                st
            };
            (s.to_string(), st)
        } else if let Some(k) = self.written(sq) {
            // Written by hand: plain, as on paper (clues are in brackets),
            // in the terminal's own colour, over any line.
            (k.to_string(), Style::new().fg(Color::Reset))
        } else if let Some(marks) = self.pencilled(sq, cell.width.saturating_sub(1) as usize) {
            (marks, Style::new().fg(Color::Reset))
        } else if let Some(i) = sc.targets.iter().position(|&t| t == sq) {
            let mark = match sc.game {
                // In a puzzle digits write numbers: a move has no digit.
                Some(g) if g.sheet.is_some() => {
                    let m = if theme.ascii { "+" } else { "◆" };
                    if g.hints {
                        format!("{m}({})", g.onward(sq))
                    } else {
                        m.to_string()
                    }
                }
                // In play, the digit of its key; with hints, the onward count
                // (Warnsdorff's degree) after it, where it fits.
                Some(g) if g.hints => {
                    let both = format!("{}({})", i + 1, g.onward(sq));
                    if both.len() <= cell.width as usize {
                        both
                    } else {
                        (i + 1).to_string()
                    }
                }
                Some(_) if cell.width >= 3 && !theme.ascii => format!("◆{}", i + 1),
                Some(_) => (i + 1).to_string(),
                None if theme.ascii => "+".into(),
                None => "◆".into(),
            };
            (
                mark,
                board_fg(theme, theme.candidate, sq).add_modifier(Modifier::BOLD),
            )
        } else if sc.goal == Some(sq) {
            // The goal, until the path reaches it.
            let mark = if theme.ascii { "@" } else { "◎" };
            (
                mark.into(),
                board_fg(theme, theme.goal, sq).add_modifier(Modifier::BOLD),
            )
        } else if self.undone(sq) {
            // Just taken back: crossed out for a moment.
            let x = if theme.ascii { "x" } else { "×" };
            (x.into(), board_fg(theme, Color::LightRed, sq))
        } else if !theme.colour {
            // Without colour, a dot on each dark square alone: a square's
            // colour still reads (every knight's move changes it).
            let dot = if theme.ascii { "." } else { "·" };
            let dark = sq.colour() == 1;
            (if dark { dot.into() } else { String::new() }, Style::new())
        } else if sc.game.is_some_and(|g| g.clues.is_some()) {
            // A puzzle's free squares are plain: the clues stand out.
            (String::new(), Style::new())
        } else {
            let dot = if theme.ascii { "." } else { "·" };
            (dot.into(), Style::new().fg(theme.dot(theme.shaded(sq))))
        };
        // The squares the last hint is about stand out; its step's square,
        // empty, shows a question mark.
        let (text, style) = match sc.game {
            Some(g) if g.hinted.contains(&sq) => {
                let bare = s == 0 && self.written(sq).is_none() && self.clue(sq).is_none();
                let text = if bare { "?".to_string() } else { text };
                (text, theme.marked(theme.candidate))
            }
            _ => (text, style),
        };
        if Some(sq) != sc.cursor {
            return (text, style);
        }
        // A number being typed shows on the cursor's square.
        let text = match sc.game.and_then(|g| g.typed.map(|n| (n, g.pencil))) {
            Some((n, false)) => format!("{n}_"),
            Some((n, true)) => format!("·{n}_"),
            None => text,
        };
        // The cursor fills its cell; on the knight, the knight's mark is
        // inside it (without colour: plain in a reversed cell).
        buf.set_style(cell.intersection(self.g.inner), theme.cursor());
        let style = match Some(sq) == sc.current {
            // The knight's mark in black on the cursor: a yellow patch
            // inside cyan read poorly.
            true if theme.colour => theme.cursor().add_modifier(theme.bold_black()),
            true => Style::new()
                .add_modifier(Modifier::BOLD)
                .remove_modifier(Modifier::REVERSED),
            false => style.patch(theme.cursor()),
        };
        (text, style)
    }

    /// What the square at (`r`, `c`) shows in a block view, if it is in
    /// `part`.
    fn look(&self, part: Window, r: u32, c: u32) -> Option<Look> {
        let sc = self.sc;
        (r < part.row + part.rows && c < part.col + part.cols).then(|| {
            let sq = Square::new(r, c);
            // The knight shows over the cursor.
            if Some(sq) == sc.cursor && Some(sq) != sc.current {
                Look::Cursor
            } else if self.faulty(sq) {
                Look::Fault
            } else if !sc.board.is_free(sq) {
                Look::Blocked
            } else if Some(sq) == sc.current {
                Look::Current
            } else if let Some(i) = sc.targets.iter().position(|&t| t == sq) {
                // In play, the number of its 1-8 key.
                Look::Target(if sc.game.is_some() { i as u8 + 1 } else { 0 })
            } else if sc.goal == Some(sq) && self.step_at(sq) == 0 {
                Look::Goal
            } else if self.step_at(sq) == 0 && self.clue(sq).is_some() {
                Look::Clue
            } else {
                match self.step_at(sq) {
                    0 if self.undone(sq) => Look::Undone,
                    // A number written by hand shows as a step.
                    0 => self.written(sq).map_or(Look::Empty, |k| {
                        Look::Step(k.saturating_sub(self.first) + 1)
                    }),
                    s => Look::Step(s.saturating_sub(self.first) + 1),
                }
            }
        })
    }

    /// The squares of `part` in a block view (compact, half blocks or the
    /// overview), from `at` past the board's corner.
    pub fn blocks(&self, buf: &mut Buffer, part: Window, at: (u16, u16)) {
        let (g, inner) = (self.g, self.g.inner);
        let (cw, scale, per_line) = (g.cw, g.across, g.down / g.across);
        let cols = part.cols.div_ceil(scale) as u16;
        let lines_n = part.rows.div_ceil(scale * per_line) as u16;
        let (x0, y0) = (g.x0 + at.0, g.y0 + at.1);
        if self.lines {
            self.extent(buf, Rect::new(x0, y0, cols * cw, lines_n));
        }
        for line in 0..lines_n.min(inner.height.saturating_sub(y0 - inner.y)) {
            for col in 0..cols.min(inner.width.saturating_sub(x0 - inner.x) / cw) {
                let (r, c) = (
                    part.row + line as u32 * scale * per_line,
                    part.col + col as u32 * scale,
                );
                let top = self.look(part, r, c);
                let bottom = if per_line == 2 {
                    self.look(part, r + scale, c)
                } else {
                    top
                };
                // With lines, the path's squares are left blank for them.
                let plain = |l| matches!(l, None | Some(Look::Step(_) | Look::Empty));
                if self.lines && plain(top) && plain(bottom) {
                    continue;
                }
                let (text, style) =
                    block_cell(top, bottom, per_line == 1, scale > 1, self.theme, self.span);
                buf.set_string(x0 + col * cw, y0 + line, &text, style);
            }
        }
        if self.lines {
            let rect = Rect::new(x0, y0, cols * cw, lines_n);
            self.overlay_lines(buf, rect, part);
        }
        // The compact view shows every square whole: done.
        if per_line == 2 || self.lines {
            self.marks(buf, part, (x0, y0));
        }
    }

    /// The board's extent under its lines, which leave its squares blank:
    /// shaded as a dark square in colour, else outlined where the pane has
    /// room (the pane's own border outlines a board that fills it).
    fn extent(&self, buf: &mut Buffer, rect: Rect) {
        let rect = rect.intersection(self.g.inner);
        if self.theme.colour {
            buf.set_style(rect, Style::new().bg(self.theme.dark_square()));
            return;
        }
        let inner = self.g.inner;
        let outline = Rect::new(
            rect.x.saturating_sub(1),
            rect.y.saturating_sub(1),
            rect.width + 2,
            rect.height + 2,
        );
        if rect.x > inner.x && rect.y > inner.y && outline.intersection(inner) == outline {
            use ratatui::widgets::Widget;
            ratatui::widgets::Block::bordered()
                .border_type(ratatui::widgets::BorderType::Rounded)
                .render(outline, buf);
        }
    }

    /// Two squares (or blocks) a character: colour alone would hide the
    /// knight and its targets (and without colour they would not show at
    /// all), so each gets a character of its own: the key of a target in
    /// play, the knight last, over the colour of the other half.
    fn marks(&self, buf: &mut Buffer, part: Window, (x0, y0): (u16, u16)) {
        let (sc, theme, g) = (self.sc, self.theme, self.g);
        let (cw, scale, per_line) = (g.cw, g.across, g.down / g.across);
        let targets = sc
            .targets
            .iter()
            .enumerate()
            .filter(|_| sc.game.is_some() && per_line == 2)
            .map(|(i, &sq)| (sq, Some(i as u8 + 1)));
        // The goal, unless the path is on it (then it shows as a step).
        let goal = sc
            .goal
            .filter(|&g| self.step_at(g) == 0 && !sc.targets.contains(&g));
        let goal = goal.map(|g| (g, Some(0)));
        for (sq, key) in targets.chain(goal).chain(sc.current.map(|c| (c, None))) {
            if !part.contains(sq) {
                continue;
            }
            let (dr, dc) = (sq.row - part.row, sq.col - part.col);
            let (line, col) = ((dr / (scale * per_line)) as u16, (dc / scale) as u16);
            let (x, y) = (x0 + col * cw, y0 + line);
            if !g.inner.contains((x, y).into()) {
                continue;
            }
            // The sample square of the half this square is not in (in the
            // compact view, its own).
            let half = (dr / scale) % per_line;
            let other = self.look(
                part,
                part.row + line as u32 * scale * per_line + (per_line - 1 - half) * scale,
                part.col + col as u32 * scale,
            );
            let (text, colour) = match key {
                Some(0) if theme.ascii => ("@".into(), theme.goal),
                Some(0) => ("◎".into(), theme.goal),
                Some(k) => (k.to_string(), theme.candidate),
                None if theme.ascii => ("N".into(), theme.current),
                None => ("♞".into(), theme.current),
            };
            let bg = look_colour(other, theme, self.span);
            let style = if theme.colour {
                Style::new()
                    .fg(theme.legible(colour, bg))
                    .bg(bg)
                    .add_modifier(Modifier::BOLD)
            } else {
                Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED)
            };
            buf.set_string(x, y, &text, style);
        }
    }
}

/// What one square (or block of squares) shows in the block views.
#[derive(Clone, Copy, PartialEq)]
enum Look {
    Cursor,
    Fault,
    Empty,
    Blocked,
    Current,
    /// A square the knight may go to next: in play, with its key (1-8).
    Target(u8),
    /// The square the tour must end on, not reached yet.
    Goal,
    /// A puzzle's clue, not reached yet.
    Clue,
    Step(u32),
    /// Just taken off the path.
    Undone,
}

/// The text and style of one character of a block view: `whole` for the
/// compact view (two columns, one square), else a half block for two squares;
/// `overview`: each stands for a block of squares.
fn block_cell(
    top: Option<Look>,
    bottom: Option<Look>,
    whole: bool,
    overview: bool,
    theme: &Theme,
    total: usize,
) -> (String, Style) {
    // A target in the compact view shows its key, or a diamond.
    if whole && let Some(Look::Target(k)) = top {
        let mark = match (k, theme.ascii) {
            (1..=8, _) => format!("{k} "),
            (_, true) => "+ ".into(),
            _ => "◆ ".into(),
        };
        return (mark, theme.fg(theme.candidate).add_modifier(Modifier::BOLD));
    }
    // So does the goal.
    if whole && top == Some(Look::Goal) {
        let mark = if theme.ascii { "@ " } else { "◎ " };
        return (
            mark.into(),
            theme.fg(theme.goal).add_modifier(Modifier::BOLD),
        );
    }
    // Without colour the overview shades each character by the later step
    // of its two blocks (░ ▒ ▓ █, early to late), so the path's progress
    // still shows, as the colours show it.
    // Without colour, the compact view marks the knight with its symbol
    // and shades the path by step (░░ early to ██ late), as the overview
    // does; the compact view's empty squares stay dots.
    if !theme.colour && whole && !theme.ascii {
        let text = match top {
            Some(Look::Current) => "♞ ".to_string(),
            Some(Look::Step(s)) => {
                let quarter = (4 * (s as usize - 1) / total.max(1)).min(3);
                ["░░", "▒▒", "▓▓", "██"][quarter].to_string()
            }
            Some(Look::Blocked) => "##".into(),
            Some(Look::Cursor | Look::Fault) => "██".into(),
            _ => "· ".into(),
        };
        let style = if matches!(top, Some(Look::Current | Look::Cursor | Look::Fault)) {
            Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED)
        } else {
            Style::new()
        };
        return (text, style);
    }
    if !theme.colour && overview && !theme.ascii {
        let step = |l: Option<Look>| match l {
            Some(Look::Step(s)) => Some(s),
            Some(Look::Current) => Some(total as u32),
            _ => None,
        };
        let text = match step(top).max(step(bottom)) {
            Some(s) => {
                let quarter = (4 * (s as usize - 1) / total.max(1)).min(3);
                ["░", "▒", "▓", "█"][quarter]
            }
            None if matches!(top, Some(Look::Blocked)) => "#",
            None => " ",
        };
        return (text.to_string(), Style::new());
    }
    if !theme.colour {
        let mark = |l: Option<Look>| match l {
            Some(Look::Step(_) | Look::Current | Look::Cursor | Look::Fault) => 2,
            Some(Look::Blocked) => 1,
            Some(Look::Target(_)) => 3,
            _ => 0,
        };
        let text = if whole {
            ["· ", "##", "██", "◆ "][mark(top)]
        } else {
            match (mark(top) == 2, mark(bottom) == 2) {
                (true, true) => "█",
                (true, false) => "▀",
                (false, true) => "▄",
                (false, false) => " ",
            }
        };
        let text = if theme.ascii {
            match text {
                "██" => "##",
                "#" | "█" => "#",
                "▀" | "▄" => ":",
                "· " => ". ",
                "◆ " => "+ ",
                t => t,
            }
        } else {
            text
        };
        return (text.to_string(), Style::new());
    }
    let colour = |l| look_colour(l, theme, total);
    if whole {
        return ("██".into(), Style::new().fg(colour(top)));
    }
    ("▀".into(), Style::new().fg(colour(top)).bg(colour(bottom)))
}

/// Text in `c` on the square `sq`, fitted to read there; plain without
/// colour.
fn board_fg(theme: &Theme, c: Color, sq: Square) -> Style {
    if theme.colour {
        Style::new().fg(theme.board_text(c, theme.shaded(sq)))
    } else {
        Style::new()
    }
}

/// The colour of one square (or block) in the block views.
fn look_colour(l: Option<Look>, theme: &Theme, total: usize) -> Color {
    match l {
        None => Color::Reset,
        Some(Look::Empty) => theme.empty_block(),
        Some(Look::Blocked) => theme.blocked,
        Some(Look::Current) => theme.current,
        Some(Look::Cursor) => theme.accent,
        Some(Look::Fault) => Color::Red,
        Some(Look::Target(_)) => theme.candidate,
        Some(Look::Goal) => theme.goal,
        Some(Look::Clue) => theme.clue,
        Some(Look::Step(s)) => theme.ramp(s, total),
        Some(Look::Undone) => Color::Red,
    }
}

/// A puzzle's chains: each longest run of consecutive steps numbered on
/// the sheet (clues, the knight's steps and numbers written), as square
/// indices, two steps or more.
fn chains(sheet: &knight_engine::puzzle::Sheet, last: u32) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let mut run = Vec::new();
    for k in 1..=last {
        match sheet.square_of(k) {
            Some(i) => run.push(i),
            None => {
                if run.len() > 1 {
                    out.push(std::mem::take(&mut run));
                }
                run.clear();
            }
        }
    }
    if run.len() > 1 {
        out.push(run);
    }
    out
}
