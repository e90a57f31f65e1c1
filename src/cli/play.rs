//! `play`: the app opened on a game by hand: a new one, a saved one
//! resumed, or a puzzle (a file's, or one made now).

use std::path::Path;
use std::sync::Arc;

use serde_json::{Map, Value};

use knight_engine::board::{Board, Square};
use knight_engine::puzzle::file::{self as puzzle_file, PuzzleFile};
use knight_engine::puzzle::{Clues, Completions, Difficulty};
use knight_engine::solver::{Kind, Problem, Tours};
use knight_engine::spec::Spec;
use knight_engine::tour::{self, TourFile};

use super::args::PlayArgs;
use super::failure::{Exit, Failure, Ran, say, usage};
use crate::config::Config;
use crate::tui::{self, game::Game};

/// Opens the app in play mode.
pub fn play(args: &PlayArgs, config: &Config) -> Ran {
    let mut spec = args.board.spec(config).map_err(usage)?;
    let piece = &args.board.board.piece;
    if args.puzzle.is_some() && (piece.leaper.is_some() || piece.surface.is_some()) {
        return Err(usage(
            "--puzzle: puzzles are for the knight on the plane: leave out --leaper and --surface",
        ));
    }
    let game = match (&args.resume, &args.puzzle) {
        (Some(file), _) => resume(file)?,
        (None, Some(Some(file))) => {
            if args.difficulty.is_some() || args.seed.is_some() {
                return Err(usage(
                    "--difficulty and --seed make a puzzle; a puzzle file has its own",
                ));
            }
            let layer = &args.board.board;
            if layer.size.is_some() || layer.rows.is_some() || layer.cols.is_some() {
                return Err(usage(
                    "--size, --rows and --cols choose a board to make a puzzle on; a puzzle file has its own",
                ));
            }
            let name = file.display().to_string();
            let text = super::read_tour_file(file)?;
            let PuzzleFile { puzzle, about } =
                puzzle_file::parse(&text, args.board.board.closed_flag)
                    .map_err(|e| usage(format!("{name}: {e}")))?;
            // A board with no tour of the kind is said before the screen
            // opens, as for a puzzle made from flags.
            if let Err(no) = knight_engine::theory::check(puzzle.board(), None, puzzle.closed()) {
                say(&format!("{name}: no solution: {no}"));
                return Ok(Exit::No);
            }
            let clues = Clues::new(puzzle, seed_of(about.as_ref()));
            // Solved before the screen opens (its opening line and hints
            // need the answer): where reasoning stops short, the search
            // says whether there is a solution at all.
            if let Completions::None(no) = clues.completions() {
                say(&format!("{name}: no solution: {no}"));
                return Ok(Exit::No);
            }
            Game::puzzle(clues)
        }
        (None, Some(None)) => match made(args, &spec)? {
            Some(game) => game,
            None => return Ok(Exit::No),
        },
        // The knight is placed only where --start puts it; else by Enter.
        (None, None) => Game::new(
            spec.problem.tours().clone(),
            args.board.board.start.is_some().then_some(spec.start()),
        ),
    };
    // Tab to the search watches a search of the game's board.
    if game.clues.is_some()
        && let Some(start) = game.board().free_squares().next()
    {
        let tours = game.tours.clone().without_end();
        spec.problem = Problem::new(tours, start).map_err(|e| usage(e.to_string()))?;
    }
    tui::run(spec, config, tui::Launch::Play(Box::new(game))).map_err(Failure::Terminal)?;
    Ok(Exit::Yes)
}

/// A puzzle made now on the flags' board (None: the board has no tour,
/// said on stderr).
fn made(args: &PlayArgs, spec: &Spec) -> Result<Option<Game>, Failure> {
    let b = &args.board.board;
    let difficulty = args.difficulty.unwrap_or(Difficulty::Medium);
    let made = super::puzzle::made(
        (b.size, b.rows, b.cols),
        spec.closed(),
        difficulty,
        args.seed,
    )?;
    Ok(made.map(|(m, seed)| Game::puzzle(Clues::made(m, seed))))
}

/// The seed a file's `"puzzle"` object names. Its difficulty is not
/// taken on trust (a hand-edited puzzle keeps its old label): the engine
/// rates every puzzle it opens.
fn seed_of(about: Option<&Map<String, Value>>) -> Option<u64> {
    about?.get("seed").and_then(Value::as_u64)
}

/// A saved game, checked to go on: its moves legal, its goal and its
/// clues (a puzzle's) honoured.
fn resume(file: &Path) -> Result<Game, Failure> {
    let name = file.display().to_string();
    let cannot = |e: String| usage(format!("{name}: cannot resume: {e}"));
    let text = super::read_tour_file(file)?;
    let saved = tour::parse(&text)
        .map_err(|e| usage(format!("{name}: {e}")))?
        .file;
    let board = saved.board().map_err(|e| usage(format!("{name}: {e}")))?;
    saved.check(&board).map_err(|f| cannot(f.to_string()))?;
    let path = saved.indices(&board, saved.path.len());
    let end = resumed_goal(&saved, &board, &path).map_err(cannot)?;
    let tours = Kind::from_flags(saved.closed, end)
        .and_then(|kind| Tours::new(board.clone(), kind))
        .map_err(|e| cannot(format!("{name}: {e}")))?;
    let game = Game::resume(tours, &path);
    let Some(clues) = saved_clues(&saved, &board).map_err(cannot)? else {
        return Ok(game);
    };
    if let Some((step, on)) = clues.broken_by(&path) {
        return Err(cannot(format!("step {step} breaks the clue on {on}")));
    }
    let mut game = game.with_clues(clues);
    hand_work(&saved, &board, &mut game).map_err(cannot)?;
    Ok(game)
}

/// A saved puzzle's numbers written by hand and pencil marks, put back
/// by the sheet's rules.
fn hand_work(saved: &TourFile, board: &Board, game: &mut Game) -> Result<(), String> {
    let square = |r: i64, c: i64| -> Result<u32, String> {
        let sq = (r >= 0 && c >= 0)
            .then(|| Square::new(r as u32, c as u32))
            .filter(|&sq| board.contains(sq))
            .ok_or_else(|| format!("{r},{c} is off the {} board", board.describe()))?;
        Ok(board.index(sq))
    };
    // The time played before the save: the clock goes on from there.
    if let Some(raw) = saved.extra.get("seconds") {
        let secs = raw
            .as_u64()
            .filter(|&s| s < 100 * 365 * 86_400)
            .ok_or("\"seconds\" is not a whole number of seconds")?;
        let now = std::time::Instant::now();
        game.clock = now.checked_sub(std::time::Duration::from_secs(secs));
        game.last_move = Some(now);
    }
    // The help and undos taken before the save count on.
    let count = |name: &str| -> Result<u32, String> {
        saved.extra.get(name).map_or(Ok(0), |raw| {
            raw.as_u64()
                .and_then(|n| u32::try_from(n).ok())
                .ok_or_else(|| format!("\"{name}\" is not a whole number"))
        })
    };
    game.helped = count("hints")?;
    game.undos = count("undos")?;
    let Some(sheet) = game.sheet.as_mut() else {
        return Ok(());
    };
    if let Some(raw) = saved.extra.get("written") {
        let written: Vec<[i64; 3]> = serde_json::from_value(raw.clone())
            .map_err(|_| "\"written\" is not a list of [row, col, step]".to_string())?;
        for [r, c, k] in written {
            let k = u32::try_from(k).map_err(|_| format!("{k} is not a step"))?;
            sheet
                .write(square(r, c)?, k)
                .map_err(|e| format!("written: {e}"))?;
        }
    }
    if let Some(raw) = saved.extra.get("marks") {
        let marks: Vec<(i64, i64, Vec<u32>)> = serde_json::from_value(raw.clone())
            .map_err(|_| "\"marks\" is not a list of [row, col, [steps]]".to_string())?;
        for (r, c, steps) in marks {
            let i = square(r, c)?;
            for k in steps {
                if sheet.marks(i).contains(&k) {
                    continue;
                }
                sheet.toggle_mark(i, k).map_err(|e| format!("marks: {e}"))?;
            }
        }
    }
    Ok(())
}

/// The clues a saved game keeps, if it is a puzzle's.
fn saved_clues(saved: &TourFile, board: &Board) -> Result<Option<Arc<Clues>>, String> {
    let Some(raw) = saved.extra.get("clues") else {
        return Ok(None);
    };
    let raw: Vec<[i64; 3]> = serde_json::from_value(raw.clone())
        .map_err(|_| "\"clues\" is not a list of [row, col, step]".to_string())?;
    let p = puzzle_file::puzzle_of(board, saved.closed, &raw).map_err(|e| e.to_string())?;
    let about = saved.extra.get("puzzle").and_then(Value::as_object);
    let clues = Clues::new(p, seed_of(about));
    // Solved before the screen opens, as a file's puzzle is.
    let _ = clues.completions();
    Ok(Some(clues))
}

/// A saved game's goal (the file's `end`): free on its board, and not
/// visited before the last square.
fn resumed_goal(saved: &TourFile, board: &Board, path: &[u32]) -> Result<Option<Square>, String> {
    let Some([r, c]) = saved.end else {
        return Ok(None);
    };
    let end = saved
        .end_square()
        .filter(|&e| board.contains(e) && board.is_free(e))
        .ok_or_else(|| format!("its end {r},{c} is not a free square of the board"))?;
    let at = path.iter().position(|&i| board.square(i) == end);
    match at {
        Some(k) if k + 1 < board.free_count() => Err(format!(
            "its end {end} is visited at step {}, before the last square",
            k + 1
        )),
        _ => Ok(Some(end)),
    }
}
