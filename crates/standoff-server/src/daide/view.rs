//! What a game looks like in DAIDE: the turn, NOW, SCO, MIS and the notes of THX, and
//! the ORD lines of a processed phase (replayed by the core from the stored position
//! and orders). Pure functions of the core's values and the variant's tokens.

use standoff::adjudicate::{Adjustment, Outcome, RetreatOutcome};
use standoff::game::{Game, PhaseResult};
use standoff::order::{Order, OrderKind};
use standoff::rules::Rules;
use standoff::session::{CheckOutcome, OrderCheck};
use standoff::{PhaseKind, Position, PowerId, Season, Variant};
use standoff_daide::message::{Message, Missing, UnitState};
use standoff_daide::order::{Order as DOrder, Season as DSeason, Turn, Unit as DUnit};
use standoff_daide::token::{names, Token};
use standoff_daide::MapTokens;

/// The DAIDE turn of a position.
pub fn turn(position: &Position) -> Turn {
    let phase = position.phase();
    let season = match (phase.season, phase.kind) {
        (_, PhaseKind::Adjustment) => DSeason::Win,
        (Season::Spring, PhaseKind::Movement) => DSeason::Spr,
        (Season::Spring, PhaseKind::Retreat) => DSeason::Sum,
        (_, PhaseKind::Movement) => DSeason::Fal,
        (_, PhaseKind::Retreat) => DSeason::Aut,
    };
    Turn {
        season,
        year: phase.year,
    }
}

/// NOW: the turn and every unit (with retreat options before a retreat turn).
pub fn now(variant: &Variant, tokens: &MapTokens, position: &Position) -> Message {
    let mut units: Vec<UnitState> = position
        .units()
        .filter_map(|(_, u)| tokens.unit(variant, u))
        .map(|unit| UnitState {
            unit,
            retreats: None,
        })
        .collect();
    units.extend(dislodged(variant, tokens, position, None));
    Message::Now(Some((turn(position), units)))
}

fn dislodged(
    variant: &Variant,
    tokens: &MapTokens,
    position: &Position,
    power: Option<PowerId>,
) -> Vec<UnitState> {
    position
        .dislodged()
        .iter()
        .filter(|d| power.is_none_or(|p| d.unit.power == p))
        .filter_map(|d| {
            let unit = tokens.unit(variant, &d.unit)?;
            let retreats = d
                .retreat_options
                .iter()
                .filter_map(|l| tokens.loc(variant, *l))
                .collect();
            Some(UnitState {
                unit,
                retreats: Some(retreats),
            })
        })
        .collect()
}

/// SCO: owned centres by power, then the neutral ones under UNO.
pub fn sco(variant: &Variant, tokens: &MapTokens, position: &Position) -> Message {
    let mut by_power: Vec<(Token, Vec<Token>)> =
        tokens.powers().iter().map(|p| (*p, Vec::new())).collect();
    let mut neutral = Vec::new();
    for (i, p) in variant.map.provinces().iter().enumerate() {
        let id = standoff::ProvinceId(i as u16);
        if !p.is_center {
            continue;
        }
        let Some(t) = tokens.province_token(id) else {
            continue;
        };
        match position.owner(id) {
            Some(owner) => {
                if let Some(slot) = by_power.get_mut(owner.index()) {
                    slot.1.push(t);
                }
            }
            None => neutral.push(t),
        }
    }
    if !neutral.is_empty() {
        by_power.push((names::UNO, neutral));
    }
    Message::Sco(Some(by_power))
}

/// Builds (positive) or removals (negative) `power` has in an adjustment phase.
pub fn adjustment_count(variant: &Variant, position: &Position, power: PowerId) -> i32 {
    standoff::adjudicate::adjustment_counts(variant, position)
        .get(power.index())
        .copied()
        .unwrap_or(0)
}

/// MIS for `power` given its accepted orders.
pub fn missing(
    variant: &Variant,
    tokens: &MapTokens,
    position: &Position,
    power: PowerId,
    orders: &[DOrder],
) -> Message {
    let ordered = |u: &DUnit| orders.iter().any(|o| o.unit() == Some(u));
    match position.phase().kind {
        PhaseKind::Movement => {
            let units: Vec<UnitState> = position
                .units()
                .filter(|(_, u)| u.power == power)
                .filter_map(|(_, u)| tokens.unit(variant, u))
                .filter(|u| !ordered(u))
                .map(|unit| UnitState {
                    unit,
                    retreats: None,
                })
                .collect();
            Message::Mis((!units.is_empty()).then_some(Missing::Units(units)))
        }
        PhaseKind::Retreat => {
            let units: Vec<UnitState> = dislodged(variant, tokens, position, Some(power))
                .into_iter()
                .filter(|u| !ordered(&u.unit))
                .collect();
            Message::Mis((!units.is_empty()).then_some(Missing::Units(units)))
        }
        PhaseKind::Adjustment => {
            let count = adjustment_count(variant, position, power);
            let done = orders.len() as i32;
            let left = if count > 0 {
                -(count - done).max(0)
            } else {
                (-count - done).max(0)
            };
            Message::Mis((left != 0).then_some(Missing::Adjustments(left)))
        }
    }
}

/// The note THX gives an order the core checked (MBV when accepted).
pub fn note(
    variant: &Variant,
    tokens: &MapTokens,
    position: &Position,
    power: PowerId,
    order: &DOrder,
    check: Option<&OrderCheck>,
) -> Token {
    let kind = position.phase().kind;
    let right_season = match order {
        DOrder::Retreat(..) | DOrder::Disband(_) => kind == PhaseKind::Retreat,
        DOrder::Build(_) | DOrder::Remove(_) | DOrder::Waive(_) => kind == PhaseKind::Adjustment,
        _ => kind == PhaseKind::Movement,
    };
    if !right_season {
        return names::NRS;
    }
    if tokens.power(order.power()) != Some(power) {
        return names::NYU;
    }
    if let Some(u) = order.unit() {
        let Some(loc) = tokens.location(variant, u.loc) else {
            return names::NSP;
        };
        let province = variant.map.province_of(loc);
        match kind {
            PhaseKind::Movement => {
                if position.unit_at(province).is_none() {
                    return names::NSU;
                }
            }
            PhaseKind::Retreat => {
                if !position
                    .dislodged()
                    .iter()
                    .any(|d| variant.map.province_of(d.unit.location) == province)
                {
                    return names::NRN;
                }
            }
            PhaseKind::Adjustment => {
                if matches!(order, DOrder::Build(_)) {
                    let p = variant.map.province(province);
                    if !p.is_center {
                        return names::NSC;
                    }
                    if position.owner(province) != Some(power) {
                        return names::YSC;
                    }
                    if position.unit_at(province).is_some() {
                        return names::ESC;
                    }
                } else if position.unit_at(province).is_none() {
                    return names::NSU;
                }
            }
        }
    }
    match check.map(|c| &c.outcome) {
        Some(CheckOutcome::Accepted(_)) => names::MBV,
        _ => match order {
            DOrder::Retreat(..) => names::NVR,
            DOrder::Build(_) => {
                if adjustment_count(variant, position, power) <= 0 {
                    names::NMB
                } else {
                    names::HSC
                }
            }
            DOrder::Remove(_) => names::NMR,
            DOrder::Waive(_) => names::NMB,
            DOrder::Convoy(..) => names::NAS,
            DOrder::ConvoyMove(..) => names::NSF,
            _ => names::FAR,
        },
    }
}

/// The ORD lines of one processed phase: replays the stored orders on the stored
/// position with the game's rules.
pub fn orders_of_phase(
    variant: &Variant,
    tokens: &MapTokens,
    rules: &Rules,
    position: &Position,
    order_lines: &[String],
) -> Vec<Message> {
    let mut text = String::new();
    for l in order_lines {
        text.push_str(l);
        text.push('\n');
    }
    let (parsed, _) = standoff::parse::parse_orders_with(variant, position, rules, &text);
    let orders: Vec<Order> = parsed.into_iter().map(|p| p.order).collect();
    let mut game = Game::from_position(position.clone()).with_rules(*rules);
    let processed = game.process(variant, &orders);
    let t = turn(position);
    let mut out = Vec::new();
    let unit = |u: &standoff::Unit| tokens.unit(variant, u);
    let of_unit = |province: standoff::ProvinceId| {
        orders.iter().find(|o| {
            o.kind
                .unit()
                .is_some_and(|u| variant.map.province_of(u.location) == province)
        })
    };
    match &processed.result {
        PhaseResult::Movement(result) => {
            for r in &result.units {
                let Some(u) = unit(&r.unit) else { continue };
                let order = of_unit(r.province)
                    .and_then(|o| daide_order(variant, tokens, position, o, u))
                    .unwrap_or(DOrder::Hold(u));
                let mut res = vec![match r.outcome {
                    Outcome::Bounced { .. } | Outcome::ParadoxFailed | Outcome::CanalClosed => {
                        names::BNC
                    }
                    Outcome::Cut { .. } => names::CUT,
                    Outcome::NoConvoy | Outcome::Void | Outcome::Illegal(_) => names::NSO,
                    _ => names::SUC,
                }];
                if r.dislodged_by.is_some() {
                    res.push(names::RET);
                }
                out.push(Message::Ord(Some((t, order, res))));
            }
        }
        PhaseResult::Retreat(result) => {
            for (d, (_, outcome)) in result.dislodged.iter().zip(&result.units) {
                let Some(u) = unit(&d.unit) else { continue };
                let (order, res) = match outcome {
                    RetreatOutcome::Retreated(l) => match tokens.loc(variant, *l) {
                        Some(to) => (DOrder::Retreat(u, to), names::SUC),
                        None => (DOrder::Disband(u), names::SUC),
                    },
                    RetreatOutcome::Bounced(_) => {
                        let o = of_unit(variant.map.province_of(d.unit.location))
                            .and_then(|o| daide_order(variant, tokens, position, o, u))
                            .unwrap_or(DOrder::Disband(u));
                        (o, names::BNC)
                    }
                    _ => (DOrder::Disband(u), names::SUC),
                };
                out.push(Message::Ord(Some((t, order, vec![res]))));
            }
        }
        PhaseResult::Adjustment(result) => {
            for change in &result.changes {
                let order = match change {
                    Adjustment::Built(u) => unit(u).map(DOrder::Build),
                    Adjustment::Removed(u) | Adjustment::RemovedInCivilDisorder(u) => {
                        unit(u).map(DOrder::Remove)
                    }
                    Adjustment::Waived(p) => Some(DOrder::Waive(tokens.power_token(*p))),
                    _ => None,
                };
                if let Some(o) = order {
                    out.push(Message::Ord(Some((t, o, vec![names::SUC]))));
                }
            }
        }
    }
    out
}

/// A core order as DAIDE writes it, for the unit `u` it belongs to.
fn daide_order(
    variant: &Variant,
    tokens: &MapTokens,
    position: &Position,
    o: &Order,
    u: DUnit,
) -> Option<DOrder> {
    // The unit an order names is the one standing there at the phase's start.
    let other = |r: &standoff::UnitRef| -> Option<DUnit> {
        let unit = position.unit_at(variant.map.province_of(r.location))?;
        tokens.unit(variant, unit)
    };
    let province = |p: standoff::ProvinceId| tokens.province_token(p);
    Some(match &o.kind {
        OrderKind::Hold { .. } => DOrder::Hold(u),
        OrderKind::Move {
            to,
            via_convoy,
            path,
            ..
        } => {
            if *via_convoy {
                let seas: Option<Vec<Token>> = path.iter().map(|p| province(*p)).collect();
                DOrder::ConvoyMove(u, province(variant.map.province_of(*to))?, seas?)
            } else {
                DOrder::Move(u, tokens.loc(variant, *to)?)
            }
        }
        OrderKind::SupportHold { target, .. } => DOrder::SupportHold(u, other(target)?),
        OrderKind::SupportMove { target, to, .. } => {
            DOrder::SupportMove(u, other(target)?, province(variant.map.province_of(*to))?)
        }
        OrderKind::Convoy { army, to, .. } => DOrder::Convoy(u, other(army)?, province(*to)?),
        OrderKind::Retreat { to, .. } => DOrder::Retreat(u, tokens.loc(variant, *to)?),
        OrderKind::Disband { .. } => DOrder::Disband(u),
        _ => DOrder::Hold(u),
    })
}
