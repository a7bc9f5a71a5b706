//! The end of a game over the HTTP API: agreed draws (every surviving power votes; votes
//! reset when the phase changes), concessions, a short game's center ranking, scores
//! from the DPTG table kept per player; the wrong caller and bad input are refused.

mod support;

use serde_json::json;
use support::{assert_error, of, TestApp};

async fn votes(app: TestApp) {
    let gm = app.user("gamemaster").await;
    let users = app.seven("vt").await;
    let (id, players) = app.started_game(&gm, &users, json!({})).await;
    let vote = format!("/api/games/{id}/vote");
    let powers = [
        "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
    ];

    // Refusals: the GM and strangers do not vote; bad votes.
    let stranger = app.user("vtstranger").await;
    assert_error(
        &app.post(Some(&gm), &vote, json!({"draw": true})).await,
        403,
    );
    assert_error(
        &app.post(Some(&stranger), &vote, json!({"draw": true}))
            .await,
        403,
    );
    assert_error(&app.post(None, &vote, json!({"draw": true})).await, 401);
    let france = of(&players, "France");
    assert_error(
        &app.post(Some(&france.user), &vote, json!({"concede_to": "France"}))
            .await,
        400,
    );
    assert_error(
        &app.post(Some(&france.user), &vote, json!({"concede_to": "Spain"}))
            .await,
        400,
    );
    assert_error(
        &app.post(Some(&france.user), &vote, json!({"draw": "yes"}))
            .await,
        400,
    );
    assert_error(
        &app.post(Some(&france.user), &vote, json!({"draw": true, "x": 1}))
            .await,
        400,
    );
    assert_error(
        &app.post(
            Some(&france.user),
            "/api/games/987654/vote",
            json!({"draw": true}),
        )
        .await,
        404,
    );

    // Six of seven vote for a draw; then the phase is processed: the votes reset.
    for power in &powers[..6] {
        let (status, state) = app
            .post(
                Some(&of(&players, power).user),
                &vote,
                json!({"draw": true}),
            )
            .await;
        assert_eq!(status, 200, "{state}");
        assert_eq!(state["ended"], false);
    }
    let (_, state) = app
        .post(
            Some(&of(&players, "Austria").user),
            &vote,
            json!({"draw": true}),
        )
        .await;
    assert_eq!(state["draw_votes"], 6);
    assert_eq!(state["surviving"].as_array().expect("list").len(), 7);
    let (status, _) = app
        .post(Some(&gm), &format!("/api/games/{id}/gm/process"), json!({}))
        .await;
    assert_eq!(status, 200);
    let (_, state) = app
        .post(
            Some(&of(&players, "Turkey").user),
            &vote,
            json!({"draw": true}),
        )
        .await;
    assert_eq!(
        state["ended"], false,
        "votes of the last phase do not count: {state}"
    );
    assert_eq!(state["draw_votes"], 1);
    // Everyone votes again: a 7-way draw, 0 points each.
    for power in &powers[..6] {
        let (_, state) = app
            .post(
                Some(&of(&players, power).user),
                &vote,
                json!({"draw": true}),
            )
            .await;
        if *power == "Russia" {
            assert_eq!(state["ended"], true, "{state}");
            assert_eq!(state["result"]["kind"], "draw");
            assert_eq!(state["result"]["powers"].as_array().expect("list").len(), 7);
            assert!(state["result"]["scores"]
                .as_array()
                .expect("scores")
                .iter()
                .all(|s| s["points"] == 0));
        }
    }
    let (_, detail) = app.get(Some(&gm), &format!("/api/games/{id}")).await;
    assert_eq!(detail["status"], "finished");
    assert_error(
        &app.post(Some(&france.user), &vote, json!({"draw": true}))
            .await,
        409,
    );

    // A concession: six concede to France; withdrawing one concession first.
    let (id, players) = app.started_game(&gm, &users, json!({})).await;
    let vote = format!("/api/games/{id}/vote");
    let others: Vec<&str> = powers.iter().copied().filter(|p| *p != "France").collect();
    let (_, state) = app
        .post(
            Some(&of(&players, "Italy").user),
            &vote,
            json!({"concede_to": "France"}),
        )
        .await;
    assert_eq!(state["ended"], false);
    let (_, state) = app
        .post(Some(&of(&players, "Italy").user), &vote, json!({}))
        .await;
    assert_eq!(state["ended"], false);
    for (i, power) in others.iter().enumerate() {
        let (status, state) = app
            .post(
                Some(&of(&players, power).user),
                &vote,
                json!({"concede_to": "france"}),
            )
            .await;
        assert_eq!(status, 200, "{state}");
        assert_eq!(state["ended"], i == others.len() - 1, "{power}: {state}");
    }
    let (_, result) = app.get(None, &format!("/api/games/{id}/result")).await;
    assert_eq!(result["kind"], "concession");
    assert_eq!(result["powers"], json!(["France"]));
    let france = of(&players, "France");
    let (_, mine) = app.get(Some(&france.user), "/api/me/score").await;
    assert_eq!(mine["points"], 360, "{mine}");
    assert_eq!(mine["games"], 2);
    let (_, board) = app.get(None, "/api/leaderboard?limit=1").await;
    assert_eq!(board["entries"][0]["username"], france.user.name.as_str());
    assert_eq!(board["entries"].as_array().expect("entries").len(), 1);
    assert_error(&app.get(None, "/api/me/score").await, 401);
}
on_both!(votes, votes_sqlite, votes_postgres);

async fn short_game(app: TestApp) {
    let gm = app.user("gamemaster").await;
    let users = app.seven("sg").await;
    let (id, players) = app
        .started_game(&gm, &users, json!({"end": {"end_after_year": 1901}}))
        .await;
    assert_error(
        &app.get(None, &format!("/api/games/{id}/result")).await,
        404,
    );
    for _ in 0..2 {
        let (status, body) = app
            .post(Some(&gm), &format!("/api/games/{id}/gm/process"), json!({}))
            .await;
        assert_eq!(status, 200, "{body}");
    }
    // Nobody moved: Russia's four home centers lead the ranking; a short game's single
    // leader scores a win.
    let (status, result) = app.get(None, &format!("/api/games/{id}/result")).await;
    assert_eq!(status, 200, "{result}");
    assert_eq!(result["kind"], "center_ranking");
    assert_eq!(result["powers"], json!(["Russia"]));
    let russia = of(&players, "Russia");
    let (_, mine) = app.get(Some(&russia.user), "/api/me/score").await;
    assert_eq!(mine["points"], 360);
}
on_both!(short_game, short_game_sqlite, short_game_postgres);
