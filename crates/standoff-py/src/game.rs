//! The methods of `standoff._standoff.Game` (the struct is in `classes`): a game with
//! the `diplomacy` package's `Game` interface, its phase history (`PhaseData`) and
//! power views (`PowerView`).

use crate::args::{phase_arg, position_from_state_dict, variant_arg};
use crate::classes::{PyGame, PyPhaseData, PyPosition, PyPowerView, PyVariant};
use crate::convert::{dict_of_lists, json_to_py, str_or_list};
use crate::errors::{standoff_err, state_err, warn_orders, StandoffError};
use crate::model::ErrorMode;
use crate::model::{
    centers_by_power, homes_by_power, orderable_locations, orders_by_power, rejected_in_phase,
    result_codes, state_value, units_by_power, OrderProblem,
};
use crate::names::{kind_letter, long_phase, order_text, power_name, powers};
use crate::phase_data::rejected_list;
use crate::texts::{orderable_list, possible_orders_dict, OrderTexts};
use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};
use standoff::corpus::{random_orders, Rng};
use standoff::mila::saved_game_json;
use standoff::order::Order;
use standoff::record::RecordedGame;
use standoff::session::Session;
use standoff::{Phase, Position, PowerId, Variant};
use std::sync::Arc;

/// `errors` given as a Python string: the literals `"warn"`, `"raise"`, `"ignore"` (interned
/// by Python) are recognised by identity, without reading the string; None: `"warn"`.
pub fn error_mode_arg(errors: Option<&Bound<'_, PyString>>) -> PyResult<ErrorMode> {
    let Some(errors) = errors else {
        return Ok(ErrorMode::Warn);
    };
    let py = errors.py();
    for (name, mode) in [
        (pyo3::intern!(py, "ignore"), ErrorMode::Ignore),
        (pyo3::intern!(py, "warn"), ErrorMode::Warn),
        (pyo3::intern!(py, "raise"), ErrorMode::Raise),
    ] {
        if name.is(errors) {
            return Ok(mode);
        }
    }
    error_mode(&errors.to_cow()?)
}

pub fn error_mode(text: &str) -> PyResult<ErrorMode> {
    match text {
        "warn" => Ok(ErrorMode::Warn),
        "raise" => Ok(ErrorMode::Raise),
        "ignore" => Ok(ErrorMode::Ignore),
        _ => Err(standoff_err(format!(
            "errors must be \"warn\", \"raise\" or \"ignore\", not {text:?}"
        ))),
    }
}

#[pymethods]
impl PyPowerView {
    /// Dislodged unit -> retreat options.
    #[getter]
    fn retreats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        dict_of_lists(py, self.retreats.clone())
    }
    /// No units and no centers.
    fn is_eliminated(&self) -> bool {
        self.units.is_empty() && self.centers.is_empty()
    }
    fn __repr__(&self) -> String {
        format!(
            "<PowerView {} units={:?} centers={:?}>",
            self.name, self.units, self.centers
        )
    }
}

/// What a played phase leaves to report ([`PyGame::settle_phase`]).
pub struct SettledPhase {
    /// The orders left out of the phase, and those not followed.
    pub problems: Vec<OrderProblem>,
    /// The warning to give about the orders not followed (None: nothing to say).
    pub warning: Option<String>,
}

impl SettledPhase {
    /// Gives the warning (an `OrderWarning`), if there is one.
    pub fn warn(&self, py: Python<'_>) -> PyResult<()> {
        match &self.warning {
            Some(text) => warn_orders(py, text),
            None => Ok(()),
        }
    }
}

/// A phase played by [`PyGame::play_phase`]: what to report, and its `PhaseData`.
pub struct PlayedPhase {
    /// The problems and the warning to give.
    pub settled: SettledPhase,
    /// The played phase (what `process()` returns).
    pub data: Option<PyPhaseData>,
}

impl Clone for PyGame {
    fn clone(&self) -> Self {
        PyGame {
            variant: self.variant.clone(),
            session: self.session.clone(),
            problems: self.problems.clone(),
            history_problems: self.history_problems.clone(),
            modes: self.modes.clone(),
            game_id: self.game_id.clone(),
            texts: self.texts.clone(),
            entries: self.entries.clone(),
            power_names: self.power_names.clone(),
        }
    }
}

fn check_rules(rules: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
    let Some(rules) = rules else { return Ok(()) };
    if rules.is_none() {
        return Ok(());
    }
    if let Ok(s) = rules.cast::<PyString>() {
        let s = s.to_cow()?;
        if s.is_empty() || s.eq_ignore_ascii_case("default") {
            return Ok(());
        }
    } else if rules.len().ok() == Some(0) {
        return Ok(());
    }
    Err(StandoffError::new_err(format!(
        "rules={}: only the default rules (the 2000 rulebook with the DATC's preferences) \
         are supported for now; pass rules=None",
        rules.repr()?
    )))
}

pub fn new_game_id() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(1);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis())
        .unwrap_or(0);
    format!("standoff-{t:x}-{n}")
}

impl PyGame {
    pub fn from_record(variant: Arc<Variant>, rec: RecordedGame, game_id: String) -> Self {
        let n = variant.powers.len();
        let phases = rec.history.len();
        let name = variant.name.clone();
        PyGame {
            session: Session::from_record(&name, variant.clone(), rec),
            texts: OrderTexts::for_variant(&variant),
            entries: crate::submit::OrderEntries::for_variant(&variant),
            variant,
            problems: Vec::new(),
            history_problems: vec![Vec::new(); phases],
            modes: vec![ErrorMode::Warn; n],
            game_id,
            power_names: Arc::default(),
        }
    }

    /// The game and its history.
    pub fn rec(&self) -> &RecordedGame {
        self.session.record()
    }

    /// The game and its history, to edit the board.
    pub fn rec_mut(&mut self) -> &mut RecordedGame {
        self.session.record_mut()
    }

    /// A power's current orders.
    pub fn power_orders(&self, power: PowerId) -> Vec<Order> {
        self.session.accepted_orders(power).cloned().collect()
    }

    pub fn is_done(&self) -> bool {
        self.rec().game.winner.is_some()
    }

    pub fn current_phase(&self) -> String {
        if self.is_done() {
            "COMPLETED".to_string()
        } else {
            self.rec().game.position.phase().short_code()
        }
    }

    /// The power names as interned Python strings, in the variant's order.
    pub(crate) fn power_names<'a>(&'a self, py: Python<'_>) -> &'a [Py<PyString>] {
        self.power_names.get_or_init(py, || {
            powers(&self.variant)
                .map(|p| PyString::intern(py, &power_name(&self.variant, p)).unbind())
                .collect()
        })
    }

    /// [`PyGame::power_arg`] for a Python string: one of the game's own power-name
    /// strings (the `powers` keys, or a literal, interned alike) is found by identity.
    pub(crate) fn power_of(&self, name: &Bound<'_, PyString>) -> PyResult<PowerId> {
        let names = self.power_names(name.py());
        if let Some(i) = names.iter().position(|n| n.is(name)) {
            return Ok(PowerId(i as u8));
        }
        self.power_arg(&name.to_cow()?)
    }

    pub(crate) fn power_arg(&self, name: &str) -> PyResult<PowerId> {
        // A power's own name (`FRANCE`, as the package writes it) without normalising.
        if let Some(i) = self
            .variant
            .powers
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(name))
        {
            return Ok(PowerId(i as u8));
        }
        self.variant.find_power(name).ok_or_else(|| {
            standoff_err(format!(
                "`{name}` is not a power of this variant ({})",
                powers(&self.variant)
                    .map(|p| power_name(&self.variant, p))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))
        })
    }

    /// All current orders, power by power.
    pub fn all_orders(&self) -> Vec<Order> {
        powers(&self.variant)
            .flat_map(|p| self.session.accepted_orders(p).cloned())
            .collect()
    }

    fn reset_phase_state(&mut self) {
        self.session.clear_submissions(None);
        self.problems.clear();
    }

    /// `process()` up to its warning, without Python: safe with the GIL released and on
    /// any thread (a batch may play many games so). None when the game is over.
    pub fn play_phase(&mut self) -> Result<Option<PlayedPhase>, standoff::session::SessionError> {
        if self.is_done() {
            return Ok(None);
        }
        self.session.play()?;
        let settled = self.settle_phase();
        let data = self.rec().history.last().map(|record| {
            PyPhaseData::new(
                self.variant.clone(),
                record.clone(),
                settled.problems.clone(),
            )
        });
        Ok(Some(PlayedPhase { settled, data }))
    }

    /// Records a played phase, without Python (it may run with the GIL released): the
    /// phase's problems (orders left out, and those not followed, warned about as the
    /// powers' modes say) are recorded and the submissions cleared; the warning is given
    /// by [`SettledPhase::warn`].
    pub fn settle_phase(&mut self) -> SettledPhase {
        let mut problems = std::mem::take(&mut self.problems);
        let mut warn_lines = Vec::new();
        // The phase's problems are written out only when some order was not followed.
        let last = self.rec().history.last().filter(|record| {
            crate::model::not_followed(&record.orders, &record.processed.result)
                .next()
                .is_some()
        });
        if let Some(record) = last {
            for p in rejected_in_phase(&self.variant, record) {
                let power = self.variant.find_power(&p.power);
                let mode = power
                    .and_then(|q| self.modes.get(q.index()).copied())
                    .unwrap_or(ErrorMode::Warn);
                if mode != ErrorMode::Ignore {
                    warn_lines.push(p.line());
                }
                problems.push(p);
            }
        }
        self.history_problems.push(problems.clone());
        self.reset_phase_state();
        let warning = (!warn_lines.is_empty()).then(|| {
            format!(
                "{} order(s) not followed when the phase was played:\n  {}",
                warn_lines.len(),
                warn_lines.join("\n  ")
            )
        });
        SettledPhase { problems, warning }
    }

    fn phase_data(&self, index: usize) -> Option<PyPhaseData> {
        let record = self.rec().history.get(index)?.clone();
        let problems = self
            .history_problems
            .get(index)
            .cloned()
            .unwrap_or_default();
        Some(PyPhaseData::new(self.variant.clone(), record, problems))
    }

    fn history_index(&self, which: &Bound<'_, PyAny>) -> PyResult<usize> {
        if let Ok(i) = which.extract::<isize>() {
            let n = self.rec().history.len() as isize;
            let j = if i < 0 { n + i } else { i };
            if j < 0 || j >= n.max(1) {
                return Err(PyIndexError::new_err(format!(
                    "no phase {i} in the history"
                )));
            }
            return Ok(j as usize);
        }
        let name: String = which.extract()?;
        self.rec()
            .history
            .iter()
            .position(|r| r.position.phase().short_code() == name)
            .ok_or_else(|| PyIndexError::new_err(format!("no phase {name} in the history")))
    }

    fn set_position(&mut self, pos: standoff::Position, clear_history: bool) {
        if clear_history {
            *self.rec_mut() = RecordedGame::from_position(pos);
            self.history_problems.clear();
        } else {
            self.rec_mut().game.position = pos;
            self.rec_mut().game.winner = None;
        }
        self.reset_phase_state();
    }

    pub fn saved_json(&self) -> serde_json::Value {
        saved_game_json(&self.variant, self.rec(), &self.game_id)
    }
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (game_id = None, variant = None, map_name = None, rules = None, position = None))]
    fn new(
        game_id: Option<String>,
        variant: Option<&Bound<'_, PyAny>>,
        map_name: Option<&Bound<'_, PyAny>>,
        rules: Option<&Bound<'_, PyAny>>,
        position: Option<PyRef<'_, PyPosition>>,
    ) -> PyResult<Self> {
        check_rules(rules)?;
        let variant = match (variant, map_name, &position) {
            (_, _, Some(p)) => p.variant.clone(),
            (Some(v), _, None) if !v.is_none() => variant_arg(Some(v))?,
            (_, m, None) => variant_arg(m)?,
        };
        let rec = match &position {
            Some(p) => RecordedGame::from_position(p.pos.clone()),
            None => RecordedGame::new(&variant),
        };
        Ok(PyGame::from_record(
            variant,
            rec,
            game_id.unwrap_or_else(new_game_id),
        ))
    }

    /// The game id.
    #[getter]
    fn game_id(&self) -> &str {
        &self.game_id
    }

    /// The variant's name (`standard`), as the package's `map_name`.
    #[getter]
    fn map_name(&self) -> &str {
        &self.variant.name
    }

    /// The variant.
    #[getter]
    fn variant(&self) -> PyVariant {
        PyVariant {
            inner: self.variant.clone(),
        }
    }

    /// The rules in force: always `[]` (the default rules; see the class doc).
    #[getter]
    fn rules(&self) -> Vec<String> {
        Vec::new()
    }

    /// Power name -> `PowerView` (a snapshot). Iterating gives the power names.
    #[getter]
    fn powers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (p, name) in powers(&self.variant).zip(self.power_names(py)) {
            d.set_item(name.bind(py), self.power_view(p))?;
        }
        Ok(d)
    }

    /// The power's `PowerView`.
    fn get_power(&self, power_name: &str) -> PyResult<PyPowerView> {
        let p = self.power_arg(power_name)?;
        Ok(self.power_view(p))
    }

    /// Power names in the variant's order.
    fn get_map_power_names(&self) -> Vec<String> {
        powers(&self.variant)
            .map(|p| power_name(&self.variant, p))
            .collect()
    }

    /// `S1901M`, `F1901R`, `W1901A`, or `COMPLETED` once a power has won.
    fn get_current_phase(&self) -> String {
        self.current_phase()
    }

    /// `SPRING 1901 MOVEMENT` (`COMPLETED` once won).
    #[getter]
    fn phase(&self) -> String {
        if self.is_done() {
            "COMPLETED".to_string()
        } else {
            long_phase(self.rec().game.position.phase())
        }
    }

    /// `M`, `R` or `A` (`-` once won).
    #[getter]
    fn phase_type(&self) -> String {
        if self.is_done() {
            "-".to_string()
        } else {
            kind_letter(self.rec().game.position.phase().kind)
        }
    }

    /// True once a power holds the victory number of centers.
    #[getter]
    fn is_game_done(&self) -> bool {
        self.is_done()
    }

    /// The winner (`FRANCE`), or None.
    #[getter]
    fn winner(&self) -> Option<String> {
        self.rec().game.winner.map(|w| power_name(&self.variant, w))
    }

    /// The current position.
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition {
            variant: self.variant.clone(),
            pos: self.rec().game.position.clone(),
        }
    }

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

    /// Provinces that need an order from a power in this phase (units; dislodged units;
    /// build sites or units to remove), or power -> provinces.
    #[pyo3(signature = (power_name = None))]
    fn get_orderable_locations<'py>(
        &self,
        py: Python<'py>,
        power_name: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if let Some(p) = power_name.filter(|_| !self.is_done()) {
            let (pos, power) = (&self.rec().game.position, self.power_arg(p)?);
            return Ok(orderable_list(py, &self.variant, pos, &self.texts, power)?.into_any());
        }
        let all = if self.is_done() {
            powers(&self.variant)
                .map(|p| (crate::names::power_name(&self.variant, p), Vec::new()))
                .collect()
        } else {
            orderable_locations(&self.variant, &self.rec().game.position)
        };
        self.one_or_all(py, all, power_name)
    }

    /// Location -> every legal order of the unit there, in the package's notation
    /// (`A PAR - BUR`, `A LON - NWY VIA`, `F NTH C A LON - NWY`, `A PAR S A MAR - BUR`,
    /// `A PAR R BUR`, `A PAR D`, `A PAR B`, `F STP/NC B`, `WAIVE`). Every location is a
    /// key; a unit on a coast is listed under the coast and under its province.
    fn get_all_possible_orders<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        if self.is_done() {
            return Ok(PyDict::new(py));
        }
        possible_orders_dict(py, &self.variant, &self.rec().game.position, &self.texts)
    }

    /// Sets a power's orders for the current phase (a list of strings, or one string).
    /// An order for a unit that already has one replaces it (with ``replace=True``, the
    /// default; with ``replace=False`` the first order stands). ``expand`` is accepted
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

    /// ``set_orders``, then the power's orders as ``get_orders(power_name)`` gives them
    /// (one call instead of two, for the package-compatible ``Game``).
    #[pyo3(
        signature = (power_name, orders, expand = true, replace = true, errors = None),
        text_signature = "($self, power_name, orders, expand=True, replace=True, errors=\"warn\")"
    )]
    fn set_orders_and_get(
        &mut self,
        py: Python<'_>,
        power_name: &Bound<'_, PyString>,
        orders: &Bound<'_, PyAny>,
        expand: bool,
        replace: bool,
        errors: Option<&Bound<'_, PyString>>,
    ) -> PyResult<Vec<String>> {
        self.set_orders(py, power_name, orders, expand, replace, errors)?;
        let power = self.power_of(power_name)?;
        let map = &self.variant.map;
        Ok(self
            .session
            .accepted_orders(power)
            .map(|o| order_text(map, o))
            .collect())
    }

    /// ``set_orders``, then ``(orders, rejected)``: the power's orders as
    /// ``get_orders(power_name)`` gives them and the texts of this call's orders that
    /// were left out (recorded in ``order_errors``), for the package-compatible ``Game``.
    #[pyo3(
        signature = (power_name, orders, expand = true, replace = true, errors = None),
        text_signature = "($self, power_name, orders, expand=True, replace=True, errors=\"warn\")"
    )]
    fn set_orders_and_get_rejected(
        &mut self,
        py: Python<'_>,
        power_name: &Bound<'_, PyString>,
        orders: &Bound<'_, PyAny>,
        expand: bool,
        replace: bool,
        errors: Option<&Bound<'_, PyString>>,
    ) -> PyResult<(Vec<String>, Vec<String>)> {
        let before = self.problems.len();
        let accepted = self.set_orders_and_get(py, power_name, orders, expand, replace, errors)?;
        let rejected = self
            .problems
            .get(before..)
            .unwrap_or_default()
            .iter()
            .map(|p| p.order.clone())
            .collect();
        Ok((accepted, rejected))
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

    /// Clears a power's orders (all powers' without an argument).
    #[pyo3(signature = (power_name = None))]
    fn clear_orders(&mut self, power_name: Option<&str>) -> PyResult<()> {
        match power_name {
            Some(name) => {
                let p = self.power_arg(name)?;
                self.session.clear_submissions(Some(p));
            }
            None => self.session.clear_submissions(None),
        }
        Ok(())
    }

    /// The picture of the current position (the `diplomacy` package's `render`): SVG
    /// text, or PNG bytes with `output_format="png"`. `incl_orders` draws the current
    /// phase's orders as set so far (not adjudicated); `incl_abbrev` writes the province
    /// abbreviations; `output_path` also writes the picture there (atomically).
    #[pyo3(signature = (incl_orders = true, incl_abbrev = false, output_format = "svg", output_path = None))]
    fn render<'py>(
        &self,
        py: Python<'py>,
        incl_orders: bool,
        incl_abbrev: bool,
        output_format: &str,
        output_path: Option<std::path::PathBuf>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let picture = crate::render::Picture {
            variant: &self.variant,
            position: &self.rec().game.position,
            orders: if incl_orders {
                self.all_orders()
            } else {
                Vec::new()
            },
            abbreviations: incl_abbrev,
        };
        crate::render::render(py, picture, output_format, output_path)
    }

    /// Orders left out in the current phase so far, as `RejectedOrder`s (played phases
    /// keep theirs in `PhaseData.order_errors`).
    #[getter]
    fn order_errors<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        rejected_list(py, &self.problems)
    }

    /// Plays the current phase with the orders set (units without orders hold; powers
    /// without orders are in civil disorder) and moves to the next phase. Returns the
    /// played phase's `PhaseData` (None if the game is over).
    fn process(&mut self, py: Python<'_>) -> PyResult<Option<PyPhaseData>> {
        // Everything but the warning touches only Rust data: done without the GIL.
        let played = py
            .detach(|| self.play_phase())
            .map_err(|e| standoff_err(e.to_string()))?;
        let Some(played) = played else {
            return Ok(None);
        };
        played.settled.warn(py)?;
        Ok(played.data)
    }

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
    fn get_state<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
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
        let mut setup = self.rec().game.position.to_setup();
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
                let retreat_options =
                    standoff::adjudicate::retreat_options(&variant, &board, &unit, None, |_| false);
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
        let edited_position = edited(&variant, setup)?;
        self.rec_mut().game.position = edited_position;
        Ok(())
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
        let mut setup = self.rec().game.position.to_setup();
        if reset {
            setup.owners.retain(|&(_, w)| w != power);
        }
        setup.owners.retain(|(p, _)| !provs.contains(p));
        setup.owners.extend(provs.into_iter().map(|p| (p, power)));
        let edited_position = edited(&self.variant, setup)?;
        self.rec_mut().game.position = edited_position;
        Ok(())
    }

    /// Removes a power's units (all units without an argument), dislodged ones too.
    #[pyo3(signature = (power_name = None))]
    fn clear_units(&mut self, power_name: Option<&str>) -> PyResult<()> {
        let power = power_name.map(|n| self.power_arg(n)).transpose()?;
        let mut setup = self.rec().game.position.to_setup();
        setup.units.retain(|u| power.is_some_and(|p| u.power != p));
        setup
            .dislodged
            .retain(|d| power.is_some_and(|p| d.unit.power != p));
        let edited_position = edited(&self.variant, setup)?;
        self.rec_mut().game.position = edited_position;
        Ok(())
    }

    /// Makes a power's centers (all centers without an argument) unowned.
    #[pyo3(signature = (power_name = None))]
    fn clear_centers(&mut self, power_name: Option<&str>) -> PyResult<()> {
        let power = power_name.map(|n| self.power_arg(n)).transpose()?;
        let mut setup = self.rec().game.position.to_setup();
        setup.owners.retain(|&(_, w)| power.is_some_and(|p| w != p));
        let edited_position = edited(&self.variant, setup)?;
        self.rec_mut().game.position = edited_position;
        Ok(())
    }

    /// Sets the phase (`S1901M`); orders set are cleared.
    fn set_current_phase(&mut self, new_phase: &str) -> PyResult<()> {
        let phase: Phase = phase_arg(new_phase)?;
        let mut setup = self.rec().game.position.to_setup();
        setup.phase = phase;
        let edited_position = edited(&self.variant, setup)?;
        self.rec_mut().game.position = edited_position;
        self.reset_phase_state();
        Ok(())
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

    /// The game in the package's saved-game format (`to_saved_game_format(game)`).
    fn to_saved_game_format<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &self.saved_json())
    }

    /// An independent copy (history included).
    fn copy(&self) -> Self {
        self.clone()
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    /// Pickles as the saved game (replayed on load); orders set for the current phase
    /// and recorded order errors are not kept.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let module = py.import("standoff._standoff")?;
        let load = module.getattr("from_saved_game_format")?;
        let saved = json_to_py(py, &self.saved_json())?;
        let args = PyTuple::new(py, [saved])?;
        PyTuple::new(py, [load, args.into_any()])
    }

    fn __repr__(&self) -> String {
        format!(
            "<standoff.Game {} {} {}>",
            self.game_id,
            self.variant.name,
            self.current_phase()
        )
    }
}

impl PyGame {
    fn power_view(&self, p: PowerId) -> PyPowerView {
        let pos = &self.rec().game.position;
        let idx = p.index();
        let nth =
            |v: Vec<(String, Vec<String>)>| v.into_iter().nth(idx).map(|x| x.1).unwrap_or_default();
        let retreats = crate::model::dislodged_by_power(&self.variant, pos)
            .into_iter()
            .nth(idx)
            .map(|x| x.1)
            .unwrap_or_default();
        PyPowerView {
            name: power_name(&self.variant, p),
            units: nth(units_by_power(&self.variant, pos, true)),
            centers: nth(centers_by_power(&self.variant, pos)),
            homes: nth(homes_by_power(&self.variant)),
            retreats,
            orders: self
                .session
                .accepted_orders(p)
                .map(|o| order_text(&self.variant.map, o))
                .collect(),
        }
    }

    fn one_or_all<'py>(
        &self,
        py: Python<'py>,
        all: Vec<(String, Vec<String>)>,
        power_name: Option<&str>,
    ) -> PyResult<Bound<'py, PyAny>> {
        match power_name {
            Some(name) => {
                let p = self.power_arg(name)?;
                let list = all
                    .into_iter()
                    .nth(p.index())
                    .map(|x| x.1)
                    .unwrap_or_default();
                Ok(PyList::new(py, list)?.into_any())
            }
            None => Ok(dict_of_lists(py, all)?.into_any()),
        }
    }
}

impl std::fmt::Debug for PyGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Game({}, {})", self.game_id, self.current_phase())
    }
}

/// The board an editing call (`set_units`, `set_centers`, ...) leaves, checked like
/// any loaded position; dislodged units may be put on the board by hand in any phase,
/// as the `diplomacy` package allows.
fn edited(variant: &Variant, setup: standoff::position::Setup) -> PyResult<Position> {
    let options = standoff::position::SetupOptions::default().dislodged_in_any_phase();
    Position::from_setup_with(variant, setup, options).map_err(|e| state_err(e.to_string()))
}
