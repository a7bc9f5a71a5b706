//! A random player: the smallest bot that plays a whole game over DAIDE. It reads the
//! map from MDF and the board from SCO and NOW, and orders at random — a hold or a move
//! to a neighbouring province, a random retreat, builds on free home centres, removals
//! — falling back to a hold, disband or waive when the server refuses an order. Pure:
//! messages in, replies out; [`play`] runs it on a [`Client`].

use crate::client::{Client, ClientError};
use crate::message::{MapDefinition, Message, UnitState};
use crate::order::{Loc, Order, Season, Turn, Unit, UnitType};
use crate::token::{names, Token};
use std::time::{Duration, Instant};

/// A random player's state.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: u64,
    /// The map.
    pub map: Option<MapDefinition>,
    /// The power played.
    pub power: Option<Token>,
    /// HLO's passcode.
    pub passcode: Option<i32>,
    /// The last centre ownership.
    pub centres: Vec<(Token, Vec<Token>)>,
    /// The current turn and units.
    pub now: Option<(Turn, Vec<UnitState>)>,
    /// NOW messages received.
    pub turns_seen: usize,
    /// Turns seen by season (SPR, SUM, FAL, AUT, WIN).
    pub seasons_seen: [usize; 5],
    /// ORD lines received.
    pub results_seen: usize,
    /// SLO or DRW received.
    pub ended: Option<Message>,
    /// THX notes other than MBV received.
    pub refused: usize,
}

impl RandomPlayer {
    /// A player drawing from `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1,
            map: None,
            power: None,
            passcode: None,
            centres: Vec::new(),
            now: None,
            turns_seen: 0,
            seasons_seen: [0; 5],
            results_seen: 0,
            ended: None,
            refused: 0,
        }
    }

    fn next(&mut self, below: usize) -> usize {
        // xorshift64
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        if below == 0 {
            0
        } else {
            (self.rng % below as u64) as usize
        }
    }

    /// The replies to one message from the server.
    pub fn on_message(&mut self, m: &Message) -> Vec<Message> {
        match m {
            Message::Map(Some(_)) => vec![Message::Mdf(None)],
            Message::Mdf(Some(map)) => {
                self.map = Some((**map).clone());
                Vec::new()
            }
            Message::Hlo(Some(h)) => {
                self.power = Some(h.power);
                self.passcode = Some(h.passcode);
                Vec::new()
            }
            Message::Sco(Some(c)) => {
                self.centres = c.clone();
                Vec::new()
            }
            Message::Ord(Some(_)) => {
                self.results_seen += 1;
                Vec::new()
            }
            Message::Now(Some((turn, units))) => {
                self.now = Some((*turn, units.clone()));
                self.turns_seen += 1;
                let season = match turn.season {
                    Season::Spr => 0,
                    Season::Sum => 1,
                    Season::Fal => 2,
                    Season::Aut => 3,
                    Season::Win => 4,
                };
                self.seasons_seen[season] += 1;
                if self.ended.is_some() {
                    return Vec::new();
                }
                let orders = self.orders();
                if orders.is_empty() {
                    Vec::new()
                } else {
                    vec![Message::Sub {
                        turn: Some(*turn),
                        orders,
                    }]
                }
            }
            Message::Thx { order, note } if *note != names::MBV => {
                self.refused += 1;
                let fallback = match order {
                    Order::Hold(_) | Order::Disband(_) | Order::Waive(_) => None,
                    Order::Retreat(u, _) => Some(Order::Disband(*u)),
                    Order::Build(_) => self.power.map(Order::Waive),
                    Order::Remove(_) => None,
                    other => other.unit().map(|u| Order::Hold(*u)),
                };
                fallback
                    .map(|o| {
                        vec![Message::Sub {
                            turn: None,
                            orders: vec![o],
                        }]
                    })
                    .unwrap_or_default()
            }
            // Still missing after the orders: waive, disband or hold what is left.
            Message::Mis(Some(missing)) if self.ended.is_none() => {
                let orders: Vec<Order> = match missing {
                    crate::message::Missing::Adjustments(n) if *n < 0 => self
                        .power
                        .map(|p| vec![Order::Waive(p); n.unsigned_abs() as usize])
                        .unwrap_or_default(),
                    crate::message::Missing::Adjustments(_) => Vec::new(),
                    crate::message::Missing::Units(units) => units
                        .iter()
                        .map(|u| match u.retreats {
                            Some(_) => Order::Disband(u.unit),
                            None => Order::Hold(u.unit),
                        })
                        .collect(),
                };
                if orders.is_empty() {
                    Vec::new()
                } else {
                    vec![Message::Sub { turn: None, orders }]
                }
            }
            Message::Slo(_) | Message::Drw(_) => {
                self.ended = Some(m.clone());
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    fn neighbours(&self, unit: &Unit) -> Vec<Loc> {
        let Some(map) = &self.map else {
            return Vec::new();
        };
        map.adjacencies
            .iter()
            .find(|(p, _)| *p == unit.loc.province)
            .and_then(|(_, lists)| {
                lists
                    .iter()
                    .find(|l| l.kind == unit.kind && l.coast == unit.loc.coast)
            })
            .map(|l| l.to.clone())
            .unwrap_or_default()
    }

    /// Orders for the current turn.
    pub fn orders(&mut self) -> Vec<Order> {
        let (Some(power), Some((turn, units))) = (self.power, self.now.clone()) else {
            return Vec::new();
        };
        let mine: Vec<&UnitState> = units.iter().filter(|u| u.unit.power == power).collect();
        let mut out = Vec::new();
        match turn.season {
            Season::Spr | Season::Fal => {
                // A supported attack on a neighbour where two units can reach it.
                let board: Vec<Unit> = mine
                    .iter()
                    .filter(|u| u.retreats.is_none())
                    .map(|u| u.unit)
                    .collect();
                let mut busy: Vec<Unit> = Vec::new();
                for enemy in units
                    .iter()
                    .filter(|u| u.unit.power != power && u.retreats.is_none())
                {
                    let target = enemy.unit.loc.province;
                    let reach: Vec<(Unit, Loc)> = board
                        .iter()
                        .filter(|u| !busy.contains(u))
                        .filter_map(|u| {
                            self.neighbours(u)
                                .into_iter()
                                .find(|l| l.province == target)
                                .map(|l| (*u, l))
                        })
                        .collect();
                    if reach.len() >= 2 && self.next(10) < 7 {
                        let (attacker, to) = reach[0];
                        let (helper, _) = reach[1];
                        out.push(Order::Move(attacker, to));
                        out.push(Order::SupportMove(helper, attacker, target));
                        busy.push(attacker);
                        busy.push(helper);
                    }
                }
                for u in mine
                    .iter()
                    .filter(|u| u.retreats.is_none() && !busy.contains(&u.unit))
                {
                    let to = self.neighbours(&u.unit);
                    if to.is_empty() || self.next(10) < 3 {
                        out.push(Order::Hold(u.unit));
                    } else {
                        let pick = self.next(to.len());
                        out.push(Order::Move(u.unit, to[pick]));
                    }
                }
            }
            Season::Sum | Season::Aut => {
                for u in &mine {
                    if let Some(options) = &u.retreats {
                        if options.is_empty() || self.next(10) == 0 {
                            out.push(Order::Disband(u.unit));
                        } else {
                            let pick = self.next(options.len());
                            out.push(Order::Retreat(u.unit, options[pick]));
                        }
                    }
                }
            }
            Season::Win => {
                let owned: Vec<Token> = self
                    .centres
                    .iter()
                    .find(|(p, _)| *p == power)
                    .map(|(_, c)| c.clone())
                    .unwrap_or_default();
                let on_board: Vec<&UnitState> = mine
                    .iter()
                    .copied()
                    .filter(|u| u.retreats.is_none())
                    .collect();
                let count = owned.len() as i64 - on_board.len() as i64;
                if count > 0 {
                    let homes: Vec<Token> = self
                        .map
                        .iter()
                        .flat_map(|m| m.centres.iter())
                        .filter(|(owners, _)| owners.contains(&power))
                        .flat_map(|(_, list)| list.iter().copied())
                        .filter(|c| owned.contains(c))
                        .filter(|c| !units.iter().any(|u| u.unit.loc.province == *c))
                        .collect();
                    for c in homes.iter().take(count as usize) {
                        out.push(Order::Build(Unit {
                            power,
                            kind: UnitType::Army,
                            loc: Loc {
                                province: *c,
                                coast: None,
                            },
                        }));
                    }
                    for _ in homes.len().min(count as usize)..count as usize {
                        out.push(Order::Waive(power));
                    }
                } else if count < 0 {
                    let mut pool: Vec<Unit> = on_board.iter().map(|u| u.unit).collect();
                    for _ in 0..(-count) {
                        if pool.is_empty() {
                            break;
                        }
                        let pick = self.next(pool.len());
                        out.push(Order::Remove(pool.swap_remove(pick)));
                    }
                }
            }
        }
        out
    }
}

/// How a game played by [`play`] went.
#[derive(Clone, Debug)]
pub struct Played {
    /// The player at the end.
    pub player: RandomPlayer,
    /// Messages received.
    pub messages: usize,
}

/// Joins with NME and plays randomly until SLO or DRW, at most `max_messages` messages
/// and `max_time` in all.
pub async fn play(
    mut client: Client,
    seed: u64,
    max_messages: usize,
    max_time: Duration,
) -> Result<Played, ClientError> {
    client
        .send(&Message::Nme {
            name: "standoff-random".into(),
            version: "1".into(),
        })
        .await?;
    play_on(client, RandomPlayer::new(seed), max_messages, max_time).await
}

/// Plays `player` on a client that has already sent NME (and perhaps read some
/// messages, handed to `player`), until SLO or DRW, at most `max_messages` messages and
/// `max_time` in all.
pub async fn play_on(
    mut client: Client,
    mut player: RandomPlayer,
    max_messages: usize,
    max_time: Duration,
) -> Result<Played, ClientError> {
    let started = Instant::now();
    let mut messages = 0;
    while messages < max_messages && player.ended.is_none() {
        let left = max_time.saturating_sub(started.elapsed());
        if left.is_zero() {
            return Err(ClientError::Timeout(max_time));
        }
        let m = client.message(left).await?;
        messages += 1;
        if let Message::Rej(inner) = &m {
            if inner.first() == Some(&names::NME) {
                return Err(ClientError::Unexpected("REJ (NME): no open game".into()));
            }
        }
        for reply in player.on_message(&m) {
            client.send(&reply).await?;
        }
    }
    Ok(Played { player, messages })
}
