//! `Position::from_position_json_with`: a position written with `to_json` reads back
//! exactly, including one built with relaxed setup checks (what the Python binding's
//! pickles rely on), and the relaxed checks stay refused without the options.

use standoff::json::PositionJson;
use standoff::position::SetupOptions;
use standoff::Position;
use standoff::Variant;

fn relaxed() -> SetupOptions {
    SetupOptions::default()
        .dislodged_in_any_phase()
        .retreat_options_as_given()
}

/// A movement phase holding a dislodged unit whose retreat option is not a neighbour:
/// only readable with both relaxations.
fn odd_position() -> PositionJson {
    serde_json::from_str(
        r#"{"phase": "Fall 1901 Movement",
            "units": {"France": ["A bur"], "Germany": ["A ruh"]},
            "dislodged": {"Germany": [{"unit": "A mun", "retreats": ["pic"],
                                       "attacker_from": "bur"}]}}"#,
    )
    .expect("the test's JSON reads")
}

#[test]
fn relaxed_position_round_trips_only_with_the_options() {
    let variant = Variant::standard();
    let json = odd_position();
    assert!(Position::from_position_json(&variant, &json).is_err());
    assert!(Position::from_position_json_with(
        &variant,
        &json,
        SetupOptions::default().dislodged_in_any_phase()
    )
    .is_err());
    let pos = Position::from_position_json_with(&variant, &json, relaxed())
        .expect("readable with the options");
    let written = pos.to_json(&variant);
    let back = Position::from_position_json_with(&variant, &written, relaxed())
        .expect("its own JSON reads back");
    assert_eq!(back, pos);
    assert_eq!(back.to_json(&variant), written);
}

#[test]
fn dislodged_units_are_kept_in_board_order() {
    let variant = Variant::standard();
    // Listed by power (as the JSON groups them): Austria's Tyrolia after England's Yorkshire
    // on the board, Germany's Berlin and Munich.
    let json: PositionJson = serde_json::from_str(
        r#"{"phase": "Fall 1901 Retreat",
            "units": {"France": ["A ruh", "A boh", "A wal", "A sil"]},
            "dislodged": {"Austria": [{"unit": "A tyr", "retreats": ["ven"]}],
                          "England": [{"unit": "A yor", "retreats": ["lon"]}],
                          "Germany": [{"unit": "A mun", "retreats": ["kie"]},
                                      {"unit": "A ber", "retreats": ["pru"]}]}}"#,
    )
    .expect("the test's JSON reads");
    let pos = Position::from_position_json(&variant, &json).expect("a position");
    let order: Vec<String> = pos
        .dislodged()
        .iter()
        .map(|d| variant.map.location_id_name(d.unit.location))
        .collect();
    assert_eq!(order, ["ber", "mun", "tyr", "yor"]);
    let back = Position::from_position_json(&variant, &pos.to_json(&variant)).expect("reads");
    assert_eq!(back, pos);
}

#[test]
fn played_positions_round_trip_exactly() {
    for name in ["standard", "bowen", "colonial"] {
        let variant = Variant::builtin(name).expect("a built-in");
        let mut game = standoff::record::RecordedGame::new(&variant);
        let mut rng = standoff::corpus::Rng::new(7);
        for _ in 0..30 {
            if game.game.is_over() {
                break;
            }
            let orders = standoff::corpus::random_orders(&variant, &game.game.position, &mut rng);
            game.process(&variant, &orders);
        }
        for record in &game.history {
            let written = record.position.to_json(&variant);
            let back = Position::from_position_json_with(&variant, &written, relaxed())
                .expect("a played position reads back");
            assert_eq!(back, record.position, "{name} {}", record.position.phase());
        }
    }
}
