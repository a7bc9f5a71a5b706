//! Convoy routes: which seas an army could be carried through.
//!
//! Two questions: is a route *possible* given the fleets on the board (order legality,
//! DATC 4.E.1 d), and is a route *ordered* by fleets convoying exactly this move
//! (convoy intent, DATC 4.A.3). Both are searches over sea provinces holding a fleet.

use crate::ids::ProvinceId;
use crate::map::{Map, Terrain};
use smallvec::SmallVec;

/// Words of a [`ProvinceSet`] held inline: maps of up to 256 provinces (every built-in
/// map; the world map has 192) make and copy sets without allocating.
const INLINE_WORDS: usize = 4;

/// A set of provinces as a small bit vector.
#[derive(Clone, Debug, Default)]
pub struct ProvinceSet {
    words: SmallVec<[u64; INLINE_WORDS]>,
}

impl ProvinceSet {
    /// An empty set sized for `n` provinces.
    pub fn new(n: usize) -> Self {
        ProvinceSet {
            words: smallvec::smallvec![0; n.div_ceil(64).max(1)],
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
    /// Empties the set and sizes it for `n` provinces, reusing its storage.
    pub fn reset(&mut self, n: usize) {
        self.words.clear();
        self.words.resize(n.div_ceil(64).max(1), 0);
    }
    /// Makes this set equal to `other`, reusing its storage.
    pub fn copy_from(&mut self, other: &ProvinceSet) {
        self.words.clone_from(&other.words);
    }
    /// The provinces in the set, in index order.
    pub fn iter(&self) -> impl Iterator<Item = ProvinceId> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(ProvinceId((i * 64 + b) as u16))
            })
        })
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
    let mut stack: SmallVec<[ProvinceId; 32]> = map
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

/// Which of `fleets` lie on some convoy route from coastal `from` to coastal `to`: a
/// chain of distinct seas from `fleets`, each next to the previous, the first next to
/// `from` and the last next to `to`. Entry `i` is `fleets[i]`.
///
/// A sea lies on such a route exactly when two routes that share no other sea lead from
/// it to `from` and to `to`; that is a maximum-flow question of size two, answered in
/// polynomial time (enumerating routes would take exponential time on large chains).
pub fn fleets_on_routes(
    map: &Map,
    from: ProvinceId,
    to: ProvinceId,
    fleets: &[ProvinceId],
) -> Vec<bool> {
    (0..fleets.len())
        .map(|i| from != to && splits_to_both(map, from, to, fleets, i))
        .collect()
}

/// Whether `fleets[i]` lies on some convoy route from `from` to `to` (see
/// [`fleets_on_routes`]).
pub fn fleet_on_route(
    map: &Map,
    from: ProvinceId,
    to: ProvinceId,
    fleets: &[ProvinceId],
    i: usize,
) -> bool {
    if from == to || i >= fleets.len() {
        return false;
    }
    let sea = fleets[i];
    // A fleet next to both ends carries the army alone; otherwise ask the flow.
    (map.fleet_province_adjacent(sea, from) && map.fleet_province_adjacent(sea, to))
        || splits_to_both(map, from, to, fleets, i)
}

/// Whether two paths through distinct seas of `fleets` lead from `fleets[start]` to
/// `from` and to `to` (unit vertex capacities; two augmenting paths).
fn splits_to_both(
    map: &Map,
    from: ProvinceId,
    to: ProvinceId,
    fleets: &[ProvinceId],
    start: usize,
) -> bool {
    let n = fleets.len();
    // Nodes: sea i as 2i (in) and 2i+1 (out); `from` 2n, `to` 2n+1, sink 2n+2.
    let nodes = 2 * n + 3;
    let (a, b, sink) = (2 * n, 2 * n + 1, 2 * n + 2);
    let mut cap = vec![0i8; nodes * nodes];
    let idx = |u: usize, v: usize| u * nodes + v;
    for i in 0..n {
        cap[idx(2 * i, 2 * i + 1)] = if i == start { 2 } else { 1 };
        for j in 0..n {
            if i != j && map.fleet_province_adjacent(fleets[i], fleets[j]) {
                cap[idx(2 * i + 1, 2 * j)] = 1;
            }
        }
        if map.fleet_province_adjacent(fleets[i], from) {
            cap[idx(2 * i + 1, a)] = 1;
        }
        if map.fleet_province_adjacent(fleets[i], to) {
            cap[idx(2 * i + 1, b)] = 1;
        }
    }
    cap[idx(a, sink)] = 1;
    cap[idx(b, sink)] = 1;
    let source = 2 * start;
    let mut flow = 0;
    let mut prev = vec![usize::MAX; nodes];
    let mut queue = Vec::with_capacity(nodes);
    while flow < 2 {
        prev.iter_mut().for_each(|p| *p = usize::MAX);
        prev[source] = source;
        queue.clear();
        queue.push(source);
        let mut head = 0;
        while head < queue.len() && prev[sink] == usize::MAX {
            let u = queue[head];
            head += 1;
            for v in 0..nodes {
                if prev[v] == usize::MAX && cap[idx(u, v)] > 0 {
                    prev[v] = u;
                    queue.push(v);
                }
            }
        }
        if prev[sink] == usize::MAX {
            return false;
        }
        let mut v = sink;
        while v != source {
            let u = prev[v];
            cap[idx(u, v)] -= 1;
            cap[idx(v, u)] += 1;
            v = u;
        }
        flow += 1;
    }
    true
}

/// The place in `memo` of `key`'s entry, made by `make` if it has none: the route
/// searches of a phase depend on the board only, so the judge and the resolver keep
/// each convoyed move's answer for the phase (a few moves: a list, searched in order).
pub fn memo_slot<K: PartialEq, V>(
    memo: &mut Vec<(K, V)>,
    key: K,
    make: impl FnOnce() -> V,
) -> usize {
    match memo.iter().position(|(k, _)| *k == key) {
        Some(at) => at,
        None => {
            memo.push((key, make()));
            memo.len() - 1
        }
    }
}

/// Which of `fleets` lie on a minimal convoy route from `from` to `to`: a route none of
/// whose fleets could be skipped (no fleet next to `from` but the first, none next to
/// `to` but the last, no two fleets next to each other but neighbours on the route).
/// The 2023 rulebook makes a convoy order by any other fleet illegal. Entry `i` is
/// `fleets[i]`; the search is bounded ([`super::chains`]: past the bound a fleet on
/// any route counts).
pub fn fleets_on_minimal_routes(
    map: &Map,
    from: ProvinceId,
    to: ProvinceId,
    fleets: &[ProvinceId],
) -> Vec<bool> {
    if from == to {
        return vec![false; fleets.len()];
    }
    super::chains::ConvoyFleets::new(
        fleets.len(),
        |k| map.fleet_province_adjacent(from, fleets[k]),
        |k| map.fleet_province_adjacent(fleets[k], to),
        |j, k| map.fleet_province_adjacent(fleets[j], fleets[k]),
    )
    .on_chains(super::chains::SEARCH_STEPS)
}
