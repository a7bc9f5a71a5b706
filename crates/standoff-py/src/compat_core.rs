//! The hot paths of the package-compatible `Game` (python/standoff/_compat.py), in
//! Rust: `GameCore`, the base class the Python `Game` extends. A loop that lists the
//! possible orders, sets orders and plays phases (the `diplomacy` package README's
//! random-agent loop; bots and gym environments do the same) runs these methods without
//! entering Python code. Whatever they do not handle themselves (`Power` objects edited
//! by hand, `NO_CHECK`, orders given as one string, retreat and adjustment orders, a
//! phase whose orders were changed behind the native game's back, the end of a game)
//! they hand to the Python methods, which keep the package's semantics.
//!
//! The game's state stays in the Python object's attributes, so the Python methods,
//! copies and pickles see one state: these methods read and write the same attributes
//! the Python code does (`_native`, `_phase`, `_cache`, `_sent`, `_modes`...), with the
//! same meaning.

use crate::classes::PyGame;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

/// The base class of `standoff.Game`: its methods that run every phase.
#[pyclass(subclass, module = "standoff._standoff", name = "GameCore")]
pub struct GameCore;

/// A Python argument read for its truth value, as the package reads `expand` and
/// `replace`.
pub struct Truthy(bool);

impl<'py> FromPyObject<'_, 'py> for Truthy {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<Self> {
        Ok(Truthy(obj.is_truthy()?))
    }
}

/// The native game behind a compatible `Game`.
fn native<'py>(game: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyGame>> {
    Ok(game
        .getattr(intern!(game.py(), "_native"))?
        .cast_into::<PyGame>()?)
}

/// An attribute of the game that is a dict (`_cache`, `_sent`, `_modes`, `powers`).
fn dict_attr<'py>(
    game: &Bound<'py, PyAny>,
    name: &Bound<'py, PyString>,
) -> PyResult<Bound<'py, PyDict>> {
    Ok(game.getattr(name)?.cast_into::<PyDict>()?)
}

/// The current phase's code (`S1901M`, `COMPLETED`...).
fn phase_code(game: &Bound<'_, PyAny>) -> PyResult<String> {
    game.getattr(intern!(game.py(), "_phase"))?.extract()
}

/// Sends edits made through the `Power` objects to the native game (`_push`), unless
/// the board was not even read since the native game last changed it.
fn push_edits(game: &Bound<'_, PyAny>) -> PyResult<()> {
    let py = game.py();
    if !game.getattr(intern!(py, "_board_pending"))?.is_truthy()? {
        game.call_method0(intern!(py, "_push"))?;
    }
    Ok(())
}

/// Whether the package's `NO_CHECK` rule is in force.
fn no_check(game: &Bound<'_, PyAny>) -> PyResult<bool> {
    let py = game.py();
    game.getattr(intern!(py, "rules"))?
        .contains(intern!(py, "NO_CHECK"))
}

/// `self._cache[key]`, made by `make` (and kept) when missing.
fn cached<'py>(
    game: &Bound<'py, PyAny>,
    key: &Bound<'py, PyString>,
    make: impl FnOnce() -> PyResult<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let cache = dict_attr(game, intern!(game.py(), "_cache"))?;
    if let Some(value) = cache.get_item(key)? {
        return Ok(value);
    }
    let value = make()?;
    cache.set_item(key, &value)?;
    Ok(value)
}

/// Removes `key` from a Python object's attributes if it is there.
fn forget_attr(obj: &Bound<'_, PyAny>, key: &Bound<'_, PyString>) -> PyResult<()> {
    let fields = obj
        .getattr(intern!(obj.py(), "__dict__"))?
        .cast_into::<PyDict>()?;
    if fields.contains(key)? {
        fields.del_item(key)?;
    }
    Ok(())
}

#[pymethods]
impl GameCore {
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn new(_args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, PyDict>>) -> Self {
        GameCore
    }

    /// The current phase's short name (`S1901M`; `COMPLETED` once the game is over).
    fn get_current_phase<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        slf.getattr(intern!(slf.py(), "_phase"))
    }

    /// Whether the game is over.
    #[getter]
    fn is_game_done(slf: &Bound<'_, Self>) -> PyResult<bool> {
        let py = slf.py();
        slf.getattr(intern!(py, "_phase"))?
            .eq(intern!(py, "COMPLETED"))
    }

    /// Location -> possible orders (kept until the board changes, as the package caches
    /// it).
    fn get_all_possible_orders<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let game = slf.as_any();
        let py = slf.py();
        push_edits(game)?;
        cached(game, intern!(py, "possible"), || {
            native(game)?.call_method0(intern!(py, "get_all_possible_orders"))
        })
    }

    /// The locations that need an order from a power (a list), or from every power
    /// (power -> list).
    #[pyo3(signature = (power_name = None))]
    fn get_orderable_locations<'py>(
        slf: &Bound<'py, Self>,
        power_name: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let game = slf.as_any();
        let py = slf.py();
        push_edits(game)?;
        let table = cached(game, intern!(py, "orderable"), || {
            native(game)?.call_method0(intern!(py, "get_orderable_locations"))
        })?
        .cast_into::<PyDict>()?;
        let copy = |locs: Bound<'py, PyAny>| -> PyResult<Bound<'py, PyAny>> {
            Ok(PyList::new(py, locs.cast_into::<PyList>()?.iter())?.into_any())
        };
        let Some(power_name) = power_name else {
            let all = PyDict::new(py);
            for (name, locs) in table.iter() {
                all.set_item(name, copy(locs)?)?;
            }
            return Ok(all.into_any());
        };
        let locs = match power_name.is_exact_instance_of::<PyString>() {
            true => table.get_item(power_name)?,
            false => None,
        };
        let locs = match locs {
            Some(locs) => locs,
            None => {
                let power = game.call_method1(intern!(py, "_power_arg"), (power_name,))?;
                table
                    .as_any()
                    .get_item(power.getattr(intern!(py, "name"))?)?
            }
        };
        copy(locs)
    }

    /// Sets a power's orders (a string or a list). See the class doc for what happens to
    /// orders that cannot be used.
    #[pyo3(signature = (power_name, orders, expand = Truthy(true), replace = Truthy(true), *, errors = "warn"))]
    fn set_orders(
        slf: &Bound<'_, Self>,
        power_name: &Bound<'_, PyAny>,
        orders: &Bound<'_, PyAny>,
        expand: Truthy,
        replace: Truthy,
        errors: &str,
    ) -> PyResult<()> {
        let game = slf.as_any();
        let py = slf.py();
        let power = dict_attr(game, intern!(py, "powers"))?.get_item(power_name)?;
        if let (Some(power), Ok(list)) = (power, orders.cast_exact::<PyList>()) {
            let phase = phase_code(game)?;
            let handled = match phase.as_bytes().last() {
                // A list of movement orders: the native game reads and checks them.
                Some(b'M') => {
                    let mut orders = list.iter();
                    if orders.any(|o| o.is_none()) || no_check(game)? {
                        false
                    } else {
                        push_edits(game)?;
                        let name: String = power_name.extract()?;
                        native(game)?.borrow_mut().submit(
                            py,
                            &name,
                            list.as_any(),
                            replace.0,
                            errors,
                        )?;
                        dict_attr(game, intern!(py, "_modes"))?.set_item(power_name, errors)?;
                        // power.orders is read from the native game when next used.
                        forget_attr(&power, intern!(py, "orders"))?;
                        let held = game.getattr(intern!(py, "_NATIVE_ORDERS"))?;
                        dict_attr(game, intern!(py, "_sent"))?.set_item(power_name, held)?;
                        true
                    }
                }
                // No retreat or adjustment orders given, none to replace: nothing
                // changes if the power's orders and mode are as the native game has them.
                Some(b'R' | b'A') if list.is_empty() && replace.0 => {
                    push_edits(game)?;
                    let mode = dict_attr(game, intern!(py, "_modes"))?.get_item(power_name)?;
                    let same_mode = match mode {
                        Some(mode) => mode.eq(errors)?,
                        None => errors == "warn",
                    };
                    let sent = dict_attr(game, intern!(py, "_sent"))?.get_item(power_name)?;
                    same_mode
                        && match sent {
                            Some(sent) => sent.eq(power.getattr(intern!(py, "adjust"))?)?,
                            None => false,
                        }
                }
                _ => false,
            };
            if handled {
                return Ok(());
            }
        }
        let kwargs = PyDict::new(py);
        kwargs.set_item(intern!(py, "errors"), errors)?;
        game.call_method(
            intern!(py, "_set_orders_python"),
            (power_name, orders, expand.0, replace.0),
            Some(&kwargs),
        )?;
        Ok(())
    }

    /// Plays the current phase. Returns the played phase's `PhaseData` (None once the
    /// game is over).
    fn process<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        if GameCore::is_game_done(slf)? {
            return Ok(py.None().into_bound(py));
        }
        let pending = GameCore::_before_process(slf)?;
        let data = native(slf.as_any())?.call_method0(intern!(py, "process"))?;
        GameCore::_after_process(slf, pending, data)
    }

    /// Everything `process()` does before the native game plays the phase: returns
    /// (phase, the record of the phase as played, the cached state dict of the board
    /// before it), completed by `_after_process`.
    fn _before_process<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let game = slf.as_any();
        let py = slf.py();
        push_edits(game)?;
        let phase = game.getattr(intern!(py, "_phase"))?;
        let code = phase_code(game)?;
        let movement = code.ends_with('M');
        let no_check = no_check(game)?;
        // Each power's orders as set: the movement orders the native game holds stay
        // there (`_NATIVE_ORDERS`).
        let held = game.getattr(intern!(py, "_NATIVE_ORDERS"))?;
        let powers = game
            .getattr(intern!(py, "_power_list"))?
            .cast_into::<PyList>()?;
        let orders = PyList::empty(py);
        let adjusts = PyList::empty(py);
        for power in powers.iter() {
            let fields = power
                .getattr(intern!(py, "__dict__"))?
                .cast_into::<PyDict>()?;
            orders.append(
                fields
                    .get_item(intern!(py, "orders"))?
                    .unwrap_or(held.clone()),
            )?;
            adjusts.append(power.getattr(intern!(py, "adjust"))?)?;
        }
        let names = game.getattr(intern!(py, "_power_names"))?;
        let record = game.getattr(intern!(py, "_Played"))?.call1((
            py.None(),
            movement,
            no_check,
            &orders,
            &adjusts,
            &names,
            py.None(),
            game.getattr(intern!(py, "_duplicates"))?,
            game.getattr(intern!(py, "note"))?,
            game.getattr(intern!(py, "map"))?,
        ))?;
        let synced = !(no_check && movement) && {
            // The native game already has exactly the Power objects' orders?
            let sent = dict_attr(game, intern!(py, "_sent"))?;
            let wanted = if movement { &orders } else { &adjusts };
            let mut same = true;
            for (name, want) in names.try_iter()?.zip(wanted.iter()) {
                same = match sent.get_item(name?)? {
                    Some(had) => had.is(&want) || had.eq(&want)?,
                    None => false,
                };
                if !same {
                    break;
                }
            }
            same
        };
        let void_units = match synced {
            true => PyDict::new(py).into_any(),
            false => game.call_method1(intern!(py, "_sync_orders"), (&orders, &adjusts))?,
        };
        record.setattr(intern!(py, "void_units"), void_units)?;
        // The units given orders (`ordered_units`): worked out when first read.
        game.setattr(intern!(py, "_ordered_units"), py.None())?;
        game.setattr(intern!(py, "_ordered_from"), &record)?;
        let state = dict_attr(game, intern!(py, "_cache"))?.get_item(intern!(py, "state"))?;
        PyTuple::new(
            py,
            [
                phase,
                record,
                state.unwrap_or_else(|| py.None().into_bound(py)),
            ],
        )
    }

    /// Everything `process()` does after the native game played the phase (`data`: its
    /// `PhaseData`).
    fn _after_process<'py>(
        slf: &Bound<'py, Self>,
        pending: Bound<'py, PyTuple>,
        data: Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let game = slf.as_any();
        let py = slf.py();
        let (phase, record, state_before): (
            Bound<'py, PyString>,
            Bound<'py, PyAny>,
            Bound<'py, PyAny>,
        ) = pending.extract()?;
        let played = match data.is_none() {
            false => data.clone(),
            true => native(game)?
                .call_method1(intern!(py, "get_phase_history"), (-1, -1))?
                .get_item(0)?,
        };
        record.setattr(intern!(py, "played"), &played)?;
        if record.getattr(intern!(py, "void_units"))?.is_truthy()? {
            game.call_method1(intern!(py, "_order_void_units"), (&record, &played))?;
        }
        // The package's commands and result labels are worked out when first read.
        game.setattr(intern!(py, "_outcome"), &record)?;
        let messages = game.getattr(intern!(py, "messages"))?;
        game.getattr(intern!(py, "_unfiled"))?
            .cast_into::<PyList>()?
            .append((&phase, &record, state_before, messages))?;
        let fresh = game.getattr(intern!(py, "_SortedDict"))?;
        let fresh = fresh.call_method1(intern!(py, "__new__"), (&fresh,))?;
        fresh.setattr(
            intern!(py, "_sort_key"),
            game.getattr(intern!(py, "_time_key"))?,
        )?;
        game.setattr(intern!(py, "messages"), fresh)?;
        // Orders of the new phase: none yet, as the native game has none.
        game.setattr(intern!(py, "_duplicates"), pyo3::types::PySet::empty(py)?)?;
        game.setattr(intern!(py, "_kept_adjust"), PyDict::new(py))?;
        let powers = game
            .getattr(intern!(py, "_power_list"))?
            .cast_into::<PyList>()?;
        for power in powers.iter() {
            let fields = power
                .getattr(intern!(py, "__dict__"))?
                .cast_into::<PyDict>()?;
            fields.set_item(intern!(py, "orders"), PyDict::new(py))?;
            fields.set_item(intern!(py, "adjust"), PyList::empty(py))?;
        }
        game.setattr(intern!(py, "_popped"), py.None())?;
        let now = board_played(game)?;
        let empty = match now.ends_with('M') {
            true => PyDict::new(py).into_any(),
            false => PyList::empty(py).into_any(),
        };
        let sent = PyDict::new(py);
        for name in game.getattr(intern!(py, "_power_names"))?.try_iter()? {
            sent.set_item(name?, &empty)?;
        }
        game.setattr(intern!(py, "_sent"), sent)?;
        // What the phase popped (dislodged units): worked out when read.
        let kind = phase
            .to_cow()?
            .chars()
            .last()
            .map(String::from)
            .unwrap_or_default();
        game.setattr(intern!(py, "_popped"), kind)?;
        if now == "COMPLETED" || year_limit_near(game, &now)? {
            game.call_method1(intern!(py, "_after_last_phase"), (&phase,))?;
        }
        Ok(data)
    }
}

/// `process()` played a phase: the `Power` objects' board fields are read when next
/// used, and each power's units put in the package's order then, over every board since
/// the last read (`_settle_units`): a loop that never reads the board pays nothing for
/// it. Returns the new phase's code.
fn board_played(game: &Bound<'_, PyAny>) -> PyResult<String> {
    let py = game.py();
    if !game.getattr(intern!(py, "_board_pending"))?.is_truthy()? {
        let units = game.call_method0(intern!(py, "_unread_board"))?;
        game.setattr(intern!(py, "_prev_units"), units)?;
        game.setattr(intern!(py, "_board_pending"), true)?;
    }
    let native = native(game)?;
    let native = native.borrow();
    if game.getattr(intern!(py, "_units_since"))?.is_none() {
        // The board the order in `_prev_units` is about is the phase just played.
        let played = native.rec().history.len() as i64;
        game.setattr(intern!(py, "_units_since"), played - 1)?;
    }
    // As `_after_board_change`: a game the Python side ended stays ended.
    game.setattr(intern!(py, "_snap"), py.None())?;
    let now = native.current_phase();
    if now == "COMPLETED"
        || phase_code(game)? != "COMPLETED"
        || !game.getattr(intern!(py, "outcome"))?.is_truthy()?
    {
        game.setattr(intern!(py, "_phase"), &now)?;
    }
    game.setattr(intern!(py, "_cache"), PyDict::new(py))?;
    phase_code(game)
}

/// Whether the package's 100-year limit may end the game now (the Python side decides):
/// the current phase is in the 100th year after the map's first, or later.
fn year_limit_near(game: &Bound<'_, PyAny>, code: &str) -> PyResult<bool> {
    let Some(year) = code
        .get(1..code.len().saturating_sub(1))
        .and_then(|y| y.parse::<i64>().ok())
    else {
        return Ok(false);
    };
    let py = game.py();
    let first: i64 = game
        .getattr(intern!(py, "map"))?
        .getattr(intern!(py, "first_year"))?
        .extract()?;
    Ok(year >= first + 100)
}
