//! Puzzles solved, kept in the user's data folder: the time, the undos
//! and hints of each, so the solved message can name the best time for
//! the board and difficulty and how many days in a row the day's puzzle
//! was solved. The file is replaced whole or not at all.

use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The records file's `format`.
const FORMAT: &str = "knight-tui-records";

/// Solves kept: the oldest go first past this.
pub const MOST: usize = 10_000;

/// The largest records file read: past it, the file is refused.
const MOST_BYTES: u64 = 4 << 20;

/// One puzzle solved by hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solve {
    /// The day it was solved, `2026-11-28`.
    pub day: String,
    /// The board, `6x6`.
    pub board: String,
    pub closed: bool,
    pub difficulty: String,
    pub seed: Option<u64>,
    /// How long it took, in whole seconds.
    pub seconds: u64,
    pub undos: u32,
    pub hints: u32,
}

impl Solve {
    /// Whether it was the day's puzzle: its seed the day's date.
    fn daily(&self) -> bool {
        self.seed
            .is_some_and(|s| s.to_string() == self.day.replace('-', ""))
    }
    fn same_kind(&self, other: &Solve) -> bool {
        self.board == other.board
            && self.closed == other.closed
            && self.difficulty == other.difficulty
    }
    /// Whether it counts for the best time: solved without a hint.
    fn unaided(&self) -> bool {
        self.hints == 0
    }
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct File {
    format: String,
    version: u32,
    solves: Vec<Solve>,
}

/// What the records say after a solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// The best time for the board, kind and difficulty of a solve with
    /// no hint (help makes no record), in seconds, this one's included;
    /// None when every solve of the kind took help.
    pub best: Option<u64>,
    /// Whether this solve set it.
    pub new_best: bool,
    /// Days in a row, up to this solve's, with the day's puzzle solved;
    /// 0 when this was not the day's puzzle.
    pub streak: u32,
}

/// Where the records are kept: `$XDG_DATA_HOME/knight-tui/puzzles.json`,
/// else `~/.local/share/knight-tui/puzzles.json`.
pub fn path() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|s| Path::new(s).is_absolute())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|h| !h.is_empty())
                .map(|h| PathBuf::from(h).join(".local").join("share"))
        })?;
    Some(base.join("knight-tui").join("puzzles.json"))
}

/// Adds `solve` to the records at `path` and says what they make of it.
/// Err, in words, when the file cannot be read or replaced: a file that
/// is not a records file is left as it is.
pub fn record(path: &Path, solve: Solve) -> Result<Summary, String> {
    let shown = path.display();
    // `FILE: the system's words`.
    let fail = |at: &dyn std::fmt::Display, e: &std::io::Error| {
        format!("{at}: {}", knight_engine::words::io_error(e))
    };
    let mut file = match std::fs::symlink_metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => File {
            format: FORMAT.into(),
            version: 1,
            solves: Vec::new(),
        },
        Err(e) => return Err(fail(&shown, &e)),
        Ok(m) if !m.is_file() => return Err(format!("{shown}: not a plain file")),
        Ok(m) if m.len() > MOST_BYTES => {
            return Err(format!("{shown}: over {} MiB", MOST_BYTES >> 20));
        }
        Ok(_) => {
            let text = std::fs::read_to_string(path).map_err(|e| fail(&shown, &e))?;
            let file: File = serde_json::from_str(&text)
                .map_err(|e| format!("{shown}: not a records file ({e})"))?;
            if file.format != FORMAT || file.version != 1 {
                return Err(format!("{shown}: not a records file of version 1"));
            }
            file
        }
    };
    let summary = summarise(&file.solves, &solve);
    file.solves.push(solve);
    let over = file.solves.len().saturating_sub(MOST);
    file.solves.drain(..over);
    let dir = path.parent().ok_or_else(|| format!("{shown}: no folder"))?;
    std::fs::create_dir_all(dir).map_err(|e| fail(&dir.display(), &e))?;
    // A new temporary file beside it (never one already there), renamed
    // over it: the records are replaced whole or not at all.
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(|e| fail(&dir.display(), &e))?;
    serde_json::to_writer(&mut tmp, &file)
        .map_err(std::io::Error::from)
        .and_then(|()| tmp.write_all(b"\n"))
        .and_then(|()| tmp.as_file().sync_all())
        .map_err(|e| fail(&shown, &e))?;
    tmp.persist(path).map_err(|e| fail(&shown, &e.error))?;
    Ok(summary)
}

/// The best time and the streak once `solve` joins `before`.
fn summarise(before: &[Solve], solve: &Solve) -> Summary {
    let best_before = before
        .iter()
        .filter(|s| s.same_kind(solve) && s.unaided())
        .map(|s| s.seconds)
        .min();
    let (best, new_best) = match (best_before, solve.unaided()) {
        (b, false) => (b, false),
        (None, true) => (Some(solve.seconds), true),
        (Some(b), true) => (Some(b.min(solve.seconds)), solve.seconds < b),
    };
    let streak = if solve.daily() {
        let days: std::collections::BTreeSet<&str> = before
            .iter()
            .filter(|s| s.daily())
            .map(|s| s.day.as_str())
            .collect();
        let mut n = 1;
        let mut day = solve.day.clone();
        while let Some(prev) = previous_day(&day) {
            if !days.contains(prev.as_str()) {
                break;
            }
            n += 1;
            day = prev;
        }
        n
    } else {
        0
    };
    Summary {
        best,
        new_best,
        streak,
    }
}

/// The day before `2026-11-28`.
fn previous_day(day: &str) -> Option<String> {
    let d: jiff::civil::Date = day.parse().ok()?;
    d.yesterday().ok().map(|y| y.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solve(day: &str, seconds: u64, seed: Option<u64>) -> Solve {
        Solve {
            day: day.into(),
            board: "6x6".into(),
            closed: false,
            difficulty: "medium".into(),
            seed,
            seconds,
            undos: 0,
            hints: 0,
        }
    }

    fn daily(day: &str, seconds: u64) -> Solve {
        solve(day, seconds, Some(day.replace('-', "").parse().unwrap()))
    }

    #[test]
    fn the_best_time_and_the_days_in_a_row() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("k").join("puzzles.json");
        let first = record(&path, daily("2026-11-26", 90)).unwrap();
        assert_eq!(
            (first.best, first.new_best, first.streak),
            (Some(90), true, 1)
        );
        let second = record(&path, daily("2026-11-27", 120)).unwrap();
        assert_eq!(
            (second.best, second.new_best, second.streak),
            (Some(90), false, 2)
        );
        // Across a month's end, and a seeded puzzle between: no streak of
        // its own, but the best time counts.
        let other = record(&path, solve("2026-11-28", 60, Some(7))).unwrap();
        assert_eq!(
            (other.best, other.new_best, other.streak),
            (Some(60), true, 0)
        );
        // With a hint, faster is no record.
        let mut helped = solve("2026-11-28", 10, Some(8));
        helped.hints = 3;
        let h = record(&path, helped).unwrap();
        assert_eq!((h.best, h.new_best), (Some(60), false));
        let third = record(&path, daily("2026-11-28", 100)).unwrap();
        assert_eq!((third.best, third.streak), (Some(60), 3));
        // A day missed starts the count again.
        assert_eq!(record(&path, daily("2026-11-30", 100)).unwrap().streak, 1);
        // Another board keeps its own best.
        let mut big = daily("2026-12-01", 300);
        big.board = "8x8".into();
        let r = record(&path, big).unwrap();
        assert_eq!((r.best, r.new_best, r.streak), (Some(300), true, 2));
        // Help on a kind with no unaided solve: no best to name.
        let mut first_helped = daily("2026-12-02", 50);
        (first_helped.board, first_helped.hints) = ("5x5".into(), 1);
        let r = record(&path, first_helped).unwrap();
        assert_eq!((r.best, r.new_best, r.streak), (None, false, 3));
        assert_eq!(previous_day("2026-12-01").as_deref(), Some("2026-11-30"));
    }

    #[test]
    fn a_file_that_is_not_records_is_refused_and_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("puzzles.json");
        std::fs::write(&path, "not json").unwrap();
        let e = record(&path, daily("2026-11-28", 5)).unwrap_err();
        assert!(e.contains("not a records file"), "{e}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "not json");
        std::fs::remove_file(&path).unwrap();
        std::fs::create_dir(&path).unwrap();
        assert!(
            record(&path, daily("2026-11-28", 5))
                .unwrap_err()
                .contains("not a plain file")
        );
    }

    #[test]
    fn a_planted_link_is_not_followed() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("elsewhere");
        std::fs::write(&target, "keep").unwrap();
        let path = dir.path().join("puzzles.json");
        std::os::unix::fs::symlink(&target, &path).unwrap();
        assert!(record(&path, daily("2026-11-28", 5)).is_err());
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep");
    }
}
