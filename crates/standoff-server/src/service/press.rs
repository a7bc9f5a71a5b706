//! Press: who may send which message, who may read it.
//!
//! - Players send as their power: private or group messages to other powers
//!   (`to: ["England", ...]`), public announcements (`"all"`), or a note to the GM
//!   (`"gm"`). The game's press setting limits this: `none` (gunboat) allows players no
//!   press at all, `public_only` allows only announcements; a note to the GM is allowed
//!   under `full` and `public_only` only (gunboat is silence).
//! - The GM (or the site admin) sends GM notices: to everyone or to chosen powers,
//!   whatever the press setting.
//! - A player reads announcements, notices to everyone, and messages sent to or by their
//!   power (a player who takes over a power reads its earlier press). The GM and the
//!   site admin read everything when they do not play in the game; a GM (or admin) who
//!   also plays a power reads what that power reads, plus the notes sent to the GM.
//!   Nobody else reads anything: not other players, not replaced players, not
//!   non-members, not even the public announcements of a game they are not in.
//! - In anonymous games the sender is shown as the power only; the player's name is
//!   shown to the GM alone.
//! - Press is open while the game is forming, active or paused; a finished game's press
//!   can still be read but no longer sent.
//! - Every message is stored with the phase it was sent in.

use super::{power_of, settings_of, status_of};
use crate::http::ApiError;
use crate::storage::press::{MessageRow, NewMessage};
use crate::storage::{AccountRow, GameRow, PlayerRow};
use crate::AppState;
use chrono::TimeZone;
use standoff_api::{GameStatus, MessageList, MessageTo, MessageView, PressSetting, SendMessage};

/// The longest message, in characters.
pub const MAX_BODY_CHARS: usize = 10_000;
/// The most messages one read returns.
pub const MAX_PAGE: i64 = 500;

/// Who the caller is in a game, for press.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PressRole {
    /// Plays this power.
    Power(String),
    /// The game's GM or the site admin (who do not play in it).
    Gamemaster,
}

/// The caller's role: their power if they play one, else GM if they are the game's GM
/// or the site admin; anyone else is refused.
pub fn role_of(
    game: &GameRow,
    players: &[PlayerRow],
    account: &AccountRow,
) -> Result<PressRole, ApiError> {
    if let Some(power) = power_of(players, account.id) {
        return Ok(PressRole::Power(power.to_string()));
    }
    if account.id == game.gm_id || account.is_admin {
        return Ok(PressRole::Gamemaster);
    }
    Err(ApiError::Forbidden(
        "only the game's players (once powers are assigned) and its GM take part in its press"
            .into(),
    ))
}

/// Whether the caller manages the game (its GM or the site admin).
fn manages(game: &GameRow, account: &AccountRow) -> bool {
    account.id == game.gm_id || account.is_admin
}

/// The recipients of a message, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Recipients {
    to_all: bool,
    to_gm: bool,
    powers: Vec<String>,
}

fn recipients(
    to: &MessageTo,
    role: &PressRole,
    variant_powers: &[String],
) -> Result<Recipients, ApiError> {
    match to {
        MessageTo::Word(word) => match word.trim().to_ascii_lowercase().as_str() {
            "all" => Ok(Recipients {
                to_all: true,
                to_gm: false,
                powers: Vec::new(),
            }),
            "gm" => match role {
                PressRole::Gamemaster => Err(ApiError::BadRequest(
                    "the GM writes to \"all\" or to a list of powers".into(),
                )),
                PressRole::Power(_) => Ok(Recipients {
                    to_all: false,
                    to_gm: true,
                    powers: Vec::new(),
                }),
            },
            other => Err(ApiError::BadRequest(format!(
                "`to` is \"all\", \"gm\" or a list of powers, not {other:?}"
            ))),
        },
        MessageTo::Powers(names) => {
            if names.is_empty() {
                return Err(ApiError::BadRequest("`to` names no power".into()));
            }
            let mut powers: Vec<String> = Vec::with_capacity(names.len());
            for name in names {
                let Some(power) = variant_powers
                    .iter()
                    .find(|p| p.eq_ignore_ascii_case(name.trim()))
                else {
                    return Err(ApiError::BadRequest(format!(
                        "{name:?} is not a power of this game ({})",
                        variant_powers.join(", ")
                    )));
                };
                if let PressRole::Power(me) = role {
                    if me == power {
                        return Err(ApiError::BadRequest(format!(
                            "{power} is your own power: write to others"
                        )));
                    }
                }
                if powers.contains(power) {
                    return Err(ApiError::BadRequest(format!("{power} is named twice")));
                }
                powers.push(power.clone());
            }
            Ok(Recipients {
                to_all: false,
                to_gm: false,
                powers,
            })
        }
    }
}

/// Whether the press setting lets a player send this.
fn allowed(setting: PressSetting, to: &Recipients) -> Result<(), ApiError> {
    match setting {
        PressSetting::Full => Ok(()),
        PressSetting::PublicOnly if to.to_all || to.to_gm => Ok(()),
        PressSetting::PublicOnly => Err(ApiError::Forbidden(
            "this game allows public announcements only (press: public_only)".into(),
        )),
        PressSetting::None => Err(ApiError::Forbidden(
            "this game is gunboat: players send no press (press: none)".into(),
        )),
    }
}

/// A message a power sent, announced after it is stored (the DAIDE listener hands it
/// to the bots it is for).
#[derive(Debug, Clone)]
pub struct PressSent {
    /// The game.
    pub game_id: i64,
    /// The sending power.
    pub from_power: String,
    /// The powers it is for (every other power for a public message).
    pub to_powers: Vec<String>,
    /// The text as written.
    pub body: String,
}

/// Sends a message; returns it as the sender sees it.
pub async fn send(
    state: &AppState,
    account: &AccountRow,
    game_id: i64,
    request: SendMessage,
) -> Result<MessageView, ApiError> {
    let game = state
        .storage
        .game(game_id)
        .await?
        .ok_or_else(|| ApiError::no_game(game_id))?;
    let players = state.storage.players(game_id).await?;
    let role = role_of(&game, &players, account)?;
    if status_of(&game)? == GameStatus::Finished {
        return Err(ApiError::Conflict(
            "the game is over: its press is closed".into(),
        ));
    }
    let body = request.body.trim_end();
    if body.trim().is_empty() {
        return Err(ApiError::BadRequest("the message is empty".into()));
    }
    if body.chars().count() > MAX_BODY_CHARS {
        return Err(ApiError::BadRequest(format!(
            "a message has at most {MAX_BODY_CHARS} characters"
        )));
    }
    let variant = state.sessions.variant(&game)?;
    let names: Vec<String> = variant.powers.iter().map(|p| p.name.clone()).collect();
    let to = recipients(&request.to, &role, &names)?;
    if let PressRole::Power(_) = role {
        allowed(settings_of(&game)?.press, &to)?;
    }
    let message = NewMessage {
        game_id,
        phase_no: game.phase_no,
        phase: game.phase.clone(),
        sender_id: account.id,
        sender_power: match &role {
            PressRole::Power(power) => Some(power.clone()),
            PressRole::Gamemaster => None,
        },
        to_all: to.to_all,
        to_gm: to.to_gm,
        recipients: serde_json::to_string(&to.powers)?,
        body: body.to_string(),
        sent_at: state.clock.now_ms(),
    };
    let id = state.storage.add_message(&message).await?;
    if let Some(from) = &message.sender_power {
        let to_powers = if message.to_all {
            names.iter().filter(|n| *n != from).cloned().collect()
        } else {
            to.powers.clone()
        };
        // Nobody listening (no DAIDE listener) is fine.
        let _ = state.press_sent.send(PressSent {
            game_id,
            from_power: from.clone(),
            to_powers,
            body: message.body.clone(),
        });
    }
    let row = MessageRow {
        id,
        message,
        sender_name: account.username.clone(),
    };
    view(&row, true)
}

/// Whether the reader may read a message: a non-playing GM everything; a player what
/// is public or sent to or by their power; a GM who plays, that and the notes to the GM
/// (`manager`).
pub fn readable(row: &MessageRow, role: &PressRole, manager: bool) -> bool {
    let PressRole::Power(power) = role else {
        return true;
    };
    let m = &row.message;
    if m.sender_power.as_deref() == Some(power.as_str()) {
        return true;
    }
    if m.to_all {
        return true;
    }
    if m.to_gm {
        return manager;
    }
    serde_json::from_str::<Vec<String>>(&m.recipients)
        .map(|powers| powers.iter().any(|p| p == power))
        .unwrap_or(false)
}

fn view(row: &MessageRow, show_player: bool) -> Result<MessageView, ApiError> {
    let m = &row.message;
    let sent_at = chrono::Utc
        .timestamp_millis_opt(m.sent_at)
        .single()
        .ok_or_else(|| ApiError::Internal(format!("message {}: bad time", row.id)))?;
    Ok(MessageView {
        id: row.id,
        phase: m.phase.clone(),
        phase_number: m.phase_no,
        from: m
            .sender_power
            .clone()
            .unwrap_or_else(|| "Gamemaster".to_string()),
        from_player: show_player.then(|| row.sender_name.clone()),
        to_all: m.to_all,
        to_gm: m.to_gm,
        to: serde_json::from_str(&m.recipients)?,
        body: m.body.clone(),
        sent_at,
    })
}

/// Reads the messages after `since` the caller may read (at most `limit`), oldest first,
/// and marks them read.
pub async fn list(
    state: &AppState,
    account: &AccountRow,
    game_id: i64,
    since: i64,
    limit: i64,
) -> Result<MessageList, ApiError> {
    if since < 0 || !(1..=MAX_PAGE).contains(&limit) {
        return Err(ApiError::BadRequest(format!(
            "`since` is a message id (0 or more) and `limit` is 1 to {MAX_PAGE}"
        )));
    }
    let game = state
        .storage
        .game(game_id)
        .await?
        .ok_or_else(|| ApiError::no_game(game_id))?;
    let players = state.storage.players(game_id).await?;
    let role = role_of(&game, &players, account)?;
    let manager = manages(&game, account);
    let anonymous = settings_of(&game)?.anonymous;
    let last_read = state.storage.last_read(game_id, account.id).await?;
    let mut out = Vec::new();
    let mut after = since;
    let mut newest_seen = 0;
    // Read in batches until the page is full or the game's press is exhausted.
    loop {
        let batch = state
            .storage
            .messages_after(game_id, after, MAX_PAGE)
            .await?;
        let Some(last) = batch.last() else { break };
        after = last.id;
        let exhausted = (batch.len() as i64) < MAX_PAGE;
        for row in &batch {
            if out.len() as i64 >= limit {
                break;
            }
            if readable(row, &role, manager) {
                let show_player = manager || !anonymous;
                out.push(view(row, show_player)?);
                newest_seen = row.id;
            }
        }
        if exhausted || out.len() as i64 >= limit {
            break;
        }
    }
    let unread = out.iter().filter(|m| m.id > last_read).count();
    if newest_seen > last_read {
        state
            .storage
            .mark_read(game_id, account.id, newest_seen)
            .await?;
    }
    Ok(MessageList {
        messages: out,
        unread,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn powers() -> Vec<String> {
        ["Austria", "England", "France"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    #[test]
    fn recipients_are_checked() {
        let me = PressRole::Power("France".into());
        let to = |v: &[&str]| MessageTo::Powers(v.iter().map(|s| s.to_string()).collect());
        assert!(recipients(&to(&["england", "Austria"]), &me, &powers()).is_ok());
        assert!(recipients(&to(&["France"]), &me, &powers()).is_err());
        assert!(recipients(&to(&["Spain"]), &me, &powers()).is_err());
        assert!(recipients(&to(&["England", "England"]), &me, &powers()).is_err());
        assert!(recipients(&to(&[]), &me, &powers()).is_err());
        assert!(recipients(
            &MessageTo::Word("gm".into()),
            &PressRole::Gamemaster,
            &powers()
        )
        .is_err());
        assert!(recipients(&MessageTo::Word("everyone".into()), &me, &powers()).is_err());
    }

    #[test]
    fn press_settings_limit_players() {
        let public = Recipients {
            to_all: true,
            to_gm: false,
            powers: vec![],
        };
        let private = Recipients {
            to_all: false,
            to_gm: false,
            powers: vec!["England".into()],
        };
        assert!(allowed(PressSetting::Full, &private).is_ok());
        assert!(allowed(PressSetting::PublicOnly, &public).is_ok());
        assert!(allowed(PressSetting::PublicOnly, &private).is_err());
        assert!(allowed(PressSetting::None, &public).is_err());
    }
}
