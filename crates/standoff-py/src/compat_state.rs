//! The `diplomacy` package's state dict of a package-compatible `Game`'s board
//! (`get_state()`, and the states of `state_history`), built in one pass: each power's
//! lists in the package's order (given, see `compat_order`), the package's Zobrist hash,
//! the builds due.

use crate::classes::{PyGame, PyPhaseData};
use crate::compat_order::{Entry, GivenLists, Lists, Tables};
use crate::names::{loc_name, power_name};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use standoff::adjudicate::adjustment_counts;
use standoff::{PhaseKind, Position, ProvinceId, Variant};
use std::sync::Arc;

/// The package's Zobrist values of a variant, per power (in the variant's order): of a
/// unit (by entry), of a dislodged unit (by entry), of a center owned and of a home
/// (by province). The package draws them from Python's `random` with a seed of its
/// map; `_compat.py` reproduces the draws and hands them over once.
pub(crate) struct Zobrist {
    units: Vec<Vec<u64>>,
    dislodged: Vec<Vec<u64>>,
    centers: Vec<Vec<u64>>,
    homes: Vec<Vec<u64>>,
}

impl Zobrist {
    /// From `values`: power name -> (unit name -> value, dislodged unit name -> value,
    /// location -> value of a center, location -> value of a home), as `_compat.py`'s
    /// `_zobrist_values` gives them. Names it does not list are worth 0.
    fn from_values(
        variant: &Variant,
        tables: &Tables,
        values: &Bound<'_, PyAny>,
    ) -> PyResult<Zobrist> {
        let units_len = tables.units.strings.len();
        let provinces = tables.centers.strings.len();
        let n = variant.powers.len();
        let mut z = Zobrist {
            units: vec![vec![0; units_len]; n],
            dislodged: vec![vec![0; units_len]; n],
            centers: vec![vec![0; provinces]; n],
            homes: vec![vec![0; provinces]; n],
        };
        for p in 0..n {
            let name = power_name(variant, standoff::PowerId(p as u8));
            let (units, dislodged, centers, homes): (
                Bound<'_, PyDict>,
                Bound<'_, PyDict>,
                Bound<'_, PyDict>,
                Bound<'_, PyDict>,
            ) = values.get_item(&name)?.extract()?;
            for (table, by_name, from) in [
                (&mut z.units[p], &tables.units.by_name, &units),
                (&mut z.dislodged[p], &tables.units.by_name, &dislodged),
                (&mut z.centers[p], &tables.centers.by_name, &centers),
                (&mut z.homes[p], &tables.centers.by_name, &homes),
            ] {
                for (key, value) in from.iter() {
                    let key: String = key.extract()?;
                    if let Some(slot) = by_name.get(&key).and_then(|&e| table.get_mut(e as usize)) {
                        *slot = value.extract()?;
                    }
                }
            }
        }
        Ok(z)
    }

    /// The hash of a board: every power's units, dislodged units, centers and homes.
    fn hash(&self, variant: &Variant, lists: &[Lists]) -> u64 {
        let mut value = 0u64;
        let get = |table: &Vec<Vec<u64>>, p: usize, e: Entry| {
            table
                .get(p)
                .and_then(|t| t.get(e as usize))
                .copied()
                .unwrap_or(0)
        };
        for (p, l) in lists.iter().enumerate() {
            value ^= l.units.iter().fold(0, |v, &e| v ^ get(&self.units, p, e));
            value ^= l
                .dislodged
                .iter()
                .fold(0, |v, &e| v ^ get(&self.dislodged, p, e));
            value ^= l
                .centers
                .iter()
                .fold(0, |v, &e| v ^ get(&self.centers, p, e));
            if let Some(power) = variant.powers.get(p) {
                for home in &power.home_centers {
                    value ^= get(&self.homes, p, Entry::from(home.0));
                }
            }
        }
        value
    }
}

/// The package's state dict of a board: a game's current one (`source`: a native
/// `Game`) or the one a played phase started from (a `PhaseData`). `board` gives each
/// power's lists in the package's order (power by power: units, centers, dislodged
/// units, influence; None: not known; reconciled with the board), `name` and `note`
/// the phase name and note written, `zobrist` the package's Zobrist values (read the
/// first time only).
#[pyfunction]
pub fn package_state<'py>(
    py: Python<'py>,
    source: Bound<'py, PyAny>,
    board: Vec<GivenLists<'py>>,
    name: Bound<'py, PyString>,
    note: Bound<'py, PyAny>,
    zobrist: Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    if let Ok(game) = source.cast::<PyGame>() {
        let game = game.try_borrow()?;
        let pos = &game.rec().game.position;
        return state_of(py, &game.variant, pos, &board, name, note, &zobrist);
    }
    let played = source.cast::<PyPhaseData>()?.get();
    state_of(
        py,
        &played.variant,
        &played.record.position,
        &board,
        name,
        note,
        &zobrist,
    )
}

/// [`package_state`] of the board `pos`.
fn state_of<'py>(
    py: Python<'py>,
    variant: &Arc<Variant>,
    pos: &Position,
    board: &[GivenLists<'py>],
    name: Bound<'py, PyString>,
    note: Bound<'py, PyAny>,
    zobrist: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let tables = Tables::for_variant(py, variant);
    let lists = tables.reconcile(variant, tables.lists_of(variant, board)?, pos);
    let hash = match tables.zobrist.get() {
        Some(z) => z.hash(variant, &lists),
        None => {
            let z = Zobrist::from_values(variant, &tables, zobrist)?;
            tables.zobrist.get_or_init(|| z).hash(variant, &lists)
        }
    };
    let counts = match pos.phase().kind {
        PhaseKind::Adjustment => adjustment_counts(variant, pos),
        _ => Vec::new(),
    };
    let (builds, centers, disorder, homes) = (
        PyDict::new(py),
        PyDict::new(py),
        PyDict::new(py),
        PyDict::new(py),
    );
    let (retreats, units, influence) = (PyDict::new(py), PyDict::new(py), PyDict::new(py));
    // The package lists a power's build sites in its order of the power's centers when
    // any owned center will do.
    let sites_in_center_order = variant.hooks(pos.phase()).build_anywhere;
    for (p, l) in lists.iter().enumerate() {
        let power = standoff::PowerId(p as u8);
        let key = PyString::new(py, &power_name(variant, power));
        let (count, mut sites) = crate::model::package_builds(variant, pos, &counts, power);
        if sites_in_center_order {
            sites.sort_by_key(|p| l.centers.iter().position(|&c| c == Entry::from(p.0)));
        }
        let build = PyDict::new(py);
        build.set_item("count", count)?;
        build.set_item("homes", province_list(py, &tables, &sites)?)?;
        builds.set_item(&key, build)?;
        centers.set_item(&key, tables.centers.list(py, &l.centers)?)?;
        disorder.set_item(&key, 0)?;
        let home_centers = variant
            .powers
            .get(p)
            .map_or(&[][..], |v| v.home_centers.as_slice());
        homes.set_item(&key, province_list(py, &tables, home_centers)?)?;
        retreats.set_item(
            &key,
            retreat_options(py, &tables, variant, pos, &l.dislodged)?,
        )?;
        let own = tables.units.list(py, &l.units)?;
        for text in tables.units.list(py, &l.dislodged)?.iter() {
            own.append(format!("*{}", text.cast::<PyString>()?.to_cow()?))?;
        }
        units.set_item(&key, own)?;
        let places = l.influence.as_deref().unwrap_or_default();
        influence.set_item(&key, tables.places.list(py, places)?)?;
    }
    // In the package's order of the keys (saved games written from it read alike).
    let state = PyDict::new(py);
    state.set_item("timestamp", 0)?;
    state.set_item("zobrist_hash", hash.to_string())?;
    state.set_item("note", note)?;
    state.set_item("name", name)?;
    state.set_item("units", units)?;
    state.set_item("retreats", retreats)?;
    state.set_item("centers", centers)?;
    state.set_item("homes", homes)?;
    state.set_item("influence", influence)?;
    state.set_item("civil_disorder", disorder)?;
    state.set_item("builds", builds)?;
    Ok(state)
}

/// The names of `provinces`.
fn province_list<'py>(
    py: Python<'py>,
    tables: &Tables,
    provinces: &[ProvinceId],
) -> PyResult<Bound<'py, PyList>> {
    let entries: Vec<Entry> = provinces.iter().map(|p| Entry::from(p.0)).collect();
    tables.centers.list(py, &entries)
}

/// Dislodged unit -> where it may retreat, in the order `dislodged` lists them.
fn retreat_options<'py>(
    py: Python<'py>,
    tables: &Tables,
    variant: &Variant,
    pos: &Position,
    dislodged: &[Entry],
) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    let map = &variant.map;
    for &entry in dislodged {
        let Some(d) = pos
            .dislodged()
            .iter()
            .find(|d| crate::compat_order::unit_entry(&d.unit) == entry)
        else {
            continue;
        };
        let options: Vec<String> = d
            .retreat_options
            .iter()
            .map(|&l| loc_name(map, l))
            .collect();
        if let Some(name) = tables.units.strings.get(entry as usize) {
            out.set_item(name.bind(py), options)?;
        }
    }
    Ok(out)
}
