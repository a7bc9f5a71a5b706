//! A whole game played through the HTTP API alone (issue 15's "Done when"): a GM and
//! seven players, each its own signed-in client, create, join with preference lists and
//! start a standard game; over two game years they submit and revise orders, talk in
//! private and in public, miss a deadline (units hold), lose a unit to a supported attack
//! and retreat it, build, see the GM extend a deadline, and the game ends in a victory
//! (end rules: 6 centers win). Then orders are refused, the result, scores and the
//! history are visible. Expected outcomes follow from the Diplomacy rules. A manual
//! clock and `tick()` stand in for time: nothing sleeps, every loop is bounded. Runs on
//! SQLite, and on PostgreSQL when `STANDOFF_TEST_PG_URL` is set.

mod common;

use chrono::{DateTime, Duration, Utc};
use common::{backends, spawn_app, Backend, TestApp, TestUser};
use serde_json::{json, Value};

const POWERS: [&str; 7] = [
    "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey",
];

fn time(value: &Value) -> DateTime<Utc> {
    value
        .as_str()
        .and_then(|t| DateTime::parse_from_rfc3339(t).ok())
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or_else(|| panic!("a time: {value}"))
}

/// A power's units in a game detail (or phase record), sorted.
fn units(position: &Value, power: &str) -> Vec<String> {
    let mut found: Vec<String> = position["units"][power]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|u| u.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

/// A power's supply-center count in a game detail.
fn centers(game: &Value, power: &str) -> Option<i64> {
    game["powers"]
        .as_array()
        .and_then(|ps| ps.iter().find(|p| p["name"] == power))
        .and_then(|p| p["centers"].as_i64())
}

/// The powers whose orders are due in the current phase.
fn orders_due(game: &Value) -> Vec<String> {
    game["powers"]
        .as_array()
        .map(|ps| {
            ps.iter()
                .filter(|p| p["orders_due"] == true)
                .filter_map(|p| p["name"].as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

struct Table {
    app: TestApp,
    id: i64,
    gm: TestUser,
    players: Vec<(String, TestUser)>,
}

impl Table {
    fn player(&self, power: &str) -> &TestUser {
        self.players
            .iter()
            .find(|(p, _)| p == power)
            .map(|(_, u)| u)
            .unwrap_or_else(|| panic!("{power} is played"))
    }

    async fn game(&self) -> Value {
        self.gm
            .get(&format!("/api/games/{}", self.id))
            .await
            .expect(200)
    }

    /// Submits `orders` for `power` and asserts every line was read (no error).
    async fn order(&self, power: &str, orders: &[&str]) -> Value {
        let answer = self.player(power).orders(self.id, orders).await;
        let lines = answer["orders"].as_array().expect("lines");
        assert_eq!(lines.len(), orders.len(), "{answer}");
        for line in lines {
            assert!(line["error"].is_null(), "{power}: {answer}");
            assert!(line["read_as"].is_string(), "{power}: {answer}");
        }
        answer
    }

    /// Moves the clock to the current deadline and processes it: one phase.
    async fn pass_deadline(&self) -> Value {
        let before = self.game().await;
        let deadline = time(&before["deadline"]);
        let now = self.app.clock_now();
        assert!(deadline > now, "{before}");
        self.app
            .clock
            .advance(deadline - now - Duration::seconds(1));
        assert_eq!(self.app.tick().await, 0, "not due a second early");
        self.app.clock.advance(Duration::seconds(1));
        assert_eq!(self.app.tick().await, 1, "due at the deadline");
        assert_eq!(self.app.tick().await, 0, "processed once");
        let after = self.game().await;
        assert_eq!(
            after["phase_number"].as_i64(),
            before["phase_number"].as_i64().map(|n| n + 1),
            "{after}"
        );
        after
    }

    async fn messages(&self, user: &TestUser) -> Vec<Value> {
        user.get(&format!("/api/games/{}/messages", self.id))
            .await
            .expect(200)["messages"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }
}

/// Creates the game, has seven players join with preference lists, starts it.
async fn set_up(app: TestApp) -> Table {
    let gm = app.user("gamemaster").await;
    let created = gm
        .post(
            "/api/games",
            json!({
                "name": "whole game",
                "deadlines": {"movement_minutes": 60},
                "press": "full",
                "end": {"victory_centers": 6},
            }),
        )
        .await
        .expect(201);
    let id = created["id"].as_i64().expect("id");
    let mut players = Vec::new();
    for (i, power) in POWERS.iter().enumerate() {
        let user = app.user(&format!("player-{}", power.to_lowercase())).await;
        // Each prefers a different power first, then the next one round the table.
        let preferences = [*power, POWERS[(i + 1) % POWERS.len()]];
        user.post(
            &format!("/api/games/{id}/join"),
            json!({ "preferences": preferences }),
        )
        .await
        .expect(204);
        players.push((power.to_string(), user));
    }
    // A player cannot start the game; the GM can.
    players[0]
        .1
        .post(&format!("/api/games/{id}/start"), json!({}))
        .await
        .error(403);
    gm.post(&format!("/api/games/{id}/start"), json!({}))
        .await
        .expect(204);
    // Distinct first choices: everyone gets the power they asked for first.
    for (power, user) in &players {
        let g = user.get(&format!("/api/games/{id}")).await.expect(200);
        assert_eq!(g["my_power"], power.as_str(), "{}", user.name);
    }
    Table {
        app,
        id,
        gm,
        players,
    }
}

async fn whole_game_on(backend: Backend) {
    let t = set_up(spawn_app(backend).await).await;
    let id = t.id;
    let g = t.game().await;
    assert_eq!(g["status"], "active", "{g}");
    assert_eq!(g["phase"], "Spring 1901 Movement");
    assert_eq!(g["phase_number"], 0);
    assert_eq!(
        time(&g["deadline"]),
        t.app.clock_now() + Duration::minutes(60)
    );
    assert_eq!(
        units(&g["position"], "Germany"),
        ["A ber", "A mun", "F kie"]
    );

    // --- Spring 1901: press. England writes privately to Germany; Italy announces.
    t.player("England")
        .post(
            &format!("/api/games/{id}/messages"),
            json!({"to": ["Germany"], "body": "Take Denmark, leave the North Sea to me."}),
        )
        .await
        .expect(201);
    t.player("Italy")
        .post(
            &format!("/api/games/{id}/messages"),
            json!({"to": "all", "body": "Italy wants peace with everyone."}),
        )
        .await
        .expect(201);
    let private = |m: &Value| m["body"] == "Take Denmark, leave the North Sea to me.";
    let public = |m: &Value| m["body"] == "Italy wants peace with everyone.";
    for power in POWERS {
        let read = t.messages(t.player(power)).await;
        assert!(read.iter().any(public), "{power} reads the announcement");
        let reads_private = read.iter().any(private);
        assert_eq!(
            reads_private,
            power == "England" || power == "Germany",
            "{power}: {read:?}"
        );
    }
    // Someone outside the game reads nothing.
    let stranger = t.app.user("stranger").await;
    let outside = stranger.get(&format!("/api/games/{id}/messages")).await;
    assert!(
        (400..500).contains(&outside.status) && !outside.body.to_string().contains("Denmark"),
        "{outside:?}"
    );
    let gm_reads = t.messages(&t.gm).await;
    assert!(gm_reads.iter().any(private) && gm_reads.iter().any(public));
    let sent = gm_reads.iter().find(|m| private(m)).expect("private");
    assert_eq!(sent["from"], "England");
    assert_eq!(sent["to"], json!(["Germany"]));
    assert_eq!(sent["phase"], "Spring 1901 Movement");

    // --- Spring 1901: orders, one revised; Turkey sends nothing.
    // Germany first sends holds, then revises.
    t.order("Germany", &["A mun H", "A ber H", "F kie H"]).await;
    t.order("Germany", &["A mun - ruh", "A ber - mun", "F kie - den"])
        .await;
    let mine = t
        .player("Germany")
        .get(&format!("/api/games/{id}/orders"))
        .await
        .expect(200);
    assert_eq!(mine["submitted"], true);
    assert_eq!(mine["orders"][0]["read_as"], "A mun - ruh", "{mine}");
    // An illegal line is answered with why, and France then corrects it.
    let bad = t.player("France").orders(id, &["A par - mun"]).await;
    assert!(bad["orders"][0]["error"].is_string(), "{bad}");
    // Nobody orders another power's units.
    let foreign = t.player("France").orders(id, &["A mun - bur"]).await;
    assert!(foreign["orders"][0]["error"].is_string(), "{foreign}");
    t.order("France", &["A par - bur", "A mar H", "F bre H"])
        .await;
    t.order("England", &["F lon - nth", "F edi - nwg", "A lvp - yor"])
        .await;
    t.order("Italy", &["A ven H", "A rom H", "F nap H"]).await;
    t.order("Austria", &["A vie H", "A bud H", "F tri H"]).await;
    t.order(
        "Russia",
        &["A war - gal", "A mos H", "F sev H", "F stp/sc H"],
    )
    .await;
    // Orders are never visible to others before processing.
    let detail = t.player("France").get(&format!("/api/games/{id}")).await;
    assert!(
        !detail.body.to_string().contains("A mun - ruh"),
        "{}",
        detail.body
    );
    let g = t.pass_deadline().await;
    assert_eq!(g["phase"], "Fall 1901 Movement");
    assert_eq!(
        units(&g["position"], "Germany"),
        ["A mun", "A ruh", "F den"]
    );
    assert_eq!(units(&g["position"], "France"), ["A bur", "A mar", "F bre"]);
    assert_eq!(
        units(&g["position"], "England"),
        ["A yor", "F nth", "F nwg"]
    );
    // Turkey missed the deadline: its units held where they were.
    assert_eq!(units(&g["position"], "Turkey"), ["A con", "A smy", "F ank"]);

    // --- Fall 1901: Germany's supported attack dislodges the lone French army in
    // Burgundy; Germany keeps Denmark.
    t.order(
        "Germany",
        &["A ruh - bur", "A mun S A ruh - bur", "F den H"],
    )
    .await;
    t.order("France", &["A bur H", "A mar H", "F bre H"]).await;
    for power in ["England", "Italy", "Austria", "Russia", "Turkey"] {
        let holds: Vec<String> = units(&g["position"], power)
            .iter()
            .map(|u| format!("{u} H"))
            .collect();
        let holds: Vec<&str> = holds.iter().map(String::as_str).collect();
        t.order(power, &holds).await;
    }
    let g = t.pass_deadline().await;
    assert_eq!(g["phase"], "Fall 1901 Retreat");
    assert_eq!(orders_due(&g), ["France"]);
    assert_eq!(
        units(&g["position"], "Germany"),
        ["A bur", "A mun", "F den"]
    );
    assert_eq!(units(&g["position"], "France"), ["A mar", "F bre"]);
    // The dislodged army may retreat to any empty neighbour but the attacker's origin
    // (Ruhr) and occupied Munich and Marseilles.
    assert_eq!(
        g["position"]["dislodged"],
        json!({"France": [{
            "unit": "A bur",
            "attacker_from": "ruh",
            "retreats": ["bel", "gas", "par", "pic"],
        }]}),
        "{g}"
    );
    // The retreat: not into the space the attack came from (Ruhr), then to Paris.
    let bad = t.player("France").orders(id, &["A bur - ruh"]).await;
    assert!(bad["orders"][0]["error"].is_string(), "{bad}");
    t.order("France", &["A bur - par"]).await;
    // Retreats are due 24 hours after the results.
    assert_eq!(
        time(&g["deadline"]),
        t.app.clock_now() + Duration::hours(24)
    );
    let g = t.pass_deadline().await;
    assert_eq!(g["phase"], "Winter 1901 Adjustment");
    assert_eq!(units(&g["position"], "France"), ["A mar", "A par", "F bre"]);
    // Germany owns Berlin, Kiel, Munich and Denmark with three units: one build, and
    // nobody else has an adjustment.
    assert_eq!(centers(&g, "Germany"), Some(4), "{g}");
    assert_eq!(centers(&g, "France"), Some(3), "{g}");
    assert_eq!(orders_due(&g), ["Germany"]);

    // --- Winter 1901: Germany builds an army in Berlin (after a refused build in Munich,
    // which is occupied).
    let bad = t.player("Germany").orders(id, &["Build A mun"]).await;
    assert!(bad["orders"][0]["error"].is_string(), "{bad}");
    t.order("Germany", &["Build A ber"]).await;
    let g = t.pass_deadline().await;
    assert_eq!(g["phase"], "Spring 1902 Movement");
    assert_eq!(
        units(&g["position"], "Germany"),
        ["A ber", "A bur", "A mun", "F den"]
    );

    // --- Spring 1902: the GM extends the deadline by an hour; it takes effect.
    let deadline = time(&g["deadline"]);
    t.player("Germany")
        .post(
            &format!("/api/games/{id}/gm/extend"),
            json!({"minutes": 60}),
        )
        .await
        .error(403);
    let done =
        t.gm.post(
            &format!("/api/games/{id}/gm/extend"),
            json!({"minutes": 60}),
        )
        .await
        .expect(200);
    assert_eq!(time(&done["deadline"]), deadline + Duration::minutes(60));
    let g = t.game().await;
    assert_eq!(time(&g["deadline"]), deadline + Duration::minutes(60));
    t.app.clock.set(deadline);
    assert_eq!(t.app.tick().await, 0, "the old deadline no longer counts");
    assert_eq!(t.game().await["phase"], "Spring 1902 Movement");
    t.order(
        "Germany",
        &["A bur - bel", "A mun - ruh", "A ber - kie", "F den H"],
    )
    .await;
    let g = t.pass_deadline().await;
    assert_eq!(g["phase"], "Fall 1902 Movement");
    assert_eq!(
        units(&g["position"], "Germany"),
        ["A bel", "A kie", "A ruh", "F den"]
    );

    // --- Fall 1902: the GM pauses the game; a deadline passing while paused does
    // nothing; resuming gives back the time that was left.
    let deadline = time(&g["deadline"]);
    t.app.clock.advance(Duration::minutes(20));
    let paused =
        t.gm.post(&format!("/api/games/{id}/gm/pause"), json!({}))
            .await
            .expect(200);
    assert_eq!(paused["status"], "paused", "{paused}");
    t.app.clock.advance(Duration::hours(3));
    assert_eq!(t.app.tick().await, 0, "a paused game is not processed");
    assert_eq!(t.game().await["phase"], "Fall 1902 Movement");
    let resumed =
        t.gm.post(&format!("/api/games/{id}/gm/resume"), json!({}))
            .await
            .expect(200);
    assert_eq!(resumed["status"], "active", "{resumed}");
    // Paused 40 minutes before the deadline for three hours: the deadline moves by three.
    assert_eq!(
        time(&resumed["deadline"]),
        deadline + Duration::hours(3),
        "{resumed}"
    );

    // --- Fall 1902: everyone orders and says ready: processed at once. Germany takes
    // Holland and keeps Belgium: six centers, the game's victory count.
    t.order("Germany", &["A ruh - hol", "A bel H", "A kie H", "F den H"])
        .await;
    for power in POWERS {
        if power != "Germany" {
            let holds: Vec<String> = units(&g["position"], power)
                .iter()
                .map(|u| format!("{u} H"))
                .collect();
            let holds: Vec<&str> = holds.iter().map(String::as_str).collect();
            t.order(power, &holds).await;
        }
    }
    for (n, power) in POWERS.iter().enumerate() {
        t.player(power)
            .post(&format!("/api/games/{id}/ready"), json!({"ready": true}))
            .await
            .expect(204);
        let g = t.game().await;
        if n + 1 < POWERS.len() {
            assert_eq!(g["phase"], "Fall 1902 Movement", "{power}");
        }
    }
    let g = t.game().await;
    assert_eq!(g["status"], "finished", "{g}");
    assert_eq!(centers(&g, "Germany"), Some(6), "{g}");
    assert_eq!(
        g["position"]["centers"]["Germany"],
        json!(["bel", "ber", "den", "hol", "kie", "mun"]),
        "{g}"
    );
    assert_eq!(
        units(&g["position"], "Germany"),
        ["A bel", "A hol", "A kie", "F den"]
    );

    // --- The game is over: orders are refused, the result and scores are visible.
    let refused = t
        .player("France")
        .put(
            &format!("/api/games/{id}/orders"),
            json!({"orders": ["A par H"]}),
        )
        .await;
    assert!(
        (400..500).contains(&refused.status) && refused.body["error"].is_string(),
        "{refused:?}"
    );
    let result = t
        .app
        .anonymous()
        .get(&format!("/api/games/{id}/result"))
        .await
        .expect(200);
    assert_eq!(result["kind"], "victory", "{result}");
    assert_eq!(result["powers"], json!(["Germany"]));
    let scores = result["scores"].as_array().expect("scores");
    assert_eq!(scores.len(), 7, "{result}");
    for score in scores {
        let expected = if score["power"] == "Germany" {
            360
        } else {
            -60
        };
        assert_eq!(score["points"], expected, "{result}");
    }
    let germany = t.player("Germany");
    let mine = germany.get("/api/me/score").await.expect(200);
    assert_eq!(mine["points"], 360, "{mine}");
    assert_eq!(mine["games"], 1);
    let mine = t.player("Turkey").get("/api/me/score").await.expect(200);
    assert_eq!(mine["points"], -60, "{mine}");
    let board = t.app.anonymous().get("/api/leaderboard").await.expect(200);
    assert_eq!(board["entries"][0]["username"], germany.name.as_str());
    assert_eq!(board["entries"][0]["points"], 360);

    // --- The history lists every phase with its orders and results.
    let phases = t
        .app
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
        [
            "Spring 1901 Movement",
            "Fall 1901 Movement",
            "Fall 1901 Retreat",
            "Winter 1901 Adjustment",
            "Spring 1902 Movement",
            "Fall 1902 Movement",
        ]
    );
    let phase = |n: usize| {
        let anon = t.app.anonymous();
        async move {
            anon.get(&format!("/api/games/{id}/phases/{n}"))
                .await
                .expect(200)
        }
    };
    let spring = phase(0).await;
    let orders = spring["orders"].to_string();
    assert!(orders.contains("Germany: A mun - ruh"), "{spring}");
    assert!(
        !orders.contains("A mun H"),
        "the revision replaced: {spring}"
    );
    assert!(!orders.contains("Turkey"), "Turkey sent nothing: {spring}");
    assert_eq!(
        units(&spring["position"], "Germany"),
        ["A ber", "A mun", "F kie"]
    );
    let fall = phase(1).await;
    assert!(
        fall["orders"]
            .to_string()
            .contains("Germany: A mun S A ruh - bur"),
        "{fall}"
    );
    let report = fall["report"].as_str().unwrap_or_default();
    for line in [
        "Germany: A Ruh - Bur  -> moves",
        "Germany: A Mun S A Ruh - Bur  -> support given",
        "France: A Bur H  -> holds; dislodged from Ruh",
        "France: A Bur  retreats: Bel, Gas, Par, Pic",
    ] {
        assert!(report.contains(line), "{line}: {report}");
    }
    // Turkey's missed orders: its units held.
    let report = spring["report"].as_str().unwrap_or_default();
    for line in [
        "Turkey: F Ank (no order)  -> holds",
        "Turkey: A Con (no order)  -> holds",
        "Turkey: A Smy (no order)  -> holds",
        "Germany: F Kie - Den  -> moves",
    ] {
        assert!(report.contains(line), "{line}: {report}");
    }
    let retreat = phase(2).await;
    assert_eq!(
        retreat["orders"],
        json!(["France: A bur R par"]),
        "{retreat}"
    );
    let winter = phase(3).await;
    assert_eq!(
        winter["orders"],
        json!(["Germany: Build A ber"]),
        "{winter}"
    );
    let last = phase(5).await;
    let report = last["report"].as_str().unwrap_or_default();
    for line in [
        "Germany: A Ruh - Hol  -> moves",
        "Hol: unowned -> Germany",
        "Bel: unowned -> Germany",
    ] {
        assert!(report.contains(line), "{line}: {report}");
    }
    assert!(
        last["orders"].to_string().contains("Germany: A ruh - hol"),
        "{last}"
    );
}

#[tokio::test]
async fn a_whole_game_is_played_through_the_http_api() {
    for backend in backends() {
        whole_game_on(backend).await;
    }
}
