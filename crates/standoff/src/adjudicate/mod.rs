//! Adjudication: orders + position → per-order results and the next position.
//!
//! [`adjudicate_movement`] is the movement phase: order collection and legality
//! ([`judge`]), resolution of the DATC decisions ([`resolver`]) — or, under the DPTG
//! paradox rule (DATC 4.A.2 f), the DPTG's step-by-step procedure (`dptg`) — then
//! results with reasons and the position after movement, dislodged units carrying their
//! retreat options. Pure and deterministic: the result does not depend on the order in which
//! orders are given, except where the DATC makes order significant (none in movement).

mod adjustment;
mod buffers;
pub(crate) mod chains;
mod coasts;
mod csr;
mod dptg;
mod implicit;
mod judge;
mod outcome;
mod paths;
mod proxy;
mod resolver;
mod retreat;
mod routes;
mod settlement;
mod turn_rules;

pub use adjustment::{
    adjudicate_adjustments, adjudicate_adjustments_with, adjustment_counts, Adjustment,
    AdjustmentResult,
};
pub(crate) use adjustment::{check_build_site, AdjustmentChecker};
pub(crate) use judge::hop_link;
pub(crate) use judge::UnitTables;
pub use outcome::{Illegal, Outcome, UnitResult};
pub(crate) use retreat::retreat_decision;
pub use retreat::{adjudicate_retreats, adjudicate_retreats_with, RetreatOutcome, RetreatResult};
pub use routes::{fleet_on_route, fleets_on_routes, ProvinceSet};

use crate::ids::{LocationId, ProvinceId};
use crate::order::{Order, OrderKind};
use crate::parse::{parse_orders_with, LineError};
use crate::position::{Dislodged, Position};
use crate::rules::{AdjacentConvoy, ParadoxRule, RetreatToConvoyOrigin, RuleSet, Rules};
use crate::unit::Unit;
use crate::variant::Variant;

static DEFAULT_RULES: Rules = Rules::DATC;
use judge::{Eff, Judge, Submitted};
use resolver::Resolver;
use settlement::Settlement;

/// What became of one submitted order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OrderStatus {
    /// Applied to the unit in this province (see its [`UnitResult`]).
    Applied(ProvinceId),
    /// Not applied to any unit.
    Rejected(Illegal),
}

/// The result of a movement phase.
#[derive(Clone, Debug)]
pub struct MovementResult {
    /// The board after movement: units at their new places, dislodged units listed with
    /// their retreat options. The phase is unchanged (the game advances it).
    pub position: Position,
    /// One result per unit that stood on the board, in province order.
    pub units: Vec<UnitResult>,
    /// One status per submitted order, in submission order.
    pub orders: Vec<OrderStatus>,
    /// Units eliminated at the end of the turn for staying on neutral ground (Bowen 11).
    pub eliminated: Vec<Unit>,
    /// The home guards that stood this turn (Bowen 6): (home power, center).
    pub home_guards: Vec<(crate::ids::PowerId, ProvinceId)>,
    /// Orders no one submitted that units followed: the implicit orders deduced from
    /// their power's supports and convoys (DATC 4.E.3 a; empty under the default rules).
    pub implicit: Vec<Order>,
}

impl MovementResult {
    /// The result of the unit that started in `p`.
    pub fn unit(&self, p: ProvinceId) -> Option<&UnitResult> {
        // The judge lists the units in province order; a result built by hand in
        // another order is still searched in full.
        match self.units.binary_search_by_key(&p, |r| r.province) {
            Ok(i) => self.units.get(i),
            Err(_) => self.units.iter().find(|r| r.province == p),
        }
    }
}

/// Adjudicates a movement phase under the default rules (the `datc` preset).
pub fn adjudicate_movement(
    variant: &Variant,
    position: &Position,
    orders: &[Order],
) -> MovementResult {
    adjudicate_movement_with(variant, &Rules::DATC, position, orders)
}

/// Adjudicates a movement phase under `rules` (checked when they were built:
/// [`Rules`]).
pub fn adjudicate_movement_with(
    variant: &Variant,
    rules: &Rules,
    position: &Position,
    orders: &[Order],
) -> MovementResult {
    if variant.flags().disband_any_turn
        && orders
            .iter()
            .any(|o| matches!(o.kind, OrderKind::Disband { .. } | OrderKind::Remove { .. }))
    {
        return turn_rules::with_disbands_first(variant, rules, position, orders);
    }
    movement(variant, rules, position, orders)
}

/// The movement phase proper.
fn movement(
    variant: &Variant,
    rules: &RuleSet,
    position: &Position,
    orders: &[Order],
) -> MovementResult {
    let map = &variant.map;
    let hooks = variant.hooks(position.phase);
    // The DPTG procedure knows nothing of railways, canals or hop-by-hop convoys; on
    // variants with them the DATC decisions judge (docs/rules.md).
    let dptg =
        rules.paradox == ParadoxRule::Dptg && !hooks.special_moves() && !hooks.flags.hop_convoys;
    let mut judge = Judge::new(map, rules, hooks, position, orders);
    if hooks.flags.home_guards {
        turn_rules::post_home_guards(variant, position, &mut judge);
    }
    if hooks.flags.reduced_units {
        turn_rules::restore_holding_units(variant, &mut judge);
    }
    if rules.adjacent_convoy == AdjacentConvoy::OppositeMoveWithRoute {
        // DATC 4.A.3 c: an army swapping with the unit in its target goes by convoy only
        // if the convoy route is undisrupted; the convoys are settled first (the swapping
        // units disturb nothing else), then the others take the land route.
        let candidates = judge.adjacent_convoyed_moves();
        if !candidates.is_empty() {
            let land: Vec<usize> = if dptg {
                let first = dptg::settle(&judge);
                candidates
                    .into_iter()
                    .filter(|&u| !first.convoy_carried(u))
                    .collect()
            } else {
                let mut first = Resolver::new(&judge);
                first.resolve_all();
                candidates
                    .into_iter()
                    .filter(|&u| !first.has_path(u))
                    .collect()
            };
            if !land.is_empty() {
                judge.force_land_route(&land);
            }
        }
    }
    // The one place the paradox rule picks the judge: the DPTG's step-by-step procedure
    // (DPTG chapter VIII), or the DATC decisions settled by guess-and-check.
    if dptg {
        let mut settled = dptg::settle(&judge);
        assemble(variant, rules, position, &judge, &mut settled)
    } else {
        let mut r = Resolver::new(&judge);
        r.resolve_all();
        assemble(variant, rules, position, &judge, &mut r)
    }
}

/// Builds the movement result from what a judge settled: unit results, the next
/// position, stand-offs and the dislodged units' retreat options.
fn assemble<S: Settlement>(
    variant: &Variant,
    rules: &RuleSet,
    position: &Position,
    judge: &Judge,
    settled: &mut S,
) -> MovementResult {
    let map = &variant.map;
    let hooks = variant.hooks(position.phase);
    let n = judge.units;
    let mut units = Vec::with_capacity(n);
    let mut next = Position::empty(variant, position.phase);
    next.owners.clone_from(&position.owners);
    next.homes.clone_from(&position.homes);
    next.last_occupant.clone_from(&position.last_occupant);
    next.spring_entrants.clone_from(&position.spring_entrants);
    let mut dislodged_units: Vec<(usize, usize)> = Vec::new();
    let mut arrivals: Vec<(usize, ProvinceId)> = Vec::new();
    let mut eliminated = Vec::new();
    for u in 0..n {
        let moved = settled.moved(u);
        let dislodger = if moved { None } else { settled.dislodger(u) };
        let outcome = settled.outcome(u);
        let unit = judge.unit(u);
        let carried = Unit {
            grade: turn_rules::grade_after(variant, judge, u, unit.grade),
            ..unit
        };
        units.push(UnitResult {
            province: judge.prov[u],
            unit,
            outcome,
            dislodged_by: dislodger.map(|m| judge.prov[m]),
        });
        match (moved, dislodger) {
            (true, _) => {
                let arrival = match judge.eff[u] {
                    Eff::Move { dest, dest_loc, .. } => Some((dest, dest_loc)),
                    Eff::Rail { .. } => settled.ride_end(u).map(|p| (p, p.location())),
                    _ => None,
                };
                if let Some((dest, dest_loc)) = arrival {
                    if !next.spring_entrants.is_empty() {
                        arrivals.push((u, dest));
                    }
                    next.set_unit(
                        dest,
                        Some(Unit {
                            location: dest_loc,
                            ..carried
                        }),
                    );
                }
            }
            (false, Some(m)) => dislodged_units.push((u, m)),
            // Bowen 11: a unit that stays a second turn on neutral ground is eliminated.
            (false, None) if hooks.neutral_ground.contains(judge.prov[u]) => {
                eliminated.push(carried)
            }
            (false, None) => next.set_unit(judge.prov[u], Some(carried)),
        }
    }
    next.note_occupants();
    if !next.spring_entrants.is_empty() {
        turn_rules::note_spring_entrants(variant, position, judge, settled, &arrivals, &mut next);
    }
    // Provinces left empty by a stand-off: empty now, and moves stood each other off there.
    let mut standoff = routes::ProvinceSet::new(map.province_count());
    for p in 0..map.province_count() {
        let p = ProvinceId(p as u16);
        if next.unit_at(p).is_none() && settled.stood_off(p) {
            standoff.insert(p);
        }
    }
    for (u, m) in dislodged_units {
        // DATC 4.A.5 b: a unit dislodged by a convoyed army may retreat to its origin.
        let attacker_from = match judge.move_of(m) {
            Some((_, false)) => Some(judge.prov[m]),
            Some((_, true))
                if rules.retreat_to_convoy_origin == RetreatToConvoyOrigin::NotAllowed =>
            {
                Some(judge.prov[m])
            }
            _ => None,
        };
        let unit = judge.unit(u);
        // (A variant may rule that home guards keep retreats out: Bowen 6 option. A guard
        // "is ignored" for its own country's units: they may retreat in.)
        let guarded = |p: ProvinceId| {
            hooks.flags.guards_block_retreats && judge.guard(p).is_some_and(|w| w != unit.power)
        };
        let retreat_options = retreat_options(variant, &next, &unit, attacker_from, |p| {
            standoff.contains(p) || guarded(p)
        });
        next.dislodged.push(Dislodged {
            unit,
            attacker_from,
            retreat_options,
        });
    }
    let orders = judge
        .submitted
        .iter()
        .map(|s| match *s {
            Submitted::Used(u) => OrderStatus::Applied(judge.prov[u as usize]),
            Submitted::Rejected(why) => OrderStatus::Rejected(why),
        })
        .collect();
    MovementResult {
        position: next,
        units,
        orders,
        eliminated,
        home_guards: judge.home_guards(),
        implicit: judge.implicit.iter().map(|(_, o)| o.clone()).collect(),
    }
}

/// Where `unit`, dislodged, may retreat on the board `after` movement: empty
/// neighbouring locations, except the attacker's origin (`attacker_from`), provinces left
/// empty by a stand-off (`stood_off`) and provinces the variant freezes this phase.
pub fn retreat_options(
    variant: &Variant,
    after: &Position,
    unit: &Unit,
    attacker_from: Option<ProvinceId>,
    stood_off: impl Fn(ProvinceId) -> bool,
) -> Vec<LocationId> {
    let map = &variant.map;
    let frozen = &variant.hooks(after.phase).frozen;
    map.unit_neighbours(unit.kind, unit.location)
        .into_iter()
        .filter(|&l| {
            let p = map.province_of(l);
            after.unit_at(p).is_none()
                && Some(p) != attacker_from
                && !stood_off(p)
                && !frozen.contains(p)
        })
        .collect()
}

/// Checks single movement orders against one position (DATC 4.E.1 d legality),
/// reusing the position's tables across checks. Making one costs only the unit tables
/// (no orders are assigned or matched), so a checker per call is cheap.
pub struct OrderChecker<'a> {
    judge: Judge<'a>,
}

impl<'a> OrderChecker<'a> {
    /// Prepares checks against `position` under the default rules.
    pub fn new(variant: &'a Variant, position: &Position) -> Self {
        OrderChecker::with_rules(variant, &DEFAULT_RULES, position)
    }

    /// Prepares checks against `position` under `rules`.
    pub fn with_rules(variant: &'a Variant, rules: &'a Rules, position: &Position) -> Self {
        OrderChecker {
            judge: Judge::tables(&variant.map, rules, variant.hooks(position.phase), position),
        }
    }

    /// [`OrderChecker::with_rules`] from the unit tables of `position` under `rules`
    /// ([`OrderChecker::unit_tables`] of a checker made for them).
    pub(crate) fn with_tables(
        variant: &'a Variant,
        rules: &'a Rules,
        position: &Position,
        tables: &UnitTables,
    ) -> Self {
        let hooks = variant.hooks(position.phase);
        OrderChecker {
            judge: Judge::from_tables(&variant.map, rules, hooks, tables),
        }
    }

    /// The unit tables this checker works with, to make more checkers for the same
    /// position ([`OrderChecker::with_tables`]).
    pub(crate) fn unit_tables(&self) -> UnitTables {
        self.judge.unit_tables()
    }

    /// Whether `order` would be followed in a movement phase: the unit is there, belongs
    /// to the ordering power, and the order could be valid in this position. Matching
    /// with other orders is not checked (a support of a unit that holds is legal, and void).
    pub fn check(&self, order: &Order) -> Result<(), Illegal> {
        let judge = &self.judge;
        if let crate::order::OrderKind::CanalPermission { .. } = order.kind {
            return judge.check_permission(order).map(|_| ());
        }
        let unit = order.kind.unit().ok_or(Illegal::WrongPhase)?;
        let u = judge
            .unit_at(judge.map.province_of(unit.location))
            .ok_or(Illegal::NoUnit)?;
        if judge.power[u as usize] != order.power {
            return Err(Illegal::NotYourUnit);
        }
        judge.legality(u, order).map(|_| ())
    }
}

/// One-off form of [`OrderChecker::check`].
pub fn check_movement_order(
    variant: &Variant,
    position: &Position,
    order: &Order,
) -> Result<(), Illegal> {
    OrderChecker::new(variant, position).check(order)
}

/// [`check_movement_order`] under `rules`.
pub fn check_movement_order_with(
    variant: &Variant,
    rules: &Rules,
    position: &Position,
    order: &Order,
) -> Result<(), Illegal> {
    OrderChecker::with_rules(variant, rules, position).check(order)
}

/// Orders read from text and the movement result.
#[derive(Clone, Debug)]
pub struct TextAdjudication {
    /// The adjudication of the orders that could be read.
    pub result: MovementResult,
    /// The orders that were adjudicated (in text order).
    pub orders: Vec<Order>,
    /// Lines that could not be read (their units hold).
    pub errors: Vec<LineError>,
}

/// Parses `text` (one order per line, `Power: order`) and adjudicates the movement
/// phase. Lines that cannot be read are reported and do not stop the rest.
pub fn adjudicate_text(variant: &Variant, position: &Position, text: &str) -> TextAdjudication {
    adjudicate_text_with(variant, &Rules::DATC, position, text)
}

/// [`adjudicate_text`] under `rules`.
pub fn adjudicate_text_with(
    variant: &Variant,
    rules: &Rules,
    position: &Position,
    text: &str,
) -> TextAdjudication {
    let (parsed, errors) = parse_orders_with(variant, position, rules, text);
    let orders: Vec<Order> = parsed.into_iter().map(|p| p.order).collect();
    let result = adjudicate_movement_with(variant, rules, position, &orders);
    TextAdjudication {
        result,
        orders,
        errors,
    }
}
