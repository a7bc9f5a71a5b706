//! The one error type of the API: every failure maps to a status and a JSON body
//! `{"error": code, "message": text}`. Bad input is always a 4xx with a message;
//! only a fault of the server or its database is a 500 (its detail is logged, not shown).

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use standoff_api::ErrorBody;

/// What went wrong, as the client is told.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ApiError {
    /// Malformed or invalid input.
    #[error("{0}")]
    BadRequest(String),
    /// Not signed in, or wrong credentials.
    #[error("{0}")]
    Unauthorized(String),
    /// Signed in but not allowed.
    #[error("{0}")]
    Forbidden(String),
    /// No such thing.
    #[error("{0}")]
    NotFound(String),
    /// The endpoint exists but not with this method.
    #[error("{0}")]
    MethodNotAllowed(String),
    /// Not possible in the current state (game started, phase processed, name taken).
    #[error("{0}")]
    Conflict(String),
    /// The body is larger than the limit.
    #[error("{0}")]
    PayloadTooLarge(String),
    /// Too many attempts.
    #[error("{0}")]
    TooManyRequests(String),
    /// A fault of the server.
    #[error("internal error: {0}")]
    Internal(String),
}

impl ApiError {
    /// The HTTP status.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::BadRequest(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The stable code in the body.
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::BadRequest(_) => "bad_request",
            ApiError::Unauthorized(_) => "unauthorized",
            ApiError::Forbidden(_) => "forbidden",
            ApiError::NotFound(_) => "not_found",
            ApiError::MethodNotAllowed(_) => "method_not_allowed",
            ApiError::Conflict(_) => "conflict",
            ApiError::PayloadTooLarge(_) => "payload_too_large",
            ApiError::TooManyRequests(_) => "too_many_requests",
            ApiError::Internal(_) => "internal",
        }
    }

    /// `game N not found`.
    pub fn no_game(id: i64) -> ApiError {
        ApiError::NotFound(format!("game {id} not found"))
    }
}

impl From<crate::storage::StorageError> for ApiError {
    fn from(e: crate::storage::StorageError) -> Self {
        match e {
            crate::storage::StorageError::Duplicate => ApiError::Conflict("already exists".into()),
            other => ApiError::Internal(other.to_string()),
        }
    }
}

impl From<standoff::session::SessionError> for ApiError {
    fn from(e: standoff::session::SessionError) -> Self {
        match e {
            standoff::session::SessionError::GameOver => ApiError::Conflict(e.to_string()),
            other => ApiError::BadRequest(other.to_string()),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let message = match &self {
            ApiError::Internal(detail) => {
                tracing::error!("internal error: {detail}");
                "internal error".to_string()
            }
            other => other.to_string(),
        };
        let body = ErrorBody {
            error: self.code().to_string(),
            message,
        };
        (self.status(), axum::Json(body)).into_response()
    }
}
