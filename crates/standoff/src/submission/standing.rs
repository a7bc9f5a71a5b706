//! Perpetual orders (DATC 4.E.4 a): orders a power registers once, used in every phase
//! in which it submits no order set, as long as they apply (orders for units it no
//! longer has are refused by the judge like any other).

use crate::ids::PowerId;
use crate::order::{Order, OrderKind};
use crate::phase::PhaseKind;

/// The standing orders of each power.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StandingOrders {
    by_power: Vec<(PowerId, Vec<Order>)>,
}

impl StandingOrders {
    /// Sets `power`'s standing orders (replacing any earlier ones; empty clears them).
    pub fn set(&mut self, power: PowerId, orders: Vec<Order>) {
        self.by_power.retain(|(p, _)| *p != power);
        if !orders.is_empty() {
            self.by_power.push((power, orders));
        }
    }

    /// `power`'s standing orders (empty if none).
    pub fn of(&self, power: PowerId) -> &[Order] {
        self.by_power
            .iter()
            .find(|(p, _)| *p == power)
            .map_or(&[], |(_, o)| o.as_slice())
    }

    /// Whether no power has standing orders.
    pub fn is_empty(&self) -> bool {
        self.by_power.is_empty()
    }

    /// Each power with standing orders, and them.
    pub fn iter(&self) -> impl Iterator<Item = (PowerId, &[Order])> {
        self.by_power.iter().map(|(p, o)| (*p, o.as_slice()))
    }
}

/// Whether an order belongs in a phase of this kind (standing orders of the other
/// phase kinds wait for theirs).
pub(super) fn suits(kind: &OrderKind, phase: PhaseKind) -> bool {
    match kind {
        OrderKind::Hold { .. }
        | OrderKind::Move { .. }
        | OrderKind::SupportHold { .. }
        | OrderKind::SupportMove { .. }
        | OrderKind::Convoy { .. }
        | OrderKind::RailMove { .. }
        | OrderKind::CanalPermission { .. }
        | OrderKind::Proxy { .. } => phase == PhaseKind::Movement,
        OrderKind::Retreat { .. } => phase == PhaseKind::Retreat,
        OrderKind::Disband { .. } => phase != PhaseKind::Movement,
        OrderKind::Build { .. } | OrderKind::Remove { .. } | OrderKind::Waive => {
            phase == PhaseKind::Adjustment
        }
    }
}
