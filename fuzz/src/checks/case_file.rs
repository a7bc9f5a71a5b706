//! Target `case_file`: any text through the DATC case-file reader
//! (`datc::parse_case_file`) and the case runner (`datc::run_case_with`).

use super::standard;
use standoff::datc::{movement_case_input, parse_case_file, run_case_with};
use standoff::rules::Rules;
use standoff::Variant;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// Most cases of one input that are run (each builds a variant's position).
const MAX_CASES: usize = 32;

/// A built-in variant by a name the input gives, loaded once per spelling (unknown
/// names are not kept: refusing them costs nothing).
fn builtin(name: &str) -> Option<Arc<Variant>> {
    static CACHE: OnceLock<Mutex<HashMap<String, Arc<Variant>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(Default::default);
    if let Some(v) = cache.lock().ok()?.get(name) {
        return Some(Arc::clone(v));
    }
    let variant = Arc::new(Variant::builtin(name).ok()?);
    let mut cache = cache.lock().ok()?;
    if cache.len() < 64 {
        cache.insert(name.to_string(), Arc::clone(&variant));
    }
    Some(variant)
}

/// Any text is read as a case file (structural errors listed, never a panic); every
/// case read runs to a report, which passes exactly when it lists no problem.
pub fn case_file(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let (file, errors) = parse_case_file(&text);
    for e in &errors {
        let _ = e.to_string();
    }
    let variant = match file.variant.as_deref() {
        None => Arc::new(standard().clone()),
        Some(name) => match builtin(name) {
            Some(v) => v,
            None => return,
        },
    };
    let rules = match file.rules.as_deref() {
        None => Rules::DATC,
        Some(spec) => match Rules::parse(spec) {
            Ok(r) => r,
            Err(e) => {
                let _ = e.to_string();
                return;
            }
        },
    };
    for case in file.cases.iter().take(MAX_CASES) {
        let report = run_case_with(&variant, &rules, case);
        assert_eq!(report.id, case.id, "the report names another case");
        assert_eq!(
            report.passed,
            report.problems.is_empty(),
            "case {}: passed is {} with problems {:?}",
            case.id,
            report.passed,
            report.problems
        );
        let _ = movement_case_input(&variant, case);
    }
}
