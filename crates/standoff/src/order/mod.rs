//! The order model: one flat enum of every order a phase can take, with ids only.
//!
//! An [`Order`] says what was written, resolved against the map; whether it is legal
//! in the current position is the adjudicator's business, not the model's.

mod display;

pub use display::OrderDisplay;

use crate::ids::{LocationId, PowerId, ProvinceId};
use crate::unit::UnitKind;

/// A unit as an order names it: where, and the type if one was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct UnitRef {
    /// The type written in the order, if any (DATC 4.C.1/4.C.2: it is not binding).
    pub kind: Option<UnitKind>,
    /// The location written (a coast is kept when given).
    pub location: LocationId,
    /// The nationality written before a supported or convoyed unit (`S Russian A ...`),
    /// if any (DATC 4.C.5/4.C.6: not binding under the default rules).
    pub nationality: Option<PowerId>,
}

impl UnitRef {
    /// A unit reference without a nationality.
    pub fn new(kind: Option<UnitKind>, location: LocationId) -> UnitRef {
        UnitRef {
            kind,
            location,
            nationality: None,
        }
    }
}

/// An order of one power.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Order {
    /// The power giving the order.
    pub power: PowerId,
    /// What it orders.
    pub kind: OrderKind,
}

/// Every kind of order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OrderKind {
    /// The unit stays.
    Hold {
        /// Ordered unit.
        unit: UnitRef,
    },
    /// The unit moves to `to`; `via_convoy` when the order says "via convoy".
    Move {
        /// Ordered unit.
        unit: UnitRef,
        /// Destination (with coast if written).
        to: LocationId,
        /// Written "via convoy" / "by convoy".
        via_convoy: bool,
    },
    /// Support the unit in `target` to hold.
    SupportHold {
        /// Supporting unit.
        unit: UnitRef,
        /// Supported unit.
        target: UnitRef,
    },
    /// Support the unit at `target` moving to `to`.
    SupportMove {
        /// Supporting unit.
        unit: UnitRef,
        /// Supported unit.
        target: UnitRef,
        /// Destination of the supported move (a coast only if written).
        to: LocationId,
    },
    /// Convoy the army at `army` to `to`.
    Convoy {
        /// Convoying fleet.
        unit: UnitRef,
        /// Convoyed army.
        army: UnitRef,
        /// Army's destination.
        to: ProvinceId,
    },
    /// Ride a railway to `to` (Colonial's Trans-Siberian Railroad: `A Mos - TSR - Vla`).
    RailMove {
        /// Ordered army.
        unit: UnitRef,
        /// Where the ride ends.
        to: ProvinceId,
    },
    /// Let the fleet at `fleet` pass a canal to `to` (Colonial's Suez Canal:
    /// `SC F Med - Red`, given by the power whose unit stands in the canal's gate).
    CanalPermission {
        /// The fleet allowed through.
        fleet: UnitRef,
        /// Where it goes.
        to: ProvinceId,
    },
    /// Retreat a dislodged unit to `to`.
    Retreat {
        /// Dislodged unit.
        unit: UnitRef,
        /// Retreat destination.
        to: LocationId,
    },
    /// Disband (a dislodged unit in a retreat phase; a removal in an adjustment phase).
    Disband {
        /// The unit.
        unit: UnitRef,
    },
    /// Build a unit (the kind may be missing: DATC 4.C.3).
    Build {
        /// Kind (if written) and location.
        unit: UnitRef,
    },
    /// Remove a unit in an adjustment phase.
    Remove {
        /// The unit.
        unit: UnitRef,
    },
    /// Decline one build.
    Waive,
}

impl OrderKind {
    /// The ordered unit, if the order names one.
    pub fn unit(&self) -> Option<&UnitRef> {
        match self {
            OrderKind::Hold { unit }
            | OrderKind::Move { unit, .. }
            | OrderKind::RailMove { unit, .. }
            | OrderKind::SupportHold { unit, .. }
            | OrderKind::SupportMove { unit, .. }
            | OrderKind::Convoy { unit, .. }
            | OrderKind::Retreat { unit, .. }
            | OrderKind::Disband { unit }
            | OrderKind::Build { unit }
            | OrderKind::Remove { unit } => Some(unit),
            OrderKind::Waive | OrderKind::CanalPermission { .. } => None,
        }
    }
}
