//! Several order sets from one power (DATC 4.D.1, 4.D.2).
//!
//! When the order of arrival is known, the sets are taken in turn: a set replaces what
//! came before or is combined with it, as 4.D.1 and the set's stated intent say:
//!
//! | choice | intent unstated | "replaces" | "adds to" |
//! |---|---|---|---|
//! | a combined | combine | combine | combine |
//! | b combined unless replaced | combine | replace | combine |
//! | c latest unless added | replace | replace | combine |
//! | d latest | replace | replace | replace |
//!
//! Combining keeps the later order where two sets order the same unit (the DATC: "the
//! latest order set replaces any previous order sets"); the waives of a set give way to
//! a later set's waives. When the order of arrival is not known (4.D.2), all sets are
//! combined as one set (b; two orders for one unit then follow 4.D.3), or, if the power
//! submitted sets that differ, none is used and every unit holds (a).

use super::{Arrival, Collected, DropReason, Origin, SetIntent, Submissions};
use crate::ids::{PowerId, ProvinceId};
use crate::map::Map;
use crate::order::Order;
use crate::rules::{OrderSetsOrdered, OrderSetsUnordered, RuleSet};

/// Merges the sets of `power` into `out`.
pub(super) fn merge(
    subs: &Submissions,
    map: &Map,
    rules: &RuleSet,
    power: PowerId,
    out: &mut Collected,
) {
    // The power's sets, with their place among all sets.
    let of_power = || {
        subs.sets
            .iter()
            .enumerate()
            .filter(move |(_, (p, _))| *p == power)
    };
    let mut sets_of_power = of_power();
    let first = sets_of_power.next();
    if let (Arrival::Known, Some((n, (_, set))), None) = (subs.arrival, first, sets_of_power.next())
    {
        // One set: it stands as it is (what taking the sets in turn gives for one),
        // without the lists several sets need (the usual case, every phase).
        for (index, order) in set.orders.iter().enumerate() {
            let origin = Origin::Set { set: n, index };
            match in_own_set(rules, power, order) {
                Ok(()) => out.take(origin, order),
                Err(why) => out.drop(origin, order, why),
            }
        }
        return;
    }
    let mut sets: Vec<(usize, Vec<(usize, &Order)>)> = Vec::new();
    for (n, (_, set)) in of_power() {
        let mut own = Vec::with_capacity(set.orders.len());
        for (index, order) in set.orders.iter().enumerate() {
            match in_own_set(rules, power, order) {
                Ok(()) => own.push((index, order)),
                Err(why) => out.drop(Origin::Set { set: n, index }, order, why),
            }
        }
        sets.push((n, own));
    }
    match subs.arrival {
        Arrival::Known => merge_in_turn(subs, map, rules, sets, out),
        Arrival::Unknown => merge_unordered(rules, sets, out),
    }
}

/// Whether `order`, in a set `power` submitted, is `power`'s to give in a set: orders
/// of another power in this power's set are not its orders; a proxy order in a set may
/// not be the way proxies are given (4.E.5 a).
fn in_own_set(rules: &RuleSet, power: PowerId, order: &Order) -> Result<(), DropReason> {
    if order.power != power {
        return Err(DropReason::OtherPower);
    }
    super::proxy::in_order_set(rules, order)
}

fn merge_in_turn(
    subs: &Submissions,
    map: &Map,
    rules: &RuleSet,
    sets: Vec<(usize, Vec<(usize, &Order)>)>,
    out: &mut Collected,
) {
    // The orders standing so far: (set, index, order).
    let mut current: Vec<(usize, usize, &Order)> = Vec::new();
    for (n, orders) in sets {
        let intent = subs.sets[n].1.intent;
        let replace = match (rules.order_sets_ordered, intent) {
            (OrderSetsOrdered::Combined, _) => false,
            (OrderSetsOrdered::CombinedUnlessReplaced, i) => i == SetIntent::Replaces,
            (OrderSetsOrdered::LatestUnlessAdded, i) => i != SetIntent::AddsTo,
            (OrderSetsOrdered::Latest, _) => true,
        };
        let mut kept = Vec::new();
        for (set, index, order) in current {
            let origin = Origin::Set { set, index };
            if replace {
                out.drop(origin, order, DropReason::ReplacedBy(n));
            } else if orders
                .iter()
                .any(|(_, later)| subject(map, later) == subject(map, order))
            {
                out.drop(origin, order, DropReason::SupersededBy(n));
            } else {
                kept.push((set, index, order));
            }
        }
        kept.extend(orders.into_iter().map(|(i, o)| (n, i, o)));
        current = kept;
    }
    for (set, index, order) in current {
        out.take(Origin::Set { set, index }, order);
    }
}

/// What an order is about, for telling whether a later set orders the same thing.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Subject {
    /// The unit (or build) in this province (`F Spa(nc)` and `F Spa` are one unit).
    Unit(ProvinceId),
    /// A waive.
    Waive,
}

fn subject(map: &Map, order: &Order) -> Subject {
    match order.kind.unit() {
        Some(u) => Subject::Unit(map.province_of(u.location)),
        None => Subject::Waive,
    }
}

fn merge_unordered(rules: &RuleSet, sets: Vec<(usize, Vec<(usize, &Order)>)>, out: &mut Collected) {
    let differ = sets.windows(2).any(|w| !same_orders(&w[0].1, &w[1].1));
    let hold = rules.order_sets_unordered == OrderSetsUnordered::AllHold && differ;
    for (n, orders) in sets {
        for (index, order) in orders {
            let origin = Origin::Set { set: n, index };
            if hold {
                out.drop(origin, order, DropReason::SetsOfUnknownOrder);
            } else {
                out.take(origin, order);
            }
        }
    }
}

/// Whether two sets hold the same orders (in any order, as many times each).
fn same_orders(a: &[(usize, &Order)], b: &[(usize, &Order)]) -> bool {
    let count = |set: &[(usize, &Order)], o: &Order| set.iter().filter(|(_, x)| *x == o).count();
    a.len() == b.len() && a.iter().all(|(_, o)| count(a, o) == count(b, o))
}
