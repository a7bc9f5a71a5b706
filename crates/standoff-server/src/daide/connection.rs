//! One DAIDE connection: the IM (within the initial timer) and RM, then every language
//! message the client sends, answered as the syntax says. Malformed frames get the
//! protocol's EM and close this connection only; malformed messages get HUH or PRN.
//! Game changes go through the service layer with the bot's account.

use super::hub::{end_messages, phase_orders, secs_until, Hub, Outbox, Seat, QUEUE};
use super::passcode::PasscodeSeat;
use super::view;
use crate::service::{bots, games, orders, press, results, session_of, settings_of, status_of};
use crate::storage::{AccountRow, GameRow};
use standoff::{PowerId, Variant};
use standoff_api::{GameStatus, JoinGame, MessageTo, SendMessage, Vote};
use standoff_daide::client::{read_frame, write_frame, ClientError};
use standoff_daide::frame::{ErrorCode, Frame, VERSION};
use standoff_daide::message::{Message, MessageError};
use standoff_daide::order::Order as DOrder;
use standoff_daide::token::names;
use standoff_daide::tree::{to_text, with_err};
use standoff_daide::{MapTokens, Token};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;
use tokio::sync::{mpsc, Notify};

/// How long a client has to send its IM.
pub const IM_TIMER: Duration = Duration::from_secs(30);
/// How long one frame may take to write before the client counts as vanished.
const WRITE_TIMEOUT: Duration = Duration::from_secs(20);

static NEXT_CONNECTION: AtomicU64 = AtomicU64::new(1);

/// Where a connection is.
enum Role {
    /// Before NME, OBS or IAM.
    Nobody,
    /// Watching game `.0`.
    Observer(i64),
    /// A bot that joined game `.0` (its seat is known once the game starts).
    Player(i64, AccountRow),
}

struct Conn {
    id: u64,
    hub: Arc<Hub>,
    out: Outbox,
    role: Role,
    /// The map announced in the RM.
    announced: Arc<MapTokens>,
    announced_variant: Arc<Variant>,
    /// The client's address (for the IAM limit).
    peer: std::net::IpAddr,
    /// An observer of a game in progress, not yet sent its position: SCO and NOW follow
    /// its YES (MAP).
    catching_up: bool,
}

/// Serves one connection until it closes.
pub async fn handle(hub: Arc<Hub>, stream: TcpStream) {
    let peer = stream
        .peer_addr()
        .map(|a| a.ip())
        .unwrap_or(std::net::IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED));
    let _ = stream.set_nodelay(true);
    let _ = socket2::SockRef::from(&stream).set_keepalive(true);
    let (mut reader, mut writer) = stream.into_split();
    let (tx, mut rx) = mpsc::channel::<Frame>(QUEUE);
    let kill = Arc::new(Notify::new());
    // The writer: frames in order, each within the write timeout; after an EM or FM the
    // connection closes.
    let writer_kill = kill.clone();
    let writer_task = tokio::spawn(async move {
        while let Some(frame) = rx.recv().await {
            let last = matches!(frame, Frame::Error(_) | Frame::Final);
            let written =
                tokio::time::timeout(WRITE_TIMEOUT, write_frame(&mut writer, &frame)).await;
            if !matches!(written, Ok(Ok(()))) || last {
                break;
            }
        }
        let _ = writer.shutdown().await;
        writer_kill.notify_one();
    });
    let id = NEXT_CONNECTION.fetch_add(1, Ordering::Relaxed);
    let out = Outbox {
        tx,
        kill: kill.clone(),
    };
    // The IM, within the initial timer.
    let first = tokio::time::timeout(IM_TIMER, read_frame(&mut reader)).await;
    let em = |code| Frame::Error(code);
    let ok = match first {
        Err(_) => Err(em(ErrorCode::ImTimerPopped)),
        Ok(Ok(Some(Frame::Initial { version }))) if version == VERSION => Ok(()),
        Ok(Ok(Some(Frame::Initial { .. }))) => Err(em(ErrorCode::VersionIncompatible)),
        Ok(Ok(Some(_))) => Err(em(ErrorCode::ImNotFirst)),
        Ok(Err(ClientError::Frame(e))) => Err(em(e.code())),
        Ok(_) => Err(Frame::Final),
    };
    if let Err(frame) = ok {
        let _ = out.tx.try_send(frame);
        drop(out);
        let _ = writer_task.await;
        return;
    }
    let Some((variant, tokens)) = offered_map(&hub).await else {
        let _ = out.tx.try_send(Frame::Final);
        drop(out);
        let _ = writer_task.await;
        return;
    };
    let _ = out
        .tx
        .try_send(Frame::Representation(tokens.representation()));
    let mut conn = Conn {
        id,
        hub: hub.clone(),
        out,
        role: Role::Nobody,
        announced: tokens,
        announced_variant: variant,
        catching_up: false,
        peer,
    };
    loop {
        let frame = tokio::select! {
            f = read_frame(&mut reader) => f,
            () = kill.notified() => break,
        };
        match frame {
            Ok(Some(Frame::Diplomacy(tokens))) => conn.message(&tokens).await,
            Ok(Some(Frame::Initial { .. })) => {
                let _ = conn.out.tx.try_send(em(ErrorCode::ImRepeated));
                break;
            }
            Ok(Some(Frame::Representation(_))) => {
                let _ = conn.out.tx.try_send(em(ErrorCode::RmFromClient));
                break;
            }
            Ok(Some(Frame::Final)) | Ok(Some(Frame::Error(_))) | Ok(None) => break,
            Err(ClientError::Frame(e)) => {
                let _ = conn.out.tx.try_send(em(e.code()));
                break;
            }
            Err(_) => break,
        }
    }
    hub.disconnect(id).await;
    drop(conn);
    let _ = writer_task.await;
}

/// The map of the game a new bot would join or watch (the oldest open DAIDE game, else
/// the oldest one in progress), or the standard map when there is none.
async fn offered_map(hub: &Hub) -> Option<(Arc<Variant>, Arc<MapTokens>)> {
    let standard = || {
        let v = standoff::variant::builtin_arc("standard").ok()?;
        let t = MapTokens::new(&v).ok()?;
        Some((v, Arc::new(t)))
    };
    let offered = match open_games(hub).await.into_iter().next() {
        Some(game) => Some(game),
        None => game_in_progress(hub).await,
    };
    if let Some(game) = offered {
        if let Ok(session) = session_of(&game) {
            let v = session.variant().clone();
            if let Ok(t) = MapTokens::new(&v) {
                return Some((v, Arc::new(t)));
            }
        }
    }
    // The standard variant is built into the core and always maps (tested there).
    standard()
}

/// Forming public games open to DAIDE bots, oldest first.
async fn open_games(hub: &Hub) -> Vec<GameRow> {
    let mut games: Vec<GameRow> = hub
        .state
        .storage
        .open_games(200)
        .await
        .unwrap_or_default()
        .into_iter()
        .filter(|g| settings_of(g).is_ok_and(|s| s.bots.daide))
        .collect();
    games.reverse();
    games
}

/// The oldest game in progress (started, not finished) with DAIDE bots: what OBS
/// watches when no game is forming.
async fn game_in_progress(hub: &Hub) -> Option<GameRow> {
    let ids = hub.state.storage.daide_started_games().await.ok()?;
    for id in ids {
        if let Ok(Some(game)) = hub.state.storage.game(id).await {
            return Some(game);
        }
    }
    None
}

impl Conn {
    fn send(&self, m: &Message) {
        self.out.send(m);
    }

    fn yes(&self, tokens: &[Token]) {
        self.send(&Message::Yes(tokens.to_vec()));
    }

    /// Takes `tokens_of_game` and `variant` as the connection's map; a different map than
    /// the RM announced gets a new RM first (Parlance 5.1).
    fn take_map(&mut self, tokens_of_game: Arc<MapTokens>, variant: Arc<Variant>) {
        if tokens_of_game.representation() != self.announced.representation() {
            let _ = self
                .out
                .tx
                .try_send(Frame::Representation(tokens_of_game.representation()));
        }
        self.announced = tokens_of_game;
        self.announced_variant = variant;
    }

    fn rej(&self, tokens: &[Token]) {
        self.send(&Message::Rej(tokens.to_vec()));
    }

    fn game_id(&self) -> Option<i64> {
        match &self.role {
            Role::Nobody => None,
            Role::Observer(id) | Role::Player(id, _) => Some(*id),
        }
    }

    async fn message(&mut self, tokens: &[Token]) {
        let m = match Message::parse(tokens) {
            Ok(m) => m,
            Err(MessageError::Brackets(_)) => {
                self.send(&Message::Prn(tokens.to_vec()));
                return;
            }
            Err(MessageError::Syntax(e)) => {
                self.send(&Message::Huh(with_err(tokens, e.at)));
                return;
            }
            Err(_) => {
                self.send(&Message::Huh(with_err(tokens, 0)));
                return;
            }
        };
        tracing::debug!("daide {}: {}", self.id, to_text(tokens));
        match m {
            Message::Nme { name, version } => self.join(tokens, name, version).await,
            Message::Obs(_) => self.observe(tokens).await,
            Message::Iam { power, passcode } => self.rejoin(tokens, power, passcode).await,
            Message::Map(None) => match self.game_id() {
                Some(_) => self.send(&Message::Map(Some(self.announced.map_name.clone()))),
                None => self.rej(tokens),
            },
            Message::Mdf(None) => {
                let mdf = self.announced.map_definition(&self.announced_variant);
                self.send(&Message::Mdf(Some(Box::new(mdf))));
            }
            Message::Yes(inner) if inner.first() == Some(&names::MAP) => self.map_accepted().await,
            Message::Yes(_) | Message::Rej(_) | Message::Huh(_) | Message::Prn(_) => {}
            Message::Hlo(None) => self.hlo(tokens),
            Message::Sco(None) | Message::Now(None) => self.position(tokens, &m).await,
            Message::Hst(turn) => self.history(tokens, turn).await,
            Message::Ord(None) => self.last_orders(tokens).await,
            Message::Sub { turn, orders } => self.submit(tokens, turn, orders).await,
            Message::NotSub(order) => self.cancel(tokens, order).await,
            Message::Mis(None) => self.missing(tokens).await,
            Message::Gof => self.go(tokens, true).await,
            Message::NotGof => self.go(tokens, false).await,
            Message::Tme(None) => self.time(tokens).await,
            Message::Tme(Some(seconds)) => self.ask_time(tokens, seconds).await,
            Message::NotTme(seconds) => self.cancel_time(tokens, seconds),
            Message::Adm { .. } => self.admin(tokens, &m),
            Message::Drw(None) => self.draw(tokens, true).await,
            Message::NotDrw(None) => self.draw(tokens, false).await,
            Message::Drw(Some(_)) | Message::NotDrw(Some(_)) => self.rej(tokens),
            Message::Smr(None) => self.summary(tokens).await,
            Message::Snd { turn, to, press } => self.press(tokens, turn, to, press).await,
            // Server messages are not the client's to send.
            _ => self.send(&Message::Huh(with_err(tokens, 0))),
        }
    }

    /// ADM: relayed unchanged to every other client of this game (syntax document,
    /// "Admin Messages": the server may forward it to every client). A connection in
    /// no game yet has nobody to tell: REJ.
    fn admin(&self, tokens: &[Token], m: &Message) {
        let Some(id) = self.game_id() else {
            return self.rej(tokens);
        };
        let conn = self.id;
        let relayed = self.hub.room(id, |room| room.broadcast(m, Some(conn)));
        if relayed.is_none() {
            self.rej(tokens);
        }
    }

    async fn join(&mut self, tokens: &[Token], name: String, version: String) {
        if !matches!(self.role, Role::Nobody) {
            return self.rej(tokens);
        }
        let hub = self.hub.clone();
        let _one_at_a_time = hub.joining.lock().await;
        let state = &self.hub.state;
        for game in open_games(&self.hub).await {
            let same_map = session_of(&game)
                .map(|s| s.variant().name == self.announced_variant.name)
                .unwrap_or(false);
            if !same_map {
                continue;
            }
            let username = format!(
                "daide-{}-{}",
                game.id,
                crate::http::auth::new_token()
                    .chars()
                    .take(10)
                    .collect::<String>()
            );
            let Ok(account) = state
                .storage
                .create_account(&username, "!daide-bot", None, None, state.clock.now_ms())
                .await
            else {
                continue;
            };
            let request = JoinGame {
                preferences: None,
                invite: None,
            };
            if games::join(state, &account, game.id, request)
                .await
                .is_err()
            {
                continue;
            }
            let out = self.out.clone();
            let conn = self.id;
            let entry = (account.clone(), name.clone(), version.clone());
            self.hub.with_room(&game, |room| {
                room.clients.insert(conn, out);
                room.joined.insert(conn, entry);
            });
            self.role = Role::Player(game.id, account);
            self.yes(tokens);
            self.send(&Message::Map(Some(self.announced.map_name.clone())));
            self.hub.start_if_started(game.id).await;
            return;
        }
        self.rej(tokens);
    }

    async fn observe(&mut self, tokens: &[Token]) {
        if !matches!(self.role, Role::Nobody) {
            return self.rej(tokens);
        }
        if let Some(game) = open_games(&self.hub).await.into_iter().next() {
            let out = self.out.clone();
            let conn = self.id;
            self.hub.with_room(&game, |room| {
                room.clients.insert(conn, out);
            });
            self.role = Role::Observer(game.id);
            self.yes(tokens);
            self.send(&Message::Map(Some(self.announced.map_name.clone())));
            return;
        }
        // No game forming: watch the oldest one in progress from its current turn on.
        let Some(game) = game_in_progress(&self.hub).await else {
            return self.rej(tokens);
        };
        self.hub.restore(game.id).await;
        let out = self.out.clone();
        let conn = self.id;
        let joined = self.hub.room(game.id, |room| {
            room.clients.insert(conn, out);
            (room.tokens.clone(), room.variant.clone())
        });
        let Some((tokens_of_game, variant)) = joined else {
            return self.rej(tokens);
        };
        self.take_map(tokens_of_game, variant);
        self.role = Role::Observer(game.id);
        self.catching_up = true;
        self.yes(tokens);
        self.send(&Message::Map(Some(self.announced.map_name.clone())));
    }

    /// YES (MAP ...) from an observer of a game in progress: its current SCO, NOW and
    /// TME (a forming game's observers get them when it starts).
    async fn map_accepted(&mut self) {
        if !std::mem::take(&mut self.catching_up) {
            return;
        }
        let Some((game, session)) = self.game().await else {
            return;
        };
        let position = &session.record().game.position;
        let (v, t) = (&self.announced_variant, &self.announced);
        self.send(&view::sco(v, t, position));
        self.send(&view::now(v, t, position));
        if let Some(at) = game
            .deadline_at
            .filter(|_| status_of(&game).ok() == Some(GameStatus::Active))
        {
            self.send(&Message::Tme(Some(secs_until(
                at,
                self.hub.state.clock.now_ms(),
            ))));
        }
    }

    async fn rejoin(&mut self, tokens: &[Token], power: Token, passcode: i32) {
        if !matches!(self.role, Role::Nobody) {
            return self.rej(tokens);
        }
        // Wrong passcodes are limited per power and address, like sign-ins.
        let key = format!("daide-iam:{:04x}", power.0);
        let now = self.hub.state.clock.now_ms();
        if !self.hub.iam_limit.allowed(&key, self.peer, now) {
            return self.rej(tokens);
        }
        let (id, p) = match self.hub.seat_for_passcode(power, passcode).await {
            PasscodeSeat::Free(id, p) => (id, p),
            PasscodeSeat::Taken => return self.rej(tokens),
            PasscodeSeat::Unknown => {
                self.hub.iam_limit.failed(&key, self.peer, now);
                return self.rej(tokens);
            }
        };
        self.hub.iam_limit.succeeded(&key, self.peer);
        let out = self.out.clone();
        let conn = self.id;
        let taken = self.hub.room(id, |room| {
            let seat = room.seats.get_mut(&p)?;
            if seat.conn.is_some() {
                return None;
            }
            seat.conn = Some(conn);
            // A seat read back from storage learns its passcode again (for HLO).
            seat.passcode = passcode;
            let account = seat.account.clone();
            room.clients.insert(conn, out.clone());
            let tokens = room.tokens.clone();
            let variant = room.variant.clone();
            room.broadcast(&Message::NotCcd(power), Some(conn));
            Some((account, tokens, variant))
        });
        let Some((account, tokens_of_game, variant)) = taken.flatten() else {
            return self.rej(tokens);
        };
        self.take_map(tokens_of_game, variant);
        self.role = Role::Player(id, account.clone());
        self.yes(tokens);
        // Back in the game: not ready until it orders again (unless the game is at
        // machine speed, where its last orders stand).
        let _ = orders::set_ready(&self.hub.state, &account, id, false).await;
    }

    /// The game, its session and (for a player in a started game) the seat's power.
    async fn game(&self) -> Option<(GameRow, standoff::session::Session)> {
        let id = self.game_id()?;
        let game = self.hub.state.storage.game(id).await.ok()??;
        let session = session_of(&game).ok()?;
        Some((game, session))
    }

    fn my_power(&self) -> Option<usize> {
        let Role::Player(id, _) = &self.role else {
            return None;
        };
        self.hub
            .room(*id, |room| room.seat_of(self.id).map(|(p, _)| p))
            .flatten()
    }

    fn hlo(&self, tokens: &[Token]) {
        let Some(id) = self.game_id() else {
            return self.rej(tokens);
        };
        let hello = self.hub.room(id, |room| {
            let (p, seat) = room.seat_of(self.id)?;
            Some(room.hello(p, seat.passcode))
        });
        match hello.flatten() {
            Some(h) => self.send(&h),
            None => self.rej(tokens),
        }
    }

    async fn position(&self, tokens: &[Token], m: &Message) {
        let position = match self.game().await {
            Some((_, s)) => s.record().game.position.clone(),
            None => standoff::Position::initial(&self.announced_variant),
        };
        let (v, t) = (&self.announced_variant, &self.announced);
        let _ = tokens;
        match m {
            Message::Sco(_) => self.send(&view::sco(v, t, &position)),
            _ => self.send(&view::now(v, t, &position)),
        }
    }

    async fn history(&self, tokens: &[Token], turn: Option<standoff_daide::order::Turn>) {
        let (v, t) = (self.announced_variant.clone(), self.announced.clone());
        let Some(turn) = turn else {
            let start = standoff::Position::initial(&v);
            self.send(&view::sco(&v, &t, &start));
            self.send(&view::now(&v, &t, &start));
            return;
        };
        let Some((game, session)) = self.game().await else {
            return self.rej(tokens);
        };
        let Ok(phases) = self.hub.state.storage.phases(game.id).await else {
            return self.rej(tokens);
        };
        let starts: Vec<standoff::Position> = phases
            .iter()
            .filter_map(|row| standoff::Position::from_json(&v, &row.position).ok())
            .collect();
        let Some(i) = starts.iter().position(|p| view::turn(p) == turn) else {
            return self.rej(tokens);
        };
        let after = starts
            .get(i + 1)
            .cloned()
            .unwrap_or_else(|| session.record().game.position.clone());
        let messages = self.hub.room(game.id, |room| {
            phase_orders(room, &starts[i], &phases[i].orders)
        });
        for m in messages.unwrap_or_default() {
            self.send(&m);
        }
        self.send(&view::sco(&v, &t, &after));
        self.send(&view::now(&v, &t, &after));
    }

    async fn last_orders(&self, tokens: &[Token]) {
        let Some((game, _)) = self.game().await else {
            return self.rej(tokens);
        };
        if game.phase_no == 0 {
            return self.rej(tokens);
        }
        let Ok(Some(row)) = self
            .hub
            .state
            .storage
            .phase(game.id, game.phase_no - 1)
            .await
        else {
            return self.rej(tokens);
        };
        let v = self.announced_variant.clone();
        let Ok(start) = standoff::Position::from_json(&v, &row.position) else {
            return self.rej(tokens);
        };
        let messages = self
            .hub
            .room(game.id, |room| phase_orders(room, &start, &row.orders));
        for m in messages.unwrap_or_default() {
            self.send(&m);
        }
    }

    /// The started game, the seat's power and account, or REJ.
    async fn playing(
        &self,
        tokens: &[Token],
    ) -> Option<(GameRow, standoff::session::Session, usize, AccountRow)> {
        let Role::Player(_, account) = &self.role else {
            self.rej(tokens);
            return None;
        };
        let account = account.clone();
        let Some(p) = self.my_power() else {
            self.rej(tokens);
            return None;
        };
        let Some((game, session)) = self.game().await else {
            self.rej(tokens);
            return None;
        };
        if status_of(&game).ok() != Some(GameStatus::Active) || session.is_over() {
            self.rej(tokens);
            return None;
        }
        Some((game, session, p, account))
    }

    /// The seat's current orders (cleared when the phase has moved on).
    fn seat_orders(&self, id: i64, p: usize, phase_no: i64) -> (Vec<DOrder>, bool) {
        self.hub
            .room(id, |room| {
                room.seats.get_mut(&p).map(|s: &mut Seat| {
                    if s.orders_phase != phase_no {
                        s.orders.clear();
                        s.orders_phase = phase_no;
                        s.wait = false;
                    }
                    (s.orders.clone(), s.wait)
                })
            })
            .flatten()
            .unwrap_or_default()
    }

    fn order_lines(&self, list: &[DOrder]) -> Vec<String> {
        let v = &self.announced_variant;
        list.iter()
            .filter_map(|o| self.announced.order(v, o))
            .map(|o| standoff::session::canonical(v, &o))
            .collect()
    }

    /// Stores the seat's orders with the judge; ready when complete (GOF assumed).
    async fn store(
        &self,
        game: &GameRow,
        session: &standoff::session::Session,
        p: usize,
        account: &AccountRow,
        list: Vec<DOrder>,
        wait: bool,
    ) -> Message {
        let lines = self.order_lines(&list);
        let state = &self.hub.state;
        let position = &session.record().game.position;
        let mis = view::missing(
            &self.announced_variant,
            &self.announced,
            position,
            PowerId(p as u8),
            &list,
        );
        self.hub.room(game.id, |room| {
            if let Some(s) = room.seats.get_mut(&p) {
                s.orders = list;
                s.orders_phase = game.phase_no;
            }
        });
        let complete = mis == Message::Mis(None);
        let ready = complete && !wait;
        let permit = self.hub.writes.acquire().await;
        let stored = bots::submit_ready(state, account, game.id, lines, ready, game.phase_no).await;
        drop(permit);
        if let Err(e) = stored {
            tracing::debug!("daide {}: orders not stored: {e}", self.id);
        }
        mis
    }

    async fn submit(
        &mut self,
        tokens: &[Token],
        turn: Option<standoff_daide::order::Turn>,
        new: Vec<DOrder>,
    ) {
        let Some((game, mut session, p, account)) = self.playing(tokens).await else {
            return;
        };
        let position = session.record().game.position.clone();
        if turn.is_some_and(|t| t != view::turn(&position)) {
            return self.rej(tokens);
        }
        let (mut list, wait) = self.seat_orders(game.id, p, game.phase_no);
        let power = PowerId(p as u8);
        let v = self.announced_variant.clone();
        let count = view::adjustment_count(&v, &position, power);
        let mut replies = Vec::new();
        // The core checks all new orders at once; each line's check goes with its order.
        let lines: Vec<Option<String>> = new
            .iter()
            .map(|o| {
                self.announced
                    .order(&v, o)
                    .map(|core| standoff::session::canonical(&v, &core))
            })
            .collect();
        let readable: Vec<String> = lines.iter().flatten().cloned().collect();
        let mut checks = session
            .submit(power, &readable)
            .unwrap_or_default()
            .into_iter();
        for (order, line) in new.into_iter().zip(lines) {
            let check = line.and_then(|_| checks.next());
            let mut note = view::note(
                &v,
                &self.announced,
                &position,
                power,
                &order,
                check.as_ref(),
            );
            let adjusting = matches!(
                order,
                DOrder::Build(_) | DOrder::Waive(_) | DOrder::Remove(_)
            );
            if note == names::MBV && adjusting {
                let done = list.len() as i32;
                if count > 0 && (matches!(order, DOrder::Remove(_)) || done >= count) {
                    note = names::NMB;
                } else if count < 0 && (!matches!(order, DOrder::Remove(_)) || done >= -count) {
                    note = names::NMR;
                } else if matches!(order, DOrder::Build(_)) && list.contains(&order) {
                    note = names::ESC;
                }
            }
            if note == names::MBV {
                if let Some(u) = order.unit().filter(|_| !adjusting) {
                    list.retain(|o| o.unit() != Some(u));
                }
                list.push(order.clone());
            }
            replies.push(Message::Thx { order, note });
        }
        for r in &replies {
            self.send(r);
        }
        let mis = self.store(&game, &session, p, &account, list, wait).await;
        if mis != Message::Mis(None) {
            self.send(&mis);
        }
    }

    async fn cancel(&mut self, tokens: &[Token], order: Option<DOrder>) {
        let Some((game, session, p, account)) = self.playing(tokens).await else {
            return;
        };
        let (mut list, wait) = self.seat_orders(game.id, p, game.phase_no);
        match &order {
            None => list.clear(),
            Some(o) => {
                let before = list.len();
                list.retain(|x| x != o);
                if list.len() == before {
                    return self.rej(tokens);
                }
            }
        }
        self.store(&game, &session, p, &account, list, wait).await;
        self.yes(tokens);
    }

    async fn missing(&self, tokens: &[Token]) {
        let Some((game, session, p, _)) = self.playing(tokens).await else {
            return;
        };
        let (list, _) = self.seat_orders(game.id, p, game.phase_no);
        let position = &session.record().game.position;
        self.send(&view::missing(
            &self.announced_variant,
            &self.announced,
            position,
            PowerId(p as u8),
            &list,
        ));
    }

    async fn go(&self, tokens: &[Token], go: bool) {
        let Some((game, session, p, account)) = self.playing(tokens).await else {
            return;
        };
        let (list, _) = self.seat_orders(game.id, p, game.phase_no);
        self.hub.room(game.id, |room| {
            if let Some(s) = room.seats.get_mut(&p) {
                s.wait = !go;
            }
        });
        self.yes(tokens);
        let mis = self.store(&game, &session, p, &account, list, !go).await;
        if go && mis != Message::Mis(None) {
            self.send(&mis);
        }
    }

    async fn time(&self, tokens: &[Token]) {
        match self.game().await.and_then(|(g, _)| g.deadline_at) {
            Some(at) => self.send(&Message::Tme(Some(secs_until(
                at,
                self.hub.state.clock.now_ms(),
            )))),
            None => self.rej(tokens),
        }
    }

    /// `TME (seconds)`: a TME notice that many seconds before every deadline. Refused
    /// when negative, longer than the game's longest turn, or the game has no deadlines
    /// (or the connection no game).
    async fn ask_time(&self, tokens: &[Token], seconds: i32) {
        let Some((game, _)) = self.game().await else {
            return self.rej(tokens);
        };
        let now = self.hub.state.clock.now_ms();
        let deadline = game
            .deadline_at
            .filter(|_| status_of(&game).ok() == Some(GameStatus::Active));
        let conn = self.id;
        let accepted = self.hub.with_room(&game, |room| {
            let longest = room.longest_limit()?;
            if seconds < 0 || seconds > longest {
                return None;
            }
            room.alarms
                .entry(conn)
                .or_default()
                .request(seconds, deadline, now);
            Some(())
        });
        match accepted.flatten() {
            Some(()) => self.yes(tokens),
            None => self.rej(tokens),
        }
    }

    /// `NOT (TME (seconds))` cancels that request, `NOT (TME)` all of this connection's.
    fn cancel_time(&self, tokens: &[Token], seconds: Option<i32>) {
        let Some(id) = self.game_id() else {
            return self.rej(tokens);
        };
        let conn = self.id;
        let cancelled = self.hub.room(id, |room| match seconds {
            None => {
                room.alarms.remove(&conn);
                true
            }
            Some(n) => room
                .alarms
                .get_mut(&conn)
                .is_some_and(|a| a.requested.remove(&n)),
        });
        if cancelled == Some(true) {
            self.yes(tokens);
        } else {
            self.rej(tokens);
        }
    }

    async fn draw(&self, tokens: &[Token], draw: bool) {
        let Some((game, _, _, account)) = self.playing(tokens).await else {
            return;
        };
        let vote = Vote {
            draw: Some(draw),
            concede_to: None,
        };
        match results::vote(&self.hub.state, &account, game.id, vote).await {
            Ok(_) => {
                self.yes(tokens);
                // A draw agreed now ends the game: tell every connection.
                self.hub.after_processing(game.id).await;
                self.announce_end(game.id).await;
            }
            Err(_) => self.rej(tokens),
        }
    }

    /// SLO/DRW and SMR to everyone once the game is over by agreement.
    async fn announce_end(&self, id: i64) {
        let Ok(Some(game)) = self.hub.state.storage.game(id).await else {
            return;
        };
        if status_of(&game).ok() != Some(GameStatus::Finished) {
            return;
        }
        let Ok(session) = session_of(&game) else {
            return;
        };
        let position = session.record().game.position.clone();
        self.hub.room(id, |room| {
            if room.ended {
                return;
            }
            room.ended = true;
            // Ended by the players' votes (a draw): DRW, then SMR.
            let mut messages = match session.record().game.ended.clone() {
                Some(end) => end_messages(room, &end, &position),
                None => vec![Message::Drw(None)],
            };
            if messages.len() == 1 {
                if let Some(smr) = end_messages(
                    room,
                    &standoff::game::GameEnd::ShortGameOver {
                        ranking: Vec::new(),
                    },
                    &position,
                )
                .pop()
                {
                    messages.push(smr);
                }
            }
            for m in &messages {
                room.broadcast(m, None);
            }
        });
    }

    async fn summary(&self, tokens: &[Token]) {
        let Some((game, session)) = self.game().await else {
            return self.rej(tokens);
        };
        let Some(end) = super::hub::game_end(&session) else {
            return self.rej(tokens);
        };
        let position = session.record().game.position.clone();
        let messages = self
            .hub
            .room(game.id, |room| end_messages(room, &end, &position));
        for m in messages.unwrap_or_default() {
            self.send(&m);
        }
    }

    async fn press(
        &self,
        tokens: &[Token],
        turn: Option<standoff_daide::order::Turn>,
        to: Vec<Token>,
        body: Vec<Token>,
    ) {
        let level = self
            .game_id()
            .and_then(|id| self.hub.room(id, |r| r.level))
            .unwrap_or(0);
        if level < 10 {
            // Press is above this game's level: the syntax's answer is HUH.
            return self.send(&Message::Huh(with_err(tokens, 0)));
        }
        let Some((game, session, p, account)) = self.playing(tokens).await else {
            return;
        };
        if turn.is_some_and(|t| t != view::turn(&session.record().game.position)) {
            return self.rej(tokens);
        }
        let me = self.announced.power_token(PowerId(p as u8));
        if to.contains(&me) || to.iter().any(|t| self.announced.power(*t).is_none()) {
            return self.rej(tokens);
        }
        // Every recipient must be able to read it: a bot gone is CCD, an eliminated
        // power is OUT; then nobody gets it.
        let position = &session.record().game.position;
        let v = &self.announced_variant;
        for t in &to {
            let Some(power) = self.announced.power(*t) else {
                continue;
            };
            if position.unit_count(power) == 0 && v.counted_centers(position, power) == 0 {
                return self.send(&Message::Out(*t, tokens.to_vec()));
            }
            let gone = self
                .hub
                .room(game.id, |room| {
                    room.seats
                        .get(&power.index())
                        .is_some_and(|s| s.conn.is_none())
                })
                .unwrap_or(false);
            if gone {
                let mut reply = vec![names::CCD, names::BRA, *t, names::KET, names::BRA];
                reply.extend_from_slice(tokens);
                reply.push(names::KET);
                return self.send_raw(reply);
            }
        }
        let frm = Message::Frm {
            from: me,
            to: to.clone(),
            press: body.clone(),
        };
        let mut people = Vec::new();
        self.hub.room(game.id, |room| {
            for t in &to {
                let Some(power) = room.tokens.power(*t) else {
                    continue;
                };
                match room.seats.get(&power.index()).and_then(|s| s.conn) {
                    Some(conn) => {
                        if let Some(out) = room.clients.get(&conn) {
                            out.send(&frm);
                        }
                    }
                    None => people.push(room.variant.power_name(power).to_string()),
                }
            }
        });
        if !people.is_empty() {
            // People read bot press as the tokens' text on the web page.
            let request = SendMessage {
                to: MessageTo::Powers(people),
                body: to_text(&body),
            };
            if press::send(&self.hub.state, &account, game.id, request)
                .await
                .is_err()
            {
                return self.rej(tokens);
            }
        }
        self.yes(tokens);
    }

    fn send_raw(&self, tokens: Vec<Token>) {
        let _ = self.out.tx.try_send(Frame::Diplomacy(tokens));
    }
}
