//! The DAIDE side of the judge's games: which connection sits in which game and seat,
//! the seats' passcodes and pending DAIDE orders, the connections' TME requests, and
//! what every connection of a game is sent when it starts, a phase is processed or a
//! requested time before the deadline comes. Games themselves (joining, orders,
//! ready flags, processing) go through the service layer with the bot's account; the
//! hub keeps only what the protocol needs in memory.

use super::alarms::Alarms;
use super::passcode::{passcode_hash, random_passcode, same_secret, PasscodeSeat, PASSCODE_TRIES};
use super::view;
use crate::service::{session_of, settings_of, status_of};
use crate::storage::daide::DaideSeatRow;
use crate::storage::{AccountRow, GameRow};
use crate::AppState;
use standoff::rules::Rules;
use standoff::{PhaseKind, Position, PowerId, Variant};
use standoff_api::{GameStatus, PressSetting};
use standoff_daide::frame::Frame;
use standoff_daide::message::{Hello, Message, SummaryLine, VariantOption};
use standoff_daide::order::Order as DOrder;
use standoff_daide::token::names;
use standoff_daide::MapTokens;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::{mpsc, Notify};

/// How often the listener looks for TME notices due (against the server's clock).
pub const ALARM_TICK: std::time::Duration = std::time::Duration::from_millis(250);

/// Bot writes (orders, ready flags) in flight at once.
pub const WRITERS: usize = 4;

/// Frames queued for one connection before it counts as too slow and is dropped.
pub const QUEUE: usize = 512;

/// A connection's outgoing side.
#[derive(Clone)]
pub struct Outbox {
    /// Frames to write.
    pub tx: mpsc::Sender<Frame>,
    /// Rung when the hub drops the connection (its queue overflowed).
    pub kill: Arc<Notify>,
}

impl Outbox {
    /// Queues a message; a full queue drops the connection (a slow client never
    /// holds anyone up).
    pub fn send(&self, m: &Message) -> bool {
        match self.tx.try_send(Frame::Diplomacy(m.to_tokens())) {
            Ok(()) => true,
            Err(_) => {
                self.kill.notify_one();
                false
            }
        }
    }
}

/// One power played by a bot.
pub struct Seat {
    /// The bot's account (created for it when it joined).
    pub account: AccountRow,
    /// IAM's passcode (sent in HLO; 0 for a seat read back from storage until its bot
    /// comes back with IAM).
    pub passcode: i32,
    /// The passcode's stored form ([`passcode_hash`]), what IAM is checked against.
    pub passcode_hash: String,
    /// The connection playing it, if connected.
    pub conn: Option<u64>,
    /// Orders accepted this phase, as the bot wrote them.
    pub orders: Vec<DOrder>,
    /// The phase number they are for.
    pub orders_phase: i64,
    /// NOT (GOF) this phase.
    pub wait: bool,
    /// NME's name and version (for SMR).
    pub name: (String, String),
}

/// The press level announced for a game with full press: the server forwards press of
/// every level, and people's messages reach bots as level-8000 free text.
pub const FREE_TEXT_LEVEL: i32 = 8000;

/// A game with DAIDE connections.
pub struct Room {
    /// The variant.
    pub variant: Arc<Variant>,
    /// Its tokens.
    pub tokens: Arc<MapTokens>,
    /// Its rules.
    pub rules: Rules,
    /// Press level (0: no press; 8000: SND/FRM forwarded at any level, people's
    /// messages sent to bots as free text).
    pub level: i32,
    /// HLO's time limits (seconds per movement, retreat, build phase).
    pub limits: [Option<i32>; 3],
    /// Machine speed (disconnected bots are ready at once).
    pub machine_speed: bool,
    /// Connections: id → outbox.
    pub clients: HashMap<u64, Outbox>,
    /// Bots joined while forming: connection → (account, name, version).
    pub joined: HashMap<u64, (AccountRow, String, String)>,
    /// Bots that joined while forming and left before the start (their seats start in
    /// civil disorder).
    pub departed: Vec<(AccountRow, String, String)>,
    /// Seats by power index, once the game started.
    pub seats: HashMap<usize, Seat>,
    /// HLO has been sent.
    pub started: bool,
    /// Phases whose results have been sent.
    pub phases_sent: i64,
    /// SLO/DRW and SMR have been sent.
    pub ended: bool,
    /// Connections' `TME (seconds)` requests.
    pub alarms: HashMap<u64, Alarms>,
}

impl Room {
    fn new(game: &GameRow) -> Option<Room> {
        let session = session_of(game).ok()?;
        let variant = session.variant().clone();
        let tokens = Arc::new(MapTokens::new(&variant).ok()?);
        let settings = settings_of(game).ok()?;
        let rules = Rules::parse(&settings.rules).ok()?;
        let minutes = |m: Option<u32>, default: u32| Some(m.unwrap_or(default) as i32 * 60);
        let d = &settings.deadlines;
        let limits = if d.fixed.is_some() {
            [
                None,
                minutes(d.retreat_minutes, 1440),
                minutes(d.adjustment_minutes, 2880),
            ]
        } else {
            [
                minutes(d.movement_minutes, 1440),
                minutes(d.retreat_minutes, 1440),
                minutes(d.adjustment_minutes, 2880),
            ]
        };
        Some(Room {
            variant,
            tokens,
            rules,
            level: if settings.press == PressSetting::Full {
                FREE_TEXT_LEVEL
            } else {
                0
            },
            limits,
            machine_speed: settings.bots.machine_speed,
            clients: HashMap::new(),
            joined: HashMap::new(),
            departed: Vec::new(),
            seats: HashMap::new(),
            started: false,
            phases_sent: game.phase_no,
            ended: false,
            alarms: HashMap::new(),
        })
    }

    /// HLO for a seat.
    pub fn hello(&self, power: usize, passcode: i32) -> Message {
        let mut options = vec![VariantOption {
            parameter: names::LVL,
            value: Some(self.level),
        }];
        for (param, limit) in [names::MTL, names::RTL, names::BTL]
            .into_iter()
            .zip(self.limits)
        {
            if let Some(secs) = limit {
                options.push(VariantOption {
                    parameter: param,
                    value: Some(secs.min(8191)),
                });
            }
        }
        Message::Hlo(Some(Hello {
            power: self.tokens.power_token(PowerId(power as u8)),
            passcode,
            options,
        }))
    }

    /// The longest time limit of a turn (seconds), if turns have any.
    pub fn longest_limit(&self) -> Option<i32> {
        self.limits.iter().flatten().copied().max()
    }

    /// Arms every connection's TME requests for a new deadline.
    pub fn arm_alarms(&mut self, deadline: Option<i64>, now: i64) {
        for alarms in self.alarms.values_mut() {
            alarms.arm(deadline, now);
        }
    }

    /// Sends `TME (seconds left)` to every connection with a request due at `now`.
    pub fn ring_alarms(&mut self, deadline: Option<i64>, now: i64) {
        for (conn, alarms) in self.alarms.iter_mut() {
            if !alarms.ring(deadline, now) {
                continue;
            }
            if let (Some(d), Some(out)) = (deadline, self.clients.get(conn)) {
                out.send(&Message::Tme(Some(secs_until(d, now))));
            }
        }
    }

    /// The seat a connection plays.
    pub fn seat_of(&self, conn: u64) -> Option<(usize, &Seat)> {
        self.seats
            .iter()
            .find(|(_, s)| s.conn == Some(conn))
            .map(|(p, s)| (*p, s))
    }

    /// Sends `m` to every connection but `except`.
    pub fn broadcast(&self, m: &Message, except: Option<u64>) {
        for (id, out) in &self.clients {
            if Some(*id) != except {
                out.send(m);
            }
        }
    }
}

/// Every game with DAIDE connections.
pub struct Hub {
    /// The judge.
    pub state: AppState,
    /// Bounds the bots' writes in flight at once: a database takes one writer at a
    /// time (SQLite), and hundreds of bots waiting on its lock would spin.
    pub writes: tokio::sync::Semaphore,
    /// Bots join one at a time: concurrent NMEs would all race for the oldest open
    /// seat, and every loser retry the next game.
    pub joining: tokio::sync::Mutex<()>,
    /// Wrong IAM passcodes per (power token, address), limited like sign-ins
    /// (`Config::sign_in_attempts` per `sign_in_window`): a passcode is a small number.
    pub iam_limit: crate::ratelimit::SignInLimiter,
    rooms: Mutex<HashMap<i64, Room>>,
}

/// Locks a mutex, even one poisoned by a panicking holder (the data stays usable: every
/// change is a whole insert or remove).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Hub {
    /// An empty hub.
    pub fn new(state: AppState) -> Hub {
        let iam_limit = crate::ratelimit::SignInLimiter::new(
            state.config.sign_in_attempts,
            state.config.sign_in_window,
        );
        Hub {
            state,
            writes: tokio::sync::Semaphore::new(WRITERS),
            joining: tokio::sync::Mutex::new(()),
            iam_limit,
            rooms: Mutex::new(HashMap::new()),
        }
    }

    /// Runs `f` on game `id`'s room, made from the stored game if new.
    pub fn with_room<T>(&self, game: &GameRow, f: impl FnOnce(&mut Room) -> T) -> Option<T> {
        let mut rooms = lock(&self.rooms);
        let room = match rooms.entry(game.id) {
            std::collections::hash_map::Entry::Occupied(e) => e.into_mut(),
            std::collections::hash_map::Entry::Vacant(e) => e.insert(Room::new(game)?),
        };
        Some(f(room))
    }

    /// Hands a message a power sent (through the API or the web page) to the bots
    /// seated for the powers it is for, as `FRM (from) (to...) ('text')` (level 8000,
    /// free text). Bots themselves send with SND, which the connection forwards.
    pub fn deliver_press(&self, sent: &crate::service::press::PressSent) {
        self.room(sent.game_id, |room| {
            if room.level < FREE_TEXT_LEVEL {
                return;
            }
            let power_of = |name: &str| {
                room.variant
                    .powers
                    .iter()
                    .position(|p| p.name == name)
                    .map(|i| PowerId(i as u8))
            };
            let Some(from) = power_of(&sent.from_power) else {
                return;
            };
            let to: Vec<PowerId> = sent.to_powers.iter().filter_map(|n| power_of(n)).collect();
            let frm = Message::Frm {
                from: room.tokens.power_token(from),
                to: to.iter().map(|p| room.tokens.power_token(*p)).collect(),
                press: standoff_daide::token::text_tokens(&sent.body).collect(),
            };
            for power in &to {
                let seat = room.seats.get(&power.index()).and_then(|s| s.conn);
                if let Some(out) = seat.and_then(|conn| room.clients.get(&conn)) {
                    out.send(&frm);
                }
            }
        });
    }

    /// The games with DAIDE connections.
    pub fn game_ids(&self) -> Vec<i64> {
        lock(&self.rooms).keys().copied().collect()
    }

    /// Runs `f` on an existing room.
    pub fn room<T>(&self, id: i64, f: impl FnOnce(&mut Room) -> T) -> Option<T> {
        lock(&self.rooms).get_mut(&id).map(f)
    }

    /// The seat with this power token and passcode: among the games in memory, then
    /// among the seats kept in storage (after a restart), whose games are then read
    /// back into memory.
    pub async fn seat_for_passcode(
        &self,
        power: standoff_daide::Token,
        passcode: i32,
    ) -> PasscodeSeat {
        let hash = passcode_hash(power, passcode);
        let in_memory = self.seat_in_memory(power, &hash);
        if matches!(in_memory, PasscodeSeat::Free(..)) {
            return in_memory;
        }
        let stored = match self.state.storage.daide_seats_by_passcode(&hash).await {
            Ok(rows) => rows,
            Err(e) => {
                tracing::warn!("daide: seats not read: {e}");
                return in_memory;
            }
        };
        for row in stored {
            self.restore(row.game_id).await;
        }
        self.seat_in_memory(power, &hash)
    }

    fn seat_in_memory(&self, power: standoff_daide::Token, hash: &str) -> PasscodeSeat {
        let rooms = lock(&self.rooms);
        let mut found = PasscodeSeat::Unknown;
        for (id, room) in rooms.iter() {
            let Some(p) = room.tokens.power(power).map(PowerId::index) else {
                continue;
            };
            let Some(seat) = room.seats.get(&p) else {
                continue;
            };
            if same_secret(&seat.passcode_hash, hash) {
                if seat.conn.is_none() {
                    return PasscodeSeat::Free(*id, p);
                }
                found = PasscodeSeat::Taken;
            }
        }
        found
    }

    /// Reads a started game's DAIDE seats back from storage into memory (after a
    /// restart, or for an observer), all disconnected; nothing if the game is in memory
    /// already (a game just started there gets its seats from `start_if_started`).
    pub async fn restore(&self, id: i64) {
        if self.room(id, |_| ()).is_some() {
            return;
        }
        let Ok(Some(game)) = self.state.storage.game(id).await else {
            return;
        };
        if status_of(&game).ok() == Some(GameStatus::Forming) {
            return;
        }
        let Ok(rows) = self.state.storage.daide_seats(id).await else {
            return;
        };
        let mut seats = Vec::new();
        for row in rows {
            if let Ok(Some(account)) = self.state.storage.account_by_id(row.account_id).await {
                seats.push((row, account));
            }
        }
        let Some(mut room) = Room::new(&game) else {
            return;
        };
        room.started = true;
        room.phases_sent = game.phase_no;
        for (row, account) in seats {
            let Some(power) = room.variant.find_power(&row.power) else {
                continue;
            };
            room.seats.insert(
                power.index(),
                Seat {
                    account,
                    passcode: 0,
                    passcode_hash: row.passcode_hash,
                    conn: None,
                    orders: Vec::new(),
                    orders_phase: game.phase_no,
                    wait: false,
                    name: (row.bot_name, row.bot_version),
                },
            );
        }
        lock(&self.rooms).entry(id).or_insert(room);
    }

    /// Sends the TME notices due now (the listener calls it every [`ALARM_TICK`]): each
    /// game with requests has its deadline read, so a deadline moved by its GM is
    /// followed.
    pub async fn ring_alarms(&self) {
        let ids: Vec<i64> = lock(&self.rooms)
            .iter()
            .filter(|(_, r)| r.alarms.values().any(|a| !a.requested.is_empty()))
            .map(|(id, _)| *id)
            .collect();
        for id in ids {
            let Ok(Some(game)) = self.state.storage.game(id).await else {
                continue;
            };
            let deadline = game
                .deadline_at
                .filter(|_| status_of(&game).ok() == Some(GameStatus::Active));
            let now = self.state.clock.now_ms();
            self.room(id, |room| room.ring_alarms(deadline, now));
        }
    }

    /// When the listener starts: the games in progress with bot seats are read back
    /// (their bots all gone until they come back with IAM), and in a machine-speed game
    /// those seats are ready at once, as for any bot that left.
    pub async fn resume_games(&self) {
        let ids = match self.state.storage.daide_started_games().await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!("daide: games in progress not read: {e}");
                return;
            }
        };
        for id in ids {
            self.restore(id).await;
            let absent: Vec<AccountRow> = self
                .room(id, |room| {
                    if !room.machine_speed {
                        return Vec::new();
                    }
                    room.seats
                        .values()
                        .filter(|s| s.conn.is_none())
                        .map(|s| s.account.clone())
                        .collect()
                })
                .unwrap_or_default();
            for account in absent {
                let _ = crate::service::orders::set_ready(&self.state, &account, id, true).await;
            }
        }
    }

    /// New passcodes for game `id`'s powers, one per power, each unlike those of the
    /// seats of unfinished games kept in storage for the same power token.
    async fn new_passcodes(&self, tokens: &MapTokens, powers: usize) -> Vec<i32> {
        let mut out = Vec::with_capacity(powers);
        for p in 0..powers {
            let token = tokens.power_token(PowerId(p as u8));
            let mut passcode = random_passcode();
            for _ in 0..PASSCODE_TRIES {
                let hash = passcode_hash(token, passcode);
                match self.state.storage.daide_seats_by_passcode(&hash).await {
                    Ok(rows) if !rows.is_empty() => passcode = random_passcode(),
                    _ => break,
                }
            }
            out.push(passcode);
        }
        out
    }

    /// A connection is gone: its seat goes into civil disorder (CCD to the others).
    pub async fn disconnect(&self, conn: u64) {
        let mut ready_now = Vec::new();
        {
            let mut rooms = lock(&self.rooms);
            for (id, room) in rooms.iter_mut() {
                room.clients.remove(&conn);
                room.alarms.remove(&conn);
                if let Some(entry) = room.joined.remove(&conn) {
                    room.departed.push(entry);
                }
                let mut gone = None;
                for (p, seat) in room.seats.iter_mut() {
                    if seat.conn == Some(conn) {
                        seat.conn = None;
                        gone = Some(*p);
                        if room.machine_speed {
                            ready_now.push((*id, seat.account.clone()));
                        }
                    }
                }
                if let Some(p) = gone {
                    if !room.ended {
                        let power = room.tokens.power_token(PowerId(p as u8));
                        room.broadcast(&Message::Ccd(power), None);
                    }
                }
            }
            // A finished game nobody is connected to is forgotten.
            rooms.retain(|_, r| !(r.ended && r.clients.is_empty()));
        }
        for (id, account) in ready_now {
            let _ = crate::service::orders::set_ready(&self.state, &account, id, true).await;
        }
    }

    /// Starts the DAIDE side of game `id` if the judge has started it: every joined bot
    /// gets its seat, passcode, HLO, SCO and NOW.
    pub async fn start_if_started(&self, id: i64) {
        let Ok(Some(game)) = self.state.storage.game(id).await else {
            return;
        };
        if status_of(&game).ok() == Some(GameStatus::Forming) {
            return;
        }
        let Ok(players) = self.state.storage.players(id).await else {
            return;
        };
        let Ok(session) = session_of(&game) else {
            return;
        };
        let position = session.record().game.position.clone();
        let deadline = game.deadline_at;
        let now_ms = self.state.clock.now_ms();
        let Some(tokens) = self.with_room(&game, |room| room.tokens.clone()) else {
            return;
        };
        let passcodes = self.new_passcodes(&tokens, tokens.powers().len()).await;
        let mut absent = Vec::new();
        let mut stored = Vec::new();
        // Sent once the seats are stored: a bot holding its HLO can always come back.
        let mut outgoing: Vec<(Outbox, Message)> = Vec::new();
        self.with_room(&game, |room| {
            if room.started {
                return;
            }
            let to_all = |m: &Message, outgoing: &mut Vec<(Outbox, Message)>| {
                for out in room.clients.values() {
                    outgoing.push((out.clone(), m.clone()));
                }
            };
            room.started = true;
            let mut joined: Vec<(Option<u64>, (AccountRow, String, String))> = room
                .joined
                .drain()
                .map(|(conn, entry)| (Some(conn), entry))
                .collect();
            joined.extend(room.departed.drain(..).map(|entry| (None, entry)));
            for (conn, (account, name, version)) in joined {
                let Some(power_name) = players
                    .iter()
                    .find(|p| p.account_id == account.id)
                    .and_then(|p| p.power.clone())
                else {
                    continue;
                };
                let Some(power) = room.variant.find_power(&power_name) else {
                    continue;
                };
                let passcode = passcodes
                    .get(power.index())
                    .copied()
                    .unwrap_or_else(random_passcode);
                let hash = passcode_hash(room.tokens.power_token(power), passcode);
                if conn.is_none() && room.machine_speed {
                    absent.push(account.clone());
                }
                stored.push(DaideSeatRow {
                    game_id: id,
                    power: power_name.clone(),
                    account_id: account.id,
                    passcode_hash: hash.clone(),
                    bot_name: name.clone(),
                    bot_version: version.clone(),
                });
                room.seats.insert(
                    power.index(),
                    Seat {
                        account,
                        passcode,
                        passcode_hash: hash,
                        conn,
                        orders: Vec::new(),
                        orders_phase: game.phase_no,
                        wait: false,
                        name: (name, version),
                    },
                );
                if let Some(out) = conn.and_then(|c| room.clients.get(&c)) {
                    outgoing.push((out.clone(), room.hello(power.index(), passcode)));
                } else {
                    to_all(&Message::Ccd(room.tokens.power_token(power)), &mut outgoing);
                }
            }
            to_all(
                &view::sco(&room.variant, &room.tokens, &position),
                &mut outgoing,
            );
            to_all(
                &view::now(&room.variant, &room.tokens, &position),
                &mut outgoing,
            );
            if let Some(at) = deadline {
                to_all(&Message::Tme(Some(secs_until(at, now_ms))), &mut outgoing);
            }
            room.arm_alarms(deadline, now_ms);
        });
        if !stored.is_empty() {
            if let Err(e) = self.state.storage.put_daide_seats(&stored).await {
                tracing::warn!(
                    "daide: seats of game {id} not stored (no IAM after a restart): {e}"
                );
            }
        }
        for (out, m) in outgoing {
            out.send(&m);
        }
        for account in absent {
            let _ = crate::service::orders::set_ready(&self.state, &account, id, true).await;
        }
    }

    /// Sends the results of every phase processed since the last call (ORD, SCO,
    /// NOW, TME; SLO or DRW and SMR at the end), and makes disconnected bots of a
    /// machine-speed game ready for the next phase.
    pub async fn after_processing(&self, id: i64) {
        let Some((from, started)) = self.room(id, |r| (r.phases_sent, r.started)) else {
            return;
        };
        if !started {
            return;
        }
        let Ok(Some(game)) = self.state.storage.game(id).await else {
            return;
        };
        let mut rows = Vec::new();
        for n in from..game.phase_no {
            if let Ok(Some(row)) = self.state.storage.phase(id, n).await {
                rows.push((n, row));
            }
        }
        let Ok(session) = session_of(&game) else {
            return;
        };
        let position = session.record().game.position.clone();
        let ended = game_end(&session);
        let now_ms = self.state.clock.now_ms();
        // The results are worked out before taking the hub's lock (a replay per phase).
        let Some((variant, tokens, rules)) =
            self.room(id, |r| (r.variant.clone(), r.tokens.clone(), r.rules))
        else {
            return;
        };
        let mut fall = false;
        let results: Vec<(i64, Vec<Message>)> = rows
            .iter()
            .filter_map(|(n, row)| {
                let start = Position::from_json(&variant, &row.position).ok()?;
                fall |= start.phase().season != standoff::Season::Spring;
                let lines: Vec<String> = serde_json::from_str(&row.orders).unwrap_or_default();
                Some((
                    *n,
                    view::orders_of_phase(&variant, &tokens, &rules, &start, &lines),
                ))
            })
            .collect();
        let mut ready = Vec::new();
        self.room(id, |room| {
            if room.phases_sent >= game.phase_no {
                return;
            }
            // Another call may have sent some of these phases meanwhile.
            let first_unsent = room.phases_sent;
            room.phases_sent = game.phase_no;
            for (_, messages) in results.iter().filter(|(n, _)| *n >= first_unsent) {
                for m in messages {
                    room.broadcast(m, None);
                }
            }
            if fall || ended.is_some() {
                room.broadcast(&view::sco(&room.variant, &room.tokens, &position), None);
            }
            if let Some(end) = &ended {
                room.ended = true;
                for m in end_messages(room, end, &position) {
                    room.broadcast(&m, None);
                }
            }
            room.broadcast(&view::now(&room.variant, &room.tokens, &position), None);
            if let (Some(at), None) = (game.deadline_at, &ended) {
                room.broadcast(&Message::Tme(Some(secs_until(at, now_ms))), None);
            }
            room.arm_alarms(game.deadline_at.filter(|_| ended.is_none()), now_ms);
            for seat in room.seats.values_mut() {
                seat.orders.clear();
                seat.orders_phase = game.phase_no;
                seat.wait = false;
                if room.machine_speed && seat.conn.is_none() && ended.is_none() {
                    ready.push(seat.account.clone());
                }
            }
        });
        for account in ready {
            let _ = crate::service::orders::set_ready(&self.state, &account, id, true).await;
        }
    }
}

/// Whole seconds from `now` to `at` (ms), at least 0, at most DAIDE's largest number.
pub fn secs_until(at: i64, now: i64) -> i32 {
    ((at - now).max(0) / 1000).min(8191) as i32
}

/// The ORD messages of one stored phase.
pub fn phase_orders(room: &Room, start: &Position, orders_json: &str) -> Vec<Message> {
    let lines: Vec<String> = serde_json::from_str(orders_json).unwrap_or_default();
    view::orders_of_phase(&room.variant, &room.tokens, &room.rules, start, &lines)
}

/// How the game ended, if it has: the core's end (kept in the stored game since saves
/// carry it as data), or the centre ranking for a game ended outside the rules (an
/// agreed draw, a concession) or saved before the end was kept.
pub fn game_end(session: &standoff::session::Session) -> Option<standoff::game::GameEnd> {
    if let Some(end) = session.record().game.ended.clone() {
        return Some(end);
    }
    if !session.is_over() {
        return None;
    }
    let variant = session.variant();
    let position = &session.record().game.position;
    let mut ranking: Vec<(PowerId, usize)> = (0..variant.powers.len())
        .map(|p| {
            let power = PowerId(p as u8);
            (power, variant.counted_centers(position, power))
        })
        .collect();
    ranking.sort_by_key(|r| std::cmp::Reverse(r.1));
    Some(standoff::game::GameEnd::ShortGameOver { ranking })
}

/// SLO or DRW, then SMR.
pub fn end_messages(
    room: &Room,
    end: &standoff::game::GameEnd,
    position: &Position,
) -> Vec<Message> {
    use standoff::game::GameEnd;
    let variant = &room.variant;
    let first = match end {
        GameEnd::Victory { power, .. } => Message::Slo(room.tokens.power_token(*power)),
        GameEnd::ShortGameOver { ranking } => {
            let top = ranking.first().map(|(_, c)| *c).unwrap_or(0);
            let leaders: Vec<_> = ranking.iter().filter(|(_, c)| *c == top).collect();
            if leaders.len() == 1 {
                Message::Slo(room.tokens.power_token(leaders[0].0))
            } else {
                Message::Drw(None)
            }
        }
        _ => Message::Drw(None),
    };
    let lines = (0..variant.powers.len())
        .map(|p| {
            let power = PowerId(p as u8);
            let (name, version) = room
                .seats
                .get(&p)
                .map(|s| s.name.clone())
                .unwrap_or_else(|| ("player".into(), "web".into()));
            let centres = variant.counted_centers(position, power) as i32;
            SummaryLine {
                power: room.tokens.power_token(power),
                name,
                version,
                centres,
                eliminated: (centres == 0 && position.unit_count(power) == 0)
                    .then_some(position.phase().year),
            }
        })
        .collect();
    vec![first, Message::Smr(Some((view::turn(position), lines)))]
}

/// Whether phases of this kind are played in the current position (for HLO limits).
pub fn limit_index(kind: PhaseKind) -> usize {
    match kind {
        PhaseKind::Movement => 0,
        PhaseKind::Retreat => 1,
        PhaseKind::Adjustment => 2,
    }
}
