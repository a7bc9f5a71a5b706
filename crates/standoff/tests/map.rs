//! The standard map's self-check and key facts.

use standoff::{UnitKind, Variant};

#[test]
fn standard_map_passes_self_check() {
    let v = Variant::standard();
    assert_eq!(v.map.self_check(), vec![]);
}

#[test]
fn standard_map_counts() {
    let v = Variant::standard();
    let map = &v.map;
    assert_eq!(map.province_count(), 76, "75 spaces plus Switzerland");
    assert_eq!(map.provinces().iter().filter(|p| p.is_center).count(), 34);
    let two_coasts: Vec<&str> = map
        .provinces()
        .iter()
        .filter(|p| !p.coasts.is_empty())
        .map(|p| p.id.as_str())
        .collect();
    assert_eq!(two_coasts, ["bul", "spa", "stp"]);
    assert_eq!(v.powers.len(), 7);
    assert_eq!(v.start_units.len(), 22);
    for p in &v.powers {
        for h in &p.home_centers {
            assert!(
                map.province(*h).is_center,
                "{} home {} is a center",
                p.name,
                map.province(*h).id
            );
        }
    }
}

#[test]
fn famous_adjacencies() {
    let v = Variant::standard();
    let m = &v.map;
    let p = |n: &str| m.find_province(n).expect(n);
    let l = |n: &str, c: &str| m.coast(p(n), c).expect(c);
    assert!(m.army_adjacent(p("nwy"), p("stp")));
    assert!(m.fleet_adjacent(p("nwy").location(), l("stp", "nc")));
    assert!(!m.fleet_adjacent(p("nwy").location(), l("stp", "sc")));
    assert!(m.fleet_adjacent(p("lvp").location(), p("nao").location()));
    assert!(!m.fleet_adjacent(p("cly").location(), p("iri").location()));
    assert!(m.army_adjacent(p("rom"), p("ven")));
    assert!(!m.can_move(UnitKind::Fleet, p("rom").location(), p("ven").location()));
    assert!(m.fleet_adjacent(p("con").location(), l("bul", "ec")));
    assert!(m.fleet_adjacent(p("con").location(), l("bul", "sc")));
    assert_eq!(m.province(p("den")).abbr, "Den");
}

#[test]
fn aliases_resolve() {
    let v = Variant::standard();
    let m = &v.map;
    for (alias, id) in [
        ("nat", "nao"),
        ("mid", "mao"),
        ("Mid-Atlantic Ocean", "mao"),
        ("gol", "lyo"),
        ("Gulf of Lyon", "lyo"),
        ("gob", "bot"),
        ("lvo", "lvn"),
        ("nrg", "nwg"),
        ("tyn", "tys"),
        ("ech", "eng"),
        ("English Channel", "eng"),
        ("hgb", "hel"),
        ("St. Petersburg", "stp"),
        ("StP", "stp"),
        ("nth", "nth"),
        ("North Sea", "nth"),
    ] {
        let found = m.find_province(alias).map(|p| m.province(p).id.clone());
        assert_eq!(found.as_deref(), Some(id), "{alias}");
    }
}

#[test]
fn broken_variant_files_report_the_space() {
    let v = Variant::from_toml("not toml [", "bad.toml");
    assert!(v.is_err());
    let source = r#"
[variant]
name = "tiny"
start_year = 1901
victory_centers = 1

[[province]]
id = "aaa"
abbr = "Aaa"
name = "Aland"
terrain = "land"

[[province]]
id = "sss"
abbr = "Sss"
name = "Sea"
terrain = "sea"

[adjacency]
army = ["aaa-sss", "aaa-zzz"]
"#;
    let err = Variant::from_toml(source, "tiny.toml").expect_err("inconsistent");
    let text = err.to_string();
    assert!(text.contains("zzz"), "{text}");
    assert!(text.contains("tiny.toml"), "{text}");
    assert!(text.contains("sss"), "{text}");
}

#[test]
fn every_builtin_variant_loads_and_passes_the_self_check() {
    for name in standoff::variant::builtin_names() {
        let v = Variant::builtin(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(v.map.self_check(), vec![], "{name}");
    }
}

#[test]
fn default_coasts_are_the_south_coasts_and_checked() {
    let v = Variant::standard();
    for id in ["spa", "bul", "stp"] {
        let p = v.map.find_province(id).expect("province");
        assert_eq!(v.map.default_coast(p), v.map.coast(p, "sc"), "{id}");
    }
    let nwy = v.map.find_province("nwy").expect("province");
    assert_eq!(v.map.default_coast(nwy), None);
    let source = include_str!("../variants/standard/variant.toml");
    let bad = source.replacen("default_coast = \"sc\"", "default_coast = \"xc\"", 1);
    let text = Variant::from_toml(&bad, "bad.toml")
        .expect_err("a default coast that is no coast")
        .to_string();
    assert!(text.contains("default coast `xc`"), "{text}");
}
