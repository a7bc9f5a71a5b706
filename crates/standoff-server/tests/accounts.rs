//! Accounts and authentication: sign-up, sign-in, wrong passwords, sessions, CSRF,
//! bearer tokens, the sign-in rate limit; health and the OpenAPI document.

mod common;

use common::{spawn_app, Backend};
use serde_json::json;

#[tokio::test]
async fn health_and_openapi() {
    let app = spawn_app(Backend::Sqlite).await;
    let anon = app.anonymous();
    let r = anon
        .client
        .get(format!("{}/healthz", app.base))
        .send()
        .await
        .expect("send");
    assert_eq!(r.status().as_u16(), 200);
    assert_eq!(r.text().await.expect("text"), "ok");
    let doc = anon.get("/api/openapi.json").await.expect(200);
    assert_eq!(doc["openapi"].as_str().map(|v| &v[..2]), Some("3."));
    for path in [
        "/api/accounts",
        "/api/session",
        "/api/games",
        "/api/games/{id}/orders",
    ] {
        assert!(
            doc["paths"][path].is_object(),
            "{path} missing from the OpenAPI document"
        );
    }
}

#[tokio::test]
async fn sign_up_sign_in_and_me() {
    let app = spawn_app(Backend::Sqlite).await;
    let alice = app.user("alice").await;
    let me = alice.get("/api/me").await.expect(200);
    assert_eq!(me["account"]["username"], "alice");
    assert_eq!(
        me["account"]["is_admin"], true,
        "the first account is the site admin"
    );
    let bob = app.user("bob").await;
    let me = bob.get("/api/me").await.expect(200);
    assert_eq!(me["account"]["is_admin"], false);
    // The name is taken.
    let anon = app.anonymous();
    anon.post(
        "/api/accounts",
        json!({"username": "alice", "password": "another-password"}),
    )
    .await
    .error(409);
    // Bad names and short passwords are refused with a reason.
    let m = anon
        .post(
            "/api/accounts",
            json!({"username": "a b", "password": "long enough"}),
        )
        .await
        .error(400);
    assert!(m.contains("username"), "{m}");
    let m = anon
        .post(
            "/api/accounts",
            json!({"username": "carol", "password": "short"}),
        )
        .await
        .error(400);
    assert!(m.contains("password"), "{m}");
}

#[tokio::test]
async fn wrong_password_and_no_session_are_refused() {
    let app = spawn_app(Backend::Sqlite).await;
    let _alice = app.user("alice").await;
    let anon = app.anonymous();
    anon.post(
        "/api/session",
        json!({"username": "alice", "password": "wrong-password"}),
    )
    .await
    .error(401);
    anon.post(
        "/api/session",
        json!({"username": "nobody", "password": "wrong-password"}),
    )
    .await
    .error(401);
    anon.get("/api/me").await.error(401);
    anon.post("/api/games", json!({"name": "x"}))
        .await
        .error(401);
}

#[tokio::test]
async fn cookie_requests_that_change_state_need_the_csrf_token() {
    let app = spawn_app(Backend::Sqlite).await;
    let mut alice = app.user("alice").await;
    let csrf = std::mem::take(&mut alice.csrf);
    let m = alice
        .post("/api/games", json!({"name": "no csrf"}))
        .await
        .error(403);
    assert!(m.contains("CSRF"), "{m}");
    alice.csrf = "wrong".into();
    alice
        .post("/api/games", json!({"name": "bad csrf"}))
        .await
        .error(403);
    // Reads need none.
    alice.get("/api/me").await.expect(200);
    alice.csrf = csrf;
    alice
        .post("/api/games", json!({"name": "with csrf"}))
        .await
        .expect(201);
    // Signing out ends the session.
    alice.delete("/api/session").await.expect(204);
    alice.get("/api/me").await.error(401);
}

#[tokio::test]
async fn bearer_tokens_work_without_cookies_or_csrf() {
    let app = spawn_app(Backend::Sqlite).await;
    let alice = app.user("alice").await;
    let token = alice
        .post("/api/tokens", json!({"name": "bot"}))
        .await
        .expect(201);
    let token = token["token"].as_str().expect("token").to_string();
    let bot = reqwest::Client::new();
    let r = bot
        .post(format!("{}/api/games", app.base))
        .bearer_auth(&token)
        .json(&json!({"name": "bot game"}))
        .send()
        .await
        .expect("send");
    assert_eq!(r.status().as_u16(), 201);
    let r = bot
        .get(format!("{}/api/me", app.base))
        .bearer_auth("not-a-token")
        .send()
        .await
        .expect("send");
    assert_eq!(r.status().as_u16(), 401);
}

#[tokio::test]
async fn sign_in_is_rate_limited_per_username() {
    let app = spawn_app(Backend::Sqlite).await;
    let _alice = app.user("alice").await;
    let anon = app.anonymous();
    for _ in 0..5 {
        anon.post(
            "/api/session",
            json!({"username": "alice", "password": "wrong-password"}),
        )
        .await
        .error(401);
    }
    // Even the right password is refused until the failures age out.
    anon.post(
        "/api/session",
        json!({"username": "alice", "password": "password-alice"}),
    )
    .await
    .error(429);
    // Another username from the same address is not affected.
    let _bob = app.user("bob").await;
}
