//! `standoff.Position`: an immutable board (phase, units, centers, dislodged units).

use crate::convert::{dict_of_lists, json_to_py, repr_str, str_to_list_map};
use crate::errors::state_err;
use crate::model::{
    build_position, centers_by_power, dislodged_by_power, orderable_locations, position_from_parts,
    possible_orders, state_value, units_by_power, DislodgedList, StateParts,
};
use crate::names::{kind_letter, parse_phase};
use crate::variant::{variant_arg, PyVariant};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use standoff::{Phase, Position, Variant};
use std::sync::Arc;

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
fn dislodged_arg(obj: &Bound<'_, PyAny>) -> PyResult<Vec<(String, DislodgedList)>> {
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

/// A board position at the start of a phase: the phase, units by power, supply-center
/// owners, and dislodged units with their retreat options. Immutable.
///
/// ``Position(phase, units, centers, dislodged, variant)`` builds one from the same
/// shapes its attributes have; ``repr()`` gives that call, so ``eval(repr(p)) == p``.
#[pyclass(frozen, module = "standoff", name = "Position")]
pub struct PyPosition {
    pub variant: Arc<Variant>,
    pub pos: Position,
}

impl PyPosition {
    fn units_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        dict_of_lists(py, units_by_power(&self.variant, &self.pos, false))
    }

    fn centers_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        dict_of_lists(py, centers_by_power(&self.variant, &self.pos))
    }

    fn dislodged_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        dislodged_dict(py, &self.variant, &self.pos, false)
    }
}

/// Power -> {unit: options}; powers without dislodged units are left out unless `all`.
pub fn dislodged_dict<'py>(
    py: Python<'py>,
    variant: &Variant,
    pos: &Position,
    all: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let out = PyDict::new(py);
    for (power, list) in dislodged_by_power(variant, pos) {
        if list.is_empty() && !all {
            continue;
        }
        out.set_item(power, dict_of_lists(py, list)?)?;
    }
    Ok(out)
}

#[pymethods]
impl PyPosition {
    /// Builds a position. ``units``: power -> ``["A PAR", "F STP/SC"]``; ``centers``:
    /// power -> ``["PAR"]`` (default: none owned); ``dislodged``: power ->
    /// ``{"A BUR": ["BEL", "PIC"]}`` (retreat options); ``variant``: name or
    /// ``Variant`` (default standard). Raises ``InvalidStateError`` if a name cannot
    /// be read or two units share a province.
    #[new]
    #[pyo3(signature = (phase = "S1901M", units = None, centers = None, dislodged = None, variant = None))]
    fn new(
        phase: &str,
        units: Option<&Bound<'_, PyAny>>,
        centers: Option<&Bound<'_, PyAny>>,
        dislodged: Option<&Bound<'_, PyAny>>,
        variant: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let variant = variant_arg(variant)?;
        let phase = phase_arg(phase)?;
        let units = match units {
            Some(u) if !u.is_none() => str_to_list_map(u)?,
            _ => Vec::new(),
        };
        let centers = match centers {
            Some(c) if !c.is_none() => str_to_list_map(c)?,
            _ => Vec::new(),
        };
        let dislodged = match dislodged {
            Some(d) if !d.is_none() => dislodged_arg(d)?,
            _ => Vec::new(),
        };
        let pos =
            position_from_parts(&variant, phase, units, centers, dislodged).map_err(state_err)?;
        Ok(PyPosition { variant, pos })
    }

    /// The variant's starting position.
    #[staticmethod]
    #[pyo3(signature = (variant = None))]
    fn initial(variant: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let variant = variant_arg(variant)?;
        let pos = Position::initial(&variant);
        Ok(PyPosition { variant, pos })
    }

    /// Reads the position JSON of docs/position-json.md (the CLI's `--position`).
    #[staticmethod]
    #[pyo3(signature = (text, variant = None))]
    fn from_json(text: &str, variant: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let variant = variant_arg(variant)?;
        let pos = Position::from_json(&variant, text).map_err(|e| state_err(e.to_string()))?;
        Ok(PyPosition { variant, pos })
    }

    /// The position JSON of docs/position-json.md.
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.pos.to_json(&self.variant))
            .map_err(|e| state_err(e.to_string()))
    }

    /// Reads the `diplomacy` package's state dict (`Game.get_state()`): `name`, `units`
    /// (`*` marks dislodged units), `centers`, `retreats`.
    #[staticmethod]
    #[pyo3(signature = (state, variant = None))]
    fn from_state(state: &Bound<'_, PyAny>, variant: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let variant = variant_arg(variant)?;
        let pos = position_from_state_dict(&variant, state, None)?;
        Ok(PyPosition { variant, pos })
    }

    /// The `diplomacy` package's state dict for this position.
    fn to_state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let name = self.pos.phase().short_code();
        json_to_py(py, &state_value(&self.variant, &self.pos, &name))
    }

    /// ``{"phase", "units", "centers", "dislodged"}`` (the constructor's arguments).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("phase", self.pos.phase().short_code())?;
        d.set_item("units", self.units_dict(py)?)?;
        d.set_item("centers", self.centers_dict(py)?)?;
        d.set_item("dislodged", self.dislodged_dict(py)?)?;
        Ok(d)
    }

    /// `S1901M`.
    #[getter]
    fn phase(&self) -> String {
        self.pos.phase().short_code()
    }

    /// `M`, `R` or `A`.
    #[getter]
    fn phase_type(&self) -> String {
        kind_letter(self.pos.phase().kind)
    }

    /// The year.
    #[getter]
    fn year(&self) -> i32 {
        self.pos.phase().year
    }

    /// Power -> units on the board (not the dislodged ones).
    #[getter]
    fn units<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.units_dict(py)
    }

    /// Power -> owned supply centers.
    #[getter]
    fn centers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.centers_dict(py)
    }

    /// Power -> dislodged unit -> retreat options (powers with none are left out).
    #[getter]
    fn dislodged<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.dislodged_dict(py)
    }

    /// The variant.
    #[getter]
    fn variant(&self) -> PyVariant {
        PyVariant {
            inner: self.variant.clone(),
        }
    }

    /// Location -> legal orders (as ``Game.get_all_possible_orders``).
    fn possible_orders<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        dict_of_lists(py, possible_orders(&self.variant, &self.pos))
    }

    /// Power -> provinces that need orders (as ``Game.get_orderable_locations``).
    fn orderable_locations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        dict_of_lists(py, orderable_locations(&self.variant, &self.pos))
    }

    /// Adjudicates a movement phase from this position: ``orders`` is power -> list of
    /// order strings. Returns an ``AdjudicationResult``.
    fn adjudicate(
        &self,
        py: Python<'_>,
        orders: &Bound<'_, PyAny>,
    ) -> PyResult<crate::batch::PyAdjudication> {
        crate::batch::adjudicate_one(py, self.variant.clone(), self.pos.clone(), orders)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let mut s = format!(
            "Position(phase={}, units={}, centers={}, dislodged={}",
            repr_str(py, &self.pos.phase().short_code()),
            self.units_dict(py)?.repr()?,
            self.centers_dict(py)?.repr()?,
            self.dislodged_dict(py)?.repr()?,
        );
        if self.variant.name != "standard" {
            s.push_str(&format!(", variant={}", repr_str(py, &self.variant.name)));
        }
        s.push(')');
        Ok(s)
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<PyPosition>().is_ok_and(|o| {
            let o = o.get();
            o.variant.name == self.variant.name && same_board(&o.pos, &self.pos)
        })
    }

    fn __hash__(&self) -> PyResult<u64> {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.variant.name.hash(&mut h);
        self.to_json()?.hash(&mut h);
        Ok(h.finish())
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let args = PyTuple::new(
            py,
            [
                self.pos.phase().short_code().into_pyobject(py)?.into_any(),
                self.units_dict(py)?.into_any(),
                self.centers_dict(py)?.into_any(),
                self.dislodged_dict(py)?.into_any(),
                self.variant.name.clone().into_pyobject(py)?.into_any(),
            ],
        )?;
        PyTuple::new(
            py,
            [py.get_type::<PyPosition>().into_any(), args.into_any()],
        )
    }

    fn __copy__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: PyRef<'py, Self>, _memo: &Bound<'py, PyAny>) -> PyRef<'py, Self> {
        slf
    }

    /// Units of all powers as a flat list (`FRANCE A PAR`), for quick looks.
    fn unit_list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let mut out = Vec::new();
        for (p, units) in units_by_power(&self.variant, &self.pos, true) {
            for u in units {
                out.push(format!("{p} {u}"));
            }
        }
        PyList::new(py, out)
    }
}

/// Equal boards: phase, units, owners, and dislodged units with their options (the
/// attacker's origin is bookkeeping for computing options and is not compared).
pub fn same_board(a: &Position, b: &Position) -> bool {
    if a.phase() != b.phase() || a.owners() != b.owners() {
        return false;
    }
    let ua: Vec<_> = a.units().map(|(p, u)| (p, *u)).collect();
    let ub: Vec<_> = b.units().map(|(p, u)| (p, *u)).collect();
    if ua != ub || a.dislodged().len() != b.dislodged().len() {
        return false;
    }
    let key = |d: &standoff::position::Dislodged| {
        let mut o = d.retreat_options.clone();
        o.sort();
        (d.unit.location, d.unit.kind.letter(), d.unit.power, o)
    };
    let mut da: Vec<_> = a.dislodged().iter().map(key).collect();
    let mut db: Vec<_> = b.dislodged().iter().map(key).collect();
    da.sort();
    db.sort();
    da == db
}
