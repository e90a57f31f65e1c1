//! Board geometry: which view a board gets in its pane, how long narrow
//! boards fold into bands, where each square is drawn, and, from the same
//! arithmetic, which square a mouse click is on.

use ratatui::layout::{Position, Rect};
use ratatui::widgets::Block;

use knight_engine::board::{Board, Square};

use crate::tui::viewport::Window;

/// How the board is drawn in its pane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardView {
    /// Step numbers in cells `w` x `h`.
    Numbers { w: u16, h: u16 },
    /// Two columns a square, coloured by step.
    Compact,
    /// One column a square, two squares a row (half blocks).
    HalfBlock,
    /// More squares than characters: every character shows a block of
    /// `scale` x `scale` squares.
    Overview { scale: u32 },
}

/// The tallest cell a square gets, in lines (at 200x60 an 8x8 board gets
/// cells of 14x7).
pub const MAX_CELL_LINES: u16 = 12;

impl BoardView {
    pub fn choose(rows: u32, cols: u32, squares: usize, w: u16, h: u16) -> BoardView {
        let (w, h) = (w as u32, h as u32);
        Self::detailed(squares)
            .into_iter()
            .find(|v| {
                let (cw, ch, _, down) = v.cell();
                cols * cw as u32 <= w && rows.div_ceil(down) * ch as u32 <= h
            })
            .unwrap_or_else(|| {
                let scale = cols.div_ceil(w.max(1)).max(rows.div_ceil(2 * h.max(1)));
                BoardView::Overview { scale }
            })
    }

    /// The views with a character or more a square, most detailed first:
    /// numbers in cells [`MAX_CELL_LINES`] lines tall down to 1 (twice as
    /// wide as tall, so squares look square, and the board grows with its
    /// pane), compact, half blocks.
    pub fn detailed(squares: usize) -> Vec<BoardView> {
        let digits = squares.to_string().len() as u16;
        let min_w = (digits + 1).max(3);
        let numbers = |h: u16| BoardView::Numbers {
            w: min_w.max(2 * h),
            h,
        };
        (1..=MAX_CELL_LINES)
            .rev()
            .map(numbers)
            .chain([BoardView::Compact, BoardView::HalfBlock])
            .collect()
    }

    /// Characters a cell is wide and tall, and squares a character stands
    /// for across and down.
    pub fn cell(self) -> (u16, u16, u32, u32) {
        match self {
            BoardView::Numbers { w, h } => (w, h, 1, 1),
            BoardView::Compact => (2, 1, 1, 1),
            BoardView::HalfBlock => (1, 1, 1, 2),
            BoardView::Overview { scale } => (1, 1, scale, 2 * scale),
        }
    }

    pub fn name(self) -> String {
        match self {
            BoardView::Numbers { .. } => "numbers".into(),
            BoardView::Compact => "compact".into(),
            BoardView::HalfBlock => "half-block".into(),
            BoardView::Overview { scale } => format!("overview 1:{scale}"),
        }
    }
}

/// A long, narrow window folded into bands, like lines of text: the columns
/// of a wide one into bands one below the other, the rows of a tall one
/// into bands side by side. One band: not folded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fold {
    pub bands: u32,
    /// Columns (wide) or rows (tall) of the window a band holds.
    pub per_band: u32,
    /// Wide: bands one below the other; tall: side by side.
    pub wide: bool,
    /// Characters from one band to the next (a band and the gap after it).
    pub stride: u16,
}

impl Fold {
    pub const NONE: Fold = Fold {
        bands: 1,
        per_band: u32::MAX,
        wide: true,
        stride: 0,
    };

    /// Which band square (`dr`, `dc`) of the window is in, and where in it.
    #[cfg(test)]
    fn place(self, dr: u32, dc: u32) -> (u32, u32, u32) {
        match (self.bands > 1, self.wide) {
            (false, _) => (0, dr, dc),
            (true, true) => (dc / self.per_band, dr, dc % self.per_band),
            (true, false) => (dr / self.per_band, dr % self.per_band, dc),
        }
    }

    /// The inverse of [`Fold::place`]: square (`row`, `col`) of `band`.
    fn unplace(self, band: u32, row: u32, col: u32) -> (u32, u32) {
        match (self.bands > 1, self.wide) {
            (false, _) => (row, col),
            (true, true) => (row, band * self.per_band + col),
            (true, false) => (band * self.per_band + row, col),
        }
    }

    /// Which band a character (`dx`, `dy`) from the board's corner is in,
    /// and where in that band.
    fn locate(self, dx: u32, dy: u32) -> (u32, u32, u32) {
        let stride = self.stride as u32;
        match (self.bands > 1, self.wide) {
            (false, _) => (0, dx, dy),
            (true, true) => (dy / stride, dx, dy % stride),
            (true, false) => (dx / stride, dx % stride, dy),
        }
    }

    /// The bands as parts of `win`, with their offsets on screen (x, y).
    pub fn parts(self, win: Window) -> impl Iterator<Item = (Window, u16, u16)> {
        (0..self.bands).map(move |k| {
            let off = (k * self.stride as u32) as u16;
            if self.bands == 1 {
                (win, 0, 0)
            } else if self.wide {
                let col = win.col + k * self.per_band;
                let cols = self.per_band.min(win.col + win.cols - col);
                (Window { col, cols, ..win }, 0, off)
            } else {
                let row = win.row + k * self.per_band;
                let rows = self.per_band.min(win.row + win.rows - row);
                (Window { row, rows, ..win }, off, 0)
            }
        })
    }
}

/// The gap between bands: a line between wide ones, two columns between
/// tall ones.
const FOLD_GAP_LINES: u16 = 1;

const FOLD_GAP_COLS: u16 = 2;

/// The view of a `rows` x `cols` window in `w` x `h` characters, folded
/// when the window is long and narrow and folding shows it in more detail.
pub fn layout(rows: u32, cols: u32, squares: usize, w: u16, h: u16) -> (BoardView, Fold) {
    let plain = BoardView::choose(rows, cols, squares, w, h);
    if matches!(plain, BoardView::Numbers { .. }) || rows == cols {
        return (plain, Fold::NONE);
    }
    // Only strips fold (3 or 4 squares across, or fewer): a 38x8 board is a
    // board, not bands whose rows read as one long row.
    if rows.min(cols) > 4 {
        return (plain, Fold::NONE);
    }
    let wide = cols > rows;
    // Not even one band of half blocks fits across the short side.
    if wide && rows > 2 * h as u32 || !wide && cols > w as u32 {
        return (plain, Fold::NONE);
    }
    for view in BoardView::detailed(squares) {
        if view == plain {
            break;
        }
        let (cw, ch, _, down) = view.cell();
        let fold = if wide {
            let per_band = (w / cw) as u32;
            let band_h = rows.div_ceil(down) as u16 * ch;
            Fold {
                bands: cols.div_ceil(per_band.max(1)),
                per_band,
                wide,
                stride: band_h + FOLD_GAP_LINES,
            }
        } else {
            let per_band = (h / ch) as u32 * down;
            let band_w = cols as u16 * cw;
            Fold {
                bands: rows.div_ceil(per_band.max(1)),
                per_band,
                wide,
                stride: band_w + FOLD_GAP_COLS,
            }
        };
        let room = if wide {
            h + FOLD_GAP_LINES
        } else {
            w + FOLD_GAP_COLS
        };
        if fold.per_band >= 1 && fold.bands as u64 * fold.stride as u64 <= room as u64 {
            return (view, fold);
        }
    }
    (plain, Fold::NONE)
}

/// Where the squares of a board are drawn in the board pane.
pub struct Grid {
    /// Where the squares may be drawn.
    pub inner: Rect,
    /// Inside the pane's border: the squares and their labels.
    pub frame: Rect,
    pub view: BoardView,
    pub x0: u16,
    pub y0: u16,
    /// Characters a square (or a block of squares) is wide and tall.
    pub cw: u16,
    pub ch: u16,
    /// Squares a character stands for across, and down (per text row).
    pub across: u32,
    pub down: u32,
    pub fold: Fold,
}

/// Where the squares of `win` (a part of board `b`) are drawn in `pane`.
#[cfg(test)]
pub fn geometry(pane: Rect, b: &Board, win: Window) -> Grid {
    geometry_labelled(pane, b, win, false)
}

/// Characters the rank labels take at the left of board `b`, a space
/// after them included.
pub fn label_width(b: &Board) -> u16 {
    b.rows().saturating_sub(1).max(1).to_string().len() as u16 + 1
}

/// [`geometry`], leaving room for files below the board and ranks at its
/// left when `labels`.
pub fn geometry_labelled(pane: Rect, b: &Board, win: Window, labels: bool) -> Grid {
    let frame = Block::bordered().inner(pane);
    let inner = if labels {
        let lw = label_width(b).min(frame.width / 4);
        Rect::new(
            frame.x + lw,
            frame.y,
            frame.width - lw,
            frame.height.saturating_sub(1),
        )
    } else {
        frame
    };
    let (view, fold) = layout(win.rows, win.cols, b.len(), inner.width, inner.height);
    let (cw, ch, across, down) = view.cell();
    let (mut width, mut height) = (
        win.cols.div_ceil(across) as u16 * cw,
        win.rows.div_ceil(down) as u16 * ch,
    );
    if fold.bands > 1 {
        let all = (fold.bands * fold.stride as u32) as u16;
        if fold.wide {
            width = fold.per_band.min(win.cols) as u16 * cw;
            height = all - FOLD_GAP_LINES;
        } else {
            height = fold.per_band.min(win.rows).div_ceil(down) as u16 * ch;
            width = all - FOLD_GAP_COLS;
        }
    }
    Grid {
        inner,
        frame,
        view,
        x0: inner.x + inner.width.saturating_sub(width) / 2,
        y0: inner.y + inner.height.saturating_sub(height) / 2,
        cw,
        ch,
        across,
        down,
        fold,
    }
}

impl Grid {
    /// The top-left character of square (`dr`, `dc`) of the window.
    #[cfg(test)]
    pub fn pos(&self, dr: u32, dc: u32) -> (u16, u16) {
        let (band, dr, dc) = self.fold.place(dr, dc);
        let off = (band * self.fold.stride as u32) as u16;
        let (x, y) = (
            self.x0 + (dc / self.across) as u16 * self.cw,
            self.y0 + (dr / self.down) as u16 * self.ch,
        );
        if self.fold.wide {
            (x, y + off)
        } else {
            (x + off, y)
        }
    }

    /// The square of `win` drawn at screen position (x, y), if any: the
    /// inverse of [`Grid::pos`], for mouse clicks.
    pub fn square_at(&self, win: Window, x: u16, y: u16) -> Option<Square> {
        if !self.inner.contains(Position::new(x, y)) || x < self.x0 || y < self.y0 {
            return None;
        }
        let f = self.fold;
        let (band, dx, dy) = f.locate((x - self.x0) as u32, (y - self.y0) as u32);
        let col = dx / self.cw as u32 * self.across;
        let row = dy / self.ch as u32 * self.down;
        let in_band = if f.bands == 1 {
            true
        } else if f.wide {
            col < f.per_band
        } else {
            row < f.per_band
        };
        let (row, col) = f.unplace(band, row, col);
        (in_band && row < win.rows && col < win.cols)
            .then(|| Square::new(win.row + row, win.col + col))
    }
}
