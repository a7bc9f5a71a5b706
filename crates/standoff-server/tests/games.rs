//! Games through the API: creation settings (refused with the core's messages),
//! joining with preferences, private games, start and assignment, the detail view,
//! orders checked at once and hidden from others, and who may do what.

mod common;

use common::{fresh_database, spawn_app, spawn_on, Backend};
use serde_json::json;
use standoff_server::config::Config;

#[tokio::test]
async fn create_refuses_bad_settings_with_the_reason() {
    let app = spawn_app(Backend::Sqlite).await;
    let gm = app.user("gmaster").await;
    let m = gm
        .post("/api/games", json!({"name": "g", "variant": "atlantis"}))
        .await
        .error(400);
    assert!(m.contains("atlantis"), "{m}");
    let m = gm
        .post(
            "/api/games",
            json!({"name": "g", "rules": "datc nonsense=x"}),
        )
        .await
        .error(400);
    assert!(m.contains("nonsense"), "{m}");
    // A combination the judge does not implement: the core's message.
    let m = gm
        .post("/api/games", json!({"name": "g", "rules": "dptg 4.A.7=a"}))
        .await
        .error(400);
    assert!(m.contains("not implemented"), "{m}");
    let m = gm
        .post("/api/games", json!({"name": "g", "deadlines": {"fixed": {"weekday": "fri", "hour": 0, "time_zone": "Nowhere/City"}}}))
        .await
        .error(400);
    assert!(m.contains("Nowhere/City"), "{m}");
    gm.post("/api/games", json!({"name": "g", "press": "loud"}))
        .await
        .error(400);
    gm.post("/api/games", json!({"name": ""})).await.error(400);
    // Every built-in variant can be hosted, with a preset and end rules.
    let variants = gm.get("/api/variants").await.expect(200);
    let names: Vec<String> = variants
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|v| v["name"].as_str().map(str::to_string))
        .collect();
    assert!(
        names.iter().any(|n| n == "colonial") && names.iter().any(|n| n == "bowen"),
        "{names:?}"
    );
    for name in &names {
        // Ten years of play from the variant's own first year (Ancient Mediterranean
        // starts in year 1, World in 2000).
        let start = standoff::Variant::builtin(name)
            .expect("built in")
            .start_year;
        let g = gm
            .post(
                "/api/games",
                json!({"name": name, "variant": name, "rules": "dptg",
                "end": {"dptg_draws": true, "end_after_year": start + 9}, "press": "none"}),
            )
            .await
            .expect(201);
        assert_eq!(g["status"], "forming");
        assert_eq!(g["settings"]["press"], "none");
    }
    // DAIDE names a province with one byte: Known World 901's 269 cannot be offered
    // to bots (the game without bots can be hosted).
    let m = gm
        .post(
            "/api/games",
            json!({"name": "901", "variant": "known-world-901", "bots": {"daide": true}}),
        )
        .await
        .error(400);
    assert!(
        m.contains("DAIDE bots cannot play known-world-901") && m.contains("256"),
        "{m}"
    );
}

#[tokio::test]
async fn joining_private_games_and_starting() {
    let app = spawn_app(Backend::Sqlite).await;
    let gm = app.user("gmaster").await;
    let alice = app.user("alice").await;
    let bob = app.user("bob").await;
    let game = gm
        .post("/api/games", json!({"name": "secret", "private": true}))
        .await
        .expect(201);
    let id = game["id"].as_i64().expect("id");
    let code = game["invite_code"]
        .as_str()
        .expect("the GM sees the code")
        .to_string();
    // Private: invisible to others, not listed, and joined only with the code.
    alice.get(&format!("/api/games/{id}")).await.error(404);
    let open = alice.get("/api/games").await.expect(200);
    assert!(open.as_array().expect("list").iter().all(|g| g["id"] != id));
    alice
        .post(&format!("/api/games/{id}/join"), json!({"invite": "wrong"}))
        .await
        .error(403);
    alice
        .post(
            &format!("/api/games/{id}/join"),
            json!({"invite": code, "preferences": ["France", "Italy"]}),
        )
        .await
        .expect(204);
    alice
        .post(&format!("/api/games/{id}/join"), json!({"invite": code}))
        .await
        .error(409);
    // Her game lists show it.
    let mine = alice.get("/api/games?mine=1").await.expect(200);
    assert!(mine.as_array().expect("list").iter().any(|g| g["id"] == id));
    let me = alice.get("/api/me").await.expect(200);
    assert!(me["games"]
        .as_array()
        .expect("list")
        .iter()
        .any(|g| g["id"] == id));
    app.anonymous().get("/api/games?mine=1").await.error(401);
    // Now a member, Alice sees it, but not the code.
    let seen = alice.get(&format!("/api/games/{id}")).await.expect(200);
    assert!(seen["invite_code"].is_null());
    // Bad preferences are named.
    let m = bob
        .post(
            &format!("/api/games/{id}/join"),
            json!({"invite": code, "preferences": ["Atlantis"]}),
        )
        .await
        .error(400);
    assert!(m.contains("Atlantis"), "{m}");
    bob.post(
        &format!("/api/games/{id}/join"),
        json!({"invite": code, "preferences": ["Italy", "France"]}),
    )
    .await
    .expect(204);
    // Only the GM starts.
    alice
        .post(&format!("/api/games/{id}/start"), json!({}))
        .await
        .error(403);
    gm.post(&format!("/api/games/{id}/start"), json!({}))
        .await
        .expect(204);
    gm.post(&format!("/api/games/{id}/start"), json!({}))
        .await
        .error(409);
    let g = alice.get(&format!("/api/games/{id}")).await.expect(200);
    assert_eq!(g["status"], "active");
    // Each has a first choice nobody else asked for first: the DPTG procedure gives it.
    assert_eq!(g["my_power"], "France");
    let b = bob.get(&format!("/api/games/{id}")).await.expect(200);
    assert_eq!(b["my_power"], "Italy");
    assert!(g["deadline"].is_string());
    assert_eq!(g["powers"].as_array().map(Vec::len), Some(7));
    // Late joiners are refused.
    let carol = app.user("carol").await;
    carol
        .post(&format!("/api/games/{id}/join"), json!({"invite": code}))
        .await
        .error(409);
}

#[tokio::test]
async fn a_game_starts_by_itself_when_full() {
    let app = spawn_app(Backend::Sqlite).await;
    let gm = app.user("gmaster").await;
    let game = gm
        .post(
            "/api/games",
            json!({"name": "auto", "variant": "standard", "auto_start": true}),
        )
        .await
        .expect(201);
    let id = game["id"].as_i64().expect("id");
    let users = join_randomly(&app, id, 0..7).await;
    let g = gm.get(&format!("/api/games/{id}")).await.expect(200);
    assert_eq!(g["status"], "active");
    let mut powers = powers_of(&users, id).await;
    powers.sort();
    powers.dedup();
    assert_eq!(powers.len(), 7, "each player has a different power");
}

/// Players `player{i}` for each `i`, each joining game `id` with a random preference.
async fn join_randomly(
    app: &common::TestApp,
    id: i64,
    players: std::ops::Range<usize>,
) -> Vec<common::TestUser> {
    let mut users = Vec::new();
    for i in players {
        let u = app.user(&format!("player{i}")).await;
        u.post(
            &format!("/api/games/{id}/join"),
            json!({"preferences": "random"}),
        )
        .await
        .expect(204);
        users.push(u);
    }
    users
}

/// The power each of `users` plays in game `id`, as each sees it.
async fn powers_of(users: &[common::TestUser], id: i64) -> Vec<String> {
    let mut powers = Vec::new();
    for u in users {
        let mine = u.get(&format!("/api/games/{id}")).await.expect(200);
        powers.push(mine["my_power"].as_str().expect("a power").to_string());
    }
    powers
}

/// Known World 901's Neutral State is a dummy: nobody may ask for it, the game is full
/// with fifteen players, and the assignment gives it to none of them (civil disorder
/// plays it).
#[tokio::test]
async fn a_dummy_power_is_no_seat() {
    let app = spawn_app(Backend::Sqlite).await;
    let gm = app.user("gmaster").await;
    let game = gm
        .post(
            "/api/games",
            json!({"name": "901", "variant": "known-world-901", "auto_start": true}),
        )
        .await
        .expect(201);
    let id = game["id"].as_i64().expect("id");
    let forming = gm.get(&format!("/api/games/{id}")).await.expect(200);
    let offered: Vec<&str> = forming["variant_powers"]
        .as_array()
        .expect("powers")
        .iter()
        .filter_map(|p| p.as_str())
        .collect();
    assert_eq!(offered.len(), 15, "{offered:?}");
    assert!(!offered.contains(&"Neutral State"), "{offered:?}");
    // The variant list says which of its powers are dummies (none of the standard's).
    let variants = gm.get("/api/variants").await.expect(200);
    let dummies_of = |name: &str| {
        variants
            .as_array()
            .and_then(|all| all.iter().find(|v| v["name"] == name))
            .map(|v| v["dummy_powers"].clone())
            .expect("listed")
    };
    assert_eq!(dummies_of("known-world-901"), json!(["Neutral State"]));
    assert_eq!(dummies_of("standard"), json!([]));
    let listed = gm.get("/api/games").await.expect(200);
    let listed = listed
        .as_array()
        .and_then(|all| all.iter().find(|g| g["id"] == id))
        .cloned()
        .expect("listed");
    assert_eq!(listed["powers"], 15);
    let asking = app.user("asking").await;
    let m = asking
        .post(
            &format!("/api/games/{id}/join"),
            json!({"preferences": ["Neutral State"]}),
        )
        .await
        .error(400);
    assert!(m.contains("dummy"), "{m}");
    let users = join_randomly(&app, id, 0..15).await;
    let g = gm.get(&format!("/api/games/{id}")).await.expect(200);
    assert_eq!(g["status"], "active");
    let mut powers = powers_of(&users, id).await;
    assert!(!powers.iter().any(|p| p == "Neutral State"), "{powers:?}");
    powers.sort();
    powers.dedup();
    assert_eq!(powers.len(), 15, "each player has a different power");
    let neutral = g["powers"]
        .as_array()
        .and_then(|all| all.iter().find(|p| p["name"] == "Neutral State"))
        .cloned()
        .expect("the Neutral State is on the board");
    assert!(neutral["player"].is_null(), "{neutral}");
    assert_eq!(neutral["units"], 49);
    // Nobody can vote for it: the fifteen players' votes alone make a draw, shared by them.
    let vote = format!("/api/games/{id}/vote");
    for (i, u) in users.iter().enumerate() {
        let state = u.post(&vote, json!({"draw": true})).await.expect(200);
        let surviving = state["surviving"].as_array().expect("surviving");
        assert_eq!(surviving.len(), 15, "{state}");
        assert!(!surviving.iter().any(|p| p == "Neutral State"), "{state}");
        assert_eq!(state["ended"], i == 14, "{state}");
        if i == 14 {
            let sharing = state["result"]["powers"].as_array().expect("powers");
            assert_eq!(state["result"]["kind"], "draw");
            assert_eq!(sharing.len(), 15, "{state}");
            assert!(!sharing.iter().any(|p| p == "Neutral State"), "{state}");
        }
    }
}

/// The powers `seed` gives seven players joining a random-assignment game in order, on a
/// fresh server.
async fn powers_with_seed(seed: u64) -> Vec<String> {
    let (url, dir) = fresh_database(Backend::Sqlite).await;
    let config = Config {
        assignment_seed: Some(seed),
        ..Config::default()
    };
    let app = spawn_on(url, dir, config).await;
    let gm = app.user("gmaster").await;
    let game = gm
        .post(
            "/api/games",
            json!({"name": "seeded", "auto_start": true, "assignment": "random"}),
        )
        .await
        .expect(201);
    let id = game["id"].as_i64().expect("id");
    // (A random assignment takes no account of the preference each gives.)
    let users = join_randomly(&app, id, 0..7).await;
    powers_of(&users, id).await
}

#[tokio::test]
async fn a_configured_assignment_seed_assigns_the_same_powers_every_time() {
    let first = powers_with_seed(11).await;
    assert_eq!(powers_with_seed(11).await, first, "same seed, same powers");
    // The seed decides: other seeds deal differently (at least one of three).
    let mut other = Vec::new();
    for seed in [12, 13, 14] {
        other.push(powers_with_seed(seed).await);
    }
    assert!(other.iter().any(|o| *o != first), "{first:?} {other:?}");
}

#[tokio::test]
async fn orders_are_checked_at_once_and_never_shown_to_others() {
    let app = spawn_app(Backend::Sqlite).await;
    let gm = app.user("gmaster").await;
    let france = app.user("frank").await;
    let england = app.user("emma").await;
    let outsider = app.user("outsider").await;
    let id = app
        .started_game(
            &gm,
            &[(&france, "France"), (&england, "England")],
            json!({}),
        )
        .await;
    let answer = france
        .orders(
            id,
            &[
                "a paris - burgundy",
                "A mar - lon",
                "F lon - nth",
                "gibberish here",
            ],
        )
        .await;
    let lines = answer["orders"].as_array().expect("lines");
    assert_eq!(lines[0]["read_as"], "A par - bur");
    assert!(lines[0]["error"].is_null());
    assert!(lines[1]["error"].is_string(), "illegal: {}", lines[1]);
    assert!(
        lines[2]["error"].is_string(),
        "England's fleet: {}",
        lines[2]
    );
    assert!(lines[3]["error"].is_string());
    // France reads its own orders back.
    let mine = france
        .get(&format!("/api/games/{id}/orders"))
        .await
        .expect(200);
    assert_eq!(mine["power"], "France");
    assert_eq!(mine["orders"][0]["text"], "a paris - burgundy");
    // Nobody else can: England gets its own (empty), others are refused.
    let theirs = england
        .get(&format!("/api/games/{id}/orders"))
        .await
        .expect(200);
    assert_eq!(theirs["power"], "England");
    assert_eq!(theirs["submitted"], false);
    outsider
        .get(&format!("/api/games/{id}/orders"))
        .await
        .error(403);
    gm.get(&format!("/api/games/{id}/orders")).await.error(403);
    app.anonymous()
        .get(&format!("/api/games/{id}/orders"))
        .await
        .error(401);
    // The game view says France submitted, never what.
    for viewer in [&england, &outsider, &gm] {
        let g = viewer.get(&format!("/api/games/{id}")).await.expect(200);
        let text = g.to_string();
        assert!(!text.contains("A par - bur"), "{text}");
        assert!(!text.contains("paris"), "{text}");
        let fr = g["powers"]
            .as_array()
            .expect("powers")
            .iter()
            .find(|p| p["name"] == "France")
            .cloned();
        assert_eq!(fr.map(|p| p["submitted"].clone()), Some(json!(true)));
    }
    // Nobody orders another power's units, nor orders in a game they do not play.
    let e = england.orders(id, &["A par - bur"]).await;
    assert!(e["orders"][0]["error"].is_string());
    outsider
        .put(
            &format!("/api/games/{id}/orders"),
            json!({"orders": ["A par - bur"]}),
        )
        .await
        .error(403);
    gm.put(&format!("/api/games/{id}/orders"), json!({"orders": []}))
        .await
        .error(403);
    outsider
        .post(&format!("/api/games/{id}/ready"), json!({"ready": true}))
        .await
        .error(403);
    outsider
        .get(&format!("/api/games/{id}/legal"))
        .await
        .error(403);
    // Legal orders for my units only.
    let legal = france
        .get(&format!("/api/games/{id}/legal"))
        .await
        .expect(200);
    let legal: Vec<String> = legal["orders"]
        .as_array()
        .expect("orders")
        .iter()
        .filter_map(|o| o.as_str().map(str::to_string))
        .collect();
    assert!(legal.contains(&"A par - bur".to_string()), "{legal:?}");
    assert!(
        !legal.iter().any(|o| o.starts_with("F lon")),
        "England's unit listed: {legal:?}"
    );
}

#[tokio::test]
async fn ready_flags_process_the_phase_early_and_history_is_kept() {
    for backend in common::backends() {
        ready_flags_on(backend).await;
    }
}

async fn ready_flags_on(backend: Backend) {
    let app = spawn_app(backend).await;
    let gm = app.user("gmaster").await;
    let france = app.user("frank").await;
    let england = app.user("emma").await;
    let id = app
        .started_game(
            &gm,
            &[(&france, "France"), (&england, "England")],
            json!({}),
        )
        .await;
    france.orders(id, &["A par - bur"]).await;
    france
        .post(&format!("/api/games/{id}/ready"), json!({"ready": true}))
        .await
        .expect(204);
    // England is not ready yet: nothing happens.
    let g = gm.get(&format!("/api/games/{id}")).await.expect(200);
    assert_eq!(g["phase"], "Spring 1901 Movement");
    assert_eq!(
        gm.get(&format!("/api/games/{id}/phases")).await.expect(200),
        json!([])
    );
    england
        .post(&format!("/api/games/{id}/ready"), json!({"ready": true}))
        .await
        .expect(204);
    // Every played power is ready: processed (the unplayed powers are in civil disorder).
    let g = gm.get(&format!("/api/games/{id}")).await.expect(200);
    assert_eq!(g["phase"], "Fall 1901 Movement");
    assert_eq!(g["phase_number"], 1);
    let list = gm.get(&format!("/api/games/{id}/phases")).await.expect(200);
    assert_eq!(list[0]["phase"], "Spring 1901 Movement");
    let p = app
        .anonymous()
        .get(&format!("/api/games/{id}/phases/0"))
        .await
        .expect(200);
    assert_eq!(p["orders"], json!(["France: A par - bur"]));
    assert!(
        p["report"]
            .as_str()
            .is_some_and(|r| r.contains("France: A Par - Bur  -> moves")),
        "{}",
        p["report"]
    );
    assert_eq!(p["submitted"][0]["power"], "France");
    assert!(p["position"]["units"]["France"].is_array());
    app.anonymous()
        .get(&format!("/api/games/{id}/phases/7"))
        .await
        .error(404);
    // The ready flags were for the old phase.
    let mine = france
        .get(&format!("/api/games/{id}/orders"))
        .await
        .expect(200);
    assert_eq!(mine["ready"], false);
    assert_eq!(mine["submitted"], false);
    // Orders for the processed phase are refused, not applied to the next.
    let m = france
        .put(
            &format!("/api/games/{id}/orders"),
            json!({"orders": ["A bur - mun"], "phase_number": 0}),
        )
        .await
        .error(409);
    assert!(m.contains("processed"), "{m}");
}
