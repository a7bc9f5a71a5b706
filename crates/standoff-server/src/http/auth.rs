//! Who is calling: a bearer API token (`Authorization: Bearer ...`) or a session
//! cookie. A cookie-authenticated request that changes state (any method but GET,
//! HEAD, OPTIONS) must also carry the session's CSRF token in `X-CSRF-Token`.
//! Tokens are random; only their SHA-256 is stored.

use super::ApiError;
use crate::storage::AccountRow;
use crate::AppState;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{header, Method};
use axum_extra::extract::CookieJar;
use base64::Engine;
use sha2::{Digest, Sha256};

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "standoff_session";
/// The CSRF header's name.
pub const CSRF_HEADER: &str = "x-csrf-token";

/// A new random token (256 bits, URL-safe base64).
pub fn new_token() -> String {
    let bytes: [u8; 32] = rand::random();
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(bytes)
}

/// The stored form of a token.
pub fn token_hash(token: &str) -> String {
    let digest = Sha256::digest(token.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Equality that takes the same time wherever the strings differ.
fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// How the caller authenticated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Credential {
    /// A bearer API token.
    Bearer,
    /// A session cookie (its token's hash).
    Cookie(String),
}

/// A signed-in caller.
#[derive(Clone, Debug)]
pub struct CurrentUser {
    /// The account.
    pub account: AccountRow,
    /// How it signed in.
    pub credential: Credential,
}

/// A caller who may or may not be signed in (public reads).
#[derive(Clone, Debug)]
pub struct MaybeUser(pub Option<CurrentUser>);

async fn authenticate(
    parts: &mut Parts,
    state: &AppState,
) -> Result<Option<CurrentUser>, ApiError> {
    if let Some(value) = parts.headers.get(header::AUTHORIZATION) {
        let text = value
            .to_str()
            .map_err(|_| ApiError::Unauthorized("unreadable Authorization header".into()))?;
        let token = text.strip_prefix("Bearer ").ok_or_else(|| {
            ApiError::Unauthorized("expected `Authorization: Bearer TOKEN`".into())
        })?;
        let hash = token_hash(token.trim());
        let account = match state.tokens.get(&hash) {
            Some(account) => account,
            None => {
                let account = state
                    .storage
                    .api_token(&hash)
                    .await?
                    .ok_or_else(|| ApiError::Unauthorized("unknown API token".into()))?;
                state.tokens.put(&hash, &account);
                account
            }
        };
        return Ok(Some(CurrentUser {
            account,
            credential: Credential::Bearer,
        }));
    }
    let jar = CookieJar::from_headers(&parts.headers);
    let Some(cookie) = jar.get(SESSION_COOKIE) else {
        return Ok(None);
    };
    let hash = token_hash(cookie.value());
    let now = state.clock.now_ms();
    let (account, csrf) =
        state.storage.session(&hash, now).await?.ok_or_else(|| {
            ApiError::Unauthorized("the session has expired: sign in again".into())
        })?;
    let changes_state = !matches!(parts.method, Method::GET | Method::HEAD | Method::OPTIONS);
    if changes_state {
        let sent = parts
            .headers
            .get(CSRF_HEADER)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        if !same_secret(sent, &csrf) {
            return Err(ApiError::Forbidden(
                "missing or wrong CSRF token (send the sign-in's csrf_token as X-CSRF-Token)"
                    .into(),
            ));
        }
    }
    Ok(Some(CurrentUser {
        account,
        credential: Credential::Cookie(hash),
    }))
}

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        authenticate(parts, state)
            .await?
            .ok_or_else(|| ApiError::Unauthorized("sign in first".into()))
    }
}

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        Ok(MaybeUser(authenticate(parts, state).await?))
    }
}
