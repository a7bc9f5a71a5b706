//! JSON values to and from Python objects (for state dicts and saved games), and a
//! position's dislodged units as a dict.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use serde_json::{Map as JsonMap, Number, Value};
use standoff::{Position, Variant};

/// A JSON value as Python objects (dict, list, str, int, float, bool, None).
pub fn json_to_py<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_pyobject(py)?.into_any()
            } else if let Some(u) = n.as_u64() {
                u.into_pyobject(py)?.into_any()
            } else {
                n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any()
            }
        }
        Value::String(s) => PyString::new(py, s).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(json_to_py(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, v) in map {
                dict.set_item(k, json_to_py(py, v)?)?;
            }
            dict.into_any()
        }
    })
}

/// A Python object made of dicts (string keys), lists, tuples, str, int, float, bool and
/// None as JSON.
pub fn py_to_json(obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    if obj.is_none() {
        return Ok(Value::Null);
    }
    if let Ok(b) = obj.cast::<PyBool>() {
        return Ok(Value::Bool(b.is_true()));
    }
    if obj.cast::<PyInt>().is_ok() {
        if let Ok(i) = obj.extract::<i64>() {
            return Ok(Value::Number(i.into()));
        }
        let f: f64 = obj.extract()?;
        return Ok(Number::from_f64(f).map_or(Value::Null, Value::Number));
    }
    if let Ok(f) = obj.cast::<PyFloat>() {
        return Ok(Number::from_f64(f.value()).map_or(Value::Null, Value::Number));
    }
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(Value::String(s.to_cow()?.into_owned()));
    }
    if let Ok(d) = obj.cast::<PyDict>() {
        let mut map = JsonMap::new();
        for (k, v) in d.iter() {
            let key = match k.cast::<PyString>() {
                Ok(s) => s.to_cow()?.into_owned(),
                Err(_) => k.str()?.to_cow()?.into_owned(),
            };
            map.insert(key, py_to_json(&v)?);
        }
        return Ok(Value::Object(map));
    }
    if obj.cast::<PyList>().is_ok() || obj.cast::<PyTuple>().is_ok() {
        let mut items = Vec::new();
        for item in obj.try_iter()? {
            items.push(py_to_json(&item?)?);
        }
        return Ok(Value::Array(items));
    }
    // Sets, dict views and other iterables of JSON values (but not bytes).
    if let Ok(iter) = obj.try_iter() {
        let mut items = Vec::new();
        for item in iter {
            items.push(py_to_json(&item?)?);
        }
        return Ok(Value::Array(items));
    }
    Err(PyTypeError::new_err(format!(
        "cannot convert a `{}` to JSON",
        obj.get_type().name()?
    )))
}

/// A `str` or an iterable of `str` as a list of strings.
pub fn str_or_list(obj: &Bound<'_, PyAny>) -> PyResult<Vec<String>> {
    if let Ok(s) = obj.cast::<PyString>() {
        return Ok(vec![s.to_cow()?.into_owned()]);
    }
    let mut out = Vec::new();
    for item in obj.try_iter()? {
        let item = item?;
        match item.cast::<PyString>() {
            Ok(s) => out.push(s.to_cow()?.into_owned()),
            Err(_) => {
                return Err(PyTypeError::new_err(format!(
                    "expected a string, got a `{}`",
                    item.get_type().name()?
                )))
            }
        }
    }
    Ok(out)
}

/// A dict of `str -> list[str]` (or `str -> str`), e.g. power -> orders.
pub fn str_to_list_map(obj: &Bound<'_, PyAny>) -> PyResult<Vec<(String, Vec<String>)>> {
    let dict = obj
        .cast::<PyDict>()
        .map_err(|_| PyTypeError::new_err("expected a dict of power name -> list of orders"))?;
    let mut out = Vec::new();
    for (k, v) in dict.iter() {
        let key: String = k
            .extract()
            .map_err(|_| PyTypeError::new_err("dict keys must be power names (str)"))?;
        if v.is_none() {
            out.push((key, Vec::new()));
        } else {
            out.push((key, str_or_list(&v)?));
        }
    }
    Ok(out)
}

/// Builds a dict from string pairs, keeping their order.
pub fn dict_of_lists<'py>(
    py: Python<'py>,
    items: impl IntoIterator<Item = (String, Vec<String>)>,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (k, v) in items {
        dict.set_item(k, PyList::new(py, v)?)?;
    }
    Ok(dict)
}

/// Python's `repr` of a string (`'PAR'`).
pub fn repr_str(py: Python<'_>, s: &str) -> String {
    PyString::new(py, s)
        .repr()
        .and_then(|r| r.extract::<String>())
        .unwrap_or_else(|_| format!("{s:?}"))
}

/// Power -> {unit: options}; powers without dislodged units are left out unless `all`.
pub fn dislodged_dict<'py>(
    py: Python<'py>,
    variant: &Variant,
    pos: &Position,
    all: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    for (power, list) in crate::model::dislodged_by_power(variant, pos) {
        if list.is_empty() && !all {
            continue;
        }
        out.set_item(power, dict_of_lists(py, list)?)?;
    }
    Ok(out)
}
