//! `extends`: a variant file that starts from another variant and changes a little.
//!
//! A file whose first key is `extends = "colonial"` (a built-in name or alias) or
//! `extends = "../base.toml"` (a path, relative to the extending file) takes the base's
//! provinces, powers, adjacency and rules, then
//!
//! - replaces the base's `name` and `aliases`, and any other `[variant]` field it gives;
//! - removes the edges listed in `[adjacency] army_remove` / `fleet_remove` (each must
//!   be in the base, written the same way, in either order);
//! - adds the edges in `[adjacency] army` / `fleet` (none may be there already);
//! - drops the base's rules named in `rule_remove` (each must name a rule of the base),
//!   then appends its own `[[rule]]` tables;
//! - when it has `[[power]]` tables, they replace the base's powers whole (the same
//!   map with other powers or another start: Fleet Rome, the two-player maps).
//!
//! Bases may themselves extend others; a cycle is an error. The library does no I/O:
//! built-in bases are found here, and a path is read only through the [`ReadBase`]
//! callback a caller passes to [`Variant::from_toml_with_bases`](super::Variant::from_toml_with_bases).

use super::file::{PowerEntry, ProvinceEntry, RuleEntry, VariantFile};
use super::loader::{extends_line, line_of};
use super::VariantError;
use serde::Deserialize;

/// A variant file read because another file extends it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BaseFile {
    /// How errors name the file (a path, ideally canonical: it also detects cycles).
    pub name: String,
    /// The file's text.
    pub text: String,
}

/// Reads the base an `extends` line names by path: called with the path as written and
/// the name of the extending file (paths are relative to its folder); returns the file
/// or why it could not be read.
pub type ReadBase<'a> = &'a dyn Fn(&str, &str) -> Result<BaseFile, String>;

/// What is wrong with an `extends` line or with the changes an extending file makes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ExtendsProblem {
    /// No built-in variant has this name or alias.
    #[error("extends `{name}`: no built-in variant has this name (built-ins: {known})")]
    UnknownBuiltin {
        /// The name as written.
        name: String,
        /// The built-in names, comma separated.
        known: String,
    },
    /// The base is a path, and this loader reads no files (built-in variants, and
    /// [`Variant::from_toml`](super::Variant::from_toml), extend built-ins only).
    #[error("extends `{0}`: a path, but only built-in variants can be extended here")]
    PathsUnsupported(String),
    /// The base file could not be read.
    #[error("extends `{path}`: {reason}")]
    Unreadable {
        /// The path as written.
        path: String,
        /// Why (from the reader).
        reason: String,
    },
    /// Following `extends` comes back to a file already on the way.
    #[error("extends forms a cycle: {0}")]
    Cycle(String),
    /// Too many files extend one another (a guard for cycles the names cannot show).
    #[error("extends goes more than {0} files deep")]
    TooDeep(usize),
    /// A `[[province]]` table names a province the base does not have (an extending
    /// file may only replace provinces, to change their terrain or names).
    #[error("province `{0}` is not a province of the base variant")]
    NoSuchProvince(String),
    /// `army_remove` / `fleet_remove` names an edge the base does not have.
    #[error("{list}: `{edge}` is not an edge of the base variant")]
    NoSuchEdge {
        /// `army_remove` or `fleet_remove`.
        list: &'static str,
        /// The edge as written.
        edge: String,
    },
    /// `rule_remove` names a rule the base does not have.
    #[error("rule_remove: `{0}` is not a rule of the base variant")]
    NoSuchRule(String),
    /// `army` / `fleet` adds an edge the base (or an earlier line) already has.
    #[error("{list}: `{edge}` is already an edge")]
    DuplicateEdge {
        /// `army` or `fleet`.
        list: &'static str,
        /// The edge as written.
        edge: String,
    },
}

/// One file of an `extends` chain: its name and text, for error lines.
pub(super) struct Source {
    pub file: String,
    pub text: String,
    /// A built-in variant (valid on its own: a problem found in a chain is caused by
    /// the files that extend it).
    pub builtin: bool,
}

/// Files may extend at most this many levels deep.
const MAX_DEPTH: usize = 16;

/// Just the `extends` key (everything else is read by the full parse).
#[derive(Deserialize)]
struct Probe {
    #[serde(default)]
    extends: Option<String>,
}

/// An extending file: no new provinces of its own; `[[province]]` tables replace the
/// base's province of the same id; `[[power]]` tables, if any, replace all its powers.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChildFile {
    extends: String,
    variant: ChildHeader,
    #[serde(default)]
    province: Vec<ProvinceEntry>,
    #[serde(default)]
    adjacency: ChildAdjacency,
    #[serde(default)]
    rule_remove: Vec<String>,
    #[serde(default)]
    rule: Vec<RuleEntry>,
    #[serde(default)]
    power: Vec<PowerEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChildHeader {
    name: String,
    #[serde(default)]
    aliases: Vec<String>,
    #[serde(default)]
    title: Option<String>,
    #[serde(default)]
    start_year: Option<i32>,
    #[serde(default)]
    start_season: Option<String>,
    #[serde(default)]
    victory_centers: Option<usize>,
    #[serde(default)]
    center_order: Option<Vec<String>>,
    #[serde(default)]
    location_order: Option<Vec<String>>,
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ChildAdjacency {
    #[serde(default)]
    army: Vec<String>,
    #[serde(default)]
    fleet: Vec<String>,
    #[serde(default)]
    army_remove: Vec<String>,
    #[serde(default)]
    fleet_remove: Vec<String>,
}

fn syntax(file: &str, e: toml::de::Error) -> VariantError {
    VariantError::Syntax {
        file: file.to_string(),
        message: e.to_string(),
    }
}

/// A file with everything it extends merged in.
pub(super) struct Chain {
    /// The merged file.
    pub file: VariantFile,
    /// The texts it came from, the extending file first.
    pub sources: Vec<Source>,
    /// Edges an extending file could not remove or add (the rest is still checked).
    pub errors: Vec<VariantError>,
}

/// Parses `text` (named `file`) and everything it extends into one file. `read` reads
/// bases named by path; `None` allows built-in bases only. `chain` holds the files
/// already on the way (for cycles).
pub(super) fn read_chain(
    text: &str,
    file: &str,
    builtin: bool,
    read: Option<ReadBase>,
    chain: &mut Vec<String>,
) -> Result<Chain, VariantError> {
    let probe: Probe = toml::from_str(text).map_err(|e| syntax(file, e))?;
    let this = Source {
        file: file.to_string(),
        text: text.to_string(),
        builtin,
    };
    if probe.extends.is_none() {
        let parsed: VariantFile = toml::from_str(text).map_err(|e| syntax(file, e))?;
        return Ok(Chain {
            file: parsed,
            sources: vec![this],
            errors: Vec::new(),
        });
    }
    let child: ChildFile = toml::from_str(text).map_err(|e| syntax(file, e))?;
    // The `extends` key's own line (a comment above it may say "extends" too).
    let line = extends_line(text);
    let at_extends = |problem| VariantError::Extends {
        file: file.to_string(),
        line,
        problem,
    };
    chain.push(file.to_string());
    if chain.len() > MAX_DEPTH {
        return Err(at_extends(ExtendsProblem::TooDeep(MAX_DEPTH)));
    }
    let (base, base_read, base_builtin) =
        find_base(&child.extends, file, read).map_err(at_extends)?;
    if chain.contains(&base.name) {
        let mut names = chain.clone();
        names.push(base.name.clone());
        return Err(at_extends(ExtendsProblem::Cycle(names.join(" → "))));
    }
    let mut merged = read_chain(&base.text, &base.name, base_builtin, base_read, chain)?;
    merged.errors.extend(merge(&mut merged.file, child, &this));
    merged.sources.insert(0, this);
    Ok(merged)
}

/// Whether an `extends` value is a path rather than a built-in name.
fn is_path(spec: &str) -> bool {
    spec.ends_with(".toml") || spec.contains('/') || spec.contains('\\')
}

/// The base `spec` names, the reader its own `extends` may use (none for built-ins), and
/// whether it is a built-in.
fn find_base<'a>(
    spec: &str,
    file: &str,
    read: Option<ReadBase<'a>>,
) -> Result<(BaseFile, Option<ReadBase<'a>>, bool), ExtendsProblem> {
    if is_path(spec) {
        let read = read.ok_or_else(|| ExtendsProblem::PathsUnsupported(spec.to_string()))?;
        let base = read(spec, file).map_err(|reason| ExtendsProblem::Unreadable {
            path: spec.to_string(),
            reason,
        })?;
        return Ok((base, Some(read), false));
    }
    match super::builtin::builtin_source(spec) {
        Some((name, text)) => Ok((
            BaseFile {
                name: super::builtin::builtin_file_name(name),
                text: text.to_string(),
            },
            None,
            true,
        )),
        None => Err(ExtendsProblem::UnknownBuiltin {
            name: spec.to_string(),
            known: super::builtin_names().collect::<Vec<_>>().join(", "),
        }),
    }
}

/// An edge as an unordered pair of its two ends, as written.
fn edge_key(edge: &str) -> (String, String) {
    let (a, b) = edge.split_once('-').unwrap_or((edge, ""));
    let (a, b) = (a.trim().to_string(), b.trim().to_string());
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

/// Applies `child` to `base`; returns every problem, each at its line of `child`.
fn merge(base: &mut VariantFile, child: ChildFile, source: &Source) -> Vec<VariantError> {
    let mut errors = Vec::new();
    let mut report = |needle: &str, problem| {
        errors.push(VariantError::Extends {
            file: source.file.clone(),
            line: line_of(&source.text, needle),
            problem,
        })
    };
    let header = child.variant;
    base.variant.name = header.name;
    base.variant.aliases = header.aliases;
    if header.title.is_some() {
        base.variant.title = header.title;
    }
    if let Some(year) = header.start_year {
        base.variant.start_year = year;
    }
    if header.start_season.is_some() {
        base.variant.start_season = header.start_season;
    }
    if let Some(count) = header.victory_centers {
        base.variant.victory_centers = count;
    }
    if let Some(order) = header.center_order {
        base.variant.center_order = order;
    }
    if let Some(order) = header.location_order {
        base.variant.location_order = order;
    }
    for replacement in child.province {
        match base.province.iter_mut().find(|p| p.id == replacement.id) {
            Some(p) => *p = replacement,
            None => report(
                &replacement.id,
                ExtendsProblem::NoSuchProvince(replacement.id.clone()),
            ),
        }
    }
    let adjacency = child.adjacency;
    let lists = [
        (
            &mut base.adjacency.army,
            adjacency.army_remove,
            adjacency.army,
            "army",
        ),
        (
            &mut base.adjacency.fleet,
            adjacency.fleet_remove,
            adjacency.fleet,
            "fleet",
        ),
    ];
    for (edges, remove, add, kind) in lists {
        let remove_list = if kind == "army" {
            "army_remove"
        } else {
            "fleet_remove"
        };
        for edge in remove {
            let key = edge_key(&edge);
            match edges.iter().position(|e| edge_key(e) == key) {
                Some(i) => {
                    edges.remove(i);
                }
                None => report(
                    &edge,
                    ExtendsProblem::NoSuchEdge {
                        list: remove_list,
                        edge: edge.clone(),
                    },
                ),
            }
        }
        for edge in add {
            let key = edge_key(&edge);
            if edges.iter().any(|e| edge_key(e) == key) {
                report(
                    &edge,
                    ExtendsProblem::DuplicateEdge {
                        list: kind,
                        edge: edge.clone(),
                    },
                );
            } else {
                edges.push(edge);
            }
        }
    }
    for name in child.rule_remove {
        let before = base.rule.len();
        base.rule.retain(|rule| rule.name != name);
        if base.rule.len() == before {
            report(&name, ExtendsProblem::NoSuchRule(name.clone()));
        }
    }
    base.rule.extend(child.rule);
    if !child.power.is_empty() {
        base.power = child.power;
    }
    errors
}
