//! The piece and the surface: which leaper moves (the knight is the (1,2)
//! leaper) and which edges of the board wrap.

use super::LeaperError;
use crate::words::UnknownName;
use std::fmt;
use std::str::FromStr;

/// The largest leg of a leap that is accepted: far beyond any board that
/// fits in memory, and small enough that no sum of coordinates overflows.
pub const MAX_LEAP: u32 = 100_000;

/// An (a,b) leaper: it moves `a` squares one way and `b` the other, with
/// `0 <= a <= b` and `b >= 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Leaper {
    a: u32,
    b: u32,
}

impl Leaper {
    /// The knight: one square one way and two the other.
    pub const KNIGHT: Leaper = Leaper { a: 1, b: 2 };

    /// The leapers with a name, the knight first.
    pub const NAMED: [(&'static str, Leaper); 5] = [
        ("knight", Leaper::KNIGHT),
        ("camel", Leaper { a: 1, b: 3 }),
        ("zebra", Leaper { a: 2, b: 3 }),
        ("giraffe", Leaper { a: 1, b: 4 }),
        ("antelope", Leaper { a: 3, b: 4 }),
    ];

    /// The (a,b) leaper, legs in either order; refused when both legs are
    /// 0 or a leg is over `MAX_LEAP` (100,000).
    pub fn new(a: u32, b: u32) -> Result<Leaper, LeaperError> {
        let (a, b) = (a.min(b), a.max(b));
        if b == 0 {
            return Err(LeaperError::Still);
        }
        if b > MAX_LEAP {
            return Err(LeaperError::TooLong { a, b });
        }
        Ok(Leaper { a, b })
    }

    /// The shorter leg.
    pub fn a(self) -> u32 {
        self.a
    }
    /// The longer leg.
    pub fn b(self) -> u32 {
        self.b
    }

    /// `zebra`, or None for an unnamed leaper.
    pub fn name(self) -> Option<&'static str> {
        Self::NAMED
            .iter()
            .find(|(_, l)| *l == self)
            .map(|(n, _)| *n)
    }

    /// One of its moves, as a message names it: `knight move`, `zebra
    /// move`, `(2,5) leap`.
    pub fn move_words(self) -> String {
        match self.name() {
            Some(n) => format!("{n} move"),
            None => format!("({},{}) leap", self.a, self.b),
        }
    }

    /// The next named leaper, round (the knight after any unnamed one).
    pub fn next(self) -> Leaper {
        let i = Self::NAMED.iter().position(|(_, l)| *l == self);
        Self::NAMED[i.map_or(0, |i| (i + 1) % Self::NAMED.len())].1
    }

    /// The eight move slots, in the pattern of [`super::MOVES`] (the
    /// knight's are exactly those): `(b,a)`, `(a,b)`, `(-a,b)`, … clockwise.
    /// A leaper with `a = 0` or `a = b` has four moves: the later copy of a
    /// repeated move is marked in [`Leaper::repeats`].
    pub fn slots(self) -> [(i32, i32); 8] {
        let (a, b) = (self.a as i32, self.b as i32);
        [
            (b, a),
            (a, b),
            (-a, b),
            (-b, a),
            (-b, -a),
            (-a, -b),
            (a, -b),
            (b, -a),
        ]
    }

    /// Bit `k` set for each slot that repeats an earlier one.
    pub fn repeats(self) -> u8 {
        let s = self.slots();
        (0..8)
            .filter(|&k| s[..k].contains(&s[k]))
            .fold(0, |m, k| m | 1 << k)
    }

    /// Whether every move joins squares of different colours (a + b odd).
    pub fn changes_colour(self) -> bool {
        (self.a + self.b) % 2 == 1
    }

    /// gcd(a, b): with d > 1 the leaper keeps to the squares whose
    /// coordinates are, each, the same mod d.
    pub fn lattice(self) -> u32 {
        let (mut x, mut y) = (self.a, self.b);
        while x != 0 {
            (x, y) = (y % x, x);
        }
        y
    }
}

impl Default for Leaper {
    fn default() -> Self {
        Leaper::KNIGHT
    }
}

impl fmt::Display for Leaper {
    /// `zebra`, or `(2,5) leaper`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(n) => f.write_str(n),
            None => write!(f, "({},{}) leaper", self.a, self.b),
        }
    }
}

impl FromStr for Leaper {
    type Err = LeaperError;
    /// A name (`zebra`) or the legs `a,b` (`2,3`; also `(2,3)`).
    fn from_str(text: &str) -> Result<Self, LeaperError> {
        let t = text.trim();
        if let Some((_, l)) = Self::NAMED.iter().find(|(n, _)| n.eq_ignore_ascii_case(t)) {
            return Ok(*l);
        }
        let inner = t
            .strip_prefix('(')
            .and_then(|s| s.strip_suffix(')'))
            .unwrap_or(t);
        let legs = inner.split_once(',').and_then(|(a, b)| {
            Some((a.trim().parse::<u32>().ok()?, b.trim().parse::<u32>().ok()?))
        });
        match legs {
            Some((a, b)) => Leaper::new(a, b),
            None => {
                let names: Vec<&str> = Self::NAMED.iter().map(|(n, _)| *n).collect();
                Err(
                    UnknownName::new("leaper", t, &names, ", or give the leap as a,b, e.g. 2,3")
                        .into(),
                )
            }
        }
    }
}

/// Which edges of the board wrap round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Surface {
    /// No edge wraps: the chessboard.
    #[default]
    Plane,
    /// The columns wrap: a leap off the right edge comes in at the left.
    Cylinder,
    /// Rows and columns wrap.
    Torus,
}

impl Surface {
    /// Every surface, the plane first.
    pub const ALL: [Surface; 3] = [Surface::Plane, Surface::Cylinder, Surface::Torus];

    /// The surface's lowercase name, as the command line and files write it.
    pub fn name(self) -> &'static str {
        match self {
            Surface::Plane => "plane",
            Surface::Cylinder => "cylinder",
            Surface::Torus => "torus",
        }
    }

    /// The next in [`Surface::ALL`], round.
    pub fn next(self) -> Surface {
        let i = Self::ALL.iter().position(|&s| s == self).unwrap_or(0);
        Self::ALL[(i + 1) % Self::ALL.len()]
    }

    /// Whether the columns wrap.
    pub fn wraps_columns(self) -> bool {
        self != Surface::Plane
    }
    /// Whether the rows wrap.
    pub fn wraps_rows(self) -> bool {
        self == Surface::Torus
    }
}

impl fmt::Display for Surface {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Surface {
    type Err = UnknownName;
    fn from_str(text: &str) -> Result<Self, UnknownName> {
        let t = text.trim();
        Self::ALL
            .iter()
            .copied()
            .find(|s| s.name().eq_ignore_ascii_case(t))
            .ok_or_else(|| UnknownName::new("surface", t, &Self::ALL.map(Surface::name), ""))
    }
}

/// The piece and the surface together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Geometry {
    /// The piece that tours.
    pub leaper: Leaper,
    /// Which edges wrap round.
    pub surface: Surface,
}

impl Geometry {
    /// The knight on the plane, the default.
    pub const KNIGHT_PLANE: Geometry = Geometry {
        leaper: Leaper::KNIGHT,
        surface: Surface::Plane,
    };

    /// The leaper on the surface.
    pub fn new(leaper: Leaper, surface: Surface) -> Geometry {
        Geometry { leaper, surface }
    }

    /// The knight on the plane: the chessboard every construction,
    /// strip and frontier method is made for.
    pub fn is_knight_plane(self) -> bool {
        self == Self::KNIGHT_PLANE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_slots_are_the_moves() {
        assert_eq!(Leaper::KNIGHT.slots(), super::super::MOVES);
        assert_eq!(Leaper::KNIGHT.repeats(), 0);
        assert_eq!(8 - Leaper::KNIGHT.repeats().count_ones(), 8);
    }

    #[test]
    fn four_move_leapers_repeat_four_slots() {
        for (a, b) in [(0, 1), (1, 1), (0, 3), (2, 2)] {
            let l = Leaper::new(a, b).unwrap();
            assert_eq!(8 - l.repeats().count_ones(), 4, "{l}");
            let s = l.slots();
            let distinct: std::collections::HashSet<_> = s.iter().collect();
            assert_eq!(distinct.len(), 4);
        }
    }

    #[test]
    fn names_and_legs_parse() {
        assert_eq!("zebra".parse::<Leaper>(), Ok(Leaper::new(2, 3).unwrap()));
        assert_eq!("Giraffe".parse::<Leaper>(), Ok(Leaper::new(1, 4).unwrap()));
        assert_eq!("3,2".parse::<Leaper>(), Ok(Leaper::new(2, 3).unwrap()));
        assert_eq!("(1,2)".parse::<Leaper>(), Ok(Leaper::KNIGHT));
        assert_eq!(Leaper::new(2, 5).unwrap().to_string(), "(2,5) leaper");
        assert!(
            "0,0"
                .parse::<Leaper>()
                .unwrap_err()
                .to_string()
                .contains("must move")
        );
        assert!(
            "horse"
                .parse::<Leaper>()
                .unwrap_err()
                .to_string()
                .contains("unknown leaper")
        );
        assert!("1,-2".parse::<Leaper>().is_err());
        assert!("1,1000000".parse::<Leaper>().is_err());
        assert_eq!("Torus".parse::<Surface>(), Ok(Surface::Torus));
        assert!("sphere".parse::<Surface>().is_err());
    }

    #[test]
    fn colour_and_lattice() {
        assert!(Leaper::KNIGHT.changes_colour());
        assert!(!Leaper::new(1, 3).unwrap().changes_colour());
        assert_eq!(Leaper::new(2, 4).unwrap().lattice(), 2);
        assert_eq!(Leaper::new(0, 3).unwrap().lattice(), 3);
        assert_eq!(Leaper::new(2, 3).unwrap().lattice(), 1);
    }
}
