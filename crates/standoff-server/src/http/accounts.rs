//! Handlers: sign-up, sign-in/out, API tokens, `me`.

use super::auth::{Credential, CurrentUser, SESSION_COOKIE};
use super::{ApiError, Json};
use crate::service::{accounts, games};
use crate::AppState;
use axum::extract::{ConnectInfo, State};
use axum::http::StatusCode;
use axum_extra::extract::cookie::{Cookie, SameSite};
use axum_extra::extract::CookieJar;
use standoff_api::{Account, CreateToken, Me, SignIn, SignUp, SignedIn, TokenCreated};
use std::net::SocketAddr;

/// Sign up.
#[utoipa::path(post, path = "/api/accounts", request_body = SignUp,
    responses((status = 201, body = Account), (status = 409, body = standoff_api::ErrorBody)))]
pub async fn sign_up(
    State(state): State<AppState>,
    Json(req): Json<SignUp>,
) -> Result<(StatusCode, Json<Account>), ApiError> {
    let account = accounts::sign_up(&state, req).await?;
    Ok((StatusCode::CREATED, Json(accounts::view(&account))))
}

/// Sign in: sets the session cookie; answers the CSRF token.
#[utoipa::path(post, path = "/api/session", request_body = SignIn,
    responses((status = 200, body = SignedIn), (status = 401, body = standoff_api::ErrorBody),
              (status = 429, body = standoff_api::ErrorBody)))]
pub async fn sign_in(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    jar: CookieJar,
    Json(req): Json<SignIn>,
) -> Result<(CookieJar, Json<SignedIn>), ApiError> {
    let (account, token, csrf) = accounts::sign_in(&state, req, peer.ip()).await?;
    let cookie = Cookie::build((SESSION_COOKIE, token))
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(state.config.secure_cookies)
        .path("/")
        .build();
    Ok((
        jar.add(cookie),
        Json(SignedIn {
            account: accounts::view(&account),
            csrf_token: csrf,
        }),
    ))
}

/// Sign out (ends the cookie session).
#[utoipa::path(delete, path = "/api/session", responses((status = 204)))]
pub async fn sign_out(
    State(state): State<AppState>,
    user: CurrentUser,
    jar: CookieJar,
) -> Result<(CookieJar, StatusCode), ApiError> {
    if let Credential::Cookie(hash) = &user.credential {
        state.storage.delete_session(hash).await?;
    }
    Ok((
        jar.remove(Cookie::build(SESSION_COOKIE).path("/")),
        StatusCode::NO_CONTENT,
    ))
}

/// Create a bearer API token.
#[utoipa::path(post, path = "/api/tokens", request_body = CreateToken,
    responses((status = 201, body = TokenCreated)))]
pub async fn create_token(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(req): Json<CreateToken>,
) -> Result<(StatusCode, Json<TokenCreated>), ApiError> {
    let token = accounts::create_token(&state, &user.account, &req.name).await?;
    Ok((
        StatusCode::CREATED,
        Json(TokenCreated {
            name: req.name,
            token,
        }),
    ))
}

/// My account and games.
#[utoipa::path(get, path = "/api/me", responses((status = 200, body = Me)))]
pub async fn me(State(state): State<AppState>, user: CurrentUser) -> Result<Json<Me>, ApiError> {
    let games = games::games_of(&state, &user.account).await?;
    Ok(Json(Me {
        account: accounts::view(&user.account),
        games,
    }))
}
