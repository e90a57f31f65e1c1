//! One deduction of a puzzle's solution: the step placed, the rule that
//! places it, and the numbers it reasons from, said in a sentence a
//! person can check on the board.

use std::fmt;

use super::Difficulty;
use super::logic::Stuck;
use crate::board::Square;

/// A rule of reasoning, from the simplest to the deepest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// A missing step beside a numbered one has one free square a
    /// knight's move from its numbered neighbours.
    Forced,
    /// A missing step has one free square within reach, in knight moves
    /// and colour, of the nearest numbers before and after it.
    Reach,
    /// A free square only one missing step can reach.
    OnlyStep,
    /// The steps between two numbers form a chain of knight's moves:
    /// following every chain that fits leaves one square for a step.
    Chain,
    /// Following the chains, a free square only one step can take.
    ChainSquare,
    /// Every other square of a step leaves no room for some other step.
    NoRoom,
}

impl Rule {
    /// Every rule, simplest first.
    pub const ALL: [Rule; 6] = [
        Rule::Forced,
        Rule::Reach,
        Rule::OnlyStep,
        Rule::Chain,
        Rule::ChainSquare,
        Rule::NoRoom,
    ];

    /// The rule's name in the JSON output: `forced`, `reach`,
    /// `only-step`, `chain`, `chain-square`, `no-room`.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Forced => "forced",
            Rule::Reach => "reach",
            Rule::OnlyStep => "only-step",
            Rule::Chain => "chain",
            Rule::ChainSquare => "chain-square",
            Rule::NoRoom => "no-room",
        }
    }

    /// The least difficulty whose puzzles may need the rule.
    pub fn level(self) -> Difficulty {
        match self {
            Rule::Forced => Difficulty::Easy,
            Rule::Reach | Rule::OnlyStep => Difficulty::Medium,
            Rule::Chain | Rule::ChainSquare => Difficulty::Hard,
            Rule::NoRoom => Difficulty::Expert,
        }
    }
}

/// A step known on a square: a clue, a number written, or one placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Numbered {
    /// The step, from 1.
    pub step: u32,
    /// Its square.
    pub square: Square,
}

impl fmt::Display for Numbered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} on {}", self.step, self.square)
    }
}

/// Why a step goes on its square: the rule, with what it reasons from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Why {
    /// [`Rule::Forced`]: the numbered steps just before and after.
    #[allow(missing_docs)]
    Forced {
        before: Option<Numbered>,
        after: Option<Numbered>,
    },
    /// [`Rule::Reach`]: the nearest numbers before and after.
    #[allow(missing_docs)]
    Reach {
        before: Option<Numbered>,
        after: Option<Numbered>,
    },
    /// [`Rule::OnlyStep`]: the nearest numbers before and after the step.
    #[allow(missing_docs)]
    OnlyStep {
        before: Option<Numbered>,
        after: Option<Numbered>,
    },
    /// [`Rule::Chain`]: the numbers the chain runs between.
    #[allow(missing_docs)]
    Chain {
        before: Option<Numbered>,
        after: Option<Numbered>,
    },
    /// [`Rule::ChainSquare`]: the numbers the step's chain runs between.
    #[allow(missing_docs)]
    ChainSquare {
        before: Option<Numbered>,
        after: Option<Numbered>,
    },
    /// [`Rule::NoRoom`]: each other square the step could take, with the
    /// step that would then have no square left.
    NoRoom {
        /// With the step on each square, why the rest cannot be numbered.
        tried: Vec<(Square, Stuck)>,
    },
}

/// One deduction: `step` goes on `square`, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deduction {
    /// The step placed, from 1.
    pub step: u32,
    /// Its square.
    pub square: Square,
    /// The reasoning.
    pub why: Why,
}

impl Why {
    /// The rule this reasoning follows.
    pub fn rule(&self) -> Rule {
        match self {
            Why::Forced { .. } => Rule::Forced,
            Why::Reach { .. } => Rule::Reach,
            Why::OnlyStep { .. } => Rule::OnlyStep,
            Why::Chain { .. } => Rule::Chain,
            Why::ChainSquare { .. } => Rule::ChainSquare,
            Why::NoRoom { .. } => Rule::NoRoom,
        }
    }

    fn around(&self) -> (Option<Numbered>, Option<Numbered>) {
        match *self {
            Why::Forced { before, after }
            | Why::Reach { before, after }
            | Why::OnlyStep { before, after }
            | Why::Chain { before, after }
            | Why::ChainSquare { before, after } => (before, after),
            Why::NoRoom { .. } => (None, None),
        }
    }
}

impl Deduction {
    /// The rule it follows.
    pub fn rule(&self) -> Rule {
        self.why.rule()
    }

    /// The squares it reasons from: the numbers before and after, or the
    /// other squares tried.
    pub fn from(&self) -> Vec<Square> {
        match &self.why {
            Why::NoRoom { tried } => tried.iter().map(|&(sq, _)| sq).collect(),
            why => {
                let (a, b) = why.around();
                a.into_iter().chain(b).map(|n| n.square).collect()
            }
        }
    }
}

/// `26 on 3,2 and 28 on 2,3`, or the one that is there.
fn both(a: Option<Numbered>, b: Option<Numbered>, joint: &str) -> String {
    match (a, b) {
        (Some(a), Some(b)) => format!("{a}{joint}{b}"),
        (Some(n), None) | (None, Some(n)) => n.to_string(),
        (None, None) => String::new(),
    }
}

/// `3 moves after 10 on 1,4 and 2 before 15 on 5,5`.
fn gaps(step: u32, a: Option<Numbered>, b: Option<Numbered>) -> String {
    let after = a.map(|a| format!("{} after {a}", moves(step.abs_diff(a.step))));
    let before = b.map(|b| format!("{} before {b}", moves(step.abs_diff(b.step))));
    match (after, before) {
        (Some(x), Some(y)) => format!("{x} and {y}"),
        (Some(x), None) | (None, Some(x)) => x,
        (None, None) => String::new(),
    }
}

/// `1 move`, `3 moves`.
fn moves(n: u32) -> String {
    if n == 1 {
        "1 move".into()
    } else {
        format!("{n} moves")
    }
}

impl fmt::Display for Deduction {
    /// `27 goes on 4,4: the only free square a knight's move from both 26
    /// on 3,2 and 28 on 2,3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (k, sq) = (self.step, self.square);
        match &self.why {
            Why::Forced { before, after } => {
                let from = both(*before, *after, " and ");
                let both = if before.is_some() && after.is_some() {
                    "both "
                } else {
                    ""
                };
                write!(
                    f,
                    "{k} goes on {sq}: the only free square a knight's move from {both}{from}"
                )
            }
            Why::Reach { before, after } => write!(
                f,
                "{k} goes on {sq}: the only free square a knight can reach {} (counting moves and colours)",
                gaps(k, *before, *after)
            ),
            Why::OnlyStep { before, after } => write!(
                f,
                "{sq} takes {k}: no other missing step can reach it, and {k} can ({})",
                gaps(k, *before, *after)
            ),
            Why::Chain { before, after } => write!(
                f,
                "{k} goes on {sq}: the steps between {} must be a chain of knight's moves, and every chain that fits passes {sq} at {k}",
                both(*before, *after, " and ")
            ),
            Why::ChainSquare { before, after } => write!(
                f,
                "{sq} takes {k}: following every chain of moves that fits, no other step can reach it (the chain of {k} runs between {})",
                both(*before, *after, " and ")
            ),
            Why::NoRoom { tried } => {
                write!(f, "{k} goes on {sq}: on any other square it leaves no room")?;
                for (n, (other, stuck)) in tried.iter().enumerate() {
                    let sep = if n == 0 { " (" } else { "; " };
                    match stuck {
                        Stuck::Step(j) => write!(f, "{sep}on {other}, {j} has no square left")?,
                        Stuck::Square(t) => write!(f, "{sep}on {other}, no step can reach {t}")?,
                    }
                }
                if !tried.is_empty() {
                    f.write_str(")")?;
                }
                Ok(())
            }
        }
    }
}

/// How often a solution used each rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Uses([u32; Rule::ALL.len()]);

impl Uses {
    /// Counts one more use of `rule`.
    pub fn add(&mut self, rule: Rule) {
        self.0[rule as usize] += 1;
    }
    /// How often `rule` served.
    pub fn of(&self, rule: Rule) -> u32 {
        self.0[rule as usize]
    }
    /// Every rule with its count, simplest first.
    pub fn iter(&self) -> impl Iterator<Item = (Rule, u32)> + '_ {
        Rule::ALL.into_iter().map(|r| (r, self.of(r)))
    }
    /// The deepest level any rule used belongs to (easy when none served).
    pub fn level(&self) -> Difficulty {
        self.iter()
            .filter(|&(_, n)| n > 0)
            .map(|(r, _)| r.level())
            .max()
            .unwrap_or(Difficulty::Easy)
    }
}
