//! The HTTP API: the route table (all routes in one place), the OpenAPI document, the
//! error type and extractors. Handlers parse and authorize, then call `service`.

pub mod accounts;
pub mod auth;
mod error;
pub mod export;
mod extract;
pub mod games;
pub mod gm;
pub mod map;
pub mod orders;
pub mod press;
pub mod results;
pub mod token_cache;

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
        games::upload_variant,
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
        press::send,
        press::list,
        gm::pause,
        gm::resume,
        gm::extend,
        gm::process,
        gm::replace,
        gm::end,
        results::vote,
        results::result,
        results::leaderboard,
        results::my_score,
        export::export,
        map::map_svg,
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
        .route(
            "/api/variants",
            get(games::variants)
                .post(games::upload_variant)
                .layer(DefaultBodyLimit::max(
                    crate::service::variants::UPLOAD_BODY_LIMIT.max(limit),
                )),
        )
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
        .route(
            "/api/games/{id}/messages",
            post(press::send).get(press::list),
        )
        .route("/api/games/{id}/gm/pause", post(gm::pause))
        .route("/api/games/{id}/gm/resume", post(gm::resume))
        .route("/api/games/{id}/gm/extend", post(gm::extend))
        .route("/api/games/{id}/gm/process", post(gm::process))
        .route("/api/games/{id}/gm/replace", post(gm::replace))
        .route("/api/games/{id}/gm/end", post(gm::end))
        .route("/api/games/{id}/vote", post(results::vote))
        .route("/api/games/{id}/result", get(results::result))
        .route("/api/games/{id}/export", get(export::export))
        .route("/api/games/{id}/map.svg", get(map::map_svg))
        .merge(crate::web::routes())
        .route("/api/leaderboard", get(results::leaderboard))
        .route("/api/me/score", get(results::my_score))
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
