//! Colonial Diplomacy's Hong Kong rule (DATC 7.A) through whole-game flow: the case
//! format cannot state center counts or victory, so these play a fall turn and check
//! ownership, the adjustment each power is due, and whether the game is won.

use standoff::adjudicate::adjustment_counts;
use standoff::game::Game;
use standoff::parse::parse_orders_at;
use standoff::phase::{Phase, PhaseKind, Season};
use standoff::position::Position;
use standoff::unit::{Unit, UnitKind};
use standoff::{PowerId, ProvinceId, Variant};

fn colonial() -> Variant {
    Variant::builtin("colonial").expect("colonial is built in")
}

fn power(v: &Variant, name: &str) -> PowerId {
    v.find_power(name).expect("a Colonial power")
}

fn space(v: &Variant, name: &str) -> ProvinceId {
    v.map.find_province(name).expect("a Colonial space")
}

/// A fall position with `armies` (power, space) on the board and `owners` owning centers.
fn fall(v: &Variant, year: i32, armies: &[(&str, &str)], owners: &[(&str, &str)]) -> Position {
    let phase = Phase {
        season: Season::Fall,
        year,
        kind: PhaseKind::Movement,
    };
    let mut setup = standoff::position::Setup::empty(phase);
    for &(who, at) in armies {
        setup.units.push(Unit {
            power: power(v, who),
            kind: UnitKind::Army,
            location: space(v, at).location(),
            grade: Default::default(),
        });
    }
    for &(who, at) in owners {
        setup.owners.push((space(v, at), power(v, who)));
    }
    Position::from_setup(v, setup).expect("position")
}

/// Plays the fall turn with `orders` and returns the game after it.
fn play_fall(v: &Variant, position: Position, orders: &str) -> (Game, standoff::game::Processed) {
    let (parsed, errors) = parse_orders_at(v, &position, orders);
    assert!(errors.is_empty(), "orders read: {errors:?}");
    let orders: Vec<_> = parsed.into_iter().map(|p| p.order).collect();
    let mut game = Game::from_position(position);
    let processed = game.process(v, &orders);
    (game, processed)
}

const CHINA_HOMES: [&str; 5] = ["Peking", "Canton", "Sinkiang", "Shanghai", "Manchuria"];

#[test]
fn hong_kong_is_not_a_center_for_china_7a1() {
    let v = colonial();
    let armies: Vec<(&str, &str)> = CHINA_HOMES.iter().map(|&h| ("China", h)).collect();
    let mut owners: Vec<(&str, &str)> = CHINA_HOMES.iter().map(|&h| ("China", h)).collect();
    owners.push(("Britain", "Hong Kong"));
    let start = fall(&v, 1871, &armies, &owners);
    let (game, _) = play_fall(&v, start, "China: A Canton - Hong Kong");
    let (china, hk) = (power(&v, "China"), space(&v, "Hong Kong"));
    assert_eq!(game.position.unit_at(hk).map(|u| u.power), Some(china));
    assert_eq!(
        game.position.owners()[hk.index()],
        Some(china),
        "China owns it"
    );
    assert_eq!(
        v.counted_centers(&game.position, china),
        5,
        "but it does not count"
    );
    assert_eq!(adjustment_counts(&v, &game.position)[china.index()], 0);
}

#[test]
fn hong_kong_is_a_center_for_other_powers_7a2() {
    let v = colonial();
    let armies = [("France", "Tongking"), ("France", "Cochin")];
    let owners = [
        ("France", "Tongking"),
        ("France", "Annam"),
        ("France", "Cochin"),
        ("Britain", "Hong Kong"),
        ("Britain", "Bombay"),
    ];
    let mut start = fall(&v, 1871, &armies, &owners).to_setup();
    let scs = space(&v, "South China Sea");
    start.units.push(Unit {
        power: power(&v, "France"),
        kind: UnitKind::Fleet,
        location: scs.location(),
        grade: Default::default(),
    });
    let start = Position::from_setup(&v, start).expect("position");
    let (game, _) = play_fall(
        &v,
        start,
        "France: A Tongking - Hong Kong\nFrance: F South China Sea Convoys A Tongking - Hong Kong",
    );
    let (france, britain) = (power(&v, "France"), power(&v, "Britain"));
    let hk = space(&v, "Hong Kong");
    assert_eq!(game.position.owners()[hk.index()], Some(france));
    assert_eq!(v.counted_centers(&game.position, france), 4);
    assert_eq!(v.counted_centers(&game.position, britain), 1);
    assert_eq!(adjustment_counts(&v, &game.position)[france.index()], 1);
}

/// Twenty-nine centers for China, none of them Hong Kong (DATC 7.A.3).
const CHINA_29: [&str; 29] = [
    "Peking",
    "Canton",
    "Sinkiang",
    "Shanghai",
    "Manchuria",
    "Chungking",
    "Mongolia",
    "Port Arthur",
    "Seoul",
    "Fusan",
    "Vladivostok",
    "Sakhalin",
    "Otaru",
    "Tokyo",
    "Kyoto",
    "Kyushu",
    "Formosa",
    "Manila",
    "Cebu",
    "Davao",
    "Tongking",
    "Annam",
    "Cochin",
    "Bangkok",
    "Malaya",
    "Singapore",
    "Rangoon",
    "Mandalay",
    "Upper Burma",
];

fn china_with_29() -> (Variant, Position) {
    let v = colonial();
    for name in CHINA_29 {
        assert!(
            v.map.province(space(&v, name)).is_center,
            "{name} is a center"
        );
    }
    let armies: Vec<(&str, &str)> = CHINA_29.iter().map(|&c| ("China", c)).collect();
    let mut owners = armies.clone();
    owners.push(("Britain", "Hong Kong"));
    let start = fall(&v, 1880, &armies, &owners);
    (v, start)
}

#[test]
fn hong_kong_does_not_count_for_chinese_victory_7a3() {
    let (v, start) = china_with_29();
    let (game, processed) = play_fall(&v, start, "China: A Canton - Hong Kong");
    let china = power(&v, "China");
    assert_eq!(
        game.position.owners()[space(&v, "Hong Kong").index()],
        Some(china)
    );
    assert_eq!(v.counted_centers(&game.position, china), 29);
    assert_eq!(v.counted_centers_of_all(&game.position)[china.index()], 29);
    assert_eq!(processed.winner(), None, "30 owned, 29 counted: no victory");
    assert!(!game.is_over());
}

#[test]
fn a_thirtieth_other_center_wins_7a3_control() {
    let (v, start) = china_with_29();
    let (_, processed) = play_fall(&v, start, "China: A Sinkiang - Kashgar");
    assert_eq!(processed.winner(), Some(power(&v, "China")));
}
