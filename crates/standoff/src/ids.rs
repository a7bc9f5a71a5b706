//! Dense numeric ids for provinces, locations and powers.
//!
//! The judge never handles names: every space and power is a small integer that indexes
//! vectors and bit sets. Names live only at the edges (parser, `Display`, serde).

use serde::{Deserialize, Serialize};

/// A province (a space on the board, coasts ignored). Indexes `Map::provinces`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct ProvinceId(pub u16);

/// A place a unit can stand: a province, or one named coast of a multi-coast province.
///
/// Architecture invariant: `LocationId(p)` for `p < map.province_count()` is the province
/// `ProvinceId(p)` itself; named coasts are numbered after all provinces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct LocationId(pub u16);

/// A great power of the variant. Indexes `Variant::powers`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct PowerId(pub u8);

impl ProvinceId {
    /// The index into per-province vectors.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// The location that is the province as a whole (no coast).
    #[inline]
    pub fn location(self) -> LocationId {
        LocationId(self.0)
    }
}

impl LocationId {
    /// The index into per-location vectors.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl PowerId {
    /// The index into per-power vectors.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
