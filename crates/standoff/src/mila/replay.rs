//! Replaying a recorded game: apply each phase's orders to its recorded state and
//! compare standoff's outcome with the next recorded state (units, dislodged units and
//! their retreat options, centers, phase) and with the recorded per-order results.

use super::format::{phase_name, MilaError, MilaGame, MilaState};
use crate::adjudicate::Outcome;
use crate::game::{Game, PhaseResult};
use crate::parse::parse_order;
use crate::phase::PhaseKind;
use crate::position::Position;
use crate::variant::Variant;
use std::collections::{BTreeMap, BTreeSet};

/// One phase where standoff and the record disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhaseDiff {
    /// Game id, if the record has one.
    pub game: String,
    /// The phase that was replayed (`F1901M`).
    pub phase: String,
    /// What differs, one item per line (`- A PAR` only in the record, `+ A PAR` only in
    /// standoff's result).
    pub lines: Vec<String>,
}

/// Totals over a replay.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ReplaySummary {
    /// Phases whose outcome matched.
    pub agree: usize,
    /// Phases that differ.
    pub differ: Vec<PhaseDiff>,
    /// Movement phases compared (agreeing or not).
    pub movement_phases: usize,
}

/// A replay's differing phases sorted against a list of known ones.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Triage<'a> {
    /// Differing phases the list names.
    pub expected: Vec<&'a PhaseDiff>,
    /// Differing phases the list does not name.
    pub unexpected: Vec<&'a PhaseDiff>,
    /// Phases the list names that did not differ (`(game, phase)`).
    pub stale: Vec<(&'a str, &'a str)>,
}

impl ReplaySummary {
    /// The differing phases sorted against `known`.
    pub fn triage<'a>(&'a self, known: &'a super::KnownDiffs) -> Triage<'a> {
        let (expected, unexpected): (Vec<_>, Vec<_>) = self
            .differ
            .iter()
            .partition(|d| known.contains(&d.game, &d.phase));
        let stale = known
            .iter()
            .filter(|(g, p)| !expected.iter().any(|d| d.game == *g && d.phase == *p))
            .collect();
        Triage {
            expected,
            unexpected,
            stale,
        }
    }
}

impl PhaseDiff {
    /// `game phase:` and the differing lines, indented.
    pub fn describe(&self) -> String {
        format!(
            "{} {}:\n  {}",
            self.game,
            self.phase,
            self.lines.join("\n  ")
        )
    }
}

fn units_of(pos: &Position, variant: &Variant) -> (BTreeSet<String>, BTreeSet<String>) {
    let map = &variant.map;
    let name = |u: &crate::Unit| {
        format!(
            "{} {} {}",
            super::format::power_name(variant.power_name(u.power)),
            u.kind.letter(),
            map.upper_location_name(u.location)
        )
    };
    let units = pos.units().map(|(_, u)| name(u)).collect();
    let dislodged = pos
        .dislodged
        .iter()
        .filter(|d| !d.retreat_options.is_empty())
        .map(|d| {
            let mut options: Vec<String> = d
                .retreat_options
                .iter()
                .map(|&l| map.upper_location_name(l).to_owned())
                .collect();
            options.sort();
            format!("*{} -> {}", name(&d.unit), options.join(","))
        })
        .collect();
    (units, dislodged)
}

fn centers_of(pos: &Position, variant: &Variant) -> BTreeSet<String> {
    pos.owners
        .iter()
        .enumerate()
        .filter_map(|(i, o)| {
            o.map(|p| {
                format!(
                    "{} {}",
                    super::format::power_name(variant.power_name(p)),
                    variant.map.upper_province_name(crate::ProvinceId(i as u16))
                )
            })
        })
        .collect()
}

fn diff_sets(
    what: &str,
    expected: &BTreeSet<String>,
    actual: &BTreeSet<String>,
    lines: &mut Vec<String>,
) {
    for e in expected.difference(actual) {
        lines.push(format!("{what}: - {e}"));
    }
    for a in actual.difference(expected) {
        lines.push(format!("{what}: + {a}"));
    }
}

/// The result codes both engines mean the same way, for one unit: `bounce` and
/// `no convoy` for moves, `cut` for supports, `dislodged` for any unit. The package's
/// `void` is not compared: it marks supports and convoys that had no effect for several
/// reasons standoff reports differently (a support of an attack on the supporter's own
/// unit is given but not counted; a support whose move found no convoy is still a
/// support); a support it calls void is compared on `dislodged` only.
fn comparable_codes(
    unit: &crate::Unit,
    outcome: &Outcome,
    dislodged: bool,
    recorded: &[String],
) -> (BTreeSet<String>, BTreeSet<String>) {
    let support = matches!(outcome, Outcome::Supported | Outcome::Cut { .. })
        || recorded.iter().any(|c| c == "cut");
    // A fleet's `NoConvoy` is a convoy order's; an army's is its own move's.
    let move_order = match outcome {
        Outcome::Moved | Outcome::LandedAt { .. } | Outcome::Bounced { .. } => true,
        Outcome::NoConvoy | Outcome::ParadoxFailed => unit.kind == crate::UnitKind::Army,
        _ => false,
    };
    let theirs_void = recorded.iter().any(|c| c == "void");
    let mut ours = BTreeSet::new();
    match outcome {
        Outcome::Bounced { .. } => {
            ours.insert("bounce".to_string());
        }
        Outcome::Cut { .. } if !theirs_void => {
            ours.insert("cut".to_string());
        }
        Outcome::NoConvoy | Outcome::ParadoxFailed if move_order => {
            ours.insert("no convoy".to_string());
        }
        _ => {}
    }
    if dislodged {
        ours.insert("dislodged".to_string());
    }
    let theirs = recorded
        .iter()
        .filter(|c| match c.as_str() {
            "dislodged" | "bounce" => true,
            "cut" => support && !theirs_void,
            "no convoy" => move_order,
            _ => false,
        })
        .cloned()
        .collect();
    (theirs, ours)
}

/// The name the package gives the state after the last phase.
const COMPLETED: &str = "COMPLETED";

/// Whether the game's `map` names `variant` (no map: the standard one, as the package
/// assumes).
fn on_variant_map(variant: &Variant, map: Option<&str>) -> bool {
    let map = map.unwrap_or("standard");
    map.eq_ignore_ascii_case(&variant.name)
        || variant.aliases.iter().any(|a| a.eq_ignore_ascii_case(map))
}

/// Replays `game`, adding to `summary`. Refused (nothing replayed) when the game is on
/// another map than `variant`. A phase whose name is not a phase (only the last state
/// may be `COMPLETED`) is a difference, never skipped.
pub fn replay_game(
    variant: &Variant,
    game: &MilaGame,
    summary: &mut ReplaySummary,
) -> Result<(), MilaError> {
    if !on_variant_map(variant, game.map.as_deref()) {
        return Err(MilaError::Map {
            map: game.map.clone().unwrap_or_default(),
            variant: variant.name.clone(),
        });
    }
    let game_id = game.id.clone().unwrap_or_default();
    let last = game.phases.len().saturating_sub(1);
    for (index, pair) in game.phases.windows(2).enumerate() {
        let (now, next) = (&pair[0], &pair[1]);
        let unreadable = |name: &str| PhaseDiff {
            game: game_id.clone(),
            phase: name.to_string(),
            lines: vec![format!("cannot read phase name `{name}`")],
        };
        let Some(phase) = phase_name(&now.name) else {
            summary.differ.push(unreadable(&now.name));
            continue;
        };
        if phase_name(&next.name).is_none() && !(next.name == COMPLETED && index + 1 == last) {
            // Reported here when it is the last state, else as the next pair's first.
            if index + 1 == last {
                summary.differ.push(unreadable(&next.name));
            }
            continue;
        }
        let mut lines = Vec::new();
        let position = match now.state.to_position(variant, phase) {
            Ok(p) => p,
            Err(e) => {
                summary.differ.push(PhaseDiff {
                    game: game_id.clone(),
                    phase: now.name.clone(),
                    lines: vec![format!("cannot read the recorded state: {e}")],
                });
                continue;
            }
        };
        let mut orders = Vec::new();
        for (power_name, list) in &now.orders {
            let Some(power) = variant.find_power(power_name) else {
                lines.push(format!("unknown power `{power_name}`"));
                continue;
            };
            for text in list.iter().flatten() {
                match parse_order(variant, phase.kind, Some(power), text) {
                    Ok(o) => orders.push(o),
                    Err(e) => lines.push(format!(
                        "cannot read order `{power_name}: {text}`: {}",
                        e.kind
                    )),
                }
            }
        }
        let mut replay = Game::from_position(position);
        let done = replay.process(variant, &orders);
        if phase.kind == PhaseKind::Movement {
            summary.movement_phases += 1;
            if let PhaseResult::Movement(r) = &done.result {
                compare_results(variant, &now.results, r, &mut lines);
            }
        }
        compare_state(
            variant,
            &replay.position,
            next.name.as_str(),
            &next.state,
            &mut lines,
        );
        if lines.is_empty() {
            summary.agree += 1;
        } else {
            summary.differ.push(PhaseDiff {
                game: game_id.clone(),
                phase: now.name.clone(),
                lines,
            });
        }
    }
    Ok(())
}

fn compare_results(
    variant: &Variant,
    recorded: &BTreeMap<String, Vec<String>>,
    result: &crate::adjudicate::MovementResult,
    lines: &mut Vec<String>,
) {
    let map = &variant.map;
    for r in &result.units {
        let key = format!(
            "{} {}",
            r.unit.kind.letter(),
            map.upper_location_name(r.unit.location)
        );
        let Some(codes) = recorded.get(&key) else {
            continue;
        };
        let (theirs, ours) = comparable_codes(&r.unit, &r.outcome, r.dislodged_by.is_some(), codes);
        if theirs != ours {
            lines.push(format!(
                "result {key}: recorded {theirs:?}, standoff {ours:?}"
            ));
        }
    }
}

fn compare_state(
    variant: &Variant,
    ours: &Position,
    next_name: &str,
    next: &MilaState,
    lines: &mut Vec<String>,
) {
    let Some(next_phase) = phase_name(next_name) else {
        // The final `COMPLETED` state: compare the board only.
        compare_board(variant, ours, next, ours.phase, false, lines);
        return;
    };
    // The package plays a retreat phase even when no dislodged unit can retreat;
    // standoff destroys such units at once and moves on. Only the board is comparable.
    let idle_retreat = next_phase.kind == PhaseKind::Retreat
        && next
            .retreats
            .values()
            .all(|m| m.values().all(Vec::is_empty));
    if idle_retreat {
        compare_board(variant, ours, next, next_phase, true, lines);
        return;
    }
    if next_phase != ours.phase {
        lines.push(format!(
            "next phase: recorded {}, standoff {}",
            next_phase.short_code(),
            ours.phase.short_code()
        ));
    }
    compare_board(variant, ours, next, next_phase, false, lines);
}

/// Compares the board with the recorded state: units, and unless `units_only`, the
/// dislodged units with their retreat options and the centers.
fn compare_board(
    variant: &Variant,
    ours: &Position,
    next: &MilaState,
    phase: crate::phase::Phase,
    units_only: bool,
    lines: &mut Vec<String>,
) {
    match next.to_position(variant, phase) {
        Ok(theirs) => {
            let (tu, td) = units_of(&theirs, variant);
            let (ou, od) = units_of(ours, variant);
            diff_sets("units", &tu, &ou, lines);
            if units_only {
                return;
            }
            diff_sets("dislodged", &td, &od, lines);
            diff_sets(
                "centers",
                &centers_of(&theirs, variant),
                &centers_of(ours, variant),
                lines,
            );
        }
        Err(e) => lines.push(format!("cannot read the next recorded state: {e}")),
    }
}
