//! The `diplomacy` package's saved-game format: notation round trips and replay.

use standoff::mila::{order_to_mila, phase_name, read_games, replay_game, ReplaySummary};
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
