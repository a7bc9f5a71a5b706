//! The adjustment (winter) phase: builds, removals, waives and civil-disorder removals.
//!
//! DATC preferences: builds only in vacant, owned home centers (4.B.7 a: a fleet in a
//! two-coast center needs its coast; 4.C.3 c: a missing unit type is an army inland and
//! an error on the coast; 4.C.4 a: no fleet inland); the first legal builds up to the
//! allowance are used and one unit per center (4.D.4 b, 4.D.5 b); builds may be waived
//! (4.D.7 a); the first legal removals are used (4.D.6 b); a power that removes too few
//! loses the units farthest from its home centers (4.D.8 d: fleets move as fleets, armies
//! may also cross water; ties: fleets first, then alphabetical by full English name).

use super::coasts::check_coasts;
use super::outcome::Illegal;
use super::OrderStatus;
use crate::ids::{LocationId, PowerId, ProvinceId};
use crate::map::{normalize_name, Map, Terrain};
use crate::order::{Order, OrderKind};
use crate::position::Position;
use crate::rules::{
    BuildCoast, BuildWithoutType, CivilDisorderDistance, CivilDisorderTarget, CivilDisorderTies,
    ExcessAdjustments, FleetBuildInland, RuleSet, Rules, UnknownCoast, Waive as WaiveRule,
};
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
    /// A unit cut off from supply was reduced to half strength (Bowen 9).
    Reduced(Unit),
    /// A half-strength unit cut off from supply was eliminated (Bowen 9).
    CutOff(Unit),
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

/// Builds (positive) or removals (negative) each power must make: its counted centers
/// ([`Variant::counted_centers`]) less its units.
pub fn adjustment_counts(variant: &Variant, position: &Position) -> Vec<i32> {
    let n = variant.powers.len();
    // One list (each power's centers less its units): one pass over the board for
    // every power's units, one over the owners.
    let mut counts = vec![0i32; n];
    for (_, u) in position.units() {
        if let Some(c) = counts.get_mut(u.power.index()) {
            *c -= 1;
        }
    }
    if variant.placing(position) {
        // The opening placement: one unit per marked home center (Bowen 2).
        for (p, count) in counts.iter_mut().enumerate() {
            let power = PowerId(p as u8);
            let allowed = variant
                .placement_spaces(power)
                .map_or(0, |_| variant.power(power).home_centers.len());
            *count += allowed as i32;
        }
        return counts;
    }
    for owner in position.owners().iter().flatten() {
        if let Some(c) = counts.get_mut(owner.index()) {
            *c += 1;
        }
    }
    // What [`Variant::counted_centers`] leaves out.
    for &(p, who) in &variant.center_exclusions {
        if position.owner(p) == Some(who) {
            if let Some(c) = counts.get_mut(who.index()) {
                *c -= 1;
            }
        }
    }
    counts
}

/// Adjudicates an adjustment phase.
pub fn adjudicate_adjustments(
    variant: &Variant,
    position: &Position,
    orders: &[Order],
) -> AdjustmentResult {
    adjudicate_adjustments_with(variant, &Rules::DATC, position, orders)
}

/// Adjudicates an adjustment phase under `rules`.
pub fn adjudicate_adjustments_with(
    variant: &Variant,
    rules: &Rules,
    position: &Position,
    orders: &[Order],
) -> AdjustmentResult {
    adjudicate_with(variant, rules, position, orders, true)
}

/// The status of each of `orders` in an adjustment phase under `rules`, as
/// [`adjudicate_adjustments_with`] gives them, without working out the removals of
/// powers in civil disorder (which decide no order's status): for checking orders
/// before the phase is played.
pub(crate) fn adjustment_statuses(
    variant: &Variant,
    rules: &Rules,
    position: &Position,
    orders: &[Order],
) -> Vec<OrderStatus> {
    adjudicate_with(variant, rules, position, orders, false).orders
}

/// [`adjudicate_adjustments_with`]; `civil_disorder`: whether to remove the units of
/// powers that ordered too few removals (else the result's board and changes lack them).
fn adjudicate_with(
    variant: &Variant,
    rules: &Rules,
    position: &Position,
    orders: &[Order],
    civil_disorder: bool,
) -> AdjustmentResult {
    let map = &variant.map;
    // Bowen 10: disbands come first; what is due is counted on the board without them.
    let voluntary = variant.flags().disband_any_turn && !variant.placing(position);
    let mut disbanded: Vec<Unit> = Vec::new();
    let mut board = std::borrow::Cow::Borrowed(position);
    if voluntary {
        for order in orders {
            if let OrderKind::Remove { unit } | OrderKind::Disband { unit } = &order.kind {
                let prov = map.province_of(unit.location);
                match position.unit_at(prov).copied() {
                    Some(u) if u.power == order.power && !disbanded.contains(&u) => {
                        disbanded.push(u);
                        board.to_mut().set_unit(prov, None);
                    }
                    _ => {}
                }
            }
        }
    }
    // Bowen 9: units cut off from supply are reduced (or eliminated) next, before what
    // is due is counted.
    let mut reductions = Vec::new();
    if variant.flags().reduced_units && !variant.placing(position) {
        reductions = cut_off_units(variant, board.to_mut());
    }
    let position: &Position = &board;
    let counts = adjustment_counts(variant, position);
    let mut statuses: Vec<OrderStatus> = Vec::with_capacity(orders.len());
    // Per power: the legal adjustment orders, in submission order, as (order index, what).
    let mut wanted: Vec<Vec<(usize, Wanted)>> = vec![Vec::new(); counts.len()];
    for (i, order) in orders.iter().enumerate() {
        let decision = adjustment_decision(
            variant,
            rules,
            position,
            &counts,
            voluntary.then_some(disbanded.as_slice()),
            order,
        );
        match decision {
            Ok(Decision::Wanted(w)) => {
                wanted[order.power.index()].push((i, w));
                statuses.push(OrderStatus::Rejected(Illegal::NothingDue)); // until chosen below
            }
            Ok(Decision::Disbanded(prov)) => statuses.push(OrderStatus::Applied(prov)),
            Err(why) => statuses.push(OrderStatus::Rejected(why)),
        }
    }
    let mut next = position.clone();
    let mut changes: Vec<Adjustment> = disbanded.into_iter().map(Adjustment::Removed).collect();
    changes.extend(reductions);
    for (p, &due) in counts.iter().enumerate() {
        let power = PowerId(p as u8);
        let chosen = choose(map, rules, due, &wanted[p]);
        for &(i, w) in &chosen {
            match w {
                Wanted::Build(u) => {
                    next.set_unit(map.province_of(u.location), Some(u));
                    changes.push(Adjustment::Built(u));
                    statuses[i] = OrderStatus::Applied(map.province_of(u.location));
                }
                Wanted::Waive => {
                    changes.push(Adjustment::Waived(power));
                    statuses[i] = OrderStatus::Applied(ProvinceId(0));
                }
                Wanted::Remove(u) => {
                    let prov = map.province_of(u.location);
                    next.set_unit(prov, None);
                    changes.push(Adjustment::Removed(u));
                    statuses[i] = OrderStatus::Applied(prov);
                }
            }
        }
        let done = chosen.len() as i32;
        if due > 0 {
            for _ in done..due {
                changes.push(Adjustment::Waived(power));
            }
        } else if due < 0 && civil_disorder {
            for _ in done..-due {
                let Some(victim) = civil_disorder_victim(variant, rules, &next, power) else {
                    break;
                };
                next.set_unit(map.province_of(victim.location), None);
                changes.push(Adjustment::RemovedInCivilDisorder(victim));
            }
        }
    }
    if variant.placing(position) {
        settle_placement(variant, &mut next);
    }
    next.note_occupants();
    AdjustmentResult {
        position: next,
        changes,
        orders: statuses,
    }
}

/// After the opening placement (Bowen 2): the spaces each power placed on are its home
/// centers, owned by it; the marked home centers nobody placed on stop being centers.
fn settle_placement(variant: &Variant, next: &mut Position) {
    let mut homes: Vec<Vec<ProvinceId>> = vec![Vec::new(); variant.powers.len()];
    for (p, u) in next.units() {
        homes[u.power.index()].push(p);
    }
    for power in &variant.powers {
        for &h in &power.home_centers {
            next.owners[h.index()] = None;
        }
    }
    for (i, h) in homes.iter().enumerate() {
        for &p in h {
            next.owners[p.index()] = Some(PowerId(i as u8));
        }
    }
    next.homes = Some(std::sync::Arc::new(homes));
}

/// Bowen 9: in winter, a unit on a space that is no supply center is cut off unless it
/// is adjacent to a center its power controls, or to a friendly unit so linked; a cut-off
/// unit is reduced to half strength, and a half-strength one is eliminated.
fn cut_off_units(variant: &Variant, next: &mut Position) -> Vec<Adjustment> {
    let map = &variant.map;
    let n = map.province_count();
    let touches =
        |a: ProvinceId, b: ProvinceId| map.army_adjacent(a, b) || map.fleet_province_adjacent(a, b);
    let mut changes = Vec::new();
    for power in 0..variant.powers.len() {
        let power = PowerId(power as u8);
        let mine: Vec<ProvinceId> = next
            .units()
            .filter(|(_, u)| u.power == power)
            .map(|(p, _)| p)
            .collect();
        let mut supplied = vec![false; n];
        let mut frontier: Vec<ProvinceId> = Vec::new();
        for &p in &mine {
            let on_center = variant.is_center_in(next, p);
            let near_center = (0..n).map(|q| ProvinceId(q as u16)).any(|q| {
                next.owners[q.index()] == Some(power)
                    && variant.is_center_in(next, q)
                    && (q == p || touches(p, q))
            });
            if on_center || near_center {
                supplied[p.index()] = true;
                frontier.push(p);
            }
        }
        while let Some(p) = frontier.pop() {
            for &q in &mine {
                if !supplied[q.index()] && touches(p, q) {
                    supplied[q.index()] = true;
                    frontier.push(q);
                }
            }
        }
        for p in mine {
            if supplied[p.index()] {
                continue;
            }
            let Some(u) = next.unit_at(p).copied() else {
                continue;
            };
            if u.grade == crate::unit::Grade::Half {
                next.set_unit(p, None);
                changes.push(Adjustment::CutOff(u));
            } else {
                next.set_unit(
                    p,
                    Some(Unit {
                        grade: crate::unit::Grade::Half,
                        ..u
                    }),
                );
                changes.push(Adjustment::Reduced(u));
            }
        }
    }
    changes
}

/// A legal adjustment order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wanted {
    Build(Unit),
    Waive,
    Remove(Unit),
}

impl Wanted {
    fn province(self, map: &Map) -> Option<ProvinceId> {
        match self {
            Wanted::Build(u) | Wanted::Remove(u) => Some(map.province_of(u.location)),
            Wanted::Waive => None,
        }
    }
}

/// Which of a power's legal adjustment orders are carried out (DATC 4.D.4–4.D.6).
fn choose(
    map: &Map,
    rules: &RuleSet,
    due: i32,
    wanted: &[(usize, Wanted)],
) -> Vec<(usize, Wanted)> {
    let allowed = due.unsigned_abs() as usize;
    // The same unit removed twice counts once; two builds in one center follow 4.D.5.
    let mut distinct: Vec<(usize, Wanted)> = Vec::new();
    let mut contested: Vec<(usize, Wanted)> = Vec::new();
    for &(i, w) in wanted {
        let clash = distinct.iter().position(|&(_, d)| match (d, w) {
            (Wanted::Remove(a), Wanted::Remove(b)) => a == b,
            (Wanted::Build(_), Wanted::Build(_)) => d.province(map) == w.province(map),
            _ => false,
        });
        match (clash, w) {
            (Some(k), Wanted::Build(_)) => match rules.builds_in_one_area {
                ExcessAdjustments::First => {}
                ExcessAdjustments::Last => distinct[k] = (i, w),
                ExcessAdjustments::AllFail => contested.push(distinct[k]),
            },
            (Some(_), _) => {}
            (None, _) => distinct.push((i, w)),
        }
    }
    distinct.retain(|d| !contested.contains(d));
    let removals = matches!(wanted.first(), Some((_, Wanted::Remove(_))));
    let rule = if removals {
        rules.too_many_removals
    } else {
        rules.too_many_builds
    };
    if distinct.len() <= allowed {
        return distinct;
    }
    match rule {
        ExcessAdjustments::First => distinct.truncate(allowed),
        ExcessAdjustments::Last => {
            distinct.drain(..distinct.len() - allowed);
        }
        ExcessAdjustments::AllFail => distinct.clear(),
    }
    distinct
}

/// Whether `power` may build in `prov` now: one of its home centers (any center under
/// the build-anywhere rule), owned by it and empty; else why not.
pub(crate) fn check_build_site(
    variant: &Variant,
    position: &Position,
    power: PowerId,
    prov: ProvinceId,
) -> Result<(), Illegal> {
    if variant.placing(position) {
        // Bowen 2: any land space of the power's home country.
        let spaces = variant.placement_spaces(power).unwrap_or(&[]);
        if !spaces.contains(&prov) {
            return Err(Illegal::NotHomeCenter);
        }
        return match position.unit_at(prov) {
            Some(_) => Err(Illegal::CenterOccupied),
            None => Ok(()),
        };
    }
    let is_site = if variant.hooks(position.phase).build_anywhere {
        variant.is_center_in(position, prov)
    } else {
        variant.home_centers_in(position, power).contains(&prov)
    };
    if !is_site {
        return Err(Illegal::NotHomeCenter);
    }
    // Bowen 8: an uncontrolled home center takes a (provisional) build too.
    if position.owners[prov.index()] != Some(power) && !variant.flags().reduced_units {
        return Err(Illegal::CenterNotOwned);
    }
    if position.unit_at(prov).is_some() {
        return Err(Illegal::CenterOccupied);
    }
    Ok(())
}

fn build(
    variant: &Variant,
    rules: &RuleSet,
    position: &Position,
    power: PowerId,
    kind: Option<UnitKind>,
    at: LocationId,
) -> Result<Unit, Illegal> {
    let map = &variant.map;
    let prov = map.province_of(at);
    check_build_site(variant, position, power, prov)?;
    let inland = map.province(prov).terrain == Terrain::Land;
    let kind = match (kind, rules.build_without_type) {
        (Some(UnitKind::Fleet), _)
            if inland && rules.fleet_build_inland == FleetBuildInland::Army =>
        {
            UnitKind::Army
        }
        (Some(k), _) => k,
        // DATC 4.C.3: (b, c) inland means an army; (c) a named coast means a fleet
        // (`Build stp/nc`); otherwise, and always under (a), the build fails.
        (None, BuildWithoutType::FailsOnCoast | BuildWithoutType::FleetWithCoast) if inland => {
            UnitKind::Army
        }
        (None, BuildWithoutType::FleetWithCoast) if at.index() >= map.province_count() => {
            UnitKind::Fleet
        }
        (None, _) => return Err(Illegal::UnitTypeMissing),
    };
    let location = match kind {
        UnitKind::Army => prov.location(),
        // DATC 4.B.7 b: a fleet built without a coast goes to the map's default coast.
        UnitKind::Fleet
            if at == prov.location() && rules.build_coast == BuildCoast::DefaultCoast =>
        {
            map.default_coast(prov).unwrap_or(at)
        }
        UnitKind::Fleet => at,
    };
    if !map.can_stand(kind, location) {
        return Err(match kind {
            UnitKind::Fleet if map.has_coasts(prov) => Illegal::CoastNotSpecified,
            UnitKind::Fleet if inland => Illegal::FleetInland,
            _ => Illegal::NotAdjacent,
        });
    }
    let mut unit = Unit::new(power, kind, location);
    if position.owners[prov.index()] != Some(power) && !variant.placing(position) {
        // Bowen 8: built in a home center its power does not control.
        unit.grade = crate::unit::Grade::Provisional;
    }
    Ok(unit)
}

/// The unit the civil-disorder rule removes (DATC 4.D.8): the one farthest from its
/// power's home centers (or, 2023 rulebook, owned centers); ties go to fleets, then to
/// the alphabetically first full province name.
fn civil_disorder_victim(
    variant: &Variant,
    rules: &RuleSet,
    position: &Position,
    power: PowerId,
) -> Option<Unit> {
    let map = &variant.map;
    // Where there are no home centers to speak of (build anywhere, DATC 11.A), owned
    // centers take their place.
    let owned = rules.civil_disorder_target == CivilDisorderTarget::OwnedCenters
        || variant.hooks(position.phase).build_anywhere;
    let targets: Vec<ProvinceId> = match owned {
        false => variant.home_centers_in(position, power).to_vec(),
        true => (0..map.province_count())
            .map(|p| ProvinceId(p as u16))
            .filter(|p| position.owners[p.index()] == Some(power))
            .collect(),
    };
    position
        .units()
        .filter(|(_, u)| u.power == power)
        .map(|(p, u)| {
            let d = distance(map, rules.civil_disorder_distance, position, u, &targets);
            (
                d,
                u.kind == UnitKind::Fleet,
                tie_name(rules.civil_disorder_ties, &map.province(p).name),
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

/// A space's name as civil-disorder ties sort it: as written (DATC 4.D.8), or as the
/// DPTG's list files it (XIII: "Gulf of Bothnia" under B, "St. Petersburg" as Saint).
fn tie_name(order: CivilDisorderTies, name: &str) -> String {
    if order == CivilDisorderTies::WrittenNames {
        return normalize_name(name);
    }
    let lower = name.trim().to_lowercase();
    let proper = lower.strip_prefix("gulf of ").unwrap_or(&lower);
    match proper
        .strip_prefix("st. ")
        .or_else(|| proper.strip_prefix("st "))
    {
        Some(rest) => normalize_name(&format!("saint {rest}")),
        None => normalize_name(proper),
    }
}

/// Moves from the unit to the nearest of `targets`, counted as DATC 4.D.8 `how` says.
/// Unreachable counts as far away.
fn distance(
    map: &Map,
    how: CivilDisorderDistance,
    position: &Position,
    unit: &Unit,
    targets: &[ProvinceId],
) -> u32 {
    let start = map.province_of(unit.location);
    if targets.contains(&start) {
        return 0;
    }
    // Seas an army may be carried across in one move (4.D.8 a-c).
    let carriers = |p: ProvinceId| -> bool {
        match how {
            CivilDisorderDistance::ConvoyOwnFleets => position
                .unit_at(p)
                .is_some_and(|u| u.kind == UnitKind::Fleet && u.power == unit.power),
            CivilDisorderDistance::ConvoyAnyFleets => position
                .unit_at(p)
                .is_some_and(|u| u.kind == UnitKind::Fleet),
            _ => true,
        }
    };
    let mut seen = vec![false; map.location_count()];
    let mut queue = VecDeque::new();
    seen[unit.location.index()] = true;
    queue.push_back((unit.location, 0u32));
    while let Some((l, d)) = queue.pop_front() {
        let p = map.province_of(l);
        let next: Vec<LocationId> = match (unit.kind, how) {
            (UnitKind::Fleet, CivilDisorderDistance::Anywhere)
            | (UnitKind::Army, CivilDisorderDistance::Anywhere) => map
                .army_neighbours(p)
                .chain(map.fleet_province_neighbours(p))
                .map(ProvinceId::location)
                .collect(),
            (UnitKind::Fleet, _) => map.fleet_neighbours(l).collect(),
            (UnitKind::Army, CivilDisorderDistance::ArmiesCrossWater) => map
                .army_neighbours(p)
                .chain(map.fleet_province_neighbours(p))
                .map(ProvinceId::location)
                .collect(),
            (UnitKind::Army, _) => {
                // Regular army moves, plus one move to any coast a convoy could reach.
                let mut out: Vec<LocationId> =
                    map.army_neighbours(p).map(ProvinceId::location).collect();
                if map.province(p).terrain == Terrain::Coast {
                    out.extend(
                        convoy_reach(map, p, &carriers)
                            .into_iter()
                            .map(ProvinceId::location),
                    );
                }
                out
            }
        };
        for n in next {
            if seen[n.index()] {
                continue;
            }
            seen[n.index()] = true;
            if targets.contains(&map.province_of(n)) {
                return d + 1;
            }
            // Armies crossing water in 4.D.8 d/e pass through seas; they are not stops.
            queue.push_back((n, d + 1));
        }
    }
    u32::MAX
}

/// Coastal provinces reachable from coastal `from` through seas that `carriers` allows.
fn convoy_reach(
    map: &Map,
    from: ProvinceId,
    carriers: &dyn Fn(ProvinceId) -> bool,
) -> Vec<ProvinceId> {
    let mut seen = vec![false; map.province_count()];
    let mut stack: Vec<ProvinceId> = map
        .fleet_province_neighbours(from)
        .filter(|&s| map.province(s).terrain == Terrain::Sea && carriers(s))
        .collect();
    for s in &stack {
        seen[s.index()] = true;
    }
    let mut coasts = Vec::new();
    while let Some(s) = stack.pop() {
        for n in map.fleet_province_neighbours(s) {
            if seen[n.index()] {
                continue;
            }
            seen[n.index()] = true;
            match map.province(n).terrain {
                Terrain::Sea if carriers(n) => stack.push(n),
                Terrain::Coast if n != from => coasts.push(n),
                _ => {}
            }
        }
    }
    coasts
}

/// What one adjustment order comes to, read alone.
#[derive(Clone, Copy, Debug)]
enum Decision {
    /// A legal build, waive or removal, carried out if the power's allowance reaches it.
    Wanted(Wanted),
    /// A unit disbanded before anything else (Bowen 10), in this province.
    Disbanded(ProvinceId),
}

/// The decision on one adjustment order: `counts` as [`adjustment_counts`] gives them on
/// the board `position`; `disbanded`: under the disband-any-turn rule (Bowen 10), the
/// units disbanded before the phase (`None` without that rule).
fn adjustment_decision(
    variant: &Variant,
    rules: &Rules,
    position: &Position,
    counts: &[i32],
    disbanded: Option<&[Unit]>,
    order: &Order,
) -> Result<Decision, Illegal> {
    let map = &variant.map;
    let Some(&due) = counts.get(order.power.index()) else {
        return Err(Illegal::WrongPhase);
    };
    // DATC 4.B.6 a: an unknown or irrelevant coast fails the order.
    if rules.unknown_coast == UnknownCoast::Fails {
        let kind_at = |p: ProvinceId| position.unit_at(p).map(|u| u.kind);
        check_coasts(map, order, kind_at)?;
    }
    let wanted = match order.kind {
        OrderKind::Build { unit } if due > 0 => build(
            variant,
            rules,
            position,
            order.power,
            unit.kind,
            unit.location,
        )
        .map(Wanted::Build),
        OrderKind::Waive if due > 0 && rules.waive == WaiveRule::Allowed => Ok(Wanted::Waive),
        OrderKind::Waive if due > 0 => Err(Illegal::WaiveNotAllowed),
        OrderKind::Remove { unit } | OrderKind::Disband { unit } if due < 0 => {
            let prov = map.province_of(unit.location);
            match position.unit_at(prov).copied() {
                Some(u) if u.power == order.power => Ok(Wanted::Remove(u)),
                Some(_) => Err(Illegal::NotYourUnit),
                None => Err(Illegal::NoUnit),
            }
        }
        // Bowen 10: disbanded before anything else (above).
        OrderKind::Remove { unit } | OrderKind::Disband { unit } if disbanded.is_some() => {
            let prov = map.province_of(unit.location);
            if disbanded
                .unwrap_or_default()
                .iter()
                .any(|u| map.province_of(u.location) == prov)
            {
                return Ok(Decision::Disbanded(prov));
            }
            match position.unit_at(prov) {
                Some(_) => Err(Illegal::NotYourUnit),
                None => Err(Illegal::NoUnit),
            }
        }
        OrderKind::Build { .. }
        | OrderKind::Waive
        | OrderKind::Remove { .. }
        | OrderKind::Disband { .. } => Err(Illegal::NothingDue),
        _ => Err(Illegal::WrongPhase),
    };
    wanted.map(Decision::Wanted)
}

/// Checks adjustment orders one at a time against one position, as
/// [`adjustment_statuses`] would for each order alone, with the allowances counted once.
#[derive(Clone, Debug)]
pub(crate) struct AdjustmentChecker {
    /// [`adjustment_counts`], when the board the orders are read on is the position
    /// itself (no Bowen 9 reductions or Bowen 10 disbands first); `None`: each order is
    /// adjudicated alone.
    counts: Option<Vec<i32>>,
}

impl AdjustmentChecker {
    /// A checker for `position` (an adjustment phase).
    pub(crate) fn new(variant: &Variant, position: &Position) -> Self {
        let placing = variant.placing(position);
        let voluntary = variant.flags().disband_any_turn && !placing;
        let reduces = variant.flags().reduced_units && !placing;
        let counts = (!voluntary && !reduces).then(|| adjustment_counts(variant, position));
        AdjustmentChecker { counts }
    }

    /// Why `order`, given alone, would not be followed (`Ok` when it would be).
    pub(crate) fn check(
        &self,
        variant: &Variant,
        rules: &Rules,
        position: &Position,
        order: &Order,
    ) -> Result<(), Illegal> {
        let Some(counts) = &self.counts else {
            let one = std::slice::from_ref(order);
            return match adjustment_statuses(variant, rules, position, one).first() {
                Some(OrderStatus::Rejected(why)) => Err(*why),
                _ => Ok(()),
            };
        };
        // A legal order alone is always within its power's allowance (at least one
        // build or removal is due when it is legal), so it is carried out.
        adjustment_decision(variant, rules, position, counts, None, order).map(drop)
    }
}
