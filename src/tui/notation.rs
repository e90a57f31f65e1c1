//! One notation on screen: with the board's labels on (a-h, 1-8), every
//! square the app writes is algebraic too, in the panes and in the status
//! line, the engine's reasons included.

use ratatui::text::{Line, Span};

use knight_engine::board::{Board, Square};

/// `text` with each square written `ROW,COL` that lies on `board` rewritten
/// in algebraic notation. A pair of numbers is a square only standing
/// alone: not inside a longer figure (`13,969,258`), not a column with a
/// leading zero (`1,000`), not a leaper's legs (`(2,5) leaper`).
pub fn algebraic(text: &str, board: &Board) -> String {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        if let Some((sq, end)) = square_at(bytes, i, board) {
            let named = sq
                .algebraic(board.rows(), board.cols())
                .expect("on the board");
            out.push_str(&named);
            i = end;
            continue;
        }
        // Copy up to the next character boundary.
        let ch = text[i..].chars().next().expect("a character");
        out.push(ch);
        i += ch.len_utf8();
    }
    out
}

/// The square written at byte `i` of `bytes`, and where it ends.
fn square_at(bytes: &[u8], i: usize, board: &Board) -> Option<(Square, usize)> {
    let digit = |k: usize| bytes.get(k).is_some_and(u8::is_ascii_digit);
    let mark = |k: usize| bytes.get(k) == Some(&b',') || bytes.get(k) == Some(&b'.');
    // A comma or a point joins figures only between digits: `3,5, 32`
    // and `on 3,5.` end a square, `13,969,258` and `1.5` do not.
    let joins = |k: usize| digit(k) || (mark(k) && digit(k + 1));
    let joined = |k: usize| digit(k) || (mark(k) && k > 0 && digit(k - 1));
    if !digit(i) || (i > 0 && joined(i - 1)) {
        return None;
    }
    let mut k = i;
    while digit(k) {
        k += 1;
    }
    let comma = k;
    if bytes.get(comma) != Some(&b',')
        || !digit(comma + 1)
        || bytes[comma + 1] == b'0' && digit(comma + 2)
    {
        return None;
    }
    let mut end = comma + 1;
    while digit(end) {
        end += 1;
    }
    if joins(end) || (i > 0 && bytes[i - 1] == b'(' && bytes.get(end) == Some(&b')')) {
        return None;
    }
    let number = |a: usize, b: usize| std::str::from_utf8(&bytes[a..b]).ok()?.parse::<u32>().ok();
    let sq = Square::new(number(i, comma)?, number(comma + 1, end)?);
    sq.algebraic(board.rows(), board.cols())?;
    Some((sq, end))
}

/// `lines` with their squares in algebraic notation when `on`, as they are
/// otherwise.
pub fn lines(lines: Vec<Line<'static>>, board: &Board, on: bool) -> Vec<Line<'static>> {
    if !on || board.cols() > 26 {
        return lines;
    }
    lines.into_iter().map(|l| line(l, board, true)).collect()
}

/// `line` with its squares in algebraic notation when `on`.
pub fn line(mut line: Line<'static>, board: &Board, on: bool) -> Line<'static> {
    if !on || board.cols() > 26 {
        return line;
    }
    line.spans = line
        .spans
        .into_iter()
        .map(|s| Span::styled(algebraic(&s.content, board), s.style))
        .collect();
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_become_algebraic_and_figures_stay() {
        let b = Board::new(8, 8, &[]).unwrap();
        assert_eq!(algebraic("knight 0,0", &b), "knight a8");
        assert_eq!(algebraic("1  2,1 (5)", &b), "1  b6 (5)");
        assert_eq!(
            algebraic("illegal: step 6: 1,3 -> 0,2 is not a knight move", &b),
            "illegal: step 6: d7 -> c8 is not a knight move"
        );
        // Figures with thousands separators, decimals and leapers' legs
        // are not squares; nor is a square off the board.
        for keep in [
            "13,969,258 tours",
            "1,000 nodes",
            "the (2,5) leaper",
            "0.5,3",
            "9,9 is off the board",
            "counting 0 · 0%",
        ] {
            assert_eq!(algebraic(keep, &b), keep);
        }
        // A comma or a point after a square ends it.
        assert_eq!(
            algebraic("(on 3,5, 32 has no square left; on 2,2.", &b),
            "(on f5, 32 has no square left; on c6."
        );
        // A rectangle: rank 1 is the bottom row.
        let r = Board::new(3, 4, &[]).unwrap();
        assert_eq!(algebraic("from 2,3 to 0,0", &r), "from d1 to a3");
        // Past 26 columns there are no letters: nothing changes.
        let wide = Board::new(30, 30, &[]).unwrap();
        assert_eq!(algebraic("0,0", &wide), "0,0");
    }
}
