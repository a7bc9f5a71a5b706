//! `standoff serve` survives `kill -9`: orders acknowledged before the kill are there
//! after a restart on the same SQLite file, and a phase whose processing was under way
//! at the kill is processed exactly once (either before the kill, or after the restart,
//! never twice and never half).

use serde_json::{json, Value};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

struct Server {
    child: Child,
    base: String,
}

impl Server {
    async fn start(db: &str, port: u16) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_standoff"))
            .args([
                "serve",
                "--db",
                db,
                "--addr",
                &format!("127.0.0.1:{port}"),
                "--tick-ms",
                "50",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start standoff serve");
        let base = format!("http://127.0.0.1:{port}");
        let client = reqwest::Client::new();
        for _ in 0..200 {
            if let Ok(r) = client.get(format!("{base}/healthz")).send().await {
                if r.status().is_success() {
                    return Server { child, base };
                }
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let _ = child.kill();
        let _ = child.wait();
        panic!("the server did not come up");
    }

    /// SIGKILL: no chance to flush or clean up.
    fn kill9(mut self) {
        self.child.kill().expect("kill");
        self.child.wait().expect("wait");
    }
}

impl Drop for Server {
    /// A failing test leaves no server behind.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    l.local_addr().expect("addr").port()
}

struct User {
    client: reqwest::Client,
    csrf: String,
    name: String,
}

impl User {
    async fn sign_up(base: &str, name: &str) -> User {
        let client = reqwest::Client::builder()
            .cookie_store(true)
            .build()
            .expect("client");
        let creds = json!({"username": name, "password": format!("password-{name}")});
        let r = client
            .post(format!("{base}/api/accounts"))
            .json(&creds)
            .send()
            .await
            .expect("send");
        assert_eq!(r.status().as_u16(), 201);
        let mut u = User {
            client,
            csrf: String::new(),
            name: name.to_string(),
        };
        u.sign_in(base).await;
        u
    }

    async fn sign_in(&mut self, base: &str) {
        let creds = json!({"username": self.name, "password": format!("password-{}", self.name)});
        let r = self
            .client
            .post(format!("{base}/api/session"))
            .json(&creds)
            .send()
            .await
            .expect("send");
        assert_eq!(r.status().as_u16(), 200);
        let body: Value = r.json().await.expect("json");
        self.csrf = body["csrf_token"].as_str().expect("csrf").to_string();
    }

    async fn call(
        &self,
        method: reqwest::Method,
        url: String,
        body: Option<Value>,
    ) -> Result<(u16, Value), reqwest::Error> {
        let mut req = self
            .client
            .request(method, url)
            .header("x-csrf-token", &self.csrf);
        if let Some(b) = body {
            req = req.json(&b);
        }
        let r = req.send().await?;
        let status = r.status().as_u16();
        let text = r.text().await?;
        Ok((status, serde_json::from_str(&text).unwrap_or(Value::Null)))
    }
}

#[tokio::test]
async fn acknowledged_orders_survive_kill_9_and_phases_are_processed_once() {
    let dir = tempfile::tempdir().expect("tempdir");
    let db = format!("sqlite://{}", dir.path().join("judge.db").display());
    let port = free_port();
    let server = Server::start(&db, port).await;
    let base = server.base.clone();
    let gm = User::sign_up(&base, "gmaster").await;
    let mut players = Vec::new();
    let mut games = Vec::new();
    for i in 0..6 {
        let p = User::sign_up(&base, &format!("player{i}")).await;
        let (s, g) = gm
            .call(
                reqwest::Method::POST,
                format!("{base}/api/games"),
                Some(json!({"name": format!("g{i}")})),
            )
            .await
            .expect("create");
        assert_eq!(s, 201);
        let id = g["id"].as_i64().expect("id");
        let (s, _) = p
            .call(
                reqwest::Method::POST,
                format!("{base}/api/games/{id}/join"),
                Some(json!({})),
            )
            .await
            .expect("join");
        assert_eq!(s, 204);
        let (s, _) = gm
            .call(
                reqwest::Method::POST,
                format!("{base}/api/games/{id}/start"),
                Some(json!({"assignment": "gm", "powers": {p.name.clone(): "France"}})),
            )
            .await
            .expect("start");
        assert_eq!(s, 204);
        let (s, _) = p
            .call(
                reqwest::Method::PUT,
                format!("{base}/api/games/{id}/orders"),
                Some(json!({"orders": ["A par - bur", "A mar - spa", "F bre - mao"]})),
            )
            .await
            .expect("orders");
        assert_eq!(s, 200, "acknowledged");
        players.push(p);
        games.push(id);
    }
    // Acknowledged, then killed at once.
    server.kill9();
    let server = Server::start(&db, port).await;
    for (p, id) in players.iter().zip(&games) {
        let (s, v) = p
            .call(
                reqwest::Method::GET,
                format!("{base}/api/games/{id}/orders"),
                None,
            )
            .await
            .expect("orders");
        assert_eq!(s, 200);
        let read: Vec<&str> = v["orders"]
            .as_array()
            .expect("lines")
            .iter()
            .filter_map(|l| l["read_as"].as_str())
            .collect();
        assert_eq!(
            read,
            vec!["A par - bur", "A mar - spa", "F bre - mao"],
            "game {id}"
        );
    }
    // Ready flags process each game at once; kill while those requests are in flight.
    // Sent one after another, so the kill lands before, during and after processing.
    for (i, (p, id)) in players.iter().zip(&games).enumerate() {
        let delay = Duration::from_millis(8 * i as u64);
        let client = p.client.clone();
        let csrf = p.csrf.clone();
        let url = format!("{base}/api/games/{id}/ready");
        tokio::spawn(async move {
            tokio::time::sleep(delay).await;
            let _ = client
                .post(url)
                .header("x-csrf-token", csrf)
                .json(&json!({"ready": true}))
                .send()
                .await;
        });
    }
    tokio::time::sleep(Duration::from_millis(50)).await;
    server.kill9();
    let server = Server::start(&db, port).await;
    let mut before_kill = 0;
    for (p, id) in players.iter().zip(&games) {
        let (_, g) = p
            .call(reqwest::Method::GET, format!("{base}/api/games/{id}"), None)
            .await
            .expect("game");
        let (_, phases) = p
            .call(
                reqwest::Method::GET,
                format!("{base}/api/games/{id}/phases"),
                None,
            )
            .await
            .expect("phases");
        let processed = phases.as_array().map(Vec::len).unwrap_or(0);
        match g["phase_number"].as_i64() {
            Some(0) => {
                assert_eq!(processed, 0, "game {id}: not processed, no history");
                // The orders are still there; processing now happens once.
                let (s, _) = p
                    .call(
                        reqwest::Method::POST,
                        format!("{base}/api/games/{id}/ready"),
                        Some(json!({"ready": true})),
                    )
                    .await
                    .expect("ready");
                assert_eq!(s, 204);
            }
            Some(1) => {
                assert_eq!(processed, 1, "game {id}: processed once");
                before_kill += 1;
            }
            other => panic!("game {id}: phase number {other:?}"),
        }
        let (_, g) = p
            .call(reqwest::Method::GET, format!("{base}/api/games/{id}"), None)
            .await
            .expect("game");
        assert_eq!(g["phase_number"], 1, "game {id}");
        let mut units: Vec<&str> = g["position"]["units"]["France"]
            .as_array()
            .expect("units")
            .iter()
            .filter_map(|u| u.as_str())
            .collect();
        units.sort();
        assert_eq!(
            units,
            vec!["A bur", "A spa", "F mao"],
            "game {id}: the acknowledged orders were played"
        );
        let (_, phases) = p
            .call(
                reqwest::Method::GET,
                format!("{base}/api/games/{id}/phases"),
                None,
            )
            .await
            .expect("phases");
        assert_eq!(phases.as_array().map(Vec::len), Some(1), "game {id}");
    }
    eprintln!(
        "{before_kill} of {} games were processed before the kill",
        games.len()
    );
    server.kill9();
}
