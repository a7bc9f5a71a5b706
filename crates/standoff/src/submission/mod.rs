//! Order collection: what the powers submitted for one phase → the orders the judge
//! adjudicates, as the rules on submissions say.
//!
//! - Several order sets from one power (DATC 4.D.1 when the order they arrived in is
//!   known, 4.D.2 when it is not) are merged by [`sets`]: combined, replaced by the
//!   latest, or (4.D.2 a) dropped so that every unit holds.
//! - Perpetual orders (4.E.4 a) are [`StandingOrders`] a power registered; they are used
//!   in each phase in which the power submits no order set.
//! - Proxy orders (4.E.5): a power hands a unit's order to another power with a proxy
//!   order (`F Nth proxy to Germany`). Under choice a the proxy is notified to the judge
//!   before the orders ([`Submissions::notify_proxy`]); under b it is part of the order
//!   set. The judge then takes the other power's order for that unit.
//!
//! Nothing submitted is lost silently: every order that is not passed on is listed in
//! [`Collected::dropped`] with the reason. The case-file runner and the command line give
//! one set of orders and do not need this module.

mod proxy;
mod sets;
mod standing;

pub use standing::StandingOrders;

use crate::ids::PowerId;
use crate::order::{Order, OrderKind};
use crate::phase::PhaseKind;
use crate::rules::{Allowance, Rules};
use crate::variant::Variant;

/// What an order set says about the power's earlier sets in the same phase (DATC 4.D.1:
/// whether it is "clear" that it replaces them or adds to them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum SetIntent {
    /// Nothing: the rules decide.
    #[default]
    Unstated,
    /// It replaces every earlier set.
    Replaces,
    /// It adds to the earlier sets.
    AddsTo,
}

/// One order set: the orders one power submitted at one time.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OrderSet {
    /// The orders, as written (each names the power that gives it: the submitting one).
    pub orders: Vec<Order>,
    /// What the set says about the power's earlier sets.
    pub intent: SetIntent,
}

impl OrderSet {
    /// A set that says nothing about earlier ones.
    pub fn new(orders: Vec<Order>) -> OrderSet {
        OrderSet {
            orders,
            intent: SetIntent::Unstated,
        }
    }

    /// The same set with a stated intent.
    pub fn with_intent(self, intent: SetIntent) -> OrderSet {
        OrderSet { intent, ..self }
    }
}

/// Whether the order in which the sets arrived is known: by post or e-mail it usually
/// is (DATC 4.D.1); two sets handed over in a face-to-face game it may not be (4.D.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arrival {
    /// Sets were submitted in the order they are given.
    Known,
    /// Which set came last is not known.
    Unknown,
}

/// Where a collected or dropped order came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// Order `index` of set `set` (sets numbered in submission order).
    Set {
        /// The set's number.
        set: usize,
        /// The order's position in the set.
        index: usize,
    },
    /// Proxy notice `0` (DATC 4.E.5 a).
    Notice(usize),
    /// Standing order `index` of `power` (DATC 4.E.4 a).
    Standing {
        /// The power that registered it.
        power: PowerId,
        /// Its position among the power's standing orders.
        index: usize,
    },
}

/// Why a submitted order is not passed to the judge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DropReason {
    /// A later set of the power (this one) replaced the whole set (DATC 4.D.1).
    ReplacedBy(usize),
    /// A later set of the power (this one) orders the same unit (DATC 4.D.1 a, b and c
    /// when sets are combined: the later order stands).
    SupersededBy(usize),
    /// The power submitted different sets and which came last is not known: all its
    /// units hold (DATC 4.D.2 a).
    SetsOfUnknownOrder,
    /// The order names another power than the set's.
    OtherPower,
    /// A proxy order in an order set where proxies are notified before the orders
    /// (DATC 4.E.5 a).
    ProxyNotNotified,
    /// A proxy notice where proxies are given in the order set (DATC 4.E.5 b).
    ProxyNotInOrderSet,
    /// A proxy notice where proxy orders are not allowed (DATC 4.E.5 c).
    ProxiesNotAllowed,
    /// A standing order where perpetual orders are not allowed (DATC 4.E.4 b).
    PerpetualNotAllowed,
}

/// A submitted order that is not passed to the judge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dropped {
    /// Where it came from.
    pub origin: Origin,
    /// The order.
    pub order: Order,
    /// Why.
    pub reason: DropReason,
}

/// The orders of one phase, ready for the judge.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Collected {
    /// The orders to adjudicate.
    pub orders: Vec<Order>,
    /// Where each of `orders` came from (same order).
    pub origins: Vec<Origin>,
    /// The submitted orders not passed on, with the reason.
    pub dropped: Vec<Dropped>,
}

impl Collected {
    fn take(&mut self, origin: Origin, order: &Order) {
        self.orders.push(order.clone());
        self.origins.push(origin);
    }

    fn drop(&mut self, origin: Origin, order: &Order, reason: DropReason) {
        self.dropped.push(Dropped {
            origin,
            order: order.clone(),
            reason,
        });
    }
}

/// A submission the rules refuse outright.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SubmissionError {
    /// A proxy notice that is not a proxy order.
    #[error("a proxy notice must be a proxy order (`F Nth proxy to Germany`)")]
    NotAProxy,
    /// Standing orders where perpetual orders are not allowed.
    #[error("perpetual orders are not allowed under these rules (DATC 4.E.4 b)")]
    PerpetualNotAllowed,
}

/// Everything the powers submitted for one phase.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Submissions {
    arrival: Arrival,
    sets: Vec<(PowerId, OrderSet)>,
    notices: Vec<Order>,
}

impl Submissions {
    /// No submissions yet; sets will arrive in a known or unknown order.
    pub fn new(arrival: Arrival) -> Submissions {
        Submissions {
            arrival,
            sets: Vec::new(),
            notices: Vec::new(),
        }
    }

    /// Adds an order set of `power`; returns its number.
    pub fn submit(&mut self, power: PowerId, set: OrderSet) -> usize {
        self.sets.push((power, set));
        self.sets.len() - 1
    }

    /// Notifies the judge that a power hands a unit's order to another power (DATC
    /// 4.E.5 a); returns the notice's number. Whether it counts is decided when the
    /// orders are collected.
    pub fn notify_proxy(&mut self, notice: Order) -> Result<usize, SubmissionError> {
        if !matches!(notice.kind, OrderKind::Proxy { .. }) {
            return Err(SubmissionError::NotAProxy);
        }
        self.notices.push(notice);
        Ok(self.notices.len() - 1)
    }

    /// The sets submitted, in submission order.
    pub fn sets(&self) -> &[(PowerId, OrderSet)] {
        &self.sets
    }

    /// The orders of a `phase` phase of `variant` under `rules`: each power's sets
    /// merged (4.D.1, 4.D.2), standing orders for powers that submitted none (4.E.4),
    /// proxy notices (4.E.5 a).
    pub fn collect(
        &self,
        variant: &Variant,
        rules: &Rules,
        phase: PhaseKind,
        standing: &StandingOrders,
    ) -> Collected {
        let mut out = Collected::default();
        // Room for every submitted order up front (orders are large; growing the list
        // one order at a time copied it over and over).
        let submitted: usize = self.sets.iter().map(|(_, set)| set.orders.len()).sum();
        out.orders.reserve(submitted);
        out.origins.reserve(submitted);
        // Each power that submitted sets, in the order of its first set.
        let submitted_sets = |power: PowerId| self.sets.iter().any(|(p, _)| *p == power);
        for (n, (power, _)) in self.sets.iter().enumerate() {
            if !self.sets[..n].iter().any(|(p, _)| p == power) {
                sets::merge(self, &variant.map, rules, *power, &mut out);
            }
        }
        proxy::notices(&self.notices, rules, &mut out);
        let perpetual = rules.perpetual_orders == Allowance::Allowed;
        for (power, orders) in standing.iter() {
            if submitted_sets(power) {
                continue;
            }
            for (index, order) in orders.iter().enumerate() {
                if !standing::suits(&order.kind, phase) {
                    continue;
                }
                let origin = Origin::Standing { power, index };
                if perpetual {
                    out.take(origin, order);
                } else {
                    out.drop(origin, order, DropReason::PerpetualNotAllowed);
                }
            }
        }
        out
    }
}
