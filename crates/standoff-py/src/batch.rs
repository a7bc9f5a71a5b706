//! Batch entry points: many adjudications or game steps at once, with the GIL released
//! and the work spread over all cores (the core's `standoff::batch`, rayon).

use crate::args::{state_parts_from_dict, variant_arg};
use crate::classes::{PyAdjudication, PyGame, PyPosition, PyRejectedOrder, PyVariant};
use crate::convert::dislodged_dict;
use crate::convert::{dict_of_lists, str_or_list, str_to_list_map};
use crate::errors::{standoff_err, state_err};
use crate::game::PlayOutcome;
use crate::model::{
    build_position, movement_codes, orders_by_power, parse_problem, units_after, OrderProblem,
    ProblemKind, StateParts,
};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use standoff::adjudicate::MovementResult;
use standoff::order::Order;
use standoff::parse::parse_order;
use standoff::report::{movement_report, Audience};
use standoff::{Phase, PhaseKind, Position, Variant};
use std::sync::Arc;

impl PyAdjudication {
    fn all_problems(&self) -> Vec<OrderProblem> {
        let mut out = self.problems.clone();
        let result = standoff::game::PhaseResult::Movement(self.result.clone());
        out.extend(crate::model::rejections(
            &self.variant,
            &self.before.phase().short_code(),
            &self.orders,
            &result,
        ));
        out
    }
}

#[pymethods]
impl PyAdjudication {
    /// The board after movement (same phase; dislodged units listed with their retreat
    /// options, `[]` for a unit that is destroyed).
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition {
            variant: self.variant.clone(),
            pos: self.result.position.clone(),
        }
    }

    /// Power -> units on the board after movement (dislodged units not included).
    #[getter]
    fn units<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        dict_of_lists(py, units_after(&self.variant, &self.result))
    }

    /// Power -> dislodged unit -> retreat options (`[]`: destroyed).
    #[getter]
    fn dislodged<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        dislodged_dict(py, &self.variant, &self.result.position, false)
    }

    /// Unit -> result codes, as the package's phase results.
    #[getter]
    fn results<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        dict_of_lists(
            py,
            movement_codes(&self.variant, &self.orders, &self.result),
        )
    }

    /// Power -> orders that were adjudicated.
    #[getter]
    fn orders<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        dict_of_lists(py, orders_by_power(&self.variant, &self.orders))
    }

    /// Orders that could not be read or were not followed, as `RejectedOrder`s.
    #[getter]
    fn order_errors<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let items = self
            .all_problems()
            .into_iter()
            .map(|p| Bound::new(py, PyRejectedOrder { inner: p }).map(|b| b.into_any()))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, items)
    }

    /// Every order with its outcome and reason, in words.
    #[getter]
    fn report(&self) -> String {
        movement_report(&self.variant, &self.orders, &self.result, Audience::All)
    }

    /// The variant.
    #[getter]
    fn variant(&self) -> PyVariant {
        PyVariant {
            inner: self.variant.clone(),
        }
    }

    /// `{"units", "dislodged", "results", "orders", "order_errors"}` as plain data.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("units", self.units(py)?)?;
        d.set_item("dislodged", self.dislodged(py)?)?;
        d.set_item("results", self.results(py)?)?;
        d.set_item("orders", self.orders(py)?)?;
        let errors: Vec<String> = self.all_problems().iter().map(OrderProblem::line).collect();
        d.set_item("order_errors", errors)?;
        Ok(d)
    }

    fn __repr__(&self) -> String {
        format!(
            "<AdjudicationResult {}: {} units, {} dislodged>",
            self.before.phase().short_code(),
            self.result.position.units().count(),
            self.result.position.dislodged().len()
        )
    }
}

/// A state read under the GIL: a ready position, or the pieces of a state dict.
enum Board {
    Ready(Position),
    State(StateParts, Phase),
}

/// Orders read under the GIL: power name -> texts, or `Power: order` lines.
enum Texts {
    ByPower(Vec<(String, Vec<String>)>),
    Lines(Vec<String>),
}

struct Item {
    board: Board,
    orders: Texts,
}

fn read_item(variant: &Variant, obj: &Bound<'_, PyAny>) -> PyResult<Item> {
    let (state, orders) = obj
        .extract::<(Bound<'_, PyAny>, Bound<'_, PyAny>)>()
        .map_err(|_| PyTypeError::new_err("each item must be a pair (state, orders)"))?;
    let board = if let Ok(p) = state.cast::<PyPosition>() {
        let p = p.get();
        if p.variant.name != variant.name {
            return Err(standoff_err("a position of another variant"));
        }
        Board::Ready(p.pos.clone())
    } else {
        let default = Phase::spring_movement(variant.start_year);
        let (parts, phase) = state_parts_from_dict(&state, Some(default))?;
        Board::State(parts, phase)
    };
    let orders = if orders.is_none() {
        Texts::ByPower(Vec::new())
    } else if orders.cast::<PyDict>().is_ok() {
        Texts::ByPower(str_to_list_map(&orders)?)
    } else if orders.cast::<PyString>().is_ok() {
        Texts::Lines(
            str_or_list(&orders)?
                .iter()
                .flat_map(|s| s.lines().map(str::to_string).collect::<Vec<_>>())
                .collect(),
        )
    } else {
        Texts::Lines(str_or_list(&orders)?)
    };
    Ok(Item { board, orders })
}

type Prepared = (Position, Vec<Order>, Vec<OrderProblem>);

fn prepare(variant: &Variant, item: &Item) -> Result<Prepared, String> {
    let pos = match &item.board {
        Board::Ready(p) => p.clone(),
        Board::State(s, phase) => build_position(variant, *phase, s)?,
    };
    if pos.phase().kind != PhaseKind::Movement {
        return Err(format!(
            "{} is not a movement phase (adjudicate_many plays movement phases; use \
             Game.process or step_many for retreats and adjustments)",
            pos.phase().short_code()
        ));
    }
    let phase = pos.phase().short_code();
    let read = |power: Option<standoff::PowerId>,
                power_text: &str,
                text: &str|
     -> Option<Result<Order, OrderProblem>> {
        let text = text.trim();
        if text.is_empty() {
            return None;
        }
        Some(
            parse_order(variant, PhaseKind::Movement, power, text).map_err(|e| OrderProblem {
                phase: phase.clone(),
                power: power_text.to_uppercase(),
                order: text.to_string(),
                kind: parse_problem(&e),
                reason: e.kind.to_string(),
            }),
        )
    };
    let mut results = Vec::new();
    match &item.orders {
        Texts::ByPower(list) => {
            for (name, texts) in list {
                match variant.find_power(name) {
                    Some(p) => results.extend(texts.iter().filter_map(|t| read(Some(p), name, t))),
                    None => {
                        for t in texts {
                            results.push(Err(OrderProblem {
                                phase: phase.clone(),
                                power: name.to_uppercase(),
                                order: t.clone(),
                                kind: ProblemKind::Invalid,
                                reason: format!("`{name}` is not a power"),
                            }));
                        }
                    }
                }
            }
        }
        Texts::Lines(lines) => {
            for t in lines {
                let who = t.split_once(':').map(|(p, _)| p.trim()).unwrap_or("");
                results.extend(read(None, who, t));
            }
        }
    }
    let mut orders = Vec::new();
    let mut problems = Vec::new();
    for r in results {
        match r {
            Ok(o) => orders.push(o),
            Err(p) => problems.push(p),
        }
    }
    Ok((pos, orders, problems))
}

fn run_adjudications(
    py: Python<'_>,
    variant: Arc<Variant>,
    items: Vec<Item>,
) -> PyResult<Vec<PyAdjudication>> {
    let pool = crate::pool::pool()?;
    let outcome = py.detach(|| adjudicate_prepared(&pool, &variant, &items));
    match outcome {
        Ok(done) => Ok(done
            .into_iter()
            .map(|((before, orders, problems), result)| PyAdjudication {
                variant: variant.clone(),
                before,
                orders,
                result,
                problems,
            })
            .collect()),
        Err(failures) => Err(state_err(format!(
            "{} item(s) cannot be adjudicated:\n  {}",
            failures.len(),
            failures.join("\n  ")
        ))),
    }
}

/// [`run_adjudications`]' work without Python: each item read and its movement phase
/// adjudicated, the items spread over the calling thread and the pool's
/// ([`crate::pool::map_shared`]); or a line per item that could not be read.
fn adjudicate_prepared(
    pool: &rayon::ThreadPool,
    v: &Variant,
    items: &[Item],
) -> Result<Vec<(Prepared, MovementResult)>, Vec<String>> {
    let mut items: Vec<&Item> = items.iter().collect();
    let done = crate::pool::map_shared(pool, &mut items, ADJUDICATION_CHUNK, |item| {
        prepare(v, item).map(|prepared| {
            let result = standoff::adjudicate::adjudicate_movement(v, &prepared.0, &prepared.1);
            (prepared, result)
        })
    });
    let mut failures = Vec::new();
    let mut ready = Vec::with_capacity(done.len());
    for (i, outcome) in done.into_iter().enumerate() {
        match outcome {
            Some(Ok(adjudicated)) => ready.push(adjudicated),
            Some(Err(e)) => failures.push(format!("item {i}: {e}")),
            None => failures.push(format!("item {i}: not adjudicated")),
        }
    }
    match failures.is_empty() {
        true => Ok(ready),
        false => Err(failures),
    }
}

/// Items of `adjudicate_many` handed out to a thread at a time.
const ADJUDICATION_CHUNK: usize = 8;

/// Adjudicates one movement phase from `pos` (for `Position.adjudicate`).
pub fn adjudicate_one(
    py: Python<'_>,
    variant: Arc<Variant>,
    pos: Position,
    orders: &Bound<'_, PyAny>,
) -> PyResult<PyAdjudication> {
    let tuple = (
        Bound::new(
            py,
            PyPosition {
                variant: variant.clone(),
                pos,
            },
        )?,
        orders.clone(),
    );
    let item = read_item(&variant, &tuple.into_pyobject(py)?.into_any())?;
    run_adjudications(py, variant, vec![item])?
        .pop()
        .ok_or_else(|| standoff_err("no result"))
}

/// Adjudicates many movement phases at once, in parallel, with the GIL released.
///
/// ``items`` is a sequence of ``(state, orders)``: ``state`` is a ``Position`` or the
/// package's state dict (``Game.get_state()``; without ``name`` it is spring movement
/// of the first year); ``orders`` is power -> list of order strings (or a list of
/// ``"POWER: order"`` lines). Orders that cannot be read are left out and listed in the
/// result's ``order_errors``; illegal orders are adjudicated as holds (DATC 4.E.1) and
/// listed there too. Returns one ``AdjudicationResult`` per item, in order. Raises
/// ``InvalidStateError`` if any state cannot be read or is not a movement phase.
#[pyfunction]
#[pyo3(signature = (items, variant = None))]
pub fn adjudicate_many(
    py: Python<'_>,
    items: &Bound<'_, PyAny>,
    variant: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<PyAdjudication>> {
    let variant = variant_arg(variant)?;
    let mut read = Vec::new();
    for (i, obj) in items.try_iter()?.enumerate() {
        let obj = obj?;
        read.push(read_item(&variant, &obj).map_err(|e| {
            let msg = format!("item {i}: {}", e.value(py));
            if e.is_instance_of::<PyTypeError>(py) {
                PyTypeError::new_err(msg)
            } else {
                state_err(msg)
            }
        })?);
    }
    run_adjudications(py, variant, read)
}

/// The games given to a `step_many`, in order: a `TypeError` for anything that is not a
/// game of class `T`, an error for a game given twice.
pub(crate) fn distinct_games<'py, T: pyo3::type_object::PyTypeCheck>(
    games: &Bound<'py, PyAny>,
) -> PyResult<Vec<Bound<'py, T>>> {
    let mut list = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for game in games.try_iter()? {
        let game = game?
            .cast_into::<T>()
            .map_err(|_| PyTypeError::new_err("step_many takes standoff.Game objects"))?;
        if !seen.insert(game.as_ptr() as usize) {
            return Err(standoff_err("the same game appears twice in step_many"));
        }
        list.push(game);
    }
    Ok(list)
}

/// Plays the current phase of many games at once (each with its orders already set by
/// ``set_orders``), the same as calling ``process()`` on each, spread over the cores:
/// returns each game's ``PhaseData`` (None for a game that is over). On two cores the
/// calling thread shares the plays with the helper thread, releasing the GIL while it
/// plays and making each game's ``PhaseData`` in order meanwhile; on more, the plays run
/// on the batch threads with the GIL released and the ``PhaseData`` are made after. A
/// game may appear only once; the games must not be used from another thread meanwhile
/// (such a use, or the call, fails as borrowed).
#[pyfunction]
pub fn step_many<'py>(
    py: Python<'py>,
    games: &Bound<'py, PyAny>,
) -> PyResult<Vec<Bound<'py, PyAny>>> {
    // Woken before the games are checked, so that its start overlaps the checks.
    let shared = games
        .len()
        .is_ok_and(|n| n >= crate::shared_steps::SHARED_FROM)
        && crate::pool::thread_count() == 2;
    let helper = if shared {
        crate::shared_steps::lend_helper()
    } else {
        None
    };
    let list = distinct_games::<PyGame>(games)?;
    if let Some(helper) = helper {
        let mut stepper = NativeSteps {
            py,
            games: &list,
            results: vec![py.None().into_bound(py); list.len()],
        };
        helper.step(py, &mut stepper, 0..list.len())?;
        return Ok(stepper.results);
    }
    // Every game is borrowed for the whole call (another thread touching one meanwhile
    // gets a borrow error); each plays its phase with the GIL released, exactly as
    // `process()` does (`PyGame::play_phase`), the games spread over the cores. Only the
    // warnings and the Python objects are made afterwards, in order.
    let mut borrowed = list
        .iter()
        .map(|g| g.try_borrow_mut())
        .collect::<Result<Vec<PyRefMut<'_, PyGame>>, _>>()?;
    let pool = crate::pool::pool()?;
    let played: Vec<Option<PlayOutcome>> = {
        let mut games: Vec<&mut PyGame> = borrowed.iter_mut().map(|g| &mut **g).collect();
        py.detach(|| play_shared(&pool, &mut games))
    };
    let mut phases = Vec::with_capacity(list.len());
    for outcome in played {
        let Some(outcome) = outcome else {
            return Err(standoff_err("step_many: a game was not played"));
        };
        phases.push(crate::game::phase_data_object(py, outcome)?);
    }
    Ok(phases)
}

/// What a native `step_many` does around each game's play on two cores: the warning
/// and the `PhaseData`, as its `process()`.
struct NativeSteps<'a, 'py> {
    py: Python<'py>,
    games: &'a [Bound<'py, PyGame>],
    results: Vec<Bound<'py, PyAny>>,
}

impl<'py> crate::shared_steps::Stepper<'py> for NativeSteps<'_, 'py> {
    type Prepared = ();

    fn prepare(&mut self, index: usize) -> PyResult<((), PyRefMut<'py, PyGame>)> {
        Ok(((), self.games[index].try_borrow_mut()?))
    }

    fn finish(&mut self, index: usize, (): (), outcome: PlayOutcome) -> PyResult<()> {
        self.results[index] = crate::game::phase_data_object(self.py, outcome)?;
        Ok(())
    }
}

/// Games handed out to a thread at a time.
const CHUNK: usize = 16;

/// Plays every game's phase ([`crate::pool::map_shared`], [`CHUNK`] games at a time):
/// the calling thread's games stay in its own caches.
pub(crate) fn play_shared(
    pool: &rayon::ThreadPool,
    games: &mut [&mut PyGame],
) -> Vec<Option<PlayOutcome>> {
    crate::pool::map_shared(pool, games, CHUNK, |game| game.play_phase())
}
