//! A tour as an SVG picture: the board (light and dark squares, blocked
//! squares crossed out), the path as one line a move, coloured from dark
//! violet to yellow by step (a viridis-like ramp, readable on both square
//! colours and for colour-blind eyes), the start and the end marked, the
//! closing move of a closed tour dashed, and step numbers if asked.

use std::io::{self, Write};

use crate::board::{Board, Square};

/// Units a square is wide in the picture's own coordinates.
pub(crate) const UNIT: u32 = 40;

/// What goes in the picture besides the board and the path.
#[derive(Clone, Debug, Default)]
pub struct SvgOptions {
    /// Each square's step written in it.
    pub numbers: bool,
    /// The picture's title (shown by viewers on hover).
    pub title: Option<String>,
}

/// Colour at `t` in 0..=1 of a viridis-like ramp: dark violet, blue, teal,
/// green, yellow (from the stops of matplotlib's viridis).
pub fn ramp(t: f64) -> (u8, u8, u8) {
    const STOPS: [(u8, u8, u8); 6] = [
        (68, 1, 84),
        (65, 68, 135),
        (42, 120, 142),
        (34, 168, 132),
        (122, 209, 81),
        (253, 231, 37),
    ];
    let t = t.clamp(0.0, 1.0) * (STOPS.len() - 1) as f64;
    let i = (t.floor() as usize).min(STOPS.len() - 2);
    let f = t - i as f64;
    let (a, b) = (STOPS[i], STOPS[i + 1]);
    let mix = |x: u8, y: u8| (x as f64 + (y as f64 - x as f64) * f).round() as u8;
    (mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// Boards of more squares are drawn as an overview (see
/// [`write_overview`]): square by square, a 1000x1000 board's picture
/// took 105 MB, a 10,000x10,000 board's 11 GB (the development machine,
/// 2026-11-25).
pub const DETAIL_SQUARES: usize = 250_000;

/// Cells an overview has at most along a side.
const OVERVIEW_CELLS: u32 = 200;

/// Writes the SVG picture of `path` (square indices, in order) on `board`.
/// Each move is one `<line class="move">` from the centre of its square to
/// the centre of the next, in the picture's units (`UNIT`, 40, a square).
/// A board of more than [`DETAIL_SQUARES`] squares gets an overview.
pub fn write_svg<W: Write + ?Sized>(
    w: &mut W,
    board: &Board,
    path: &[u32],
    options: &SvgOptions,
) -> io::Result<()> {
    if board.len() > DETAIL_SQUARES {
        return write_overview(w, board, path.iter().copied(), options);
    }
    let (rows, cols) = (board.rows(), board.cols());
    head(w, board, (rows, cols), options)?;
    // The board: light background (drawn by `head`), dark squares on it,
    // blocked squares grey and crossed.
    write!(w, r##"<g class="dark" fill="#b8b89e">"##)?;
    for r in 0..rows {
        for c in 0..cols {
            if (r + c) % 2 == 1 && board.is_free(Square::new(r, c)) {
                write!(
                    w,
                    r#"<rect x="{}" y="{}" width="{UNIT}" height="{UNIT}"/>"#,
                    c * UNIT,
                    r * UNIT
                )?;
            }
        }
    }
    writeln!(w, "</g>")?;
    write_blocked(w, board)?;
    let centre = |i: u32| {
        let sq = board.square(i);
        (sq.col * UNIT + UNIT / 2, sq.row * UNIT + UNIT / 2)
    };
    // A square as (row, col), perhaps off the board, in picture units:
    // the lines of a move across a wrapped edge leave the picture, which
    // cuts them at its edge.
    let at = |(r, c): (i64, i64)| {
        let unit = UNIT as i64;
        (c * unit + unit / 2, r * unit + unit / 2)
    };
    let total = board.free_count().max(2);
    let colour = |step: usize| {
        let (r, g, b) = ramp((step - 1) as f64 / (total - 1) as f64);
        format!("#{r:02x}{g:02x}{b:02x}")
    };
    // The moves: move k goes from step k to step k + 1.
    writeln!(
        w,
        r#"<g class="path" stroke-width="6" stroke-linecap="round">"#
    )?;
    for (k, pair) in path.windows(2).enumerate() {
        let (a, b) = (board.square(pair[0]), board.square(pair[1]));
        for [p, q] in board.strokes(a, b) {
            let ((x1, y1), (x2, y2)) = (at(p), at(q));
            writeln!(
                w,
                r#"<line class="move" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="{}"/>"#,
                colour(k + 1)
            )?;
        }
    }
    // A complete tour whose ends are a knight's move apart: the closing
    // move, dashed.
    if let (Some(&first), Some(&last)) = (path.first(), path.last())
        && path.len() == board.free_count()
        && path.len() > 2
        && board.is_move(board.square(first), board.square(last))
    {
        for [p, q] in board.strokes(board.square(last), board.square(first)) {
            let ((x1, y1), (x2, y2)) = (at(p), at(q));
            writeln!(
                w,
                r##"<line class="closing" x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#333" stroke-dasharray="8 8"/>"##
            )?;
        }
    }
    writeln!(w, "</g>")?;
    // The start (a ring) and the end (a dot).
    if let (Some(&first), Some(&last)) = (path.first(), path.last()) {
        let (sx, sy) = centre(first);
        let (ex, ey) = centre(last);
        writeln!(
            w,
            r##"<circle class="start" cx="{sx}" cy="{sy}" r="12" fill="none" stroke="{}" stroke-width="6"/>"##,
            colour(1)
        )?;
        writeln!(
            w,
            r##"<circle class="end" cx="{ex}" cy="{ey}" r="10" fill="{}" stroke="#333" stroke-width="2"/>"##,
            colour(path.len())
        )?;
    }
    if options.numbers {
        write!(
            w,
            r##"<g class="numbers" font-family="sans-serif" font-size="14" text-anchor="middle" fill="#111" stroke="#fff" stroke-width="3" paint-order="stroke">"##
        )?;
        for (k, &i) in path.iter().enumerate() {
            let (x, y) = centre(i);
            write!(w, r#"<text x="{x}" y="{}">{}</text>"#, y + 5, k + 1)?;
        }
        writeln!(w, "</g>")?;
    }
    writeln!(w, "</svg>")
}

/// The picture's opening: its size (shown at most about 1600 pixels
/// across, at least 4 a cell of the `cells` rows and columns drawn), the
/// title, and the board's light background.
fn head<W: Write + ?Sized>(
    w: &mut W,
    board: &Board,
    (rows, cols): (u32, u32),
    options: &SvgOptions,
) -> io::Result<()> {
    let (vw, vh) = (board.cols() * UNIT, board.rows() * UNIT);
    let px = (1600 / rows.max(cols)).clamp(4, UNIT);
    writeln!(
        w,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {vw} {vh}">"#,
        cols * px,
        rows * px
    )?;
    if let Some(t) = &options.title {
        writeln!(w, "<title>{}</title>", escape(t))?;
    }
    writeln!(
        w,
        r##"<rect class="board" width="{vw}" height="{vh}" fill="#eeeed2"/>"##
    )
}

/// Writes an overview of `path` (square indices, in order) on a big
/// board, in bounded size whatever the board's (at most 200 x 200 cells,
/// about 3 MB): the board in cells of `k` x `k` squares, each cell coloured
/// by the mean step of the squares visited in it, on the ramp of the
/// detailed picture; cells with none visited light, cells all blocked
/// grey; the start ringed and the end dotted. Step numbers are left out.
pub fn write_overview<W: Write + ?Sized>(
    w: &mut W,
    board: &Board,
    path: impl Iterator<Item = u32>,
    options: &SvgOptions,
) -> io::Result<()> {
    let (rows, cols) = (board.rows(), board.cols());
    let k = rows.max(cols).div_ceil(OVERVIEW_CELLS).max(1);
    let (gr, gc) = (rows.div_ceil(k), cols.div_ceil(k));
    let cell = |i: u32| {
        let sq = board.square(i);
        (sq.row / k * gc + sq.col / k) as usize
    };
    // Each cell's sum of steps and squares visited.
    let mut sums = vec![(0u64, 0u32); (gr * gc) as usize];
    let (mut first, mut last, mut len) = (None, None, 0usize);
    for i in path {
        len += 1;
        first.get_or_insert(i);
        last = Some(i);
        let s = &mut sums[cell(i)];
        *s = (s.0 + len as u64, s.1 + 1);
    }
    // Cells with no free square.
    let mut free = vec![0u64; sums.len()];
    for r in 0..rows {
        for c0 in (0..cols).step_by(k as usize) {
            let n = u64::from(k.min(cols - c0));
            free[(r / k * gc + c0 / k) as usize] += n;
        }
    }
    for sq in board.blocked() {
        free[(sq.row / k * gc + sq.col / k) as usize] -= 1;
    }
    let (vw, vh) = (cols * UNIT, rows * UNIT);
    head(w, board, (gr, gc), options)?;
    writeln!(
        w,
        "<desc>An overview of {} squares: each cell is {k}x{k} squares, coloured by the mean step of those visited in it.</desc>",
        len
    )?;
    let total = board.free_count().max(2) as f64;
    let side = k * UNIT;
    write!(w, r#"<g class="cells" shape-rendering="crispEdges">"#)?;
    for (at, &(sum, n)) in sums.iter().enumerate() {
        let fill = if n > 0 {
            let mean = sum as f64 / f64::from(n);
            let (r, g, b) = ramp((mean - 1.0) / (total - 1.0));
            format!("#{r:02x}{g:02x}{b:02x}")
        } else if free[at] == 0 {
            "#555".to_string()
        } else {
            continue;
        };
        let (x, y) = (at as u32 % gc * side, at as u32 / gc * side);
        write!(
            w,
            r#"<rect x="{x}" y="{y}" width="{side}" height="{side}" fill="{fill}"/>"#
        )?;
    }
    writeln!(w, "</g>")?;
    // The ends, big enough to see in the whole picture.
    let centre = |i: u32| {
        let sq = board.square(i);
        (sq.col * UNIT + UNIT / 2, sq.row * UNIT + UNIT / 2)
    };
    let ring = (vw.max(vh) / 60).max(UNIT);
    let dot = ring * 3 / 4;
    if let (Some(first), Some(last)) = (first, last) {
        let (sx, sy) = centre(first);
        let (ex, ey) = centre(last);
        writeln!(
            w,
            r##"<circle class="start" cx="{sx}" cy="{sy}" r="{ring}" fill="none" stroke="#fff" stroke-width="{}"/>"##,
            ring / 3
        )?;
        writeln!(
            w,
            r##"<circle class="end" cx="{ex}" cy="{ey}" r="{dot}" fill="#fff" stroke="#333" stroke-width="{}"/>"##,
            dot / 4
        )?;
    }
    writeln!(w, "</svg>")
}

/// The board's blocked squares, grey and crossed, each `UNIT` wide from
/// the picture's origin (nothing when none is blocked): the tour's
/// picture and the puzzle's grid (`puzzle::svg`) draw them alike.
pub(crate) fn write_blocked<W: Write + ?Sized>(w: &mut W, board: &Board) -> io::Result<()> {
    if board.blocked().is_empty() {
        return Ok(());
    }
    write!(
        w,
        r##"<g class="blocked" fill="#555" stroke="#222" stroke-width="3">"##
    )?;
    for sq in board.blocked() {
        let (x, y) = (sq.col * UNIT, sq.row * UNIT);
        write!(
            w,
            r#"<rect x="{x}" y="{y}" width="{UNIT}" height="{UNIT}"/><path d="M{x} {y}l{UNIT} {UNIT}m0 -{UNIT}l-{UNIT} {UNIT}"/>"#
        )?;
    }
    writeln!(w, "</g>")
}

/// Text safe inside an SVG element or a quoted attribute.
pub(crate) fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
