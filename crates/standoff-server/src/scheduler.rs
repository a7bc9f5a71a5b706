//! Deadline processing: [`tick`] processes every active game whose deadline has
//! passed, each phase once (the storage holds the game's row while it is processed;
//! several servers may tick the same database). [`run`] ticks on an interval.

use crate::service::process::{process, Processing, Trigger};
use crate::AppState;
use chrono::{DateTime, Utc};
use std::time::Duration;

/// How many due games one tick looks at.
const BATCH: i64 = 500;
/// How many due games are processed at once.
const PARALLEL_GAMES: usize = 4;

/// Processes the games due at `now`; returns how many phases were processed.
pub async fn tick(state: &AppState, now: DateTime<Utc>) -> Result<usize, crate::http::ApiError> {
    let due = state
        .storage
        .due_games(now.timestamp_millis(), BATCH)
        .await?;
    // A few games at a time, most overdue first: on PostgreSQL their round trips
    // overlap; on SQLite the writes queue anyway.
    let mut processed = 0;
    let mut running = tokio::task::JoinSet::new();
    let mut due = due.into_iter();
    loop {
        while running.len() < PARALLEL_GAMES {
            let Some(id) = due.next() else { break };
            let state = state.clone();
            running.spawn(async move { (id, process(&state, id, Trigger::Deadline, now).await) });
        }
        let Some(done) = running.join_next().await else {
            break;
        };
        match done {
            Ok((_, Ok(Processing::Processed(n)))) => processed += n,
            Ok((_, Ok(_))) => {}
            Ok((id, Err(e))) => tracing::error!("game {id}: processing failed: {e}"),
            Err(e) => tracing::error!("processing task failed: {e}"),
        }
    }
    Ok(processed)
}

/// Ticks every `every`, with the state's clock, until the process ends.
pub async fn run(state: AppState, every: Duration) {
    let mut interval = tokio::time::interval(every);
    interval.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        interval.tick().await;
        let now = state.clock.now();
        if let Err(e) = tick(&state, now).await {
            tracing::error!("scheduler: {e}");
        }
        if let Err(e) = crate::service::notify::send_reminders(&state, now).await {
            tracing::error!("reminders: {e}");
        }
    }
}
