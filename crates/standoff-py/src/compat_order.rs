//! The order the `diplomacy` package keeps each power's lists in (`power.units`,
//! `power.centers`, the keys of `power.retreats`, `power.influence`), for the
//! package-compatible `Game`.
//!
//! The package keeps them as lists it edits phase by phase, so their order is a history:
//! - at the start, units in the order the map file lists them (the variant's
//!   `start_units`) and centers in the map's center order (the variant's
//!   `center_order`, the package's map file's; without one, each power's homes as
//!   listed, power by power, then the other centers by name);
//! - a movement phase drops the dislodged units (they become the power's retreats, in
//!   list order), then takes each unit that moved out of the list and appends it at its
//!   new place, in list order;
//! - a retreat phase appends the units that retreated, and an adjustment phase the units
//!   built, in the order the power gave those orders;
//! - the year's center captures go through the powers in order, each power's centers in
//!   list order, each captured center moved to the end of its new owner's list; then the
//!   unowned centers taken, in the map's center order;
//! - a power's `influence` (the places it was the last to enter) starts with its units'
//!   provinces; a unit that moves in or retreats there takes the place off every list and
//!   puts it last on its power's (the province moved to; the location a retreat names,
//!   coast included); builds change nothing.
//!
//! This module replays those rules over the played phases (each record's orders and
//! results), and reconciles every list with the board after each phase: whatever the
//! rules do not explain (an edit, a rule of another variant) keeps the units and centers
//! still there in place and adds the others in the default order above. Lists are
//! worked on as ids and handed out as the variant's shared Python strings.

use crate::classes::PyGame;
use crate::names::{prov_name, unit_name};
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};
use standoff::adjudicate::{Outcome, UnitResult};
use standoff::game::PhaseResult;
use standoff::order::OrderKind;
use standoff::record::PhaseRecord;
use standoff::{LocationId, Position, PowerId, ProvinceId, Unit, UnitKind, Variant};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// An entry of a list: a unit (its location times 2, plus 1 for a fleet), a center (its
/// province) or a place of influence (its location).
pub(crate) type Entry = u32;

/// One power's lists.
#[derive(Clone, Default)]
pub(crate) struct Lists {
    pub(crate) units: Vec<Entry>,
    pub(crate) centers: Vec<Entry>,
    /// The units dislodged (the keys of `power.retreats`).
    pub(crate) dislodged: Vec<Entry>,
    /// The places the power was the last to enter (`power.influence`); None: not known
    /// (then its units' provinces).
    pub(crate) influence: Option<Vec<Entry>>,
}

/// One power's lists as Python gives them: units, centers, dislodged units, influence
/// (None: not known); None: none known.
pub(crate) type GivenLists<'py> = Option<(
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Option<Bound<'py, PyAny>>,
)>;

/// Each power's lists in the package's order on a run of boards. `previous` gives them
/// (power by power, in the variant's order: units, centers, dislodged units, influence;
/// None: not known) on the board at the start of phase number `since` of the
/// history (0-based), or, without `since`, on a board the current one replaced by an
/// edit. Returns the lists on the board at the start of phase `since`, then after each
/// phase played since (the last: the current board); without `since`, on the current
/// board only. Entries that name nothing on the board are left out.
#[pyfunction]
#[pyo3(signature = (game, previous, since = None))]
pub fn board_in_package_order<'py>(
    py: Python<'py>,
    game: PyRef<'py, PyGame>,
    previous: Vec<GivenLists<'py>>,
    since: Option<usize>,
) -> PyResult<Bound<'py, PyList>> {
    let rec = game.rec();
    let variant = &game.variant;
    let tables = Tables::for_variant(py, variant);
    let lists = tables.lists_of(variant, &previous)?;
    let records = since.and_then(|i| rec.history.get(i..)).unwrap_or_default();
    let boards = match records.first() {
        None => vec![tables.reconcile(variant, lists, &rec.game.position)],
        Some(first) => {
            let mut boards = Vec::with_capacity(records.len() + 1);
            let mut now = tables.reconcile(variant, lists, &first.position);
            for (i, record) in records.iter().enumerate() {
                let next = records
                    .get(i + 1)
                    .map_or(&rec.game.position, |r| &r.position);
                let played = after_phase(variant, &tables, record, next, &now);
                let next_lists = tables.reconcile(variant, played, next);
                boards.push(std::mem::replace(&mut now, next_lists));
            }
            boards.push(now);
            boards
        }
    };
    let out = PyList::empty(py);
    for board in boards {
        let powers = PyList::empty(py);
        for lists in board {
            powers.append(tables.python_lists(py, &lists)?)?;
        }
        out.append(powers)?;
    }
    Ok(out)
}

/// A unit's entry.
pub(crate) fn unit_entry(unit: &Unit) -> Entry {
    u32::from(unit.location.0) * 2 + u32::from(unit.kind == UnitKind::Fleet)
}

/// The place of influence of a unit entry: its province.
fn place_of_unit(map: &standoff::Map, unit: Entry) -> Entry {
    Entry::from(map.province_of(LocationId((unit / 2) as u16)).location().0)
}

/// Puts `place` last on power `to`'s influence, off every other list.
fn influence(lists: &mut [Lists], to: usize, place: Entry) {
    for l in lists.iter_mut() {
        if let Some(influence) = &mut l.influence {
            influence.retain(|e| *e != place);
        }
    }
    if let Some(l) = lists.get_mut(to) {
        l.influence.get_or_insert_with(Vec::new).push(place);
    }
}

/// What a variant's lists need, made once per variant: the default order of a board
/// seen with no earlier order (units in the variant's start listing where they stand at
/// the start, others after in board order; centers in the map's center order) and the
/// Python strings of the entries.
pub(crate) struct Tables {
    /// Per province: the rank of the start unit there (`u32::MAX`: none).
    start_rank: Vec<u32>,
    /// Per province: its rank among the centers (homes power by power, then by name).
    center_rank: Vec<u32>,
    /// The centers in that order.
    center_order: Vec<ProvinceId>,
    /// The names of the unit entries (`A PAR`, `F STP/SC`).
    pub(crate) units: Names,
    /// The names of the center entries (`PAR`).
    pub(crate) centers: Names,
    /// The names of the places of influence (`PAR`, `BUL/EC`).
    pub(crate) places: Names,
    /// The package's Zobrist values, given once (`compat_state`).
    pub(crate) zobrist: std::sync::OnceLock<crate::compat_state::Zobrist>,
}

/// The Python strings of a kind of entry, by entry, and the ways back.
pub(crate) struct Names {
    pub(crate) strings: Vec<Py<PyString>>,
    pub(crate) by_name: HashMap<String, Entry>,
    /// The address of a string of `strings` -> its entry.
    by_address: HashMap<usize, Entry>,
}

impl Names {
    fn new(py: Python<'_>, names: Vec<String>) -> Names {
        let strings: Vec<Py<PyString>> = names
            .iter()
            .map(|name| PyString::new(py, name).unbind())
            .collect();
        let by_address = strings
            .iter()
            .enumerate()
            .map(|(i, s)| (s.as_ptr() as usize, i as Entry))
            .collect();
        let by_name = names
            .into_iter()
            .enumerate()
            .map(|(i, name)| (name, i as Entry))
            .collect();
        Names {
            strings,
            by_name,
            by_address,
        }
    }

    /// The entries of a list of names: a string handed out here is known by its
    /// address, another by its text; anything else is left out.
    pub(crate) fn entries(&self, names: &Bound<'_, PyAny>) -> PyResult<Vec<Entry>> {
        let mut out = Vec::new();
        for name in names.try_iter()? {
            let name = name?;
            let entry = match self.by_address.get(&(name.as_ptr() as usize)) {
                Some(&entry) => Some(entry),
                None => name.cast::<PyString>().ok().and_then(|s| {
                    s.to_cow()
                        .ok()
                        .and_then(|text| self.by_name.get(&*text).copied())
                }),
            };
            out.extend(entry);
        }
        Ok(out)
    }

    /// A list of the names of `entries`.
    pub(crate) fn list<'py>(
        &self,
        py: Python<'py>,
        entries: &[Entry],
    ) -> PyResult<Bound<'py, PyList>> {
        PyList::new(
            py,
            entries
                .iter()
                .filter_map(|e| self.strings.get(*e as usize).map(|s| s.bind(py))),
        )
    }
}

impl Tables {
    /// The tables of a variant, shared by all its games (those of variants no longer in
    /// use are dropped).
    pub(crate) fn for_variant(py: Python<'_>, variant: &Arc<Variant>) -> Arc<Tables> {
        static MADE: crate::per_variant::Registry<Tables> = Mutex::new(Vec::new());
        crate::per_variant::shared(&MADE, variant, || Tables::new(py, variant))
    }

    fn new(py: Python<'_>, variant: &Variant) -> Tables {
        let map = &variant.map;
        let mut start_rank = vec![u32::MAX; map.province_count()];
        for (rank, unit) in variant.start_units.iter().enumerate() {
            if let Some(slot) = start_rank.get_mut(map.province_of(unit.location).index()) {
                *slot = (*slot).min(rank as u32);
            }
        }
        let centers = package_center_order(variant);
        let mut center_rank = vec![u32::MAX; map.province_count()];
        for (rank, p) in centers.iter().enumerate() {
            if let Some(slot) = center_rank.get_mut(p.index()) {
                *slot = rank as u32;
            }
        }
        let unit_names: Vec<String> = (0..map.location_count())
            .flat_map(|l| {
                let location = LocationId(l as u16);
                [UnitKind::Army, UnitKind::Fleet]
                    .map(|kind| unit_name(map, &Unit::new(PowerId(0), kind, location)))
            })
            .collect();
        let center_names: Vec<String> = (0..map.province_count())
            .map(|p| prov_name(map, ProvinceId(p as u16)))
            .collect();
        let place_names: Vec<String> = (0..map.location_count())
            .map(|l| crate::names::loc_name(map, LocationId(l as u16)))
            .collect();

        Tables {
            start_rank,
            center_rank,
            center_order: centers,
            units: Names::new(py, unit_names),
            centers: Names::new(py, center_names),
            places: Names::new(py, place_names),
            zobrist: std::sync::OnceLock::new(),
        }
    }

    /// Each power's lists given from Python (power by power: units, centers, dislodged
    /// units; powers left out: empty).
    pub(crate) fn lists_of(
        &self,
        variant: &Variant,
        given: &[GivenLists<'_>],
    ) -> PyResult<Vec<Lists>> {
        let mut lists = Vec::with_capacity(variant.powers.len());
        for power in given {
            lists.push(match power {
                None => Lists::default(),
                Some((units, centers, dislodged, influence)) => Lists {
                    units: self.units.entries(units)?,
                    centers: self.centers.entries(centers)?,
                    dislodged: self.units.entries(dislodged)?,
                    influence: match influence {
                        Some(places) => Some(self.places.entries(places)?),
                        None => None,
                    },
                },
            });
        }
        lists.resize(variant.powers.len(), Lists::default());
        Ok(lists)
    }

    /// A power's lists for Python: (units, centers, dislodged units, influence).
    pub(crate) fn python_lists<'py>(
        &self,
        py: Python<'py>,
        lists: &Lists,
    ) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(
            py,
            [
                self.units.list(py, &lists.units)?,
                self.centers.list(py, &lists.centers)?,
                self.units.list(py, &lists.dislodged)?,
                self.places
                    .list(py, lists.influence.as_deref().unwrap_or_default())?,
            ],
        )
    }

    /// Each power's lists made to hold exactly what `board` holds: entries still there
    /// keep their place, the others come last in the default order. Influence is not
    /// the board's: it is kept, or, not known, made of the units' provinces.
    pub(crate) fn reconcile(
        &self,
        variant: &Variant,
        lists: Vec<Lists>,
        board: &Position,
    ) -> Vec<Lists> {
        let n = variant.powers.len();
        let mut units: Vec<Vec<(u32, Entry)>> = vec![Vec::new(); n];
        for (p, u) in board.units() {
            if let Some(list) = units.get_mut(u.power.index()) {
                let rank = self.start_rank.get(p.index()).copied().unwrap_or(u32::MAX);
                list.push((rank, unit_entry(u)));
            }
        }
        let mut centers: Vec<Vec<(u32, Entry)>> = vec![Vec::new(); n];
        for (i, owner) in board.owners().iter().enumerate() {
            if let Some(list) = owner.and_then(|o| centers.get_mut(o.index())) {
                let rank = self.center_rank.get(i).copied().unwrap_or(u32::MAX);
                list.push((rank, i as Entry));
            }
        }
        let mut dislodged: Vec<Vec<Entry>> = vec![Vec::new(); n];
        for d in board.dislodged() {
            if let Some(list) = dislodged.get_mut(d.unit.power.index()) {
                list.push(unit_entry(&d.unit));
            }
        }
        let ranked = |mut list: Vec<(u32, Entry)>| {
            // Stable: equal ranks keep board order.
            list.sort_by_key(|(rank, _)| *rank);
            list.into_iter().map(|(_, e)| e).collect::<Vec<_>>()
        };
        lists
            .into_iter()
            .zip(units.into_iter().zip(centers).zip(dislodged))
            .map(|(l, ((now_units, now_centers), now_dislodged))| {
                let units = follow(l.units, ranked(now_units));
                let influence = l.influence.unwrap_or_else(|| {
                    units
                        .iter()
                        .map(|&u| place_of_unit(&variant.map, u))
                        .collect()
                });
                Lists {
                    units,
                    centers: follow(l.centers, ranked(now_centers)),
                    dislodged: follow(l.dislodged, now_dislodged),
                    influence: Some(influence),
                }
            })
            .collect()
    }
}

/// The entries `now` holds, in the order of `before` for those it had, then the others
/// in `now`'s order.
fn follow(before: Vec<Entry>, now: Vec<Entry>) -> Vec<Entry> {
    if before.is_empty() || before == now {
        return now;
    }
    let mut kept: Vec<Entry> = Vec::with_capacity(now.len());
    for entry in before {
        if now.contains(&entry) && !kept.contains(&entry) {
            kept.push(entry);
        }
    }
    let added: Vec<Entry> = now.into_iter().filter(|e| !kept.contains(e)).collect();
    kept.extend(added);
    kept
}

/// The lists after `record`'s phase as the package edits them (`next`: the board after
/// it), before reconciling with that board.
fn after_phase(
    variant: &Variant,
    tables: &Tables,
    record: &PhaseRecord,
    next: &Position,
    lists: &[Lists],
) -> Vec<Lists> {
    let map = &variant.map;
    let mut out: Vec<Lists> = lists.to_vec();
    match &record.processed.result {
        PhaseResult::Movement(result) => {
            let mut dislodged: Vec<Entry> = Vec::new();
            let mut moved: Vec<(Entry, Entry)> = Vec::new();
            for unit in &result.units {
                let entry = unit_entry(&unit.unit);
                if unit.dislodged_by.is_some() {
                    dislodged.push(entry);
                } else if matches!(unit.outcome, Outcome::Moved) {
                    if let Some(to) = destination(variant, record, unit, next) {
                        moved.push((entry, to));
                    }
                }
            }
            let moved_to = |e: &Entry| moved.iter().find(|(from, _)| from == e).map(|m| m.1);
            for p in 0..out.len() {
                let before = std::mem::take(&mut out[p].units);
                out[p].dislodged = before
                    .iter()
                    .copied()
                    .filter(|u| dislodged.contains(u))
                    .collect();
                let movers: Vec<Entry> = before.iter().filter_map(moved_to).collect();
                out[p].units = before
                    .into_iter()
                    .filter(|u| !dislodged.contains(u) && moved_to(u).is_none())
                    .chain(movers.iter().copied())
                    .collect();
                for mover in movers {
                    influence(&mut out, p, place_of_unit(map, mover));
                }
            }
        }
        PhaseResult::Retreat(_) | PhaseResult::Adjustment(_) => {
            // Retreats and builds are appended in the order they were given, power by
            // power; a retreat also takes the place it names.
            for p in 0..out.len() {
                for given in record.orders.iter().filter(|o| o.power.index() == p) {
                    let (arrived, place) = match &given.kind {
                        OrderKind::Retreat { to, .. } => (
                            next.unit_at(map.province_of(*to))
                                .filter(|u| u.power == given.power),
                            Some(Entry::from(to.0)),
                        ),
                        OrderKind::Build { unit } => (
                            next.unit_at(map.province_of(unit.location))
                                .filter(|u| u.power == given.power && u.location == unit.location),
                            None,
                        ),
                        _ => (None, None),
                    };
                    let Some(unit) = arrived else { continue };
                    let entry = unit_entry(unit);
                    if out[p].units.contains(&entry) {
                        continue;
                    }
                    out[p].units.push(entry);
                    if let Some(place) = place {
                        influence(&mut out, p, place);
                    }
                }
            }
            for lists in &mut out {
                lists.dislodged.clear();
            }
        }
    }
    if record.position.owners() != next.owners() {
        captures(tables, &record.position, next, &mut out);
    }
    out
}

/// Where a unit that moved in a movement phase stands after it (its entry there).
fn destination(
    variant: &Variant,
    record: &PhaseRecord,
    unit: &UnitResult,
    next: &Position,
) -> Option<Entry> {
    let map = &variant.map;
    let implicit = match &record.processed.result {
        PhaseResult::Movement(result) => result.implicit.as_slice(),
        _ => &[],
    };
    let to = record
        .orders
        .iter()
        .chain(implicit)
        .find_map(|o| match &o.kind {
            OrderKind::Move { unit: u, to, .. }
                if o.power == unit.unit.power && map.province_of(u.location) == unit.province =>
            {
                Some(*to)
            }
            _ => None,
        })?;
    next.unit_at(map.province_of(to))
        .filter(|u| u.power == unit.unit.power)
        .map(unit_entry)
}

/// The year's center captures as the package makes them: the powers in order, each
/// one's centers in list order, a center another power now owns moved to the end of
/// that power's list; then the centers no one owned, in the map's center order.
fn captures(tables: &Tables, before: &Position, next: &Position, lists: &mut [Lists]) {
    let owner_now = |center: Entry| next.owner(ProvinceId(center as u16));
    for p in 0..lists.len() {
        let centers = lists[p].centers.clone();
        for center in centers {
            let Some(owner) = owner_now(center).filter(|o| o.index() != p) else {
                continue;
            };
            lists[p].centers.retain(|c| *c != center);
            if let Some(theirs) = lists.get_mut(owner.index()) {
                theirs.centers.push(center);
            }
        }
    }
    for &p in &tables.center_order {
        if before.owner(p).is_some() {
            continue;
        }
        let entry = Entry::from(p.0);
        if let Some(theirs) = next.owner(p).and_then(|o| lists.get_mut(o.index())) {
            if !theirs.centers.contains(&entry) {
                theirs.centers.push(entry);
            }
        }
    }
}

/// The supply centers in the order the package's map file lists them (its `Map.scs`,
/// and the order it keeps each power's centers in): the variant's `center_order`, or
/// [`default_center_order`] where it gives none.
pub(crate) fn package_center_order(variant: &Variant) -> Vec<ProvinceId> {
    match variant.center_order.is_empty() {
        false => variant.center_order.clone(),
        true => default_center_order(variant),
    }
}

/// The map's center order when its file gives none (`center_order`): each power's home
/// centers as listed, power by power, then the other centers by name, as the package's
/// map files for the standard board list them.
fn default_center_order(variant: &Variant) -> Vec<ProvinceId> {
    let map = &variant.map;
    let mut centers: Vec<ProvinceId> = Vec::new();
    for power in &variant.powers {
        for &home in &power.home_centers {
            if !centers.contains(&home) {
                centers.push(home);
            }
        }
    }
    let mut others: Vec<ProvinceId> = (0..map.province_count())
        .map(|i| ProvinceId(i as u16))
        .filter(|p| map.province(*p).is_center && !centers.contains(p))
        .collect();
    others.sort_by_cached_key(|p| prov_name(map, *p));
    centers.extend(others);
    centers
}
