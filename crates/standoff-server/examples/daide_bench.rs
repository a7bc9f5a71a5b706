//! DAIDE benchmark (not a test): many bot games at once on one judge. Seven random bots
//! (`standoff_daide::bot`) per game connect over loopback, join machine-speed games and
//! play them to the end; reports phases processed per second over all games.
//!
//!   cargo run --release -p standoff-server --example daide_bench -- \
//!       [--games 100] [--last-year 1910] [--db sqlite://PATH | postgres://...]
//!
//! The judge (storage, service layer, DAIDE listener) runs in this process and shares
//! the machine with its 7 × games clients. `scripts/daide-bench.sh` runs it.

use anyhow::anyhow;
use clap::Parser;
use standoff_daide::bot::play;
use standoff_daide::client::Client;
use standoff_server::clock::SystemClock;
use standoff_server::config::Config;
use standoff_server::Application;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Command-line options.
#[derive(Parser)]
struct Options {
    /// Games played at once (seven bots each).
    #[arg(long, default_value_t = 100)]
    games: usize,
    /// Each game ends after Fall of this year.
    #[arg(long, default_value_t = 1910)]
    last_year: i32,
    /// Database URL (default: a SQLite file in a temporary folder).
    #[arg(long)]
    db: Option<String>,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let options = Options::parse();
    let dir = tempfile::tempdir()?;
    let db = options
        .db
        .clone()
        .unwrap_or_else(|| format!("sqlite://{}", dir.path().join("bench.db").display()));
    let config = Config {
        database_url: db.clone(),
        addr: "127.0.0.1:0".into(),
        tick_interval: None,
        ..Config::default()
    };
    let app = Application::build(config, Arc::new(SystemClock)).await?;
    let state = app.state().clone();
    let gm = state
        .storage
        .create_account("bench-gm", "!no-sign-in", None, None, 0)
        .await?;
    let mut ids = Vec::new();
    for g in 0..options.games {
        let request: standoff_api::CreateGame = serde_json::from_value(serde_json::json!({
            "name": format!("bots {g}"),
            "auto_start": true,
            "assignment": "random",
            "press": "none",
            "end": {"end_after_year": options.last_year},
            "bots": {"daide": true, "machine_speed": true},
        }))?;
        let id = standoff_server::service::games::create(&state, &gm, request)
            .await
            .map_err(|e| anyhow!("creating a game: {e}"))?;
        ids.push(id);
    }
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    tokio::spawn(standoff_server::daide::serve(state.clone(), listener));

    let started = Instant::now();
    let mut bots = Vec::new();
    for seat in 0..options.games * 7 {
        let client = Client::connect(addr, Duration::from_secs(60)).await?;
        bots.push(tokio::spawn(play(
            client,
            seat as u64 + 1,
            1_000_000,
            Duration::from_secs(1800),
        )));
    }
    let mut failed = 0;
    for b in bots {
        if !matches!(b.await, Ok(Ok(_))) {
            failed += 1;
        }
    }
    let elapsed = started.elapsed();
    let mut phases = 0;
    let mut finished = 0;
    for id in &ids {
        if let Some(game) = state.storage.game(*id).await? {
            phases += game.phase_no;
            finished += usize::from(game.status == "finished");
        }
    }
    println!(
        "{} games ({} finished, {} bots failed), {} phases in {:.1} s: {:.0} phases/s, {:.0} bot orders turns/s",
        options.games,
        finished,
        failed,
        phases,
        elapsed.as_secs_f64(),
        phases as f64 / elapsed.as_secs_f64(),
        (phases * 7) as f64 / elapsed.as_secs_f64(),
    );
    println!("database: {db}");
    Ok(())
}
