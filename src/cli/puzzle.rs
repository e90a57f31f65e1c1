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

use super::args::{Format, PuzzleArgs, PuzzleFormat, SolveArgs};
use super::failure::{Exit, Failure, Ran, say, usage};
use super::solve::write_out;
use crate::config::Config;

/// `puzzle`: make one, print it or write its file (`--format svg`:
/// [`super::booklet`]).
pub fn make(args: &PuzzleArgs) -> Ran {
    if args.count.is_some() {
        return Err(usage(
            "--count N makes a booklet of N puzzles: it goes with --format svg",
        ));
    }
    if let Some(out) = &args.out {
        super::solve::check_writable(out)?;
    }
    let board = (args.size, args.rows, args.cols);
    let Some((made, seed)) = made(board, args.closed, args.difficulty, args.seed)? else {
        return Ok(Exit::No);
    };
    note(args.difficulty, &made, None);
    let about = about(&made, seed);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    if let Some(path) = &args.out {
        let value = file::to_json(&made.puzzle, Some(about));
        let written = write_out(path, |w| writeln!(w, "{value}"))?;
        if written == Written::File && !args.quiet {
            writeln!(out, "wrote {}: {}", path.display(), headline(&made, seed))?;
        }
    } else if args.format == PuzzleFormat::Json {
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

/// On stderr, when the puzzle made is not of the difficulty `asked`: what
/// it is instead (the seed's, in a booklet).
pub(super) fn note(asked: Difficulty, made: &puzzle::Made, seed: Option<u64>) {
    if made.difficulty != asked {
        say(&format!(
            "note: {}no {asked} puzzle came of {} tours; this one is {}",
            seed.map(|s| format!("seed {s}: ")).unwrap_or_default(),
            made.tours,
            made.difficulty
        ));
    }
}

/// Today's date as a number, 20261127: the day's puzzle. Where `TZ`
/// does not read, the day in UTC, with a note.
pub fn today() -> u64 {
    let (day, why) = crate::clock::day_number();
    if let Some(why) = why {
        say(&format!("knight-tui: {why}; the day's puzzle is UTC's"));
    }
    day
}

/// The file's `"puzzle"` object: the difficulty, the seed, and how often
/// each rule of reasoning served to solve it.
fn about(made: &puzzle::Made, seed: u64) -> Map<String, Value> {
    let deductions: Map<String, Value> = made
        .uses
        .iter()
        .map(|(rule, n)| (rule.name().to_string(), json!(n)))
        .collect();
    let v = json!({"difficulty": made.difficulty.name(), "seed": seed, "deductions": deductions});
    v.as_object().cloned().unwrap_or_default()
}

/// `8x8, open tour, hard: …; 14 clues; seed 20261127`.
pub(super) fn headline(made: &puzzle::Made, seed: u64) -> String {
    let p = &made.puzzle;
    format!(
        "knight's tour puzzle, {}, {} tour, {} ({}); {} clues; seed {seed}",
        p.board().describe(),
        words::kind(p.closed()),
        made.difficulty,
        made.difficulty.reasoning(),
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
        Completions::Unique(path) if args.explain => {
            explain(&mut out, &p, args.format, &name)?;
            if args.format != Format::Json {
                writeln!(out)?;
                print(&mut out, &p, &path, about, args.format)?;
            }
            Exit::Yes
        }
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

/// `--explain`: the deductions that solve the puzzle, one a line (JSON
/// lines with `--format json`); where logic stops short, a note on
/// standard error.
fn explain<W: Write>(out: &mut W, p: &Puzzle, format: Format, name: &str) -> Result<(), Failure> {
    let explained = puzzle::explain(&puzzle::Logic::new(p), p);
    let at = |sq: knight_engine::board::Square| json!([sq.row, sq.col]);
    for d in &explained.deductions {
        if format == Format::Json {
            let line = json!({
                "rule": d.rule().name(),
                "step": d.step,
                "square": at(d.square),
                "from": d.from().into_iter().map(at).collect::<Vec<_>>(),
                "text": d.to_string(),
            });
            writeln!(out, "{line}")?;
        } else {
            writeln!(out, "{}: {d}", d.rule().name())?;
        }
    }
    if let puzzle::Rating::Search { placed, missing } = explained.rating {
        say(&format!(
            "{name}: logic stops after {placed} of the {missing} missing steps; the rest needs trial and error (the count proves one solution)"
        ));
    }
    Ok(())
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
