//! `standoff._standoff.Game`'s history: played phases (`PhaseData`), the package's
//! result, order and state histories and `get_order_status`.

use super::*;

#[pymethods]
impl PyGame {
    /// Played phases as `PhaseData`, oldest first; `from_phase`/`to_phase` (names or
    /// indices, both included) narrow it.
    #[pyo3(signature = (from_phase = None, to_phase = None, game_role = None))]
    fn get_phase_history(
        &self,
        from_phase: Option<&Bound<'_, PyAny>>,
        to_phase: Option<&Bound<'_, PyAny>>,
        game_role: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<PyPhaseData>> {
        let _ = game_role;
        let n = self.rec().history.len();
        if n == 0 {
            return Ok(Vec::new());
        }
        let start = match from_phase {
            Some(f) if !f.is_none() => self.history_index(f)?,
            _ => 0,
        };
        let end = match to_phase {
            Some(t) if !t.is_none() => self.history_index(t)?,
            _ => n - 1,
        };
        Ok((start..=end).filter_map(|i| self.phase_data(i)).collect())
    }

    /// All played phases as `PhaseData` (as `get_phase_history()`).
    #[getter(phase_history)]
    fn phase_history_all(&self) -> PyResult<Vec<PyPhaseData>> {
        self.get_phase_history(None, None, None)
    }

    /// The current phase as a dict like `PhaseData.to_dict()`: its name, state, the
    /// orders set so far, and no results.
    fn get_phase_data<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("name", self.current_phase())?;
        d.set_item("state", self.get_state(py)?)?;
        d.set_item(
            "orders",
            dict_of_lists(py, orders_by_power(&self.variant, &self.all_orders()))?,
        )?;
        d.set_item("results", PyDict::new(py))?;
        d.set_item("messages", PyDict::new(py))?;
        Ok(d)
    }

    /// Result codes of the last played phase: all units (dict unit -> codes), one
    /// power's units, one unit (`unit="A PAR"` -> codes) or one location
    /// (`loc="PAR"` -> `(unit, codes)`).
    #[pyo3(signature = (power_name = None, unit = None, loc = None))]
    fn get_order_status<'py>(
        &self,
        py: Python<'py>,
        power_name: Option<&str>,
        unit: Option<&str>,
        loc: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let codes = match self.rec().history.last() {
            Some(r) => {
                let index = self.rec().history.len() - 1;
                let problems = self.history_problems.get(index).map(Vec::as_slice);
                result_codes(&self.variant, r, problems.unwrap_or_default())
            }
            None => Vec::new(),
        };
        if let Some(u) = unit {
            let want = u.trim().to_uppercase();
            let found = codes
                .iter()
                .find(|(k, _)| *k == want)
                .map(|(_, c)| c.clone())
                .unwrap_or_default();
            return Ok(PyList::new(py, found)?.into_any());
        }
        if let Some(l) = loc {
            let want = l.trim().to_uppercase();
            let found = codes.iter().find(|(k, _)| {
                k.get(2..).is_some_and(|rest| {
                    rest == want || rest.split('/').next() == Some(want.as_str())
                })
            });
            return Ok(match found {
                Some((k, c)) => PyTuple::new(
                    py,
                    [
                        k.clone().into_pyobject(py)?.into_any(),
                        PyList::new(py, c.clone())?.into_any(),
                    ],
                )?
                .into_any(),
                None => PyTuple::new(
                    py,
                    [
                        want.into_pyobject(py)?.into_any(),
                        PyList::empty(py).into_any(),
                    ],
                )?
                .into_any(),
            });
        }
        if let Some(name) = power_name {
            let p = self.power_arg(name)?;
            let last = self.rec().history.last();
            let mine: Vec<String> = match last {
                Some(r) => units_by_power(&self.variant, &r.position, true)
                    .into_iter()
                    .nth(p.index())
                    .map(|(_, u)| {
                        u.into_iter()
                            .map(|s| s.trim_start_matches('*').to_string())
                            .collect()
                    })
                    .unwrap_or_default(),
                None => Vec::new(),
            };
            let d = dict_of_lists(py, codes.into_iter().filter(|(k, _)| mine.contains(k)))?;
            return Ok(d.into_any());
        }
        Ok(dict_of_lists(py, codes)?.into_any())
    }

    /// Phase name -> result codes of every played phase.
    #[getter]
    fn result_history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (i, r) in self.rec().history.iter().enumerate() {
            let problems = self.history_problems.get(i).map(Vec::as_slice);
            d.set_item(
                r.position.phase().short_code(),
                dict_of_lists(
                    py,
                    result_codes(&self.variant, r, problems.unwrap_or_default()),
                )?,
            )?;
        }
        Ok(d)
    }

    /// Phase name -> power -> orders of every played phase.
    #[getter]
    fn order_history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for r in &self.rec().history {
            d.set_item(
                r.position.phase().short_code(),
                dict_of_lists(py, orders_by_power(&self.variant, &r.orders))?,
            )?;
        }
        Ok(d)
    }

    /// Phase name -> state dict at the start of every played phase.
    #[getter]
    fn state_history<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for r in &self.rec().history {
            let name = r.position.phase().short_code();
            d.set_item(
                &name,
                json_to_py(py, &state_value(&self.variant, &r.position, &name))?,
            )?;
        }
        Ok(d)
    }
}
