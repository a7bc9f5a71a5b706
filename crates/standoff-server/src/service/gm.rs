//! Gamemaster actions: pause and resume (the deadline stops; the time left is kept and
//! given back on resume), extend the deadline, process the phase now, replace a player
//! (a new player takes over a power — typically one in civil disorder; the GM decides
//! when), and end the game (a draw among chosen powers, or abandoned: unrated). Only the
//! game's GM or the site admin; every action changes the game inside its transaction.

use super::games::is_gm;
use super::process::{process, Processing, Trigger};
use super::results::{self, Ending};
use super::{settings_of, status_of};
use crate::http::ApiError;
use crate::storage::{AccountRow, GameChange, GameRow, GameSnapshot, PlayerRow};
use crate::AppState;
use standoff::phase::parse_phase;
use standoff_api::{EndGame, ExtendDeadline, GameStatus, GmDone, GmEnding, ReplacePlayer};

/// The longest extension, in minutes (30 days).
pub const MAX_EXTENSION_MINUTES: u32 = 43_200;

async fn gm_game(state: &AppState, account: &AccountRow, id: i64) -> Result<GameRow, ApiError> {
    let game = state
        .storage
        .game(id)
        .await?
        .ok_or_else(|| ApiError::no_game(id))?;
    if !is_gm(&game, account) {
        let players = state.storage.players(id).await?;
        if !super::games::may_see(&game, &players, Some(account)) {
            return Err(ApiError::no_game(id));
        }
        return Err(ApiError::Forbidden(
            "only the game's GM or the site admin may do this".into(),
        ));
    }
    Ok(game)
}

/// Runs `change` on the game in its transaction; a refusal is handed back.
async fn change(
    state: &AppState,
    id: i64,
    mut decide: impl FnMut(&GameSnapshot) -> Result<GameChange, ApiError> + Send,
) -> Result<(), ApiError> {
    state
        .storage
        .change_game(id, false, &mut decide)
        .await?
        .into_reply(id)
}

async fn done(state: &AppState, id: i64, action: &str) -> Result<GmDone, ApiError> {
    let game = state
        .storage
        .game(id)
        .await?
        .ok_or_else(|| ApiError::no_game(id))?;
    Ok(GmDone {
        action: action.to_string(),
        status: status_of(&game)?,
        deadline: game.deadline_at.map(crate::clock::from_ms),
        phase_number: game.phase_no,
    })
}

fn require(game: &GameRow, wanted: &[GameStatus], what: &str) -> Result<(), ApiError> {
    let status = status_of(game)?;
    if wanted.contains(&status) {
        Ok(())
    } else {
        Err(ApiError::Conflict(format!(
            "cannot {what}: the game is {}",
            status.as_str()
        )))
    }
}

/// Pauses an active game: no deadline runs until it is resumed.
pub async fn pause(state: &AppState, account: &AccountRow, id: i64) -> Result<GmDone, ApiError> {
    gm_game(state, account, id).await?;
    let now = state.clock.now_ms();
    let mut remaining = None;
    change(state, id, |snap| {
        require(&snap.game, &[GameStatus::Active], "pause")?;
        remaining = snap.game.deadline_at.map(|d| (d - now).max(0));
        Ok(GameChange {
            game: Some(GameRow {
                status: GameStatus::Paused.as_str().to_string(),
                deadline_at: None,
                ..snap.game.clone()
            }),
            ..GameChange::default()
        })
    })
    .await?;
    state.storage.set_paused_remaining(id, remaining).await?;
    done(state, id, "pause").await
}

/// Resumes a paused game with the time that was left at the pause (a full phase
/// length if none was kept).
pub async fn resume(state: &AppState, account: &AccountRow, id: i64) -> Result<GmDone, ApiError> {
    gm_game(state, account, id).await?;
    let kept = state.storage.paused_remaining(id).await?;
    let now = state.clock.now();
    change(state, id, |snap| {
        require(&snap.game, &[GameStatus::Paused], "resume")?;
        let deadline = match kept {
            Some(ms) => now.timestamp_millis() + ms,
            None => {
                let settings = settings_of(&snap.game)?;
                let kind = parse_phase(&snap.game.phase)
                    .ok_or_else(|| {
                        ApiError::Internal(format!("game {id}: phase `{}`", snap.game.phase))
                    })?
                    .kind;
                super::deadlines::deadline(&settings.deadlines, kind, now).timestamp_millis()
            }
        };
        Ok(GameChange {
            game: Some(GameRow {
                status: GameStatus::Active.as_str().to_string(),
                deadline_at: Some(deadline),
                ..snap.game.clone()
            }),
            ..GameChange::default()
        })
    })
    .await?;
    state.storage.set_paused_remaining(id, None).await?;
    done(state, id, "resume").await
}

/// Moves the current deadline later.
pub async fn extend(
    state: &AppState,
    account: &AccountRow,
    id: i64,
    request: ExtendDeadline,
) -> Result<GmDone, ApiError> {
    gm_game(state, account, id).await?;
    if request.minutes == 0 || request.minutes > MAX_EXTENSION_MINUTES {
        return Err(ApiError::BadRequest(format!(
            "minutes is 1 to {MAX_EXTENSION_MINUTES}"
        )));
    }
    let now = state.clock.now_ms();
    let by = i64::from(request.minutes) * 60_000;
    change(state, id, |snap| {
        require(&snap.game, &[GameStatus::Active], "extend the deadline")?;
        let from = snap.game.deadline_at.unwrap_or(now).max(now);
        Ok(GameChange {
            game: Some(GameRow {
                deadline_at: Some(from + by),
                ..snap.game.clone()
            }),
            ..GameChange::default()
        })
    })
    .await?;
    done(state, id, "extend").await
}

/// Processes the current phase now, whatever the deadline (missed orders: civil
/// disorder, as at a deadline).
pub async fn process_now(
    state: &AppState,
    account: &AccountRow,
    id: i64,
) -> Result<GmDone, ApiError> {
    let game = gm_game(state, account, id).await?;
    require(&game, &[GameStatus::Active], "process")?;
    match process(state, id, Trigger::Now, state.clock.now()).await? {
        Processing::Processed(_) => {
            results::record_if_over(state, id).await?;
            done(state, id, "process").await
        }
        Processing::Extended | Processing::Nothing => Err(ApiError::Conflict(
            "nothing was processed (the game is not active, already over, or busy)".into(),
        )),
    }
}

/// A new player takes over a power.
pub async fn replace(
    state: &AppState,
    account: &AccountRow,
    id: i64,
    request: ReplacePlayer,
) -> Result<GmDone, ApiError> {
    let game = gm_game(state, account, id).await?;
    let variant = state.sessions.variant(&game)?;
    let power = variant
        .powers
        .iter()
        .find(|p| p.name.eq_ignore_ascii_case(request.power.trim()))
        .map(|p| p.name.clone())
        .ok_or_else(|| {
            ApiError::BadRequest(format!("{:?} is not a power of this game", request.power))
        })?;
    let newcomer = state
        .storage
        .account_by_name(request.username.trim())
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no account {:?}", request.username)))?;
    let now = state.clock.now_ms();
    change(state, id, |snap| {
        require(
            &snap.game,
            &[GameStatus::Active, GameStatus::Paused],
            "replace a player",
        )?;
        if snap.players.iter().any(|p| p.account_id == newcomer.id) {
            return Err(ApiError::Conflict(format!(
                "{} already plays in this game",
                newcomer.username
            )));
        }
        // The replaced player leaves the game: no power, no press, no view of a
        // private game.
        let removed_players: Vec<i64> = snap
            .players
            .iter()
            .filter(|p| p.power.as_deref() == Some(power.as_str()))
            .map(|p| p.account_id)
            .collect();
        let players = vec![PlayerRow {
            game_id: id,
            account_id: newcomer.id,
            username: newcomer.username.clone(),
            power: Some(power.clone()),
            preferences: "null".into(),
            joined_at: now,
        }];
        Ok(GameChange {
            players,
            removed_players,
            ..GameChange::default()
        })
    })
    .await?;
    done(state, id, "replace").await
}

/// Ends the game: a draw among the chosen powers, or abandoned (unrated).
pub async fn end(
    state: &AppState,
    account: &AccountRow,
    id: i64,
    request: EndGame,
) -> Result<GmDone, ApiError> {
    let game = gm_game(state, account, id).await?;
    let variant = state.sessions.variant(&game)?;
    let ending = match request.result {
        GmEnding::Abandoned => {
            if !request.powers.is_empty() {
                return Err(ApiError::BadRequest(
                    "an abandoned game names no powers".into(),
                ));
            }
            Ending::Abandoned
        }
        GmEnding::Draw => {
            let mut powers = Vec::new();
            for name in &request.powers {
                let power = variant.find_power(name.trim()).ok_or_else(|| {
                    ApiError::BadRequest(format!("{name:?} is not a power of this game"))
                })?;
                if powers.contains(&power) {
                    return Err(ApiError::BadRequest(format!("{name} is named twice")));
                }
                powers.push(power);
            }
            if powers.is_empty() {
                return Err(ApiError::BadRequest(
                    "a draw needs the powers sharing it".into(),
                ));
            }
            Ending::Draw(powers)
        }
    };
    results::finish(state, id, None, ending).await?;
    done(state, id, "end").await
}
