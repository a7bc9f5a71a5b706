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

    /// Short code as other tools write it: `S1901M`, `F1901R`, `W1901A` (the year in
    /// four digits at least, as DPjudge and the `diplomacy` package write it: `S0001M`).
    pub fn short_code(&self) -> String {
        let s = match self.season {
            Season::Spring => 'S',
            Season::Fall => 'F',
            Season::Winter => 'W',
        };
        format!("{s}{:04}{}", self.year, self.kind.letter())
    }
}

impl PhaseKind {
    /// `M`, `R` or `A`, as in short phase codes.
    pub fn letter(self) -> char {
        match self {
            PhaseKind::Movement => 'M',
            PhaseKind::Retreat => 'R',
            PhaseKind::Adjustment => 'A',
        }
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

/// Reads a phase written out: `Spring 1901, Movement`, `Fall 1902 Retreats`,
/// `Winter 1901 Builds`.
pub fn parse_phase(text: &str) -> Option<Phase> {
    let words: Vec<String> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let [season, year, kind] = words.as_slice() else {
        return None;
    };
    let season = match season.as_str() {
        "spring" => Season::Spring,
        "fall" | "autumn" => Season::Fall,
        "winter" => Season::Winter,
        _ => return None,
    };
    let kind = match kind.as_str() {
        "movement" => PhaseKind::Movement,
        "retreat" | "retreats" => PhaseKind::Retreat,
        "adjustment" | "adjustments" | "build" | "builds" => PhaseKind::Adjustment,
        _ => return None,
    };
    Some(Phase {
        season,
        year: year.parse().ok()?,
        kind,
    })
}
