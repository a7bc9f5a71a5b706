//! Shared test helpers: a seeded random game driver built on legal-order generation.

#![allow(dead_code)]

use standoff::game::{Game, Processed};
use standoff::legal::{power_adjustment_orders, unit_movement_orders, unit_retreat_orders};
use standoff::{Order, OrderKind, PhaseKind, Position, PowerId, Variant};
use std::sync::OnceLock;

/// The standard variant, loaded once.
pub fn standard() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(Variant::standard)
}

/// A small deterministic generator (xorshift), so tests need no RNG crate.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        let mut x = self.0.max(1);
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// Random orders for the current phase, biased towards supports and convoys.
pub fn random_orders(variant: &Variant, position: &Position, rng: &mut Rng) -> Vec<Order> {
    let map = &variant.map;
    let mut orders = Vec::new();
    match position.phase.kind {
        PhaseKind::Movement => {
            for (p, _) in position.units() {
                if rng.below(20) == 0 {
                    continue; // sometimes no order
                }
                let options = unit_movement_orders(variant, position, p);
                let pick = |rng: &mut Rng, f: &dyn Fn(&Order) -> bool| {
                    let v: Vec<&Order> = options.iter().filter(|o| f(o)).collect();
                    (!v.is_empty()).then(|| *v[rng.below(v.len())])
                };
                let roll = rng.below(100);
                let chosen = if roll < 35 {
                    pick(rng, &|o| {
                        matches!(
                            o.kind,
                            OrderKind::SupportMove { .. } | OrderKind::SupportHold { .. }
                        )
                    })
                } else if roll < 50 {
                    pick(rng, &|o| {
                        matches!(
                            o.kind,
                            OrderKind::Convoy { .. }
                                | OrderKind::Move {
                                    via_convoy: true,
                                    ..
                                }
                        )
                    })
                } else if roll < 90 {
                    pick(rng, &|o| matches!(o.kind, OrderKind::Move { .. }))
                } else {
                    None
                };
                orders.push(chosen.unwrap_or(options[0]));
            }
        }
        PhaseKind::Retreat => {
            for d in &position.dislodged {
                let options = unit_retreat_orders(position, map.province_of(d.unit.location), map);
                if !options.is_empty() && rng.below(10) != 0 {
                    orders.push(options[rng.below(options.len())]);
                }
            }
        }
        PhaseKind::Adjustment => {
            for p in 0..variant.powers.len() {
                let options = power_adjustment_orders(variant, position, PowerId(p as u8));
                for _ in 0..rng.below(4) {
                    if !options.is_empty() {
                        orders.push(options[rng.below(options.len())]);
                    }
                }
            }
        }
    }
    orders
}

/// Plays `phases` phases of a random game, calling `check` before each with the
/// position, the orders, and what happened.
pub fn random_game(
    seed: u64,
    phases: usize,
    mut check: impl FnMut(&Position, &[Order], &Processed, &Position),
) {
    let variant = standard();
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut game = Game::new(variant);
    for _ in 0..phases {
        if game.winner.is_some() {
            break;
        }
        let before = game.position.clone();
        let orders = random_orders(variant, &before, &mut rng);
        let done = game.process(variant, &orders);
        check(&before, &orders, &done, &game.position);
    }
}
