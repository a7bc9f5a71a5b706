//! The retreat phase: each dislodged unit retreats to one of its options or disbands.
//! Two or more retreats to one province all fail; a unit without a valid retreat
//! order disbands. Any other order is illegal in this phase.

use super::coasts::check_coasts;
use super::outcome::Illegal;
use super::OrderStatus;
use crate::ids::{LocationId, ProvinceId};
use crate::order::{Order, OrderKind};
use crate::position::Position;
use crate::rules::{MissingCoastOnePossible, MissingCoastTwoPossible, Rules, UnknownCoast};
use crate::unit::UnitKind;
use crate::variant::Variant;

/// What happened to one dislodged unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum RetreatOutcome {
    /// Retreated to this location.
    Retreated(LocationId),
    /// Retreat failed because another unit retreated to the same province.
    Bounced(ProvinceId),
    /// Disbanded as ordered.
    Disbanded,
    /// No (valid) order: disbanded.
    DisbandedUnordered,
}

/// Result of a retreat phase.
#[derive(Clone, Debug)]
pub struct RetreatResult {
    /// The board after retreats (no dislodged units left).
    pub position: Position,
    /// The dislodged units of the input, in order.
    pub dislodged: Vec<crate::position::Dislodged>,
    /// Per dislodged unit (same order): its province and outcome.
    pub units: Vec<(ProvinceId, RetreatOutcome)>,
    /// Per submitted order.
    pub orders: Vec<OrderStatus>,
}

/// Adjudicates a retreat phase under the default rules (the `datc` preset).
pub fn adjudicate_retreats(
    variant: &Variant,
    position: &Position,
    orders: &[Order],
) -> RetreatResult {
    adjudicate_retreats_with(variant, &Rules::DATC, position, orders)
}

/// Adjudicates a retreat phase under `rules` (of which the coast rules concern
/// retreats: 4.B.1, 4.B.2 and 4.B.6).
pub fn adjudicate_retreats_with(
    variant: &Variant,
    rules: &Rules,
    position: &Position,
    orders: &[Order],
) -> RetreatResult {
    let map = &variant.map;
    let n = position.dislodged.len();
    // Per dislodged unit: chosen retreat location (None = disband), ordered?
    let mut choice: Vec<Option<Option<LocationId>>> = vec![None; n];
    let mut statuses = Vec::with_capacity(orders.len());
    for order in orders {
        match retreat_decision(variant, rules, position, order) {
            Ok((d, c)) => {
                // DATC 4.D.3 c: two different orders for one unit: none is used.
                choice[d] = match choice[d] {
                    Some(prev) if prev != c => Some(None),
                    _ => Some(c),
                };
                statuses.push(OrderStatus::Applied(
                    map.province_of(position.dislodged[d].unit.location),
                ));
            }
            Err(why) => statuses.push(OrderStatus::Rejected(why)),
        }
    }
    let mut next = position.clone();
    next.dislodged.clear();
    let mut units = Vec::with_capacity(n);
    for (i, d) in position.dislodged.iter().enumerate() {
        let from = map.province_of(d.unit.location);
        let outcome = match choice[i] {
            None => RetreatOutcome::DisbandedUnordered,
            Some(None) => RetreatOutcome::Disbanded,
            Some(Some(to)) => {
                let dest = map.province_of(to);
                // Two or more retreats to one province all fail, except that one over a
                // normal border beats those over difficult passable borders (DATC 10.K).
                let hooks = variant.hooks(position.phase);
                let difficult = |from: ProvinceId| {
                    hooks
                        .difficult
                        .as_ref()
                        .is_some_and(|d| d.get(from.index(), dest.index()))
                };
                let mine = u8::from(!difficult(from));
                let beaten_or_tied = choice.iter().enumerate().any(|(j, c)| {
                    j != i
                        && matches!(c, Some(Some(l)) if map.province_of(*l) == dest)
                        && u8::from(!difficult(
                            map.province_of(position.dislodged[j].unit.location),
                        )) >= mine
                });
                if beaten_or_tied || next.unit_at(dest).is_some() {
                    RetreatOutcome::Bounced(dest)
                } else {
                    RetreatOutcome::Retreated(to)
                }
            }
        };
        units.push((from, outcome));
    }
    for (i, (_, outcome)) in units.iter().enumerate() {
        if let RetreatOutcome::Retreated(to) = outcome {
            let unit = position.dislodged[i].unit;
            let dest = map.province_of(*to);
            // Bowen 7: a unit retreating into a center in the Spring entered it then.
            if !next.spring_entrants.is_empty()
                && position.phase.season == crate::phase::Season::Spring
                && variant.is_center_in(position, dest)
            {
                next.spring_entrants[dest.index()] = Some(unit.power);
            }
            next.set_unit(
                map.province_of(*to),
                Some(crate::Unit {
                    location: *to,
                    ..unit
                }),
            );
        }
    }
    // A unit that retreats into a space is its last occupant (Bowen 6, 7).
    next.note_occupants();
    RetreatResult {
        position: next,
        dislodged: position.dislodged.clone(),
        units,
        orders: statuses,
    }
}

/// What one retreat-phase order asks of its dislodged unit, read alone: the unit's index
/// in `position.dislodged` and where it retreats (`None`: it disbands); why the order is
/// not followed otherwise. Two orders for one unit are settled by the caller.
pub(crate) fn retreat_decision(
    variant: &Variant,
    rules: &Rules,
    position: &Position,
    order: &Order,
) -> Result<(usize, Option<LocationId>), Illegal> {
    let map = &variant.map;
    let unit_ref = order.kind.unit().ok_or(Illegal::WrongPhase)?;
    let p = map.province_of(unit_ref.location);
    let Some(d) = position
        .dislodged
        .iter()
        .position(|d| map.province_of(d.unit.location) == p)
    else {
        // Units that were not dislodged take no orders in a retreat phase.
        return Err(if position.unit_at(p).is_some() {
            Illegal::WrongPhase
        } else {
            Illegal::NoUnit
        });
    };
    let dislodged = &position.dislodged[d];
    if dislodged.unit.power != order.power {
        return Err(Illegal::NotYourUnit);
    }
    // DATC 4.B.6 a: an unknown or irrelevant coast fails the order.
    if rules.unknown_coast == UnknownCoast::Fails {
        let kind = dislodged.unit.kind;
        check_coasts(map, order, |_| Some(kind))?;
    }
    let decided = match order.kind {
        OrderKind::Disband { .. } | OrderKind::Remove { .. } => Ok(None),
        OrderKind::Retreat { to, .. } | OrderKind::Move { to, .. } => {
            let dest = map.province_of(to);
            // Only options the unit could really move to count, whatever the
            // position claims (positions can be built by hand).
            let unit = dislodged.unit;
            // An army's coast means nothing (DATC 4.B.6 b: ignored).
            let to = if unit.kind == UnitKind::Army {
                dest.location()
            } else {
                to
            };
            let mut fits = dislodged.retreat_options.iter().copied().filter(|&o| {
                map.province_of(o) == dest
                    && (o == to || to.index() < map.province_count())
                    && map.can_stand(unit.kind, o)
                    && map.can_move(unit.kind, unit.location, o)
            });
            let first = fits.next();
            let several = fits.next().is_some();
            let options = &dislodged.retreat_options;
            // A fleet retreating to a two-coast province without a coast: DATC 4.B.2
            // when one coast is open to it, 4.B.1 when both are.
            let default = || match map.default_coast(dest) {
                Some(c) if options.contains(&c) => Ok(Some(c)),
                Some(_) => Err(Illegal::NotARetreatOption),
                None => Err(Illegal::CoastNotSpecified),
            };
            let coastless = unit.kind == UnitKind::Fleet
                && to.index() < map.province_count()
                && map.has_coasts(dest);
            match (first, several) {
                (None, _) => Err(Illegal::NotARetreatOption),
                (Some(o), false) if !coastless => Ok(Some(o)),
                (Some(o), false) => match rules.missing_coast_one {
                    MissingCoastOnePossible::OnlyCoast => Ok(Some(o)),
                    MissingCoastOnePossible::DefaultCoast => default(),
                    MissingCoastOnePossible::Fails => Err(Illegal::CoastNotSpecified),
                },
                (Some(_), true) => match rules.missing_coast_two {
                    MissingCoastTwoPossible::DefaultCoast => default(),
                    MissingCoastTwoPossible::Fails => Err(Illegal::CoastNotSpecified),
                },
            }
        }
        _ => Err(Illegal::WrongPhase),
    };
    decided.map(|c| (d, c))
}
