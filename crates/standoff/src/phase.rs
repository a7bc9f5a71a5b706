//! Seasons, phase kinds and the phase a game is in.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Season of the year.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Season {
    /// Spring.
    Spring,
    /// Fall (autumn).
    Fall,
    /// Winter (adjustments).
    Winter,
}

/// What kind of orders a phase takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PhaseKind {
    /// Moves, supports, convoys, holds.
    Movement,
    /// Retreats and disbands of dislodged units.
    Retreat,
    /// Builds, removals and waives.
    Adjustment,
}

/// A phase of the game: season, year and kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Phase {
    /// Season.
    pub season: Season,
    /// Year (1901 is the standard first year).
    pub year: i32,
    /// Kind of phase.
    pub kind: PhaseKind,
}

impl Phase {
    /// The first phase of a standard game in `year`: spring movement.
    pub fn spring_movement(year: i32) -> Phase {
        Phase {
            season: Season::Spring,
            year,
            kind: PhaseKind::Movement,
        }
    }

    /// Short code as other tools write it: `S1901M`, `F1901R`, `W1901A`.
    pub fn short_code(&self) -> String {
        let s = match self.season {
            Season::Spring => 'S',
            Season::Fall => 'F',
            Season::Winter => 'W',
        };
        let k = match self.kind {
            PhaseKind::Movement => 'M',
            PhaseKind::Retreat => 'R',
            PhaseKind::Adjustment => 'A',
        };
        format!("{s}{}{k}", self.year)
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let season = match self.season {
            Season::Spring => "Spring",
            Season::Fall => "Fall",
            Season::Winter => "Winter",
        };
        let kind = match self.kind {
            PhaseKind::Movement => "Movement",
            PhaseKind::Retreat => "Retreat",
            PhaseKind::Adjustment => "Adjustment",
        };
        write!(f, "{season} {} {kind}", self.year)
    }
}
