//! The position: which units stand where, who owns which center, which units are
//! dislodged, and the phase, indexed by province. Built from outside the crate only
//! through [`Position::from_setup`] (`setup.rs`), which checks it; the judge changes it
//! in place (crate-private).

mod setup;

pub use setup::{PositionError, Setup, SetupOptions, SetupProblem, MAX_YEAR, MIN_YEAR};

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
/// Architecture invariant: at most one (non-dislodged) unit per province; every unit
/// can stand where it is. Outside the crate a position comes from
/// [`Position::initial`], [`Position::from_setup`] or the judge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The phase about to be played.
    pub(crate) phase: Phase,
    units: Vec<Option<Unit>>,
    /// Dislodged units (only in a retreat phase, or after movement).
    pub(crate) dislodged: Vec<Dislodged>,
    /// Owner of each supply center, per province.
    pub(crate) owners: Vec<Option<PowerId>>,
    /// Each power's home centers, once an opening placement has set them (Bowen 2);
    /// `None`: the variant's.
    pub(crate) homes: Option<Arc<Vec<Vec<ProvinceId>>>>,
    /// Per province, the power whose unit last stood there (kept only by variants that
    /// need it: [`Variant::tracks_occupants`]; empty otherwise).
    pub(crate) last_occupant: Vec<Option<PowerId>>,
    /// Per center, the power whose unit entered it in this year's Spring (Bowen 7);
    /// after the Fall movement only those whose entrant then moved out are left (kept
    /// only by variants with `spring_capture`; empty otherwise).
    pub(crate) spring_entrants: Vec<Option<PowerId>>,
}

impl Position {
    /// The phase about to be played.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Dislodged units with their retreat options (in a retreat phase, and in the
    /// board a movement result hands back).
    #[inline]
    pub fn dislodged(&self) -> &[Dislodged] {
        &self.dislodged
    }

    /// The owner of each supply center, per province.
    #[inline]
    pub fn owners(&self) -> &[Option<PowerId>] {
        &self.owners
    }

    /// The owner of province `p`, if it is an owned center.
    #[inline]
    pub fn owner(&self, p: ProvinceId) -> Option<PowerId> {
        self.owners.get(p.index()).copied().flatten()
    }

    /// Each power's home centers, once an opening placement has set them (Bowen 2);
    /// `None`: the variant's.
    #[inline]
    pub fn homes(&self) -> Option<&[Vec<ProvinceId>]> {
        self.homes.as_deref().map(Vec::as_slice)
    }

    /// Per province, the power whose unit last stood there (only for variants that
    /// keep it, [`Variant::tracks_occupants`]; empty otherwise).
    #[inline]
    pub fn last_occupants(&self) -> &[Option<PowerId>] {
        &self.last_occupant
    }

    /// Per center, the power whose unit entered it in this year's Spring and (after the
    /// Fall movement) moved out again: who takes it if it stays empty (Bowen 7; empty
    /// for variants without `spring_capture`).
    #[inline]
    pub fn spring_entrants(&self) -> &[Option<PowerId>] {
        &self.spring_entrants
    }

    /// A position of no board at all (no allocation): what a [`crate::game::Game`]
    /// holds for the moment while it plays a phase from a position it borrows.
    pub(crate) fn placeholder(phase: Phase) -> Position {
        Position {
            phase,
            units: Vec::new(),
            dislodged: Vec::new(),
            owners: Vec::new(),
            homes: None,
            last_occupant: Vec::new(),
            spring_entrants: Vec::new(),
        }
    }

    /// An empty board of `variant` at `phase`, with no centers owned.
    pub(crate) fn empty(variant: &Variant, phase: Phase) -> Position {
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
            spring_entrants: if variant.flags().spring_capture {
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

    /// The unit in province `p`, if any.
    #[inline]
    pub fn unit_at(&self, p: ProvinceId) -> Option<&Unit> {
        self.units.get(p.index()).and_then(Option::as_ref)
    }

    /// Puts `unit` in `p`, replacing whatever was there (the caller checks legality).
    pub(crate) fn set_unit(&mut self, p: ProvinceId, unit: Option<Unit>) {
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
    pub(crate) fn assume_last_occupants(&mut self) {
        if self.last_occupant.is_empty() {
            return;
        }
        self.last_occupant.clone_from(&self.owners);
        self.note_occupants();
    }

    /// Sets the spring entrants from the board alone: in a Fall phase, a unit standing on
    /// a center its power does not own entered it in the Spring (a unit there since the
    /// last Fall would own it); in the Spring, nobody has entered yet.
    pub(crate) fn assume_spring_entrants(&mut self, variant: &Variant) {
        if self.spring_entrants.is_empty() {
            return;
        }
        self.spring_entrants.iter_mut().for_each(|e| *e = None);
        if self.phase.season != crate::phase::Season::Fall {
            return;
        }
        let entrants: Vec<(usize, PowerId)> = self
            .units()
            .filter(|&(p, u)| {
                variant.is_center_in(self, p) && self.owners[p.index()] != Some(u.power)
            })
            .map(|(p, u)| (p.index(), u.power))
            .collect();
        for (i, w) in entrants {
            self.spring_entrants[i] = Some(w);
        }
    }

    /// Records the power of every unit on the board as its space's last occupant (when
    /// the position keeps that record).
    pub(crate) fn note_occupants(&mut self) {
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
