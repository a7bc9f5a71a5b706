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
    /// (location name, location index), sorted by name.
    locations: std::sync::OnceLock<Vec<(Py<PyString>, usize)>>,
}

/// A fast, fixed hasher for the text table (orders are small; no untrusted keys pick
/// the table's layout in a way that matters: the table is bounded and emptied).
type FastHash = foldhash::fast::FixedState;

/// The two directions of the text table, emptied together.
#[derive(Default)]
struct TextTable {
    /// Order (as its [`compact_key`]) -> its text (the string objects handed to Python).
    by_key: std::collections::HashMap<u128, Py<PyString>, FastHash>,
    /// The same for orders without a compact key.
    by_order: std::collections::HashMap<Order, Py<PyString>, FastHash>,
    /// The address of each string of `by_order` -> its order. The strings are kept
    /// alive by `by_order`, so an address stands for one string while it is here.
    by_address: std::collections::HashMap<usize, Order, FastHash>,
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
/// hashing and comparing whole orders; None for any other order. Fields: power (8
/// bits), order kind (8), then up to three units or locations (24 each).
fn compact_key(order: &Order) -> Option<u128> {
    if order.stray_coast.is_some() {
        return None;
    }
    let unit = |r: &UnitRef| -> Option<u128> {
        if r.nationality.is_some() {
            return None;
        }
        let kind = match r.kind {
            None => 0,
            Some(UnitKind::Army) => 1,
            Some(UnitKind::Fleet) => 2,
        };
        Some((kind << 16) | u128::from(r.location.0))
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
            (2 + u128::from(*via_convoy), unit(u)?, u128::from(to.0), 0)
        }
        OrderKind::SupportHold { unit: u, target } => (4, unit(u)?, unit(target)?, 0),
        OrderKind::SupportMove {
            unit: u,
            target,
            to,
        } => (5, unit(u)?, unit(target)?, u128::from(to.0)),
        OrderKind::Convoy { unit: u, army, to } => (6, unit(u)?, unit(army)?, u128::from(to.0)),
        OrderKind::Retreat { unit: u, to } => (7, unit(u)?, u128::from(to.0), 0),
        OrderKind::Disband { unit: u } => (8, unit(u)?, 0, 0),
        OrderKind::Build { unit: u } => (9, unit(u)?, 0, 0),
        OrderKind::Remove { unit: u } => (10, unit(u)?, 0, 0),
        _ => return None,
    };
    Some(u128::from(order.power.0) | (tag << 8) | (a << 16) | (b << 40) | (c << 64))
}

/// Location name -> possible orders, built from the cached Python strings. In a
/// movement phase the generator's orders go straight into their location's list (no
/// intermediate table of copied orders).
pub fn possible_orders_dict<'py>(
    py: Python<'py>,
    variant: &Variant,
    pos: &Position,
    texts: &OrderTexts,
) -> PyResult<Bound<'py, PyDict>> {
    let map = &variant.map;
    let locations = texts.locations.get_or_init(|| {
        let mut names: Vec<(String, usize)> = (0..map.location_count())
            .map(|i| {
                (
                    crate::names::loc_name(map, standoff::LocationId(i as u16)),
                    i,
                )
            })
            .collect();
        names.sort();
        names
            .into_iter()
            .map(|(name, i)| (PyString::new(py, &name).unbind(), i))
            .collect()
    });
    let mut cache = texts
        .table
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if cache.by_key.len() + cache.by_order.len() > OrderTexts::MAX {
        cache.by_key.clear();
        cache.by_order.clear();
        cache.by_address.clear();
    }
    let mut text_of = |order: &Order| -> Bound<'py, PyAny> {
        let key = compact_key(order);
        let known = match key {
            Some(k) => cache.by_key.get(&k),
            None => cache.by_order.get(order),
        };
        if let Some(text) = known {
            return text.bind(py).clone().into_any();
        }
        let text = PyString::new(py, &order_text(map, order));
        cache
            .by_address
            .insert(text.as_ptr() as usize, order.clone());
        match key {
            Some(k) => cache.by_key.insert(k, text.clone().unbind()),
            None => cache.by_order.insert(order.clone(), text.clone().unbind()),
        };
        text.into_any()
    };
    let mut lists: Vec<Vec<Bound<'py, PyAny>>> = vec![Vec::new(); map.location_count()];
    if pos.phase().kind == standoff::PhaseKind::Movement {
        for order in standoff::legal::movement_orders(variant, pos) {
            let Some(at) = order.kind.unit().map(|u| u.location) else {
                continue;
            };
            let text = text_of(&order);
            // A unit on a coast is listed under its province too.
            let province = map.province_of(at).index();
            if province != at.index() {
                if let Some(list) = lists.get_mut(province) {
                    list.push(text.clone());
                }
            }
            if let Some(list) = lists.get_mut(at.index()) {
                list.push(text);
            }
        }
    } else {
        let waive = pyo3::intern!(py, "WAIVE");
        let table = crate::model::possible_order_table(variant, pos);
        for (list, entries) in lists.iter_mut().zip(&table) {
            for entry in entries {
                list.push(match entry {
                    crate::model::Possible::Order(order) => text_of(order),
                    crate::model::Possible::Waive => waive.clone().into_any(),
                });
            }
        }
    }
    let dict = PyDict::new(py);
    for (name, index) in locations {
        let items = lists
            .get_mut(*index)
            .map(std::mem::take)
            .unwrap_or_default();
        dict.set_item(name.bind(py), PyList::new(py, items)?)?;
    }
    Ok(dict)
}
