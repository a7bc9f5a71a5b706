//! E-mail notices: the results of each processed phase to every player (what their
//! power may see: its own orders and units, center changes, the center table; the GM
//! gets the full report) and a reminder before each deadline to the players whose
//! orders are due and not marked ready. Sent through the `standoff-mail` crate when a
//! relay is configured (`Config::mail`); without one, notices are off and nothing is
//! built. Only accounts with an e-mail address receive notices. A failure to send is
//! logged and never fails the game's processing. Each phase's reminder is claimed in
//! the database first, so several servers send it once.

use super::export::recorded_game;
use super::{session_of, status_of};
use crate::http::ApiError;
use crate::storage::{AccountRow, GameRow};
use crate::AppState;
use standoff::report::Audience;
use standoff_api::GameStatus;
use standoff_mail::texts::{
    deadline_reminder, phase_results, DeadlineReminder, GameRef, OrdersState, PhaseResults,
};
use standoff_mail::{
    Address, DisabledMailer, Mailer, Notice, SmtpMailer, SmtpSecurity, SmtpSettings,
};
use std::sync::Arc;
use std::time::Duration;

/// E-mail settings (`Config::mail`).
#[derive(Clone, Debug)]
pub struct MailConfig {
    /// The relay.
    pub smtp: SmtpSettings,
    /// How long before a deadline the reminder goes out.
    pub reminder_before: Duration,
    /// The judge's public address (`https://judge.example.org`), for links in notices.
    pub public_url: Option<String>,
}

impl MailConfig {
    /// Settings from text, as a command line gives them: `security` is `starttls`
    /// (the default for port 587), `tls` or `none`; credentials are a user name and a
    /// password together.
    #[allow(clippy::too_many_arguments)]
    pub fn from_text(
        host: &str,
        port: u16,
        security: &str,
        credentials: Option<(String, String)>,
        from: &str,
        reminder_before: Duration,
        public_url: Option<String>,
    ) -> Result<MailConfig, String> {
        let security = match security.to_ascii_lowercase().as_str() {
            "starttls" => SmtpSecurity::StartTls,
            "tls" => SmtpSecurity::Tls,
            "none" => SmtpSecurity::None,
            other => {
                return Err(format!(
                    "SMTP security is `starttls`, `tls` or `none`, not {other:?}"
                ))
            }
        };
        let from = Address::new(from, Some("standoff judge")).map_err(|e| e.to_string())?;
        Ok(MailConfig {
            smtp: SmtpSettings {
                host: host.to_string(),
                port,
                security,
                credentials,
                from,
                timeout: Duration::from_secs(30),
            },
            reminder_before,
            public_url,
        })
    }
}

/// The mailer the configuration asks for: SMTP with a relay, else disabled.
pub fn mailer(mail: Option<&MailConfig>) -> Result<Arc<dyn Mailer>, standoff_mail::MailError> {
    Ok(match mail {
        Some(config) => Arc::new(SmtpMailer::new(config.smtp.clone())?),
        None => Arc::new(DisabledMailer),
    })
}

fn address(account: &AccountRow) -> Option<Address> {
    let email = account.email.as_deref()?;
    Address::new(email, Some(&account.username)).ok()
}

async fn deliver(state: &AppState, notices: Vec<Notice>) -> usize {
    let mut sent = 0;
    for notice in notices {
        match state.mailer.send(&notice).await {
            Ok(()) => sent += 1,
            Err(e) => tracing::warn!(to = notice.to.email(), "notice not sent: {e}"),
        }
    }
    sent
}

fn game_url(state: &AppState, id: i64) -> Option<String> {
    let base = state.config.mail.as_ref()?.public_url.as_deref()?;
    Some(format!("{}/api/games/{id}", base.trim_end_matches('/')))
}

/// After `count` phases of game `id` were processed: score the game if it ended, then
/// send the results. Never fails: problems are logged.
pub async fn after_processing(state: &AppState, id: i64, count: usize) {
    if let Err(e) = super::results::record_if_over(state, id).await {
        tracing::error!("game {id}: recording the result failed: {e}");
    }
    if !state.mailer.is_enabled() {
        return;
    }
    if let Err(e) = send_results(state, id, count).await {
        tracing::warn!("game {id}: result notices failed: {e}");
    }
}

/// E-mails the results of the last `count` processed phases; returns notices sent.
pub async fn send_results(state: &AppState, id: i64, count: usize) -> Result<usize, ApiError> {
    let game = state
        .storage
        .game(id)
        .await?
        .ok_or_else(|| ApiError::no_game(id))?;
    let players = state.storage.players(id).await?;
    let mut readers: Vec<(Address, Audience)> = Vec::new();
    let (variant, recorded) = recorded_game(state, &game).await?;
    for player in &players {
        let (Some(power), Some(account)) = (
            player.power.as_deref(),
            state.storage.account_by_id(player.account_id).await?,
        ) else {
            continue;
        };
        let (Some(to), Some(power)) = (address(&account), variant.find_power(power)) else {
            continue;
        };
        readers.push((to, Audience::Power(power)));
    }
    if let Some(gm) = state.storage.account_by_id(game.gm_id).await? {
        if let Some(to) = address(&gm) {
            if !players
                .iter()
                .any(|p| p.account_id == gm.id && p.power.is_some())
            {
                readers.push((to, Audience::All));
            }
        }
    }
    let url = game_url(state, id);
    let reference = GameRef {
        name: &game.name,
        url: url.as_deref(),
    };
    let history = &recorded.history;
    let first = history.len().saturating_sub(count);
    let mut notices = Vec::new();
    for index in first..history.len() {
        let record = &history[index];
        let after = history
            .get(index + 1)
            .map_or(&recorded.game.position, |next| &next.position);
        let results = PhaseResults {
            variant: &variant,
            orders: &record.orders,
            processed: &record.processed,
            position_after: after,
        };
        for (to, audience) in &readers {
            notices.push(phase_results(to.clone(), reference, &results, *audience));
        }
    }
    Ok(deliver(state, notices).await)
}

/// Sends the reminders of every deadline within the configured lead time of `now`;
/// returns notices sent.
pub async fn send_reminders(
    state: &AppState,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<usize, ApiError> {
    let Some(mail) = state.config.mail.as_ref() else {
        return Ok(0);
    };
    if !state.mailer.is_enabled() {
        return Ok(0);
    }
    let lead = i64::try_from(mail.reminder_before.as_millis()).unwrap_or(i64::MAX / 2);
    let now_ms = now.timestamp_millis();
    let due = state
        .storage
        .reminders_due(now_ms, now_ms.saturating_add(lead), 500)
        .await?;
    let mut sent = 0;
    for (id, phase_no) in due {
        if !state.storage.claim_reminder(id, phase_no, now_ms).await? {
            continue;
        }
        let Some(game) = state.storage.game(id).await? else {
            continue;
        };
        if game.phase_no != phase_no || status_of(&game)? != GameStatus::Active {
            continue;
        }
        sent += deliver(state, reminders(state, &game, now).await?).await;
    }
    Ok(sent)
}

async fn reminders(
    state: &AppState,
    game: &GameRow,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<Vec<Notice>, ApiError> {
    let Some(deadline_ms) = game.deadline_at else {
        return Ok(Vec::new());
    };
    let session = session_of(game)?;
    let variant = session.variant().clone();
    let due = session.powers_with_orders_due();
    let players = state.storage.players(game.id).await?;
    let submissions = state.storage.submissions(game.id, game.phase_no).await?;
    let deadline = crate::clock::from_ms(deadline_ms);
    let deadline_text = deadline.format("%a %Y-%m-%d %H:%M UTC").to_string();
    let remaining = (deadline - now).to_std().unwrap_or_default();
    let url = game_url(state, game.id);
    let reference = GameRef {
        name: &game.name,
        url: url.as_deref(),
    };
    let mut notices = Vec::new();
    for power in due {
        let name = variant.power_name(power);
        let Some(player) = players.iter().find(|p| p.power.as_deref() == Some(name)) else {
            continue;
        };
        let submission = submissions.iter().find(|s| s.power == name);
        let orders = match submission {
            Some(s) if s.ready => continue,
            Some(s) if s.lines.is_some() => OrdersState::Submitted,
            _ => OrdersState::Missing,
        };
        let Some(account) = state.storage.account_by_id(player.account_id).await? else {
            continue;
        };
        let Some(to) = address(&account) else {
            continue;
        };
        notices.push(deadline_reminder(
            to,
            reference,
            &DeadlineReminder {
                power: name,
                phase: &game.phase,
                deadline: &deadline_text,
                remaining,
                orders,
            },
        ));
    }
    Ok(notices)
}
