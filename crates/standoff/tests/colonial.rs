//! Colonial Diplomacy (DATC chapter 7): the 1870 start, the place names the DATC uses,
//! the geography its cases rely on, and the differences between the map editions.

use standoff::parse::parse_order;
use standoff::{PhaseKind, Position, ProvinceId, Season, UnitKind, Variant};
use std::collections::BTreeSet;

fn colonial() -> Variant {
    Variant::builtin("colonial").expect("colonial loads")
}

fn id(v: &Variant, name: &str) -> ProvinceId {
    v.map
        .find_province(name)
        .unwrap_or_else(|| panic!("`{name}` is not a space"))
}

#[test]
fn the_1870_start() {
    let v = colonial();
    assert_eq!(v.name, "colonial");
    assert_eq!(v.start_year, 1870);
    assert_eq!(v.start_phase.season, Season::Spring);
    assert_eq!(v.start_phase.kind, PhaseKind::Movement);
    assert_eq!(v.victory_centers, 30);
    assert_eq!(v.map.province_count(), 119);
    let centers = v.map.provinces().iter().filter(|p| p.is_center).count();
    assert_eq!(centers, 58);

    let expected: [(&str, &[&str], &[&str]); 7] = [
        (
            "Britain",
            &["ade", "bom", "del", "hon", "mad", "sin"],
            &["A del", "A mad", "F ade", "F bom", "F hon", "F sin"],
        ),
        (
            "China",
            &["can", "mac", "pek", "sha", "sik"],
            &["A can", "A mac", "A pek", "A sha", "A sik"],
        ),
        (
            "France",
            &["ann", "coc", "ton"],
            &["A coc", "A ton", "F ann"],
        ),
        (
            "Holland",
            &["bor", "jav", "sum"],
            &["A bor", "F jav", "F sum"],
        ),
        (
            "Japan",
            &["kyo", "kyu", "ota", "tok"],
            &["A kyo", "F kyu", "F ota", "F tok"],
        ),
        (
            "Russia",
            &["mos", "ode", "oms", "por", "vla"],
            &["A mos", "A oms", "A vla", "F ode", "F por"],
        ),
        (
            "Turkey",
            &["ang", "bag", "con"],
            &["A ang", "F bag", "F con"],
        ),
    ];
    let names: Vec<&str> = v.powers.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, expected.map(|(n, _, _)| n));
    let position = Position::initial(&v);
    for (name, homes, units) in expected {
        let power = v.find_power(name).expect(name);
        let got_homes: BTreeSet<&str> = v
            .power(power)
            .home_centers
            .iter()
            .map(|&p| v.map.province(p).id.as_str())
            .collect();
        assert_eq!(got_homes, homes.iter().copied().collect(), "{name} homes");
        let got_units: BTreeSet<String> = position
            .units()
            .filter(|(_, u)| u.power == power)
            .map(|(_, u)| {
                let letter = if u.kind == UnitKind::Army { "A" } else { "F" };
                format!("{letter} {}", v.map.location_id_name(u.location))
            })
            .collect();
        let want: BTreeSet<String> = units.iter().map(|u| u.to_string()).collect();
        assert_eq!(got_units, want, "{name} units");
        let owned: BTreeSet<&str> = (0..v.map.province_count())
            .filter(|&i| position.owners()[i] == Some(power))
            .map(|i| v.map.provinces()[i].id.as_str())
            .collect();
        assert_eq!(owned, got_homes, "{name} owns its homes");
    }
    assert_eq!(position.units().count(), 29);
    let owned = position.owners().iter().filter(|o| o.is_some()).count();
    assert_eq!(owned, 29, "29 home centers, 29 neutral");
    for adjective in [
        "British", "Chinese", "French", "Dutch", "Japanese", "Russian",
    ] {
        assert!(v.find_power(adjective).is_some(), "{adjective}");
    }
}

/// Every place name DATC 2.4 chapter 7 uses (introduction, errata and cases 7.A-7.D),
/// spelled as it spells them, with the space it means.
const DATC_7_NAMES: &[(&str, &str)] = &[
    ("Aden", "ade"),
    ("Akita", "aki"),
    ("Akmolinsk", "akm"),
    ("Andaman Sea", "and"),
    ("AND.S", "and"),
    ("Angora", "ang"),
    ("Arabia", "arb"),
    ("Armenia", "arm"),
    ("Baku", "bak"),
    ("Cebu", "ceb"),
    ("Constantinople", "con"),
    ("Davao", "dav"),
    ("East China Sea", "ecs"),
    ("Egypt", "egy"),
    ("Eritrea", "eri"),
    ("Fusan", "fus"),
    ("Gulf of Aden", "goa"),
    ("Hong Kong", "hon"),
    ("Irkutsk", "irk"),
    ("Java Sea", "jvs"),
    ("Krasnoyarsk", "kra"),
    ("Kyoto", "kyo"),
    ("Lower Pacific", "low"),
    ("Luzon Strait", "luz"),
    ("Manchuria", "mac"),
    ("Manila", "mna"),
    ("Mecca", "mec"),
    ("Mediterranean", "med"),
    ("Mediterranean Sea", "med"),
    ("Middle Pacific", "mid"),
    ("Mongolia", "mon"),
    ("Moscow", "mos"),
    ("Odessa", "ode"),
    ("Okhotsk Sea", "okh"),
    ("Omsk", "oms"),
    ("Orenburg", "ore"),
    ("Otaru", "ota"),
    ("Perm", "prm"),
    ("Red Sea", "red"),
    ("Sakhalin", "sak"),
    ("Sea of Japan", "soj"),
    ("Semipalatinsk", "sem"),
    ("Seoul", "seo"),
    ("South China Sea", "scs"),
    ("Southeast Indian Ocean", "sio"),
    ("Sudan", "sud"),
    ("Sulu Sea", "sul"),
    ("Sunda Sea", "sun"),
    ("Syria", "syr"),
    ("Tashkent", "tas"),
    ("Urumchi", "uru"),
    ("Vladivostok", "vla"),
    ("West Indian Ocean", "wio"),
    ("Yellow Sea", "yel"),
    // The errata's and the TSR answers' abbreviations.
    ("EGY", "egy"),
    ("SUD", "sud"),
    ("RS", "red"),
    ("MED", "med"),
    ("OS", "okh"),
    ("MOS", "mos"),
    ("VLA", "vla"),
    ("SEO", "seo"),
    ("KRA", "kra"),
    ("OMSK", "oms"),
    ("Irk", "irk"),
    ("Mac", "mac"),
    ("Mon", "mon"),
];

#[test]
fn every_datc_chapter_7_name_is_a_space() {
    let v = colonial();
    for &(name, want) in DATC_7_NAMES {
        assert_eq!(v.map.province(id(&v, name)).id, want, "{name}");
    }
}

#[test]
fn the_datc_misspellings_still_parse() {
    // The case texts misspell three names; the parser's best-effort reading finds them.
    let v = colonial();
    for (text, expected) in [
        ("China: A Mancharia - Irkutsk", "China: A mac - irk"),
        ("China: A Krasnoyrask - Irkutsk", "China: A kra - irk"),
        ("Britain: A Akmolinks - Omsk", "Britain: A akm - oms"),
        (
            "Holland: F Okhotsk Sea - Vladivostok",
            "Holland: F okh - vla",
        ),
        (
            "Turkey: F Gulf of Aden C A Eritrea - Vladivostok",
            "Turkey: F goa C A eri - vla",
        ),
    ] {
        let o = parse_order(&v, PhaseKind::Movement, None, text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        let got = format!("{}: {}", v.power_name(o.power), o.display_ids(&v.map));
        assert_eq!(got, expected, "{text}");
    }
}

/// Moves and supports the chapter 7 cases give, outside the railroad and the canal:
/// each needs the unit to reach the space.
const DATC_7_REACH: &[(UnitKind, &str, &str)] = &[
    (UnitKind::Army, "Orenburg", "Omsk"),
    (UnitKind::Army, "Akmolinsk", "Omsk"),
    (UnitKind::Army, "Mongolia", "Krasnoyarsk"),
    (UnitKind::Army, "Semipalatinsk", "Krasnoyarsk"),
    (UnitKind::Army, "Seoul", "Vladivostok"),
    (UnitKind::Army, "Manchuria", "Vladivostok"),
    (UnitKind::Army, "Krasnoyarsk", "Semipalatinsk"),
    (UnitKind::Army, "Urumchi", "Semipalatinsk"),
    (UnitKind::Army, "Manchuria", "Irkutsk"),
    (UnitKind::Army, "Perm", "Orenburg"),
    (UnitKind::Army, "Tashkent", "Orenburg"),
    (UnitKind::Army, "Tashkent", "Akmolinsk"),
    (UnitKind::Army, "Baku", "Moscow"),
    (UnitKind::Army, "Irkutsk", "Vladivostok"),
    (UnitKind::Army, "Manchuria", "Seoul"),
    (UnitKind::Army, "Vladivostok", "Seoul"),
    (UnitKind::Army, "Orenburg", "Akmolinsk"),
    (UnitKind::Army, "Akmolinsk", "Krasnoyarsk"),
    (UnitKind::Army, "Odessa", "Moscow"),
    (UnitKind::Army, "Akmolinsk", "Semipalatinsk"),
    (UnitKind::Army, "Semipalatinsk", "Urumchi"),
    (UnitKind::Army, "Urumchi", "Mongolia"),
    (UnitKind::Army, "Mongolia", "Irkutsk"),
    (UnitKind::Army, "Perm", "Moscow"),
    (UnitKind::Army, "Orenburg", "Perm"),
    (UnitKind::Army, "Orenburg", "Moscow"),
    (UnitKind::Army, "Omsk", "Perm"),
    (UnitKind::Army, "Omsk", "Orenburg"),
    (UnitKind::Army, "Egypt", "Mecca"),
    (UnitKind::Army, "Syria", "Mecca"),
    (UnitKind::Army, "Arabia", "Mecca"),
    (UnitKind::Army, "Sudan", "Egypt"),
    (UnitKind::Army, "Syria", "Egypt"),
    (UnitKind::Army, "Mecca", "Egypt"),
    (UnitKind::Army, "Mecca", "Syria"),
    (UnitKind::Army, "Syria", "Armenia"),
    (UnitKind::Army, "Armenia", "Baku"),
    (UnitKind::Army, "Armenia", "Angora"),
    (UnitKind::Army, "Egypt", "Sudan"),
    (UnitKind::Army, "Moscow", "Baku"),
    (UnitKind::Fleet, "Okhotsk Sea", "Vladivostok"),
    (UnitKind::Fleet, "Sea of Japan", "Vladivostok"),
    (UnitKind::Fleet, "Mecca", "Red Sea"),
    (UnitKind::Fleet, "Aden", "Red Sea"),
    (UnitKind::Fleet, "Syria", "Mediterranean Sea"),
    (UnitKind::Fleet, "Red Sea", "Mecca"),
    (UnitKind::Fleet, "Red Sea", "Eritrea"),
    (UnitKind::Fleet, "Red Sea", "Egypt"),
    (UnitKind::Fleet, "Eritrea", "Red Sea"),
    (UnitKind::Fleet, "Egypt", "Red Sea"),
    (UnitKind::Fleet, "Egypt", "Mediterranean Sea"),
    (UnitKind::Fleet, "Angora", "Mediterranean Sea"),
];

/// The convoy routes of 7.C.13, 7.C.14, 7.D.1 and 7.D.2: army start, fleets, end.
const DATC_7_CONVOYS: &[&[&str]] = &[
    &["Aden", "Red Sea", "Egypt"],
    &["Aden", "Red Sea", "Sudan"],
    &[
        "Eritrea",
        "Gulf of Aden",
        "West Indian Ocean",
        "Southeast Indian Ocean",
        "Java Sea",
        "Sunda Sea",
        "South China Sea",
        "East China Sea",
        "Yellow Sea",
        "Sea of Japan",
        "Vladivostok",
    ],
    &[
        "Sudan",
        "Red Sea",
        "Gulf of Aden",
        "West Indian Ocean",
        "Southeast Indian Ocean",
        "Java Sea",
        "Sunda Sea",
        "South China Sea",
        "East China Sea",
        "Yellow Sea",
        "Manchuria",
    ],
];

#[test]
fn the_geography_the_datc_cases_use() {
    let v = colonial();
    let m = &v.map;
    for &(kind, from, to) in DATC_7_REACH {
        let (a, b) = (id(&v, from), id(&v, to));
        assert!(
            m.can_move(kind, a.location(), b.location()),
            "{kind:?} {from} - {to}"
        );
    }
    for route in DATC_7_CONVOYS {
        for pair in route.windows(2) {
            let (a, b) = (id(&v, pair[0]), id(&v, pair[1]));
            assert!(
                m.can_move(UnitKind::Fleet, a.location(), b.location()),
                "convoy step {} - {}",
                pair[0],
                pair[1]
            );
        }
    }
}

/// Names of the spaces next to `space` for a unit of `kind`.
fn neighbours(v: &Variant, kind: UnitKind, space: &str) -> BTreeSet<String> {
    let p = id(v, space);
    v.map
        .unit_neighbours(kind, p.location())
        .into_iter()
        .map(|l| v.map.province(v.map.province_of(l)).id.clone())
        .collect()
}

fn set(ids: &[&str]) -> BTreeSet<String> {
    ids.iter().map(|s| s.to_string()).collect()
}

#[test]
fn cebu_as_the_errata_describe_it() {
    let v = colonial();
    let ceb = id(&v, "Cebu");
    assert!(v.map.can_stand(UnitKind::Army, ceb.location()));
    assert!(v.map.can_stand(UnitKind::Fleet, ceb.location()));
    assert_eq!(
        neighbours(&v, UnitKind::Fleet, "Cebu"),
        set(&["dav", "low", "luz", "mid", "mna", "sul"])
    );
    assert_eq!(neighbours(&v, UnitKind::Army, "Cebu"), set(&["dav", "mna"]));
}

#[test]
fn the_choices_between_disagreeing_sources() {
    let v = colonial();
    let m = &v.map;
    let p = |n: &str| id(&v, n).location();
    assert!(m.can_move(UnitKind::Army, p("aki"), p("tok")));
    assert!(m.can_move(UnitKind::Fleet, p("aki"), p("tok")));
    assert!(m.can_move(UnitKind::Fleet, p("con"), p("bla")));
    assert!(m.can_move(UnitKind::Fleet, p("bla"), p("med")));
    assert!(!m.can_move(UnitKind::Fleet, p("dav"), p("mid")));
    // The Suez Canal is a rule, not an edge.
    assert!(!m.can_move(UnitKind::Fleet, p("med"), p("red")));
}

#[test]
fn the_special_rule_spaces_exist() {
    let v = colonial();
    let m = &v.map;
    // The Trans-Siberian Railroad runs through neighbouring spaces.
    let line = [
        "Moscow",
        "Perm",
        "Omsk",
        "Krasnoyarsk",
        "Irkutsk",
        "Vladivostok",
    ];
    for pair in line.windows(2) {
        assert!(
            m.army_adjacent(id(&v, pair[0]), id(&v, pair[1])),
            "{pair:?}"
        );
    }
    // The Suez gate: Egypt touches both seas.
    for sea in ["Mediterranean Sea", "Red Sea"] {
        let (egy, sea_id) = (id(&v, "Egypt"), id(&v, sea));
        assert!(m.can_move(UnitKind::Fleet, egy.location(), sea_id.location()));
    }
    // Hong Kong is a British home center.
    let hk = id(&v, "Hong Kong");
    assert!(m.province(hk).is_center);
    let britain = v.find_power("Britain").expect("Britain");
    assert!(v.power(britain).home_centers.contains(&hk));
}

/// Every army and fleet edge of a variant, as `A x-y` / `F x-y` with x < y.
fn edges(v: &Variant) -> BTreeSet<String> {
    let m = &v.map;
    let mut out = BTreeSet::new();
    for (i, prov) in m.provinces().iter().enumerate() {
        let p = ProvinceId(i as u16);
        for q in m.army_neighbours(p).filter(|q| q.index() > i) {
            out.insert(format!("A {}-{}", prov.id, m.province(q).id));
        }
    }
    for l in 0..m.location_count() {
        let a = standoff::LocationId(l as u16);
        for b in m.fleet_neighbours(a).filter(|b| b.index() > l) {
            let (x, y) = (m.location_id_name(a), m.location_id_name(b));
            let (x, y) = if x < y { (x, y) } else { (y, x) };
            out.insert(format!("F {x}-{y}"));
        }
    }
    out
}

#[test]
fn the_editions_differ_only_at_sakhalin() {
    let datc = edges(&colonial());
    for (name, alias, only_here, only_datc) in [
        (
            "colonial-errata",
            "colonial-second-print",
            &["A ota-sak", "F ota-sak"][..],
            &["A sak-vla", "F sak-vla"][..],
        ),
        (
            "colonial-moulmein",
            "moulmein",
            &["A aki-ota", "A ota-sak", "F aki-ota", "F ota-sak"][..],
            &["A sak-vla", "F sak-vla"][..],
        ),
        (
            "colonial-1994",
            "colonial-first-print",
            &[][..],
            &["A sak-vla", "F sak-vla"][..],
        ),
    ] {
        let v = Variant::builtin(alias).unwrap_or_else(|e| panic!("{alias}: {e}"));
        assert_eq!(v.name, name);
        assert_eq!(v.victory_centers, 30);
        assert_eq!(v.start_year, 1870);
        assert_eq!(v.start_units.len(), 29);
        let these = edges(&v);
        let added: Vec<&String> = these.difference(&datc).collect();
        let removed: Vec<&String> = datc.difference(&these).collect();
        assert_eq!(added, only_here, "{name} adds");
        assert_eq!(removed, only_datc, "{name} removes");
    }
}

#[test]
fn the_packages_colonial_is_the_moulmein_board_with_its_three_borders_and_no_rules() {
    // The `diplomacy` package's colonial.map (DPjudge's): no Akita-Tokyo border, no
    // Constantinople-Black Sea fleet border, a Davao-Middle Pacific fleet border, and
    // no railway, canal or Hong Kong rule.
    let moulmein = edges(&Variant::builtin("colonial-moulmein").expect("moulmein"));
    let v = Variant::builtin("colonial-package").expect("its alias");
    assert_eq!(v.name, "colonial-dpjudge");
    let these = edges(&v);
    let added: Vec<&String> = these.difference(&moulmein).collect();
    let removed: Vec<&String> = moulmein.difference(&these).collect();
    assert_eq!(added, ["F dav-mid"]);
    assert_eq!(removed, ["A aki-tok", "F aki-tok", "F bla-con"]);
    assert!(v.plugins.names().is_empty(), "{:?}", v.plugins.names());
    assert_eq!(
        (v.victory_centers, v.start_year, v.start_units.len()),
        (30, 1870, 29)
    );
}

#[test]
fn the_variant_files_load_from_disk_too() {
    // The files under variants/ extend by built-in name, so they load on their own.
    for name in [
        "colonial-errata",
        "colonial-moulmein",
        "colonial-1994",
        "colonial-dpjudge",
    ] {
        let path = format!(
            "{}/variants/{name}/variant.toml",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).expect("file exists");
        let v = Variant::from_toml(&text, &path).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(v.name, name);
    }
}

#[test]
fn random_games_play_and_their_orders_read_back() {
    // Random legal orders on every edition: no panic, and each order written with the
    // report abbreviations parses back to itself (the name table is unambiguous).
    for name in [
        "colonial",
        "colonial-errata",
        "colonial-moulmein",
        "colonial-1994",
        "colonial-dpjudge",
    ] {
        let v = Variant::builtin(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        let phases = standoff::corpus::random_games(&v, 7, 2, 30);
        assert!(phases.len() >= 30, "{name}: {} phases", phases.len());
        for phase in &phases {
            let kind = phase.position.phase().kind;
            for order in &phase.orders {
                let text = format!("{}: {}", v.power_name(order.power), order.display(&v.map));
                let back = parse_order(&v, kind, None, &text)
                    .unwrap_or_else(|e| panic!("{name}: {text}: {e}"));
                assert_eq!(
                    back.display_ids(&v.map).to_string(),
                    order.display_ids(&v.map).to_string(),
                    "{text}"
                );
            }
        }
    }
}
