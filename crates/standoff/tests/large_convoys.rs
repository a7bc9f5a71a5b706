//! Convoys of many fleets, on uploaded variants built of seas full of convoying fleets:
//! the adjudicator follows a chain of any number of fleets under every preset (it once
//! looked at the first 64 only), and the minimal chains (induced paths) that the 2023
//! rulebook's unneeded-convoy rule and the `diplomacy` package's labels ask for, which
//! can number in the billions on such a board, are searched within a bound
//! (`adjudicate::chains`): past it, the fleets any walk of fleets passes count as on a
//! chain.

use standoff::adjudicate::{adjudicate_movement_with, MovementResult};
use standoff::mila::labels::{movement_labels, NO_CONVOY, VOID};
use standoff::order::Order;
use standoff::parse::parse_orders;
use standoff::rules::Rules;
use standoff::{PhaseKind, Position, Variant};

/// The seas of a board and their borders, and the seas the coasts `wes` and `eas`
/// border.
struct Seas {
    ids: Vec<String>,
    borders: Vec<(String, String)>,
    west: String,
    east: Vec<String>,
}

/// A `side` x `side` grid of seas `g0x0`.., from one corner to the other.
fn grid(side: usize) -> Seas {
    let sea = |r: usize, c: usize| format!("g{r}x{c}");
    let mut borders = Vec::new();
    for r in 0..side {
        for c in 0..side {
            if c + 1 < side {
                borders.push((sea(r, c), sea(r, c + 1)));
            }
            if r + 1 < side {
                borders.push((sea(r, c), sea(r + 1, c)));
            }
        }
    }
    let ids = (0..side * side).map(|k| sea(k / side, k % side)).collect();
    Seas {
        ids,
        borders,
        west: sea(0, 0),
        east: vec![sea(side - 1, side - 1)],
    }
}

/// `count` diamonds in a row: junction seas `j0`..`j{count}`, each pair joined by an
/// upper sea `u{i}` and a lower one `l{i}` that do not border each other (2^count
/// chordless chains from `j0` to the last junction, which borders `eas`), and the sea
/// `end` bordering only the last junction and `eas`: on a chain of fleets from `wes`
/// to `eas` only past the last junction, which reaches without it, so on none of the
/// package's chains (and no search can stop early having found every fleet on one).
fn diamonds(count: usize) -> Seas {
    let last = format!("j{count}");
    let mut ids = vec!["j0".to_string(), "end".to_string()];
    let mut borders = vec![("end".to_string(), last.clone())];
    for i in 1..=count {
        for side in ["u", "l"] {
            borders.push((format!("j{}", i - 1), format!("{side}{i}")));
            borders.push((format!("{side}{i}"), format!("j{i}")));
        }
        ids.extend([format!("u{i}"), format!("l{i}"), format!("j{i}")]);
    }
    Seas {
        ids,
        borders,
        west: "j0".into(),
        east: vec![last, "end".into()],
    }
}

/// A variant of the seas between the coasts `wes` and `eas` (Red's two centers).
fn variant_of(seas: &Seas) -> Variant {
    let mut text = String::from(
        "[variant]\nname = \"seas\"\ntitle = \"Seas\"\nstart_year = 1901\nvictory_centers = 2\n\n\
         [[power]]\nname = \"Red\"\nadjective = \"Red\"\nhome_centers = [\"wes\", \"eas\"]\nunits = [\"A wes\"]\n\n",
    );
    for (id, terrain) in [("wes", "coast"), ("eas", "coast")] {
        text += &format!(
            "[[province]]\nid = \"{id}\"\nabbr = \"{id}\"\nname = \"{id}\"\nterrain = \"{terrain}\"\ncenter = true\n\n"
        );
    }
    for id in &seas.ids {
        text += &format!(
            "[[province]]\nid = \"{id}\"\nabbr = \"{id}\"\nname = \"Sea {id}\"\nterrain = \"sea\"\n\n"
        );
    }
    let mut edges = vec![format!("\"wes-{}\"", seas.west)];
    edges.extend(seas.east.iter().map(|sea| format!("\"eas-{sea}\"")));
    edges.extend(seas.borders.iter().map(|(a, b)| format!("\"{a}-{b}\"")));
    text += &format!("[adjacency]\narmy = []\nfleet = [{}]\n", edges.join(", "));
    Variant::from_toml(&text, "seas.toml").unwrap_or_else(|e| panic!("{e}"))
}

/// The movement phase with a fleet on every sea convoying `A wes - eas`, played under
/// the rules of `preset`.
fn played(seas: &Seas, preset: &str) -> (Variant, Vec<Order>, MovementResult) {
    let variant = variant_of(seas);
    let mut units = vec!["\"A wes\"".to_string()];
    units.extend(seas.ids.iter().map(|s| format!("\"F {s}\"")));
    let json = format!(
        r#"{{"phase": "Spring 1901 Movement", "units": {{"Red": [{}]}}}}"#,
        units.join(", ")
    );
    let position = Position::from_json(&variant, &json).unwrap_or_else(|e| panic!("{e}"));
    let mut text = String::from("Red: A wes - eas\n");
    for s in &seas.ids {
        text += &format!("Red: F {s} C A wes - eas\n");
    }
    let (parsed, errors) = parse_orders(&variant, PhaseKind::Movement, &text);
    assert!(errors.is_empty(), "{errors:?}");
    let orders: Vec<_> = parsed.into_iter().map(|p| p.order).collect();
    let rules = Rules::parse(preset).unwrap_or_else(|e| panic!("{e}"));
    let result = adjudicate_movement_with(&variant, &rules, &position, &orders);
    (variant, orders, result)
}

/// The package's labels, by unit, of the phase played under the default rules.
fn labels_of(seas: &Seas) -> Vec<(String, Vec<&'static str>)> {
    let (variant, orders, result) = played(seas, "datc");
    movement_labels(&variant, &orders, &result)
}

/// Whether the army reached `eas`.
fn army_moved(result: &MovementResult) -> bool {
    result
        .units
        .iter()
        .find(|u| u.unit.kind == standoff::UnitKind::Army)
        .is_some_and(|u| u.outcome == standoff::adjudicate::Outcome::Moved)
}

fn of<'a>(labels: &'a [(String, Vec<&'static str>)], unit: &str) -> &'a [&'static str] {
    labels
        .iter()
        .find(|(u, _)| u == unit)
        .map(|(_, l)| l.as_slice())
        .unwrap_or_else(|| panic!("no labels for {unit}: {labels:?}"))
}

#[test]
fn a_convoy_of_more_than_64_fleets_carries_the_army() {
    // 9 x 9 seas: 81 fleets ordered to convoy, every one holding; a chain reaches, so
    // the army moves (rulebook: a convoy through any number of fleets). The fleet next
    // to `eas` is the 81st convoying fleet.
    for side in [8, 9] {
        let labels = labels_of(&grid(side));
        assert!(
            of(&labels, "A WES").is_empty(),
            "{side}: {:?}",
            of(&labels, "A WES")
        );
        assert!(labels.iter().all(|(_, l)| l.is_empty()), "{labels:?}");
    }
}

#[test]
fn every_preset_convoys_through_more_than_64_fleets() {
    // The presets' convoy rules: 4.A.1 a (1971, DPTG: the fleets on any route must all
    // hold), the DPTG's own procedure, the 2023 unneeded-convoy rule (every grid fleet
    // is on some minimal route, so every order stands).
    for preset in ["datc", "1982", "1971", "dptg", "2023"] {
        let (_, _, result) = played(&grid(9), preset);
        assert!(army_moved(&result), "{preset}: {:?}", result.units[0]);
    }
}

#[test]
fn the_2023_rule_on_forty_diamonds_is_decided_within_the_bound() {
    // 2^40 minimal chains: past the bound every fleet on some route counts as needed,
    // so every convoy order stands and the army moves. (Before, the search looked at
    // the first 64 fleets only, which do not reach `eas`, and enumerated their 2^20
    // chains once for each of the 122 fleets.)
    let (_, _, result) = played(&diamonds(40), "2023");
    assert!(army_moved(&result), "{:?}", result.units[0]);
}

#[test]
fn a_fleet_on_no_chain_of_a_few_diamonds_is_no_convoy() {
    // Three diamonds: eight chains, searched whole. Every junction, upper and lower
    // sea is on one; the fleet in `end` is on none, so the package writes `no convoy`
    // and `void` for it (standoff's judge counts it on a route: its own outcome is a
    // convoy given).
    let labels = labels_of(&diamonds(3));
    assert_eq!(labels.len(), 12);
    assert!(of(&labels, "A WES").is_empty());
    assert_eq!(of(&labels, "F END"), [NO_CONVOY, VOID]);
    for (unit, unit_labels) in labels.iter().filter(|(u, _)| u != "F END") {
        assert!(unit_labels.is_empty(), "{unit}: {unit_labels:?}");
    }
}

#[test]
fn forty_diamonds_are_labelled_within_the_bound() {
    // 2^40 chains: the search stops at its bound and counts every fleet a walk passes
    // as on a chain, the fleet in `end` too (a documented difference from the
    // package). Before the bound, this board did not finish.
    let labels = labels_of(&diamonds(40));
    assert_eq!(labels.len(), 1 + 2 + 3 * 40);
    assert!(of(&labels, "A WES").is_empty());
    for (unit, unit_labels) in &labels {
        assert!(unit_labels.is_empty(), "{unit}: {unit_labels:?}");
    }
}
