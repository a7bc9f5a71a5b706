//! A quick throughput check of order submission (not a timed test: `#[ignore]`; run
//! `cargo test --release -p standoff-server --test load_smoke -- --ignored --nocapture`).
//! The full load benchmark lives elsewhere; this one only reports numbers.

mod common;

use common::{spawn_app, Backend};
use serde_json::json;
use std::time::{Duration, Instant};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore]
async fn order_submissions_per_second() {
    for backend in common::backends() {
        run(backend).await;
    }
    let _ = Backend::Sqlite;
}

async fn run(backend: Backend) {
    let app = spawn_app(backend).await;
    let gm = app.user("gmaster").await;
    let mut players = Vec::new();
    for i in 0..32 {
        let p = app.user(&format!("player{i}")).await;
        let id = app.started_game(&gm, &[(&p, "France")], json!({})).await;
        players.push((p, id));
    }
    let run_for = Duration::from_secs(5);
    let start = Instant::now();
    let mut tasks = tokio::task::JoinSet::new();
    for (p, id) in players {
        tasks.spawn(async move {
            let mut latencies = Vec::new();
            let orders = [
                ["A par - bur", "A mar - spa", "F bre - mao"],
                ["A par - pic", "A mar - gas", "F bre - eng"],
            ];
            let mut i = 0;
            while start.elapsed() < run_for {
                let t = Instant::now();
                let r = p
                    .put(
                        &format!("/api/games/{id}/orders"),
                        json!({"orders": orders[i % 2]}),
                    )
                    .await;
                assert_eq!(r.status, 200);
                latencies.push(t.elapsed());
                i += 1;
            }
            latencies
        });
    }
    let mut all = Vec::new();
    while let Some(l) = tasks.join_next().await {
        all.extend(l.expect("task"));
    }
    all.sort();
    let secs = start.elapsed().as_secs_f64();
    let pct = |q: f64| all[((all.len() as f64 * q) as usize).min(all.len() - 1)];
    eprintln!(
        "{backend:?}: {} submissions in {secs:.1} s = {:.0}/s; p50 {:?}, p99 {:?}",
        all.len(),
        all.len() as f64 / secs,
        pct(0.5),
        pct(0.99)
    );
}
