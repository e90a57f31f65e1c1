//! Replay of a tour: the path is checked square by square when it is
//! loaded, and a position moves over its legal steps. The first fault is
//! shown when the replay reaches it, on its square, with its step and reason.

use knight_engine::board::{Board, Square};
use knight_engine::tour::{self, Fault, FaultKind, Summary, TourFile};

use super::trail::Trail;

#[derive(Clone, Debug)]
pub struct Replay {
    /// Where the tour came from (a file name, or "the search's tour").
    pub name: String,
    pub board: Board,
    /// The legal steps of the path, with the step at each square: as
    /// lists, or for a huge board compactly.
    pub legal: Trail,
    /// The first fault, and the square on the board to mark for it.
    pub fault: Option<(Fault, Option<Square>)>,
    /// What the legal path is, when there is no fault.
    pub summary: Option<Summary>,
    /// Steps shown: 0 ..= legal.len().
    pub pos: usize,
    pub trail: Trail,
    pub playing: bool,
    /// How the tour was made, from the file's `meta`: the algorithm and,
    /// when it was not the default, the move order.
    pub made_by: Option<String>,
}

/// The square a fault is marked on, if any.
fn fault_square(f: &Fault) -> Option<Square> {
    match &f.kind {
        FaultKind::Blocked(s) => Some(*s),
        FaultKind::Repeated { square, .. } => Some(*square),
        FaultKind::NotKnightMove { to, .. } | FaultKind::NotMove { to, .. } => Some(*to),
        FaultKind::NotClosed { last, .. } | FaultKind::NotEnd { last, .. } => Some(*last),
        FaultKind::OffBoard { .. } | FaultKind::Empty => None,
    }
}

/// `warnsdorff · roth ties, moves 2,1;-2,-1;…` from a tour file's `meta`.
fn made_by(file: &TourFile) -> Option<String> {
    let meta = file.meta.as_ref()?;
    let mut made = meta.get("algorithm")?.as_str()?.to_string();
    if let Some(ties) = meta.get("tie_break").and_then(|t| t.as_str()) {
        made.push_str(&format!(" · {ties} ties"));
    }
    if let Some(moves) = meta.get("moves").and_then(|m| m.as_str()) {
        made.push_str(&format!(", moves {moves}"));
    }
    Some(made)
}

impl Replay {
    /// Reads a tour file's text (JSON or numbered board). Errors are one
    /// line. (The app reads files with [`Replay::of_checked`].)
    #[cfg(test)]
    pub fn load(name: &str, text: &str) -> Result<Replay, tour::TourFileError> {
        let file = tour::parse(text)?.file;
        let board = file.board()?;
        Ok(Self::build(name, board, &file))
    }

    /// A replay of a whole tour held compactly (the search's, on a huge
    /// board): checked as it was built, so without fault.
    pub fn of_compact(
        name: &str,
        board: &Board,
        tour: std::sync::Arc<knight_engine::tour::compact::Compact>,
        made_by: Option<String>,
    ) -> Replay {
        let squares = board.len();
        let legal = Trail::of_compact(tour.clone(), squares);
        let (visited, total) = (legal.len(), board.free_count());
        let summary = if visited == total {
            Summary::Complete {
                closed: legal.closes(board),
            }
        } else {
            Summary::Partial { visited, total }
        };
        Replay {
            name: name.to_string(),
            board: board.clone(),
            trail: Trail::of_compact_prefix(tour, 0, squares),
            legal,
            fault: None,
            summary: Some(summary),
            pos: 0,
            playing: true,
            made_by,
        }
    }

    /// A replay of a tour file read by [`tour::stream::read_file`]: of its
    /// path, or of the legal squares it kept compactly (a huge board).
    pub fn of_checked(name: &str, checked: tour::stream::Checked) -> Replay {
        let Some(compact) = checked.compact else {
            return Self::build(name, checked.board, &checked.file);
        };
        let squares = checked.board.len();
        let tour = std::sync::Arc::new(compact);
        let legal = Trail::of_compact(tour.clone(), squares);
        let board = checked.board;
        // A repeated square's first visit was found in the compact path.
        let (fault, summary) = match checked.summary {
            Ok(s) => (None, Some(s)),
            Err(f) => {
                let at = fault_square(&f);
                (Some((f, at)), None)
            }
        };
        Replay {
            name: name.to_string(),
            trail: Trail::of_compact_prefix(tour, 0, squares),
            legal,
            board,
            fault,
            summary,
            pos: 0,
            playing: true,
            made_by: made_by(&checked.file),
        }
    }

    /// A replay of a path of square indices (the search's tour), made by
    /// the search named.
    pub fn of_path(
        name: &str,
        board: &Board,
        path: &[u32],
        closed: bool,
        made_by: Option<String>,
    ) -> Replay {
        let file = TourFile::new(board, closed, path, None);
        let mut r = Self::build(name, board.clone(), &file);
        r.made_by = made_by;
        r
    }

    fn build(name: &str, board: Board, file: &TourFile) -> Replay {
        let checked = file.check(&board);
        // Steps before the fault are legal; a declared-closed tour that does
        // not close has every step legal.
        let legal_len = match &checked {
            Ok(_)
            | Err(Fault {
                kind: FaultKind::NotClosed { .. },
                ..
            }) => file.path.len(),
            Err(f) => f.step.saturating_sub(1).min(file.path.len()),
        };
        let legal = file.indices(&board, legal_len);
        let (fault, summary) = match checked {
            Ok(s) => (None, Some(s)),
            Err(f) => {
                let at = fault_square(&f);
                (Some((f, at)), None)
            }
        };
        let trail = Trail::new(board.len());
        let mut whole = Trail::new(board.len());
        whole.set(&legal);
        let legal = whole;
        Replay {
            name: name.to_string(),
            board,
            legal,
            fault,
            summary,
            pos: 0,
            trail,
            playing: true,
            made_by: made_by(file),
        }
    }

    /// Moves to `pos` steps shown (clamped).
    pub fn seek(&mut self, pos: usize) {
        self.pos = pos.min(self.legal.len());
        match (self.legal.as_slice(), self.legal.compact()) {
            (Some(path), _) => self.trail.set(&path[..self.pos]),
            (None, Some(c)) => {
                self.trail = Trail::of_compact_prefix(c.clone(), self.pos, self.board.len());
            }
            (None, None) => {}
        }
        if self.at_end() {
            self.playing = false;
        }
    }

    pub fn at_end(&self) -> bool {
        self.pos == self.legal.len()
    }

    /// Steps the path has in all, the faulty one included.
    /// The onward count at step `k` (1-based) of the legal path: the free
    /// squares a knight's move from its square not yet visited by then
    /// (Warnsdorff's degree).
    pub fn onward(&self, k: usize) -> usize {
        let Some(at) = self.legal.square(k).map(|i| self.board.square(i)) else {
            return 0;
        };
        self.board
            .neighbours(at)
            .filter(|&n| {
                let s = self.legal.step(self.board.index(n)) as usize;
                s == 0 || s > k
            })
            .count()
    }

    pub fn length(&self) -> usize {
        self.legal.len() + usize::from(self.fault.is_some() && !self.fault_is_closing())
    }

    fn fault_is_closing(&self) -> bool {
        matches!(
            self.fault,
            Some((
                Fault {
                    kind: FaultKind::NotClosed { .. },
                    ..
                },
                _
            ))
        )
    }

    /// The square to mark as the fault, once the replay has reached it.
    pub fn fault_square(&self) -> Option<Square> {
        if self.at_end() {
            self.fault.as_ref().and_then(|(_, s)| *s)
        } else {
            None
        }
    }

    /// What the replay says at its end: the fault, what is left, or the tour.
    pub fn verdict(&self) -> Option<String> {
        if !self.at_end() {
            return None;
        }
        if let Some((f, _)) = &self.fault {
            return Some(format!("illegal: {f}"));
        }
        Some(match self.summary {
            Some(Summary::Complete { closed }) => format!(
                "complete {} tour of {}",
                knight_engine::words::kind(closed),
                knight_engine::words::plural(self.legal.len() as u64, "square")
            ),
            Some(Summary::Partial { visited, total }) => format!(
                "partial tour: {} of {}, {} left",
                knight_engine::words::thousands(visited as u64),
                knight_engine::words::plural(total as u64, "square"),
                knight_engine::words::thousands((total - visited) as u64)
            ),
            None => String::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str =
        " 1 14  9 20  3\n24 19  2 15 10\n13  8 25  4 21\n18 23  6 11 16\n 7 12 17 22  5\n";

    #[test]
    fn a_complete_tour_plays_to_its_end() {
        let mut r = Replay::load("good", GOOD).unwrap();
        assert_eq!((r.legal.len(), r.length(), r.pos), (25, 25, 0));
        assert_eq!(r.verdict(), None);
        r.seek(3);
        assert_eq!(r.trail.len(), 3);
        r.seek(100);
        assert!(r.at_end() && !r.playing);
        assert_eq!(r.verdict().unwrap(), "complete open tour of 25 squares");
        r.seek(0);
        assert!((0..r.trail.board_squares() as u32).all(|sq| r.trail.step(sq) == 0));
    }

    #[test]
    fn the_first_fault_stops_the_replay_on_its_square() {
        let text = r#"{"format":"knight-tour","version":1,"rows":5,"cols":5,
            "path":[[0,0],[1,2],[2,4],[2,3],[0,0]]}"#;
        let mut r = Replay::load("bad", text).unwrap();
        assert_eq!((r.legal.len(), r.length()), (3, 4));
        r.seek(10);
        assert_eq!(r.pos, 3);
        assert_eq!(r.fault_square(), Some(Square::new(2, 3)));
        let v = r.verdict().unwrap();
        assert!(
            v.starts_with("illegal: step 4:") && v.contains("not a knight move"),
            "{v}"
        );
        let rep =
            r#"{"format":"knight-tour","version":1,"rows":5,"cols":5,"path":[[0,0],[1,2],[0,0]]}"#;
        let mut r = Replay::load("rep", rep).unwrap();
        r.seek(9);
        assert!(
            r.verdict()
                .unwrap()
                .contains("0,0 was already visited at step 1")
        );
        let off = r#"{"format":"knight-tour","version":1,"rows":5,"cols":5,"path":[[0,0],[-2,1]]}"#;
        let mut r = Replay::load("off", off).unwrap();
        r.seek(9);
        assert_eq!(r.fault_square(), None);
        assert!(r.verdict().unwrap().contains("off the board"));
    }

    #[test]
    fn a_partial_path_says_what_is_left() {
        let text = r#"{"format":"knight-tour","version":1,"rows":5,"cols":5,"path":[[0,0],[1,2]]}"#;
        let mut r = Replay::load("p", text).unwrap();
        r.seek(2);
        assert_eq!(
            r.verdict().unwrap(),
            "partial tour: 2 of 25 squares, 23 left"
        );
        assert!(Replay::load("x", "garbage here").is_err());
    }

    #[test]
    fn onward_counts_agree_with_a_brute_force_count() {
        let euler = include_str!("../../assets/euler-1759-8x8.json");
        let r = Replay::load("e", euler).unwrap();
        for k in 1..=r.legal.len() {
            let legal = r.legal.to_vec();
            let at = r.board.square(legal[k - 1]);
            // Neighbours not among the first k squares of the path.
            let brute = r
                .board
                .neighbours(at)
                .filter(|&n| !legal[..k].contains(&r.board.index(n)))
                .count();
            assert_eq!(r.onward(k), brute, "step {k}");
        }
        assert_eq!(r.onward(64), 0, "the last square has nowhere to go");
    }

    #[test]
    fn a_replay_says_how_its_tour_was_made() {
        let textbook = include_str!("../../assets/textbook-8x8.txt");
        let numbered = Replay::load("t", textbook).unwrap();
        assert_eq!(numbered.made_by, None, "a numbered board has no meta");
        let board = Board::new(8, 8, &[]).unwrap();
        let mut file = TourFile::new(&board, false, &numbered.legal.to_vec(), None);
        let mut meta = serde_json::Map::new();
        meta.insert("algorithm".into(), "warnsdorff".into());
        meta.insert("tie_break".into(), "roth".into());
        meta.insert(
            "moves".into(),
            "2,1;-2,-1;-2,1;-1,-2;-1,2;1,-2;1,2;2,-1".into(),
        );
        file.meta = Some(meta);
        let mut text = Vec::new();
        file.write_json(&mut text, true).unwrap();
        let r = Replay::load("t.json", &String::from_utf8(text).unwrap()).unwrap();
        assert_eq!(
            r.made_by.as_deref(),
            Some("warnsdorff · roth ties, moves 2,1;-2,-1;-2,1;-1,-2;-1,2;1,-2;1,2;2,-1")
        );
    }

    #[test]
    fn a_huge_tour_of_another_piece_or_surface_is_replayed_whole() {
        use knight_engine::board::{Geometry, Leaper, Surface};
        use knight_engine::files::FileLimit;
        use knight_engine::tour::stream::{Keep, read_file};
        let n = (knight_engine::tour::compact::HUGE as f64).sqrt() as u32;
        let knight =
            knight_engine::solver::find::construct::construct(n, n, Square::new(0, 0), true)
                .unwrap();
        // The plane's closed tour shifted by (700, 900) on the torus: some
        // moves wrap round. A wazir's snake, row by row, on the cylinder
        // and the plane.
        let shifted: Vec<u32> = knight
            .iter()
            .map(|&i| ((i / n + 700) % n) * n + (i % n + 900) % n)
            .collect();
        let snake: Vec<u32> = (0..n)
            .flat_map(|r| (0..n).map(move |c| r * n + if r % 2 == 0 { c } else { n - 1 - c }))
            .collect();
        let wazir = Leaper::new(0, 1).unwrap();
        for (geometry, path, closed) in [
            (
                Geometry::new(Leaper::KNIGHT, Surface::Torus),
                &shifted,
                true,
            ),
            (Geometry::new(wazir, Surface::Cylinder), &snake, false),
            (Geometry::new(wazir, Surface::Plane), &snake, false),
        ] {
            let board = Board::with_geometry(n, n, &[], geometry).unwrap();
            knight_engine::tour::check_indices(&board, path, closed).unwrap();
            let mut bytes = Vec::new();
            TourFile::new(&board, closed, path, None)
                .write_json(&mut bytes, true)
                .unwrap();
            let checked = read_file(
                &bytes[..],
                &FileLimit::tour_file(),
                Keep::CompactWhenHuge,
                None,
            )
            .unwrap();
            let mut r = Replay::of_checked("huge", checked);
            assert!(r.legal.is_compact());
            assert_eq!(r.legal.len(), path.len(), "{geometry:?}");
            r.seek(usize::MAX);
            let kind = if closed { "closed" } else { "open" };
            assert_eq!(
                r.verdict().unwrap(),
                format!(
                    "complete {kind} tour of {}",
                    knight_engine::words::plural(path.len() as u64, "square")
                )
            );
            assert_eq!(r.legal.to_vec(), *path);
        }
    }

    #[test]
    fn a_huge_tour_file_is_replayed_from_its_compact_form() {
        use knight_engine::files::FileLimit;
        use knight_engine::tour::stream::{Keep, read_file};
        let n = (knight_engine::tour::compact::HUGE as f64).sqrt() as u32;
        let board = Board::new(n, n, &[]).unwrap();
        let tour = knight_engine::solver::find::construct::construct(n, n, Square::new(0, 0), true)
            .unwrap();
        let text = |path: &[u32]| {
            let mut out = Vec::new();
            TourFile::new(&board, true, path, None)
                .write_json(&mut out, true)
                .unwrap();
            out
        };
        let read = |bytes: &[u8]| {
            let checked = read_file(bytes, &FileLimit::tour_file(), Keep::CompactWhenHuge, None);
            Replay::of_checked("huge", checked.unwrap())
        };
        let mut r = read(&text(&tour));
        assert!(r.legal.is_compact());
        assert_eq!((r.legal.len(), r.length()), (tour.len(), tour.len()));
        r.seek(1000);
        assert!(r.trail.is_compact());
        assert_eq!((r.trail.len(), r.trail.last()), (1000, Some(tour[999])));
        assert_eq!(
            (r.trail.step(tour[999]), r.trail.step(tour[1000])),
            (1000, 0)
        );
        // The onward counts, against a count of the squares not yet visited.
        let mut step = vec![0usize; board.len()];
        for (i, &sq) in tour.iter().enumerate() {
            step[sq as usize] = i + 1;
        }
        for k in [1, 2, 999, 1000, 4000, tour.len()] {
            let at = board.square(tour[k - 1]);
            let free = board
                .neighbours(at)
                .filter(|&q| step[board.index(q) as usize] > k)
                .count();
            assert_eq!(r.onward(k), free, "step {k}");
        }
        r.seek(usize::MAX);
        assert_eq!(
            r.verdict().unwrap(),
            format!(
                "complete closed tour of {}",
                knight_engine::words::plural(tour.len() as u64, "square")
            )
        );
        // A square visited again: the steps before it are legal, and the
        // fault names the first visit, as the list's replay does.
        let k = (5000..tour.len())
            .find(|&k| {
                let at = board.square(tour[k - 1]);
                board
                    .neighbours(at)
                    .any(|q| step[board.index(q) as usize] < k - 1)
            })
            .unwrap();
        let at = board.square(tour[k - 1]);
        let again = board
            .neighbours(at)
            .find(|&q| step[board.index(q) as usize] < k - 1)
            .unwrap();
        let mut bad = tour[..k].to_vec();
        bad.push(board.index(again));
        let bytes = text(&bad);
        let mut r = read(&bytes);
        let whole = Replay::load("huge", std::str::from_utf8(&bytes).unwrap()).unwrap();
        assert!(r.legal.is_compact() && !whole.legal.is_compact());
        assert_eq!(r.legal.len(), k);
        assert_eq!(r.legal.to_vec(), whole.legal.to_vec());
        assert_eq!(r.fault, whole.fault);
        r.seek(usize::MAX);
        assert_eq!(r.fault_square(), Some(again));
        assert!(r.verdict().unwrap().contains(&format!(
            "already visited at step {}",
            step[board.index(again) as usize]
        )));
        // A small board's file is kept as a list.
        let small = read(GOOD.as_bytes());
        assert!(!small.legal.is_compact());
        assert_eq!(small.legal.len(), 25);
    }
}
