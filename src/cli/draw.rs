//! `draw`: a tour file as an SVG picture.

use std::io::{self, Write};

use knight_tui::files::Written;
use knight_tui::tour::{self, svg};

use super::args::DrawArgs;
use super::failure::{Exit, Outcome, say, usage};

pub fn draw(args: &DrawArgs) -> Outcome {
    let name = args.file.display().to_string();
    if let Some(out) = &args.out {
        super::solve::check_writable(out)?;
    }
    let text =
        super::verify::read_input(&args.file).map_err(|e| super::read_failure(&args.file, e))?;
    let file = tour::parse(&text)
        .map_err(|e| usage(format!("{name}: {e}")))?
        .file;
    let board = file.board().map_err(|e| usage(format!("{name}: {e}")))?;
    // A legal path is drawn, whole or partial; an illegal one is not.
    if let Err(fault) = file.check(&board) {
        say(&format!("cannot draw {name}: {fault}"));
        return Ok(Exit::No);
    }
    let path = file.indices(&board, file.path.len());
    let options = svg::SvgOptions {
        numbers: args.numbers,
        title: Some(format!(
            "knight-tui: {}",
            if name == "-" { "standard input" } else { &name }
        )),
    };
    let fill = |w: &mut dyn Write| svg::write_svg(w, &board, &path, &options);
    match &args.out {
        Some(out) => {
            let written = super::solve::write_out(out, fill)?;
            if written == Written::File && !args.quiet {
                let moves = path.len().saturating_sub(1);
                println!(
                    "wrote {}: {} on {} ({moves} moves)",
                    out.display(),
                    name,
                    board.describe()
                );
            }
        }
        None => {
            let stdout = io::stdout();
            let mut w = io::BufWriter::new(stdout.lock());
            fill(&mut w)?;
            w.flush()?;
        }
    }
    Ok(Exit::Yes)
}
