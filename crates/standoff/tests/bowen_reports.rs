//! The Bowen variant's reports: half-strength units are named `1/2A` and `1/2F` on every
//! line ("The reports should say '1/2A' and '1/2F'"), and a fleet's convoy line that was
//! not used is not reported as convoying (rules 4-5).

use standoff::adjudicate::adjudicate_movement;
use standoff::parse::{parse_orders_at, parse_unit};
use standoff::report::{movement_report, Audience};
use standoff::{Phase, Position, Variant};

fn spring_1902(v: &Variant, units: &[(&str, &str)]) -> Position {
    let mut setup = standoff::position::Setup::empty(Phase::spring_movement(1902));
    setup.homes = Some(v.powers.iter().map(|p| p.home_centers.clone()).collect());
    for (power, unit) in units {
        let power = v.find_power(power).expect("power");
        setup.units.push(parse_unit(v, power, unit).expect("unit"));
    }
    for (w, p) in v.powers.iter().enumerate() {
        for &c in &p.home_centers {
            setup.owners.push((c, standoff::PowerId(w as u8)));
        }
    }
    Position::from_setup(v, setup).expect("position")
}

fn report(v: &Variant, position: &Position, text: &str) -> String {
    let (orders, errors) = parse_orders_at(v, position, text);
    assert!(errors.is_empty(), "{errors:?}");
    let orders: Vec<_> = orders.into_iter().map(|p| p.order).collect();
    let result = adjudicate_movement(v, position, &orders);
    movement_report(v, &orders, &result, Audience::All)
}

#[test]
fn half_strength_units_are_marked_on_every_order_line() {
    let v = Variant::builtin("bowen").expect("bowen");
    let position = spring_1902(&v, &[("Germany", "1/2A sil"), ("Germany", "1/2F bal")]);
    let text = report(
        &v,
        &position,
        "Germany: A Silesia - Prussia\nGermany: F Baltic Sea S A Silesia - Prussia",
    );
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.iter().any(|l| l.contains("1/2A Sil - Pru")), "{text}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("1/2F Bal S 1/2A Sil - Pru")),
        "{text}"
    );
}

#[test]
fn a_convoy_line_not_used_is_not_reported_as_convoying() {
    let v = Variant::builtin("bowen").expect("bowen");
    let position = spring_1902(
        &v,
        &[
            ("France", "A pic"),
            ("France", "F eng"),
            ("England", "F nth"),
        ],
    );
    let text = report(
        &v,
        &position,
        "France: A Picardy - English Channel\n\
         France: F English Channel C A Picardy - North Sea\n\
         England: F North Sea C A English Channel - Norway if French\n\
         England: F North Sea C A English Channel - Yorkshire otherwise",
    );
    let norway = text
        .lines()
        .find(|l| l.contains("- Nwy"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(norway.contains("-> convoys"), "{text}");
    let yorkshire = text
        .lines()
        .find(|l| l.contains("- Yor"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(!yorkshire.contains("convoys"), "{text}");
    assert!(yorkshire.contains("not applied"), "{text}");
}
