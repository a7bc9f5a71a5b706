//! Handlers: draw and concession votes, a game's result, the leaderboard, my score.

use super::auth::{CurrentUser, MaybeUser};
use super::{ApiError, Json, Path, Query};
use crate::service::results;
use crate::AppState;
use axum::extract::State;
use serde::Deserialize;
use standoff_api::{GameResultView, Leaderboard, LeaderboardEntry, Vote, VoteState};

/// Vote for a draw or concede (for the current phase; votes reset when it changes).
#[utoipa::path(post, path = "/api/games/{id}/vote", params(("id" = i64, Path)), request_body = Vote,
    responses((status = 200, body = VoteState), (status = 400, body = standoff_api::ErrorBody),
              (status = 403, body = standoff_api::ErrorBody), (status = 409, body = standoff_api::ErrorBody)))]
pub async fn vote(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
    Json(request): Json<Vote>,
) -> Result<Json<VoteState>, ApiError> {
    Ok(Json(
        results::vote(&state, &user.account, id, request).await?,
    ))
}

/// A finished game's result and scores (404 before the end).
#[utoipa::path(get, path = "/api/games/{id}/result", params(("id" = i64, Path)),
    responses((status = 200, body = GameResultView), (status = 404, body = standoff_api::ErrorBody)))]
pub async fn result(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    Path(id): Path<i64>,
) -> Result<Json<GameResultView>, ApiError> {
    results::game_result(&state, user.as_ref().map(|u| &u.account), id)
        .await?
        .map(Json)
        .ok_or_else(|| ApiError::NotFound(format!("game {id} has no result yet")))
}

/// How many lines.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
pub struct LeaderboardQuery {
    /// 1 to 1000 (default 100).
    #[serde(default = "default_limit")]
    pub limit: i64,
}

fn default_limit() -> i64 {
    100
}

/// Players by total DPTG points over their finished rated games.
#[utoipa::path(get, path = "/api/leaderboard", params(LeaderboardQuery),
    responses((status = 200, body = Leaderboard)))]
pub async fn leaderboard(
    State(state): State<AppState>,
    Query(query): Query<LeaderboardQuery>,
) -> Result<Json<Leaderboard>, ApiError> {
    Ok(Json(results::leaderboard(&state, query.limit).await?))
}

/// My total score.
#[utoipa::path(get, path = "/api/me/score", responses((status = 200, body = LeaderboardEntry)))]
pub async fn my_score(
    State(state): State<AppState>,
    user: CurrentUser,
) -> Result<Json<LeaderboardEntry>, ApiError> {
    Ok(Json(results::my_score(&state, &user.account).await?))
}
