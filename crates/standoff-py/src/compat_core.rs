//! The hot paths of the package-compatible `Game` (python/standoff/_compat.py), in
//! Rust: `GameCore`, the base class the Python `Game` extends. A loop that lists the
//! possible orders, sets orders and plays phases (the `diplomacy` package README's
//! random-agent loop; bots and gym environments do the same) runs these methods without
//! entering Python code. Whatever they do not handle themselves (`Power` objects edited
//! by hand, `NO_CHECK`, orders given as one string, retreat and adjustment orders, a
//! phase whose orders were changed behind the native game's back, the end of a game)
//! they hand to the Python methods, which keep the package's semantics.
//!
//! The attributes these methods use on every call are fields of `GameCore` (`_native`,
//! `_phase`, `_board_pending`, `_cache`, `_sent`, `_modes`, and what `process()` reads
//! and leaves for later: `_power_names`, `_unfiled`, `_outcome`, `_ordered_from`,
//! `_popped`...). The Python code reads and writes them by the same names, copies and
//! pickles carry them (see `Game._CORE_FIELDS`), they are read and written without a
//! dict lookup, and Python's cycle collector visits the objects they hold. The rest of
//! the game's state stays in the Python object's own attributes, which these methods
//! read and write with the same meaning as the Python code. One more field,
//! `_powers_clean`, says when a movement phase's `Power` objects hold nothing
//! `process()` and `set_orders` need to read or reset (see the field); it is not
//! carried: a copy starts without it and has it again after its next phase.

use crate::classes::PyGame;
use crate::compat_played::PlayedCore;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PySet, PyString, PyTuple};
use pyo3::{PyTraverseError, PyVisit};

/// The base class of `standoff.Game`: its methods that run every phase, and the state
/// they use on every call.
#[pyclass(subclass, module = "standoff._standoff", name = "GameCore")]
#[derive(Default)]
pub struct GameCore {
    /// The native game that checks orders and plays phases.
    #[pyo3(get, set, name = "_native")]
    native: Option<Py<PyGame>>,
    /// The current phase's code as the Python side knows it (`S1901M`; `COMPLETED` once
    /// the game is over, even if the native game could go on).
    phase: Option<Py<PyString>>,
    /// The last letter of `phase` (`M`, `R`, `A`; `D` for `COMPLETED`).
    phase_kind: u8,
    /// Whether the native game changed the board since the `Power` objects last read it
    /// (they read it when next used, so there are no edits of theirs to send).
    #[pyo3(get, set, name = "_board_pending")]
    board_pending: bool,
    /// What is kept until the board changes: `possible` orders, the `state` dict.
    #[pyo3(get, set, name = "_cache")]
    cache: Option<Py<PyDict>>,
    /// Power -> the orders the native game holds for it, as the `Power` object had
    /// them when they were sent (`_NATIVE_ORDERS`: given to the native game directly).
    /// Setting it from Python clears `powers_clean`.
    sent: Option<Py<PyDict>>,
    /// Known true only when no `Power` object holds `orders` or `adjust` of its own: each
    /// reads them from the game when first used (`Power.__getattr__`: movement orders
    /// from the native game, retreat and adjustment orders from `sent`, whose list is
    /// what the native game holds, `adjust` as `[]` in a movement phase), and `sent`
    /// maps every power to what the native game holds for it (`_NATIVE_ORDERS` in a
    /// movement phase); in a movement phase no `Power` holds an order mark of the
    /// current round either. `process()` then needs nothing from the `Power` objects.
    /// Whatever may break this sets it false (`Power.__setattr__` of `orders` or
    /// `adjust`, a new `_sent`, `_pull_orders`, `_pull_adjust`, an order mark made from
    /// Python); `GameCore::after_process` and `_clear_orders_python` make it true again.
    #[pyo3(get, set, name = "_powers_clean")]
    pub(crate) powers_clean: bool,
    /// Power -> the `errors` mode its orders were last given with.
    #[pyo3(get, set, name = "_modes")]
    modes: Option<Py<PyDict>>,
    /// Counts the times every power's orders were cleared (each phase played, a new
    /// board or phase): the marks a `Power` keeps of its `order_is_set`, `wait` and
    /// `vote` (`_order_mark` ..., each with the round it was made in) hold only in
    /// their round, and read as the package's reset values after. A movement
    /// `set_orders` this class handles makes no mark: `order_is_set` is then read from
    /// the native game's submissions.
    #[pyo3(get, set, name = "_orders_round")]
    orders_round: u32,
    /// The `orders_round` that began when a phase was last played (None: none played
    /// here): in it, as in the package after `process()`, a power with nothing to order
    /// has its (empty) orders set and does not wait.
    #[pyo3(get, set, name = "_processed_round")]
    processed_round: Option<u32>,
    /// The game's power names, in the map's order (a tuple).
    #[pyo3(get, set, name = "_power_names")]
    power_names: Option<Py<PyAny>>,
    /// The records of the phases played and not yet filed in the histories (a list;
    /// each record holds its phase's name, state before it and press).
    #[pyo3(get, set, name = "_unfiled")]
    unfiled: Option<Py<PyAny>>,
    /// The record of the last phase played while its commands and result labels are
    /// not worked out yet (None once they are).
    #[pyo3(get, set, name = "_outcome")]
    outcome: Option<Py<PyAny>>,
    /// The units given orders in the last phase played, once worked out (a dict).
    #[pyo3(get, set, name = "_ordered_units")]
    ordered_units: Option<Py<PyAny>>,
    /// The record `_ordered_units` is worked out from when next read (None: it is).
    #[pyo3(get, set, name = "_ordered_from")]
    ordered_from: Option<Py<PyAny>>,
    /// The `Power` objects' board lists as last read, or None (read again when used).
    #[pyo3(get, set, name = "_snap")]
    snap: Option<Py<PyAny>>,
    /// The movement phase played last (its `PhaseData`), or the units it destroyed, or
    /// None.
    #[pyo3(get, set, name = "_destroyed_by")]
    destroyed_by: Option<Py<PyAny>>,
    /// What the last phases destroyed (`popped`): a list, or the record of the phase
    /// played (which holds `popped` before it), worked out when read.
    #[pyo3(get, set, name = "_popped")]
    popped: Option<Py<PyAny>>,
    /// The units ordered twice in the current phase (a set).
    #[pyo3(get, set, name = "_duplicates")]
    pub(crate) duplicates: Option<Py<PyAny>>,
    /// The package's rules in force (`rules`: a list), read every phase.
    #[pyo3(get, set)]
    rules: Option<Py<PyAny>>,
    /// The game's note (`note`), kept in each phase's record.
    #[pyo3(get, set)]
    note: Option<Py<PyAny>>,
    /// The press of the current phase (`messages`: a `SortedDict`), filed with it.
    #[pyo3(get, set)]
    messages: Option<Py<PyAny>>,
    /// The order of each board's units, centers and influence in the package's lists,
    /// by place in the native history (`_board_orders`: a dict), kept in each record.
    #[pyo3(get, set, name = "_board_orders")]
    board_orders: Option<Py<PyAny>>,
    /// The native history index the board order of `_prev_board` is about, or None.
    #[pyo3(get, set, name = "_units_since")]
    units_since: Option<Py<PyAny>>,
}

/// A Python argument read for its truth value, as the package reads `expand` and
/// `replace`.
pub struct Truthy(bool);

impl<'py> FromPyObject<'_, 'py> for Truthy {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, 'py, PyAny>) -> PyResult<Self> {
        Ok(Truthy(obj.is_truthy()?))
    }
}

/// A field of a game that is not set yet (the Python `Game` sets them all first).
fn unset(name: &str) -> PyErr {
    pyo3::exceptions::PyAttributeError::new_err(format!("the game has no `{name}` yet"))
}

/// A field holding a Python object, bound. The borrow of the game ends here: the caller
/// may run Python code that sets the field.
fn field<'py, T>(
    game: &Bound<'py, GameCore>,
    name: &str,
    get: impl Fn(&GameCore) -> Option<&Py<T>>,
) -> PyResult<Bound<'py, T>> {
    get(&game.borrow())
        .map(|value| value.bind(game.py()).clone())
        .ok_or_else(|| unset(name))
}

/// One of the game's fields holding any Python object, bound (None when it holds none).
pub(crate) fn object_field<'py>(
    game: &Bound<'py, GameCore>,
    get: impl Fn(&GameCore) -> Option<&Py<PyAny>>,
) -> Bound<'py, PyAny> {
    let py = game.py();
    get(&game.borrow()).map_or_else(|| py.None().into_bound(py), |value| value.bind(py).clone())
}

/// Sets one of the game's object fields. What it held is released after the game's
/// borrow ends (releasing an object may run Python code that uses the game).
fn set_field<T>(
    game: &Bound<'_, GameCore>,
    value: Option<Py<T>>,
    slot: impl FnOnce(&mut GameCore) -> &mut Option<Py<T>>,
) {
    let old = std::mem::replace(slot(&mut game.borrow_mut()), value);
    drop(old);
}

/// The game's power names, in the map's order.
fn power_names<'py>(game: &Bound<'py, GameCore>) -> PyResult<Bound<'py, PyTuple>> {
    Ok(field(game, "_power_names", |g| g.power_names.as_ref())?.cast_into::<PyTuple>()?)
}

/// Power -> `_NATIVE_ORDERS` for every power of the game: what `_sent` is at the start
/// of a movement phase. A dict to copy, not to change: made once per list of power
/// names and shared by every game with those powers.
fn all_held_natively<'py>(game: &Bound<'py, GameCore>) -> PyResult<Bound<'py, PyDict>> {
    /// The most lists of power names kept (each a variant's, in practice).
    const KEPT: usize = 16;
    type Made = Vec<(Py<PyTuple>, Py<PyDict>)>;
    static MADE: std::sync::Mutex<Made> = std::sync::Mutex::new(Vec::new());
    let py = game.py();
    let names = power_names(game)?;
    // Compared without the lock held: comparing may run Python code.
    let kept: Made = MADE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .iter()
        .map(|(n, t)| (n.clone_ref(py), t.clone_ref(py)))
        .collect();
    for (made_for, template) in kept {
        if made_for.bind(py).eq(&names)? {
            return Ok(template.into_bound(py));
        }
    }
    let held = held_natively(py)?;
    let template = PyDict::new(py);
    for name in names.iter() {
        template.set_item(name, &held)?;
    }
    let mut made = MADE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if made.len() >= KEPT {
        made.clear();
    }
    made.push((names.unbind(), template.clone().unbind()));
    Ok(template)
}

/// The native game behind a compatible `Game`.
pub(crate) fn native<'py>(game: &Bound<'py, GameCore>) -> PyResult<Bound<'py, PyGame>> {
    field(game, "_native", |g| g.native.as_ref())
}

/// The game's `_cache` dict.
pub(crate) fn cache<'py>(game: &Bound<'py, GameCore>) -> PyResult<Bound<'py, PyDict>> {
    field(game, "_cache", |g| g.cache.as_ref())
}

/// The game's `_sent` dict.
pub(crate) fn sent<'py>(game: &Bound<'py, GameCore>) -> PyResult<Bound<'py, PyDict>> {
    field(game, "_sent", |g| g.sent.as_ref())
}

/// The game's `_modes` dict.
pub(crate) fn modes<'py>(game: &Bound<'py, GameCore>) -> PyResult<Bound<'py, PyDict>> {
    field(game, "_modes", |g| g.modes.as_ref())
}

/// The last letter of the current phase's code (`M`, `R`, `A`; `D` for `COMPLETED`).
fn phase_kind(game: &Bound<'_, GameCore>) -> u8 {
    game.borrow().phase_kind
}

/// An attribute of the game that is a Python list (`_power_list`, `_unfiled`).
fn list_attr<'py>(
    game: &Bound<'py, GameCore>,
    name: &Bound<'py, PyString>,
) -> PyResult<Bound<'py, PyList>> {
    Ok(game.getattr(name)?.cast_into::<PyList>()?)
}

/// Sends edits made through the `Power` objects to the native game (`_push`), unless
/// the board was not even read since the native game last changed it.
fn push_edits(game: &Bound<'_, GameCore>) -> PyResult<()> {
    if !game.borrow().board_pending {
        game.call_method0(intern!(game.py(), "_push"))?;
    }
    Ok(())
}

/// Whether the package's `NO_CHECK` rule is in force.
fn no_check(game: &Bound<'_, GameCore>) -> PyResult<bool> {
    let py = game.py();
    let rules = object_field(game, |g| g.rules.as_ref());
    let wanted = intern!(py, "NO_CHECK");
    let Ok(list) = rules.cast_exact::<PyList>() else {
        return rules.contains(wanted);
    };
    // `wanted in rules`, for a plain list: a plain string of another length is not
    // compared (comparing every rule costs more than the rest of this test).
    for rule in list.iter() {
        let found = match rule.cast_exact::<PyString>() {
            _ if rule.is(wanted) => true,
            Ok(text) => text.len()? == "NO_CHECK".len() && rule.eq(wanted)?,
            Err(_) => rule.eq(wanted)?,
        };
        if found {
            return Ok(true);
        }
    }
    Ok(false)
}

/// A Python object's attributes (`obj.__dict__`).
pub(crate) fn attributes<'py>(obj: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyDict>> {
    Ok(obj
        .getattr(intern!(obj.py(), "__dict__"))?
        .cast_into::<PyDict>()?)
}

/// An object of `standoff._compat` the native paths use, looked up once.
fn compat_item<'py>(
    py: Python<'py>,
    cell: &'static PyOnceLock<Py<PyAny>>,
    name: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let item = cell.get_or_try_init(py, || {
        Ok::<_, PyErr>(py.import("standoff._compat")?.getattr(name)?.unbind())
    })?;
    Ok(item.bind(py).clone())
}

/// The stand-in for movement orders only the native game holds (`_NATIVE_ORDERS`).
fn held_natively(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    static CELL: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    compat_item(py, &CELL, "_NATIVE_ORDERS")
}

/// The record of a played phase (`_Played`).
fn played_record(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    static CELL: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    compat_item(py, &CELL, "_Played")
}

/// The units ordered twice of a phase without any (an empty frozenset, shared).
fn no_duplicates(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    static CELL: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let empty = CELL.get_or_try_init(py, || {
        Ok::<_, PyErr>(pyo3::types::PyFrozenSet::empty(py)?.into_any().unbind())
    })?;
    Ok(empty.bind(py).clone())
}

/// A new, empty press map of a phase (`SortedDict` by time sent).
fn new_messages(py: Python<'_>) -> PyResult<Bound<'_, PyAny>> {
    static SORTED: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    static BY_TIME: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
    let sorted = compat_item(py, &SORTED, "SortedDict")?;
    sorted.call_method1(
        intern!(py, "_empty"),
        (compat_item(py, &BY_TIME, "_time_key")?,),
    )
}

impl GameCore {
    /// Everything `process()` does before the native game plays the phase: returns
    /// what `after_process` completes it with ([`Pending`]).
    pub(crate) fn before_process<'py>(slf: &Bound<'py, Self>) -> PyResult<Pending<'py>> {
        let py = slf.py();
        push_edits(slf)?;
        let phase = slf.borrow().phase_field(py)?.into_bound(py);
        let movement = phase_kind(slf) == b'M';
        if phase.to_cow()?.starts_with('F')
            && native(slf)?
                .borrow()
                .rec()
                .game
                .position
                .owners()
                .iter()
                .all(Option::is_none)
        {
            // The package counts a year's centers from the powers' homes when no power
            // owns one (a board set up without centers).
            slf.call_method0(intern!(py, "_centers_from_homes"))?;
        }
        let no_check = no_check(slf)?;
        // Each power's orders as set: the movement orders the native game holds stay
        // there (`_NATIVE_ORDERS`).
        let held = held_natively(py)?;
        let names = power_names(slf)?;
        if !(movement && no_check) && slf.borrow().powers_clean {
            // Nothing to read from the Power objects (see `powers_clean`).
            return before_clean(slf, phase, movement, no_check, &held, &names);
        }
        let orders = PyList::empty(py);
        let adjusts = PyList::empty(py);
        // Whether some Power object holds `orders` or `adjust` of its own
        // (`after_process` then takes them away).
        let mut powers_hold_orders = false;
        let sent_now = sent(slf)?;
        for power in list_attr(slf, intern!(py, "_power_list"))?.iter() {
            let fields = attributes(&power)?;
            let own = fields.get_item(intern!(py, "orders"))?;
            let own_adjust = fields.get_item(intern!(py, "adjust"))?;
            powers_hold_orders |= own.is_some() || own_adjust.is_some();
            orders.append(own.unwrap_or_else(|| held.clone()))?;
            let adjust = match own_adjust {
                Some(adjust) => adjust,
                None => held_adjust(slf, &sent_now, &power.getattr(intern!(py, "name"))?)?,
            };
            adjusts.append(adjust)?;
        }
        let record = new_record(
            slf,
            movement,
            no_check,
            orders.as_any(),
            adjusts.as_any(),
            &names,
        )?;

        // Does the native game hold exactly the Power objects' orders already?
        let synced = !(no_check && movement) && {
            let sent = sent(slf)?;
            let wanted = if movement { &orders } else { &adjusts };
            let mut same = true;
            for (name, want) in names.iter().zip(wanted.iter()) {
                same = match sent.get_item(name)? {
                    Some(had) => had.is(&want) || had.eq(&want)?,
                    None => false,
                };
                if !same {
                    break;
                }
            }
            same
        };
        // None: no unit's order was void (NO_CHECK).
        let void_units = match synced {
            true => py.None().into_bound(py),
            false => {
                // `_sync_orders` may read a power's orders into its Power object.
                powers_hold_orders = true;
                slf.call_method1(intern!(py, "_sync_orders"), (&orders, &adjusts))?
            }
        };
        // The record is new: its `void_units` held nothing.
        record_fields(&record)?.borrow_mut().void_units =
            (!void_units.is_none()).then(|| void_units.unbind());
        pending(slf, phase, record, powers_hold_orders)
    }

    /// Everything `process()` does after the native game played the phase (`data`: its
    /// `PhaseData`).
    pub(crate) fn after_process<'py>(
        slf: &Bound<'py, Self>,
        pending: Pending<'py>,
        data: Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let Pending {
            phase,
            record,
            state_before,
            powers_hold_orders,
        } = pending;
        let played = match data.is_none() {
            false => data.clone(),
            true => native(slf)?
                .call_method1(intern!(py, "get_phase_history"), (-1, -1))?
                .get_item(0)?,
        };
        let fields = record_fields(&record)?;
        // The record is the one `before_process` made: its `played` held nothing.
        fields.borrow_mut().played = Some(played.clone().unbind());
        let void_units = fields.borrow().void_units.as_ref().map(|v| v.clone_ref(py));
        let any_void = match void_units {
            Some(units) => units.bind(py).is_truthy()?,
            None => false,
        };
        if any_void {
            slf.call_method1(intern!(py, "_order_void_units"), (&record, &played))?;
        }
        // The package's commands and result labels are worked out when first read.
        set_field(slf, Some(record.clone().unbind()), |g| &mut g.outcome);
        // The phase's press is filed with it; a phase without press files None (an
        // empty map is made when the history is read) and the game keeps its empty map.
        let messages = object_field(slf, |g| g.messages.as_ref());
        let filed = match messages.is_truthy()? {
            true => {
                let fresh = new_messages(py)?.unbind();
                set_field(slf, Some(fresh), |g| &mut g.messages);
                messages
            }
            false => py.None().into_bound(py),
        };
        {
            // Filed with the record: the histories read these from it, and no tuple
            // is made a phase (a phase's objects count towards Python's next
            // collection of young objects).
            let mut fields = fields.borrow_mut();
            fields.phase_name = Some(phase.clone().into_any().unbind());
            fields.state_before = unless_none(state_before);
            fields.press = unless_none(filed);
        }
        field(slf, "_unfiled", |g| g.unfiled.as_ref())?
            .cast_into::<PyList>()?
            .append(&record)?;
        // The record keeps the set of units ordered twice unless it was empty.
        if object_field(slf, |g| g.duplicates.as_ref()).is_truthy()? {
            let fresh = PySet::empty(py)?.into_any().unbind();
            set_field(slf, Some(fresh), |g| &mut g.duplicates);
        }
        // The new phase has no orders yet, as the native game has none: a `Power` that
        // holds `orders` or `adjust` of its own loses them, and reads them from the game
        // when next used (`{}` and `[]` until orders are given; the record keeps the
        // lists it played).
        if powers_hold_orders {
            for power in list_attr(slf, intern!(py, "_power_list"))?.iter() {
                let fields = attributes(&power)?;
                for key in [intern!(py, "orders"), intern!(py, "adjust")] {
                    if fields.contains(key)? {
                        fields.del_item(key)?;
                    }
                }
            }
        }
        board_played(slf)?;
        // Every power's orders are cleared, as the package's `process()` clears them.
        {
            let mut core = slf.borrow_mut();
            core.orders_round += 1;
            core.processed_round = Some(core.orders_round);
        }
        // What the native game holds for each power: in movement, orders it was given
        // (none yet); else an empty `adjust` list.
        match phase_kind(slf) {
            b'M' => {
                // Refilled, not replaced: nothing else holds the game's `_sent`.
                let sent = sent(slf)?;
                sent.clear();
                sent.update(all_held_natively(slf)?.as_mapping())?;
            }
            _ => {
                let held = PyList::empty(py);
                let sent = sent(slf)?;
                sent.clear();
                for name in power_names(slf)?.iter() {
                    sent.set_item(name, &held)?;
                }
            }
        }
        // The Power objects hold nothing of their own now.
        slf.borrow_mut().powers_clean = true;
        // What the phase destroyed (`popped`), worked out from the phase's record when
        // read: a movement phase starts it, its retreat phase adds to it, an adjustment
        // phase leaves it (as the package keeps it).
        let kind = phase.to_cow()?.chars().last().unwrap_or('A');
        // The movement phase just played, for the next phase's record (the units it
        // destroyed are disbanded again in the next phase's labels).
        let destroyed_by = match kind {
            'M' => Some(played.clone().unbind()),
            _ => None,
        };
        set_field(slf, destroyed_by, |g| &mut g.destroyed_by);
        if kind != 'A' {
            let before = match kind {
                'R' => Some(object_field(slf, |g| g.popped.as_ref()).unbind()),
                _ => None,
            };
            fields.borrow_mut().popped_before = before;
            set_field(slf, Some(record.clone().unbind()), |g| &mut g.popped);
        }
        if slf.borrow().is_game_done() || year_limit_near(slf)? {
            slf.call_method1(intern!(py, "_after_last_phase"), (&phase,))?;
        }
        Ok(data)
    }

    /// The last letter of the current phase's code (`M`, `R`, `A`; `D` for `COMPLETED`).
    pub(crate) fn phase_kind(&self) -> u8 {
        self.phase_kind
    }

    /// Sets the current phase's code (`phase` and `phase_kind`).
    fn set_phase_code(&mut self, py: Python<'_>, code: &str) {
        self.phase_kind = code.bytes().last().unwrap_or(0);
        self.phase = Some(PyString::new(py, code).unbind());
    }
}

#[pymethods]
impl GameCore {
    #[new]
    #[pyo3(signature = (*_args, **_kwargs))]
    fn new(_args: &Bound<'_, PyTuple>, _kwargs: Option<&Bound<'_, PyDict>>) -> Self {
        GameCore::default()
    }

    /// The objects the fields hold, for Python's cycle collector (a field's object may
    /// refer back to the game).
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        visit.call(&self.native)?;
        visit.call(&self.phase)?;
        visit.call(&self.cache)?;
        visit.call(&self.sent)?;
        visit.call(&self.modes)?;
        for object in [
            &self.power_names,
            &self.unfiled,
            &self.outcome,
            &self.ordered_units,
            &self.ordered_from,
            &self.snap,
            &self.destroyed_by,
            &self.popped,
            &self.duplicates,
            &self.units_since,
            &self.rules,
            &self.note,
            &self.messages,
            &self.board_orders,
        ] {
            visit.call(object)?;
        }
        Ok(())
    }

    /// Drops every object a field holds (the cycle collector breaking a cycle).
    fn __clear__(&mut self) {
        let fields = std::mem::take(self);
        *self = GameCore {
            phase_kind: fields.phase_kind,
            board_pending: fields.board_pending,
            powers_clean: false,
            orders_round: fields.orders_round,
            processed_round: fields.processed_round,
            ..GameCore::default()
        };
        drop(fields);
    }

    /// The current phase's short name (`S1901M`; `COMPLETED` once the game is over).
    #[getter(_phase)]
    fn phase_field(&self, py: Python<'_>) -> PyResult<Py<PyString>> {
        self.phase
            .as_ref()
            .map(|p| p.clone_ref(py))
            .ok_or_else(|| unset("_phase"))
    }

    /// Power -> the orders the native game holds for it (see `sent`).
    #[getter(_sent)]
    fn sent_field(&self, py: Python<'_>) -> Option<Py<PyDict>> {
        self.sent.as_ref().map(|sent| sent.clone_ref(py))
    }

    #[setter(_sent)]
    fn set_sent_field(&mut self, sent: Option<Py<PyDict>>) {
        self.powers_clean = false;
        self.sent = sent;
    }

    #[setter(_phase)]
    fn set_phase_field(&mut self, phase: Bound<'_, PyString>) -> PyResult<()> {
        let code = phase.to_cow()?;
        self.set_phase_code(phase.py(), &code);
        Ok(())
    }

    /// `set_orders` in a retreat or adjustment phase for the Python side (`texts`: the
    /// orders given, empty ones left out): see `compat_adjust`.
    fn _retreat_or_adjustment_orders<'py>(
        slf: &Bound<'py, Self>,
        power: &Bound<'py, PyAny>,
        texts: Vec<Bound<'py, PyAny>>,
        _expand: Truthy,
        replace: Truthy,
        errors: &str,
    ) -> PyResult<()> {
        // `expand` changes nothing: orders are always read in full.
        crate::compat_adjust::set_orders(slf, power, texts, replace.0, errors)
    }

    /// `power.adjust` as the `Power` reads it, without reading it into the `Power` (for
    /// the Python side: see [`adjust_of`]; not to be changed).
    fn _adjust_of<'py>(
        slf: &Bound<'py, Self>,
        power: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        adjust_of(slf, power)
    }

    /// The current phase's short name (`S1901M`; `COMPLETED` once the game is over).
    fn get_current_phase(&self, py: Python<'_>) -> PyResult<Py<PyString>> {
        self.phase_field(py)
    }

    /// Whether the game is over.
    #[getter]
    pub(crate) fn is_game_done(&self) -> bool {
        // Only `COMPLETED` ends in `D` (`FORMING` in `G`, phases in `M`, `R`, `A`).
        self.phase_kind == b'D'
    }

    /// Location -> possible orders: a new dict of new lists on every call, as the
    /// package gives (a caller may change them). The orders are listed once per board:
    /// the cache keeps the listing's stamp until the board changes, and a later call
    /// makes only the dict again (or lists again if another game of the variant listed
    /// since). Copies and pickles of the game start with an empty cache (a stamp means
    /// nothing in another process). A game that is over (won, drawn, at its year limit)
    /// lists every location with no orders, as the package does.
    fn get_all_possible_orders<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
        let py = slf.py();
        push_edits(slf)?;
        let native = native(slf)?;
        let native = native.borrow();
        if slf.borrow().is_game_done() || native.is_done() {
            return native.no_possible_orders(py);
        }
        let cache = cache(slf)?;
        let key = intern!(py, "possible");
        // (Anything else under the key, such as what an older version pickled, is not
        // a stamp: the orders are listed again.)
        if let Some(stamp) = cache.get_item(key)?.and_then(|s| s.extract::<u64>().ok()) {
            if let Some(dict) = native.relisted(py, stamp)? {
                return Ok(dict);
            }
        }
        let (dict, stamp) = native.possible_orders(py)?;
        cache.set_item(key, stamp)?;
        Ok(dict)
    }

    /// The locations that need an order from a power (a list), or from every power
    /// (power -> list): a new list each call, made by the native game from its cached
    /// name strings.
    #[pyo3(signature = (power_name = None))]
    fn get_orderable_locations<'py>(
        slf: &Bound<'py, Self>,
        power_name: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        push_edits(slf)?;
        let Some(power_name) = power_name else {
            return native(slf)?.borrow().get_orderable_locations(py, None);
        };
        // One of the game's own power-name strings (a loop passes the `powers` keys):
        // found by identity, not read.
        if let Ok(name) = power_name.cast_exact::<PyString>() {
            let native = native(slf)?;
            let native = native.borrow();
            if let Some(power) = native.power_of_own_name(name) {
                return Ok(native.orderable_of(py, power)?.into_any());
            }
        }
        let known = power_name.is_exact_instance_of::<PyString>()
            && slf
                .getattr(intern!(py, "powers"))?
                .cast_into::<PyDict>()?
                .contains(power_name)?;
        let name = match known {
            true => power_name.clone(),
            false => slf
                .call_method1(intern!(py, "_power_arg"), (power_name,))?
                .getattr(intern!(py, "name"))?,
        };
        let name = name.cast_into::<PyString>()?;
        native(slf)?
            .borrow()
            .get_orderable_locations(py, Some(&name.to_cow()?))
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
        let py = slf.py();
        let power = slf
            .getattr(intern!(py, "powers"))?
            .cast_into::<PyDict>()?
            .get_item(power_name)?;
        if let (Some(power), Ok(list)) = (power, orders.cast_exact::<PyList>()) {
            let handled = match phase_kind(slf) {
                // A list of movement orders: the native game reads and checks them.
                b'M' => {
                    if list.iter().any(|o| o.is_none()) || no_check(slf)? {
                        false
                    } else {
                        push_edits(slf)?;
                        let name = power_name.cast::<PyString>()?;
                        let mode = crate::game::error_mode(errors)?;
                        native(slf)?.borrow_mut().submit(
                            py,
                            name,
                            list.as_any(),
                            replace.0,
                            mode,
                        )?;
                        modes(slf)?.set_item(power_name, errors)?;
                        // power.orders is read from the native game when next used
                        // (in a clean phase it already is, see `powers_clean`).
                        if !slf.borrow().powers_clean {
                            let fields = attributes(&power)?;
                            if fields.contains(intern!(py, "orders"))? {
                                fields.del_item(intern!(py, "orders"))?;
                            }
                            // `order_is_set` is the native game's again (a mark is
                            // made only where the game is not clean).
                            if fields.contains(intern!(py, "_order_mark"))? {
                                fields.del_item(intern!(py, "_order_mark"))?;
                            }
                            sent(slf)?.set_item(power_name, held_natively(py)?)?;
                        }
                        true
                    }
                }
                // Retreat and adjustment orders, as the package takes them.
                b'R' | b'A' => {
                    push_edits(slf)?;
                    let mut texts = Vec::with_capacity(list.len());
                    for order in list.iter() {
                        if order.is_truthy()? && !order.str()?.to_cow()?.trim().is_empty() {
                            texts.push(order);
                        }
                    }
                    crate::compat_adjust::set_orders(slf, &power, texts, replace.0, errors)?;
                    mark_adjust_set(slf, &power)?;
                    true
                }
                _ => false,
            };
            if handled {
                return Ok(());
            }
        }
        let kwargs = PyDict::new(py);
        kwargs.set_item(intern!(py, "errors"), errors)?;
        slf.call_method(
            intern!(py, "_set_orders_python"),
            (power_name, orders, expand.0, replace.0),
            Some(&kwargs),
        )?;
        Ok(())
    }

    /// Plays the current phase. Returns the played phase's `PhaseData` (None once the
    /// game is over).
    pub(crate) fn process<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        if slf.borrow().is_game_done() {
            return Ok(py.None().into_bound(py));
        }
        let pending = GameCore::before_process(slf)?;
        let data = native(slf)?.call_method0(intern!(py, "process"))?;
        GameCore::after_process(slf, pending, data)
    }
}

/// Marks a power's retreat or adjustment orders as set, as the package's
/// `order_is_set` says after `set_orders`: 2 (`ORDER_SET`) when `get_orders` lists some
/// (the `adjust` entries but `WAIVE` and `VOID ...`), else 1 (`ORDER_SET_EMPTY`).
fn mark_adjust_set(game: &Bound<'_, GameCore>, power: &Bound<'_, PyAny>) -> PyResult<()> {
    let py = game.py();
    let fields = attributes(power)?;
    let mut listed = false;
    for entry in adjust_of(game, power)?.try_iter()? {
        let text = entry?.str()?;
        let text = text.to_cow()?;
        if !text.is_empty() && text != "WAIVE" && text.split_whitespace().next() != Some("VOID") {
            listed = true;
            break;
        }
    }
    let round = game.borrow().orders_round;
    fields.set_item(
        intern!(py, "_order_mark"),
        (if listed { 2u8 } else { 1 }, round),
    )
}

/// A power's `adjust` as its `Power` object reads it (`power.adjust`), without reading
/// it into the object: its own list if it holds one, else what the native game holds
/// for it (see `GameCore::powers_clean`).
pub(crate) fn adjust_of<'py>(
    game: &Bound<'py, GameCore>,
    power: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = game.py();
    match attributes(power)?.get_item(intern!(py, "adjust"))? {
        Some(own) => Ok(own),
        None => held_adjust(game, &sent(game)?, &power.getattr(intern!(py, "name"))?),
    }
}

/// The `adjust` list of a power whose `Power` object holds none of its own: in a
/// retreat or adjustment phase the list the native game holds for it (`sent`: not to
/// be changed, a `Power` reads a copy), else an empty tuple.
fn held_adjust<'py>(
    game: &Bound<'py, GameCore>,
    sent: &Bound<'py, PyDict>,
    name: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = game.py();
    if matches!(phase_kind(game), b'R' | b'A') {
        if let Some(held) = sent.get_item(name)? {
            if held.is_instance_of::<PyList>() {
                return Ok(held);
            }
        }
    }
    Ok(PyTuple::empty(py).into_any())
}

/// `before_process` of a phase whose `Power` objects hold nothing of their own
/// (`powers_clean`): the native game holds every power's orders exactly, and in a
/// retreat or adjustment phase `sent` has each power's `adjust` list.
fn before_clean<'py>(
    game: &Bound<'py, GameCore>,
    phase: Bound<'py, PyString>,
    movement: bool,
    no_check: bool,
    held: &Bound<'py, PyAny>,
    names: &Bound<'py, PyTuple>,
) -> PyResult<Pending<'py>> {
    let py = game.py();
    let (orders, mut adjusts) = clean_lists(py, names.len(), held)?;
    if !movement {
        let sent = sent(game)?;
        let mut lists = Vec::with_capacity(names.len());
        for name in names.iter() {
            lists.push(held_adjust(game, &sent, &name)?);
        }
        adjusts = PyTuple::new(py, lists)?;
    }
    // No unit's order was void (that is NO_CHECK's, in a movement phase, which does not
    // come here): the new record's `void_units` stays None.
    let record = new_record(
        game,
        movement,
        no_check,
        orders.as_any(),
        adjusts.as_any(),
        names,
    )?;
    pending(game, phase, record, false)
}

/// The orders and `adjust` lists of `powers` powers of a clean phase for its record:
/// `_NATIVE_ORDERS` (`held`) for each, and an empty tuple for each (a movement record
/// reads no `adjust` of a power whose orders the native game holds, a retreat or
/// adjustment record no orders). Tuples, made once per number of powers and shared by
/// every such record.
fn clean_lists<'py>(
    py: Python<'py>,
    powers: usize,
    held: &Bound<'py, PyAny>,
) -> PyResult<(Bound<'py, PyTuple>, Bound<'py, PyTuple>)> {
    type Made = Vec<(usize, Py<PyTuple>, Py<PyTuple>)>;
    static MADE: std::sync::Mutex<Made> = std::sync::Mutex::new(Vec::new());
    let mut made = MADE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some((_, orders, adjusts)) = made.iter().find(|(n, _, _)| *n == powers) {
        return Ok((orders.bind(py).clone(), adjusts.bind(py).clone()));
    }
    let empty = PyTuple::empty(py);
    let orders = PyTuple::new(py, std::iter::repeat_n(held, powers))?;
    let adjusts = PyTuple::new(py, std::iter::repeat_n(&empty, powers))?;
    made.push((powers, orders.clone().unbind(), adjusts.clone().unbind()));
    Ok((orders, adjusts))
}

/// The record of the phase about to be played (`_Played`; what it played is set
/// after): `orders` and `adjusts` are each power's, in power order.
fn new_record<'py>(
    game: &Bound<'py, GameCore>,
    movement: bool,
    no_check: bool,
    orders: &Bound<'py, PyAny>,
    adjusts: &Bound<'py, PyAny>,
    names: &Bound<'py, PyTuple>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = game.py();
    // The record keeps the units ordered twice in this phase (a set `set_orders` adds
    // to until the phase is played; none: an empty frozenset, shared).
    let duplicates = object_field(game, |g| g.duplicates.as_ref());
    let duplicates = match duplicates.is_truthy()? {
        true => duplicates,
        false => no_duplicates(py)?,
    };
    let index = native(game)?.borrow().rec().history.len();
    let note = object_field(game, |g| g.note.as_ref());
    let game_map = game.getattr(intern!(py, "map"))?;
    let board_orders = object_field(game, |g| g.board_orders.as_ref());
    let destroyed_by = game.borrow().destroyed_by.as_ref().map(|d| d.clone_ref(py));
    let record = played_record(py)?.call0()?;
    {
        let mut fields = record_fields(&record)?.borrow_mut();
        fields.movement = movement;
        fields.no_check = no_check;
        fields.orders = Some(orders.clone().unbind());
        fields.adjusts = Some(adjusts.clone().unbind());
        fields.names = Some(names.clone().into_any().unbind());
        fields.duplicates = Some(duplicates.unbind());
        fields.note = unless_none(note);
        fields.game_map = unless_none(game_map);
        fields.index = Some(index);
        fields.board_orders = unless_none(board_orders);
        fields.destroyed_by = destroyed_by;
    }
    Ok(record)
}

/// An object for a field that holds None as nothing.
fn unless_none(value: Bound<'_, PyAny>) -> Option<Py<PyAny>> {
    (!value.is_none()).then(|| value.unbind())
}

/// The fields of a record `new_record` made.
fn record_fields<'a, 'py>(record: &'a Bound<'py, PyAny>) -> PyResult<&'a Bound<'py, PlayedCore>> {
    Ok(record.cast::<PlayedCore>()?)
}

/// What `before_process` gives `after_process`: the phase played, its record, the
/// cached state dict of the board before it (None when none was made), and whether
/// the Power objects hold orders of their own.
pub(crate) struct Pending<'py> {
    phase: Bound<'py, PyString>,
    record: Bound<'py, PyAny>,
    state_before: Bound<'py, PyAny>,
    powers_hold_orders: bool,
}

/// The end of `before_process`: the units given orders (`ordered_units`) are worked
/// out from `record` when first read; gives what `after_process` takes.
fn pending<'py>(
    game: &Bound<'py, GameCore>,
    phase: Bound<'py, PyString>,
    record: Bound<'py, PyAny>,
    powers_hold_orders: bool,
) -> PyResult<Pending<'py>> {
    let py = game.py();
    set_field(game, None, |g| &mut g.ordered_units);
    set_field(game, Some(record.clone().unbind()), |g| &mut g.ordered_from);
    let state = cache(game)?.get_item(intern!(py, "state"))?;
    Ok(Pending {
        phase,
        record,
        state_before: state.unwrap_or_else(|| py.None().into_bound(py)),
        powers_hold_orders,
    })
}

/// `process()` played a phase: the `Power` objects' board fields are read when next
/// used, and each power's lists (units, centers, dislodged units, influence) put in the
/// package's order then, over every board since the last read (`_settle_units`): a loop
/// that never reads the board pays nothing for it.
fn board_played(game: &Bound<'_, GameCore>) -> PyResult<()> {
    let py = game.py();
    if !game.borrow().board_pending {
        let lists = game.call_method0(intern!(py, "_unread_board"))?;
        game.setattr(intern!(py, "_prev_board"), lists)?;
        game.borrow_mut().board_pending = true;
    }
    let (played, now) = {
        let native = native(game)?;
        let native = native.borrow();
        (native.rec().history.len() as i64, native.current_phase())
    };
    if game.borrow().units_since.is_none() {
        // The board the order in `_prev_board` is about is the phase just played.
        let index = (played - 1).into_pyobject(py)?.into_any().unbind();
        set_field(game, Some(index), |g| &mut g.units_since);
    }
    set_field(game, None, |g| &mut g.snap);
    // As `_after_board_change`: a game the Python side ended stays ended.
    let ended_here =
        game.borrow().is_game_done() && game.getattr(intern!(py, "outcome"))?.is_truthy()?;
    if now == "COMPLETED" || !ended_here {
        game.borrow_mut().set_phase_code(py, &now);
    }
    cache(game)?.clear();
    Ok(())
}

/// Whether the package's 100-year limit may end the game now (the Python side decides):
/// the current phase is in the 100th year after the map's first, or later.
fn year_limit_near(game: &Bound<'_, GameCore>) -> PyResult<bool> {
    let native = native(game)?;
    let native = native.borrow();
    // The map's `first_year` is its variant's first year.
    Ok(native.rec().game.position.phase().year >= native.variant.start_year + 100)
}
