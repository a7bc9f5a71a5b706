//! Orders: a player's submission for the current phase (checked at once by the core's
//! session), ready flags, legal orders. Orders are shown only to the power that gave
//! them until the phase is processed.

use super::games::may_see;
use super::{power_of, session_of, status_of};
use crate::http::ApiError;
use crate::storage::{AccountRow, Changed, GameChange, GameSnapshot, SubmissionRow};
use crate::AppState;
use standoff::session::{OrderCheck, Session};
use standoff::PhaseKind;
use standoff_api::{GameStatus, OrderCheckView, OrdersView};

/// Most entries in one submission, and longest entry.
const MAX_ENTRIES: usize = 200;
const MAX_ENTRY_LEN: usize = 1000;

/// The API's view of one check.
pub fn check_view(c: &OrderCheck) -> OrderCheckView {
    OrderCheckView {
        text: c.text.clone(),
        read_as: c.read_as.clone(),
        error: c.problem().map(str::to_string),
    }
}

/// A session with the stored submissions of its current phase replayed.
pub fn session_with_submissions(
    snap_game: &crate::storage::GameRow,
    submissions: &[SubmissionRow],
) -> Result<Session, ApiError> {
    let mut session = session_of(snap_game)?;
    replay_submissions(&mut session, submissions)?;
    Ok(session)
}

/// Replays the stored submissions of the current phase into `session`.
pub fn replay_submissions(
    session: &mut Session,
    submissions: &[SubmissionRow],
) -> Result<(), ApiError> {
    if session.is_over() {
        return Ok(());
    }
    for s in submissions {
        let Some(lines) = &s.lines else { continue };
        let entries: Vec<String> = serde_json::from_str(lines)?;
        let power = session.find_power(&s.power)?;
        session.submit(power, &entries)?;
    }
    Ok(())
}

/// The view of one power's submission.
pub fn orders_view(
    session: &Session,
    phase_no: i64,
    power_name: &str,
    row: Option<&SubmissionRow>,
) -> Result<OrdersView, ApiError> {
    let power = session.find_power(power_name)?;
    let checks = session.orders(power);
    Ok(OrdersView {
        phase: session.record().game.position.phase().to_string(),
        phase_number: phase_no,
        power: power_name.to_string(),
        submitted: checks.is_some(),
        orders: checks.unwrap_or_default().iter().map(check_view).collect(),
        ready: row.is_some_and(|r| r.ready),
    })
}

/// The caller's power in a game it may order in, or why not.
fn my_power<'a>(
    snap: &'a GameSnapshot,
    account: &AccountRow,
    id: i64,
) -> Result<&'a str, ApiError> {
    if !may_see(&snap.game, &snap.players, Some(account)) {
        return Err(ApiError::no_game(id));
    }
    if !snap.players.iter().any(|p| p.account_id == account.id) {
        return Err(ApiError::Forbidden("you do not play in this game".into()));
    }
    match status_of(&snap.game)? {
        GameStatus::Active | GameStatus::Paused => {}
        GameStatus::Forming => return Err(ApiError::Conflict("the game has not started".into())),
        GameStatus::Finished => {
            return Err(ApiError::Conflict(
                "the game is over: no more orders".into(),
            ))
        }
    }
    power_of(&snap.players, account.id)
        .ok_or_else(|| ApiError::Forbidden("you do not play a power in this game".into()))
}

fn outcome(changed: Changed, id: i64) -> Result<(), ApiError> {
    changed.into_reply(id)
}

/// Replaces the caller's orders for the current phase; answers how each line is read.
/// The answer comes after the orders are durably stored.
pub async fn submit(
    state: &AppState,
    account: &AccountRow,
    id: i64,
    entries: Vec<String>,
    expected_phase: Option<i64>,
) -> Result<OrdersView, ApiError> {
    if entries.len() > MAX_ENTRIES || entries.iter().any(|e| e.len() > MAX_ENTRY_LEN) {
        return Err(ApiError::BadRequest(format!(
            "at most {MAX_ENTRIES} orders of at most {MAX_ENTRY_LEN} bytes each"
        )));
    }
    let now = state.clock.now_ms();
    let mut answer = None;
    let mut decide = |snap: &GameSnapshot| -> Result<GameChange, ApiError> {
        let power_name = my_power(snap, account, id)?;
        if expected_phase.is_some_and(|n| n != snap.game.phase_no) {
            return Err(ApiError::Conflict(format!(
                "phase {} has been processed; the game is at {}",
                expected_phase.unwrap_or_default(),
                snap.game.phase
            )));
        }
        let mut session = state.sessions.session(&snap.game)?;
        let power = session.find_power(power_name)?;
        session.submit(power, &entries)?;
        let previous = snap.submissions.iter().find(|s| s.power == power_name);
        let row = SubmissionRow {
            phase_no: snap.game.phase_no,
            power: power_name.to_string(),
            lines: Some(serde_json::to_string(&entries)?),
            ready: previous.is_some_and(|p| p.ready),
            updated_at: now,
        };
        answer = Some(orders_view(
            &session,
            snap.game.phase_no,
            power_name,
            Some(&row),
        )?);
        Ok(GameChange {
            submissions: vec![row],
            ..GameChange::default()
        })
    };
    // Only this power's submission is written: the players of a game submit side by
    // side; processing still excludes them.
    outcome(state.storage.change_submissions(id, &mut decide).await?, id)?;
    // Readiness is unchanged by new orders, so there is nothing to process early here.
    answer.ok_or_else(|| ApiError::Internal("no answer".into()))
}

/// Sets the caller's ready flag.
pub async fn set_ready(
    state: &AppState,
    account: &AccountRow,
    id: i64,
    ready: bool,
) -> Result<(), ApiError> {
    let now = state.clock.now_ms();
    let mut decide = |snap: &GameSnapshot| -> Result<GameChange, ApiError> {
        let power_name = my_power(snap, account, id)?;
        let previous = snap.submissions.iter().find(|s| s.power == power_name);
        Ok(GameChange {
            submissions: vec![SubmissionRow {
                phase_no: snap.game.phase_no,
                power: power_name.to_string(),
                lines: previous.and_then(|p| p.lines.clone()),
                ready,
                updated_at: now,
            }],
            ..GameChange::default()
        })
    };
    outcome(state.storage.change_game(id, false, &mut decide).await?, id)?;
    super::process::process_if_ready(state, id).await?;
    Ok(())
}

/// The caller's orders for the current phase.
pub async fn current(
    state: &AppState,
    account: &AccountRow,
    id: i64,
) -> Result<OrdersView, ApiError> {
    let game = state
        .storage
        .game(id)
        .await?
        .ok_or_else(|| ApiError::no_game(id))?;
    let players = state.storage.players(id).await?;
    let submissions = state.storage.submissions(id, game.phase_no).await?;
    let snap = GameSnapshot {
        game,
        players,
        submissions,
    };
    let power = my_power(&snap, account, id)?;
    // Only the caller's own submission is replayed: it is all the answer shows.
    let mut session = state.sessions.session(&snap.game)?;
    let row = snap.submissions.iter().find(|s| s.power == power);
    replay_submissions(
        &mut session,
        row.map(std::slice::from_ref).unwrap_or_default(),
    )?;
    orders_view(&session, snap.game.phase_no, power, row)
}

/// Every legal order of the caller's units this phase.
pub async fn legal(
    state: &AppState,
    account: &AccountRow,
    id: i64,
) -> Result<standoff_api::LegalOrders, ApiError> {
    let game = state
        .storage
        .game(id)
        .await?
        .ok_or_else(|| ApiError::no_game(id))?;
    let players = state.storage.players(id).await?;
    let snap = GameSnapshot {
        game,
        players,
        submissions: Vec::new(),
    };
    let power_name = my_power(&snap, account, id)?;
    let session = state.sessions.session(&snap.game)?;
    let power = session.find_power(power_name)?;
    let variant = session.variant();
    let position = &session.record().game.position;
    let orders = match position.phase().kind {
        PhaseKind::Adjustment => standoff::legal::power_adjustment_orders(variant, position, power),
        _ => standoff::legal::all_orders(variant, position)
            .into_iter()
            .filter(|o| o.power == power)
            .collect(),
    };
    Ok(standoff_api::LegalOrders {
        power: power_name.to_string(),
        phase: position.phase().to_string(),
        orders: orders
            .iter()
            .map(|o| standoff::session::canonical(variant, o))
            .collect(),
    })
}
