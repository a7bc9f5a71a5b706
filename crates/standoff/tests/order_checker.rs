//! The order checker (`OrderChecker`, and the session's checks built on it) gives the
//! verdict the full judge gives: every order a unit could be given, checked alone
//! against a position, is rejected for the same reason (or accepted) as when that one
//! order is adjudicated. The checker builds only the judge's unit tables, so this is
//! what shows nothing the skipped steps (matching, convoy intent, lists) set is read
//! by the legality check. Positions are random games on several variants, so a checker
//! made for each new position is compared after the board has changed.

mod common;

use standoff::adjudicate::{adjudicate_movement_with, Illegal, OrderChecker, OrderStatus, Outcome};
use standoff::corpus::{random_orders, Rng};
use standoff::rules::Rules;
use standoff::{LocationId, Order, OrderKind, PhaseKind, Position, ProvinceId, UnitRef, Variant};

/// Orders for the unit in `p`: holds, moves to every location (by land and by
/// convoy), supports of every unit in place and to every province, convoys of every
/// unit to every province. Right and wrong ones alike.
fn candidates(v: &Variant, pos: &Position, p: ProvinceId) -> Vec<Order> {
    let map = &v.map;
    let Some(u) = pos.unit_at(p) else {
        return Vec::new();
    };
    let me = UnitRef::new(Some(u.kind), u.location);
    let order = |kind| Order::new(u.power, kind);
    let mut out = vec![order(OrderKind::Hold { unit: me })];
    for l in 0..map.location_count() {
        for via_convoy in [false, true] {
            out.push(order(OrderKind::Move {
                unit: me,
                to: LocationId(l as u16),
                via_convoy,
                path: Default::default(),
            }));
        }
    }
    for (_, other) in pos.units() {
        let target = UnitRef::new(Some(other.kind), other.location);
        out.push(order(OrderKind::SupportHold { unit: me, target }));
        // Every province for a unit near this one, a sample of them for the others
        // (each check is a whole adjudication; the test stays quick in debug builds).
        let near = map.can_reach_province(u.kind, u.location, map.province_of(other.location))
            || map.province_of(other.location) == p;
        for d in (0..map.province_count()).filter(|d| near || d % 7 == p.index() % 7) {
            let d = ProvinceId(d as u16);
            out.push(order(OrderKind::SupportMove {
                unit: me,
                target,
                to: d.location(),
            }));
            out.push(order(OrderKind::Convoy {
                unit: me,
                army: target,
                to: d,
            }));
        }
    }
    out
}

/// The full judge's verdict on `order` given alone: rejected before it reached a unit,
/// or followed by the unit as illegal. A convoy the 2023 rulebook finds unneeded is
/// judged with the whole phase (the checker leaves it to the judge).
fn judged(v: &Variant, rules: &Rules, pos: &Position, order: &Order) -> Result<(), String> {
    let result = adjudicate_movement_with(v, rules, pos, std::slice::from_ref(order));
    match result.orders.first() {
        Some(OrderStatus::Rejected(why)) => Err(format!("{why:?}")),
        Some(OrderStatus::Applied(p)) => match result.unit(*p).map(|u| u.outcome) {
            Some(Outcome::Illegal(Illegal::ConvoyNotNeeded)) => Ok(()),
            Some(Outcome::Illegal(why)) => Err(format!("{why:?}")),
            _ => Ok(()),
        },
        None => Err("no status".into()),
    }
}

fn compare_in_games(v: &Variant, rules: &Rules, seeds: std::ops::Range<u64>, phases: usize) {
    let mut positions = 0;
    for seed in seeds {
        common::random_game_on(v, seed, phases, |pos, _, _, _| {
            if pos.phase().kind != PhaseKind::Movement {
                return;
            }
            positions += 1;
            let checker = OrderChecker::with_rules(v, rules, pos);
            for (p, _) in pos.units() {
                for order in candidates(v, pos, p) {
                    assert_eq!(
                        checker.check(&order).map_err(|why| format!("{why:?}")),
                        judged(v, rules, pos, &order),
                        "{} in {}: {}",
                        v.name,
                        pos.phase().short_code(),
                        order.display_ids(&v.map)
                    );
                }
            }
        });
    }
    assert!(positions > 0, "{}: no movement phase was checked", v.name);
}

#[test]
fn checker_agrees_with_the_judge_in_standard_games() {
    compare_in_games(common::standard(), &Rules::DATC, 0..2, 12);
}

#[test]
fn checker_agrees_with_the_judge_under_other_rules() {
    // The 2023 rulebook (unneeded convoys illegal), the older rulebooks and the DPTG,
    // and legality choice a (4.E.1: an order to any place is a move that fails).
    for spec in ["2023", "1982", "1971", "dptg", "datc legality=a"] {
        let rules = Rules::parse(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
        compare_in_games(common::standard(), &rules, 0..1, 8);
    }
}

#[test]
fn checker_agrees_with_the_judge_on_special_variants() {
    for name in ["colonial", "bowen", "ancmed"] {
        let v = Variant::builtin(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        compare_in_games(&v, &Rules::DATC, 0..1, 8);
    }
}

#[test]
fn a_session_checks_against_its_current_position() {
    // The session's checker follows the game: after each phase it gives the verdicts
    // of a checker made afresh for the new position (and they differ from the old
    // position's somewhere, so a checker kept from before would be caught).
    let variant = standoff::variant::builtin_arc("standard").expect("standard");
    let v: &Variant = &variant;
    let mut session = standoff::session::Session::new(
        "standard",
        variant.clone(),
        Rules::DATC,
        standoff::game::EndRules::default(),
    )
    .expect("session");
    let mut rng = Rng::new(5);
    let mut previous: Option<Position> = None;
    let mut changed_verdicts = 0;
    for _ in 0..10 {
        let pos = session.record().game.position.clone();
        if pos.phase().kind == PhaseKind::Movement {
            let fresh = OrderChecker::with_rules(v, &Rules::DATC, &pos);
            let old = previous
                .as_ref()
                .map(|p| OrderChecker::with_rules(v, &Rules::DATC, p));
            let checker = session.checker();
            for (p, _) in pos.units() {
                for order in candidates(v, &pos, p) {
                    let verdict = checker.check(&order);
                    assert_eq!(
                        verdict,
                        fresh.check(&order),
                        "{}",
                        order.display_ids(&v.map)
                    );
                    if old.as_ref().is_some_and(|o| o.check(&order) != verdict) {
                        changed_verdicts += 1;
                    }
                }
            }
            previous = Some(pos.clone());
        }
        let orders = random_orders(v, &pos, &mut rng);
        for (p, _) in v.powers.iter().enumerate() {
            let power = standoff::PowerId(p as u8);
            let own: Vec<Order> = orders
                .iter()
                .filter(|o| o.power == power)
                .cloned()
                .collect();
            session.submit_checked(power, own).expect("submit");
        }
        session.process().expect("process");
    }
    assert!(
        changed_verdicts > 0,
        "the positions never changed a verdict"
    );
}

/// Adjustment orders for every power: builds of each kind everywhere, removals of
/// every unit, waives.
fn adjustment_candidates(v: &Variant, pos: &Position) -> Vec<Order> {
    let map = &v.map;
    let mut out = Vec::new();
    for p in 0..v.powers.len() {
        let power = standoff::PowerId(p as u8);
        out.push(Order::new(power, OrderKind::Waive));
        for l in 0..map.location_count() {
            for kind in [standoff::UnitKind::Army, standoff::UnitKind::Fleet] {
                let unit = UnitRef::new(Some(kind), LocationId(l as u16));
                out.push(Order::new(power, OrderKind::Build { unit }));
            }
        }
        for (_, u) in pos.units() {
            let unit = UnitRef::new(Some(u.kind), u.location);
            out.push(Order::new(power, OrderKind::Remove { unit }));
            out.push(Order::new(power, OrderKind::Disband { unit }));
        }
    }
    out
}

#[test]
fn adjustment_checks_agree_with_the_adjudication() {
    // The checker leaves out the civil-disorder removals; no order's status depends on
    // them, so every verdict is the one adjudicating the order alone gives.
    let mut adjustments = 0;
    for name in ["standard", "bowen"] {
        let v = Variant::builtin(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        for seed in 0..3 {
            common::random_game_on(&v, seed, 30, |pos, _, _, _| {
                if pos.phase().kind != PhaseKind::Adjustment {
                    return;
                }
                adjustments += 1;
                let checker = standoff::session::PositionChecker::new(&v, &Rules::DATC, pos);
                for order in adjustment_candidates(&v, pos) {
                    let alone = standoff::adjudicate::adjudicate_adjustments_with(
                        &v,
                        &Rules::DATC,
                        pos,
                        std::slice::from_ref(&order),
                    );
                    let judged = match alone.orders.first() {
                        Some(OrderStatus::Rejected(why)) => Err(*why),
                        _ => Ok(()),
                    };
                    assert_eq!(
                        checker.check(&order),
                        judged,
                        "{name} {}: {}",
                        pos.phase().short_code(),
                        order.display_ids(&v.map)
                    );
                }
            });
        }
    }
    assert!(adjustments > 0, "no adjustment phase was checked");
}
