//! `standoff.Position`: an immutable board (phase, units, centers, dislodged units).

use crate::args::{dislodged_arg, phase_arg, position_from_state_dict, variant_arg};
use crate::classes::{PyAdjudication, PyPosition, PyVariant};
use crate::convert::dislodged_dict;
use crate::convert::{dict_of_lists, json_to_py, repr_str, str_to_list_map};
use crate::errors::state_err;
use crate::model::{
    centers_by_power, orderable_locations, position_from_parts, possible_orders, state_value,
    units_by_power,
};
use crate::names::kind_letter;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use standoff::Position;

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
    fn adjudicate(&self, py: Python<'_>, orders: &Bound<'_, PyAny>) -> PyResult<PyAdjudication> {
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
