//! Which part of the board is in view: the zoom level, the window it
//! gives, panning, and cursors kept on the board and in view.

use knight_engine::board::Square;

/// A cursor moved by (dr, dc), kept on a `rows` x `cols` board.
pub fn step_cursor(sq: Square, dr: i8, dc: i8, rows: u32, cols: u32) -> Square {
    let r = (sq.row as i64 + dr as i64).clamp(0, rows as i64 - 1);
    let c = (sq.col as i64 + dc as i64).clamp(0, cols as i64 - 1);
    Square::new(r as u32, c as u32)
}

pub use crate::config::Drawing;

/// Sides of the smallest window zooming in goes down to.
pub const ZOOM_MIN_SIDE: u32 = 8;

/// Which part of the board the board pane shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Zoom {
    /// 0: the whole board; each level halves the rows and columns shown.
    pub level: u8,
    /// The square the window is centred on (`None`: the board's centre).
    pub centre: Option<Square>,
    /// Whether the window follows the knight (zoomed by key on it; a pan
    /// or the wheel elsewhere stops it).
    pub on_knight: bool,
    /// The board pane's size in characters, when known: zoomed in, the
    /// window takes its shape, so it fills the pane (`None`: square).
    pub pane: Option<(u16, u16)>,
}

/// A rectangle of squares: the part of the board in view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub row: u32,
    pub col: u32,
    pub rows: u32,
    pub cols: u32,
}

impl Window {
    pub fn contains(&self, sq: Square) -> bool {
        (self.row..self.row + self.rows).contains(&sq.row)
            && (self.col..self.col + self.cols).contains(&sq.col)
    }
}

impl Zoom {
    /// The deepest level on a `rows` x `cols` board: both sides of the
    /// window at most [`ZOOM_MIN_SIDE`].
    pub fn max_level(rows: u32, cols: u32) -> u8 {
        let mut level = 0;
        while (rows >> level) > ZOOM_MIN_SIDE || (cols >> level) > ZOOM_MIN_SIDE {
            level += 1;
        }
        level
    }

    /// The window on a `rows` x `cols` board: at level `L`, a 4^L-th of
    /// the board's squares, in the pane's shape when it is known (a square
    /// is two characters wide and one tall, in every view), else halving
    /// each side.
    pub fn window(&self, rows: u32, cols: u32) -> Window {
        let level = self.level.min(Self::max_level(rows, cols));
        let side = |n: u32| (n >> level).max(ZOOM_MIN_SIDE.min(n));
        let (wr, wc) = match self.pane {
            Some((w, h)) if level > 0 && w > 0 && h > 0 => {
                let area = rows as f64 * cols as f64 / 4f64.powi(level as i32);
                // Columns of squares a row of them, as the pane holds them.
                let shape = w as f64 / (2.0 * h as f64);
                let fit = |want: f64, n: u32| (want.round() as u32).clamp(ZOOM_MIN_SIDE.min(n), n);
                let wr = fit((area / shape).sqrt(), rows);
                let wc = fit(area / wr as f64, cols);
                (fit(area / wc as f64, rows), wc)
            }
            _ => (side(rows), side(cols)),
        };
        let c = self.centre.unwrap_or(Square::new(rows / 2, cols / 2));
        Window {
            row: c.row.saturating_sub(wr / 2).min(rows - wr),
            col: c.col.saturating_sub(wc / 2).min(cols - wc),
            rows: wr,
            cols: wc,
        }
    }

    /// Zoom in (on `at`, when given) or out; false when it cannot go further.
    pub fn change(&mut self, zoom_in: bool, at: Option<Square>, rows: u32, cols: u32) -> bool {
        if zoom_in {
            if self.level >= Self::max_level(rows, cols) {
                return false;
            }
            self.level += 1;
        } else {
            if self.level == 0 {
                return false;
            }
            self.level = (self.level - 1).min(Self::max_level(rows, cols));
        }
        self.centre = match (self.level, at) {
            (0, _) => None,
            (_, Some(sq)) => Some(sq),
            (_, None) => self.centre,
        };
        true
    }

    /// Moves the window half its size.
    pub fn pan(&mut self, dr: i8, dc: i8, rows: u32, cols: u32) {
        let w = self.window(rows, cols);
        let shift = |at: u32, len: u32, d: i8, n: u32| {
            let centre = (at + len / 2) as i64 + d as i64 * (len / 2).max(1) as i64;
            centre.clamp(0, n as i64 - 1) as u32
        };
        self.centre = Some(Square::new(
            shift(w.row, w.rows, dr, rows),
            shift(w.col, w.cols, dc, cols),
        ));
    }

    /// Keeps `sq` in view (a cursor that walks out of the window).
    pub fn follow(&mut self, sq: Square, rows: u32, cols: u32) {
        if self.level > 0 && !self.window(rows, cols).contains(sq) {
            self.centre = Some(sq);
        }
    }
}
