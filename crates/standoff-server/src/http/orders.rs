//! Handlers: the caller's orders, ready flag, legal orders, and the phase history.

use super::auth::{CurrentUser, MaybeUser};
use super::{ApiError, Json, Path};
use crate::service::{games, orders};
use crate::storage::PhaseRow;
use crate::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use standoff_api::{LegalOrders, OrdersView, PhaseDetail, PhaseSummary, SetReady, SubmitOrders};

/// My orders for the current phase.
#[utoipa::path(get, path = "/api/games/{id}/orders", params(("id" = i64, Path)),
    responses((status = 200, body = OrdersView), (status = 403, body = standoff_api::ErrorBody)))]
pub async fn get_orders(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
) -> Result<Json<OrdersView>, ApiError> {
    Ok(Json(orders::current(&state, &user.account, id).await?))
}

/// Replace my orders for the current phase; each line is checked at once.
#[utoipa::path(put, path = "/api/games/{id}/orders", params(("id" = i64, Path)), request_body = SubmitOrders,
    responses((status = 200, body = OrdersView), (status = 409, body = standoff_api::ErrorBody)))]
pub async fn put_orders(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<SubmitOrders>,
) -> Result<Json<OrdersView>, ApiError> {
    Ok(Json(
        orders::submit(&state, &user.account, id, req.orders, req.phase_number).await?,
    ))
}

/// Set my ready flag.
#[utoipa::path(post, path = "/api/games/{id}/ready", params(("id" = i64, Path)), request_body = SetReady,
    responses((status = 204)))]
pub async fn ready(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
    Json(req): Json<SetReady>,
) -> Result<StatusCode, ApiError> {
    orders::set_ready(&state, &user.account, id, req.ready).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// Legal orders for my units.
#[utoipa::path(get, path = "/api/games/{id}/legal", params(("id" = i64, Path)),
    responses((status = 200, body = LegalOrders)))]
pub async fn legal(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<i64>,
) -> Result<Json<LegalOrders>, ApiError> {
    Ok(Json(orders::legal(&state, &user.account, id).await?))
}

/// Processed phases.
#[utoipa::path(get, path = "/api/games/{id}/phases", params(("id" = i64, Path)),
    responses((status = 200, body = Vec<PhaseSummary>)))]
pub async fn phases(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    Path(id): Path<i64>,
) -> Result<Json<Vec<PhaseSummary>>, ApiError> {
    games::visible_game(&state, id, user.as_ref().map(|u| &u.account)).await?;
    let rows = state.storage.phases(id).await?;
    Ok(Json(
        rows.iter()
            .map(|r| PhaseSummary {
                number: r.phase_no,
                phase: r.phase.clone(),
                processed_at: crate::clock::from_ms(r.processed_at),
            })
            .collect(),
    ))
}

fn detail(r: &PhaseRow) -> Result<PhaseDetail, ApiError> {
    Ok(PhaseDetail {
        number: r.phase_no,
        phase: r.phase.clone(),
        position: serde_json::from_str(&r.position)?,
        orders: serde_json::from_str(&r.orders)?,
        submitted: serde_json::from_str(&r.submitted)?,
        report: r.report.clone(),
        processed_at: crate::clock::from_ms(r.processed_at),
    })
}

/// One processed phase: position, orders, results.
#[utoipa::path(get, path = "/api/games/{id}/phases/{n}", params(("id" = i64, Path), ("n" = i64, Path)),
    responses((status = 200, body = PhaseDetail), (status = 404, body = standoff_api::ErrorBody)))]
pub async fn phase(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    Path((id, n)): Path<(i64, i64)>,
) -> Result<Json<PhaseDetail>, ApiError> {
    games::visible_game(&state, id, user.as_ref().map(|u| &u.account)).await?;
    let row = state
        .storage
        .phase(id, n)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("game {id} has no processed phase {n}")))?;
    Ok(Json(detail(&row)?))
}
