//! Handlers: variants, game listing, creation, detail, joining, start.

use super::auth::{CurrentUser, MaybeUser};
use super::{ApiError, Json, Path, Query};
use crate::service::games;
use crate::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use standoff_api::{
    CreateGame, GameDetail, GameSummary, JoinGame, StartGame, UploadVariant, UploadedVariant,
    VariantInfo,
};

/// Built-in variants.
#[utoipa::path(get, path = "/api/variants", responses((status = 200, body = Vec<VariantInfo>)))]
pub async fn variants() -> Result<Json<Vec<VariantInfo>>, ApiError> {
    Ok(Json(crate::service::variants::builtins()?))
}

/// Upload a variant file: checked as `standoff check-variant` checks it (`extends` may
/// name a built-in only), kept for the uploader's games (`CreateGame.variant_upload`).
/// Files over 256 KiB are refused (413); a broken file is a 400 naming its file and line.
#[utoipa::path(post, path = "/api/variants", request_body = UploadVariant,
    responses((status = 201, body = UploadedVariant), (status = 400, body = standoff_api::ErrorBody),
              (status = 413, body = standoff_api::ErrorBody)))]
pub async fn upload_variant(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(req): Json<UploadVariant>,
) -> Result<(StatusCode, Json<UploadedVariant>), ApiError> {
    let uploaded = crate::service::variants::upload(&state, &user.account, req).await?;
    Ok((StatusCode::CREATED, Json(uploaded)))
}

/// `?mine=1`.
#[derive(Debug, serde::Deserialize, utoipa::IntoParams)]
pub struct ListQuery {
    /// `1` or `true`: the caller's games instead of open public games.
    #[serde(default)]
    pub mine: Option<String>,
}

/// Open public games, or `?mine=1` the caller's.
#[utoipa::path(get, path = "/api/games", params(ListQuery),
    responses((status = 200, body = Vec<GameSummary>)))]
pub async fn list(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    Query(q): Query<ListQuery>,
) -> Result<Json<Vec<GameSummary>>, ApiError> {
    let mine = matches!(q.mine.as_deref(), Some("1" | "true" | "yes"));
    if mine {
        let user = user.ok_or_else(|| ApiError::Unauthorized("sign in first".into()))?;
        return Ok(Json(games::games_of(&state, &user.account).await?));
    }
    Ok(Json(games::open_games(&state).await?))
}

/// Create a game (the caller is its GM).
#[utoipa::path(post, path = "/api/games", request_body = CreateGame,
    responses((status = 201, body = GameDetail), (status = 400, body = standoff_api::ErrorBody)))]
pub async fn create(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(req): Json<CreateGame>,
) -> Result<(StatusCode, Json<GameDetail>), ApiError> {
    let id = games::create(&state, &user.account, req).await?;
    let detail = games::detail(&state, id, Some(&user.account)).await?;
    Ok((StatusCode::CREATED, Json(detail)))
}

/// A game: phase, deadline, powers and counts (never anyone's orders).
#[utoipa::path(get, path = "/api/games/{id}", params(("id" = i64, Path)),
    responses((status = 200, body = GameDetail), (status = 404, body = standoff_api::ErrorBody)))]
pub async fn get_game(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    Path(id): Path<i64>,
) -> Result<Json<GameDetail>, ApiError> {
    let account = user.as_ref().map(|u| &u.account);
    Ok(Json(games::detail(&state, id, account).await?))
}

/// Join a forming game.
#[utoipa::path(post, path = "/api/games/{id}/join", params(("id" = i64, Path)), request_body = JoinGame,
    responses((status = 204), (status = 409, body = standoff_api::ErrorBody)))]
pub async fn join(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<JoinGame>,
) -> Result<StatusCode, ApiError> {
    games::join(&state, &user.account, id, req).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Assign powers and start (GM).
#[utoipa::path(post, path = "/api/games/{id}/start", params(("id" = i64, Path)), request_body = StartGame,
    responses((status = 204), (status = 403, body = standoff_api::ErrorBody)))]
pub async fn start(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<StartGame>,
) -> Result<StatusCode, ApiError> {
    games::start(&state, &user.account, id, req).await?;
    Ok(StatusCode::NO_CONTENT)
}
