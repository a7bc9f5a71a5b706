//! Handlers: press (`POST/GET /api/games/{id}/messages`).

use super::auth::CurrentUser;
use super::{ApiError, Json, Path, Query};
use crate::service::press;
use crate::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use standoff_api::{MessageList, MessageView, SendMessage};

/// Send a message: to powers, to all, or to the GM (players); a GM notice (GM).
#[utoipa::path(post, path = "/api/games/{id}/messages", request_body = SendMessage,
    params(("id" = i64, Path, description = "game id")),
    responses((status = 201, body = MessageView), (status = 400, body = standoff_api::ErrorBody),
              (status = 403, body = standoff_api::ErrorBody), (status = 409, body = standoff_api::ErrorBody)))]
pub async fn send(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
    Json(request): Json<SendMessage>,
) -> Result<(StatusCode, Json<MessageView>), ApiError> {
    let message = press::send(&state, &user.account, id, request).await?;
    Ok((StatusCode::CREATED, Json(message)))
}

/// Which messages to read.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
pub struct MessageQuery {
    /// Only messages with a greater id (default 0: from the start).
    #[serde(default)]
    pub since: i64,
    /// At most this many (1 to 500, default 100).
    #[serde(default = "default_limit")]
    pub limit: i64,
}

fn default_limit() -> i64 {
    100
}

/// The messages the caller may read (marks them read; `unread` counts the new ones).
#[utoipa::path(get, path = "/api/games/{id}/messages",
    params(("id" = i64, Path, description = "game id"), MessageQuery),
    responses((status = 200, body = MessageList), (status = 403, body = standoff_api::ErrorBody)))]
pub async fn list(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
    Query(query): Query<MessageQuery>,
) -> Result<Json<MessageList>, ApiError> {
    Ok(Json(
        press::list(&state, &user.account, id, query.since, query.limit).await?,
    ))
}
