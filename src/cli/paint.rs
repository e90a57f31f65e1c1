//! Colour on the command line: `--color auto|always|never`, and `NO_COLOR`
//! (a non-empty value turns colour off, https://no-color.org). `auto`
//! colours a stream only when it is a terminal that can show colour.

use std::io::IsTerminal;
use std::sync::OnceLock;

use crossterm::style::{Color, Stylize};

pub use crate::config::ColorChoice;

/// Which stream a text goes to.
#[derive(Copy, Clone, Debug)]
pub enum Stream {
    Stdout,
    Stderr,
}

static CHOICE: OnceLock<ColorChoice> = OnceLock::new();

/// The choice for this run (the first call wins).
pub fn choose(choice: ColorChoice) {
    let _ = CHOICE.set(choice);
}

fn enabled(stream: Stream) -> bool {
    match CHOICE.get().copied().unwrap_or_default() {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
            let dumb = std::env::var_os("TERM").is_some_and(|t| t == "dumb");
            let tty = match stream {
                Stream::Stdout => std::io::stdout().is_terminal(),
                Stream::Stderr => std::io::stderr().is_terminal(),
            };
            !no_color && !dumb && tty
        }
    }
}

/// `text` in `colour` and bold, when `stream` is coloured.
pub fn paint(stream: Stream, colour: Color, text: &str) -> String {
    if enabled(stream) {
        text.with(colour).bold().to_string()
    } else {
        text.to_string()
    }
}
