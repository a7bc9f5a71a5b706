//! The variant library (issue 21): each built-in variant added from the published maps
//! has the facts its sources give (powers, centers, victory count, first year), plays
//! its example game to the position the `diplomacy` package recorded for it, and
//! replays a sample of random games played by that package with every disagreement
//! triaged (`tests/data/variants/NAME.jsonl` and `NAME.known`, made by
//! `scripts/differential/generate.py --map MAP`). Random-game invariants and the
//! legal-order check on these variants are in `invariants.rs` and `legal_orders.rs`;
//! `render.rs` draws every built-in's start (an SVG with its provinces and one marker
//! per unit, on the automatic layout for maps without artwork).

mod common;

use standoff::game::Game;
use standoff::mila::{read_games, replay_game, KnownDiffs, ReplaySummary};
use standoff::parse::split_phases;
use standoff::{LocationId, Variant};
use std::collections::BTreeSet;

/// One variant's facts as its sources state them.
struct Facts {
    name: &'static str,
    /// The `diplomacy` package's map name (also an alias), where the package has the map:
    /// those variants have a differential sample and an example from it.
    package_map: Option<&'static str>,
    powers: usize,
    centers: usize,
    victory: usize,
    start_year: i32,
    units: usize,
}

const LIBRARY: &[Facts] = &[
    Facts {
        name: "ancmed",
        package_map: Some("ancmed"),
        powers: 5,
        centers: 34,
        victory: 18,
        start_year: 1,
        units: 15,
    },
    Facts {
        name: "pure",
        package_map: Some("pure"),
        powers: 7,
        centers: 7,
        victory: 4,
        start_year: 1901,
        units: 7,
    },
    Facts {
        name: "fleet-rome",
        package_map: Some("standard_fleet_rome"),
        powers: 7,
        centers: 34,
        victory: 18,
        start_year: 1901,
        units: 22,
    },
    Facts {
        name: "france-austria",
        package_map: Some("standard_france_austria"),
        powers: 2,
        centers: 34,
        victory: 18,
        start_year: 1901,
        units: 6,
    },
    Facts {
        name: "germany-italy",
        package_map: Some("standard_germany_italy"),
        powers: 2,
        centers: 34,
        victory: 18,
        start_year: 1901,
        units: 6,
    },
    Facts {
        name: "age-of-empires",
        package_map: Some("standard_age_of_empires"),
        powers: 7,
        centers: 34,
        victory: 18,
        start_year: 1901,
        units: 7,
    },
    Facts {
        name: "age-of-empires-2",
        package_map: Some("standard_age_of_empires_2"),
        powers: 7,
        centers: 34,
        victory: 18,
        start_year: 1901,
        units: 7,
    },
    Facts {
        name: "ancmed-age-of-empires",
        package_map: Some("ancmed_age_of_empires"),
        powers: 5,
        centers: 34,
        victory: 18,
        start_year: 1,
        units: 5,
    },
    Facts {
        name: "modern",
        package_map: Some("modern"),
        powers: 10,
        centers: 64,
        victory: 33,
        start_year: 1994,
        units: 38,
    },
    Facts {
        name: "world",
        package_map: Some("world"),
        powers: 17,
        centers: 86,
        victory: 44,
        start_year: 2000,
        units: 51,
    },
    Facts {
        name: "empire",
        package_map: Some("empire"),
        powers: 10,
        centers: 58,
        victory: 30,
        start_year: 1999,
        units: 30,
    },
    Facts {
        name: "known-world-901",
        package_map: Some("known_world_901"),
        powers: 16,
        centers: 109,
        victory: 55,
        start_year: 901,
        units: 109,
    },
    Facts {
        name: "shift-around",
        package_map: None,
        powers: 7,
        centers: 34,
        victory: 18,
        start_year: 1901,
        units: 22,
    },
    Facts {
        name: "sail-ho",
        package_map: None,
        powers: 4,
        centers: 16,
        victory: 9,
        start_year: 1901,
        units: 8,
    },
    Facts {
        name: "african",
        package_map: None,
        powers: 6,
        centers: 36,
        victory: 19,
        start_year: 2001,
        units: 18,
    },
    Facts {
        name: "south-america",
        package_map: None,
        powers: 5,
        centers: 24,
        victory: 13,
        start_year: 1901,
        units: 15,
    },
    Facts {
        name: "south-east-asia",
        package_map: None,
        powers: 7,
        centers: 33,
        victory: 17,
        start_year: 1997,
        units: 22,
    },
    Facts {
        name: "iberian",
        package_map: None,
        powers: 5,
        centers: 27,
        victory: 14,
        start_year: 1217,
        units: 16,
    },
    Facts {
        name: "chromatic",
        package_map: None,
        powers: 5,
        centers: 21,
        victory: 11,
        start_year: 1901,
        units: 15,
    },
    Facts {
        name: "versailles",
        package_map: None,
        powers: 7,
        centers: 43,
        victory: 22,
        start_year: 1901,
        units: 29,
    },
    Facts {
        name: "south-america-4",
        package_map: None,
        powers: 4,
        centers: 24,
        victory: 13,
        start_year: 1901,
        units: 13,
    },
];

fn data(file: &str) -> String {
    let path = format!("{}/tests/data/variants/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn the_library_is_the_one_the_invariant_tests_play() {
    let names: Vec<&str> = LIBRARY.iter().map(|f| f.name).collect();
    assert_eq!(names, common::LIBRARY);
}

#[test]
fn each_variant_has_the_facts_of_its_sources() {
    for f in LIBRARY {
        let v = Variant::builtin(f.name).unwrap_or_else(|e| panic!("{}: {e}", f.name));
        let centers = v.map.provinces().iter().filter(|p| p.is_center).count();
        assert_eq!(v.powers.len(), f.powers, "{}: powers", f.name);
        assert_eq!(centers, f.centers, "{}: centers", f.name);
        assert_eq!(v.victory_centers, f.victory, "{}: victory", f.name);
        assert_eq!(v.start_year, f.start_year, "{}: first year", f.name);
        assert_eq!(v.start_units.len(), f.units, "{}: starting units", f.name);
        if let Some(map) = f.package_map {
            let by_package_name = Variant::builtin(map).expect("package name is an alias");
            assert_eq!(by_package_name.name, f.name);
        }
    }
}

/// `extends` with `[[power]]` tables: the base's map, the file's powers.
#[test]
fn fleet_rome_and_the_two_player_maps_are_the_standard_map_with_other_powers() {
    let standard = Variant::standard();
    let edges = |v: &Variant| {
        let n = v.map.location_count();
        let mut e = Vec::new();
        for a in 0..n {
            for b in 0..n {
                let (la, lb) = (LocationId(a as u16), LocationId(b as u16));
                let (pa, pb) = (v.map.province_of(la), v.map.province_of(lb));
                let army = la.index() == pa.index()
                    && lb.index() == pb.index()
                    && v.map.army_adjacent(pa, pb);
                e.push((
                    v.map.location_id_name(la),
                    v.map.location_id_name(lb),
                    army,
                    v.map.fleet_adjacent(la, lb),
                ));
            }
        }
        e
    };
    for name in [
        "fleet-rome",
        "france-austria",
        "germany-italy",
        "shift-around",
    ] {
        let v = Variant::builtin(name).expect("built in");
        assert_eq!(
            v.map.province_count(),
            standard.map.province_count(),
            "{name}"
        );
        assert_eq!(edges(&v), edges(&standard), "{name}");
    }
    let v = Variant::builtin("fleet-rome").expect("built in");
    let italy = v.find_power("Italy").expect("Italy");
    let units: Vec<String> = v
        .start_units
        .iter()
        .filter(|u| u.power == italy)
        .map(|u| format!("{} {}", u.kind.letter(), v.map.location_id_name(u.location)))
        .collect();
    assert_eq!(units, ["F nap", "F rom", "A ven"]);
    let v = Variant::builtin("france-austria").expect("built in");
    let names: Vec<&str> = v.powers.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Austria", "France"]);
    // The other powers' home centers are neutral: nobody owns Berlin at the start.
    let berlin = v.map.find_province("ber").expect("Berlin");
    assert_eq!(v.start_owners[berlin.index()], None);
}

/// The variant's own name of the power `name` (names compare without spaces).
fn power_named(v: &Variant, name: &str) -> String {
    let p = v
        .find_power(name)
        .unwrap_or_else(|| panic!("{}: no power {name}", v.name));
    v.power_name(p).to_string()
}

/// Plays `examples/variants/NAME.txt` and compares the end with its `# final` lines,
/// which hold the position the `diplomacy` package reached with the same orders.
#[test]
fn each_example_game_reaches_the_recorded_position() {
    for f in LIBRARY {
        let path = format!(
            "{}/../../examples/variants/{}.txt",
            env!("CARGO_MANIFEST_DIR"),
            f.name
        );
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let v = Variant::builtin(f.name).expect("built in");
        let mut game = Game::new(&v);
        let sections = split_phases(&text).expect("headers read");
        let mut errors = Vec::new();
        game.play_sections(&v, &sections, |step, _| {
            errors.extend(step.errors.iter().map(|e| format!("{e:?}")));
        })
        .expect("phases in order");
        assert!(errors.is_empty(), "{}: {errors:?}", f.name);
        let mut expected_units = BTreeSet::new();
        let mut expected_centers = BTreeSet::new();
        for line in text.lines() {
            if let Some(rest) = line.strip_prefix("# final units ") {
                let (power, list) = rest.split_once(':').expect("power: units");
                let power = power_named(&v, power);
                for u in list.split(',').map(str::trim).filter(|u| !u.is_empty()) {
                    expected_units.insert(format!("{power} {u}").to_lowercase());
                }
            } else if let Some(rest) = line.strip_prefix("# final centers ") {
                let (power, list) = rest.split_once(':').expect("power: centers");
                let power = power_named(&v, power);
                for c in list.split(',').map(str::trim).filter(|c| !c.is_empty()) {
                    expected_centers.insert(format!("{power} {c}").to_lowercase());
                }
            }
        }
        assert!(!expected_units.is_empty(), "{}: no final units", f.name);
        let pos = &game.position;
        let units: BTreeSet<String> = pos
            .units()
            .map(|(_, u)| {
                format!(
                    "{} {} {}",
                    v.power_name(u.power),
                    u.kind.letter(),
                    v.map.location_id_name(u.location)
                )
                .to_lowercase()
            })
            .collect();
        let centers: BTreeSet<String> = pos
            .owners()
            .iter()
            .enumerate()
            .filter_map(|(i, o)| {
                o.map(|p| format!("{} {}", v.power_name(p), v.map.provinces()[i].id).to_lowercase())
            })
            .collect();
        assert_eq!(units, expected_units, "{}: units", f.name);
        assert_eq!(centers, expected_centers, "{}: centers", f.name);
    }
}

/// The committed sample of the package's random games on each map replays phase by
/// phase; every disagreement is one triaged in `NAME.known` (see docs/variants.md).
#[test]
fn each_differential_sample_agrees_except_triaged_phases() {
    let mut failures = Vec::new();
    for f in LIBRARY.iter().filter(|f| f.package_map.is_some()) {
        let text = data(&format!("{}.jsonl", f.name));
        let known_text = data(&format!("{}.known", f.name));
        let known = KnownDiffs::parse(&known_text).expect("known list reads");
        let v = Variant::builtin(f.name).expect("built in");
        let mut summary = ReplaySummary::default();
        for game in read_games(&text) {
            replay_game(&v, &game.expect("sample game reads"), &mut summary)
                .unwrap_or_else(|e| panic!("{}: {e}", f.name));
        }
        let triage = summary.triage(&known);
        if !triage.unexpected.is_empty() {
            let unexplained: Vec<_> = triage.unexpected.iter().map(|d| d.describe()).collect();
            failures.push(format!(
                "{}: untriaged disagreements:\n{}",
                f.name,
                unexplained.join("\n")
            ));
        }
        if !triage.stale.is_empty() {
            failures.push(format!("{}: stale known list: {:?}", f.name, triage.stale));
        }
        assert!(summary.movement_phases >= 20, "{}: {summary:?}", f.name);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
