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
    for spec in ["datc convoy_path=b", "dptg dislodged_unit_effect=a"] {
        let r = RuleSet::parse(spec).expect("parses");
        assert!(
            matches!(r.check_supported(), Err(RulesError::Unsupported(_))),
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
