//! The variant-wide checks the loader makes once the map is built: what a variant must
//! satisfy beyond each name being known, so that a loaded variant never loses a unit,
//! a power or a center when a game starts (see "What the loader checks" in
//! `docs/variant-format.md`).
//!
//! - powers: at least one; no two share a name, adjective or alias (after
//!   normalisation, as the parser reads them); each has a name the parser can read;
//! - start units: at most one per province; none on a supply center another power owns
//!   at the start (it would stand on that power's center from the first phase: a
//!   starting unit is placed in its own power's centers or on unowned spaces);
//! - centers: a center is the home of at most one power and is owned by at most one;
//! - the victory count is at least 1 and at most the number of supply centers;
//! - a `center_order`, if given, names every supply center once and nothing else;
//! - a `location_order`, if given, names every location (space or named coast) once and
//!   nothing else;
//! - the start year lies in [`START_YEARS`];
//! - no edge is listed twice, in the same or the other direction;
//! - at most [`MAX_POWERS`] powers and [`MAX_LOCATIONS`] spaces and coasts.

use super::loader::Loader;
use super::Power;
use crate::ids::{LocationId, PowerId, ProvinceId};
use crate::map::{normalize_name, Map, MapProblem};
use crate::unit::Unit;
use std::collections::HashMap;
use std::ops::RangeInclusive;

/// The years a variant may start in. The upper bound keeps every year a game can reach
/// (a year a turn, for far longer than any game lasts) far from `i32::MAX`, and four
/// digits are what phase names (`S1901M`) are written with.
pub const START_YEARS: RangeInclusive<i32> = 1..=9999;

/// The most powers a variant may have (power ids are one byte; the last value is kept
/// free).
pub const MAX_POWERS: usize = u8::MAX as usize;

/// The most locations (provinces plus named coasts) a map may have (location ids are
/// two bytes; the judge keeps the last value as "none").
pub const MAX_LOCATIONS: usize = u16::MAX as usize - 1;

/// Refuses more powers or locations than the ids can number (they would share ids);
/// true when the variant is too big to read further.
pub(super) fn too_big(loader: &mut Loader, powers: usize, locations: usize) -> bool {
    let mut big = false;
    if powers > MAX_POWERS {
        let message = format!("{powers} powers: at most {MAX_POWERS}");
        loader.error_at(&["[[power]]"], message);
        big = true;
    }
    if locations > MAX_LOCATIONS {
        let message = format!("{locations} spaces and coasts: at most {MAX_LOCATIONS}");
        loader.error_at(&["[[province]]"], message);
        big = true;
    }
    big
}

/// Refuses a start year outside [`START_YEARS`].
pub(super) fn start_year(loader: &mut Loader, year: i32) {
    if !START_YEARS.contains(&year) {
        loader.error_at(
            &["start_year"],
            format!(
                "start_year {year} is outside {}..={}",
                START_YEARS.start(),
                START_YEARS.end()
            ),
        );
    }
}

/// Refuses a victory count of 0 or above the number of supply centers.
pub(super) fn victory_centers(loader: &mut Loader, map: &Map, count: usize) {
    let centers = map.provinces().iter().filter(|p| p.is_center).count();
    if count == 0 || count > centers {
        loader.error_at(
            &["victory_centers"],
            format!("victory_centers {count}: must be from 1 to the {centers} supply centers"),
        );
    }
}

/// The locations `location_order` names, in order: each a space of the map or one of its
/// named coasts, named once, and (if any is named) every location must be; refused
/// otherwise.
pub(super) fn location_order(loader: &mut Loader, map: &Map, names: &[String]) -> Vec<LocationId> {
    let every: Vec<(LocationId, String)> = (0..map.location_count())
        .map(|i| LocationId(i as u16))
        .map(|l| (l, map.location_id_name(l)))
        .collect();
    let missing = |listed: &str| {
        format!("location_order leaves out {listed} (it names every location, or is left out)")
    };
    each_once(
        loader,
        "location_order",
        names,
        every,
        missing,
        |loader, name| {
            let spec = loader.location(name, "location_order")?;
            map.location_of(&spec)
        },
    )
}

/// The supply centers `center_order` names, in order: each must be a center of the
/// map, named once, and (if any is named) every center must be; refused otherwise.
pub(super) fn center_order(loader: &mut Loader, map: &Map, names: &[String]) -> Vec<ProvinceId> {
    let every: Vec<(ProvinceId, String)> = (0..map.province_count())
        .map(|i| ProvinceId(i as u16))
        .filter(|&p| map.province(p).is_center)
        .map(|p| (p, map.province(p).id.clone()))
        .collect();
    let missing = |listed: &str| format!("center_order leaves out the centers {listed}");
    each_once(
        loader,
        "center_order",
        names,
        every,
        missing,
        |loader, name| {
            let p = loader.province(name, "center_order")?;
            if !map.province(p).is_center {
                loader.error_at(
                    &["center_order"],
                    format!("center_order: `{name}` is not a supply center"),
                );
                return None;
            }
            Some(p)
        },
    )
}

/// An ordering list of the variant file (`field`): `names`, each read by `resolve`
/// (which reports a name it cannot read and gives None), must name each of `every`
/// once; a name given twice, and (when the list is given at all) the members left out
/// (`missing` words that error from their names), are refused. The members in the
/// list's order.
fn each_once<T: Copy + PartialEq>(
    loader: &mut Loader,
    field: &str,
    names: &[String],
    every: Vec<(T, String)>,
    missing: impl Fn(&str) -> String,
    mut resolve: impl FnMut(&mut Loader, &str) -> Option<T>,
) -> Vec<T> {
    let mut order: Vec<T> = Vec::with_capacity(names.len());
    for name in names {
        let Some(member) = resolve(loader, name) else {
            continue;
        };
        if order.contains(&member) {
            loader.error_at(&[field], format!("{field}: `{name}` is named twice"));
        } else {
            order.push(member);
        }
    }
    if !names.is_empty() {
        let left_out: Vec<String> = every
            .into_iter()
            .filter(|(member, _)| !order.contains(member))
            .map(|(_, name)| name)
            .collect();
        if !left_out.is_empty() {
            loader.error_at(&[field], missing(&left_out.join(", ")));
        }
    }
    order
}

/// Refuses a variant without powers, and two powers that share a name.
pub(super) fn powers(loader: &mut Loader, powers: &[Power]) {
    if powers.is_empty() {
        loader.error_at(&["[variant]"], "the variant has no powers".to_string());
    } else if powers.iter().all(|p| p.dummy) {
        loader.error_at(
            &["dummy = true"],
            "every power is a dummy: no player could be given one".to_string(),
        );
    }
    let mut owner_of_name: HashMap<String, usize> = HashMap::new();
    for (i, p) in powers.iter().enumerate() {
        if normalize_name(&p.name).is_empty() {
            let quoted = format!("\"{}\"", p.name);
            loader.error_at(
                &[&quoted],
                format!("power `{}`: a name needs a letter or digit", p.name),
            );
        }
        let names = std::iter::once(&p.name)
            .chain(std::iter::once(&p.adjective))
            .chain(&p.aliases);
        for name in names {
            let key = normalize_name(name);
            if key.is_empty() {
                continue;
            }
            match owner_of_name.get(&key) {
                Some(&other) if other != i => {
                    let quoted = format!("\"{name}\"");
                    // The power's own entry: its name line, else where the name is.
                    let needles: &[&str] = if name == &p.name {
                        &[]
                    } else {
                        &[&quoted, name]
                    };
                    loader.power_error(
                        i,
                        needles,
                        format!(
                            "power `{}`: `{name}` already names power `{}`",
                            p.name, powers[other].name
                        ),
                    );
                }
                Some(_) => {}
                None => {
                    owner_of_name.insert(key, i);
                }
            }
        }
    }
}

/// Refuses a center that is the home of two powers.
pub(super) fn shared_homes(loader: &mut Loader, map: &Map, powers: &[Power]) {
    let mut home_of: HashMap<ProvinceId, usize> = HashMap::new();
    for (i, p) in powers.iter().enumerate() {
        for &h in &p.home_centers {
            match home_of.get(&h) {
                Some(&other) if other != i => {
                    let id = &map.province(h).id;
                    loader.power_error(
                        i,
                        &[&format!("\"{id}\""), id],
                        format!(
                            "power {} home centers: `{id}` is already a home center of {}",
                            p.name, powers[other].name
                        ),
                    );
                }
                Some(_) => {}
                None => {
                    home_of.insert(h, i);
                }
            }
        }
    }
}

/// Refuses two start units in one province, and a start unit on a center another power
/// owns at the start. `units` are the start units with the text they were read from.
pub(super) fn start_units(
    loader: &mut Loader,
    map: &Map,
    powers: &[Power],
    owners: &[Option<PowerId>],
    units: &[(Unit, String)],
) {
    let mut standing: HashMap<ProvinceId, usize> = HashMap::new();
    for (i, (unit, text)) in units.iter().enumerate() {
        let province = map.province_of(unit.location);
        let id = &map.province(province).id;
        let quoted = format!("\"{text}\"");
        let who = &powers[unit.power.index()].name;
        if let Some(&first) = standing.get(&province) {
            let (other, other_text) = &units[first];
            loader.power_error(
                unit.power.index(),
                &[&quoted, text],
                format!(
                    "power {who} units: `{text}` stands in `{id}`, where {}'s `{other_text}` already stands (one unit per province)",
                    powers[other.power.index()].name
                ),
            );
        } else {
            standing.insert(province, i);
        }
        if let Some(owner) = owners[province.index()].filter(|&o| o != unit.power) {
            loader.power_error(
                unit.power.index(),
                &[&quoted, text],
                format!(
                    "power {who} units: `{text}` stands on `{id}`, a center {} owns at the start (a starting unit stands in its own power's centers or on unowned spaces)",
                    powers[owner.index()].name
                ),
            );
        }
    }
}

/// Refuses edges listed twice: `edges` holds each edge's key (its two ends, smaller
/// first) and its text, in file order; `list` names the list (`army adjacency`).
pub(super) fn duplicate_edges<K: Eq + std::hash::Hash>(
    loader: &mut Loader,
    list: &str,
    edges: Vec<(K, &str)>,
) {
    let mut first_of: HashMap<K, &str> = HashMap::new();
    for (key, text) in edges {
        let Some(first) = first_of.get(&key).copied() else {
            first_of.insert(key, text);
            continue;
        };
        let message = if first == text {
            let lines = loader.lines_in_sources(&format!("\"{text}\""));
            format!("{list}: edge `{text}` is listed twice{lines}; list each edge once")
        } else {
            let lines = loader.lines_in_sources(&format!("\"{first}\""));
            format!(
                "{list}: edge `{text}` is `{first}`{lines} in the other direction; list each edge once"
            )
        };
        // The second listing's line: the last mention of the text.
        let quoted = format!("\"{text}\"");
        loader.error_at_last(&quoted, message);
    }
}

/// The texts to look for to place a map self-check problem, the most precise first.
pub(super) fn problem_needles(problem: &MapProblem) -> Vec<String> {
    let edge = |from: &str, to: &str| {
        vec![
            format!("\"{from}-{to}\""),
            format!("\"{to}-{from}\""),
            format!("{from}-{to}"),
            format!("{to}-{from}"),
        ]
    };
    // A space's own table first, then any mention (an extending file that changed the
    // space or removed its edges mentions it there).
    let space = |id: &str| {
        vec![
            format!("id = \"{id}\""),
            format!("\"{id}\""),
            id.to_string(),
        ]
    };
    match problem {
        MapProblem::ArmyEdgeIntoWater { from, to, bad }
        | MapProblem::FleetEdgeIntoLand { from, to, bad }
        | MapProblem::FleetEdgeNeedsCoast { from, to, bad } => {
            // The edge, else the space that no longer fits it (an extending file may
            // have changed its terrain).
            let mut needles = edge(from, to);
            let province = bad.split('/').next().unwrap_or(bad);
            needles.extend(space(province));
            needles
        }
        MapProblem::CoastsOnNonCoastal(id)
        | MapProblem::UnreachableByFleet(id)
        | MapProblem::UnreachableByArmy(id)
        | MapProblem::ImpassableCenter(id) => space(id),
        MapProblem::SelfLoop(id) => {
            let mut needles = edge(id, id);
            needles.extend(space(id));
            needles
        }
    }
}

/// ` (lines 3 and 9)` / ` (line 3)` / `` for the lines `lines` lists.
pub(super) fn describe_lines(file: &str, lines: &[usize]) -> String {
    match lines {
        [] => String::new(),
        [one] => format!(" ({file} line {one})"),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(usize::to_string).collect();
            format!(" ({file} lines {} and {last})", init.join(", "))
        }
    }
}
