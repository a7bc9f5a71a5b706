//! Press over the HTTP API: private, group and public messages, GM notices, the press
//! settings (gunboat, public only, anonymous), who reads what, unread counts, and that
//! the wrong caller or bad input gets a 4xx JSON error.

mod support;

use serde_json::json;
use support::{assert_error, of, TestApp};

async fn full_press(app: TestApp) {
    let gm = app.user("gamemaster").await;
    let users = app.seven("fp").await;
    let (id, players) = app.started_game(&gm, &users, json!({})).await;
    let path = format!("/api/games/{id}/messages");
    let (england, france, germany) = (
        of(&players, "England"),
        of(&players, "France"),
        of(&players, "Germany"),
    );
    // Private England -> France.
    let (status, sent) = app
        .post(
            Some(&england.user),
            &path,
            json!({"to": ["France"], "body": "Channel is yours."}),
        )
        .await;
    assert_eq!(status, 201, "{sent}");
    assert_eq!(sent["from"], "England");
    assert_eq!(sent["to"], json!(["France"]));
    assert_eq!(sent["phase"], "Spring 1901 Movement");
    assert_eq!(sent["phase_number"], 0);
    // Group France -> England, Germany.
    let (status, _) = app
        .post(
            Some(&france.user),
            &path,
            json!({"to": ["England", "germany"], "body": "Triple?"}),
        )
        .await;
    assert_eq!(status, 201);
    // Public announcement from Germany; a note to the GM from Germany.
    assert_eq!(
        app.post(
            Some(&germany.user),
            &path,
            json!({"to": "all", "body": "Peace in our time"})
        )
        .await
        .0,
        201
    );
    assert_eq!(
        app.post(
            Some(&germany.user),
            &path,
            json!({"to": "gm", "body": "I may be late"})
        )
        .await
        .0,
        201
    );
    // A GM notice to everyone.
    let (status, notice) = app
        .post(
            Some(&gm),
            &path,
            json!({"to": "all", "body": "Deadline moved"}),
        )
        .await;
    assert_eq!(status, 201, "{notice}");
    assert_eq!(notice["from"], "Gamemaster");

    let bodies = |list: &serde_json::Value| -> Vec<String> {
        list["messages"]
            .as_array()
            .expect("messages")
            .iter()
            .map(|m| m["body"].as_str().expect("body").to_string())
            .collect()
    };
    // France reads the private one, the group one (its own), the public ones.
    let (status, list) = app.get(Some(&france.user), &path).await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(
        bodies(&list),
        [
            "Channel is yours.",
            "Triple?",
            "Peace in our time",
            "Deadline moved"
        ]
    );
    assert_eq!(list["unread"], 4);
    // Reading marks them read.
    let (_, again) = app.get(Some(&france.user), &path).await;
    assert_eq!(again["unread"], 0);
    // Germany reads the group message and the public ones, not England's private one.
    let (_, list) = app.get(Some(&germany.user), &path).await;
    assert_eq!(
        bodies(&list),
        [
            "Triple?",
            "Peace in our time",
            "I may be late",
            "Deadline moved"
        ]
    );
    // Italy: only the public ones; not the note to the GM.
    let italy = of(&players, "Italy");
    let (_, list) = app.get(Some(&italy.user), &path).await;
    assert_eq!(bodies(&list), ["Peace in our time", "Deadline moved"]);
    // The GM sees everything.
    let (_, list) = app.get(Some(&gm), &path).await;
    assert_eq!(bodies(&list).len(), 5);
    // Paging with `since`.
    let first_id = list["messages"][0]["id"].as_i64().expect("id");
    let (_, page) = app
        .get(Some(&gm), &format!("{path}?since={first_id}&limit=2"))
        .await;
    assert_eq!(bodies(&page), ["Triple?", "Peace in our time"]);
    // Players are named (the game is not anonymous).
    assert_eq!(
        list["messages"][0]["from_player"],
        england.user.name.as_str()
    );

    // Refusals: a non-member (even for reading public press), bad recipients, bad bodies.
    let stranger = app.user("fpstranger").await;
    assert_error(&app.get(Some(&stranger), &path).await, 403);
    assert_error(
        &app.post(Some(&stranger), &path, json!({"to": "all", "body": "hi"}))
            .await,
        403,
    );
    assert_error(&app.get(None, &path).await, 401);
    assert_error(
        &app.post(
            Some(&france.user),
            &path,
            json!({"to": ["France"], "body": "me"}),
        )
        .await,
        400,
    );
    assert_error(
        &app.post(
            Some(&france.user),
            &path,
            json!({"to": ["Spain"], "body": "x"}),
        )
        .await,
        400,
    );
    assert_error(
        &app.post(Some(&france.user), &path, json!({"to": [], "body": "x"}))
            .await,
        400,
    );
    assert_error(
        &app.post(
            Some(&france.user),
            &path,
            json!({"to": "all", "body": "   "}),
        )
        .await,
        400,
    );
    assert_error(
        &app.post(
            Some(&france.user),
            &path,
            json!({"to": "all", "body": "x".repeat(10_001)}),
        )
        .await,
        400,
    );
    assert_error(
        &app.post(
            Some(&france.user),
            &path,
            json!({"to": "all", "body": "x", "extra": 1}),
        )
        .await,
        400,
    );
    assert_error(&app.post_raw(&france.user, &path, "{not json").await, 400);
    assert_error(
        &app.get(Some(&france.user), &format!("{path}?limit=0"))
            .await,
        400,
    );
    assert_error(
        &app.get(Some(&france.user), &format!("{path}?since=abc"))
            .await,
        400,
    );
    assert_error(
        &app.post(
            Some(&france.user),
            "/api/games/999999/messages",
            json!({"to": "all", "body": "x"}),
        )
        .await,
        404,
    );
}
on_both!(full_press, full_press_sqlite, full_press_postgres);

async fn restricted_press(app: TestApp) {
    let gm = app.user("gamemaster").await;
    let users = app.seven("rp").await;
    let (gunboat, players) = app
        .started_game(&gm, &users, json!({"press": "none"}))
        .await;
    let path = format!("/api/games/{gunboat}/messages");
    let france = of(&players, "France");
    for to in [json!("all"), json!(["England"]), json!("gm")] {
        assert_error(
            &app.post(Some(&france.user), &path, json!({"to": to, "body": "psst"}))
                .await,
            403,
        );
    }
    // The GM may still post notices in a gunboat game.
    assert_eq!(
        app.post(
            Some(&gm),
            &path,
            json!({"to": ["France"], "body": "GM here"})
        )
        .await
        .0,
        201
    );
    let (_, list) = app.get(Some(&france.user), &path).await;
    assert_eq!(list["messages"][0]["body"], "GM here");

    let (public, players) = app
        .started_game(
            &gm,
            &users,
            json!({"press": "public_only", "anonymous": true}),
        )
        .await;
    let path = format!("/api/games/{public}/messages");
    let france = of(&players, "France");
    assert_error(
        &app.post(
            Some(&france.user),
            &path,
            json!({"to": ["England"], "body": "secret"}),
        )
        .await,
        403,
    );
    let (status, sent) = app
        .post(
            Some(&france.user),
            &path,
            json!({"to": "all", "body": "hello all"}),
        )
        .await;
    assert_eq!(status, 201, "{sent}");
    // Anonymous: other players see the power, not the player; the GM sees both.
    let england = of(&players, "England");
    let (_, list) = app.get(Some(&england.user), &path).await;
    assert_eq!(list["messages"][0]["from"], "France");
    assert!(list["messages"][0].get("from_player").is_none(), "{list}");
    let (_, list) = app.get(Some(&gm), &path).await;
    assert_eq!(
        list["messages"][0]["from_player"],
        france.user.name.as_str()
    );
}
on_both!(
    restricted_press,
    restricted_press_sqlite,
    restricted_press_postgres
);

/// A GM who also plays a power reads what that power reads (and the notes to the GM),
/// not the other powers' private press; a site admin who does not play reads it all.
async fn playing_gm_reads_only_their_power(app: TestApp) {
    let admin = app.user("siteadmin").await;
    let gm = app.user("playinggm").await;
    let mut users = vec![gm.clone()];
    users.extend(app.seven("pg").await.into_iter().take(6));
    let (id, players) = app.started_game(&gm, &users, json!({})).await;
    let path = format!("/api/games/{id}/messages");
    let gm_power = players
        .iter()
        .find(|p| p.user.name == gm.name)
        .expect("the GM plays")
        .power
        .clone();
    let others: Vec<_> = players.iter().filter(|p| p.power != gm_power).collect();
    let (a, b) = (others[0], others[1]);
    let private = app
        .post(
            Some(&a.user),
            &path,
            json!({"to": [b.power], "body": "between us"}),
        )
        .await;
    assert_eq!(private.0, 201, "{}", private.1);
    let note = app
        .post(Some(&a.user), &path, json!({"to": "gm", "body": "dear GM"}))
        .await;
    assert_eq!(note.0, 201, "{}", note.1);
    let to_gm_power = app
        .post(
            Some(&b.user),
            &path,
            json!({"to": [gm_power], "body": "to your power"}),
        )
        .await;
    assert_eq!(to_gm_power.0, 201, "{}", to_gm_power.1);
    let bodies = |list: &serde_json::Value| -> Vec<String> {
        list["messages"]
            .as_array()
            .expect("messages")
            .iter()
            .map(|m| m["body"].as_str().unwrap_or_default().to_string())
            .collect()
    };
    let (status, list) = app.get(Some(&gm), &path).await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(bodies(&list), ["dear GM", "to your power"]);
    let (status, list) = app.get(Some(&admin), &path).await;
    assert_eq!(status, 200, "{list}");
    assert_eq!(bodies(&list), ["between us", "dear GM", "to your power"]);
}
on_both!(
    playing_gm_reads_only_their_power,
    playing_gm_reads_only_their_power_sqlite,
    playing_gm_reads_only_their_power_postgres
);
