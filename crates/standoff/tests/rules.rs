//! Rule sets: presets, option parsing, the docs table.

use standoff::rules::{preset, preset_names, AdjacentConvoy, ParadoxRule, RuleSet, RulesError};

#[test]
fn default_is_the_datc_preset_and_fully_supported() {
    assert_eq!(RuleSet::default(), preset("datc").expect("datc"));
    assert_eq!(RuleSet::default().unsupported(), Vec::<String>::new());
    for name in preset_names() {
        assert_eq!(
            preset(name).expect("preset").unsupported(),
            Vec::<String>::new(),
            "{name}"
        );
    }
}

#[test]
fn options_by_name_or_letter() {
    let r = RuleSet::parse("datc adjacent_convoy=e 4.A.2=all_hold").expect("parses");
    assert_eq!(r.adjacent_convoy, AdjacentConvoy::ExplicitOnly);
    assert_eq!(r.paradox, ParadoxRule::AllHold);
    assert!(matches!(
        RuleSet::parse("nope"),
        Err(RulesError::UnknownPreset(_))
    ));
    assert!(matches!(
        RuleSet::parse("datc bogus=a"),
        Err(RulesError::UnknownOption(_))
    ));
    assert!(matches!(
        RuleSet::parse("datc paradox=z"),
        Err(RulesError::UnknownChoice { .. })
    ));
    assert!(matches!(
        RuleSet::parse("datc paradox"),
        Err(RulesError::UnknownOption(_))
    ));
}

#[test]
fn presets_round_trip_through_json() {
    for name in preset_names() {
        let r = preset(name).expect("preset");
        let json = serde_json::to_string(&r).expect("serialises");
        assert_eq!(
            serde_json::from_str::<RuleSet>(&json).expect("reads"),
            r,
            "{name}"
        );
    }
}

#[test]
fn unsupported_choices_are_refused() {
    for spec in [
        "dptg dislodged_unit_effect=a",
        "datc paradox=f dislodged_unit_effect=a",
    ] {
        let r = RuleSet::parse(spec).expect("parses");
        assert!(
            matches!(r.check_supported(), Err(RulesError::Unsupported(_))),
            "{spec}"
        );
        // The checked type cannot be built from them: no entry point can be given them.
        assert!(
            matches!(
                standoff::rules::Rules::new(r),
                Err(RulesError::Unsupported(_))
            ),
            "{spec}"
        );
        assert!(
            matches!(
                standoff::rules::Rules::parse(spec),
                Err(RulesError::Unsupported(_))
            ),
            "{spec}"
        );
    }
}

#[test]
fn rules_doc_table_is_current() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/rules.md"))
        .expect("docs/rules.md");
    let table = standoff::rules::options_markdown();
    assert!(
        doc.contains(&table),
        "docs/rules.md is stale: regenerate with `standoff rules --markdown`"
    );
}

/// The standard map without its `default_coast` keys.
fn standard_without_default_coasts() -> standoff::Variant {
    let source =
        include_str!("../variants/standard/variant.toml").replace("default_coast = \"sc\"\n", "");
    standoff::Variant::from_toml(&source, "no-defaults.toml").expect("loads")
}

#[test]
fn default_coast_rules_fail_where_the_map_names_none() {
    use standoff::adjudicate::{adjudicate_text_with, Illegal, Outcome};
    use standoff::{Phase, Position, UnitKind};
    let v = standard_without_default_coasts();
    let rules = standoff::rules::Rules::parse("datc missing_coast_two=b missing_coast_one=b")
        .expect("rules");
    let mut setup = standoff::position::Setup::empty(Phase::spring_movement(1901));
    for (at, kind) in [("por", UnitKind::Fleet), ("lyo", UnitKind::Fleet)] {
        let location = v.map.find_province(at).expect("province").location();
        let power = v.find_power("France").expect("power");
        setup.units.push(standoff::Unit::new(power, kind, location));
    }
    let pos = Position::from_setup(&v, setup).expect("position");
    let done = adjudicate_text_with(&v, &rules, &pos, "France: F por - spa\nFrance: F lyo - spa");
    assert!(done.errors.is_empty());
    for at in ["por", "lyo"] {
        let p = v.map.find_province(at).expect("province");
        assert_eq!(
            done.result.unit(p).map(|r| r.outcome),
            Some(Outcome::Illegal(Illegal::CoastNotSpecified)),
            "{at}"
        );
    }
}

/// Runs cases written in the case-file format (with their `RULES` line) on the standard
/// map; every case must pass.
fn run_cases(text: &str) {
    use standoff::datc::{parse_case_file, run_case_with};
    let (file, errors) = parse_case_file(text);
    assert!(errors.is_empty(), "{errors:?}");
    let rules =
        standoff::rules::Rules::parse(file.rules.as_deref().unwrap_or("datc")).expect("rules");
    let variant = standoff::Variant::standard();
    assert!(!file.cases.is_empty());
    for case in &file.cases {
        let report = run_case_with(&variant, &rules, case);
        assert!(report.passed, "{}: {}", case.id, report.problems.join("; "));
    }
}

/// DATC 4.A.6 b: a written convoy path is allowed and binds the convoy to it (the DATC
/// has no chapter-6 case for it; the first case is its chapter-4 example).
#[test]
fn convoy_path_allowed_binds_the_convoy() {
    run_cases(
        r#"
RULES datc convoy_path=b
CASE 4A6.b.1 THE DATC'S EXAMPLE
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
	England: F nth
	England: A yor
ORDERS
	England: F nth C A yor - bel
	England: A yor - nth - bel
POSTSTATE
	England: F nth
	England: A bel
END

CASE 4A6.b.2 THE UNWANTED ALTERNATIVE (6.F.13) WITH A PATH
# England writes its path through the North Sea: when that fleet is dislodged the
# convoy fails, and the French fleet's convoy order, off the path, does not carry it.
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
	England: A lon
	England: F nth
	France: F eng
	Germany: F hol
	Germany: F den
ORDERS
	England: A lon - nth - bel
	England: F nth C A lon - bel
	France: F eng C A lon - bel
	Germany: F hol S F den - nth
	Germany: F den - nth
POSTSTATE
	England: A lon
	France: F eng
	Germany: F hol
	Germany: F nth
POSTSTATE_DISLODGED
	England: F nth
END

CASE 4A6.b.3 THE UNWANTED ALTERNATIVE (6.F.13) WITHOUT A PATH
# No path written: the convoy goes by any route, as under choice a.
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
	England: A lon
	England: F nth
	France: F eng
	Germany: F hol
	Germany: F den
ORDERS
	England: A lon - bel
	England: F nth C A lon - bel
	France: F eng C A lon - bel
	Germany: F hol S F den - nth
	Germany: F den - nth
POSTSTATE
	England: A bel
	France: F eng
	Germany: F hol
	Germany: F nth
POSTSTATE_DISLODGED
	England: F nth
END

CASE 4A6.b.4 EVERY FLEET ON THE PATH COUNTS
# The path goes through the Channel too: its fleet is dislodged and the convoy fails,
# although the North Sea alone could have carried the army.
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
	England: A lon
	England: F nth
	England: F eng
	France: F mao
	France: F bre
ORDERS
	England: A lon - nth - eng - bel
	England: F nth C A lon - bel
	England: F eng C A lon - bel
	France: F mao - eng
	France: F bre S F mao - eng
POSTSTATE
	England: A lon
	England: F nth
	France: F eng
	France: F bre
POSTSTATE_DISLODGED
	England: F eng
END

CASE 4A6.b.5 A PATH TO AN ADJACENT PROVINCE IS A CONVOY
# The path makes the move a convoy: the armies swap.
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
	France: A pic
	France: F eng
	Germany: A bel
ORDERS
	France: A pic - eng - bel
	France: F eng C A pic - bel
	Germany: A bel - pic
POSTSTATE
	France: A bel
	France: F eng
	Germany: A pic
END

CASE 4A6.b.6 A PATH WITHOUT A FLEET IS ILLEGAL
# No fleet in the North Sea: the path cannot be taken, the order is illegal (4.E.1 d)
# and the Channel's convoy order does not carry the army either.
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
	England: A lon
	England: F eng
ORDERS
	England: A lon - nth - bel
	England: F eng C A lon - bel
POSTSTATE_SAME
END
"#,
    );
}

/// DATC 4.A.6 b with 4.E.1 a: a path that cannot be taken is a move that fails, even
/// where part of it would make a route.
#[test]
fn convoy_path_that_cannot_be_taken_fails_under_any_format_legality() {
    run_cases(
        r#"
RULES datc convoy_path=b legality=a
CASE 4A6.b.4E1.a.1 A BROKEN PATH
# The North Sea does not border the Mid-Atlantic: the path cannot be taken, although
# London - North Sea - Belgium could.
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
	England: A lon
	England: F nth
	England: F mao
ORDERS
	England: A lon - nth - mao - bel
	England: F nth C A lon - bel
	England: F mao C A lon - bel
POSTSTATE_SAME
END
"#,
    );
}

/// DATC 4.A.6 c: a convoy needs a written path.
#[test]
fn convoy_path_required() {
    run_cases(
        r#"
RULES datc convoy_path=c
CASE 4A6.c.1 A CONVOY WITHOUT PATH FAILS
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
	England: F nth
	England: A yor
ORDERS
	England: F nth C A yor - bel
	England: A yor - bel
POSTSTATE_SAME
END

CASE 4A6.c.2 A CONVOY WITH ITS PATH SUCCEEDS
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
	England: F nth
	England: A yor
ORDERS
	England: F nth C A yor - bel
	England: A yor - nth - bel
POSTSTATE
	England: F nth
	England: A bel
END

CASE 4A6.c.3 AN ADJACENT MOVE WITHOUT PATH GOES BY LAND
# Under the DATC preference France's own convoying fleet would make this a convoy and
# the armies would swap; without a path it is a head-to-head battle and both bounce.
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
	France: A pic
	France: F eng
	Germany: A bel
ORDERS
	France: A pic - bel
	France: F eng C A pic - bel
	Germany: A bel - pic
POSTSTATE_SAME
END
"#,
    );
    use standoff::adjudicate::{adjudicate_text_with, Illegal, Outcome};
    let v = standoff::Variant::standard();
    let rules = standoff::rules::Rules::parse("datc convoy_path=c").expect("rules");
    let mut setup = standoff::position::Setup::empty(standoff::Phase::spring_movement(1901));
    let england = v.find_power("England").expect("power");
    for (at, kind) in [
        ("nth", standoff::UnitKind::Fleet),
        ("yor", standoff::UnitKind::Army),
    ] {
        let location = v.map.find_province(at).expect("province").location();
        setup
            .units
            .push(standoff::Unit::new(england, kind, location));
    }
    let pos = standoff::Position::from_setup(&v, setup).expect("position");
    let done = adjudicate_text_with(
        &v,
        &rules,
        &pos,
        "England: A yor - bel\nEngland: F nth C A yor - bel",
    );
    let yor = v.map.find_province("yor").expect("yor");
    assert_eq!(
        done.result.unit(yor).map(|r| r.outcome),
        Some(Outcome::Illegal(Illegal::PathMissing))
    );
}

/// DATC 4.A.6 a (the default): a written path is ignored.
#[test]
fn convoy_path_ignored_by_default() {
    run_cases(
        r#"
RULES datc
CASE 4A6.a.1 EVERY FLEET ON THE PATH COUNTS ONLY UNDER B
# As 4A6.b.4: the path is ignored and the route through the North Sea carries the army.
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
	England: A lon
	England: F nth
	England: F eng
	France: F mao
	France: F bre
ORDERS
	England: A lon - nth - eng - bel
	England: F nth C A lon - bel
	England: F eng C A lon - bel
	France: F mao - eng
	France: F bre S F mao - eng
POSTSTATE
	England: A bel
	England: F nth
	France: F eng
	France: F bre
POSTSTATE_DISLODGED
	England: F eng
END
"#,
    );
}

/// DATC 4.E.3 a: implicit orders (no chapter-6 case; the first case is the DATC's
/// chapter-4 example).
#[test]
fn implicit_orders_allowed() {
    run_cases(
        r#"
RULES datc implicit_orders=a
CASE 4E3.a.1 THE DATC'S EXAMPLE
# Germany orders A ruh to support A kie - hol and gives A kie no order: it moves.
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
	Germany: A ruh
	Germany: A kie
ORDERS
	Germany: A ruh S A kie - hol
POSTSTATE
	Germany: A ruh
	Germany: A hol
END

CASE 4E3.a.2 AN EXPLICIT ORDER TAKES PRECEDENCE
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
	Germany: A ruh
	Germany: A kie
ORDERS
	Germany: A ruh S A kie - hol
	Germany: A kie H
POSTSTATE_SAME
END

CASE 4E3.a.3 NEVER FROM ANOTHER POWER'S ORDERS
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
	France: A bel
	Germany: A kie
ORDERS
	France: A bel S A kie - hol
POSTSTATE_SAME
END

CASE 4E3.a.4 A CONVOY IMPLIES THE CONVOYED MOVE
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
	England: F nth
	England: A yor
ORDERS
	England: F nth C A yor - bel
POSTSTATE
	England: F nth
	England: A bel
END

CASE 4E3.a.5 ORDERS THAT DISAGREE IMPLY NOTHING
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
	Germany: A ruh
	Germany: A mun
	Germany: A kie
ORDERS
	Germany: A ruh S A kie - hol
	Germany: A mun S A kie - ber
POSTSTATE_SAME
END
"#,
    );
    run_cases(
        r#"
RULES datc implicit_orders=b
CASE 4E3.b.1 THE DATC'S EXAMPLE UNDER THE PREFERENCE
# No implicit orders: A kie holds and the support is void.
PRESTATE_SETPHASE Spring 1901, Movement
PRESTATE
	Germany: A ruh
	Germany: A kie
ORDERS
	Germany: A ruh S A kie - hol
POSTSTATE_SAME
END
"#,
    );
    // The result lists the implicit order and the report shows it.
    use standoff::adjudicate::adjudicate_text_with;
    let v = standoff::Variant::standard();
    let rules = standoff::rules::Rules::parse("datc implicit_orders=a").expect("rules");
    let pos = standoff::Position::initial(&v);
    let done = adjudicate_text_with(&v, &rules, &pos, "Germany: A mun S A ber - kie");
    assert!(done.errors.is_empty());
    let implicit: Vec<String> = done
        .result
        .implicit
        .iter()
        .map(|o| o.display(&v.map).to_string())
        .collect();
    assert_eq!(implicit, ["A Ber - Kie"]);
    let report = standoff::report::movement_report(
        &v,
        &done.orders,
        &done.result,
        standoff::report::Audience::All,
    );
    assert!(report.contains("A Ber - Kie (implicit order)"), "{report}");
}

/// The batch entry points adjudicate by the rules they are given, exactly as one game at
/// a time would. Under 4.E.1 a an army ordered to an impossible place still counts as
/// moving and gets no hold support, so the supported attack dislodges it; under the
/// default (d) the order is ignored and the support holds.
#[test]
fn batch_entry_points_follow_their_rules() {
    let v = standoff::Variant::standard();
    let phase = standoff::Phase::spring_movement(1901);
    let text = "France: A Paris S A Burgundy\nFrance: A Burgundy - London\n\
                Germany: A Munich - Burgundy\nGermany: A Ruhr S A Munich - Burgundy";
    let mut setup = standoff::position::Setup::empty(phase);
    for (power, unit) in [
        ("France", "A par"),
        ("France", "A bur"),
        ("Germany", "A mun"),
        ("Germany", "A ruh"),
    ] {
        let power = v.find_power(power).expect("power");
        let unit = standoff::parse::parse_unit(&v, power, unit).expect("unit");
        setup.units.push(unit);
    }
    let board = standoff::Position::from_setup(&v, setup).expect("position");
    let (orders, errors) = standoff::parse::parse_orders_at(&v, &board, text);
    assert!(errors.is_empty(), "{errors:?}");
    let orders: Vec<_> = orders.into_iter().map(|p| p.order).collect();
    let items = vec![(board.clone(), orders.clone())];
    for (spec, dislodged) in [("datc", 0), ("datc legality=a", 1)] {
        let rules = standoff::rules::Rules::parse(spec).expect("rules");
        let batch = standoff::batch::adjudicate_many_with(&v, &rules, &items);
        assert_eq!(batch[0].position.dislodged().len(), dislodged, "{spec}");
        let steps = standoff::batch::step_many_with(&v, &rules, &items);
        let mut game = standoff::game::Game::from_position(board.clone()).with_rules(rules);
        game.process(&v, &orders);
        assert_eq!(steps[0].1, game.position, "{spec}");
    }
}

/// `via_convoy_without_route_goes_by_land` says what the judge does with an army
/// ordered "via convoy" to a province it borders when no fleet could convoy it (DATC
/// 4.A.3; 6.G.8 under the 2000 rulebook), under every preset and every choice of 4.A.3.
#[test]
fn a_via_convoy_move_without_a_route_goes_by_land_as_the_rules_say() {
    let v = standoff::Variant::standard();
    let phase = standoff::Phase::spring_movement(1901);
    let text = "England: A Liverpool - Edinburgh via convoy\nEngland: F Edinburgh - North Sea";
    let mut setup = standoff::position::Setup::empty(phase);
    let england = v.find_power("England").expect("power");
    for unit in ["A lvp", "F edi"] {
        setup
            .units
            .push(standoff::parse::parse_unit(&v, england, unit).expect("unit"));
    }
    let board = standoff::Position::from_setup(&v, setup).expect("position");
    let (orders, errors) = standoff::parse::parse_orders_at(&v, &board, text);
    assert!(errors.is_empty(), "{errors:?}");
    let orders: Vec<_> = orders.into_iter().map(|p| p.order).collect();
    let edinburgh = v.map.find_province("edi").expect("edi");
    let mut specs: Vec<String> = preset_names().iter().map(|n| n.to_string()).collect();
    for choice in ["a", "b", "c", "d", "e"] {
        specs.push(format!("datc adjacent_convoy={choice}"));
        specs.push(format!(
            "datc adjacent_convoy={choice} via_convoy_fallback=n"
        ));
    }
    let mut seen = [false; 2];
    for spec in &specs {
        let rules = standoff::rules::Rules::parse(spec).expect("rules");
        let by_land = rules.via_convoy_without_route_goes_by_land();
        seen[usize::from(by_land)] = true;
        let mut game = standoff::game::Game::from_position(board.clone()).with_rules(rules);
        game.process(&v, &orders);
        let moved = game
            .position
            .unit_at(edinburgh)
            .is_some_and(|u| u.kind == standoff::unit::UnitKind::Army);
        assert_eq!(moved, by_land, "{spec}");
    }
    assert_eq!(seen, [true, true], "both answers are tested");
}
