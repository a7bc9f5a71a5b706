//! The adjustment (winter) phase: builds, removals, waives and civil-disorder removals.
//!
//! DATC preferences: builds only in vacant, owned home centers (4.B.7 a: a fleet in a
//! two-coast center needs its coast; 4.C.3 c: a missing unit type is an army inland and
//! an error on the coast; 4.C.4 a: no fleet inland); the first legal builds up to the
//! allowance are used and one unit per center (4.D.4 b, 4.D.5 b); builds may be waived
//! (4.D.7 a); the first legal removals are used (4.D.6 b); a power that removes too few
//! loses the units farthest from its home centers (4.D.8 d: fleets move as fleets, armies
//! may also cross water; ties: fleets first, then alphabetical by full English name).

use super::outcome::Illegal;
use super::OrderStatus;
use crate::ids::{LocationId, PowerId, ProvinceId};
use crate::map::{normalize_name, Map, Terrain};
use crate::order::{Order, OrderKind};
use crate::position::Position;
use crate::rules::RuleSet;
use crate::unit::{Unit, UnitKind};
use crate::variant::Variant;
use std::collections::VecDeque;

/// One change made in the adjustment phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Adjustment {
    /// A unit was built.
    Built(Unit),
    /// A unit was removed as ordered.
    Removed(Unit),
    /// A unit was removed by the civil-disorder rule.
    RemovedInCivilDisorder(Unit),
    /// A build was waived (explicitly or by not ordering it).
    Waived(PowerId),
}

/// Result of an adjustment phase.
#[derive(Clone, Debug)]
pub struct AdjustmentResult {
    /// The board after adjustments.
    pub position: Position,
    /// Every change, in processing order.
    pub changes: Vec<Adjustment>,
    /// Per submitted order.
    pub orders: Vec<OrderStatus>,
}

/// Builds (positive) or removals (negative) each power must make.
pub fn adjustment_counts(position: &Position, powers: usize) -> Vec<i32> {
    (0..powers)
        .map(|p| {
            let p = PowerId(p as u8);
            position.center_count(p) as i32 - position.unit_count(p) as i32
        })
        .collect()
}

/// Adjudicates an adjustment phase.
pub fn adjudicate_adjustments(
    variant: &Variant,
    position: &Position,
    orders: &[Order],
) -> AdjustmentResult {
    adjudicate_adjustments_with(variant, &RuleSet::DATC, position, orders)
}

/// Adjudicates an adjustment phase under `rules`.
pub fn adjudicate_adjustments_with(
    variant: &Variant,
    rules: &RuleSet,
    position: &Position,
    orders: &[Order],
) -> AdjustmentResult {
    let _ = rules;
    let map = &variant.map;
    let counts = adjustment_counts(position, variant.powers.len());
    let mut next = position.clone();
    let mut used = vec![0i32; counts.len()];
    let mut changes = Vec::new();
    let mut statuses = Vec::with_capacity(orders.len());
    for order in orders {
        let p = order.power.index();
        let Some(&due) = counts.get(p) else {
            statuses.push(OrderStatus::Rejected(Illegal::WrongPhase));
            continue;
        };
        let status = match order.kind {
            OrderKind::Build { unit } if due > used[p] => {
                match build(variant, &next, order.power, unit.kind, unit.location) {
                    Ok(u) => {
                        next.set_unit(map.province_of(u.location), Some(u));
                        used[p] += 1;
                        changes.push(Adjustment::Built(u));
                        OrderStatus::Applied(map.province_of(u.location))
                    }
                    Err(why) => OrderStatus::Rejected(why),
                }
            }
            OrderKind::Waive if due > used[p] => {
                used[p] += 1;
                changes.push(Adjustment::Waived(order.power));
                OrderStatus::Applied(ProvinceId(0))
            }
            OrderKind::Remove { unit } | OrderKind::Disband { unit } if -due > used[p] => {
                let prov = map.province_of(unit.location);
                match next.unit_at(prov).copied() {
                    Some(u) if u.power == order.power => {
                        next.set_unit(prov, None);
                        used[p] += 1;
                        changes.push(Adjustment::Removed(u));
                        OrderStatus::Applied(prov)
                    }
                    Some(_) => OrderStatus::Rejected(Illegal::NotYourUnit),
                    None => OrderStatus::Rejected(Illegal::NoUnit),
                }
            }
            OrderKind::Build { .. }
            | OrderKind::Waive
            | OrderKind::Remove { .. }
            | OrderKind::Disband { .. } => OrderStatus::Rejected(Illegal::NothingDue),
            _ => OrderStatus::Rejected(Illegal::WrongPhase),
        };
        statuses.push(status);
    }
    for (p, &due) in counts.iter().enumerate() {
        let power = PowerId(p as u8);
        if due > 0 {
            for _ in used[p]..due {
                changes.push(Adjustment::Waived(power));
            }
        } else if due < 0 {
            for _ in used[p]..-due {
                let Some(victim) = civil_disorder_victim(variant, &next, power) else {
                    break;
                };
                let prov = map.province_of(victim.location);
                next.set_unit(prov, None);
                changes.push(Adjustment::RemovedInCivilDisorder(victim));
            }
        }
    }
    AdjustmentResult {
        position: next,
        changes,
        orders: statuses,
    }
}

fn build(
    variant: &Variant,
    position: &Position,
    power: PowerId,
    kind: Option<UnitKind>,
    at: LocationId,
) -> Result<Unit, Illegal> {
    let map = &variant.map;
    let prov = map.province_of(at);
    if !variant.power(power).home_centers.contains(&prov)
        || position.owners[prov.index()] != Some(power)
    {
        return Err(Illegal::NotAdjacent);
    }
    if position.unit_at(prov).is_some() {
        return Err(Illegal::NoUnit);
    }
    let kind = match kind {
        Some(k) => k,
        // DATC 4.C.3 c: inland means army; on a coast the type must be given.
        None if map.province(prov).terrain == Terrain::Land => UnitKind::Army,
        None => return Err(Illegal::UnitTypeMissing),
    };
    let location = match kind {
        UnitKind::Army => prov.location(),
        UnitKind::Fleet => at,
    };
    if !map.can_stand(kind, location) {
        return Err(if kind == UnitKind::Fleet && map.has_coasts(prov) {
            Illegal::CoastNotSpecified
        } else {
            Illegal::NotAdjacent
        });
    }
    Ok(Unit {
        power,
        kind,
        location,
    })
}

/// DATC 4.D.8 d: the unit farthest from its power's home centers; ties go to fleets,
/// then to the alphabetically first full province name.
fn civil_disorder_victim(variant: &Variant, position: &Position, power: PowerId) -> Option<Unit> {
    let map = &variant.map;
    let homes = &variant.power(power).home_centers;
    position
        .units()
        .filter(|(_, u)| u.power == power)
        .map(|(p, u)| {
            let d = distance_home(map, u, homes);
            (
                d,
                u.kind == UnitKind::Fleet,
                normalize_name(&map.province(p).name),
                *u,
            )
        })
        .max_by(|a, b| {
            a.0.cmp(&b.0)
                .then(a.1.cmp(&b.1))
                .then_with(|| b.2.cmp(&a.2))
        })
        .map(|t| t.3)
}

/// Moves from the unit to the nearest of `homes`: fleets along fleet edges (coasts
/// matter), armies along army edges or across water. Unreachable counts as far away.
fn distance_home(map: &Map, unit: &Unit, homes: &[ProvinceId]) -> u32 {
    let start = map.province_of(unit.location);
    if homes.contains(&start) {
        return 0;
    }
    let mut seen = vec![false; map.location_count()];
    let mut queue = VecDeque::new();
    seen[unit.location.index()] = true;
    queue.push_back((unit.location, 0u32));
    while let Some((l, d)) = queue.pop_front() {
        let next: Vec<LocationId> = match unit.kind {
            UnitKind::Fleet => map.fleet_neighbours(l).collect(),
            UnitKind::Army => {
                let p = map.province_of(l);
                map.army_neighbours(p)
                    .chain(map.fleet_province_neighbours(p))
                    .map(ProvinceId::location)
                    .collect()
            }
        };
        for n in next {
            if seen[n.index()] {
                continue;
            }
            seen[n.index()] = true;
            if homes.contains(&map.province_of(n)) {
                return d + 1;
            }
            queue.push_back((n, d + 1));
        }
    }
    u32::MAX
}
