//! The checks behind every fuzz target, written against the public API of `standoff` with
//! no dependency but `serde_json` (a dependency of `standoff` itself).
//!
//! This file is shared: the fuzz crate (`fuzz/src/lib.rs`) compiles it as a module and
//! so does the regression test `crates/standoff/tests/fuzz_regressions.rs` (through
//! `#[path]`), so a saved crash input replays through exactly the code the fuzzer ran.
//! Keep it free of other dependencies.
//!
//! Every function panics only when the library breaks a promise (a panic inside the
//! library, or a failed invariant checked here).

use standoff::adjudicate::{
    adjudicate_adjustments, adjudicate_movement, adjudicate_retreats, adjudicate_text,
    adjustment_counts, Adjustment, RetreatOutcome,
};
use standoff::order::{Order, OrderKind, UnitRef};
use standoff::parse::parse_orders;
use standoff::position::Setup;
use standoff::{LocationId, Phase, PhaseKind, Position, PowerId, Season, Unit, UnitKind, Variant};
use std::sync::OnceLock;

// The targets added for issue 14 (item 9), one file each. The paths are explicit so
// that the file resolves the same from the fuzz crate and from the regression test.
#[path = "checks/assign.rs"]
mod assign;
#[path = "checks/case_file.rs"]
mod case_file;
#[path = "checks/game_loop.rs"]
mod game_loop;
#[path = "checks/mila_game.rs"]
mod mila_game;
#[path = "checks/saved_game.rs"]
mod saved_game;

pub use assign::assign;
pub use case_file::case_file;
pub use game_loop::game_loop;
pub use mila_game::mila_game;
pub use saved_game::saved_game;

/// The standard variant, loaded once (loading parses its TOML).
pub fn standard() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    V.get_or_init(Variant::standard)
}

/// Colonial Diplomacy (railway, canal, Hong Kong), loaded once.
pub fn colonial() -> &'static Variant {
    static V: OnceLock<Variant> = OnceLock::new();
    #[allow(clippy::expect_used)]
    V.get_or_init(|| Variant::builtin("colonial").expect("the built-in colonial variant loads"))
}

const PHASE_KINDS: [PhaseKind; 3] = [
    PhaseKind::Movement,
    PhaseKind::Retreat,
    PhaseKind::Adjustment,
];

/// Target `parse_order`: any text, read as orders of each phase kind, never panics; every
/// order read can be displayed.
pub fn parse_order(data: &[u8]) {
    let variant = standard();
    let text = String::from_utf8_lossy(data);
    for kind in PHASE_KINDS {
        let (orders, errors) = parse_orders(variant, kind, &text);
        for line in &orders {
            let _ = line.order.display(&variant.map).to_string();
            let _ = line.order.display_ids(&variant.map).to_string();
        }
        for e in &errors {
            let _ = e.to_string();
        }
    }
}

/// Target `variant_file`: any text is a variant or a `VariantError`, never a panic; a
/// variant that loads passes its own map self-check without panicking and can start a game.
pub fn variant_file(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    match Variant::from_toml(&text, "fuzz.toml") {
        Ok(variant) => {
            let _ = variant.map.self_check();
            let _ = Position::initial(&variant);
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// Target `position_json`: any text is a position or a `JsonError`; a position that reads
/// writes back to JSON that reads as the same position.
pub fn position_json(data: &[u8]) {
    let variant = standard();
    let text = String::from_utf8_lossy(data);
    let first = match Position::from_json(variant, &text) {
        Ok(p) => p,
        Err(e) => {
            let _ = e.to_string();
            return;
        }
    };
    let json = match serde_json::to_string(&first.to_json(variant)) {
        Ok(j) => j,
        Err(e) => panic!("to_json output does not serialise: {e}"),
    };
    let second = match Position::from_json(variant, &json) {
        Ok(p) => p,
        Err(e) => panic!("to_json output does not read back: {e}\njson: {json}"),
    };
    assert_eq!(
        first, second,
        "JSON round trip changed the position\njson: {json}"
    );
    play_position(variant, &first);
}

/// Plays a position read from JSON the way the CLI may: a movement phase with no orders
/// (every unit holds), a retreat phase in which each dislodged unit retreats to its first
/// option, and an adjustment phase with no orders (waives and civil disorder). Never
/// panics, and no unit appears or vanishes except as the results say.
fn play_position(variant: &Variant, position: &Position) {
    let before = position.units().count();
    let moved = adjudicate_movement(variant, position, &[]);
    let after = moved.position.units().count();
    let dislodged = moved.position.dislodged().len();
    assert_eq!(
        before,
        after + dislodged,
        "hold-only movement: units before ({before}) != after ({after}) + dislodged ({dislodged})"
    );

    let orders: Vec<Order> = position
        .dislodged()
        .iter()
        .filter_map(|d| {
            let to = *d.retreat_options.first()?;
            Some(Order::new(
                d.unit.power,
                OrderKind::Retreat {
                    unit: UnitRef::new(Some(d.unit.kind), d.unit.location),
                    to,
                },
            ))
        })
        .collect();
    let retreated = adjudicate_retreats(variant, position, &orders);
    let arrived = retreated
        .units
        .iter()
        .filter(|(_, o)| matches!(o, RetreatOutcome::Retreated(_)))
        .count();
    assert_eq!(
        retreated.position.units().count(),
        before + arrived,
        "retreat: units after != units on board + retreated"
    );
    for (p, u) in retreated.position.units() {
        assert!(
            variant.map.can_stand(u.kind, u.location) && variant.map.province_of(u.location) == p,
            "retreat put a {:?} at {}",
            u.kind,
            variant.map.location_id_name(u.location)
        );
    }
    let _ = adjudicate_adjustments(variant, position, &[]);
}

/// A board and the order texts of one movement, retreat and adjustment phase: the input
/// of the `adjudicate` target. Ids are indexes that [`Scenario::run`] reduces modulo the
/// variant's counts, so every value is valid.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scenario {
    /// Start from the variant's initial position (else an empty board).
    pub initial: bool,
    /// Fall (else Spring).
    pub fall: bool,
    /// Units to place: (location index, power index, fleet?). Placement errors are ignored.
    pub units: Vec<(u16, u8, bool)>,
    /// Center owners to set: (center number among the map's centers, power index).
    pub owners: Vec<(u16, u8)>,
    /// Movement order text.
    pub movement: String,
    /// Retreat order text.
    pub retreat: String,
    /// Adjustment order text.
    pub adjustment: String,
}

fn centers(variant: &Variant) -> Vec<usize> {
    (0..variant.map.province_count())
        .filter(|&i| variant.map.provinces()[i].is_center)
        .collect()
}

/// `position` in another phase of its year (checked: the judge's boards are valid).
fn with_phase(
    variant: &Variant,
    position: &Position,
    kind: PhaseKind,
    season: Option<Season>,
) -> Position {
    let mut setup = position.to_setup();
    setup.phase.kind = kind;
    if let Some(season) = season {
        setup.phase.season = season;
    }
    Position::from_setup(variant, setup).expect("the judge's board is a valid position")
}

fn unit_location(variant: &Variant, index: u16) -> LocationId {
    LocationId((index as usize % variant.map.location_count()) as u16)
}

fn power(variant: &Variant, index: u8) -> PowerId {
    PowerId((index as usize % variant.powers.len()) as u8)
}

fn parse(variant: &Variant, kind: PhaseKind, text: &str) -> Vec<Order> {
    let (parsed, _errors) = parse_orders(variant, kind, text);
    parsed.into_iter().map(|p| p.order).collect()
}

impl Scenario {
    /// The position the scenario starts from (movement phase).
    pub fn position(&self, variant: &Variant) -> Position {
        let season = if self.fall {
            Season::Fall
        } else {
            Season::Spring
        };
        let phase = Phase {
            season,
            year: variant.start_year,
            kind: PhaseKind::Movement,
        };
        let map = &variant.map;
        let mut setup = if self.initial {
            let mut s = Position::initial(variant).to_setup();
            s.phase = phase;
            s
        } else {
            Setup::empty(phase)
        };
        // Units that cannot stand where the input puts them, or would share a
        // province, are left out (the scenario is a board, not a test of the checks).
        let mut taken = vec![false; map.province_count()];
        for u in &setup.units {
            taken[map.province_of(u.location).index()] = true;
        }
        for &(loc, pow, fleet) in &self.units {
            let unit = Unit {
                power: power(variant, pow),
                kind: if fleet {
                    UnitKind::Fleet
                } else {
                    UnitKind::Army
                },
                location: unit_location(variant, loc),
                grade: Default::default(),
            };
            let p = map.province_of(unit.location).index();
            if map.can_stand(unit.kind, unit.location) && !taken[p] {
                taken[p] = true;
                setup.units.push(unit);
            }
        }
        let centers = centers(variant);
        if !centers.is_empty() {
            // The last owner given for a center counts.
            let mut owners: Vec<Option<PowerId>> = vec![None; map.province_count()];
            for &(p, w) in &setup.owners {
                owners[p.index()] = Some(w);
            }
            for &(c, pow) in &self.owners {
                let p = centers[c as usize % centers.len()];
                owners[p] = Some(power(variant, pow));
            }
            setup.owners = Setup::owners_from(&owners);
        }
        Position::from_setup(variant, setup).expect("the scenario builds a valid position")
    }

    /// Target `adjudicate`: plays the three phases on the standard map and checks the
    /// invariants of each.
    pub fn run(&self) {
        self.run_on(standard());
    }

    /// [`Scenario::run`] on any variant.
    pub fn run_on(&self, variant: &Variant) {
        let start = self.position(variant);
        let before = start.units().count();

        // Movement: every unit gets a result, every order a status, no unit is lost.
        let moved = adjudicate_text(variant, &start, &self.movement);
        let result = &moved.result;
        assert_eq!(result.units.len(), before, "one result per unit");
        assert_eq!(
            result.orders.len(),
            moved.orders.len(),
            "one status per order"
        );
        let after = result.position.units().count();
        let dislodged = result.position.dislodged().len();
        assert_eq!(
            before,
            after + dislodged,
            "movement: units before ({before}) != units after ({after}) + dislodged ({dislodged})"
        );
        for d in result.position.dislodged() {
            for &l in &d.retreat_options {
                let p = variant.map.province_of(l);
                assert!(
                    result.position.unit_at(p).is_none(),
                    "retreat option {} is occupied",
                    variant.map.location_id_name(l)
                );
            }
        }

        // Retreats: every dislodged unit retreats or disbands; no unit appears from nowhere.
        let retreat_pos = with_phase(variant, &result.position, PhaseKind::Retreat, None);
        let orders = parse(variant, PhaseKind::Retreat, &self.retreat);
        let retreated = adjudicate_retreats(variant, &retreat_pos, &orders);
        assert_eq!(retreated.orders.len(), orders.len(), "one status per order");
        assert_eq!(
            retreated.units.len(),
            dislodged,
            "one outcome per dislodged unit"
        );
        assert!(
            retreated.position.dislodged().is_empty(),
            "dislodged units left"
        );
        let arrived = retreated
            .units
            .iter()
            .filter(|(_, o)| matches!(o, RetreatOutcome::Retreated(_)))
            .count();
        let after_retreat = retreated.position.units().count();
        assert_eq!(
            after_retreat,
            after + arrived,
            "retreat: units after ({after_retreat}) != units on board ({after}) + retreated ({arrived})"
        );

        // Adjustments: counts follow the changes, and every power ends within its due.
        let adjust_pos = with_phase(
            variant,
            &retreated.position,
            PhaseKind::Adjustment,
            Some(Season::Winter),
        );
        let due = adjustment_counts(variant, &adjust_pos);
        let orders = parse(variant, PhaseKind::Adjustment, &self.adjustment);
        let adjusted = adjudicate_adjustments(variant, &adjust_pos, &orders);
        assert_eq!(adjusted.orders.len(), orders.len(), "one status per order");
        let mut built = 0usize;
        let mut removed = 0usize;
        for c in &adjusted.changes {
            match c {
                Adjustment::Built(_) => built += 1,
                Adjustment::Removed(_) | Adjustment::RemovedInCivilDisorder(_) => removed += 1,
                _ => {}
            }
        }
        let end = adjusted.position.units().count();
        assert_eq!(
            end + removed,
            after_retreat + built,
            "adjustment: units after ({end}) != before ({after_retreat}) + built ({built}) - removed ({removed})"
        );
        for (i, &d) in due.iter().enumerate() {
            let p = PowerId(i as u8);
            let units = adjusted.position.unit_count(p) as i32;
            let had = adjust_pos.unit_count(p) as i32;
            if d < 0 {
                assert_eq!(
                    units,
                    variant.counted_centers(&adjust_pos, p) as i32,
                    "adjustment: {} had to remove {} units",
                    variant.power_name(p),
                    -d
                );
            } else {
                assert!(
                    units >= had && units <= had + d,
                    "adjustment: {} had {had} units, {d} builds due, ends with {units}",
                    variant.power_name(p)
                );
            }
        }
    }

    /// The scenario as JSON with names, for reading and for the regression folder.
    pub fn to_json(&self, variant: &Variant) -> String {
        use serde_json::{json, Value};
        let units: Vec<Value> = self
            .units
            .iter()
            .map(|&(loc, pow, fleet)| {
                json!([
                    variant.power_name(power(variant, pow)),
                    if fleet { "F" } else { "A" },
                    variant.map.location_id_name(unit_location(variant, loc)),
                ])
            })
            .collect();
        let centers = centers(variant);
        let owners: Vec<Value> = if centers.is_empty() {
            Vec::new()
        } else {
            self.owners
                .iter()
                .map(|&(c, pow)| {
                    let p = centers[c as usize % centers.len()];
                    json!([
                        variant.power_name(power(variant, pow)),
                        variant.map.provinces()[p].id,
                    ])
                })
                .collect()
        };
        let value = json!({
            "initial": self.initial,
            "fall": self.fall,
            "units": units,
            "owners": owners,
            "movement": self.movement,
            "retreat": self.retreat,
            "adjustment": self.adjustment,
        });
        serde_json::to_string_pretty(&value).unwrap_or_default()
    }

    /// Reads [`Scenario::to_json`] back (names are looked up exactly).
    pub fn from_json(variant: &Variant, text: &str) -> Result<Scenario, String> {
        let v: serde_json::Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let flag = |k: &str| v.get(k).and_then(|b| b.as_bool()).unwrap_or(false);
        let string = |k: &str| {
            v.get(k)
                .and_then(|s| s.as_str())
                .unwrap_or_default()
                .to_string()
        };
        let power_index = |name: &str| {
            variant
                .powers
                .iter()
                .position(|p| p.name == name)
                .map(|i| i as u8)
                .ok_or_else(|| format!("unknown power `{name}`"))
        };
        let triples = |k: &str| -> Result<Vec<Vec<String>>, String> {
            let Some(list) = v.get(k) else {
                return Ok(Vec::new());
            };
            let list = list
                .as_array()
                .ok_or_else(|| format!("`{k}` is not a list"))?;
            list.iter()
                .map(|e| {
                    e.as_array()
                        .ok_or_else(|| format!("`{k}` entry is not a list"))?
                        .iter()
                        .map(|s| {
                            s.as_str()
                                .map(str::to_string)
                                .ok_or_else(|| format!("`{k}` entry holds a non-string"))
                        })
                        .collect()
                })
                .collect()
        };
        let mut units = Vec::new();
        for e in triples("units")? {
            let [pow, kind, loc] = e.as_slice() else {
                return Err(format!("unit {e:?} is not [power, A|F, location]"));
            };
            let l = (0..variant.map.location_count())
                .find(|&l| variant.map.location_id_name(LocationId(l as u16)) == *loc)
                .ok_or_else(|| format!("unknown location `{loc}`"))?;
            units.push((l as u16, power_index(pow)?, kind == "F"));
        }
        let centers = centers(variant);
        let mut owners = Vec::new();
        for e in triples("owners")? {
            let [pow, c] = e.as_slice() else {
                return Err(format!("owner {e:?} is not [power, center]"));
            };
            let i = centers
                .iter()
                .position(|&p| variant.map.provinces()[p].id == *c)
                .ok_or_else(|| format!("`{c}` is not a center"))?;
            owners.push((i as u16, power_index(pow)?));
        }
        Ok(Scenario {
            initial: flag("initial"),
            fall: flag("fall"),
            units,
            owners,
            movement: string("movement"),
            retreat: string("retreat"),
            adjustment: string("adjustment"),
        })
    }
}
