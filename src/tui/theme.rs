//! Colours and symbols: the configuration's theme section, with colours off
//! under NO_COLOR and ASCII symbols on request. Every state is marked with a
//! symbol as well as a colour, so the app reads without colour too.

use ratatui::style::{Color, Modifier, Style};

use crate::config::Config;

/// Background of the dark squares (256-colour grey, close to any dark or
/// light terminal background without hiding text).
pub const DARK_SQUARE: Color = Color::Indexed(237);

/// Colours and symbols, from the config's theme (colours off with NO_COLOR).
#[derive(Clone, Debug)]
pub struct Theme {
    pub colour: bool,
    pub ascii: bool,
    pub current: Color,
    pub candidate: Color,
    pub blocked: Color,
    pub accent: Color,
}

impl Default for Theme {
    fn default() -> Self {
        Theme {
            colour: true,
            ascii: false,
            current: Color::Yellow,
            candidate: Color::Green,
            blocked: Color::DarkGray,
            accent: Color::Cyan,
        }
    }
}

impl Theme {
    /// The configuration's theme; NO_COLOR (set and not empty) turns colours off.
    pub fn from_config(config: &Config) -> Theme {
        Theme {
            colour: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
            ascii: config.app.symbols,
            current: config.theme.current,
            candidate: config.theme.candidate,
            blocked: config.theme.blocked,
            accent: config.theme.accent,
        }
    }

    /// A foreground colour, or nothing without colours.
    pub fn fg(&self, c: Color) -> Style {
        if self.colour {
            Style::new().fg(c)
        } else {
            Style::new()
        }
    }

    /// Keys in the hint bar, the help and the side panes.
    pub fn key(&self) -> Style {
        self.fg(self.accent).add_modifier(Modifier::BOLD)
    }

    /// The cursor square: the accent colour, or reversed and underlined.
    pub fn cursor(&self) -> Style {
        if self.colour {
            Style::new().bg(self.accent).fg(Color::Black)
        } else {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::UNDERLINED)
        }
    }

    /// Colour of step `step` of `total`: blue at the start to red at the end.
    pub fn ramp(&self, step: u32, total: usize) -> Color {
        let t = if total > 1 {
            (step.saturating_sub(1)) as f64 / (total - 1) as f64
        } else {
            0.0
        };
        hsv((1.0 - t) * 240.0)
    }
}

/// A bright colour of hue `h` (degrees).
fn hsv(h: f64) -> Color {
    let x = 1.0 - ((h / 60.0) % 2.0 - 1.0).abs();
    let (r, g, b) = match (h / 60.0) as u32 {
        0 => (1.0, x, 0.0),
        1 => (x, 1.0, 0.0),
        2 => (0.0, 1.0, x),
        3 => (0.0, x, 1.0),
        _ => (x, 0.0, 1.0),
    };
    let c = |v: f64| (v * 215.0 + 40.0) as u8;
    Color::Rgb(c(r), c(g), c(b))
}
