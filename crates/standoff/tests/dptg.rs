//! The DPTG procedure (the `dptg` preset, paradox rule 4.A.2 f) on random games and on
//! random knots of convoys: it never panics, every unit is accounted for, and the result
//! does not depend on the order in which orders are given; where no convoy is ordered and
//! nobody supports an attack on his own unit, it agrees with the DATC decisions.

mod common;

use common::random_game;
use proptest::prelude::*;
use standoff::adjudicate::adjudicate_movement_with;
use standoff::corpus::Rng;
use standoff::game::PhaseResult;
use standoff::legal::unit_movement_orders;
use standoff::map::Terrain;
use standoff::rules::Rules;
use standoff::{Order, OrderKind, Position, PowerId, ProvinceId, Unit, UnitKind, Variant};

fn rules(spec: &str) -> Rules {
    Rules::parse(spec).expect("supported rules")
}

/// Whether the DPTG and the DATC decisions share their rules for these orders: no convoy
/// at all, and no support of an attack on the supporter's own unit (there the DPTG lets
/// the support count against rival attackers, DATC 6.E.7).
fn shared_ground(variant: &Variant, before: &Position, orders: &[Order]) -> bool {
    let map = &variant.map;
    orders.iter().all(|o| match o.kind {
        OrderKind::Convoy { .. } => false,
        OrderKind::Move {
            via_convoy,
            unit,
            to,
            ..
        } => {
            !via_convoy && map.army_adjacent(map.province_of(unit.location), map.province_of(to))
                || unit.kind == Some(standoff::UnitKind::Fleet)
        }
        OrderKind::SupportMove { to, .. } => before
            .unit_at(map.province_of(to))
            .is_none_or(|u| u.power != o.power),
        _ => true,
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn dptg_settles_random_games(seed in any::<u64>()) {
        let v = common::standard();
        for spec in ["dptg", "datc paradox=f"] {
            let rules = rules(spec);
            random_game(seed, 12, |before, orders, done, _| {
                if !matches!(done.result, PhaseResult::Movement(_)) {
                    return;
                }
                let r = adjudicate_movement_with(v, &rules, before, orders);
                assert_eq!(before.units().count(), r.position.units().count() + r.position.dislodged().len());
                let mut shuffled = orders.to_vec();
                let mut rng = Rng::new(seed ^ 0x5EED);
                for i in (1..shuffled.len()).rev() {
                    shuffled.swap(i, rng.below(i + 1));
                }
                let again = adjudicate_movement_with(v, &rules, before, &shuffled);
                assert_eq!(again.position, r.position, "{spec}: order of orders matters");
                if spec != "dptg" && shared_ground(v, before, orders) {
                    let datc = adjudicate_movement_with(v, &Rules::DATC, before, orders);
                    assert_eq!(datc.position, r.position, "{spec}: differs from the DATC decisions\n{orders:?}");
                }
            });
        }
    }
}

/// A crowded board of three powers with fleets in most seas, and orders that tie them into
/// convoys: most armies move by convoy (onto occupied spaces), most convoyed moves get
/// every fleet that could carry them, and the other units mostly attack a convoying fleet
/// or support one or an attack on one (so convoys subvert each other and themselves).
fn convoy_knot(seed: u64) -> (Position, Vec<Order>) {
    let v = common::standard();
    let map = &v.map;
    let mut rng = Rng::new(seed);
    let mut setup = standoff::position::Setup::empty(Position::initial(v).phase());
    for p in 0..map.province_count() {
        let p = ProvinceId(p as u16);
        let (kind, chance) = match map.province(p).terrain {
            Terrain::Sea => (UnitKind::Fleet, 70),
            Terrain::Coast if rng.below(3) == 0 => (UnitKind::Fleet, 45),
            Terrain::Coast => (UnitKind::Army, 45),
            Terrain::Land => (UnitKind::Army, 25),
            _ => continue,
        };
        let locations = map.unit_locations(kind, p);
        if rng.below(100) >= chance || locations.is_empty() {
            continue;
        }
        let unit = Unit::new(
            PowerId(rng.below(3) as u8),
            kind,
            locations[rng.below(locations.len())],
        );
        setup.units.push(unit);
    }
    let position = Position::from_setup(v, setup).expect("one unit per province");
    let options: Vec<(ProvinceId, UnitKind, Vec<Order>)> = position
        .units()
        .map(|(p, u)| (p, u.kind, unit_movement_orders(v, &position, p)))
        .collect();
    let mut orders = Vec::new();
    let pick = |list: &[Order], rng: &mut Rng, want: &dyn Fn(&Order) -> bool| {
        let fitting: Vec<&Order> = list.iter().filter(|o| want(o)).collect();
        (!fitting.is_empty()).then(|| fitting[rng.below(fitting.len())].clone())
    };
    let mut convoyed = Vec::new();
    for (p, kind, list) in &options {
        if *kind != UnitKind::Army {
            continue;
        }
        // By convoy, and preferably onto a unit (a supporter to cut).
        let by_convoy = |o: &Order| match o.kind {
            OrderKind::Move { to, via_convoy, .. } => {
                (via_convoy || !map.army_adjacent(*p, map.province_of(to)))
                    && position.unit_at(map.province_of(to)).is_some()
            }
            _ => false,
        };
        let order = if rng.below(100) < 70 {
            pick(list, &mut rng, &by_convoy)
        } else {
            None
        };
        if let Some(o) = order.or_else(|| pick(list, &mut rng, &|_| true)) {
            if let OrderKind::Move { to, .. } = o.kind {
                convoyed.push((*p, map.province_of(to)));
            }
            orders.push(o);
        }
    }
    // Each convoyed move gets, most of the time, every fleet at sea that could carry it.
    let mut busy: Vec<ProvinceId> = Vec::new();
    for &(army, dest) in &convoyed {
        if rng.below(100) >= 80 {
            continue;
        }
        for (p, kind, list) in &options {
            if *kind != UnitKind::Fleet || busy.contains(p) {
                continue;
            }
            let carries = list.iter().find(|o| {
                matches!(o.kind, OrderKind::Convoy { army: a, to, .. }
                    if map.province_of(a.location) == army && to == dest)
            });
            if let Some(o) = carries {
                busy.push(*p);
                orders.push(o.clone());
            }
        }
    }
    // Everything else mostly attacks a convoying fleet, or supports one or an attack on
    // one — when a convoyed army attacks it, preferably a fleet of that army's own convoy.
    let carriers_of = |army: ProvinceId| -> Vec<ProvinceId> {
        orders
            .iter()
            .filter_map(|o| match o.kind {
                OrderKind::Convoy { unit, army: a, .. } if map.province_of(a.location) == army => {
                    Some(map.province_of(unit.location))
                }
                _ => None,
            })
            .collect()
    };
    let mut rest = Vec::new();
    for (p, _, list) in &options {
        if orders.iter().any(|o| {
            o.kind
                .unit()
                .is_some_and(|u| map.province_of(u.location) == *p)
        }) {
            continue;
        }
        let seas: Vec<ProvinceId> = match convoyed.iter().find(|&&(_, d)| d == *p) {
            Some(&(army, _)) if rng.below(100) < 70 => carriers_of(army),
            _ => busy.clone(),
        };
        let about = |o: &Order| match o.kind {
            OrderKind::SupportHold { target, .. } => {
                seas.contains(&map.province_of(target.location))
            }
            OrderKind::SupportMove { to, .. } | OrderKind::Move { to, .. } => {
                seas.contains(&map.province_of(to))
            }
            _ => false,
        };
        let order = if rng.below(100) < 80 {
            pick(list, &mut rng, &about)
        } else {
            None
        };
        if let Some(o) = order.or_else(|| pick(list, &mut rng, &|_| true)) {
            rest.push(o);
        }
    }
    orders.extend(rest);
    (position, orders)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn dptg_unties_convoy_knots(seed in any::<u64>()) {
        let v = common::standard();
        let (position, orders) = convoy_knot(seed);
        for spec in ["dptg", "datc paradox=f", "datc paradox=f adjacent_convoy=c"] {
            let rules = rules(spec);
            let r = adjudicate_movement_with(v, &rules, &position, &orders);
            prop_assert_eq!(position.units().count(), r.position.units().count() + r.position.dislodged().len());
            let mut reversed = orders.clone();
            reversed.reverse();
            let again = adjudicate_movement_with(v, &rules, &position, &reversed);
            prop_assert_eq!(&again.position, &r.position, "{}", spec);
        }
    }
}
