//! The order model: one flat enum of every order a phase can take, with ids only.
//!
//! An [`Order`] says what was written, resolved against the map; whether it is legal
//! in the current position is the adjudicator's business, not the model's. What the ids
//! cannot hold is kept beside them: a convoy path (`A Lon - Nth - Bel`, DATC 4.A.6) and a
//! coast the map does not have (`Bre(ec)`, DATC 4.B.6), so each rule choice can act on
//! what the player wrote.

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

/// The seas an order names between an army and its destination (DATC 4.A.6). Kept out
/// of line, so an order without one (nearly all) stays small: legal-order generation
/// makes thousands of orders per position.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
// One thin pointer (8 bytes) where a `Vec` would take 24 and a boxed slice 16.
#[allow(clippy::box_collection)]
pub struct ConvoyPath(Option<Box<Vec<ProvinceId>>>);

impl From<Vec<ProvinceId>> for ConvoyPath {
    fn from(seas: Vec<ProvinceId>) -> Self {
        ConvoyPath((!seas.is_empty()).then(|| Box::new(seas)))
    }
}

impl std::ops::Deref for ConvoyPath {
    type Target = [ProvinceId];
    fn deref(&self) -> &[ProvinceId] {
        self.0.as_deref().map_or(&[], Vec::as_slice)
    }
}

/// An order of one power.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Order {
    /// The power giving the order.
    pub power: PowerId,
    /// What it orders.
    pub kind: OrderKind,
    /// A coast written where the order's ids cannot hold it (DATC 4.B.6), if any.
    pub stray_coast: Option<StrayCoast>,
}

impl Order {
    /// An order as written with no stray coast.
    pub fn new(power: PowerId, kind: OrderKind) -> Order {
        Order {
            power,
            kind,
            stray_coast: None,
        }
    }
}

/// A coast written in an order that names no place the order can use (DATC 4.B.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StrayCoast {
    /// A coast the space does not have (`Brest east coast`, `Spain west coast`), or a
    /// coast name that is none of the map's (`Spa(xc)`).
    Unknown,
    /// A coast where coasts mean nothing: the destination of a convoyed army
    /// (`F Mao C A Bre - Spa(nc)`). A coast given for an army elsewhere is kept in the
    /// location and found irrelevant by the judge, which knows the unit's type.
    Irrelevant,
}

/// Every kind of order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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
        /// The convoy path written between origin and destination, in order
        /// (`A Lon - Nth - Bel`: `[Nth]`); empty when none was written (DATC 4.A.6).
        path: ConvoyPath,
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
    /// Hand the order of one's unit to another power for this phase (DATC 4.E.5:
    /// refused unless the rules allow proxy orders).
    Proxy {
        /// The unit handed over.
        unit: UnitRef,
        /// The power that orders it.
        to: PowerId,
    },
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
            | OrderKind::Remove { unit }
            | OrderKind::Proxy { unit, .. } => Some(unit),
            OrderKind::Waive | OrderKind::CanalPermission { .. } => None,
        }
    }

    /// The other unit the order names: the unit supported, or the army convoyed.
    pub fn other_unit(&self) -> Option<&UnitRef> {
        match self {
            OrderKind::SupportHold { target, .. } | OrderKind::SupportMove { target, .. } => {
                Some(target)
            }
            OrderKind::Convoy { army, .. } => Some(army),
            _ => None,
        }
    }
}
