//! The renderer: every built-in variant draws to well-formed SVG whose ids are the
//! variant's provinces; units stand where the position says; orders produce the
//! expected elements, failed ones told apart; artwork files are checked.

use standoff::adjudicate::adjudicate_text;
use standoff::game::Game;
use standoff::parse::parse_orders;
use standoff::render::{
    builtin_artwork_names, layout_from_artwork, movement_overlay, phase_overlay, plain_overlay,
    render_svg, render_svg_with, ArtworkError, Layout, LayoutKind, RenderOptions,
};
use standoff::variant::builtin_names;
use standoff::{Order, PhaseKind, Position, Variant};
use std::collections::BTreeSet;

fn parse(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("SVG does not parse: {e}"))
}

/// Elements whose class list holds every word of `classes`.
fn with_classes<'a>(
    doc: &'a roxmltree::Document<'a>,
    classes: &str,
) -> Vec<roxmltree::Node<'a, 'a>> {
    doc.descendants()
        .filter(|n| {
            let have: BTreeSet<&str> = n.attribute("class").unwrap_or("").split(' ').collect();
            classes.split(' ').all(|c| have.contains(c))
        })
        .collect()
}

fn ids_with_prefix(doc: &roxmltree::Document, prefix: &str) -> BTreeSet<String> {
    doc.descendants()
        .filter_map(|n| n.attribute("id"))
        .filter_map(|id| id.strip_prefix(prefix))
        .map(str::to_string)
        .collect()
}

#[test]
fn every_builtin_variant_renders_its_start() {
    for name in builtin_names() {
        let variant = Variant::builtin(name).expect("test setup");
        let position = Position::initial(&variant);
        let svg = render_svg(&variant, &position, &[], &RenderOptions::default());
        let doc = parse(&svg);
        let provinces: BTreeSet<String> = variant
            .map
            .provinces()
            .iter()
            .map(|p| p.id.clone())
            .collect();
        assert_eq!(
            ids_with_prefix(&doc, "province-"),
            provinces,
            "{name}: province ids"
        );
        let units: BTreeSet<String> = position
            .units()
            .map(|(_, u)| variant.map.location_id_name(u.location))
            .collect();
        assert_eq!(
            ids_with_prefix(&doc, "unit-"),
            units,
            "{name}: one marker per unit"
        );
        let phase = doc
            .descendants()
            .find(|n| n.attribute("id") == Some("phase"))
            .expect("test setup");
        assert_eq!(
            phase.text(),
            Some(position.phase().to_string().as_str()),
            "{name}"
        );
        let counts = with_classes(&doc, "power-count");
        assert_eq!(
            counts.len(),
            variant.powers.len(),
            "{name}: a center count per power"
        );
        // Same input, same picture.
        let again = render_svg(&variant, &position, &[], &RenderOptions::default());
        assert_eq!(svg, again, "{name}: rendering is deterministic");
    }
}

#[test]
fn the_standard_map_and_its_variants_use_the_artwork() {
    for name in [
        "standard",
        "1898",
        "chaos",
        "bowen",
        "conv-coasts",
        "loeb9",
        "loeb9-10d",
        "loeb9-10fgl",
        "colonial",
        "colonial-errata",
        "colonial-moulmein",
        "colonial-1994",
    ] {
        let variant = Variant::builtin(name).expect("test setup");
        assert_eq!(
            Layout::for_variant(&variant).kind,
            LayoutKind::Artwork,
            "{name}"
        );
    }
    // A map the artwork does not fit (a space renamed) gets the schematic layout.
    let text = include_str!("../variants/standard/variant.toml")
        .replace("name = \"standard\"", "name = \"renamed\"")
        .replace("id = \"swi\"", "id = \"sws\"")
        .replace("  \"swi\",\n]", "  \"sws\",\n]");
    let variant = Variant::from_toml(&text, "renamed.toml").expect("test setup");
    assert_eq!(Layout::for_variant(&variant).kind, LayoutKind::Schematic);
    assert!(builtin_artwork_names().any(|n| n == "standard"));
}

#[test]
fn standard_artwork_has_one_space_per_province_and_coast_inside_the_picture() {
    let variant = Variant::standard();
    let text = include_str!("../variants/standard/artwork.toml");
    let layout = layout_from_artwork(&variant, text).expect("test setup");
    assert_eq!(layout.provinces.len(), variant.map.province_count());
    assert_eq!(layout.locations.len(), variant.map.location_count());
    for p in &layout.locations {
        assert!(p.x > 0.0 && p.x < layout.width && p.y > 0.0 && p.y < layout.height);
    }
    // A province's coasts are drawn apart from each other and from the province point.
    for prov in variant.map.provinces() {
        let mut points = vec![
            layout.locations[variant
                .map
                .find_province(&prov.id)
                .expect("test setup")
                .index()],
        ];
        points.extend(prov.coasts.iter().map(|c| layout.locations[c.index()]));
        for (i, a) in points.iter().enumerate() {
            for b in &points[i + 1..] {
                assert!(a.distance(*b) > 15.0, "{}: markers overlap", prov.id);
            }
        }
    }
}

#[test]
fn the_schematic_layout_is_deterministic_and_on_the_canvas() {
    let variant = Variant::builtin("colonial").expect("test setup");
    let a = Layout::schematic(&variant);
    let b = Layout::schematic(&variant);
    assert_eq!(a.kind, LayoutKind::Schematic);
    assert_eq!(a, b);
    for p in &a.locations {
        assert!(p.x >= 0.0 && p.x <= a.width && p.y >= 0.0 && p.y <= a.height);
    }
    let svg = render_svg_with(
        &a,
        &variant,
        &Position::initial(&variant),
        &[],
        &RenderOptions::default(),
    );
    let doc = parse(&svg);
    assert!(
        !with_classes(&doc, "adjacency").is_empty(),
        "a schematic map shows adjacencies"
    );
}

const SPRING_ORDERS: &str = "\
Austria: A bud - ser
Austria: A vie - gal
Austria: F tri H
England: F lon - nth
England: F edi - nwg
England: A lvp - yor
France: A par - bur
France: A mar S A par - bur
France: F bre - mao
Germany: A mun - bur
Germany: A ber S A mun
Germany: F kie - den
Italy: A ven H
Russia: A war - gal
Turkey: F ank - bla
Russia: F sev - bla
";

#[test]
fn orders_are_drawn_and_failed_ones_told_apart() {
    let variant = Variant::standard();
    let position = Position::initial(&variant);
    let done = adjudicate_text(&variant, &position, SPRING_ORDERS);
    assert!(done.errors.is_empty());
    let drawn = movement_overlay(&done.orders, &done.result);
    let svg = render_svg(&variant, &position, &drawn, &RenderOptions::default());
    let doc = parse(&svg);
    let moves = done
        .orders
        .iter()
        .filter(|o| matches!(o.kind, standoff::OrderKind::Move { .. }))
        .count();
    assert_eq!(
        with_classes(&doc, "order move").len(),
        moves,
        "an arrow per move"
    );
    // Par - Bur (supported) succeeds, Mun - Bur and the two moves to Gal and Bla bounce.
    let failed = |power: &str| {
        with_classes(&doc, "order move failed")
            .iter()
            .filter(|n| n.attribute("data-power") == Some(power))
            .count()
    };
    assert_eq!(failed("France"), 0);
    assert_eq!(failed("Germany"), 1);
    assert_eq!(failed("Austria"), 1);
    assert_eq!(failed("Russia"), 2);
    assert_eq!(failed("Turkey"), 1);
    assert_eq!(with_classes(&doc, "order move succeeded").len(), moves - 5);
    for group in with_classes(&doc, "order move failed") {
        assert!(
            group
                .descendants()
                .any(|n| n.attribute("class") == Some("fail-mark")),
            "a failed move carries a cross"
        );
    }
    for group in with_classes(&doc, "order move succeeded") {
        assert!(!group
            .descendants()
            .any(|n| n.attribute("class") == Some("fail-mark")));
    }
    assert_eq!(with_classes(&doc, "order support-move succeeded").len(), 1);
    assert_eq!(with_classes(&doc, "order support-hold").len(), 1);
    assert_eq!(with_classes(&doc, "order hold").len(), 2);
}

#[test]
fn a_convoy_is_a_line_through_the_fleet() {
    let variant = Variant::standard();
    let mut position = Position::initial(&variant);
    let done = adjudicate_text(
        &variant,
        &position,
        "England: F lon - nth\nEngland: A lvp - yor",
    );
    position = done.result.position;
    let orders = "England: A yor - nwy\nEngland: F nth C A yor - nwy";
    let (parsed, errors) = parse_orders(&variant, PhaseKind::Movement, orders);
    assert!(errors.is_empty());
    let orders: Vec<Order> = parsed.into_iter().map(|p| p.order).collect();
    let svg = render_svg(
        &variant,
        &position,
        &plain_overlay(&orders),
        &RenderOptions::default(),
    );
    let doc = parse(&svg);
    assert_eq!(with_classes(&doc, "order convoy pending").len(), 1);
    assert_eq!(with_classes(&doc, "order move pending").len(), 1);
}

#[test]
fn dislodged_units_are_drawn_apart_and_retreats_drawn() {
    let variant = Variant::standard();
    let text = r#"{ "phase": "Fall 1901 Retreat",
        "units": { "Germany": ["A ven"], "Italy": ["A rom"] },
        "dislodged": { "Italy": [ { "unit": "A ven", "retreats": ["pie", "tus", "apu"] } ] } }"#;
    let position = Position::from_json(&variant, text).expect("test setup");
    let (parsed, errors) = parse_orders(&variant, PhaseKind::Retreat, "Italy: A ven - pie");
    assert!(errors.is_empty(), "{errors:?}");
    let orders: Vec<Order> = parsed.into_iter().map(|p| p.order).collect();
    let mut g = Game::from_position(position.clone());
    let processed = g.process(&variant, &orders);
    let drawn = phase_overlay(&orders, &processed.result);
    let svg = render_svg(&variant, &position, &drawn, &RenderOptions::default());
    let doc = parse(&svg);
    let dislodged = with_classes(&doc, "unit dislodged");
    assert_eq!(dislodged.len(), 1);
    assert_eq!(dislodged[0].attribute("data-power"), Some("Italy"));
    assert_eq!(with_classes(&doc, "unit").len(), 3);
    assert_eq!(with_classes(&doc, "order retreat succeeded").len(), 1);
    // The dislodged army and the army that took Venice do not cover each other.
    let marker = |id: &str| {
        let g = doc
            .descendants()
            .find(|n| n.attribute("id") == Some(id))
            .expect("test setup");
        let rect = g
            .descendants()
            .find(|n| n.has_tag_name("rect"))
            .expect("test setup");
        let num = |a: &str| {
            rect.attribute(a)
                .expect("test setup")
                .parse::<f64>()
                .expect("test setup")
        };
        (num("x"), num("y"), num("width"), num("height"))
    };
    let (ax, ay, aw, ah) = marker("unit-ven");
    let (bx, by, bw, bh) = marker("dislodged-ven");
    let overlap = ax < bx + bw && bx < ax + aw && ay < by + bh && by < ay + ah;
    assert!(!overlap, "unit markers in one province overlap");
}

#[test]
fn builds_and_removals_have_markers() {
    let variant = Variant::standard();
    let text = r#"{ "phase": "Winter 1901 Adjustment",
        "units": { "France": ["A par", "A bur", "F mao", "A spa"], "Germany": ["A mun", "A kie"] },
        "centers": { "France": ["par", "bre", "mar", "spa"], "Germany": ["ber"] } }"#;
    let position = Position::from_json(&variant, text).expect("test setup");
    let (parsed, errors) = parse_orders(
        &variant,
        PhaseKind::Adjustment,
        "Germany: remove A mun\nFrance: build F bre",
    );
    assert!(errors.is_empty(), "{errors:?}");
    let orders: Vec<Order> = parsed.into_iter().map(|p| p.order).collect();
    let mut g = Game::from_position(position.clone());
    let processed = g.process(&variant, &orders);
    let drawn = phase_overlay(&orders, &processed.result);
    let svg = render_svg(&variant, &position, &drawn, &RenderOptions::default());
    let doc = parse(&svg);
    assert_eq!(with_classes(&doc, "order remove succeeded").len(), 1);
    // France has 4 centers and 4 units: the build is refused, and drawn as failed.
    assert_eq!(with_classes(&doc, "order build failed").len(), 1);
}

#[test]
fn colonial_railway_and_canal_orders_are_drawn() {
    let variant = Variant::builtin("colonial").expect("built-in");
    let position = Position::initial(&variant);
    let (parsed, errors) = parse_orders(&variant, PhaseKind::Movement, "Russia: A mos - tsr - vla");
    assert!(errors.is_empty(), "{errors:?}");
    let orders: Vec<Order> = parsed.into_iter().map(|p| p.order).collect();
    let svg = render_svg(
        &variant,
        &position,
        &plain_overlay(&orders),
        &RenderOptions::default(),
    );
    let doc = parse(&svg);
    assert_eq!(with_classes(&doc, "order rail").len(), 1);

    // DATC 7.C.2: Turkey lets the Russian fleet through the Suez Canal.
    let text = r#"{ "phase": "Spring 1871 Movement",
        "units": { "Turkey": ["A egy"], "Russia": ["F med"] } }"#;
    let position = Position::from_json(&variant, text).expect("test setup");
    let done = adjudicate_text(
        &variant,
        &position,
        "Turkey: A Egypt Hold SC F Mediterranean Sea - Red Sea\nRussia: F Mediterranean Sea - Red Sea",
    );
    assert!(done.errors.is_empty(), "{:?}", done.errors);
    let drawn = movement_overlay(&done.orders, &done.result);
    let svg = render_svg(&variant, &position, &drawn, &RenderOptions::default());
    let doc = parse(&svg);
    assert_eq!(with_classes(&doc, "order canal succeeded").len(), 1);
    assert_eq!(with_classes(&doc, "order move succeeded").len(), 1);
}

#[test]
fn artwork_files_are_checked() {
    let variant = Variant::standard();
    let good = include_str!("../variants/standard/artwork.toml");
    // A space the variant does not have.
    let unknown = format!("{good}\n[[space]]\nid = \"xyz\"\nunit = [1.0, 1.0]\n");
    assert_eq!(
        layout_from_artwork(&variant, &unknown),
        Err(ArtworkError::UnknownSpace("xyz".into()))
    );
    // A province given twice.
    let twice = format!("{good}\n[[space]]\nid = \"par\"\nunit = [1.0, 1.0]\n");
    assert_eq!(
        layout_from_artwork(&variant, &twice),
        Err(ArtworkError::DuplicateSpace("par".into()))
    );
    // A missing coast.
    let missing = good.replace("id = \"stp/nc\"", "id = \"stp/sc\"");
    assert!(matches!(
        layout_from_artwork(&variant, &missing),
        Err(ArtworkError::DuplicateSpace(_))
    ));
    let header = "[artwork]\nwidth = 100.0\nheight = 100.0\n";
    assert_eq!(
        layout_from_artwork(&variant, header),
        Err(ArtworkError::MissingSpace("adr".into()))
    );
    // Markup smuggled into an outline is refused.
    let evil = good.replacen(
        "path = \"M",
        "path = \"M0 0\\\"/><script>alert(1)</script><path d=\\\"M",
        1,
    );
    assert!(matches!(
        layout_from_artwork(&variant, &evil),
        Err(ArtworkError::BadGeometry(_))
    ));
    assert!(matches!(
        layout_from_artwork(&variant, "not toml ["),
        Err(ArtworkError::Syntax(_))
    ));
    // Points only (no outlines): cells are computed around them.
    let points_only: String = good
        .lines()
        .filter(|l| !l.starts_with("path = ") && !l.starts_with("[[scenery]]"))
        .collect::<Vec<_>>()
        .join("\n");
    let layout = layout_from_artwork(&variant, &points_only).expect("test setup");
    assert!(layout.provinces.iter().all(|p| p.path.starts_with('M')));
}

#[test]
fn text_is_escaped() {
    let mut variant = Variant::standard();
    variant.title = "<Tom & Jerry's \"map\">".into();
    let svg = render_svg(
        &variant,
        &Position::initial(&variant),
        &[],
        &RenderOptions::default(),
    );
    let doc = parse(&svg);
    assert!(doc
        .descendants()
        .any(|n| n.text() == Some("<Tom & Jerry's \"map\">")));
}

#[test]
fn bowen_half_strength_and_provisional_units_are_marked() {
    let variant = Variant::builtin("bowen").expect("built-in");
    let text = r#"{ "phase": "Spring 1901 Movement",
        "units": { "France": ["1/2A par", "A* bur", "F bre"] } }"#;
    let position = Position::from_json(&variant, text).expect("test setup");
    let svg = render_svg(&variant, &position, &[], &RenderOptions::default());
    let doc = parse(&svg);
    let letter = |id: &str| {
        let g = doc
            .descendants()
            .find(|n| n.attribute("id") == Some(id))
            .expect("unit drawn");
        g.descendants()
            .filter(|n| n.is_text())
            .filter_map(|n| n.text())
            .collect::<String>()
    };
    assert_eq!(letter("unit-par"), "½A");
    assert_eq!(letter("unit-bur"), "A*");
    assert_eq!(letter("unit-bre"), "F");
}

#[test]
fn bowen_hop_convoy_shows_where_the_army_landed() {
    let variant = Variant::builtin("bowen").expect("built-in");
    let text = include_str!("../../../examples/bowen-game.txt");
    let sections = standoff::parse::split_phases(text).expect("example parses");
    let mut game = Game::new(&variant);
    let mut fall = None;
    let mut before = game.position.clone();
    game.play_sections(&variant, &sections, |step, after| {
        if step.processed.phase.to_string() == "Fall 1901 Movement" {
            fall = Some((before.clone(), step.orders.clone(), step.processed.clone()));
        }
        before = after.clone();
    })
    .expect("example plays");
    let (position, orders, processed) = fall.expect("Fall 1901 played");
    let drawn = phase_overlay(&orders, &processed.result);
    let svg = render_svg(&variant, &position, &drawn, &RenderOptions::default());
    let doc = parse(&svg);
    // England: A Yorkshire - North Sea, carried by the fleet's order to Norway.
    let landed: Vec<_> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("landed"))
        .collect();
    assert_eq!(landed.len(), 1);
    let english_moves = with_classes(&doc, "order move succeeded")
        .into_iter()
        .filter(|n| n.attribute("data-power") == Some("England"))
        .count();
    assert_eq!(english_moves, 1);
}

#[test]
fn a_layout_of_another_map_does_not_panic() {
    // The standard artwork used for Colonial: wrong, but drawn without a panic.
    let standard = Layout::for_variant(&Variant::standard());
    let colonial = Variant::builtin("colonial").expect("built-in");
    let svg = render_svg_with(
        &standard,
        &colonial,
        &Position::initial(&colonial),
        &[],
        &RenderOptions::default(),
    );
    parse(&svg);
}

/// The legend's title lines (the texts before the phase line in the legend).
fn title_lines(variant: &Variant) -> Vec<String> {
    let svg = render_svg(
        variant,
        &Position::initial(variant),
        &[],
        &RenderOptions::default(),
    );
    let doc = parse(&svg);
    let legend = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("legend"))
        .expect("a legend");
    legend
        .children()
        .filter(|n| n.has_tag_name("text"))
        .take_while(|n| n.attribute("id") != Some("phase"))
        .filter_map(|n| n.text().map(str::to_string))
        .collect()
}

#[test]
fn legend_titles_break_where_the_panel_ends() {
    // Modern's title was broken after "10" by a count of characters, and that line
    // ran past the panel's edge in DejaVu Sans (seen in the rendered PNG).
    let modern = Variant::builtin("modern").expect("built-in");
    assert_eq!(
        title_lines(&modern),
        ["Modern Diplomacy (Vincent Mous;", "10 powers, 1994)"]
    );
    // A title of narrow letters takes more characters a line than one of wide ones.
    let mut narrow = Variant::standard();
    narrow.title = "ill fit lilt ill fit lilt ill fit lilt ill fit lilt".into();
    let mut wide = Variant::standard();
    wide.title = ["MMM WWW"; 8].join(" ");
    assert_eq!(title_lines(&narrow).len(), 1, "{:?}", title_lines(&narrow));
    assert_eq!(
        title_lines(&wide),
        [
            "MMM WWW MMM WWW MMM WWW",
            "MMM WWW MMM WWW MMM WWW",
            "MMM WWW MMM WWW"
        ]
    );
    // The longest built-in title ends in an ellipsis on its third line.
    let colonial = Variant::builtin("colonial-dpjudge").expect("built-in");
    let lines = title_lines(&colonial);
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert!(lines[2].ends_with('…'), "{lines:?}");
}
