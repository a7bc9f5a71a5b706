//! The case-file reader: the jDip text format with the spellings jDip and godip accept,
//! and standoff's extensions (`docs/datc-format.md` says what is read).

/// One `Power: A loc` line, kept as text until a variant reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnitLine {
    /// 1-based line in the file.
    pub line: usize,
    /// The text after the indentation.
    pub text: String,
}

/// One test case.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Case {
    /// Id such as `6.A.1` (peers add suffixes like `6.J.9.part1`).
    pub id: String,
    /// Free text after the id.
    pub title: String,
    /// Line of the `CASE` keyword.
    pub line: usize,
    /// `Spring 1901, Movement` as written.
    pub phase: String,
    /// `PRESTATE_SUPPLYCENTER_OWNERS` lines, if the section is present.
    pub owners: Option<Vec<UnitLine>>,
    /// `PRESTATE` lines.
    pub prestate: Vec<UnitLine>,
    /// `PRESTATE_DISLODGED` lines.
    pub dislodged: Vec<UnitLine>,
    /// `PRESTATE_RESULTS` lines (`SUCCESS: Power: order`).
    pub results: Vec<UnitLine>,
    /// `ORDERS` lines.
    pub orders: Vec<UnitLine>,
    /// `POSTSTATE` lines; `None` for `POSTSTATE_SAME`.
    pub poststate: Option<Vec<UnitLine>>,
    /// `POSTSTATE_DISLODGED` lines.
    pub post_dislodged: Vec<UnitLine>,
    /// `PRESTATE_HOME_CENTERS` lines (`France: Picardy`): home centers set by an opening
    /// placement (an extension for the Bowen variant).
    pub homes: Option<Vec<UnitLine>>,
    /// `PRESTATE_LAST_OCCUPIED` lines (`Germany: Munich`): who last stood in an empty
    /// space (an extension for the Bowen variant's home guards and spring capture).
    pub last_occupied: Vec<UnitLine>,
    /// `PRESTATE_SPRING_ENTRANTS` lines (`Germany: Belgium`): the centers units entered
    /// this Spring (Bowen 7); without the section they are assumed from the board.
    pub spring_entrants: Option<Vec<UnitLine>>,
    /// `POSTSTATE_SUPPLYCENTER_OWNERS` lines: every center's owner after the phase (after
    /// the end-of-year capture when the phase ends the year).
    pub post_owners: Option<Vec<UnitLine>>,
    /// `POSTSTATE_HOME_CENTERS` lines: every power's home centers after the phase.
    pub post_homes: Option<Vec<UnitLine>>,
}

/// A whole case file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CaseFile {
    /// `VARIANT_ALL` value, if given.
    pub variant: Option<String>,
    /// `RULES` value (`preset option=choice ...`), if given: the rules every case of
    /// the file is adjudicated by (an extension of the jDip format).
    pub rules: Option<String>,
    /// Cases in file order.
    pub cases: Vec<Case>,
}

/// A structural error in a case file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct CaseFileError {
    /// 1-based line.
    pub line: usize,
    /// The `CASE` line of the case the error belongs to (`None`: outside any case). A
    /// runner counts such a case as failed, once.
    pub case_line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Section {
    None,
    Owners,
    Pre,
    PreDislodged,
    Results,
    Orders,
    Post,
    PostDislodged,
    Homes,
    LastOccupied,
    SpringEntrants,
    PostOwners,
    PostHomes,
}

/// Reads a case file. Structural errors (data outside a case, a case without `END`)
/// are collected, each naming the case it belongs to; every case is still returned (a
/// case without `END` ends at the next `CASE` or the end of the file).
pub fn parse_case_file(text: &str) -> (CaseFile, Vec<CaseFileError>) {
    use crate::limits::{check_size, MAX_CASE_FILE_BYTES, MAX_REPORTED_ERRORS};
    if let Err(e) = check_size("the case file", text, MAX_CASE_FILE_BYTES) {
        let error = CaseFileError {
            line: 0,
            case_line: None,
            message: e.to_string(),
        };
        return (CaseFile::default(), vec![error]);
    }
    let (file, mut errors) = read_case_file(text);
    if errors.len() > MAX_REPORTED_ERRORS {
        let suppressed = errors.len() - MAX_REPORTED_ERRORS;
        let line = errors[MAX_REPORTED_ERRORS].line;
        errors.truncate(MAX_REPORTED_ERRORS);
        errors.push(CaseFileError {
            line,
            case_line: None,
            message: format!("{suppressed} more errors suppressed"),
        });
    }
    (file, errors)
}

/// Every keyword the reader knows, upper case (a line's first word is compared with these
/// in any case, indented or not, as jDip does).
const KEYWORDS: &[&str] = &[
    "VARIANT_ALL",
    "RULES",
    "CASE",
    "END",
    "PRESTATE_SETPHASE",
    "PRESTATE_SUPPLYCENTER_OWNERS",
    "PRESTATE",
    "PRESTATE_DISLODGED",
    "PRESTATE_RESULTS",
    "ORDERS",
    "POSTSTATE",
    "POSTSTATE_SAME",
    "POSTSTATE_DISLODGED",
    "PRESTATE_HOME_CENTERS",
    "PRESTATE_LAST_OCCUPIED",
    "PRESTATE_SPRING_ENTRANTS",
    "POSTSTATE_SUPPLYCENTER_OWNERS",
    "POSTSTATE_HOME_CENTERS",
];

/// The keyword a line starts with, upper case: a known keyword in any case, or an
/// unknown word that looks like one (`PRESTATE_FOO`: upper case with an underscore).
fn keyword_of(first_word: &str) -> Option<String> {
    let upper = first_word.to_ascii_uppercase();
    if KEYWORDS.contains(&upper.as_str()) {
        return Some(upper);
    }
    let looks_like_one = first_word.contains('_')
        && first_word
            .chars()
            .all(|c| c.is_ascii_uppercase() || c == '_');
    looks_like_one.then_some(upper)
}

/// Closes the case being read: kept (so its errors count against it), with an error if
/// its full name repeats an earlier case's.
fn close_case(file: &mut CaseFile, errors: &mut Vec<CaseFileError>, case: Case) {
    if let Some(first) = file
        .cases
        .iter()
        .find(|k| k.id == case.id && k.title == case.title)
    {
        errors.push(CaseFileError {
            line: case.line,
            case_line: Some(case.line),
            message: format!(
                "case {} repeats the name of the case at line {}",
                case.id, first.line
            ),
        });
    }
    file.cases.push(case);
}

fn read_case_file(text: &str) -> (CaseFile, Vec<CaseFileError>) {
    let mut file = CaseFile::default();
    let mut errors = Vec::new();
    let mut current: Option<Case> = None;
    let mut section = Section::None;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let (first_word, rest) = match line.split_once(char::is_whitespace) {
            Some((k, r)) => (k, r.trim()),
            None => (line, ""),
        };
        let case_line = current.as_ref().map(|c| c.line);
        let error = |message: String| CaseFileError {
            line: line_no,
            case_line,
            message,
        };
        if let Some(keyword) = keyword_of(first_word) {
            match keyword.as_str() {
                "VARIANT_ALL" => file.variant = Some(rest.to_string()),
                "RULES" => file.rules = Some(rest.to_string()),
                "CASE" => {
                    if let Some(c) = current.take() {
                        errors.push(CaseFileError {
                            line: c.line,
                            case_line: Some(c.line),
                            message: format!("case {} has no END", c.id),
                        });
                        close_case(&mut file, &mut errors, c);
                    }
                    let (id, title) = match rest.split_once(char::is_whitespace) {
                        Some((id, t)) => (id.to_string(), t.trim().to_string()),
                        None => (rest.to_string(), String::new()),
                    };
                    current = Some(Case {
                        id,
                        title,
                        line: line_no,
                        ..Case::default()
                    });
                    section = Section::None;
                }
                "END" => match current.take() {
                    Some(c) => close_case(&mut file, &mut errors, c),
                    None => errors.push(error("END without CASE".into())),
                },
                _ => {
                    let Some(case) = current.as_mut() else {
                        errors.push(error(format!("{keyword} outside a case")));
                        continue;
                    };
                    section = match keyword.as_str() {
                        "PRESTATE_SETPHASE" => {
                            case.phase = rest.to_string();
                            Section::None
                        }
                        "PRESTATE_SUPPLYCENTER_OWNERS" => {
                            case.owners = Some(Vec::new());
                            Section::Owners
                        }
                        "PRESTATE" => Section::Pre,
                        "PRESTATE_DISLODGED" => Section::PreDislodged,
                        "PRESTATE_RESULTS" => Section::Results,
                        "ORDERS" => Section::Orders,
                        "POSTSTATE" => {
                            case.poststate = Some(Vec::new());
                            Section::Post
                        }
                        "POSTSTATE_SAME" => {
                            case.poststate = None;
                            Section::None
                        }
                        "POSTSTATE_DISLODGED" => Section::PostDislodged,
                        "PRESTATE_HOME_CENTERS" => {
                            case.homes = Some(Vec::new());
                            Section::Homes
                        }
                        "PRESTATE_LAST_OCCUPIED" => Section::LastOccupied,
                        "PRESTATE_SPRING_ENTRANTS" => {
                            case.spring_entrants = Some(Vec::new());
                            Section::SpringEntrants
                        }
                        "POSTSTATE_SUPPLYCENTER_OWNERS" => {
                            case.post_owners = Some(Vec::new());
                            Section::PostOwners
                        }
                        "POSTSTATE_HOME_CENTERS" => {
                            case.post_homes = Some(Vec::new());
                            Section::PostHomes
                        }
                        _ => {
                            errors.push(error(format!("unknown keyword {first_word}")));
                            Section::None
                        }
                    };
                }
            }
            continue;
        }
        let Some(case) = current.as_mut() else {
            errors.push(error("data outside a case".into()));
            continue;
        };
        let entry = UnitLine {
            line: line_no,
            text: line.to_string(),
        };
        let target = match section {
            Section::Owners => case.owners.get_or_insert_with(Vec::new),
            Section::Pre => &mut case.prestate,
            Section::PreDislodged => &mut case.dislodged,
            Section::Results => &mut case.results,
            Section::Orders => &mut case.orders,
            Section::Post => case.poststate.get_or_insert_with(Vec::new),
            Section::PostDislodged => &mut case.post_dislodged,
            Section::Homes => case.homes.get_or_insert_with(Vec::new),
            Section::LastOccupied => &mut case.last_occupied,
            Section::SpringEntrants => case.spring_entrants.get_or_insert_with(Vec::new),
            Section::PostOwners => case.post_owners.get_or_insert_with(Vec::new),
            Section::PostHomes => case.post_homes.get_or_insert_with(Vec::new),
            Section::None => {
                errors.push(error("data line outside a section".into()));
                continue;
            }
        };
        target.push(entry);
    }
    if let Some(c) = current {
        errors.push(CaseFileError {
            line: c.line,
            case_line: Some(c.line),
            message: format!("case {} has no END", c.id),
        });
        close_case(&mut file, &mut errors, c);
    }
    (file, errors)
}
