//! Plane geometry for the schematic layout: points, convex polygons clipped by
//! half-planes (Voronoi-like cells), and path text.

use std::fmt::Write;

/// A point on the drawing, in SVG user units (y grows downwards).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Horizontal coordinate.
    pub x: f64,
    /// Vertical coordinate.
    pub y: f64,
}

impl Point {
    /// The point `(x, y)`.
    pub const fn new(x: f64, y: f64) -> Point {
        Point { x, y }
    }

    /// Distance to `other`.
    pub fn distance(self, other: Point) -> f64 {
        ((self.x - other.x).powi(2) + (self.y - other.y).powi(2)).sqrt()
    }

    /// The point a fraction `t` of the way to `other`.
    pub fn lerp(self, other: Point, t: f64) -> Point {
        Point::new(
            self.x + (other.x - self.x) * t,
            self.y + (other.y - self.y) * t,
        )
    }
}

/// A regular polygon approximating a circle of `radius` around `centre`.
pub fn circle_polygon(centre: Point, radius: f64, sides: usize) -> Vec<Point> {
    (0..sides)
        .map(|i| {
            let a = std::f64::consts::TAU * i as f64 / sides as f64;
            Point::new(centre.x + radius * a.cos(), centre.y + radius * a.sin())
        })
        .collect()
}

/// Clips a convex polygon to the half-plane of points nearer `own` than `other`
/// (one Sutherland–Hodgman step against their perpendicular bisector).
pub fn clip_nearer(polygon: &[Point], own: Point, other: Point) -> Vec<Point> {
    let (nx, ny) = (other.x - own.x, other.y - own.y);
    let mid = own.lerp(other, 0.5);
    // Signed distance: negative on own's side.
    let side = |p: Point| (p.x - mid.x) * nx + (p.y - mid.y) * ny;
    let mut out = Vec::with_capacity(polygon.len() + 2);
    for (i, &a) in polygon.iter().enumerate() {
        let b = polygon[(i + 1) % polygon.len()];
        let (sa, sb) = (side(a), side(b));
        if sa <= 0.0 {
            out.push(a);
        }
        if (sa < 0.0 && sb > 0.0) || (sa > 0.0 && sb < 0.0) {
            out.push(a.lerp(b, sa / (sa - sb)));
        }
    }
    out
}

/// The area-weighted centre of a polygon (its first vertex if it has no area).
pub fn centroid(polygon: &[Point]) -> Option<Point> {
    let first = *polygon.first()?;
    let (mut a, mut cx, mut cy) = (0.0, 0.0, 0.0);
    for (i, &p) in polygon.iter().enumerate() {
        let q = polygon[(i + 1) % polygon.len()];
        let cross = p.x * q.y - q.x * p.y;
        a += cross;
        cx += (p.x + q.x) * cross;
        cy += (p.y + q.y) * cross;
    }
    if a.abs() < 1e-9 {
        return Some(first);
    }
    Some(Point::new(cx / (3.0 * a), cy / (3.0 * a)))
}

/// SVG path data for a closed polygon (`M x y L ... Z`), one decimal.
pub fn polygon_path(polygon: &[Point]) -> String {
    let mut d = String::with_capacity(polygon.len() * 14);
    for (i, p) in polygon.iter().enumerate() {
        let _ = write!(
            d,
            "{}{:.1} {:.1}",
            if i == 0 { "M" } else { " L" },
            p.x,
            p.y
        );
    }
    d.push_str(" Z");
    d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clipping_keeps_the_nearer_half() {
        let square = vec![
            Point::new(0.0, 0.0),
            Point::new(10.0, 0.0),
            Point::new(10.0, 10.0),
            Point::new(0.0, 10.0),
        ];
        let cut = clip_nearer(&square, Point::new(2.0, 5.0), Point::new(8.0, 5.0));
        assert!(cut.iter().all(|p| p.x <= 5.0 + 1e-9));
        let c = centroid(&cut).expect("a polygon with area");
        assert!((c.x - 2.5).abs() < 1e-9 && (c.y - 5.0).abs() < 1e-9);
    }
}
