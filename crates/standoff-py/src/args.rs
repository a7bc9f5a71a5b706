//! Argument conversion: the `variant=` argument (a name or a `Variant`; the standard
//! variant loaded once), phase names, and the package's state dicts read into board
//! pieces.

use crate::classes::PyVariant;
use crate::convert::str_to_list_map;
use crate::errors::{standoff_err, state_err};
use crate::model::{build_position, DislodgedList, StateParts};
use crate::names::parse_phase;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use standoff::{Phase, Position, Variant};
use std::sync::{Arc, OnceLock};

static STANDARD: OnceLock<Arc<Variant>> = OnceLock::new();

/// The standard variant, loaded once and shared.
pub fn standard() -> Arc<Variant> {
    STANDARD
        .get_or_init(|| Arc::new(Variant::standard()))
        .clone()
}

/// A built-in variant by name (the standard one is shared).
pub fn builtin(name: &str) -> PyResult<Arc<Variant>> {
    let key = name.trim().to_lowercase();
    if matches!(key.as_str(), "standard" | "classical" | "std") {
        return Ok(standard());
    }
    Variant::builtin(name)
        .map(Arc::new)
        .map_err(|e| standoff_err(e.to_string()))
}

/// A `variant=` argument: `None` (standard), a name, or a `Variant`.
pub fn variant_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Arc<Variant>> {
    match obj {
        None => Ok(standard()),
        Some(o) if o.is_none() => Ok(standard()),
        Some(o) => {
            if let Ok(v) = o.cast::<PyVariant>() {
                return Ok(v.get().inner.clone());
            }
            if let Ok(s) = o.cast::<PyString>() {
                return builtin(&s.to_cow()?);
            }
            Err(pyo3::exceptions::PyTypeError::new_err(
                "variant must be a variant name (str) or a standoff.Variant",
            ))
        }
    }
}

/// Reads a phase argument (`S1901M` or `Spring 1901 Movement`).
pub fn phase_arg(text: &str) -> PyResult<Phase> {
    use standoff::{PhaseKind, Season};
    let phase = parse_phase(text).ok_or_else(|| {
        state_err(format!(
            "cannot read phase `{text}` (expected e.g. `S1901M` or `Spring 1901 Movement`)"
        ))
    })?;
    // Winter is the adjustment phase; spring and fall have movement and retreats.
    let fits = match phase.season {
        Season::Winter => phase.kind == PhaseKind::Adjustment,
        Season::Spring | Season::Fall => phase.kind != PhaseKind::Adjustment,
    };
    if !fits {
        return Err(state_err(format!(
            "`{text}` is not a phase of the game: winter has only adjustments (`W1901A`), \
             spring and fall movement and retreats (`S1901M`, `F1901R`)"
        )));
    }
    Ok(phase)
}

/// Power -> unit -> retreat options, from a dict.
pub fn dislodged_arg(obj: &Bound<'_, PyAny>) -> PyResult<Vec<(String, DislodgedList)>> {
    let dict = obj.cast::<PyDict>().map_err(|_| {
        PyTypeError::new_err("dislodged must be a dict: power -> {unit: [retreat options]}")
    })?;
    let mut out = Vec::new();
    for (power, units) in dict.iter() {
        let power: String = power.extract()?;
        let units = units.cast::<PyDict>().map_err(|_| {
            PyTypeError::new_err("dislodged must be a dict: power -> {unit: [retreat options]}")
        })?;
        let mut list = Vec::new();
        for (unit, options) in units.iter() {
            list.push((
                unit.extract::<String>()?,
                crate::convert::str_or_list(&options)?,
            ));
        }
        out.push((power, list));
    }
    Ok(out)
}

/// A position from the package's state dict (`name`, `units` with `*` for dislodged
/// units, `centers`, `retreats`). `default_phase` applies when the dict has no `name`.
pub fn position_from_state_dict(
    variant: &Variant,
    state: &Bound<'_, PyAny>,
    default_phase: Option<Phase>,
) -> PyResult<Position> {
    let (parts, phase) = state_parts_from_dict(state, default_phase)?;
    build_position(variant, phase, &parts).map_err(state_err)
}

fn section<'py>(state: &Bound<'py, PyDict>, key: &str) -> PyResult<Option<Bound<'py, PyDict>>> {
    match state.get_item(key)? {
        None => Ok(None),
        Some(v) if v.is_none() => Ok(None),
        Some(v) => v
            .cast_into::<PyDict>()
            .map(Some)
            .map_err(|_| state_err(format!("the state's `{key}` must be a dict"))),
    }
}

/// The board pieces of a state dict, read under the GIL (the position is built later).
pub fn state_parts_from_dict(
    state: &Bound<'_, PyAny>,
    default_phase: Option<Phase>,
) -> PyResult<(StateParts, Phase)> {
    let state = state
        .cast::<PyDict>()
        .map_err(|_| PyTypeError::new_err("a state must be a dict (as Game.get_state() gives)"))?;
    let phase = match state.get_item("name")? {
        Some(n) if !n.is_none() => phase_arg(&n.extract::<String>()?)?,
        _ => default_phase.ok_or_else(|| state_err("the state has no phase `name`"))?,
    };
    let mut parts = StateParts::default();
    if state.get_item("units")?.is_some_and(|u| u.is_none()) {
        return Err(state_err(
            "the state's `units` is None: give a dict power -> units (`{}` for an empty board)",
        ));
    }
    if let Some(units) = section(state, "units")? {
        parts.units = str_to_list_map(units.as_any())?;
    }
    if let Some(centers) = section(state, "centers")? {
        parts.centers = str_to_list_map(centers.as_any())?;
    }
    if let Some(retreats) = section(state, "retreats")? {
        parts.retreats = dislodged_arg(retreats.as_any())?;
    }
    Ok((parts, phase))
}
