//! Reading the saved-game JSON and converting states and orders.

use crate::ids::PowerId;
use crate::map::Map;
use crate::order::{Order, OrderKind, UnitRef};
use crate::parse::parse_order;
use crate::phase::{Phase, PhaseKind, Season};
use crate::position::{Dislodged, Position, Setup, SetupOptions};
use crate::variant::Variant;
use serde::Deserialize;
use std::collections::BTreeMap;

/// A power's name as the package writes it: in capitals, a name of several words as one
/// (`FRANCE`, `FROZENANTARCTICA`), as its map files name their powers.
pub fn power_name(name: &str) -> String {
    let mut upper = name.to_uppercase();
    upper.retain(|c| !c.is_whitespace());
    upper
}

/// A saved game.
#[derive(Clone, Debug, Deserialize)]
pub struct MilaGame {
    /// Game id.
    #[serde(default)]
    pub id: Option<String>,
    /// Map name (`standard`).
    #[serde(default)]
    pub map: Option<String>,
    /// Phases in order.
    pub phases: Vec<MilaPhase>,
}

/// One phase: the state at its start, the orders given and their results.
#[derive(Clone, Debug, Deserialize)]
pub struct MilaPhase {
    /// `S1901M`, `F1901R`, `W1901A`, or `COMPLETED`.
    pub name: String,
    /// The board at the start of the phase.
    pub state: MilaState,
    /// Power → orders.
    #[serde(default)]
    pub orders: BTreeMap<String, Option<Vec<String>>>,
    /// Unit (`A PAR`) → result codes (`bounce`, `cut`, `dislodged`, `void`, `no convoy`).
    #[serde(default)]
    pub results: BTreeMap<String, Vec<String>>,
}

/// The board in a phase.
#[derive(Clone, Debug, Default, Deserialize)]
pub struct MilaState {
    /// Power → units (`A PAR`, `*F BRE` for a dislodged unit).
    #[serde(default)]
    pub units: BTreeMap<String, Vec<String>>,
    /// Power → owned centers.
    #[serde(default)]
    pub centers: BTreeMap<String, Vec<String>>,
    /// Power → dislodged unit → retreat options.
    #[serde(default)]
    pub retreats: BTreeMap<String, BTreeMap<String, Vec<String>>>,
}

/// Why a saved game could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MilaError {
    /// Not JSON of the expected shape.
    #[error("game {index}: {message}")]
    Json {
        /// 0-based game index in the file.
        index: usize,
        /// The JSON parser's message.
        message: String,
    },
    /// A phase name such as `S1901M` that cannot be read.
    #[error("bad phase name `{0}`")]
    PhaseName(String),
    /// An unknown power.
    #[error("unknown power `{0}`")]
    Power(String),
    /// A game on a map other than the variant it is replayed on.
    #[error("map `{map}` is not the {variant} map")]
    Map {
        /// The game's map.
        map: String,
        /// The variant's name.
        variant: String,
    },
    /// A unit or center that cannot be read or placed.
    #[error("{0}")]
    Board(String),
    /// The state read does not make a position of the variant.
    #[error(transparent)]
    Position(crate::position::PositionError),
}

/// Reads one game (a JSON object) or many (JSON lines, one game per line).
pub fn read_games(text: &str) -> Vec<Result<MilaGame, MilaError>> {
    use crate::limits::{check_size, MAX_JSON_BYTES};
    let trimmed = text.trim_start();
    if trimmed.starts_with('{') && text.len() <= MAX_JSON_BYTES {
        if let Ok(game) = serde_json::from_str::<MilaGame>(text) {
            return vec![Ok(game)];
        }
    }
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .enumerate()
        .map(|(index, line)| {
            check_size("the game's line", line, MAX_JSON_BYTES).map_err(|e| MilaError::Json {
                index,
                message: e.to_string(),
            })?;
            serde_json::from_str::<MilaGame>(line).map_err(|e| MilaError::Json {
                index,
                message: e.to_string(),
            })
        })
        .collect()
}

/// Reads `S1901M` (None for `COMPLETED` and the like).
pub fn phase_name(name: &str) -> Option<Phase> {
    let mut chars = name.chars();
    let season = match chars.next()? {
        'S' => Season::Spring,
        'F' => Season::Fall,
        'W' => Season::Winter,
        _ => return None,
    };
    // The last character, not the last byte: a name may end in any character.
    let kind = match chars.next_back()? {
        'M' => PhaseKind::Movement,
        'R' => PhaseKind::Retreat,
        'A' => PhaseKind::Adjustment,
        _ => return None,
    };
    Some(Phase {
        season,
        year: chars.as_str().parse().ok()?,
        kind,
    })
}

fn power(variant: &Variant, name: &str) -> Result<PowerId, MilaError> {
    variant
        .find_power(name)
        .ok_or_else(|| MilaError::Power(name.to_string()))
}

fn unit_ref(variant: &Variant, power: PowerId, text: &str) -> Result<crate::Unit, MilaError> {
    let order = parse_order(variant, PhaseKind::Movement, Some(power), text)
        .map_err(|e| MilaError::Board(format!("unit `{text}`: {}", e.kind)))?;
    match order.kind {
        OrderKind::Hold {
            unit:
                UnitRef {
                    kind: Some(kind),
                    location,
                    ..
                },
        } => Ok(crate::Unit::new(power, kind, location)),
        _ => Err(MilaError::Board(format!(
            "unit `{text}`: expected `A XXX` or `F XXX`"
        ))),
    }
}

impl MilaState {
    /// The position this state describes, at `phase`: the names translated into a
    /// [`Setup`], checked by [`Position::from_setup`] (retreat options as the package
    /// gives them).
    pub fn to_position(&self, variant: &Variant, phase: Phase) -> Result<Position, MilaError> {
        let map = &variant.map;
        let mut setup = Setup::empty(phase);
        for (name, units) in &self.units {
            let p = power(variant, name)?;
            for text in units {
                if let Some(rest) = text.strip_prefix('*') {
                    let unit = unit_ref(variant, p, rest)?;
                    let options = self
                        .retreats
                        .get(name)
                        .and_then(|r| r.get(rest))
                        .cloned()
                        .unwrap_or_default();
                    let mut retreat_options = Vec::new();
                    for o in options {
                        retreat_options.push(location(map, &o)?);
                    }
                    setup.dislodged.push(Dislodged {
                        unit,
                        attacker_from: None,
                        retreat_options,
                    });
                } else {
                    setup.units.push(unit_ref(variant, p, text)?);
                }
            }
        }
        for (name, centers) in &self.centers {
            let p = power(variant, name)?;
            for c in centers {
                let prov = map
                    .find_province(c)
                    .ok_or_else(|| MilaError::Board(format!("{name}: unknown center `{c}`")))?;
                setup.owners.push((prov, p));
            }
        }
        // The package's retreat options follow its own rulings (see `SetupOptions`).
        let options = SetupOptions::default().retreat_options_as_given();
        Position::from_setup_with(variant, setup, options).map_err(MilaError::Position)
    }
}

fn location(map: &Map, text: &str) -> Result<crate::LocationId, MilaError> {
    let (prov, coast) = match text.split_once('/') {
        Some((p, c)) => (p, Some(c.to_lowercase())),
        None => (text, None),
    };
    let p = map
        .find_province(prov)
        .ok_or_else(|| MilaError::Board(format!("unknown location `{text}`")))?;
    match coast {
        Some(c) => map
            .coast(p, &c)
            .ok_or_else(|| MilaError::Board(format!("unknown coast `{text}`"))),
        None => Ok(p.location()),
    }
}

/// An order in the package's notation: `A LON - NWY VIA`, `F NTH C A LON - NWY`,
/// `A PAR S A MAR - BUR`, `A PAR R BUR`, `A PAR D`, `A PAR B`, `F STP/NC B`, `WAIVE`.
/// Unit types are required in this notation; an order without one gets `A`.
pub fn order_to_mila(map: &Map, order: &Order) -> String {
    write_mila_order(map, order, Some('A'))
}

/// [`order_to_mila`], writing a unit without a type with `untyped_letter` before its
/// location, or with its location alone when that is `None` (`PAR - BUR`).
pub fn write_mila_order(map: &Map, order: &Order, untyped_letter: Option<char>) -> String {
    // Written piece by piece into one string, from the map's upper-case names: the
    // Python binding writes every order text it hands out with this.
    let mut out = String::with_capacity(24);
    let loc = |out: &mut String, l: crate::LocationId| out.push_str(map.upper_location_name(l));
    let province =
        |out: &mut String, p: crate::ProvinceId| out.push_str(map.upper_province_name(p));
    let unit = |out: &mut String, u: &UnitRef| {
        if let Some(letter) = u.kind.map(|k| k.letter()).or(untyped_letter) {
            out.push(letter);
            out.push(' ');
        }
        loc(out, u.location);
    };
    match &order.kind {
        OrderKind::Hold { unit: u } => {
            unit(&mut out, u);
            out.push_str(" H");
        }
        // The saved-game form has no convoy path: a move with one is written as a
        // move by convoy.
        OrderKind::Move {
            unit: u,
            to,
            via_convoy,
            path,
        } => {
            unit(&mut out, u);
            out.push_str(" - ");
            loc(&mut out, *to);
            if *via_convoy || !path.is_empty() {
                out.push_str(" VIA");
            }
        }
        OrderKind::SupportHold { unit: u, target } => {
            unit(&mut out, u);
            out.push_str(" S ");
            unit(&mut out, target);
        }
        OrderKind::SupportMove {
            unit: u,
            target,
            to,
        } => {
            // The destination as the order names it: a coast named stays (DATC 6.B.9
            // decides on it), so a saved game replays as it was played.
            unit(&mut out, u);
            out.push_str(" S ");
            unit(&mut out, target);
            out.push_str(" - ");
            loc(&mut out, *to);
        }
        OrderKind::Convoy { unit: u, army, to } => {
            unit(&mut out, u);
            out.push_str(" C ");
            unit(&mut out, army);
            out.push_str(" - ");
            province(&mut out, *to);
        }
        OrderKind::RailMove { unit: u, to } => {
            unit(&mut out, u);
            out.push_str(" TSR ");
            province(&mut out, *to);
        }
        OrderKind::CanalPermission { fleet, to } => {
            out.push_str("SC ");
            unit(&mut out, fleet);
            out.push_str(" - ");
            province(&mut out, *to);
        }
        OrderKind::Retreat { unit: u, to } => {
            unit(&mut out, u);
            out.push_str(" R ");
            loc(&mut out, *to);
        }
        OrderKind::Disband { unit: u } | OrderKind::Remove { unit: u } => {
            unit(&mut out, u);
            out.push_str(" D");
        }
        OrderKind::Build { unit: u } => {
            unit(&mut out, u);
            out.push_str(" B");
        }
        OrderKind::Waive => out.push_str("WAIVE"),
        // No proxy order in the saved-game form: the power is written by its index.
        OrderKind::Proxy { unit: u, to } => {
            unit(&mut out, u);
            out.push_str(" PROXY ");
            out.push_str(&to.index().to_string());
        }
    }
    out
}
