//! The library maps drawn from their own artwork (issue 21): Ancient Mediterranean,
//! Modern, World and Empire load their `artwork.toml`, not the automatic layout, and
//! the variants built on them with the same spaces share it.

use standoff::render::{layout_from_artwork, Layout, LayoutKind};
use standoff::Variant;

/// (variant, its artwork file's text).
fn library_artwork() -> Vec<(&'static str, &'static str)> {
    vec![
        ("ancmed", include_str!("../variants/ancmed/artwork.toml")),
        (
            "ancmed-age-of-empires",
            include_str!("../variants/ancmed/artwork.toml"),
        ),
        ("modern", include_str!("../variants/modern/artwork.toml")),
        ("world", include_str!("../variants/world/artwork.toml")),
        ("empire", include_str!("../variants/empire/artwork.toml")),
    ]
}

#[test]
fn the_library_maps_use_their_own_artwork() {
    for (name, _) in library_artwork() {
        let variant = Variant::builtin(name).expect("built-in");
        assert_eq!(
            Layout::for_variant(&variant).kind,
            LayoutKind::Artwork,
            "{name}"
        );
    }
}

#[test]
fn library_artwork_has_every_space_inside_the_picture_and_coasts_apart() {
    for (name, text) in library_artwork() {
        let variant = Variant::builtin(name).expect("built-in");
        let layout = layout_from_artwork(&variant, text).expect(name);
        assert_eq!(
            layout.provinces.len(),
            variant.map.province_count(),
            "{name}"
        );
        assert_eq!(
            layout.locations.len(),
            variant.map.location_count(),
            "{name}"
        );
        for p in &layout.locations {
            assert!(
                p.x > 0.0 && p.x < layout.width && p.y > 0.0 && p.y < layout.height,
                "{name}: a point outside the picture"
            );
        }
        for prov in variant.map.provinces() {
            let at = variant.map.find_province(&prov.id).expect("province");
            let mut points = vec![layout.locations[at.index()]];
            points.extend(prov.coasts.iter().map(|c| layout.locations[c.index()]));
            for (i, a) in points.iter().enumerate() {
                for b in &points[i + 1..] {
                    assert!(a.distance(*b) > 12.0, "{name} {}: markers overlap", prov.id);
                }
            }
        }
    }
}

#[test]
fn the_legend_shows_a_long_title_whole_on_several_lines() {
    use standoff::render::{render_svg, RenderOptions};
    use standoff::Position;
    let variant = Variant::builtin("ancmed").expect("built-in");
    assert!(
        variant.title.chars().count() > 34,
        "test setup: a long title"
    );
    let svg = render_svg(
        &variant,
        &Position::initial(&variant),
        &[],
        &RenderOptions::default(),
    );
    let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
    let legend = doc
        .descendants()
        .find(|n| n.attribute("id") == Some("legend"))
        .expect("a legend");
    let texts: Vec<&str> = legend
        .descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect();
    let title_lines = texts.iter().take_while(|t| !t.contains("Spring")).count();
    assert!(title_lines >= 2, "the title is on several lines: {texts:?}");
    let title = texts[..title_lines].join(" ");
    assert_eq!(title, variant.title);
}
