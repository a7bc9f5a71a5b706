//! Deadlines with a manual clock (no sleeping): phases processed when due and not
//! before, missed orders (units hold, unretreated units disband, adjustments in civil
//! disorder), the grace period, finished games, and exactly-once processing with two
//! servers ticking the same database. Runs on SQLite, and on PostgreSQL when
//! `STANDOFF_TEST_PG_URL` is set.

mod common;

use chrono::Duration;
use common::{backends, fresh_database, spawn_app, spawn_on, Backend, TestApp};
use serde_json::{json, Value};

async fn game(app: &TestApp, id: i64) -> Value {
    app.anonymous()
        .get(&format!("/api/games/{id}"))
        .await
        .expect(200)
}

fn units(g: &Value, power: &str) -> Vec<String> {
    let mut u: Vec<String> = g["position"]["units"][power]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    u.sort();
    u
}

#[tokio::test]
async fn phases_are_processed_at_their_deadlines_with_civil_disorder() {
    for backend in backends() {
        missed_orders_on(backend).await;
    }
}

async fn missed_orders_on(backend: Backend) {
    let app = spawn_app(backend).await;
    let gm = app.user("gmaster").await;
    let france = app.user("frank").await;
    let germany = app.user("gerda").await;
    let id = app
        .started_game(
            &gm,
            &[(&france, "France"), (&germany, "Germany")],
            json!({"deadlines": {"movement_minutes": 60}}),
        )
        .await;
    let g = game(&app, id).await;
    let start = app.clock_now();
    assert_eq!(
        g["deadline"].as_str().map(|d| d.to_string()),
        Some((start + Duration::minutes(60)).to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
    );
    france.orders(id, &["A par - pic", "A mar - bur"]).await;
    germany.orders(id, &["A mun - ruh", "A ber - mun"]).await;
    // Not yet due.
    app.clock.advance(Duration::minutes(59));
    assert_eq!(app.tick().await, 0);
    assert_eq!(game(&app, id).await["phase"], "Spring 1901 Movement");
    app.clock.advance(Duration::minutes(1));
    assert_eq!(app.tick().await, 1);
    assert_eq!(app.tick().await, 0, "a phase is processed once");
    let g = game(&app, id).await;
    assert_eq!(g["phase"], "Fall 1901 Movement");
    assert_eq!(units(&g, "France"), vec!["A bur", "A pic", "F bre"]);
    // Fall: Germany dislodges Burgundy; France sends nothing and holds.
    germany
        .orders(id, &["A ruh - bur", "A mun S A ruh - bur"])
        .await;
    app.clock.advance(Duration::minutes(60));
    assert_eq!(app.tick().await, 1);
    let g = game(&app, id).await;
    assert_eq!(g["phase"], "Fall 1901 Retreat");
    let due: Vec<&str> = g["powers"]
        .as_array()
        .expect("powers")
        .iter()
        .filter(|p| p["orders_due"] == true)
        .filter_map(|p| p["name"].as_str())
        .collect();
    assert_eq!(due, vec!["France"]);
    // Retreats are due 24 hours later; France misses them: the unit is disbanded.
    app.clock.advance(Duration::hours(23));
    assert_eq!(app.tick().await, 0);
    app.clock.advance(Duration::hours(1));
    assert_eq!(app.tick().await, 1);
    let g = game(&app, id).await;
    assert_eq!(units(&g, "France"), vec!["A pic", "F bre"]);
    assert_eq!(g["phase"], "Winter 1901 Adjustment");
    // Adjustments are due 48 hours later; France's missed build is waived.
    app.clock.advance(Duration::hours(47));
    assert_eq!(app.tick().await, 0);
    app.clock.advance(Duration::hours(1));
    assert_eq!(app.tick().await, 1);
    let g = game(&app, id).await;
    assert_eq!(g["phase"], "Spring 1902 Movement");
    assert_eq!(units(&g, "France"), vec!["A pic", "F bre"]);
    let phases = app
        .anonymous()
        .get(&format!("/api/games/{id}/phases"))
        .await
        .expect(200);
    let names: Vec<&str> = phases
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|p| p["phase"].as_str())
        .collect();
    assert_eq!(
        names,
        vec![
            "Spring 1901 Movement",
            "Fall 1901 Movement",
            "Fall 1901 Retreat",
            "Winter 1901 Adjustment"
        ]
    );
    let retreat = app
        .anonymous()
        .get(&format!("/api/games/{id}/phases/2"))
        .await
        .expect(200);
    assert_eq!(retreat["orders"], json!([]));
}

#[tokio::test]
async fn a_grace_period_is_given_once_when_orders_are_missing() {
    let app = spawn_app(Backend::Sqlite).await;
    let gm = app.user("gmaster").await;
    let france = app.user("frank").await;
    let germany = app.user("gerda").await;
    let id = app
        .started_game(
            &gm,
            &[(&france, "France"), (&germany, "Germany")],
            json!({"deadlines": {"movement_minutes": 60, "grace_minutes": 30}}),
        )
        .await;
    france.orders(id, &["A par - bur"]).await;
    app.clock.advance(Duration::minutes(60));
    assert_eq!(app.tick().await, 0, "Germany has not ordered: grace");
    let g = game(&app, id).await;
    assert_eq!(g["phase"], "Spring 1901 Movement");
    app.clock.advance(Duration::minutes(29));
    assert_eq!(app.tick().await, 0);
    app.clock.advance(Duration::minutes(1));
    assert_eq!(app.tick().await, 1);
    assert_eq!(
        units(&game(&app, id).await, "France"),
        vec!["A bur", "A mar", "F bre"]
    );
}

#[tokio::test]
async fn a_finished_game_takes_no_orders() {
    let app = spawn_app(Backend::Sqlite).await;
    let gm = app.user("gmaster").await;
    let france = app.user("frank").await;
    let id = app
        .started_game(
            &gm,
            &[(&france, "France")],
            json!({"deadlines": {"movement_minutes": 10}, "end": {"end_after_year": 1901}}),
        )
        .await;
    app.clock.advance(Duration::minutes(10));
    assert_eq!(app.tick().await, 1);
    app.clock.advance(Duration::minutes(10));
    assert_eq!(app.tick().await, 1);
    let g = game(&app, id).await;
    assert_eq!(g["status"], "finished");
    assert!(
        g["result"]
            .as_str()
            .is_some_and(|r| r.contains("short game")),
        "{}",
        g["result"]
    );
    assert!(g["deadline"].is_null());
    let m = france
        .put(
            &format!("/api/games/{id}/orders"),
            json!({"orders": ["A par - bur"]}),
        )
        .await
        .error(409);
    assert!(m.contains("over"), "{m}");
    app.clock.advance(Duration::days(30));
    assert_eq!(app.tick().await, 0);
}

#[tokio::test]
async fn two_servers_ticking_one_database_process_each_phase_once() {
    for backend in backends() {
        two_servers_on(backend).await;
    }
}

async fn two_servers_on(backend: Backend) {
    let (url, dir) = fresh_database(backend).await;
    let one = spawn_on(url.clone(), dir, Default::default()).await;
    let two = spawn_on(url, None, Default::default()).await;
    let gm = one.user("gmaster").await;
    let mut ids = Vec::new();
    for i in 0..12 {
        let p = one.user(&format!("player{i}")).await;
        let id = one
            .started_game(
                &gm,
                &[(&p, "France")],
                json!({"deadlines": {"movement_minutes": 5}}),
            )
            .await;
        p.orders(id, &["A par - bur"]).await;
        ids.push(id);
    }
    for app in [&one, &two] {
        app.clock.advance(Duration::minutes(5));
    }
    let (a, b) = tokio::join!(one.tick(), two.tick());
    assert_eq!(
        a + b,
        ids.len(),
        "each due phase processed exactly once ({a} + {b})"
    );
    for id in ids {
        let phases = one
            .anonymous()
            .get(&format!("/api/games/{id}/phases"))
            .await
            .expect(200);
        assert_eq!(phases.as_array().map(Vec::len), Some(1));
        let g = game(&two, id).await;
        assert_eq!(g["phase_number"], 1);
        assert_eq!(units(&g, "France"), vec!["A bur", "A mar", "F bre"]);
    }
}

#[tokio::test]
async fn orders_acknowledged_while_the_phase_is_processed_are_never_lost() {
    for backend in backends() {
        racing_on(backend).await;
    }
}

/// A player keeps revising while the deadline fires: the last revision acknowledged
/// for the phase is the one played; later ones are refused, not moved to the next phase.
async fn racing_on(backend: Backend) {
    let app = spawn_app(backend).await;
    let gm = app.user("gmaster").await;
    let france = app.user("frank").await;
    let id = app
        .started_game(
            &gm,
            &[(&france, "France")],
            json!({"deadlines": {"movement_minutes": 5}}),
        )
        .await;
    app.clock.advance(Duration::minutes(5));
    let targets = ["bur", "pic", "gas"];
    let acknowledged = std::sync::atomic::AtomicUsize::new(0);
    let submitter = async {
        let mut last_acknowledged = None;
        for i in 0..40 {
            let target = targets[i % 3];
            let r = france
                .put(
                    &format!("/api/games/{id}/orders"),
                    json!({"orders": [format!("A par - {target}")], "phase_number": 0}),
                )
                .await;
            match r.status {
                200 => {
                    last_acknowledged = Some(target);
                    acknowledged.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                }
                409 => break,
                other => panic!("unexpected status {other}: {}", r.body),
            }
        }
        last_acknowledged
    };
    let ticker = async {
        // Fire while revisions are in flight.
        while acknowledged.load(std::sync::atomic::Ordering::SeqCst) < 10 {
            tokio::task::yield_now().await;
        }
        let mut n = 0;
        while n == 0 {
            n = app.tick().await;
        }
        n
    };
    let (last, processed) = tokio::join!(submitter, ticker);
    assert_eq!(processed, 1);
    let phase = app
        .anonymous()
        .get(&format!("/api/games/{id}/phases/0"))
        .await
        .expect(200);
    let g = game(&app, id).await;
    let expected = match last {
        Some(t) => format!("A {t}"),
        None => "A par".to_string(),
    };
    assert!(
        units(&g, "France").contains(&expected),
        "{expected} in {:?}; phase record {phase}",
        units(&g, "France")
    );
}
