//! The Python strings of order texts a game hands out: `get_all_possible_orders()`
//! builds its lists from them (a lookup per order instead of a new string), and
//! `set_orders` given one of them back knows its order without reading the text.

use crate::names::order_text;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use standoff::order::{Order, OrderKind, UnitRef};
use standoff::{Position, UnitKind, Variant};
use std::sync::Arc;

/// Python strings of order texts and location names, kept by a game (and shared with
/// its copies): listing the possible orders every phase then costs a lookup per order
/// instead of formatting a new string, and `set_orders` given one of these very strings
/// back knows its order without reading the text. At most [`OrderTexts::MAX`] orders are
/// kept.
#[derive(Default)]
pub struct OrderTexts {
    table: std::sync::Mutex<TextTable>,
    /// The keys of the possible-orders dict.
    locations: std::sync::OnceLock<LocationKeys>,
    /// Province names (`STP`), by province index.
    provinces: std::sync::OnceLock<Vec<Py<PyString>>>,
}

/// A fast, fixed hasher for the text table (orders are small; no untrusted keys pick
/// the table's layout in a way that matters: the table is bounded and emptied).
type FastHash = foldhash::fast::FixedState;

/// The text table: each string handed out once, found by its order's key, and the
/// way back from a string to its order. Emptied as a whole.
#[derive(Default)]
struct TextTable {
    /// The strings handed out; an order's text is found as an index into this.
    strings: Vec<Py<PyString>>,
    /// Order (as its [`compact_key`]) -> index of its text in `strings`.
    by_key: std::collections::HashMap<u64, u32, FastHash>,
    /// The same for orders without a compact key.
    by_order: std::collections::HashMap<Order, u32, FastHash>,
    /// The address of each string of `strings` -> its order. The strings are kept
    /// alive by `strings`, so an address stands for one string while it is here.
    by_address: std::collections::HashMap<usize, Order, FastHash>,
}

impl TextTable {
    /// The index in `strings` of `order`'s text, made (and remembered) on first use.
    fn text_id(&mut self, py: Python<'_>, map: &standoff::Map, order: &Order) -> u32 {
        self.text_id_keyed(py, map, order, compact_key(order))
    }

    /// [`TextTable::text_id`] given the order's [`compact_key`].
    fn text_id_keyed(
        &mut self,
        py: Python<'_>,
        map: &standoff::Map,
        order: &Order,
        key: Option<u64>,
    ) -> u32 {
        let known = match key {
            Some(k) => self.by_key.get(&k),
            None => self.by_order.get(order),
        };
        if let Some(&id) = known {
            return id;
        }
        let text = PyString::new(py, &order_text(map, order)).unbind();
        let id = self.strings.len() as u32;
        self.by_address
            .insert(text.as_ptr() as usize, order.clone());
        self.strings.push(text);
        match key {
            Some(k) => self.by_key.insert(k, id),
            None => self.by_order.insert(order.clone(), id),
        };
        id
    }

    /// Empties the table when it holds more than [`OrderTexts::MAX`] strings.
    fn bound(&mut self) {
        if self.strings.len() > OrderTexts::MAX {
            *self = TextTable::default();
        }
    }
}

impl OrderTexts {
    /// The most order texts kept (the table is emptied when it would grow past this).
    pub const MAX: usize = 1 << 16;

    /// The table of a variant, shared by all its games (a game of the same variant
    /// then hands out the same strings from its first phase on). Tables of variants no
    /// longer in use are dropped.
    pub fn for_variant(variant: &Arc<Variant>) -> Arc<OrderTexts> {
        type Tables = Vec<(std::sync::Weak<Variant>, Arc<OrderTexts>)>;
        static TABLES: std::sync::Mutex<Tables> = std::sync::Mutex::new(Vec::new());
        let mut tables = TABLES
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        tables.retain(|(v, _)| v.strong_count() > 0);
        if let Some((_, texts)) = tables
            .iter()
            .find(|(v, _)| std::ptr::eq(v.as_ptr(), Arc::as_ptr(variant)))
        {
            return texts.clone();
        }
        let texts = Arc::<OrderTexts>::default();
        tables.push((Arc::downgrade(variant), texts.clone()));
        texts
    }

    /// The order a string handed out by this table stands for (None for any other
    /// string, even one with the same text).
    pub fn order_of(&self, text: &Bound<'_, PyString>) -> Option<Order> {
        let table = self
            .table
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        table.by_address.get(&(text.as_ptr() as usize)).cloned()
    }
}

/// One integer for the orders the legal-order generator makes (ids only: no written
/// convoy path, stray coast or nationality), so the text table is looked up without
/// hashing and comparing whole orders; None for any other order. The power is left
/// out: it is not part of the text, and `set_orders` takes a listed order as given by
/// the power it is given for. Fields: order kind (4 bits), then up to three units or
/// locations (18 bits for a unit: kind and location; 16 for a location).
fn compact_key(order: &Order) -> Option<u64> {
    if order.stray_coast.is_some() {
        return None;
    }
    let unit = |r: &UnitRef| -> Option<u64> {
        if r.nationality.is_some() {
            return None;
        }
        let kind = match r.kind {
            None => 0,
            Some(UnitKind::Army) => 1,
            Some(UnitKind::Fleet) => 2,
        };
        Some((kind << 16) | u64::from(r.location.0))
    };
    let (tag, a, b, c) = match &order.kind {
        OrderKind::Hold { unit: u } => (1, unit(u)?, 0, 0),
        OrderKind::Move {
            unit: u,
            to,
            via_convoy,
            path,
        } => {
            if !path.is_empty() {
                return None;
            }
            (2 + u64::from(*via_convoy), unit(u)?, u64::from(to.0), 0)
        }
        OrderKind::SupportHold { unit: u, target } => (4, unit(u)?, unit(target)?, 0),
        OrderKind::SupportMove {
            unit: u,
            target,
            to,
        } => (5, unit(u)?, unit(target)?, u64::from(to.0)),
        OrderKind::Convoy { unit: u, army, to } => (6, unit(u)?, unit(army)?, u64::from(to.0)),
        OrderKind::Retreat { unit: u, to } => (7, unit(u)?, u64::from(to.0), 0),
        OrderKind::Disband { unit: u } => (8, unit(u)?, 0, 0),
        OrderKind::Build { unit: u } => (9, unit(u)?, 0, 0),
        OrderKind::Remove { unit: u } => (10, unit(u)?, 0, 0),
        _ => return None,
    };
    Some(tag | (a << 4) | (b << 22) | (c << 40))
}

/// The location names of a variant's possible-orders dict, made once.
struct LocationKeys {
    /// (location name, location index), sorted by name.
    names: Vec<(Py<PyString>, usize)>,
    /// Every name -> None, in that order: each call copies it and fills in the lists,
    /// so its dict is never resized while filled.
    template: Py<PyDict>,
}

impl LocationKeys {
    fn new(py: Python<'_>, map: &standoff::Map) -> PyResult<LocationKeys> {
        let mut names: Vec<(String, usize)> = (0..map.location_count())
            .map(|i| {
                (
                    crate::names::loc_name(map, standoff::LocationId(i as u16)),
                    i,
                )
            })
            .collect();
        names.sort();
        let names: Vec<(Py<PyString>, usize)> = names
            .into_iter()
            .map(|(name, i)| (PyString::new(py, &name).unbind(), i))
            .collect();
        let template = PyDict::new(py);
        for (name, _) in &names {
            template.set_item(name.bind(py), py.None())?;
        }
        Ok(LocationKeys {
            names,
            template: template.unbind(),
        })
    }
}

/// Stands for `WAIVE` among the text ids of a possible-orders list.
const WAIVE_ID: u32 = u32::MAX;

/// Location name -> possible orders, built from the cached Python strings. The orders
/// are found as text ids (a table lookup each), put into their locations' lists in
/// one pass, and each list is made at its final size.
pub fn possible_orders_dict<'py>(
    py: Python<'py>,
    variant: &Variant,
    pos: &Position,
    texts: &OrderTexts,
) -> PyResult<Bound<'py, PyDict>> {
    let map = &variant.map;
    let keys = match texts.locations.get() {
        Some(keys) => keys,
        None => {
            let keys = LocationKeys::new(py, map)?;
            texts.locations.get_or_init(|| keys)
        }
    };
    let mut table = texts
        .table
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    table.bound();
    // (location, text id) in list order.
    // Text ids in list order, and runs of them: (location, start, end). A unit's
    // orders come together, so a movement phase makes one run per unit (and one more
    // for the province of a unit on a coast, which lists the same orders).
    let mut ids: Vec<u32> = Vec::with_capacity(512);
    let mut runs: Vec<(u16, usize, usize)> = Vec::with_capacity(64);
    let close = |runs: &mut Vec<(u16, usize, usize)>, at: u16, start: usize, end: usize| {
        if end > start {
            let province = map.province_of(standoff::LocationId(at)).0;
            if province != at {
                runs.push((province, start, end));
            }
            runs.push((at, start, end));
        }
    };
    if pos.phase().kind == standoff::PhaseKind::Movement {
        // The unit whose orders come now, and where its run started.
        let mut unit: Option<(standoff::LocationId, usize)> = None;
        standoff::legal::for_each_movement_order(variant, pos, |order| {
            let Some(at) = order.kind.unit().map(|u| u.location) else {
                return;
            };
            if unit.map(|(l, _)| l) != Some(at) {
                if let Some((l, start)) = unit {
                    close(&mut runs, l.0, start, ids.len());
                }
                unit = Some((at, ids.len()));
            }
            ids.push(table.text_id(py, map, &order));
        });
        if let Some((l, start)) = unit {
            close(&mut runs, l.0, start, ids.len());
        }
    } else {
        let possible = crate::model::possible_order_table(variant, pos);
        for (at, list) in possible.iter().enumerate() {
            let start = ids.len();
            for entry in list {
                ids.push(match entry {
                    crate::model::Possible::Order(order) => table.text_id(py, map, order),
                    crate::model::Possible::Waive => WAIVE_ID,
                });
            }
            // The table already lists a coast's orders under its province too.
            if ids.len() > start {
                runs.push((at as u16, start, ids.len()));
            }
        }
    }
    // Runs by location (stable: a list keeps its order), and where each location's
    // runs begin.
    runs.sort_by_key(|r| r.0);
    let n = map.location_count();
    let mut first = vec![usize::MAX; n];
    for (i, r) in runs.iter().enumerate().rev() {
        if let Some(f) = first.get_mut(usize::from(r.0)) {
            *f = i;
        }
    }
    let waive = pyo3::intern!(py, "WAIVE");
    let strings = &table.strings;
    let text = |id: &u32| match strings.get(*id as usize) {
        Some(s) => s.bind(py).as_any(),
        None => waive.as_any(),
    };
    let dict = keys.template.bind(py).copy()?;
    let mut joined: Vec<u32> = Vec::new();
    for (name, index) in &keys.names {
        let mine = match first.get(*index) {
            Some(&f) if f != usize::MAX => &runs[f..],
            _ => &[],
        };
        let mine = &mine[..mine
            .iter()
            .take_while(|r| usize::from(r.0) == *index)
            .count()];
        let items: &[u32] = match mine {
            [] => &[],
            [(_, a, b)] => ids.get(*a..*b).unwrap_or(&[]),
            _ => {
                joined.clear();
                for (_, a, b) in mine {
                    joined.extend_from_slice(ids.get(*a..*b).unwrap_or(&[]));
                }
                &joined
            }
        };
        dict.set_item(name.bind(py), PyList::new(py, items.iter().map(text))?)?;
    }
    Ok(dict)
}

/// The provinces that need an order from `power` (`get_orderable_locations(power)`),
/// as the game's cached name strings.
pub fn orderable_list<'py>(
    py: Python<'py>,
    variant: &Variant,
    pos: &Position,
    texts: &OrderTexts,
    power: standoff::PowerId,
) -> PyResult<Bound<'py, PyList>> {
    let map = &variant.map;
    let names = texts.provinces.get_or_init(|| {
        (0..map.province_count())
            .map(|p| {
                let name = crate::names::prov_name(map, standoff::ProvinceId(p as u16));
                PyString::new(py, &name).unbind()
            })
            .collect()
    });
    let provinces = crate::model::orderable_provinces(variant, pos, power);
    PyList::new(
        py,
        provinces
            .iter()
            .filter_map(|p| names.get(p.index()).map(|n| n.bind(py))),
    )
}
