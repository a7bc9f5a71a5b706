//! `Position::from_setup`, the one checked way into a position, and the loaders that
//! only translate names into a `Setup` (issue 14: "Shape of the fix", item 5).

use standoff::position::{Dislodged, Setup, SetupProblem};
use standoff::{Phase, PhaseKind, Position, PowerId, Season, Unit, UnitKind, Variant};

fn v() -> Variant {
    Variant::standard()
}

fn power(v: &Variant, name: &str) -> PowerId {
    v.find_power(name).expect("power")
}

fn unit(v: &Variant, p: &str, kind: UnitKind, at: &str) -> Unit {
    let (prov, coast) = match at.split_once('/') {
        Some((a, c)) => (a, Some(c)),
        None => (at, None),
    };
    let prov = v.map.find_province(prov).expect("province");
    let location = match coast {
        Some(c) => v.map.coast(prov, c).expect("coast"),
        None => prov.location(),
    };
    Unit::new(power(v, p), kind, location)
}

fn retreat_phase() -> Phase {
    Phase {
        season: Season::Spring,
        year: 1901,
        kind: PhaseKind::Retreat,
    }
}

fn problems(v: &Variant, setup: Setup) -> Vec<SetupProblem> {
    Position::from_setup(v, setup)
        .expect_err("refused")
        .problems
}

#[test]
fn the_initial_position_round_trips_through_a_setup() {
    let v = v();
    let start = Position::initial(&v);
    assert_eq!(Position::from_setup(&v, start.to_setup()), Ok(start));
}

#[test]
fn every_problem_is_listed_not_only_the_first() {
    let v = v();
    let mut s = Setup::empty(Phase::spring_movement(1901));
    s.units.push(unit(&v, "England", UnitKind::Army, "nth")); // army at sea
    s.units.push(unit(&v, "France", UnitKind::Fleet, "par")); // fleet inland
    s.units.push(unit(&v, "France", UnitKind::Army, "bur"));
    s.units.push(unit(&v, "Germany", UnitKind::Army, "bur")); // second unit in bur
    s.units.push(unit(&v, "Russia", UnitKind::Fleet, "stp")); // fleet without coast
    let lon = v.map.find_province("lon").expect("lon");
    let ruh = v.map.find_province("ruh").expect("ruh");
    s.owners.push((lon, power(&v, "England")));
    s.owners.push((lon, power(&v, "France"))); // owner twice
    s.owners.push((ruh, power(&v, "Germany"))); // not a center
    let found = problems(&v, s);
    let text: Vec<String> = found.iter().map(ToString::to_string).collect();
    assert_eq!(found.len(), 6, "{text:#?}");
    assert!(
        text[0].contains("an army cannot stand at nth"),
        "{}",
        text[0]
    );
    assert!(
        text[1].contains("a fleet cannot stand at par"),
        "{}",
        text[1]
    );
    assert!(
        text[2].contains("bur already holds France: A bur"),
        "{}",
        text[2]
    );
    assert!(
        text[3].contains("a fleet at stp must name its coast: stp/nc or stp/sc"),
        "{}",
        text[3]
    );
    assert!(text[4].contains("lon is listed twice"), "{}", text[4]);
    assert!(
        text[5].contains("ruh is not a supply center"),
        "{}",
        text[5]
    );
}

#[test]
fn ids_out_of_range_and_years_out_of_bounds_are_refused() {
    let v = v();
    for year in [-5, 0, 10_000, i32::MAX] {
        let s = Setup::empty(Phase::spring_movement(year));
        assert_eq!(problems(&v, s), vec![SetupProblem::Year(year)]);
    }
    let mut s = Setup::empty(Phase::spring_movement(1901));
    s.units.push(Unit::new(
        PowerId(7),
        UnitKind::Army,
        standoff::LocationId(3),
    ));
    s.units.push(Unit::new(
        PowerId(0),
        UnitKind::Army,
        standoff::LocationId(999),
    ));
    s.owners.push((standoff::ProvinceId(999), PowerId(0)));
    s.homes = Some(vec![Vec::new(); 3]);
    let found = problems(&v, s);
    assert_eq!(found.len(), 4, "{found:#?}");
    assert_eq!(found[0], SetupProblem::Power(7, 7));
    assert_eq!(found[1], SetupProblem::Space(999));
    assert!(matches!(
        found[2],
        SetupProblem::HomesSize {
            expected: 7,
            found: 3
        }
    ));
    assert_eq!(found[3], SetupProblem::Space(999));
}

#[test]
fn dislodged_units_only_in_a_retreat_phase() {
    let v = v();
    let dislodged = Dislodged {
        unit: unit(&v, "Germany", UnitKind::Army, "mun"),
        attacker_from: None,
        retreat_options: Vec::new(),
    };
    let mut s = Setup::empty(Phase::spring_movement(1901));
    s.dislodged.push(dislodged.clone());
    let found = problems(&v, s.clone());
    assert!(
        matches!(&found[..], [SetupProblem::DislodgedOutsideRetreat { unit, .. }] if unit == "Germany: A mun"),
        "{found:?}"
    );
    s.phase = retreat_phase();
    assert!(Position::from_setup(&v, s.clone()).is_ok());
    // Two dislodged units in one province.
    s.dislodged.push(Dislodged {
        unit: unit(&v, "Austria", UnitKind::Army, "mun"),
        ..dislodged
    });
    assert!(matches!(
        &problems(&v, s)[..],
        [SetupProblem::TwoDislodged { .. }]
    ));
}

#[test]
fn retreat_options_must_be_neighbours_the_unit_can_reach_and_empty() {
    let v = v();
    let loc = |name: &str| v.map.find_province(name).expect("province").location();
    let mut s = Setup::empty(retreat_phase());
    s.units.push(unit(&v, "France", UnitKind::Army, "boh"));
    s.dislodged.push(Dislodged {
        unit: unit(&v, "Germany", UnitKind::Army, "mun"),
        attacker_from: Some(v.map.find_province("bur").expect("bur")),
        retreat_options: vec![
            loc("kie"), // fine
            loc("boh"), // occupied
            loc("bur"), // the attacker's origin
            loc("par"), // not a neighbour
            loc("kie"), // twice
        ],
    });
    let found = problems(&v, s);
    let why: Vec<&str> = found
        .iter()
        .map(|p| match p {
            SetupProblem::Retreat { why, .. } => *why,
            other => panic!("unexpected {other}"),
        })
        .collect();
    assert_eq!(
        why,
        [
            "the space is occupied",
            "its attacker came from there",
            "not a neighbour it can move to",
            "listed twice"
        ]
    );
}

// Item 5: what `adjudicate --position` reads (position JSON).

fn json_err(v: &Variant, text: &str) -> String {
    Position::from_json(v, text)
        .expect_err("refused")
        .to_string()
}

#[test]
fn json_center_listed_for_two_powers_is_refused() {
    let err = json_err(
        &v(),
        r#"{"phase": "Spring 1901 Movement", "units": {},
            "centers": {"England": ["lon"], "France": ["lon"]}}"#,
    );
    assert!(
        err.contains("lon is listed twice (England, France)"),
        "{err}"
    );
}

#[test]
fn json_negative_year_is_refused() {
    let err = json_err(&v(), r#"{"phase": "Spring -5 Movement", "units": {}}"#);
    assert!(err.contains("year -5"), "{err}");
}

#[test]
fn json_dislodged_units_in_a_movement_phase_are_refused() {
    let err = json_err(
        &v(),
        r#"{"phase": "Spring 1901 Movement", "units": {"France": ["A mun"]},
            "dislodged": {"Germany": [{"unit": "A mun", "retreats": ["kie"]}]}}"#,
    );
    assert!(err.contains("only in a retreat phase"), "{err}");
}

#[test]
fn json_unknown_spaces_in_last_occupied_are_refused() {
    // The standard game keeps no last occupants: the table itself is refused…
    let err = json_err(
        &v(),
        r#"{"phase": "Spring 1901 Movement", "units": {},
            "last_occupied": {"England": ["narnia"]}}"#,
    );
    assert!(err.contains("unknown space `narnia`"), "{err}");
    let err = json_err(
        &v(),
        r#"{"phase": "Spring 1901 Movement", "units": {},
            "last_occupied": {"England": ["lon"]}}"#,
    );
    assert!(err.contains("does not keep"), "{err}");
    // …and on a variant that keeps them, an unknown space is named.
    let bowen = Variant::builtin("bowen").expect("bowen");
    let err = json_err(
        &bowen,
        r#"{"phase": "Spring 1901 Movement", "units": {},
            "last_occupied": {"England": ["narnia"]}}"#,
    );
    assert!(err.contains("unknown space `narnia`"), "{err}");
}

#[test]
fn json_unknown_attacker_is_refused() {
    let err = json_err(
        &v(),
        r#"{"phase": "Spring 1901 Retreat", "units": {"France": ["A mun"]},
            "dislodged": {"Germany": [{"unit": "A mun", "retreats": ["kie"], "attacker_from": "narnia"}]}}"#,
    );
    assert!(err.contains("unknown attacker_from `narnia`"), "{err}");
}

#[test]
fn json_form_of_a_retreat_position_reads_back() {
    let v = v();
    let text = r#"{"phase": "Spring 1901 Retreat", "units": {"France": ["A mun"]},
        "dislodged": {"Germany": [{"unit": "A mun", "retreats": ["kie", "ber"], "attacker_from": "bur"}]}}"#;
    let pos = Position::from_json(&v, text).expect("a retreat position");
    assert_eq!(pos.dislodged().len(), 1);
    let again = serde_json::to_string(&pos.to_json(&v)).expect("json");
    assert_eq!(Position::from_json(&v, &again), Ok(pos));
}
