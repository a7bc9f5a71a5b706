//! Gamemaster actions (`POST /api/games/{id}/gm/...`): the GM of the game or the site
//! admin only.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `POST /api/games/{id}/gm/extend`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ExtendDeadline {
    /// Minutes added to the current deadline (1 to 43,200 = 30 days).
    pub minutes: u32,
}

/// `POST /api/games/{id}/gm/replace`: a new player takes over a power.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReplacePlayer {
    /// The power taken over.
    pub power: String,
    /// The account that takes it over (must not already play in the game).
    pub username: String,
}

/// How the GM ends a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum GmEnding {
    /// A draw shared by `powers`.
    Draw,
    /// Abandoned: no result, unrated.
    Abandoned,
}

/// `POST /api/games/{id}/gm/end`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EndGame {
    /// Draw or abandoned.
    pub result: GmEnding,
    /// With `draw`: the powers sharing it.
    #[serde(default)]
    pub powers: Vec<String>,
}

/// The answer to a GM action: the game's state afterwards.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct GmDone {
    /// The action (`pause`, `resume`, `extend`, `process`, `replace`, `end`).
    pub action: String,
    /// The game's status afterwards.
    pub status: crate::GameStatus,
    /// The current deadline afterwards, if one runs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deadline: Option<chrono::DateTime<chrono::Utc>>,
    /// The phase number afterwards.
    pub phase_number: i64,
}
