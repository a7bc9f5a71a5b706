//! Ancient Mediterranean's special geography as DPjudge's map notes describe it
//! (`about_ancmed.txt`, MIT; see the variant file's header): Baleares, the four-way sea
//! point, the Nile delta, the Reed Sea canal and the Diolkos, played through the judge.

use standoff::game::Game;
use standoff::parse::parse_orders_at;
use standoff::phase::{Phase, PhaseKind, Season};
use standoff::position::{Position, Setup};
use standoff::unit::{Unit, UnitKind};
use standoff::Variant;

fn ancmed() -> Variant {
    Variant::builtin("ancmed").expect("ancmed is built in")
}

/// Plays one spring movement from `units` (power, kind, space) with `orders`; returns
/// where each unit stands afterwards as "power kind space" strings.
fn play(v: &Variant, units: &[(&str, UnitKind, &str)], orders: &str) -> Vec<String> {
    let phase = Phase {
        season: Season::Spring,
        year: 3,
        kind: PhaseKind::Movement,
    };
    let mut setup = Setup::empty(phase);
    for &(who, kind, at) in units {
        setup.units.push(Unit {
            power: v.find_power(who).expect("power"),
            kind,
            location: v.map.find_province(at).expect("space").location(),
            grade: Default::default(),
        });
    }
    let position = Position::from_setup(v, setup).expect("position");
    let (parsed, errors) = parse_orders_at(v, &position, orders);
    assert!(errors.is_empty(), "orders read: {errors:?}");
    let orders: Vec<_> = parsed.into_iter().map(|p| p.order).collect();
    let mut game = Game::from_position(position);
    game.process(v, &orders);
    let mut out: Vec<String> = game
        .position
        .units()
        .map(|(_, u)| {
            format!(
                "{} {} {}",
                v.power_name(u.power),
                u.kind.letter(),
                v.map.location_id_name(u.location)
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn an_army_reaches_baleares_only_by_convoy() {
    let v = ancmed();
    let units = [
        ("Carthage", UnitKind::Army, "tar"),
        ("Carthage", UnitKind::Fleet, "lig"),
    ];
    // "it cannot move there directly from the mainland spaces"
    let direct = play(&v, &units, "Carthage: A tar - bal\nCarthage: F lig H");
    assert!(direct.contains(&"Carthage A tar".to_string()), "{direct:?}");
    // "it would have to be convoyed by a fleet in the Berber Sea or the Ligurian Sea"
    let convoyed = play(
        &v,
        &units,
        "Carthage: A tar - bal via convoy\nCarthage: F lig C A tar - bal",
    );
    assert!(
        convoyed.contains(&"Carthage A bal".to_string()),
        "{convoyed:?}"
    );
}

#[test]
fn a_fleet_in_baleares_convoys() {
    let v = ancmed();
    // "a fleet occupying Baleares may be used to convoy an army"
    let after = play(
        &v,
        &[
            ("Rome", UnitKind::Army, "tar"),
            ("Rome", UnitKind::Fleet, "bal"),
            ("Rome", UnitKind::Fleet, "ber"),
        ],
        "Rome: A tar - car via convoy\nRome: F bal C A tar - car\nRome: F ber C A tar - car",
    );
    assert!(after.contains(&"Rome A car".to_string()), "{after:?}");
}

#[test]
fn fleets_cross_at_the_four_way_sea_point() {
    let v = ancmed();
    // "a Roman fleet could move from the Ausonian Sea to the Libyan Sea and a Greek fleet
    // from the Messenian Sea to the Gulf of Tacape on the same turn"
    let after = play(
        &v,
        &[
            ("Rome", UnitKind::Fleet, "aus"),
            ("Greece", UnitKind::Fleet, "mes"),
        ],
        "Rome: F aus - lib\nGreece: F mes - got",
    );
    assert_eq!(after, ["Greece F got", "Rome F lib"]);
    // "if a Roman fleet tried to move from the Ausonian Sea to the Libyan Sea and an
    // Egyptian fleet from the Libyan Sea to the Ausonian Sea ... not allowed"
    let swap = play(
        &v,
        &[
            ("Rome", UnitKind::Fleet, "aus"),
            ("Egypt", UnitKind::Fleet, "lib"),
        ],
        "Rome: F aus - lib\nEgypt: F lib - aus",
    );
    assert_eq!(swap, ["Egypt F lib", "Rome F aus"]);
}

#[test]
fn the_nile_delta_joins_four_spaces() {
    let v = ancmed();
    // "a fleet could move from Thebes to the Gulf of Pelusium and, on the same turn, an
    // army ... could move from Alexandria to Sinai"
    let after = play(
        &v,
        &[
            ("Egypt", UnitKind::Fleet, "thb"),
            ("Egypt", UnitKind::Army, "ale"),
        ],
        "Egypt: F thb - gop\nEgypt: A ale - sin",
    );
    assert_eq!(after, ["Egypt A sin", "Egypt F gop"]);
    // The canal: Sinai, Thebes and the Reed Sea; "Reed Sea is not adjacent to the Gulf of
    // Pelusium or Alexandria"; the Nile: Memphis to Cyrene is no fleet move.
    let canal = play(
        &v,
        &[
            ("Egypt", UnitKind::Fleet, "sin"),
            ("Egypt", UnitKind::Fleet, "ree"),
            ("Egypt", UnitKind::Fleet, "mem"),
        ],
        "Egypt: F sin - thb\nEgypt: F ree - gop\nEgypt: F mem - cyr",
    );
    assert_eq!(canal, ["Egypt F mem", "Egypt F ree", "Egypt F thb"]);
}

#[test]
fn the_diolkos_gives_athens_one_coast() {
    let v = ancmed();
    // "a fleet in the Aegean Sea could move to Athens and then ... to the Ionian Sea"
    let first = play(
        &v,
        &[("Greece", UnitKind::Fleet, "aeg")],
        "Greece: F aeg - ath",
    );
    assert_eq!(first, ["Greece F ath"]);
    let second = play(
        &v,
        &[("Greece", UnitKind::Fleet, "ath")],
        "Greece: F ath - ion",
    );
    assert_eq!(second, ["Greece F ion"]);
}
