//! The JSON form of a position, with names (the judge itself only sees ids).
//!
//! ```json
//! { "phase": "Spring 1901 Movement",
//!   "units":   { "England": ["F lon", "F edi", "A lvp"] },
//!   "centers": { "England": ["lon", "edi", "lvp"] },
//!   "dislodged": { "Germany": [ { "unit": "A mun", "retreats": ["boh", "tyr"] } ] } }
//! ```
//! `centers` may be omitted (the variant's starting ownership is used); `dislodged` only
//! appears after a movement phase that dislodged units.

use crate::ids::{PowerId, ProvinceId};
use crate::phase::parse_phase;
use crate::position::{Dislodged, Position, PositionError, Setup, SetupOptions};
use crate::unit::Unit;
use crate::variant::Variant;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A dislodged unit in JSON.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DislodgedJson {
    /// `A mun`.
    pub unit: String,
    /// Where it may retreat (`["boh", "tyr"]`).
    pub retreats: Vec<String>,
    /// The province the dislodging unit came from, if not by convoy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attacker_from: Option<String>,
}

/// A position in JSON, names as the map writes them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PositionJson {
    /// `Spring 1901 Movement`.
    pub phase: String,
    /// Power name → units (`"F stp/sc"`).
    pub units: BTreeMap<String, Vec<String>>,
    /// Power name → owned centers; omitted means the variant's starting ownership.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub centers: Option<BTreeMap<String, Vec<String>>>,
    /// Power name → dislodged units.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub dislodged: BTreeMap<String, Vec<DislodgedJson>>,
    /// Power name → home centers, once an opening placement has set them (the Bowen
    /// variant); omitted: the variant's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub home_centers: Option<BTreeMap<String, Vec<String>>>,
    /// Power name → the spaces its units were the last to stand in (kept by variants
    /// with home guards or spring capture); omitted: each center's owner.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_occupied: Option<BTreeMap<String, Vec<String>>>,
    /// Power name → the centers its units entered this Spring and (after the Fall
    /// movement) left again (Bowen 7, variants with spring capture); omitted: assumed
    /// from the board (in the Fall, a unit on a center its power does not own).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spring_entrants: Option<BTreeMap<String, Vec<String>>>,
}

/// Reads a `power name → spaces` table as `(space, power)` pairs, collecting the names
/// it cannot read.
fn read_power_spaces(
    variant: &Variant,
    table: &BTreeMap<String, Vec<String>>,
    errors: &mut Vec<JsonError>,
) -> Vec<(ProvinceId, PowerId)> {
    let mut out = Vec::new();
    for (name, list) in table {
        let Some(power) = variant.find_power(name) else {
            errors.push(JsonError::Power(name.clone()));
            continue;
        };
        for c in list {
            match variant.map.find_province(c) {
                Some(p) => out.push((p, power)),
                None => errors.push(JsonError::Space {
                    power: name.clone(),
                    space: c.clone(),
                }),
            }
        }
    }
    out
}

/// Writes `power name → spaces` for every province whose entry names a power.
fn power_spaces(
    variant: &Variant,
    per_province: &[Option<PowerId>],
) -> BTreeMap<String, Vec<String>> {
    let mut out: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for (i, o) in per_province.iter().enumerate() {
        if let Some(o) = o {
            out.entry(variant.power_name(*o).to_string())
                .or_default()
                .push(variant.map.provinces()[i].id.clone());
        }
    }
    out
}

/// Why a JSON position could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum JsonError {
    /// Not valid JSON or not the expected shape.
    #[error("invalid position JSON: {0}")]
    Syntax(String),
    /// The phase text is not `Season Year Kind`.
    #[error("cannot read phase `{0}` (expected e.g. `Spring 1901 Movement`)")]
    Phase(String),
    /// An unknown power name.
    #[error("unknown power `{0}`")]
    Power(String),
    /// A unit entry that cannot be read or placed.
    #[error("{power}: unit `{unit}`: {message}")]
    Unit {
        /// Power name.
        power: String,
        /// The entry.
        unit: String,
        /// What is wrong.
        message: String,
    },
    /// An unknown center name.
    #[error("{power}: `{center}` is not a supply center")]
    Center {
        /// Power name.
        power: String,
        /// The entry.
        center: String,
    },
    /// An unknown space name.
    #[error("{power}: unknown space `{space}`")]
    Space {
        /// Power name.
        power: String,
        /// The entry.
        space: String,
    },
    /// The names were read, but they do not make a position of the variant.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// Several problems.
    #[error("{}", .0.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("\n"))]
    Many(Vec<JsonError>),
    /// Stands for the problems beyond [`crate::limits::MAX_REPORTED_ERRORS`] (last in
    /// [`JsonError::Many`]).
    #[error("{0} more errors suppressed")]
    Suppressed(usize),
}

fn read_unit(
    variant: &Variant,
    power: PowerId,
    power_name: &str,
    text: &str,
) -> Result<Unit, JsonError> {
    let err = |message: String| JsonError::Unit {
        power: power_name.to_string(),
        unit: crate::limits::shown_prefix(text),
        message,
    };
    crate::parse::parse_unit(variant, power, text).map_err(|e| err(e.kind.to_string()))
}

impl Position {
    /// Reads a position from its JSON form, reporting every problem found.
    pub fn from_json(variant: &Variant, text: &str) -> Result<Position, JsonError> {
        crate::limits::check_size("the position JSON", text, crate::limits::MAX_JSON_BYTES)
            .map_err(|e| JsonError::Syntax(e.to_string()))?;
        let json: PositionJson =
            serde_json::from_str(text).map_err(|e| JsonError::Syntax(e.to_string()))?;
        Position::from_position_json(variant, &json)
    }

    /// Builds a position from its already-read JSON form, reporting every problem found:
    /// names the variant does not know, then what [`Position::from_setup`] refuses.
    pub fn from_position_json(
        variant: &Variant,
        json: &PositionJson,
    ) -> Result<Position, JsonError> {
        Position::from_position_json_with(variant, json, SetupOptions::default())
    }

    /// [`Position::from_position_json`] with some checks relaxed as `options` say (for
    /// a front end reading back a position it wrote itself and had built with those
    /// options: see [`SetupOptions`]).
    pub fn from_position_json_with(
        variant: &Variant,
        json: &PositionJson,
        options: SetupOptions,
    ) -> Result<Position, JsonError> {
        let (setup, mut errors) = position_setup(variant, json);
        match setup.map(|s| Position::from_setup_with(variant, s, options)) {
            Some(Ok(pos)) if errors.is_empty() => return Ok(pos),
            Some(Err(e)) => errors.push(JsonError::Position(e)),
            _ => {}
        }
        let kept = crate::limits::MAX_REPORTED_ERRORS;
        if errors.len() > kept {
            let more = errors.len() - kept;
            errors.truncate(kept);
            errors.push(JsonError::Suppressed(more));
        }
        match errors.len() {
            1 => Err(errors.remove(0)),
            _ => Err(JsonError::Many(errors)),
        }
    }

    /// The JSON form of this position.
    pub fn to_json(&self, variant: &Variant) -> PositionJson {
        let map = &variant.map;
        let unit_text = |u: &Unit| format!("{} {}", u.mark(), map.location_id_name(u.location));
        let mut units: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (_, u) in self.units() {
            units
                .entry(variant.power_name(u.power).to_string())
                .or_default()
                .push(unit_text(u));
        }
        let centers = power_spaces(variant, &self.owners);
        let mut dislodged: BTreeMap<String, Vec<DislodgedJson>> = BTreeMap::new();
        for d in &self.dislodged {
            dislodged
                .entry(variant.power_name(d.unit.power).to_string())
                .or_default()
                .push(DislodgedJson {
                    unit: unit_text(&d.unit),
                    retreats: d
                        .retreat_options
                        .iter()
                        .map(|&l| map.location_id_name(l))
                        .collect(),
                    attacker_from: d.attacker_from.map(|p| map.province(p).id.clone()),
                });
        }
        let home_centers = self.homes.as_ref().map(|homes| {
            let mut per_province = vec![None; map.province_count()];
            for (w, h) in homes.iter().enumerate() {
                for p in h {
                    per_province[p.index()] = Some(PowerId(w as u8));
                }
            }
            power_spaces(variant, &per_province)
        });
        let last_occupied =
            (!self.last_occupant.is_empty()).then(|| power_spaces(variant, &self.last_occupant));
        let spring_entrants = (!self.spring_entrants.is_empty())
            .then(|| power_spaces(variant, &self.spring_entrants));
        PositionJson {
            phase: self.phase.to_string(),
            units,
            centers: Some(centers),
            dislodged,
            home_centers,
            last_occupied,
            spring_entrants,
        }
    }
}

/// Translates the names of a JSON position into a [`Setup`] (`None` when the phase
/// cannot be read), with every name that could not be read.
fn position_setup(variant: &Variant, json: &PositionJson) -> (Option<Setup>, Vec<JsonError>) {
    let mut errors = Vec::new();
    let phase = parse_phase(&json.phase);
    if phase.is_none() {
        errors.push(JsonError::Phase(json.phase.clone()));
    }
    let mut setup = Setup::empty(phase.unwrap_or(variant.start_phase));
    for (name, units) in &json.units {
        let Some(power) = variant.find_power(name) else {
            errors.push(JsonError::Power(name.clone()));
            continue;
        };
        for text in units {
            match read_unit(variant, power, name, text) {
                Ok(u) => setup.units.push(u),
                Err(e) => errors.push(e),
            }
        }
    }
    if let Some(homes) = &json.home_centers {
        let mut placed: Vec<Vec<ProvinceId>> = vec![Vec::new(); variant.powers.len()];
        for (p, power) in read_power_spaces(variant, homes, &mut errors) {
            placed[power.index()].push(p);
        }
        setup.homes = Some(placed);
    }
    setup.owners = match &json.centers {
        None => Setup::owners_from(&variant.start_owners),
        Some(centers) => read_power_spaces(variant, centers, &mut errors),
    };
    setup.last_occupants = json
        .last_occupied
        .as_ref()
        .map(|last| read_power_spaces(variant, last, &mut errors));
    setup.spring_entrants = json
        .spring_entrants
        .as_ref()
        .map(|entrants| read_power_spaces(variant, entrants, &mut errors));
    for (name, list) in &json.dislodged {
        let Some(power) = variant.find_power(name) else {
            errors.push(JsonError::Power(name.clone()));
            continue;
        };
        for d in list {
            let unit = match read_unit(variant, power, name, &d.unit) {
                Ok(u) => u,
                Err(e) => {
                    errors.push(e);
                    continue;
                }
            };
            let bad = |message: String| JsonError::Unit {
                power: name.clone(),
                unit: d.unit.clone(),
                message,
            };
            let mut retreat_options = Vec::new();
            for r in &d.retreats {
                match parse_location(variant, r) {
                    Some(l) => retreat_options.push(l),
                    None => errors.push(bad(format!("unknown retreat `{r}`"))),
                }
            }
            let attacker_from = match d.attacker_from.as_deref() {
                None => None,
                Some(a) => match variant.map.find_province(a) {
                    Some(p) => Some(p),
                    None => {
                        errors.push(bad(format!("unknown attacker_from `{a}`")));
                        continue;
                    }
                },
            };
            setup.dislodged.push(Dislodged {
                unit,
                attacker_from,
                retreat_options,
            });
        }
    }
    (phase.map(|_| setup), errors)
}

fn parse_location(variant: &Variant, text: &str) -> Option<crate::LocationId> {
    let (prov, coast) = match text.split_once('/') {
        Some((p, c)) => (p, Some(c)),
        None => (text, None),
    };
    let p = variant.map.find_province(prov)?;
    match coast {
        Some(c) => variant.map.coast(p, &c.to_lowercase()),
        None => Some(p.location()),
    }
}

/// One played phase in a saved game: the phase and the orders given, in the canonical
/// notation (`England: F lon - nth`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhaseRecordJson {
    /// `Spring 1901 Movement`.
    pub phase: String,
    /// Orders as given (readable by the order parser).
    pub orders: Vec<String>,
}

impl PhaseRecordJson {
    /// The record of `phase` played with `orders`, each written `England: F lon - nth`.
    pub fn of(
        variant: &Variant,
        phase: crate::phase::Phase,
        orders: &[crate::order::Order],
    ) -> Self {
        PhaseRecordJson {
            phase: phase.to_string(),
            orders: orders
                .iter()
                .map(|o| {
                    format!(
                        "{}: {}",
                        variant.power_name(o.power),
                        o.display_ids(&variant.map).with_powers(&variant.powers)
                    )
                })
                .collect(),
        }
    }
}

/// A saved game: the variant, the phases played so far and the current position.
/// Nothing in it is trusted: load it with [`crate::record::RecordedGame::from_json`],
/// which checks it against the variant and replays the history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameJson {
    /// The variant: a built-in's name, or the text of the variant files the game was
    /// started with (see [`SavedVariant`](crate::variant::SavedVariant); a plain string
    /// that is not a built-in's name is an old save's path, read only if the caller
    /// allows it).
    pub variant: crate::variant::SavedVariant,
    /// The position at the start of the next phase to play.
    pub position: PositionJson,
    /// Phases played, oldest first.
    #[serde(default)]
    pub history: Vec<PhaseRecordJson>,
    /// The winner, once there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<String>,
    /// The rules the game is played by (a replay gives the same rulings); absent means
    /// the default `datc` rules.
    #[serde(default)]
    pub rules: crate::rules::RuleSet,
    /// When the game ends besides victory (absent: only by victory).
    #[serde(default)]
    pub end_rules: crate::game::EndRules,
    /// Consecutive year ends with no center captured so far.
    #[serde(default)]
    pub quiet_years: u32,
    /// How the game ended, in words, once it has.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<String>,
    /// How the game ended, as data (absent in saves written before it was kept).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<GameEndJson>,
}

/// [`GameEnd`](crate::game::GameEnd) with powers by name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum GameEndJson {
    /// A power won.
    Victory {
        /// The winner.
        power: String,
        /// Its centers when it won.
        centers: usize,
    },
    /// A draw by rule.
    Draw {
        /// Why.
        reason: crate::game::DrawReason,
        /// The powers sharing it.
        powers: Vec<String>,
    },
    /// A short game reached its last year.
    ShortGameOver {
        /// `(power, centers)`, most centers first.
        ranking: Vec<(String, usize)>,
    },
}

impl GameEndJson {
    /// `end` with the variant's power names.
    pub fn of(variant: &Variant, end: &crate::game::GameEnd) -> GameEndJson {
        use crate::game::GameEnd;
        let name = |p: PowerId| variant.power_name(p).to_string();
        match end {
            GameEnd::Victory { power, centers } => GameEndJson::Victory {
                power: name(*power),
                centers: *centers,
            },
            GameEnd::Draw { reason, powers } => GameEndJson::Draw {
                reason: *reason,
                powers: powers.iter().map(|&p| name(p)).collect(),
            },
            GameEnd::ShortGameOver { ranking } => GameEndJson::ShortGameOver {
                ranking: ranking.iter().map(|&(p, c)| (name(p), c)).collect(),
            },
        }
    }

    /// The end against `variant`; a power name it does not have is an error naming it.
    pub fn to_end(&self, variant: &Variant) -> Result<crate::game::GameEnd, String> {
        use crate::game::GameEnd;
        let power = |n: &str| variant.find_power(n).ok_or_else(|| n.to_string());
        Ok(match self {
            GameEndJson::Victory { power: p, centers } => GameEnd::Victory {
                power: power(p)?,
                centers: *centers,
            },
            GameEndJson::Draw { reason, powers } => GameEnd::Draw {
                reason: *reason,
                powers: powers.iter().map(|p| power(p)).collect::<Result<_, _>>()?,
            },
            GameEndJson::ShortGameOver { ranking } => GameEnd::ShortGameOver {
                ranking: ranking
                    .iter()
                    .map(|(p, c)| power(p).map(|id| (id, *c)))
                    .collect::<Result<_, _>>()?,
            },
        })
    }
}
