//! `puzzle --format svg [--count N]`: puzzles on paper, one SVG document
//! of N puzzles from seeds S to S + N - 1, then their solutions.

use std::io::{self, Write};

use crate::write::Written;
use knight_engine::puzzle::svg::{Printed, write_booklet};
use knight_engine::words;

use super::args::PuzzleArgs;
use super::failure::{Exit, Ran, usage};
use super::puzzle::{headline, made, note, today};
use super::solve::write_out;

/// The most puzzles one booklet holds.
pub const MOST: u64 = 1000;

/// Makes the booklet `args` asks for and prints it or writes `--out`.
pub fn make(args: &PuzzleArgs) -> Ran {
    if let Some(out) = &args.out {
        super::solve::check_writable(out)?;
    }
    let count = args.count.unwrap_or(1);
    if count > MOST {
        return Err(usage(format!(
            "--count: a booklet holds at most {MOST} puzzles, not {count}"
        )));
    }
    let first = args.seed.unwrap_or_else(today);
    let Some(last) = first.checked_add(count - 1) else {
        return Err(usage(format!(
            "--seed {first} with --count {count} runs past the largest seed, {}",
            u64::MAX
        )));
    };
    let board = (args.size, args.rows, args.cols);
    let mut puzzles = Vec::with_capacity(count as usize);
    for seed in first..=last {
        let Some((m, seed)) = made(board, args.closed, args.difficulty, Some(seed))? else {
            return Ok(Exit::No);
        };
        note(args.difficulty, &m, (count > 1).then_some(seed));
        puzzles.push((m, seed));
    }
    let sheets: Vec<Printed> = puzzles.iter().map(|(m, s)| Printed::of(m, *s)).collect();
    let fill = |w: &mut dyn Write| write_booklet(w, &sheets);
    match &args.out {
        Some(path) => {
            let written = write_out(path, fill)?;
            if written == Written::File && !args.quiet {
                let (m, seed) = &puzzles[0];
                let what = if count == 1 {
                    headline(m, *seed)
                } else {
                    format!(
                        "{count} knight's tour puzzles, {}, {} tour, seeds {first} to {last}, and their solutions",
                        m.puzzle.board().describe(),
                        words::kind(args.closed)
                    )
                };
                println!("wrote {}: {what}", path.display());
            }
        }
        None => {
            let stdout = io::stdout();
            let mut out = io::BufWriter::new(stdout.lock());
            fill(&mut out)?;
            out.flush()?;
        }
    }
    Ok(Exit::Yes)
}
