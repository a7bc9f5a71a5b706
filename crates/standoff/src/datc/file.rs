//! The case-file reader (format: `../shared/spec/datc-format.md`, summarised in
//! `docs/datc-format.md`).

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
    PostOwners,
    PostHomes,
}

/// Reads a case file. Structural errors (data outside a case, a case without `END`)
/// are collected; every well-formed case is still returned.
pub fn parse_case_file(text: &str) -> (CaseFile, Vec<CaseFileError>) {
    use crate::limits::{check_size, MAX_CASE_FILE_BYTES, MAX_REPORTED_ERRORS};
    if let Err(e) = check_size("the case file", text, MAX_CASE_FILE_BYTES) {
        let error = CaseFileError {
            line: 0,
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
            message: format!("{suppressed} more errors suppressed"),
        });
    }
    (file, errors)
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
        let (keyword, rest) = match line.split_once(char::is_whitespace) {
            Some((k, r)) => (k, r.trim()),
            None => (line, ""),
        };
        let is_keyword = keyword.chars().all(|c| c.is_ascii_uppercase() || c == '_')
            && keyword.len() > 2
            && !raw.starts_with([' ', '\t']);
        if is_keyword {
            match keyword {
                "VARIANT_ALL" => file.variant = Some(rest.to_string()),
                "RULES" => file.rules = Some(rest.to_string()),
                "CASE" => {
                    if let Some(c) = current.take() {
                        errors.push(CaseFileError {
                            line: c.line,
                            message: format!("case {} has no END", c.id),
                        });
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
                    Some(c) => match file.cases.iter().find(|k| k.id == c.id) {
                        Some(first) => errors.push(CaseFileError {
                            line: c.line,
                            message: format!(
                                "case {} repeats the id of the case at line {}",
                                c.id, first.line
                            ),
                        }),
                        None => file.cases.push(c),
                    },
                    None => errors.push(CaseFileError {
                        line: line_no,
                        message: "END without CASE".into(),
                    }),
                },
                _ => {
                    let Some(case) = current.as_mut() else {
                        errors.push(CaseFileError {
                            line: line_no,
                            message: format!("{keyword} outside a case"),
                        });
                        continue;
                    };
                    section = match keyword {
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
                        "POSTSTATE_SUPPLYCENTER_OWNERS" => {
                            case.post_owners = Some(Vec::new());
                            Section::PostOwners
                        }
                        "POSTSTATE_HOME_CENTERS" => {
                            case.post_homes = Some(Vec::new());
                            Section::PostHomes
                        }
                        other => {
                            errors.push(CaseFileError {
                                line: line_no,
                                message: format!("unknown keyword {other}"),
                            });
                            Section::None
                        }
                    };
                }
            }
            continue;
        }
        let Some(case) = current.as_mut() else {
            errors.push(CaseFileError {
                line: line_no,
                message: "data outside a case".into(),
            });
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
            Section::PostOwners => case.post_owners.get_or_insert_with(Vec::new),
            Section::PostHomes => case.post_homes.get_or_insert_with(Vec::new),
            Section::None => {
                errors.push(CaseFileError {
                    line: line_no,
                    message: "data line outside a section".into(),
                });
                continue;
            }
        };
        target.push(entry);
    }
    if let Some(c) = current {
        errors.push(CaseFileError {
            line: c.line,
            message: format!("case {} has no END", c.id),
        });
    }
    (file, errors)
}
