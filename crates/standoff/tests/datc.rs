//! Runs every DATC case file in `tests/data/datc/` (default rules),
//! `tests/data/datc-rules/` and `tests/data/datc-3.0/` (each file's `RULES`),
//! `tests/data/datc-variants/` and `tests/data/datc-format/` (peers' spellings), reporting
//! every failing case by id at once. Set `DATC_FILTER=6.F` to run only cases whose id starts with a prefix.

use standoff::datc::{parse_case_file, run_case_file};
use standoff::rules::{RuleSet, Rules};
use standoff::Variant;
use std::path::Path;

#[test]
fn datc_cases() {
    run_dir("tests/data/datc");
}

/// Cases of the DATC's alternative outcomes and of other rulebooks: each file names its
/// rules on a `RULES` line.
#[test]
fn datc_alternative_rules_cases() {
    run_dir("tests/data/datc-rules");
}

/// DATC 3.0 chapter 6 under the 2023 rulebook, and the outcomes it states for other
/// rulebooks (each file's `RULES`).
#[test]
fn datc_3_0_cases() {
    run_dir("tests/data/datc-3.0");
}

/// DATC chapters 8-12: the variant cases, each file naming its variant.
#[test]
fn datc_variant_cases() {
    run_dir("tests/data/datc-variants");
}

/// The spellings of jDip's and godip's case files (docs/datc-format.md), each in a case
/// whose outcome the DATC settles.
#[test]
fn datc_format_cases() {
    run_dir("tests/data/datc-format");
}

fn run_dir(relative: &str) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(relative);
    let filter = std::env::var("DATC_FILTER").unwrap_or_default();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("case directory exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    let mut file_errors = Vec::new();
    let mut passed = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable case file");
        let (file, errors) = parse_case_file(&text);
        let variant_name = file.variant.as_deref().unwrap_or("standard");
        let variant = match Variant::builtin(variant_name) {
            Ok(v) => v,
            Err(e) => {
                failures.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        let rules = match &file.rules {
            Some(spec) => RuleSet::parse(spec).expect("RULES line names known options"),
            None => RuleSet::default(),
        };
        let rules = match Rules::new(rules) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        let report = run_case_file(&variant, &rules, &file, &errors, &filter);
        passed += report.passed();
        for e in &report.file_errors {
            file_errors.push(format!("{}: {e}", path.display()));
        }
        for (case, outcome) in file
            .cases
            .iter()
            .filter(|c| c.id.starts_with(&filter))
            .zip(&report.cases)
        {
            if !outcome.passed {
                failures.push(format!(
                    "{} ({}): {}",
                    case.id,
                    case.title,
                    outcome.problems.join("; ")
                ));
            }
        }
    }
    println!("{relative}: {passed} passed, {} failed", failures.len());
    assert!(
        file_errors.is_empty(),
        "errors outside any case:\n{}",
        file_errors.join("\n")
    );
    assert!(
        failures.is_empty(),
        "{} DATC case(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
