//! Colour on the command line: `--color auto|always|never`, and the
//! conventions anstream reads for `auto` (a terminal; `NO_COLOR` non-empty
//! or `TERM=dumb` turn it off, <https://no-color.org>). Styles are anstyle's.

use std::sync::OnceLock;

use anstream::AutoStream;
use anstyle::{AnsiColor, Style};

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
        // anstream's answer for the stream as it is: a terminal that shows
        // colour, with no variable saying otherwise.
        ColorChoice::Auto => {
            let choice = match stream {
                Stream::Stdout => AutoStream::choice(&std::io::stdout()),
                Stream::Stderr => AutoStream::choice(&std::io::stderr()),
            };
            choice != anstream::ColorChoice::Never
        }
    }
}

/// `text` in `colour` and bold, when `stream` is coloured.
pub fn paint(stream: Stream, colour: AnsiColor, text: &str) -> String {
    if enabled(stream) {
        let style = Style::new().fg_color(Some(colour.into())).bold();
        format!("{style}{text}{style:#}")
    } else {
        text.to_string()
    }
}
