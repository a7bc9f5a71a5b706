//! Rule sets: presets, option parsing, the docs table.

use standoff::rules::{preset, preset_names, AdjacentConvoy, ParadoxRule, RuleSet, RulesError};

#[test]
fn default_is_the_datc_preset_and_fully_supported() {
    assert_eq!(RuleSet::default(), preset("datc").expect("datc"));
    assert_eq!(RuleSet::default().unsupported(), Vec::<String>::new());
    assert_eq!(
        preset("2023").expect("2023").unsupported(),
        Vec::<String>::new()
    );
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
    let r = preset("dptg").expect("dptg");
    assert!(matches!(
        r.check_supported(),
        Err(RulesError::Unsupported(_))
    ));
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
    let rules = RuleSet::parse("datc missing_coast_two=b missing_coast_one=b").expect("rules");
    let mut pos = Position::empty(&v, Phase::spring_movement(1901));
    for (at, kind) in [("por", UnitKind::Fleet), ("lyo", UnitKind::Fleet)] {
        let location = v.map.find_province(at).expect("province").location();
        let power = v.find_power("France").expect("power");
        pos.place(
            &v,
            standoff::Unit {
                power,
                kind,
                location,
            },
        )
        .expect("place");
    }
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
