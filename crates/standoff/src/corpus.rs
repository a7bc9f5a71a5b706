//! Seeded random games for benchmarks and tests: positions and orders drawn from the
//! legal-order generator, biased so supports and convoys are common.
//!
//! Deterministic for a seed (a small xorshift generator, no global state).

use crate::adjudicate::adjustment_counts;
use crate::game::Game;
use crate::ids::ProvinceId;
use crate::legal::{power_adjustment_orders, unit_movement_orders, unit_retreat_orders};
use crate::map::Map;
use crate::order::{Order, OrderKind};
use crate::phase::PhaseKind;
use crate::position::Position;
use crate::variant::Variant;
use crate::PowerId;

/// A small deterministic random generator (xorshift64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed` (any value, zero included).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }
}

fn pick(options: &[Order], rng: &mut Rng, want: impl Fn(&Order) -> bool) -> Option<Order> {
    let count = options.iter().filter(|o| want(o)).count();
    if count == 0 {
        return None;
    }
    options
        .iter()
        .filter(|o| want(o))
        .nth(rng.below(count))
        .cloned()
}

/// Up to `count` of one power's adjustment `options`, at most one for a province
/// (waives may repeat): orders the judge follows every one of.
fn pick_adjustments(map: &Map, options: &[Order], count: usize, rng: &mut Rng) -> Vec<Order> {
    let province = |o: &Order| o.kind.unit().map(|u| map.province_of(u.location));
    let mut chosen: Vec<Order> = Vec::new();
    let mut taken: Vec<ProvinceId> = Vec::new();
    for _ in 0..count {
        let free = |o: &Order| province(o).is_none_or(|p| !taken.contains(&p));
        let Some(order) = pick(options, rng, free) else {
            break;
        };
        taken.extend(province(&order));
        chosen.push(order);
    }
    chosen
}

/// Random legal orders for the current phase: about a third supports, a sixth convoys
/// or convoyed moves where possible, most of the rest moves; a unit is sometimes left
/// without orders; in adjustments, each power's builds or removals due (now and then
/// fewer), no two for one province.
pub fn random_orders(variant: &Variant, position: &Position, rng: &mut Rng) -> Vec<Order> {
    let map = &variant.map;
    let mut orders = Vec::new();
    match position.phase.kind {
        PhaseKind::Movement => {
            for (p, _) in position.units() {
                if rng.below(20) == 0 {
                    continue;
                }
                let options = unit_movement_orders(variant, position, p);
                let roll = rng.below(100);
                let chosen = if roll < 35 {
                    pick(&options, rng, |o| {
                        matches!(
                            o.kind,
                            OrderKind::SupportMove { .. } | OrderKind::SupportHold { .. }
                        )
                    })
                } else if roll < 50 {
                    pick(&options, rng, |o| {
                        matches!(
                            o.kind,
                            OrderKind::Convoy { .. }
                                | OrderKind::CanalPermission { .. }
                                | OrderKind::Move {
                                    via_convoy: true,
                                    ..
                                }
                        )
                    })
                } else if roll < 90 {
                    pick(&options, rng, |o| {
                        matches!(o.kind, OrderKind::Move { .. } | OrderKind::RailMove { .. })
                    })
                } else {
                    None
                };
                if let Some(o) = chosen.or_else(|| options.first().cloned()) {
                    orders.push(o);
                }
            }
        }
        PhaseKind::Retreat => {
            for d in &position.dislodged {
                let options = unit_retreat_orders(position, map.province_of(d.unit.location), map);
                if !options.is_empty() && rng.below(10) != 0 {
                    orders.push(options[rng.below(options.len())].clone());
                }
            }
        }
        PhaseKind::Adjustment => {
            let counts = adjustment_counts(variant, position);
            for (p, due) in counts.into_iter().enumerate() {
                let options = power_adjustment_orders(variant, position, PowerId(p as u8));
                // Every build or removal due, and now and then fewer (the judge then
                // leaves builds unused or removes units in civil disorder).
                let due = due.unsigned_abs() as usize;
                let count = match rng.below(10) {
                    0 => rng.below(due + 1),
                    _ => due,
                };
                orders.extend(pick_adjustments(map, &options, count, rng));
            }
        }
    }
    orders
}

/// One phase of a corpus: the position before it and the orders given.
#[derive(Clone, Debug)]
pub struct CorpusPhase {
    /// Position at the start of the phase.
    pub position: Position,
    /// Orders given.
    pub orders: Vec<Order>,
}

/// Plays `games` random games of up to `phases` phases each from the start and returns
/// every phase played (all kinds), in order.
pub fn random_games(variant: &Variant, seed: u64, games: usize, phases: usize) -> Vec<CorpusPhase> {
    let mut out = Vec::new();
    for g in 0..games {
        let mut rng = Rng::new(seed.wrapping_add(g as u64));
        let mut game = Game::new(variant);
        for _ in 0..phases {
            if game.winner.is_some() {
                break;
            }
            let orders = random_orders(variant, &game.position, &mut rng);
            out.push(CorpusPhase {
                position: game.position.clone(),
                orders: orders.clone(),
            });
            game.process(variant, &orders);
        }
    }
    out
}

/// `count` order lines (`England: F Lon - Nth`) taken in turn from the orders of
/// `phases`, repeating them as needed: the parser benchmark's input.
pub fn order_texts<'a>(
    variant: &Variant,
    phases: impl IntoIterator<Item = &'a CorpusPhase>,
    count: usize,
) -> Vec<String> {
    let lines: Vec<String> = phases
        .into_iter()
        .flat_map(|p| p.orders.iter())
        .map(|o| {
            format!(
                "{}: {}",
                variant.power_name(o.power),
                o.display(&variant.map)
            )
        })
        .collect();
    lines.iter().cycle().take(count).cloned().collect()
}
