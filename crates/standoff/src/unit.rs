//! Units: armies and fleets, who owns them and where they stand.

use crate::ids::{LocationId, PowerId};
use serde::{Deserialize, Serialize};

/// Army or fleet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum UnitKind {
    /// Moves over land and coast; may be convoyed.
    Army = 0,
    /// Moves over sea and along coasts; may convoy from open sea (`UnitKind as u8` is
    /// 0 or 1: the Python binding's compact order keys rely on it).
    Fleet = 1,
}

impl UnitKind {
    /// `A` or `F`.
    pub fn letter(self) -> char {
        match self {
            UnitKind::Army => 'A',
            UnitKind::Fleet => 'F',
        }
    }
}

/// A unit's strength grade. Only variants with reduced units use anything but
/// [`Grade::Full`] (the Bowen variant, rules 8-9).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Grade {
    /// Full strength.
    #[default]
    Full,
    /// Half strength (reported `1/2A`, `1/2F`).
    Half,
    /// Built last winter in a home center its power did not control: full strength while
    /// it holds in the following spring, half strength once it does anything else.
    Provisional,
}

/// A unit on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Unit {
    /// Owner.
    pub power: PowerId,
    /// Army or fleet.
    pub kind: UnitKind,
    /// Where it stands (a coast for a fleet in a multi-coast province).
    pub location: LocationId,
    /// Strength grade.
    #[serde(default)]
    pub grade: Grade,
}

impl Unit {
    /// The unit's letter with its grade: `A`, `F`, `1/2A`, `1/2F`, `A*`, `F*`.
    pub fn mark(&self) -> &'static str {
        match (self.grade, self.kind) {
            (Grade::Full, UnitKind::Army) => "A",
            (Grade::Full, UnitKind::Fleet) => "F",
            (Grade::Half, UnitKind::Army) => "1/2A",
            (Grade::Half, UnitKind::Fleet) => "1/2F",
            (Grade::Provisional, UnitKind::Army) => "A*",
            (Grade::Provisional, UnitKind::Fleet) => "F*",
        }
    }

    /// A full-strength unit.
    pub fn new(power: PowerId, kind: UnitKind, location: LocationId) -> Unit {
        Unit {
            power,
            kind,
            location,
            grade: Grade::Full,
        }
    }
}
