//! The Bowen variant's position state: who last stood in a space (home guards, rule 6;
//! spring capture, rule 7) follows retreats as well as moves.

use standoff::adjudicate::adjudicate_retreats;
use standoff::parse::{parse_orders_at, parse_unit};
use standoff::position::Dislodged;
use standoff::{Phase, PhaseKind, Position, Season, Variant};

#[test]
fn a_retreat_into_a_home_center_makes_its_power_the_last_occupant() {
    let v = Variant::builtin("bowen").expect("bowen");
    let phase = Phase {
        season: Season::Spring,
        year: 1902,
        kind: PhaseKind::Retreat,
    };
    let mut setup = standoff::position::Setup::empty(phase);
    let homes: Vec<_> = v.powers.iter().map(|p| p.home_centers.clone()).collect();
    setup.homes = Some(homes);
    let munich = v.map.find_province("mun").expect("mun");
    let germany = v.find_power("Germany").expect("Germany");
    let austria = v.find_power("Austria").expect("Austria");
    setup.owners.push((munich, germany));
    setup.last_occupants = Some(vec![(munich, germany)]);
    let unit = parse_unit(&v, austria, "A boh").expect("unit");
    setup.dislodged.push(Dislodged {
        unit,
        attacker_from: v.map.find_province("sil"),
        retreat_options: vec![munich.location()],
    });
    let position = Position::from_setup(&v, setup).expect("position");
    let (orders, errors) = parse_orders_at(&v, &position, "Austria: A Bohemia - Munich");
    assert!(errors.is_empty(), "{errors:?}");
    let orders: Vec<_> = orders.into_iter().map(|p| p.order).collect();
    let after = adjudicate_retreats(&v, &position, &orders).position;
    assert_eq!(after.unit_at(munich).map(|u| u.power), Some(austria));
    assert_eq!(after.last_occupants()[munich.index()], Some(austria));
}
