//! The HTTP API: the route table (all routes in one place), the OpenAPI document, the
//! error type and extractors. Handlers parse and authorize, then call `service`.

pub mod accounts;
pub mod auth;
mod error;
mod extract;
pub mod games;
pub mod orders;

pub use error::ApiError;
pub use extract::{Json, Path, Query};

use crate::AppState;
use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use tower_http::trace::TraceLayer;
use utoipa::OpenApi;

/// The OpenAPI document (`GET /api/openapi.json`).
#[derive(OpenApi)]
#[openapi(
    info(
        title = "standoff judge",
        description = "Hosts Diplomacy games: accounts, games, orders, deadlines."
    ),
    paths(
        health,
        accounts::sign_up,
        accounts::sign_in,
        accounts::sign_out,
        accounts::create_token,
        accounts::me,
        games::variants,
        games::list,
        games::create,
        games::get_game,
        games::join,
        games::start,
        orders::get_orders,
        orders::put_orders,
        orders::ready,
        orders::legal,
        orders::phases,
        orders::phase,
    ),
    components(schemas(standoff_api::ErrorBody))
)]
pub struct ApiDoc;

/// The route table.
pub fn router(state: AppState) -> Router {
    let limit = state.config.body_limit;
    Router::new()
        .route("/healthz", get(health))
        .route("/api/openapi.json", get(openapi))
        // Accounts.
        .route("/api/accounts", post(accounts::sign_up))
        .route(
            "/api/session",
            post(accounts::sign_in).delete(accounts::sign_out),
        )
        .route("/api/tokens", post(accounts::create_token))
        .route("/api/me", get(accounts::me))
        // Games.
        .route("/api/variants", get(games::variants))
        .route("/api/games", get(games::list).post(games::create))
        .route("/api/games/{id}", get(games::get_game))
        .route("/api/games/{id}/join", post(games::join))
        .route("/api/games/{id}/start", post(games::start))
        // Orders and history.
        .route(
            "/api/games/{id}/orders",
            get(orders::get_orders).put(orders::put_orders),
        )
        .route("/api/games/{id}/ready", post(orders::ready))
        .route("/api/games/{id}/legal", get(orders::legal))
        .route("/api/games/{id}/phases", get(orders::phases))
        .route("/api/games/{id}/phases/{n}", get(orders::phase))
        // Press, GM actions, votes, export: server-aux.
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(limit))
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}

/// Health check.
#[utoipa::path(get, path = "/healthz", responses((status = 200, body = String)))]
pub async fn health() -> &'static str {
    "ok"
}

async fn openapi() -> axum::Json<utoipa::openapi::OpenApi> {
    axum::Json(ApiDoc::openapi())
}

async fn method_not_allowed(method: axum::http::Method, uri: axum::http::Uri) -> ApiError {
    ApiError::MethodNotAllowed(format!("{method} is not allowed on {}", uri.path()))
}

async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::NotFound(format!("no such endpoint: {}", uri.path()))
}
