//! Uploaded variant files over the HTTP API: a checked upload, a game played on it
//! (orders read against its map, a phase processed), its map drawn, its file embedded
//! in the game's save, the game reloaded by a second server on the same database; a
//! broken file refused with its file and line, a too-big file refused, another
//! account's upload refused.

mod support;

use serde_json::{json, Value};
use standoff_server::clock::{Clock, ManualClock};
use standoff_server::config::Config;
use standoff_server::Application;
use std::sync::Arc;
use support::{assert_error, of, TestApp};

/// The standard map with a new fleet and army edge London–Norway.
const LONDON_NORWAY: &str = r#"
extends = "standard"

[variant]
name = "london-norway"
title = "Standard with a London-Norway link"

[adjacency]
army = ["lon-nwy"]
fleet = ["lon-nwy"]
"#;

async fn upload(app: &TestApp, user: &support::User, source: &str) -> (u16, Value) {
    app.post(
        Some(user),
        "/api/variants",
        json!({"source": source, "file_name": "mine.toml"}),
    )
    .await
}

async fn uploaded_variant_game(app: TestApp) {
    let gm = app.user("gamemaster").await;
    let (status, uploaded) = upload(&app, &gm, LONDON_NORWAY).await;
    assert_eq!(status, 201, "{uploaded}");
    assert_eq!(uploaded["name"], "london-norway");
    assert_eq!(uploaded["powers"].as_array().map(Vec::len), Some(7));
    assert_eq!(uploaded["dummy_powers"], json!([]));
    assert_eq!(uploaded["centers"], 34);
    let upload_id = uploaded["id"].as_i64().expect("id");

    // Another account may not use it; `variant` and `variant_upload` together are refused.
    let stranger = app.user("stranger").await;
    assert_error(
        &app.post(
            Some(&stranger),
            "/api/games",
            json!({"name": "not mine", "variant_upload": upload_id}),
        )
        .await,
        404,
    );
    assert_error(
        &app.post(
            Some(&gm),
            "/api/games",
            json!({"name": "both", "variant": "standard", "variant_upload": upload_id}),
        )
        .await,
        400,
    );

    // A forming game on the upload names the upload's powers (what players may prefer).
    let (status, forming) = app
        .post(
            Some(&gm),
            "/api/games",
            json!({"name": "forming", "variant_upload": upload_id}),
        )
        .await;
    assert_eq!(status, 201, "{forming}");
    let (_, forming) = app
        .get(Some(&gm), &format!("/api/games/{}", forming["id"]))
        .await;
    assert_eq!(forming["status"], "forming", "{forming}");
    assert_eq!(forming["powers"], json!([]), "{forming}");
    assert_eq!(
        forming["variant_powers"],
        json!(["Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]),
        "{forming}"
    );

    let users = app.seven("up").await;
    let (id, players) = app
        .started_game(&gm, &users, json!({"variant_upload": upload_id}))
        .await;
    let (_, detail) = app.get(Some(&gm), &format!("/api/games/{id}")).await;
    assert_eq!(detail["variant"], "london-norway");
    let (_, mine) = app.get(Some(&gm), "/api/games?mine=1").await;
    let listed = mine
        .as_array()
        .and_then(|games| games.iter().find(|g| g["id"] == id))
        .cloned()
        .unwrap_or_default();
    assert_eq!(listed["powers"], 7, "{mine}");
    // The new edge: a fleet order that is illegal on the standard map is read here.
    let england = of(&players, "England");
    let (status, orders) = app
        .send(
            reqwest::Method::PUT,
            Some(&england.user),
            &format!("/api/games/{id}/orders"),
            Some(json!({"orders": ["F lon - nwy"]})),
        )
        .await;
    assert_eq!(status, 200, "{orders}");
    assert!(orders["orders"][0]["error"].is_null(), "{orders}");
    let (status, done) = app
        .post(Some(&gm), &format!("/api/games/{id}/gm/process"), json!({}))
        .await;
    assert_eq!(status, 200, "{done}");
    let (_, detail) = app.get(Some(&gm), &format!("/api/games/{id}")).await;
    assert_eq!(detail["phase"], "Fall 1901 Movement");
    let units = detail["position"]["units"]["England"].to_string();
    assert!(units.contains("F nwy"), "{units}");

    // The map is drawn; the save embeds the file.
    let (status, svg) = app
        .get(Some(&gm), &format!("/api/games/{id}/map.svg"))
        .await;
    assert_eq!(status, 200);
    assert!(svg.as_str().is_some_and(|s| s.starts_with("<svg")), "{svg}");
    let (status, save) = app
        .get(Some(&gm), &format!("/api/games/{id}/export?format=save"))
        .await;
    assert_eq!(status, 200, "{save}");
    assert_eq!(save["variant"]["name"], "london-norway");
    assert!(save["variant"]["source"]
        .as_str()
        .is_some_and(|s| s.contains("lon-nwy")));
    let (status, mila) = app
        .get(Some(&gm), &format!("/api/games/{id}/export?format=mila"))
        .await;
    assert_eq!(status, 200, "{mila}");

    // A second server on the same database (nothing cached) reads the game and
    // accepts the next orders against the uploaded map.
    let clock = ManualClock::new(app.clock.now());
    let second = Application::build(
        Config {
            database_url: app.database_url.clone(),
            addr: "127.0.0.1:0".into(),
            tick_interval: None,
            ..Config::default()
        },
        Arc::new(clock),
    )
    .await
    .expect("second server");
    let base = format!("http://{}", second.local_addr().expect("address"));
    tokio::spawn(second.run());
    let answer = reqwest::Client::new()
        .put(format!("{base}/api/games/{id}/orders"))
        .bearer_auth(&england.user.token)
        .json(&json!({"orders": ["F nwy - lon"]}))
        .send()
        .await
        .expect("request");
    assert_eq!(answer.status().as_u16(), 200);
    let body: Value = answer.json().await.expect("json");
    assert!(body["orders"][0]["error"].is_null(), "{body}");
    assert_eq!(body["phase"], "Fall 1901 Movement");
}
on_both!(
    uploaded_variant_game,
    uploaded_variant_game_sqlite,
    uploaded_variant_game_postgres
);

async fn bad_uploads_are_refused(app: TestApp) {
    let user = app.user("uploader").await;
    // A problem in the file: named with its file and line.
    let broken = "extends = \"standard\"\n\n[variant]\nname = \"broken\"\n\n[adjacency]\narmy = [\"lon-atlantis\"]\n";
    let (status, body) = upload(&app, &user, broken).await;
    assert_eq!(status, 400, "{body}");
    let message = body["message"].as_str().unwrap_or_default();
    assert!(message.contains("mine.toml"), "{message}");
    assert!(message.contains("atlantis"), "{message}");
    assert!(message.contains('7'), "line 7: {message}");
    // Not TOML at all.
    let (status, body) = upload(&app, &user, "this is = = not toml").await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap_or_default()
            .contains("mine.toml"),
        "{body}"
    );
    // `extends` may name built-ins only: the judge reads no file.
    let (status, body) = upload(&app, &user, "extends = \"../secret.toml\"\n").await;
    assert_eq!(status, 400, "{body}");
    // A built-in's name is taken.
    let (status, body) = upload(
        &app,
        &user,
        &LONDON_NORWAY.replace("london-norway", "standard"),
    )
    .await;
    assert_eq!(status, 400, "{body}");
    assert!(
        body["message"]
            .as_str()
            .unwrap_or_default()
            .contains("built-in"),
        "{body}"
    );
    // Too big: refused before it is read.
    let big = format!("{LONDON_NORWAY}\n# {}\n", "x".repeat(300 * 1024));
    assert_error(&upload(&app, &user, &big).await, 413);
    // Not signed in.
    assert_error(
        &app.post(None, "/api/variants", json!({"source": LONDON_NORWAY}))
            .await,
        401,
    );
    // The endpoint is in the OpenAPI document.
    let (status, doc) = app.get(None, "/api/openapi.json").await;
    assert_eq!(status, 200);
    assert!(
        doc["paths"]["/api/variants"]["post"].is_object(),
        "upload missing"
    );
    assert!(doc["components"]["schemas"]["UploadVariant"].is_object());
    assert!(doc["components"]["schemas"]["CreateGame"]["properties"]["variant_upload"].is_object());
    // An unknown upload id.
    assert_error(
        &app.post(
            Some(&user),
            "/api/games",
            json!({"name": "nothing", "variant_upload": 999_999}),
        )
        .await,
        404,
    );
}
on_both!(
    bad_uploads_are_refused,
    bad_uploads_are_refused_sqlite,
    bad_uploads_are_refused_postgres
);
