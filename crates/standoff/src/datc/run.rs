//! Running one case: build the position, adjudicate the phase, compare.

use super::file::{Case, UnitLine};
use super::spelling::{order_spelling, read_case_phase};
use crate::adjudicate::{
    adjudicate_adjustments_with, adjudicate_movement_with, adjudicate_retreats_with,
    retreat_options,
};
use crate::game::capture_centers;
use crate::ids::{PowerId, ProvinceId};
use crate::order::{Order, OrderKind};
use crate::parse::{parse_order, parse_orders_with, parse_unit};
use crate::phase::{Phase, PhaseKind, Season};
use crate::position::Dislodged;
use crate::position::{Position, Setup};
use crate::rules::{AdjacentConvoy, RetreatToConvoyOrigin, RuleSet, Rules};
use crate::unit::Unit;
use crate::unit::UnitKind;
use crate::variant::Variant;
use std::collections::BTreeSet;

/// The result of running a case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CaseReport {
    /// Case id.
    pub id: String,
    /// Whether the outcome matched.
    pub passed: bool,
    /// What differed or could not be read (empty when passed).
    pub problems: Vec<String>,
}

/// `Power: A par`, or without the colon (`Italy F gol`), as godip writes them.
fn split_power(text: &str) -> Option<(&str, &str)> {
    text.split_once(':')
        .or_else(|| text.trim().split_once(char::is_whitespace))
}

fn read_unit(variant: &Variant, line: &UnitLine) -> Result<Unit, String> {
    let (power, unit) = split_power(&line.text)
        .ok_or_else(|| format!("line {}: expected `Power: A|F location`", line.line))?;
    let power = variant
        .find_power(power.trim())
        .ok_or_else(|| format!("line {}: `{}` is not a power", line.line, power.trim()))?;
    parse_unit(variant, power, &order_spelling(unit))
        .map_err(|e| format!("line {}: {}", line.line, e.kind))
}

fn describe(variant: &Variant, u: &Unit) -> String {
    format!(
        "{}: {} {}",
        variant.power_name(u.power),
        u.mark(),
        variant.map.location_id_name(u.location)
    )
}

struct Prepared {
    position: Position,
    problems: Vec<String>,
}

/// The case's board, names translated into a [`Setup`] and checked by
/// [`Position::from_setup`] (dislodged units come later, with the retreat options the
/// previous phase's results give).
fn setup(variant: &Variant, case: &Case, phase: Phase) -> Prepared {
    let mut problems = Vec::new();
    let mut setup = Setup::empty(phase);
    for line in &case.prestate {
        match read_unit(variant, line) {
            Ok(u) => setup.units.push(u),
            Err(e) => problems.push(e),
        }
    }
    // After an opening placement (Bowen 2) the home centers are the case's, else the
    // marked ones.
    let placement_phase = phase.kind == PhaseKind::Adjustment && phase.year == variant.start_year;
    let placed = !placement_phase && variant.opens_with_placement();
    if placed || case.homes.is_some() {
        let mut homes: Vec<Vec<ProvinceId>> = variant
            .powers
            .iter()
            .map(|p| {
                if case.homes.is_some() {
                    Vec::new()
                } else {
                    p.home_centers.clone()
                }
            })
            .collect();
        for line in case.homes.iter().flatten() {
            match read_space(variant, line) {
                Ok((w, p)) => homes[w.index()].push(p),
                Err(e) => problems.push(e),
            }
        }
        setup.homes = Some(homes);
    }
    if let Some(owners) = &case.owners {
        for line in owners {
            match read_space(variant, line) {
                Ok((w, p)) => setup.owners.push((p, w)),
                Err(e) => problems.push(e),
            }
        }
    } else if let Some(homes) = &setup.homes {
        for (w, h) in homes.iter().enumerate() {
            for &p in h {
                setup.owners.push((p, PowerId(w as u8)));
            }
        }
    } else {
        setup.owners = Setup::owners_from(&variant.start_owners);
    }
    // Unless the case says otherwise, an empty center was last held by its owner.
    if variant.tracks_occupants() && !case.last_occupied.is_empty() {
        let mut last = Vec::new();
        for line in &case.last_occupied {
            match read_space(variant, line) {
                Ok((w, p)) => last.push((p, w)),
                Err(e) => problems.push(e),
            }
        }
        setup.last_occupants = Some(last);
    }
    if let Some(lines) = &case.spring_entrants {
        let mut entrants = Vec::new();
        for line in lines {
            match read_space(variant, line) {
                Ok((w, p)) => entrants.push((p, w)),
                Err(e) => problems.push(e),
            }
        }
        setup.spring_entrants = Some(entrants);
    }
    let position = match Position::from_setup(variant, setup) {
        Ok(p) => p,
        Err(e) => {
            problems.extend(e.problems.iter().map(|p| format!("position: {p}")));
            Position::empty(variant, phase)
        }
    };
    Prepared { position, problems }
}

/// A `Power: space` line (a unit mark before the space is allowed: `France: A Paris`).
fn read_space(variant: &Variant, line: &UnitLine) -> Result<(PowerId, ProvinceId), String> {
    let bad = |what: &str| format!("line {}: {what}", line.line);
    let (power, rest) = split_power(&line.text).ok_or_else(|| bad("expected `Power: space`"))?;
    let power = variant
        .find_power(power.trim())
        .ok_or_else(|| bad(&format!("`{}` is not a power", power.trim())))?;
    let rest = rest.trim();
    if let Ok(u) = parse_unit(variant, power, &order_spelling(rest)) {
        return Ok((power, variant.map.province_of(u.location)));
    }
    let space = variant
        .map
        .find_province(rest)
        .ok_or_else(|| bad(&format!("`{rest}` is not a space")))?;
    Ok((power, space))
}

/// The case's orders, read as one block under `rules` (DATC 4.E.2 decides how names
/// that could be several spaces are settled).
fn read_orders(
    variant: &Variant,
    rules: &Rules,
    case: &Case,
    position: &Position,
    problems: &mut Vec<String>,
) -> Vec<Order> {
    let text: String = case
        .orders
        .iter()
        .map(|l| format!("{}\n", order_spelling(&l.text)))
        .collect();
    let (parsed, errors) = parse_orders_with(variant, position, rules, &text);
    let file_line = |i: usize| {
        i.checked_sub(1)
            .and_then(|k| case.orders.get(k))
            .map_or(0, |l| l.line)
    };
    for e in errors {
        problems.push(format!(
            "line {}: cannot read order: {}",
            file_line(e.line),
            e.error
        ));
    }
    parsed.into_iter().map(|p| p.order).collect()
}

fn expected_set(
    variant: &Variant,
    lines: &[UnitLine],
    problems: &mut Vec<String>,
) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for l in lines {
        match read_unit(variant, l) {
            Ok(u) => {
                out.insert(describe(variant, &u));
            }
            Err(e) => problems.push(e),
        }
    }
    out
}

fn compare(
    what: &str,
    expected: &BTreeSet<String>,
    actual: &BTreeSet<String>,
    problems: &mut Vec<String>,
) {
    for e in expected.difference(actual) {
        problems.push(format!("{what}: expected `{e}`, not there"));
    }
    for a in actual.difference(expected) {
        problems.push(format!("{what}: unexpected `{a}`"));
    }
}

/// Runs one case of a case file against `variant` under the default rules.
pub fn run_case(variant: &Variant, case: &Case) -> CaseReport {
    run_case_with(variant, &Rules::DATC, case)
}

/// Runs one case under `rules`.
pub fn run_case_with(variant: &Variant, rules: &Rules, case: &Case) -> CaseReport {
    let mut problems = Vec::new();
    let Some(phase) = read_case_phase(variant, &case.phase) else {
        return CaseReport {
            id: case.id.clone(),
            passed: false,
            problems: vec![format!("cannot read phase `{}`", case.phase)],
        };
    };
    let Prepared {
        mut position,
        problems: setup_problems,
    } = setup(variant, case, phase);
    problems.extend(setup_problems);
    if phase.kind == PhaseKind::Retreat {
        add_dislodged(variant, rules, case, &mut position, &mut problems);
    }
    let orders = read_orders(variant, rules, case, &position, &mut problems);
    // The board after the phase, and (after movement) the dislodged units that can retreat.
    let after_phase: Position = match phase.kind {
        PhaseKind::Movement => {
            adjudicate_movement_with(variant, rules, &position, &orders).position
        }
        PhaseKind::Retreat => adjudicate_retreats_with(variant, rules, &position, &orders).position,
        PhaseKind::Adjustment => {
            adjudicate_adjustments_with(variant, rules, &position, &orders).position
        }
    };
    let mut after_phase = after_phase;
    if phase.season == Season::Fall && phase.kind != PhaseKind::Adjustment {
        // The year ends (after these retreats, or a movement without any).
        capture_centers(variant, &mut after_phase);
    }
    check_centers(variant, case, &after_phase, &mut problems);
    let after: BTreeSet<String> = after_phase
        .units()
        .map(|(_, u)| describe(variant, u))
        .collect();
    let dislodged: BTreeSet<String> = after_phase
        .dislodged
        .iter()
        .filter(|d| !d.retreat_options.is_empty())
        .map(|d| describe(variant, &d.unit))
        .collect();
    let expected_units = match &case.poststate {
        Some(lines) => expected_set(variant, lines, &mut problems),
        None => expected_set(variant, &case.prestate, &mut problems),
    };
    let (dislodged_lines, listed_options) = split_retreat_lists(&case.post_dislodged);
    let expected_dislodged = expected_set(variant, &dislodged_lines, &mut problems);
    compare("units", &expected_units, &after, &mut problems);
    compare("dislodged", &expected_dislodged, &dislodged, &mut problems);
    check_retreat_options(
        variant,
        &after_phase,
        &dislodged_lines,
        &listed_options,
        &mut problems,
    );
    CaseReport {
        id: case.id.clone(),
        passed: problems.is_empty(),
        problems,
    }
}

/// `POSTSTATE_DISLODGED` lines with the retreat options stated after `retreats`
/// (`Austria: F tri retreats adr, alb`): the unit lines alone, and each line's list.
fn split_retreat_lists(lines: &[UnitLine]) -> (Vec<UnitLine>, Vec<Option<String>>) {
    lines
        .iter()
        .map(|l| {
            let lower = l.text.to_ascii_lowercase();
            let at = lower
                .match_indices("retreats")
                .find(|&(i, _)| i > 0 && lower.as_bytes()[i - 1].is_ascii_whitespace())
                .map(|(i, _)| i);
            match at {
                Some(i) => (
                    UnitLine {
                        line: l.line,
                        text: l.text[..i].trim_end().to_string(),
                    },
                    Some(l.text[i + "retreats".len()..].trim().to_string()),
                ),
                None => (l.clone(), None),
            }
        })
        .unzip()
}

/// The retreat options of each dislodged unit whose line lists them must be exactly
/// those (in any order; names as the order parser reads them, coasts included).
fn check_retreat_options(
    variant: &Variant,
    after: &Position,
    lines: &[UnitLine],
    lists: &[Option<String>],
    problems: &mut Vec<String>,
) {
    for (line, list) in lines.iter().zip(lists) {
        let Some(list) = list else { continue };
        let Ok(unit) = read_unit(variant, line) else {
            continue; // already reported
        };
        let mut expected = BTreeSet::new();
        for name in list.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            let text = format!("{} {}", unit.kind.letter(), order_spelling(name));
            match parse_unit(variant, unit.power, &text) {
                Ok(u) => {
                    expected.insert(variant.map.location_id_name(u.location));
                }
                Err(_) => problems.push(format!(
                    "line {}: `{name}` is not a place a {} can retreat to",
                    line.line,
                    unit.kind.letter()
                )),
            }
        }
        let Some(actual) = after
            .dislodged
            .iter()
            .find(|d| describe(variant, &d.unit) == describe(variant, &unit))
        else {
            continue; // reported as a missing dislodged unit
        };
        let actual: BTreeSet<String> = actual
            .retreat_options
            .iter()
            .map(|&l| variant.map.location_id_name(l))
            .collect();
        let what = format!("retreats of {}", describe(variant, &unit));
        compare(&what, &expected, &actual, problems);
    }
}

/// `POSTSTATE_SUPPLYCENTER_OWNERS` and `POSTSTATE_HOME_CENTERS`, when the case has them.
fn check_centers(variant: &Variant, case: &Case, after: &Position, problems: &mut Vec<String>) {
    let name = |w: PowerId, p: ProvinceId| {
        format!("{}: {}", variant.power_name(w), variant.map.province(p).id)
    };
    let expected_set = |lines: &[UnitLine], problems: &mut Vec<String>| -> BTreeSet<String> {
        lines
            .iter()
            .filter_map(|l| match read_space(variant, l) {
                Ok((w, p)) => Some(name(w, p)),
                Err(e) => {
                    problems.push(e);
                    None
                }
            })
            .collect()
    };
    if let Some(lines) = &case.post_owners {
        let expected = expected_set(lines, problems);
        let actual: BTreeSet<String> = (0..variant.map.province_count())
            .map(|p| ProvinceId(p as u16))
            .filter_map(|p| after.owners[p.index()].map(|w| name(w, p)))
            .collect();
        compare("owners", &expected, &actual, problems);
    }
    if let Some(lines) = &case.post_homes {
        let expected = expected_set(lines, problems);
        let actual: BTreeSet<String> = (0..variant.powers.len())
            .map(|w| PowerId(w as u8))
            .flat_map(|w| {
                variant
                    .home_centers_in(after, w)
                    .iter()
                    .map(move |&p| name(w, p))
            })
            .collect();
        compare("home centers", &expected, &actual, problems);
    }
}

/// Dislodged units of a retreat case with retreat options derived from the previous
/// phase's results: not where the dislodger came from (unless by convoy), not occupied,
/// not a province that two or more failed moves targeted.
fn add_dislodged(
    variant: &Variant,
    rules: &RuleSet,
    case: &Case,
    position: &mut Position,
    problems: &mut Vec<String>,
) {
    let map = &variant.map;
    // The previous phase's orders: moves (with success) and convoy orders.
    let mut moves: Vec<(bool, Order)> = Vec::new();
    let mut convoys: Vec<Order> = Vec::new();
    for line in &case.results {
        let (ok, rest) = match line.text.split_once(':') {
            Some((flag, rest)) if flag.trim().eq_ignore_ascii_case("success") => (true, rest),
            Some((flag, rest)) if flag.trim().eq_ignore_ascii_case("failure") => (false, rest),
            _ => {
                problems.push(format!(
                    "line {}: expected `SUCCESS:` or `FAILURE:`",
                    line.line
                ));
                continue;
            }
        };
        match parse_order(
            variant,
            PhaseKind::Movement,
            None,
            &order_spelling(rest.trim()),
        ) {
            Ok(
                o @ Order {
                    kind: OrderKind::Move { .. },
                    ..
                },
            ) => moves.push((ok, o)),
            Ok(
                o @ Order {
                    kind: OrderKind::Convoy { .. },
                    ..
                },
            ) => convoys.push(o),
            Ok(_) => {}
            Err(e) => problems.push(format!("line {}: {e}", line.line)),
        }
    }
    let endpoints = |o: &Order| match o.kind {
        OrderKind::Move { unit, to, .. } => (map.province_of(unit.location), map.province_of(to)),
        _ => (ProvinceId(0), ProvinceId(0)),
    };
    let mut succeeded: Vec<(ProvinceId, ProvinceId, bool)> = Vec::new();
    let mut failed_into = vec![0u32; map.province_count()];
    for (ok, order) in &moves {
        let OrderKind::Move {
            unit, via_convoy, ..
        } = order.kind
        else {
            continue;
        };
        let (from, dest) = endpoints(order);
        // Whether the move went by convoy, as the rules decide it (DATC 4.A.3); a result
        // written `via convoy` says it went by convoy, as jDip and godip read it, whether
        // or not its convoy orders are listed.
        let convoy_orders: Vec<&Order> = convoys
            .iter()
            .filter(|c| matches!(c.kind, OrderKind::Convoy { army, to, .. } if map.province_of(army.location) == from && to == dest))
            .collect();
        let adjacent = unit.kind == Some(UnitKind::Fleet) || map.army_adjacent(from, dest);
        let opposite = moves.iter().any(|(_, m)| endpoints(m) == (dest, from));
        let convoyed = via_convoy
            || !adjacent
            || match rules.adjacent_convoy {
                AdjacentConvoy::AlwaysConvoy => !convoy_orders.is_empty(),
                AdjacentConvoy::OppositeMove | AdjacentConvoy::OppositeMoveWithRoute => {
                    !convoy_orders.is_empty() && opposite
                }
                AdjacentConvoy::Rulebook2000 => {
                    (via_convoy || convoy_orders.iter().any(|c| c.power == order.power))
                        && !convoy_orders.is_empty()
                }
                AdjacentConvoy::ExplicitOnly => via_convoy,
            };
        if *ok {
            succeeded.push((from, dest, convoyed));
        } else {
            failed_into[dest.index()] += 1;
        }
    }
    let mut setup = position.to_setup();
    for line in &case.dislodged {
        let unit = match read_unit(variant, line) {
            Ok(u) => u,
            Err(e) => {
                problems.push(e);
                continue;
            }
        };
        let here = map.province_of(unit.location);
        let attacker_from = succeeded
            .iter()
            .find(|(_, dest, _)| *dest == here)
            .and_then(|&(from, _, convoyed)| {
                let blocked = !convoyed
                    || rules.retreat_to_convoy_origin == RetreatToConvoyOrigin::NotAllowed;
                blocked.then_some(from)
            });
        let retreat_options = retreat_options(variant, position, &unit, attacker_from, |p| {
            failed_into[p.index()] >= 2 || guard_blocks(variant, position, &unit, p)
        });
        setup.dislodged.push(Dislodged {
            unit,
            attacker_from,
            retreat_options,
        });
    }
    match Position::from_setup(variant, setup) {
        Ok(p) => *position = p,
        Err(e) => problems.extend(e.problems.iter().map(|p| format!("dislodged units: {p}"))),
    }
}

/// Bowen 6 with `blocks_retreats`: a home guard (an empty home center last held by its
/// own power) keeps out retreating units of other powers; its own country's units may
/// retreat in (the guard "is ignored" for them).
fn guard_blocks(variant: &Variant, position: &Position, unit: &Unit, p: ProvinceId) -> bool {
    let hooks = variant.hooks(position.phase);
    if !hooks.flags.home_guards
        || !hooks.flags.guards_block_retreats
        || position.unit_at(p).is_some()
    {
        return false;
    }
    let Some(home) = position.last_occupants().get(p.index()).copied().flatten() else {
        return false;
    };
    home != unit.power && variant.home_centers_in(position, home).contains(&p)
}

/// The position and orders of a movement case (for benchmarks and other engines), or
/// `None` for other phases or a case that cannot be read.
pub fn movement_case_input(variant: &Variant, case: &Case) -> Option<(Position, Vec<Order>)> {
    let phase = read_case_phase(variant, &case.phase).filter(|p| p.kind == PhaseKind::Movement)?;
    let Prepared { position, problems } = setup(variant, case, phase);
    let mut problems = problems;
    let orders = read_orders(variant, &Rules::DATC, case, &position, &mut problems);
    problems.is_empty().then_some((position, orders))
}
