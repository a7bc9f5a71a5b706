//! The order parser on the notations people write.

mod common;

use common::place;
use standoff::parse::{parse_order, parse_orders, ParseErrorKind};
use standoff::{OrderKind, PhaseKind, Variant};

fn canon(v: &Variant, kind: PhaseKind, text: &str) -> String {
    let o = parse_order(v, kind, None, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    format!("{}: {}", v.power_name(o.power), o.display_ids(&v.map))
}

#[test]
fn movement_notations() {
    let v = Variant::standard();
    let m = PhaseKind::Movement;
    for (text, expected) in [
        ("England: F North Sea - Picardy", "England: F nth - pic"),
        (
            "England: A Lvp-Edi via Convoy",
            "England: A lvp - edi via convoy",
        ),
        (
            "England: A lvp - edi by convoy",
            "England: A lvp - edi via convoy",
        ),
        ("England: F nth C A yor-bel", "England: F nth C A yor - bel"),
        ("Germany: A mun S A ber", "Germany: A mun S A ber"),
        (
            "England: F London Supports ENGLISH F North Sea - English Channel",
            "England: F lon S F nth - eng",
        ),
        ("France: A Par to Bur", "France: A par - bur"),
        ("France: A Par moves to Bur", "France: A par - bur"),
        ("Germany: A Mun H", "Germany: A mun H"),
        ("Germany: A Mun Holds", "Germany: A mun H"),
        ("germany: a mun - tyr", "Germany: A mun - tyr"),
        ("Russia: F StP(nc) - Bar", "Russia: F stp/nc - bar"),
        (
            "Russia: F St Petersburg (north coast) - Barents Sea",
            "Russia: F stp/nc - bar",
        ),
        ("France: F mao - spa nc", "France: F mao - spa/nc"),
        (
            "France: F Mid-Atlantic Ocean - Spain(sc)",
            "France: F mao - spa/sc",
        ),
        (
            "France: F mar S F gas - spa/nc",
            "France: F mar S F gas - spa/nc",
        ),
        ("Italy: A ven - tri", "Italy: A ven - tri"),
        ("Italy: ven - tri", "Italy: ven - tri"),
        ("Germnay: A mun - ruh", "Germany: A mun - ruh"),
        ("France: A Burgundy - Pariz", "France: A bur - par"),
        ("England: A lon - nth - bel", "England: A lon - nth - bel"),
    ] {
        assert_eq!(canon(&v, m, text), expected, "{text}");
    }
}

#[test]
fn retreat_and_adjustment_notations() {
    let v = Variant::standard();
    assert_eq!(
        canon(&v, PhaseKind::Retreat, "Austria: F tri - alb"),
        "Austria: F tri R alb"
    );
    assert_eq!(
        canon(&v, PhaseKind::Retreat, "Austria: F tri R alb"),
        "Austria: F tri R alb"
    );
    assert_eq!(
        canon(&v, PhaseKind::Retreat, "Austria: F tri D"),
        "Austria: F tri D"
    );
    let a = PhaseKind::Adjustment;
    assert_eq!(
        canon(&v, a, "Russia: Build F stp/nc"),
        "Russia: Build F stp/nc"
    );
    assert_eq!(canon(&v, a, "Russia: Build A mos"), "Russia: Build A mos");
    assert_eq!(canon(&v, a, "France: Remove A par"), "France: Remove A par");
    assert_eq!(canon(&v, a, "France: A par D"), "France: Remove A par");
    let w = parse_order(&v, a, None, "Russia: Waive").expect("waive");
    assert_eq!(w.kind, OrderKind::Waive);
}

#[test]
fn errors_name_the_bad_word() {
    let v = Variant::standard();
    let e =
        parse_order(&v, PhaseKind::Movement, None, "England: F nth - xyzzy").expect_err("unknown");
    assert!(matches!(e.kind, ParseErrorKind::UnknownLocation(ref w) if w == "xyzzy"));
    assert_eq!(&e.input[e.span.clone()], "xyzzy");
    let e = parse_order(&v, PhaseKind::Movement, None, "F nth - pic").expect_err("no power");
    assert_eq!(e.kind, ParseErrorKind::MissingPower);
    let e = parse_order(&v, PhaseKind::Movement, None, "").expect_err("empty");
    assert_eq!(e.kind, ParseErrorKind::Empty);
    let e =
        parse_order(&v, PhaseKind::Movement, None, "England: F nth dances").expect_err("no action");
    assert_eq!(e.kind, ParseErrorKind::ExpectedAction);
}

#[test]
fn order_sets_keep_going_after_a_bad_line() {
    let v = Variant::standard();
    let (orders, errors) = parse_orders(
        &v,
        PhaseKind::Movement,
        "England:\nF lon - nth\nF edi - qqq\nA lvp - yor # a comment\nFrance: A par - bur\n",
    );
    assert_eq!(orders.len(), 3);
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].line, 3);
}

#[test]
fn ambiguous_names_are_read_by_legality() {
    use standoff::parse::parse_order_at;
    use standoff::{Position, UnitKind};
    let v = Variant::standard();
    let mut setup = standoff::position::Setup::empty(standoff::Phase::spring_movement(1901));
    place(&v, &mut setup, "Russia", UnitKind::Fleet, "rum");
    place(&v, &mut setup, "France", UnitKind::Army, "bur");
    place(&v, &mut setup, "Austria", UnitKind::Army, "gre");
    place(&v, &mut setup, "Austria", UnitKind::Army, "ser");
    let pos: Position = common::position(&v, setup);
    let read = |text: &str| {
        parse_order_at(&v, &pos, None, text).map(|o| o.display_ids(&v.map).to_string())
    };
    // DATC 4.E.2 example 5: a fleet cannot go to Budapest, so "Bu" is Bulgaria.
    assert_eq!(read("Russia: F Rum - Bu").as_deref(), Ok("F rum - bul"));
    // Example 6: Greece cannot support a move to Budapest.
    assert_eq!(
        read("Austria: A Gre S A Ser - Bu").as_deref(),
        Ok("A gre S A ser - bul")
    );
    // Example 1: "Pir" could be Paris or Picardy, both reachable: ambiguous.
    let e = read("France: A Bur - Pir").expect_err("ambiguous");
    assert!(
        matches!(e.kind, ParseErrorKind::AmbiguousLocation(_, ref c) if c.len() == 2),
        "{e}"
    );
    // Example 2: a small misspelling is read.
    assert_eq!(
        read("France: A Burgundy - Pariz").as_deref(),
        Ok("A bur - par")
    );
}

/// The DATC's examples for 4.E.2 (poorly written orders), read under each choice: each
/// line's reading (`Err` for a line that could not be read).
fn read_set(
    choice: &str,
    units: &[(&str, UnitKindArg, &str)],
    text: &str,
) -> Vec<Result<String, String>> {
    use standoff::parse::parse_orders_with;
    use standoff::Position;
    let v = Variant::standard();
    let mut setup = standoff::position::Setup::empty(standoff::Phase::spring_movement(1901));
    for (power, kind, at) in units {
        place(&v, &mut setup, power, kind.0, at);
    }
    let pos: Position = common::position(&v, setup);
    let rules = standoff::rules::Rules::parse(&format!("datc poorly_written={choice}"))
        .expect("supported rules");
    let (parsed, errors) = parse_orders_with(&v, &pos, &rules, text);
    let mut lines: Vec<(usize, Result<String, String>)> = parsed
        .iter()
        .map(|p| (p.line, Ok(p.order.display_ids(&v.map).to_string())))
        .chain(
            errors
                .iter()
                .map(|e| (e.line, Err(e.error.kind.to_string()))),
        )
        .collect();
    lines.sort_by_key(|(line, _)| *line);
    lines.into_iter().map(|(_, r)| r).collect()
}

/// A unit type for [`read_set`] setups.
#[derive(Clone, Copy)]
struct UnitKindArg(standoff::UnitKind);
const ARMY: UnitKindArg = UnitKindArg(standoff::UnitKind::Army);
const FLEET: UnitKindArg = UnitKindArg(standoff::UnitKind::Fleet);

fn ok(s: &str) -> Result<String, String> {
    Ok(s.to_string())
}

#[test]
fn poorly_written_examples_1_to_3_read_alike_under_every_choice() {
    for choice in ["a", "b", "c", "d"] {
        // Example 1: "Pir" is Paris or Picardy, both reachable: ambiguous.
        let r = read_set(choice, &[("France", ARMY, "bur")], "France: A Bur - Pir");
        assert!(
            matches!(r.as_slice(), [Err(e)] if e.contains("could be any of")),
            "{choice}: {r:?}"
        );
        // Example 2: a small misspelling is read.
        let r = read_set(
            choice,
            &[("France", ARMY, "bur")],
            "France: A Burgundy - Pariz",
        );
        assert_eq!(r, [ok("A bur - par")], "{choice}");
        // Example 3: an unambiguous impossible order is not changed.
        let r = read_set(choice, &[], "Austria: Build F Tyr");
        assert_eq!(r, [ok("Build F tyr")], "{choice}");
    }
}

#[test]
fn poorly_written_a_uses_no_knowledge_of_the_rules() {
    // Examples 5 and 6: only legality could tell Bulgaria from Budapest.
    let units = [
        ("Russia", FLEET, "rum"),
        ("Austria", ARMY, "gre"),
        ("Austria", ARMY, "ser"),
    ];
    let r = read_set(
        "a",
        &units,
        "Russia: F Rum - Bu\nAustria: A Gre S A Ser - Bu",
    );
    assert!(r.iter().all(|l| l.is_err()), "{r:?}");
    for choice in ["b", "c", "d"] {
        let r = read_set(
            choice,
            &units,
            "Russia: F Rum - Bu\nAustria: A Gre S A Ser - Bu",
        );
        assert_eq!(
            r,
            [ok("F rum - bul"), ok("A gre S A ser - bul")],
            "{choice}"
        );
    }
}

#[test]
fn poorly_written_c_reads_the_set_as_possible_orders() {
    // Example 7: Paris already has an order, so the second "Pir" is Picardy.
    let units = [("France", ARMY, "par"), ("France", ARMY, "pic")];
    let text = "France: A Par S F Pir - Bre\nFrance: A Pir - Bre";
    let b = read_set("b", &units, text);
    assert_eq!(b[0], ok("A par S F pic - bre"));
    assert!(b[1].is_err(), "{b:?}");
    for choice in ["c", "d"] {
        let r = read_set(choice, &units, text);
        assert_eq!(
            r,
            [ok("A par S F pic - bre"), ok("A pic - bre")],
            "{choice}"
        );
    }
}

#[test]
fn poorly_written_d_reads_the_set_as_possible_and_matching_orders() {
    // Example 8: the support names Bulgaria, so the move is read as going there.
    let units = [("Austria", ARMY, "ser"), ("Austria", ARMY, "gre")];
    let text = "Austria: A Ser - Bu\nAustria: A Gre S A Ser - Bu";
    for choice in ["b", "c"] {
        let r = read_set(choice, &units, text);
        assert!(r[0].is_err(), "{choice}: {r:?}");
        assert_eq!(r[1], ok("A gre S A ser - bul"), "{choice}");
    }
    let r = read_set("d", &units, text);
    assert_eq!(r, [ok("A ser - bul"), ok("A gre S A ser - bul")]);
    // Example 4: another power's orders never clarify an order.
    let units = [("England", ARMY, "bre"), ("France", ARMY, "bur")];
    let r = read_set(
        "d",
        &units,
        "England: A Bre S A Bur - Par\nFrance: A Bur - Pir",
    );
    assert_eq!(r[0], ok("A bre S A bur - par"));
    assert!(r[1].is_err(), "{r:?}");
}

#[test]
fn coasts_the_map_does_not_have_are_kept_as_stray_coasts() {
    use standoff::order::StrayCoast;
    let v = Variant::standard();
    let m = PhaseKind::Movement;
    let stray = |text: &str| {
        parse_order(&v, m, None, text)
            .unwrap_or_else(|e| panic!("{text}: {e}"))
            .stray_coast
    };
    // DATC 4.B.6: "Brest east coast", "Spain west coast", a coast name that is none.
    assert_eq!(stray("France: F mao - bre(ec)"), Some(StrayCoast::Unknown));
    assert_eq!(
        stray("France: F gas - Spain west coast"),
        Some(StrayCoast::Unknown)
    );
    assert_eq!(stray("France: F gas - spa/xc"), Some(StrayCoast::Unknown));
    assert_eq!(
        stray("France: F gas - spa (middle coast)"),
        Some(StrayCoast::Unknown)
    );
    // A convoyed army's destination has no coast that matters.
    assert_eq!(
        stray("France: F mao C A bre - spa/nc"),
        Some(StrayCoast::Irrelevant)
    );
    assert_eq!(stray("France: F mao - spa/nc"), None);
    assert_eq!(stray("England: A lvp - edi (via convoy)"), None);
    // Still not a coast at all: an error naming it.
    let e = parse_order(&v, m, None, "France: F gas - spa/foo").expect_err("no coast");
    assert!(
        matches!(e.kind, ParseErrorKind::BadCoast(ref w) if w == "foo"),
        "{e}"
    );
}

#[test]
fn proxy_orders_read_and_write_back() {
    let v = Variant::standard();
    let m = PhaseKind::Movement;
    for text in [
        "England: F lon proxy to France",
        "England: F London proxies France",
        "England: F lon proxy Frnace",
    ] {
        let o = parse_order(&v, m, None, text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let written = o.display_ids(&v.map).with_powers(&v.powers).to_string();
        assert_eq!(written, "F lon proxy to France", "{text}");
        let again = parse_order(&v, m, Some(o.power), &written).expect("reads back");
        assert_eq!(again, o);
    }
    let e = parse_order(&v, m, None, "England: F lon proxy to").expect_err("no power");
    assert_eq!(e.kind, ParseErrorKind::ExpectedPower);
}

/// An order written with a coast its space does not have (DATC 4.B.6) keeps that in its
/// canonical text, which saved games store: the text reads back to the same order (the
/// fuzz target `game_loop` found saves losing it).
#[test]
fn an_unknown_coast_survives_the_canonical_text() {
    use standoff::order::StrayCoast;
    let v = standoff::Variant::standard();
    let position = standoff::Position::initial(&v);
    for text in [
        "Russia: F stp/xc - bot",
        "France: A par - bur/xc",
        "England: F lon S F edi/xc - nth",
    ] {
        let (orders, errors) =
            standoff::parse::parse_orders_with(&v, &position, &standoff::rules::Rules::DATC, text);
        assert!(errors.is_empty(), "{text}: {errors:?}");
        let order = &orders[0].order;
        assert_eq!(order.stray_coast, Some(StrayCoast::Unknown), "{text}");
        let canonical = format!(
            "{}: {}",
            v.power_name(order.power),
            order.display_ids(&v.map).with_powers(&v.powers)
        );
        let (again, errors) = standoff::parse::parse_orders_with(
            &v,
            &position,
            &standoff::rules::Rules::DATC,
            &canonical,
        );
        assert!(errors.is_empty(), "{canonical}: {errors:?}");
        assert_eq!(&again[0].order, order, "{text} -> {canonical}");
    }
}

#[test]
fn via_after_a_name_is_the_convoy_word_even_where_it_spells_a_longer_name() {
    // Modern Diplomacy's Latvia is `lat`: `lat` + `via` also spell it, and the VIA the
    // `diplomacy` package writes must still say "by convoy".
    let v = Variant::builtin("modern").expect("modern is built in");
    let m = PhaseKind::Movement;
    for (text, expected) in [
        (
            "Germany: A HAM - LAT VIA",
            "Germany: A ham - lat via convoy",
        ),
        (
            "Germany: A ham - lat via convoy",
            "Germany: A ham - lat via convoy",
        ),
        (
            "Germany: A ham - lat by convoy",
            "Germany: A ham - lat via convoy",
        ),
        ("Germany: A ham - Latvia", "Germany: A ham - lat"),
        (
            "Germany: A ham - Latvia VIA",
            "Germany: A ham - lat via convoy",
        ),
        (
            "Germany: F BHM C A HAM - LAT",
            "Germany: F bhm C A ham - lat",
        ),
    ] {
        assert_eq!(canon(&v, m, text), expected, "{text}");
    }
}
