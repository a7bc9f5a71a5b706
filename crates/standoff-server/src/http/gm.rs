//! Handlers: gamemaster actions (`POST /api/games/{id}/gm/...`), GM or site admin only.

use super::auth::CurrentUser;
use super::{ApiError, Json, Path};
use crate::service::gm;
use crate::AppState;
use axum::extract::State;
use standoff_api::{EndGame, ExtendDeadline, GmDone, ReplacePlayer};

/// Pause the game: its deadline stops.
#[utoipa::path(post, path = "/api/games/{id}/gm/pause", params(("id" = i64, Path)),
    responses((status = 200, body = GmDone), (status = 403, body = standoff_api::ErrorBody),
              (status = 409, body = standoff_api::ErrorBody)))]
pub async fn pause(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
) -> Result<Json<GmDone>, ApiError> {
    Ok(Json(gm::pause(&state, &user.account, id).await?))
}

/// Resume a paused game with the time that was left.
#[utoipa::path(post, path = "/api/games/{id}/gm/resume", params(("id" = i64, Path)),
    responses((status = 200, body = GmDone), (status = 403, body = standoff_api::ErrorBody),
              (status = 409, body = standoff_api::ErrorBody)))]
pub async fn resume(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
) -> Result<Json<GmDone>, ApiError> {
    Ok(Json(gm::resume(&state, &user.account, id).await?))
}

/// Extend the current deadline.
#[utoipa::path(post, path = "/api/games/{id}/gm/extend", params(("id" = i64, Path)),
    request_body = ExtendDeadline,
    responses((status = 200, body = GmDone), (status = 400, body = standoff_api::ErrorBody),
              (status = 403, body = standoff_api::ErrorBody)))]
pub async fn extend(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
    Json(request): Json<ExtendDeadline>,
) -> Result<Json<GmDone>, ApiError> {
    Ok(Json(gm::extend(&state, &user.account, id, request).await?))
}

/// Process the current phase now.
#[utoipa::path(post, path = "/api/games/{id}/gm/process", params(("id" = i64, Path)),
    responses((status = 200, body = GmDone), (status = 403, body = standoff_api::ErrorBody),
              (status = 409, body = standoff_api::ErrorBody)))]
pub async fn process(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
) -> Result<Json<GmDone>, ApiError> {
    Ok(Json(gm::process_now(&state, &user.account, id).await?))
}

/// A new player takes over a power.
#[utoipa::path(post, path = "/api/games/{id}/gm/replace", params(("id" = i64, Path)),
    request_body = ReplacePlayer,
    responses((status = 200, body = GmDone), (status = 400, body = standoff_api::ErrorBody),
              (status = 403, body = standoff_api::ErrorBody), (status = 409, body = standoff_api::ErrorBody)))]
pub async fn replace(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
    Json(request): Json<ReplacePlayer>,
) -> Result<Json<GmDone>, ApiError> {
    Ok(Json(gm::replace(&state, &user.account, id, request).await?))
}

/// End the game: a draw among chosen powers, or abandoned.
#[utoipa::path(post, path = "/api/games/{id}/gm/end", params(("id" = i64, Path)),
    request_body = EndGame,
    responses((status = 200, body = GmDone), (status = 400, body = standoff_api::ErrorBody),
              (status = 403, body = standoff_api::ErrorBody), (status = 409, body = standoff_api::ErrorBody)))]
pub async fn end(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
    Json(request): Json<EndGame>,
) -> Result<Json<GmDone>, ApiError> {
    Ok(Json(gm::end(&state, &user.account, id, request).await?))
}
