//! Phase reports: movement, retreat and adjustment, center changes, the center table.

use super::texts::{illegal_text, outcome_text};
use super::Audience;
use crate::adjudicate::{Adjustment, MovementResult, OrderStatus, RetreatOutcome, RetreatResult};
use crate::game::{PhaseResult, Processed};
use crate::ids::PowerId;
use crate::order::{Order, OrderKind};
use crate::position::Position;
use crate::unit::Unit;
use crate::variant::Variant;
use std::fmt::Write;

fn unit_text(variant: &Variant, u: &Unit) -> String {
    format!("{} {}", u.mark(), variant.map.location_abbr(u.location))
}

/// A movement-phase report: each submitted order with its result, units without
/// orders, and the dislodged units with their retreat options.
pub fn movement_report(
    variant: &Variant,
    orders: &[Order],
    result: &MovementResult,
    audience: Audience,
) -> String {
    let map = &variant.map;
    let mut out = String::new();
    let mut ordered = vec![false; map.province_count()];
    // Bowen: "The reports should say '1/2A' and '1/2F'" -- every order line names its
    // graded units with their marks.
    let graded: Vec<crate::unit::Unit> = result
        .units
        .iter()
        .map(|r| r.unit)
        .filter(|u| u.grade != crate::unit::Grade::Full)
        .collect();
    for (order, status) in orders.iter().zip(&result.orders) {
        if let OrderStatus::Applied(p) = status {
            ordered[p.index()] = true;
        }
        if !audience.shows(order.power) {
            continue;
        }
        let who = variant.power_name(order.power);
        let text = order
            .display(map)
            .with_powers(&variant.powers)
            .with_grades(&graded);
        let permission = match order.kind {
            OrderKind::CanalPermission { fleet, .. } => Some(fleet),
            _ => None,
        };
        let _ = match (status, permission) {
            // A canal permission: how the fleet it names fared.
            (OrderStatus::Applied(_), Some(fleet)) => {
                let fleet_at = map.province_of(fleet.location);
                let outcome = result
                    .unit(fleet_at)
                    .map(|r| outcome_text(variant, &r.outcome))
                    .unwrap_or_default();
                let abbr = &map.province(fleet_at).abbr;
                writeln!(out, "{who}: {text}  -> permission given; {abbr}: {outcome}")
            }
            (OrderStatus::Applied(p), None) => {
                let r = result.unit(*p);
                let outcome = r
                    .map(|r| outcome_text(variant, &r.outcome))
                    .unwrap_or_default();
                let dislodged = r
                    .and_then(|r| r.dislodged_by)
                    .map(|by| format!("; dislodged from {}", map.province(by).abbr))
                    .unwrap_or_default();
                writeln!(out, "{who}: {text}  -> {outcome}{dislodged}")
            }
            (OrderStatus::Rejected(why), _) => {
                writeln!(out, "{who}: {text}  -> not applied: {}", illegal_text(*why))
            }
        };
    }
    for r in result.units.iter().filter(|r| audience.shows(r.unit.power)) {
        if ordered[r.province.index()] {
            continue;
        }
        let dislodged = r
            .dislodged_by
            .map(|by| format!("; dislodged from {}", map.province(by).abbr))
            .unwrap_or_default();
        // DATC 4.E.3 a: the order its power's supports or convoys imply.
        let implicit = result.implicit.iter().find(|o| {
            o.kind
                .unit()
                .is_some_and(|u| map.province_of(u.location) == r.province)
        });
        let _ = match implicit {
            Some(order) => writeln!(
                out,
                "{}: {} (implicit order)  -> {}{dislodged}",
                variant.power_name(r.unit.power),
                order.display(map).with_grades(&graded),
                outcome_text(variant, &r.outcome)
            ),
            None => writeln!(
                out,
                "{}: {} (no order)  -> holds{dislodged}",
                variant.power_name(r.unit.power),
                unit_text(variant, &r.unit)
            ),
        };
    }
    // Bowen 6 and 11: the home guards that stood, units lost on neutral ground.
    let guards: Vec<String> = result
        .home_guards
        .iter()
        .filter(|(power, _)| audience.shows(*power))
        .map(|&(power, p)| {
            format!(
                "{} {}",
                variant.power(power).adjective,
                map.province(p).abbr
            )
        })
        .collect();
    if !guards.is_empty() {
        let _ = writeln!(out, "Home guards: {}", guards.join(", "));
    }
    for u in result.eliminated.iter().filter(|u| audience.shows(u.power)) {
        let _ = writeln!(
            out,
            "{}: {} eliminated: still on neutral ground",
            variant.power_name(u.power),
            unit_text(variant, u)
        );
    }
    let dislodged: Vec<_> = result
        .position
        .dislodged
        .iter()
        .filter(|d| audience.shows(d.unit.power))
        .collect();
    if !dislodged.is_empty() {
        out.push_str("\nDislodged:\n");
        for d in dislodged {
            let options: Vec<String> = d
                .retreat_options
                .iter()
                .map(|&l| map.location_abbr(l))
                .collect();
            let options = if options.is_empty() {
                "none (destroyed)".to_string()
            } else {
                options.join(", ")
            };
            let _ = writeln!(
                out,
                "  {}: {}  retreats: {options}",
                variant.power_name(d.unit.power),
                unit_text(variant, &d.unit)
            );
        }
    }
    out
}

fn rejected_lines(
    variant: &Variant,
    orders: &[Order],
    statuses: &[OrderStatus],
    audience: Audience,
    out: &mut String,
) {
    for (order, status) in orders.iter().zip(statuses) {
        if let (OrderStatus::Rejected(why), true) = (status, audience.shows(order.power)) {
            let _ = writeln!(
                out,
                "{}: {}  -> not applied: {}",
                variant.power_name(order.power),
                order.display(&variant.map).with_powers(&variant.powers),
                illegal_text(*why)
            );
        }
    }
}

fn retreat_report(
    variant: &Variant,
    orders: &[Order],
    r: &RetreatResult,
    audience: Audience,
    out: &mut String,
) {
    let map = &variant.map;
    rejected_lines(variant, orders, &r.orders, audience, out);
    for (d, (_, outcome)) in r.dislodged.iter().zip(&r.units) {
        if !audience.shows(d.unit.power) {
            continue;
        }
        let what = match outcome {
            RetreatOutcome::Retreated(to) => format!("retreats to {}", map.location_abbr(*to)),
            RetreatOutcome::Bounced(p) => format!(
                "retreat to {} fails (another unit retreated there): disbanded",
                map.province(*p).abbr
            ),
            RetreatOutcome::Disbanded => "disbands".into(),
            RetreatOutcome::DisbandedUnordered => "no retreat ordered: disbanded".into(),
        };
        let _ = writeln!(
            out,
            "{}: {}  -> {what}",
            variant.power_name(d.unit.power),
            unit_text(variant, &d.unit)
        );
    }
}

/// The report of one processed phase: orders and outcomes, then center changes.
pub fn phase_report(
    variant: &Variant,
    orders: &[Order],
    processed: &Processed,
    audience: Audience,
) -> String {
    let map = &variant.map;
    let mut out = format!("{}\n", processed.phase);
    match &processed.result {
        PhaseResult::Movement(r) => out.push_str(&movement_report(variant, orders, r, audience)),
        PhaseResult::Retreat(r) => retreat_report(variant, orders, r, audience, &mut out),
        PhaseResult::Adjustment(r) => {
            rejected_lines(variant, orders, &r.orders, audience, &mut out);
            for change in &r.changes {
                let (power, text) = match change {
                    Adjustment::Built(u) => (u.power, format!("builds {}", unit_text(variant, u))),
                    Adjustment::Removed(u) => {
                        (u.power, format!("removes {}", unit_text(variant, u)))
                    }
                    Adjustment::RemovedInCivilDisorder(u) => (
                        u.power,
                        format!("{} removed (civil disorder)", unit_text(variant, u)),
                    ),
                    Adjustment::Waived(p) => (*p, "build waived".to_string()),
                    Adjustment::Reduced(u) => (
                        u.power,
                        format!(
                            "{} cut off from supply: half strength",
                            unit_text(variant, u)
                        ),
                    ),
                    Adjustment::CutOff(u) => (
                        u.power,
                        format!("{} cut off from supply: eliminated", unit_text(variant, u)),
                    ),
                };
                if audience.shows(power) {
                    let _ = writeln!(out, "{}: {text}", variant.power_name(power));
                }
            }
        }
    }
    if !processed.captures.is_empty() {
        out.push_str("\nCenter changes:\n");
        for c in &processed.captures {
            let from = c
                .from
                .map(|p| variant.power_name(p).to_string())
                .unwrap_or_else(|| "unowned".into());
            let _ = writeln!(
                out,
                "  {}: {} -> {}",
                map.province(c.center).abbr,
                from,
                variant.power_name(c.to)
            );
        }
    }
    if let Some(crate::game::GameEnd::Victory { power, centers }) = processed.ended {
        let _ = writeln!(
            out,
            "\n{} has {centers} centers and wins.",
            variant.power_name(power),
        );
    }
    out
}

/// The center/unit table: per power, centers, units, and in an adjustment phase the
/// builds or removals due.
pub fn center_table(variant: &Variant, position: &Position) -> String {
    let adjusting = position.phase.kind == crate::PhaseKind::Adjustment;
    let mut out = String::from("Power      Centers  Units");
    out.push_str(if adjusting { "  Adjustment\n" } else { "\n" });
    for (i, p) in variant.powers.iter().enumerate() {
        let id = PowerId(i as u8);
        let (c, u) = (
            variant.counted_centers(position, id),
            position.unit_count(id),
        );
        let adj = match c as i32 - u as i32 {
            _ if !adjusting => String::new(),
            0 => "  -".to_string(),
            d if d > 0 => format!("  builds {d}"),
            d => format!("  removes {}", -d),
        };
        let _ = writeln!(out, "{:<10} {:>7}  {:>5}{adj}", p.name, c, u);
    }
    out
}
