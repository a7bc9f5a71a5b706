//! Readable reports of adjudication results, with the 2000-rulebook abbreviations.

use crate::adjudicate::{Illegal, MovementResult, OrderStatus, Outcome};
use crate::order::Order;
use crate::variant::Variant;
use std::fmt::Write;

/// Why an order was not followed, in words.
pub fn illegal_text(why: Illegal) -> &'static str {
    match why {
        Illegal::NoUnit => "there is no unit there",
        Illegal::NotYourUnit => "the unit belongs to another power",
        Illegal::WrongPhase => "this order does not belong in this phase",
        Illegal::NotAdjacent => "the unit cannot move there",
        Illegal::MoveToOwnProvince => "a unit cannot move to its own province",
        Illegal::NoPossibleConvoy => "no fleets could convoy this move",
        Illegal::CoastNotSpecified => "the coast must be given (both coasts can be reached)",
        Illegal::CoastNotReachable => "the fleet cannot reach that coast",
        Illegal::NothingToSupport => "there is no unit to support there",
        Illegal::SupportOwnProvince => {
            "a unit cannot support itself or a move into its own province"
        }
        Illegal::SupporterCannotReach => "the supporting unit cannot reach that province",
        Illegal::SupportedMoveImpossible => "the supported unit cannot make that move",
        Illegal::ConvoyNotAtSea => "only fleets at sea can convoy",
        Illegal::NoArmyToConvoy => "there is no army to convoy there",
        Illegal::ConvoyImpossible => "this fleet cannot be part of a convoy route for that move",
        Illegal::ConflictingOrders => "the unit was given different orders",
        Illegal::NotHomeCenter => "builds are only allowed in home centers",
        Illegal::CenterNotOwned => "the power does not own that home center",
        Illegal::CenterOccupied => "the center is occupied",
        Illegal::UnitTypeMissing => "the unit type must be given for a coastal build",
        Illegal::NothingDue => "the power has no (more) builds or removals to make",
        Illegal::NotARetreatOption => "the unit cannot retreat there",
    }
}

/// An outcome in words (`bounced (Bur)`, `cut by Mun`).
pub fn outcome_text(variant: &Variant, outcome: &Outcome) -> String {
    let abbr = |p: crate::ProvinceId| variant.map.province(p).abbr.clone();
    match outcome {
        Outcome::Held => "holds".into(),
        Outcome::Moved => "moves".into(),
        Outcome::Bounced { against: Some(p) } => format!("bounces ({})", abbr(*p)),
        Outcome::Bounced { against: None } => "bounces".into(),
        Outcome::NoConvoy => "fails: no convoy".into(),
        Outcome::ParadoxFailed => "fails: convoy paradox (Szykman rule)".into(),
        Outcome::Supported => "support given".into(),
        Outcome::Cut { by } => format!("support cut by {}", abbr(*by)),
        Outcome::Convoyed => "convoys".into(),
        Outcome::Void => "void: matches no order of that unit".into(),
        Outcome::Illegal(why) => format!("illegal: {}", illegal_text(*why)),
    }
}

/// A movement-phase report: each submitted order with its result, units without
/// orders, and the dislodged units with their retreat options.
pub fn movement_report(variant: &Variant, orders: &[Order], result: &MovementResult) -> String {
    let map = &variant.map;
    let mut out = String::new();
    let mut ordered = vec![false; map.province_count()];
    for (order, status) in orders.iter().zip(&result.orders) {
        let who = variant.power_name(order.power);
        let text = order.display(map);
        let _ = match status {
            OrderStatus::Applied(p) => {
                ordered[p.index()] = true;
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
            OrderStatus::Rejected(why) => {
                writeln!(out, "{who}: {text}  -> not applied: {}", illegal_text(*why))
            }
        };
    }
    for r in &result.units {
        if ordered[r.province.index()] {
            continue;
        }
        // Units without an order hold.
        let dislodged = r
            .dislodged_by
            .map(|by| format!("; dislodged from {}", map.province(by).abbr))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "{}: {} {} (no order)  -> holds{dislodged}",
            variant.power_name(r.unit.power),
            r.unit.kind.letter(),
            map.location_abbr(r.unit.location)
        );
    }
    if !result.position.dislodged.is_empty() {
        out.push_str("\nDislodged:\n");
        for d in &result.position.dislodged {
            let options: Vec<String> = d
                .retreat_options
                .iter()
                .map(|&l| map.location_abbr(l))
                .collect();
            let _ = writeln!(
                out,
                "  {}: {} {}  retreats: {}",
                variant.power_name(d.unit.power),
                d.unit.kind.letter(),
                map.location_abbr(d.unit.location),
                if options.is_empty() {
                    "none (destroyed)".to_string()
                } else {
                    options.join(", ")
                }
            );
        }
    }
    out
}

/// The report of one processed phase: orders and outcomes, center changes, and (after
/// fall) the center/unit table with the builds or removals each power must make.
pub fn phase_report(
    variant: &Variant,
    orders: &[Order],
    processed: &crate::game::Processed,
) -> String {
    use crate::adjudicate::{Adjustment, RetreatOutcome};
    use crate::game::PhaseResult;
    let map = &variant.map;
    let mut out = format!("{}\n", processed.phase);
    match &processed.result {
        PhaseResult::Movement(r) => out.push_str(&movement_report(variant, orders, r)),
        PhaseResult::Retreat(r) => {
            for (order, status) in orders.iter().zip(&r.orders) {
                if let OrderStatus::Rejected(why) = status {
                    let _ = writeln!(
                        out,
                        "{}: {}  -> not applied: {}",
                        variant.power_name(order.power),
                        order.display(map),
                        illegal_text(*why)
                    );
                }
            }
            for (unit, (_, outcome)) in r_units(r) {
                let what = match outcome {
                    RetreatOutcome::Retreated(to) => {
                        format!("retreats to {}", map.location_abbr(*to))
                    }
                    RetreatOutcome::Bounced(p) => {
                        format!(
                            "retreat to {} fails (another unit retreated there): disbanded",
                            map.province(*p).abbr
                        )
                    }
                    RetreatOutcome::Disbanded => "disbands".into(),
                    RetreatOutcome::DisbandedUnordered => "no retreat ordered: disbanded".into(),
                };
                let _ = writeln!(
                    out,
                    "{}: {} {}  -> {what}",
                    variant.power_name(unit.power),
                    unit.kind.letter(),
                    map.location_abbr(unit.location)
                );
            }
        }
        PhaseResult::Adjustment(r) => {
            for (order, status) in orders.iter().zip(&r.orders) {
                if let OrderStatus::Rejected(why) = status {
                    let _ = writeln!(
                        out,
                        "{}: {}  -> not applied: {}",
                        variant.power_name(order.power),
                        order.display(map),
                        illegal_text(*why)
                    );
                }
            }
            for change in &r.changes {
                let unit = |u: &crate::Unit| {
                    format!("{} {}", u.kind.letter(), map.location_abbr(u.location))
                };
                let _ = match change {
                    Adjustment::Built(u) => {
                        writeln!(out, "{}: builds {}", variant.power_name(u.power), unit(u))
                    }
                    Adjustment::Removed(u) => {
                        writeln!(out, "{}: removes {}", variant.power_name(u.power), unit(u))
                    }
                    Adjustment::RemovedInCivilDisorder(u) => writeln!(
                        out,
                        "{}: {} removed (civil disorder)",
                        variant.power_name(u.power),
                        unit(u)
                    ),
                    Adjustment::Waived(p) => {
                        writeln!(out, "{}: build waived", variant.power_name(*p))
                    }
                };
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
    out
}

fn r_units(
    r: &crate::adjudicate::RetreatResult,
) -> impl Iterator<
    Item = (
        crate::Unit,
        &(crate::ProvinceId, crate::adjudicate::RetreatOutcome),
    ),
> {
    r.dislodged.iter().map(|d| d.unit).zip(r.units.iter())
}

/// The center/unit table: per power, centers, units and the adjustment due.
pub fn center_table(variant: &Variant, position: &crate::Position) -> String {
    let mut out = String::from("Power      Centers  Units  Adjustment\n");
    for (i, p) in variant.powers.iter().enumerate() {
        let id = crate::PowerId(i as u8);
        let (c, u) = (position.center_count(id), position.unit_count(id));
        let adj = match c as i32 - u as i32 {
            0 => String::new(),
            d if d > 0 => format!("builds {d}"),
            d => format!("removes {}", -d),
        };
        let _ = writeln!(out, "{:<10} {:>7}  {:>5}  {adj}", p.name, c, u);
    }
    out
}
