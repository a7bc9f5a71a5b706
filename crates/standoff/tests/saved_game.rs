//! Loading a saved game checks it against the variant and replays its history
//! (issue 14, item 3).

use standoff::game::{EndRules, Game};
use standoff::json::{GameJson, PhaseRecordJson};
use standoff::parse::parse_orders_at;
use standoff::record::RecordedGame;
use standoff::report::game_end_text;
use standoff::saved_game::SavedGameError;
use standoff::Variant;

/// Plays `phases` (orders text per phase, in turn) and saves the game as `play --save`
/// does.
fn saved(v: &Variant, end_rules: EndRules, phases: &[&str]) -> GameJson {
    let mut game = Game::new(v).with_end_rules(end_rules);
    let mut history = Vec::new();
    for text in phases {
        let phase = game.position.phase();
        let (parsed, errors) = parse_orders_at(v, &game.position, text);
        assert!(errors.is_empty(), "{errors:?}");
        let orders: Vec<_> = parsed.into_iter().map(|p| p.order).collect();
        game.process(v, &orders);
        history.push(PhaseRecordJson {
            phase: phase.to_string(),
            orders: orders
                .iter()
                .map(|o| {
                    format!(
                        "{}: {}",
                        v.power_name(o.power),
                        o.display_ids(&v.map).with_powers(&v.powers)
                    )
                })
                .collect(),
        });
    }
    GameJson {
        variant: standoff::variant::SavedVariant::Name("standard".to_string()),
        position: game.position.to_json(v),
        history,
        winner: game.winner.map(|w| v.power_name(w).to_string()),
        rules: *game.rules.rule_set(),
        end_rules: game.end_rules,
        quiet_years: game.quiet_years,
        ended: game.ended.as_ref().map(|e| game_end_text(v, e)),
        end: game
            .ended
            .as_ref()
            .map(|e| standoff::json::GameEndJson::of(v, e)),
    }
}

const SPRING: &str = "England: F lon - nth\nFrance: A par - bur\nGermany: A mun - ruh";
const FALL: &str = "England: F nth - nwy\nFrance: A bur - bel";

fn two_phases(v: &Variant) -> GameJson {
    saved(v, EndRules::default(), &[SPRING, FALL])
}

fn refused(v: &Variant, save: &GameJson) -> SavedGameError {
    RecordedGame::from_json(v, save).expect_err("refused")
}

#[test]
fn a_saved_game_loads_and_reaches_its_position() {
    let v = Variant::standard();
    let save = two_phases(&v);
    let rec = RecordedGame::from_json(&v, &save).expect("loads");
    assert_eq!(rec.history.len(), 2);
    assert_eq!(rec.game.position.to_json(&v), save.position);
    assert!(!rec.game.is_over());
    // A new game with no history is the variant's start.
    let fresh = saved(&v, EndRules::default(), &[]);
    assert!(RecordedGame::from_json(&v, &fresh).is_ok());
}

#[test]
fn an_edited_winner_is_refused() {
    let v = Variant::standard();
    let mut save = two_phases(&v);
    save.winner = Some("France".into());
    let e = refused(&v, &save);
    assert!(
        matches!(
            e,
            SavedGameError::Disagrees {
                field: "winner",
                ..
            }
        ),
        "{e}"
    );
}

#[test]
fn an_unknown_winner_is_refused() {
    let v = Variant::standard();
    let mut save = two_phases(&v);
    save.winner = Some("Narnia".into());
    assert_eq!(
        refused(&v, &save),
        SavedGameError::UnknownWinner("Narnia".into())
    );
}

#[test]
fn an_edited_end_is_refused() {
    let v = Variant::standard();
    let mut save = two_phases(&v);
    save.ended = Some("France wins.".into());
    let e = refused(&v, &save);
    assert!(
        matches!(e, SavedGameError::Disagrees { field: "ended", .. }),
        "{e}"
    );
    // And removing a real end is refused too.
    let mut short = saved(
        &v,
        EndRules {
            end_after_year: Some(1901),
            ..EndRules::default()
        },
        &[SPRING, FALL],
    );
    assert!(short.ended.is_some());
    // The end as data must agree with the replay too.
    let mut edited = short.clone();
    edited.end = Some(standoff::json::GameEndJson::Victory {
        power: "France".into(),
        centers: 18,
    });
    let e = refused(&v, &edited);
    assert!(
        matches!(e, SavedGameError::Disagrees { field: "end", .. }),
        "{e}"
    );
    short.ended = None;
    let e = refused(&v, &short);
    assert!(
        matches!(e, SavedGameError::Disagrees { field: "ended", .. }),
        "{e}"
    );
}

#[test]
fn history_orders_with_unknown_powers_or_spaces_are_refused_by_phase_and_order() {
    let v = Variant::standard();
    let mut save = two_phases(&v);
    save.history[1].orders.push("Narnia: A lon - wal".into());
    let e = refused(&v, &save).to_string();
    assert!(e.contains("Fall 1901 Movement"), "{e}");
    assert!(e.contains("Narnia: A lon - wal"), "{e}");
    let mut save = two_phases(&v);
    save.history[0].orders[0] = "England: F lon - atlantis".into();
    let e = refused(&v, &save).to_string();
    assert!(e.contains("Spring 1901 Movement"), "{e}");
    assert!(e.contains("England: F lon - atlantis"), "{e}");
}

#[test]
fn history_phases_must_follow_the_game() {
    let v = Variant::standard();
    let mut save = two_phases(&v);
    save.history[1].phase = "Spring 1905 Movement".into();
    assert!(matches!(
        refused(&v, &save),
        SavedGameError::OutOfOrder { index: 2, .. }
    ));
    save.history[1].phase = "Someday".into();
    assert!(matches!(
        refused(&v, &save),
        SavedGameError::Phase { index: 2, .. }
    ));
}

#[test]
fn a_position_the_history_does_not_reach_is_refused() {
    let v = Variant::standard();
    let mut save = two_phases(&v);
    // Move England's fleet back to London by hand.
    let units = save.position.units.get_mut("England").expect("England");
    for u in units.iter_mut() {
        if u == "F nwy" {
            *u = "F lon".into();
        }
    }
    let e = refused(&v, &save);
    assert!(matches!(e, SavedGameError::Diverges(_)), "{e}");
    assert!(e.to_string().contains("units"), "{e}");
    // An invalid position is refused before any replay.
    let mut save = two_phases(&v);
    save.position.phase = "Spring -5 Movement".into();
    assert!(matches!(refused(&v, &save), SavedGameError::Position(_)));
}

#[test]
fn a_finished_game_loads_as_finished_and_history_after_the_end_is_refused() {
    let v = Variant::standard();
    let end = EndRules {
        end_after_year: Some(1901),
        ..EndRules::default()
    };
    let save = saved(&v, end, &[SPRING, FALL]);
    let rec = RecordedGame::from_json(&v, &save).expect("loads");
    assert!(rec.game.is_over());
    let mut longer = save.clone();
    longer.history.push(PhaseRecordJson {
        phase: "Spring 1902 Movement".into(),
        orders: Vec::new(),
    });
    assert!(matches!(
        refused(&v, &longer),
        SavedGameError::AfterEnd { index: 3, .. }
    ));
}

#[test]
fn edited_quiet_years_are_refused() {
    let v = Variant::standard();
    let mut save = two_phases(&v);
    save.quiet_years = 6;
    assert!(matches!(
        refused(&v, &save),
        SavedGameError::Disagrees {
            field: "quiet_years",
            ..
        }
    ));
}

#[test]
fn a_loaded_game_saves_as_it_was_saved_and_loads_again() {
    let v = Variant::standard();
    let save = saved(&v, EndRules::default(), &[SPRING, FALL]);
    let rec = RecordedGame::from_json(&v, &save).expect("loads");
    // `to_json` writes what `play --save` writes.
    assert_eq!(rec.to_json(&v), save);
    let again = RecordedGame::from_json(&v, &rec.to_json(&v)).expect("loads again");
    assert_eq!(again.game.position, rec.game.position);
    assert_eq!(again.history.len(), 2);
}
