//! The native API's `#[pyclass]` structs that other modules build and read: `Variant`,
//! `Position`, `Order`, `AdjudicationResult`, `Game`, `PowerView`, `PhaseData` and
//! `RejectedOrder` (their Python methods live in `variant`, `position`, `order`, `batch`,
//! `game` and `phase_data`), and `GameState`, what a `Game` holds in its box. Kept in one
//! module so those modules need not import each other for the types.

use crate::model::{ErrorMode, OrderProblem};
use crate::texts::OrderTexts;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use standoff::adjudicate::MovementResult;
use standoff::order::Order;
use standoff::record::PhaseRecord;
use standoff::rules::Rules;
use standoff::session::Session;
use standoff::{PhaseKind, Position, Variant};
use std::sync::Arc;

/// A variant: the map, the powers, home centers, starting units and victory rule.
///
/// `Variant.standard()` is the standard map; `Variant.builtin(name)` finds a built-in
/// variant by name or alias; `Variant.from_toml(text)` loads one from the variant file
/// format (docs/variant-format.md).
#[pyclass(frozen, module = "standoff", name = "Variant")]
pub struct PyVariant {
    pub inner: Arc<Variant>,
}

/// A board position at the start of a phase: the phase, units by power, supply-center
/// owners, and dislodged units with their retreat options. Immutable.
///
/// ``Position(phase, units, centers, dislodged, variant)`` builds one from the same
/// shapes its attributes have; ``repr()`` gives that call, so ``eval(repr(p)) == p``.
#[pyclass(frozen, module = "standoff", name = "Position")]
pub struct PyPosition {
    pub variant: Arc<Variant>,
    pub pos: Position,
}

/// An order read from text, with ids resolved against a variant's map. ``str(order)``
/// is its text in the ``diplomacy`` package's notation (``A PAR - BUR``,
/// ``A LON - NWY VIA``, ``F NTH C A LON - NWY``, ``A PAR S A MAR - BUR``,
/// ``A PAR R BUR``, ``A PAR D``, ``F STP/NC B``, ``WAIVE``), which ``Game.set_orders``
/// reads back. ``Order(text, power=None, phase="M", variant=None)`` is
/// ``parse_order``.
#[pyclass(frozen, module = "standoff", name = "Order")]
pub struct PyOrder {
    pub variant: Arc<Variant>,
    pub order: Order,
    pub kind: PhaseKind,
    /// False when no power was named (the order is then nobody's).
    pub has_power: bool,
}

/// The adjudication of one movement phase: the board after it, dislodged units with
/// their retreat options, per-unit result codes, and the orders left out.
#[pyclass(frozen, module = "standoff", name = "AdjudicationResult")]
pub struct PyAdjudication {
    pub variant: Arc<Variant>,
    pub before: Position,
    pub orders: Vec<Order>,
    pub result: MovementResult,
    pub problems: Vec<OrderProblem>,
}

/// A game: the current position, the orders given for the current phase, and the
/// history of played phases. The methods follow the ``diplomacy`` package's ``Game``
/// (same names and return shapes), so scripts port by changing the import.
///
/// ``Game(game_id=None, variant="standard", map_name=None, rules=None, position=None)``:
/// ``variant`` (or the package's ``map_name``) is a variant name or ``Variant``;
/// ``position`` starts the game from a ``Position``. Only the default rules
/// (2000 rulebook with the DATC's preferences) are supported for now: ``rules`` must
/// be None, ``"default"`` or empty, anything else raises ``ValueError``
/// (``StandoffError``).
///
/// Unlike the package, orders are never dropped silently: ``set_orders`` records each
/// order it cannot use in ``order_errors`` (and in the phase's ``PhaseData``) and warns
/// with ``OrderWarning``, or raises with ``errors="raise"``.
#[pyclass(module = "standoff", name = "Game")]
#[derive(Clone)]
pub struct PyGame {
    /// The game, boxed: `step_many` lends it to another thread by moving the box.
    state: Box<GameState>,
}

impl PyGame {
    /// A `Game` holding `state`.
    pub fn boxed(state: GameState) -> Self {
        PyGame {
            state: Box::new(state),
        }
    }
}

impl std::ops::Deref for PyGame {
    type Target = GameState;
    fn deref(&self) -> &GameState {
        &self.state
    }
}

impl std::ops::DerefMut for PyGame {
    fn deref_mut(&mut self) -> &mut GameState {
        &mut self.state
    }
}

/// What a `Game` holds (its fields are read through `PyGame`).
#[derive(Clone)]
pub struct GameState {
    pub variant: Arc<Variant>,
    /// The game and each power's orders for the current phase: the core's game session,
    /// the type the server keeps per game too (one order-collection code path).
    pub session: Session,
    /// Orders left out in the current phase.
    pub problems: Vec<OrderProblem>,
    /// Per played phase: orders left out.
    pub history_problems: Vec<Vec<OrderProblem>>,
    /// Per power: what to do with orders left out when the phase is played.
    pub modes: Vec<ErrorMode>,
    pub game_id: String,
    /// Python strings of order texts, shared with the game's copies.
    pub texts: Arc<OrderTexts>,
    /// `Power.orders` entries of orders written once, shared with the game's copies.
    pub entries: Arc<crate::submit::OrderEntries>,
    /// The power names as interned Python strings (the `powers` keys), shared with the
    /// game's copies: a name given back is found by identity, without reading it.
    pub power_names: Arc<PyOnceLock<Vec<Py<pyo3::types::PyString>>>>,
}

/// A snapshot of one power (``game.powers[name]``): ``name``, ``units``, ``centers``,
/// ``homes``, ``retreats``, ``orders``; ``is_eliminated()``.
#[pyclass(frozen, module = "standoff", name = "PowerView")]
pub struct PyPowerView {
    #[pyo3(get)]
    pub name: String,
    #[pyo3(get)]
    pub units: Vec<String>,
    #[pyo3(get)]
    pub centers: Vec<String>,
    #[pyo3(get)]
    pub homes: Vec<String>,
    pub retreats: Vec<(String, Vec<String>)>,
    #[pyo3(get)]
    pub orders: Vec<String>,
}

/// One played phase: ``name``, ``state`` (the board at its start, as the package's
/// state dict), ``orders`` (power -> orders adjudicated), ``results`` (unit -> result
/// codes), ``messages`` (always empty), and standoff's ``order_errors`` (orders left out,
/// with reasons) and ``report`` (readable outcome of every order).
///
/// ``pickle`` and ``copy.deepcopy`` give back a ``PhaseData`` that answers every member
/// as this one: the phase is adjudicated again from its position and orders by the same
/// rules, and the members a package-compatible ``Game`` filled in come back as they were.
#[pyclass(frozen, module = "standoff", name = "PhaseData")]
pub struct PyPhaseData {
    pub variant: Arc<Variant>,
    /// The rules the phase was adjudicated by (a pickle adjudicates it again by them).
    pub rules: Rules,
    pub record: Arc<PhaseRecord>,
    pub problems: Vec<OrderProblem>,
    pub state: PyOnceLock<Py<PyAny>>,
    pub orders: PyOnceLock<Py<PyAny>>,
    pub results: PyOnceLock<Py<PyAny>>,
    /// The phase's press (time sent -> `Message`), when a package-compatible `Game`
    /// gave it (none: `{}`).
    pub messages: PyOnceLock<Py<PyAny>>,
}

/// An order that was given but left out of the adjudication, and why.
#[pyclass(frozen, module = "standoff", name = "RejectedOrder")]
pub struct PyRejectedOrder {
    pub inner: OrderProblem,
}
