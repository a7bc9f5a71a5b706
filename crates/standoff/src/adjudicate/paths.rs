//! DATC 4.A.6: convoy paths written in an army's move (`A Lon - Nth - Bel`).
//!
//! Under choice a (the default) a written path is ignored. Under b a path is allowed and
//! binds: the army goes by convoy along exactly those seas, so only the fleets there
//! convoy it, and the convoy fails if any of them is missing or dislodged. Under c the
//! path is required: a move without one is never a convoy.

use super::routes::ProvinceSet;
use crate::ids::ProvinceId;
use crate::map::Map;
use crate::order::{Order, OrderKind};
use crate::rules::{ConvoyPathSpecification, RuleSet};

/// The convoy path of `order` that the rules act on: the one written in a move when
/// paths count (4.A.6 b, c), else none.
pub(crate) fn written_path<'o>(rules: &RuleSet, order: &'o Order) -> &'o [ProvinceId] {
    match &order.kind {
        OrderKind::Move { path, .. } if rules.convoy_path != ConvoyPathSpecification::Ignored => {
            path
        }
        _ => &[],
    }
}

/// Whether `path` leads an army from `from` to `dest` through seas in `carriers`: each
/// step borders the next, and no sea is visited twice.
pub(crate) fn path_possible(
    map: &Map,
    from: ProvinceId,
    path: &[ProvinceId],
    dest: ProvinceId,
    carriers: &ProvinceSet,
) -> bool {
    let mut previous = from;
    for (i, &sea) in path.iter().enumerate() {
        if !carriers.contains(sea)
            || path[..i].contains(&sea)
            || !map.fleet_province_adjacent(previous, sea)
        {
            return false;
        }
        previous = sea;
    }
    !path.is_empty() && map.fleet_province_adjacent(previous, dest)
}

/// The written paths the movement phase's armies follow (empty unless the rules let
/// paths bind, 4.A.6 b or c).
#[derive(Clone, Debug, Default)]
pub struct WrittenPaths {
    /// (army's unit index, its path).
    paths: Vec<(u16, Vec<ProvinceId>)>,
}

impl WrittenPaths {
    /// Records that army `u` follows `path`.
    pub(crate) fn insert(&mut self, u: u16, path: &[ProvinceId]) {
        self.paths.push((u, path.to_vec()));
    }

    /// The path army `u` follows, if it wrote one.
    #[inline]
    pub(crate) fn get(&self, u: usize) -> Option<&[ProvinceId]> {
        if self.paths.is_empty() {
            return None;
        }
        self.paths
            .iter()
            .find(|(a, _)| *a as usize == u)
            .map(|(_, p)| p.as_slice())
    }

    /// Whether a fleet in `sea` may convoy army `u`: always, unless the army wrote a
    /// path that does not pass there.
    #[inline]
    pub(crate) fn allows(&self, u: usize, sea: ProvinceId) -> bool {
        self.get(u).is_none_or(|p| p.contains(&sea))
    }
}
