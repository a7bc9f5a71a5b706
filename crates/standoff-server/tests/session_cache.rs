//! The per-game session cache never outlives the stored game: two servers on one
//! database, one of them with the game's session cached, the other processing the
//! phase; the first then refuses orders for the processed phase and reads new orders
//! against the new position.

mod support;

use serde_json::{json, Value};
use standoff_server::clock::{Clock, ManualClock};
use standoff_server::config::Config;
use standoff_server::Application;
use std::sync::Arc;
use support::{assert_error, of, TestApp};

async fn stale_cache_is_never_used(app: TestApp) {
    let gm = app.user("gamemaster").await;
    let users = app.seven("sc").await;
    let (id, players) = app.started_game(&gm, &users, json!({})).await;
    let france = of(&players, "France");
    let orders = format!("/api/games/{id}/orders");
    // Server A (the test app) reads and caches the Spring session.
    let (status, body) = app
        .send(
            reqwest::Method::PUT,
            Some(&france.user),
            &orders,
            Some(json!({"orders": ["A par - bur"], "phase_number": 0})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert!(!app.state.sessions.is_empty());

    // Server B, on the same database, processes Spring.
    let second = Application::build(
        Config {
            database_url: app.database_url.clone(),
            addr: "127.0.0.1:0".into(),
            tick_interval: None,
            ..Config::default()
        },
        Arc::new(ManualClock::new(app.clock.now())),
    )
    .await
    .expect("second server");
    let base = format!("http://{}", second.local_addr().expect("address"));
    tokio::spawn(second.run());
    let processed = reqwest::Client::new()
        .post(format!("{base}/api/games/{id}/gm/process"))
        .bearer_auth(&gm.token)
        .json(&json!({}))
        .send()
        .await
        .expect("request");
    assert_eq!(processed.status().as_u16(), 200);

    // Server A: Spring's orders are refused, Fall's are read on the Fall board (the
    // army is in Burgundy now).
    assert_error(
        &app.send(
            reqwest::Method::PUT,
            Some(&france.user),
            &orders,
            Some(json!({"orders": ["A par - pic"], "phase_number": 0})),
        )
        .await,
        409,
    );
    let (status, body): (u16, Value) = app
        .send(
            reqwest::Method::PUT,
            Some(&france.user),
            &orders,
            Some(json!({"orders": ["A bur - mun"], "phase_number": 1})),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["phase"], "Fall 1901 Movement");
    assert!(body["orders"][0]["error"].is_null(), "{body}");
    let (_, detail) = app
        .get(Some(&france.user), &format!("/api/games/{id}"))
        .await;
    assert_eq!(detail["phase"], "Fall 1901 Movement");
}
on_both!(
    stale_cache_is_never_used,
    stale_cache_is_never_used_sqlite,
    stale_cache_is_never_used_postgres
);
