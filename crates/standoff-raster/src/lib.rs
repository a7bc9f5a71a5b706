//! PNG pictures for the standoff front ends (the CLI's `render`, `play --render` and
//! `bench`, the Python package's `Game.render`): SVG text in, PNG bytes out, rasterized
//! in-process by resvg. The fonts the pictures name ([`FONT`]) are read into memory once
//! per [`Rasterizer`], so one rasterizer drawing many pictures pays for them once.
//!
//! The core crate (`standoff`) draws the SVG and stays pure; this crate owns the
//! system-dependent half (font files) and the pixel work.
//!
//! ```
//! let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="4" height="2"><rect width="4" height="2" fill="red"/></svg>"#;
//! let png = standoff_raster::Rasterizer::new().png(svg)?;
//! assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
//! # Ok::<(), standoff_raster::RasterError>(())
//! ```

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg::fontdb::{Database, Source};
use resvg::usvg::{Options, Tree};
use std::borrow::Cow;
use std::collections::BTreeSet;
use std::sync::Arc;

/// The font family the pictures name first (the core's renderer asks for it, then
/// `sans-serif`, which is mapped to it here).
pub const FONT: &str = "DejaVu Sans";

/// Why a picture could not be rasterized.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RasterError {
    /// The text is not an SVG document resvg can read.
    #[error("reading the SVG: {0}")]
    Svg(#[from] resvg::usvg::Error),
    /// The picture has no pixels (zero width or height) or is too large to allocate.
    #[error("the picture's size ({width}×{height}) cannot be rasterized")]
    Size {
        /// Width in pixels.
        width: u32,
        /// Height in pixels.
        height: u32,
    },
    /// The PNG encoder failed.
    #[error("encoding PNG: {0}")]
    Encode(#[from] png::EncodingError),
}

/// A rasterizer with the pictures' fonts loaded once.
pub struct Rasterizer {
    options: Options<'static>,
}

impl Default for Rasterizer {
    fn default() -> Self {
        Rasterizer::new()
    }
}

impl Rasterizer {
    /// Loads the fonts the pictures use: the system's [`FONT`] faces read into memory
    /// once (a face read from its file for every label is slow), or every system font
    /// when there is no [`FONT`].
    pub fn new() -> Rasterizer {
        let mut system = Database::new();
        system.load_system_fonts();
        let mut fonts = Database::new();
        let mut read = BTreeSet::new();
        for face in system.faces() {
            let wanted = face.families.iter().any(|(name, _)| name == FONT);
            if let (true, Source::File(path)) = (wanted, &face.source) {
                if read.insert(path.clone()) {
                    if let Ok(data) = std::fs::read(path) {
                        fonts.load_font_data(data);
                    }
                }
            }
        }
        let mut fonts = if fonts.is_empty() { system } else { fonts };
        fonts.set_sans_serif_family(FONT);
        let options = Options {
            fontdb: Arc::new(fonts),
            ..Default::default()
        };
        Rasterizer { options }
    }

    /// PNG bytes of `svg`, at the document's own size.
    pub fn png(&self, svg: &str) -> Result<Vec<u8>, RasterError> {
        let tree = Tree::from_str(svg, &self.options)?;
        let size = tree.size().to_int_size();
        let (width, height) = (size.width(), size.height());
        let mut pixmap = Pixmap::new(width, height).ok_or(RasterError::Size { width, height })?;
        resvg::render(&tree, Transform::default(), &mut pixmap.as_mut());
        encode_png(&pixmap)
    }
}

/// The pixmap as an RGBA PNG. The pixmap is premultiplied; PNG wants straight alpha.
/// A fully opaque picture (a map: its background covers it) is the same either way and
/// is encoded as it is, without the copy.
fn encode_png(pixmap: &Pixmap) -> Result<Vec<u8>, RasterError> {
    let data = pixmap.data();
    let opaque = data.chunks_exact(4).all(|p| p[3] == u8::MAX);
    let rgba: Cow<'_, [u8]> = if opaque {
        Cow::Borrowed(data)
    } else {
        let mut straight = Vec::with_capacity(data.len());
        for p in pixmap.pixels() {
            let c = p.demultiply();
            straight.extend_from_slice(&[c.red(), c.green(), c.blue(), c.alpha()]);
        }
        Cow::Owned(straight)
    };
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    // Fast compression: a map picture compresses well anyway.
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&rgba)?;
    writer.finish()?;
    Ok(out)
}

/// Width and height of a PNG, read from its IHDR header; None when the bytes are not a
/// PNG.
pub fn png_dimensions(png: &[u8]) -> Option<(u32, u32)> {
    if png.len() < 24 || &png[..8] != b"\x89PNG\r\n\x1a\n" || &png[12..16] != b"IHDR" {
        return None;
    }
    let be = |b: &[u8]| u32::from_be_bytes([b[0], b[1], b[2], b[3]]);
    Some((be(&png[16..20]), be(&png[20..24])))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png_size(png: &[u8]) -> (u32, u32) {
        png_dimensions(png).expect("a PNG with its IHDR header")
    }

    #[test]
    fn png_has_the_documents_size() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="30" height="12"><rect width="30" height="12" fill="blue"/></svg>"#;
        let png = Rasterizer::new().png(svg).expect("test setup");
        assert_eq!(png_size(&png), (30, 12));
    }

    /// The first pixel of a PNG as straight RGBA.
    fn first_pixel(png: &[u8]) -> [u8; 4] {
        let mut reader = png::Decoder::new(png).read_info().expect("test setup");
        let mut buf = vec![0; reader.output_buffer_size()];
        reader.next_frame(&mut buf).expect("test setup");
        [buf[0], buf[1], buf[2], buf[3]]
    }

    #[test]
    fn opaque_and_translucent_pixels_keep_their_colour() {
        let raster = Rasterizer::new();
        let opaque = r#"<svg xmlns="http://www.w3.org/2000/svg" width="3" height="3"><rect width="3" height="3" fill="rgb(10,200,30)"/></svg>"#;
        assert_eq!(
            first_pixel(&raster.png(opaque).expect("test setup")),
            [10, 200, 30, 255]
        );
        // Half-transparent red on nothing: straight alpha in the PNG, colour undimmed.
        let translucent = r#"<svg xmlns="http://www.w3.org/2000/svg" width="3" height="3"><rect width="3" height="3" fill="rgb(200,0,0)" fill-opacity="0.5"/></svg>"#;
        let [r, g, b, a] = first_pixel(&raster.png(translucent).expect("test setup"));
        assert!((127..=128).contains(&a), "alpha {a}");
        assert!(
            (199..=201).contains(&r),
            "red {r} (premultiplied would be ~100)"
        );
        assert_eq!((g, b), (0, 0));
    }

    #[test]
    fn bad_svg_is_an_error_not_a_panic() {
        let raster = Rasterizer::new();
        assert!(matches!(raster.png("not svg"), Err(RasterError::Svg(_))));
        assert!(raster.png("<svg").is_err());
    }

    #[test]
    fn empty_picture_is_a_size_error() {
        let svg = r#"<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0"/>"#;
        assert!(Rasterizer::new().png(svg).is_err());
    }
}
