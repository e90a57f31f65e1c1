//! Colours and symbols: the configuration's theme section, with colours off
//! under NO_COLOR and ASCII symbols on request. Every state is marked with a
//! symbol as well as a colour, so the app reads without colour too.

use ratatui::style::{Color, Modifier, Style};

use crate::config::Config;

pub(crate) mod fit;
mod palette;

/// Background of the dark squares (256-colour grey, close to any dark or
/// light terminal background without hiding text).
pub const DARK_SQUARE: Color = Color::Indexed(237);

pub use crate::config::Depth;

/// The 16 ANSI colours as xterm draws them.
const ANSI16: [(Color, (u8, u8, u8)); 16] = [
    (Color::Black, (0, 0, 0)),
    (Color::Red, (205, 0, 0)),
    (Color::Green, (0, 205, 0)),
    (Color::Yellow, (205, 205, 0)),
    (Color::Blue, (0, 0, 238)),
    (Color::Magenta, (205, 0, 205)),
    (Color::Cyan, (0, 205, 205)),
    (Color::Gray, (229, 229, 229)),
    (Color::DarkGray, (127, 127, 127)),
    (Color::LightRed, (255, 0, 0)),
    (Color::LightGreen, (0, 255, 0)),
    (Color::LightYellow, (255, 255, 0)),
    (Color::LightBlue, (92, 92, 255)),
    (Color::LightMagenta, (255, 0, 255)),
    (Color::LightCyan, (0, 255, 255)),
    (Color::White, (255, 255, 255)),
];

impl Depth {
    /// From `COLORTERM` and `TERM`, as terminals announce themselves.
    pub fn detect(colorterm: Option<&str>, term: Option<&str>) -> Depth {
        let colorterm = colorterm.unwrap_or("").to_ascii_lowercase();
        let term = term.unwrap_or("").to_ascii_lowercase();
        if colorterm.contains("truecolor") || colorterm.contains("24bit") || term.contains("direct")
        {
            Depth::True
        } else if term.contains("256") {
            Depth::Ansi256
        } else {
            Depth::Ansi16
        }
    }

    /// `c` as this terminal can show it: a 24-bit colour becomes the
    /// nearest of the palette; palette colours are kept (an index past
    /// 15 on a 16-colour terminal becomes its nearest ANSI colour).
    pub fn fit(self, c: Color) -> Color {
        match (self, c) {
            (Depth::True, _) => c,
            (Depth::Ansi256, Color::Rgb(r, g, b)) => Color::Indexed(nearest_256(r, g, b)),
            (Depth::Ansi16, Color::Rgb(r, g, b)) => nearest_16(r, g, b),
            (Depth::Ansi16, Color::Indexed(i)) if i > 15 => {
                let (r, g, b) = rgb_of_256(i);
                nearest_16(r, g, b)
            }
            _ => c,
        }
    }
}

/// Squared distance between two colours, green weighted as the eye does.
fn distance((r1, g1, b1): (u8, u8, u8), (r2, g2, b2): (u8, u8, u8)) -> u32 {
    let d = |a: u8, b: u8| (a as i32 - b as i32).pow(2) as u32;
    2 * d(r1, r2) + 4 * d(g1, g2) + 3 * d(b1, b2)
}

fn nearest_16(r: u8, g: u8, b: u8) -> Color {
    ANSI16
        .iter()
        .min_by_key(|(_, rgb)| distance(*rgb, (r, g, b)))
        .map_or(Color::Reset, |(c, _)| *c)
}

/// The levels of the 6x6x6 colour cube (indices 16-231).
const CUBE: [u8; 6] = [0, 95, 135, 175, 215, 255];

/// The colour of palette index `i` (16-255).
pub(crate) fn rgb_of_256(i: u8) -> (u8, u8, u8) {
    if i >= 232 {
        let v = 8 + 10 * (i - 232);
        (v, v, v)
    } else {
        let i = i.saturating_sub(16);
        (
            CUBE[(i / 36) as usize],
            CUBE[(i / 6 % 6) as usize],
            CUBE[(i % 6) as usize],
        )
    }
}

/// The palette index (16-255: cube or grey ramp) nearest to a colour.
fn nearest_256(r: u8, g: u8, b: u8) -> u8 {
    (16..=255u8)
        .min_by_key(|&i| distance(rgb_of_256(i), (r, g, b)))
        .unwrap_or(16)
}

/// Colours and symbols, from the config's theme (colours off with NO_COLOR).
#[derive(Clone, Debug)]
pub struct Theme {
    pub colour: bool,
    /// The terminal's colours: 24-bit colours are fitted to it.
    pub depth: Depth,
    /// A light terminal background: light grey squares, darker steps.
    pub light: bool,
    pub ascii: bool,
    pub current: Color,
    pub candidate: Color,
    pub blocked: Color,
    pub accent: Color,
    /// The square the tour must end on.
    pub goal: Color,
    /// A puzzle's clues.
    pub clue: Color,
}

impl Default for Theme {
    fn default() -> Self {
        Theme {
            colour: true,
            depth: Depth::True,
            light: false,
            ascii: false,
            current: Color::Yellow,
            candidate: Color::Green,
            blocked: Color::DarkGray,
            accent: Color::Cyan,
            goal: Color::Magenta,
            clue: Color::LightBlue,
        }
    }
}

impl Theme {
    /// The configuration's theme; NO_COLOR (set and not empty) turns
    /// colours off. The colour depth is the configuration's, else told
    /// from `COLORTERM` and `TERM`.
    pub fn from_config(config: &Config) -> Theme {
        let var = |k| std::env::var(k).ok();
        let depth = config
            .theme
            .colours
            .unwrap_or_else(|| Depth::detect(var("COLORTERM").as_deref(), var("TERM").as_deref()));
        Theme {
            colour: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
            depth,
            light: config.theme.background.unwrap_or_else(light_background),
            ascii: config.app.ascii,
            current: depth.fit(config.theme.current),
            candidate: depth.fit(config.theme.candidate),
            blocked: depth.fit(config.theme.blocked),
            accent: depth.fit(config.theme.accent),
            goal: depth.fit(config.theme.goal),
            clue: depth.fit(config.theme.clue),
        }
    }

    /// The colour of text on a square of the board (a clue, a target's
    /// key, the goal), dark or not: `c` fitted to read on both kinds of
    /// square, so it looks the same on each; at 16 colours, where on a
    /// dark terminal no colour reads on both, fitted to its own square
    /// when the common one does not read there.
    pub fn board_text(&self, c: Color, dark: bool) -> Color {
        let (depth, light) = (self.depth, self.light);
        let grounds = [Color::Reset, self.dark_square()];
        let both = fit::on(c, &grounds, depth, light, fit::TEXT);
        let ground = grounds[dark as usize];
        if grounds
            .iter()
            .all(|&g| fit::worst(both, g, light) >= fit::TEXT)
        {
            both
        } else {
            fit::on(c, &[ground], depth, light, fit::TEXT)
        }
    }

    /// The colour of step `step`'s number of `total` on a square, dark or
    /// not: the ramp's; at 16 colours, where no palette colour reads at
    /// 4.5:1 on both kinds of square in every palette, the terminal's own
    /// foreground, or black on the grey squares.
    pub fn step_text(&self, step: u32, total: usize, dark: bool) -> Color {
        match self.depth {
            Depth::Ansi16 => self.board_text(Color::Reset, dark),
            _ => self.ramp(step, total),
        }
    }

    /// The dark squares' background, in this terminal's palette.
    pub fn dark_square(&self) -> Color {
        palette::dark_square(self.depth, self.light)
    }

    /// An empty square (or block) in the block views, where every empty
    /// square is drawn alike.
    pub fn empty_block(&self) -> Color {
        palette::empty_block(self.depth, self.light)
    }

    /// Whether `sq` is drawn on the shaded ground ([`Theme::dark_square`]):
    /// the dark squares on a light terminal, the light ones on a dark
    /// terminal, so the dark squares always look the darker.
    pub fn shaded(&self, sq: knight_engine::board::Square) -> bool {
        (sq.colour() == 1) == self.light
    }

    /// The dot of an empty square in the numbers view: dark grey, or the
    /// nearest colour that shows on the square at 3:1.
    pub fn dot(&self, dark: bool) -> Color {
        let ground = if dark {
            self.dark_square()
        } else {
            Color::Reset
        };
        fit::on(
            Color::DarkGray,
            &[ground],
            self.depth,
            self.light,
            fit::MARK,
        )
    }

    /// `fg` over `bg`, or black or white where a palette's `fg` would
    /// barely show on it (the knight's yellow on the last steps' yellow);
    /// 24-bit colours are kept as they are.
    pub fn legible(&self, fg: Color, bg: Color) -> Color {
        match self.depth {
            Depth::True => fg,
            _ => palette::legible(fg, bg),
        }
    }

    /// A foreground colour for text, or nothing without colours.
    pub fn fg(&self, c: Color) -> Style {
        if self.colour {
            Style::new().fg(self.readable(c))
        } else {
            Style::new()
        }
    }

    /// A named colour as text on the terminal's background: at 16 colours
    /// the name (the terminal's palette decides); at 256 and 24-bit
    /// colours, a shade that reads at 4.5:1 or more where xterm's would
    /// not (its red, magenta and light blue on black, its green, yellow,
    /// cyan and light blue on white).
    pub fn readable(&self, c: Color) -> Color {
        fit::on(c, &[Color::Reset], self.depth, self.light, fit::TEXT)
    }

    /// Keys in the hint bar, the help and the side panes.
    pub fn key(&self) -> Style {
        self.fg(self.accent).add_modifier(Modifier::BOLD)
    }

    /// The knight's square: black on the knight's colour (readable on a
    /// dark or a light background), or reversed without colour.
    pub fn knight(&self) -> Style {
        self.marked(self.current)
    }

    /// Black as this terminal shows it: the palette's at 16 colours, else
    /// true black.
    fn ink(&self) -> Color {
        match self.depth {
            Depth::Ansi16 => Color::Black,
            _ => Color::Indexed(16),
        }
    }

    /// A square that stands out: black, bold, on `c` (or the nearest fill
    /// black reads on); reversed without colour.
    pub fn marked(&self, c: Color) -> Style {
        if self.colour {
            let ink = self.ink();
            Style::new()
                .fg(ink)
                .bg(fit::fill(c, ink, self.depth, self.light))
                .add_modifier(self.bold_black())
        } else {
            Style::new().add_modifier(Modifier::BOLD | Modifier::REVERSED)
        }
    }

    /// Bold for black text, except at 16 colours, where terminals that
    /// draw bold as bright turn black into grey (grey on cyan reads at
    /// 2:1).
    pub fn bold_black(&self) -> Modifier {
        if self.depth == Depth::Ansi16 {
            Modifier::empty()
        } else {
            Modifier::BOLD
        }
    }

    /// The cursor square: the accent colour, or reversed with its text in
    /// italics (an underline would stripe every line of a tall cell).
    pub fn cursor(&self) -> Style {
        if self.colour {
            let ink = self.ink();
            Style::new()
                .bg(fit::fill(self.accent, ink, self.depth, self.light))
                .fg(ink)
        } else {
            Style::new().add_modifier(Modifier::REVERSED | Modifier::ITALIC)
        }
    }

    /// Colour of step `step` of `total`: the viridis-like ramp of the
    /// pictures (violet, blue, teal, green, yellow: brighter with the step,
    /// colour-blind safe), each colour fitted to read as text at 4.5:1 on
    /// both kinds of square (see [`fit`]).
    /// In 24-bit, looked up in a palette of [`RAMP_LEVELS`] colours made
    /// once per background (a frame asks for thousands); at 256 and 16
    /// colours, the steps are shared out evenly among the colours of the
    /// terminal's own ramp (see [`palette::ramp`]).
    pub fn ramp(&self, step: u32, total: usize) -> Color {
        let t = if total > 1 {
            (step.saturating_sub(1)) as f64 / (total - 1) as f64
        } else {
            0.0
        };
        if let Some(colours) = palette::ramp(self.depth, self.light) {
            let n = colours.len();
            return colours[((t.clamp(0.0, 1.0) * n as f64) as usize).min(n - 1)];
        }
        let palette = PALETTES[self.light as usize].get_or_init(|| {
            std::array::from_fn(|i| {
                let (r, g, b) = knight_engine::tour::svg::ramp(i as f64 / (RAMP_LEVELS - 1) as f64);
                let grounds = [Color::Reset, self.dark_square()];
                fit::on(
                    Color::Rgb(r, g, b),
                    &grounds,
                    Depth::True,
                    self.light,
                    fit::TEXT,
                )
            })
        });
        palette[(t.clamp(0.0, 1.0) * (RAMP_LEVELS - 1) as f64).round() as usize]
    }
}

/// Whether the terminal's background is light: as `COLORFGBG` says where
/// the terminal sets it, else as the terminal answers the OSC 11 question
/// (its background colour) within a fifth of a second, else dark.
fn light_background() -> bool {
    use std::io::IsTerminal;
    if let Some(light) = std::env::var("COLORFGBG")
        .ok()
        .and_then(|v| light_by_colorfgbg(&v))
    {
        return light;
    }
    if !std::io::stdin().is_terminal() || !std::io::stdout().is_terminal() {
        return false;
    }
    let mut options = terminal_colorsaurus::QueryOptions::default();
    options.timeout = std::time::Duration::from_millis(200);
    terminal_colorsaurus::theme_mode(options)
        .is_ok_and(|mode| mode == terminal_colorsaurus::ThemeMode::Light)
}

/// `COLORFGBG` (`15;0`, `0;default;15`: foreground, background): whether
/// the background is light, as rxvt and vim read it: colours 7 and 9 to 15
/// are light, 0 to 6 and 8 dark; `None` when it names no colour.
fn light_by_colorfgbg(value: &str) -> Option<bool> {
    let bg: u8 = value.rsplit(';').next()?.trim().parse().ok()?;
    match bg {
        7 | 9..=15 => Some(true),
        0..=6 | 8 => Some(false),
        _ => None,
    }
}

/// Colours in the step ramp's palette: more than the eye tells apart.
pub const RAMP_LEVELS: usize = 256;

/// The 24-bit step ramp's palettes, one per background, made when first
/// asked for.
static PALETTES: [std::sync::OnceLock<[Color; RAMP_LEVELS]>; 2] =
    [const { std::sync::OnceLock::new() }; 2];

/// The dark squares on a light background: a light grey.
pub const LIGHT_SQUARE: Color = Color::Indexed(252);

#[cfg(test)]
mod tests {
    use super::*;

    /// Rec. 709 luma of a colour.
    fn luma(r: u8, g: u8, b: u8) -> f64 {
        0.2126 * r as f64 + 0.7152 * g as f64 + 0.0722 * b as f64
    }

    #[test]
    fn on_a_light_background_the_steps_stay_dark_enough_to_read() {
        let theme = Theme {
            light: true,
            ..Theme::default()
        };
        assert_eq!(theme.dark_square(), LIGHT_SQUARE);
        for step in 1..=100 {
            let c = theme.ramp(step, 100);
            assert!(matches!(c, Color::Rgb(..)), "a 24-bit colour");
            for ground in [Color::Reset, LIGHT_SQUARE] {
                assert!(fit::worst(c, ground, true) >= fit::TEXT, "step {step}");
            }
        }
        assert_ne!(theme.ramp(1, 100), theme.ramp(100, 100));
    }

    #[test]
    fn colorfgbg_tells_a_light_background_from_a_dark_one() {
        assert_eq!(light_by_colorfgbg("15;0"), Some(false));
        assert_eq!(light_by_colorfgbg("0;15"), Some(true));
        assert_eq!(light_by_colorfgbg("0;default;7"), Some(true));
        assert_eq!(light_by_colorfgbg("7;8"), Some(false));
        assert_eq!(light_by_colorfgbg("0;default"), None);
        assert_eq!(light_by_colorfgbg(""), None);
    }

    #[test]
    fn colour_depth_is_detected_and_colours_fitted_to_it() {
        let d = Depth::detect;
        assert_eq!(d(Some("truecolor"), Some("xterm")), Depth::True);
        assert_eq!(d(Some("24bit"), None), Depth::True);
        assert_eq!(d(None, Some("xterm-256color")), Depth::Ansi256);
        assert_eq!(d(None, Some("tmux-256color")), Depth::Ansi256);
        assert_eq!(d(None, Some("xterm")), Depth::Ansi16);
        assert_eq!(d(None, None), Depth::Ansi16);
        // 24-bit colours to the nearest of the palette.
        assert_eq!(
            Depth::Ansi256.fit(Color::Rgb(255, 0, 0)),
            Color::Indexed(196)
        );
        assert_eq!(
            Depth::Ansi256.fit(Color::Rgb(128, 128, 128)),
            Color::Indexed(244)
        );
        assert_eq!(
            Depth::Ansi16.fit(Color::Rgb(250, 230, 40)),
            Color::LightYellow
        );
        assert_eq!(Depth::Ansi16.fit(Color::Indexed(237)), Color::Black);
        assert_eq!(Depth::True.fit(Color::Rgb(1, 2, 3)), Color::Rgb(1, 2, 3));
        // Named colours are the terminal's own: kept.
        assert_eq!(Depth::Ansi16.fit(Color::Cyan), Color::Cyan);
        // The ramp on a 256-colour terminal: palette colours only, and not
        // all one colour.
        let theme = Theme {
            depth: Depth::Ansi256,
            ..Theme::default()
        };
        let colours: std::collections::BTreeSet<u8> = (1..=64)
            .map(|s| match theme.ramp(s, 64) {
                Color::Indexed(i) => i,
                other => panic!("{other:?}"),
            })
            .collect();
        assert!(colours.len() >= 8, "{colours:?}");
    }

    #[test]
    fn the_configuration_may_say_how_many_colours_the_terminal_shows() {
        let mut config: Config = toml::from_str(crate::config::DEFAULT).unwrap();
        for depth in [Depth::Ansi16, Depth::Ansi256, Depth::True] {
            config.theme.colours = Some(depth);
            assert_eq!(Theme::from_config(&config).depth, depth);
        }
    }

    #[test]
    fn the_step_ramp_reads_on_dark_squares_and_brightens() {
        let theme = Theme::default();
        let total = 400;
        let first = theme.ramp(1, total);
        for step in 1..=total as u32 {
            let c = theme.ramp(step, total);
            assert!(matches!(c, Color::Rgb(..)), "a 24-bit colour");
            for ground in [Color::Reset, DARK_SQUARE] {
                let r = fit::worst(c, ground, false);
                assert!(r >= fit::TEXT, "step {step}: {r:.2}:1");
            }
        }
        let Color::Rgb(r, g, b) = theme.ramp(total as u32, total) else {
            unreachable!()
        };
        assert!(luma(r, g, b) > 200.0, "the last steps are bright (yellow)");
        assert_ne!(first, theme.ramp(total as u32, total));
    }
}
