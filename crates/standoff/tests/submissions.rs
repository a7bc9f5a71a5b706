//! Order collection under the rules on submissions: several order sets per power (DATC
//! 4.D.1, 4.D.2), perpetual orders (4.E.4) and proxy orders (4.E.5). None of them has a
//! chapter-6 case.

mod common;

use common::standard;
use standoff::adjudicate::{Illegal, OrderStatus};
use standoff::game::{Game, PhaseResult};
use standoff::parse::parse_order;
use standoff::rules::Rules;
use standoff::submission::{
    Arrival, DropReason, OrderSet, Origin, SetIntent, StandingOrders, SubmissionError, Submissions,
};
use standoff::{Order, PhaseKind, Position, PowerId};

fn order(text: &str) -> Order {
    parse_order(standard(), PhaseKind::Movement, None, text).unwrap_or_else(|e| panic!("{e}"))
}

fn orders(lines: &[&str]) -> Vec<Order> {
    lines.iter().map(|l| order(l)).collect()
}

fn power(name: &str) -> PowerId {
    standard().find_power(name).expect("power")
}

fn rules(spec: &str) -> Rules {
    Rules::parse(spec).expect("supported rules")
}

fn texts(list: &[Order]) -> Vec<String> {
    list.iter()
        .map(|o| {
            format!(
                "{}: {}",
                standard().power_name(o.power),
                o.display_ids(&standard().map)
            )
        })
        .collect()
}

/// France's two sets in a known order: `A par - bur, A mar - spa`, then `A par - pic`
/// with the given intent; the orders collected under `spec`.
fn two_french_sets(spec: &str, intent: SetIntent) -> (Vec<String>, Vec<(Origin, DropReason)>) {
    let mut subs = Submissions::new(Arrival::Known);
    let france = power("France");
    subs.submit(
        france,
        OrderSet::new(orders(&["France: A par - bur", "France: A mar - spa"])),
    );
    subs.submit(
        france,
        OrderSet::new(orders(&["France: A par - pic"])).with_intent(intent),
    );
    let c = subs.collect(
        standard(),
        &rules(spec),
        PhaseKind::Movement,
        &StandingOrders::default(),
    );
    (
        texts(&c.orders),
        c.dropped.iter().map(|d| (d.origin, d.reason)).collect(),
    )
}

const COMBINED: [&str; 2] = ["France: A mar - spa", "France: A par - pic"];
const LATEST: [&str; 1] = ["France: A par - pic"];

#[test]
fn sets_in_known_order_4d1_a_combined() {
    for intent in [SetIntent::Unstated, SetIntent::Replaces, SetIntent::AddsTo] {
        let (got, dropped) = two_french_sets("datc order_sets_ordered=a", intent);
        assert_eq!(got, COMBINED, "{intent:?}");
        assert_eq!(
            dropped,
            [(
                Origin::Set { set: 0, index: 0 },
                DropReason::SupersededBy(1)
            )]
        );
    }
}

#[test]
fn sets_in_known_order_4d1_b_combined_unless_replaced() {
    let spec = "datc order_sets_ordered=b";
    assert_eq!(two_french_sets(spec, SetIntent::Unstated).0, COMBINED);
    assert_eq!(two_french_sets(spec, SetIntent::AddsTo).0, COMBINED);
    let (got, dropped) = two_french_sets(spec, SetIntent::Replaces);
    assert_eq!(got, LATEST);
    assert!(dropped
        .iter()
        .all(|(_, why)| *why == DropReason::ReplacedBy(1)));
    assert_eq!(dropped.len(), 2);
}

#[test]
fn sets_in_known_order_4d1_c_latest_unless_added() {
    let spec = "datc order_sets_ordered=c";
    assert_eq!(two_french_sets(spec, SetIntent::Unstated).0, LATEST);
    assert_eq!(two_french_sets(spec, SetIntent::Replaces).0, LATEST);
    assert_eq!(two_french_sets(spec, SetIntent::AddsTo).0, COMBINED);
    // The default rules are choice c.
    assert_eq!(two_french_sets("datc", SetIntent::Unstated).0, LATEST);
}

#[test]
fn sets_in_known_order_4d1_d_latest() {
    for intent in [SetIntent::Unstated, SetIntent::Replaces, SetIntent::AddsTo] {
        let (got, dropped) = two_french_sets("datc order_sets_ordered=d", intent);
        assert_eq!(got, LATEST, "{intent:?}");
        assert_eq!(dropped.len(), 2);
    }
}

/// France's two sets handed in together, played from the start under `spec`.
fn unordered_sets(spec: &str, second: &[&str]) -> (Game, standoff::game::SubmittedPhase) {
    let v = standard();
    let mut game = Game::new(v).with_rules(rules(spec));
    let mut subs = Submissions::new(Arrival::Unknown);
    let france = power("France");
    subs.submit(
        france,
        OrderSet::new(orders(&["France: A par - bur", "France: A mar - spa"])),
    );
    subs.submit(france, OrderSet::new(orders(second)));
    let played = game.process_submissions(v, &subs);
    (game, played)
}

fn unit_at(game: &Game, at: &str) -> bool {
    let p = standard().map.find_province(at).expect("province");
    game.position.unit_at(p).is_some()
}

#[test]
fn sets_in_unknown_order_4d2_a_all_hold() {
    let spec = "datc order_sets_unordered=a";
    let (game, played) = unordered_sets(spec, &["France: A par - pic"]);
    assert!(played.collected.orders.is_empty());
    assert_eq!(played.collected.dropped.len(), 3);
    assert!(played
        .collected
        .dropped
        .iter()
        .all(|d| d.reason == DropReason::SetsOfUnknownOrder));
    assert!(unit_at(&game, "par") && unit_at(&game, "mar"));
    // The same set handed in twice is one set: it is followed.
    let (game, played) = unordered_sets(spec, &["France: A mar - spa", "France: A par - bur"]);
    assert!(played.collected.dropped.is_empty());
    assert!(unit_at(&game, "bur") && unit_at(&game, "spa"));
}

#[test]
fn sets_in_unknown_order_4d2_b_combined() {
    let (game, played) = unordered_sets("datc order_sets_unordered=b", &["France: A par - pic"]);
    assert_eq!(played.collected.orders.len(), 3);
    // Two different orders for A par in the combined set: it holds (4.D.3 c); A mar moves.
    assert!(unit_at(&game, "par") && unit_at(&game, "spa"));
    let PhaseResult::Movement(r) = &played.processed.result else {
        panic!("movement");
    };
    assert_eq!(
        r.unit(standard().map.find_province("par").expect("par"))
            .map(|u| u.outcome),
        Some(standoff::adjudicate::Outcome::Illegal(
            Illegal::ConflictingOrders
        ))
    );
}

#[test]
fn an_order_of_another_power_in_a_set_is_dropped() {
    let mut subs = Submissions::new(Arrival::Known);
    subs.submit(
        power("France"),
        OrderSet::new(orders(&["France: A par - bur", "England: F lon - nth"])),
    );
    let c = subs.collect(
        standard(),
        &rules("datc"),
        PhaseKind::Movement,
        &StandingOrders::default(),
    );
    assert_eq!(texts(&c.orders), ["France: A par - bur"]);
    assert_eq!(c.dropped.len(), 1);
    assert_eq!(c.dropped[0].reason, DropReason::OtherPower);
}

#[test]
fn perpetual_orders_4e4() {
    let v = standard();
    let italy = power("Italy");
    let standing = orders(&[
        "Italy: A ven - pie",
        "Italy: F nap - ion",
        "Italy: Build A rom",
    ]);
    // b (the default): refused.
    let mut game = Game::new(v);
    assert_eq!(
        game.set_standing_orders(italy, standing.clone()),
        Err(SubmissionError::PerpetualNotAllowed)
    );
    // a: used in a phase in which Italy submits nothing (the build waits for winter).
    let mut game = Game::new(v).with_rules(rules("datc perpetual_orders=a"));
    game.set_standing_orders(italy, standing).expect("allowed");
    let mut subs = Submissions::new(Arrival::Known);
    subs.submit(
        power("France"),
        OrderSet::new(orders(&["France: A par - bur"])),
    );
    let played = game.process_submissions(v, &subs);
    assert_eq!(played.collected.orders.len(), 3);
    assert!(matches!(
        played.collected.origins[1],
        Origin::Standing { index: 0, .. }
    ));
    assert!(unit_at(&game, "pie") && unit_at(&game, "ion") && unit_at(&game, "bur"));
    // Not used when Italy submits a set.
    let mut subs = Submissions::new(Arrival::Known);
    subs.submit(italy, OrderSet::new(orders(&["Italy: F ion - tun"])));
    game.process_submissions(v, &subs);
    assert!(unit_at(&game, "pie") && unit_at(&game, "tun"));
    // Winter 1901 (Italy builds for Tunis): the standing build is used (Rome is
    // occupied, so it fails).
    assert_eq!(game.position.phase().kind, PhaseKind::Adjustment);
    let winter = game.process_submissions(v, &Submissions::new(Arrival::Known));
    assert_eq!(texts(&winter.collected.orders), ["Italy: Build A rom"]);
    // Spring 1902: orders for units Italy no longer has are refused like any other.
    let spring = game.process_submissions(v, &Submissions::new(Arrival::Known));
    let PhaseResult::Movement(r) = &spring.processed.result else {
        panic!("a movement phase: {:?}", spring.processed.phase);
    };
    assert_eq!(r.orders[0], OrderStatus::Rejected(Illegal::NoUnit));
    assert_eq!(r.orders[1], OrderStatus::Rejected(Illegal::NoUnit));
}

/// England hands F lon to France; France orders it to the Channel, England to the North
/// Sea. Returns where F lon went and the collected orders' drops.
fn proxy_game(
    spec: &str,
    notice: bool,
    in_set: bool,
) -> (&'static str, Vec<DropReason>, Vec<OrderStatus>) {
    let v = standard();
    let mut game = Game::new(v).with_rules(rules(spec));
    let mut subs = Submissions::new(Arrival::Known);
    let proxy = order("England: F lon proxy to France");
    if notice {
        subs.notify_proxy(proxy.clone()).expect("a proxy order");
    }
    let mut english = orders(&["England: F lon - nth"]);
    if in_set {
        english.push(proxy);
    }
    subs.submit(power("England"), OrderSet::new(english));
    subs.submit(
        power("France"),
        OrderSet::new(orders(&["France: F lon - eng"])),
    );
    let played = game.process_submissions(v, &subs);
    let went = if unit_at(&game, "eng") {
        "eng"
    } else if unit_at(&game, "nth") {
        "nth"
    } else {
        "lon"
    };
    let PhaseResult::Movement(r) = played.processed.result else {
        panic!("movement");
    };
    (
        went,
        played.collected.dropped.iter().map(|d| d.reason).collect(),
        r.orders,
    )
}

#[test]
fn proxy_orders_4e5_a_with_notice() {
    let spec = "datc proxy_orders=a";
    let (went, dropped, statuses) = proxy_game(spec, true, false);
    assert_eq!(went, "eng");
    assert!(dropped.is_empty());
    assert!(statuses.contains(&OrderStatus::Rejected(Illegal::UnitProxied)));
    // In the order set instead of notified: not a proxy under a.
    let (went, dropped, _) = proxy_game(spec, false, true);
    assert_eq!(went, "nth");
    assert_eq!(dropped, [DropReason::ProxyNotNotified]);
}

#[test]
fn proxy_orders_4e5_b_in_the_order_set() {
    let spec = "datc proxy_orders=b";
    let (went, dropped, statuses) = proxy_game(spec, false, true);
    assert_eq!(went, "eng");
    assert!(dropped.is_empty());
    assert!(statuses.contains(&OrderStatus::Rejected(Illegal::UnitProxied)));
    // Notified instead of given in the set: not a proxy under b.
    let (went, dropped, _) = proxy_game(spec, true, false);
    assert_eq!(went, "nth");
    assert_eq!(dropped, [DropReason::ProxyNotInOrderSet]);
    // One set with everyone's orders (the command line, case files) works too.
    let v = standard();
    let done = standoff::adjudicate::adjudicate_text_with(
        v,
        &rules(spec),
        &Position::initial(v),
        "England: F lon proxy to France\nFrance: F lon - eng",
    );
    assert!(done.errors.is_empty());
    assert!(done
        .result
        .position
        .unit_at(v.map.find_province("eng").expect("eng"))
        .is_some());
}

#[test]
fn proxy_orders_4e5_c_not_allowed() {
    let (went, dropped, statuses) = proxy_game("datc", true, true);
    assert_eq!(went, "nth");
    assert_eq!(dropped, [DropReason::ProxiesNotAllowed]);
    assert!(statuses.contains(&OrderStatus::Rejected(Illegal::NotYourUnit)));
    assert!(statuses.contains(&OrderStatus::Applied(
        standard().map.find_province("lon").expect("lon")
    )));
    let mut subs = Submissions::new(Arrival::Known);
    assert_eq!(
        subs.notify_proxy(order("England: F lon - nth")),
        Err(SubmissionError::NotAProxy)
    );
}
