//! Convoy routes: which seas an army could be carried through.
//!
//! Two questions: is a route *possible* given the fleets on the board (order legality,
//! DATC 4.E.1 d), and is a route *ordered* by fleets convoying exactly this move
//! (convoy intent, DATC 4.A.3). Both are searches over sea provinces holding a fleet.

use crate::ids::ProvinceId;
use crate::map::{Map, Terrain};

/// A set of provinces as a small bit vector.
#[derive(Clone, Debug, Default)]
pub struct ProvinceSet {
    words: Vec<u64>,
}

impl ProvinceSet {
    /// An empty set sized for `n` provinces.
    pub fn new(n: usize) -> Self {
        ProvinceSet {
            words: vec![0; n.div_ceil(64).max(1)],
        }
    }
    /// Adds `p`.
    pub fn insert(&mut self, p: ProvinceId) {
        if let Some(w) = self.words.get_mut(p.index() / 64) {
            *w |= 1 << (p.index() % 64);
        }
    }
    /// Removes `p`.
    pub fn remove(&mut self, p: ProvinceId) {
        if let Some(w) = self.words.get_mut(p.index() / 64) {
            *w &= !(1 << (p.index() % 64));
        }
    }
    /// Whether `p` is in the set.
    #[inline]
    pub fn contains(&self, p: ProvinceId) -> bool {
        self.words
            .get(p.index() / 64)
            .is_some_and(|w| w & (1 << (p.index() % 64)) != 0)
    }
    /// Empties the set.
    pub fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
    }
}

/// The seas in `carriers` reachable from coastal `start` by a chain of seas in
/// `carriers` (each next to the previous one).
pub fn reachable_seas(map: &Map, start: ProvinceId, carriers: &ProvinceSet, out: &mut ProvinceSet) {
    out.clear();
    let mut stack: Vec<ProvinceId> = map
        .fleet_province_neighbours(start)
        .filter(|&s| carriers.contains(s))
        .collect();
    for &s in &stack {
        out.insert(s);
    }
    while let Some(s) = stack.pop() {
        for n in map.fleet_province_neighbours(s) {
            if carriers.contains(n) && !out.contains(n) {
                out.insert(n);
                stack.push(n);
            }
        }
    }
}

/// Whether some chain of `carriers` links coastal `from` to coastal `to`; when `via` is
/// given, the chain must pass through it.
pub fn route_exists(
    map: &Map,
    from: ProvinceId,
    to: ProvinceId,
    carriers: &ProvinceSet,
    via: Option<ProvinceId>,
) -> bool {
    if from == to
        || map.province(from).terrain != Terrain::Coast
        || map.province(to).terrain != Terrain::Coast
    {
        return false;
    }
    let mut from_side = ProvinceSet::new(map.province_count());
    reachable_seas(map, from, carriers, &mut from_side);
    match via {
        None => map
            .fleet_province_neighbours(to)
            .any(|s| from_side.contains(s)),
        Some(v) => {
            if !from_side.contains(v) {
                return false;
            }
            let mut to_side = ProvinceSet::new(map.province_count());
            reachable_seas(map, to, carriers, &mut to_side);
            to_side.contains(v)
        }
    }
}

/// Which of `fleets` (at most 64 seas) lie on some convoy route from coastal `from` to
/// coastal `to`: a chain of distinct seas from `fleets`, each next to the previous,
/// the first next to `from` and the last next to `to`. Bit `i` is `fleets[i]`.
pub fn fleets_on_routes(map: &Map, from: ProvinceId, to: ProvinceId, fleets: &[ProvinceId]) -> u64 {
    fn walk(
        map: &Map,
        to: ProvinceId,
        fleets: &[ProvinceId],
        at: usize,
        path: u64,
        found: &mut u64,
    ) {
        let here = fleets[at];
        if map.fleet_province_adjacent(here, to) {
            *found |= path;
        }
        for (next, &sea) in fleets.iter().enumerate() {
            let bit = 1u64 << next;
            if path & bit == 0 && map.fleet_province_adjacent(here, sea) {
                walk(map, to, fleets, next, path | bit, found);
            }
        }
    }
    let fleets = &fleets[..fleets.len().min(64)];
    let mut found = 0u64;
    if from == to {
        return 0;
    }
    for (i, &sea) in fleets.iter().enumerate() {
        if map.fleet_province_adjacent(from, sea) {
            walk(map, to, fleets, i, 1 << i, &mut found);
        }
    }
    found
}

/// Which of `fleets` lie on a minimal convoy route from `from` to `to`: a route none of
/// whose fleets could be skipped (no fleet next to `from` but the first, none next to
/// `to` but the last, no two fleets next to each other but neighbours on the route).
/// The 2023 rulebook makes a convoy order by any other fleet illegal.
pub fn fleets_on_minimal_routes(
    map: &Map,
    from: ProvinceId,
    to: ProvinceId,
    fleets: &[ProvinceId],
) -> u64 {
    fn walk(
        map: &Map,
        from: ProvinceId,
        to: ProvinceId,
        fleets: &[ProvinceId],
        at: usize,
        path: u64,
        found: &mut u64,
    ) {
        let here = fleets[at];
        if map.fleet_province_adjacent(here, to) {
            *found |= path;
            return; // going on would make `to` next to a fleet that is not the last
        }
        for (next, &sea) in fleets.iter().enumerate() {
            let bit = 1u64 << next;
            if path & bit != 0
                || !map.fleet_province_adjacent(here, sea)
                || map.fleet_province_adjacent(from, sea)
            {
                continue;
            }
            // `sea` may touch only `here` among the fleets already on the route.
            let earlier = path & !(1u64 << at);
            let chord = (0..fleets.len())
                .any(|k| earlier & (1 << k) != 0 && map.fleet_province_adjacent(fleets[k], sea));
            if !chord {
                walk(map, from, to, fleets, next, path | bit, found);
            }
        }
    }
    let fleets = &fleets[..fleets.len().min(64)];
    let mut found = 0u64;
    if from == to {
        return 0;
    }
    for (i, &sea) in fleets.iter().enumerate() {
        if map.fleet_province_adjacent(from, sea) {
            walk(map, from, to, fleets, i, 1 << i, &mut found);
        }
    }
    found
}
