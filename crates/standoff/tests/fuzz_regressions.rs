//! Replays the inputs that once crashed a fuzz target (see `fuzz/README.md`).
//!
//! Each folder `tests/data/fuzz/<target>/` holds inputs of one target; every file in it is
//! run through the same check the fuzz target runs. That check is the shared file
//! `fuzz/src/checks.rs`, compiled here as a module, so nothing is re-implemented.
//! `parse_order`, `variant_file` and `position_json` files are the raw fuzz inputs;
//! `adjudicate` and `adjudicate_colonial` files are scenarios in JSON (`cargo fuzz fmt
//! <target> <artifact>`), on the standard and the Colonial map.
//!
//! A failing input is reported by file name with its panic message; all files of a
//! folder are run before the test fails.

#[allow(dead_code)]
#[path = "../../../fuzz/src/checks.rs"]
mod checks;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

/// The inputs of `target`'s folder. A missing or empty folder fails: a test that
/// replays nothing would pass whatever the target does. Each folder holds the target's
/// fuzz seeds (`seed-*`, copied from `fuzz/seeds/`, or for `adjudicate` the scenarios of
/// `fuzz/seed-scenarios/`) and the inputs that once failed.
fn inputs(target: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/fuzz")
        .join(target);
    let entries = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: the regression folder is missing: {e}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .filter(|p| {
            !p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'))
        })
        .collect();
    files.sort();
    assert!(
        !files.is_empty(),
        "{}: the regression folder holds no input",
        dir.display()
    );
    files
}

fn replay(target: &str, check: impl Fn(&[u8])) {
    let mut failures = Vec::new();
    let files = inputs(target);
    for path in &files {
        let data = match std::fs::read(path) {
            Ok(d) => d,
            Err(e) => {
                failures.push(format!("{}: cannot read: {e}", path.display()));
                continue;
            }
        };
        if let Err(panic) = catch_unwind(AssertUnwindSafe(|| check(&data))) {
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "(non-string panic)".to_string());
            failures.push(format!("{}: {message}", path.display()));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} `{target}` fuzz regressions fail:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

#[test]
fn parse_order_regressions() {
    replay("parse_order", checks::parse_order);
}

#[test]
fn variant_file_regressions() {
    replay("variant_file", checks::variant_file);
}

#[test]
fn position_json_regressions() {
    replay("position_json", checks::position_json);
}

#[test]
fn adjudicate_regressions() {
    replay("adjudicate", |data| {
        let text = String::from_utf8_lossy(data);
        match checks::Scenario::from_json(checks::standard(), &text) {
            Ok(scenario) => scenario.run(),
            Err(e) => panic!("not a scenario: {e}"),
        }
    });
}

#[test]
fn adjudicate_colonial_regressions() {
    replay("adjudicate_colonial", |data| {
        let text = String::from_utf8_lossy(data);
        let variant = checks::colonial();
        match checks::Scenario::from_json(variant, &text) {
            Ok(scenario) => scenario.run_on(variant),
            Err(e) => panic!("not a scenario: {e}"),
        }
    });
}

#[test]
fn saved_game_regressions() {
    replay("saved_game", checks::saved_game);
}

#[test]
fn game_loop_regressions() {
    replay("game_loop", checks::game_loop);
}

#[test]
fn case_file_regressions() {
    replay("case_file", checks::case_file);
}

#[test]
fn assign_regressions() {
    replay("assign", checks::assign);
}

#[test]
fn mila_game_regressions() {
    replay("mila_game", checks::mila_game);
}
