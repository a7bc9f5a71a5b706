//! The demo game `standoff serve --demo` sets up on a fresh database: a gamemaster and
//! seven players (one per power of the standard map) and a started game, made through
//! the same service calls the API uses, so the demo is an ordinary game.

use crate::http::ApiError;
use crate::storage::AccountRow;
use crate::AppState;
use standoff_api::{CreateGame, Deadlines, JoinGame, Preferences, SignUp};

/// The demo accounts' password (the demo is for trying the judge on one's own machine:
/// `standoff serve` refuses `--demo` on an address other than loopback).
pub const DEMO_PASSWORD: &str = "demo-password";

/// The gamemaster's user name; the players are `demo-<power>` (`demo-england`).
pub const DEMO_GM: &str = "demo-gm";

/// What the demo set up, for the start-up message.
#[derive(Clone, Debug)]
pub struct Demo {
    /// The game's id.
    pub game_id: i64,
    /// The accounts: the GM first, then one per power.
    pub usernames: Vec<String>,
    /// Whether this start created it (`false`: an earlier start did).
    pub created: bool,
}

/// Sets up the demo unless an earlier start did (the GM account exists).
pub async fn set_up(state: &AppState) -> Result<Demo, ApiError> {
    let variant = standoff::variant::builtin_arc("standard")
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    let players: Vec<String> = variant
        .powers
        .iter()
        .map(|p| format!("demo-{}", p.name.to_lowercase()))
        .collect();
    let mut usernames = vec![DEMO_GM.to_string()];
    usernames.extend(players.iter().cloned());
    if let Some(gm) = state.storage.account_by_name(DEMO_GM).await? {
        let game_id = state
            .storage
            .games_of(gm.id)
            .await?
            .first()
            .map(|g| g.id)
            .unwrap_or(0);
        return Ok(Demo {
            game_id,
            usernames,
            created: false,
        });
    }
    let gm = sign_up(state, DEMO_GM).await?;
    let game = CreateGame {
        bots: Default::default(),
        name: "Demo game".into(),
        variant: Some("standard".into()),
        variant_upload: None,
        rules: Some("datc".into()),
        deadlines: Deadlines::default(),
        press: Default::default(),
        anonymous: false,
        private: false,
        end: Default::default(),
        assignment: Default::default(),
        auto_start: true,
    };
    let game_id = super::games::create(state, &gm, game).await?;
    for (name, power) in players.iter().zip(&variant.powers) {
        let account = sign_up(state, name).await?;
        let join = JoinGame {
            preferences: Some(Preferences::List(vec![power.name.clone()])),
            invite: None,
        };
        super::games::join(state, &account, game_id, join).await?;
    }
    Ok(Demo {
        game_id,
        usernames,
        created: true,
    })
}

async fn sign_up(state: &AppState, username: &str) -> Result<AccountRow, ApiError> {
    super::accounts::sign_up(
        state,
        SignUp {
            username: username.to_string(),
            password: DEMO_PASSWORD.to_string(),
            email: None,
        },
    )
    .await
}
