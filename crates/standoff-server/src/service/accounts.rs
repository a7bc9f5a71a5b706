//! Accounts: sign-up rules, password hashing (argon2), sign-in with its rate limit,
//! sessions and API tokens.

use crate::http::auth::{new_token, token_hash};
use crate::http::ApiError;
use crate::storage::{AccountRow, StorageError};
use crate::AppState;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use std::net::IpAddr;

/// The API's view of an account.
pub fn view(a: &AccountRow) -> standoff_api::Account {
    standoff_api::Account {
        id: a.id,
        username: a.username.clone(),
        is_admin: a.is_admin,
    }
}

fn check_username(name: &str) -> Result<(), ApiError> {
    let ok_chars = name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.'));
    if !(3..=32).contains(&name.len()) || !ok_chars {
        return Err(ApiError::BadRequest(
            "a username has 3 to 32 letters, digits, `_`, `-` or `.`".into(),
        ));
    }
    Ok(())
}

async fn hash_password(password: String) -> Result<String, ApiError> {
    super::off_the_workers(move || {
        let salt = SaltString::generate(&mut argon2::password_hash::rand_core::OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| ApiError::Internal(format!("hashing: {e}")))
    })
    .await
}

async fn verify_password(password: String, hash: String) -> Result<bool, ApiError> {
    super::off_the_workers(move || {
        let parsed = PasswordHash::new(&hash)
            .map_err(|e| ApiError::Internal(format!("stored hash: {e}")))?;
        Ok(Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok())
    })
    .await
}

/// Creates an account.
pub async fn sign_up(state: &AppState, req: standoff_api::SignUp) -> Result<AccountRow, ApiError> {
    check_username(&req.username)?;
    if req.password.chars().count() < 8 || req.password.len() > 1024 {
        return Err(ApiError::BadRequest(
            "a password has at least 8 characters (and at most 1024 bytes)".into(),
        ));
    }
    if let Some(email) = &req.email {
        if !email.contains('@') || email.len() > 254 {
            return Err(ApiError::BadRequest(format!(
                "`{email}` is not an e-mail address"
            )));
        }
    }
    let hash = hash_password(req.password).await?;
    let now = state.clock.now_ms();
    match state
        .storage
        .create_account(
            &req.username,
            &hash,
            req.email.as_deref(),
            state.config.admin.as_deref(),
            now,
        )
        .await
    {
        Ok(a) => Ok(a),
        Err(StorageError::Duplicate) => Err(ApiError::Conflict(format!(
            "the username `{}` is taken",
            req.username
        ))),
        Err(e) => Err(e.into()),
    }
}

/// Signs in: the account, the session token (for the cookie) and the CSRF token.
pub async fn sign_in(
    state: &AppState,
    req: standoff_api::SignIn,
    ip: IpAddr,
) -> Result<(AccountRow, String, String), ApiError> {
    let now = state.clock.now_ms();
    let limit = &state.sign_in_limit;
    if !limit.allowed(&req.username, ip, now) {
        return Err(ApiError::TooManyRequests(
            "too many failed sign-ins for this username: wait and try again".into(),
        ));
    }
    let account = state.storage.account_by_name(&req.username).await?;
    let verified = match &account {
        Some(a) => verify_password(req.password, a.password_hash.clone()).await?,
        None => false,
    };
    let Some(account) = account.filter(|_| verified) else {
        limit.failed(&req.username, ip, now);
        return Err(ApiError::Unauthorized("wrong username or password".into()));
    };
    limit.succeeded(&req.username, ip);
    // Expired sessions are swept at each sign-in (they are refused anyway; this keeps
    // the table from growing without end).
    state.storage.delete_expired_sessions(now).await?;
    let token = new_token();
    let csrf = new_token();
    let length = i64::try_from(state.config.session_length.as_millis()).unwrap_or(i64::MAX);
    state
        .storage
        .create_session(
            &token_hash(&token),
            account.id,
            &csrf,
            now.saturating_add(length),
        )
        .await?;
    Ok((account, token, csrf))
}

/// Creates a bearer token for `account`.
pub async fn create_token(
    state: &AppState,
    account: &AccountRow,
    name: &str,
) -> Result<String, ApiError> {
    if name.trim().is_empty() || name.len() > 100 {
        return Err(ApiError::BadRequest(
            "a token name has 1 to 100 characters".into(),
        ));
    }
    let token = new_token();
    state
        .storage
        .create_api_token(&token_hash(&token), account.id, name, state.clock.now_ms())
        .await?;
    Ok(token)
}
