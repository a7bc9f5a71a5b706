//! Legal-order generation: every order a unit (or power) may give in the current phase.
//!
//! Movement: holds, moves (with `via convoy` variants only where a convoy route over
//! fleets now at sea exists, DATC 4.E.1 d), supports only into provinces the supporter
//! can reach and only of moves the supported unit could make (not carried by the
//! supporter itself), convoys only by fleets at sea on a possible route. Retreats:
//! each retreat option and a disband. Adjustments: builds in vacant owned home centers
//! (each unit type and coast), waive, or removal of any own unit.
//!
//! Every generated order is accepted by the judge as legal (tested), and the generator
//! misses nothing a brute-force check finds (tested).

use crate::adjudicate::adjustment_counts;
use crate::ids::{LocationId, PowerId, ProvinceId};
use crate::map::{Map, Terrain};
use crate::order::{Order, OrderKind, UnitRef};
use crate::phase::PhaseKind;
use crate::position::Position;
use crate::unit::{Unit, UnitKind};
use crate::variant::Variant;

/// Seas reachable from coastal `from` through fleets at sea, optionally without one fleet.
fn convoy_reach(
    map: &Map,
    from: ProvinceId,
    fleets: &[bool],
    without: Option<ProvinceId>,
) -> Vec<bool> {
    let n = map.province_count();
    let mut seen = vec![false; n];
    if map.province(from).terrain != Terrain::Coast {
        return seen;
    }
    let mut stack: Vec<ProvinceId> = Vec::new();
    for s in map.fleet_province_neighbours(from) {
        if fleets[s.index()] && Some(s) != without && !seen[s.index()] {
            seen[s.index()] = true;
            stack.push(s);
        }
    }
    while let Some(s) = stack.pop() {
        for t in map.fleet_province_neighbours(s) {
            if fleets[t.index()] && Some(t) != without && !seen[t.index()] {
                seen[t.index()] = true;
                stack.push(t);
            }
        }
    }
    seen
}

/// Coastal provinces an army at `from` could reach by convoy over `seas`.
fn convoy_destinations(map: &Map, from: ProvinceId, seas: &[bool]) -> Vec<ProvinceId> {
    let mut out = Vec::new();
    for (i, reached) in seas.iter().enumerate() {
        if !reached {
            continue;
        }
        for d in map.fleet_province_neighbours(ProvinceId(i as u16)) {
            if d != from && map.province(d).terrain == Terrain::Coast && !out.contains(&d) {
                out.push(d);
            }
        }
    }
    out.sort();
    out
}

fn fleets_at_sea(map: &Map, position: &Position) -> Vec<bool> {
    let mut fleets = vec![false; map.province_count()];
    for (p, u) in position.units() {
        if u.kind == UnitKind::Fleet && map.province(p).terrain == Terrain::Sea {
            fleets[p.index()] = true;
        }
    }
    fleets
}

/// Where a unit could move: `(destination location, needs convoy)`; armies list each
/// convoy destination once (adjacent ones also as a land move).
fn move_targets(
    map: &Map,
    unit: &Unit,
    fleets: &[bool],
    without: Option<ProvinceId>,
) -> Vec<(LocationId, bool)> {
    let here = map.province_of(unit.location);
    match unit.kind {
        UnitKind::Fleet => map
            .fleet_neighbours(unit.location)
            .map(|l| (l, false))
            .collect(),
        UnitKind::Army => {
            let mut out: Vec<(LocationId, bool)> = map
                .army_neighbours(here)
                .filter(|&p| map.province(p).terrain != Terrain::Impassable)
                .map(|p| (p.location(), false))
                .collect();
            let seas = convoy_reach(map, here, fleets, without);
            for d in convoy_destinations(map, here, &seas) {
                out.push((d.location(), true));
            }
            out
        }
    }
}

/// Every legal movement-phase order for the unit in `province`.
pub fn unit_movement_orders(
    variant: &Variant,
    position: &Position,
    province: ProvinceId,
) -> Vec<Order> {
    let map = &variant.map;
    let Some(unit) = position.unit_at(province).copied() else {
        return Vec::new();
    };
    let fleets = fleets_at_sea(map, position);
    let me = UnitRef {
        kind: Some(unit.kind),
        location: unit.location,
    };
    let order = |kind| Order {
        power: unit.power,
        kind,
    };
    let mut out = vec![order(OrderKind::Hold { unit: me })];
    for (to, convoy) in move_targets(map, &unit, &fleets, None) {
        let adjacent =
            unit.kind == UnitKind::Fleet || map.army_adjacent(province, map.province_of(to));
        if adjacent {
            out.push(order(OrderKind::Move {
                unit: me,
                to,
                via_convoy: false,
            }));
        }
        if convoy {
            if !adjacent {
                out.push(order(OrderKind::Move {
                    unit: me,
                    to,
                    via_convoy: false,
                }));
            }
            out.push(order(OrderKind::Move {
                unit: me,
                to,
                via_convoy: true,
            }));
        }
    }
    // Supports: hold supports of neighbours, move supports into reachable provinces.
    for (q, other) in position.units() {
        if q == province {
            continue;
        }
        let target = UnitRef {
            kind: Some(other.kind),
            location: other.location,
        };
        if map.can_reach_province(unit.kind, unit.location, q) {
            out.push(order(OrderKind::SupportHold { unit: me, target }));
        }
        let carrier_excluded = (unit.kind == UnitKind::Fleet).then_some(province);
        let mut dests: Vec<ProvinceId> = move_targets(map, other, &fleets, carrier_excluded)
            .into_iter()
            .map(|(l, _)| map.province_of(l))
            .collect();
        dests.sort();
        dests.dedup();
        for d in dests {
            if d != province && map.can_reach_province(unit.kind, unit.location, d) {
                out.push(order(OrderKind::SupportMove {
                    unit: me,
                    target,
                    to: d.location(),
                }));
            }
        }
    }
    // Convoys: a fleet at sea, for armies whose route can pass through it.
    if unit.kind == UnitKind::Fleet && map.province(province).terrain == Terrain::Sea {
        for (a, army) in position.units() {
            if army.kind != UnitKind::Army || map.province(a).terrain != Terrain::Coast {
                continue;
            }
            let from_side = convoy_reach(map, a, &fleets, None);
            if !from_side[province.index()] {
                continue;
            }
            let army_ref = UnitRef {
                kind: Some(UnitKind::Army),
                location: army.location,
            };
            for d in convoy_destinations(map, a, &from_side) {
                let to_side = convoy_reach(map, d, &fleets, None);
                if to_side[province.index()] {
                    out.push(order(OrderKind::Convoy {
                        unit: me,
                        army: army_ref,
                        to: d,
                    }));
                }
            }
        }
    }
    out
}

/// Every legal retreat-phase order for the dislodged unit from `province`.
pub fn unit_retreat_orders(position: &Position, province: ProvinceId, map: &Map) -> Vec<Order> {
    let Some(d) = position
        .dislodged
        .iter()
        .find(|d| map.province_of(d.unit.location) == province)
    else {
        return Vec::new();
    };
    let me = UnitRef {
        kind: Some(d.unit.kind),
        location: d.unit.location,
    };
    let order = |kind| Order {
        power: d.unit.power,
        kind,
    };
    let mut out: Vec<Order> = d
        .retreat_options
        .iter()
        .map(|&to| order(OrderKind::Retreat { unit: me, to }))
        .collect();
    out.push(order(OrderKind::Disband { unit: me }));
    out
}

/// Every legal adjustment order of `power`: builds (if it may build), waive, removals
/// (if it must remove).
pub fn power_adjustment_orders(
    variant: &Variant,
    position: &Position,
    power: PowerId,
) -> Vec<Order> {
    let map = &variant.map;
    let due = adjustment_counts(position, variant.powers.len())
        .get(power.index())
        .copied()
        .unwrap_or(0);
    let order = |kind| Order { power, kind };
    let mut out = Vec::new();
    if due > 0 {
        for &h in &variant.power(power).home_centers {
            if position.owners[h.index()] != Some(power) || position.unit_at(h).is_some() {
                continue;
            }
            for kind in [UnitKind::Army, UnitKind::Fleet] {
                for location in map.unit_locations(kind, h) {
                    out.push(order(OrderKind::Build {
                        unit: UnitRef {
                            kind: Some(kind),
                            location,
                        },
                    }));
                }
            }
        }
        out.push(order(OrderKind::Waive));
    } else if due < 0 {
        for (_, u) in position.units().filter(|(_, u)| u.power == power) {
            out.push(order(OrderKind::Remove {
                unit: UnitRef {
                    kind: Some(u.kind),
                    location: u.location,
                },
            }));
        }
    }
    out
}

/// Every legal order of every unit (or power, in adjustments) in the current phase.
pub fn all_orders(variant: &Variant, position: &Position) -> Vec<Order> {
    let map = &variant.map;
    match position.phase.kind {
        PhaseKind::Movement => position
            .units()
            .flat_map(|(p, _)| unit_movement_orders(variant, position, p))
            .collect(),
        PhaseKind::Retreat => position
            .dislodged
            .iter()
            .flat_map(|d| unit_retreat_orders(position, map.province_of(d.unit.location), map))
            .collect(),
        PhaseKind::Adjustment => (0..variant.powers.len())
            .flat_map(|p| power_adjustment_orders(variant, position, PowerId(p as u8)))
            .collect(),
    }
}
