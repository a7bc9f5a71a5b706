//! DATC 4.E.5 a, b: proxy orders in a movement phase. A power's proxy order for its own
//! unit (`F Nth proxy to Germany`) hands that unit's order to the other power: the judge
//! then takes that power's order for the unit and refuses the owner's. How the proxy
//! reached the judge (a notice before the orders, a, or the order set, b) is the order
//! collection's business ([`crate::submission`]); under c proxy orders are illegal.

use super::judge::Judge;
use crate::ids::PowerId;
use crate::order::{Order, OrderKind};

/// Who orders a unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Grant {
    /// Its owner.
    Owner,
    /// This power, by the owner's proxy order.
    To(PowerId),
    /// The owner handed it to several powers: the proxy orders conflict and none holds.
    Conflict,
}

/// Who orders each unit, from the owners' proxy orders among `orders`.
pub(crate) fn grants(judge: &Judge, orders: &[Order]) -> Vec<Grant> {
    let mut grants = vec![Grant::Owner; judge.prov.len()];
    for order in orders {
        let OrderKind::Proxy { unit, to } = order.kind else {
            continue;
        };
        let Some(u) = judge.unit_at(judge.map.province_of(unit.location)) else {
            continue;
        };
        let u = u as usize;
        if judge.power[u] != order.power || to == order.power {
            continue;
        }
        grants[u] = match grants[u] {
            Grant::Owner => Grant::To(to),
            Grant::To(p) if p == to => Grant::To(p),
            Grant::To(_) | Grant::Conflict => Grant::Conflict,
        };
    }
    grants
}
