//! `GET /api/games/{id}/map.svg`: the picture of a game for the web page, drawn by the
//! core renderer. Without `phase`: the current position with no orders (nobody's orders
//! are shown before processing). With `phase=N`: processed phase N — its starting
//! position with every order and its outcome (public once processed). Who may see the
//! game is the service's `visible_game`.

use super::auth::MaybeUser;
use super::{ApiError, Path, Query};
use crate::service::games;
use crate::AppState;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use standoff::game::Game;
use standoff::json::PositionJson;
use standoff::parse::parse_orders_with;
use standoff::render::{phase_overlay, render_svg, RenderOptions};
use standoff::{Order, Position};

/// Which picture.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
pub struct MapQuery {
    /// A processed phase's number (default: the current position, without orders).
    #[serde(default)]
    pub phase: Option<i64>,
}

/// The map of the current position, or of a processed phase with its orders and results.
#[utoipa::path(get, path = "/api/games/{id}/map.svg", params(("id" = i64, Path), MapQuery),
    responses((status = 200, content_type = "image/svg+xml", body = String),
              (status = 404, body = standoff_api::ErrorBody)))]
pub async fn map_svg(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    Path(id): Path<i64>,
    Query(query): Query<MapQuery>,
) -> Result<Response, ApiError> {
    let (game, _) = games::visible_game(&state, id, user.as_ref().map(|u| &u.account)).await?;
    let session = state.sessions.session(&game)?;
    let variant = session.variant().clone();
    let options = RenderOptions::default();
    let svg = match query.phase {
        None => render_svg(&variant, &session.record().game.position, &[], &options),
        Some(n) => {
            let row = state.storage.phase(id, n).await?.ok_or_else(|| {
                ApiError::NotFound(format!("game {id} has no processed phase {n}"))
            })?;
            let stored = |what: &str, e: &dyn std::fmt::Display| {
                ApiError::Internal(format!("game {id} phase {n}: stored {what}: {e}"))
            };
            let json: PositionJson =
                serde_json::from_str(&row.position).map_err(|e| stored("position", &e))?;
            let position = Position::from_position_json(&variant, &json)
                .map_err(|e| stored("position", &e))?;
            let lines: Vec<String> =
                serde_json::from_str(&row.orders).map_err(|e| stored("orders", &e))?;
            let rules = session.record().game.rules;
            let (parsed, _) = parse_orders_with(&variant, &position, &rules, &lines.join("\n"));
            let orders: Vec<Order> = parsed.into_iter().map(|p| p.order).collect();
            let mut replay = Game::from_position(position.clone()).with_rules(rules);
            let processed = replay.process(&variant, &orders);
            let drawn = phase_overlay(&orders, &processed.result);
            render_svg(&variant, &position, &drawn, &options)
        }
    };
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml; charset=utf-8"),
            (header::CACHE_CONTROL, "private, no-store"),
        ],
        svg,
    )
        .into_response())
}
