//! The end of a game (issue 14, item 2): victory goes to the one power with the most
//! centers at or above the threshold (a tie at the top is no victory), the report says
//! the real count, end rules that could never apply are refused, and phases an ended
//! game leaves unplayed are named.

use standoff::game::{EndRules, EndRulesError, Game, GameEnd};
use standoff::parse::split_phases;
use standoff::report::{phase_report, Audience};
use standoff::{Position, Variant};

/// A fall position where every power holds and these powers own these centers.
fn fall_1901(variant: &Variant, centers: &str) -> Position {
    let text = format!(
        r#"{{
            "phase": "Fall 1901 Movement",
            "units": {{
                "Austria": ["A vie"], "Germany": ["A ber"], "Russia": ["A mos"],
                "England": ["F lon"], "France": ["A par"], "Italy": ["A rom"],
                "Turkey": ["A con"]
            }},
            "centers": {{ {centers} }}
        }}"#
    );
    Position::from_json(variant, &text).expect("test position")
}

const AUSTRIA_5: &str = r#""Austria": ["vie", "bud", "tri", "ser", "gre"]"#;
const RUSSIA_6: &str = r#""Russia": ["mos", "sev", "stp", "war", "rum", "nwy"]"#;

fn play_year_end(variant: &Variant, centers: &str, end: EndRules) -> (Game, String) {
    let mut game = Game::from_position(fall_1901(variant, centers)).with_end_rules(end);
    let processed = game.process(variant, &[]);
    let report = phase_report(variant, &[], &processed, Audience::All);
    (game, report)
}

#[test]
fn the_most_centers_at_the_threshold_wins_not_the_first_power_listed() {
    let v = Variant::standard();
    let centers = format!(
        r#"{AUSTRIA_5}, {RUSSIA_6},
           "Germany": ["ber", "kie", "mun", "hol", "den", "swe", "bel"]"#
    );
    let five = EndRules {
        victory_centers: Some(5),
        ..EndRules::default()
    };
    let (game, report) = play_year_end(&v, &centers, five);
    let germany = v.find_power("Germany").expect("Germany");
    assert_eq!(
        game.ended,
        Some(GameEnd::Victory {
            power: germany,
            centers: 7
        })
    );
    assert_eq!(game.winner, Some(germany));
    assert!(
        report.contains("Germany has 7 centers and wins."),
        "{report}"
    );
}

#[test]
fn a_tie_at_the_top_is_no_victory() {
    let v = Variant::standard();
    let centers = format!(
        r#"{AUSTRIA_5}, {RUSSIA_6},
           "Germany": ["ber", "kie", "mun", "hol", "den", "swe"]"#
    );
    let five = EndRules {
        victory_centers: Some(5),
        ..EndRules::default()
    };
    let (game, report) = play_year_end(&v, &centers, five);
    assert_eq!(game.winner, None);
    assert_eq!(game.ended, None);
    assert!(!game.is_over());
    assert!(!report.contains("wins"), "{report}");
}

#[test]
fn the_victory_message_gives_the_real_count() {
    let v = Variant::standard();
    // England with 19 centers, beyond the standard 18.
    let centers = r#""England": ["lon", "edi", "lvp", "nwy", "swe", "den", "hol", "bel",
        "bre", "smy", "mar", "spa", "por", "kie", "ank", "mun", "stp", "tun", "nap"]"#;
    let (game, report) = play_year_end(&v, centers, EndRules::default());
    let england = v.find_power("England").expect("England");
    assert_eq!(game.winner, Some(england));
    assert!(
        report.contains("England has 19 centers and wins."),
        "{report}"
    );
}

#[test]
fn end_rules_that_cannot_apply_are_refused() {
    let v = Variant::standard();
    let refused = [
        (
            EndRules {
                victory_centers: Some(0),
                ..EndRules::default()
            },
            "victory",
        ),
        (
            EndRules {
                victory_centers: Some(35),
                ..EndRules::default()
            },
            "34",
        ),
        (
            EndRules {
                draw_after_quiet_years: Some(0),
                ..EndRules::default()
            },
            "quiet",
        ),
        (
            EndRules {
                draw_after_years: Some(0),
                ..EndRules::default()
            },
            "years",
        ),
        (
            EndRules {
                end_after_year: Some(1900),
                ..EndRules::default()
            },
            "1901",
        ),
    ];
    for (rules, word) in refused {
        let err: EndRulesError = rules.check(&v).expect_err("refused");
        assert!(err.to_string().contains(word), "{rules:?}: {err}");
    }
    for ok in [
        EndRules::default(),
        EndRules::DPTG,
        EndRules {
            victory_centers: Some(34),
            end_after_year: Some(1901),
            draw_after_quiet_years: Some(1),
            draw_after_years: Some(1),
        },
    ] {
        assert_eq!(ok.check(&v), Ok(()), "{ok:?}");
    }
}

#[test]
fn phases_after_the_end_are_named_as_not_played() {
    let v = Variant::standard();
    let script = "[Spring 1901 Movement]\nEngland: F lon - nth\n\
                  [Fall 1901 Movement]\nEngland: F nth - nwy\n\
                  [Spring 1902 Movement]\nEngland: F nwy - stp/nc\n\
                  [Fall 1902 Movement]\nEngland: F stp/nc H\n\
                  [Spring 1903 Movement]\n";
    let sections = split_phases(script).expect("sections");
    let mut game = Game::new(&v).with_end_rules(EndRules {
        end_after_year: Some(1901),
        ..EndRules::default()
    });
    let mut played = 0;
    let unplayed = game
        .play_sections(&v, &sections, |_, _| played += 1)
        .expect("plays");
    assert_eq!(played, 2);
    let names: Vec<String> = unplayed
        .iter()
        .map(|u| u.phase.map(|p| p.to_string()).unwrap_or_default())
        .collect();
    // The last header has no orders: nothing of it was lost.
    assert_eq!(names, ["Spring 1902 Movement", "Fall 1902 Movement"]);
    assert_eq!(unplayed[0].line, 5);
}
