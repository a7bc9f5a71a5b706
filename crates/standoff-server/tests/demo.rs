//! `standoff serve --demo`: on a fresh database a started standard game with a GM and a
//! player per power, each signing in with the demo password and holding the power its
//! name says; a second start keeps it instead of making another.

mod common;

use common::{spawn_app, Backend};
use serde_json::json;
use standoff_server::service::demo::{set_up, DEMO_GM, DEMO_PASSWORD};

#[tokio::test]
async fn the_demo_is_a_started_game_with_a_player_per_power_and_is_made_once() {
    let app = spawn_app(Backend::Sqlite).await;
    let demo = set_up(&app.state).await.expect("demo");
    assert!(demo.created);
    assert_eq!(demo.usernames.len(), 8, "{:?}", demo.usernames);
    assert_eq!(demo.usernames[0], DEMO_GM);

    let mut england = app.anonymous();
    let body = england
        .post(
            "/api/session",
            json!({"username": "demo-england", "password": DEMO_PASSWORD}),
        )
        .await
        .expect(200);
    england.csrf = body["csrf_token"].as_str().unwrap_or_default().to_string();
    let game = england
        .get(&format!("/api/games/{}", demo.game_id))
        .await
        .expect(200);
    assert_eq!(game["status"], "active", "{game}");
    assert_eq!(game["my_power"], "England", "{game}");
    // England orders its own fleet; the demo game is an ordinary game.
    let checked = england
        .put(
            &format!("/api/games/{}/orders", demo.game_id),
            json!({"orders": ["F lon - nth"]}),
        )
        .await
        .expect(200);
    assert_eq!(checked["orders"][0]["read_as"], "F lon - nth", "{checked}");
    assert!(checked["orders"][0]["error"].is_null(), "{checked}");

    let again = set_up(&app.state).await.expect("demo again");
    assert!(!again.created);
    assert_eq!(again.game_id, demo.game_id);
}
