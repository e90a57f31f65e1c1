//! Settling: flags over the user's configuration over the built-in one,
//! into the engine's [`Spec`].

use knight_engine::board::{Board, Geometry, Square, parse_square_list};
use knight_engine::solver::{Algorithm, Limits, MoveOrder, TieBreak};
use knight_engine::solver::{Kind, Problem, Tours};
use knight_engine::spec::Spec;

use super::args::BoardArgs;
use crate::config::{Config, SearchLayer, value};

impl SearchLayer {
    /// Flags over configuration: algorithm, tie-break, limits, move order.
    /// The flags were checked as they were parsed.
    pub fn settle(
        &self,
        config: &Config,
    ) -> Result<(Algorithm, TieBreak, Limits, MoveOrder), String> {
        let file = &config.search;
        let algorithm = value(&self.algorithm.or(file.algorithm));
        let tie_break = value(&self.tie_break.or(file.tie_break));
        let moves = value(&self.moves.or(file.moves));
        // In the file, 0 is no limit.
        let nodes = self.node_limit.or(file.node_limit.filter(|&n| n > 0));
        let secs = self.time_limit.or(file.time_limit.filter(|&t| t > 0.0));
        let limits = Limits {
            nodes,
            time: secs
                .map(knight_engine::spec::time_limit)
                .transpose()
                .map_err(|e| e.to_string())?,
        };
        Ok((algorithm, tie_break, limits, moves))
    }
}

impl super::args::RaceArgs {
    /// The right side of the race: the left side's search with the `--vs`
    /// flags over it. Refused when both sides would search alike.
    pub fn rival(&self, left: &Spec) -> Result<Spec, String> {
        let mut right = left.rival();
        right.algorithm = self.vs.unwrap_or(right.algorithm);
        right.tie_break = self.vs_tie_break.unwrap_or(right.tie_break);
        right.moves = self.vs_moves.unwrap_or(right.moves);
        // A tie-break asked for a side that breaks no ties would be lost.
        let algorithm = right.algorithm.for_solve(right.board(), 1);
        if self.vs_tie_break.is_some() && algorithm != Algorithm::Warnsdorff {
            return Err(format!(
                "--vs-tie-break: the right side runs {}, which breaks no ties (add --vs warnsdorff)",
                algorithm.name()
            ));
        }
        if right.search_name() == left.search_name() {
            return Err(format!(
                "both sides would run the same search ({}): change --vs, --vs-tie-break or --vs-moves",
                left.search_name()
            ));
        }
        Ok(right)
    }
}

impl BoardArgs {
    /// The flags given, as a configuration table under the keys the
    /// configuration file uses (the shorthands as the keys they set).
    pub fn table(&self) -> toml::Table {
        #[derive(serde::Serialize)]
        struct Sections<'a> {
            board: &'a crate::config::BoardLayer,
            search: &'a SearchLayer,
        }
        let sections = Sections {
            board: &self.board.expanded(),
            search: &self.search,
        };
        toml::Table::try_from(sections).expect("settings are plain TOML values")
    }

    /// Flags over configuration. Errors are one line.
    pub fn spec(&self, config: &Config) -> Result<Spec, String> {
        self.spec_with(config, true)
    }

    /// As [`BoardArgs::spec`], for a command that counts from every start
    /// (`count --all-starts`, `count --table`): a configured start that is
    /// blocked is no error, as no start is used (the spec holds the first
    /// free square, or the next when that is the chosen end). A blocked
    /// `--start` still is.
    pub fn spec_any_start(&self, config: &Config) -> Result<Spec, String> {
        self.spec_with(config, false)
    }

    fn spec_with(&self, config: &Config, needs_start: bool) -> Result<Spec, String> {
        let (flags, file) = (self.board.expanded(), &config.board);
        let rows = value(&flags.rows.or(file.rows));
        let cols = value(&flags.cols.or(file.cols));
        // A flag's side is at least 1 as it is parsed: a 0 is the file's.
        if rows == 0 || cols == 0 {
            let key = if rows == 0 { "rows" } else { "cols" };
            return Err(format!(
                "{}: board.{key}: board size {rows}x{cols}: a side must be at least 1",
                config.source()
            ));
        }
        let (block_text, block_src) = match &flags.blocked {
            Some(b) => (b.clone(), "--block".to_string()),
            None => (
                value(&file.blocked),
                format!("{}: board.blocked", config.source()),
            ),
        };
        let blocked =
            parse_square_list(&block_text, rows, cols).map_err(|e| format!("{block_src}: {e}"))?;
        for sq in &blocked {
            if sq.row >= rows || sq.col >= cols {
                return Err(format!(
                    "{block_src}: blocked square {sq} is off the {rows}x{cols} board"
                ));
            }
        }
        let leaper = value(&flags.leaper.or(file.leaper));
        let surface = value(&flags.surface.or(file.surface));
        let board = Board::with_geometry(rows, cols, &blocked, Geometry::new(leaper, surface))
            .map_err(|e| e.to_string())?;
        let (start_text, start_src) = match &flags.start {
            Some(s) => (s.clone(), "--start".to_string()),
            None => (
                value(&file.start),
                format!("{}: board.start", config.source()),
            ),
        };
        let mut start =
            Square::parse(&start_text, rows, cols).map_err(|e| format!("{start_src}: {e}"))?;
        board
            .check_square(start, "start")
            .map_err(|e| format!("{start_src}: {e}"))?;
        if !board.is_free(start)
            && !needs_start
            && flags.start.is_none()
            && let Some(free) = board.free_squares().next()
        {
            start = free;
        }
        if !board.is_free(start) {
            return Err(match flags.start {
                Some(_) => format!("{start_src}: start {start} is a blocked square"),
                None => format!(
                    "{block_src}: blocks the start {start} ({start_src}); choose another start with --start"
                ),
            });
        }
        let closed = value(&flags.closed.or(file.closed));
        let end = settle_end(&flags, config, &board, needs_start.then_some(start), closed)?;
        // Over every start the start is none in particular: not the end.
        if !needs_start
            && end == Some(start)
            && let Some(other) = board.free_squares().find(|&s| Some(s) != end)
        {
            start = other;
        }
        let (algorithm, tie_break, limits, moves) = self.search.settle(config)?;
        Ok(Spec {
            problem: Kind::from_flags(closed, end)
                .and_then(|kind| Tours::new(board, kind))
                .and_then(|tours| Problem::new(tours, start))
                .map_err(|e| e.to_string())?,
            algorithm,
            tie_break,
            limits,
            moves,
        })
    }
}

/// The last square: the flag over the file's `end` ("" for none), checked
/// on the board, free, not the start (when one is used), and the tour open.
fn settle_end(
    flags: &crate::config::BoardLayer,
    config: &Config,
    board: &Board,
    start: Option<Square>,
    closed: bool,
) -> Result<Option<Square>, String> {
    let (text, source) = match &flags.end {
        Some(e) => (e.clone(), "--end".to_string()),
        None => (
            config.board.end.clone().unwrap_or_default(),
            format!("{}: board.end", config.source()),
        ),
    };
    if text.is_empty() {
        return Ok(None);
    }
    if text == crate::config::EACH_END {
        return Err(format!(
            "{source}: needs a square, ROW,COL or algebraic (without one it is count --table's: the tours from the start to each square)"
        ));
    }
    let end =
        Square::parse(&text, board.rows(), board.cols()).map_err(|e| format!("{source}: {e}"))?;
    // Over every start, any other free square may start.
    let from = start.or_else(|| board.free_squares().find(|&s| s != end));
    if let Some(from) = from {
        Problem::new(Tours::closed_if(board.clone(), closed), from)
            .and_then(|p| p.ending_on(Some(end)))
            .map_err(|e| format!("{source}: {e}"))?;
    }
    Ok(Some(end))
}
