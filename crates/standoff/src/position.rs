//! The position: which units stand where, who owns which center, which units are
//! dislodged, and the phase. Plain data, indexed by province.

use crate::ids::{LocationId, PowerId, ProvinceId};
use crate::phase::Phase;
use crate::unit::Unit;
use crate::variant::Variant;
use std::sync::Arc;

/// A dislodged unit waiting for the retreat phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dislodged {
    /// The unit, at the location it was dislodged from.
    pub unit: Unit,
    /// The province its dislodger came from (no retreat there unless it came by convoy).
    pub attacker_from: Option<ProvinceId>,
    /// Where it may retreat to.
    pub retreat_options: Vec<LocationId>,
}

/// A board position at the start of a phase.
///
/// Architecture invariant: at most one (non-dislodged) unit per province.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The phase about to be played.
    pub phase: Phase,
    units: Vec<Option<Unit>>,
    /// Dislodged units (only in a retreat phase).
    pub dislodged: Vec<Dislodged>,
    /// Owner of each supply center, per province.
    pub owners: Vec<Option<PowerId>>,
    /// Each power's home centers, once an opening placement has set them (Bowen 2);
    /// `None`: the variant's.
    pub homes: Option<Arc<Vec<Vec<ProvinceId>>>>,
    /// Per province, the power whose unit last stood there (kept only by variants that
    /// need it: [`Variant::tracks_occupants`]; empty otherwise).
    pub last_occupant: Vec<Option<PowerId>>,
}

/// Why a unit could not be placed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlaceError {
    /// The province already holds a unit.
    #[error("{0} already holds a unit")]
    Occupied(String),
    /// The unit's kind cannot stand there (army at sea, fleet inland).
    #[error("{kind} cannot stand at {location}")]
    BadLocation {
        /// `army` or `fleet`.
        kind: &'static str,
        /// The location's name.
        location: String,
    },
    /// A fleet in a province with several coasts, placed without naming one.
    #[error("a fleet at {province} must name its coast: {}", coasts.join(" or "))]
    CoastMissing {
        /// The province's id.
        province: String,
        /// Its coasts (`stp/nc`, `stp/sc`).
        coasts: Vec<String>,
    },
}

impl Position {
    /// An empty board of `variant` at `phase`, with no centers owned.
    pub fn empty(variant: &Variant, phase: Phase) -> Position {
        let n = variant.map.province_count();
        Position {
            phase,
            units: vec![None; n],
            dislodged: Vec::new(),
            owners: vec![None; n],
            homes: None,
            last_occupant: if variant.tracks_occupants() {
                vec![None; n]
            } else {
                Vec::new()
            },
        }
    }

    /// The starting position of `variant`.
    pub fn initial(variant: &Variant) -> Position {
        let mut p = Position::empty(variant, variant.start_phase);
        for u in &variant.start_units {
            let prov = variant.map.province_of(u.location);
            p.units[prov.index()] = Some(*u);
        }
        p.owners = variant.start_owners.clone();
        p
    }

    /// Places a unit, checking the province is free and the unit can stand there.
    pub fn place(&mut self, variant: &Variant, unit: Unit) -> Result<(), PlaceError> {
        let map = &variant.map;
        let prov = map.province_of(unit.location);
        let coast_missing = unit.kind == crate::UnitKind::Fleet
            && unit.location == prov.location()
            && map.has_coasts(prov);
        if coast_missing {
            return Err(PlaceError::CoastMissing {
                province: map.province(prov).id.clone(),
                coasts: map
                    .unit_locations(crate::UnitKind::Fleet, prov)
                    .into_iter()
                    .map(|l| map.location_id_name(l))
                    .collect(),
            });
        }
        if !map.can_stand(unit.kind, unit.location) {
            return Err(PlaceError::BadLocation {
                kind: match unit.kind {
                    crate::UnitKind::Army => "an army",
                    crate::UnitKind::Fleet => "a fleet",
                },
                location: map.location_id_name(unit.location),
            });
        }
        let slot = &mut self.units[prov.index()];
        if slot.is_some() {
            return Err(PlaceError::Occupied(map.province(prov).id.clone()));
        }
        *slot = Some(unit);
        Ok(())
    }

    /// The unit in province `p`, if any.
    #[inline]
    pub fn unit_at(&self, p: ProvinceId) -> Option<&Unit> {
        self.units.get(p.index()).and_then(Option::as_ref)
    }

    /// Puts `unit` in `p`, replacing whatever was there (the caller checks legality).
    pub fn set_unit(&mut self, p: ProvinceId, unit: Option<Unit>) {
        if let Some(slot) = self.units.get_mut(p.index()) {
            *slot = unit;
        }
    }

    /// All units with their provinces, in province order.
    pub fn units(&self) -> impl Iterator<Item = (ProvinceId, &Unit)> {
        self.units
            .iter()
            .enumerate()
            .filter_map(|(i, u)| u.as_ref().map(|u| (ProvinceId(i as u16), u)))
    }

    /// Number of per-province slots (the map's province count).
    pub fn province_count(&self) -> usize {
        self.units.len()
    }

    /// Sets every space's last occupant from the board alone: the unit standing there,
    /// else the center's owner (when the position keeps that record).
    pub fn assume_last_occupants(&mut self) {
        if self.last_occupant.is_empty() {
            return;
        }
        self.last_occupant.clone_from(&self.owners);
        self.note_occupants();
    }

    /// Records the power of every unit on the board as its space's last occupant (when
    /// the position keeps that record).
    pub fn note_occupants(&mut self) {
        if self.last_occupant.is_empty() {
            return;
        }
        for (i, u) in self.units.iter().enumerate() {
            if let Some(u) = u {
                self.last_occupant[i] = Some(u.power);
            }
        }
    }

    /// Centers owned by `power`.
    pub fn center_count(&self, power: PowerId) -> usize {
        self.owners.iter().filter(|o| **o == Some(power)).count()
    }

    /// Units of `power` on the board (not counting dislodged ones).
    pub fn unit_count(&self, power: PowerId) -> usize {
        self.units
            .iter()
            .filter(|u| u.is_some_and(|u| u.power == power))
            .count()
    }
}
