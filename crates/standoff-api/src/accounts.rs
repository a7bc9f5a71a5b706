//! Accounts, sign-in sessions and API tokens.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// `POST /api/accounts`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SignUp {
    /// 3 to 32 letters, digits, `_`, `-` or `.`.
    pub username: String,
    /// At least 8 characters.
    pub password: String,
    /// For notifications (optional).
    #[serde(default)]
    pub email: Option<String>,
}

/// `POST /api/session`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SignIn {
    /// The account's name.
    pub username: String,
    /// Its password.
    pub password: String,
}

/// An account as others may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Account {
    /// Account id.
    pub id: i64,
    /// Name.
    pub username: String,
    /// Whether the account is the site admin.
    pub is_admin: bool,
}

/// The answer to a sign-in: the session cookie is set; cookie-authenticated requests
/// that change state must send `csrf_token` in the `X-CSRF-Token` header.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct SignedIn {
    /// The account signed in.
    pub account: Account,
    /// Send as `X-CSRF-Token` with every POST, PUT, PATCH or DELETE.
    pub csrf_token: String,
}

/// `POST /api/tokens`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateToken {
    /// A name to recognise the token by.
    pub name: String,
}

/// A new bearer token; shown once (the server keeps only its hash).
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct TokenCreated {
    /// The token's name.
    pub name: String,
    /// Send as `Authorization: Bearer <token>`.
    pub token: String,
}

/// `GET /api/me`.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct Me {
    /// The account.
    pub account: Account,
    /// The games it plays in or manages.
    pub games: Vec<crate::GameSummary>,
}
