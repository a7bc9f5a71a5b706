//! Pictures of a position: SVG text of the board (provinces coloured by owner, supply
//! centers, units, dislodged units, labels, the phase and a center count per power) with
//! the orders of a phase drawn over it, succeeded and failed orders told apart.
//!
//! Pure: a [`Layout`] (from artwork or the automatic schematic layout) plus a position
//! and an overlay of orders in, SVG text out. Same input, same text.
//!
//! ```
//! use standoff::{render, Position, Variant};
//! let variant = Variant::standard();
//! let svg = render::render_svg(&variant, &Position::initial(&variant), &[], &Default::default());
//! assert!(svg.starts_with("<svg"));
//! ```

mod artwork;
mod auto;
mod board;
mod geometry;
mod layout;
mod orders;
mod overlay;
mod palette;
mod svg;

pub use artwork::{builtin_artwork_names, layout_from_artwork, ArtworkError};
pub use geometry::Point;
pub use layout::{Layout, LayoutKind, ProvinceShape};
pub use overlay::{
    adjustment_overlay, movement_overlay, phase_overlay, plain_overlay, retreat_overlay,
    DrawnOrder, Verdict,
};

use crate::position::Position;
use crate::variant::Variant;

/// What to include in a picture.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderOptions {
    /// Write each province's abbreviation.
    pub abbreviations: bool,
    /// Draw the side panel (phase, centers and units per power).
    pub legend: bool,
}

impl Default for RenderOptions {
    fn default() -> Self {
        RenderOptions {
            abbreviations: true,
            legend: true,
        }
    }
}

/// The picture of `position` with `orders` drawn over it, on the variant's own layout
/// (its built-in artwork, else the schematic layout). To draw many pictures of one map,
/// build the [`Layout`] once and call [`render_svg_with`].
pub fn render_svg(
    variant: &Variant,
    position: &Position,
    orders: &[DrawnOrder],
    options: &RenderOptions,
) -> String {
    render_svg_with(
        &Layout::for_variant(variant),
        variant,
        position,
        orders,
        options,
    )
}

/// The picture of `position` with `orders` drawn over it, on `layout`.
pub fn render_svg_with(
    layout: &Layout,
    variant: &Variant,
    position: &Position,
    orders: &[DrawnOrder],
    options: &RenderOptions,
) -> String {
    svg::draw(layout, variant, position, orders, options)
}
