//! Names of several words are read whole, as the variant spells them, before any of
//! their words is read as an order word, a power or a coast: `Shrine to Hestia`,
//! `Joxter's Retreat` (an order word inside), `Washington D+C`, `Latvia/Estonia`
//! (punctuation inside), `Norwegian Sea`, `Mexico City` (a power's word first, no unit
//! letter), `Eastern Ocean` and `Western Ocean` (two powers' adjectives). Expected ids
//! and powers are the variants' own (`variants/*/variant.toml`).

use standoff::parse::parse_order;
use standoff::{PhaseKind, PowerId, Variant};

/// `text` read as an order of `power` (the default when the text names none), shown
/// with ids and the power that gives it.
fn read(v: &Variant, power: Option<&str>, text: &str) -> String {
    let power = power.map(|p| v.find_power(p).unwrap_or_else(|| panic!("{p}")));
    let o =
        parse_order(v, PhaseKind::Movement, power, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    format!("{}: {}", v.power_name(o.power), o.display_ids(&v.map))
}

fn variant(name: &str) -> Variant {
    Variant::builtin(name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn an_order_word_inside_a_name_is_part_of_the_name() {
    // sail-ho: `hes` is "Shrine to Hestia" (coasts nc, sc), `jox` "Joxter's Retreat".
    let v = variant("sail-ho");
    for (text, expected) in [
        ("A Shrine to Hestia", "North: A hes H"),
        ("F SHRINE TO HESTIA (nc)", "North: F hes/nc H"),
        ("F Shrine to Hestia/sc H", "North: F hes/sc H"),
        ("A Joxter's Retreat", "North: A jox H"),
        (
            "A Joxter's Retreat - Shrine to Hestia",
            "North: A jox - hes",
        ),
        (
            "A Shrine to Hestia to Joxter's Retreat",
            "North: A hes - jox",
        ),
        (
            "F Wes S A Joxter's Retreat - Shrine to Hestia",
            "North: F wes S A jox - hes",
        ),
        // Abbreviations still read `to` and `R` as order words.
        ("A Jox to Hes", "North: A jox - hes"),
    ] {
        assert_eq!(read(&v, Some("North"), text), expected, "{text}");
    }
}

#[test]
fn punctuation_inside_a_name_is_read_as_written() {
    // empire: `wdc` is "Washington D+C", `was` "Washington" (another space).
    let v = variant("empire");
    let power = Some("Mexico");
    for (text, expected) in [
        ("A Washington D+C", "Mexico: A wdc H"),
        ("F washington d+c H", "Mexico: F wdc H"),
        ("A Washington D+C - Washington", "Mexico: A wdc - was"),
        ("A Washington - Washington D+C", "Mexico: A was - wdc"),
        ("A Washington", "Mexico: A was H"),
    ] {
        assert_eq!(read(&v, power, text), expected, "{text}");
    }
    // versailles: `lat` is "Latvia/Estonia"; `/` after a space is still its coast.
    let v = variant("versailles");
    let power = v.power_name(PowerId(0)).to_string();
    for (text, expected) in [
        ("F Latvia/Estonia", format!("{power}: F lat H")),
        ("A LATVIA/ESTONIA H", format!("{power}: A lat H")),
    ] {
        assert_eq!(read(&v, Some(&power), text), expected, "{text}");
    }
    let v = Variant::standard();
    assert_eq!(
        read(&v, Some("Russia"), "F stp/nc - bot"),
        "Russia: F stp/nc - bot"
    );
    assert_eq!(
        read(&v, Some("France"), "F spa/sc - wes"),
        "France: F spa/sc - wes"
    );
}

#[test]
fn a_powers_word_starting_a_name_is_the_name_without_a_unit_letter() {
    // chaos: `nwg` is "Norwegian Sea"; "Norwegian" is Norway's adjective.
    let v = variant("chaos");
    let other = v.power_name(PowerId(0)).to_string();
    assert_eq!(
        read(&v, Some(&other), "Norwegian Sea H"),
        format!("{other}: nwg H")
    );
    // Followed by a unit, the adjective still names the power.
    assert_eq!(read(&v, None, "Norwegian F Nrg H"), "Norway: F nwg H");
    // empire: `mex` is "Mexico City", `que` "Quebec City"; Mexico and Quebec are powers.
    let v = variant("empire");
    assert_eq!(read(&v, Some("Texas"), "Mexico City H"), "Texas: mex H");
    assert_eq!(read(&v, Some("Texas"), "Quebec City H"), "Texas: que H");
    assert_eq!(read(&v, None, "Mexico A Mexico City H"), "Mexico: A mex H");
    assert_eq!(
        read(&v, Some("Texas"), "A Was S Mexico City"),
        "Texas: A was S mex"
    );
}

#[test]
fn eastern_and_western_ocean_are_two_spaces() {
    // sail-ho: `eas` "Eastern Ocean", `wes` "Western Ocean", `sou` "South Sea"; the
    // powers are East (Eastern), West (Western), North, South.
    let v = variant("sail-ho");
    for (text, expected) in [
        ("Eastern Ocean H", "North: eas H"),
        ("Western Ocean H", "North: wes H"),
        ("South Sea H", "North: sou H"),
        ("F Eastern Ocean - Western Ocean", "North: F eas - wes"),
        (
            "F South Sea S Western F Western Ocean",
            "North: F sou S F wes",
        ),
    ] {
        assert_eq!(read(&v, Some("North"), text), expected, "{text}");
    }
    assert_eq!(read(&v, None, "Eastern F Wes H"), "East: F wes H");
    assert_eq!(read(&v, None, "South F South Sea H"), "South: F sou H");
}
