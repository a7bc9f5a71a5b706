//! The game session: order checks per line, who must act, processing with missed
//! orders (civil disorder), and the saved-game round trip.

use standoff::game::EndRules;
use standoff::rules::{Rules, RulesError};
use standoff::session::{CheckOutcome, Session, SessionError};
use standoff::variant::builtin_arc;
use standoff::{PhaseKind, PowerId};
use std::sync::Arc;

fn standard() -> Session {
    Session::new_builtin("standard", Rules::DATC, EndRules::default()).expect("standard")
}

fn lines(text: &[&str]) -> Vec<String> {
    text.iter().map(|s| s.to_string()).collect()
}

fn power(s: &Session, name: &str) -> PowerId {
    s.find_power(name).expect("power")
}

fn unit_at(s: &Session, space: &str) -> Option<String> {
    let v = s.variant();
    let p = v.map.find_province(space)?;
    s.record()
        .game
        .position
        .unit_at(p)
        .map(|u| format!("{} {:?}", v.power_name(u.power), u.kind))
}

#[test]
fn builtin_variants_are_shared() {
    let a = builtin_arc("standard").expect("standard");
    let b = builtin_arc("classical").expect("alias");
    assert!(Arc::ptr_eq(&a, &b));
    assert!(builtin_arc("no-such-map").is_err());
}

#[test]
fn each_line_says_how_it_is_read_or_why_not() {
    let mut s = standard();
    let france = power(&s, "France");
    let checks = s
        .submit(
            france,
            &lines(&[
                "a paris - burgundy",
                "A mar - lon",
                "F bre - ech\nA lon - wal",
                "xyzzy",
            ]),
        )
        .expect("submit");
    assert_eq!(checks.len(), 5, "an entry with two lines gives two checks");
    assert_eq!(checks[0].read_as.as_deref(), Some("A par - bur"));
    assert!(matches!(checks[0].outcome, CheckOutcome::Accepted(_)));
    // Marseilles is not next to London: read, but illegal.
    assert!(
        matches!(checks[1].outcome, CheckOutcome::Illegal { .. }),
        "{:?}",
        checks[1]
    );
    assert!(checks[1].read_as.is_some());
    assert!(checks[2].accepted().is_some());
    // London holds an English fleet: not France's to order.
    assert!(
        matches!(checks[3].outcome, CheckOutcome::Refused(_)),
        "{:?}",
        checks[3]
    );
    assert!(matches!(checks[4].outcome, CheckOutcome::Refused(_)));
    assert!(checks[4].problem().is_some_and(|p| !p.is_empty()));
    // The submission is kept; England's is not touched.
    assert_eq!(s.orders(france).map(<[_]>::len), Some(5));
    assert!(s.orders(power(&s, "England")).is_none());
}

#[test]
fn naming_another_power_is_refused() {
    let mut s = standard();
    let france = power(&s, "France");
    let checks = s
        .submit(france, &lines(&["Germany: A ber - kie"]))
        .expect("submit");
    assert!(
        matches!(checks[0].outcome, CheckOutcome::Refused(_)),
        "{checks:?}"
    );
}

#[test]
fn a_new_submission_replaces_the_old_one() {
    let mut s = standard();
    let france = power(&s, "France");
    s.submit(france, &lines(&["A par - bur"])).expect("submit");
    s.submit(france, &lines(&["A par - pic"])).expect("submit");
    s.process().expect("process");
    assert_eq!(unit_at(&s, "pic").as_deref(), Some("France Army"));
    assert!(unit_at(&s, "bur").is_none());
}

#[test]
fn missed_orders_hold_and_the_phase_moves_on() {
    let mut s = standard();
    assert_eq!(s.powers_with_orders_due().len(), 7);
    let france = power(&s, "France");
    s.submit(france, &lines(&["A par - bur", "A mar - lon"]))
        .expect("submit");
    let done = s.process().expect("process");
    assert_eq!(done.processed.phase.kind, PhaseKind::Movement);
    assert_eq!(
        done.collected.orders.len(),
        1,
        "the illegal order is not passed on"
    );
    assert_eq!(unit_at(&s, "bur").as_deref(), Some("France Army"));
    // Nobody else ordered: their units held.
    assert_eq!(unit_at(&s, "lon").as_deref(), Some("England Fleet"));
    assert_eq!(unit_at(&s, "mar").as_deref(), Some("France Army"));
    assert!(s.orders(france).is_none(), "submissions are cleared");
    assert_eq!(
        s.record().game.position.phase().to_string(),
        "Fall 1901 Movement"
    );
}

/// Fall 1901: France dislodges the German army in Munich.
fn munich_attacked() -> Session {
    let text = r#"{"variant": "standard",
        "position": {"phase": "Fall 1901 Movement",
                     "units": {"France": ["A bur", "A ruh"], "Germany": ["A mun"]}}}"#;
    Session::from_json_text(text).expect("saved game")
}

#[test]
fn a_retreat_phase_asks_only_the_dislodged_power_and_disbands_when_missed() {
    let mut s = munich_attacked();
    let (france, germany) = (power(&s, "France"), power(&s, "Germany"));
    let mut due = s.powers_with_orders_due();
    due.sort();
    assert_eq!(due, {
        let mut v = vec![france, germany];
        v.sort();
        v
    });
    s.submit(france, &lines(&["A bur - mun", "A ruh S A bur - mun"]))
        .expect("submit");
    s.process().expect("fall");
    assert_eq!(
        s.record().game.position.phase().to_string(),
        "Fall 1901 Retreat"
    );
    assert_eq!(s.powers_with_orders_due(), vec![germany]);
    // A retreat order is checked in the retreat phase's terms.
    let checks = s
        .submit(germany, &lines(&["A mun - bur", "A mun - boh"]))
        .expect("submit");
    assert!(checks[0].accepted().is_none(), "{checks:?}");
    assert!(checks[1].accepted().is_some(), "{checks:?}");
    // Germany changes its mind and sends nothing: the unit is disbanded.
    s.submit(germany, &[]).expect("submit");
    s.process().expect("retreats");
    let v = s.variant().clone();
    let position = &s.record().game.position;
    assert_eq!(position.unit_count(germany), 0);
    assert_eq!(position.phase().kind, PhaseKind::Adjustment);
    let mun = v.map.find_province("mun").expect("mun");
    assert_eq!(position.owners()[mun.index()], Some(france));
    // Winter: every power short of units may build; France and Germany among them.
    let due = s.powers_with_orders_due();
    assert!(due.contains(&france) && due.contains(&germany), "{due:?}");
    // Nobody orders: builds are waived, and spring comes.
    s.process().expect("winter");
    assert_eq!(
        s.record().game.position.phase().to_string(),
        "Spring 1902 Movement"
    );
    assert_eq!(s.record().game.position.unit_count(france), 2);
}

#[test]
fn the_saved_game_round_trips_with_its_history() {
    let mut s = standard();
    let france = power(&s, "France");
    s.submit(france, &lines(&["A par - bur"])).expect("submit");
    s.process().expect("spring");
    let saved = s.to_json();
    assert_eq!(saved.history.len(), 1);
    assert_eq!(
        saved.history[0].orders,
        vec!["France: A par - bur".to_string()]
    );
    let text = serde_json::to_string(&saved).expect("json");
    let mut back = Session::from_json_text(&text).expect("load");
    assert_eq!(back.record().game.position, s.record().game.position);
    assert_eq!(back.to_json(), saved);
    // It plays on, and the history keeps growing.
    back.process().expect("fall");
    assert_eq!(back.to_json().history.len(), 2);
}

#[test]
fn unsupported_rules_and_bad_saves_are_refused() {
    // Unsupported rules cannot reach a session: the checked type refuses them.
    let err = Rules::parse("dptg 4.A.7=a").expect_err("refused");
    assert!(matches!(err, RulesError::Unsupported(_)), "{err}");
    let end = EndRules {
        victory_centers: Some(0),
        ..EndRules::default()
    };
    let err = Session::new_builtin("standard", Rules::DATC, end).expect_err("refused");
    assert!(matches!(err, SessionError::EndRules(_)), "{err}");
    assert!(Session::from_json_text("{").is_err());
    let bad = r#"{"variant": "standard", "position": {"phase": "Spring 1901 Movement", "units": {"Narnia": ["A par"]}}}"#;
    assert!(matches!(
        Session::from_json_text(bad),
        Err(SessionError::Position(_))
    ));
    assert!(matches!(
        Session::new_builtin("atlantis", Rules::DATC, EndRules::default()),
        Err(SessionError::Variant(_))
    ));
}

#[test]
fn a_finished_game_takes_no_orders() {
    let end = EndRules {
        end_after_year: Some(1901),
        ..EndRules::default()
    };
    let mut s = Session::new_builtin("standard", Rules::DATC, end).expect("session");
    s.process().expect("spring");
    s.process().expect("fall");
    assert!(s.is_over());
    assert!(s.ended().is_some());
    assert!(s.powers_with_orders_due().is_empty());
    let france = power(&s, "France");
    assert_eq!(
        s.submit(france, &lines(&["A par H"])),
        Err(SessionError::GameOver)
    );
    assert!(matches!(s.process(), Err(SessionError::GameOver)));
    // The end survives a save.
    let back =
        Session::from_json_text(&serde_json::to_string(&s.to_json()).expect("json")).expect("load");
    assert!(back.is_over());
    // As data, not only as words: a reloaded session knows how the game ended.
    assert!(s.record().game.ended.is_some());
    assert_eq!(back.record().game.ended, s.record().game.ended);
    assert_eq!(back.ended(), s.ended());
    // A saved end naming a power the variant lacks is refused.
    let mut bad = s.to_json();
    bad.end = Some(standoff::json::GameEndJson::Victory {
        power: "Narnia".to_string(),
        centers: 18,
    });
    assert_eq!(
        Session::from_json_text(&serde_json::to_string(&bad).expect("json")).err(),
        Some(SessionError::UnknownPower("Narnia".to_string()))
    );
}

#[test]
fn orders_checked_by_the_caller_go_to_the_judge_as_submitted() {
    // The Python binding reads orders itself and hands the session the checked ones.
    let mut s = standard();
    let france = power(&s, "France");
    let checks = s
        .submit(france, &lines(&["A PAR - BUR", "A MAR - PIE"]))
        .expect("submit");
    let orders: Vec<_> = checks
        .iter()
        .filter_map(|c| c.accepted())
        .cloned()
        .collect();
    assert_eq!(orders.len(), 2);
    s.clear_submissions(None);
    assert!(s.orders(france).is_none());
    assert_eq!(s.accepted_orders(france).count(), 0);
    s.submit_checked(france, orders.clone())
        .expect("submit checked");
    assert_eq!(
        s.accepted_orders(france).cloned().collect::<Vec<_>>(),
        orders
    );
    // The lines of a checked submission are the orders in canonical notation, as the
    // session reads them from text.
    let lines_now = s.orders(france).expect("submitted").to_vec();
    assert_eq!(lines_now.len(), 2);
    for (line, check) in lines_now.iter().zip(&checks) {
        assert_eq!(Some(&line.text), check.read_as.as_ref());
        assert_eq!(line.read_as, check.read_as);
        assert_eq!(line.accepted(), check.accepted());
    }
    let played = s.process().expect("process");
    assert_eq!(played.collected.orders.len(), 2);
    assert_eq!(unit_at(&s, "bur").as_deref(), Some("France Army"));
    assert_eq!(unit_at(&s, "pie").as_deref(), Some("France Army"));
}

#[test]
fn a_session_around_a_record_edits_the_board_between_phases() {
    let variant = builtin_arc("standard").expect("standard");
    let record = standoff::record::RecordedGame::new(&variant);
    let mut s = Session::from_record("standard", variant, record);
    let paris = s.variant().map.find_province("par").expect("par");
    let mut setup = s.record().game.position.to_setup();
    setup
        .units
        .retain(|u| s.variant().map.province_of(u.location) != paris);
    s.record_mut().game.position =
        standoff::Position::from_setup(s.variant(), setup).expect("position");
    assert_eq!(unit_at(&s, "par"), None);
    let france = power(&s, "France");
    s.clear_submissions(Some(france));
    s.process().expect("process");
    assert_eq!(s.record().history.len(), 1);
}

#[test]
fn the_checker_follows_the_board_after_edits_and_played_phases() {
    // The session keeps the judge's unit tables between checkers of one position; an
    // edit of the record or a played phase must not leave a checker on the old board.
    let variant = builtin_arc("standard").expect("standard");
    let record = standoff::record::RecordedGame::new(&variant);
    let mut s = Session::from_record("standard", variant.clone(), record);
    let read = |s: &Session, text: &str| {
        let france = s.find_power("France").expect("France");
        standoff::parse::parse_order(&variant, PhaseKind::Movement, Some(france), text)
            .expect("readable")
    };
    let paris_to_burgundy = read(&s, "A PAR - BUR");
    assert!(s.checker().check(&paris_to_burgundy).is_ok());
    // A second checker of the same position (from the kept tables) agrees.
    assert!(s.checker().check(&paris_to_burgundy).is_ok());
    // Paris emptied by an edit: no unit to order there any more.
    let paris = variant.map.find_province("par").expect("par");
    let mut setup = s.record().game.position.to_setup();
    setup
        .units
        .retain(|u| variant.map.province_of(u.location) != paris);
    s.record_mut().game.position = standoff::Position::from_setup(&variant, setup).expect("ok");
    assert!(s.checker().check(&paris_to_burgundy).is_err());
    // Marseilles moves to Burgundy in spring; in fall the army is in Burgundy.
    let france = s.find_power("France").expect("France");
    s.submit_checked(france, vec![read(&s, "A MAR - BUR")])
        .expect("submit");
    let marseilles_holds = read(&s, "A MAR H");
    assert!(s.checker().check(&marseilles_holds).is_ok());
    s.process().expect("process");
    assert!(s.checker().check(&marseilles_holds).is_err());
    assert!(s.checker().check(&read(&s, "A BUR H")).is_ok());
}
