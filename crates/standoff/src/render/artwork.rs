//! Artwork files: the drawing of one map as data (`artwork.toml` beside a variant file;
//! format in docs/variant-format.md, "Artwork"). One `[[space]]` per province and per
//! named coast, with the id the variant file uses: a unit point, and for a province an
//! outline (SVG path data) — a province without one gets a cell computed around its
//! point. `[[scenery]]` outlines are land that belongs to no province.

use super::geometry::Point;
use super::layout::{shapes_from_points, typical_spacing, Layout, LayoutKind, ProvinceShape};
use crate::variant::Variant;
use serde::Deserialize;
use std::collections::HashMap;

/// Artwork shipped with the library: (name, file text). A variant uses the first whose
/// spaces are exactly its provinces and coasts.
const BUILTIN: &[(&str, &str)] = &[
    (
        "standard",
        include_str!("../../variants/standard/artwork.toml"),
    ),
    ("loeb9", include_str!("../../variants/loeb9/artwork.toml")),
    (
        "colonial",
        include_str!("../../variants/colonial/artwork.toml"),
    ),
    ("ancmed", include_str!("../../variants/ancmed/artwork.toml")),
    ("modern", include_str!("../../variants/modern/artwork.toml")),
    ("world", include_str!("../../variants/world/artwork.toml")),
    ("empire", include_str!("../../variants/empire/artwork.toml")),
];

/// Why an artwork file cannot be used for a variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ArtworkError {
    /// The file is not valid TOML of the artwork format.
    #[error("artwork file: {0}")]
    Syntax(String),
    /// Width or height is not a positive finite number.
    #[error("artwork size must be positive")]
    BadSize,
    /// A space id that is neither a province nor a coast of the variant.
    #[error("artwork space `{0}` is not a province or coast of the variant")]
    UnknownSpace(String),
    /// A province or coast of the variant has no space in the artwork.
    #[error("artwork has no space for `{0}`")]
    MissingSpace(String),
    /// Two spaces with one id.
    #[error("artwork space `{0}` is given twice")]
    DuplicateSpace(String),
    /// An outline that is not plain SVG path data, or a point that is not finite.
    #[error("artwork space `{0}`: outline or point is not valid")]
    BadGeometry(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ArtworkFile {
    artwork: Header,
    #[serde(default)]
    space: Vec<Space>,
    #[serde(default)]
    scenery: Vec<Scenery>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Header {
    width: f64,
    height: f64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Space {
    id: String,
    unit: [f64; 2],
    #[serde(default)]
    path: Option<String>,
    #[serde(default)]
    label: Option<[f64; 2]>,
    #[serde(default)]
    center: Option<[f64; 2]>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Scenery {
    path: String,
}

/// Whether `d` is plain SVG path data (commands, numbers, separators): nothing that
/// could end the attribute it is written into.
fn is_path_data(d: &str) -> bool {
    !d.is_empty()
        && d.chars()
            .all(|c| c.is_ascii_digit() || " ,.-+eEMmLlHhVvCcSsQqTtAaZz\n\t".contains(c))
}

fn point(id: &str, xy: [f64; 2]) -> Result<Point, ArtworkError> {
    if xy.iter().all(|v| v.is_finite()) {
        Ok(Point::new(xy[0], xy[1]))
    } else {
        Err(ArtworkError::BadGeometry(id.to_string()))
    }
}

/// The id an artwork uses for each location of `variant`'s map (`stp/nc`, `lon`).
fn location_ids(variant: &Variant) -> HashMap<String, usize> {
    (0..variant.map.location_count())
        .map(|l| {
            let id = variant
                .map
                .location_id_name(crate::ids::LocationId(l as u16));
            (id.to_lowercase(), l)
        })
        .collect()
}

/// Reads artwork `text` for `variant`, checking that its spaces are exactly the
/// variant's provinces and coasts.
pub fn layout_from_artwork(variant: &Variant, text: &str) -> Result<Layout, ArtworkError> {
    let file: ArtworkFile =
        toml::from_str(text).map_err(|e| ArtworkError::Syntax(e.to_string()))?;
    let (w, h) = (file.artwork.width, file.artwork.height);
    if !(w.is_finite() && h.is_finite() && w > 0.0 && h > 0.0) {
        return Err(ArtworkError::BadSize);
    }
    let ids = location_ids(variant);
    let map = &variant.map;
    let mut points: Vec<Option<Point>> = vec![None; map.location_count()];
    let mut spaces: Vec<Option<&Space>> = vec![None; map.location_count()];
    for s in &file.space {
        let key = s.id.to_lowercase();
        let l = *ids
            .get(&key)
            .ok_or_else(|| ArtworkError::UnknownSpace(s.id.clone()))?;
        if spaces[l].is_some() {
            return Err(ArtworkError::DuplicateSpace(s.id.clone()));
        }
        if s.path.as_deref().is_some_and(|d| !is_path_data(d)) {
            return Err(ArtworkError::BadGeometry(s.id.clone()));
        }
        points[l] = Some(point(&s.id, s.unit)?);
        spaces[l] = Some(s);
    }
    let mut locations = Vec::with_capacity(points.len());
    for (l, p) in points.iter().enumerate() {
        match p {
            Some(p) => locations.push(*p),
            None => {
                let name = map.location_id_name(crate::ids::LocationId(l as u16));
                return Err(ArtworkError::MissingSpace(name));
            }
        }
    }
    for sc in &file.scenery {
        if !is_path_data(&sc.path) {
            return Err(ArtworkError::BadGeometry("scenery".to_string()));
        }
    }
    let n = map.province_count();
    let spacing = typical_spacing(&locations[..n]);
    let computed = shapes_from_points(&locations[..n], spacing * 0.62);
    let mut provinces = Vec::with_capacity(n);
    for (p, cell) in computed.into_iter().enumerate() {
        let Some(space) = spaces[p] else {
            return Err(ArtworkError::MissingSpace(map.provinces()[p].id.clone()));
        };
        let unit = locations[p];
        let label = match space.label {
            Some(xy) => point(&space.id, xy)?,
            None => Point::new(unit.x, unit.y - spacing * 0.3),
        };
        let center_mark = match space.center {
            Some(xy) => point(&space.id, xy)?,
            None => cell.center_mark,
        };
        provinces.push(ProvinceShape {
            path: space.path.clone().unwrap_or(cell.path),
            label,
            center_mark,
        });
    }
    Ok(Layout {
        width: w,
        height: h,
        provinces,
        locations,
        scenery: file.scenery.into_iter().map(|s| s.path).collect(),
        kind: LayoutKind::Artwork,
        scale: spacing,
    })
}

/// The built-in artwork that fits `variant`, if any.
pub(crate) fn builtin_for(variant: &Variant) -> Option<Layout> {
    // Only an artwork with as many spaces as the map has locations can fit: count
    // before parsing.
    let locations = variant.map.location_count();
    BUILTIN
        .iter()
        .filter(|(_, text)| text.matches("[[space]]").count() == locations)
        .find_map(|(_, text)| layout_from_artwork(variant, text).ok())
}

/// Names of the built-in artwork files, for tests and listings.
pub fn builtin_artwork_names() -> impl Iterator<Item = &'static str> {
    BUILTIN.iter().map(|(name, _)| *name)
}
