//! Variant rules applied around a movement phase rather than inside its resolution
//! (the Bowen variant): disbands ordered for the start of the turn (rule 10), home guards
//! (rule 6) and what becomes of unit grades after the turn (rules 8-9).

use super::judge::{Eff, Judge};
use super::outcome::Outcome;
use super::settlement::Settlement;
use super::{MovementResult, OrderStatus, UnitResult};
use crate::ids::{PowerId, ProvinceId};
use crate::order::{Order, OrderKind};
use crate::position::Position;
use crate::rules::RuleSet;
use crate::unit::{Grade, Unit};
use crate::variant::Variant;

/// Whether `order` disbands a unit at the start of a movement phase (Bowen 10).
fn is_disband(order: &Order) -> bool {
    matches!(
        order.kind,
        OrderKind::Disband { .. } | OrderKind::Remove { .. }
    )
}

/// Bowen 7 after a movement phase. In the Spring, the centers units moved into are
/// their powers' spring entries (the year starts afresh). In the Fall, an entry stands
/// only if the unit that entered moved out again: one that stayed, was dislodged, or
/// was disbanded at the start of the Fall (unless the variant's
/// `disband_counts_as_leaving` says so) loses it.
pub(super) fn note_spring_entrants<S: Settlement>(
    variant: &Variant,
    position: &Position,
    judge: &Judge,
    settled: &mut S,
    arrivals: &[(usize, ProvinceId)],
    next: &mut Position,
) {
    let spring = position.phase.season == crate::phase::Season::Spring;
    if spring {
        next.spring_entrants.iter_mut().for_each(|e| *e = None);
    }
    for p in 0..next.spring_entrants.len() {
        let Some(w) = position.spring_entrants[p] else {
            continue;
        };
        if spring {
            break;
        }
        let moved_out = match judge.unit_at(ProvinceId(p as u16)) {
            Some(u) => judge.power[u as usize] == w && settled.moved(u as usize),
            // Empty at the start of the movement: its entrant was disbanded first.
            None => variant.flags().disband_counts_as_leaving,
        };
        if !moved_out {
            next.spring_entrants[p] = None;
        }
    }
    if spring {
        for &(u, dest) in arrivals {
            if variant.is_center_in(next, dest) {
                next.spring_entrants[dest.index()] = Some(judge.power[u]);
            }
        }
    }
}

/// Bowen 10: the units ordered to disband leave the board before anything else is
/// adjudicated; the rest of the orders are adjudicated on the board without them.
pub(super) fn with_disbands_first(
    variant: &Variant,
    rules: &RuleSet,
    position: &Position,
    orders: &[Order],
) -> MovementResult {
    let map = &variant.map;
    let mut board = position.clone();
    let mut gone: Vec<(usize, Result<Unit, super::Illegal>)> = Vec::new();
    for (i, order) in orders.iter().enumerate().filter(|(_, o)| is_disband(o)) {
        let Some(unit) = order.kind.unit() else {
            continue;
        };
        let prov = map.province_of(unit.location);
        let found = match position.unit_at(prov) {
            Some(u) if u.power == order.power => Ok(*u),
            Some(_) => Err(super::Illegal::NotYourUnit),
            None => Err(super::Illegal::NoUnit),
        };
        if found.is_ok() {
            board.set_unit(prov, None);
        }
        gone.push((i, found));
    }
    let rest: Vec<Order> = orders.iter().filter(|o| !is_disband(o)).cloned().collect();
    let mut result = super::movement(variant, rules, &board, &rest);
    // Statuses back in submission order; orders for a disbanded unit find no unit.
    let mut statuses = result.orders.into_iter();
    result.orders = (0..orders.len())
        .map(|i| match gone.iter().find(|(j, _)| *j == i) {
            Some((_, Ok(u))) => OrderStatus::Applied(map.province_of(u.location)),
            Some((_, Err(why))) => OrderStatus::Rejected(*why),
            None => statuses
                .next()
                .unwrap_or(OrderStatus::Rejected(super::Illegal::NoUnit)),
        })
        .collect();
    let mut disbanded: Vec<Unit> = gone.into_iter().filter_map(|(_, u)| u.ok()).collect();
    disbanded.dedup();
    for u in disbanded {
        result.units.push(UnitResult {
            province: map.province_of(u.location),
            unit: u,
            outcome: Outcome::Disbanded,
            dislodged_by: None,
        });
    }
    result.units.sort_by_key(|r| r.province);
    result
}

/// Bowen 6: posts the home guards of this turn on the judge.
pub(super) fn post_home_guards(variant: &Variant, position: &Position, judge: &mut Judge) {
    let homes: Vec<(PowerId, &[ProvinceId])> = (0..variant.powers.len())
        .map(|p| PowerId(p as u8))
        .map(|p| (p, variant.home_centers_in(position, p)))
        .collect();
    judge.post_home_guards(&homes, &position.last_occupant);
}

/// Whether unit `u` is given a hold order in its home country (Bowen 8 restores it).
fn holds_at_home(variant: &Variant, judge: &Judge, u: usize) -> bool {
    let home = variant
        .placement_spaces(judge.power[u])
        .unwrap_or(&variant.power(judge.power[u]).home_centers);
    matches!(judge.eff[u], Eff::Hold) && home.contains(&judge.prov[u])
}

/// Bowen 8: a half-strength unit given a hold order in its home country is full
/// strength again at once: it defends at full strength this turn (unless the variant's
/// `restore = "after_turn"` option says after the turn).
pub(super) fn restore_holding_units(variant: &Variant, judge: &mut Judge) {
    if judge.hooks.flags.restore_after_turn {
        return;
    }
    for u in 0..judge.units {
        if judge.grade[u] == Grade::Half && holds_at_home(variant, judge, u) {
            judge.grade[u] = Grade::Full;
        }
    }
}

/// Unit `u`'s grade after the turn (Bowen 8): a provisional unit that held is full, one
/// that did anything else is half (the judge settled both for the turn already); under
/// `restore = "after_turn"` a half unit that held at home is full now.
pub(super) fn grade_after(variant: &Variant, judge: &Judge, u: usize, before: Grade) -> Grade {
    match before {
        Grade::Provisional if judge.graded && matches!(judge.eff[u], Eff::Hold) => Grade::Full,
        Grade::Provisional if judge.graded => Grade::Half,
        Grade::Half if judge.graded && holds_at_home(variant, judge, u) => Grade::Full,
        other => other,
    }
}
