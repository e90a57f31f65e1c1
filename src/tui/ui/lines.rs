//! The path as lines: each move a segment from square centre to square
//! centre, in Braille dots (ratatui's `Canvas`), coloured by the step ramp;
//! the closing move of a closed tour dotted. On a cylinder or torus a move
//! across an edge is drawn as two half-segments: out through the edge it
//! leaves by, and in through the edge it comes back at.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Color;
use ratatui::symbols::Marker;
use ratatui::widgets::Widget;
use ratatui::widgets::canvas::{Canvas, Line, Points};

use knight_engine::board::{Board, Square};

use crate::tui::theme::Theme;
use crate::tui::trail::Trail;
use crate::tui::viewport::Window;

/// Draws the moves that touch `part` of the board over `rect`, the
/// characters the part takes on screen: only a cell's character and
/// colour change, so the squares' background shows through.
pub fn draw(
    buf: &mut Buffer,
    rect: Rect,
    part: Window,
    board: &Board,
    trail: &Trail,
    theme: &Theme,
    (first, span): (u32, usize),
) {
    let rect = rect.intersection(buf.area);
    if rect.is_empty() || trail.len() < 2 {
        return;
    }
    let total = board.free_count();
    // Square centres in the part's own coordinates: x right, y up; a
    // square as (row, col), which may lie off the board.
    let at = |(r, c): (i64, i64)| {
        (
            c as f64 - part.col as f64 + 0.5,
            part.row as f64 + part.rows as f64 - r as f64 - 0.5,
        )
    };
    // The segments a move is drawn as: one, or two across a wrapped edge
    // (each leaving the part, where the canvas cuts it).
    let segments = |a: Square, b: Square| {
        board
            .strokes(a, b)
            .into_iter()
            .map(move |[p, q]| (at(p), at(q)))
    };
    // Coloured over the steps in view (`span` of them from `first`).
    let colour = |step: u32| {
        if theme.colour {
            theme.ramp(step.saturating_sub(first) + 1, span)
        } else {
            Color::Reset
        }
    };
    // The moves touching the part, found from its squares (a zoomed window
    // of a huge board costs its own size, not the path's): the move out of
    // each square, and the move into it when that starts outside.
    let mut moves: Vec<(Square, Square, u32)> = Vec::new();
    for r in part.row..part.row + part.rows {
        for c in part.col..part.col + part.cols {
            let sq = Square::new(r, c);
            if !board.is_free(sq) {
                continue;
            }
            let at = board.index(sq);
            let s = trail.step(at);
            if s == 0 {
                continue;
            }
            if let Some(next) = trail.after(at) {
                moves.push((sq, board.square(next), s));
            }
            if let Some(prev) = trail.before(at).map(|i| board.square(i))
                && !part.contains(prev)
            {
                moves.push((prev, sq, s - 1));
            }
        }
    }
    // A complete tour ending a knight's move from its start: the closing
    // move, dotted.
    let ends = trail.first().zip(trail.last());
    let closing = ends
        .filter(|_| trail.len() == total && trail.closes(board))
        .map(|(first, last)| {
            let (first, last) = (board.square(first), board.square(last));
            let mut dots: Vec<(f64, f64)> = Vec::new();
            for ((x1, y1), (x2, y2)) in segments(last, first) {
                dots.extend((0..=12).filter(|i| i % 3 != 2).map(|i| {
                    let t = i as f64 / 12.0;
                    (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t)
                }));
            }
            let bounds = |&(x, y): &(f64, f64)| {
                (0.0..=part.cols as f64).contains(&x) && (0.0..=part.rows as f64).contains(&y)
            };
            dots.retain(bounds);
            dots
        });
    let canvas = Canvas::default()
        .marker(Marker::Braille)
        .x_bounds([0.0, part.cols as f64])
        .y_bounds([0.0, part.rows as f64])
        .paint(|ctx| {
            for &(a, b, step) in &moves {
                for ((x1, y1), (x2, y2)) in segments(a, b) {
                    ctx.draw(&Line::new(x1, y1, x2, y2, colour(step)));
                }
            }
            if let Some(dots) = &closing {
                ctx.draw(&Points {
                    coords: dots,
                    color: colour(total as u32),
                });
            }
        });
    // Drawn aside, then laid over the board: the canvas would clear the
    // squares' background.
    let mut layer = Buffer::empty(rect);
    canvas.render(rect, &mut layer);
    for y in rect.top()..rect.bottom() {
        for x in rect.left()..rect.right() {
            let cell = &layer[(x, y)];
            if cell.symbol() != " " {
                let fg = cell.fg;
                buf[(x, y)].set_symbol(cell.symbol()).set_fg(fg);
            }
        }
    }
}
