//! Gamemaster actions over the HTTP API: pause/resume (the deadline stops and the time
//! left comes back), extend, process now, replace a player, end the game (draw or
//! abandoned); only the GM or the site admin; bad input is a 4xx JSON error.

mod support;

use chrono::{DateTime, Duration, Utc};
use serde_json::json;
use standoff_server::clock::Clock;
use standoff_server::scheduler::tick;
use support::{assert_error, of, TestApp};

fn time(value: &serde_json::Value) -> DateTime<Utc> {
    value
        .as_str()
        .and_then(|t| DateTime::parse_from_rfc3339(t).ok())
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or_else(|| panic!("a time: {value}"))
}

async fn gm_actions(app: TestApp) {
    // The first account is the site admin: make it a bystander.
    let admin = app.user("siteadmin").await;
    let gm = app.user("gamemaster").await;
    let users = app.seven("gma").await;
    let (id, players) = app
        .started_game(&gm, &users, json!({"deadlines": {"movement_minutes": 600}}))
        .await;
    let gm_path = |action: &str| format!("/api/games/{id}/gm/{action}");
    let (_, detail) = app.get(Some(&gm), &format!("/api/games/{id}")).await;
    let deadline = time(&detail["deadline"]);
    assert_eq!(deadline, app.clock.now() + Duration::minutes(600));

    // Who may not: a player, a stranger, nobody signed in.
    let france = of(&players, "France");
    let stranger = app.user("gmastranger").await;
    for action in ["pause", "resume", "process"] {
        assert_error(
            &app.post(Some(&france.user), &gm_path(action), json!({}))
                .await,
            403,
        );
        assert_error(
            &app.post(Some(&stranger), &gm_path(action), json!({})).await,
            403,
        );
        assert_error(&app.post(None, &gm_path(action), json!({})).await, 401);
    }
    assert_error(
        &app.post(
            Some(&france.user),
            &gm_path("extend"),
            json!({"minutes": 5}),
        )
        .await,
        403,
    );
    assert_error(
        &app.post(
            Some(&france.user),
            &gm_path("end"),
            json!({"result": "abandoned"}),
        )
        .await,
        403,
    );
    assert_error(
        &app.post(
            Some(&france.user),
            &gm_path("replace"),
            json!({"power": "France", "username": "gmastranger"}),
        )
        .await,
        403,
    );
    assert_error(
        &app.post(Some(&gm), "/api/games/424242/gm/pause", json!({}))
            .await,
        404,
    );

    // Pause two hours in: 8 hours were left; the deadline stops.
    app.clock.advance(Duration::hours(2));
    let (status, paused) = app.post(Some(&gm), &gm_path("pause"), json!({})).await;
    assert_eq!(status, 200, "{paused}");
    assert_eq!(paused["status"], "paused");
    assert!(paused.get("deadline").is_none(), "{paused}");
    assert_error(
        &app.post(Some(&gm), &gm_path("pause"), json!({})).await,
        409,
    );
    app.clock.advance(Duration::hours(20));
    assert_eq!(tick(&app.state, app.clock.now()).await.expect("tick"), 0);
    // Resume: the 8 hours left come back.
    let (status, resumed) = app.post(Some(&gm), &gm_path("resume"), json!({})).await;
    assert_eq!(status, 200, "{resumed}");
    assert_eq!(resumed["status"], "active");
    assert_eq!(
        time(&resumed["deadline"]),
        app.clock.now() + Duration::hours(8)
    );
    assert_eq!(resumed["phase_number"], 0);
    assert_error(
        &app.post(Some(&gm), &gm_path("resume"), json!({})).await,
        409,
    );

    // Extend by 90 minutes; bad amounts are refused.
    let (status, extended) = app
        .post(Some(&gm), &gm_path("extend"), json!({"minutes": 90}))
        .await;
    assert_eq!(status, 200, "{extended}");
    assert_eq!(
        time(&extended["deadline"]),
        app.clock.now() + Duration::hours(8) + Duration::minutes(90)
    );
    for bad in [
        json!({"minutes": 0}),
        json!({"minutes": 43_201}),
        json!({"minutes": -5}),
        json!({"hours": 1}),
    ] {
        assert_error(&app.post(Some(&gm), &gm_path("extend"), bad).await, 400);
    }
    assert_error(
        &app.post_raw(&gm, &gm_path("extend"), "{\"minutes\":").await,
        400,
    );

    // Process now (the site admin may too).
    let (status, processed) = app.post(Some(&admin), &gm_path("process"), json!({})).await;
    assert_eq!(status, 200, "{processed}");
    assert_eq!(processed["phase_number"], 1);
    let (_, detail) = app.get(Some(&gm), &format!("/api/games/{id}")).await;
    assert_eq!(detail["phase"], "Fall 1901 Movement");

    // Replace France's player: France's press goes with the power.
    let (status, _) = app
        .post(
            Some(&of(&players, "England").user),
            &format!("/api/games/{id}/messages"),
            json!({"to": ["France"], "body": "for France"}),
        )
        .await;
    assert_eq!(status, 201);
    let newcomer = app.user("gmanewcomer").await;
    assert_error(
        &app.post(
            Some(&gm),
            &gm_path("replace"),
            json!({"power": "Spain", "username": "gmanewcomer"}),
        )
        .await,
        400,
    );
    assert_error(
        &app.post(
            Some(&gm),
            &gm_path("replace"),
            json!({"power": "France", "username": "nobody-here"}),
        )
        .await,
        404,
    );
    assert_error(
        &app.post(
            Some(&gm),
            &gm_path("replace"),
            json!({"power": "France", "username": users[1].name}),
        )
        .await,
        409,
    );
    let (status, replaced) = app
        .post(
            Some(&gm),
            &gm_path("replace"),
            json!({"power": "france", "username": "gmanewcomer"}),
        )
        .await;
    assert_eq!(status, 200, "{replaced}");
    let (_, detail) = app.get(Some(&newcomer), &format!("/api/games/{id}")).await;
    assert_eq!(detail["my_power"], "France");
    let (_, detail) = app
        .get(Some(&france.user), &format!("/api/games/{id}"))
        .await;
    assert!(
        detail.get("my_power").is_none() || detail["my_power"].is_null(),
        "{detail}"
    );
    let (status, list) = app
        .get(Some(&newcomer), &format!("/api/games/{id}/messages"))
        .await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(list["messages"][0]["body"], "for France");
    assert_error(
        &app.get(Some(&france.user), &format!("/api/games/{id}/messages"))
            .await,
        403,
    );
    // The new player orders France's units.
    let (status, orders) = app
        .send(
            reqwest::Method::PUT,
            Some(&newcomer),
            &format!("/api/games/{id}/orders"),
            Some(json!({"orders": ["A par - bur"]})),
        )
        .await;
    assert_eq!(status, 200, "{orders}");

    // End: bad requests, then a draw between England and France.
    assert_error(
        &app.post(Some(&gm), &gm_path("end"), json!({"result": "draw"}))
            .await,
        400,
    );
    assert_error(
        &app.post(
            Some(&gm),
            &gm_path("end"),
            json!({"result": "draw", "powers": ["England", "England"]}),
        )
        .await,
        400,
    );
    assert_error(
        &app.post(
            Some(&gm),
            &gm_path("end"),
            json!({"result": "abandoned", "powers": ["England"]}),
        )
        .await,
        400,
    );
    assert_error(
        &app.post(Some(&gm), &gm_path("end"), json!({"result": "won"}))
            .await,
        400,
    );
    let (status, ended) = app
        .post(
            Some(&gm),
            &gm_path("end"),
            json!({"result": "draw", "powers": ["England", "France"]}),
        )
        .await;
    assert_eq!(status, 200, "{ended}");
    assert_eq!(ended["status"], "finished");
    assert_error(
        &app.post(Some(&gm), &gm_path("end"), json!({"result": "abandoned"}))
            .await,
        409,
    );
    let (status, result) = app
        .get(Some(&newcomer), &format!("/api/games/{id}/result"))
        .await;
    assert_eq!(status, 200, "{result}");
    assert_eq!(result["kind"], "draw");
    assert_eq!(result["powers"], json!(["England", "France"]));
    let points = |power: &str| {
        result["scores"]
            .as_array()
            .expect("scores")
            .iter()
            .find(|s| s["power"] == power)
            .map(|s| s["points"].as_i64().expect("points"))
            .expect("power scored")
    };
    assert_eq!(points("England"), 150);
    assert_eq!(points("France"), 150);
    assert_eq!(points("Turkey"), -60);
    // The score belongs to France's player at the end.
    let (_, mine) = app.get(Some(&newcomer), "/api/me/score").await;
    assert_eq!(mine["points"], 150);
    assert_eq!(mine["games"], 1);
    let (_, before) = app.get(Some(&france.user), "/api/me/score").await;
    assert_eq!(before["points"], 0);
    // Press is closed once the game is over; reading stays.
    assert_error(
        &app.post(
            Some(&newcomer),
            &format!("/api/games/{id}/messages"),
            json!({"to": "all", "body": "gg"}),
        )
        .await,
        409,
    );

    // An abandoned game is unrated.
    let (other, _) = app.started_game(&gm, &users, json!({})).await;
    let (status, _) = app
        .post(
            Some(&gm),
            &format!("/api/games/{other}/gm/end"),
            json!({"result": "abandoned"}),
        )
        .await;
    assert_eq!(status, 200);
    let (_, result) = app
        .get(Some(&gm), &format!("/api/games/{other}/result"))
        .await;
    assert_eq!(result["kind"], "abandoned");
    assert!(result["scores"]
        .as_array()
        .expect("scores")
        .iter()
        .all(|s| s["points"] == 0));
    let (status, board) = app.get(None, "/api/leaderboard").await;
    assert_eq!(status, 200, "{board}");
    let entry = |name: &str| {
        board["entries"]
            .as_array()
            .expect("entries")
            .iter()
            .find(|e| e["username"] == name)
            .cloned()
    };
    assert_eq!(entry("gmanewcomer").expect("listed")["points"], 150);
    // The abandoned game does not count: the Turkish player has one rated game.
    let turkey = of(&players, "Turkey");
    assert_eq!(entry(&turkey.user.name).expect("listed")["games"], 1);
    assert_error(&app.get(None, "/api/leaderboard?limit=0").await, 400);
}
on_both!(gm_actions, gm_actions_sqlite, gm_actions_postgres);

/// A replaced player leaves the game: a private game is "not found" to them, it is no
/// longer among their games, and they read none of its press.
async fn replaced_player_leaves_the_game(app: TestApp) {
    let _admin = app.user("siteadmin").await;
    let gm = app.user("gamemaster").await;
    let users = app.seven("rpl").await;
    let (id, players) = app
        .started_game(&gm, &users, json!({"private": true}))
        .await;
    let italy = of(&players, "Italy");
    let (status, me) = app.get(Some(&italy.user), "/api/me").await;
    assert_eq!(status, 200, "{me}");
    assert!(me["games"]
        .as_array()
        .expect("games")
        .iter()
        .any(|g| g["id"] == id));
    let _newcomer = app.user("rplnewcomer").await;
    let (status, replaced) = app
        .post(
            Some(&gm),
            &format!("/api/games/{id}/gm/replace"),
            json!({"power": "Italy", "username": "rplnewcomer"}),
        )
        .await;
    assert_eq!(status, 200, "{replaced}");
    assert_error(
        &app.get(Some(&italy.user), &format!("/api/games/{id}"))
            .await,
        404,
    );
    let (_, me) = app.get(Some(&italy.user), "/api/me").await;
    assert!(
        !me["games"]
            .as_array()
            .expect("games")
            .iter()
            .any(|g| g["id"] == id),
        "{me}"
    );
    let (status, _) = app
        .get(Some(&italy.user), &format!("/api/games/{id}/messages"))
        .await;
    assert!(status == 403 || status == 404, "{status}");
}
on_both!(
    replaced_player_leaves_the_game,
    replaced_player_leaves_the_game_sqlite,
    replaced_player_leaves_the_game_postgres
);
