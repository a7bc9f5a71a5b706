//! The DAIDE listener on loopback: seven random bots play a whole game (movement,
//! retreats, adjustments, to its end) while other connections send garbage, order for
//! another power, and one bot leaves and comes back with IAM. Every loop is bounded in
//! messages and time.

mod common;

use common::{fresh_database, spawn_app, spawn_on, Backend, TestApp};
use serde_json::json;
use standoff_daide::bot::{play, play_on, RandomPlayer};
use standoff_daide::client::Client;
use standoff_daide::frame::{ErrorCode, Frame};
use standoff_daide::message::Message;
use standoff_daide::order::{Order, Unit};
use standoff_daide::token::{names, Token};
use standoff_server::config::Config;
use standoff_server::daide::passcode::passcode_hash;
use std::net::SocketAddr;
use std::time::Duration;

const WAIT: Duration = Duration::from_secs(20);
const GAME_TIME: Duration = Duration::from_secs(240);
/// The whole-game test's assignment seed (with it, random play dislodges units).
const ASSIGNMENT_SEED: u64 = 20;

async fn daide_server(app: &TestApp) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind loopback");
    let addr = listener.local_addr().expect("address");
    tokio::spawn(standoff_server::daide::serve(app.state.clone(), listener));
    addr
}

/// A forming game for bots at machine speed, ending after Fall `last_year`.
async fn bot_game(app: &TestApp, press: &str, last_year: i32) -> i64 {
    let gm = app.user("gamemaster").await;
    let game = gm
        .post(
            "/api/games",
            json!({
                "name": "bots",
                "auto_start": true,
                "assignment": "random",
                "press": press,
                "end": {"end_after_year": last_year},
                "bots": {"daide": true, "machine_speed": true},
            }),
        )
        .await
        .expect(201);
    game["id"].as_i64().expect("id")
}

/// A connection that has sent NME with `name` (version 1).
async fn named_client(addr: SocketAddr, name: impl Into<String>) -> Client {
    let mut client = Client::connect(addr, WAIT).await.expect("connect");
    client
        .send(&Message::Nme {
            name: name.into(),
            version: "1".into(),
        })
        .await
        .expect("NME");
    client
}

/// The next message satisfying `want`, leaving the others unanswered.
async fn skip_until(client: &mut Client, mut want: impl FnMut(&Message) -> bool) -> Message {
    for _ in 0..5000 {
        let m = client.message(WAIT).await.expect("a message");
        if want(&m) {
            return m;
        }
    }
    panic!("no such message within 5000");
}

/// The next message satisfying `want`, handing the others to `player`'s replies.
async fn until(
    client: &mut Client,
    player: &mut RandomPlayer,
    mut want: impl FnMut(&Message) -> bool,
) -> Message {
    for _ in 0..5000 {
        let m = client.message(WAIT).await.expect("a message");
        if want(&m) {
            return m;
        }
        for reply in player.on_message(&m) {
            client.send(&reply).await.expect("send");
        }
    }
    panic!("no such message within 5000");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seven_bots_play_a_whole_game_through_retreats_and_adjustments() {
    // A fixed assignment seed and one bot joining after another: every bot gets the
    // same power on every run, so the random players' game is the same too.
    let (url, dir) = fresh_database(Backend::Sqlite).await;
    let config = Config {
        assignment_seed: Some(ASSIGNMENT_SEED),
        ..Config::default()
    };
    let app = spawn_on(url, dir, config).await;
    let addr = daide_server(&app).await;
    let id = bot_game(&app, "none", 1905).await;

    // Six bots play on their own; the seventh is driven by hand below.
    let mut bots = Vec::new();
    for seed in 0..6u64 {
        let mut client = named_client(addr, "standoff-random").await;
        assert!(client.representation.is_empty(), "standard map: empty RM");
        let mut player = RandomPlayer::new(seed + 1);
        until(&mut client, &mut player, |m| matches!(m, Message::Yes(_))).await;
        bots.push(tokio::spawn(play_on(client, player, 100_000, GAME_TIME)));
    }
    let mut me = Client::connect(addr, WAIT).await.expect("connect");
    let mut player = RandomPlayer::new(99);
    me.send(&Message::Nme {
        name: "hand".into(),
        version: "1".into(),
    })
    .await
    .expect("NME");
    let hello = until(&mut me, &mut player, |m| matches!(m, Message::Hlo(Some(_)))).await;
    let Message::Hlo(Some(hello)) = hello else {
        unreachable!()
    };
    player.on_message(&Message::Hlo(Some(hello.clone())));
    assert_eq!(hello.level(), 0, "a game without press is level 0");

    // Garbage from a stranger: an unknown message type gets EM 0x08, a DM holding a
    // reserved token gets EM 0x0E; the game goes on.
    let mut stranger = Client::connect(addr, WAIT).await.expect("connect");
    stranger
        .send_bytes(&[9, 0, 0, 2, 1, 2])
        .await
        .expect("garbage");
    assert_eq!(
        stranger.frame(WAIT).await.expect("answer"),
        Frame::Error(ErrorCode::UnknownMessage)
    );
    let mut stranger = Client::connect(addr, WAIT).await.expect("connect");
    stranger
        .send_bytes(&[2, 0, 0, 2, 0x58, 0x01])
        .await
        .expect("garbage");
    assert_eq!(
        stranger.frame(WAIT).await.expect("answer"),
        Frame::Error(ErrorCode::InvalidToken)
    );
    // A malformed message is answered with HUH and ERR before the bad token.
    me.send_bytes(&Frame::Diplomacy(vec![names::SUB, names::BRA, names::GOF, names::KET]).encode())
        .await
        .expect("send");
    let huh = until(&mut me, &mut player, |m| matches!(m, Message::Huh(_))).await;
    assert_eq!(
        huh,
        Message::Huh(vec![
            names::SUB,
            names::BRA,
            names::ERR,
            names::GOF,
            names::KET
        ])
    );
    // A wrong passcode, or a power still connected, is refused.
    let mut intruder = Client::connect(addr, WAIT).await.expect("connect");
    let iam = Message::Iam {
        power: hello.power,
        passcode: hello.passcode,
    };
    intruder.send(&iam).await.expect("IAM");
    assert!(matches!(intruder.message(WAIT).await, Ok(Message::Rej(_))));

    // Ordering another power's unit: THX ... NYU, and the order is not kept.
    let now = until(&mut me, &mut player, |m| matches!(m, Message::Now(Some(_)))).await;
    let Message::Now(Some((turn, units))) = &now else {
        unreachable!()
    };
    let foreign = units
        .iter()
        .find(|u| u.unit.power != hello.power)
        .expect("another power's unit");
    me.send(&Message::Sub {
        turn: Some(*turn),
        orders: vec![Order::Hold(foreign.unit)],
    })
    .await
    .expect("SUB");
    let thx = until(&mut me, &mut player, |m| matches!(m, Message::Thx { .. })).await;
    assert_eq!(
        thx,
        Message::Thx {
            order: Order::Hold(foreign.unit),
            note: names::NYU
        }
    );
    // Now our own orders, then leave: the others see CCD and the game goes on.
    for reply in player.on_message(&now) {
        me.send(&reply).await.expect("send");
    }
    let passcode = hello.passcode;
    drop(me);
    // Come back with IAM (as soon as the server has seen us go), and play to the end.
    let mut back = None;
    for _ in 0..100 {
        let mut c = Client::connect(addr, WAIT).await.expect("connect");
        c.send(&Message::Iam {
            power: hello.power,
            passcode,
        })
        .await
        .expect("IAM");
        let answer = until(&mut c, &mut player, |m| {
            matches!(m, Message::Yes(_) | Message::Rej(_))
        })
        .await;
        if matches!(answer, Message::Yes(_)) {
            back = Some(c);
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mut back = back.expect("IAM accepted once the server saw the bot leave");
    // Where are we? (SMR ends the loop at once if the game ended meanwhile.)
    back.send(&Message::Sco(None)).await.expect("SCO");
    back.send(&Message::Now(None)).await.expect("NOW");
    back.send(&Message::Smr(None)).await.expect("SMR");
    let started = std::time::Instant::now();
    while player.ended.is_none() {
        assert!(started.elapsed() < GAME_TIME, "the game ends in time");
        let m = back.message(WAIT).await.expect("a message");
        for reply in player.on_message(&m) {
            back.send(&reply).await.expect("send");
        }
    }

    let mut seasons = [0usize; 5];
    for b in bots {
        let played = b.await.expect("task").expect("played to the end");
        assert!(played.player.ended.is_some());
        for (s, n) in seasons.iter_mut().zip(played.player.seasons_seen) {
            *s += n;
        }
        assert!(played.player.results_seen > 0, "ORD results arrived");
    }
    // Spring and fall of 1901..1905, adjustments in between, and at least one retreat
    // turn over the bots' games (random play dislodges units).
    assert!(seasons[0] >= 6 * 4, "spring turns: {seasons:?}");
    assert!(seasons[2] >= 6 * 4, "fall turns: {seasons:?}");
    assert!(seasons[4] >= 6, "adjustments: {seasons:?}");
    assert!(seasons[1] + seasons[3] >= 1, "retreats: {seasons:?}");
    let detail = app
        .anonymous()
        .get(&format!("/api/games/{id}"))
        .await
        .expect(200);
    assert_eq!(detail["status"], "finished");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_initial_messages_get_their_error_codes() {
    let app = spawn_app(Backend::Sqlite).await;
    let addr = daide_server(&app).await;
    let cases: [(&[u8], ErrorCode); 4] = [
        (&[0, 0, 0, 4, 0, 1, 0x12, 0x34], ErrorCode::ImWrongMagic),
        (&[0, 0, 0, 4, 0, 1, 0x10, 0xDA], ErrorCode::ImWrongEndian),
        (
            &[0, 0, 0, 4, 0, 9, 0xDA, 0x10],
            ErrorCode::VersionIncompatible,
        ),
        (&[2, 0, 0, 2, 0x48, 0x04], ErrorCode::ImNotFirst),
    ];
    for (bytes, code) in cases {
        let mut s = tokio::net::TcpStream::connect(addr).await.expect("connect");
        tokio::io::AsyncWriteExt::write_all(&mut s, bytes)
            .await
            .expect("write");
        let frame = tokio::time::timeout(WAIT, standoff_daide::client::read_frame(&mut s))
            .await
            .expect("in time")
            .expect("a frame");
        assert_eq!(frame, Some(Frame::Error(code)));
    }
    // A client that sends nothing but a huge declared length and vanishes does not
    // stop the listener.
    let mut s = tokio::net::TcpStream::connect(addr).await.expect("connect");
    tokio::io::AsyncWriteExt::write_all(&mut s, &[0, 0, 0xFF, 0xFF])
        .await
        .expect("write");
    drop(s);
    let client = Client::connect(addr, WAIT).await.expect("still listening");
    let mut client = client;
    client
        .send(&Message::Nme {
            name: "x".into(),
            version: "1".into(),
        })
        .await
        .expect("NME");
    // No open game: REJ (NME).
    assert!(matches!(client.message(WAIT).await, Ok(Message::Rej(_))));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn press_is_forwarded_at_full_press_and_refused_to_a_bot_that_left() {
    let app = spawn_app(Backend::Sqlite).await;
    let addr = daide_server(&app).await;
    bot_game(&app, "full", 1901).await;
    let mut clients = Vec::new();
    let mut hellos = Vec::new();
    for i in 0..7 {
        let c = named_client(addr, format!("p{i}")).await;
        clients.push(c);
    }
    for c in &mut clients {
        let mut p = RandomPlayer::new(1);
        let Message::Hlo(Some(h)) = until(c, &mut p, |m| matches!(m, Message::Hlo(Some(_)))).await
        else {
            unreachable!()
        };
        // Full press: the server forwards every level (people's messages are free text).
        assert_eq!(h.level(), 8000);
        hellos.push(h);
    }
    let press = vec![
        names::PRP,
        names::BRA,
        names::PCE,
        names::BRA,
        hellos[0].power,
        hellos[1].power,
        names::KET,
        names::KET,
    ];
    clients[0]
        .send(&Message::Snd {
            turn: None,
            to: vec![hellos[1].power],
            press: press.clone(),
        })
        .await
        .expect("SND");
    let mut p = RandomPlayer::new(2);
    let yes = until(&mut clients[0], &mut p, |m| matches!(m, Message::Yes(_))).await;
    assert_eq!(yes.to_tokens()[0], names::YES);
    let frm = until(&mut clients[1], &mut p, |m| {
        matches!(m, Message::Frm { .. })
    })
    .await;
    assert_eq!(
        frm,
        Message::Frm {
            from: hellos[0].power,
            to: vec![hellos[1].power],
            press: press.clone()
        }
    );
    // Sending to oneself is refused; a bot that left is in civil disorder (CCD reply).
    clients[0]
        .send(&Message::Snd {
            turn: None,
            to: vec![hellos[0].power],
            press: press.clone(),
        })
        .await
        .expect("SND");
    let rej = until(&mut clients[0], &mut p, |m| matches!(m, Message::Rej(_))).await;
    assert_eq!(rej.to_tokens()[2], names::SND);
    let gone = clients.remove(2);
    drop(gone);
    let ccd = until(&mut clients[0], &mut p, |m| matches!(m, Message::Ccd(_))).await;
    assert_eq!(ccd, Message::Ccd(hellos[2].power));
    clients[0]
        .send(&Message::Snd {
            turn: None,
            to: vec![hellos[2].power],
            press: press.clone(),
        })
        .await
        .expect("SND");
    let tokens: Vec<Token> = loop {
        let f = clients[0].frame(WAIT).await.expect("frame");
        if let Frame::Diplomacy(t) = f {
            if t.first() == Some(&names::CCD) && t.len() > 4 {
                break t;
            }
        }
    };
    assert_eq!(
        &tokens[..4],
        &[names::CCD, names::BRA, hellos[2].power, names::KET]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_that_leaves_before_the_start_is_in_civil_disorder_and_the_game_goes_on() {
    let app = spawn_app(Backend::Sqlite).await;
    let addr = daide_server(&app).await;
    let id = bot_game(&app, "none", 1902).await;
    let mut early = Client::connect(addr, WAIT).await.expect("connect");
    early
        .send(&Message::Nme {
            name: "early".into(),
            version: "1".into(),
        })
        .await
        .expect("NME");
    assert!(matches!(early.message(WAIT).await, Ok(Message::Yes(_))));
    drop(early);
    // Let the server see it go, then six bots fill the game and play it to the end.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut bots = Vec::new();
    for seed in 0..6u64 {
        let client = Client::connect(addr, WAIT).await.expect("connect");
        bots.push(tokio::spawn(play(client, seed + 10, 100_000, GAME_TIME)));
    }
    for b in bots {
        let played = b.await.expect("task").expect("played to the end");
        assert!(played.player.ended.is_some());
    }
    let detail = app
        .anonymous()
        .get(&format!("/api/games/{id}"))
        .await
        .expect(200);
    assert_eq!(detail["status"], "finished");
    assert_eq!(detail["players"], 7);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_admin_message_is_relayed_to_every_other_client_of_the_game() {
    let app = spawn_app(Backend::Sqlite).await;
    let addr = daide_server(&app).await;
    bot_game(&app, "full", 1901).await;
    let mut clients = Vec::new();
    for i in 0..2 {
        let c = named_client(addr, format!("a{i}")).await;
        clients.push(c);
    }
    let mut observer = Client::connect(addr, WAIT).await.expect("connect");
    observer.send(&Message::Obs(None)).await.expect("OBS");
    let mut lonely = Client::connect(addr, WAIT).await.expect("connect");
    let adm = Message::Adm {
        name: "a0".into(),
        text: "leaving shortly".into(),
    };
    // All joined (YES, then the MAP that follows it) before the ADM goes out.
    let mut p = RandomPlayer::new(3);
    for c in &mut clients {
        until(c, &mut p, |m| matches!(m, Message::Map(Some(_)))).await;
    }
    until(&mut observer, &mut p, |m| {
        matches!(m, Message::Map(Some(_)))
    })
    .await;
    clients[0].send(&adm).await.expect("ADM");
    let got = until(&mut clients[1], &mut p, |m| {
        matches!(m, Message::Adm { .. })
    })
    .await;
    assert_eq!(got, adm);
    let got = until(&mut observer, &mut p, |m| matches!(m, Message::Adm { .. })).await;
    assert_eq!(got, adm);
    // The sender is not answered REJ (nor echoed): its next answer is the one to MAP.
    clients[0].send(&Message::Map(None)).await.expect("MAP");
    let next = until(&mut clients[0], &mut p, |m| {
        matches!(m, Message::Map(_) | Message::Rej(_) | Message::Adm { .. })
    })
    .await;
    assert!(matches!(next, Message::Map(Some(_))), "{next:?}");
    // A connection in no game has nobody to tell.
    lonely.send(&adm).await.expect("ADM");
    let answer = until(&mut lonely, &mut p, |m| matches!(m, Message::Rej(_))).await;
    assert_eq!(answer, Message::Rej(adm.to_tokens()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_s_message_reaches_the_bots_it_is_for_as_free_text() {
    let app = spawn_app(Backend::Sqlite).await;
    let addr = daide_server(&app).await;
    let id = bot_game(&app, "full", 1901).await;
    // One person takes a seat through the API; six bots take the others.
    let person = app.user("person").await;
    person
        .post(&format!("/api/games/{id}/join"), json!({}))
        .await
        .expect(204);
    let mut bots = Vec::new();
    for i in 0..6 {
        let c = named_client(addr, format!("b{i}")).await;
        bots.push(c);
    }
    let mut seats = Vec::new();
    for c in &mut bots {
        let mut p = RandomPlayer::new(3);
        let Message::Hlo(Some(h)) = until(c, &mut p, |m| matches!(m, Message::Hlo(Some(_)))).await
        else {
            unreachable!()
        };
        seats.push(h.power);
    }
    let game = person.get(&format!("/api/games/{id}")).await.expect(200);
    let my_power = game["my_power"]
        .as_str()
        .expect("the person has a power")
        .to_string();
    let powers: Vec<String> = game["powers"]
        .as_array()
        .map(|ps| {
            ps.iter()
                .filter_map(|p| p["name"].as_str())
                .map(str::to_string)
                .collect()
        })
        .unwrap_or_default();
    let a_bot_power = powers
        .iter()
        .find(|p| **p != my_power)
        .expect("another power")
        .clone();
    // A private message to one bot's power, then a public one.
    person
        .post(
            &format!("/api/games/{id}/messages"),
            json!({ "to": [a_bot_power], "body": "Just between us." }),
        )
        .await
        .expect(201);
    person
        .post(
            &format!("/api/games/{id}/messages"),
            json!({ "to": "all", "body": "Hello, everyone." }),
        )
        .await
        .expect(201);
    let text = |m: &Message| -> Option<String> {
        let Message::Frm { press, .. } = m else {
            return None;
        };
        press
            .iter()
            .all(|t| t.is_text())
            .then(|| press.iter().map(|t| t.number() as char).collect())
    };
    // Every bot reads the public message; exactly one read the private one first.
    let mut private_readers = 0;
    for c in &mut bots {
        let mut p = RandomPlayer::new(4);
        let first = until(c, &mut p, |m| text(m).is_some()).await;
        let Message::Frm { from, to, .. } = &first else {
            unreachable!()
        };
        assert!(
            !seats.contains(from),
            "the message comes from the person's power"
        );
        match text(&first).as_deref() {
            Some("Just between us.") => {
                private_readers += 1;
                assert_eq!(to.len(), 1);
                let public = until(c, &mut p, |m| text(m).is_some()).await;
                assert_eq!(text(&public).as_deref(), Some("Hello, everyone."));
            }
            Some("Hello, everyone.") => assert_eq!(to.len(), 6, "public: the six other powers"),
            other => panic!("unexpected press {other:?}"),
        }
    }
    assert_eq!(private_readers, 1);
}

/// A forming game for bots whose phases wait for their deadlines (not machine speed),
/// with these deadline settings (`null`: the defaults, a day per movement turn).
async fn slow_bot_game(app: &TestApp, deadlines: serde_json::Value) -> i64 {
    let gm = app.user("gamemaster").await;
    let mut settings = json!({
        "name": "bots, slowly",
        "auto_start": true,
        "assignment": "random",
        "press": "none",
        "bots": {"daide": true},
    });
    if !deadlines.is_null() {
        settings["deadlines"] = deadlines;
    }
    let game = gm.post("/api/games", settings).await.expect(201);
    game["id"].as_i64().expect("id")
}

/// Seven bots join game and each reads its HLO; returns the connections and HLOs.
async fn seven_seated(addr: SocketAddr) -> (Vec<Client>, Vec<standoff_daide::message::Hello>) {
    let mut clients = Vec::new();
    for i in 0..7 {
        clients.push(named_client(addr, format!("seat{i}")).await);
    }
    let mut hellos = Vec::new();
    for c in &mut clients {
        let mut p = RandomPlayer::new(5);
        let Message::Hlo(Some(h)) = until(c, &mut p, |m| matches!(m, Message::Hlo(Some(_)))).await
        else {
            unreachable!()
        };
        hellos.push(h);
    }
    (clients, hellos)
}

/// Sends IAM on a new connection to `addr`; returns the connection and the answer.
async fn iam(addr: SocketAddr, power: Token, passcode: i32) -> (Client, Message) {
    let mut c = Client::connect(addr, WAIT).await.expect("connect");
    c.send(&Message::Iam { power, passcode })
        .await
        .expect("IAM");
    let mut p = RandomPlayer::new(6);
    let answer = until(&mut c, &mut p, |m| {
        matches!(m, Message::Yes(_) | Message::Rej(_))
    })
    .await;
    (c, answer)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn iam_takes_a_seat_back_after_the_server_restarts() {
    for backend in common::backends() {
        let app = spawn_app(backend).await;
        let addr = daide_server(&app).await;
        let id = slow_bot_game(&app, serde_json::Value::Null).await;
        let (clients, hellos) = seven_seated(addr).await;
        let hello = hellos[3].clone();

        // Only the passcodes' hashes are stored (before the HLOs go out): each seat
        // holds the hash of its power and passcode, never the passcode.
        let seats = app.state.storage.daide_seats(id).await.expect("seats");
        assert_eq!(seats.len(), 7, "{backend:?}");
        for h in &hellos {
            let hashed = passcode_hash(h.power, h.passcode);
            assert!(
                seats.iter().any(|seat| seat.passcode_hash == hashed),
                "{backend:?}: no seat holds {:?}'s hashed passcode",
                h.power
            );
            assert!(seats
                .iter()
                .all(|seat| seat.passcode_hash != h.passcode.to_string()));
        }

        // The bots go away and a second server starts on the same database (nothing
        // of the first one's memory).
        drop(clients);
        let second = spawn_on(app.database_url.clone(), None, Config::default()).await;
        let addr = daide_server(&second).await;

        // A wrong passcode is refused; the right one takes the seat back.
        let wrong = if hello.passcode == 8191 {
            100
        } else {
            hello.passcode + 1
        };
        let (_, answer) = iam(addr, hello.power, wrong).await;
        assert!(matches!(answer, Message::Rej(_)), "{backend:?}: {answer:?}");
        let (_, answer) = iam(addr, hellos[4].power, hello.passcode).await;
        assert!(
            matches!(answer, Message::Rej(_)),
            "another power's passcode: {answer:?}"
        );
        // Wrong passcodes are limited like sign-ins (five per power and address in 15
        // minutes): after four more, even the right one waits for the window to pass.
        for k in 2..6 {
            let wrong = if hello.passcode > 8000 {
                hello.passcode - k
            } else {
                hello.passcode + k
            };
            let (_, answer) = iam(addr, hello.power, wrong).await;
            assert!(matches!(answer, Message::Rej(_)), "{backend:?}: {answer:?}");
        }
        let (_, answer) = iam(addr, hello.power, hello.passcode).await;
        assert!(matches!(answer, Message::Rej(_)), "limited: {answer:?}");
        second.clock.advance(chrono::Duration::minutes(16));
        let (mut back, answer) = iam(addr, hello.power, hello.passcode).await;
        assert_eq!(
            answer,
            Message::Yes(
                Message::Iam {
                    power: hello.power,
                    passcode: hello.passcode
                }
                .to_tokens()
            ),
            "{backend:?}"
        );
        // A seat taken is not taken twice.
        let (_, answer) = iam(addr, hello.power, hello.passcode).await;
        assert!(matches!(answer, Message::Rej(_)), "{backend:?}: {answer:?}");

        // The seat is the bot's again: HLO repeats its power and passcode, and its
        // orders are accepted.
        let mut p = RandomPlayer::new(7);
        back.send(&Message::Hlo(None)).await.expect("HLO");
        let again = until(&mut back, &mut p, |m| matches!(m, Message::Hlo(_))).await;
        let Message::Hlo(Some(again)) = again else {
            panic!("{backend:?}: no HLO: {again:?}")
        };
        assert_eq!((again.power, again.passcode), (hello.power, hello.passcode));
        back.send(&Message::Now(None)).await.expect("NOW");
        let now = until(&mut back, &mut p, |m| matches!(m, Message::Now(Some(_)))).await;
        let Message::Now(Some((turn, units))) = &now else {
            unreachable!()
        };
        let mine = units
            .iter()
            .find(|u| u.unit.power == hello.power)
            .expect("a unit of ours");
        back.send(&Message::Sub {
            turn: Some(*turn),
            orders: vec![Order::Hold(mine.unit)],
        })
        .await
        .expect("SUB");
        let thx = until(&mut back, &mut p, |m| matches!(m, Message::Thx { .. })).await;
        assert_eq!(
            thx,
            Message::Thx {
                order: Order::Hold(mine.unit),
                note: names::MBV
            },
            "{backend:?}"
        );
    }
}

/// The game's current deadline (ms).
async fn deadline_of(app: &TestApp, id: i64) -> i64 {
    app.state
        .storage
        .game(id)
        .await
        .expect("read")
        .expect("game")
        .deadline_at
        .expect("a deadline")
}

/// Sends `m` and returns the next YES or REJ.
async fn answer_to(client: &mut Client, m: &Message) -> Message {
    client.send(m).await.expect("send");
    skip_until(client, |m| matches!(m, Message::Yes(_) | Message::Rej(_))).await
}

/// The next TME from the server.
async fn next_tme(client: &mut Client) -> Message {
    skip_until(client, |m| matches!(m, Message::Tme(_))).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tme_requests_are_answered_at_their_time_every_turn_until_cancelled() {
    let app = spawn_app(Backend::Sqlite).await;
    let addr = daide_server(&app).await;
    // Four hours per movement turn: more than a DAIDE number holds.
    let id = slow_bot_game(
        &app,
        json!({"movement_minutes": 240, "retreat_minutes": 2, "adjustment_minutes": 2}),
    )
    .await;
    let (mut clients, _) = seven_seated(addr).await;
    let deadline = deadline_of(&app, id).await;
    let at = |ms: i64| standoff_server::clock::from_ms(ms);
    let mut c1 = clients.remove(1);
    let c0 = &mut clients[0];
    // HLO's SCO, NOW and TME come first; the turn's TME is capped at 8191 seconds.
    assert_eq!(next_tme(c0).await, Message::Tme(Some(8191)));
    assert_eq!(next_tme(&mut c1).await, Message::Tme(Some(8191)));

    // TME alone: the seconds left (capped), and exactly them once fewer remain.
    c0.send(&Message::Tme(None)).await.expect("TME");
    assert_eq!(next_tme(c0).await, Message::Tme(Some(8191)));
    app.clock.set(at(deadline - 5_000_000));
    c0.send(&Message::Tme(None)).await.expect("TME");
    assert_eq!(next_tme(c0).await, Message::Tme(Some(5000)));

    // TME (n): YES, then TME (n) when n seconds are left.
    for n in [120, 60, 30] {
        let request = Message::Tme(Some(n));
        let yes = answer_to(c0, &request).await;
        assert_eq!(yes, Message::Yes(request.to_tokens()));
    }
    let request = Message::Tme(Some(60));
    assert_eq!(
        answer_to(&mut c1, &request).await,
        Message::Yes(request.to_tokens())
    );
    app.clock.set(at(deadline - 120_000));
    assert_eq!(next_tme(c0).await, Message::Tme(Some(120)));
    app.clock.set(at(deadline - 60_000));
    assert_eq!(next_tme(c0).await, Message::Tme(Some(60)));
    assert_eq!(next_tme(&mut c1).await, Message::Tme(Some(60)));

    // NOT (TME (n)) cancels one request; one never made is refused.
    let cancel = Message::NotTme(Some(60));
    assert_eq!(
        answer_to(c0, &cancel).await,
        Message::Yes(cancel.to_tokens())
    );
    let unknown = Message::NotTme(Some(45));
    assert_eq!(
        answer_to(c0, &unknown).await,
        Message::Rej(unknown.to_tokens())
    );

    // The turn is processed at its deadline: its TME comes after NOW, and the
    // requests are armed again for the next turn.
    app.clock.set(at(deadline));
    assert_eq!(app.tick().await, 1);
    assert_eq!(next_tme(c0).await, Message::Tme(Some(8191)));
    assert_eq!(next_tme(&mut c1).await, Message::Tme(Some(8191)));
    let next = deadline_of(&app, id).await;
    assert!(next > deadline);
    app.clock.set(at(next - 120_000));
    assert_eq!(next_tme(c0).await, Message::Tme(Some(120)));
    // c1's 60 seconds ring: the listener has looked at the clock at 60 seconds left,
    // where c0's cancelled request would have rung too.
    app.clock.set(at(next - 60_000));
    assert_eq!(next_tme(&mut c1).await, Message::Tme(Some(60)));
    app.clock.set(at(next - 30_000));
    assert_eq!(
        next_tme(c0).await,
        Message::Tme(Some(30)),
        "60 was cancelled"
    );

    // NOT (TME) cancels every request of the connection.
    let all = Message::NotTme(None);
    assert_eq!(answer_to(c0, &all).await, Message::Yes(all.to_tokens()));
    let gone = Message::NotTme(Some(120));
    assert_eq!(answer_to(c0, &gone).await, Message::Rej(gone.to_tokens()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tme_requests_outside_the_game_s_deadlines_are_refused() {
    let app = spawn_app(Backend::Sqlite).await;
    let addr = daide_server(&app).await;
    // A connection in no game: nothing to time.
    let mut lonely = Client::connect(addr, WAIT).await.expect("connect");
    for m in [
        Message::Tme(Some(10)),
        Message::Tme(None),
        Message::NotTme(None),
    ] {
        assert_eq!(
            answer_to(&mut lonely, &m).await,
            Message::Rej(m.to_tokens())
        );
    }
    slow_bot_game(
        &app,
        json!({"movement_minutes": 5, "retreat_minutes": 2, "adjustment_minutes": 2}),
    )
    .await;
    let mut observer = Client::connect(addr, WAIT).await.expect("connect");
    assert!(matches!(
        answer_to(&mut observer, &Message::Obs(None)).await,
        Message::Yes(_)
    ));
    // Negative, or longer than the longest turn (five minutes): REJ; five minutes: YES.
    for (n, accepted) in [(-1, false), (301, false), (300, true), (0, true)] {
        let m = Message::Tme(Some(n));
        let answer = answer_to(&mut observer, &m).await;
        if accepted {
            assert_eq!(answer, Message::Yes(m.to_tokens()), "{n}");
        } else {
            assert_eq!(answer, Message::Rej(m.to_tokens()), "{n}");
        }
    }
    // A game still forming has no deadline yet.
    let m = Message::Tme(None);
    assert_eq!(
        answer_to(&mut observer, &m).await,
        Message::Rej(m.to_tokens())
    );
}

/// Processes the game's current turn at its deadline (the bots that sent nothing hold).
async fn process_at_deadline(app: &TestApp, id: i64) {
    let before = app
        .state
        .storage
        .game(id)
        .await
        .expect("read")
        .expect("game")
        .phase_no;
    for _ in 0..3 {
        let deadline = deadline_of(app, id).await;
        app.clock.set(standoff_server::clock::from_ms(deadline));
        app.tick().await;
        let game = app
            .state
            .storage
            .game(id)
            .await
            .expect("read")
            .expect("game");
        if game.phase_no > before {
            return;
        }
    }
    panic!("the turn was not processed at its deadline");
}

/// The next NOW from the server, which must be for `season`.
async fn now_in(client: &mut Client, season: standoff_daide::order::Season) -> Vec<Unit> {
    let now = skip_until(client, |m| matches!(m, Message::Now(Some(_)))).await;
    let Message::Now(Some((turn, units))) = now else {
        unreachable!()
    };
    assert_eq!(turn.season, season);
    units.into_iter().map(|u| u.unit).collect()
}

/// SUB `orders`; returns the THX notes, in order.
async fn submit(client: &mut Client, orders: Vec<Order>) -> Vec<Token> {
    let count = orders.len();
    client
        .send(&Message::Sub { turn: None, orders })
        .await
        .expect("SUB");
    let mut notes = Vec::new();
    let mut p = RandomPlayer::new(11);
    for _ in 0..count {
        let Message::Thx { note, .. } =
            until(client, &mut p, |m| matches!(m, Message::Thx { .. })).await
        else {
            unreachable!()
        };
        notes.push(note);
    }
    notes
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_waive_is_accepted_and_a_repeated_build_is_not() {
    use standoff_daide::order::{Loc, Season, UnitType};
    let app = spawn_app(Backend::Sqlite).await;
    let addr = daide_server(&app).await;
    let id = slow_bot_game(&app, serde_json::Value::Null).await;
    let (clients, hellos) = seven_seated(addr).await;
    let german = hellos
        .iter()
        .position(|h| h.power == names::GER)
        .expect("someone plays Germany");
    let mut germany = clients.into_iter().nth(german).expect("Germany's bot");
    let province = |name: &str| Token::named(name).expect("a standard province");
    let at = |name: &str| Loc {
        province: province(name),
        coast: None,
    };
    let unit = |kind, name: &str| Unit {
        power: names::GER,
        kind,
        loc: at(name),
    };

    // 1901: Germany takes Denmark and Holland while everyone else holds: five
    // centres, three units, two builds.
    now_in(&mut germany, Season::Spr).await;
    let spring = vec![
        Order::Move(unit(UnitType::Fleet, "KIE"), at("DEN")),
        Order::Move(unit(UnitType::Army, "MUN"), at("RUH")),
    ];
    assert_eq!(submit(&mut germany, spring).await, [names::MBV; 2]);
    process_at_deadline(&app, id).await;
    now_in(&mut germany, Season::Fal).await;
    let fall = vec![Order::Move(unit(UnitType::Army, "RUH"), at("HOL"))];
    assert_eq!(submit(&mut germany, fall).await, [names::MBV]);
    process_at_deadline(&app, id).await;
    now_in(&mut germany, Season::Win).await;

    // Not ready, so complete orders do not end the turn (Germany alone adjusts).
    assert!(matches!(
        answer_to(&mut germany, &Message::NotGof).await,
        Message::Yes(_)
    ));
    // The same build twice: the second is ESC.
    let build = Order::Build(unit(UnitType::Army, "KIE"));
    assert_eq!(
        submit(&mut germany, vec![build.clone(), build]).await,
        [names::MBV, names::ESC]
    );
    assert!(matches!(
        answer_to(&mut germany, &Message::NotSub(None)).await,
        Message::Yes(_)
    ));
    // Two waives, in one SUB and then one by one: each is accepted (commit 14417d7).
    let waive = Order::Waive(names::GER);
    assert_eq!(
        submit(&mut germany, vec![waive.clone(), waive.clone()]).await,
        [names::MBV, names::MBV]
    );
    assert!(matches!(
        answer_to(&mut germany, &Message::NotSub(None)).await,
        Message::Yes(_)
    ));
    assert_eq!(
        submit(&mut germany, vec![waive.clone()]).await,
        [names::MBV]
    );
    assert_eq!(
        submit(&mut germany, vec![waive.clone()]).await,
        [names::MBV]
    );
    // A third is one more than the builds due.
    assert_eq!(submit(&mut germany, vec![waive]).await, [names::NMB]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_observer_of_a_game_in_progress_gets_its_position_and_later_turns() {
    use standoff_daide::order::Season;
    let app = spawn_app(Backend::Sqlite).await;
    let addr = daide_server(&app).await;
    let id = slow_bot_game(&app, serde_json::Value::Null).await;
    let (mut players, _) = seven_seated(addr).await;
    process_at_deadline(&app, id).await;
    // The spring's results have reached the players (NOW for the fall) before the
    // observer comes: otherwise it may join while they are being sent and see them too.
    for player in &mut players {
        skip_until(
            player,
            |m| matches!(m, Message::Now(Some((turn, _))) if turn.season == Season::Fal),
        )
        .await;
    }

    // OBS with no game forming watches the game in progress: YES, MAP; the map
    // definition on request; after YES (MAP) the current SCO, NOW and TME.
    let mut observer = Client::connect(addr, WAIT).await.expect("connect");
    assert!(observer.representation.is_empty(), "standard map: empty RM");
    assert_eq!(
        answer_to(&mut observer, &Message::Obs(None)).await,
        Message::Yes(Message::Obs(None).to_tokens())
    );
    let map = skip_until(&mut observer, |m| matches!(m, Message::Map(Some(_)))).await;
    let Message::Map(Some(name)) = &map else {
        unreachable!()
    };
    assert_eq!(name, "standard");
    observer.send(&Message::Mdf(None)).await.expect("MDF");
    let mdf = observer.message(WAIT).await.expect("MDF");
    assert!(matches!(mdf, Message::Mdf(Some(_))), "{mdf:?}");
    observer
        .send(&Message::Yes(map.to_tokens()))
        .await
        .expect("YES (MAP)");
    let sco = observer.message(WAIT).await.expect("SCO");
    let Message::Sco(Some(owners)) = &sco else {
        panic!("SCO first: {sco:?}")
    };
    assert!(owners.iter().any(|(p, _)| *p == names::GER));
    let now = observer.message(WAIT).await.expect("NOW");
    let Message::Now(Some((turn, units))) = &now else {
        panic!("NOW next: {now:?}")
    };
    assert_eq!((turn.season, turn.year), (Season::Fal, 1901));
    assert_eq!(units.len(), 22);
    assert!(matches!(
        observer.message(WAIT).await,
        Ok(Message::Tme(Some(_)))
    ));

    // It sees the next turn processed like the players do, and cannot order.
    process_at_deadline(&app, id).await;
    let ord = skip_until(&mut observer, |m| matches!(m, Message::Ord(Some(_)))).await;
    let Message::Ord(Some((turn, _, _))) = ord else {
        unreachable!()
    };
    assert_eq!((turn.season, turn.year), (Season::Fal, 1901));
    let now = skip_until(&mut observer, |m| matches!(m, Message::Now(Some(_)))).await;
    let Message::Now(Some((turn, _))) = now else {
        unreachable!()
    };
    // Nobody gained or lost a centre: no adjustments, spring next.
    assert_eq!((turn.season, turn.year), (Season::Spr, 1902));
    let sub = Message::Sub {
        turn: None,
        orders: vec![Order::Waive(names::GER)],
    };
    assert_eq!(
        answer_to(&mut observer, &sub).await,
        Message::Rej(sub.to_tokens())
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_machine_speed_game_goes_on_after_a_restart_without_its_bots() {
    let app = spawn_app(Backend::Sqlite).await;
    let addr = daide_server(&app).await;
    let id = bot_game(&app, "none", 1901).await;
    // Seven bots take the seats and send nothing: the first server waits for them.
    let (_silent, _) = seven_seated(addr).await;
    let phase_no = |app: &TestApp| {
        let storage = app.state.storage.clone();
        async move {
            storage
                .game(id)
                .await
                .expect("read")
                .expect("game")
                .phase_no
        }
    };
    assert_eq!(phase_no(&app).await, 0);
    // A second server on the same database, where none of them is connected: their
    // seats are in civil disorder and ready at once, so the game plays to its end.
    let second = spawn_on(app.database_url.clone(), None, Config::default()).await;
    daide_server(&second).await;
    let mut status = serde_json::Value::Null;
    for _ in 0..250 {
        let detail = second
            .anonymous()
            .get(&format!("/api/games/{id}"))
            .await
            .expect(200);
        status = detail["status"].clone();
        if status == "finished" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(status, "finished");
    assert!(phase_no(&second).await >= 2, "spring and fall 1901 played");
}
