//! Inputs that were accepted or misreported (issue 14, item 8): misleading messages for
//! a fleet built inland and a fleet without its coast, a case file repeating a case id,
//! a preference list naming a player or a power twice, a recorded game with a phase
//! name that is not a phase or a map that is not the variant's, and the list of known
//! differences of a replay.

use standoff::assign::{parse_preferences, AssignError};
use standoff::datc::parse_case_file;
use standoff::game::Game;
use standoff::mila::{read_games, replay_game, KnownDiffs, MilaError, ReplaySummary};
use standoff::parse::parse_order;
use standoff::report::{phase_report, Audience};
use standoff::{PhaseKind, Position, Variant};

#[test]
fn a_fleet_built_inland_is_refused_as_such() {
    let v = Variant::standard();
    let position = Position::from_json(
        &v,
        r#"{"phase": "Winter 1901 Adjustment", "units": {"Austria": ["A bud"]},
            "centers": {"Austria": ["vie", "bud", "tri", "ser"]}}"#,
    )
    .expect("position");
    let austria = v.find_power("Austria");
    let order = parse_order(&v, PhaseKind::Adjustment, austria, "Build F Vie").expect("reads");
    let mut game = Game::from_position(position);
    let orders = [order];
    let processed = game.process(&v, &orders);
    let report = phase_report(&v, &orders, &processed, Audience::All);
    assert!(
        report.contains("a fleet cannot be built in an inland province"),
        "{report}"
    );
    assert!(!report.contains("cannot move there"), "{report}");
}

#[test]
fn a_fleet_placed_without_its_coast_is_told_the_coast_is_missing() {
    let v = Variant::standard();
    let err = Position::from_json(
        &v,
        r#"{"phase": "Spring 1901 Movement", "units": {"Russia": ["F stp"]}}"#,
    )
    .expect_err("refused");
    let text = err.to_string();
    assert!(text.contains("coast"), "{text}");
    assert!(text.contains("stp/nc") && text.contains("stp/sc"), "{text}");
    assert!(!text.contains("cannot stand"), "{text}");
}

/// A case repeating an earlier case's name (id and title, as jDip names cases) is an
/// error of the repeat: it is kept and fails once (docs/datc-format.md). Cases sharing
/// only an id, as jDip's real-game files write them (`CASE Describe Spring 1910`,
/// `CASE Describe Fall 1910`), are two cases.
#[test]
fn a_case_file_repeating_a_case_name_fails_the_repeat() {
    let case = |title: &str| {
        format!(
            "CASE 6.A.1 {title}\nPRESTATE\nEngland: F nth\nORDERS\nEngland: F nth H\n\
             POSTSTATE\nEngland: F nth\nEND\n"
        )
    };
    let text = case("first") + &case("first");
    let (file, errors) = parse_case_file(&text);
    assert_eq!(file.cases.len(), 2, "the repeat is kept, to fail");
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].line, 9);
    assert_eq!(errors[0].case_line, Some(9), "the error is the repeat's");
    assert!(errors[0].message.contains("6.A.1"), "{errors:?}");
    assert!(errors[0].message.contains("line 1"), "{errors:?}");
    let v = Variant::standard();
    let report =
        standoff::datc::run_case_file(&v, &standoff::rules::Rules::DATC, &file, &errors, "");
    assert_eq!((report.passed(), report.failed()), (1, 1));

    let text = case("Spring") + &case("Fall");
    let (file, errors) = parse_case_file(&text);
    assert_eq!(file.cases.len(), 2);
    assert!(errors.is_empty(), "{errors:?}");
}

#[test]
fn a_player_or_a_power_listed_twice_is_refused() {
    let v = Variant::standard();
    let twice = parse_preferences(&v, "Ann: France\nBen: Italy\nAnn: Germany");
    assert!(
        matches!(twice, Err(AssignError::DuplicatePlayer { line: 3, .. })),
        "{twice:?}"
    );
    let thrice = parse_preferences(&v, "Ann: France; [Italy, France]; France");
    assert!(
        matches!(thrice, Err(AssignError::DuplicatePower { line: 1, .. })),
        "{thrice:?}"
    );
    let err = thrice.expect_err("refused").to_string();
    assert!(err.contains("France"), "{err}");
    // Different players may ask for the same power.
    assert!(parse_preferences(&v, "Ann: France\nBen: France").is_ok());
}

/// A recorded game of two phases, the first named `first`, on map `map`.
fn two_phase_game(first: &str, map: &str) -> String {
    format!(
        r#"{{"id": "g", "map": "{map}", "phases": [
            {{"name": "{first}", "state": {{"units": {{"ENGLAND": ["F LON"]}},
              "centers": {{"ENGLAND": ["LON"]}}}}, "orders": {{"ENGLAND": ["F LON H"]}}}},
            {{"name": "F1901M", "state": {{"units": {{"ENGLAND": ["F LON"]}},
              "centers": {{"ENGLAND": ["LON"]}}}}}}
        ]}}"#
    )
}

fn replay(text: &str) -> (Result<(), MilaError>, ReplaySummary) {
    let v = Variant::standard();
    let mut summary = ReplaySummary::default();
    let game = read_games(text).remove(0).expect("reads");
    let result = replay_game(&v, &game, &mut summary);
    (result, summary)
}

#[test]
fn a_phase_name_that_is_not_a_phase_is_reported_not_skipped() {
    let (result, summary) = replay(&two_phase_game("S1901M", "standard"));
    assert_eq!(result, Ok(()));
    assert_eq!(summary.agree, 1, "{summary:?}");
    let (result, summary) = replay(&two_phase_game("X9999Q", "standard"));
    assert_eq!(result, Ok(()));
    assert_eq!(summary.differ.len(), 1, "{summary:?}");
    assert!(summary.differ[0].lines[0].contains("X9999Q"), "{summary:?}");
}

#[test]
fn a_game_on_another_map_is_refused() {
    let (result, summary) = replay(&two_phase_game("S1901M", "narnia"));
    let err = result.expect_err("refused");
    assert!(err.to_string().contains("narnia"), "{err}");
    assert_eq!(summary, ReplaySummary::default(), "nothing replayed");
    // The package's own name for the standard map, in any case.
    assert_eq!(replay(&two_phase_game("S1901M", "STANDARD")).0, Ok(()));
}

#[test]
fn known_differences_are_read_and_bad_lines_refused() {
    let known = KnownDiffs::parse("# comment\n\ng1 S1901M why\ng2 F1902M\n").expect("reads");
    assert!(known.contains("g1", "S1901M"));
    assert!(known.contains("g2", "F1902M"));
    assert!(!known.contains("g1", "F1902M"));
    assert_eq!(known.len(), 2);
    let err = KnownDiffs::parse("g1 S1901M why\nlonely\n").expect_err("refused");
    assert!(err.to_string().contains("line 2"), "{err}");
}
