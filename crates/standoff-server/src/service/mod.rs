//! What requests do to games, decided here (handlers only parse and authorize the
//! caller's identity; storage only persists). The rules themselves are the core's:
//! legality, adjudication, assignment and the end of a game come from `standoff`.

pub mod accounts;
pub mod bots;
pub mod deadlines;
pub mod demo;
pub mod export;
pub mod games;
pub mod gm;
pub mod notify;
pub mod orders;
pub mod press;
pub mod process;
pub mod results;
pub mod sessions;
pub mod variants;

use crate::http::ApiError;
use crate::storage::{GameRow, PlayerRow, StorageError};
use standoff::session::Session;
use standoff_api::{GameSettings, GameStatus};

/// Runs CPU work (password hashing, variant loading, a game's replay and export) on
/// tokio's blocking threads, so that the async workers keep answering meanwhile.
pub async fn off_the_workers<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ApiError::Internal(format!("a blocking task failed: {e}")))?
}

/// A game's session from its stored state.
pub fn session_of(game: &GameRow) -> Result<Session, ApiError> {
    Session::from_json_text(&game.state)
        .map_err(|e| ApiError::Internal(format!("game {}: stored state: {e}", game.id)))
}

/// A game's variant: the shared built-in, or (an uploaded variant, whose name is never
/// a built-in's) the one its stored state embeds.
pub fn variant_of(game: &GameRow) -> Result<std::sync::Arc<standoff::Variant>, ApiError> {
    match standoff::variant::builtin_arc(&game.variant) {
        Ok(variant) => Ok(variant),
        Err(_) => Ok(session_of(game)?.variant().clone()),
    }
}

/// The stored state of a session (the history lives in the phases table).
pub fn state_of(session: &Session) -> Result<String, ApiError> {
    let mut saved = session.to_json();
    saved.history.clear();
    serde_json::to_string(&saved).map_err(|e| ApiError::Internal(e.to_string()))
}

/// A game's settings.
pub fn settings_of(game: &GameRow) -> Result<GameSettings, ApiError> {
    serde_json::from_str(&game.settings)
        .map_err(|e| ApiError::Internal(format!("game {}: stored settings: {e}", game.id)))
}

/// A game's status.
pub fn status_of(game: &GameRow) -> Result<GameStatus, ApiError> {
    GameStatus::parse(&game.status)
        .ok_or_else(|| ApiError::Internal(format!("game {}: status `{}`", game.id, game.status)))
}

/// The power `account` plays in a game, if any.
pub fn power_of(players: &[PlayerRow], account: i64) -> Option<&str> {
    players
        .iter()
        .find(|p| p.account_id == account)
        .and_then(|p| p.power.as_deref())
}

impl From<serde_json::Error> for ApiError {
    fn from(e: serde_json::Error) -> Self {
        ApiError::Internal(format!("JSON: {e}"))
    }
}

/// A storage error that is a conflict for the caller.
pub fn conflict_on_duplicate(e: StorageError, what: &str) -> ApiError {
    match e {
        StorageError::Duplicate => ApiError::Conflict(what.to_string()),
        other => other.into(),
    }
}
