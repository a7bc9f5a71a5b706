//! What `standoff adjudicate --format json` prints: one movement phase adjudicated
//! from files (the CLI's JSON output, typed here so clients share its shape).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// One adjudicated movement phase.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct AdjudicationReport {
    /// Every order read, with its result.
    pub orders: Vec<AdjudicatedOrder>,
    /// Order lines that could not be read.
    pub errors: Vec<OrderLineError>,
    /// The position after the phase (docs/position-json.md).
    #[schema(value_type = Object)]
    pub position: serde_json::Value,
}

/// One order and what became of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct AdjudicatedOrder {
    /// The ordering power.
    pub power: String,
    /// The order in the canonical notation (`F lon - nth`).
    pub order: String,
    /// Its result in words (`succeeds`, `bounces ...`, `not applied: ...`).
    pub result: String,
    /// The space the attack that dislodged the unit came from (`null`: not dislodged).
    pub dislodged_by: Option<String>,
}

/// An order line that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct OrderLineError {
    /// 1-based line of the order file.
    pub line: usize,
    /// What was wrong.
    pub error: String,
    /// The line as written.
    pub text: String,
}
