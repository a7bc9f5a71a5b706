//! The lists a `diplomacy` package state dict gives each power (`set_state`, saved
//! games): units, centers, dislodged units and influence, with each name written as the
//! package's board writes names (upper case, single spaces). `_compat.py` keeps the
//! lists in the order the state gives them.
//!
//! A name already written that way (nearly every one) is handed back as it is; any
//! other is normalised by Python's own `" ".join(str(x).upper().split())`, so the result
//! is exactly the Python definition's.

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PySlice, PyString, PyTuple};

/// Power (upper case) -> `(units, centers, dislodged units, influence)` of the state
/// dict `state`; influence is None for a power the state gives none (or when it has no
/// `influence` dict). Dislodged units are the units written with a leading `*`, without
/// it.
#[pyfunction]
pub fn lists_of_state<'py>(state: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
    let py = state.py();
    let lists = PyDict::new(py);
    let influence = state.call_method1(intern!(py, "get"), (intern!(py, "influence"),))?;
    let influence = influence.cast::<PyDict>().ok();
    let units = state.call_method1(intern!(py, "get"), (intern!(py, "units"),))?;
    if !units.is_truthy()? {
        return Ok(lists);
    }
    let centers = state.call_method1(intern!(py, "get"), (intern!(py, "centers"),))?;
    for item in units.call_method0(intern!(py, "items"))?.try_iter()? {
        let (name, power_units): (Bound<'py, PyAny>, Bound<'py, PyAny>) = item?.extract()?;
        let (standing, dislodged) = split_dislodged(&power_units)?;
        let power_centers = match centers.is_truthy()? {
            true => names(&get(&centers, &name)?)?,
            false => PyList::empty(py),
        };
        let places = match &influence {
            Some(influence) => get(influence.as_any(), &name)?,
            None => py.None().into_bound(py),
        };
        let places = match places.is_none() {
            true => places,
            false => names(&places)?.into_any(),
        };
        let key = name.str()?.call_method0(intern!(py, "upper"))?;
        let entry = PyTuple::new(
            py,
            [
                standing.into_any(),
                power_centers.into_any(),
                dislodged.into_any(),
                places,
            ],
        )?;
        lists.set_item(key, entry)?;
    }
    Ok(lists)
}

/// `mapping.get(key)` (a dict's own lookup when it is exactly a dict).
fn get<'py>(mapping: &Bound<'py, PyAny>, key: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let py = mapping.py();
    match mapping.cast_exact::<PyDict>() {
        Ok(dict) => Ok(dict
            .get_item(key)?
            .unwrap_or_else(|| py.None().into_bound(py))),
        Err(_) => mapping.call_method1(intern!(py, "get"), (key,)),
    }
}

/// `[" ".join(str(x).upper().split()) for x in items or ()]`.
fn names<'py>(items: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(items.py());
    if items.is_truthy()? {
        for item in items.try_iter()? {
            out.append(board_name(&item?)?.0)?;
        }
    }
    Ok(out)
}

/// `names(units)` split into the units standing and those dislodged (written `*A PAR`,
/// returned without the `*`), each in the order given, in one pass.
fn split_dislodged<'py>(
    units: &Bound<'py, PyAny>,
) -> PyResult<(Bound<'py, PyList>, Bound<'py, PyList>)> {
    let py = units.py();
    let standing = PyList::empty(py);
    let dislodged = PyList::empty(py);
    if units.is_truthy()? {
        for unit in units.try_iter()? {
            match board_name(&unit?)? {
                (name, true) => {
                    dislodged.append(name.get_item(PySlice::new(py, 1, isize::MAX, 1))?)?
                }
                (name, false) => standing.append(name)?,
            }
        }
    }
    Ok((standing, dislodged))
}

/// `" ".join(str(item).upper().split())` (`item` itself when it is a string written
/// that way already), and whether it starts with `*`.
fn board_name<'py>(item: &Bound<'py, PyAny>) -> PyResult<(Bound<'py, PyString>, bool)> {
    let py = item.py();
    if let Ok(s) = item.cast_exact::<PyString>() {
        if let Ok(text) = s.to_cow() {
            if is_board_name(&text) {
                return Ok((s.clone(), text.starts_with('*')));
            }
        }
    }
    let words = item
        .str()?
        .call_method0(intern!(py, "upper"))?
        .call_method0(intern!(py, "split"))?;
    let name = PyString::new(py, " ")
        .call_method1(intern!(py, "join"), (words,))?
        .cast_into::<PyString>()?;
    let starred = name
        .call_method1(intern!(py, "startswith"), ("*",))?
        .is_truthy()?;
    Ok((name, starred))
}

/// Whether `s` is unchanged by `" ".join(s.upper().split())`: ASCII without lower-case
/// letters or whitespace other than single spaces between words (Python's `split()`
/// also splits at the ASCII controls 0x1c-0x1f).
fn is_board_name(s: &str) -> bool {
    let bytes = s.as_bytes();
    let mut previous_space = true; // no leading space
    for &b in bytes {
        match b {
            b' ' if previous_space => return false,
            b' ' => previous_space = true,
            b'a'..=b'z' | 0x00..=0x1f | 0x7f..=0xff => return false,
            _ => previous_space = false,
        }
    }
    !previous_space || bytes.is_empty()
}
