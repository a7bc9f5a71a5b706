//! DATC 4.E.3 a: implicit orders. A unit its power gave no order is given the move that
//! the same power's supports and convoys of it describe ("A Ruh S A Kie - Hol" implies
//! "A Kie - Hol"). An explicit order, even an illegal one, takes precedence; orders of
//! another power never imply anything. Orders that disagree (two destinations, or a move
//! and a hold support) imply nothing.

use super::judge::{Eff, Judge, Status};
use crate::ids::{LocationId, ProvinceId};
use crate::order::{Order, OrderKind, UnitRef};

/// What the supports and convoys of one unit say it does.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Implied {
    /// Nothing yet.
    Nothing,
    /// It holds (a hold support): no order needed.
    Hold,
    /// It moves to the province, to the coast when one was named.
    Move(ProvinceId, Option<LocationId>),
    /// The orders disagree.
    Conflict,
}

impl Implied {
    fn and(self, other: Implied) -> Implied {
        match (self, other) {
            (Implied::Nothing, x) | (x, Implied::Nothing) => x,
            (Implied::Hold, Implied::Hold) => Implied::Hold,
            (Implied::Move(a, ca), Implied::Move(b, cb)) if a == b => match (ca, cb) {
                (Some(x), Some(y)) if x != y => Implied::Conflict,
                _ => Implied::Move(a, ca.or(cb)),
            },
            _ => Implied::Conflict,
        }
    }
}

/// The implicit move orders of the units that got no order, as (unit index, order).
pub(crate) fn implicit_orders(judge: &Judge) -> Vec<(u16, Order)> {
    let n = judge.units;
    let mut implied = vec![Implied::Nothing; n];
    for s in 0..n {
        if judge.status[s] != Status::Ok {
            continue;
        }
        let (target, what) = match judge.eff[s] {
            Eff::SupportMove {
                target,
                dest,
                coast,
            } => (target, Implied::Move(dest, coast)),
            Eff::Convoy { army, dest } => (army, Implied::Move(dest, None)),
            Eff::SupportHold { target } => (target, Implied::Hold),
            Eff::Hold | Eff::Move { .. } | Eff::Rail { .. } | Eff::HopConvoy { .. } => continue,
        };
        let t = target as usize;
        if judge.ordered[t] || judge.power[t] != judge.power[s] {
            continue;
        }
        implied[t] = implied[t].and(what);
    }
    implied
        .iter()
        .enumerate()
        .filter_map(|(u, what)| match *what {
            Implied::Move(dest, coast) => {
                let unit = UnitRef::new(Some(judge.kind[u]), judge.loc[u]);
                let kind = OrderKind::Move {
                    unit,
                    to: coast.unwrap_or(dest.location()),
                    via_convoy: false,
                    path: Default::default(),
                };
                Some((u as u16, Order::new(judge.power[u], kind)))
            }
            Implied::Nothing | Implied::Hold | Implied::Conflict => None,
        })
        .collect()
}
