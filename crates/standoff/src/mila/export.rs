//! Writing games and states in the package's saved-game JSON, and loading a recorded
//! game into a [`RecordedGame`] by replaying its orders.

use super::format::{order_to_mila, phase_name, power_name, MilaError, MilaGame};
use crate::adjudicate::Outcome;
use crate::game::PhaseResult;
use crate::parse::parse_order;
use crate::position::Position;
use crate::record::{PhaseRecord, RecordedGame};
use crate::variant::Variant;
use serde_json::{json, Map as JsonMap, Value};

fn upper(s: &str) -> String {
    s.to_uppercase()
}

/// The package's `state` object for a position: units (`*` for dislodged), centers,
/// homes, retreats and the phase name.
pub fn state_json(variant: &Variant, position: &Position) -> Value {
    let map = &variant.map;
    let mut units = JsonMap::new();
    let mut centers = JsonMap::new();
    let mut homes = JsonMap::new();
    let mut retreats = JsonMap::new();
    for (i, p) in variant.powers.iter().enumerate() {
        let id = crate::PowerId(i as u8);
        let unit_text = |u: &crate::Unit| {
            format!(
                "{} {}",
                u.kind.letter(),
                upper(&map.location_id_name(u.location))
            )
        };
        let mut list: Vec<Value> = position
            .units()
            .filter(|(_, u)| u.power == id)
            .map(|(_, u)| Value::String(unit_text(u)))
            .collect();
        let mut r = JsonMap::new();
        for d in position.dislodged.iter().filter(|d| d.unit.power == id) {
            list.push(Value::String(format!("*{}", unit_text(&d.unit))));
            r.insert(
                unit_text(&d.unit),
                Value::Array(
                    d.retreat_options
                        .iter()
                        .map(|&l| Value::String(upper(&map.location_id_name(l))))
                        .collect(),
                ),
            );
        }
        let owned: Vec<Value> = position
            .owners
            .iter()
            .enumerate()
            .filter(|(_, o)| **o == Some(id))
            .map(|(c, _)| Value::String(upper(&map.provinces()[c].id)))
            .collect();
        let home: Vec<Value> = p
            .home_centers
            .iter()
            .map(|h| Value::String(upper(&map.province(*h).id)))
            .collect();
        let name = power_name(&p.name);
        units.insert(name.clone(), Value::Array(list));
        centers.insert(name.clone(), Value::Array(owned));
        homes.insert(name.clone(), Value::Array(home));
        retreats.insert(name, Value::Object(r));
    }
    json!({
        "name": position.phase.short_code(),
        "units": units,
        "centers": centers,
        "homes": homes,
        "retreats": retreats,
    })
}

/// A unit's result codes in a movement phase, as the `diplomacy` package writes them:
/// none for success, `bounce`, `cut`, `void` (a support or convoy that matched nothing,
/// or an order that was not followed), `no convoy`, and `dislodged`.
pub fn movement_result_codes(u: &crate::adjudicate::UnitResult) -> Vec<&'static str> {
    let mut codes = Vec::new();
    match u.outcome {
        Outcome::Bounced { .. } => codes.push("bounce"),
        Outcome::Cut { .. } => codes.push("cut"),
        Outcome::Void | Outcome::Illegal(_) => codes.push("void"),
        Outcome::NoConvoy | Outcome::ParadoxFailed | Outcome::CanalClosed => {
            codes.push("no convoy")
        }
        _ => {}
    }
    if u.dislodged_by.is_some() {
        codes.push("dislodged");
    }
    codes
}

fn results_json(variant: &Variant, record: &PhaseRecord) -> Value {
    let map = &variant.map;
    let mut out = JsonMap::new();
    if let PhaseResult::Movement(r) = &record.processed.result {
        for u in &r.units {
            let key = format!(
                "{} {}",
                u.unit.kind.letter(),
                upper(&map.location_id_name(u.unit.location))
            );
            out.insert(key, json!(movement_result_codes(u)));
        }
    }
    Value::Object(out)
}

/// A recorded game in the package's saved-game format.
pub fn saved_game_json(variant: &Variant, game: &RecordedGame, id: &str) -> Value {
    let mut phases: Vec<Value> = game
        .history
        .iter()
        .map(|rec| {
            let mut orders = JsonMap::new();
            for p in &variant.powers {
                orders.insert(power_name(&p.name), json!([]));
            }
            for o in &rec.orders {
                if let Some(Value::Array(list)) =
                    orders.get_mut(&power_name(variant.power_name(o.power)))
                {
                    list.push(Value::String(order_to_mila(&variant.map, o)));
                }
            }
            json!({
                "name": rec.position.phase.short_code(),
                "state": state_json(variant, &rec.position),
                "orders": orders,
                "results": results_json(variant, rec),
            })
        })
        .collect();
    let current = &game.game.position;
    let name = if game.game.winner.is_some() {
        "COMPLETED".to_string()
    } else {
        current.phase.short_code()
    };
    let mut state = state_json(variant, current);
    state["name"] = Value::String(name.clone());
    phases.push(json!({"name": name, "state": state, "orders": {}, "results": {}}));
    json!({"id": id, "map": variant.name, "rules": [], "phases": phases})
}

/// A recorded order line that could not be read while loading a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadProblem {
    /// The phase's name as recorded (`S1901M`).
    pub phase: String,
    /// The power's name as recorded.
    pub power: String,
    /// The order line.
    pub text: String,
    /// Why it could not be read.
    pub reason: String,
}

impl std::fmt::Display for LoadProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: {}: `{}`: {}",
            self.phase, self.power, self.text, self.reason
        )
    }
}

/// Loads a recorded game: the first phase's state is the start, and each phase's
/// recorded orders are played by standoff in turn (so history and results are
/// standoff's own adjudication of those orders). Order lines that cannot be read are
/// returned with the game, not dropped silently.
pub fn load_recorded(
    variant: &Variant,
    game: &MilaGame,
) -> Result<(RecordedGame, Vec<LoadProblem>), MilaError> {
    let first = game
        .phases
        .first()
        .ok_or_else(|| MilaError::Board("the game has no phases".into()))?;
    let phase = phase_name(&first.name).ok_or_else(|| MilaError::PhaseName(first.name.clone()))?;
    let mut rec = RecordedGame::from_position(first.state.to_position(variant, phase)?);
    let mut problems = Vec::new();
    // The last recorded phase is the current one, not yet played.
    let played = game.phases.len().saturating_sub(1);
    for ph in &game.phases[..played] {
        if phase_name(&ph.name).is_none() || rec.game.is_over() {
            break;
        }
        let kind = rec.game.position.phase.kind;
        let mut orders = Vec::new();
        for (power_name, list) in &ph.orders {
            let power = variant
                .find_power(power_name)
                .ok_or_else(|| MilaError::Power(power_name.clone()))?;
            for text in list.iter().flatten() {
                match parse_order(variant, kind, Some(power), text) {
                    Ok(o) => orders.push(o),
                    Err(e) => problems.push(LoadProblem {
                        phase: ph.name.clone(),
                        power: power_name.clone(),
                        text: text.clone(),
                        reason: e.kind.to_string(),
                    }),
                }
            }
        }
        rec.process(variant, &orders);
    }
    Ok((rec, problems))
}
