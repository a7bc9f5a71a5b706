//! `standoff variants` lists every built-in variant with its powers, centers, victory
//! count and source; the variant library's files pass `check-variant`.

use std::process::Command;

fn standoff(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_standoff"))
        .args(args)
        .output()
        .expect("run standoff");
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    (out.status.success(), text)
}

#[test]
fn variants_lists_powers_centers_victory_and_source() {
    let (ok, text) = standoff(&["variants"]);
    assert!(ok, "{text}");
    for name in standoff::variant::builtin_names() {
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("{name}: ")))
            .unwrap_or_else(|| panic!("{name} not listed:\n{text}"));
        assert!(
            line.contains(" centers, ") && line.contains(" to win"),
            "{line}"
        );
    }
    // Facts from the sources the files name (issue 21's library, a few of them).
    for expected in [
        "ancmed: Ancient Mediterranean (Don Hessong; 5 powers, year 1) — 5 powers, 79 spaces, 34 centers, 18 to win",
        "world: World Diplomacy (17 powers, 2000) — 17 powers, 192 spaces, 86 centers, 44 to win",
        "sail-ho: Sail Ho! (by Tarzan; 4 powers around a sea of islands) — 4 powers, 60 spaces, 16 centers, 9 to win",
    ] {
        assert!(text.contains(expected), "missing `{expected}`:\n{text}");
    }
    assert!(text.contains("    powers: Carthage, Egypt, Greece, Persia, Rome"));
    assert!(text.contains("    source: DPjudge ancmed.map (MIT); the diplomacy package's ancmed"));
    assert_eq!(
        text.matches("    source: ").count(),
        standoff::variant::builtin_names().count()
    );
}

#[test]
fn every_library_variant_file_passes_check_variant() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../standoff/variants");
    for name in [
        "ancmed", "pure", "modern", "world", "empire", "sail-ho", "african",
    ] {
        let file = format!("{dir}/{name}/variant.toml");
        let (ok, text) = standoff(&["check-variant", &file]);
        assert!(ok && text.contains(": ok"), "{name}: {text}");
    }
}
