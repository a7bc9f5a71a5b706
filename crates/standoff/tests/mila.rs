//! The `diplomacy` package's saved-game format: notation round trips and replay.

use standoff::mila::{
    order_to_mila, phase_name, read_games, replay_game, write_mila_order, ReplaySummary,
};
use standoff::order::{Order, OrderKind, UnitRef};
use standoff::parse::parse_order;
use standoff::{PhaseKind, Variant};

#[test]
fn phase_names() {
    let p = phase_name("F1901R").expect("phase");
    assert_eq!(p.short_code(), "F1901R");
    assert_eq!(
        phase_name("W1910A").expect("phase").kind,
        PhaseKind::Adjustment
    );
    assert!(phase_name("COMPLETED").is_none());
    assert!(phase_name("").is_none());
    assert!(phase_name("S19x1M").is_none());
}

#[test]
fn orders_round_trip_in_package_notation() {
    let v = Variant::standard();
    let russia = v.find_power("Russia");
    for (kind, text) in [
        (PhaseKind::Movement, "A LON - NWY VIA"),
        (PhaseKind::Movement, "F NTH C A LON - NWY"),
        (PhaseKind::Movement, "A PAR S A MAR - BUR"),
        // A support naming a coast keeps it (DATC 6.B.9 decides on it).
        (PhaseKind::Movement, "F POR S F MAO - SPA/NC"),
        (PhaseKind::Movement, "A PAR S F BRE"),
        (PhaseKind::Movement, "F STP/SC - BOT"),
        (PhaseKind::Movement, "A PAR H"),
        (PhaseKind::Retreat, "A PAR R BUR"),
        (PhaseKind::Retreat, "A PAR D"),
        (PhaseKind::Adjustment, "A PAR B"),
        (PhaseKind::Adjustment, "F STP/NC B"),
        (PhaseKind::Adjustment, "A PAR D"),
        (PhaseKind::Adjustment, "WAIVE"),
    ] {
        let order = parse_order(&v, kind, russia, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(order_to_mila(&v.map, &order), text);
    }
}

/// The package's notation written the plain way (each name upper-cased whole, pieces
/// joined with `format!`): the reference `write_mila_order` is held to.
fn plain_mila(map: &standoff::Map, order: &Order, untyped: Option<char>) -> String {
    let loc = |l| map.location_id_name(l).to_uppercase();
    let prov = |p: standoff::ProvinceId| map.province(p).id.to_uppercase();
    let unit = |u: &UnitRef| match u.kind.map(|k| k.letter()).or(untyped) {
        Some(letter) => format!("{letter} {}", loc(u.location)),
        None => loc(u.location),
    };
    match &order.kind {
        OrderKind::Hold { unit: u } => format!("{} H", unit(u)),
        OrderKind::Move {
            unit: u,
            to,
            via_convoy,
            path,
        } => {
            let via = if *via_convoy || !path.is_empty() {
                " VIA"
            } else {
                ""
            };
            format!("{} - {}{via}", unit(u), loc(*to))
        }
        OrderKind::SupportHold { unit: u, target } => format!("{} S {}", unit(u), unit(target)),
        OrderKind::SupportMove {
            unit: u,
            target,
            to,
        } => {
            format!("{} S {} - {}", unit(u), unit(target), loc(*to))
        }
        OrderKind::Convoy { unit: u, army, to } => {
            format!("{} C {} - {}", unit(u), unit(army), prov(*to))
        }
        OrderKind::Retreat { unit: u, to } => format!("{} R {}", unit(u), loc(*to)),
        OrderKind::Disband { unit: u } | OrderKind::Remove { unit: u } => format!("{} D", unit(u)),
        OrderKind::Build { unit: u } => format!("{} B", unit(u)),
        OrderKind::Waive => "WAIVE".to_string(),
        other => panic!("no legal order of the standard map is a {other:?}"),
    }
}

/// `order` with no unit type written (`PAR S MAR - BUR`).
fn without_types(order: &Order) -> Order {
    let bare = |u: &UnitRef| UnitRef { kind: None, ..*u };
    let kind = match &order.kind {
        OrderKind::Hold { unit } => OrderKind::Hold { unit: bare(unit) },
        OrderKind::Move {
            unit,
            to,
            via_convoy,
            path,
        } => OrderKind::Move {
            unit: bare(unit),
            to: *to,
            via_convoy: *via_convoy,
            path: path.clone(),
        },
        OrderKind::SupportHold { unit, target } => OrderKind::SupportHold {
            unit: bare(unit),
            target: bare(target),
        },
        OrderKind::SupportMove { unit, target, to } => OrderKind::SupportMove {
            unit: bare(unit),
            target: bare(target),
            to: *to,
        },
        OrderKind::Convoy { unit, army, to } => OrderKind::Convoy {
            unit: bare(unit),
            army: bare(army),
            to: *to,
        },
        OrderKind::Retreat { unit, to } => OrderKind::Retreat {
            unit: bare(unit),
            to: *to,
        },
        OrderKind::Disband { unit } => OrderKind::Disband { unit: bare(unit) },
        OrderKind::Build { unit } => OrderKind::Build { unit: bare(unit) },
        OrderKind::Remove { unit } => OrderKind::Remove { unit: bare(unit) },
        other => other.clone(),
    };
    Order {
        kind,
        ..order.clone()
    }
}

#[test]
fn every_legal_order_is_written_as_the_plain_writer_writes_it() {
    let v = Variant::standard();
    let mut written = 0;
    for phase in standoff::corpus::random_games(&v, 7, 6, 30) {
        for order in standoff::legal::all_orders(&v, &phase.position) {
            // Typed as listed, and with the unit types left out (`PAR - BUR`, or `A`
            // put in where a letter is asked for).
            let untyped = without_types(&order);
            for (o, letter) in [(&order, None), (&untyped, None), (&untyped, Some('A'))] {
                assert_eq!(
                    write_mila_order(&v.map, o, letter),
                    plain_mila(&v.map, o, letter)
                );
                written += 1;
            }
        }
    }
    assert!(written > 10_000, "only {written} orders written");
}

#[test]
fn broken_games_are_errors_not_panics() {
    assert!(read_games("{not json").iter().all(Result::is_err));
    let games = read_games("{\"phases\": []}\n{\"phases\": 3}\n");
    assert_eq!(games.len(), 2);
    assert!(games[0].is_ok() && games[1].is_err());
}

#[test]
fn a_recorded_phase_replays() {
    let game = r#"{"id": "t", "phases": [
      {"name": "S1901M", "state": {"units": {"FRANCE": ["A PAR", "A MAR"], "GERMANY": ["A MUN"]},
         "centers": {"FRANCE": ["PAR", "MAR"], "GERMANY": ["MUN"]}, "retreats": {}},
       "orders": {"FRANCE": ["A PAR - BUR", "A MAR S A PAR - BUR"], "GERMANY": ["A MUN - BUR"]},
       "results": {"A PAR": [], "A MAR": [], "A MUN": ["bounce"]}},
      {"name": "F1901M", "state": {"units": {"FRANCE": ["A BUR", "A MAR"], "GERMANY": ["A MUN"]},
         "centers": {"FRANCE": ["PAR", "MAR"], "GERMANY": ["MUN"]}, "retreats": {}},
       "orders": {}, "results": {}}]}"#;
    let v = Variant::standard();
    let mut summary = ReplaySummary::default();
    for g in read_games(game) {
        replay_game(&v, &g.expect("game reads"), &mut summary).expect("standard map");
    }
    assert_eq!(summary.differ, vec![]);
    assert_eq!(summary.agree, 1);
    // A record that says otherwise is reported as a difference.
    let wrong = game.replace("[\"A BUR\", \"A MAR\"]", "[\"A PAR\", \"A MAR\"]");
    let mut summary = ReplaySummary::default();
    for g in read_games(&wrong) {
        replay_game(&v, &g.expect("game reads"), &mut summary).expect("standard map");
    }
    assert_eq!(summary.differ.len(), 1);
}

#[test]
fn power_names_of_several_words_are_one_word_as_the_package_writes_them() {
    // The package's world map names its powers FROZENANTARCTICA, NEAREAST, ...
    assert_eq!(
        standoff::mila::power_name("Frozen Antarctica"),
        "FROZENANTARCTICA"
    );
    assert_eq!(standoff::mila::power_name("France"), "FRANCE");
    let world = Variant::builtin("world").expect("world is built in");
    let state = standoff::mila::state_json(&world, &standoff::Position::initial(&world));
    let units = state["units"].as_object().expect("units by power");
    assert!(units.contains_key("FROZENANTARCTICA") && units.contains_key("NEAREAST"));
    assert!(
        units.keys().all(|name| !name.contains(' ')),
        "{:?}",
        units.keys()
    );
}
