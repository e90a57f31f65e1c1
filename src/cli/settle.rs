//! Settling: flags over the user's configuration over the built-in one,
//! into the engine's [`Spec`].

use knight_tui::board::{Board, Geometry, Square, parse_square_list};
use knight_tui::solver::{Algorithm, Limits, MoveOrder, TieBreak};
use knight_tui::spec::Spec;

use super::args::{BoardArgs, SearchArgs};
use crate::config::Config;

impl SearchArgs {
    /// Flags over configuration: algorithm, tie-break, limits, move order.
    pub fn settle(
        &self,
        config: &Config,
    ) -> Result<(Algorithm, TieBreak, Limits, MoveOrder), String> {
        let algorithm =
            flag_or(&self.algo, config.search.algorithm).map_err(|e| format!("--algo: {e}"))?;
        let tie_break = flag_or(&self.tie_break, config.search.tie_break)
            .map_err(|e| format!("--tie-break: {e}"))?;
        let nodes = self
            .node_limit
            .or((config.search.node_limit > 0).then_some(config.search.node_limit));
        let secs = self
            .time_limit
            .or((config.search.time_limit > 0.0).then_some(config.search.time_limit));
        let limits = Limits {
            nodes,
            time: secs.map(knight_tui::spec::time_limit).transpose()?,
        };
        let moves = match &self.moves {
            Some(m) => m.parse().map_err(|e| format!("--moves: {e}"))?,
            None => config.search.moves,
        };
        Ok((algorithm, tie_break, limits, moves))
    }
}

/// A flag's name parsed, or the configured default.
pub fn flag_or<T: std::str::FromStr<Err = String>>(
    flag: &Option<String>,
    default: T,
) -> Result<T, String> {
    flag.as_deref().map_or(Ok(default), str::parse)
}

impl super::args::RaceArgs {
    /// The right side of the race: the left side's search with the `--vs`
    /// flags over it. Refused when both sides would search alike.
    pub fn rival(&self, left: &Spec) -> Result<Spec, String> {
        let mut right = left.rival();
        right.algorithm = flag_or(&self.vs, right.algorithm).map_err(|e| format!("--vs: {e}"))?;
        right.tie_break = flag_or(&self.vs_tie_break, right.tie_break)
            .map_err(|e| format!("--vs-tie-break: {e}"))?;
        if let Some(m) = &self.vs_moves {
            right.moves = m.parse().map_err(|e| format!("--vs-moves: {e}"))?;
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
    /// Writes the flags given over a configuration table, under the keys
    /// the configuration file uses.
    pub fn overlay(&self, table: &mut toml::Table) {
        use super::config::set;
        use toml::Value::{Boolean, Float, Integer, String as Text};
        if let Some(n) = self.size {
            set(table, "board", "rows", Integer(n.into()));
            set(table, "board", "cols", Integer(n.into()));
        }
        if let Some(r) = self.rows {
            set(table, "board", "rows", Integer(r.into()));
        }
        if let Some(c) = self.cols {
            set(table, "board", "cols", Integer(c.into()));
        }
        if let Some(s) = &self.start {
            set(table, "board", "start", Text(s.clone()));
        }
        if let Some(b) = &self.block {
            set(table, "board", "blocked", Text(b.clone()));
        }
        if self.closed || self.open {
            set(table, "board", "closed", Boolean(self.closed));
        }
        if let Some(l) = &self.leaper {
            set(table, "board", "leaper", Text(l.clone()));
        }
        if let Some(s) = &self.surface {
            set(table, "board", "surface", Text(s.clone()));
        }
        let s = &self.search;
        if let Some(a) = &s.algo {
            set(table, "search", "algorithm", Text(a.clone()));
        }
        if let Some(t) = &s.tie_break {
            set(table, "search", "tie_break", Text(t.clone()));
        }
        if let Some(m) = &s.moves {
            set(table, "search", "moves", Text(m.clone()));
        }
        if let Some(n) = s.node_limit {
            set(
                table,
                "search",
                "node_limit",
                Integer(i64::try_from(n).unwrap_or(i64::MAX)),
            );
        }
        if let Some(t) = s.time_limit {
            set(table, "search", "time_limit", Float(t));
        }
    }

    /// Flags over configuration. Errors are one line.
    pub fn spec(&self, config: &Config) -> Result<Spec, String> {
        self.spec_with(config, true)
    }

    /// As [`BoardArgs::spec`], for a command that counts from every start
    /// (`count --all-starts`, `count --table`): a configured start that is
    /// blocked is no error, as no start is used (the spec holds the first
    /// free square). A blocked `--start` still is.
    pub fn spec_any_start(&self, config: &Config) -> Result<Spec, String> {
        self.spec_with(config, false)
    }

    fn spec_with(&self, config: &Config, needs_start: bool) -> Result<Spec, String> {
        let (rows, cols) = match (self.size, self.rows, self.cols) {
            (Some(n), _, _) => (n, n),
            (None, r, c) => (
                r.unwrap_or(config.board.rows),
                c.unwrap_or(config.board.cols),
            ),
        };
        if rows == 0 || cols == 0 {
            let from = if self.size.is_some() {
                "--size".to_string()
            } else if rows == 0 && self.rows.is_some() {
                "--rows".to_string()
            } else if cols == 0 && self.cols.is_some() {
                "--cols".to_string()
            } else {
                let key = if rows == 0 { "rows" } else { "cols" };
                format!("{}: board.{key}", config.source())
            };
            return Err(format!(
                "{from}: board size {rows}x{cols}: a side must be at least 1"
            ));
        }
        let (block_text, block_src) = match &self.block {
            Some(b) => (b.as_str(), "--block".to_string()),
            None => (
                config.board.blocked.as_str(),
                format!("{}: board.blocked", config.source()),
            ),
        };
        let blocked =
            parse_square_list(block_text, rows, cols).map_err(|e| format!("{block_src}: {e}"))?;
        for sq in &blocked {
            if sq.row >= rows || sq.col >= cols {
                return Err(format!(
                    "{block_src}: blocked square {sq} is off the {rows}x{cols} board"
                ));
            }
        }
        let leaper =
            flag_or(&self.leaper, config.board.leaper).map_err(|e| format!("--leaper: {e}"))?;
        let surface =
            flag_or(&self.surface, config.board.surface).map_err(|e| format!("--surface: {e}"))?;
        let board = Board::with_geometry(rows, cols, &blocked, Geometry::new(leaper, surface))?;
        let (start_text, start_src) = match &self.start {
            Some(s) => (s.as_str(), "--start".to_string()),
            None => (
                config.board.start.as_str(),
                format!("{}: board.start", config.source()),
            ),
        };
        let mut start =
            Square::parse(start_text, rows, cols).map_err(|e| format!("{start_src}: {e}"))?;
        board
            .check_square(start, "start")
            .map_err(|e| format!("{start_src}: {e}"))?;
        if !board.is_free(start)
            && !needs_start
            && self.start.is_none()
            && let Some(free) = board.free_squares().next()
        {
            start = free;
        }
        if !board.is_free(start) {
            return Err(format!("{start_src}: start {start} is a blocked square"));
        }
        let (algorithm, tie_break, limits, moves) = self.search.settle(config)?;
        Ok(Spec {
            board,
            start,
            closed: !self.open && (self.closed || config.board.closed),
            algorithm,
            tie_break,
            limits,
            moves,
        })
    }
}
