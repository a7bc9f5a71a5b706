//! Running every case of a file and counting cases: a case with a structural error (a
//! line outside a section, no `END`, a repeated name) fails once, with the error among
//! its problems; errors outside any case are kept apart, so "N passed, M failed" counts
//! cases and nothing else.

use super::file::{CaseFile, CaseFileError};
use super::run::{run_case_with, CaseReport};
use crate::rules::Rules;
use crate::variant::Variant;

/// The outcome of a whole file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileReport {
    /// One report per case run, in file order.
    pub cases: Vec<CaseReport>,
    /// Structural errors that belong to no case (data before the first `CASE`, `END`
    /// without `CASE`, a file over the size limit).
    pub file_errors: Vec<CaseFileError>,
}

impl FileReport {
    /// Cases that passed.
    pub fn passed(&self) -> usize {
        self.cases.iter().filter(|c| c.passed).count()
    }

    /// Cases that failed (each once, however many problems it has).
    pub fn failed(&self) -> usize {
        self.cases.len() - self.passed()
    }
}

/// Runs the cases of `file` whose id starts with `filter` under `rules`; `errors` are the
/// reader's (from [`parse_case_file`](super::parse_case_file)).
pub fn run_case_file(
    variant: &Variant,
    rules: &Rules,
    file: &CaseFile,
    errors: &[CaseFileError],
    filter: &str,
) -> FileReport {
    let mut report = FileReport {
        file_errors: errors
            .iter()
            .filter(|e| e.case_line.is_none())
            .cloned()
            .collect(),
        ..FileReport::default()
    };
    for case in file.cases.iter().filter(|c| c.id.starts_with(filter)) {
        let structural: Vec<String> = errors
            .iter()
            .filter(|e| e.case_line == Some(case.line))
            .map(ToString::to_string)
            .collect();
        let mut outcome = run_case_with(variant, rules, case);
        if !structural.is_empty() {
            outcome.passed = false;
            outcome.problems.splice(0..0, structural);
        }
        report.cases.push(outcome);
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::datc::parse_case_file;

    const TWO_BROKEN_ONE_GOOD: &str = "\
stray line before any case
CASE 1 no end, two problems
PRESTATE_SETPHASE Spring 1901, Movement
stray data outside a section
PRESTATE
  England: F lon
ORDERS
  England: F lon-nth
POSTSTATE
  England: F nth
CASE 2 fine
PRESTATE
  England: F lon
ORDERS
  England: F lon-nth
POSTSTATE
  England: F nth
END
END
";

    #[test]
    fn structural_errors_count_their_case_once_and_stray_lines_apart() {
        let variant = Variant::builtin("standard").expect("standard");
        let (file, errors) = parse_case_file(TWO_BROKEN_ONE_GOOD);
        let report = run_case_file(&variant, &Rules::DATC, &file, &errors, "");
        assert_eq!((report.passed(), report.failed()), (1, 1), "{report:?}");
        assert_eq!(report.cases[0].id, "1");
        assert!(!report.cases[0].passed);
        assert_eq!(
            report.cases[0].problems.len(),
            2,
            "{:?}",
            report.cases[0].problems
        );
        // Data before the first case and the second END belong to no case.
        assert_eq!(report.file_errors.len(), 2, "{:?}", report.file_errors);
    }

    fn retreat_case(list: &str) -> String {
        format!(
            "CASE R\nPRESTATE\n Germany: A ber\n Russia: A pru\n Russia: A sil\nORDERS\n \
             Russia: A pru - ber\n Russia: A sil S A pru - ber\nPOSTSTATE\n Russia: A ber\n \
             Russia: A sil\nPOSTSTATE_DISLODGED\n Germany: A ber{list}\nEND\n"
        )
    }

    #[test]
    fn listed_retreat_options_are_compared_exactly() {
        let variant = Variant::builtin("standard").expect("standard");
        let run = |list: &str| {
            let (file, errors) = parse_case_file(&retreat_case(list));
            run_case_file(&variant, &Rules::DATC, &file, &errors, "")
        };
        // Not where the attacker came from, not occupied Silesia, not the Baltic.
        assert_eq!(run(" retreats kie, mun").passed(), 1);
        assert_eq!(run(" RETREATS Munich, Kiel").passed(), 1);
        assert_eq!(run("").passed(), 1, "no list: only the unit is compared");
        for wrong in [
            " retreats kie",
            " retreats kie, mun, pru",
            " retreats kie, bal",
        ] {
            let report = run(wrong);
            assert_eq!(report.failed(), 1, "{wrong}");
        }
    }
}
