//! E-mail notices through a relay the test starts itself (the loopback SMTP listener on
//! 127.0.0.1): each player gets the results of a processed phase as their power may see
//! them, reminders go once to the players whose orders are not ready, and nothing is
//! sent without a relay. Every wait is bounded.

mod support;

use chrono::Duration;
use serde_json::json;
use standoff_mail::loopback::LoopbackSmtp;
use standoff_mail::{Address, SmtpSecurity, SmtpSettings};
use standoff_server::clock::Clock;
use standoff_server::service::notify::{send_reminders, MailConfig};
use support::{of, spawn_app, spawn_app_with, Backend};

const WAIT: std::time::Duration = std::time::Duration::from_secs(10);

async fn notices(backend: Backend) {
    let relay = LoopbackSmtp::start().await.expect("listener");
    let port = relay.port();
    let Some(app) = spawn_app_with(backend, |config| {
        config.mail = Some(MailConfig {
            smtp: SmtpSettings {
                host: "127.0.0.1".into(),
                port,
                security: SmtpSecurity::None,
                credentials: None,
                from: Address::new("judge@example.org", None).expect("address"),
                timeout: std::time::Duration::from_secs(5),
            },
            reminder_before: std::time::Duration::from_secs(2 * 3600),
            public_url: Some("https://judge.example.org/".into()),
        });
    })
    .await
    else {
        return;
    };
    let gm = app.user("gamemaster").await;
    let users = app.seven("nt").await;
    let (id, players) = app
        .started_game(&gm, &users, json!({"deadlines": {"movement_minutes": 600}}))
        .await;
    let orders = |power: &str, lines: &[&str]| {
        let user = of(&players, power).user.clone();
        let body = json!({ "orders": lines });
        let path = format!("/api/games/{id}/orders");
        let app = &app;
        async move {
            let (status, answer) = app
                .send(reqwest::Method::PUT, Some(&user), &path, Some(body))
                .await;
            assert_eq!(status, 200, "{answer}");
        }
    };
    orders("France", &["A par - bur"]).await;
    orders("Germany", &["A mun - ruh"]).await;
    let (status, _) = app
        .post(Some(&gm), &format!("/api/games/{id}/gm/process"), json!({}))
        .await;
    assert_eq!(status, 200);

    // Results: one notice per player with an address (the GM has none).
    let got = relay.wait_for(7, WAIT).await.expect("seven result notices");
    assert_eq!(got.len(), 7);
    let to = |power: &str| {
        let email = format!("{}@example.org", of(&players, power).user.name);
        got.iter()
            .find(|m| m.rcpt_to == vec![email.clone()])
            .unwrap_or_else(|| panic!("a notice to {email}"))
            .clone()
    };
    let france = to("France");
    assert!(france
        .header("Subject")
        .expect("subject")
        .contains("Spring 1901 Movement results"));
    assert!(france.body().contains("Par - Bur"), "{}", france.body());
    assert!(!france.body().contains("Mun - Ruh"), "{}", france.body());
    assert!(france
        .body()
        .contains(&format!("https://judge.example.org/api/games/{id}")));
    let germany = to("Germany");
    assert!(germany.body().contains("Mun - Ruh"));
    assert!(!germany.body().contains("Par - Bur"));

    // Reminders: an hour before the deadline, to the six powers not ready.
    orders("France", &["A bur - par"]).await;
    let (status, _) = app
        .post(
            Some(&of(&players, "France").user),
            &format!("/api/games/{id}/ready"),
            json!({"ready": true}),
        )
        .await;
    assert_eq!(status, 204);
    app.clock.advance(Duration::hours(5));
    assert_eq!(
        send_reminders(&app.state, app.clock.now())
            .await
            .expect("reminders"),
        0,
        "not yet"
    );
    app.clock.advance(Duration::hours(4));
    let sent = send_reminders(&app.state, app.clock.now())
        .await
        .expect("reminders");
    assert_eq!(sent, 6);
    let got = relay.wait_for(13, WAIT).await.expect("six reminders");
    let reminders: Vec<_> = got[7..].to_vec();
    let france_email = format!("{}@example.org", of(&players, "France").user.name);
    assert!(reminders
        .iter()
        .all(|m| m.rcpt_to != vec![france_email.clone()]));
    let england_email = format!("{}@example.org", of(&players, "England").user.name);
    let england = reminders
        .iter()
        .find(|m| m.rcpt_to == vec![england_email.clone()])
        .expect("England reminded");
    assert!(
        england
            .header("Subject")
            .expect("subject")
            .contains("Fall 1901 Movement due in 1 hour"),
        "{:?}",
        england.header("Subject")
    );
    assert!(england.body().contains("You have not submitted orders yet"));
    // Once per phase.
    assert_eq!(
        send_reminders(&app.state, app.clock.now())
            .await
            .expect("reminders"),
        0
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notices_sqlite() {
    notices(Backend::Sqlite).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notices_postgres() {
    notices(Backend::Postgres).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_relay_nothing_is_sent() {
    let app = spawn_app(Backend::Sqlite).await.expect("app");
    assert!(!app.state.mailer.is_enabled());
    let gm = app.user("gamemaster").await;
    let users = app.seven("nr").await;
    let (id, _) = app.started_game(&gm, &users, json!({})).await;
    let (status, _) = app
        .post(Some(&gm), &format!("/api/games/{id}/gm/process"), json!({}))
        .await;
    assert_eq!(status, 200);
    app.clock.advance(Duration::hours(23));
    assert_eq!(
        send_reminders(&app.state, app.clock.now())
            .await
            .expect("reminders"),
        0
    );
}
