//! The methods of `standoff._standoff.Game` (the struct is in `classes`): a game with
//! the `diplomacy` package's `Game` interface and its power views (`PowerView`). Here:
//! making a game, its phase, playing it (`process`, `play_phase`), copies; its orders,
//! board and history are in `orders`, `board` and `history` (PyO3's
//! `multiple-pymethods`: one `#[pymethods]` block per file).

mod board;
mod history;
mod orders;

use crate::args::{phase_arg, position_from_state_dict, variant_arg};
use crate::classes::{GameState, PyGame, PyPhaseData, PyPosition, PyPowerView, PyVariant};
use crate::convert::{dict_of_lists, json_to_py, str_or_list};
use crate::errors::{standoff_err, state_err, warn_orders, StandoffError};
use crate::model::ErrorMode;
use crate::model::{
    centers_by_power, homes_by_power, orderable_locations, orders_by_power, rejected_in_phase,
    result_codes, state_value, units_by_power, OrderProblem,
};
use crate::names::{kind_letter, long_phase, order_text, power_name, powers};
use crate::phase_data::rejected_list;
use crate::texts::{
    no_possible_orders_dict, orderable_list, possible_orders_dict, relisted_dict, OrderTexts,
};
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

/// What [`PyGame::play_phase`] gives for one game.
pub(crate) type PlayOutcome = Result<Option<PlayedPhase>, standoff::session::SessionError>;

/// What a play ([`PyGame::play_phase`]) gives `process()`'s caller: its warning given
/// (an `OrderWarning`), then its `PhaseData` (None when the game was over).
pub(crate) fn delivered(py: Python<'_>, outcome: PlayOutcome) -> PyResult<Option<PyPhaseData>> {
    let Some(played) = outcome.map_err(|e| standoff_err(e.to_string()))? else {
        return Ok(None);
    };
    played.settled.warn(py)?;
    Ok(played.data)
}

/// A play's warning given, and its `PhaseData` as a Python object (None when the game
/// was over), as `process()` gives them.
pub(crate) fn phase_data_object(
    py: Python<'_>,
    outcome: PlayOutcome,
) -> PyResult<Bound<'_, PyAny>> {
    Ok(match delivered(py, outcome)? {
        Some(data) => Bound::new(py, data)?.into_any(),
        None => py.None().into_bound(py),
    })
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
        PyGame::boxed(GameState {
            session: Session::from_record(&name, variant.clone(), rec),
            texts: OrderTexts::for_variant(&variant),
            entries: crate::submit::OrderEntries::for_variant(&variant),
            variant,
            problems: Vec::new(),
            history_problems: vec![Vec::new(); phases],
            modes: vec![ErrorMode::Warn; n],
            game_id,
            power_names: Arc::default(),
        })
    }

    /// A new game of the same variant, sharing this one's tables of Python strings:
    /// what a game's Python object holds while its native game is played on another
    /// thread (`step_many` of compatible games).
    pub(crate) fn stand_in(&self) -> PyGame {
        PyGame::boxed(GameState {
            session: Session::from_record(
                &self.variant.name,
                self.variant.clone(),
                RecordedGame::new(&self.variant),
            ),
            variant: self.variant.clone(),
            problems: Vec::new(),
            history_problems: Vec::new(),
            modes: Vec::new(),
            game_id: String::new(),
            texts: self.texts.clone(),
            entries: self.entries.clone(),
            power_names: self.power_names.clone(),
        })
    }

    /// The game and its history.
    pub fn rec(&self) -> &RecordedGame {
        self.session.record()
    }

    /// The game and its history, to edit the board.
    pub fn rec_mut(&mut self) -> &mut RecordedGame {
        self.session.record_mut()
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

    /// The power whose name is `name`, when `name` is one of the game's own power-name
    /// strings (the `powers` keys, or a literal, interned alike); None for any other.
    pub(crate) fn power_of_own_name(&self, name: &Bound<'_, PyString>) -> Option<PowerId> {
        let names = self.power_names(name.py());
        names
            .iter()
            .position(|n| n.is(name))
            .map(|i| PowerId(i as u8))
    }

    /// The locations that need an order from `power` (a list: empty once the game is
    /// over).
    pub(crate) fn orderable_of<'py>(
        &self,
        py: Python<'py>,
        power: PowerId,
    ) -> PyResult<Bound<'py, PyList>> {
        if self.is_done() {
            return Ok(PyList::empty(py));
        }
        let pos = &self.rec().game.position;
        orderable_list(py, &self.variant, pos, &self.texts, power)
    }

    /// Location -> possible orders, a new dict ([`possible_orders_dict`]), and the
    /// listing's stamp for [`PyGame::relisted`]. For a game that is not over (see
    /// [`PyGame::no_possible_orders`]).
    pub(crate) fn possible_orders<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyDict>, u64)> {
        possible_orders_dict(py, &self.variant, &self.rec().game.position, &self.texts)
    }

    /// What a game that is over lists: every location, with no orders.
    pub(crate) fn no_possible_orders<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        no_possible_orders_dict(py, &self.variant, &self.texts)
    }

    /// The dict of listing `stamp` of [`PyGame::possible_orders`] made again (new dict
    /// and lists), unless a game of the variant listed since.
    pub(crate) fn relisted<'py>(
        &self,
        py: Python<'py>,
        stamp: u64,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        relisted_dict(py, &self.texts, stamp)
    }

    /// [`PyGame::power_arg`] for a Python string: one of the game's own power-name
    /// strings (the `powers` keys, or a literal, interned alike) is found by identity.
    pub(crate) fn power_of(&self, name: &Bound<'_, PyString>) -> PyResult<PowerId> {
        match self.power_of_own_name(name) {
            Some(power) => Ok(power),
            None => self.power_arg(&name.to_cow()?),
        }
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
        let rules = self.rec().game.rules;
        let data = self.rec().history.last().map(|record| {
            PyPhaseData::new(
                self.variant.clone(),
                rules,
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
        let rules = self.rec().game.rules;
        Some(PyPhaseData::new(
            self.variant.clone(),
            rules,
            record,
            problems,
        ))
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
    fn get_map_power_names(&self, py: Python<'_>) -> Vec<Py<PyString>> {
        // The game's own (interned) name strings: a caller passing them back (the
        // compatible `Game` keys its `powers` with them) is found by identity.
        self.power_names(py)
            .iter()
            .map(|name| name.clone_ref(py))
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

    /// Plays the current phase with the orders set (units without orders hold; powers
    /// without orders are in civil disorder) and moves to the next phase. Returns the
    /// played phase's `PhaseData` (None if the game is over).
    fn process(&mut self, py: Python<'_>) -> PyResult<Option<PyPhaseData>> {
        // Everything but the warning touches only Rust data: done without the GIL.
        let played = py.detach(|| self.play_phase());
        delivered(py, played)
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

    /// Pickles as the saved game (replayed on load), the orders each power set for the
    /// current phase (set again on load) and the order errors recorded in it (see
    /// `pickling::game_from_pickle`).
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let module = py.import("standoff._standoff")?;
        let load = module.getattr("_game_from_pickle")?;
        let saved = json_to_py(py, &self.saved_json())?;
        let submitted = PyList::empty(py);
        for power in powers(&self.variant) {
            if self.session.orders(power).is_some() {
                let texts: Vec<String> = self
                    .session
                    .accepted_orders(power)
                    .map(|order| order_text(&self.variant.map, order))
                    .collect();
                submitted.append((power_name(&self.variant, power), texts))?;
            }
        }
        let problems = crate::pickling::problem_tuples(py, &self.problems)?;
        let args = PyTuple::new(py, [saved, submitted.into_any(), problems.into_any()])?;
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
