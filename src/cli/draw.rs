//! `draw`: a tour file as an SVG picture.

use std::io::{self, Write};

use crate::write::Written;
use knight_engine::tour::svg;
use knight_engine::words;

use super::args::DrawArgs;
use super::failure::{Exit, Ran, say};

pub fn draw(args: &DrawArgs) -> Ran {
    let name = args.file.display().to_string();
    if let Some(out) = &args.out {
        super::solve::check_writable(out)?;
    }
    // Read as a replay reads it: a huge board's path kept compactly.
    let checked = super::check_tour_file(&args.file, true)?;
    let board = &checked.board;
    // A legal path is drawn, whole or partial; an illegal one is not.
    if let Err(fault) = &checked.summary {
        say(&format!("cannot draw {name}: {fault}"));
        return Ok(Exit::No);
    }
    if args.numbers && board.len() > svg::DETAIL_SQUARES {
        say(&format!(
            "{name}: {} is drawn as an overview, without step numbers (they are drawn up to {} squares)",
            board.describe(),
            words::thousands(svg::DETAIL_SQUARES as u64)
        ));
    }
    let options = svg::SvgOptions {
        numbers: args.numbers,
        title: Some(format!(
            "knight-tui: {}",
            if name == "-" { "standard input" } else { &name }
        )),
    };
    let fill = |w: &mut dyn Write| match &checked.compact {
        Some(path) => svg::write_overview(w, board, path.squares(), &options),
        None => {
            let path = checked.file.indices(board, checked.file.path.len());
            svg::write_svg(w, board, &path, &options)
        }
    };
    match &args.out {
        Some(out) => {
            let written = super::solve::write_out(out, fill)?;
            if written == Written::File && !args.quiet {
                let moves = checked.squares.saturating_sub(1);
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
