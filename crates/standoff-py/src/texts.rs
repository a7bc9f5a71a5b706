//! The Python strings of order texts a game hands out: `get_all_possible_orders()`
//! builds its lists from them (a lookup per order instead of a new string), and
//! `set_orders` given one of them back knows its order without reading the text.

use crate::names::order_text;
use key_map::{IdMap, KeyMap};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use standoff::legal::UnitOrder;
use standoff::order::{Order, OrderKind, UnitRef};
use standoff::{Position, PowerId, UnitKind, Variant};
use std::sync::Arc;

mod key_map;

/// Python strings of order texts and location names, kept per variant and shared by
/// all its games ([`OrderTexts::for_variant`]): listing the possible orders every phase
/// then costs a lookup per order instead of formatting a new string, and `set_orders`
/// given one of these very strings back knows its order without reading the text. At
/// most [`OrderTexts::MAX`] orders are kept.
#[derive(Default)]
pub struct OrderTexts {
    table: std::sync::Mutex<TextTable>,
    /// The keys of the possible-orders dict.
    locations: std::sync::OnceLock<LocationKeys>,
    /// Province names (`STP`), by province index.
    provinces: std::sync::OnceLock<Vec<Py<PyString>>>,
}

/// A fast, fixed hasher for the table of orders without a compact key (rare: railway
/// moves, canal permissions, written convoy paths; no untrusted keys pick the table's
/// layout in a way that matters: the table is bounded and emptied).
type FastHash = foldhash::fast::FixedState;

/// The text table: each string handed out once, found by its order's key, and the
/// way back from a string to its order. Emptied as a whole.
#[derive(Default)]
struct TextTable {
    /// The strings handed out; an order's text id is an index into this.
    strings: Vec<Py<PyString>>,
    /// The orders without a compact key, in the order their strings were made.
    others: Vec<Order>,
    /// Per ordered unit ([`unit_slot`]): the rest of an order's [`compact_key`] -> its
    /// text id. A unit's orders come together, so its small
    /// table stays in the cache while they are looked up.
    by_unit: Vec<IdMap>,
    /// Orders without a compact key -> text id.
    by_order: std::collections::HashMap<Order, u32, FastHash>,
    /// The address of each string of `strings` -> its order: its [`compact_key`] with
    /// the power in the top 8 bits, or for an order without one, its index in `others`
    /// times 16 (the low 4 bits, a compact key's order kind, are then 0). The strings
    /// are kept alive by `strings`, so an address stands for one string while it is here.
    by_address: KeyMap,
    /// Work space of [`possible_orders_dict`], kept between calls: the text ids of the
    /// listed strings in list order ([`WAIVE_ID`] for `WAIVE`).
    listed: Vec<u32>,
    /// Work space: per location, the span of `listed` it lists ([`SEVERAL_RUNS`]: more
    /// than one span, found in `runs`).
    spans: Vec<(u32, u32)>,
    /// Work space: (location, start, end) of every span of `listed`, in list order.
    runs: Vec<(u16, u32, u32)>,
    /// Which listing the work space holds: one more for each (it survives the table's
    /// emptying), so a listing's stamp says whether its dict can be made again from
    /// the work space ([`relisted_dict`]).
    listing: u64,
}

/// The most strings a text table keeps: [`OrderTexts::MAX`], unless a test lowered it
/// to reach the table's emptying.
static LIMIT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(OrderTexts::MAX);

/// Sets the most order texts a game's table keeps (at least 1) and gives the previous
/// limit. For tests: a small limit empties the table at (nearly) every listing.
#[pyfunction]
#[pyo3(name = "_set_order_text_limit")]
pub fn set_order_text_limit(limit: usize) -> usize {
    LIMIT.swap(limit.max(1), std::sync::atomic::Ordering::Relaxed)
}

/// Marks a location of [`TextTable::spans`] listing more than one run of orders.
const SEVERAL_RUNS: u32 = u32::MAX;

/// Stands for `WAIVE` among the text ids of a possible-orders list.
const WAIVE_ID: u32 = u32::MAX;

impl TextTable {
    /// The text id of `order` (its index in `strings`), made (and remembered) on first
    /// use.
    fn text_id(&mut self, py: Python<'_>, map: &standoff::Map, order: &Order) -> u32 {
        match compact_key(order) {
            Some(key) => self.keyed_text_id(py, map, key, || order.clone()),
            None => self.unkeyed_text_id(py, map, order),
        }
    }

    /// [`TextTable::text_id`] of the order whose [`compact_key`] is `key` (`order`
    /// makes it, called only for an order seen for the first time).
    #[inline]
    fn keyed_text_id(
        &mut self,
        py: Python<'_>,
        map: &standoff::Map,
        key: u64,
        order: impl FnOnce() -> Order,
    ) -> u32 {
        let Some((slot, rest)) = unit_slot(key, map.location_count()) else {
            return self.unkeyed_text_id(py, map, &order());
        };
        if let Some(id) = self.by_unit.get(slot).and_then(|t| t.get(rest)) {
            return id;
        }
        let id = self.add(py, map, &order());
        if self.by_unit.len() <= slot {
            self.by_unit.resize_with(slot + 1, IdMap::default);
        }
        self.by_unit[slot].insert(rest, id);
        id
    }

    /// [`TextTable::text_id`] of an order found by the whole order (one without a
    /// compact key, or whose unit is off the map's locations).
    fn unkeyed_text_id(&mut self, py: Python<'_>, map: &standoff::Map, order: &Order) -> u32 {
        if let Some(&id) = self.by_order.get(order) {
            return id;
        }
        let id = self.add(py, map, order);
        self.by_order.insert(order.clone(), id);
        id
    }

    /// Makes `order`'s string and keeps it (with the way back to its order); its text
    /// id.
    fn add(&mut self, py: Python<'_>, map: &standoff::Map, order: &Order) -> u32 {
        let text = PyString::new(py, &order_text(map, order)).unbind();
        let id = self.strings.len() as u32;
        let way_back = match compact_key(order) {
            Some(key) => key | (u64::from(order.power.0) << 56),
            None => {
                self.others.push(order.clone());
                ((self.others.len() - 1) as u64) << 4
            }
        };
        self.by_address
            .insert(text.as_ptr() as usize as u64, way_back);
        self.strings.push(text);
        id
    }

    /// Empties the table when it holds more than [`OrderTexts::MAX`] strings (or the
    /// limit a test set; keeping its work space).
    fn bound(&mut self) {
        if self.strings.len() > LIMIT.load(std::sync::atomic::Ordering::Relaxed) {
            let listed = std::mem::take(&mut self.listed);
            let spans = std::mem::take(&mut self.spans);
            let runs = std::mem::take(&mut self.runs);
            *self = TextTable {
                listed,
                spans,
                runs,
                listing: self.listing,
                ..TextTable::default()
            };
        }
    }

    /// Ends a run of `listed` (from `start` to its end) of the unit at location `at`:
    /// the orders are listed under the location and, for a coast, under its province.
    fn close_run(&mut self, map: &standoff::Map, at: u16, start: u32) {
        let end = self.listed.len() as u32;
        if end > start {
            let province = map.province_of(standoff::LocationId(at)).0;
            if province != at {
                self.add_run(province, start, end);
            }
            self.add_run(at, start, end);
        }
    }

    /// Lists `listed[start..end]` under location `at`.
    fn add_run(&mut self, at: u16, start: u32, end: u32) {
        let Some(span) = self.spans.get_mut(usize::from(at)) else {
            return;
        };
        *span = if span.1 > span.0 || span.0 == SEVERAL_RUNS {
            (SEVERAL_RUNS, 0)
        } else {
            (start, end)
        };
        self.runs.push((at, start, end));
    }
}

/// The table slot of an order's unit (its kind and location) and the rest of its
/// [`compact_key`] (never 0: the order kind is never 0), for a key whose unit stands
/// on one of the map's `locations`.
#[inline]
fn unit_slot(key: u64, locations: usize) -> Option<(usize, u64)> {
    let unit = (key >> 4) & 0x3_FFFF;
    let (kind, location) = ((unit >> 16) as usize, (unit & 0xFFFF) as usize);
    if location >= locations {
        return None;
    }
    Some((
        kind * locations + location,
        (key & 0xF) | ((key >> 22) << 4),
    ))
}

impl OrderTexts {
    /// The most order texts kept (the table is emptied when it would grow past this).
    pub const MAX: usize = 1 << 16;

    /// The table of a variant, shared by all its games (a game of the same variant
    /// then hands out the same strings from its first phase on). Tables of variants no
    /// longer in use are dropped.
    pub fn for_variant(variant: &Arc<Variant>) -> Arc<OrderTexts> {
        static TABLES: crate::per_variant::Registry<OrderTexts> = std::sync::Mutex::new(Vec::new());
        crate::per_variant::shared(&TABLES, variant, OrderTexts::default)
    }

    /// The order a string handed out by this table stands for (None for any other
    /// string, even one with the same text).
    pub fn order_of(&self, text: &Bound<'_, PyString>) -> Option<Order> {
        let table = self
            .table
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let way_back = table.by_address.get(text.as_ptr() as usize as u64)?;
        if way_back & 0xF == 0 {
            return table.others.get((way_back >> 4) as usize).cloned();
        }
        let power = standoff::PowerId((way_back >> 56) as u8);
        Some(Order::new(
            power,
            order_kind_of(way_back & ((1 << 56) - 1))?,
        ))
    }
}

/// One integer for the orders the legal-order generator makes (ids only: no written
/// convoy path, stray coast or nationality), so the text table is looked up without
/// hashing and comparing whole orders; None for any other order. The power is left
/// out: it is not part of the text, and `set_orders` takes a listed order as given by
/// the power it is given for. Fields: order kind (4 bits), then up to three units or
/// locations (18 bits for a unit: kind and location; 16 for a location).
#[inline]
fn compact_key(order: &Order) -> Option<u64> {
    if order.stray_coast.is_some() {
        return None;
    }
    if let Some((unit, what)) = UnitOrder::of(&order.kind) {
        return unit_order_key(unit, what);
    }
    let (tag, unit, to) = match &order.kind {
        OrderKind::Retreat { unit, to } => (7, unit, u64::from(to.0)),
        OrderKind::Disband { unit } => (8, unit, 0),
        OrderKind::Build { unit } => (9, unit, 0),
        OrderKind::Remove { unit } => (10, unit, 0),
        _ => return None,
    };
    Some(packed_key(tag, unit_bits(unit)?, to, 0))
}

/// The [`compact_key`] of `unit`'s order `what` (the generator's common kinds, found
/// by their parts while listing): kinds 1 (hold) to 6 (convoy).
#[inline]
fn unit_order_key(unit: &UnitRef, what: UnitOrder) -> Option<u64> {
    let a = unit_bits(unit)?;
    Some(match what {
        UnitOrder::Hold => packed_key(1, a, 0, 0),
        UnitOrder::Move { to, via_convoy } => {
            packed_key(2 + u64::from(via_convoy), a, u64::from(to.0), 0)
        }
        UnitOrder::SupportHold { target } => packed_key(4, a, unit_bits(&target)?, 0),
        UnitOrder::SupportMove { target, to } => {
            packed_key(5, a, unit_bits(&target)?, u64::from(to.0))
        }
        UnitOrder::Convoy { army, to } => packed_key(6, a, unit_bits(&army)?, u64::from(to.0)),
    })
}

/// A unit's 18 bits of a [`compact_key`]: its type (none written 0, else 1 + the type:
/// army 1, fleet 2; arithmetic, not a branch, on every listed order) and location;
/// None for a unit written with a nationality.
#[inline]
fn unit_bits(r: &UnitRef) -> Option<u64> {
    if r.nationality.is_some() {
        return None;
    }
    let kind = r.kind.map_or(0, |k| 1 + k as u64);
    Some((kind << 16) | u64::from(r.location.0))
}

/// A [`compact_key`] from its fields: the order kind, then up to three units or
/// locations.
#[inline]
fn packed_key(tag: u64, a: u64, b: u64, c: u64) -> u64 {
    tag | (a << 4) | (b << 22) | (c << 40)
}

/// The order kind a [`compact_key`] stands for (None for a key no order has).
fn order_kind_of(key: u64) -> Option<OrderKind> {
    let unit = |bits: u64| -> Option<UnitRef> {
        let kind = match (bits >> 16) & 0b11 {
            0 => None,
            1 => Some(UnitKind::Army),
            2 => Some(UnitKind::Fleet),
            _ => return None,
        };
        Some(UnitRef {
            kind,
            location: standoff::LocationId((bits & 0xFFFF) as u16),
            nationality: None,
        })
    };
    let (a, b, c) = ((key >> 4) & 0x3_FFFF, (key >> 22) & 0x3_FFFF, key >> 40);
    let location = |bits: u64| standoff::LocationId(bits as u16);
    let u = unit(a)?;
    Some(match key & 0xF {
        1 => OrderKind::Hold { unit: u },
        tag @ (2 | 3) => OrderKind::Move {
            unit: u,
            to: location(b),
            via_convoy: tag == 3,
            path: Default::default(),
        },
        4 => OrderKind::SupportHold {
            unit: u,
            target: unit(b)?,
        },
        5 => OrderKind::SupportMove {
            unit: u,
            target: unit(b)?,
            to: location(c),
        },
        6 => OrderKind::Convoy {
            unit: u,
            army: unit(b)?,
            to: standoff::ProvinceId(c as u16),
        },
        7 => OrderKind::Retreat {
            unit: u,
            to: location(b),
        },
        8 => OrderKind::Disband { unit: u },
        9 => OrderKind::Build { unit: u },
        10 => OrderKind::Remove { unit: u },
        _ => return None,
    })
}

/// The location names of a variant's possible-orders dict, made once.
struct LocationKeys {
    /// (location name, location index), in the package's order of the locations (the
    /// variant's `location_order`), or in standoff's (location index) where the variant
    /// gives none: the order of the compatible `Map.locs` either way.
    names: Vec<(Py<PyString>, usize)>,
    /// Every name -> None, in that order: each call copies it and fills in the lists,
    /// so its dict is never resized while filled.
    template: Py<PyDict>,
}

impl LocationKeys {
    fn new(py: Python<'_>, variant: &Variant) -> PyResult<LocationKeys> {
        let map = &variant.map;
        let named = |l: standoff::LocationId| (crate::names::loc_name(map, l), l.index());
        let names: Vec<(String, usize)> = match variant.location_order.is_empty() {
            false => variant.location_order.iter().map(|&l| named(l)).collect(),
            true => (0..map.location_count())
                .map(|i| named(standoff::LocationId(i as u16)))
                .collect(),
        };
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

/// A movement phase's orders put into the text table's `listed` as the generator
/// finds them: the common kinds by their parts (their key made from the parts; an
/// order made only for a text not seen before), any other through its order.
struct Listing<'a, 'py> {
    py: Python<'py>,
    map: &'a standoff::Map,
    table: &'a mut TextTable,
    /// The unit whose orders come now, and where its run started. A unit's orders come
    /// together, so a movement phase makes one run per unit (listed under its
    /// location, and under its province too for a unit on a coast).
    unit: Option<(u16, u32)>,
}

impl Listing<'_, '_> {
    /// Lists an order of the unit at `at`, whose text id `id` finds.
    #[inline]
    fn list(
        &mut self,
        at: u16,
        id: impl FnOnce(&mut TextTable, Python<'_>, &standoff::Map) -> u32,
    ) {
        if self.unit.map(|(l, _)| l) != Some(at) {
            if let Some((l, start)) = self.unit {
                self.table.close_run(self.map, l, start);
            }
            self.unit = Some((at, self.table.listed.len() as u32));
        }
        let id = id(self.table, self.py, self.map);
        self.table.listed.push(id);
    }
}

impl standoff::legal::OrderSink for Listing<'_, '_> {
    fn order(&mut self, order: Order) {
        if let Some(at) = order.kind.unit().map(|u| u.location.0) {
            self.list(at, |table, py, map| table.text_id(py, map, &order));
        }
    }

    #[inline]
    fn unit_order(&mut self, power: PowerId, unit: UnitRef, what: UnitOrder) {
        let key = unit_order_key(&unit, what);
        self.list(unit.location.0, |table, py, map| match key {
            Some(key) => table.keyed_text_id(py, map, key, || what.order(power, unit)),
            None => table.text_id(py, map, &what.order(power, unit)),
        });
    }
}

/// The keys of the variant's possible-orders dict, made on first use.
fn location_keys<'a>(
    py: Python<'_>,
    variant: &Variant,
    texts: &'a OrderTexts,
) -> PyResult<&'a LocationKeys> {
    if let Some(keys) = texts.locations.get() {
        return Ok(keys);
    }
    let keys = LocationKeys::new(py, variant)?;
    Ok(texts.locations.get_or_init(|| keys))
}

/// Every location name -> a new empty list: what a game that is over lists, as the
/// package lists it.
pub fn no_possible_orders_dict<'py>(
    py: Python<'py>,
    variant: &Variant,
    texts: &OrderTexts,
) -> PyResult<Bound<'py, PyDict>> {
    let keys = location_keys(py, variant, texts)?;
    let dict = keys.template.bind(py).copy()?;
    for (name, _) in &keys.names {
        dict.set_item(name.bind(py), PyList::empty(py))?;
    }
    Ok(dict)
}

/// Location name -> possible orders (every location a key), built from the cached
/// Python strings: a new dict of new lists, with the listing's stamp
/// ([`relisted_dict`]). The orders are found as text ids (a lookup in their unit's
/// small table each), put into their locations' lists in one pass, and each list is
/// made at its final size.
pub fn possible_orders_dict<'py>(
    py: Python<'py>,
    variant: &Variant,
    pos: &Position,
    texts: &OrderTexts,
) -> PyResult<(Bound<'py, PyDict>, u64)> {
    let map = &variant.map;
    let keys = location_keys(py, variant, texts)?;
    let mut guard = texts
        .table
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let table = &mut *guard;
    table.bound();
    table.listing += 1;
    table.listed.clear();
    table.runs.clear();
    table.spans.clear();
    table.spans.resize(map.location_count(), (0, 0));
    if pos.phase().kind == standoff::PhaseKind::Movement {
        let mut listing = Listing {
            py,
            map,
            table,
            unit: None,
        };
        standoff::legal::movement_orders_into(variant, pos, &mut listing);
        if let Some((l, start)) = listing.unit {
            table.close_run(map, l, start);
        }
    } else {
        let possible = crate::model::possible_order_table(variant, pos);
        for (at, list) in possible.iter().enumerate() {
            let start = table.listed.len() as u32;
            for entry in list {
                let id = match entry {
                    crate::model::Possible::Order(order) => table.text_id(py, map, order),
                    crate::model::Possible::Waive => WAIVE_ID,
                };
                table.listed.push(id);
            }
            // The table already lists a coast's orders under its province too.
            let end = table.listed.len() as u32;
            if end > start {
                table.add_run(at as u16, start, end);
            }
        }
    }
    Ok((dict_of_listed(py, table, keys)?, table.listing))
}

/// The dict of the listing `stamp` (from [`possible_orders_dict`]) made again, new
/// dict and lists, if the work space still holds it (no game of the variant listed
/// since); else None.
pub fn relisted_dict<'py>(
    py: Python<'py>,
    texts: &OrderTexts,
    stamp: u64,
) -> PyResult<Option<Bound<'py, PyDict>>> {
    let Some(keys) = texts.locations.get() else {
        return Ok(None);
    };
    let table = texts
        .table
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if table.listing != stamp {
        return Ok(None);
    }
    Ok(Some(dict_of_listed(py, &table, keys)?))
}

/// Location name -> the orders the work space lists there: a new dict of new lists.
fn dict_of_listed<'py>(
    py: Python<'py>,
    table: &TextTable,
    keys: &LocationKeys,
) -> PyResult<Bound<'py, PyDict>> {
    let waive = pyo3::intern!(py, "WAIVE");
    let strings = &table.strings;
    let text = |id: &u32| match strings.get(*id as usize) {
        Some(s) => s.bind(py).as_any(),
        None => waive.as_any(),
    };
    let dict = keys.template.bind(py).copy()?;
    let mut joined: Vec<u32> = Vec::new();
    for (name, index) in &keys.names {
        let items: &[u32] = match table.spans.get(*index) {
            Some(&(SEVERAL_RUNS, _)) => {
                joined.clear();
                for &(at, start, end) in &table.runs {
                    if usize::from(at) == *index {
                        joined.extend_from_slice(
                            table
                                .listed
                                .get(start as usize..end as usize)
                                .unwrap_or(&[]),
                        );
                    }
                }
                &joined
            }
            Some(&(start, end)) => table
                .listed
                .get(start as usize..end as usize)
                .unwrap_or(&[]),
            None => &[],
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
    // Made at its final size (a filtered iterator would make it empty and append).
    let items: Vec<&Bound<'py, PyString>> = provinces
        .iter()
        .filter_map(|p| names.get(p.index()).map(|n| n.bind(py)))
        .collect();
    PyList::new(py, items)
}
