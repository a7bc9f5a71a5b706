//! Units: armies and fleets, who owns them and where they stand.

use crate::ids::{LocationId, PowerId};
use serde::{Deserialize, Serialize};

/// Army or fleet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum UnitKind {
    /// Moves over land and coast; may be convoyed.
    Army,
    /// Moves over sea and along coasts; may convoy from open sea.
    Fleet,
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

/// A unit on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Unit {
    /// Owner.
    pub power: PowerId,
    /// Army or fleet.
    pub kind: UnitKind,
    /// Where it stands (a coast for a fleet in a multi-coast province).
    pub location: LocationId,
}
