//! The Bowen variant's rulings that a judge could make otherwise, each an option of its
//! rule table (docs/bowen.md): under each option, the case that pins the default ruling
//! comes out the other way. A variant file that `extends = "bowen"` and repeats a rule
//! with the option switches it on.

use standoff::adjudicate::adjudicate_movement;
use standoff::parse::{parse_orders_at, parse_unit};
use standoff::{Phase, PhaseKind, Position, Season, Variant};

fn bowen_with(rule: &str) -> Variant {
    let text =
        format!("extends = \"bowen\"\n[variant]\nname = \"bowen-option\"\n\n[[rule]]\n{rule}\n");
    Variant::from_toml(&text, "bowen-option.toml").expect("the option loads")
}

/// A spring position after the placement (every power's marked home centers), with
/// `units` (`Power: A xxx`, `1/2A` for half strength).
fn spring(v: &Variant, units: &[&str]) -> Position {
    let phase = Phase {
        season: Season::Spring,
        year: 1903,
        kind: PhaseKind::Movement,
    };
    let mut setup = standoff::position::Setup::empty(phase);
    let homes: Vec<_> = v.powers.iter().map(|p| p.home_centers.clone()).collect();
    for (i, h) in homes.iter().enumerate() {
        for &p in h {
            setup.owners.push((p, standoff::PowerId(i as u8)));
        }
    }
    setup.homes = Some(homes);
    for line in units {
        let (power, unit) = line.split_once(':').expect("Power: unit");
        let power = v.find_power(power).expect("power");
        let unit = parse_unit(v, power, unit).expect("unit");
        setup.units.push(unit);
    }
    Position::from_setup(v, setup).expect("position")
}

fn adjudicate(v: &Variant, position: &Position, orders: &str) -> Position {
    let (parsed, errors) = parse_orders_at(v, position, orders);
    assert!(errors.is_empty(), "{errors:?}");
    let orders: Vec<_> = parsed.into_iter().map(|p| p.order).collect();
    adjudicate_movement(v, position, &orders).position
}

const HALF_SUPPORT: (&[&str], &str) = (
    &[
        "Germany: A ruh",
        "Germany: 1/2A hol",
        "France: 1/2A bel",
        "France: A pic",
    ],
    "Germany: A Ruhr - Belgium\nGermany: A Holland S A Ruhr - Belgium\n\
     France: A Belgium Hold\nFrance: A Picardy S A Belgium",
);

/// BOWEN.8.9 (R1): 1 + 1/2 against 1/2 + 1 fails; with a half unit's support worth a
/// full 1, 2 against 3/2 dislodges.
#[test]
fn half_support_full_counts_a_half_units_support_as_one() {
    for (variant, dislodged) in [
        (Variant::builtin("bowen").expect("bowen"), false),
        (
            bowen_with("name = \"reduced_units\"\nhalf_support = \"full\""),
            true,
        ),
    ] {
        let (units, orders) = HALF_SUPPORT;
        let after = adjudicate(&variant, &spring(&variant, units), orders);
        assert_eq!(
            after.dislodged().len(),
            usize::from(dislodged),
            "{}",
            variant.name
        );
    }
}

/// BOWEN.8.11 (R3): a half unit holding at home defends at full strength that turn;
/// restored only after the turn, it is dislodged by an unsupported attack.
#[test]
fn restore_after_turn_leaves_the_holding_unit_at_half_strength_for_the_turn() {
    for (variant, dislodged) in [
        (Variant::builtin("bowen").expect("bowen"), false),
        (
            bowen_with("name = \"reduced_units\"\nrestore = \"after_turn\""),
            true,
        ),
    ] {
        let position = spring(&variant, &["Germany: 1/2A ruh", "France: A bur"]);
        let after = adjudicate(
            &variant,
            &position,
            "Germany: A Ruhr Hold\nFrance: A Burgundy - Ruhr",
        );
        assert_eq!(
            after.dislodged().len(),
            usize::from(dislodged),
            "{}",
            variant.name
        );
        if !dislodged {
            let ruhr = variant.map.find_province("ruh").expect("ruh");
            assert_eq!(after.unit_at(ruhr).map(|u| u.mark()), Some("A"), "restored");
        }
    }
}

/// R9: a dislodged unit may retreat into an empty home center with a guard, unless the
/// option says guards keep retreats out.
#[test]
fn blocks_retreats_keeps_dislodged_units_out_of_guarded_centers() {
    for (variant, munich_open) in [
        (Variant::builtin("bowen").expect("bowen"), true),
        (
            bowen_with("name = \"home_guards\"\nblocks_retreats = true"),
            false,
        ),
    ] {
        // Munich is German, empty, last held by Germany: it has a guard.
        let position = spring(
            &variant,
            &["Austria: A boh", "Russia: A sil", "Russia: A gal"],
        );
        let after = adjudicate(
            &variant,
            &position,
            "Russia: A Silesia - Bohemia\nRussia: A Galicia S A Silesia - Bohemia",
        );
        let munich = variant.map.find_province("mun").expect("mun");
        let options = &after
            .dislodged()
            .first()
            .expect("Bohemia dislodged")
            .retreat_options;
        assert_eq!(
            options
                .iter()
                .any(|&l| variant.map.province_of(l) == munich),
            munich_open,
            "{}",
            variant.name
        );
    }
}

#[test]
fn an_unknown_option_value_is_an_error() {
    let text = "extends = \"bowen\"\n[variant]\nname = \"x\"\n\n[[rule]]\nname = \"reduced_units\"\nhalf_support = \"double\"\n";
    let err = Variant::from_toml(text, "x.toml").expect_err("refused");
    assert!(err.to_string().contains("half_support"), "{err}");
}

/// Bowen 6: the guard "is ignored" for its own country's units, so under
/// `blocks_retreats` a dislodged unit of the center's own power may still retreat in.
#[test]
fn blocks_retreats_lets_the_guards_own_country_in() {
    let variant = bowen_with("name = \"home_guards\"\nblocks_retreats = true");
    // Munich is German, empty, last held by Germany; the dislodged unit is German.
    let position = spring(
        &variant,
        &["Germany: A boh", "Russia: A sil", "Russia: A gal"],
    );
    let after = adjudicate(
        &variant,
        &position,
        "Russia: A Silesia - Bohemia\nRussia: A Galicia S A Silesia - Bohemia",
    );
    let munich = variant.map.find_province("mun").expect("mun");
    let options = &after
        .dislodged()
        .first()
        .expect("Bohemia dislodged")
        .retreat_options;
    assert!(
        options
            .iter()
            .any(|&l| variant.map.province_of(l) == munich),
        "{options:?}"
    );
}

/// The case runner applies `blocks_retreats` in retreat cases: an Austrian army may not
/// retreat into guarded Munich, a German one may.
#[test]
fn the_case_runner_applies_blocks_retreats_in_retreat_cases() {
    use standoff::datc::{parse_case_file, run_case_with};
    use standoff::rules::Rules;
    let case = |power: &str, expected: &str| {
        format!(
            "VARIANT_ALL bowen\nCASE R.{power}\nPRESTATE_SETPHASE Spring 1903, Retreat\n\
             PRESTATE\n Russia: A boh\n Russia: A gal\nPRESTATE_DISLODGED\n {power}: A boh\n\
             PRESTATE_RESULTS\n SUCCESS: Russia: A sil - boh\n SUCCESS: Russia: A gal S A sil - boh\n\
             ORDERS\n {power}: A boh - mun\nPOSTSTATE\n Russia: A boh\n Russia: A gal\n{expected}END\n"
        )
    };
    let blocking = bowen_with("name = \"home_guards\"\nblocks_retreats = true");
    let plain = Variant::builtin("bowen").expect("bowen");
    for (variant, power, expected, name) in [
        (&blocking, "Austria", "", "kept out"),
        (
            &blocking,
            "Germany",
            " Germany: A mun\n",
            "own country let in",
        ),
        (&plain, "Austria", " Austria: A mun\n", "no option"),
    ] {
        let (file, errors) = parse_case_file(&case(power, expected));
        assert!(errors.is_empty(), "{errors:?}");
        let report = run_case_with(variant, &Rules::DATC, &file.cases[0]);
        assert!(report.passed, "{name}: {:?}", report.problems);
    }
}

/// R19: a spring entrant disbanded at the start of the Fall did not "move out" (rule 7),
/// so its power does not get the center; with `disband_counts_as_leaving = true` on
/// `spring_capture` it does (BOWEN.7.8 the other way).
#[test]
fn disband_counts_as_leaving_gives_the_spring_entrant_the_center() {
    use standoff::datc::{parse_case_file, run_case_with};
    use standoff::rules::Rules;
    let case = |belgium: &str| {
        format!(
            "VARIANT_ALL bowen\nCASE R19\nPRESTATE_SETPHASE Fall 1901, Movement\nPRESTATE\n \
             Germany: A bel\n Germany: A ber\nORDERS\n Germany: A Belgium Disband\n \
             Germany: A Berlin Hold\nPOSTSTATE\n Germany: A ber\n\
             POSTSTATE_SUPPLYCENTER_OWNERS\n Austria: bud\n Austria: tri\n Austria: vie\n \
             England: edi\n England: lon\n England: lvp\n France: bre\n France: mar\n \
             France: par\n Germany: ber\n Germany: kie\n Germany: mun\n Italy: nap\n \
             Italy: rom\n Italy: ven\n Russia: mos\n Russia: sev\n Russia: stp\n \
             Russia: war\n Turkey: ank\n Turkey: con\n Turkey: smy\n{belgium}END\n"
        )
    };
    let plain = Variant::builtin("bowen").expect("bowen");
    let leaving = bowen_with("name = \"spring_capture\"\ndisband_counts_as_leaving = true");
    for (variant, belgium, name) in [
        (&plain, "", "default: no capture"),
        (&leaving, " Germany: bel\n", "option: captured"),
    ] {
        let (file, errors) = parse_case_file(&case(belgium));
        assert!(errors.is_empty(), "{errors:?}");
        let report = run_case_with(variant, &Rules::DATC, &file.cases[0]);
        assert!(report.passed, "{name}: {:?}", report.problems);
    }
}
