//! `verify`: check a tour file and say what it is, or its first fault.

use std::io::{self, Read, Write};
use std::path::Path;

use knight_tui::tour::{self, Summary};

use super::args::VerifyArgs;
use super::failure::{Exit, Failure, Outcome};

pub fn verify(args: &VerifyArgs) -> Outcome {
    let name = args.file.display().to_string();
    let bytes = read_input(&args.file).map_err(|source| Failure::Read {
        name: name.clone(),
        source,
    })?;
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    // Read, but not text: not a valid tour (exit 1), not unreadable (exit 2).
    let Ok(text) = String::from_utf8(bytes) else {
        writeln!(out, "invalid: {name}: not a text file (not UTF-8)")?;
        out.flush()?;
        return Ok(Exit::No);
    };
    let loaded = match tour::parse(&text) {
        Ok(l) => l,
        Err(e) => {
            writeln!(out, "invalid: {name}: {e}")?;
            out.flush()?;
            return Ok(Exit::No);
        }
    };
    let file = loaded.file;
    let board = match file.board() {
        Ok(b) => b,
        Err(e) => {
            writeln!(out, "invalid: {name}: {e}")?;
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
            writeln!(out, "invalid: {fault}")?;
            Exit::No
        }
    };
    out.flush()?;
    Ok(code)
}

fn read_input(path: &Path) -> io::Result<Vec<u8>> {
    if path == Path::new("-") {
        let mut bytes = Vec::new();
        io::stdin().read_to_end(&mut bytes)?;
        Ok(bytes)
    } else {
        std::fs::read(path)
    }
}
