//! Bad input gets a 4xx JSON error with a message, never a 500: broken JSON, wrong
//! types, huge bodies, unknown games and endpoints, non-numeric ids, orders for a game
//! not started; and an authorization table: every endpoint refuses the wrong caller.

mod common;

use common::{spawn_app, Backend, TestUser};
use serde_json::json;

async fn raw(
    user: &TestUser,
    method: reqwest::Method,
    path: &str,
    body: &'static str,
) -> common::Reply {
    let r = user
        .client
        .request(method, format!("{}{}", user.base, path))
        .header("x-csrf-token", &user.csrf)
        .header("content-type", "application/json")
        .body(body)
        .send()
        .await
        .expect("send");
    let status = r.status().as_u16();
    let text = r.text().await.unwrap_or_default();
    common::Reply {
        status,
        body: serde_json::from_str(&text).unwrap_or(serde_json::Value::Null),
    }
}

#[tokio::test]
async fn bad_requests_are_4xx_json() {
    let app = spawn_app(Backend::Sqlite).await;
    let alice = app.user("alice").await;
    use reqwest::Method;
    raw(&alice, Method::POST, "/api/games", "{not json")
        .await
        .error(400);
    raw(&alice, Method::POST, "/api/games", "[1, 2]")
        .await
        .error(400);
    raw(&alice, Method::POST, "/api/games", r#"{"name": 5}"#)
        .await
        .error(400);
    raw(
        &alice,
        Method::POST,
        "/api/games",
        r#"{"name": "x", "unknown_field": 1}"#,
    )
    .await
    .error(400);
    raw(&alice, Method::POST, "/api/accounts", "")
        .await
        .error(400);
    // A huge body.
    let huge = "x".repeat(1024 * 1024);
    let r = alice
        .client
        .put(format!("{}/api/games/1/orders", alice.base))
        .header("x-csrf-token", &alice.csrf)
        .json(&json!({"orders": [huge]}))
        .send()
        .await
        .expect("send");
    assert_eq!(r.status().as_u16(), 413);
    let body: serde_json::Value = r.json().await.expect("JSON error");
    assert_eq!(body["error"], "payload_too_large");
    // Unknown games, ids that are not numbers, unknown endpoints.
    alice.get("/api/games/999").await.error(404);
    alice.get("/api/games/999/phases").await.error(404);
    alice.get("/api/games/999/phases/0").await.error(404);
    alice
        .put("/api/games/999/orders", json!({"orders": []}))
        .await
        .error(404);
    alice
        .post("/api/games/999/join", json!({}))
        .await
        .error(404);
    alice.get("/api/games/abc").await.error(400);
    alice.get("/api/games/1/phases/x").await.error(400);
    alice.get("/api/nothing-here").await.error(404);
    alice.delete("/api/games").await.error(405);
    // Orders in a game that has not started.
    let g = alice
        .post("/api/games", json!({"name": "forming"}))
        .await
        .expect(201);
    let id = g["id"].as_i64().expect("id");
    alice
        .post(&format!("/api/games/{id}/join"), json!({}))
        .await
        .expect(204);
    let m = alice
        .put(
            &format!("/api/games/{id}/orders"),
            json!({"orders": ["A par - bur"]}),
        )
        .await
        .error(409);
    assert!(m.contains("not started"), "{m}");
    // Too many orders.
    let many: Vec<String> = (0..500).map(|_| "A par H".to_string()).collect();
    alice
        .put(&format!("/api/games/{id}/orders"), json!({"orders": many}))
        .await
        .error(400);
}

#[tokio::test]
async fn every_endpoint_refuses_the_wrong_caller() {
    let app = spawn_app(Backend::Sqlite).await;
    let gm = app.user("gmaster").await;
    let player = app.user("player").await;
    let other = app.user("otherplayer").await;
    let stranger = app.user("stranger").await;
    let anon = app.anonymous();
    let id = app
        .started_game(
            &gm,
            &[(&player, "France"), (&other, "England")],
            json!({"private": true}),
        )
        .await;
    // Not signed in.
    anon.get("/api/me").await.error(401);
    anon.get("/api/games?mine=1").await.error(401);
    anon.post("/api/tokens", json!({"name": "t"}))
        .await
        .error(401);
    anon.post("/api/games", json!({"name": "g"}))
        .await
        .error(401);
    anon.delete("/api/session").await.error(401);
    anon.post(&format!("/api/games/{id}/join"), json!({}))
        .await
        .error(401);
    anon.post(&format!("/api/games/{id}/start"), json!({}))
        .await
        .error(401);
    anon.get(&format!("/api/games/{id}/orders"))
        .await
        .error(401);
    anon.put(&format!("/api/games/{id}/orders"), json!({"orders": []}))
        .await
        .error(401);
    anon.post(&format!("/api/games/{id}/ready"), json!({"ready": true}))
        .await
        .error(401);
    anon.get(&format!("/api/games/{id}/legal")).await.error(401);
    // A private game is invisible to non-members.
    anon.get(&format!("/api/games/{id}")).await.error(404);
    stranger.get(&format!("/api/games/{id}")).await.error(404);
    stranger
        .get(&format!("/api/games/{id}/phases"))
        .await
        .error(404);
    stranger
        .get(&format!("/api/games/{id}/phases/0"))
        .await
        .error(404);
    // Strangers get "not found" for a private game; the GM (who plays no power) is
    // refused orders.
    for (who, status) in [(&stranger, 404), (&gm, 403)] {
        who.get(&format!("/api/games/{id}/orders"))
            .await
            .error(status);
        who.put(&format!("/api/games/{id}/orders"), json!({"orders": []}))
            .await
            .error(status);
        who.post(&format!("/api/games/{id}/ready"), json!({"ready": true}))
            .await
            .error(status);
        who.get(&format!("/api/games/{id}/legal"))
            .await
            .error(status);
    }
    // In a public game a stranger sees the game but is refused the players' endpoints.
    let public = app.started_game(&gm, &[(&other, "Italy")], json!({})).await;
    stranger
        .get(&format!("/api/games/{public}"))
        .await
        .expect(200);
    stranger
        .get(&format!("/api/games/{public}/orders"))
        .await
        .error(403);
    stranger
        .put(
            &format!("/api/games/{public}/orders"),
            json!({"orders": []}),
        )
        .await
        .error(403);
    stranger
        .post(
            &format!("/api/games/{public}/ready"),
            json!({"ready": true}),
        )
        .await
        .error(403);
    stranger
        .get(&format!("/api/games/{public}/legal"))
        .await
        .error(403);
    stranger
        .post(&format!("/api/games/{public}/start"), json!({}))
        .await
        .error(403);
    // Players cannot start; only the GM.
    player
        .post(&format!("/api/games/{id}/start"), json!({}))
        .await
        .error(403);
    // A player cannot order the other power's units: each line refused.
    let v = other.orders(id, &["A par - bur", "F bre - mao"]).await;
    assert!(
        v["orders"]
            .as_array()
            .expect("lines")
            .iter()
            .all(|l| l["error"].is_string()),
        "{v}"
    );
    // ... and does not see the other's orders.
    player.orders(id, &["A par - bur"]).await;
    other.orders(id, &["F lon - nth"]).await;
    let theirs = other
        .get(&format!("/api/games/{id}/orders"))
        .await
        .expect(200);
    assert_eq!(theirs["power"], "England");
    assert!(!theirs.to_string().contains("par"), "{theirs}");
    // Members see the game.
    for who in [&gm, &player, &other] {
        who.get(&format!("/api/games/{id}")).await.expect(200);
        who.get(&format!("/api/games/{id}/phases"))
            .await
            .expect(200);
    }
}
