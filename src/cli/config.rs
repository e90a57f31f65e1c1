//! `config`: where the configuration is read from and every setting in
//! effect (the defaults, the file over them, the flags over both), as TOML;
//! or the documented default file.

use std::io::{self, Write};

use super::args::ConfigArgs;
use super::failure::{Exit, Ran, usage};
use crate::config::{self, Config};

pub fn show(args: &ConfigArgs, config: &Config) -> Ran {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    if args.default {
        out.write_all(config::DEFAULT.as_bytes())?;
        out.flush()?;
        return Ok(Exit::Yes);
    }
    // The flags are checked as any command checks them.
    args.board.spec(config).map_err(usage)?;
    let mut table = config.table.clone();
    config::merge(&mut table, args.board.table());
    let read = match &config.path {
        Some(p) => format!("the built-in defaults, then {}", p.display()),
        None => match config::user_path() {
            Some(p) => format!("the built-in defaults (no file at {})", p.display()),
            None => "the built-in defaults".into(),
        },
    };
    writeln!(out, "# knight-tui: the configuration in effect")?;
    writeln!(out, "# read from {read}")?;
    if args.board != Default::default() || args.speed.index.is_some() {
        writeln!(out, "# with this command's flags over it")?;
    }
    writeln!(out)?;
    let text = toml::to_string(&table).map_err(|e| usage(format!("cannot print TOML: {e}")))?;
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(Exit::Yes)
}
