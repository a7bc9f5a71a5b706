//! Processing a phase: when its deadline has passed (the scheduler), or early when
//! every player with orders due is ready. Done inside the game's transaction, so each
//! phase is processed exactly once however many servers try. Missed orders are the
//! core's civil disorder (units hold, unretreated units disband, adjustments by rule).

use super::orders::{orders_view, replay_submissions};
use super::sessions::SessionCache;
use super::{settings_of, state_of, status_of};
use crate::http::ApiError;
use crate::storage::{Changed, GameChange, GameRow, GameSnapshot, PhaseRow};
use crate::AppState;
use chrono::{DateTime, Utc};
use standoff::report::{phase_report, Audience};
use standoff::session::canonical;
use standoff_api::GameStatus;

/// Why a phase is being processed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// The deadline has passed (or, with a grace period, the grace is over).
    Deadline,
    /// Every player with orders due is ready.
    AllReady,
    /// The GM said so.
    Now,
}

/// The outcome of one attempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Processing {
    /// Phases processed (more than one when phases with nothing to decide follow).
    Processed(usize),
    /// The deadline was moved by the grace period instead.
    Extended,
    /// Nothing to do (not due, not all ready, not active, or another server has it).
    Nothing,
}

/// Processes game `id` if `trigger` applies now.
pub async fn process(
    state: &AppState,
    id: i64,
    trigger: Trigger,
    now: DateTime<Utc>,
) -> Result<Processing, ApiError> {
    let mut result = Processing::Nothing;
    let mut decide = |snap: &GameSnapshot| -> Result<GameChange, ApiError> {
        let (change, outcome) = decide(snap, trigger, now, &state.sessions)?;
        result = outcome;
        Ok(change)
    };
    // The scheduler skips a game another server holds (it is being processed there);
    // an early processing waits for the lock instead, so it is never lost.
    let skip_locked = trigger == Trigger::Deadline;
    match state
        .storage
        .change_game(id, skip_locked, &mut decide)
        .await?
    {
        Changed::Done => {
            if let Processing::Processed(count) = result {
                let _ = state.processed.send(id);
                super::notify::after_processing(state, id, count).await;
            }
            Ok(result)
        }
        Changed::Busy | Changed::NotFound => Ok(Processing::Nothing),
        Changed::Refused(e) => Err(e),
    }
}

/// Processes game `id` early if every player with orders due is ready.
pub async fn process_if_ready(state: &AppState, id: i64) -> Result<Processing, ApiError> {
    process(state, id, Trigger::AllReady, state.clock.now()).await
}

fn decide(
    snap: &GameSnapshot,
    trigger: Trigger,
    now: DateTime<Utc>,
    sessions: &SessionCache,
) -> Result<(GameChange, Processing), ApiError> {
    let game = &snap.game;
    let nothing = Ok((GameChange::default(), Processing::Nothing));
    if status_of(game)? != GameStatus::Active {
        return nothing;
    }
    let settings = settings_of(game)?;
    let mut session = sessions.session(game)?;
    replay_submissions(&mut session, &snap.submissions)?;
    if session.is_over() {
        return nothing;
    }
    let due = session.powers_with_orders_due();
    let variant = session.variant().clone();
    let played = |p: &standoff::PowerId| {
        let name = variant.power_name(*p);
        snap.players
            .iter()
            .any(|pl| pl.power.as_deref() == Some(name))
    };
    let sub = |p: &standoff::PowerId| {
        let name = variant.power_name(*p);
        snap.submissions.iter().find(|s| s.power == name)
    };
    match trigger {
        Trigger::Now => {}
        Trigger::AllReady => {
            let waiting = due.iter().filter(|p| played(p));
            let mut any = false;
            for p in waiting {
                any = true;
                if !sub(p).is_some_and(|s| s.ready) {
                    return nothing;
                }
            }
            if !any {
                return nothing;
            }
        }
        Trigger::Deadline => {
            let Some(deadline) = game.deadline_at else {
                return nothing;
            };
            if deadline > now.timestamp_millis() {
                return nothing;
            }
            let grace = settings.deadlines.grace_minutes.unwrap_or(0);
            let missing = due
                .iter()
                .any(|p| played(p) && sub(p).is_none_or(|s| s.lines.is_none()));
            if grace > 0 && !game.grace_used && missing {
                let extended = GameRow {
                    deadline_at: Some(deadline + i64::from(grace) * 60_000),
                    grace_used: true,
                    ..game.clone()
                };
                return Ok((
                    GameChange {
                        game: Some(extended),
                        ..GameChange::default()
                    },
                    Processing::Extended,
                ));
            }
        }
    }
    // Play the phase, then any phases with nothing to decide (no orders due).
    let mut phases = Vec::new();
    let mut phase_no = game.phase_no;
    loop {
        let position = session.record().game.position.to_json(&variant);
        let submitted = (0..variant.powers.len())
            .map(|i| standoff::PowerId(i as u8))
            .filter(|p| session.orders(*p).is_some())
            .map(|p| orders_view(&session, phase_no, variant.power_name(p), sub(&p)))
            .collect::<Result<Vec<_>, _>>()?;
        let done = session.process()?;
        let orders: Vec<String> = done
            .collected
            .orders
            .iter()
            .map(|o| {
                format!(
                    "{}: {}",
                    variant.power_name(o.power),
                    canonical(&variant, o)
                )
            })
            .collect();
        phases.push(PhaseRow {
            phase_no,
            phase: done.processed.phase.to_string(),
            position: serde_json::to_string(&position)?,
            orders: serde_json::to_string(&orders)?,
            submitted: serde_json::to_string(&submitted)?,
            report: phase_report(
                &variant,
                &done.collected.orders,
                &done.processed,
                Audience::All,
            ),
            processed_at: now.timestamp_millis(),
        });
        phase_no += 1;
        if session.is_over() || !session.powers_with_orders_due().is_empty() || phases.len() > 16 {
            break;
        }
    }
    let over = session.is_over();
    let kind = session.record().game.position.phase().kind;
    let count = phases.len();
    let next = GameRow {
        status: if over {
            GameStatus::Finished
        } else {
            GameStatus::Active
        }
        .as_str()
        .to_string(),
        state: state_of(&session)?,
        phase_no,
        phase: session.record().game.position.phase().to_string(),
        deadline_at: (!over)
            .then(|| super::deadlines::deadline(&settings.deadlines, kind, now).timestamp_millis()),
        grace_used: false,
        ..game.clone()
    };
    Ok((
        GameChange {
            game: Some(next),
            phases,
            ..GameChange::default()
        },
        Processing::Processed(count),
    ))
}
