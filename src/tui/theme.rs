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

    /// Colour of step `step` of `total`: the viridis-like ramp of the
    /// pictures (violet, blue, teal, green, yellow: brighter with the step,
    /// colour-blind safe), its dark start lifted towards white to at least
    /// [`MIN_LUMA`], so the first steps read on black and on dark squares.
    pub fn ramp(&self, step: u32, total: usize) -> Color {
        let t = if total > 1 {
            (step.saturating_sub(1)) as f64 / (total - 1) as f64
        } else {
            0.0
        };
        let (r, g, b) = knight_tui::tour::svg::ramp(t);
        let (r, g, b) = lift(r, g, b);
        Color::Rgb(r, g, b)
    }
}

/// The least brightness (Rec. 709 luma, 0-255) of a step's colour: the
/// dark squares are grey 237 (luma 58), the background black.
pub const MIN_LUMA: f64 = 130.0;

/// Rec. 709 luma of a colour.
pub fn luma(r: u8, g: u8, b: u8) -> f64 {
    0.2126 * r as f64 + 0.7152 * g as f64 + 0.0722 * b as f64
}

/// A colour mixed with white just enough to reach [`MIN_LUMA`].
fn lift(r: u8, g: u8, b: u8) -> (u8, u8, u8) {
    let l = luma(r, g, b);
    if l >= MIN_LUMA {
        return (r, g, b);
    }
    let k = (MIN_LUMA - l) / (255.0 - l);
    let up = |c: u8| (c as f64 + (255.0 - c as f64) * k).round() as u8;
    (up(r), up(g), up(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_step_ramp_reads_on_dark_squares_and_brightens() {
        let theme = Theme::default();
        let total = 400;
        let mut last = 0.0;
        for step in 1..=total as u32 {
            let Color::Rgb(r, g, b) = theme.ramp(step, total) else {
                panic!("a 24-bit colour");
            };
            let l = luma(r, g, b);
            assert!(l >= MIN_LUMA - 0.5, "step {step}: luma {l}");
            assert!(
                l >= last - 0.5,
                "step {step}: never darker than the step before"
            );
            last = l;
        }
        assert!(last > 200.0, "the last steps are bright (yellow)");
        assert_ne!(theme.ramp(1, total), theme.ramp(total as u32, total));
    }
}
