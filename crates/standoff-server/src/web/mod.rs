//! The web page: one HTML document and its script and style sheet, embedded in the
//! binary (`include_str!`) and served by the server itself (no internet, no build step).
//! The page is plain JavaScript that calls the JSON API (`/api/...`) with the session
//! cookie and the CSRF header; this module only serves the files.

use crate::AppState;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

const INDEX_HTML: &str = include_str!("../../assets/index.html");
const APP_JS: &str = include_str!("../../assets/app.js");
const APP_CSS: &str = include_str!("../../assets/app.css");

/// What the page may load: only this server's own files.
const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; \
                   script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; \
                   form-action 'self'";

/// The page's routes: `/` (the document) and `/assets/app.{js,css}`.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(index))
        .route("/assets/app.js", get(app_js))
        .route("/assets/app.css", get(app_css))
}

fn file(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CONTENT_SECURITY_POLICY, CSP),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

async fn index() -> Response {
    file("text/html; charset=utf-8", INDEX_HTML)
}

async fn app_js() -> Response {
    file("text/javascript; charset=utf-8", APP_JS)
}

async fn app_css() -> Response {
    file("text/css; charset=utf-8", APP_CSS)
}
