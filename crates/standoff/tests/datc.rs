//! Runs every DATC case file in `tests/data/datc/` (default rules) and
//! `tests/data/datc-rules/` (each file's `RULES`), reporting every failing case by id
//! at once. Set `DATC_FILTER=6.F` to run only cases whose id starts with a prefix.

use standoff::datc::{parse_case_file, run_case_with};
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

/// DATC chapters 8-12: the variant cases, each file naming its variant.
#[test]
fn datc_variant_cases() {
    run_dir("tests/data/datc-variants");
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
    let mut passed = 0;
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable case file");
        let (file, errors) = parse_case_file(&text);
        for e in errors {
            failures.push(format!("{}: {e}", path.display()));
        }
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
        for case in file.cases.iter().filter(|c| c.id.starts_with(&filter)) {
            let report = run_case_with(&variant, &rules, case);
            if report.passed {
                passed += 1;
            } else {
                failures.push(format!(
                    "{} ({}): {}",
                    case.id,
                    case.title,
                    report.problems.join("; ")
                ));
            }
        }
    }
    println!("{passed} passed, {} failed", failures.len());
    assert!(
        failures.is_empty(),
        "{} DATC case(s) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
