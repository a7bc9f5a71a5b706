//! `extends`: variant files built on another variant, with edges added and removed.

use standoff::variant::{BaseFile, ExtendsProblem, VariantError};
use standoff::Variant;
use std::collections::HashMap;

/// The `Extends` problems in an error (which may be a `Many`), with file and line.
fn extends_problems(e: &VariantError) -> Vec<(String, usize, ExtendsProblem)> {
    match e {
        VariantError::Extends {
            file,
            line,
            problem,
        } => vec![(file.clone(), *line, problem.clone())],
        VariantError::Many(all) => all.iter().flat_map(extends_problems).collect(),
        _ => Vec::new(),
    }
}

/// A reader over in-memory files, keyed by path as written (no folders).
fn files(list: &[(&str, &str)]) -> impl Fn(&str, &str) -> Result<BaseFile, String> {
    let map: HashMap<String, String> = list
        .iter()
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
    move |path, _from| {
        map.get(path)
            .map(|text| BaseFile {
                name: path.to_string(),
                text: text.clone(),
            })
            .ok_or_else(|| format!("no file {path}"))
    }
}

const STANDARD_CHANGED: &str = r#"
extends = "standard"

[variant]
name = "standard-changed"
aliases = ["changed"]
victory_centers = 20

[adjacency]
army_remove = ["swe-den"]
fleet_remove = ["den-swe", "bul/sc-con"]
army = ["lon-nwy"]
fleet = ["lon-nwy"]
"#;

#[test]
fn extending_a_builtin_adds_and_removes_edges() {
    let v = Variant::from_toml(STANDARD_CHANGED, "changed.toml").expect("loads");
    let base = Variant::standard();
    let m = &v.map;
    let p = |n: &str| m.find_province(n).expect(n);
    assert!(
        !m.army_adjacent(p("den"), p("swe")),
        "removed, written in the other order"
    );
    assert!(!m.fleet_adjacent(p("den").location(), p("swe").location()));
    let bul_sc = m.coast(p("bul"), "sc").expect("bul/sc");
    assert!(!m.fleet_adjacent(bul_sc, p("con").location()));
    assert!(m.army_adjacent(p("lon"), p("nwy")));
    assert!(m.fleet_adjacent(p("lon").location(), p("nwy").location()));
    // Everything else is the base's.
    assert!(m.army_adjacent(p("den"), p("kie")));
    assert_eq!(m.province_count(), base.map.province_count());
    assert_eq!(v.start_units.len(), base.start_units.len());
    assert_eq!(v.powers.len(), 7);
    // The header: own name and aliases, overridden victory, inherited year and title.
    assert_eq!(v.name, "standard-changed");
    assert_eq!(v.aliases, ["changed"]);
    assert_eq!(v.victory_centers, 20);
    assert_eq!(v.start_year, 1901);
    assert_eq!(v.title, base.title);
}

#[test]
fn removing_an_edge_the_base_lacks_is_an_error_at_its_line() {
    let source = "extends = \"standard\"\n[variant]\nname = \"x\"\n[adjacency]\n\
                  army_remove = [\"den-kie\",\n  \"lon-par\"]\nfleet_remove = [\"mos-stp\"]\n";
    let err = Variant::from_toml(source, "x.toml").expect_err("no such edges");
    let found = extends_problems(&err);
    assert_eq!(
        found,
        [
            (
                "x.toml".to_string(),
                6,
                ExtendsProblem::NoSuchEdge {
                    list: "army_remove",
                    edge: "lon-par".into()
                }
            ),
            (
                "x.toml".to_string(),
                7,
                ExtendsProblem::NoSuchEdge {
                    list: "fleet_remove",
                    edge: "mos-stp".into()
                }
            ),
        ],
        "{err}"
    );
    assert!(
        err.to_string().contains("x.toml:6: army_remove: `lon-par`"),
        "{err}"
    );
}

#[test]
fn rule_remove_drops_the_bases_rules_of_that_name() {
    let base = Variant::builtin("colonial").expect("colonial");
    assert_eq!(
        base.plugins.names(),
        ["railway", "canal", "not_a_center_for"]
    );
    let source = "extends = \"colonial\"\nrule_remove = [\"canal\", \"railway\"]\n\
                  [variant]\nname = \"x\"\n";
    let v = Variant::from_toml(source, "x.toml").unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(v.plugins.names(), ["not_a_center_for"]);
}

#[test]
fn removing_a_rule_the_base_lacks_is_an_error_at_its_line() {
    let source =
        "extends = \"standard\"\nrule_remove = [\n  \"railway\"]\n[variant]\nname = \"x\"\n";
    let err = Variant::from_toml(source, "x.toml").expect_err("standard has no railway");
    assert_eq!(
        extends_problems(&err),
        [(
            "x.toml".to_string(),
            3,
            ExtendsProblem::NoSuchRule("railway".into())
        )],
        "{err}"
    );
    assert!(
        err.to_string()
            .contains("rule_remove: `railway` is not a rule of the base variant"),
        "{err}"
    );
}

#[test]
fn adding_an_edge_twice_is_an_error() {
    let source = "extends = \"standard\"\n[variant]\nname = \"x\"\n[adjacency]\n\
                  army = [\"kie-den\", \"lon-nwy\", \"nwy-lon\"]\n";
    let err = Variant::from_toml(source, "x.toml").expect_err("duplicates");
    let edges: Vec<String> = extends_problems(&err)
        .into_iter()
        .map(|(_, _, p)| match p {
            ExtendsProblem::DuplicateEdge { list, edge } => format!("{list} {edge}"),
            other => panic!("{other}"),
        })
        .collect();
    assert_eq!(edges, ["army kie-den", "army nwy-lon"]);
}

#[test]
fn other_problems_of_an_extending_file_are_still_reported() {
    let source = "extends = \"standard\"\n[variant]\nname = \"x\"\n[adjacency]\n\
                  army_remove = [\"lon-par\"]\narmy = [\"mos-zzz\"]\n";
    let err = Variant::from_toml(source, "x.toml").expect_err("two problems");
    let text = err.to_string();
    assert!(text.contains("x.toml:5: army_remove"), "{text}");
    assert!(
        text.contains("x.toml:6: army adjacency: unknown space `zzz`"),
        "{text}"
    );
}

#[test]
fn unknown_builtin_base() {
    let source = "# extends the map\nextends = \"colonal\"\n[variant]\nname = \"x\"\n";
    let err = Variant::from_toml(source, "x.toml").expect_err("unknown base");
    match &extends_problems(&err)[..] {
        [(file, 2, ExtendsProblem::UnknownBuiltin { name, known })] => {
            assert_eq!(file, "x.toml");
            assert_eq!(name, "colonal");
            assert!(known.contains("colonial"), "{known}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn paths_need_a_reader() {
    let source = "extends = \"base.toml\"\n[variant]\nname = \"x\"\n";
    let err = Variant::from_toml(source, "x.toml").expect_err("no reader");
    assert_eq!(
        extends_problems(&err),
        [(
            "x.toml".to_string(),
            1,
            ExtendsProblem::PathsUnsupported("base.toml".into())
        )]
    );
    let read = files(&[]);
    let err = Variant::from_toml_with_bases(source, "x.toml", &read).expect_err("missing");
    assert_eq!(
        extends_problems(&err),
        [(
            "x.toml".to_string(),
            1,
            ExtendsProblem::Unreadable {
                path: "base.toml".into(),
                reason: "no file base.toml".into()
            }
        )]
    );
}

#[test]
fn files_extend_files_that_extend_builtins() {
    let read = files(&[
        ("mid.toml", STANDARD_CHANGED),
        (
            "top.toml",
            "extends = \"mid.toml\"\n[variant]\nname = \"top\"\nstart_year = 1950\n\
             [adjacency]\narmy_remove = [\"lon-nwy\"]\n\
             [[rule]]\nname = \"build_anywhere\"\n",
        ),
    ]);
    let top = "extends = \"top.toml\"\n[variant]\nname = \"outer\"\n";
    let v = Variant::from_toml_with_bases(top, "outer.toml", &read).expect("loads");
    let m = &v.map;
    let p = |n: &str| m.find_province(n).expect(n);
    assert_eq!(v.name, "outer");
    assert!(v.aliases.is_empty(), "aliases are not inherited");
    assert_eq!(v.start_year, 1950);
    assert_eq!(v.victory_centers, 20);
    assert!(!m.army_adjacent(p("lon"), p("nwy")));
    assert!(m.fleet_adjacent(p("lon").location(), p("nwy").location()));
    assert!(!m.army_adjacent(p("den"), p("swe")));
    assert_eq!(v.plugins.names(), ["build_anywhere"]);
}

#[test]
fn problems_in_a_base_name_the_base_file() {
    let read = files(&[(
        "base.toml",
        "extends = \"standard\"\n[variant]\nname = \"base\"\n[adjacency]\n\
         army = [\"lon-qqq\"]\n",
    )]);
    let top = "extends = \"base.toml\"\n[variant]\nname = \"top\"\n";
    let err = Variant::from_toml_with_bases(top, "top.toml", &read).expect_err("bad base");
    let text = err.to_string();
    assert!(
        text.contains("base.toml:5: army adjacency: unknown space `qqq`"),
        "{text}"
    );
}

#[test]
fn cycles_are_errors() {
    let read = files(&[
        ("a.toml", "extends = \"b.toml\"\n[variant]\nname = \"a\"\n"),
        ("b.toml", "extends = \"a.toml\"\n[variant]\nname = \"b\"\n"),
    ]);
    let top = "extends = \"a.toml\"\n[variant]\nname = \"top\"\n";
    let err = Variant::from_toml_with_bases(top, "top.toml", &read).expect_err("cycle");
    match &extends_problems(&err)[..] {
        [(file, 1, ExtendsProblem::Cycle(path))] => {
            assert_eq!(file, "b.toml");
            assert_eq!(path, "top.toml → a.toml → b.toml → a.toml");
        }
        other => panic!("{other:?}"),
    }
    let selfish = "extends = \"me.toml\"\n[variant]\nname = \"me\"\n";
    let read = files(&[("me.toml", selfish)]);
    let err = Variant::from_toml_with_bases(selfish, "me.toml", &read).expect_err("cycle");
    assert!(
        matches!(
            &extends_problems(&err)[..],
            [(_, _, ExtendsProblem::Cycle(_))]
        ),
        "{err}"
    );
}

#[test]
fn an_extending_file_defines_no_provinces_or_powers() {
    for table in ["[[province]]\nid = \"x\"", "[[power]]\nname = \"X\""] {
        let source = format!("extends = \"standard\"\n[variant]\nname = \"x\"\n{table}\n");
        let err = Variant::from_toml(&source, "x.toml").expect_err("not allowed");
        assert!(matches!(err, VariantError::Syntax { .. }), "{err}");
    }
}

#[test]
fn remove_lists_belong_to_extending_files() {
    let source = "[variant]\nname = \"x\"\nstart_year = 1901\nvictory_centers = 1\n\
                  [adjacency]\narmy_remove = [\"a-b\"]\n";
    let err = Variant::from_toml(source, "x.toml").expect_err("no base");
    assert!(err.to_string().contains("army_remove"), "{err}");
}
