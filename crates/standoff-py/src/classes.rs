//! The native API's `#[pyclass]` structs that other modules build and read: `Variant`,
//! `Position` and `AdjudicationResult` (their Python methods live in `variant`,
//! `position` and `batch`). Kept in one module so those modules need not import each
//! other for the types.

use crate::model::OrderProblem;
use pyo3::prelude::*;
use standoff::adjudicate::MovementResult;
use standoff::order::Order;
use standoff::{Position, Variant};
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
