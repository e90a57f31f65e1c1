//! Saving a tour or a picture under a new name: claimed first, then
//! written atomically, so a save never replaces a file.

use std::io;
use std::path::{Path, PathBuf};

use crate::write as files;
use knight_engine::tour::TourFile;
use knight_engine::tour::compact::Compact;
use knight_engine::words;

/// Writes `file` into `dir` under a name no other file has:
/// `STEM-SECONDS.json`, then `STEM-SECONDS-2.json` and so on. The name is
/// claimed first (created, never opened if it exists), so two saves never
/// write the same file; the tour is then written atomically over the claim.
/// A tour held compactly (`tour`) is written square by square as the
/// file's path.
pub fn save_new(
    dir: &Path,
    stem: &str,
    file: &TourFile,
    tour: Option<&Compact>,
) -> Result<PathBuf, SaveError> {
    let Some(tour) = tour else {
        return write_new(dir, stem, "json", |w| file.write_json(w, false));
    };
    write_new(dir, stem, "json", |w| {
        let mut json = file.start_json(w, false)?;
        let cols = u64::from(file.cols.max(1));
        for sq in tour.squares() {
            let sq = u64::from(sq);
            json.square((sq / cols) as i64, (sq % cols) as i64)?;
        }
        json.finish(file)
    })
}

/// The local date and time as a file name says it: `2026-11-25-193012`
/// (in UTC where the time zone is not known).
pub fn stamp() -> String {
    crate::clock::now()
        .0
        .strftime("%Y-%m-%d-%H%M%S")
        .to_string()
}

/// Writes into `dir` under a new name `STEM-DATE-TIME.EXT` (then `-2`,
/// `-3` …; see [`stamp`]): claimed first, then written atomically over the
/// claim, so a save never replaces a file.
pub fn write_new(
    dir: &Path,
    stem: &str,
    ext: &str,
    fill: impl FnOnce(&mut dyn io::Write) -> io::Result<()>,
) -> Result<PathBuf, SaveError> {
    let when = stamp();
    for k in 1..=1000u32 {
        let name = match k {
            1 => format!("{stem}-{when}.{ext}"),
            k => format!("{stem}-{when}-{k}.{ext}"),
        };
        let path = dir.join(name);
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(_) => {
                return match files::write(&path, fill) {
                    Ok(_) => Ok(path),
                    Err(source) => {
                        let _ = std::fs::remove_file(&path);
                        Err(SaveError::Write { path, source })
                    }
                };
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(source) => return Err(SaveError::Claim { path, source }),
        }
    }
    Err(SaveError::Crowded {
        dir: dir.to_path_buf(),
    })
}

/// Why a save wrote no file; the one line the status line shows after
/// `not saved: `.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The new name could not be claimed (a missing folder, no permission).
    #[error("{}: {}", .path.display(), words::io_error(.source))]
    Claim { path: PathBuf, source: io::Error },
    /// The name was claimed but the tour could not be written.
    #[error("{}: {source}", .path.display())]
    Write {
        path: PathBuf,
        source: files::WriteError,
    },
    #[error("{}: a thousand saves this second already", .dir.display())]
    Crowded { dir: PathBuf },
}

#[cfg(test)]
mod tests {
    use super::*;
    use knight_engine::board::{Board, Square};

    #[test]
    fn saves_never_overwrite_each_other() {
        let dir = tempfile::tempdir().unwrap();
        let b = Board::new(5, 5, &[]).unwrap();
        let file = TourFile::new(&b, false, &[0, 7], None);
        let paths: Vec<PathBuf> = (0..3)
            .map(|_| save_new(dir.path(), "knight-5x5", &file, None).unwrap())
            .collect();
        assert_ne!(paths[0], paths[1]);
        assert_ne!(paths[1], paths[2]);
        for p in &paths {
            let text = std::fs::read_to_string(p).unwrap();
            let back = knight_engine::tour::parse(&text).unwrap().file;
            assert_eq!(back.path, vec![[0, 0], [1, 2]]);
        }
        let missing = dir.path().join("no-such-folder");
        let e = save_new(&missing, "knight-5x5", &file, None)
            .unwrap_err()
            .to_string();
        assert!(e.contains("no-such-folder"), "{e}");
    }

    #[test]
    fn a_tour_held_compactly_is_saved_as_the_same_file() {
        let dir = tempfile::tempdir().unwrap();
        let tour = knight_engine::solver::find::construct::construct(6, 7, Square::new(5, 6), true)
            .unwrap();
        let b = Board::new(6, 7, &[]).unwrap();
        let mut builder = knight_engine::tour::compact::CompactBuilder::new(6, 7);
        assert!(tour.iter().all(|&sq| builder.push(sq)));
        let compact = builder.finish();
        let whole = TourFile::new(&b, true, &tour, None);
        let empty = TourFile::new(&b, true, &[], None);
        let a = save_new(dir.path(), "whole", &whole, None).unwrap();
        let c = save_new(dir.path(), "compact", &empty, Some(&compact)).unwrap();
        let (a, c) = (std::fs::read(a).unwrap(), std::fs::read(c).unwrap());
        assert_eq!(a, c);
        let back = knight_engine::tour::parse(std::str::from_utf8(&c).unwrap())
            .unwrap()
            .file;
        assert_eq!(
            back.check(&b),
            Ok(knight_engine::tour::Summary::Complete { closed: true })
        );
    }

    #[test]
    fn saves_are_named_by_local_date_and_time_and_never_replace_a_file() {
        let dir = tempfile::tempdir().unwrap();
        let names: Vec<String> = (0..3)
            .map(|_| {
                let p =
                    write_new(dir.path(), "knight-8x8", "json", |w| w.write_all(b"{}")).unwrap();
                p.file_name().unwrap().to_string_lossy().into_owned()
            })
            .collect();
        // knight-8x8-2026-11-25-193012.json, then -2, -3 within the second
        // (or a later second's own name).
        let stamp = |n: &str| {
            let rest = n.strip_prefix("knight-8x8-").unwrap();
            let parts: Vec<&str> = rest.split(['-', '.']).collect();
            assert!(parts.len() >= 5, "{n}");
            let widths: Vec<usize> = parts[..4].iter().map(|p| p.len()).collect();
            assert_eq!(widths, [4, 2, 2, 6], "{n}");
            assert!(
                parts[..4]
                    .iter()
                    .all(|p| p.bytes().all(|b| b.is_ascii_digit())),
                "{n}"
            );
            parts[..4].join("-")
        };
        let year: u32 = stamp(&names[0])[..4].parse().unwrap();
        assert!((2024..2200).contains(&year), "{names:?}");
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 3, "{names:?}");
        if stamp(&names[0]) == stamp(&names[1]) {
            assert!(names[1].ends_with("-2.json"), "{names:?}");
        }
        for n in &names {
            assert_eq!(std::fs::read_to_string(dir.path().join(n)).unwrap(), "{}");
        }
    }
}
