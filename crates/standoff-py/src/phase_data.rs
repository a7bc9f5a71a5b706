//! `PhaseData` (one played phase: its state, orders, results with the package's labels,
//! orders left out, standoff's report) and `RejectedOrder` (an order left out, and why).

use crate::classes::{PyPhaseData, PyPosition, PyRejectedOrder};
use crate::convert::{dict_of_lists, json_to_py, repr_str};
use crate::model::{orders_by_power, result_codes, state_value, OrderProblem};
use crate::names::{power_name, unit_name};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList};
use standoff::adjudicate::RetreatOutcome;
use standoff::game::PhaseResult;
use standoff::record::PhaseRecord;
use standoff::report::{phase_report, Audience};
use standoff::rules::Rules;
use standoff::Variant;
use std::sync::Arc;

#[pymethods]
impl PyRejectedOrder {
    /// The phase (`S1901M`).
    #[getter]
    fn phase(&self) -> &str {
        &self.inner.phase
    }
    /// The power that gave it (`FRANCE`).
    #[getter]
    fn power(&self) -> &str {
        &self.inner.power
    }
    /// The order as given.
    #[getter]
    fn order(&self) -> &str {
        &self.inner.order
    }
    /// `invalid` (unreadable), `ambiguous` (a misspelling close to several spaces) or
    /// `illegal` (readable, not allowed here).
    #[getter]
    fn kind(&self) -> &'static str {
        self.inner.kind.as_str()
    }
    /// Why, in words.
    #[getter]
    fn reason(&self) -> &str {
        &self.inner.reason
    }
    fn __str__(&self) -> String {
        self.inner.line()
    }
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "RejectedOrder(phase={}, power={}, order={}, kind={}, reason={})",
            repr_str(py, &self.inner.phase),
            repr_str(py, &self.inner.power),
            repr_str(py, &self.inner.order),
            repr_str(py, self.inner.kind.as_str()),
            repr_str(py, &self.inner.reason)
        )
    }
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyRejectedOrder>()
            .is_ok_and(|o| o.get().inner == self.inner)
    }
}

pub fn rejected_list<'py>(
    py: Python<'py>,
    problems: &[OrderProblem],
) -> PyResult<Bound<'py, PyList>> {
    let items = problems
        .iter()
        .map(|p| Bound::new(py, PyRejectedOrder { inner: p.clone() }).map(|b| b.into_any()))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}

impl PyPhaseData {
    pub fn new(
        variant: Arc<Variant>,
        rules: Rules,
        record: Arc<PhaseRecord>,
        problems: Vec<OrderProblem>,
    ) -> Self {
        PyPhaseData {
            variant,
            rules,
            record,
            problems,
            state: PyOnceLock::new(),
            orders: PyOnceLock::new(),
            results: PyOnceLock::new(),
            messages: PyOnceLock::new(),
        }
    }
}

#[pymethods]
impl PyPhaseData {
    /// `S1901M`.
    #[getter]
    fn name(&self) -> String {
        self.record.position.phase().short_code()
    }

    /// The board at the start of the phase (the package's state dict).
    #[getter]
    fn state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let v = self.state.get_or_try_init(py, || {
            let name = self.record.position.phase().short_code();
            json_to_py(
                py,
                &state_value(&self.variant, &self.record.position, &name),
            )
            .map(|b| b.unbind())
        })?;
        Ok(v.bind(py).clone())
    }

    /// Power -> orders that were adjudicated (package notation).
    #[getter]
    fn orders<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let v = self.orders.get_or_try_init(py, || {
            dict_of_lists(py, orders_by_power(&self.variant, &self.record.orders))
                .map(|d| d.into_any().unbind())
        })?;
        Ok(v.bind(py).clone())
    }

    /// Unit -> the package's result labels (`[]` success; `bounce`, `cut`, `void`,
    /// `no convoy`, `disrupted`, `dislodged`; retreats: `disband`; adjustments: `''` for
    /// a build or removal made, `void` for one not followed). standoff's own account
    /// with reasons: `report`.
    #[getter]
    fn results<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let v = self.results.get_or_try_init(py, || {
            dict_of_lists(
                py,
                result_codes(&self.variant, &self.record, &self.problems),
            )
            .map(|d| d.into_any().unbind())
        })?;
        Ok(v.bind(py).clone())
    }

    /// The press sent in the phase (time sent -> `Message`): a package-compatible
    /// `Game`'s `message_history` entry; `{}` for a native game (it keeps no press).
    #[getter]
    fn messages<'py>(&self, py: Python<'py>) -> Bound<'py, PyAny> {
        match self.messages.get(py) {
            Some(messages) => messages.bind(py).clone(),
            None => PyDict::new(py).into_any(),
        }
    }

    /// This phase as a package-compatible `Game` keeps it: its state, orders, results
    /// and press as its histories hold them (the package's `GamePhaseData` is made of
    /// those); standoff's report and orders left out stay.
    fn _with_history(
        &self,
        py: Python<'_>,
        state: Py<PyAny>,
        orders: Py<PyAny>,
        results: Py<PyAny>,
        messages: Py<PyAny>,
    ) -> PyPhaseData {
        let data = PyPhaseData::new(
            self.variant.clone(),
            self.rules,
            self.record.clone(),
            self.problems.clone(),
        );
        for (cell, value) in [
            (&data.state, state),
            (&data.orders, orders),
            (&data.results, results),
            (&data.messages, messages),
        ] {
            let _ = cell.set(py, value);
        }
        data
    }

    /// Orders left out of this phase (unreadable, illegal), as `RejectedOrder`s.
    #[getter]
    fn order_errors<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        rejected_list(py, &self.problems)
    }

    /// The readable report of the phase: every order with its outcome and reason.
    #[getter]
    fn report(&self) -> String {
        phase_report(
            &self.variant,
            &self.record.orders,
            &self.record.processed,
            Audience::All,
        )
    }

    /// The units the phase destroyed, as the package's `popped` lists them: in a
    /// movement phase those dislodged with nowhere to retreat, power by power; in a
    /// retreat phase those that bounced, then those disbanded.
    fn _destroyed(&self) -> Vec<String> {
        let map = &self.variant.map;
        match &self.record.processed.result {
            PhaseResult::Movement(result) => {
                let mut gone: Vec<&standoff::Unit> = result
                    .position
                    .dislodged()
                    .iter()
                    .filter(|d| d.retreat_options.is_empty())
                    .map(|d| &d.unit)
                    .collect();
                gone.sort_by_key(|u| u.power);
                gone.into_iter().map(|u| unit_name(map, u)).collect()
            }
            PhaseResult::Retreat(result) => {
                let fates = || result.dislodged.iter().zip(&result.units);
                let bounced = fates().filter(|(_, (_, o))| matches!(o, RetreatOutcome::Bounced(_)));
                let disbanded = fates().filter(|(_, (_, o))| {
                    matches!(
                        o,
                        RetreatOutcome::Disbanded | RetreatOutcome::DisbandedUnordered
                    )
                });
                bounced
                    .chain(disbanded)
                    .map(|(d, _)| unit_name(map, &d.unit))
                    .collect()
            }
            PhaseResult::Adjustment(_) => Vec::new(),
        }
    }

    /// The units of a movement phase ordered to move by convoy (`VIA`) with no chain of
    /// fleets ordered to convoy them (the package's commands drop their `VIA`).
    fn _unrouted(&self) -> Vec<String> {
        match &self.record.processed.result {
            PhaseResult::Movement(result) => standoff::mila::labels::unrouted_convoy_moves(
                &self.variant,
                &self.record.orders,
                result,
            ),
            _ => Vec::new(),
        }
    }

    /// The board at the start of the phase, as a `Position`.
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition {
            variant: self.variant.clone(),
            pos: self.record.position.clone(),
        }
    }

    /// The power that won with this phase, if one did.
    #[getter]
    fn winner(&self) -> Option<String> {
        self.record
            .processed
            .winner()
            .map(|w| power_name(&self.variant, w))
    }

    /// `{"name", "state", "orders", "results", "messages"}`, as the package's
    /// `GamePhaseData.to_dict()`.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("name", self.name())?;
        d.set_item("state", self.state(py)?)?;
        d.set_item("orders", self.orders(py)?)?;
        d.set_item("results", self.results(py)?)?;
        // The package writes the press as a list of message dicts.
        let messages = PyList::empty(py);
        if let Some(press) = self.messages.get(py) {
            for message in press.bind(py).call_method0("values")?.try_iter()? {
                messages.append(message?.call_method0("to_dict")?)?;
            }
        }
        d.set_item("messages", messages)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!("<PhaseData {}>", self.name())
    }
}
