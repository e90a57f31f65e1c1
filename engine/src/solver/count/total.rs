//! What a count gives: its number, how it ended ([`Outcome`]), and how
//! it was taken ([`Method`]).

use crate::solver::{Limit, Stats};
use crate::theory;

use super::Failure;

/// How many tours a [`Count`](super::Count) found, how the count ended, and how it
/// was taken.
#[derive(Clone, Debug)]
pub struct Total {
    /// Tours counted (up to 2^128 - 1: strips of a few hundred squares get
    /// there); what `outcome` says they are.
    pub count: u128,
    /// How the count ended.
    pub outcome: Outcome,
    /// What the search did.
    pub stats: Stats,
    /// How the count was taken.
    pub method: Method,
}

/// How a count ended: what its number means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every tour was counted: the number is the total.
    Counted,
    /// There is none, by theory's proof (the number is 0).
    NoTour(theory::NoTour),
    /// The count reached the maximum asked for: there are at least that
    /// many, and the number is the maximum.
    Reached,
    /// A limit stopped it before the end: the number is a lower bound
    /// (over the frontier, which has no total before its end, 0).
    Stopped(Limit),
    /// The caller cancelled it: the number is a lower bound.
    Cancelled,
    /// The count could not be taken.
    Failed(Failure),
}

impl Total {
    /// Whether the number is the exact total: counted to the end, or
    /// proved none.
    pub fn complete(&self) -> bool {
        matches!(self.outcome, Outcome::Counted | Outcome::NoTour(_))
    }

    /// The limit that stopped the count, if one did.
    pub fn limit(&self) -> Option<Limit> {
        match self.outcome {
            Outcome::Stopped(limit) => Some(limit),
            _ => None,
        }
    }
}

/// How a count was taken.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Method {
    /// By search, tour after tour.
    #[default]
    Enumeration,
    /// Along a strip 3 or 4 squares wide.
    Strip,
    /// Over the frontier, square by square: `states`, the most held at
    /// one square (when stopped: held then); `done` squares placed of all
    /// `squares`; and `bytes` held when the memory bound stopped it (or
    /// known to be needed, when it was refused: `done` 0).
    #[allow(missing_docs)]
    Frontier {
        states: u64,
        done: u64,
        squares: u64,
        bytes: u64,
    },
}

impl Method {
    /// The method's name: `enumeration`, `strip` or `frontier`.
    pub fn name(self) -> &'static str {
        match self {
            Method::Enumeration => "enumeration",
            Method::Strip => "strip",
            Method::Frontier { .. } => "frontier",
        }
    }
}
