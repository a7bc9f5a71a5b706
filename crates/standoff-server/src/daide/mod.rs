//! The DAIDE listener (`standoff serve --daide-port PORT`): AI bots speaking the DAIDE
//! protocol play in the judge's games. `connection` speaks the protocol on one TCP
//! connection, `hub` keeps which connection sits in which game and seat and sends
//! results when a phase is processed, `view` turns positions and results into DAIDE
//! messages, `alarms` keeps the clients' TME requests, `passcode` IAM's passcodes. No rules and no SQL here: games change through the service layer with the
//! bot's account (joining, orders, ready flags, votes, press), like any player's.

pub mod alarms;
pub mod connection;
pub mod hub;
pub mod passcode;
pub mod view;

use crate::AppState;
use hub::Hub;
use std::sync::Arc;
use tokio::net::TcpListener;

/// Most DAIDE connections served at once; more wait in the listener's backlog.
pub const MAX_CONNECTIONS: usize = 4096;

/// Accepts DAIDE connections on `listener` until the process ends, and sends every
/// game's results to its connections as phases are processed.
pub async fn serve(state: AppState, listener: TcpListener) {
    let hub = Arc::new(Hub::new(state.clone()));
    let mut processed = state.processed.subscribe();
    let events = hub.clone();
    tokio::spawn(async move {
        loop {
            match processed.recv().await {
                Ok(id) => {
                    // Games are independent: one slow game never delays another's results.
                    let hub = events.clone();
                    tokio::spawn(async move { hub.after_processing(id).await });
                }
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {
                    for id in events.game_ids() {
                        events.after_processing(id).await;
                    }
                }
                Err(tokio::sync::broadcast::error::RecvError::Closed) => break,
            }
        }
    });
    let mut press = state.press_sent.subscribe();
    let mail = hub.clone();
    tokio::spawn(async move {
        loop {
            match press.recv().await {
                Ok(sent) => mail.deliver_press(&sent),
                Err(tokio::sync::broadcast::error::RecvError::Lagged(missed)) => {
                    tracing::warn!("daide: {missed} people's messages not handed to bots (lagged)");
                }
                Err(tokio::sync::broadcast::error::RecvError::Closed) => break,
            }
        }
    });
    // Games in progress from before a restart go on.
    let resumed = hub.clone();
    tokio::spawn(async move { resumed.resume_games().await });
    // TME notices requested by clients, when the server's clock reaches them.
    let alarms = hub.clone();
    tokio::spawn(async move {
        let mut every = tokio::time::interval(hub::ALARM_TICK);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        loop {
            every.tick().await;
            alarms.ring_alarms().await;
        }
    });
    let slots = Arc::new(tokio::sync::Semaphore::new(MAX_CONNECTIONS));
    loop {
        let Ok(permit) = slots.clone().acquire_owned().await else {
            break;
        };
        match listener.accept().await {
            Ok((stream, _)) => {
                let hub = hub.clone();
                tokio::spawn(async move {
                    connection::handle(hub, stream).await;
                    drop(permit);
                });
            }
            Err(e) => {
                tracing::warn!("daide: accept: {e}");
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
        }
    }
}
