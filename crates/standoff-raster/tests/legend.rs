//! The side panel's text stays inside the picture, as a player sees it in the PNG.

use standoff::render::{render_svg, RenderOptions};
use standoff::{Position, Variant};
use standoff_raster::Rasterizer;

/// The PNG's RGBA pixels and width.
fn pixels(png: &[u8]) -> (Vec<u8>, usize) {
    let mut reader = png::Decoder::new(png).read_info().expect("test setup");
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buf).expect("test setup");
    (buf, info.width as usize)
}

/// Whether a pixel is dark enough to be the legend's black text (the panel is a light
/// cream, its border a brown line at the picture's very edge).
fn is_text(p: &[u8]) -> bool {
    u32::from(p[0]) + u32::from(p[1]) + u32::from(p[2]) < 3 * 90
}

#[test]
fn the_phase_line_of_every_season_ends_inside_the_panel() {
    let variant = Variant::standard();
    let raster = Rasterizer::new();
    for phase in [
        "Spring 1901 Movement",
        "Fall 1901 Retreat",
        "Winter 1902 Adjustment",
    ] {
        let text = format!(r#"{{ "phase": "{phase}", "units": {{ "France": ["A par"] }} }}"#);
        let position = Position::from_json(&variant, &text).expect("test setup");
        let svg = render_svg(&variant, &position, &[], &RenderOptions::default());
        let png = raster.png(&svg).expect("test setup");
        let (rgba, width) = pixels(&png);
        // The phase line's rows (its baseline is 54 px down), in the panel's last 10
        // columns before its border: the text keeps a margin there, as on its left.
        for y in 36..60 {
            for x in width - 12..width - 2 {
                let at = (y * width + x) * 4;
                assert!(
                    !is_text(&rgba[at..at + 4]),
                    "{phase}: the phase line runs into the panel's edge at ({x}, {y})"
                );
            }
        }
    }
}
