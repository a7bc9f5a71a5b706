//! Where things go on the picture: a shape per province, a point per location (where a
//! unit stands, on its coast for a fleet on a named coast), a label point per province.
//! A layout comes from artwork (a data file beside the variant, see `artwork`) or, for a
//! map without artwork, from the automatic schematic layout (`auto`).

use super::geometry::{centroid, circle_polygon, clip_nearer, polygon_path, Point};
use crate::variant::Variant;

/// How a province is drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct ProvinceShape {
    /// SVG path data of its outline.
    pub path: String,
    /// Where its abbreviation is written.
    pub label: Point,
    /// Where its supply-center marker goes (if it is a center).
    pub center_mark: Point,
}

/// Whether a layout was drawn by hand or script (artwork) or computed from the graph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LayoutKind {
    /// From an artwork file.
    Artwork,
    /// Computed from the map's adjacency graph: adjacencies are drawn as lines.
    Schematic,
}

/// Geometry of one map: everything the renderer needs to place what it draws.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    /// Width of the map area, in SVG user units.
    pub width: f64,
    /// Height of the map area.
    pub height: f64,
    /// One shape per province, indexed by `ProvinceId`.
    pub provinces: Vec<ProvinceShape>,
    /// One point per location, indexed by `LocationId`: where a unit there stands.
    pub locations: Vec<Point>,
    /// Outlines of land that belongs to no province (drawn neutral, no id).
    pub scenery: Vec<String>,
    /// Where the layout came from.
    pub kind: LayoutKind,
    /// Typical distance between neighbouring provinces (sizes units and arrows).
    pub scale: f64,
}

impl Layout {
    /// The layout for `variant`: the built-in artwork whose spaces are exactly the
    /// variant's, else the automatic schematic layout.
    pub fn for_variant(variant: &Variant) -> Layout {
        super::artwork::builtin_for(variant).unwrap_or_else(|| Layout::schematic(variant))
    }

    /// The automatic schematic layout of `variant`'s map (what a map without artwork
    /// gets): deterministic, computed from the adjacency graph.
    pub fn schematic(variant: &Variant) -> Layout {
        super::auto::schematic(variant)
    }
}

/// Cells around `points` (one per index): each the part of a circle of `radius` around
/// its point that is nearer its point than any other (a Voronoi cell cut to a disc).
pub(crate) fn cells(points: &[Point], radius: f64) -> Vec<Vec<Point>> {
    points
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            let mut cell = circle_polygon(p, radius, 28);
            for (j, &q) in points.iter().enumerate() {
                if i != j && p.distance(q) < 2.0 * radius && p.distance(q) > 1e-9 {
                    cell = clip_nearer(&cell, p, q);
                }
            }
            cell
        })
        .collect()
}

/// Province shapes from points: cells, labelled near the cell's centre, the center
/// marker just below the unit point.
pub(crate) fn shapes_from_points(points: &[Point], radius: f64) -> Vec<ProvinceShape> {
    cells(points, radius)
        .iter()
        .zip(points)
        .map(|(cell, &p)| {
            let c = centroid(cell).unwrap_or(p);
            ProvinceShape {
                path: polygon_path(cell),
                label: Point::new(c.x, c.y - radius * 0.42),
                center_mark: Point::new(p.x + radius * 0.45, p.y + radius * 0.3),
            }
        })
        .collect()
}

/// A typical neighbour distance: the median over provinces of the nearest other point.
pub(crate) fn typical_spacing(points: &[Point]) -> f64 {
    let mut nearest: Vec<f64> = points
        .iter()
        .enumerate()
        .map(|(i, &p)| {
            points
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &q)| p.distance(q))
                .fold(f64::INFINITY, f64::min)
        })
        .filter(|d| d.is_finite())
        .collect();
    if nearest.is_empty() {
        return 60.0;
    }
    nearest.sort_by(f64::total_cmp);
    nearest[nearest.len() / 2].max(1.0)
}
