//! `standoff._standoff.Game`'s board: units and centers by power, the state dict,
//! setting the position, units, centers or phase.

use super::*;

#[pymethods]
impl PyGame {
    /// Units of a power (`["A PAR", "F STP/SC", "*A BUD"]`, `*` for dislodged units), or
    /// power -> units for all powers.
    #[pyo3(signature = (power_name = None))]
    fn get_units<'py>(
        &self,
        py: Python<'py>,
        power_name: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let all = units_by_power(&self.variant, &self.rec().game.position, true);
        self.one_or_all(py, all, power_name)
    }

    /// Owned supply centers of a power, or power -> centers.
    #[pyo3(signature = (power_name = None))]
    fn get_centers<'py>(
        &self,
        py: Python<'py>,
        power_name: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let all = centers_by_power(&self.variant, &self.rec().game.position);
        self.one_or_all(py, all, power_name)
    }

    /// Each power's units (without the dislodged ones), in power order: what the compat
    /// layer reads after every phase to keep the package's unit order.
    fn get_unit_lists<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let lists = PyList::empty(py);
        for (_, units) in units_by_power(&self.variant, &self.rec().game.position, false) {
            lists.append(PyList::new(py, units)?)?;
        }
        Ok(lists)
    }

    /// The board as the compat layer keeps it in its `Power` objects, without building
    /// the whole state dict: `(phase, [(units, centers, retreats), ...])` in power
    /// order; units without the dislodged ones, retreats dislodged unit -> options.
    fn get_board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let pos = &self.rec().game.position;
        let units = units_by_power(&self.variant, pos, false);
        let centers = centers_by_power(&self.variant, pos);
        let retreats = crate::model::dislodged_by_power(&self.variant, pos);
        let boards = PyList::empty(py);
        for ((u, c), r) in units.into_iter().zip(centers).zip(retreats) {
            let options = PyDict::new(py);
            for (unit, opts) in r.1 {
                options.set_item(unit, PyList::new(py, opts)?)?;
            }
            let board = (PyList::new(py, u.1)?, PyList::new(py, c.1)?, options);
            boards.append(board)?;
        }
        let phase = self.rec().game.position.phase().short_code();
        (phase, boards).into_pyobject(py)
    }

    /// The current state as the package's state dict (`name`, `units`, `centers`,
    /// `homes`, `retreats`, `builds`, `civil_disorder`, `note`).
    pub(crate) fn get_state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(
            py,
            &state_value(
                &self.variant,
                &self.rec().game.position,
                &self.current_phase(),
            ),
        )
    }

    /// Sets the board from a state dict (as `get_state()` gives; `name` is the phase).
    /// The orders set are cleared, and the history too unless `clear_history=False`.
    #[pyo3(signature = (state, clear_history = true))]
    fn set_state(&mut self, state: &Bound<'_, PyAny>, clear_history: bool) -> PyResult<()> {
        let default = Some(self.rec().game.position.phase());
        let pos = position_from_state_dict(&self.variant, state, default)?;
        self.set_position(pos, clear_history);
        Ok(())
    }

    /// Replaces the current board with a `Position` (orders cleared; history kept
    /// unless `clear_history`).
    #[pyo3(name = "set_position", signature = (position, clear_history = false))]
    fn py_set_position(
        &mut self,
        position: PyRef<'_, PyPosition>,
        clear_history: bool,
    ) -> PyResult<()> {
        if position.variant.name != self.variant.name {
            return Err(standoff_err("the position is of another variant"));
        }
        let pos = position.pos.clone();
        self.set_position(pos, clear_history);
        Ok(())
    }

    /// Puts units on the board for a power (`"A PAR"` or a list; `*A PAR` puts a
    /// dislodged unit, whose retreat options are then the neighbouring empty spaces). A
    /// unit already in the province is replaced. With `reset`, the power's units are
    /// removed first.
    #[pyo3(signature = (power_name, units, reset = false))]
    fn set_units(
        &mut self,
        power_name: &str,
        units: &Bound<'_, PyAny>,
        reset: bool,
    ) -> PyResult<()> {
        let power = self.power_arg(power_name)?;
        let texts = str_or_list(units)?;
        let variant = self.variant.clone();
        let map = &variant.map;
        let mut parsed = Vec::new();
        for t in &texts {
            let (dislodged, body) = match t.trim().strip_prefix('*') {
                Some(rest) => (true, rest),
                None => (false, t.as_str()),
            };
            let unit = crate::names::parse_unit(&variant, power, body).map_err(state_err)?;
            parsed.push((dislodged, unit));
        }
        self.edit_board(|setup| {
            if reset {
                setup.units.retain(|u| u.power != power);
                setup.dislodged.retain(|d| d.unit.power != power);
            }
            for (dislodged, unit) in parsed {
                let prov = map.province_of(unit.location);
                if dislodged {
                    setup
                        .dislodged
                        .retain(|d| map.province_of(d.unit.location) != prov);
                    // Put on the board by hand: no attacker or stand-off is known.
                    let board = edited(&variant, setup.clone())?;
                    let retreat_options = standoff::adjudicate::retreat_options(
                        &variant,
                        &board,
                        &unit,
                        None,
                        |_| false,
                    );
                    setup.dislodged.push(standoff::position::Dislodged {
                        unit,
                        attacker_from: None,
                        retreat_options,
                    });
                } else {
                    setup.units.retain(|u| map.province_of(u.location) != prov);
                    setup.units.push(unit);
                }
            }
            Ok(())
        })
    }

    /// Gives supply centers to a power (`"PAR"` or a list); with `reset`, the power's
    /// other centers become unowned first.
    #[pyo3(signature = (power_name, centers, reset = false))]
    fn set_centers(
        &mut self,
        power_name: &str,
        centers: &Bound<'_, PyAny>,
        reset: bool,
    ) -> PyResult<()> {
        let power = self.power_arg(power_name)?;
        let texts = str_or_list(centers)?;
        let map = &self.variant.map;
        let mut provs = Vec::new();
        for t in &texts {
            let p = map
                .find_province(t.trim())
                .filter(|&p| map.province(p).is_center)
                .ok_or_else(|| state_err(format!("`{t}` is not a supply center")))?;
            provs.push(p);
        }
        self.edit_board(|setup| {
            if reset {
                setup.owners.retain(|&(_, w)| w != power);
            }
            setup.owners.retain(|(p, _)| !provs.contains(p));
            setup.owners.extend(provs.into_iter().map(|p| (p, power)));
            Ok(())
        })
    }

    /// Removes a power's units (all units without an argument), dislodged ones too.
    #[pyo3(signature = (power_name = None))]
    fn clear_units(&mut self, power_name: Option<&str>) -> PyResult<()> {
        let power = power_name.map(|n| self.power_arg(n)).transpose()?;
        self.edit_board(|setup| {
            setup.units.retain(|u| power.is_some_and(|p| u.power != p));
            setup
                .dislodged
                .retain(|d| power.is_some_and(|p| d.unit.power != p));
            Ok(())
        })
    }

    /// Makes a power's centers (all centers without an argument) unowned.
    #[pyo3(signature = (power_name = None))]
    fn clear_centers(&mut self, power_name: Option<&str>) -> PyResult<()> {
        let power = power_name.map(|n| self.power_arg(n)).transpose()?;
        self.edit_board(|setup| {
            setup.owners.retain(|&(_, w)| power.is_some_and(|p| w != p));
            Ok(())
        })
    }

    /// Sets the phase (`S1901M`); orders set are cleared.
    fn set_current_phase(&mut self, new_phase: &str) -> PyResult<()> {
        let phase: Phase = phase_arg(new_phase)?;
        self.edit_board(|setup| {
            setup.phase = phase;
            Ok(())
        })?;
        self.reset_phase_state();
        Ok(())
    }
}

impl PyGame {
    /// Edits the board by hand: `edit` changes the position's setup, and the position
    /// becomes the board it describes once checked (`edited`: as any loaded position,
    /// dislodged units allowed in any phase).
    fn edit_board(
        &mut self,
        edit: impl FnOnce(&mut standoff::position::Setup) -> PyResult<()>,
    ) -> PyResult<()> {
        let mut setup = self.rec().game.position.to_setup();
        edit(&mut setup)?;
        let board = edited(&self.variant, setup)?;
        self.rec_mut().game.position = board;
        Ok(())
    }
}
