//! Running one case: build the position, adjudicate the phase, compare.

use super::file::{Case, UnitLine};
use crate::adjudicate::{
    adjudicate_adjustments_with, adjudicate_movement_with, adjudicate_retreats_with,
    retreat_options,
};
use crate::ids::ProvinceId;
use crate::order::{Order, OrderKind};
use crate::parse::{parse_order, parse_orders_with};
use crate::phase::{parse_phase, Phase, PhaseKind};
use crate::position::Dislodged;
use crate::position::Position;
use crate::rules::{AdjacentConvoy, RetreatToConvoyOrigin, RuleSet};
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

fn read_unit(variant: &Variant, line: &UnitLine) -> Result<Unit, String> {
    let order = parse_order(variant, PhaseKind::Movement, None, &line.text)
        .map_err(|e| format!("line {}: {}", line.line, e.kind))?;
    match order.kind {
        OrderKind::Hold { unit } => {
            let kind = unit
                .kind
                .ok_or_else(|| format!("line {}: unit type missing", line.line))?;
            Ok(Unit {
                power: order.power,
                kind,
                location: unit.location,
            })
        }
        _ => Err(format!(
            "line {}: expected `Power: A|F location`",
            line.line
        )),
    }
}

fn describe(variant: &Variant, u: &Unit) -> String {
    format!(
        "{}: {} {}",
        variant.power_name(u.power),
        u.kind.letter(),
        variant.map.location_id_name(u.location)
    )
}

struct Setup {
    position: Position,
    problems: Vec<String>,
}

fn setup(variant: &Variant, case: &Case, phase: Phase) -> Setup {
    let mut problems = Vec::new();
    let mut position = Position::empty(variant, phase);
    for line in &case.prestate {
        match read_unit(variant, line) {
            Ok(u) => {
                if let Err(e) = position.place(variant, u) {
                    problems.push(format!("line {}: {e}", line.line));
                }
            }
            Err(e) => problems.push(e),
        }
    }
    if let Some(owners) = &case.owners {
        for line in owners {
            match read_unit(variant, line) {
                Ok(u) => {
                    let p = variant.map.province_of(u.location);
                    position.owners[p.index()] = Some(u.power);
                }
                Err(e) => problems.push(e),
            }
        }
    } else {
        position.owners.clone_from(&variant.start_owners);
    }
    Setup { position, problems }
}

/// The case's orders, read as one block under `rules` (DATC 4.E.2 decides how names
/// that could be several spaces are settled).
fn read_orders(
    variant: &Variant,
    rules: &RuleSet,
    case: &Case,
    position: &Position,
    problems: &mut Vec<String>,
) -> Vec<Order> {
    let text: String = case
        .orders
        .iter()
        .map(|l| format!("{}\n", l.text))
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
    run_case_with(variant, &RuleSet::DATC, case)
}

/// Runs one case under `rules`.
pub fn run_case_with(variant: &Variant, rules: &RuleSet, case: &Case) -> CaseReport {
    let mut problems = Vec::new();
    let Some(phase) = parse_phase(&case.phase) else {
        return CaseReport {
            id: case.id.clone(),
            passed: false,
            problems: vec![format!("cannot read phase `{}`", case.phase)],
        };
    };
    let Setup {
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
    let expected_dislodged = expected_set(variant, &case.post_dislodged, &mut problems);
    compare("units", &expected_units, &after, &mut problems);
    compare("dislodged", &expected_dislodged, &dislodged, &mut problems);
    CaseReport {
        id: case.id.clone(),
        passed: problems.is_empty(),
        problems,
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
        match parse_order(variant, PhaseKind::Movement, None, rest.trim()) {
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
        // Whether the move went by convoy, as the rules decide it (DATC 4.A.3).
        let convoy_orders: Vec<&Order> = convoys
            .iter()
            .filter(|c| matches!(c.kind, OrderKind::Convoy { army, to, .. } if map.province_of(army.location) == from && to == dest))
            .collect();
        let adjacent = unit.kind == Some(UnitKind::Fleet) || map.army_adjacent(from, dest);
        let opposite = moves.iter().any(|(_, m)| endpoints(m) == (dest, from));
        let convoyed = !adjacent
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
            failed_into[p.index()] >= 2
        });
        position.dislodged.push(Dislodged {
            unit,
            attacker_from,
            retreat_options,
        });
    }
}

/// The position and orders of a movement case (for benchmarks and other engines), or
/// `None` for other phases or a case that cannot be read.
pub fn movement_case_input(variant: &Variant, case: &Case) -> Option<(Position, Vec<Order>)> {
    let phase = parse_phase(&case.phase).filter(|p| p.kind == PhaseKind::Movement)?;
    let Setup { position, problems } = setup(variant, case, phase);
    let mut problems = problems;
    let orders = read_orders(variant, &RuleSet::DATC, case, &position, &mut problems);
    problems.is_empty().then_some((position, orders))
}
