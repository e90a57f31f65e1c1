//! Colours fitted to what they are drawn on, whatever the terminal's
//! palette. A 16-colour terminal shows its own shades of the named colours
//! (xterm's green is not Tango's) and its own default foreground and
//! background; the 256-colour cube and 24-bit colours are the same
//! everywhere. A colour is kept when it reads (WCAG 2's contrast ratio) in
//! each of four common palettes; otherwise the nearest colour that does is
//! taken: at 16 colours the same hue's other brightness, else the
//! terminal's default foreground.

use std::collections::HashMap;
use std::sync::Mutex;

use ratatui::style::Color;

use super::{ANSI16, Depth, distance, rgb_of_256};

/// A colour as red, green and blue.
pub type Rgb = (u8, u8, u8);

/// Contrast for text (letters and digits).
pub const TEXT: f64 = 4.5;
/// Contrast for marks (dots, arrows, the board's lines).
pub const MARK: f64 = 3.0;

/// A terminal's 16 colours, and its default foreground and background
/// on a dark and on a light scheme.
pub struct Terminal {
    #[cfg_attr(
        not(test),
        expect(dead_code, reason = "named in the contrast test's table")
    )]
    pub name: &'static str,
    pub ansi: [Rgb; 16],
    pub dark: (Rgb, Rgb),
    pub light: (Rgb, Rgb),
}

/// xterm, GNOME's Tango, VS Code's terminal and Windows Terminal's
/// Campbell.
pub const TERMINALS: [Terminal; 4] = [
    Terminal {
        name: "xterm",
        ansi: [
            (0, 0, 0),
            (205, 0, 0),
            (0, 205, 0),
            (205, 205, 0),
            (0, 0, 238),
            (205, 0, 205),
            (0, 205, 205),
            (229, 229, 229),
            (127, 127, 127),
            (255, 0, 0),
            (0, 255, 0),
            (255, 255, 0),
            (92, 92, 255),
            (255, 0, 255),
            (0, 255, 255),
            (255, 255, 255),
        ],
        dark: ((229, 229, 229), (0, 0, 0)),
        light: ((0, 0, 0), (255, 255, 255)),
    },
    Terminal {
        name: "Tango",
        ansi: [
            (46, 52, 54),
            (204, 0, 0),
            (78, 154, 6),
            (196, 160, 0),
            (52, 101, 164),
            (117, 80, 123),
            (6, 152, 154),
            (211, 215, 207),
            (85, 87, 83),
            (239, 41, 41),
            (138, 226, 52),
            (252, 233, 79),
            (114, 159, 207),
            (173, 127, 168),
            (52, 226, 226),
            (238, 238, 236),
        ],
        dark: ((211, 215, 207), (46, 52, 54)),
        light: ((46, 52, 54), (255, 255, 255)),
    },
    Terminal {
        name: "VS Code",
        ansi: [
            (0, 0, 0),
            (205, 49, 49),
            (13, 188, 121),
            (229, 229, 16),
            (36, 114, 200),
            (188, 63, 188),
            (17, 168, 205),
            (229, 229, 229),
            (102, 102, 102),
            (241, 76, 76),
            (35, 209, 139),
            (245, 245, 67),
            (59, 142, 234),
            (214, 112, 214),
            (41, 184, 219),
            (229, 229, 229),
        ],
        dark: ((204, 204, 204), (30, 30, 30)),
        light: ((51, 51, 51), (255, 255, 255)),
    },
    Terminal {
        name: "Campbell",
        ansi: [
            (12, 12, 12),
            (197, 15, 31),
            (19, 161, 14),
            (193, 156, 0),
            (0, 55, 218),
            (136, 23, 152),
            (58, 150, 221),
            (204, 204, 204),
            (118, 118, 118),
            (231, 72, 86),
            (22, 198, 12),
            (249, 241, 165),
            (59, 120, 255),
            (180, 0, 158),
            (97, 214, 214),
            (242, 242, 242),
        ],
        dark: ((204, 204, 204), (12, 12, 12)),
        light: ((12, 12, 12), (242, 242, 242)),
    },
];

/// The 16 named colours, in the palette's order.
const NAMED: [Color; 16] = [
    Color::Black,
    Color::Red,
    Color::Green,
    Color::Yellow,
    Color::Blue,
    Color::Magenta,
    Color::Cyan,
    Color::Gray,
    Color::DarkGray,
    Color::LightRed,
    Color::LightGreen,
    Color::LightYellow,
    Color::LightBlue,
    Color::LightMagenta,
    Color::LightCyan,
    Color::White,
];

/// The palette index of a named colour (or of an index below 16).
fn index16(c: Color) -> Option<usize> {
    match c {
        Color::Indexed(i) if i < 16 => Some(i as usize),
        c => NAMED.iter().position(|&n| n == c),
    }
}

/// What `terminal` shows for `c`; `default` for the terminal's own colour
/// (`Reset`).
pub fn shown(c: Color, terminal: &Terminal, default: Rgb) -> Rgb {
    match (c, index16(c)) {
        (_, Some(i)) => terminal.ansi[i],
        (Color::Reset, _) => default,
        (Color::Indexed(i), _) => rgb_of_256(i),
        (Color::Rgb(r, g, b), _) => (r, g, b),
        _ => default,
    }
}

/// WCAG 2's relative luminance, 0 (black) to 1 (white).
pub fn luminance((r, g, b): Rgb) -> f64 {
    let lin = |c: u8| {
        let c = c as f64 / 255.0;
        if c <= 0.03928 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
}

/// WCAG 2's contrast ratio, 1 to 21.
pub fn ratio(a: Rgb, b: Rgb) -> f64 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

/// The least contrast of `fg` on `bg` over the four terminals, on a light
/// or a dark scheme (`Reset` is each terminal's default colour).
pub fn worst(fg: Color, bg: Color, light: bool) -> f64 {
    TERMINALS
        .iter()
        .map(|t| {
            let (f, b) = if light { t.light } else { t.dark };
            ratio(shown(fg, t, f), shown(bg, t, b))
        })
        .fold(f64::MAX, f64::min)
}

/// A colour as xterm draws it; `None` for the terminal's own (`Reset`).
pub fn xterm(c: Color) -> Option<Rgb> {
    match (c, index16(c)) {
        (_, Some(i)) => Some(ANSI16[i].1),
        (Color::Indexed(i), _) => Some(rgb_of_256(i)),
        (Color::Rgb(r, g, b), _) => Some((r, g, b)),
        _ => None,
    }
}

/// `c`, or the colour nearest to it this terminal can show for which `ok`
/// holds: at 16 colours the other brightness of its hue, then the
/// terminal's default foreground (`Reset`), white or black; at 256 colours the nearest of
/// the cube and the grey ramp; at 24 bits `c` mixed with white or black.
pub fn nearest(c: Color, depth: Depth, ok: impl Fn(Color) -> bool) -> Color {
    if ok(c) {
        return c;
    }
    // What a fitted colour stays near (a mid grey for the default).
    let want = xterm(c).unwrap_or((128, 128, 128));
    let found = match depth {
        Depth::Ansi16 => index16(c)
            .map(|i| NAMED[if i < 8 { i + 8 } else { i - 8 }])
            .into_iter()
            .chain([Color::Reset, Color::White, Color::Black])
            .find(|&x| ok(x)),
        Depth::Ansi256 => {
            // A colour stays a colour: greys only for a grey.
            let grey = want.0 == want.1 && want.1 == want.2;
            let mut all: Vec<u8> = (16..=if grey { 255 } else { 231 }).collect();
            all.sort_by_key(|&i| distance(rgb_of_256(i), want));
            all.into_iter().map(Color::Indexed).find(|&x| ok(x))
        }
        Depth::True => (1..=64).find_map(|k| {
            let mix = |to: u8| {
                let (r, g, b) = want;
                let m = |c: u8| (c as f64 + (to as f64 - c as f64) * k as f64 / 64.0).round() as u8;
                Color::Rgb(m(r), m(g), m(b))
            };
            [mix(255), mix(0)].into_iter().find(|&x| ok(x))
        }),
    };
    found.unwrap_or(Color::Reset)
}

/// `c` fitted as text (or marks, by `least`) on each of `grounds` (one or
/// two), found once and remembered: a frame asks for thousands.
pub fn on(c: Color, grounds: &[Color], depth: Depth, light: bool, least: f64) -> Color {
    type Key = (Color, [Color; 2], u8, bool, u64);
    static MEMO: Mutex<Option<HashMap<Key, Color>>> = Mutex::new(None);
    let pair = [grounds[0], *grounds.last().unwrap_or(&grounds[0])];
    let key = (c, pair, depth as u8, light, least.to_bits());
    let mut memo = MEMO.lock().unwrap_or_else(|e| e.into_inner());
    let memo = memo.get_or_insert_with(HashMap::new);
    *memo.entry(key).or_insert_with(|| {
        nearest(c, depth, |x| {
            grounds.iter().all(|&g| worst(x, g, light) >= least)
        })
    })
}

/// A fill for squares that carry black text (the knight, the cursor): `c`
/// or the nearest fill on which black reads as text.
pub fn fill(c: Color, ink: Color, depth: Depth, light: bool) -> Color {
    let ok = |x: Color| worst(ink, x, light) >= TEXT;
    // A fill is a colour of its own, never the terminal's background;
    // black reads on few of the 16: white where none nearer does.
    match nearest(c, depth, |x| x != Color::Reset && ok(x)) {
        Color::Reset => Color::White,
        x => x,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ratio_is_wcag_s() {
        assert!((ratio((0, 0, 0), (255, 255, 255)) - 21.0).abs() < 1e-9);
        assert!((ratio((119, 119, 119), (255, 255, 255)) - 4.48).abs() < 0.01);
        assert_eq!(ratio((9, 9, 9), (9, 9, 9)), 1.0);
    }

    #[test]
    fn a_colour_that_reads_everywhere_is_kept_and_one_that_does_not_is_fitted() {
        // Yellow on a dark background reads in all four palettes.
        assert_eq!(
            on(Color::Yellow, &[Color::Reset], Depth::Ansi16, false, TEXT),
            Color::Yellow
        );
        // Green does not in Tango (3.6:1): its bright sibling does.
        assert_eq!(
            on(Color::Green, &[Color::Reset], Depth::Ansi16, false, TEXT),
            Color::LightGreen
        );
        // Cyan on white, and its bright sibling: neither; the default.
        assert_eq!(
            on(Color::Cyan, &[Color::Reset], Depth::Ansi16, true, TEXT),
            Color::Reset
        );
        // At 256 colours, a shade of the cube near the colour.
        let c = on(Color::Cyan, &[Color::Reset], Depth::Ansi256, true, TEXT);
        assert!(matches!(c, Color::Indexed(16..)), "{c:?}");
        assert!(worst(c, Color::Reset, true) >= TEXT);
        // Black text: cyan is no fill for it at 16 colours in Tango.
        assert_eq!(
            fill(Color::Cyan, Color::Black, Depth::Ansi16, false),
            Color::LightCyan
        );
    }
}
