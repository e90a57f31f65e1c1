//! `verify`: check a tour file and say what it is, or its first fault.

use std::io::{self, Write};
use std::path::Path;

use knight_tui::files::{self, Limit, ReadError};
use knight_tui::tour::{self, Summary};
use knight_tui::words::clip;

use super::args::VerifyArgs;
use super::failure::{Exit, Failure, Outcome};

pub fn verify(args: &VerifyArgs) -> Outcome {
    let name = args.file.display().to_string();
    let read = read_input(&args.file);
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    // Read, but not a tour file's text: not a valid tour (exit 1), not
    // unreadable (exit 2).
    let text = match read {
        Ok(text) => text,
        Err(ReadError::Io(source)) => return Err(Failure::Read { name, source }),
        Err(e) => {
            writeln!(out, "invalid: {name}: {}", clip(&e.to_string()))?;
            out.flush()?;
            return Ok(Exit::No);
        }
    };
    let loaded = match tour::parse(&text) {
        Ok(l) => l,
        Err(e) => {
            writeln!(out, "invalid: {name}: {}", clip(&e.to_string()))?;
            out.flush()?;
            return Ok(Exit::No);
        }
    };
    let file = loaded.file;
    let board = match file.board() {
        Ok(b) => b,
        Err(e) => {
            writeln!(out, "invalid: {name}: {}", clip(&e.to_string()))?;
            out.flush()?;
            return Ok(Exit::No);
        }
    };
    let code = match file.check(&board) {
        Ok(Summary::Complete { closed }) => {
            let [r, c] = file.path[0];
            writeln!(
                out,
                "complete {} tour: {} squares on {} from {r},{c}",
                knight_tui::words::kind(closed),
                file.path.len(),
                board.describe()
            )?;
            Exit::Yes
        }
        Ok(Summary::Partial { visited, total }) => {
            writeln!(
                out,
                "incomplete: a legal path of {visited} of {total} squares on {}, {} left",
                board.describe(),
                total - visited
            )?;
            Exit::No
        }
        Err(fault) => {
            writeln!(out, "invalid: {}", clip(&fault.to_string()))?;
            Exit::No
        }
    };
    out.flush()?;
    Ok(code)
}

/// The file (or standard input for `-`) within the tour file's limits.
fn read_input(path: &Path) -> Result<String, ReadError> {
    let limit = Limit::tour_file();
    if path == Path::new("-") {
        files::read_text(io::stdin().lock(), &limit, None)
    } else {
        files::read_path(path, &limit, None)
    }
}
