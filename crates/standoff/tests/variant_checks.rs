//! What the variant loader refuses (issue 14, items 4 and 8): variants that would lose
//! a unit, a power or a center when a game starts, or whose numbers make no game; each
//! refusal names the file, the line and the space. Every case starts from the standard
//! map's file with one change.

use standoff::variant::{VariantError, START_YEARS};
use standoff::Variant;

const STANDARD: &str = include_str!("../variants/standard/variant.toml");

/// The standard file with `from` replaced by `to` (which must be there once).
fn standard_with(from: &str, to: &str) -> String {
    assert_eq!(
        STANDARD.matches(from).count(),
        1,
        "`{from}` once in the file"
    );
    STANDARD.replacen(from, to, 1)
}

/// The line (from 1) of `text` holding `needle`, which must be there once.
fn line_of(text: &str, needle: &str) -> usize {
    assert_eq!(text.matches(needle).count(), 1, "`{needle}` once");
    let at = text.find(needle).expect("checked");
    text[..at].matches('\n').count() + 1
}

/// The loader's messages, each as `file:line: message`.
fn refusals(text: &str) -> Vec<String> {
    match Variant::from_toml(text, "my.toml") {
        Ok(_) => Vec::new(),
        Err(VariantError::Many(all)) => all.iter().map(ToString::to_string).collect(),
        Err(e) => vec![e.to_string()],
    }
}

/// Asserts one refusal starts with `at` (`file:line: `) and contains every `words`.
fn assert_refused(text: &str, at: &str, words: &[&str]) {
    let found = refusals(text);
    assert!(
        found
            .iter()
            .any(|m| m.starts_with(at) && words.iter().all(|w| m.contains(w))),
        "expected `{at}` with {words:?}, got {found:#?}"
    );
}

#[test]
fn the_standard_file_loads_as_is() {
    assert_eq!(refusals(STANDARD), Vec::<String>::new());
}

#[test]
fn two_start_units_in_one_province_are_refused() {
    // England's `F lon` and an `A lon` beside it: the second would replace the first.
    let text = standard_with(
        r#"units = ["F edi", "F lon", "A lvp"]"#,
        r#"units = ["F edi", "F lon", "A lvp", "A lon"]"#,
    );
    let line = line_of(&text, r#""A lon""#);
    assert_refused(
        &text,
        &format!("my.toml:{line}: "),
        &["`A lon`", "`lon`", "`F lon`", "one unit per province"],
    );
    // Across powers too: France's `A lon` beside England's `F lon`.
    let text = standard_with(
        r#"units = ["F bre", "A mar", "A par"]"#,
        r#"units = ["F bre", "A mar", "A par", "A lon"]"#,
    );
    let line = line_of(&text, r#""A lon""#);
    assert_refused(
        &text,
        &format!("my.toml:{line}: "),
        &["power France units", "`A lon`", "England's `F lon`"],
    );
}

#[test]
fn a_start_unit_on_a_center_another_power_owns_is_refused() {
    // France starts without its fleet in Brest and England's army stands there: a
    // center France owns and builds in, held by a foreign unit from the first phase.
    let text = standard_with(
        r#"units = ["F bre", "A mar", "A par"]"#,
        r#"units = ["A mar", "A par"]"#,
    )
    .replacen(
        r#"units = ["F edi", "F lon", "A lvp"]"#,
        r#"units = ["F edi", "F lon", "A bre"]"#,
        1,
    );
    let line = line_of(&text, r#""A bre""#);
    assert_refused(
        &text,
        &format!("my.toml:{line}: "),
        &["power England units", "`A bre`", "`bre`", "France owns"],
    );
}

#[test]
fn a_start_unit_on_an_unowned_center_is_allowed() {
    // Standing on a neutral center (or on a home center its power does not own at the
    // start) takes nothing from anyone.
    let text = standard_with(
        r#"units = ["F edi", "F lon", "A lvp"]"#,
        r#"units = ["F edi", "F lon", "A bel"]"#,
    );
    assert_eq!(refusals(&text), Vec::<String>::new());
}

#[test]
fn a_start_unit_that_cannot_stand_there_is_refused() {
    let text = standard_with(
        r#"units = ["F kie", "A ber", "A mun"]"#,
        r#"units = ["F kie", "A ber", "F mun"]"#,
    );
    let line = line_of(&text, r#""F mun""#);
    assert_refused(
        &text,
        &format!("my.toml:{line}: "),
        &["power Germany units", "`F mun`"],
    );
}

#[test]
fn two_powers_with_one_name_are_refused() {
    let cases = [
        // The same name, then in other capitals, then an alias one power's name already
        // uses, then an adjective.
        (r#"name = "Turkey""#, r#"name = "England""#, "`England`"),
        (r#"name = "Turkey""#, r#"name = "ENGLAND""#, "`ENGLAND`"),
        (
            r#"aliases = ["tur", "ottoman"]"#,
            r#"aliases = ["tur", "ottoman", "Eng"]"#,
            "`Eng`",
        ),
        (
            r#"adjective = "Turkish""#,
            r#"adjective = "French""#,
            "`French`",
        ),
    ];
    for (from, to, word) in cases {
        let text = standard_with(from, to);
        let line = line_of(STANDARD, from);
        assert_refused(
            &text,
            &format!("my.toml:{line}: "),
            &["power `", word, "already names power"],
        );
    }
}

#[test]
fn a_variant_without_powers_is_refused() {
    let first_power = STANDARD.find("[[power]]").expect("powers");
    let first_province = STANDARD.find("[[province]]").expect("provinces");
    let text = format!(
        "{}{}",
        &STANDARD[..first_power],
        &STANDARD[first_province..]
    );
    let line = line_of(&text, "[variant]");
    assert_refused(&text, &format!("my.toml:{line}: "), &["has no powers"]);
}

#[test]
fn a_variant_whose_every_power_is_a_dummy_is_refused() {
    let text = STANDARD.replace("adjective = ", "dummy = true\nadjective = ");
    // Reported at the first power's.
    let first = text.find("dummy = true").expect("written");
    let line = text[..first].matches('\n').count() + 1;
    assert_refused(
        &text,
        &format!("my.toml:{line}: "),
        &["every power is a dummy"],
    );
    // One power left to play is enough.
    let one_left = text.replacen("dummy = true\n", "", 1);
    assert_eq!(refusals(&one_left), Vec::<String>::new());
}

#[test]
fn a_center_is_the_home_and_the_property_of_one_power() {
    let text = standard_with(
        r#"home_centers = ["bre", "mar", "par"]"#,
        r#"home_centers = ["bre", "mar", "par", "lon"]"#,
    );
    assert_refused(
        &text,
        &format!("my.toml:{}: ", line_of(&text, r#""par", "lon""#)),
        &["power France home centers", "`lon`", "England"],
    );
}

#[test]
fn victory_counts_of_zero_or_above_the_centers_are_refused() {
    for count in ["0", "35"] {
        let text = standard_with(
            "victory_centers = 18",
            &format!("victory_centers = {count}"),
        );
        let line = line_of(&text, "victory_centers");
        assert_refused(
            &text,
            &format!("my.toml:{line}: "),
            &[&format!("victory_centers {count}"), "34 supply centers"],
        );
    }
    let all = standard_with("victory_centers = 18", "victory_centers = 34");
    assert_eq!(refusals(&all), Vec::<String>::new());
}

#[test]
fn start_years_a_game_could_overflow_are_refused() {
    for year in [i32::MAX, 10_000, 0, -5] {
        let text = standard_with("start_year = 1901", &format!("start_year = {year}"));
        let line = line_of(&text, "start_year");
        assert_refused(
            &text,
            &format!("my.toml:{line}: "),
            &[&format!("start_year {year}"), "1..=9999"],
        );
    }
    assert_eq!(START_YEARS, 1..=9999);
    let last = standard_with("start_year = 1901", "start_year = 9999");
    assert_eq!(refusals(&last), Vec::<String>::new());
}

#[test]
fn an_edge_listed_twice_is_refused_with_both_lines() {
    // The same text twice.
    let text = standard_with("fleet = [\n", "fleet = [\n  \"lon-nth\",\n");
    let lines: Vec<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains("\"lon-nth\""))
        .map(|(i, _)| i + 1)
        .collect();
    assert_eq!(lines.len(), 2);
    assert_refused(
        &text,
        &format!("my.toml:{}: ", lines[1]),
        &[
            "fleet adjacency: edge `lon-nth` is listed twice",
            &format!("lines {} and {}", lines[0], lines[1]),
        ],
    );
    // The other direction.
    let text = standard_with("fleet = [\n", "fleet = [\n  \"nth-lon\",\n");
    let reversed = line_of(&text, "\"nth-lon\"");
    let original = line_of(&text, "\"lon-nth\"");
    assert_refused(
        &text,
        &format!("my.toml:{original}: "),
        &[
            "fleet adjacency: edge `lon-nth` is `nth-lon`",
            &format!("line {reversed})"),
            "other direction",
        ],
    );
    // Army edges too.
    let text = standard_with("army = [\n", "army = [\n  \"bur-mun\",\n");
    assert_refused(
        &text,
        "my.toml:",
        &["army adjacency: edge `bur-mun` is listed twice"],
    );
}

#[test]
fn a_start_season_error_names_its_line() {
    let text = standard_with(
        "start_year = 1901",
        "start_year = 1901\nstart_season = \"summer\"",
    );
    let line = line_of(&text, "start_season");
    assert_refused(&text, &format!("my.toml:{line}: "), &["`summer`"]);
}

// Item 8: an error in a file that extends a built-in is the extending file's.

#[test]
fn a_map_problem_an_extending_file_causes_is_reported_in_that_file() {
    // Munich becomes a sea: the standard file's army edges into it are now wrong, and
    // the change that made them wrong is the extending file's `[[province]]` table.
    let child = "extends = \"standard\"\n[variant]\nname = \"x\"\n\n[[province]]\n\
                 id = \"mun\"\nabbr = \"Mun\"\nname = \"Munich\"\nterrain = \"sea\"\n";
    let found = refusals(child);
    assert!(!found.is_empty(), "refused");
    for m in &found {
        assert!(
            !m.starts_with("<builtin"),
            "blamed on the built-in: {found:#?}"
        );
    }
    let line = line_of(child, "id = \"mun\"");
    let found: Vec<String> = Variant::from_toml(child, "x.toml")
        .err()
        .map(|e| e.to_string().lines().map(str::to_string).collect())
        .unwrap_or_default();
    assert!(
        found
            .iter()
            .any(|m| m.starts_with(&format!("x.toml:{line}: army edge")) && m.contains("`mun`")),
        "{found:#?}"
    );
}

#[test]
fn header_problems_in_an_extending_file_are_at_its_lines() {
    let child = "extends = \"standard\"\n[variant]\nname = \"x\"\nvictory_centers = 40\n";
    let found = Variant::from_toml(child, "x.toml")
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(found.starts_with("x.toml:4: victory_centers 40"), "{found}");
}

#[test]
fn a_problem_only_the_built_in_mentions_is_blamed_on_the_extends_line() {
    // Every army edge of Bohemia removed: Bohemia is inland and unreachable. The
    // extending file's removal list mentions it.
    let child = "extends = \"standard\"\n[variant]\nname = \"x\"\n[adjacency]\n\
                 army_remove = [\"boh-gal\", \"boh-mun\", \"boh-sil\", \"boh-tyr\", \"boh-vie\"]\n";
    let found = Variant::from_toml(child, "x.toml")
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        found.contains("x.toml:5: `boh` is inland but has no army edge"),
        "{found}"
    );
    assert!(!found.contains("<builtin"), "{found}");
}

#[test]
fn more_powers_than_ids_are_refused() {
    // 256 powers would give two of them the same one-byte id.
    let first_province = STANDARD.find("[[province]]").expect("provinces");
    let first_power = STANDARD.find("[[power]]").expect("powers");
    let mut text = STANDARD[..first_power].to_string();
    for i in 0..256 {
        text.push_str(&format!(
            "[[power]]\nname = \"P{i}\"\nadjective = \"P{i}ish\"\nhome_centers = []\n\n"
        ));
    }
    text.push_str(&STANDARD[first_province..]);
    assert_refused(&text, "my.toml:", &["256 powers: at most 255"]);
    // 255 are fine.
    let last = text.rfind("[[power]]").expect("powers");
    let end = text[last..].find("\n\n").expect("table end") + last + 2;
    text.replace_range(last..end, "");
    assert_eq!(refusals(&text), Vec::<String>::new());
}

#[test]
fn a_center_order_names_every_center_once_and_nothing_else() {
    let list_end = r#""swe", "tun"
]"#;
    let line = line_of(STANDARD, "center_order");
    let at = format!("my.toml:{line}: ");
    let not_a_center = standard_with(
        list_end,
        r#""swe", "tun", "ruh"
]"#,
    );
    assert_refused(
        &not_a_center,
        &at,
        &["center_order", "`ruh` is not a supply center"],
    );
    let twice = standard_with(
        list_end,
        r#""swe", "tun", "bud"
]"#,
    );
    assert_refused(&twice, &at, &["center_order", "`bud` is named twice"]);
    let short = standard_with(
        list_end,
        r#""swe"
]"#,
    );
    assert_refused(&short, &at, &["center_order leaves out the centers tun"]);
    let unknown = standard_with(
        list_end,
        r#""swe", "tun", "xyz"
]"#,
    );
    assert_refused(&unknown, "my.toml:", &["xyz"]);
}

#[test]
fn a_location_order_names_every_location_once_and_nothing_else() {
    let list_end = r#""yor",
  "swi",
]"#;
    let line = line_of(STANDARD, "location_order");
    let at = format!("my.toml:{line}: ");
    let twice = standard_with(
        list_end,
        r#""yor",
  "swi", "bul/ec",
]"#,
    );
    assert_refused(&twice, &at, &["location_order", "`bul/ec` is named twice"]);
    let short = standard_with(
        list_end,
        r#""yor",
]"#,
    );
    assert_refused(&short, &at, &["location_order leaves out swi"]);
    let no_such_coast = standard_with(
        list_end,
        r#""yor",
  "swi", "bud/nc",
]"#,
    );
    assert_refused(&no_such_coast, "my.toml:", &["`bud` has no coast `nc`"]);
    let unknown = standard_with(
        list_end,
        r#""yor",
  "swi", "xyz",
]"#,
    );
    assert_refused(
        &unknown,
        "my.toml:",
        &["location_order: unknown space `xyz`"],
    );
    // Left out altogether, the map's own order is used.
    let start = STANDARD
        .find("location_order = [")
        .expect("the standard map's order");
    let end = STANDARD[start..].find("]\n").expect("its end") + start + 2;
    let mut without = STANDARD.to_string();
    without.replace_range(start..end, "");
    assert_eq!(refusals(&without), Vec::<String>::new());
}
