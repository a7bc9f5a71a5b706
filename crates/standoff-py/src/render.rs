//! `Game.render`: the picture of a game's current position, as the `diplomacy`
//! package draws it (`render(incl_orders=True, incl_abbrev=False, output_format='svg',
//! output_path=None)`): SVG text from the core's renderer, or PNG bytes through
//! `standoff-raster`, written atomically to `output_path` when one is given.
//!
//! Like the package, the orders drawn are the current phase's orders as set so far
//! (not adjudicated, so drawn as pending); the package does not draw the last phase's
//! results and neither does this.

use crate::errors::standoff_err;
use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyString};
use standoff::order::Order;
use standoff::render::{plain_overlay, render_svg_with, Layout, RenderOptions};
use standoff::{Position, Variant};
use standoff_raster::Rasterizer;
use std::path::PathBuf;
use std::sync::OnceLock;

/// The formats `render` writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Svg,
    Png,
}

fn format_arg(text: &str) -> PyResult<Format> {
    match text.to_ascii_lowercase().as_str() {
        "svg" => Ok(Format::Svg),
        "png" => Ok(Format::Png),
        _ => Err(standoff_err(format!(
            "output_format={text:?}: the formats are \"svg\" and \"png\""
        ))),
    }
}

/// One rasterizer per process: its fonts are read once, on the first PNG.
fn rasterizer() -> &'static Rasterizer {
    static RASTER: OnceLock<Rasterizer> = OnceLock::new();
    RASTER.get_or_init(Rasterizer::new)
}

/// What to draw: the game's state, copied out so the GIL can be released meanwhile.
pub struct Picture<'a> {
    pub variant: &'a Variant,
    pub position: &'a Position,
    /// The current orders (empty when they are not to be drawn).
    pub orders: Vec<Order>,
    pub abbreviations: bool,
}

/// Renders `picture` (see the module docs), returning `str` (SVG) or `bytes` (PNG).
pub fn render<'py>(
    py: Python<'py>,
    picture: Picture<'_>,
    output_format: &str,
    output_path: Option<PathBuf>,
) -> PyResult<Bound<'py, PyAny>> {
    let format = format_arg(output_format)?;
    let options = RenderOptions {
        abbreviations: picture.abbreviations,
        ..RenderOptions::default()
    };
    let drawn = plain_overlay(&picture.orders);
    let svg = render_svg_with(
        &Layout::for_variant(picture.variant),
        picture.variant,
        picture.position,
        &drawn,
        &options,
    );
    let png = match format {
        Format::Svg => None,
        Format::Png => Some(
            py.detach(|| rasterizer().png(&svg))
                .map_err(|e| standoff_err(format!("rasterizing the picture: {e}")))?,
        ),
    };
    if let Some(path) = output_path {
        let bytes = png.as_deref().unwrap_or(svg.as_bytes());
        py.detach(|| standoff_io::write_bytes_atomic(&path, bytes))
            .map_err(|e| PyOSError::new_err(e.to_string()))?;
    }
    Ok(match png {
        Some(bytes) => PyBytes::new(py, &bytes).into_any(),
        None => PyString::new(py, &svg).into_any(),
    })
}
