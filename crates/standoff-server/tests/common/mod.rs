//! Test harness: `spawn_app` starts the server on port 0 with a fresh database (a
//! temporary SQLite file, or a fresh PostgreSQL database when `STANDOFF_TEST_PG_URL`
//! names a server and the test asks for it) and a manual clock; `TestUser` is a signed-in
//! client that sends its CSRF token.
#![allow(dead_code)]

use chrono::{DateTime, TimeZone, Utc};
use serde_json::{json, Value};
use standoff_server::clock::ManualClock;
use standoff_server::config::Config;
use standoff_server::{AppState, Application};
use std::sync::Arc;

/// Which database a test runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// A temporary SQLite file.
    Sqlite,
    /// A fresh database on `STANDOFF_TEST_PG_URL`.
    Postgres,
}

/// The backends to run storage and scheduler tests on: SQLite, and PostgreSQL when
/// `STANDOFF_TEST_PG_URL` is set.
pub fn backends() -> Vec<Backend> {
    let mut out = vec![Backend::Sqlite];
    if std::env::var("STANDOFF_TEST_PG_URL").is_ok_and(|u| !u.is_empty()) {
        out.push(Backend::Postgres);
    }
    out
}

/// A running test server.
pub struct TestApp {
    /// `http://127.0.0.1:PORT`.
    pub base: String,
    /// The app's shared state (storage, clock) for driving the scheduler.
    pub state: AppState,
    /// The manual clock.
    pub clock: ManualClock,
    /// The database URL (to start a second server on the same database).
    pub database_url: String,
    /// Keeps the temporary directory alive.
    _dir: Option<tempfile::TempDir>,
}

/// The clock's start: Monday 5 January 2026, noon UTC.
pub fn start_time() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 1, 5, 12, 0, 0)
        .single()
        .expect("valid time")
}

/// A fresh database URL for `backend` (and the directory holding it).
pub async fn fresh_database(backend: Backend) -> (String, Option<tempfile::TempDir>) {
    match backend {
        Backend::Sqlite => {
            let dir = tempfile::tempdir().expect("tempdir");
            let url = format!("sqlite://{}", dir.path().join("test.db").display());
            (url, Some(dir))
        }
        Backend::Postgres => {
            let admin = std::env::var("STANDOFF_TEST_PG_URL").expect("STANDOFF_TEST_PG_URL");
            let name = format!("standoff_test_{:016x}", rand_u64());
            let pool = sqlx::PgPool::connect(&admin)
                .await
                .expect("connect to PostgreSQL");
            // The name is made here from hex digits, never from input.
            sqlx::query(&format!("CREATE DATABASE {name}"))
                .execute(&pool)
                .await
                .expect("create database");
            pool.close().await;
            let base = admin.rsplit_once('/').map_or(admin.as_str(), |(b, _)| b);
            (format!("{base}/{name}"), None)
        }
    }
}

fn rand_u64() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0),
    );
    h.finish()
}

/// Starts a server on `backend` with a manual clock and no background scheduler.
pub async fn spawn_app(backend: Backend) -> TestApp {
    let (url, dir) = fresh_database(backend).await;
    spawn_on(url, dir, Config::default()).await
}

/// Starts a server on the database `url` with `config` (address and URL overridden).
pub async fn spawn_on(url: String, dir: Option<tempfile::TempDir>, config: Config) -> TestApp {
    spawn_on_at(url, dir, config, start_time()).await
}

/// [`spawn_on`] with the manual clock starting at `start`.
pub async fn spawn_on_at(
    url: String,
    dir: Option<tempfile::TempDir>,
    config: Config,
    start: DateTime<Utc>,
) -> TestApp {
    let clock = ManualClock::new(start);
    let config = Config {
        database_url: url.clone(),
        addr: "127.0.0.1:0".into(),
        tick_interval: None,
        ..config
    };
    let app = Application::build(config, Arc::new(clock.clone()))
        .await
        .expect("build app");
    let addr = app.local_addr().expect("addr");
    let state = app.state().clone();
    tokio::spawn(app.run());
    TestApp {
        base: format!("http://{addr}"),
        state,
        clock,
        database_url: url,
        _dir: dir,
    }
}

/// A response: status and JSON body (`Value::Null` when empty or not JSON).
#[derive(Debug)]
pub struct Reply {
    /// Status.
    pub status: u16,
    /// Body.
    pub body: Value,
}

impl Reply {
    /// Asserts the status and returns the body.
    #[track_caller]
    pub fn expect(self, status: u16) -> Value {
        assert_eq!(self.status, status, "body: {}", self.body);
        self.body
    }

    /// Asserts a 4xx JSON error with this status and returns its message.
    #[track_caller]
    pub fn error(self, status: u16) -> String {
        assert_eq!(self.status, status, "body: {}", self.body);
        assert!(
            self.body["error"].is_string(),
            "not a JSON error: {}",
            self.body
        );
        self.body["message"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }
}

async fn reply(r: reqwest::Response) -> Reply {
    let status = r.status().as_u16();
    let text = r.text().await.unwrap_or_default();
    Reply {
        status,
        body: serde_json::from_str(&text).unwrap_or(Value::Null),
    }
}

/// An HTTP client, signed in or not.
pub struct TestUser {
    /// The client (cookie store on).
    pub client: reqwest::Client,
    /// Base URL.
    pub base: String,
    /// Name.
    pub name: String,
    /// CSRF token (empty when not signed in).
    pub csrf: String,
}

impl TestApp {
    /// A client that is not signed in.
    pub fn anonymous(&self) -> TestUser {
        TestUser {
            client: reqwest::Client::builder()
                .cookie_store(true)
                .build()
                .expect("client"),
            base: self.base.clone(),
            name: String::new(),
            csrf: String::new(),
        }
    }

    /// Signs up `name` (password `password-NAME`) and signs in.
    pub async fn user(&self, name: &str) -> TestUser {
        let mut u = self.anonymous();
        u.post(
            "/api/accounts",
            json!({"username": name, "password": format!("password-{name}")}),
        )
        .await
        .expect(201);
        let body = u
            .post(
                "/api/session",
                json!({"username": name, "password": format!("password-{name}")}),
            )
            .await
            .expect(200);
        u.csrf = body["csrf_token"].as_str().unwrap_or_default().to_string();
        u.name = name.to_string();
        u
    }

    /// Processes due phases at the clock's time.
    pub async fn tick(&self) -> usize {
        standoff_server::scheduler::tick(&self.state, self.clock_now())
            .await
            .expect("tick")
    }

    /// The manual clock's time.
    pub fn clock_now(&self) -> DateTime<Utc> {
        use standoff_server::clock::Clock;
        self.clock.now()
    }

    /// Creates a game by `gm` with extra settings, has `players` join in order with
    /// the given preference lists, and starts it with GM assignment (power per player in
    /// `players`). Returns the game id.
    pub async fn started_game(
        &self,
        gm: &TestUser,
        players: &[(&TestUser, &str)],
        settings: Value,
    ) -> i64 {
        let mut body = json!({"name": "test game"});
        if let (Some(b), Some(s)) = (body.as_object_mut(), settings.as_object()) {
            for (k, v) in s {
                b.insert(k.clone(), v.clone());
            }
        }
        let game = gm.post("/api/games", body).await.expect(201);
        let id = game["id"].as_i64().expect("id");
        let invite = game["invite_code"].clone();
        let mut powers = serde_json::Map::new();
        for (p, power) in players {
            p.post(&format!("/api/games/{id}/join"), json!({"invite": invite}))
                .await
                .expect(204);
            powers.insert(p.name.clone(), json!(power));
        }
        gm.post(
            &format!("/api/games/{id}/start"),
            json!({"assignment": "gm", "powers": powers}),
        )
        .await
        .expect(204);
        id
    }
}

impl TestUser {
    fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path)
    }

    /// GET.
    pub async fn get(&self, path: &str) -> Reply {
        reply(self.client.get(self.url(path)).send().await.expect("send")).await
    }

    /// POST JSON with the CSRF header.
    pub async fn post(&self, path: &str, body: Value) -> Reply {
        let r = self
            .client
            .post(self.url(path))
            .header("x-csrf-token", &self.csrf)
            .json(&body)
            .send()
            .await
            .expect("send");
        reply(r).await
    }

    /// PUT JSON with the CSRF header.
    pub async fn put(&self, path: &str, body: Value) -> Reply {
        let r = self
            .client
            .put(self.url(path))
            .header("x-csrf-token", &self.csrf)
            .json(&body)
            .send()
            .await
            .expect("send");
        reply(r).await
    }

    /// DELETE with the CSRF header.
    pub async fn delete(&self, path: &str) -> Reply {
        let r = self
            .client
            .delete(self.url(path))
            .header("x-csrf-token", &self.csrf)
            .send()
            .await
            .expect("send");
        reply(r).await
    }

    /// Submits orders for game `id`.
    pub async fn orders(&self, id: i64, orders: &[&str]) -> Value {
        self.put(
            &format!("/api/games/{id}/orders"),
            json!({"orders": orders}),
        )
        .await
        .expect(200)
    }
}
