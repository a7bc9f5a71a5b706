//! Pickling (`pickle`, `copy.copy`, `copy.deepcopy`) of `Variant`, `Position` and
//! `PhaseData`: their `__reduce__` (and copy methods), and the module functions that
//! rebuild them from what `__reduce__` gave (`_variant_from_pickle`,
//! `_position_from_pickle`, `_phase_data_from_pickle`), and the rebuilder of a pickled
//! native `Game` (`_game_from_pickle`; its `__reduce__` is the game's). Everything a
//! pickle holds is read back as untrusted input: a bad value is a `TypeError` (wrong
//! type) or an `InvalidStateError` (a `ValueError`: wrong content), never a panic.
//!
//! The forms (plain Python values, so a pickle does not depend on Rust layouts):
//!
//! - `Variant`: `_variant_from_pickle(saved)`, `saved` the core's saved-variant form
//!   (`SavedVariant`): a built-in's name (`"standard"`), or for a variant loaded from
//!   TOML `{"name", "source", "bases"}` with the file texts embedded. A process loads
//!   each such variant once while it is in use, however many objects name it.
//! - `Position`: `_position_from_pickle(variant, json)`: a `Variant` and the position
//!   JSON (docs/position-json.md, as `Position.to_json()` writes it, which keeps what
//!   the binding's other forms leave out: the dislodgers' origins, home centers set by
//!   an opening placement, last occupants). It is read back through the core's checked
//!   constructor with the two relaxations the binding builds positions with
//!   (dislodged units outside a retreat phase, retreat options as given).
//! - `PhaseData`: `_phase_data_from_pickle(variant, data)`, `data` a dict (format
//!   [`PHASE_DATA_FORMAT`]): `rules` (the rule set as JSON: the choices that differ
//!   from the default rules), `position` (the board before the phase, as above),
//!   `orders` (the orders adjudicated, one per line in the canonical notation
//!   `England: F lon - nth`), `end` (how the game ended with the phase, as JSON, or
//!   None), `order_errors` (`(phase, power, order, kind, reason)` tuples) and `cells`
//!   (the members already made or given: `state`, `orders`, `results`, `messages`, as
//!   they are; a package-compatible `Game` gives its history's values). Unpickling
//!   reads each order back and adjudicates the phase again by the rules, so what the
//!   phase did is the core's own result, as it was; how the game ended is taken as
//!   recorded (it depends on the game's end rules and past years, not on the phase).
//! - `Game`: `_game_from_pickle(saved, submitted, order_errors)`: the package's
//!   saved-game dict (read as `from_saved_game_format` reads it), `(power, orders)` of
//!   each power that set orders for the current phase (an empty list: it set none the
//!   judge uses), set again in the order given (an order the board no longer allows is
//!   warned about, as `set_orders` warns), and the current phase's order errors as
//!   `PhaseData`'s (pickles of earlier builds have none).

use crate::classes::{PyPhaseData, PyPosition, PyVariant};
use crate::errors::{standoff_err, state_err};
use crate::model::{OrderProblem, ProblemKind};
use crate::per_variant::{shared, Registry};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use standoff::game::Game;
use standoff::json::{GameEndJson, PhaseRecordJson};
use standoff::order::Order;
use standoff::position::SetupOptions;
use standoff::record::PhaseRecord;
use standoff::rules::{RuleSet, Rules};
use standoff::variant::{EmbeddedVariant, SavedVariant};
use standoff::{Position, Variant};
use std::sync::{Arc, Mutex, PoisonError, Weak};

/// The `PhaseData` pickle format this build writes (and the only one it reads).
pub const PHASE_DATA_FORMAT: u32 = 1;

/// The members of a `PhaseData` a pickle may carry as they are (`cells`).
const CELLS: [&str; 4] = ["state", "orders", "results", "messages"];

/// The module function `name` (what a `__reduce__` names: pickle finds it again by its
/// module and name, so it must be the module's own object).
fn rebuilder<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import(pyo3::intern!(py, "standoff._standoff"))?
        .getattr(name)
}

// ---- Variant ---------------------------------------------------------------------------

/// Per variant loaded from files: the Python strings of its embedded texts (the file,
/// then its bases), made once, so that the pickles of many objects on one variant share
/// them (pickle writes an object it has seen as a reference).
static EMBEDDED_TEXTS: Registry<Vec<Py<PyString>>> = Mutex::new(Vec::new());

/// The variants unpickled so far that are still in use, by their saved form: each is
/// loaded once however many pickled objects name it (the standard one is always
/// shared, [`crate::args::standard`]).
static LOADED: Mutex<Vec<(SavedVariant, Weak<Variant>)>> = Mutex::new(Vec::new());

/// `variant`'s saved form as Python values: a built-in's name, or
/// `{"name", "source", "bases"}` for a variant loaded from files.
pub fn saved_variant_py<'py>(
    py: Python<'py>,
    variant: &Arc<Variant>,
) -> PyResult<Bound<'py, PyAny>> {
    let embedded = match SavedVariant::of(variant) {
        SavedVariant::Embedded(e) => e,
        saved => return Ok(PyString::new(py, saved.name()).into_any()),
    };
    let texts = shared(&EMBEDDED_TEXTS, variant, || {
        std::iter::once(&embedded.source)
            .chain(&embedded.bases)
            .map(|t| PyString::new(py, t).unbind())
            .collect()
    });
    let d = PyDict::new(py);
    d.set_item("name", &embedded.name)?;
    let (source, bases) = texts.split_first().ok_or_else(|| {
        standoff_err(format!("variant `{}`: no file text to save", embedded.name))
    })?;
    d.set_item("source", source.bind(py))?;
    d.set_item("bases", PyList::new(py, bases.iter().map(|b| b.bind(py)))?)?;
    Ok(d.into_any())
}

/// Reads a saved variant form: a `str` (a built-in's name) or a dict
/// `{"name", "source", "bases"}`.
fn saved_variant_arg(saved: &Bound<'_, PyAny>) -> PyResult<SavedVariant> {
    const SHAPE: &str = "a pickled Variant is a built-in variant's name (str) or a dict \
                         {\"name\": str, \"source\": str, \"bases\": [str]}";
    if let Ok(name) = saved.cast::<PyString>() {
        return Ok(SavedVariant::Name(name.to_cow()?.into_owned()));
    }
    let Ok(d) = saved.cast::<PyDict>() else {
        return Err(PyTypeError::new_err(format!(
            "{SHAPE}, not a `{}`",
            saved.get_type().name()?
        )));
    };
    for key in d.keys() {
        let key = key.str()?;
        if !matches!(key.to_cow()?.as_ref(), "name" | "source" | "bases") {
            return Err(state_err(format!("{SHAPE}: unknown key `{key}`")));
        }
    }
    let text = |key: &str| -> PyResult<String> {
        let value = d
            .get_item(key)?
            .ok_or_else(|| state_err(format!("{SHAPE}: no `{key}`")))?;
        value
            .extract()
            .map_err(|_| PyTypeError::new_err(format!("{SHAPE}: `{key}` must be a str")))
    };
    let bases = match d.get_item("bases")? {
        None => Vec::new(),
        Some(b) => b
            .extract::<Vec<String>>()
            .map_err(|_| PyTypeError::new_err(format!("{SHAPE}: `bases` must be a list of str")))?,
    };
    Ok(SavedVariant::Embedded(EmbeddedVariant {
        name: text("name")?,
        source: text("source")?,
        bases,
    }))
}

/// The variant a saved form names: a built-in, or the embedded files loaded (no file is
/// read), shared with the other objects unpickled on it while it is in use.
fn load_saved_variant(py: Python<'_>, saved: &SavedVariant) -> PyResult<Arc<Variant>> {
    let standard = crate::args::standard();
    if matches!(saved, SavedVariant::Name(name) if *name == standard.name) {
        return Ok(standard);
    }
    {
        let mut loaded = LOADED.lock().unwrap_or_else(PoisonError::into_inner);
        loaded.retain(|(_, v)| v.strong_count() > 0);
        if let Some(v) = loaded
            .iter()
            .find(|(s, _)| s == saved)
            .and_then(|(_, v)| v.upgrade())
        {
            return Ok(v);
        }
    }
    // Loading parses TOML and builds the map: without the GIL, and without the lock (two
    // threads loading one variant at once each keep their own copy; no harm).
    let variant = py.detach(|| saved.load(None)).map(Arc::new).map_err(|e| {
        state_err(format!(
            "cannot load the pickled variant `{}`: {e}",
            saved.name()
        ))
    })?;
    let mut loaded = LOADED.lock().unwrap_or_else(PoisonError::into_inner);
    loaded.push((saved.clone(), Arc::downgrade(&variant)));
    Ok(variant)
}

/// Rebuilds a pickled `Variant` from its saved form: a built-in variant's name, or
/// `{"name", "source", "bases"}` (a variant loaded from TOML, its texts embedded).
#[pyfunction]
#[pyo3(name = "_variant_from_pickle")]
pub fn variant_from_pickle(py: Python<'_>, saved: &Bound<'_, PyAny>) -> PyResult<PyVariant> {
    let saved = saved_variant_arg(saved)?;
    Ok(PyVariant {
        inner: load_saved_variant(py, &saved)?,
    })
}

/// A `Variant` argument of an unpickling function.
fn variant_of(variant: &Bound<'_, PyAny>, what: &str) -> PyResult<Arc<Variant>> {
    variant
        .cast::<PyVariant>()
        .map(|v| v.get().inner.clone())
        .map_err(|_| {
            PyTypeError::new_err(format!(
                "a pickled {what} names its variant with a standoff.Variant, not a `{}`",
                variant
                    .get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            ))
        })
}

#[pymethods]
impl PyVariant {
    /// Pickles as its saved form (a built-in by name, a variant loaded from TOML with
    /// its texts): `_variant_from_pickle(saved)`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let rebuild = rebuilder(py, "_variant_from_pickle")?;
        let args = PyTuple::new(py, [saved_variant_py(py, &self.inner)?])?;
        PyTuple::new(py, [rebuild.into_any(), args.into_any()])
    }

    /// A variant is immutable: its copy is itself.
    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// A variant is immutable: its copy is itself.
    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }
}

// ---- Position --------------------------------------------------------------------------

/// The setup checks relaxed when reading back a position the binding wrote: those it
/// builds positions with (editors' dislodged units, the package's retreat options).
fn own_position_options() -> SetupOptions {
    SetupOptions::default()
        .dislodged_in_any_phase()
        .retreat_options_as_given()
}

/// `pos` as position JSON text.
fn position_json(variant: &Variant, pos: &Position) -> PyResult<String> {
    serde_json::to_string(&pos.to_json(variant)).map_err(|e| standoff_err(e.to_string()))
}

/// Reads back position JSON text the binding wrote (see [`own_position_options`]).
fn read_position(variant: &Variant, position: &Bound<'_, PyAny>, what: &str) -> PyResult<Position> {
    let text = position.cast::<PyString>().map_err(|_| {
        PyTypeError::new_err(format!(
            "a pickled {what} holds its position as position JSON (str)"
        ))
    })?;
    let text = text.to_cow()?;
    let bad = |e: String| state_err(format!("a pickled {what}'s position: {e}"));
    standoff::limits::check_size("the position JSON", &text, standoff::limits::MAX_JSON_BYTES)
        .map_err(|e| bad(e.to_string()))?;
    let json =
        serde_json::from_str(&text).map_err(|e| bad(format!("invalid position JSON: {e}")))?;
    Position::from_position_json_with(variant, &json, own_position_options())
        .map_err(|e| bad(e.to_string()))
}

/// Rebuilds a pickled `Position`: its `Variant` and its position JSON (as
/// `Position.to_json()` writes it).
#[pyfunction]
#[pyo3(name = "_position_from_pickle")]
pub fn position_from_pickle(
    variant: &Bound<'_, PyAny>,
    position: &Bound<'_, PyAny>,
) -> PyResult<PyPosition> {
    let variant = variant_of(variant, "Position")?;
    let pos = read_position(&variant, position, "Position")?;
    Ok(PyPosition { variant, pos })
}

#[pymethods]
impl PyPosition {
    /// Pickles as its variant (saved form) and its position JSON:
    /// `_position_from_pickle(variant, json)`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let rebuild = rebuilder(py, "_position_from_pickle")?;
        let variant = Bound::new(
            py,
            PyVariant {
                inner: self.variant.clone(),
            },
        )?;
        let args = PyTuple::new(
            py,
            [
                variant.into_any(),
                PyString::new(py, &position_json(&self.variant, &self.pos)?).into_any(),
            ],
        )?;
        PyTuple::new(py, [rebuild.into_any(), args.into_any()])
    }

    /// A position is immutable: its copy is itself.
    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// A position is immutable: its copy is itself.
    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }
}

// ---- PhaseData -------------------------------------------------------------------------

/// A required entry of a `PhaseData` pickle's dict.
fn entry<'py>(data: &Bound<'py, PyDict>, key: &str) -> PyResult<Bound<'py, PyAny>> {
    data.get_item(key)?
        .ok_or_else(|| state_err(format!("a pickled PhaseData has no `{key}`")))
}

/// A `str` entry of a `PhaseData` pickle.
fn text_entry(data: &Bound<'_, PyDict>, key: &str) -> PyResult<String> {
    entry(data, key)?
        .extract()
        .map_err(|_| PyTypeError::new_err(format!("a pickled PhaseData's `{key}` must be a str")))
}

/// The rule set written as JSON, checked.
fn read_rules(text: &str) -> PyResult<Rules> {
    let set: RuleSet = serde_json::from_str(text)
        .map_err(|e| state_err(format!("a pickled PhaseData's rules: {e}")))?;
    Rules::new(set).map_err(|e| state_err(format!("a pickled PhaseData's rules: {e}")))
}

/// The orders, each line one order in the canonical notation (`England: F lon - nth`),
/// read as the order parser reads one order (the notation is exact: no reading that
/// depends on the rules or the other lines applies).
fn read_orders(variant: &Variant, position: &Position, lines: &[String]) -> PyResult<Vec<Order>> {
    let kind = position.phase().kind;
    lines
        .iter()
        .map(|line| {
            let bad = |why: &str| {
                state_err(format!(
                    "a pickled PhaseData's order `{}`: {why}",
                    standoff::limits::shown_prefix(line)
                ))
            };
            if line.contains(['\n', '\r']) {
                return Err(bad("one order per line"));
            }
            standoff::parse::parse_order(variant, kind, None, line)
                .map_err(|e| bad(&e.kind.to_string()))
        })
        .collect()
}

/// The rule set as JSON: the choices that differ from the default rules (which a
/// missing choice reads as), so the default rules are `{}`.
fn rules_json(rules: &Rules) -> PyResult<String> {
    let err = |e: serde_json::Error| standoff_err(e.to_string());
    let given = serde_json::to_value(rules.rule_set()).map_err(err)?;
    let default = serde_json::to_value(RuleSet::default()).map_err(err)?;
    let (serde_json::Value::Object(mut given), serde_json::Value::Object(default)) =
        (given, default)
    else {
        return Err(standoff_err("the rules are not written as a JSON object"));
    };
    given.retain(|choice, value| default.get(choice) != Some(value));
    serde_json::to_string(&given).map_err(err)
}

/// How the game ended with the phase (`None` entry: it did not).
fn read_end(
    variant: &Variant,
    end: &Bound<'_, PyAny>,
) -> PyResult<Option<standoff::game::GameEnd>> {
    if end.is_none() {
        return Ok(None);
    }
    let text: String = end.extract().map_err(|_| {
        PyTypeError::new_err("a pickled PhaseData's `end` must be None or a str (JSON)")
    })?;
    let json: GameEndJson = serde_json::from_str(&text)
        .map_err(|e| state_err(format!("a pickled PhaseData's end: {e}")))?;
    json.to_end(variant)
        .map(Some)
        .map_err(|p| state_err(format!("a pickled PhaseData's end: unknown power `{p}`")))
}

/// Orders left out as a pickle holds them: `(phase, power, order, kind, reason)`.
pub(crate) fn problem_tuples<'py>(
    py: Python<'py>,
    problems: &[OrderProblem],
) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    for p in problems {
        list.append((&p.phase, &p.power, &p.order, p.kind.as_str(), &p.reason))?;
    }
    Ok(list)
}

/// The orders left out, from `(phase, power, order, kind, reason)` entries
/// ([`problem_tuples`]).
fn read_problems(entries: &Bound<'_, PyAny>) -> PyResult<Vec<OrderProblem>> {
    const SHAPE: &str = "a pickle's `order_errors` must be a list of \
                         (phase, power, order, kind, reason) str tuples";
    let entries: Vec<Vec<String>> = entries.extract().map_err(|_| PyTypeError::new_err(SHAPE))?;
    entries
        .into_iter()
        .map(|entry| {
            let [phase, power, order, kind, reason]: [String; 5] =
                entry.try_into().map_err(|_| PyTypeError::new_err(SHAPE))?;
            let kind = match kind.as_str() {
                "invalid" => ProblemKind::Invalid,
                "ambiguous" => ProblemKind::Ambiguous,
                "illegal" => ProblemKind::Illegal,
                other => {
                    return Err(state_err(format!(
                        "a pickle's order error kind `{}`: expected `invalid`, \
                         `ambiguous` or `illegal`",
                        standoff::limits::shown_prefix(other)
                    )))
                }
            };
            Ok(OrderProblem {
                phase,
                power,
                order,
                kind,
                reason,
            })
        })
        .collect()
}

/// Rebuilds a pickled `PhaseData`: its `Variant` and the dict its `__reduce__` wrote
/// (see the module docs). The orders are adjudicated again from the position by the
/// rules; the members it carries (`cells`) are set as they were.
#[pyfunction]
#[pyo3(name = "_phase_data_from_pickle")]
pub fn phase_data_from_pickle(
    py: Python<'_>,
    variant: &Bound<'_, PyAny>,
    data: &Bound<'_, PyAny>,
) -> PyResult<PyPhaseData> {
    let variant = variant_of(variant, "PhaseData")?;
    let data = data.cast::<PyDict>().map_err(|_| {
        PyTypeError::new_err("a pickled PhaseData's data must be a dict (its __reduce__'s)")
    })?;
    let format: u32 = entry(data, "format")?
        .extract()
        .map_err(|_| PyTypeError::new_err("a pickled PhaseData's `format` must be an int"))?;
    if format != PHASE_DATA_FORMAT {
        return Err(state_err(format!(
            "a pickled PhaseData of format {format}: this standoff ({}) reads format \
             {PHASE_DATA_FORMAT}",
            env!("CARGO_PKG_VERSION")
        )));
    }
    for key in data.keys() {
        let key = key.str()?;
        if !matches!(
            key.to_cow()?.as_ref(),
            "format" | "rules" | "position" | "orders" | "end" | "order_errors" | "cells"
        ) {
            return Err(state_err(format!(
                "a pickled PhaseData has an unknown entry `{key}`"
            )));
        }
    }
    let rules = read_rules(&text_entry(data, "rules")?)?;
    let position = read_position(&variant, &entry(data, "position")?, "PhaseData")?;
    let lines: Vec<String> = entry(data, "orders")?.extract().map_err(|_| {
        PyTypeError::new_err("a pickled PhaseData's `orders` must be a list of str")
    })?;
    let orders = read_orders(&variant, &position, &lines)?;
    let end = read_end(&variant, &entry(data, "end")?)?;
    let problems = read_problems(&entry(data, "order_errors")?)?;
    let cells = entry(data, "cells")?;
    let cells = cells
        .cast::<PyDict>()
        .map_err(|_| PyTypeError::new_err("a pickled PhaseData's `cells` must be a dict"))?;
    // The phase again, as the game played it: the rules' adjudication; how the game
    // ended is the game's (its end rules and past years), as recorded.
    let processed = py.detach(|| {
        let mut game = Game::from_position(position.clone()).with_rules(rules);
        let mut processed = game.process(&variant, &orders);
        processed.ended = end;
        processed
    });
    let record = Arc::new(PhaseRecord {
        position,
        orders,
        processed,
    });
    let out = PyPhaseData::new(variant, rules, record, problems);
    for (key, value) in cells.iter() {
        let key = key.str()?;
        let name = key.to_cow()?;
        let known = CELLS.iter().position(|&c| c == name.as_ref());
        let Some(cell) = known.and_then(|i| out.cells().get(i).copied()) else {
            return Err(state_err(format!(
                "a pickled PhaseData's `cells` has an unknown member `{key}` (known: {})",
                CELLS.join(", ")
            )));
        };
        let _ = cell.set(py, value.unbind());
    }
    Ok(out)
}

impl PyPhaseData {
    /// The members made on first read or given by `_with_history`, in [`CELLS`]' order.
    fn cells(&self) -> [&PyOnceLock<Py<PyAny>>; 4] {
        [&self.state, &self.orders, &self.results, &self.messages]
    }

    /// The same phase with the members already made or given (`cells`) as `copy` makes
    /// them (`value -> value`: the same objects, or deep copies).
    fn copied(
        &self,
        py: Python<'_>,
        copy: impl Fn(&Bound<'_, PyAny>) -> PyResult<Py<PyAny>>,
    ) -> PyResult<PyPhaseData> {
        let out = PyPhaseData::new(
            self.variant.clone(),
            self.rules,
            self.record.clone(),
            self.problems.clone(),
        );
        for (from, to) in self.cells().into_iter().zip(out.cells()) {
            if let Some(value) = from.get(py) {
                let _ = to.set(py, copy(value.bind(py))?);
            }
        }
        Ok(out)
    }
}

#[pymethods]
impl PyPhaseData {
    /// Pickles as its variant and a dict (see `_phase_data_from_pickle`): the rules, the
    /// position before the phase, the orders adjudicated, how the game ended, the orders
    /// left out, and the members already made or given as they are.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let rebuild = rebuilder(py, "_phase_data_from_pickle")?;
        let variant = &self.variant;
        let record = &self.record;
        let json_err = |e: serde_json::Error| standoff_err(e.to_string());
        let data = PyDict::new(py);
        data.set_item("format", PHASE_DATA_FORMAT)?;
        data.set_item("rules", rules_json(&self.rules)?)?;
        data.set_item("position", position_json(variant, &record.position)?)?;
        let orders = PhaseRecordJson::of(variant, record.position.phase(), &record.orders);
        data.set_item("orders", orders.orders)?;
        let end = match &record.processed.ended {
            Some(end) => {
                Some(serde_json::to_string(&GameEndJson::of(variant, end)).map_err(json_err)?)
            }
            None => None,
        };
        data.set_item("end", end)?;
        data.set_item("order_errors", problem_tuples(py, &self.problems)?)?;
        let cells = PyDict::new(py);
        for (name, cell) in CELLS.into_iter().zip(self.cells()) {
            if let Some(value) = cell.get(py) {
                cells.set_item(name, value.bind(py))?;
            }
        }
        data.set_item("cells", cells)?;
        let variant = Bound::new(
            py,
            PyVariant {
                inner: variant.clone(),
            },
        )?;
        let args = PyTuple::new(py, [variant.into_any(), data.into_any()])?;
        PyTuple::new(py, [rebuild.into_any(), args.into_any()])
    }

    /// A copy sharing the members already made or given (the same objects).
    fn __copy__(&self, py: Python<'_>) -> PyResult<PyPhaseData> {
        self.copied(py, |v| Ok(v.clone().unbind()))
    }

    /// A copy with deep copies of the members already made or given; the played phase
    /// itself is immutable and shared.
    fn __deepcopy__(&self, py: Python<'_>, memo: &Bound<'_, PyAny>) -> PyResult<PyPhaseData> {
        let deepcopy = py.import("copy")?.getattr("deepcopy")?;
        self.copied(py, |v| Ok(deepcopy.call1((v, memo))?.unbind()))
    }
}

/// A native `Game` from its pickle (see the module docs): the saved game, then each
/// power's orders for the current phase as they were set.
#[pyfunction]
#[pyo3(name = "_game_from_pickle", signature = (saved, submitted, order_errors = None))]
pub fn game_from_pickle(
    py: Python<'_>,
    saved: &Bound<'_, PyAny>,
    submitted: Vec<(String, Vec<String>)>,
    order_errors: Option<&Bound<'_, PyAny>>,
) -> PyResult<crate::classes::PyGame> {
    let mut game = crate::saved::from_saved_game_format(py, saved)?;
    // The errors recorded before the pickle come first (setting the orders again
    // refuses none the board took before; any it does refuse follow).
    if let Some(entries) = order_errors {
        game.problems = read_problems(entries)?;
    }
    for (power, orders) in submitted {
        game.submit(
            py,
            &PyString::new(py, &power),
            PyList::new(py, orders)?.as_any(),
            true,
            crate::model::ErrorMode::Warn,
        )?;
    }
    Ok(game)
}
