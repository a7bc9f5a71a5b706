//! `standoff._standoff.Game`'s orders: what may be ordered (`get_orderable_locations`,
//! `get_all_possible_orders`), setting, reading and clearing orders, the errors of the
//! orders left out, random legal orders.

use super::*;

#[pymethods]
impl PyGame {
    /// Provinces that need an order from a power in this phase (units; dislodged units;
    /// build sites or units to remove), or power -> provinces.
    #[pyo3(signature = (power_name = None))]
    pub(crate) fn get_orderable_locations<'py>(
        &self,
        py: Python<'py>,
        power_name: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Some(p) = power_name {
            return Ok(self.orderable_of(py, self.power_arg(p)?)?.into_any());
        }
        let all = if self.is_done() {
            powers(&self.variant)
                .map(|p| (crate::names::power_name(&self.variant, p), Vec::new()))
                .collect()
        } else {
            orderable_locations(&self.variant, &self.rec().game.position)
        };
        self.one_or_all(py, all, None)
    }

    /// Location -> every legal order of the unit there, in the package's notation
    /// (`A PAR - BUR`, `A LON - NWY VIA`, `F NTH C A LON - NWY`, `A PAR S A MAR - BUR`,
    /// `A PAR R BUR`, `A PAR D`, `A PAR B`, `F STP/NC B`, `WAIVE`). Every location is a
    /// key (once the game is over too, each with an empty list, as the package lists
    /// them); a unit on a coast is listed under the coast and under its province. A new
    /// dict of new lists on every call.
    pub(crate) fn get_all_possible_orders<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, PyDict>> {
        if self.is_done() {
            return self.no_possible_orders(py);
        }
        Ok(self.possible_orders(py)?.0)
    }

    /// Sets a power's orders for the current phase (a list of strings, or one string).
    /// An order for a unit that already has one replaces it (with ``replace=True``, the
    /// default; with ``replace=False`` the first order stands); so do the ``WAIVE``
    /// orders of a call with ``replace=True`` the power's earlier ones (with
    /// ``replace=False`` they are added). ``expand`` is accepted
    /// for compatibility and ignored (orders are always read in full).
    ///
    /// Orders that cannot be read (``InvalidOrderError``/``AmbiguousOrderError``) or are
    /// not allowed in this position (``IllegalOrderError``) are left out. ``errors``
    /// says what else happens: ``"warn"`` (default) records them in ``order_errors``
    /// and issues an ``OrderWarning``; ``"ignore"`` only records them; ``"raise"``
    /// raises the first one's exception and sets none of this call's orders.
    #[pyo3(
        signature = (power_name, orders, expand = true, replace = true, *, errors = None),
        text_signature = "($self, power_name, orders, expand=True, replace=True, *, errors=\"warn\")"
    )]
    fn set_orders(
        &mut self,
        py: Python<'_>,
        power_name: &Bound<'_, PyString>,
        orders: &Bound<'_, PyAny>,
        expand: bool,
        replace: bool,
        errors: Option<&Bound<'_, PyString>>,
    ) -> PyResult<()> {
        let _ = expand;
        let mode = error_mode_arg(errors)?;
        self.submit(py, power_name, orders, replace, mode)
    }

    /// ``set_orders`` in a movement phase, then the power's orders as the package's
    /// ``Power.orders`` map: unit (``A PAR``) -> the rest of its order (``- BUR``).
    #[pyo3(
        signature = (power_name, orders, expand = true, replace = true, errors = None),
        text_signature = "($self, power_name, orders, expand=True, replace=True, errors=\"warn\")"
    )]
    fn set_orders_and_get_map<'py>(
        &mut self,
        py: Python<'py>,
        power_name: &Bound<'_, PyString>,
        orders: &Bound<'_, PyAny>,
        expand: bool,
        replace: bool,
        errors: Option<&Bound<'_, PyString>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        self.set_orders(py, power_name, orders, expand, replace, errors)?;
        let power = self.power_of(power_name)?;
        self.entries
            .map(py, &self.variant.map, self.session.accepted_orders(power))
    }

    /// A power's current orders, or power -> orders (package notation).
    #[pyo3(signature = (power_name = None))]
    fn get_orders<'py>(
        &self,
        py: Python<'py>,
        power_name: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let all = orders_by_power(&self.variant, &self.all_orders());
        self.one_or_all(py, all, power_name)
    }

    /// The package's `order_is_set` of a power's submission this phase: 0 when it
    /// submitted nothing, 1 when it submitted no order the judge will use, 2 when it did.
    fn _order_is_set(&self, power_name: &str) -> PyResult<u8> {
        let power = self.power_arg(power_name)?;
        Ok(match self.session.orders(power) {
            None => 0,
            Some(_) if self.session.accepted_orders(power).next().is_none() => 1,
            Some(_) => 2,
        })
    }

    /// Clears a power's orders (all powers' without an argument).
    #[pyo3(signature = (power_name = None))]
    pub(crate) fn clear_orders(&mut self, power_name: Option<&str>) -> PyResult<()> {
        match power_name {
            Some(name) => {
                let p = self.power_arg(name)?;
                self.session.clear_submissions(Some(p));
            }
            None => self.session.clear_submissions(None),
        }
        Ok(())
    }

    /// Orders left out in the current phase so far, as `RejectedOrder`s (played phases
    /// keep theirs in `PhaseData.order_errors`).
    #[getter]
    fn order_errors<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        rejected_list(py, &self.problems)
    }

    /// Random legal orders for every power in this phase (standoff's corpus
    /// generator: supports and convoys are common; some units get no order), as
    /// power -> orders. Deterministic for a seed.
    #[pyo3(signature = (seed = 0))]
    fn random_orders<'py>(&self, py: Python<'py>, seed: u64) -> PyResult<Bound<'py, PyDict>> {
        let mut rng = Rng::new(seed);
        let orders = if self.is_done() {
            Vec::new()
        } else {
            random_orders(&self.variant, &self.rec().game.position, &mut rng)
        };
        dict_of_lists(py, orders_by_power(&self.variant, &orders))
    }
}

impl PyGame {
    /// `set_orders` for the package-compatible `Game`'s retreat and adjustment orders:
    /// the power's orders as ``get_orders(power_name)`` gives them, and the texts of this
    /// call's orders that were left out (recorded in ``order_errors``).
    pub(crate) fn set_orders_and_get_rejected(
        &mut self,
        py: Python<'_>,
        power_name: &Bound<'_, PyString>,
        orders: &Bound<'_, PyAny>,
        replace: bool,
        mode: ErrorMode,
    ) -> PyResult<(Vec<String>, Vec<String>)> {
        let before = self.problems.len();
        self.submit(py, power_name, orders, replace, mode)?;
        let power = self.power_of(power_name)?;
        let map = &self.variant.map;
        let accepted = self
            .session
            .accepted_orders(power)
            .map(|o| order_text(map, o))
            .collect();
        let rejected = self
            .problems
            .get(before..)
            .unwrap_or_default()
            .iter()
            .map(|p| p.order.clone())
            .collect();
        Ok((accepted, rejected))
    }
}
