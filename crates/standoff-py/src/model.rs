//! Plain-Rust views of positions and results in the package's shapes (no Python here):
//! units, centers, orderable locations, possible orders, state dicts, result codes, and
//! order checking for `Game.set_orders`.

use crate::names::{loc_name, order_text, power_name, powers, prov_name, unit_name};
use serde_json::{json, Map as JsonMap, Value};
use standoff::adjudicate::{adjustment_counts, Illegal, MovementResult, OrderStatus, Outcome};
use standoff::game::PhaseResult;
use standoff::legal::{
    build_sites, movement_orders, power_adjustment_orders, unit_movement_orders,
    unit_retreat_orders,
};
use standoff::mila::{labels, state_json, MilaState};
use standoff::order::{Order, OrderKind, UnitRef};
use standoff::parse::{parse_order, ParseError, ParseErrorKind};
use standoff::position::{Position, Setup, SetupOptions};
use standoff::record::PhaseRecord;
use standoff::report::illegal_text;
use standoff::rules::{MissingCoastOnePossible, RuleSet};
use standoff::unit::UnitKind;
use standoff::{LocationId, Phase, PhaseKind, PowerId, ProvinceId, Variant};
use std::collections::BTreeSet;

/// What `set_orders` does with orders it cannot use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorMode {
    /// Leave them out, record them, issue an `OrderWarning`.
    Warn,
    /// Raise (and set none of the call's orders).
    Raise,
    /// Leave them out and record them, quietly.
    Ignore,
}

/// Why an order given to a game was left out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ProblemKind {
    /// Could not be read.
    Invalid,
    /// A misspelled name close to several spaces.
    Ambiguous,
    /// Readable, but not allowed here.
    Illegal,
}

impl ProblemKind {
    /// `invalid`, `ambiguous`, `illegal`.
    pub fn as_str(self) -> &'static str {
        match self {
            ProblemKind::Invalid => "invalid",
            ProblemKind::Ambiguous => "ambiguous",
            ProblemKind::Illegal => "illegal",
        }
    }
}

/// An order that was left out, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderProblem {
    /// `S1901M`.
    pub phase: String,
    /// `FRANCE`.
    pub power: String,
    /// The order as given.
    pub order: String,
    /// What kind of problem.
    pub kind: ProblemKind,
    /// In words.
    pub reason: String,
}

impl OrderProblem {
    /// `S1901M FRANCE: `A PAR - XYZ`: invalid: ...`.
    pub fn line(&self) -> String {
        format!(
            "{} {}: `{}`: {} ({})",
            self.phase,
            self.power,
            self.order,
            self.reason,
            self.kind.as_str()
        )
    }
}

/// The problem kind of a parse error.
pub fn parse_problem(err: &ParseError) -> ProblemKind {
    match err.kind {
        ParseErrorKind::AmbiguousLocation(..) => ProblemKind::Ambiguous,
        _ => ProblemKind::Invalid,
    }
}

/// Power -> units (`A PAR`), every power listed; dislodged units (`*A PAR`) after the
/// others when `with_dislodged`.
pub fn units_by_power(
    variant: &Variant,
    pos: &Position,
    with_dislodged: bool,
) -> Vec<(String, Vec<String>)> {
    let map = &variant.map;
    let mut lists: Vec<Vec<String>> = vec![Vec::new(); variant.powers.len()];
    for (_, u) in pos.units() {
        if let Some(l) = lists.get_mut(u.power.index()) {
            l.push(unit_name(map, u));
        }
    }
    if with_dislodged {
        for d in pos.dislodged() {
            if let Some(l) = lists.get_mut(d.unit.power.index()) {
                l.push(format!("*{}", unit_name(map, &d.unit)));
            }
        }
    }
    powers(variant)
        .zip(lists)
        .map(|(p, l)| (power_name(variant, p), l))
        .collect()
}

/// Power -> owned centers, every power listed.
pub fn centers_by_power(variant: &Variant, pos: &Position) -> Vec<(String, Vec<String>)> {
    let map = &variant.map;
    let mut lists: Vec<Vec<String>> = vec![Vec::new(); variant.powers.len()];
    for (i, owner) in pos.owners().iter().enumerate() {
        if let Some(l) = owner.and_then(|o| lists.get_mut(o.index())) {
            l.push(prov_name(map, ProvinceId(i as u16)));
        }
    }
    powers(variant)
        .zip(lists)
        .map(|(p, l)| (power_name(variant, p), l))
        .collect()
}

/// Power -> home centers.
pub fn homes_by_power(variant: &Variant) -> Vec<(String, Vec<String>)> {
    powers(variant)
        .map(|p| {
            let homes = variant
                .power(p)
                .home_centers
                .iter()
                .map(|&h| prov_name(&variant.map, h))
                .collect();
            (power_name(variant, p), homes)
        })
        .collect()
}

/// A dislodged unit and its retreat options.
pub type DislodgedList = Vec<(String, Vec<String>)>;

/// Power -> dislodged unit -> retreat options (every power listed).
pub fn dislodged_by_power(variant: &Variant, pos: &Position) -> Vec<(String, DislodgedList)> {
    let map = &variant.map;
    let mut lists: Vec<DislodgedList> = vec![Vec::new(); variant.powers.len()];
    for d in pos.dislodged() {
        if let Some(l) = lists.get_mut(d.unit.power.index()) {
            let options = d
                .retreat_options
                .iter()
                .map(|&o| loc_name(map, o))
                .collect();
            l.push((unit_name(map, &d.unit), options));
        }
    }
    powers(variant)
        .zip(lists)
        .map(|(p, l)| (power_name(variant, p), l))
        .collect()
}

/// A power's entry of the package's `builds` in a state: in an adjustment phase its
/// builds (no more than its build sites, which come with them) or removals (negative)
/// from `counts` (`adjustment_counts`); else none.
pub(crate) fn package_builds(
    variant: &Variant,
    pos: &Position,
    counts: &[i32],
    power: PowerId,
) -> (i32, Vec<ProvinceId>) {
    if pos.phase().kind != PhaseKind::Adjustment {
        return (0, Vec::new());
    }
    let count = counts.get(power.index()).copied().unwrap_or(0);
    if count <= 0 {
        return (count, Vec::new());
    }
    let sites = build_sites(variant, pos, power);
    (count.min(sites.len() as i32), sites)
}

/// How many places `power` could build in ([`build_sites`]).
pub(crate) fn build_site_count(variant: &Variant, pos: &Position, power: PowerId) -> usize {
    build_sites(variant, pos, power).len()
}

/// Power -> provinces that need an order in this phase (the package's
/// `get_orderable_locations`).
pub fn orderable_locations(variant: &Variant, pos: &Position) -> Vec<(String, Vec<String>)> {
    let map = &variant.map;
    // Only adjustments need the counts (they take a pass over the board).
    let counts = if pos.phase().kind == PhaseKind::Adjustment {
        adjustment_counts(variant, pos)
    } else {
        Vec::new()
    };
    powers(variant)
        .map(|p| {
            let due = counts.get(p.index()).copied().unwrap_or(0);
            let locs = orderable_provinces_due(variant, pos, p, due)
                .into_iter()
                .map(|q| prov_name(map, q))
                .collect();
            (power_name(variant, p), locs)
        })
        .collect()
}

/// The provinces that need an order from `power` in this phase: its units; its
/// dislodged units; its build sites or, if it must remove, its units; sorted by name, as
/// the package sorts them.
pub fn orderable_provinces(variant: &Variant, pos: &Position, power: PowerId) -> Vec<ProvinceId> {
    let due = if pos.phase().kind == PhaseKind::Adjustment {
        adjustment_counts(variant, pos)
            .get(power.index())
            .copied()
            .unwrap_or(0)
    } else {
        0
    };
    orderable_provinces_due(variant, pos, power, due)
}

/// [`orderable_provinces`] given the power's adjustment count (`due`; read only in
/// adjustments).
fn orderable_provinces_due(
    variant: &Variant,
    pos: &Position,
    power: PowerId,
    due: i32,
) -> Vec<ProvinceId> {
    let map = &variant.map;
    let units = || {
        pos.units()
            .filter(|(_, u)| u.power == power)
            .map(|(q, _)| q)
            .collect()
    };
    let mut provinces: Vec<ProvinceId> = match pos.phase().kind {
        PhaseKind::Movement => units(),
        PhaseKind::Retreat => pos
            .dislodged()
            .iter()
            .filter(|d| d.unit.power == power)
            .map(|d| map.province_of(d.unit.location))
            .collect(),
        PhaseKind::Adjustment => match due {
            c if c > 0 => build_sites(variant, pos, power),
            c if c < 0 => units(),
            _ => Vec::new(),
        },
    };
    // The package sorts the names (its build sites come in its homes' or centers'
    // order, its units in the order it keeps them), so a loop over them visits the
    // locations in the same order in both. The standard map's provinces are numbered in
    // this order already.
    provinces.sort_by(|a, b| map.upper_province_name(*a).cmp(map.upper_province_name(*b)));
    provinces
}

/// One entry of a possible-orders list: an order, or `WAIVE`.
#[derive(Clone, Debug)]
pub enum Possible {
    /// A legal order.
    Order(Order),
    /// `WAIVE` (a build site's power may waive a build).
    Waive,
}

/// Per location (indexed by `LocationId`): every legal order of the unit there (the
/// package's `get_all_possible_orders`). A unit on a coast is listed under the coast
/// and under its province; in adjustments each build site also lists `WAIVE`.
pub fn possible_order_table(variant: &Variant, pos: &Position) -> Vec<Vec<Possible>> {
    let map = &variant.map;
    let mut table: Vec<Vec<Possible>> = vec![Vec::new(); map.location_count()];
    let add = |table: &mut Vec<Vec<Possible>>, l: LocationId, order: Order| {
        let p = map.province_of(l);
        if p.index() != l.index() {
            if let Some(t) = table.get_mut(p.index()) {
                t.push(Possible::Order(order.clone()));
            }
        }
        if let Some(t) = table.get_mut(l.index()) {
            t.push(Possible::Order(order));
        }
    };
    match pos.phase().kind {
        PhaseKind::Movement => {
            for o in movement_orders(variant, pos) {
                if let Some(u) = o.kind.unit() {
                    let at = u.location;
                    add(&mut table, at, o);
                }
            }
        }
        PhaseKind::Retreat => {
            for d in pos.dislodged() {
                for o in unit_retreat_orders(pos, map.province_of(d.unit.location), map) {
                    add(&mut table, d.unit.location, o);
                }
            }
        }
        PhaseKind::Adjustment => {
            for p in powers(variant) {
                let mut sites: BTreeSet<usize> = BTreeSet::new();
                let mut waive = false;
                for o in power_adjustment_orders(variant, pos, p) {
                    match o.kind {
                        OrderKind::Build { unit } => {
                            sites.insert(unit.location.index());
                            sites.insert(map.province_of(unit.location).index());
                            add(&mut table, unit.location, o);
                        }
                        OrderKind::Waive => waive = true,
                        _ => {
                            if let Some(u) = o.kind.unit() {
                                let at = u.location;
                                add(&mut table, at, o);
                            }
                        }
                    }
                }
                if waive {
                    for s in sites {
                        if let Some(t) = table.get_mut(s) {
                            t.push(Possible::Waive);
                        }
                    }
                }
            }
        }
    }
    table
}

/// Location -> every legal order of the unit there, as text (see
/// [`possible_order_table`]), sorted by location name.
pub fn possible_orders(variant: &Variant, pos: &Position) -> Vec<(String, Vec<String>)> {
    let map = &variant.map;
    let mut out: Vec<(String, Vec<String>)> = possible_order_table(variant, pos)
        .into_iter()
        .enumerate()
        .map(|(l, orders)| {
            let texts = orders
                .iter()
                .map(|o| match o {
                    Possible::Order(o) => order_text(map, o),
                    Possible::Waive => "WAIVE".to_string(),
                })
                .collect();
            (loc_name(map, LocationId(l as u16)), texts)
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// The package's `state` dict: `name`, `units` (`*` for dislodged), `centers`, `homes`,
/// `retreats`, `builds` (`{count, homes}` in adjustment phases), `civil_disorder`,
/// `note`. `name` is `COMPLETED` once the game is won.
pub fn state_value(variant: &Variant, pos: &Position, name: &str) -> Value {
    let mut state = state_json(variant, pos);
    let counts = match pos.phase().kind {
        PhaseKind::Adjustment => adjustment_counts(variant, pos),
        _ => Vec::new(),
    };
    let mut builds = JsonMap::new();
    let mut disorder = JsonMap::new();
    for p in powers(variant) {
        let (count, sites) = package_builds(variant, pos, &counts, p);
        let homes: Vec<String> = sites
            .into_iter()
            .map(|h| prov_name(&variant.map, h))
            .collect();
        builds.insert(
            power_name(variant, p),
            json!({"count": count, "homes": homes}),
        );
        disorder.insert(power_name(variant, p), json!(0));
    }
    if let Value::Object(m) = &mut state {
        m.insert("name".into(), json!(name));
        m.insert("builds".into(), Value::Object(builds));
        m.insert("civil_disorder".into(), Value::Object(disorder));
        m.insert("note".into(), json!(""));
    }
    state
}

/// Units after a movement phase's adjudication, per power (not the dislodged ones).
pub fn units_after(variant: &Variant, r: &MovementResult) -> Vec<(String, Vec<String>)> {
    units_by_power(variant, &r.position, false)
}

/// The package's result labels of a movement phase (every unit that stood on the board;
/// see `standoff::mila::labels`).
pub fn movement_codes(
    variant: &Variant,
    orders: &[Order],
    r: &MovementResult,
) -> Vec<(String, Vec<String>)> {
    owned(labels::movement_labels(variant, orders, r))
}

fn owned(labels: Vec<(String, labels::Labels)>) -> Vec<(String, Vec<String>)> {
    labels
        .into_iter()
        .map(|(unit, l)| (unit, l.into_iter().map(String::from).collect()))
        .collect()
}

/// The package's result labels of a played phase (`standoff::mila::labels`). In a
/// retreat or adjustment phase, orders left out when they were set (`problems`) are
/// `void` too, for the unit they name (`A PAR B` -> `A PAR`), as the package writes
/// its invalid retreat and build orders.
pub fn result_codes(
    variant: &Variant,
    record: &PhaseRecord,
    problems: &[OrderProblem],
) -> Vec<(String, Vec<String>)> {
    let played = labels::package_labels(variant, record);
    if record.position.phase().kind == PhaseKind::Movement {
        return owned(played);
    }
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    let mut add = |unit: String, codes: &[&str]| {
        let at = match out.iter().position(|(u, _)| *u == unit) {
            Some(at) => at,
            None => {
                out.push((unit, Vec::new()));
                out.len() - 1
            }
        };
        for code in codes {
            if !out[at].1.iter().any(|c| c == code) {
                out[at].1.push((*code).to_string());
            }
        }
    };
    for problem in problems {
        let words: Vec<String> = problem
            .order
            .split_whitespace()
            .map(str::to_uppercase)
            .collect();
        if words.len() >= 2 && (words[0] == "A" || words[0] == "F") {
            add(format!("{} {}", words[0], words[1]), &[labels::VOID]);
        }
    }
    for (unit, codes) in played {
        add(unit, &codes);
    }
    out
}

/// The status of each submitted order of a played phase.
pub fn statuses(result: &PhaseResult) -> &[OrderStatus] {
    match result {
        PhaseResult::Movement(r) => &r.orders,
        PhaseResult::Retreat(r) => &r.orders,
        PhaseResult::Adjustment(r) => &r.orders,
    }
}

/// Orders per power in the package's notation (every power listed).
pub fn orders_by_power(variant: &Variant, orders: &[Order]) -> Vec<(String, Vec<String>)> {
    let mut lists: Vec<Vec<String>> = vec![Vec::new(); variant.powers.len()];
    for o in orders {
        if let Some(l) = lists.get_mut(o.power.index()) {
            l.push(order_text(&variant.map, o));
        }
    }
    powers(variant)
        .zip(lists)
        .map(|(p, l)| (power_name(variant, p), l))
        .collect()
}

/// Orders that were not followed: rejected outright, or applied to a unit whose
/// outcome is "illegal" (the unit held, DATC 4.E.1).
pub fn not_followed<'a>(
    orders: &'a [Order],
    result: &'a PhaseResult,
) -> impl Iterator<Item = (&'a Order, Illegal)> + 'a {
    let movement = match result {
        PhaseResult::Movement(r) => Some(r),
        _ => None,
    };
    orders
        .iter()
        .zip(statuses(result))
        .filter_map(move |(o, s)| match s {
            OrderStatus::Rejected(why) => Some((o, *why)),
            OrderStatus::Applied(p) => match movement.and_then(|r| r.unit(*p)) {
                Some(u) => match u.outcome {
                    Outcome::Illegal(why) => Some((o, why)),
                    _ => None,
                },
                None => None,
            },
        })
}

/// Orders that the adjudicator did not follow when the phase was played.
pub fn rejected_in_phase(variant: &Variant, record: &PhaseRecord) -> Vec<OrderProblem> {
    rejections(
        variant,
        &record.position.phase().short_code(),
        &record.orders,
        &record.processed.result,
    )
}

/// `OrderProblem`s for the orders of a played phase that were not followed.
pub fn rejections(
    variant: &Variant,
    phase: &str,
    orders: &[Order],
    result: &PhaseResult,
) -> Vec<OrderProblem> {
    not_followed(orders, result)
        .map(|(o, why)| OrderProblem {
            phase: phase.to_string(),
            power: power_name(variant, o.power),
            order: order_text(&variant.map, o),
            kind: ProblemKind::Illegal,
            reason: illegal_text(why).to_string(),
        })
        .collect()
}

/// Sets unit types the order leaves out (or gets wrong: DATC 4.C.1, types are not
/// binding) from the units on the board, so the order reads as the package writes it.
pub fn fill_kinds(pos: &Position, variant: &Variant, mut order: Order) -> Order {
    let map = &variant.map;
    let on_board = |r: &mut UnitRef| {
        if let Some(u) = pos.unit_at(map.province_of(r.location)) {
            r.kind = Some(u.kind);
            if r.location.index() < map.province_count() {
                r.location = u.location;
            }
        }
    };
    let dislodged = |r: &mut UnitRef| {
        let p = map.province_of(r.location);
        if let Some(d) = pos
            .dislodged()
            .iter()
            .find(|d| map.province_of(d.unit.location) == p)
        {
            r.kind = Some(d.unit.kind);
            if r.location.index() < map.province_count() {
                r.location = d.unit.location;
            }
        }
    };
    match &mut order.kind {
        OrderKind::Hold { unit }
        | OrderKind::Move { unit, .. }
        | OrderKind::RailMove { unit, .. }
        | OrderKind::Remove { unit }
        | OrderKind::Proxy { unit, .. } => on_board(unit),
        OrderKind::CanalPermission { fleet, .. } => on_board(fleet),
        OrderKind::SupportHold { unit, target } | OrderKind::SupportMove { unit, target, .. } => {
            on_board(unit);
            on_board(target);
        }
        OrderKind::Convoy { unit, army, .. } => {
            on_board(unit);
            on_board(army);
        }
        OrderKind::Retreat { unit, .. } => dislodged(unit),
        OrderKind::Disband { unit } => {
            if pos.phase().kind == PhaseKind::Retreat {
                dislodged(unit)
            } else {
                on_board(unit)
            }
        }
        OrderKind::Build { .. } | OrderKind::Waive => {}
    }
    order
}

/// Writes the coast a fleet's move or retreat goes to when the order leaves it out and
/// only one coast of the province is open to the fleet, where the rules send it there
/// (DATC 4.B.2 a), so the order reads as the package writes it (`F GAS - SPA/NC`).
pub fn fill_only_coast(
    pos: &Position,
    variant: &Variant,
    rules: &RuleSet,
    mut order: Order,
) -> Order {
    let map = &variant.map;
    let (OrderKind::Move { unit, to, .. } | OrderKind::Retreat { unit, to }) = &mut order.kind
    else {
        return order;
    };
    if rules.missing_coast_one != MissingCoastOnePossible::OnlyCoast
        || unit.kind != Some(UnitKind::Fleet)
        || to.index() >= map.province_count()
    {
        return order;
    }
    // A retreat goes only where the dislodged fleet may retreat.
    let options = (pos.phase().kind == PhaseKind::Retreat).then(|| {
        pos.dislodged()
            .iter()
            .find(|d| d.unit.location == unit.location)
            .map_or(&[][..], |d| &d.retreat_options[..])
    });
    let mut open = map
        .fleet_coasts_reachable(unit.location, map.province_of(*to))
        .filter(|c| options.is_none_or(|o| o.contains(c)));
    if let (Some(coast), None) = (open.next(), open.next()) {
        *to = coast;
    }
    order
}

/// What to tell the player of an army's move written "via convoy" to a province it
/// borders when no fleet on the board could convoy it (no such move is among the legal
/// orders): it then goes over land or fails, as the rules say (DATC 4.A.3, 6.G.8);
/// None for any other order.
pub fn unconvoyable_via(
    pos: &Position,
    variant: &Variant,
    rules: &RuleSet,
    order: &Order,
    text: &str,
) -> Option<String> {
    let OrderKind::Move {
        unit,
        to,
        via_convoy: true,
        ..
    } = &order.kind
    else {
        return None;
    };
    let map = &variant.map;
    let (from, dest) = (map.province_of(unit.location), map.province_of(*to));
    if unit.kind != Some(UnitKind::Army) || !map.army_adjacent(from, dest) {
        return None;
    }
    let listed = unit_movement_orders(variant, pos, from).iter().any(|o| {
        matches!(&o.kind, OrderKind::Move { to, via_convoy: true, .. } if map.province_of(*to) == dest)
    });
    if listed {
        return None;
    }
    Some(if rules.via_convoy_without_route_goes_by_land() {
        format!("`{text}`: no fleet can convoy it this phase, so it goes over land (DATC 4.A.3)")
    } else {
        format!("`{text}`: no fleet can convoy it this phase, so the move fails (DATC 4.A.3)")
    })
}

/// Reads one order of `power` in the current phase.
pub fn read_order(
    variant: &Variant,
    kind: PhaseKind,
    power: PowerId,
    text: &str,
) -> Result<Order, ParseError> {
    parse_order(variant, kind, Some(power), text)
}

/// A position from the package's state pieces (`units` with `*` for dislodged units,
/// `centers`, `retreats`) at `phase`.
pub fn position_from_state(
    variant: &Variant,
    state: &MilaState,
    phase: Phase,
) -> Result<Position, String> {
    state.to_position(variant, phase).map_err(|e| e.to_string())
}

/// The board pieces of a state: power -> units (`*` marks a dislodged unit), power ->
/// centers, power -> dislodged unit -> retreat options.
#[derive(Clone, Debug, Default)]
pub struct StateParts {
    pub units: Vec<(String, Vec<String>)>,
    pub centers: Vec<(String, Vec<String>)>,
    pub retreats: Vec<(String, DislodgedList)>,
}

/// Builds a position from state pieces: the names translated into a `Setup` (the
/// first name that cannot be read is reported), then checked by
/// `Position::from_setup` (every problem reported). Retreat options are taken as the
/// state gives them, as for the package's saved games (`SetupOptions`).
pub fn build_position(
    variant: &Variant,
    phase: Phase,
    parts: &StateParts,
) -> Result<Position, String> {
    let map = &variant.map;
    let power = |name: &str| {
        variant
            .find_power(name)
            .ok_or_else(|| format!("unknown power `{name}`"))
    };
    let mut setup = Setup::empty(phase);
    for (name, units) in &parts.units {
        let p = power(name)?;
        for text in units {
            match text.trim().strip_prefix('*') {
                Some(rest) => {
                    let unit = crate::names::parse_unit(variant, p, rest)
                        .map_err(|e| format!("{name}: {e}"))?;
                    let mut retreat_options = Vec::new();
                    let listed = parts
                        .retreats
                        .iter()
                        .filter(|(q, _)| variant.find_power(q) == Some(p))
                        .flat_map(|(_, list)| list)
                        .find(|(u, _)| {
                            crate::names::parse_unit(variant, p, u).is_ok_and(|v| v == unit)
                        });
                    for o in listed.map(|(_, o)| o.as_slice()).unwrap_or(&[]) {
                        retreat_options
                            .push(crate::names::parse_loc(map, o).ok_or_else(|| {
                                format!("{name} `{text}`: unknown retreat `{o}`")
                            })?);
                    }
                    setup.dislodged.push(standoff::position::Dislodged {
                        unit,
                        attacker_from: None,
                        retreat_options,
                    });
                }
                None => {
                    let unit = crate::names::parse_unit(variant, p, text)
                        .map_err(|e| format!("{name}: {e}"))?;
                    setup.units.push(unit);
                }
            }
        }
    }
    for (name, centers) in &parts.centers {
        let p = power(name)?;
        for c in centers {
            let prov = map
                .find_province(c.trim())
                .ok_or_else(|| format!("{name}: `{c}` is not a supply center"))?;
            setup.owners.push((prov, p));
        }
    }
    let options = SetupOptions::default().retreat_options_as_given();
    Position::from_setup_with(variant, setup, options).map_err(|e| e.to_string())
}

/// A position from the native API's pieces: units, centers, dislodged units with
/// their retreat options.
pub fn position_from_parts(
    variant: &Variant,
    phase: Phase,
    units: Vec<(String, Vec<String>)>,
    centers: Vec<(String, Vec<String>)>,
    dislodged: Vec<(String, DislodgedList)>,
) -> Result<Position, String> {
    let mut units = units;
    for (p, list) in &dislodged {
        let stars: Vec<String> = list.iter().map(|(u, _)| format!("*{}", u.trim())).collect();
        units.push((p.clone(), stars));
    }
    build_position(
        variant,
        phase,
        &StateParts {
            units,
            centers,
            retreats: dislodged,
        },
    )
}
