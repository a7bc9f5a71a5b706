//! Orders, ready flags, legal orders and the phase history.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `PUT /api/games/{id}/orders`: the power's whole order list for the phase (replaces
/// what it sent before).
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SubmitOrders {
    /// One order per entry (`A par - bur`); an entry may hold several lines.
    pub orders: Vec<String>,
    /// The phase these orders are for (`phase_number` of the game); when given and the
    /// game has moved on, the orders are refused instead of applied to the next phase.
    #[serde(default)]
    pub phase_number: Option<i64>,
}

/// How the judge reads one submitted line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct OrderCheckView {
    /// The line as submitted.
    pub text: String,
    /// The order in canonical notation, when it was read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub read_as: Option<String>,
    /// Why the line will not be passed to the judge (unreadable, illegal, not yours).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// A power's orders for the current phase.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct OrdersView {
    /// `Spring 1901 Movement`.
    pub phase: String,
    /// The phase's number in the game (0 for the first).
    pub phase_number: i64,
    /// The power.
    pub power: String,
    /// Whether anything was submitted (nothing: the power is in civil disorder when the
    /// deadline passes).
    pub submitted: bool,
    /// Each line and how it is read.
    pub orders: Vec<OrderCheckView>,
    /// Whether the power said it is ready.
    pub ready: bool,
}

/// `POST /api/games/{id}/ready`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SetReady {
    /// Ready (the phase may be processed early once every power with orders due is).
    pub ready: bool,
}

/// `GET /api/games/{id}/legal`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct LegalOrders {
    /// The power.
    pub power: String,
    /// The phase.
    pub phase: String,
    /// Every legal order of the power's units (canonical notation).
    pub orders: Vec<String>,
}

/// One processed phase in a list.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct PhaseSummary {
    /// The phase's number (0 for the first).
    pub number: i64,
    /// `Spring 1901 Movement`.
    pub phase: String,
    /// When it was processed.
    pub processed_at: chrono::DateTime<chrono::Utc>,
}

/// One processed phase in full.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct PhaseDetail {
    /// The phase's number (0 for the first).
    pub number: i64,
    /// `Spring 1901 Movement`.
    pub phase: String,
    /// The position at the start of the phase (the core's position JSON).
    #[schema(value_type = Object)]
    pub position: serde_json::Value,
    /// The orders adjudicated (`France: A par - bur`).
    pub orders: Vec<String>,
    /// Per power, what it submitted (lines and how they were read).
    pub submitted: Vec<OrdersView>,
    /// The report: orders, outcomes, center changes.
    pub report: String,
    /// When it was processed.
    pub processed_at: chrono::DateTime<chrono::Utc>,
}
