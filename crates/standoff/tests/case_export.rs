//! A played game written as a case file (`datc::write_case_file`) reads back and every
//! phase re-runs to the same units: the README's example game (retreats, builds,
//! removals, convoys) and a short game ending in a retreat.

use standoff::datc::{parse_case_file, run_case, write_case_file, CaseFileHeader};
use standoff::game::Game;
use standoff::parse::{parse_orders, split_phases};
use standoff::record::{PhaseRecord, RecordedGame};
use standoff::{PhaseKind, Variant};

fn check_round_trip(variant: &Variant, game: &RecordedGame) -> String {
    let header = CaseFileHeader {
        variant_name: "Standard",
        rules: None,
        game_id: "game 7",
    };
    let text = write_case_file(variant, &header, game);
    let (file, errors) = parse_case_file(&text);
    assert!(errors.is_empty(), "{errors:?}\n{text}");
    assert_eq!(file.variant.as_deref(), Some("Standard"));
    assert_eq!(file.cases.len(), game.history.len());
    for case in &file.cases {
        let report = run_case(variant, case);
        assert!(
            report.passed,
            "case {}: {:?}\n{text}",
            case.id, report.problems
        );
    }
    text
}

#[test]
fn the_example_game_exports_as_cases_that_all_pass() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/game.txt");
    let text = std::fs::read_to_string(path).expect("examples/game.txt");
    let variant = Variant::standard();
    let mut game = Game::new(&variant);
    let sections = split_phases(&text).expect("headers read");
    let mut history = Vec::new();
    let mut before = game.position.clone();
    game.play_sections(&variant, &sections, |step, after| {
        history.push(std::sync::Arc::new(PhaseRecord {
            position: before.clone(),
            orders: step.orders.clone(),
            processed: step.processed.clone(),
        }));
        before = after.clone();
    })
    .expect("phases in order");
    let kinds: Vec<PhaseKind> = history.iter().map(|r| r.position.phase().kind).collect();
    assert!(
        kinds.contains(&PhaseKind::Retreat),
        "the example has retreats"
    );
    assert!(
        kinds.contains(&PhaseKind::Adjustment),
        "the example has adjustments"
    );
    let recorded = RecordedGame { game, history };
    let written = check_round_trip(&variant, &recorded);
    assert!(written.starts_with("# Game game-7"));
    assert!(written
        .contains("CASE game-7.1 Spring 1901 Movement\nPRESTATE_SETPHASE Spring 1901, Movement\n"));
}

#[test]
fn a_retreat_case_carries_the_movement_results() {
    let variant = Variant::standard();
    let mut game = RecordedGame::new(&variant);
    let play = |game: &mut RecordedGame, kind: PhaseKind, text: &str| {
        let (parsed, errors) = parse_orders(&variant, kind, text);
        assert!(errors.is_empty(), "{errors:?}");
        let orders: Vec<_> = parsed.into_iter().map(|p| p.order).collect();
        game.process(&variant, &orders);
    };
    play(
        &mut game,
        PhaseKind::Movement,
        "Austria: A vie - tyr\nItaly: A ven H",
    );
    play(
        &mut game,
        PhaseKind::Movement,
        "Austria: A tyr - ven\nAustria: A tri S A tyr - ven\nItaly: A ven H\nItaly: A rom - tus\nGermany: A mun - tyr\nFrance: A mar - pie\nItaly: F nap - tyn",
    );
    // Venice was dislodged from Tyrolia: it may not retreat there.
    let last = game.history.last().expect("played");
    assert_eq!(
        game.game.position.phase().kind,
        PhaseKind::Retreat,
        "{:?}",
        last.position.phase()
    );
    play(&mut game, PhaseKind::Retreat, "Italy: A ven - apu");
    let text = check_round_trip(&variant, &game);
    assert!(
        text.contains("PRESTATE_DISLODGED\n\tItaly: A ven\nPRESTATE_RESULTS\n"),
        "{text}"
    );
    assert!(text.contains("\tSUCCESS: Austria: A tyr - ven\n"), "{text}");
    assert!(
        text.contains("POSTSTATE_DISLODGED\n\tItaly: A ven\n"),
        "{text}"
    );
}
