//! The palettes of the 256- and 16-colour terminals: the dark squares and
//! the step ramp chosen from the colours each has, rather than the 24-bit
//! ones fitted to it (fitted to 16 colours, grey 237 is black, invisible on
//! a black background, and the ramp is grey and yellow).

use ratatui::style::Color;

use super::fit::{luminance, xterm as rgb};
use super::{DARK_SQUARE, Depth, LIGHT_SQUARE};

/// The step ramp on a dark background, 256 colours: violet, blue, teal,
/// green, yellow from the 6x6x6 cube (each then fitted to read on black
/// and on the dark squares, grey 237).
const RAMP_256_DARK: [Color; 12] = [
    Color::Indexed(140),
    Color::Indexed(104),
    Color::Indexed(68),
    Color::Indexed(74),
    Color::Indexed(73),
    Color::Indexed(72),
    Color::Indexed(78),
    Color::Indexed(113),
    Color::Indexed(149),
    Color::Indexed(185),
    Color::Indexed(220),
    Color::Indexed(226),
];

/// The step ramp on a light background, 256 colours: violet, blue, teal,
/// green and a dark red from the darkest of the cube, which read at 4.5:1
/// on white and on the light grey squares (grey 252).
const RAMP_256_LIGHT: [Color; 8] = [
    Color::Indexed(53),
    Color::Indexed(54),
    Color::Indexed(55),
    Color::Indexed(19),
    Color::Indexed(24),
    Color::Indexed(23),
    Color::Indexed(22),
    Color::Indexed(88),
];

/// The step ramp on a dark background, 16 colours: the bright colours, in
/// the order of the 24-bit ramp (violet, blue, teal, green, yellow, white).
/// They read on black and on dark grey, and none is the knight's (yellow),
/// the candidates' (green), the cursor's (cyan) or the blocked squares'
/// (dark grey) of the default theme.
const RAMP_16_DARK: [Color; 6] = [
    Color::LightMagenta,
    Color::LightBlue,
    Color::LightCyan,
    Color::LightGreen,
    Color::LightYellow,
    Color::White,
];

/// The step ramp on a light background, 16 colours: the same hues, from
/// the colours that read on white and on light grey (no yellow). Too few
/// are left to avoid the cursor's cyan and the candidates' green.
const RAMP_16_LIGHT: [Color; 6] = [
    Color::Magenta,
    Color::LightMagenta,
    Color::Blue,
    Color::LightBlue,
    Color::Cyan,
    Color::Green,
];

/// The step ramp of a palette terminal, early steps first; `None` for
/// 24-bit, whose ramp is computed. At 256 colours each colour is fitted
/// to read as text on both kinds of square (see [`super::fit`]).
pub fn ramp(depth: Depth, light: bool) -> Option<&'static [Color]> {
    static FITTED: [std::sync::OnceLock<Vec<Color>>; 2] = [const { std::sync::OnceLock::new() }; 2];
    match (depth, light) {
        (Depth::True, _) => None,
        (Depth::Ansi256, _) => Some(FITTED[light as usize].get_or_init(|| {
            let from: &[Color] = if light {
                &RAMP_256_LIGHT
            } else {
                &RAMP_256_DARK
            };
            let grounds = [Color::Reset, dark_square(depth, light)];
            let mut fitted: Vec<Color> = from
                .iter()
                .map(|&c| super::fit::on(c, &grounds, depth, light, super::fit::TEXT))
                .collect();
            fitted.dedup();
            fitted
        })),
        (Depth::Ansi16, false) => Some(&RAMP_16_DARK),
        (Depth::Ansi16, true) => Some(&RAMP_16_LIGHT),
    }
}

/// The dark squares' background: greys 237 (on a dark background) and 252
/// (on a light one) of the 256 colours, and at 16 colours the light grey,
/// which stands out from a black or a white background and carries black
/// text at 8.7:1 or more in common palettes (on the dark grey no colour
/// reads at 4.5:1 in all of them: xterm's white 4.0:1, Campbell's grey
/// 2.8:1).
pub fn dark_square(depth: Depth, light: bool) -> Color {
    match (depth, light) {
        (Depth::Ansi16, _) => Color::Gray,
        (_, false) => DARK_SQUARE,
        (_, true) => LIGHT_SQUARE,
    }
}

/// An empty square (or block) in the block views: the dark squares'
/// colour, but black at 16 colours on a dark background, where dark grey
/// is the blocked squares' colour.
pub fn empty_block(depth: Depth, light: bool) -> Color {
    match (depth, light) {
        (Depth::Ansi16, false) => Color::Black,
        _ => dark_square(depth, light),
    }
}

/// Least contrast (WCAG's ratio, 1 to 21) between a character and its
/// background for [`legible`] to keep the character's colour.
const MIN_CONTRAST: f64 = 3.0;

/// `fg`, or black or white (whichever shows more) where `fg` is too close
/// to `bg` in brightness to read.
pub fn legible(fg: Color, bg: Color) -> Color {
    let (Some(f), Some(b)) = (rgb(fg), rgb(bg)) else {
        return fg;
    };
    let (f, b) = (luminance(f), luminance(b));
    let contrast = |x: f64, y: f64| (x.max(y) + 0.05) / (x.min(y) + 0.05);
    if contrast(f, b) >= MIN_CONTRAST {
        fg
    } else if contrast(0.0, b) >= contrast(1.0, b) {
        Color::Black
    } else {
        Color::White
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    /// WCAG's contrast of two colours, 1 to 21.
    fn contrast(a: Color, b: Color) -> f64 {
        let (a, b) = (luminance(rgb(a).unwrap()), luminance(rgb(b).unwrap()));
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    /// Every text the app colours reads at 4.5:1 on its background, at
    /// 24-bit and 256 colours, on a dark and a light terminal: keys,
    /// messages by tone, marks, and black text on the cursor and knight.
    #[test]
    fn text_reads_at_4_5_to_1_in_24_bit_and_256_colours() {
        let mut worst = f64::MAX;
        for depth in [Depth::True, Depth::Ansi256] {
            for light in [false, true] {
                let theme = Theme {
                    depth,
                    light,
                    ..Theme::default()
                };
                let ground = if light { Color::White } else { Color::Black };
                let text = |c: Color| theme.fg(c).fg.unwrap();
                let pairs = [
                    ("keys", theme.key().fg.unwrap(), ground),
                    ("success", text(Color::Green), ground),
                    ("refusal", text(Color::Red), ground),
                    ("paused", text(Color::Yellow), ground),
                    ("targets", text(theme.candidate), ground),
                    ("goal", text(theme.goal), ground),
                    ("clues", text(theme.clue), ground),
                    ("cursor", Color::Black, theme.cursor().bg.unwrap()),
                    ("knight", Color::Black, theme.knight().bg.unwrap()),
                ];
                for (what, fg, bg) in pairs {
                    let c = contrast(fg, bg);
                    worst = worst.min(c);
                    assert!(
                        c >= 4.5,
                        "{depth:?}, light {light}: {what} {fg:?} on {bg:?}: {c:.2}"
                    );
                }
            }
        }
        eprintln!("the least contrast of the app's text: {worst:.2}:1");
        // At 16 colours black text is never bold: terminals that draw bold
        // as bright would make it grey.
        let sixteen = Theme {
            depth: Depth::Ansi16,
            ..Theme::default()
        };
        for style in [
            sixteen.knight(),
            sixteen.marked(Color::Red),
            sixteen.cursor(),
        ] {
            assert!(!style.add_modifier.contains(ratatui::style::Modifier::BOLD));
        }
    }

    use super::super::{Theme, fit};
    use super::*;

    #[test]
    fn each_palette_has_dark_squares_of_its_own_and_six_step_colours_or_more() {
        for depth in [Depth::True, Depth::Ansi256, Depth::Ansi16] {
            for light in [false, true] {
                let theme = Theme {
                    depth,
                    light,
                    ..Theme::default()
                };
                let what = format!("{depth:?}, light {light}");
                let dark = theme.dark_square();
                // Not the terminal's background: at 16 colours black (or
                // white) is, and the checkerboard would vanish.
                let background = if light { Color::White } else { Color::Black };
                assert!(![Color::Reset, background].contains(&dark), "{what}");
                let steps: Vec<Color> = (1..=400).map(|s| theme.ramp(s, 400)).collect();
                let distinct: HashSet<Color> = steps.iter().copied().collect();
                assert!(distinct.len() >= 6, "{what}: {distinct:?}");
                assert!(!distinct.contains(&dark), "{what}");
                assert!(!distinct.contains(&theme.empty_block()), "{what}");
                // The first and last steps take the ends of the ramp; a
                // colour, once left, never comes back.
                if let Some(ramp) = ramp(depth, light) {
                    assert_eq!(steps[0], ramp[0], "{what}");
                    assert_eq!(steps[399], ramp[ramp.len() - 1], "{what}");
                    let mut runs = steps.clone();
                    runs.dedup();
                    assert_eq!(runs, ramp, "{what}");
                }
                match (depth, steps[0]) {
                    (Depth::True, c) => assert!(matches!(c, Color::Rgb(..)), "{what}"),
                    (Depth::Ansi256, _) => {
                        for c in &steps {
                            let Color::Indexed(i @ 16..=231) = *c else {
                                panic!("{what}: {c:?} is not of the colour cube");
                            };
                            for ground in [Color::Reset, dark] {
                                let r = fit::worst(*c, ground, light);
                                assert!(r >= fit::TEXT, "{what}: {i} on {ground:?}: {r:.2}");
                            }
                        }
                    }
                    (Depth::Ansi16, _) => {
                        for c in &steps {
                            assert!(!matches!(c, Color::Rgb(..) | Color::Indexed(_)), "{what}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn at_16_colours_on_dark_the_steps_are_none_of_the_themes_colours() {
        let theme = Theme {
            depth: Depth::Ansi16,
            ..Theme::default()
        };
        let others = [
            theme.current,
            theme.candidate,
            theme.accent,
            theme.blocked,
            theme.dark_square(),
            theme.empty_block(),
            Color::Red,
            Color::LightRed,
        ];
        for s in 1..=64 {
            assert!(!others.contains(&theme.ramp(s, 64)), "step {s}");
        }
        // Empty squares of the block views are not blocked ones, and the
        // dots of empty squares read on the dark grey squares.
        assert_ne!(theme.empty_block(), theme.blocked);
        for dark in [false, true] {
            let ground = if dark {
                theme.dark_square()
            } else {
                Color::Reset
            };
            assert!(fit::worst(theme.dot(dark), ground, false) >= fit::MARK);
        }
        let plain = Theme::default();
        assert!(fit::worst(plain.dot(false), Color::Reset, false) >= fit::MARK);
    }

    #[test]
    fn a_mark_too_like_its_square_in_brightness_turns_black_or_white() {
        // The knight's yellow on the last steps: black.
        assert_eq!(legible(Color::Yellow, Color::White), Color::Black);
        assert_eq!(legible(Color::Yellow, Color::Indexed(226)), Color::Black);
        assert_eq!(legible(Color::Green, Color::LightGreen), Color::Black);
        // Dark on dark: white.
        assert_eq!(legible(Color::Blue, Color::Black), Color::White);
        // Clear enough: kept; and on the terminal's own background.
        assert_eq!(legible(Color::Yellow, Color::Indexed(54)), Color::Yellow);
        assert_eq!(legible(Color::Yellow, Color::Blue), Color::Yellow);
        assert_eq!(legible(Color::Yellow, Color::Reset), Color::Yellow);
        // 24-bit colours are the theme's as they are.
        let theme = Theme::default();
        assert_eq!(
            theme.legible(Color::Yellow, Color::Rgb(250, 230, 40)),
            Color::Yellow
        );
    }
}
