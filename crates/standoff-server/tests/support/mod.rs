//! Test support for the press, GM, results, export and notification tests: a server on
//! 127.0.0.1:0 with a fresh database (SQLite in a temporary directory, or a fresh
//! database on the PostgreSQL server named by `STANDOFF_TEST_PG_URL`), a manual clock,
//! and scripted users holding bearer tokens.
#![allow(dead_code)]

use chrono::TimeZone;
use serde_json::{json, Value};
use standoff_server::clock::ManualClock;
use standoff_server::config::Config;
use standoff_server::{AppState, Application};
use std::net::SocketAddr;
use std::sync::Arc;

/// Which database a test runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A running server.
pub struct TestApp {
    pub addr: SocketAddr,
    pub state: AppState,
    pub clock: ManualClock,
    pub client: reqwest::Client,
    /// The database URL (to start a second server on the same database).
    pub database_url: String,
    _dir: tempfile::TempDir,
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

/// The PostgreSQL URL of a fresh database, or `None` when no server is configured.
pub async fn fresh_pg_database() -> Option<String> {
    let base = std::env::var("STANDOFF_TEST_PG_URL").ok()?;
    let name = format!("standoff_test_{}", rand_suffix());
    let mut admin = <sqlx::PgConnection as sqlx::Connection>::connect(&base)
        .await
        .expect("connect to STANDOFF_TEST_PG_URL");
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut admin)
        .await
        .expect("create database");
    let (prefix, _) = base.rsplit_once('/').expect("a URL with a database");
    Some(format!("{prefix}/{name}"))
}

fn rand_suffix() -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    format!("{}_{}", std::process::id(), nanos)
}

/// Starts a server; `None` for PostgreSQL when `STANDOFF_TEST_PG_URL` is not set.
pub async fn spawn_app(backend: Backend) -> Option<TestApp> {
    spawn_app_with(backend, |_| {}).await
}

/// Starts a server with a changed configuration.
pub async fn spawn_app_with(
    backend: Backend,
    configure: impl FnOnce(&mut Config),
) -> Option<TestApp> {
    let dir = tempfile::tempdir().expect("temp dir");
    let database_url = match backend {
        Backend::Sqlite => format!("sqlite://{}", dir.path().join("test.db").display()),
        Backend::Postgres => match fresh_pg_database().await {
            Some(url) => url,
            None => {
                eprintln!("STANDOFF_TEST_PG_URL is not set: PostgreSQL variant skipped");
                return None;
            }
        },
    };
    let mut config = Config {
        database_url: database_url.clone(),
        addr: "127.0.0.1:0".into(),
        tick_interval: None,
        ..Config::default()
    };
    configure(&mut config);
    let clock = ManualClock::new(
        chrono::Utc
            .with_ymd_and_hms(2026, 11, 20, 12, 0, 0)
            .single()
            .expect("a time"),
    );
    let app = Application::build(config, Arc::new(clock.clone()))
        .await
        .expect("app builds");
    let addr = app.local_addr().expect("address");
    let state = app.state().clone();
    tokio::spawn(app.run());
    Some(TestApp {
        addr,
        state,
        clock,
        client: reqwest::Client::new(),
        database_url,
        _dir: dir,
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
