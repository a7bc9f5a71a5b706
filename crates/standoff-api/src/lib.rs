//! The request and response types of the standoff judge's HTTP JSON API: plain data
//! with serde and OpenAPI schemas (utoipa), no logic. Shared by the server, its tests
//! and clients.

mod accounts;
mod adjudication;
mod games;
mod gm;
mod orders;
mod press;
mod results;
mod variants;

pub use accounts::*;
pub use adjudication::*;
pub use games::*;
pub use gm::*;
pub use orders::*;
pub use press::*;
pub use results::*;
pub use variants::*;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Every error answer: a stable machine-readable code and a message for people.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ErrorBody {
    /// `bad_request`, `unauthorized`, `forbidden`, `not_found`, `conflict`,
    /// `payload_too_large`, `too_many_requests`, `internal`.
    pub error: String,
    /// What was wrong, in words.
    pub message: String,
}
