//! Phase flow: which phase follows which, center capture, victory.

mod common;

use common::place;
use standoff::game::Game;
use standoff::parse::parse_orders;
use standoff::{Phase, PhaseKind, Season, Unit, UnitKind, Variant};

fn orders(v: &Variant, kind: PhaseKind, text: &str) -> Vec<standoff::Order> {
    let (parsed, errors) = parse_orders(v, kind, text);
    assert!(errors.is_empty(), "{errors:?}");
    parsed.into_iter().map(|p| p.order).collect()
}

#[test]
fn a_quiet_year_skips_retreats_and_winter() {
    let v = Variant::standard();
    let mut game = Game::new(&v);
    game.process(&v, &[]);
    assert_eq!(game.position.phase().short_code(), "F1901M");
    let done = game.process(&v, &[]);
    assert!(done.captures.is_empty());
    assert_eq!(
        game.position.phase().short_code(),
        "S1902M",
        "nobody builds, so no winter"
    );
}

#[test]
fn centers_change_only_after_fall() {
    let v = Variant::standard();
    let mut game = Game::new(&v);
    let bel = v.map.find_province("bel").expect("bel");
    game.process(&v, &orders(&v, PhaseKind::Movement, "France: A par - pic"));
    game.process(&v, &orders(&v, PhaseKind::Movement, "France: A pic - bel"));
    assert_eq!(game.position.owners()[bel.index()], v.find_power("France"));
    assert_eq!(game.position.phase().short_code(), "W1901A");
    let done = game.process(
        &v,
        &orders(&v, PhaseKind::Adjustment, "France: Build A par"),
    );
    assert!(done.captures.is_empty());
    assert_eq!(game.position.phase().short_code(), "S1902M");
    // A spring occupation does not capture.
    let mut spring = Game::new(&v);
    spring.process(&v, &orders(&v, PhaseKind::Movement, "England: F lon - nth"));
    let nwy = v.map.find_province("nwy").expect("nwy");
    let done = spring.process(&v, &orders(&v, PhaseKind::Movement, "England: F nth - nwy"));
    assert_eq!(done.captures.len(), 1);
    assert_eq!(
        spring.position.owners()[nwy.index()],
        v.find_power("England")
    );
}

#[test]
fn eighteen_centers_win_after_fall_with_no_adjustments() {
    let v = Variant::standard();
    let france = v.find_power("France").expect("France");
    let mut pos = standoff::position::Setup::empty(Phase {
        season: Season::Fall,
        year: 1905,
        kind: PhaseKind::Movement,
    });
    // France owns 17 centers and has an army next to an 18th.
    let centers: Vec<_> = v
        .map
        .provinces()
        .iter()
        .enumerate()
        .filter(|(_, p)| p.is_center)
        .map(|(i, _)| i)
        .collect();
    let mun = v.map.find_province("mun").expect("mun").index();
    for &c in centers.iter().filter(|&&c| c != mun).take(17) {
        pos.owners.push((standoff::ProvinceId(c as u16), france));
    }
    let bur = v.map.find_province("bur").expect("bur");
    pos.units.push(Unit {
        power: france,
        kind: UnitKind::Army,
        location: bur.location(),
        grade: Default::default(),
    });
    let mut game = Game::from_position(common::position(&v, pos));
    let done = game.process(&v, &orders(&v, PhaseKind::Movement, "France: A bur - mun"));
    assert_eq!(done.winner(), Some(france));
    assert_eq!(game.winner, Some(france));
    assert_ne!(game.position.phase().kind, PhaseKind::Adjustment);
}

#[test]
fn dislodged_units_without_retreat_are_destroyed_at_once() {
    let v = Variant::standard();
    let mut pos = standoff::position::Setup::empty(Phase::spring_movement(1901));
    // Austrian army in Trieste surrounded; Italy dislodges it from Venice with support.
    place(&v, &mut pos, "Austria", UnitKind::Army, "tri");
    for (at, kind) in [
        ("ven", UnitKind::Army),
        ("tyr", UnitKind::Army),
        ("adr", UnitKind::Fleet),
        ("alb", UnitKind::Army),
        ("ser", UnitKind::Army),
        ("bud", UnitKind::Army),
        ("vie", UnitKind::Army),
    ] {
        place(&v, &mut pos, "Italy", kind, at);
    }
    let mut game = Game::from_position(common::position(&v, pos));
    game.process(
        &v,
        &orders(
            &v,
            PhaseKind::Movement,
            "Italy: A ven - tri\nItaly: A tyr S A ven - tri",
        ),
    );
    assert!(game.position.dislodged().is_empty());
    assert_eq!(
        game.position.phase().short_code(),
        "F1901M",
        "no retreat phase when nobody can retreat"
    );
}
