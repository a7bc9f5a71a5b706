//! DATC 4.B.6: unknown and irrelevant coasts. Under choice b (the default) they are
//! ignored and nothing here runs; under choice a an order naming one fails.
//!
//! A coast is unknown when the space has no such coast (`Brest east coast`, `Spain west
//! coast`); the parser marks those on the order, which holds no id for them. A coast is
//! irrelevant when it is written for an army: its own place, where it moves or retreats,
//! where it is supported to, or a convoyed army's destination. Which unit is an army is
//! known only on the board, so that part is decided here.

use super::outcome::Illegal;
use crate::ids::{LocationId, ProvinceId};
use crate::map::Map;
use crate::order::{Order, OrderKind, StrayCoast};
use crate::unit::UnitKind;

/// Whether `order` is free of unknown and irrelevant coasts. `kind_at` gives the type of
/// the unit standing in a province (the dislodged one in a retreat phase), if any.
pub(crate) fn check_coasts(
    map: &Map,
    order: &Order,
    kind_at: impl Fn(ProvinceId) -> Option<UnitKind>,
) -> Result<(), Illegal> {
    match order.stray_coast {
        Some(StrayCoast::Unknown) => return Err(Illegal::UnknownCoast),
        Some(StrayCoast::Irrelevant) => return Err(Illegal::IrrelevantCoast),
        None => {}
    }
    let names_coast = |l: LocationId| l.index() >= map.province_count();
    // A coast at `l` given for the unit standing at `owner`: irrelevant if that is an army.
    let army_coast = |owner: LocationId, l: LocationId| {
        names_coast(l) && kind_at(map.province_of(owner)) == Some(UnitKind::Army)
    };
    let irrelevant = match &order.kind {
        OrderKind::Hold { unit }
        | OrderKind::Disband { unit }
        | OrderKind::Remove { unit }
        | OrderKind::Proxy { unit, .. }
        | OrderKind::RailMove { unit, .. } => army_coast(unit.location, unit.location),
        OrderKind::CanalPermission { fleet, .. } => names_coast(fleet.location),
        OrderKind::Move { unit, to, .. } | OrderKind::Retreat { unit, to } => {
            army_coast(unit.location, unit.location) || army_coast(unit.location, *to)
        }
        OrderKind::SupportHold { unit, target } => {
            army_coast(unit.location, unit.location) || army_coast(target.location, target.location)
        }
        OrderKind::SupportMove { unit, target, to } => {
            army_coast(unit.location, unit.location)
                || army_coast(target.location, target.location)
                || army_coast(target.location, *to)
        }
        OrderKind::Convoy { unit, army, .. } => {
            army_coast(unit.location, unit.location) || names_coast(army.location)
        }
        // A build names the type it builds: an army's coast is irrelevant.
        OrderKind::Build { unit } => {
            unit.kind == Some(UnitKind::Army) && names_coast(unit.location)
        }
        OrderKind::Waive => false,
    };
    if irrelevant {
        Err(Illegal::IrrelevantCoast)
    } else {
        Ok(())
    }
}
