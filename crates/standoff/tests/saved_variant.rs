//! How a saved game names its variant (`SavedVariant`): built-ins by name, variants from
//! files with their texts embedded; loading asks the caller's reader for nothing else.

use standoff::variant::{BaseFile, EmbeddedVariant, ExtendsProblem, SavedVariant, VariantError};
use standoff::Variant;
use std::cell::RefCell;

const STANDARD: &str = include_str!("../variants/standard/variant.toml");

fn base_text() -> String {
    STANDARD.replacen("name = \"standard\"", "name = \"base\"", 1)
}

const CHILD: &str = "extends = \"base.toml\"\n[variant]\nname = \"child\"\nvictory_centers = 20\n";

/// A reader that serves `base.toml` and records every call.
fn recording_reader(
    calls: &RefCell<Vec<(String, String)>>,
) -> impl Fn(&str, &str) -> Result<BaseFile, String> + '_ {
    move |path: &str, from: &str| {
        calls
            .borrow_mut()
            .push((path.to_string(), from.to_string()));
        match path {
            "base.toml" => Ok(BaseFile {
                name: "base.toml".into(),
                text: base_text(),
            }),
            other => Err(format!("no file {other}")),
        }
    }
}

#[test]
fn a_built_in_is_saved_by_its_name() {
    let saved = SavedVariant::of(&Variant::builtin("classical").expect("built-in"));
    assert_eq!(saved, SavedVariant::Name("standard".into()));
    assert_eq!(serde_json::to_string(&saved).expect("json"), "\"standard\"");
}

#[test]
fn a_variant_from_files_embeds_them_and_loads_without_reading() {
    let calls = RefCell::new(Vec::new());
    let read = recording_reader(&calls);
    let variant = Variant::from_toml_with_bases(CHILD, "child.toml", &read).expect("loads");
    let saved = SavedVariant::of(&variant);
    let SavedVariant::Embedded(embedded) = &saved else {
        panic!("{saved:?}")
    };
    assert_eq!(embedded.name, "child");
    assert_eq!(embedded.source, CHILD);
    assert_eq!(embedded.bases, [base_text()]);
    // Through JSON and back, then loaded with no reader at all.
    let json = serde_json::to_string(&saved).expect("json");
    let back: SavedVariant = serde_json::from_str(&json).expect("reads");
    assert_eq!(back, saved);
    calls.borrow_mut().clear();
    let loaded = back.load(None).expect("loads from the save alone");
    assert_eq!(loaded.name, "child");
    assert_eq!(loaded.victory_centers, 20);
    assert_eq!(loaded.start_units.len(), variant.start_units.len());
    assert_eq!(SavedVariant::of(&loaded), saved, "saved again the same");
    // With a reader, the reader is still not asked.
    let loaded = back.load(Some(&read)).expect("loads");
    assert_eq!(loaded.name, "child");
    assert!(calls.borrow().is_empty(), "{:?}", calls.borrow());
}

#[test]
fn a_plain_name_that_is_not_a_built_in_goes_to_the_reader_only() {
    let saved: SavedVariant = serde_json::from_str("\"/etc/passwd\"").expect("an old save");
    assert_eq!(saved, SavedVariant::Name("/etc/passwd".into()));
    assert_eq!(
        saved.load(None).map(|v| v.name),
        Err(VariantError::UnknownVariant("/etc/passwd".into()))
    );
    let calls = RefCell::new(Vec::new());
    let read = recording_reader(&calls);
    let err = saved.load(Some(&read)).expect_err("refused by the reader");
    assert_eq!(
        err,
        VariantError::Unavailable {
            name: "/etc/passwd".into(),
            reason: "no file /etc/passwd".into()
        }
    );
    assert_eq!(
        *calls.borrow(),
        [("/etc/passwd".to_string(), String::new())]
    );
    // An old save naming a file the reader allows.
    let old = SavedVariant::Name("base.toml".into());
    assert_eq!(old.load(Some(&read)).expect("allowed").name, "base");
}

#[test]
fn an_embedded_extends_the_save_does_not_hold_reads_nothing() {
    let saved = SavedVariant::Embedded(EmbeddedVariant {
        name: "child".into(),
        source: "extends = \"/etc/passwd\"\n[variant]\nname = \"child\"\n".into(),
        bases: Vec::new(),
    });
    let err = saved.load(None).expect_err("nothing to extend");
    let text = err.to_string();
    assert!(
        matches!(
            &err,
            VariantError::Extends {
                problem: ExtendsProblem::Unreadable { .. },
                ..
            }
        ),
        "{text}"
    );
    assert!(text.contains("not in the saved game"), "{text}");
}

#[test]
fn an_embedded_variant_is_what_its_name_says() {
    let saved = SavedVariant::Embedded(EmbeddedVariant {
        name: "other".into(),
        source: "extends = \"standard\"\n[variant]\nname = \"child\"\n".into(),
        bases: Vec::new(),
    });
    let err = saved.load(None).expect_err("names differ");
    assert!(err.to_string().contains("`other`"), "{err}");
    let odd =
        serde_json::from_str::<SavedVariant>(r#"{"name": "x", "source": "", "path": "/etc"}"#);
    assert!(odd.is_err(), "unknown fields are refused");
}
