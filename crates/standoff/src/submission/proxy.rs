//! DATC 4.E.5: how proxy orders reach the judge. Under choice a a proxy is notified to
//! the judge before the orders (a notice), not given in an order set; under b it is
//! given in the order set, and notices are not the way; under c there are none (the
//! judge refuses proxy orders in sets, and notices are dropped here). The judge honours
//! the proxy orders it is given under a and b alike.

use super::{Collected, DropReason, Origin};
use crate::order::{Order, OrderKind};
use crate::rules::{ProxyOrders, RuleSet};

/// Whether an order of an order set is passed on: a proxy order in a set is dropped
/// under 4.E.5 a (proxies are notified before the orders).
pub(super) fn in_order_set(rules: &RuleSet, order: &Order) -> Result<(), DropReason> {
    match (&order.kind, rules.proxy_orders) {
        (OrderKind::Proxy { .. }, ProxyOrders::AllowedWithNotice) => {
            Err(DropReason::ProxyNotNotified)
        }
        _ => Ok(()),
    }
}

/// Passes the proxy notices on as proxy orders (4.E.5 a) or drops them.
pub(super) fn notices(notices: &[Order], rules: &RuleSet, out: &mut Collected) {
    for (i, notice) in notices.iter().enumerate() {
        let origin = Origin::Notice(i);
        match rules.proxy_orders {
            ProxyOrders::AllowedWithNotice => out.take(origin, notice),
            ProxyOrders::AllowedInOrderSet => {
                out.drop(origin, notice, DropReason::ProxyNotInOrderSet)
            }
            ProxyOrders::NotAllowed => out.drop(origin, notice, DropReason::ProxiesNotAllowed),
        }
    }
}
