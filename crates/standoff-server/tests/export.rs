//! A game downloads as the `diplomacy` package's saved-game JSON and as a DATC case
//! file whose every case re-runs green; private games stay hidden from strangers; a bad
//! format is a 400.

mod support;

use serde_json::json;
use standoff::datc::{parse_case_file, run_case};
use standoff::Variant;
use support::{assert_error, of, TestApp};

async fn export(app: TestApp) {
    let gm = app.user("gamemaster").await;
    let users = app.seven("ex").await;
    let (id, players) = app
        .started_game(&gm, &users, json!({"private": true}))
        .await;
    let put = |power: &str, orders: &[&str]| {
        let user = of(&players, power).user.clone();
        let path = format!("/api/games/{id}/orders");
        let body = json!({ "orders": orders });
        let app = &app;
        async move {
            let (status, answer) = app
                .send(reqwest::Method::PUT, Some(&user), &path, Some(body))
                .await;
            assert_eq!(status, 200, "{answer}");
        }
    };
    put("France", &["A par - bur", "A mar - spa", "F bre - mao"]).await;
    put("Germany", &["A mun - ruh", "F kie - den"]).await;
    put("Italy", &["A ven - tyr"]).await;
    let process = format!("/api/games/{id}/gm/process");
    assert_eq!(app.post(Some(&gm), &process, json!({})).await.0, 200);
    put("France", &["A spa - por", "A bur - bel"]).await;
    put("Germany", &["F den - swe"]).await;
    assert_eq!(app.post(Some(&gm), &process, json!({})).await.0, 200);

    let path = format!("/api/games/{id}/export");
    let player = &of(&players, "Turkey").user;
    let response = app
        .client
        .get(app.url(&format!("{path}?format=case")))
        .bearer_auth(&player.token)
        .send()
        .await
        .expect("request");
    assert_eq!(response.status().as_u16(), 200);
    let disposition = response
        .headers()
        .get("content-disposition")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    assert!(
        disposition.contains(&format!("game-{id}.txt")),
        "{disposition}"
    );
    let text = response.text().await.expect("text");
    let (file, errors) = parse_case_file(&text);
    assert!(errors.is_empty(), "{errors:?}\n{text}");
    assert_eq!(file.cases.len(), 2, "two phases processed: {text}");
    let variant = Variant::standard();
    for case in &file.cases {
        let report = run_case(&variant, case);
        assert!(report.passed, "{}: {:?}\n{text}", case.id, report.problems);
    }
    assert!(text.contains("France: A par - bur"), "{text}");

    let (status, saved) = app.get(Some(player), &format!("{path}?format=mila")).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(saved["id"], format!("game-{id}"));
    let phases = saved["phases"].as_array().expect("phases");
    assert!(phases.len() >= 2, "{saved}");
    assert_eq!(phases[0]["name"], "S1901M");
    let (status, default) = app.get(Some(player), &path).await;
    assert_eq!(status, 200);
    assert_eq!(default["id"], saved["id"]);

    // A stranger does not see a private game; a bad format is refused.
    let stranger = app.user("exstranger").await;
    assert_error(&app.get(Some(&stranger), &path).await, 404);
    assert_error(&app.get(None, &path).await, 404);
    for format in ["save", "case"] {
        let other = format!("{path}?format={format}");
        assert_error(&app.get(Some(&stranger), &other).await, 404);
        assert_error(&app.get(None, &other).await, 404);
    }
    assert_error(
        &app.get(Some(&stranger), &format!("/api/games/{id}/result"))
            .await,
        404,
    );
    assert_error(
        &app.get(Some(player), &format!("{path}?format=pdf")).await,
        400,
    );
    assert_error(
        &app.get(Some(player), &format!("{path}?format=mila&x=1"))
            .await,
        400,
    );
    assert_error(&app.get(Some(player), "/api/games/77777/export").await, 404);
}
on_both!(export, export_sqlite, export_postgres);
