//! Orders from bots (the DAIDE listener): a submission and its ready flag stored in one
//! transaction, then an early processing if everyone is ready — what a person does with
//! `PUT /orders` and `POST /ready`, in one write instead of two. The checks are the
//! same as for people (the caller's power, the phase, the game's status).

use super::{power_of, session_of, status_of};
use crate::http::ApiError;
use crate::storage::{AccountRow, GameChange, GameSnapshot, SubmissionRow};
use crate::AppState;
use standoff_api::GameStatus;

/// Replaces the caller's orders for phase `phase_no` with `entries` and sets its ready
/// flag, then processes the phase if every player with orders due is ready.
pub async fn submit_ready(
    state: &AppState,
    account: &AccountRow,
    id: i64,
    entries: Vec<String>,
    ready: bool,
    phase_no: i64,
) -> Result<(), ApiError> {
    let now = state.clock.now_ms();
    let mut everyone_ready = false;
    let mut decide = |snap: &GameSnapshot| -> Result<GameChange, ApiError> {
        if status_of(&snap.game)? != GameStatus::Active {
            return Err(ApiError::Conflict("the game is not being played".into()));
        }
        let power_name = power_of(&snap.players, account.id)
            .ok_or_else(|| ApiError::Forbidden("you do not play a power in this game".into()))?;
        if snap.game.phase_no != phase_no {
            return Err(ApiError::Conflict(format!(
                "phase {phase_no} has been processed; the game is at {}",
                snap.game.phase
            )));
        }
        // The session checks the lines (and refuses a game that is over).
        let mut session = session_of(&snap.game)?;
        let power = session.find_power(power_name)?;
        session.submit(power, &entries)?;
        // Whether this makes every player with orders due ready (then the phase is
        // processed right after; otherwise nobody needs to look).
        let variant = session.variant();
        everyone_ready = ready
            && session.powers_with_orders_due().iter().all(|p| {
                let name = variant.power_name(*p);
                name == power_name
                    || !snap
                        .players
                        .iter()
                        .any(|pl| pl.power.as_deref() == Some(name))
                    || snap.submissions.iter().any(|s| s.power == name && s.ready)
            });
        Ok(GameChange {
            submissions: vec![SubmissionRow {
                phase_no,
                power: power_name.to_string(),
                lines: Some(serde_json::to_string(&entries)?),
                ready,
                updated_at: now,
            }],
            ..GameChange::default()
        })
    };
    state
        .storage
        .change_game(id, false, &mut decide)
        .await?
        .into_reply(id)?;
    if everyone_ready {
        super::process::process_if_ready(state, id).await?;
    }
    Ok(())
}
