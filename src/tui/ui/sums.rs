//! The row and column sums of the tour in view: the steps 1..N summed
//! along each row and each column, and whether they make the tour
//! semimagic or magic (see [`knight_tui::tour::magic`]).

use ratatui::text::Line;

use knight_tui::board::Board;
use knight_tui::tour::magic::Sums;

use super::label_value;
use crate::tui::theme::Theme;
use crate::tui::trail::Trail;

/// Boards up to this many squares a side show their sums.
const MOST_SIDE: u32 = 64;

/// `row sums` and `col sums` lines for the path on `board`, and a `magic`
/// line when they make it semimagic or magic; none unless the board has
/// no holes, is small enough to read them and the path has begun. `width`
/// is the room for the values.
pub fn lines(
    board: &Board,
    trail: Option<&Trail>,
    width: usize,
    theme: &Theme,
) -> Vec<Line<'static>> {
    let Some(sums) = sums(board, trail) else {
        return Vec::new();
    };
    let mut lines = vec![
        label_value("row sums", short(&sums.rows, width), theme),
        label_value("col sums", short(&sums.cols, width), theme),
    ];
    if let Some(m) = sums.magic() {
        lines.push(label_value("magic", m.to_string(), theme));
    }
    lines
}

/// The lines [`lines`] gives.
pub fn height(board: &Board, trail: Option<&Trail>) -> u16 {
    match sums(board, trail) {
        None => 0,
        Some(s) if s.magic().is_some() => 3,
        Some(_) => 2,
    }
}

/// The sums of the path on `board`, when they are shown.
fn sums(board: &Board, trail: Option<&Trail>) -> Option<Sums> {
    // The trail must be a path on this board (a replay's board is its
    // file's, not the search's): its squares are then all on it.
    let trail =
        trail.filter(|t| !t.is_empty() && t.board_squares() == board.len() && shown(board))?;
    Some(Sums::of_squares(board, trail.squares()))
}

/// Whether a board shows sums: no holes, no side over [`MOST_SIDE`].
pub fn shown(board: &Board) -> bool {
    board.blocked().is_empty() && board.rows().max(board.cols()) <= MOST_SIDE
}

/// The sums in order, equal neighbours as `260 ×8`; their least and
/// greatest when that is wider than `width`.
fn short(sums: &[u64], width: usize) -> String {
    let mut runs: Vec<(u64, usize)> = Vec::new();
    for &s in sums {
        match runs.last_mut() {
            Some((v, n)) if *v == s => *n += 1,
            _ => runs.push((s, 1)),
        }
    }
    let listed = runs
        .iter()
        .map(|&(v, n)| {
            if n == 1 {
                v.to_string()
            } else {
                format!("{v} ×{n}")
            }
        })
        .collect::<Vec<_>>()
        .join(" ");
    if listed.chars().count() <= width {
        return listed;
    }
    let least = sums.iter().min().copied().unwrap_or(0);
    let most = sums.iter().max().copied().unwrap_or(0);
    format!("{least}–{most}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_read_short() {
        assert_eq!(short(&[260; 8], 20), "260 ×8");
        assert_eq!(short(&[1, 2, 2, 3], 20), "1 2 ×2 3");
        assert_eq!(short(&[100, 2000, 30, 4000, 5], 10), "5–4000");
    }

    #[test]
    fn beverleys_tour_in_view_is_called_semimagic() {
        let board = Board::new(8, 8, &[]).unwrap();
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/beverley-1848-8x8.json"
        ))
        .unwrap();
        let file = knight_tui::tour::parse(&text).unwrap().file;
        let mut trail = Trail::new(board.len());
        trail.set(&file.indices(&board, 64));
        let theme = Theme::default();
        let text: Vec<String> = lines(&board, Some(&trail), 18, &theme)
            .iter()
            .map(|l| l.to_string())
            .collect();
        assert_eq!(text[0].trim_end(), "row sums   260 ×8");
        assert_eq!(text[1].trim_end(), "col sums   260 ×8");
        assert_eq!(text[2].trim_end(), "magic      semimagic");
        // Half the tour: the sums so far, not magic.
        trail.set(&file.indices(&board, 32));
        let half = lines(&board, Some(&trail), 18, &theme);
        assert_eq!(half.len(), 2);
        // A trail of another board (a replay's 8x8 over a 6x6 search)
        // shows none, and never indexes past the board.
        let six = Board::new(6, 6, &[]).unwrap();
        assert!(lines(&six, Some(&trail), 18, &theme).is_empty());
        assert_eq!(height(&six, Some(&trail)), 0);
        // A board with a hole shows none.
        let holed = Board::new(8, 8, &[knight_tui::board::Square::new(3, 3)]).unwrap();
        assert!(lines(&holed, Some(&trail), 18, &theme).is_empty());
    }
}
