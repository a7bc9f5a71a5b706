//! Power assignment from preference lists (DPTG I) and end-of-game rules (DPTG II).

use standoff::assign::{assign_powers, parse_preferences, Preference};
use standoff::game::{DrawReason, EndRules, Game, GameEnd};
use standoff::{PowerId, Variant};

#[test]
fn random_requests_first_then_lists_then_leftovers() {
    let v = Variant::standard();
    let text = "Ann: France; [Germany, Italy or Austria]; [England or Russia]; Turkey\n\
                Ben: France\nCat: random\nDan:\nEve: France; Germany\nFay: Italy\nGus: Italy";
    let players = parse_preferences(&v, text).expect("reads");
    assert_eq!(players[2].1, Preference::Random);
    assert_eq!(players[3].1, Preference::Ranked(vec![]));
    for seed in 0..50 {
        let got = assign_powers(&v.seats(), &players, seed).expect("assigns");
        assert_eq!(got.len(), 7);
        let mut powers: Vec<PowerId> = got.iter().map(|(_, p)| *p).collect();
        powers.sort();
        powers.dedup();
        assert_eq!(powers.len(), 7, "each power once");
        // Whoever of Ann, Ben and Eve is read first gets France; Fay or Gus gets Italy
        // unless Ann took it from her second group.
        let france = v.find_power("France").expect("France");
        let holder = got
            .iter()
            .find(|(_, p)| *p == france)
            .map(|(n, _)| n.as_str());
        assert!(
            matches!(holder, Some("Ann" | "Ben" | "Eve" | "Cat")),
            "seed {seed}: {holder:?}"
        );
        assert_eq!(
            assign_powers(&v.seats(), &players, seed).expect("again"),
            got,
            "reproducible"
        );
    }
}

#[test]
fn unknown_powers_and_too_many_players_are_errors() {
    let v = Variant::standard();
    assert!(parse_preferences(&v, "Ann: Atlantis").is_err());
    assert!(parse_preferences(&v, "no colon here").is_err());
    let eight: Vec<(String, Preference)> = (0..8)
        .map(|i| (format!("p{i}"), Preference::Random))
        .collect();
    assert!(assign_powers(&v.seats(), &eight, 1).is_err());
}

/// Known World 901's Neutral State is its map file's dummy: with sixteen players there
/// is no power for the sixteenth, and nobody is given it, not even a player who asks.
#[test]
fn a_dummy_power_is_given_to_nobody() {
    let v = Variant::builtin("known-world-901").expect("built in");
    let neutral = v.find_power("Neutral State").expect("the Neutral State");
    assert!(v.powers[neutral.index()].dummy);
    assert_eq!(v.seats().len(), 15);
    assert!(!v.seats().contains(&neutral));
    let players = |n: usize| -> Vec<(String, Preference)> {
        (0..n)
            .map(|i| match i {
                0 => ("asks".to_string(), Preference::Ranked(vec![vec![neutral]])),
                _ => (format!("p{i}"), Preference::Random),
            })
            .collect()
    };
    for seed in 0..50 {
        let given = assign_powers(&v.seats(), &players(15), seed).expect("fifteen seats");
        assert_eq!(given.len(), 15);
        assert!(given.iter().all(|(_, p)| *p != neutral), "seed {seed}");
    }
    let err = assign_powers(&v.seats(), &players(16), 1).expect_err("no sixteenth seat");
    assert!(
        err.to_string()
            .contains("16 players but only 15 powers to give"),
        "{err}"
    );
}

#[test]
fn a_line_without_a_player_name_is_refused() {
    let v = Variant::standard();
    let err = parse_preferences(&v, "Ann: England\n  : France").expect_err("no player name");
    assert_eq!(err, standoff::assign::AssignError::MissingPlayer(2));
    assert!(err.to_string().contains("line 2: no player name"), "{err}");
}

#[test]
fn quiet_years_draw_and_short_game() {
    let v = Variant::standard();
    let mut game = Game::new(&v).with_end_rules(EndRules {
        draw_after_quiet_years: Some(2),
        ..EndRules::default()
    });
    for _ in 0..4 {
        game.process(&v, &[]);
    }
    match &game.ended {
        Some(GameEnd::Draw {
            reason: DrawReason::QuietYears(2),
            powers,
        }) => assert_eq!(powers.len(), 7),
        other => panic!("expected a quiet-years draw, got {other:?}"),
    }
    assert!(game.is_over());
    let mut short = Game::new(&v).with_end_rules(EndRules {
        end_after_year: Some(1901),
        ..EndRules::default()
    });
    short.process(&v, &[]);
    let done = short.process(&v, &[]);
    assert!(
        matches!(done.ended, Some(GameEnd::ShortGameOver { ref ranking }) if ranking[0].1 == 4)
    );
    let mut years = Game::new(&v).with_end_rules(EndRules::DPTG);
    for _ in 0..14 {
        years.process(&v, &[]);
    }
    assert!(matches!(
        years.ended,
        Some(GameEnd::Draw {
            reason: DrawReason::QuietYears(7),
            ..
        })
    ));
}
