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
