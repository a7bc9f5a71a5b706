//! `PlayedCore`: the fields of a played phase's record (`_Played` in
//! python/standoff/_compat.py, whose methods build the package's history entries from
//! them when read). `process()` makes one record every phase (`compat_core::new_record`),
//! and as a native class it is made and filled in without running Python code.

use pyo3::prelude::*;
use pyo3::{PyTraverseError, PyVisit};

/// The record of one played phase as it was. Every field but the flags and the index
/// holds any Python object (None when it holds none); `_Played`'s methods give them
/// their meaning.
#[pyclass(subclass, module = "standoff._standoff", name = "PlayedCore")]
#[derive(Default)]
pub struct PlayedCore {
    /// The phase's `PhaseData` (set once it is played).
    #[pyo3(get, set)]
    pub(crate) played: Option<Py<PyAny>>,
    /// Whether it is a movement phase.
    #[pyo3(get, set)]
    pub(crate) movement: bool,
    /// Whether the package's `NO_CHECK` rule was in force.
    #[pyo3(get, set)]
    pub(crate) no_check: bool,
    /// Each power's orders as set (in power order).
    #[pyo3(get, set)]
    pub(crate) orders: Option<Py<PyAny>>,
    /// Each power's `adjust` list as set (in power order).
    #[pyo3(get, set)]
    pub(crate) adjusts: Option<Py<PyAny>>,
    /// The power names (in power order).
    #[pyo3(get, set)]
    pub(crate) names: Option<Py<PyAny>>,
    /// The units whose orders were void (`NO_CHECK`), or None.
    #[pyo3(get, set)]
    pub(crate) void_units: Option<Py<PyAny>>,
    /// The units ordered twice.
    #[pyo3(get, set)]
    pub(crate) duplicates: Option<Py<PyAny>>,
    /// The game's note.
    #[pyo3(get, set)]
    pub(crate) note: Option<Py<PyAny>>,
    /// The game's `Map`.
    #[pyo3(get, set)]
    pub(crate) game_map: Option<Py<PyAny>>,
    /// Its commands, result labels and dislodged units, once worked out.
    #[pyo3(get, set, name = "_outcome")]
    pub(crate) outcome: Option<Py<PyAny>>,
    /// Its place in the native history.
    #[pyo3(get, set)]
    pub(crate) index: Option<usize>,
    /// The game's board orders by place in the native history.
    #[pyo3(get, set)]
    pub(crate) board_orders: Option<Py<PyAny>>,
    /// The movement phase played just before (its `PhaseData`, or the units it
    /// destroyed), or None.
    #[pyo3(get, set)]
    pub(crate) destroyed_by: Option<Py<PyAny>>,
    /// The phase's name (set once it is played).
    #[pyo3(get, set)]
    pub(crate) phase_name: Option<Py<PyAny>>,
    /// The game's state dict of the board before the phase, when one was made and
    /// kept while the phase was current (else None: it is built from the record).
    #[pyo3(get, set)]
    pub(crate) state_before: Option<Py<PyAny>>,
    /// The press sent in the phase (a `SortedDict`), or None when there was none.
    #[pyo3(get, set)]
    pub(crate) press: Option<Py<PyAny>>,
    /// In a retreat phase, the game's `popped` before it (a list, or the record of the
    /// movement phase before, still to be worked out); None otherwise.
    #[pyo3(get, set)]
    pub(crate) popped_before: Option<Py<PyAny>>,
}

#[pymethods]
impl PlayedCore {
    /// A record with every field None: `GameCore` fills in a new phase's record.
    #[new]
    fn new() -> Self {
        PlayedCore::default()
    }

    /// The objects the fields hold, for Python's cycle collector.
    fn __traverse__(&self, visit: PyVisit<'_>) -> Result<(), PyTraverseError> {
        for object in self.fields() {
            visit.call(object)?;
        }
        Ok(())
    }

    /// Drops every object a field holds (the cycle collector breaking a cycle).
    fn __clear__(&mut self) {
        let fields = std::mem::take(self);
        *self = PlayedCore {
            movement: fields.movement,
            no_check: fields.no_check,
            index: fields.index,
            ..PlayedCore::default()
        };
        drop(fields);
    }
}

impl PlayedCore {
    /// Every field holding a Python object.
    fn fields(&self) -> [&Option<Py<PyAny>>; 15] {
        [
            &self.played,
            &self.orders,
            &self.adjusts,
            &self.names,
            &self.void_units,
            &self.duplicates,
            &self.note,
            &self.game_map,
            &self.outcome,
            &self.board_orders,
            &self.destroyed_by,
            &self.phase_name,
            &self.state_before,
            &self.press,
            &self.popped_before,
        ]
    }
}
