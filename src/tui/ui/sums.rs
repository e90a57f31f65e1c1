//! Whether the tour in view is semimagic or magic (its steps 1..N sum
//! alike along every row and column), said in words, and only then (see
//! [`knight_engine::tour::magic`]).

use ratatui::text::Line;

use knight_engine::board::Board;
use knight_engine::tour::magic::{Magic, Sums};

use super::label_value;
use crate::tui::theme::Theme;
use crate::tui::trail::Trail;

/// Boards up to this many squares a side show their sums.
const MOST_SIDE: u32 = 64;

/// A `magic` line, in words, when the path on `board` is a semimagic or
/// magic tour (`semimagic: every row and column sums to 260`); nothing
/// otherwise: sums that make nothing say nothing.
pub fn lines(board: &Board, trail: Option<&Trail>, theme: &Theme) -> Vec<Line<'static>> {
    let Some(sums) = sums(board, trail) else {
        return Vec::new();
    };
    let Some(m) = sums.magic() else {
        return Vec::new();
    };
    let (row, col) = (sums.rows[0], sums.cols[0]);
    let each = if row == col {
        format!("sums to {row}")
    } else {
        format!("sum to {row} and {col}")
    };
    let text = match m {
        Magic::Semi if row == col => format!("{m}: every row and column {each}"),
        Magic::Semi => format!("{m}: rows and columns {each}"),
        Magic::Full => format!("{m}: every row, column and long diagonal {each}"),
    };
    vec![label_value("magic", text, theme)]
}

/// The lines [`lines`] gives.
pub fn height(board: &Board, trail: Option<&Trail>) -> u16 {
    match sums(board, trail) {
        Some(s) if s.magic().is_some() => 3,
        _ => 0,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn beverleys_tour_in_view_is_called_semimagic() {
        let board = Board::new(8, 8, &[]).unwrap();
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/beverley-1848-8x8.json"
        ))
        .unwrap();
        let file = knight_engine::tour::parse(&text).unwrap().file;
        let mut trail = Trail::new(board.len());
        trail.set(&file.indices(&board, 64));
        let theme = Theme::default();
        let text: Vec<String> = lines(&board, Some(&trail), &theme)
            .iter()
            .map(|l| l.to_string())
            .collect();
        assert_eq!(
            text.join(" "),
            "magic      semimagic: every row and column sums to 260"
        );
        // Half the tour: not magic, so nothing.
        trail.set(&file.indices(&board, 32));
        assert!(lines(&board, Some(&trail), &theme).is_empty());
        assert_eq!(height(&board, Some(&trail)), 0);
        // A trail of another board (a replay's 8x8 over a 6x6 search)
        // shows none, and never indexes past the board.
        let six = Board::new(6, 6, &[]).unwrap();
        assert!(lines(&six, Some(&trail), &theme).is_empty());
        assert_eq!(height(&six, Some(&trail)), 0);
        // A board with a hole shows none.
        let holed = Board::new(8, 8, &[knight_engine::board::Square::new(3, 3)]).unwrap();
        assert!(lines(&holed, Some(&trail), &theme).is_empty());
    }
}
