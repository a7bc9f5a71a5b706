//! Test support for the press, GM, results, export and notification tests: scripted
//! users holding bearer tokens, on a server that `common` starts (port 0, a fresh SQLite
//! or PostgreSQL database, a manual clock). One place starts servers for every test.
#![allow(dead_code)]

use chrono::TimeZone;
use serde_json::{json, Value};
use standoff_server::clock::ManualClock;
use standoff_server::config::Config;
use standoff_server::AppState;
use std::net::SocketAddr;

pub use common::Backend;

#[path = "../common/mod.rs"]
mod common;

/// A running server, with a client for the bearer-token users.
pub struct TestApp {
    pub addr: SocketAddr,
    pub state: AppState,
    pub clock: ManualClock,
    pub client: reqwest::Client,
    /// The database URL (to start a second server on the same database).
    pub database_url: String,
    /// The server as `common` started it (keeps its temporary directory alive).
    _server: common::TestApp,
}

/// A signed-up user with a bearer token.
#[derive(Clone, Debug)]
pub struct User {
    pub name: String,
    pub token: String,
}

/// A player of a started game.
#[derive(Clone, Debug)]
pub struct Player {
    pub user: User,
    pub power: String,
}

/// Starts a server; `None` for PostgreSQL when `STANDOFF_TEST_PG_URL` is not set.
pub async fn spawn_app(backend: Backend) -> Option<TestApp> {
    spawn_app_with(backend, |_| {}).await
}

/// Starts a server with a changed configuration (the clock at 20 November 2026, noon UTC).
pub async fn spawn_app_with(
    backend: Backend,
    configure: impl FnOnce(&mut Config),
) -> Option<TestApp> {
    if !common::backends().contains(&backend) {
        eprintln!("STANDOFF_TEST_PG_URL is not set: PostgreSQL variant skipped");
        return None;
    }
    let (database_url, dir) = common::fresh_database(backend).await;
    let mut config = Config::default();
    configure(&mut config);
    let start = chrono::Utc
        .with_ymd_and_hms(2026, 11, 20, 12, 0, 0)
        .single()
        .expect("a time");
    let server = common::spawn_on_at(database_url, dir, config, start).await;
    let addr = server
        .base
        .trim_start_matches("http://")
        .parse()
        .expect("the server's address");
    Some(TestApp {
        addr,
        state: server.state.clone(),
        clock: server.clock.clone(),
        client: reqwest::Client::new(),
        database_url: server.database_url.clone(),
        _server: server,
    })
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    async fn answer(response: reqwest::Response) -> (u16, Value) {
        let status = response.status().as_u16();
        let text = response.text().await.expect("body");
        let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
        (status, value)
    }

    /// A request with a JSON body (or none) as `user`.
    pub async fn send(
        &self,
        method: reqwest::Method,
        user: Option<&User>,
        path: &str,
        body: Option<Value>,
    ) -> (u16, Value) {
        let mut request = self.client.request(method, self.url(path));
        if let Some(user) = user {
            request = request.bearer_auth(&user.token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        Self::answer(request.send().await.expect("request")).await
    }

    pub async fn post(&self, user: Option<&User>, path: &str, body: Value) -> (u16, Value) {
        self.send(reqwest::Method::POST, user, path, Some(body))
            .await
    }

    pub async fn get(&self, user: Option<&User>, path: &str) -> (u16, Value) {
        self.send(reqwest::Method::GET, user, path, None).await
    }

    /// Posts raw text as JSON (for broken-body tests).
    pub async fn post_raw(&self, user: &User, path: &str, raw: &str) -> (u16, Value) {
        let response = self
            .client
            .post(self.url(path))
            .bearer_auth(&user.token)
            .header("content-type", "application/json")
            .body(raw.to_string())
            .send()
            .await
            .expect("request");
        Self::answer(response).await
    }

    /// Signs up `name` (with `email`, if given) and makes a bearer token.
    pub async fn user_with_email(&self, name: &str, email: Option<&str>) -> User {
        let password = "correct horse battery";
        let (status, body) = self
            .post(
                None,
                "/api/accounts",
                json!({"username": name, "password": password, "email": email}),
            )
            .await;
        assert_eq!(status, 201, "sign up {name}: {body}");
        let cookies = reqwest::Client::builder()
            .cookie_store(true)
            .build()
            .expect("client");
        let signed: Value = cookies
            .post(self.url("/api/session"))
            .json(&json!({"username": name, "password": password}))
            .send()
            .await
            .expect("sign in")
            .json()
            .await
            .expect("sign-in body");
        let csrf = signed["csrf_token"]
            .as_str()
            .expect("csrf token")
            .to_string();
        let created: Value = cookies
            .post(self.url("/api/tokens"))
            .header("x-csrf-token", csrf)
            .json(&json!({"name": "tests"}))
            .send()
            .await
            .expect("token")
            .json()
            .await
            .expect("token body");
        User {
            name: name.to_string(),
            token: created["token"].as_str().expect("token").to_string(),
        }
    }

    pub async fn user(&self, name: &str) -> User {
        self.user_with_email(name, None).await
    }

    /// Seven new users (`prefix1`..`prefix7`, with e-mail addresses).
    pub async fn seven(&self, prefix: &str) -> Vec<User> {
        let mut users = Vec::new();
        for i in 1..=7 {
            users.push(
                self.user_with_email(
                    &format!("{prefix}{i}"),
                    Some(&format!("{prefix}{i}@example.org")),
                )
                .await,
            );
        }
        users
    }

    /// A standard game created by `gm` with `settings` merged into the request, joined
    /// by `users` and started.
    pub async fn started_game(
        &self,
        gm: &User,
        users: &[User],
        settings: Value,
    ) -> (i64, Vec<Player>) {
        let mut request = json!({"name": "a game"});
        if let (Some(into), Some(from)) = (request.as_object_mut(), settings.as_object()) {
            for (key, value) in from {
                into.insert(key.clone(), value.clone());
            }
        }
        let (status, created) = self.post(Some(gm), "/api/games", request).await;
        assert_eq!(status, 201, "create: {created}");
        let id = created["id"].as_i64().expect("game id");
        let mut join = json!({"preferences": "random"});
        if let Some(code) = created["invite_code"].as_str() {
            join["invite"] = json!(code);
        }
        for user in users {
            let (status, body) = self
                .post(Some(user), &format!("/api/games/{id}/join"), join.clone())
                .await;
            assert_eq!(status, 204, "join: {body}");
        }
        let (status, body) = self
            .post(Some(gm), &format!("/api/games/{id}/start"), json!({}))
            .await;
        assert!(status == 204 || status == 409, "start: {status} {body}");
        let mut players = Vec::new();
        for user in users.iter().cloned() {
            let (status, detail) = self.get(Some(&user), &format!("/api/games/{id}")).await;
            assert_eq!(status, 200, "{detail}");
            let power = detail["my_power"].as_str().expect("a power").to_string();
            players.push(Player { user, power });
        }
        (id, players)
    }
}

/// The player of `power`.
pub fn of<'a>(players: &'a [Player], power: &str) -> &'a Player {
    players
        .iter()
        .find(|p| p.power == power)
        .expect("power played")
}

/// Asserts a 4xx JSON error with the given status.
pub fn assert_error(answer: &(u16, Value), status: u16) {
    assert_eq!(answer.0, status, "{}", answer.1);
    assert!(
        answer.1["error"].is_string(),
        "JSON error body: {}",
        answer.1
    );
    assert!(
        answer.1["message"].is_string(),
        "JSON error body: {}",
        answer.1
    );
}

/// Runs a scenario on SQLite, and on PostgreSQL when configured.
#[macro_export]
macro_rules! on_both {
    ($scenario:ident, $sqlite:ident, $postgres:ident) => {
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $sqlite() {
            if let Some(app) = support::spawn_app(support::Backend::Sqlite).await {
                $scenario(app).await;
            }
        }
        #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
        async fn $postgres() {
            if let Some(app) = support::spawn_app(support::Backend::Postgres).await {
                $scenario(app).await;
            }
        }
    };
}
