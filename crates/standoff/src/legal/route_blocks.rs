//! Which fleets of a chain lie on some convoy route between two coasts, for all the
//! chain's fleets at once (the legal-order generator asks this of every fleet).
//!
//! A sea lies on a route from coast `a` to coast `d` (a chain of distinct seas, the
//! first next to `a`, the last next to `d`) exactly when it lies on a simple path from
//! `a` to `d` in the graph of the seas and the two coasts; that is, when it shares a
//! block (biconnected component) with an edge `a`–`d` added to that graph. One
//! depth-first search finds that block, where asking each fleet on its own takes a
//! flow search per fleet ([`crate::adjudicate::fleet_on_route`], which answers the same
//! question).

use crate::ids::ProvinceId;
use crate::map::Map;

/// The most seas [`seas_on_routes`] takes (its sets are bit masks).
pub(super) const MAX_SEAS: usize = 64;

/// Bit `i` set for each `seas[i]` on some route from coastal `a` to coastal `d`
/// (`a != d`; at most [`MAX_SEAS`] seas; None for more).
pub(super) fn seas_on_routes(
    map: &Map,
    a: ProvinceId,
    d: ProvinceId,
    seas: &[ProvinceId],
) -> Option<u64> {
    let n = seas.len();
    if n > MAX_SEAS || a == d {
        return None;
    }
    // Nodes: seas 0..n, then `a` (n) and `d` (n + 1); rows of neighbours as bits.
    let (na, nd) = (n, n + 1);
    let mut adj = [0u128; MAX_SEAS + 2];
    for (i, &s) in seas.iter().enumerate() {
        for (j, &t) in seas.iter().enumerate() {
            if i != j && map.fleet_province_adjacent(s, t) {
                adj[i] |= 1 << j;
            }
        }
        if map.fleet_province_adjacent(s, a) {
            adj[i] |= 1 << na;
            adj[na] |= 1 << i;
        }
        if map.fleet_province_adjacent(s, d) {
            adj[i] |= 1 << nd;
            adj[nd] |= 1 << i;
        }
    }
    // The added edge closes every route into a cycle.
    adj[na] |= 1 << nd;
    adj[nd] |= 1 << na;
    let mut search = Blocks {
        adj: &adj,
        disc: [0; MAX_SEAS + 2],
        low: [0; MAX_SEAS + 2],
        time: 0,
        edges: Vec::with_capacity(2 * n + 4),
        edge: (na, nd),
        found: 0,
    };
    search.visit(na, usize::MAX);
    Some((search.found as u64) & mask(n))
}

/// The low `n` bits (n <= 64).
fn mask(n: usize) -> u64 {
    if n >= 64 {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

/// Tarjan's depth-first search for blocks, keeping the nodes of the block holding
/// `edge`.
struct Blocks<'g> {
    adj: &'g [u128],
    /// Discovery time of each node (0: not yet seen).
    disc: [u32; MAX_SEAS + 2],
    /// Lowest discovery time reachable through the node's subtree and one back edge.
    low: [u32; MAX_SEAS + 2],
    time: u32,
    /// Tree and back edges not yet assigned to a block.
    edges: Vec<(usize, usize)>,
    /// The edge whose block is wanted.
    edge: (usize, usize),
    /// The nodes of that block, once found.
    found: u128,
}

impl Blocks<'_> {
    fn visit(&mut self, u: usize, parent: usize) {
        self.time += 1;
        self.disc[u] = self.time;
        self.low[u] = self.time;
        let mut next = self.adj[u];
        while next != 0 {
            let v = next.trailing_zeros() as usize;
            next &= next - 1;
            if self.disc[v] == 0 {
                self.edges.push((u, v));
                self.visit(v, u);
                self.low[u] = self.low[u].min(self.low[v]);
                if self.low[v] >= self.disc[u] {
                    // `u` separates `v`'s subtree: the edges down to (u, v) form a block.
                    let mut nodes = 0u128;
                    let mut holds_edge = false;
                    while let Some((x, y)) = self.edges.pop() {
                        nodes |= (1 << x) | (1 << y);
                        holds_edge |= (x, y) == self.edge || (y, x) == self.edge;
                        if (x, y) == (u, v) {
                            break;
                        }
                    }
                    if holds_edge {
                        self.found = nodes;
                    }
                }
            } else if v != parent && self.disc[v] < self.disc[u] {
                self.edges.push((u, v));
                self.low[u] = self.low[u].min(self.disc[v]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    /// Every fleet of every group of seas agrees with the per-fleet flow search.
    #[test]
    fn agrees_with_the_flow_search_on_the_standard_seas() {
        let v = Variant::standard();
        let map = &v.map;
        let seas: Vec<ProvinceId> = (0..map.province_count())
            .map(|p| ProvinceId(p as u16))
            .filter(|&p| map.province(p).terrain == crate::map::Terrain::Sea)
            .collect();
        let coasts: Vec<ProvinceId> = (0..map.province_count())
            .map(|p| ProvinceId(p as u16))
            .filter(|&p| map.province(p).terrain == crate::map::Terrain::Coast)
            .collect();
        // Windows of seas (connected or not) of several sizes.
        let (mut routes, mut partial) = (0, 0);
        for size in [1usize, 2, 3, 5, 8, 12] {
            for start in (0..seas.len()).step_by(3) {
                let group: Vec<ProvinceId> = seas
                    .iter()
                    .cycle()
                    .skip(start)
                    .take(size)
                    .copied()
                    .collect();
                for &a in coasts.iter().step_by(2) {
                    for &d in coasts.iter().step_by(3) {
                        if a == d {
                            continue;
                        }
                        let fast = seas_on_routes(map, a, d, &group);
                        let slow = (0..group.len())
                            .filter(|&i| crate::adjudicate::fleet_on_route(map, a, d, &group, i))
                            .fold(0u64, |m, i| m | 1 << i);
                        assert_eq!(fast, Some(slow), "{a:?} -> {d:?} over {group:?}");
                        routes += usize::from(slow != 0);
                        partial += usize::from(slow != 0 && slow != mask(group.len()));
                    }
                }
            }
        }
        // The cases cover routes, and groups only some of whose seas are on one.
        assert!(
            routes > 100 && partial > 100,
            "{routes} routes, {partial} partial"
        );
    }
}
