//! The `diplomacy` package's result labels for a played phase, worked out from
//! standoff's own outcomes.
//!
//! The package writes a short label list per unit (`[]` for success, `bounce`, `cut`,
//! `void`, `no convoy`, `disrupted`, `dislodged`, `disband`, and `''` for a build or
//! removal made). standoff's outcomes say more (why a move bounced, which rule voided a
//! support); this module maps them onto the package's labels, including the places
//! where the package names the same outcome differently from a plain mapping:
//!
//! - a support of an attack on the supporter's own unit, which would have won without
//!   the ban on dislodging one's own unit, is `void` (DATC 6.D.10: the package's test
//!   expects `void` for `A MUN S F KIE - BER`), as is every support of an attack on the
//!   supporter's own unit that was moving into the attacker's province over land (the
//!   package's place swap), whichever won;
//! - a move by convoy with no chain of fleets ordered to convoy it is `no convoy` from
//!   the start: a support of it is `void` (not `cut`), a convoying fleet on no such
//!   chain is `no convoy` and `void` (the package's order of checks);
//! - a support of a convoyed army whose convoy failed later is `no convoy`;
//! - a convoying fleet whose army went over land is `no convoy` and `void`;
//! - the package does not see whose unit a move written with `VIA` attacks when it counts
//!   supports, so the support of such an attack on the supporter's own unit is not
//!   `void` (the rule above holds for moves written without it, and for a move written
//!   with it that no chain of fleets ordered to convoy it reaches: the package then
//!   drops the `VIA` and moves the army over land).
//! - a convoying fleet whose convoy failed while it was attacked, with no fleet of the
//!   convoy dislodged, is `disrupted` (DATC 6.F.16, Pandin's paradox); a convoying fleet
//!   of a failed convoy that is dislodged is `dislodged` only (not `no convoy`);
//! - in retreat and adjustment phases an order not followed is `void`, and every build
//!   or removal made is `''`.
//!
//! Labels are listed per unit in the package's notation (`A PAR`, `F STP/SC`).

use crate::adjudicate::chains::{ConvoyFleets, SEARCH_STEPS};
use crate::adjudicate::{
    Adjustment, AdjustmentResult, MovementResult, OrderStatus, Outcome, RetreatOutcome,
    RetreatResult, UnitResult,
};
use crate::game::PhaseResult;
use crate::ids::{LocationId, ProvinceId};
use crate::map::Map;
use crate::order::{Order, OrderKind, UnitRef};
use crate::record::PhaseRecord;
use crate::unit::UnitKind;
use crate::variant::Variant;

/// The unit moved, held, supported or convoyed as ordered.
pub const OK: &str = "";
/// A move that failed against another unit or move (also a retreat that did).
pub const BOUNCE: &str = "bounce";
/// A support cut by an attack.
pub const CUT: &str = "cut";
/// An order that had no effect or was not followed.
pub const VOID: &str = "void";
/// A move by convoy whose convoy did not carry it; a convoy or support that did not help.
pub const NO_CONVOY: &str = "no convoy";
/// A convoy that failed under attack without any of its fleets being dislodged.
pub const DISRUPTED: &str = "disrupted";
/// The unit was dislodged.
pub const DISLODGED: &str = "dislodged";
/// A dislodged unit that was disbanded.
pub const DISBAND: &str = "disband";

/// The package's labels of one unit.
pub type Labels = Vec<&'static str>;

/// `A PAR`, `F STP/SC`: a unit in the package's notation.
fn unit_text(map: &Map, kind: UnitKind, location: LocationId) -> String {
    format!("{} {}", kind.letter(), map.upper_location_name(location))
}

/// The package's labels of a played phase, per unit: in a movement phase every unit
/// that stood on the board; in a retreat phase every dislodged unit; in an adjustment
/// phase every unit built or removed. Orders the judge did not follow come first, as
/// `void`.
pub fn package_labels(variant: &Variant, record: &PhaseRecord) -> Vec<(String, Labels)> {
    match &record.processed.result {
        PhaseResult::Movement(r) => movement_labels(variant, &record.orders, r),
        PhaseResult::Retreat(r) => retreat_labels(variant, &record.orders, r),
        PhaseResult::Adjustment(r) => adjustment_labels(variant, &record.orders, r),
    }
}

/// A unit's labels from its outcome alone: `bounce`, `cut`, `void`, `no convoy`,
/// `dislodged` (the plain mapping, before the package's rewrites).
fn plain_labels(u: &UnitResult) -> Labels {
    let mut labels = Vec::new();
    match u.outcome {
        Outcome::Bounced { .. } => labels.push(BOUNCE),
        Outcome::Cut { .. } => labels.push(CUT),
        Outcome::Void | Outcome::Illegal(_) => labels.push(VOID),
        Outcome::NoConvoy | Outcome::ParadoxFailed | Outcome::CanalClosed => labels.push(NO_CONVOY),
        _ => {}
    }
    if u.dislodged_by.is_some() {
        labels.push(DISLODGED);
    }
    labels
}

/// What the movement rewrites read: per province, the unit standing there, the order
/// it followed and its plain labels.
struct Board<'a> {
    map: &'a Map,
    /// Per province: index into `units`.
    at: Vec<Option<usize>>,
    units: &'a [UnitResult],
    /// Per unit (same order as `units`): the order it followed (none: it held).
    orders: Vec<Option<&'a Order>>,
    /// Per unit: the plain labels.
    plain: Vec<Labels>,
    /// Per unit: the fleets ordered to convoy it where it was ordered to move (empty,
    /// not one list per unit, in a phase without convoys: read through `convoyers`).
    convoyers: Vec<Vec<usize>>,
    /// Per unit: those of its convoyers on one of the package's chains of them (none:
    /// no chain reaches, or no fleet convoys it; read through `route`).
    routes: Vec<Vec<usize>>,
}

impl<'a> Board<'a> {
    fn new(map: &'a Map, orders: &'a [Order], result: &'a MovementResult) -> Self {
        let mut at = vec![None; map.province_count()];
        for (i, u) in result.units.iter().enumerate() {
            if let Some(slot) = at.get_mut(u.province.index()) {
                *slot = Some(i);
            }
        }
        let mut followed = vec![None; result.units.len()];
        for (order, status) in orders.iter().zip(&result.orders) {
            if let OrderStatus::Applied(p) = status {
                if let Some(Some(i)) = at.get(p.index()) {
                    followed[*i] = Some(order);
                }
            }
        }
        let mut board = Board {
            map,
            at,
            units: &result.units,
            orders: followed,
            plain: result.units.iter().map(plain_labels).collect(),
            convoyers: Vec::new(),
            routes: Vec::new(),
        };
        for f in 0..board.units.len() {
            if let Some(OrderKind::Convoy { army, to, .. }) = board.orders[f].map(|o| &o.kind) {
                if let Some(a) = board.unit_of(army) {
                    if board.destination(a) == Some(*to) {
                        if board.convoyers.is_empty() {
                            board.convoyers = vec![Vec::new(); board.units.len()];
                        }
                        board.convoyers[a].push(f);
                    }
                }
            }
        }
        if !board.convoyers.is_empty() {
            board.routes = (0..board.units.len())
                .map(|a| board.route_fleets(a))
                .collect();
        }
        board
    }

    /// The fleets ordered to convoy unit `a` where it was ordered to move.
    fn convoyers(&self, a: usize) -> &[usize] {
        self.convoyers.get(a).map_or(&[], Vec::as_slice)
    }

    /// Those of unit `a`'s convoyers on one of the package's chains of them.
    fn route(&self, a: usize) -> &[usize] {
        self.routes.get(a).map_or(&[], Vec::as_slice)
    }

    /// The convoyers of unit `a` on some minimal chain of them from its province to
    /// where it was ordered (`adjudicate::chains`: the package's convoy paths are the
    /// sets of fleets of such chains).
    fn route_fleets(&self, a: usize) -> Vec<usize> {
        let fleets = self.convoyers(a);
        let Some(to) = self.destination(a).filter(|_| !fleets.is_empty()) else {
            return Vec::new();
        };
        let from = self.units[a].province;
        let map = self.map;
        let location = |k: usize| self.units[fleets[k]].unit.location;
        let touches = |k: usize, p: ProvinceId| {
            map.fleet_neighbours(location(k))
                .any(|l| map.province_of(l) == p)
        };
        let chains = ConvoyFleets::new(
            fleets.len(),
            |k| touches(k, from),
            |k| touches(k, to),
            |j, k| map.fleet_adjacent(location(j), location(k)),
        );
        let on = chains.on_chains(SEARCH_STEPS);
        fleets
            .iter()
            .zip(on)
            .filter_map(|(&f, on)| on.then_some(f))
            .collect()
    }

    /// The unit standing in the province of `r` (as ordered: any coast).
    fn unit_of(&self, r: &UnitRef) -> Option<usize> {
        self.unit_in(self.map.province_of(r.location))
    }

    fn unit_in(&self, p: ProvinceId) -> Option<usize> {
        self.at.get(p.index()).copied().flatten()
    }

    /// Where unit `i` was ordered to move (none: it did not move).
    fn destination(&self, i: usize) -> Option<ProvinceId> {
        match self.orders.get(i).copied().flatten().map(|o| &o.kind) {
            Some(OrderKind::Move { to, .. }) => Some(self.map.province_of(*to)),
            _ => None,
        }
    }

    fn has(&self, i: usize, label: &str) -> bool {
        self.plain.get(i).is_some_and(|l| l.contains(&label))
    }

    /// Whether unit `a`'s move was written with `VIA` (the package then does not see
    /// whose unit it attacks when it counts supports).
    fn written_via(&self, a: usize) -> bool {
        matches!(self.orders[a].map(|o| &o.kind),
            Some(OrderKind::Move { via_convoy, .. }) if *via_convoy)
    }

    /// Whether the package still reads unit `a`'s move as one by convoy when it counts
    /// supports: written with `VIA`, and some chain of the fleets ordered to convoy it
    /// reaches (without one the package drops the `VIA` and moves the army over land).
    fn via_seen(&self, a: usize) -> bool {
        self.written_via(a) && !self.no_route(a)
    }

    /// Whether unit `a` was ordered to move by convoy and no chain of the fleets
    /// ordered to convoy it there reaches (the package finds no path for it first, and
    /// marks it `no convoy` before it checks supports and convoys).
    fn no_route(&self, a: usize) -> bool {
        if self.destination(a).is_none() {
            return false;
        }
        let by_convoy = self.written_via(a) || self.has(a, NO_CONVOY);
        by_convoy && self.route(a).is_empty()
    }

    /// Whether units `a` and `b` were ordered into each other's provinces over land,
    /// neither order set aside before the battle (the package's place swap: it voids
    /// every support either gets from the power of the unit it attacks, whichever
    /// wins).
    fn swapping(&self, a: usize, b: usize) -> bool {
        let over_land = |i: usize| {
            !self.via_seen(i)
                && self.plain[i]
                    .iter()
                    .all(|label| *label == BOUNCE || *label == DISLODGED)
        };
        self.destination(a) == Some(self.units[b].province)
            && self.destination(b) == Some(self.units[a].province)
            && over_land(a)
            && over_land(b)
    }

    /// The strength the package counts for unit `i`'s move: 1, plus each support of
    /// exactly that move that was given (no label).
    fn strength(&self, i: usize) -> usize {
        let Some(dest) = self.destination(i) else {
            return 0;
        };
        let mover = self.units[i].province;
        1 + self.supports_given(|kind| {
            matches!(kind, OrderKind::SupportMove { target, to, .. }
                if self.map.province_of(target.location) == mover
                    && self.map.province_of(*to) == dest)
        })
    }

    /// How many supports matching `wanted` were given (no label).
    fn supports_given(&self, wanted: impl Fn(&OrderKind) -> bool) -> usize {
        self.orders
            .iter()
            .zip(&self.plain)
            .filter(|(order, labels)| order.is_some_and(|o| wanted(&o.kind)) && labels.is_empty())
            .count()
    }

    /// Whether unit `i`'s move on `target` has more support than every other move
    /// there and than the unit holding there (so only the ban on dislodging one's own
    /// unit stopped it).
    fn strongest_attack(&self, i: usize, target: ProvinceId) -> bool {
        let mine = self.strength(i);
        let holding = self.unit_in(target).map_or(0, |v| self.hold_strength(v));
        holding < mine
            && (0..self.units.len())
                .filter(|&j| j != i && self.destination(j) == Some(target))
                .all(|j| self.strength(j) < mine)
    }

    /// The strength the package counts for unit `v` holding: 1, plus each support of it
    /// holding that was given (no label).
    fn hold_strength(&self, v: usize) -> usize {
        let at = self.units[v].province;
        1 + self.supports_given(|kind| {
            matches!(kind, OrderKind::SupportHold { target, .. }
                if self.map.province_of(target.location) == at)
        })
    }

    /// The package's labels of unit `i`.
    fn labels(&self, i: usize) -> Labels {
        let mut labels = self.plain[i].clone();
        let me = self.units[i].province;
        match self.orders[i].map(|o| &o.kind) {
            Some(OrderKind::SupportMove { target, to, .. }) => {
                let target_province = self.map.province_of(*to);
                let supported = self.unit_of(target);
                let victim = self.unit_in(target_province);
                let victim_stayed = victim
                    .is_some_and(|v| self.destination(v).is_none() || !self.plain[v].is_empty());
                let own =
                    victim.is_some_and(|v| self.units[v].unit.power == self.units[i].unit.power);
                let unrouted = supported.is_some_and(|s| {
                    self.units[s].unit.kind == UnitKind::Army
                        && self.destination(s) == Some(target_province)
                        && self.has(s, NO_CONVOY)
                        && self.no_route(s)
                });
                if unrouted {
                    // Void before any attack could cut it.
                    labels.retain(|l| *l == DISLODGED);
                    labels.insert(0, VOID);
                } else if own
                    && supported.is_some_and(|s| {
                        let swap = victim.is_some_and(|v| self.swapping(s, v));
                        swap || victim_stayed
                            && !self.via_seen(s)
                            && self.strongest_attack(s, target_province)
                    })
                {
                    if labels.is_empty() {
                        labels.push(VOID);
                    }
                } else if supported.is_some_and(|s| self.has(s, NO_CONVOY)) && labels.is_empty() {
                    labels.push(NO_CONVOY);
                }
            }
            Some(OrderKind::Convoy { army, to, .. }) => {
                let Some(a) = self.unit_of(army) else {
                    return labels;
                };
                if self.destination(a) != Some(*to) {
                    return labels;
                }
                // The fleets ordered to convoy the army where it went (the package's
                // chains are of those only).
                let fleets = self.convoyers(a);
                if !self.route(a).contains(&i) {
                    // Off every chain: `no convoy`, then `void` as a convoy of nothing.
                    let dislodged = labels.contains(&DISLODGED);
                    labels = vec![NO_CONVOY, VOID];
                    if dislodged {
                        labels.push(DISLODGED);
                    }
                    return labels;
                }
                if !self.has(a, NO_CONVOY) {
                    // The army went over land: the convoy was not used (`no convoy`,
                    // then `void` as a convoy of nothing).
                    if let Some(at) = labels.iter().position(|l| *l == VOID) {
                        labels.insert(at, NO_CONVOY);
                    }
                    return labels;
                }
                if labels.contains(&DISLODGED) {
                    // The package marks a fleet of the failed convoy that loses to its
                    // attacker `disrupted`, then replaces that with `dislodged`.
                    return vec![DISLODGED];
                }
                let attacked = (0..self.units.len()).any(|j| self.destination(j) == Some(me));
                let fleet_dislodged = fleets.iter().any(|&f| self.has(f, DISLODGED));
                if attacked && !fleet_dislodged {
                    for label in labels.iter_mut().filter(|l| **l == NO_CONVOY) {
                        *label = DISRUPTED;
                    }
                }
            }
            _ => {}
        }
        labels
    }
}

/// The package's labels of a movement phase: every unit that stood on the board, in
/// province order. `orders` are the phase's orders, `result` their adjudication.
pub fn movement_labels(
    variant: &Variant,
    orders: &[Order],
    result: &MovementResult,
) -> Vec<(String, Labels)> {
    let map = &variant.map;
    let board = Board::new(map, orders, result);
    result
        .units
        .iter()
        .enumerate()
        .map(|(i, u)| {
            (
                unit_text(map, u.unit.kind, u.unit.location),
                board.labels(i),
            )
        })
        .collect()
}

/// The units of a movement phase ordered to move by convoy (`VIA`) with no chain of
/// fleets ordered to convoy them (the package drops their `VIA` from its commands).
pub fn unrouted_convoy_moves(
    variant: &Variant,
    orders: &[Order],
    result: &MovementResult,
) -> Vec<String> {
    let map = &variant.map;
    let board = Board::new(map, orders, result);
    (0..result.units.len())
        .filter(|&i| {
            matches!(board.orders[i].map(|o| &o.kind),
                Some(OrderKind::Move { via_convoy, .. }) if *via_convoy)
                && board.no_route(i)
        })
        .map(|i| {
            unit_text(
                map,
                result.units[i].unit.kind,
                result.units[i].unit.location,
            )
        })
        .collect()
}

/// Adds `label` to `unit`'s list (made if missing) unless it is there already.
fn add(out: &mut Vec<(String, Labels)>, unit: String, label: Option<&'static str>) {
    let at = match out.iter().position(|(u, _)| *u == unit) {
        Some(at) => at,
        None => {
            out.push((unit, Vec::new()));
            out.len() - 1
        }
    };
    if let Some(label) = label {
        if !out[at].1.contains(&label) {
            out[at].1.push(label);
        }
    }
}

/// `void` for each order the judge did not follow (named by the unit it was for, when
/// it names a unit type).
fn not_followed(map: &Map, orders: &[Order], statuses: &[OrderStatus]) -> Vec<(String, Labels)> {
    let mut out = Vec::new();
    for (order, status) in orders.iter().zip(statuses) {
        if let (OrderStatus::Rejected(_), Some(unit)) = (status, order.kind.unit()) {
            if let Some(kind) = unit.kind {
                add(&mut out, unit_text(map, kind, unit.location), Some(VOID));
            }
        }
    }
    out
}

/// The package's labels of a retreat phase: `void` for each order not followed, then
/// per dislodged unit `[]` (retreated), `bounce` and `disband`, or `disband`.
pub fn retreat_labels(
    variant: &Variant,
    orders: &[Order],
    result: &RetreatResult,
) -> Vec<(String, Labels)> {
    let map = &variant.map;
    let mut out = not_followed(map, orders, &result.orders);
    for (d, (_, outcome)) in result.dislodged.iter().zip(&result.units) {
        let unit = unit_text(map, d.unit.kind, d.unit.location);
        match outcome {
            RetreatOutcome::Retreated(_) => add(&mut out, unit, None),
            RetreatOutcome::Bounced(_) => {
                add(&mut out, unit.clone(), Some(BOUNCE));
                add(&mut out, unit, Some(DISBAND));
            }
            RetreatOutcome::Disbanded | RetreatOutcome::DisbandedUnordered => {
                add(&mut out, unit, Some(DISBAND))
            }
        }
    }
    out
}

/// The package's labels of an adjustment phase: `void` for each order not followed,
/// then `''` for each unit built or removed (also in civil disorder).
pub fn adjustment_labels(
    variant: &Variant,
    orders: &[Order],
    result: &AdjustmentResult,
) -> Vec<(String, Labels)> {
    let map = &variant.map;
    let mut out = not_followed(map, orders, &result.orders);
    for change in &result.changes {
        if let Adjustment::Built(u)
        | Adjustment::Removed(u)
        | Adjustment::RemovedInCivilDisorder(u) = change
        {
            add(&mut out, unit_text(map, u.kind, u.location), Some(OK));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    //! Expected labels are those the `diplomacy` package's own tests
    //! (`diplomacy/tests/test_datc.py`, 1.1.2) assert for the same DATC cases.

    use super::*;
    use crate::adjudicate::{adjudicate_adjustments, adjudicate_movement, adjudicate_retreats};
    use crate::parse::parse_order;
    use crate::phase::{Phase, PhaseKind, Season};
    use crate::position::{Position, Setup};
    use crate::unit::Unit;

    fn standard() -> Variant {
        Variant::standard()
    }

    /// A board at `phase` with `units` (power name -> unit texts).
    fn board(variant: &Variant, phase: Phase, units: &[(&str, &[&str])]) -> Position {
        let mut setup = Setup::empty(phase);
        for (power, list) in units {
            let p = variant.find_power(power).expect("power");
            for text in *list {
                let order =
                    parse_order(variant, PhaseKind::Movement, Some(p), &format!("{text} H"))
                        .expect("unit");
                let r = *order.kind.unit().expect("unit");
                setup
                    .units
                    .push(Unit::new(p, r.kind.expect("kind"), r.location));
            }
        }
        Position::from_setup(variant, setup).expect("position")
    }

    fn orders(variant: &Variant, kind: PhaseKind, given: &[(&str, &[&str])]) -> Vec<Order> {
        given
            .iter()
            .flat_map(|(power, list)| {
                let p = variant.find_power(power).expect("power");
                list.iter()
                    .map(move |t| parse_order(variant, kind, Some(p), t).expect("order"))
            })
            .collect()
    }

    fn spring() -> Phase {
        Phase {
            year: 1901,
            season: Season::Spring,
            kind: PhaseKind::Movement,
        }
    }

    /// The labels of one movement phase, looked up by unit.
    fn movement(units: &[(&str, &[&str])], given: &[(&str, &[&str])]) -> Vec<(String, Labels)> {
        let variant = standard();
        let pos = board(&variant, spring(), units);
        let orders = orders(&variant, PhaseKind::Movement, given);
        let result = adjudicate_movement(&variant, &pos, &orders);
        movement_labels(&variant, &orders, &result)
    }

    fn of<'a>(labels: &'a [(String, Labels)], unit: &str) -> &'a [&'static str] {
        labels
            .iter()
            .find(|(u, _)| u == unit)
            .map(|(_, l)| l.as_slice())
            .unwrap_or_else(|| panic!("no labels for {unit}: {labels:?}"))
    }

    #[test]
    fn plain_outcomes_map_to_bounce_cut_and_dislodged() {
        // DATC 6.D.1-like: a supported hold, a cut support, a dislodgement.
        let l = movement(
            &[
                ("AUSTRIA", &["A BUD", "A SER"]),
                ("RUSSIA", &["A RUM", "A GAL"]),
                ("TURKEY", &["A BUL"]),
            ],
            &[
                ("AUSTRIA", &["A BUD S A SER", "A SER H"]),
                ("RUSSIA", &["A RUM - SER", "A GAL - BUD"]),
                ("TURKEY", &["A BUL S A RUM - SER"]),
            ],
        );
        assert_eq!(of(&l, "A BUD"), [CUT]);
        assert_eq!(of(&l, "A GAL"), [BOUNCE]);
        assert_eq!(of(&l, "A SER"), [DISLODGED]);
        assert_eq!(of(&l, "A RUM"), [] as [&str; 0]);
    }

    #[test]
    fn support_to_dislodge_own_unit_is_void_6_d_10() {
        let l = movement(
            &[("GERMANY", &["A BER", "F KIE", "A MUN"])],
            &[(
                "GERMANY",
                &["A BER H", "F KIE - BER", "A MUN S F KIE - BER"],
            )],
        );
        assert_eq!(of(&l, "A BER"), [] as [&str; 0]);
        assert_eq!(of(&l, "F KIE"), [BOUNCE]);
        assert_eq!(of(&l, "A MUN"), [VOID]);
    }

    #[test]
    fn convoy_failed_under_attack_is_disrupted_6_f_16() {
        // Pandin's paradox.
        let l = movement(
            &[
                ("ENGLAND", &["F LON", "F WAL"]),
                ("FRANCE", &["A BRE", "F ENG"]),
                ("GERMANY", &["F NTH", "F BEL"]),
            ],
            &[
                ("ENGLAND", &["F LON S F WAL - ENG", "F WAL - ENG"]),
                ("FRANCE", &["A BRE - LON", "F ENG C A BRE - LON"]),
                ("GERMANY", &["F NTH S F BEL - ENG", "F BEL - ENG"]),
            ],
        );
        assert_eq!(of(&l, "F LON"), [] as [&str; 0]);
        assert_eq!(of(&l, "F WAL"), [BOUNCE]);
        assert_eq!(of(&l, "A BRE"), [NO_CONVOY]);
        assert_eq!(of(&l, "F ENG"), [DISRUPTED]);
        assert_eq!(of(&l, "F BEL"), [BOUNCE]);
    }

    #[test]
    fn support_of_a_swap_against_own_unit_is_void_even_when_not_the_strongest() {
        // The package's labels for this board (1.1.2): A BUD and A RUM try to swap, both
        // bounce; Austria's support of the Turkish army against Austria's own A BUD is
        // `void` although A SER's attack on Budapest was as strong.
        let l = movement(
            &[
                ("AUSTRIA", &["A BUD", "A VIE", "A SER", "A TRI"]),
                ("RUSSIA", &["F SEV"]),
                ("TURKEY", &["A RUM"]),
            ],
            &[
                (
                    "AUSTRIA",
                    &[
                        "A BUD - RUM",
                        "A VIE S A RUM - BUD",
                        "A SER - BUD",
                        "A TRI S A SER - BUD",
                    ],
                ),
                ("RUSSIA", &["F SEV S A BUD - RUM"]),
                ("TURKEY", &["A RUM - BUD"]),
            ],
        );
        assert_eq!(of(&l, "A VIE"), [VOID]);
        assert_eq!(of(&l, "A TRI"), [] as [&str; 0]);
        assert_eq!(of(&l, "F SEV"), [] as [&str; 0]);
        for unit in ["A BUD", "A RUM", "A SER"] {
            assert_eq!(of(&l, unit), [BOUNCE], "{unit}");
        }
    }

    #[test]
    fn support_of_an_unconvoyed_via_attack_on_own_unit_is_void() {
        // The package's labels for this board (1.1.2): no fleet convoys A GRE, so the
        // package drops its `VIA` and sees the attack on Turkey's own fleet, which the
        // support would have made win; the army bounces.
        let l = movement(
            &[("TURKEY", &["A GRE", "A CON", "F BUL/EC", "F AEG"])],
            &[(
                "TURKEY",
                &[
                    "A GRE - BUL VIA",
                    "A CON S A GRE - BUL",
                    "F BUL/EC H",
                    "F AEG - EAS",
                ],
            )],
        );
        assert_eq!(of(&l, "A CON"), [VOID]);
        assert_eq!(of(&l, "A GRE"), [BOUNCE]);
        assert_eq!(of(&l, "F BUL/EC"), [] as [&str; 0]);
    }

    #[test]
    fn dislodged_fleet_of_a_failed_convoy_is_dislodged_only() {
        // The package's labels for these boards (1.1.2): the army `no convoy`, each
        // dislodged convoying fleet `dislodged`, without `no convoy`.
        let l = movement(
            &[
                ("GERMANY", &["A BEL", "F NTH"]),
                ("ENGLAND", &["F YOR", "F EDI"]),
            ],
            &[
                ("GERMANY", &["A BEL - HOL VIA", "F NTH C A BEL - HOL"]),
                ("ENGLAND", &["F YOR - NTH", "F EDI S F YOR - NTH"]),
            ],
        );
        assert_eq!(of(&l, "A BEL"), [NO_CONVOY]);
        assert_eq!(of(&l, "F NTH"), [DISLODGED]);
        let l = movement(
            &[
                ("ENGLAND", &["A LON", "F NTH", "F ENG"]),
                ("GERMANY", &["F HEL", "F SKA"]),
                ("FRANCE", &["F MAO", "F BRE"]),
            ],
            &[
                (
                    "ENGLAND",
                    &["A LON - BEL", "F NTH C A LON - BEL", "F ENG C A LON - BEL"],
                ),
                ("GERMANY", &["F HEL - NTH", "F SKA S F HEL - NTH"]),
                ("FRANCE", &["F MAO - ENG", "F BRE S F MAO - ENG"]),
            ],
        );
        assert_eq!(of(&l, "A LON"), [NO_CONVOY]);
        assert_eq!(of(&l, "F NTH"), [DISLODGED]);
        assert_eq!(of(&l, "F ENG"), [DISLODGED]);
    }

    #[test]
    fn support_of_a_convoy_that_failed_is_no_convoy_6_f_18() {
        // The betrayal paradox.
        let l = movement(
            &[
                ("ENGLAND", &["F NTH", "A LON", "F ENG"]),
                ("FRANCE", &["F BEL"]),
                ("GERMANY", &["F HEL", "F SKA"]),
            ],
            &[
                (
                    "ENGLAND",
                    &["F NTH C A LON - BEL", "A LON - BEL", "F ENG S A LON - BEL"],
                ),
                ("FRANCE", &["F BEL S F NTH"]),
                ("GERMANY", &["F HEL S F SKA - NTH", "F SKA - NTH"]),
            ],
        );
        assert_eq!(of(&l, "F NTH"), [DISRUPTED]);
        assert_eq!(of(&l, "A LON"), [NO_CONVOY]);
        assert_eq!(of(&l, "F ENG"), [NO_CONVOY]);
        assert_eq!(of(&l, "F BEL"), [] as [&str; 0]);
        assert_eq!(of(&l, "F SKA"), [BOUNCE]);
    }

    #[test]
    fn convoying_fleet_only_on_a_longer_chain_is_no_convoy_and_void() {
        // The package's labels for this board (1.1.2): its convoy paths are the fewest
        // fleets that reach; F ENG and F NTH do, so F NWG (only on ENG-NTH-NWG) and
        // F NAO (only on IRI-NAO-NWG, with no order for F IRI) are on none.
        let l = movement(
            &[
                ("ENGLAND", &["A WAL", "F ENG", "F NTH"]),
                ("FRANCE", &["F IRI"]),
                ("GERMANY", &["F NAO"]),
                ("RUSSIA", &["F NWG"]),
            ],
            &[
                (
                    "ENGLAND",
                    &[
                        "A WAL - EDI VIA",
                        "F ENG C A WAL - EDI",
                        "F NTH C A WAL - EDI",
                    ],
                ),
                ("FRANCE", &["F IRI H"]),
                ("GERMANY", &["F NAO C A WAL - EDI"]),
                ("RUSSIA", &["F NWG C A WAL - EDI"]),
            ],
        );
        for unit in ["A WAL", "F ENG", "F NTH", "F IRI"] {
            assert_eq!(of(&l, unit), [] as [&str; 0], "{unit}");
        }
        assert_eq!(of(&l, "F NWG"), [NO_CONVOY, VOID]);
        assert_eq!(of(&l, "F NAO"), [NO_CONVOY, VOID]);
    }

    #[test]
    fn convoy_of_an_army_that_went_over_land_is_no_convoy_and_void_6_g_2() {
        let l = movement(
            &[
                ("ENGLAND", &["A NWY"]),
                ("RUSSIA", &["F SWE"]),
                ("GERMANY", &["F SKA"]),
            ],
            &[
                ("ENGLAND", &["A NWY - SWE"]),
                ("RUSSIA", &["F SWE - NWY"]),
                ("GERMANY", &["F SKA C A NWY - SWE"]),
            ],
        );
        assert_eq!(of(&l, "A NWY"), [BOUNCE]);
        assert_eq!(of(&l, "F SWE"), [BOUNCE]);
        // The package's labels on this position (its test only asks for `no convoy`
        // among them): `no convoy`, then `void`.
        assert_eq!(of(&l, "F SKA"), [NO_CONVOY, VOID]);
    }

    #[test]
    fn retreats_bounce_disband_and_void() {
        let variant = standard();
        let map = &variant.map;
        let loc = |name: &str| LocationId(map.find_province(name).expect("province").0);
        let dislodged = |power: &str, at: &str, options: &[&str]| crate::position::Dislodged {
            unit: Unit::new(
                variant.find_power(power).expect("power"),
                UnitKind::Army,
                loc(at),
            ),
            attacker_from: None,
            retreat_options: options.iter().map(|o| loc(o)).collect(),
        };
        let mut setup = Setup::empty(Phase {
            year: 1901,
            season: Season::Fall,
            kind: PhaseKind::Retreat,
        });
        setup.dislodged = vec![
            dislodged("FRANCE", "BUR", &["PIC", "PAR"]),
            dislodged("ENGLAND", "BEL", &["PIC", "HOL"]),
            dislodged("GERMANY", "MUN", &["BOH"]),
            dislodged("ITALY", "TYR", &["VEN"]),
            dislodged("AUSTRIA", "VIE", &["BUD"]),
        ];
        let pos = Position::from_setup(&variant, setup).expect("position");
        let given = orders(
            &variant,
            PhaseKind::Retreat,
            &[
                ("FRANCE", &["A BUR R PIC"]),
                ("ENGLAND", &["A BEL R PIC"]),
                ("GERMANY", &["A MUN D"]),
                ("ITALY", &["A TYR R VEN"]),
                ("AUSTRIA", &["A VIE R GAL"]),
            ],
        );
        let result = adjudicate_retreats(&variant, &pos, &given);
        let labels = retreat_labels(&variant, &given, &result);
        assert_eq!(of(&labels, "A BUR"), [BOUNCE, DISBAND]);
        assert_eq!(of(&labels, "A BEL"), [BOUNCE, DISBAND]);
        assert_eq!(of(&labels, "A MUN"), [DISBAND]);
        assert_eq!(of(&labels, "A TYR"), [] as [&str; 0]);
        assert_eq!(of(&labels, "A VIE"), [VOID, DISBAND]);
    }

    #[test]
    fn builds_made_are_empty_labels_and_builds_refused_are_void() {
        let variant = standard();
        let winter = Phase {
            year: 1901,
            season: Season::Winter,
            kind: PhaseKind::Adjustment,
        };
        let mut setup = Setup::empty(winter);
        let france = variant.find_power("FRANCE").expect("power");
        for center in ["PAR", "MAR", "BRE", "SPA"] {
            let p = variant.map.find_province(center).expect("center");
            setup.owners.push((p, france));
        }
        let spa = variant.map.find_province("SPA").expect("SPA");
        setup
            .units
            .push(Unit::new(france, UnitKind::Army, LocationId(spa.0)));
        let pos = Position::from_setup(&variant, setup).expect("position");
        // Three builds due; a build in Spain (not a home center) is not followed.
        let given = orders(
            &variant,
            PhaseKind::Adjustment,
            &[("FRANCE", &["A PAR B", "F BRE B", "A SPA B"])],
        );
        let result = adjudicate_adjustments(&variant, &pos, &given);
        let labels = adjustment_labels(&variant, &given, &result);
        assert_eq!(of(&labels, "A PAR"), [OK]);
        assert_eq!(of(&labels, "F BRE"), [OK]);
        assert_eq!(of(&labels, "A SPA"), [VOID]);
    }
}
