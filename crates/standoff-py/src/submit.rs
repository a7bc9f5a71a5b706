//! Orders given to `set_orders`: read (or, for a string this game listed as a possible
//! order, recognised without reading), checked against the position and the power,
//! merged with the power's orders so far, and handed to the game session; orders left
//! out are recorded, warned about or raised as the caller's `errors` says.

use crate::classes::PyGame;
use crate::errors::{standoff_err, warn_orders, with_attrs, IllegalOrderError};
use crate::model::ErrorMode;
use crate::model::{
    fill_kinds, fill_only_coast, parse_problem, unconvoyable_via, OrderProblem, ProblemKind,
};
use crate::names::order_text;
use crate::order::parse_error_to_py;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use standoff::order::{Order, OrderKind};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

/// The package's `Power.orders` entries of orders written once: order -> (its unit,
/// `A PAR`; the rest of it, `- BUR`), as Python strings, shared by the games of a
/// variant and their copies (the package-compatible `Game` asks for the entries of a
/// power's orders after every `set_orders`). At most [`OrderEntries::MAX`] are kept.
#[derive(Default)]
pub struct OrderEntries {
    table: Mutex<HashMap<Order, Entry, foldhash::fast::FixedState>>,
}

/// One order's `Power.orders` entry: its unit, the rest of it.
type Entry = (Py<PyString>, Py<PyString>);

impl OrderEntries {
    /// The most entries kept (the table is emptied when it would grow past this).
    pub const MAX: usize = 1 << 16;

    /// The table of a variant, shared by all its games; tables of variants no longer
    /// in use are dropped.
    pub fn for_variant(variant: &Arc<standoff::Variant>) -> Arc<OrderEntries> {
        static TABLES: crate::per_variant::Registry<OrderEntries> = Mutex::new(Vec::new());
        crate::per_variant::shared(&TABLES, variant, OrderEntries::default)
    }

    /// `orders` as the package's `Power.orders` map: unit (`A PAR`) -> the rest of
    /// its order (`- BUR`), split from the order's text at its second space.
    pub fn map<'py, 'a>(
        &self,
        py: Python<'py>,
        map: &standoff::Map,
        orders: impl Iterator<Item = &'a Order>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let out = PyDict::new(py);
        let mut table = self.table.lock().unwrap_or_else(PoisonError::into_inner);
        for order in orders {
            if let Some((unit, rest)) = table.get(order) {
                out.set_item(unit.bind(py), rest.bind(py))?;
                continue;
            }
            let text = order_text(map, order);
            let mut words = text.splitn(3, ' ');
            let kind = words.next().unwrap_or_default();
            let at = words.next().unwrap_or_default();
            let unit = PyString::new(py, &format!("{kind} {at}"));
            let rest = PyString::new(py, words.next().unwrap_or_default());
            out.set_item(&unit, &rest)?;
            if table.len() >= OrderEntries::MAX {
                table.clear();
            }
            table.insert(order.clone(), (unit.unbind(), rest.unbind()));
        }
        Ok(out)
    }
}

/// One order given to `set_orders`: a string this game listed as a possible order (its
/// order known; its text is read only if the order is refused), or any other text.
enum Given<'py> {
    Listed(Order, Bound<'py, PyString>),
    Text(String),
}

/// The error for an item of `set_orders`' orders that is not a string.
fn not_a_string(item: &Bound<'_, PyAny>) -> PyErr {
    match item.get_type().name() {
        Ok(name) => PyTypeError::new_err(format!("expected a string, got a `{name}`")),
        Err(e) => e,
    }
}

impl PyGame {
    /// The orders given to `set_orders` (a string or an iterable of strings); strings
    /// this game handed out as possible orders are recognised without reading them.
    fn given_orders<'py>(&self, orders: &Bound<'py, PyAny>) -> PyResult<Vec<Given<'py>>> {
        let one = |s: &Bound<'py, PyString>| -> PyResult<Given<'py>> {
            Ok(match self.texts.order_of(s) {
                Some(order) => Given::Listed(order, s.clone()),
                None => Given::Text(s.to_cow()?.into_owned()),
            })
        };
        if let Ok(s) = orders.cast::<PyString>() {
            return Ok(vec![one(s)?]);
        }
        if let Ok(list) = orders.cast::<PyList>() {
            // A list (the usual case) is read by index, without an iterator object.
            let mut out = Vec::with_capacity(list.len());
            for item in list.iter() {
                match item.cast::<PyString>() {
                    Ok(s) => out.push(one(s)?),
                    Err(_) => return Err(not_a_string(&item)),
                }
            }
            return Ok(out);
        }
        let mut out = Vec::new();
        for item in orders.try_iter()? {
            let item = item?;
            match item.cast::<PyString>() {
                Ok(s) => out.push(one(s)?),
                Err(_) => return Err(not_a_string(&item)),
            }
        }
        Ok(out)
    }

    /// `set_orders` (see its Python documentation): `expand` is not needed here (orders
    /// are always read in full).
    pub(crate) fn submit(
        &mut self,
        py: Python<'_>,
        power_name: &Bound<'_, PyString>,
        orders: &Bound<'_, PyAny>,
        replace: bool,
        mode: ErrorMode,
    ) -> PyResult<()> {
        if self.is_done() {
            return Err(standoff_err("the game is over: no more orders"));
        }
        let power = self.power_of(power_name)?;
        let given = if orders.is_none() {
            Vec::new()
        } else {
            self.given_orders(orders)?
        };
        let variant = self.variant.clone();
        let pos = &self.session.record().game.position;
        let rules = &self.session.record().game.rules;
        // The phase and power as problems name them (written only if there is one).
        let names = std::cell::OnceCell::new();
        let names = || {
            names.get_or_init(|| {
                (
                    pos.phase().short_code(),
                    crate::names::power_name(&variant, power),
                )
            })
        };
        let checker = self.session.checker();
        let mut accepted: Vec<Order> = Vec::with_capacity(given.len());
        let mut problems: Vec<OrderProblem> = Vec::new();
        let mut notes: Vec<String> = Vec::new();
        for given in given {
            let (text, listed) = match given {
                Given::Listed(mut order, text) => {
                    // A string this game listed as a possible order: its order is known
                    // (no reading), given by this power as a read order would be; it is
                    // still checked against this position (it may have been listed in
                    // another phase, or for another power's unit).
                    order.power = power;
                    if checker.check(&order).is_ok() {
                        accepted.push(order);
                        continue;
                    }
                    (text.to_cow()?.into_owned(), Some(order))
                }
                Given::Text(text) => (text, None),
            };
            let text = text.trim();
            if text.is_empty() {
                continue;
            }
            let (phase, upper) = names();
            let problem = |kind, reason: String| OrderProblem {
                phase: phase.clone(),
                power: upper.clone(),
                order: text.to_string(),
                kind,
                reason,
            };
            let read = match listed {
                Some(order) => Ok(order),
                None => crate::model::read_order(&variant, pos.phase().kind, power, text),
            };
            let order = match read {
                Ok(o) => o,
                Err(e) => {
                    if mode == ErrorMode::Raise {
                        return Err(parse_error_to_py(py, text, Some(upper), &e));
                    }
                    problems.push(problem(parse_problem(&e), e.kind.to_string()));
                    continue;
                }
            };
            let illegal = if order.power != power {
                Some(format!(
                    "the order names {} but was given for {upper}",
                    crate::names::power_name(&variant, order.power)
                ))
            } else {
                checker
                    .check(&order)
                    .err()
                    .map(|why| standoff::report::illegal_text(why).to_string())
            };
            if let Some(reason) = illegal {
                if mode == ErrorMode::Raise {
                    let err = IllegalOrderError::new_err(format!(
                        "{upper}: `{text}` is not allowed in {phase}: {reason}"
                    ));
                    return Err(with_attrs(
                        py,
                        err,
                        &[
                            ("order", Some(text)),
                            ("power", Some(upper)),
                            ("reason", Some(&reason)),
                        ],
                    ));
                }
                problems.push(problem(ProblemKind::Illegal, reason));
                continue;
            }
            let written = unit_kinds(&order);
            let filled = fill_kinds(pos, &variant, order);
            let filled = fill_only_coast(pos, &variant, rules, filled);
            let on_board = unit_kinds(&filled);
            let differs = |i: usize| written[i].is_some() && written[i] != on_board[i];
            if differs(0) || differs(1) {
                // DATC 4.C.2: the unit type is not binding; the order is followed, and
                // the player is told how it was read.
                let which = if differs(0) {
                    "the unit there"
                } else {
                    "the unit it names"
                };
                notes.push(format!(
                    "`{text}` read as `{}` ({which} is of the other type; DATC 4.C.2)",
                    order_text(&variant.map, &filled)
                ));
            }
            notes.extend(unconvoyable_via(pos, &variant, rules, &filled, text));
            accepted.push(filled);
        }
        drop(checker);
        let map = &variant.map;
        let key = |o: &Order| o.kind.unit().map(|u| map.province_of(u.location));
        let mut list = Vec::with_capacity(accepted.len());
        list.extend(self.session.accepted_orders(power).cloned());
        // `WAIVE` is for no unit: with `replace`, the waives given replace the earlier
        // ones (each call saying how many builds the power waives), as orders for a
        // unit replace its earlier order.
        let waives = |o: &Order| matches!(o.kind, OrderKind::Waive);
        if replace && accepted.iter().any(waives) {
            list.retain(|o| !waives(o));
        }
        // The provinces ordered so far: an order for another is added without a search.
        let mut ordered = standoff::adjudicate::ProvinceSet::new(map.province_count());
        for k in list.iter().filter_map(key) {
            ordered.insert(k);
        }
        for order in accepted {
            match key(&order) {
                Some(k) if !ordered.contains(k) => {
                    ordered.insert(k);
                    list.push(order);
                }
                Some(k) => match list.iter().position(|o| key(o) == Some(k)) {
                    Some(i) if replace => list[i] = order,
                    Some(_) => {}
                    None => list.push(order),
                },
                None => list.push(order),
            }
        }
        self.session
            .submit_checked(power, list)
            .map_err(|e| standoff_err(e.to_string()))?;
        if let Some(m) = self.modes.get_mut(power.index()) {
            *m = mode;
        }
        if !notes.is_empty() && mode == ErrorMode::Warn {
            warn_orders(py, &notes.join("\n"))?;
        }
        if !problems.is_empty() && mode == ErrorMode::Warn {
            let lines: Vec<String> = problems.iter().map(OrderProblem::line).collect();
            self.problems.extend(problems);
            warn_orders(
                py,
                &format!(
                    "{} order(s) left out (see Game.order_errors):\n  {}",
                    lines.len(),
                    lines.join("\n  ")
                ),
            )?;
        } else {
            self.problems.extend(problems);
        }
        Ok(())
    }
}

/// The unit types an order writes: its own unit's, and the supported unit's or convoyed
/// army's (None where it writes none).
fn unit_kinds(order: &Order) -> [Option<standoff::unit::UnitKind>; 2] {
    [
        order.kind.unit().and_then(|u| u.kind),
        order.kind.other_unit().and_then(|u| u.kind),
    ]
}
