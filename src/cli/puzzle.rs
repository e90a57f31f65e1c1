//! `puzzle` makes a knight's-tour puzzle; `solve --puzzle FILE` solves one.

use std::io::{self, Write};
use std::path::Path;

use serde_json::{Map, Value, json};

use crate::write::Written;
use knight_engine::files::{FileLimit, read_text};
use knight_engine::puzzle::file::{self, PuzzleFile};
use knight_engine::puzzle::{self, Completions, Difficulty, MakeError, Puzzle, Request};
use knight_engine::tour::{self, TourFile};
use knight_engine::words;

use super::args::{AnswerFormat, Format, PuzzleArgs, SolveArgs};
use super::failure::{Exit, Failure, Ran, say, usage};
use super::solve::write_out;
use crate::config::Config;

/// `puzzle`: make one, print it or write its file.
pub fn make(args: &PuzzleArgs) -> Ran {
    if let Some(out) = &args.out {
        super::solve::check_writable(out)?;
    }
    let board = (args.size, args.rows, args.cols);
    let Some((made, seed)) = made(board, args.closed, args.difficulty, args.seed)? else {
        return Ok(Exit::No);
    };
    if made.difficulty() != args.difficulty {
        say(&format!(
            "note: no {} puzzle came of {} tours; this one is {}",
            args.difficulty,
            made.tours,
            made.difficulty()
        ));
    }
    let about = about(&made, seed);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    if let Some(path) = &args.out {
        let value = file::to_json(&made.puzzle, Some(about));
        let written = write_out(path, |w| writeln!(w, "{value}"))?;
        if written == Written::File && !args.quiet {
            writeln!(out, "wrote {}: {}", path.display(), headline(&made, seed))?;
        }
    } else if args.format == AnswerFormat::Json {
        writeln!(out, "{}", file::to_json(&made.puzzle, Some(about)))?;
    } else {
        writeln!(out, "# {}", headline(&made, seed))?;
        writeln!(
            out,
            "# fill each - with its step, each a knight's move from the one before{}",
            if args.closed {
                ", the last one from the first (a closed tour)"
            } else {
                ""
            }
        )?;
        file::write_text(&mut out, &made.puzzle)?;
    }
    out.flush()?;
    Ok(Exit::Yes)
}

/// The puzzle `puzzle` and `play --puzzle` make: on the board of `--size`
/// (or `--rows` and `--cols`; default 8x8), from `seed` (default today's),
/// with the seed used. None when the board has no tour (said on stderr);
/// a size out of range is a usage error.
pub fn made(
    (size, rows, cols): (Option<u32>, Option<u32>, Option<u32>),
    closed: bool,
    difficulty: Difficulty,
    seed: Option<u64>,
) -> Result<Option<(puzzle::Made, u64)>, Failure> {
    let (rows, cols) = match (size, rows, cols) {
        (Some(n), _, _) => (n, n),
        (None, Some(r), Some(c)) => (r, c),
        _ => (8, 8),
    };
    let seed = seed.unwrap_or_else(today);
    let request = Request {
        rows,
        cols,
        closed,
        difficulty,
        seed,
    };
    match puzzle::make(&request) {
        Ok(made) => Ok(Some((made, seed))),
        Err(MakeError::NoTour(no)) => {
            say(&format!("no puzzle: {no}"));
            Ok(None)
        }
        Err(e) => Err(usage(e)),
    }
}

/// Today's date as a number, 20261127: the day's puzzle. Where `TZ`
/// does not read, the day in UTC, with a note.
pub fn today() -> u64 {
    let (now, why) = crate::clock::now();
    if let Some(why) = why {
        say(&format!("knight-tui: {why}; the day's puzzle is UTC's"));
    }
    let day = now.strftime("%Y%m%d").to_string();
    day.parse().unwrap_or(0)
}

/// The file's `"puzzle"` object.
fn about(made: &puzzle::Made, seed: u64) -> Map<String, Value> {
    let v = json!({"difficulty": made.difficulty().name(), "seed": seed});
    v.as_object().cloned().unwrap_or_default()
}

/// `8x8, open tour, hard: …; 14 clues; seed 20261127`.
fn headline(made: &puzzle::Made, seed: u64) -> String {
    let p = &made.puzzle;
    format!(
        "knight's tour puzzle, {}, {} tour, {} ({}); {} clues; seed {seed}",
        p.board().describe(),
        words::kind(p.closed()),
        made.difficulty(),
        made.rating.describe(),
        p.clue_count(),
    )
}

/// How long `solve --puzzle` searches when no time limit is given.
const PUZZLE_TIME: std::time::Duration = std::time::Duration::from_secs(30);

/// `solve --puzzle FILE`: the one completion (exit 0), none or several
/// (exit 1), or undecided (exit 3).
pub fn solve(args: &SolveArgs, file: &Path, config: &Config) -> Ran {
    if args.board.board.size.is_some()
        || args.board.board.rows.is_some()
        || args.board.board.cols.is_some()
        || args.board.board.start.is_some()
        || args.board.board.blocked.is_some()
        || args.board.board.end.is_some()
    {
        return Err(usage(
            "--puzzle takes the board and its clues from the file: leave out --size, --rows, --cols, --start, --end and --block",
        ));
    }
    let b = &args.board.board;
    if b.piece.leaper.is_some() || b.piece.surface.is_some() {
        return Err(usage(
            "--puzzle: puzzles are for the knight on the plane: leave out --leaper and --surface",
        ));
    }
    if !matches!(args.format, Format::Board | Format::Json | Format::Moves) {
        return Err(usage("--puzzle prints the board, json or moves"));
    }
    let mut limits = args.board.spec(config).map_err(usage)?.limits;
    // A file with few clues can leave a search that never ends in a
    // lifetime (12x12 with clue 1 alone): bounded unless asked otherwise.
    let by_default = limits.time.is_none();
    limits.time = limits.time.or(Some(PUZZLE_TIME));
    let name = file.display().to_string();
    // Standard input within the tour file's limits, as a file is read.
    let text = if file == Path::new("-") {
        read_text(io::stdin().lock(), &FileLimit::tour_file(), None)
            .map_err(|e| super::read_failure(Path::new("standard input"), e))?
    } else {
        super::read_tour_file(file)?
    };
    let PuzzleFile { puzzle: p, about } = file::parse(&text, args.board.board.closed_flag)
        .map_err(|e| usage(format!("{name}: {e}")))?;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    let answer = match puzzle::solve(&p, &limits) {
        Completions::Unique(path) => {
            print(&mut out, &p, &path, about, args.format)?;
            Exit::Yes
        }
        Completions::Several(a, b) => {
            print(&mut out, &p, &a, about.clone(), args.format)?;
            writeln!(out)?;
            print(&mut out, &p, &b, about, args.format)?;
            say(&format!(
                "{name}: at least two solutions (two of them above): not a puzzle with one answer"
            ));
            Exit::No
        }
        Completions::None(why) => {
            say(&format!("{name}: no solution: {why}"));
            Exit::No
        }
        Completions::Undecided(stop) => {
            say(&format!(
                "{name}: undecided: {} stopped the search after {} positions{}",
                stop.by,
                words::thousands(stop.nodes),
                if by_default {
                    " (the default for --puzzle; --time-limit for longer)"
                } else {
                    ""
                }
            ));
            Exit::Undecided
        }
    };
    out.flush()?;
    Ok(answer)
}

/// A completion: the numbered board, the tour file with the clues, or the
/// moves.
fn print<W: Write>(
    out: &mut W,
    p: &Puzzle,
    path: &[u32],
    about: Option<Map<String, Value>>,
    format: Format,
) -> Result<(), Failure> {
    let board = p.board();
    match format {
        Format::Json => {
            let mut file = TourFile::new(board, p.closed(), path, None);
            let clues = file::to_json(p, about);
            for key in ["clues", "puzzle"] {
                if let Some(v) = clues.get(key) {
                    file.extra.insert(key.into(), v.clone());
                }
            }
            file.write_json(out, true)?;
        }
        Format::Moves => {
            let moves: Vec<String> = path.iter().map(|&i| board.square(i).to_string()).collect();
            writeln!(out, "{}", moves.join(" "))?;
        }
        _ => tour::write_numbered(out, board, path)?,
    }
    Ok(())
}
