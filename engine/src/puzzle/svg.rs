//! Puzzles on paper: one SVG document of A4 pages (210 mm wide, 297 mm a
//! page) with one or more puzzles one under another, then their solutions.
//!
//! Each puzzle has a title (its number, the board, open or closed, the
//! difficulty and the seed), a line of rules, and its grid: rows and
//! columns labelled as squares are written (`ROW,COL` from `0,0` at the
//! top left), each clue's step in bold on its square, the squares to fill
//! blank, blocked squares grey and crossed as in the tour's picture.
//! The solutions follow, smaller, several to a row: every square
//! numbered, the clues in bold. Black on white, for a printer; no block
//! is cut by the end of a page.
//!
//! Each grid is a `<g class="grid">` whose own units make a square
//! `UNIT` wide from its top-left corner, so a number's square is where
//! its `x`, `y` fall: scripts and tests can read the grids back.

use std::io::{self, Write};

use super::{Difficulty, Made, Puzzle, Sheet};
use crate::tour::svg::{UNIT, escape, write_blocked};
use crate::words;

/// A puzzle made, as the booklet prints it.
#[derive(Clone, Copy, Debug)]
pub struct Printed<'a> {
    /// The puzzle: the board and its clues.
    pub puzzle: &'a Puzzle,
    /// Its one solution, the square (board index) of each step.
    pub solution: &'a [u32],
    /// The difficulty it rates.
    pub difficulty: Difficulty,
    /// The seed it was made from.
    pub seed: u64,
}

impl<'a> Printed<'a> {
    /// The sheet of a puzzle made from `seed`.
    pub fn of(made: &'a Made, seed: u64) -> Printed<'a> {
        Printed {
            puzzle: &made.puzzle,
            solution: &made.solution,
            difficulty: made.difficulty,
            seed,
        }
    }

    /// `8x8, open tour, medium, seed 7`.
    pub fn describe(&self) -> String {
        format!(
            "{}, {} tour, {}, seed {}",
            self.puzzle.board().describe(),
            words::kind(self.puzzle.closed()),
            self.difficulty,
            self.seed
        )
    }
}

/// The page's width and height in the document's units: A4 at 0.3 mm a
/// unit, so a puzzle's square ([`UNIT`], 40) is 12 mm, room for a
/// handwritten number.
const PAGE: (u32, u32) = (700, 990);
/// Millimetres a unit.
const MM: f64 = 0.3;
/// The blank around each page's content.
const MARGIN: u32 = 40;
/// Fonts in order of preference: common sans-serif faces with clear
/// digits, then the viewer's own.
pub const FONTS: &str = "'DejaVu Sans', 'Liberation Sans', Helvetica, Arial, sans-serif";
/// The solutions' size, as a fraction of the puzzles'.
const SMALL: f64 = 0.5;
/// Room left of a grid for its row labels, and above it for its column
/// labels, in the grid's units.
const LABELS: u32 = 24;

/// Writes the booklet of `sheets`: each puzzle, then their solutions.
/// Nothing is written for no sheets.
pub fn write_booklet<W: Write + ?Sized>(w: &mut W, sheets: &[Printed]) -> io::Result<()> {
    if sheets.is_empty() {
        return Ok(());
    }
    let mut body = Vec::new();
    let mut pages = Pages::new();
    let many = sheets.len() > 1;
    for (n, sheet) in sheets.iter().enumerate() {
        let numbers = clue_numbers(sheet.puzzle);
        let block = Block {
            puzzle: sheet.puzzle,
            describe: &sheet.describe(),
            id: &format!("puzzle-{}", sheet.seed),
            numbers: &numbers,
        };
        puzzle_block(&mut body, &mut pages, &block, many.then_some(n + 1))?;
    }
    solutions(&mut body, &mut pages, sheets)?;
    let first = &sheets[0];
    let title = if many {
        format!(
            "knight-tui: {} knight's tour puzzles, {}, {} tour, seeds {} to {}, and their solutions",
            sheets.len(),
            first.puzzle.board().describe(),
            words::kind(first.puzzle.closed()),
            first.seed,
            sheets[sheets.len() - 1].seed
        )
    } else {
        format!(
            "knight-tui: knight's tour puzzle, {}, and its solution",
            first.describe()
        )
    };
    document(w, &title, pages.end(), &body)
}

/// A puzzle as far as it is filled, on one page: its title (`describe`),
/// its rules and its grid, the clues in bold and the numbers written on
/// `sheet` plain; no solution.
pub fn write_sheet<W: Write + ?Sized>(w: &mut W, sheet: &Sheet, describe: &str) -> io::Result<()> {
    let p = sheet.puzzle();
    let numbers: Vec<u32> = (0..p.board().len() as u32)
        .map(|i| sheet.number_on(i).map_or(0, |(k, _)| k))
        .collect();
    let block = Block {
        puzzle: p,
        describe,
        id: "sheet",
        numbers: &numbers,
    };
    let mut body = Vec::new();
    let mut pages = Pages::new();
    puzzle_block(&mut body, &mut pages, &block, None)?;
    let title = format!(
        "knight-tui: knight's tour puzzle, {describe}, {} of {} squares numbered",
        sheet.numbered(),
        p.steps()
    );
    document(w, &title, pages.end(), &body)
}

/// The SVG document: A4 wide, `height` units long, titled, on white.
fn document<W: Write + ?Sized>(w: &mut W, title: &str, height: u32, body: &[u8]) -> io::Result<()> {
    writeln!(
        w,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}mm" height="{:.1}mm" viewBox="0 0 {} {height}" font-family="{FONTS}">"#,
        f64::from(PAGE.0) * MM,
        f64::from(height) * MM,
        PAGE.0
    )?;
    writeln!(w, "<title>{}</title>", escape(title))?;
    writeln!(
        w,
        r##"<rect class="paper" width="{}" height="{height}" fill="#fff"/>"##,
        PAGE.0
    )?;
    w.write_all(body)?;
    writeln!(w, "</svg>")
}

/// Each square's clue, by board index (0 for none).
fn clue_numbers(p: &Puzzle) -> Vec<u32> {
    (0..p.board().len() as u32)
        .map(|i| p.clue_on(i).unwrap_or(0))
        .collect()
}

/// A puzzle as a block prints it: its title, its group's id, and the
/// numbers on its grid.
struct Block<'a> {
    puzzle: &'a Puzzle,
    describe: &'a str,
    id: &'a str,
    numbers: &'a [u32],
}

/// Where the next block goes: down the pages, a block that would cross
/// the end of a page moved to the top of the next.
struct Pages {
    y: u32,
}

impl Pages {
    fn new() -> Pages {
        Pages { y: MARGIN }
    }
    /// The top of a block `height` high, which then takes its room.
    fn place(&mut self, height: u32) -> u32 {
        let page = self.y / PAGE.1;
        let bottom = (page + 1) * PAGE.1 - MARGIN;
        if self.y + height > bottom && height <= PAGE.1 - 2 * MARGIN {
            self.y = (page + 1) * PAGE.1 + MARGIN;
        }
        let top = self.y;
        self.y += height;
        top
    }
    /// Goes to the top of the next page.
    fn next_page(&mut self) {
        self.y = (self.y / PAGE.1 + 1) * PAGE.1 + MARGIN;
    }
    /// The document's height: whole pages, so a printer's A4 breaks fall
    /// where the pages do.
    fn end(&self) -> u32 {
        (self.y + MARGIN).div_ceil(PAGE.1) * PAGE.1
    }
}

/// A puzzle: its title, its rules and its grid, centred on the page.
fn puzzle_block(
    w: &mut Vec<u8>,
    pages: &mut Pages,
    block: &Block,
    number: Option<usize>,
) -> io::Result<()> {
    let p = block.puzzle;
    let board = p.board();
    let (rows, cols) = (board.rows(), board.cols());
    let scale = fit(rows, cols, 44 + 36, 1.0);
    let top = pages.place(44 + scaled(LABELS + rows * UNIT, scale) + 36);
    writeln!(w, r#"<g class="puzzle" id="{}">"#, block.id)?;
    let name = match number {
        Some(n) => format!("Knight's tour puzzle {n}"),
        None => "Knight's tour puzzle".into(),
    };
    writeln!(
        w,
        r#"<text class="title" x="{MARGIN}" y="{}" font-size="17" font-weight="bold">{}: {}</text>"#,
        top + 17,
        escape(&name),
        escape(block.describe)
    )?;
    let last = p.steps();
    let mut rules = format!(
        "Number the squares 1 to {last}, each a knight's move from the one before{}.",
        if p.closed() {
            format!(", and {last} from 1")
        } else {
            String::new()
        }
    );
    if !board.blocked().is_empty() {
        rules.push_str(" Crossed squares stay empty.");
    }
    writeln!(
        w,
        r#"<text class="rules" x="{MARGIN}" y="{}" font-size="12">{}</text>"#,
        top + 40,
        escape(&rules)
    )?;
    // The grid and its row labels centred.
    let wide = f64::from(LABELS + cols * UNIT) * scale;
    let x = (f64::from(PAGE.0) - wide) / 2.0 + f64::from(LABELS) * scale;
    let y = f64::from(top + 44) + f64::from(LABELS) * scale;
    grid(w, p, block.numbers, (x, y), scale)?;
    writeln!(w, "</g>")
}

/// The solutions: a heading, then each solution, as many to a row as fit.
fn solutions(w: &mut Vec<u8>, pages: &mut Pages, sheets: &[Printed]) -> io::Result<()> {
    let size = |f: fn(&Printed) -> u32| sheets.iter().map(f).max().unwrap_or(0);
    let (cols, rows) = (
        size(|s| s.puzzle.board().cols()),
        size(|s| s.puzzle.board().rows()),
    );
    // A box: the title, the labels and the grid, at the small scale.
    let scale = fit(rows, cols, 44 + 18 + 24, SMALL);
    let box_w = scaled(LABELS + cols * UNIT, scale);
    let box_h = 18 + scaled(LABELS + rows * UNIT, scale) + 24;
    let gap = 30;
    let across = ((PAGE.0 - 2 * MARGIN + gap) / (box_w + gap)).max(1) as usize;
    let heading = "Solutions";
    // On a page of their own: the puzzles' pages print without them.
    pages.next_page();
    let top = pages.place(44 + box_h);
    writeln!(
        w,
        r##"<g class="solutions"><text class="title" x="{MARGIN}" y="{}" font-size="17" font-weight="bold">{heading}</text><path d="M{MARGIN} {}h{}" stroke="#000" stroke-width="1"/>"##,
        top + 17,
        top + 26,
        PAGE.0 - 2 * MARGIN
    )?;
    for (r, row) in sheets.chunks(across).enumerate() {
        // The first row's room was taken with the heading's.
        let row_top = if r == 0 { top + 44 } else { pages.place(box_h) };
        for (k, sheet) in row.iter().enumerate() {
            let n = r * across + k + 1;
            let left = MARGIN + k as u32 * (box_w + gap);
            let name = if sheets.len() > 1 {
                format!("Solution {n}: seed {}", sheet.seed)
            } else {
                format!("Solution: seed {}", sheet.seed)
            };
            writeln!(
                w,
                r#"<g class="solution" id="solution-{}"><text class="title" x="{left}" y="{}" font-size="12" font-weight="bold">{}</text>"#,
                sheet.seed,
                row_top + 12,
                escape(&name)
            )?;
            let board = sheet.puzzle.board();
            let mut numbers = vec![0; board.len()];
            for (k, &i) in sheet.solution.iter().enumerate() {
                numbers[i as usize] = k as u32 + 1;
            }
            let at = (
                f64::from(left) + f64::from(LABELS) * scale,
                f64::from(row_top + 18) + f64::from(LABELS) * scale,
            );
            grid(w, sheet.puzzle, &numbers, at, scale)?;
            writeln!(w, "</g>")?;
        }
    }
    writeln!(w, "</g>")
}

/// The scale, at most `most`, at which a grid of `rows` x `cols` squares
/// and its labels fits across a page and down one below `above` units of
/// titles: a long board (a puzzle file's 2x500) is drawn smaller.
fn fit(rows: u32, cols: u32, above: u32, most: f64) -> f64 {
    let across = f64::from(PAGE.0 - 2 * MARGIN) / f64::from(LABELS + cols * UNIT);
    let down = f64::from(PAGE.1 - 2 * MARGIN - above) / f64::from(LABELS + rows * UNIT);
    most.min(across).min(down)
}

/// `units` at `scale`, rounded up.
fn scaled(units: u32, scale: f64) -> u32 {
    (f64::from(units) * scale).ceil() as u32
}

/// A grid with its top-left corner at `(x, y)` on the page, at `scale`:
/// the labels, the lines, the blocked squares, and `numbers` (each
/// square's, by board index; 0 for none), the clues' in bold.
fn grid(
    w: &mut Vec<u8>,
    p: &Puzzle,
    numbers: &[u32],
    (x, y): (f64, f64),
    scale: f64,
) -> io::Result<()> {
    let board = p.board();
    let (rows, cols) = (board.rows(), board.cols());
    let (gw, gh) = (cols * UNIT, rows * UNIT);
    writeln!(
        w,
        r#"<g class="grid" transform="translate({x} {y}) scale({scale})">"#
    )?;
    write_blocked(w, board)?;
    // The labels: columns above, rows on the left, in grey.
    write!(
        w,
        r##"<g class="labels" font-size="13" fill="#555" text-anchor="middle">"##
    )?;
    for c in 0..cols {
        write!(w, r#"<text x="{}" y="-8">{c}</text>"#, c * UNIT + UNIT / 2)?;
    }
    for r in 0..rows {
        write!(
            w,
            r#"<text x="-{}" y="{}">{r}</text>"#,
            LABELS / 2,
            r * UNIT + UNIT / 2 + 5
        )?;
    }
    writeln!(w, "</g>")?;
    // The lines between squares, then the border, heavier.
    let mut d = String::new();
    for r in 1..rows {
        d.push_str(&format!("M0 {}h{gw}", r * UNIT));
    }
    for c in 1..cols {
        d.push_str(&format!("M{} 0v{gh}", c * UNIT));
    }
    writeln!(
        w,
        r##"<path class="lines" d="{d}" fill="none" stroke="#000" stroke-width="1"/>"##
    )?;
    writeln!(
        w,
        r##"<rect class="border" width="{gw}" height="{gh}" fill="none" stroke="#000" stroke-width="2.5"/>"##
    )?;
    // The numbers: up to 99 larger, three digits smaller to fit.
    let font = if p.steps() > 99 { 16 } else { 20 };
    let mut clues = String::new();
    let mut steps = String::new();
    for (i, &n) in numbers.iter().enumerate() {
        if n == 0 {
            continue;
        }
        let sq = board.square(i as u32);
        let text = format!(
            r#"<text x="{}" y="{}">{n}</text>"#,
            sq.col * UNIT + UNIT / 2,
            sq.row * UNIT + UNIT / 2 + font * 7 / 20
        );
        if p.clue_on(i as u32) == Some(n) {
            clues.push_str(&text);
        } else {
            steps.push_str(&text);
        }
    }
    if !clues.is_empty() {
        writeln!(
            w,
            r##"<g class="clues" font-size="{font}" font-weight="bold" fill="#000" text-anchor="middle">{clues}</g>"##
        )?;
    }
    if !steps.is_empty() {
        writeln!(
            w,
            r##"<g class="steps" font-size="{font}" fill="#333" text-anchor="middle">{steps}</g>"##
        )?;
    }
    writeln!(w, "</g>")
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::board::{Board, Square};
    use crate::puzzle::Clue;

    /// An open tour of 3x4, each square's step: `1 4 7 10 / 12 9 2 5 /
    /// 3 6 11 8`, as board indices in step order.
    const TOUR: [u32; 12] = [0, 6, 8, 1, 7, 9, 2, 11, 5, 3, 10, 4];

    fn clue(row: u32, col: u32, step: u32) -> Clue {
        Clue {
            square: Square::new(row, col),
            step,
        }
    }

    /// A grid's numbers read back: each square (from the text's `x`, `y`
    /// in the grid's units) with its number and whether it is a clue.
    fn numbers(grid: roxmltree::Node) -> BTreeMap<(u32, u32), (u32, bool)> {
        let mut found = BTreeMap::new();
        for group in grid.children().filter(|n| n.is_element()) {
            let class = group.attribute("class").unwrap_or("");
            if class != "clues" && class != "steps" {
                continue;
            }
            for t in group.children().filter(|n| n.has_tag_name("text")) {
                let at = |a: &str| t.attribute(a).unwrap().parse::<u32>().unwrap() / UNIT;
                let n = t.text().unwrap().parse().unwrap();
                let before = found.insert((at("y"), at("x")), (n, class == "clues"));
                assert_eq!(before, None, "two numbers on one square");
            }
        }
        found
    }

    /// The 3x4 puzzle of clues 1, 6 and 12 (as in TOUR).
    fn three_by_four() -> Puzzle {
        let board = Board::new(3, 4, &[]).unwrap();
        Puzzle::new(
            &board,
            false,
            &[clue(0, 0, 1), clue(2, 1, 6), clue(1, 0, 12)],
        )
        .unwrap()
    }

    /// A sheet half filled: one page, its title saying how far it is, the
    /// clues in bold and the numbers written plain, and no solution.
    #[test]
    fn a_sheet_draws_its_clues_and_what_is_written() {
        let puzzle = three_by_four();
        let board = puzzle.board().clone();
        let mut sheet = Sheet::new(puzzle);
        // Step 2 on 1,2 and step 7 on 0,2, as in TOUR.
        sheet.write(board.index(Square::new(1, 2)), 2).unwrap();
        sheet.write(board.index(Square::new(0, 2)), 7).unwrap();
        let mut out = Vec::new();
        write_sheet(&mut out, &sheet, "3x4, open tour, easy").unwrap();
        let text = String::from_utf8(out).unwrap();
        let doc = roxmltree::Document::parse(&text).unwrap();
        let title = doc
            .descendants()
            .find(|n| n.has_tag_name("title"))
            .and_then(|n| n.text())
            .unwrap();
        assert_eq!(
            title,
            "knight-tui: knight's tour puzzle, 3x4, open tour, easy, 5 of 12 squares numbered"
        );
        let grids: Vec<_> = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("grid"))
            .collect();
        assert_eq!(grids.len(), 1, "no solution drawn");
        let want = BTreeMap::from([
            ((0, 0), (1, true)),
            ((2, 1), (6, true)),
            ((1, 0), (12, true)),
            ((1, 2), (2, false)),
            ((0, 2), (7, false)),
        ]);
        assert_eq!(numbers(grids[0]), want);
        assert_eq!(doc.root_element().attribute("height"), Some("297.0mm"));
    }

    /// Two 3x4 puzzles, one with a blocked corner: each titled with its
    /// board, kind, difficulty and seed; the grids labelled `0..` as
    /// squares are written; the clues alone on the puzzles, in bold on
    /// their squares; the solutions numbered square by square after them.
    #[test]
    fn a_booklet_draws_each_puzzle_then_each_solution() {
        let puzzle = three_by_four();
        let cornered = Board::new(3, 4, &[Square::new(0, 0)]).unwrap();
        let second = Puzzle::new(
            &cornered,
            false,
            &[clue(1, 2, 1), clue(2, 1, 5), clue(1, 0, 11)],
        )
        .unwrap();
        let sheets = [
            Printed {
                puzzle: &puzzle,
                solution: &TOUR,
                difficulty: Difficulty::Easy,
                seed: 7,
            },
            Printed {
                puzzle: &second,
                solution: &TOUR[1..],
                difficulty: Difficulty::Hard,
                seed: 8,
            },
        ];
        let mut out = Vec::new();
        write_booklet(&mut out, &sheets).unwrap();
        let text = String::from_utf8(out).unwrap();
        let doc = roxmltree::Document::parse(&text).unwrap();
        let svg = doc.root_element();
        assert_eq!(svg.attribute("width"), Some("210mm"));
        assert!(
            svg.attribute("font-family")
                .unwrap()
                .ends_with("sans-serif")
        );
        let class = |n: &roxmltree::Node, c: &str| n.attribute("class") == Some(c);
        let titles: Vec<&str> = svg
            .descendants()
            .filter(|n| class(n, "title"))
            .filter_map(|n| n.text())
            .collect();
        assert_eq!(
            titles,
            [
                "Knight's tour puzzle 1: 3x4, open tour, easy, seed 7",
                "Knight's tour puzzle 2: 3x4 with 1 blocked square, open tour, hard, seed 8",
                "Solutions",
                "Solution 1: seed 7",
                "Solution 2: seed 8",
            ]
        );
        let grids: Vec<_> = svg.descendants().filter(|n| class(n, "grid")).collect();
        assert_eq!(grids.len(), 4, "two puzzles, then two solutions");
        for (grid, p) in grids[..2].iter().zip([&puzzle, &second]) {
            let want: BTreeMap<_, _> = p
                .clues()
                .map(|c| ((c.square.row, c.square.col), (c.step, true)))
                .collect();
            assert_eq!(numbers(*grid), want, "the clues alone");
            let labels: Vec<&str> = grid
                .descendants()
                .filter(|n| n.parent().is_some_and(|g| class(&g, "labels")))
                .filter_map(|n| n.text())
                .collect();
            assert_eq!(labels, ["0", "1", "2", "3", "0", "1", "2"]);
        }
        for (grid, sheet) in grids[2..].iter().zip(&sheets) {
            let read = numbers(*grid);
            assert_eq!(read.len(), sheet.solution.len());
            for (k, &i) in sheet.solution.iter().enumerate() {
                let sq = sheet.puzzle.board().square(i);
                let step = k as u32 + 1;
                let is_clue = sheet.puzzle.clue_at(step) == Some(i);
                assert_eq!(read[&(sq.row, sq.col)], (step, is_clue));
            }
        }
        let blocked: Vec<_> = svg.descendants().filter(|n| class(n, "blocked")).collect();
        assert_eq!(
            blocked.len(),
            2,
            "the corner, on the puzzle and its solution"
        );
        assert!(text.contains("Crossed squares stay empty."));
        assert!(write_booklet(&mut Vec::new(), &[]).is_ok());
    }

    /// A board far wider than the page (a puzzle file may hold 2x500) is
    /// drawn smaller, its grid and labels within the page's margins.
    #[test]
    fn a_long_board_is_drawn_within_the_page() {
        let board = Board::new(2, 500, &[]).unwrap();
        let puzzle = Puzzle::new(&board, false, &[clue(0, 0, 1)]).unwrap();
        let sheet = Printed {
            puzzle: &puzzle,
            solution: &[],
            difficulty: Difficulty::Hard,
            seed: 1,
        };
        let mut out = Vec::new();
        write_booklet(&mut out, &[sheet]).unwrap();
        let text = String::from_utf8(out).unwrap();
        let doc = roxmltree::Document::parse(&text).unwrap();
        for g in doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("grid"))
        {
            let t = g.attribute("transform").unwrap();
            let n: Vec<f64> = t
                .split(|c: char| !(c.is_ascii_digit() || c == '.'))
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().unwrap())
                .collect();
            let (x, scale) = (n[0], n[2]);
            let (left, right) = (x - f64::from(LABELS) * scale, x + 500.0 * 40.0 * scale);
            assert!(left >= 39.9 && right <= 660.1, "{t}: {left} to {right}");
        }
    }
}
