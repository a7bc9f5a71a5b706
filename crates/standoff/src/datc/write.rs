//! Writing a played game as a case file: one case per phase, in the same jDip text
//! format [`parse_case_file`](super::parse_case_file) reads, so a game exported by the
//! judge can be re-run by any case runner (ours: [`run_case`](super::run_case)).
//!
//! Each case holds the position before the phase (`PRESTATE_SETPHASE`,
//! `PRESTATE_SUPPLYCENTER_OWNERS`, `PRESTATE`, and for retreats `PRESTATE_DISLODGED` with
//! the previous movement's orders as `PRESTATE_RESULTS`), the orders given, and the
//! units after it (`POSTSTATE`, `POSTSTATE_DISLODGED`). Names are the map's short ids
//! (`F stp/nc - bar`). What the format cannot carry is left out: the Bowen variant's home
//! centers and last occupants, unit grades.

use crate::adjudicate::{OrderStatus, Outcome};
use crate::game::PhaseResult;
use crate::ids::ProvinceId;
use crate::order::{Order, OrderKind};
use crate::position::Position;
use crate::record::{PhaseRecord, RecordedGame};
use crate::unit::Unit;
use crate::variant::Variant;
use std::fmt::Write;

/// What the file says before its cases.
#[derive(Clone, Copy, Debug)]
pub struct CaseFileHeader<'a> {
    /// The `VARIANT_ALL` name (e.g. `Standard`).
    pub variant_name: &'a str,
    /// The `RULES` line (`preset option=choice ...`), when the game was not played by the
    /// default rules.
    pub rules: Option<&'a str>,
    /// Case ids are `<game_id>.<phase number>`; whitespace and `#` become `-`.
    pub game_id: &'a str,
}

/// The whole game as a case file.
pub fn write_case_file(
    variant: &Variant,
    header: &CaseFileHeader<'_>,
    game: &RecordedGame,
) -> String {
    let mut out = String::new();
    let id: String = header
        .game_id
        .chars()
        .map(|c| {
            if c.is_whitespace() || c == '#' {
                '-'
            } else {
                c
            }
        })
        .collect();
    let _ = writeln!(out, "# Game {id}: every phase played, one case each.");
    let _ = writeln!(out, "VARIANT_ALL {}", one_line(header.variant_name));
    if let Some(rules) = header.rules {
        let _ = writeln!(out, "RULES {}", one_line(rules));
    }
    for (index, record) in game.history.iter().enumerate() {
        let after = game
            .history
            .get(index + 1)
            .map_or(&game.game.position, |next| &next.position);
        let previous = index
            .checked_sub(1)
            .and_then(|i| game.history.get(i))
            .map(|r| &**r);
        out.push('\n');
        write_case(variant, &id, index + 1, record, previous, after, &mut out);
    }
    out
}

fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() || c == '#' { ' ' } else { c })
        .collect()
}

fn unit_line(variant: &Variant, unit: &Unit) -> String {
    format!(
        "{}: {} {}",
        variant.power_name(unit.power),
        unit.mark(),
        variant.map.location_id_name(unit.location)
    )
}

fn order_line(variant: &Variant, order: &Order) -> String {
    format!(
        "{}: {}",
        variant.power_name(order.power),
        one_line(
            &order
                .display_ids(&variant.map)
                .with_powers(&variant.powers)
                .to_string()
        )
    )
}

fn write_case(
    variant: &Variant,
    id: &str,
    number: usize,
    record: &PhaseRecord,
    previous: Option<&PhaseRecord>,
    after: &Position,
    out: &mut String,
) {
    let before = &record.position;
    let phase = before.phase;
    let _ = writeln!(out, "CASE {id}.{number} {phase}");
    let season_year = phase.to_string();
    // "Spring 1901 Movement" -> "Spring 1901, Movement".
    let setphase = match season_year.rsplit_once(' ') {
        Some((when, kind)) => format!("{when}, {kind}"),
        None => season_year,
    };
    let _ = writeln!(out, "PRESTATE_SETPHASE {setphase}");
    out.push_str("PRESTATE_SUPPLYCENTER_OWNERS\n");
    for (index, owner) in before.owners.iter().enumerate() {
        if let Some(owner) = owner {
            let province = variant.map.province(ProvinceId(index as u16));
            let _ = writeln!(out, "\t{}: {}", variant.power_name(*owner), province.id);
        }
    }
    out.push_str("PRESTATE\n");
    for (_, unit) in before.units() {
        let _ = writeln!(out, "\t{}", unit_line(variant, unit));
    }
    if !before.dislodged.is_empty() {
        out.push_str("PRESTATE_DISLODGED\n");
        for dislodged in &before.dislodged {
            let _ = writeln!(out, "\t{}", unit_line(variant, &dislodged.unit));
        }
        if let Some(previous) = previous {
            write_results(variant, previous, out);
        }
    }
    out.push_str("ORDERS\n");
    for order in &record.orders {
        let _ = writeln!(out, "\t{}", order_line(variant, order));
    }
    out.push_str("POSTSTATE\n");
    for (_, unit) in after.units() {
        let _ = writeln!(out, "\t{}", unit_line(variant, unit));
    }
    let retreating: Vec<&Unit> = after
        .dislodged
        .iter()
        .filter(|d| !d.retreat_options.is_empty())
        .map(|d| &d.unit)
        .collect();
    if !retreating.is_empty() && matches!(record.processed.result, PhaseResult::Movement(_)) {
        out.push_str("POSTSTATE_DISLODGED\n");
        for unit in retreating {
            let _ = writeln!(out, "\t{}", unit_line(variant, unit));
        }
    }
    out.push_str("END\n");
}

/// The movement phase before a retreat: its moves as `SUCCESS:`/`FAILURE:` and its convoy
/// orders (which tell a runner whether a dislodger came by convoy).
fn write_results(variant: &Variant, movement: &PhaseRecord, out: &mut String) {
    let PhaseResult::Movement(result) = &movement.processed.result else {
        return;
    };
    out.push_str("PRESTATE_RESULTS\n");
    for (order, status) in movement.orders.iter().zip(&result.orders) {
        let OrderStatus::Applied(province) = status else {
            continue;
        };
        let succeeded = match order.kind {
            OrderKind::Move { .. } => result
                .unit(*province)
                .is_some_and(|unit| unit.outcome == Outcome::Moved),
            OrderKind::Convoy { .. } => true,
            _ => continue,
        };
        let flag = if succeeded { "SUCCESS" } else { "FAILURE" };
        let _ = writeln!(out, "\t{flag}: {}", order_line(variant, order));
    }
}
