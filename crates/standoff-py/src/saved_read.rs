//! A saved game given as Python objects (the `diplomacy` package's dict) read into the
//! core's [`MilaGame`]: only the fields a replay uses (`id`, `map`, and each phase's
//! `name`, the state's `units`, `centers` and `retreats`, `orders`, `results`) are
//! read; press, influence, homes and the rest are not looked at. The shapes accepted
//! are those of the JSON the core reads: a field of the wrong type is an error naming
//! where it is.

use crate::errors::state_err;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use standoff::mila::{MilaGame, MilaPhase, MilaState};
use std::collections::BTreeMap;

/// `saved_game` as a [`MilaGame`], or an `InvalidStateError` saying what is wrong where.
pub fn mila_game(saved_game: &Bound<'_, PyAny>) -> PyResult<MilaGame> {
    read_game(saved_game).map_err(|e| {
        let e = e.strip_prefix(": ").unwrap_or(&e);
        state_err(format!("not a saved game: {e}"))
    })
}

/// What is wrong, after where it is (`.state.units.FRANCE[2]: expected a string, got
/// int`): each reader puts its part of the place in front of its parts' errors, so a
/// place is written only for an error.
type Read<T> = Result<T, String>;

fn read_game(obj: &Bound<'_, PyAny>) -> Read<MilaGame> {
    let game = dict(obj)?;
    let phases = match field(game, "phases")? {
        Some(phases) => items(&phases)
            .map_err(|e| format!("phases{e}"))?
            .iter()
            .enumerate()
            .map(|(i, phase)| read_phase(phase).map_err(|e| format!("phases[{i}]{e}")))
            .collect::<Read<Vec<_>>>()?,
        None => return Err(": missing field `phases`".into()),
    };
    Ok(MilaGame {
        id: optional_text(game, "id")?,
        map: optional_text(game, "map")?,
        phases,
    })
}

fn read_phase(obj: &Bound<'_, PyAny>) -> Read<MilaPhase> {
    let phase = dict(obj)?;
    let name = match field(phase, "name")? {
        Some(name) => text(&name).map_err(|e| format!(".name{e}"))?,
        None => return Err(": missing field `name`".into()),
    };
    let state = match field(phase, "state")? {
        Some(state) => read_state(&state).map_err(|e| format!(".state{e}"))?,
        None => return Err(": missing field `state`".into()),
    };
    let orders = match field(phase, "orders")? {
        Some(orders) => map_of(&orders, |v| match v.is_none() {
            true => Ok(None),
            false => texts(v).map(Some),
        })
        .map_err(|e| format!(".orders{e}"))?,
        None => BTreeMap::new(),
    };
    let results = match field(phase, "results")? {
        Some(results) => map_of(&results, texts).map_err(|e| format!(".results{e}"))?,
        None => BTreeMap::new(),
    };
    Ok(MilaPhase {
        name,
        state,
        orders,
        results,
    })
}

fn read_state(obj: &Bound<'_, PyAny>) -> Read<MilaState> {
    let state = dict(obj)?;
    let lists = |name: &str| match field(state, name)? {
        Some(lists) => map_of(&lists, texts).map_err(|e| format!(".{name}{e}")),
        None => Ok(BTreeMap::new()),
    };
    let retreats = match field(state, "retreats")? {
        Some(retreats) => map_of(&retreats, |by_unit| map_of(by_unit, texts))
            .map_err(|e| format!(".retreats{e}"))?,
        None => BTreeMap::new(),
    };
    Ok(MilaState {
        units: lists("units")?,
        centers: lists("centers")?,
        retreats,
    })
}

/// `obj` as a dict.
fn dict<'a, 'py>(obj: &'a Bound<'py, PyAny>) -> Read<&'a Bound<'py, PyDict>> {
    obj.cast::<PyDict>()
        .map_err(|_| format!(": expected a dict, got {}", type_name(obj)))
}

/// The value of `key` in `dict` (None when missing).
fn field<'py>(dict: &Bound<'py, PyDict>, key: &str) -> Read<Option<Bound<'py, PyAny>>> {
    dict.get_item(key).map_err(|e| format!(".{key}: {e}"))
}

/// A field that is a string or None (or missing).
fn optional_text(dict: &Bound<'_, PyDict>, key: &str) -> Read<Option<String>> {
    match field(dict, key)? {
        Some(value) if !value.is_none() => text(&value).map(Some).map_err(|e| format!("{key}{e}")),
        _ => Ok(None),
    }
}

/// `obj` as a string.
fn text(obj: &Bound<'_, PyAny>) -> Read<String> {
    let s = obj
        .cast::<PyString>()
        .map_err(|_| format!(": expected a string, got {}", type_name(obj)))?;
    s.to_cow()
        .map(|t| t.into_owned())
        .map_err(|e| format!(": {e}"))
}

/// The items of a list, a tuple or another iterable that is no string or dict.
fn items<'py>(obj: &Bound<'py, PyAny>) -> Read<Vec<Bound<'py, PyAny>>> {
    let not_a_list = || format!(": expected a list, got {}", type_name(obj));
    if obj.is_instance_of::<PyString>() || obj.is_instance_of::<PyDict>() || obj.is_none() {
        return Err(not_a_list());
    }
    obj.try_iter()
        .map_err(|_| not_a_list())?
        .map(|item| item.map_err(|e| format!(": {e}")))
        .collect()
}

/// A list of strings.
fn texts(obj: &Bound<'_, PyAny>) -> Read<Vec<String>> {
    items(obj)?
        .iter()
        .enumerate()
        .map(|(i, item)| text(item).map_err(|e| format!("[{i}]{e}")))
        .collect()
}

/// A dict with string keys (other keys are written as `str()` writes them), each value
/// read by `value`.
fn map_of<T>(
    obj: &Bound<'_, PyAny>,
    value: impl Fn(&Bound<'_, PyAny>) -> Read<T>,
) -> Read<BTreeMap<String, T>> {
    let mut out = BTreeMap::new();
    for (key, item) in dict(obj)?.iter() {
        let key = match key.cast::<PyString>() {
            Ok(key) => key.to_cow().map(|k| k.into_owned()),
            Err(_) => key.str().and_then(|k| k.to_cow().map(|k| k.into_owned())),
        }
        .map_err(|e| format!(": {e}"))?;
        let read = value(&item).map_err(|e| format!(".{key}{e}"))?;
        out.insert(key, read);
    }
    Ok(out)
}

/// The Python type name of `obj`, for messages.
fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string())
}
