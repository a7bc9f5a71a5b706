//! Load benchmark of the judge (not a test): simulated players on loopback create games,
//! join them, submit and revise orders, chat; then only revise orders (the
//! order-submission capacity alone); then one deadline fires for every game at once. Reports requests per second and p50/p99 latency of order submission, and
//! phases processed per second at the deadline.
//!
//!   cargo run --release -p standoff-server --example serve_bench -- \
//!       [--games 200] [--concurrency 32] [--db sqlite://PATH | postgres://...]
//!
//! The server runs in this process (on 127.0.0.1, port 0, with a manual clock so the
//! deadline fires when the benchmark says), sharing the machine with its clients. The
//! same seven players (and one GM) play every game: sign-up is argon2 and would
//! otherwise dominate. `scripts/serve-bench/run.sh` runs it on SQLite and PostgreSQL.

use anyhow::anyhow;
use chrono::{Duration as ChronoDuration, TimeZone, Utc};
use clap::Parser;
use serde_json::{json, Value};
use standoff_server::clock::{Clock, ManualClock};
use standoff_server::config::Config;
use standoff_server::scheduler::tick;
use standoff_server::Application;
use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// Command-line options.
#[derive(Parser)]
struct Options {
    /// Games set up and played.
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// Requests in flight at once.
    #[arg(long, default_value_t = 32)]
    concurrency: usize,
    /// Database URL (default: a SQLite file in a temporary folder).
    #[arg(long)]
    db: Option<String>,
}

#[derive(Clone)]
struct Client {
    http: reqwest::Client,
    base: String,
}

impl Client {
    async fn call(
        &self,
        method: reqwest::Method,
        token: Option<&str>,
        path: &str,
        body: Option<Value>,
    ) -> anyhow::Result<(u16, Value)> {
        let mut request = self.http.request(method, format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await?;
        let status = response.status().as_u16();
        let text = response.text().await?;
        Ok((
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        ))
    }

    async fn expect(
        &self,
        method: reqwest::Method,
        token: Option<&str>,
        path: &str,
        body: Option<Value>,
        want: u16,
    ) -> anyhow::Result<Value> {
        let (status, value) = self.call(method, token, path, body).await?;
        if status != want {
            return Err(anyhow!("{path}: {status} {value}"));
        }
        Ok(value)
    }

    async fn get(&self, token: &str, path: &str) -> anyhow::Result<Value> {
        self.expect(reqwest::Method::GET, Some(token), path, None, 200)
            .await
    }

    /// Submits `orders` for game `id` `times` times; the latency of each submission.
    async fn revise_orders(
        &self,
        token: &str,
        id: i64,
        orders: &[Value],
        times: usize,
    ) -> anyhow::Result<Vec<Duration>> {
        let path = format!("/api/games/{id}/orders");
        let mut latencies = Vec::with_capacity(times);
        for _ in 0..times {
            let t = Instant::now();
            let body = Some(json!({ "orders": orders }));
            self.expect(reqwest::Method::PUT, Some(token), &path, body, 200)
                .await?;
            latencies.push(t.elapsed());
        }
        Ok(latencies)
    }

    async fn user(&self, name: &str) -> anyhow::Result<String> {
        let password = "benchmark password";
        self.expect(
            reqwest::Method::POST,
            None,
            "/api/accounts",
            Some(json!({"username": name, "password": password})),
            201,
        )
        .await?;
        let cookies = reqwest::Client::builder().cookie_store(true).build()?;
        let signed: Value = cookies
            .post(format!("{}/api/session", self.base))
            .json(&json!({"username": name, "password": password}))
            .send()
            .await?
            .json()
            .await?;
        let csrf = signed["csrf_token"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        let token: Value = cookies
            .post(format!("{}/api/tokens", self.base))
            .header("x-csrf-token", csrf)
            .json(&json!({"name": "bench"}))
            .send()
            .await?
            .json()
            .await?;
        token["token"]
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| anyhow!("no token: {token}"))
    }
}

/// Runs `visit(game, token)` once for every player of every game, at most `limit` at a
/// time, and gathers the order-submission latencies the visits measured, sorted.
async fn for_every_player<F, Visit>(
    games: &[i64],
    players: &[String],
    limit: &Arc<Semaphore>,
    visit: F,
) -> anyhow::Result<Vec<Duration>>
where
    F: Fn(i64, String) -> Visit,
    Visit: Future<Output = anyhow::Result<Vec<Duration>>> + Send + 'static,
{
    let mut tasks = Vec::new();
    for &id in games {
        for token in players {
            let limit = limit.clone();
            let visit = visit(id, token.clone());
            tasks.push(tokio::spawn(async move {
                let _permit = limit.acquire_owned().await?;
                visit.await
            }));
        }
    }
    let mut latencies = Vec::new();
    for task in tasks {
        latencies.extend(task.await??);
    }
    latencies.sort();
    Ok(latencies)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let options = Options::parse();
    let dir = tempfile::tempdir()?;
    let database_url = options
        .db
        .clone()
        .unwrap_or_else(|| format!("sqlite://{}", dir.path().join("bench.db").display()));
    let backend = if database_url.starts_with("postgres") {
        "PostgreSQL"
    } else {
        "SQLite"
    };
    let clock = ManualClock::new(
        Utc.with_ymd_and_hms(2026, 11, 20, 12, 0, 0)
            .single()
            .ok_or_else(|| anyhow!("start time"))?,
    );
    let config = Config {
        database_url,
        addr: "127.0.0.1:0".into(),
        tick_interval: None,
        body_limit: 64 * 1024,
        ..Config::default()
    };
    let app = Application::build(config, Arc::new(clock.clone())).await?;
    let base = format!("http://{}", app.local_addr()?);
    let state = app.state().clone();
    tokio::spawn(app.run());
    let client = Client {
        http: reqwest::Client::builder()
            .pool_max_idle_per_host(options.concurrency)
            .build()?,
        base,
    };

    let suffix = std::process::id();
    let gm = client.user(&format!("gm{suffix}")).await?;
    let mut players = Vec::new();
    for i in 0..7 {
        players.push(client.user(&format!("p{i}x{suffix}")).await?);
    }
    println!(
        "backend: {backend}; games: {}; concurrency: {}",
        options.games, options.concurrency
    );

    // Create, join and start every game.
    let setup = Instant::now();
    let mut games = Vec::new();
    for g in 0..options.games {
        let created = client
            .expect(
                reqwest::Method::POST,
                Some(&gm),
                "/api/games",
                Some(json!({"name": format!("bench {g}"), "deadlines": {"movement_minutes": 60}})),
                201,
            )
            .await?;
        let id = created["id"].as_i64().ok_or_else(|| anyhow!("game id"))?;
        for token in &players {
            client
                .expect(
                    reqwest::Method::POST,
                    Some(token),
                    &format!("/api/games/{id}/join"),
                    Some(json!({"preferences": "random"})),
                    204,
                )
                .await?;
        }
        client
            .expect(
                reqwest::Method::POST,
                Some(&gm),
                &format!("/api/games/{id}/start"),
                Some(json!({})),
                204,
            )
            .await?;
        games.push(id);
    }
    println!("set up {} games in {:.1?}", games.len(), setup.elapsed());

    // Each player, in each game: read the game, submit orders, revise them, chat.
    let limit = Arc::new(Semaphore::new(options.concurrency));
    let started = Instant::now();
    let latencies = for_every_player(&games, &players, &limit, |id, token| {
        let client = client.clone();
        async move {
            let path = format!("/api/games/{id}");
            let detail = client.get(&token, &path).await?;
            let power = detail["my_power"].as_str().unwrap_or_default().to_string();
            let holds: Vec<Value> = detail["position"]["units"][&power]
                .as_array()
                .map(|u| {
                    u.iter()
                        .filter_map(|x| x.as_str().map(|unit| json!(format!("{unit} H"))))
                        .collect()
                })
                .unwrap_or_default();
            let latencies = client.revise_orders(&token, id, &holds, 3).await?;
            client
                .expect(
                    reqwest::Method::POST,
                    Some(&token),
                    &format!("/api/games/{id}/messages"),
                    Some(json!({"to": "all", "body": format!("{power} holds")})),
                    201,
                )
                .await?;
            client.get(&token, &format!("{path}/messages")).await?;
            anyhow::Ok(latencies)
        }
    })
    .await?;
    let elapsed = started.elapsed();
    let requests = games.len() * players.len() * 6;
    println!(
        "play: {requests} requests in {elapsed:.2?}: {:.0} requests/s",
        requests as f64 / elapsed.as_secs_f64()
    );
    println!(
        "order submissions: {} ({:.0}/s of wall time), p50 {:.1?}, p99 {:.1?}",
        latencies.len(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.99)
    );

    // Orders only: every player revises its orders three more times, nothing else
    // (the order-submission capacity on its own).
    let started = Instant::now();
    let latencies = for_every_player(&games, &players, &limit, |id, token| {
        let client = client.clone();
        async move {
            let mine = client
                .get(&token, &format!("/api/games/{id}/orders"))
                .await?;
            let orders: Vec<Value> = mine["orders"]
                .as_array()
                .map(|o| o.iter().map(|c| c["text"].clone()).collect())
                .unwrap_or_default();
            client.revise_orders(&token, id, &orders, 3).await
        }
    })
    .await?;
    let elapsed = started.elapsed();
    println!(
        "orders only: {} submissions in {elapsed:.2?}: {:.0}/s, p50 {:.1?}, p99 {:.1?}",
        latencies.len(),
        latencies.len() as f64 / elapsed.as_secs_f64(),
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.99)
    );

    // One deadline for every game.
    clock.advance(ChronoDuration::minutes(61));
    let deadline = Instant::now();
    let mut phases = 0;
    loop {
        let n = tick(&state, clock.now())
            .await
            .map_err(|e| anyhow!("tick: {e}"))?;
        if n == 0 {
            break;
        }
        phases += n;
    }
    let took = deadline.elapsed();
    println!(
        "deadline: {phases} phases of {} games processed in {took:.2?}: {:.0} phases/s",
        games.len(),
        phases as f64 / took.as_secs_f64()
    );
    Ok(())
}
