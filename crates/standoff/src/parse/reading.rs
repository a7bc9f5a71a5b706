//! Reading poorly written orders as the rules say (DATC 4.E.2). Spelling mistakes are
//! read under every choice ("A Burgundy - Pariz"); what differs is how a name that could
//! be several spaces ("A Bur - Pir") is settled:
//!
//! - (a) no knowledge of the rules: it is not; the order is an error.
//! - (b) each order is read as a possible (legal) order: the one legal reading is taken.
//! - (c) each order set is read as a set of possible orders: a reading that orders a unit
//!   the same power's set already orders is set aside ("A Par S F Pir - Bre, A Pir -
//!   Bre": the second order is for Picardy).
//! - (d) each set is read as a set of possible and matching orders: a reading that
//!   matches another order of the set is preferred ("A Ser - Bu, A Gre S A Ser - Bu":
//!   the move is to Bulgaria, which the support names).
//!
//! Under (c) and (d) only orders of the same power clarify each other (the DATC's
//! example 4), and orders are settled one at a time against those already read until
//! no more can be: a best effort, not a search over every combination.

use super::{
    order_lines, parse_order, resolve_ambiguity, LineError, OrderLine, ParseError, ParseErrorKind,
    ParsedLine, AMBIGUITY_DEPTH,
};
use crate::ids::{PowerId, ProvinceId};
use crate::map::Map;
use crate::order::{Order, OrderKind};
use crate::position::Position;
use crate::rules::{PoorlyWritten, Rules};
use crate::variant::Variant;

/// Parses a block of orders (as [`super::parse_orders_at`]) in the context of a
/// position, settling names that could be several spaces as `rules.poorly_written` says
/// (legality is judged under `rules`). Under the default (4.E.2 b) this is
/// [`super::parse_orders_at`].
pub fn parse_orders_with(
    variant: &Variant,
    position: &Position,
    rules: &Rules,
    text: &str,
) -> (Vec<ParsedLine>, Vec<LineError>) {
    if let Some(refused) = super::text_too_large(text) {
        return refused;
    }
    let phase = position.phase.kind;
    match rules.poorly_written {
        PoorlyWritten::SpellingOnly => super::parse_lines(variant, text, |power, line| {
            parse_order(variant, phase, power, line)
        }),
        PoorlyWritten::PossibleOrder => super::parse_lines(variant, text, |power, line| {
            resolve_ambiguity(variant, position, rules, power, line, AMBIGUITY_DEPTH)
        }),
        PoorlyWritten::PossibleSet | PoorlyWritten::MatchingSet => {
            read_sets(variant, position, rules, text)
        }
    }
}

/// A line being read under 4.E.2 c or d.
enum Reading {
    /// Read: one order.
    Read(Order),
    /// Several legal readings, as (the space the ambiguous word is read as, the order).
    Open(ParseError, Vec<(String, Order)>),
    /// Not readable.
    Failed(ParseError),
}

fn read_sets(
    variant: &Variant,
    position: &Position,
    rules: &Rules,
    text: &str,
) -> (Vec<ParsedLine>, Vec<LineError>) {
    let block = order_lines(variant, text);
    let lines = &block.lines;
    let mut readings: Vec<Reading> = lines
        .iter()
        .map(|l| first_reading(variant, position, rules, l))
        .collect();
    let matching = rules.poorly_written == PoorlyWritten::MatchingSet;
    // Settle open lines against the orders read so far until nothing changes.
    loop {
        let mut changed = false;
        for i in 0..readings.len() {
            let Reading::Open(_, candidates) = &readings[i] else {
                continue;
            };
            let power = candidates.first().map(|(_, o)| o.power);
            let others: Vec<&Order> = readings
                .iter()
                .enumerate()
                .filter_map(|(j, r)| match r {
                    Reading::Read(o) if j != i && Some(o.power) == power => Some(o),
                    _ => None,
                })
                .collect();
            if let Some(order) = settle(&variant.map, candidates, &others, matching) {
                readings[i] = Reading::Read(order);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let mut orders = Vec::new();
    let mut errors = super::BoundedErrors::default();
    for (l, reading) in lines.iter().zip(readings) {
        match reading {
            Reading::Read(order) => orders.push(ParsedLine {
                line: l.line,
                order,
                text: l.text.to_string(),
            }),
            Reading::Open(error, candidates) => {
                let word = match &error.kind {
                    ParseErrorKind::AmbiguousLocation(word, _) => word.clone(),
                    _ => String::new(),
                };
                let mut ids: Vec<String> = candidates.into_iter().map(|(id, _)| id).collect();
                ids.dedup();
                errors.push(LineError {
                    line: l.line,
                    error: ParseError {
                        kind: ParseErrorKind::AmbiguousLocation(word, ids),
                        ..error
                    },
                });
            }
            Reading::Failed(error) => errors.push(LineError {
                line: l.line,
                error,
            }),
        }
    }
    (orders, errors.into_vec(&block))
}

/// The line read on its own: an order, the legal readings of an ambiguous one (one
/// legal reading is taken, as under 4.E.2 b), or an error.
fn first_reading(
    variant: &Variant,
    position: &Position,
    rules: &Rules,
    line: &OrderLine,
) -> Reading {
    let error = match parse_order(variant, position.phase.kind, line.power, line.text) {
        Ok(order) => return Reading::Read(order),
        Err(e) => e,
    };
    let mut legal = ambiguous_readings(
        variant,
        position,
        rules,
        line.power,
        line.text,
        &error,
        AMBIGUITY_DEPTH,
    );
    if legal.len() > 1 {
        return Reading::Open(error, legal);
    }
    match legal.pop() {
        Some((_, order)) => Reading::Read(order),
        None => Reading::Failed(error),
    }
}

/// The legal readings of `text`, in which `error` found a word that could be several
/// spaces: for each of them, every legal order the text then reads as (a second
/// ambiguous word is followed until `depth` runs out). Empty for any other error.
fn ambiguous_readings(
    variant: &Variant,
    position: &Position,
    rules: &Rules,
    power: Option<PowerId>,
    text: &str,
    error: &ParseError,
    depth: u8,
) -> Vec<(String, Order)> {
    let ParseErrorKind::AmbiguousLocation(_, candidates) = &error.kind else {
        return Vec::new();
    };
    let (Some(before), Some(after)) = (text.get(..error.span.start), text.get(error.span.end..))
    else {
        return Vec::new();
    };
    let mut legal = Vec::new();
    if depth == 0 {
        return legal;
    }
    for id in candidates {
        let candidate = format!("{before}{id}{after}");
        match parse_order(variant, position.phase.kind, power, &candidate) {
            Ok(order) => {
                if crate::legal::is_legal_with(variant, rules, position, &order) {
                    legal.push((id.clone(), order));
                }
            }
            Err(deeper) => {
                for (_, order) in ambiguous_readings(
                    variant,
                    position,
                    rules,
                    power,
                    &candidate,
                    &deeper,
                    depth - 1,
                ) {
                    legal.push((id.clone(), order));
                }
            }
        }
    }
    legal
}

/// The one reading left after setting aside those that order a unit another order of
/// the set orders (4.E.2 c) and, under `matching`, preferring those that match another
/// order of the set (d); `None` while several are left.
fn settle(
    map: &Map,
    candidates: &[(String, Order)],
    others: &[&Order],
    matching: bool,
) -> Option<Order> {
    let ordered = |p: ProvinceId| {
        others
            .iter()
            .any(|o| o.kind.unit().map(|u| map.province_of(u.location)) == Some(p))
    };
    let mut left: Vec<&Order> = candidates
        .iter()
        .map(|(_, o)| o)
        .filter(|o| {
            o.kind
                .unit()
                .is_none_or(|u| !ordered(map.province_of(u.location)))
        })
        .collect();
    if matching {
        let matched: Vec<&Order> = left
            .iter()
            .copied()
            .filter(|o| others.iter().any(|other| orders_match(map, o, other)))
            .collect();
        if !matched.is_empty() {
            left = matched;
        }
    }
    match left.as_slice() {
        [one] => Some((*one).clone()),
        _ => None,
    }
}

/// Whether two orders of one power agree: a move and a support or convoy of that move,
/// or a hold support and an order of the supported unit that is not a move.
fn orders_match(map: &Map, a: &Order, b: &Order) -> bool {
    one_way_match(map, a, b) || one_way_match(map, b, a)
}

fn one_way_match(map: &Map, a: &Order, b: &Order) -> bool {
    let at = |l: crate::LocationId| map.province_of(l);
    match (&a.kind, &b.kind) {
        (OrderKind::Move { unit, to, .. }, OrderKind::SupportMove { target, to: d, .. }) => {
            at(unit.location) == at(target.location) && at(*to) == at(*d)
        }
        (OrderKind::Move { unit, to, .. }, OrderKind::Convoy { army, to: d, .. }) => {
            at(unit.location) == at(army.location) && at(*to) == *d
        }
        (OrderKind::SupportHold { target, .. }, other) => {
            !matches!(other, OrderKind::Move { .. })
                && other
                    .unit()
                    .is_some_and(|u| at(u.location) == at(target.location))
        }
        _ => false,
    }
}
