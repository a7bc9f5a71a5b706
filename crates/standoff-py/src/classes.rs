//! The native API's `#[pyclass]` structs that other modules build and read: `Variant`,
//! `Position`, `Order` and `AdjudicationResult` (their Python methods live in
//! `variant`, `position`, `order` and `batch`). Kept in one module so those modules need not import each
//! other for the types.

use crate::model::OrderProblem;
use pyo3::prelude::*;
use standoff::adjudicate::MovementResult;
use standoff::order::Order;
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
