//! The automatic schematic layout, for maps without artwork: a deterministic
//! force-directed placement of the adjacency graph (Fruchterman–Reingold, started from a
//! breadth-first spiral, fixed number of steps, no randomness), then a rounded
//! Voronoi-like cell per province; coasts sit on the side of their sea neighbours.
//! Same map in, same layout out.

use super::geometry::Point;
use super::layout::{shapes_from_points, typical_spacing, Layout, LayoutKind};
use crate::ids::{LocationId, ProvinceId};
use crate::map::Map;
use crate::variant::Variant;

/// Width of a schematic map area.
const WIDTH: f64 = 1000.0;
/// Steps of the force simulation.
const STEPS: usize = 400;

/// The schematic layout of `variant`'s map.
pub fn schematic(variant: &Variant) -> Layout {
    let map = &variant.map;
    let n = map.province_count();
    let edges = graph_edges(map);
    let raw = force_layout(n, &edges);
    let (points, height) = fit(&raw, WIDTH);
    let spacing = typical_spacing(&points);
    let provinces = shapes_from_points(&points, spacing * 0.62);
    let locations = location_points(map, &points, spacing);
    Layout {
        width: WIDTH,
        height,
        provinces,
        locations,
        scenery: Vec::new(),
        kind: LayoutKind::Schematic,
        scale: spacing,
    }
}

/// Every pair of provinces joined by an army or a fleet move, once, smaller id first.
pub(crate) fn graph_edges(map: &Map) -> Vec<(usize, usize)> {
    let n = map.province_count();
    let mut edges = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let (pa, pb) = (ProvinceId(a as u16), ProvinceId(b as u16));
            if map.army_adjacent(pa, pb) || map.fleet_province_adjacent(pa, pb) {
                edges.push((a, b));
            }
        }
    }
    edges
}

/// Breadth-first order from province 0 (then any unreached), so the starting spiral
/// puts neighbours near each other.
fn bfs_order(n: usize, edges: &[(usize, usize)]) -> Vec<usize> {
    let mut adj = vec![Vec::new(); n];
    for &(a, b) in edges {
        adj[a].push(b);
        adj[b].push(a);
    }
    let mut seen = vec![false; n];
    let mut order = Vec::with_capacity(n);
    for start in 0..n {
        if seen[start] {
            continue;
        }
        seen[start] = true;
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(v) = queue.pop_front() {
            order.push(v);
            for &w in &adj[v] {
                if !seen[w] {
                    seen[w] = true;
                    queue.push_back(w);
                }
            }
        }
    }
    order
}

/// Fruchterman–Reingold in a unit-free plane.
fn force_layout(n: usize, edges: &[(usize, usize)]) -> Vec<Point> {
    let mut pos = vec![Point::new(0.0, 0.0); n];
    let golden = std::f64::consts::PI * (3.0 - 5f64.sqrt());
    for (rank, v) in bfs_order(n, edges).into_iter().enumerate() {
        let r = (rank as f64 + 0.5).sqrt();
        let a = rank as f64 * golden;
        pos[v] = Point::new(r * a.cos(), r * a.sin());
    }
    if n < 2 {
        return pos;
    }
    let mut degree = vec![0usize; n];
    for &(a, b) in edges {
        degree[a] += 1;
        degree[b] += 1;
    }
    let k = 1.0; // ideal edge length
    let mut temperature = (n as f64).sqrt() * 0.3;
    let cool = temperature / STEPS as f64;
    let mut disp = vec![(0.0f64, 0.0f64); n];
    for _ in 0..STEPS {
        disp.iter_mut().for_each(|d| *d = (0.0, 0.0));
        for i in (0..n).filter(|&i| degree[i] > 0) {
            for j in (i + 1..n).filter(|&j| degree[j] > 0) {
                let (dx, dy) = (pos[i].x - pos[j].x, pos[i].y - pos[j].y);
                let d2 = (dx * dx + dy * dy).max(1e-4);
                let f = k * k / d2;
                disp[i].0 += dx * f;
                disp[i].1 += dy * f;
                disp[j].0 -= dx * f;
                disp[j].1 -= dy * f;
            }
        }
        for &(a, b) in edges {
            let (dx, dy) = (pos[a].x - pos[b].x, pos[a].y - pos[b].y);
            let d = (dx * dx + dy * dy).sqrt().max(1e-4);
            let f = d / k;
            disp[a].0 -= dx * f;
            disp[a].1 -= dy * f;
            disp[b].0 += dx * f;
            disp[b].1 += dy * f;
        }
        for ((p, d), _) in pos
            .iter_mut()
            .zip(&disp)
            .zip(&degree)
            .filter(|(_, &g)| g > 0)
        {
            // A little gravity keeps unconnected pieces (an impassable space) near.
            let (gx, gy) = (d.0 - 0.05 * p.x, d.1 - 0.05 * p.y);
            let len = (gx * gx + gy * gy).sqrt().max(1e-9);
            let step = len.min(temperature);
            p.x += gx / len * step;
            p.y += gy / len * step;
        }
        temperature = (temperature - cool).max(0.01);
    }
    place_isolated(&mut pos, &degree);
    pos
}

/// Spaces with no neighbours (an impassable space) go in a row under the rest.
fn place_isolated(pos: &mut [Point], degree: &[usize]) {
    let connected = || {
        pos.iter()
            .zip(degree)
            .filter(|(_, &d)| d > 0)
            .map(|(p, _)| *p)
    };
    let x0 = connected().map(|p| p.x).fold(f64::INFINITY, f64::min);
    let y1 = connected().map(|p| p.y).fold(f64::NEG_INFINITY, f64::max);
    if !x0.is_finite() {
        return;
    }
    let mut slot = 0.0;
    for (p, &d) in pos.iter_mut().zip(degree) {
        if d == 0 {
            *p = Point::new(x0 + slot * 1.2, y1 + 1.2);
            slot += 1.0;
        }
    }
}

/// Scales points into a `width`-wide area with a margin; returns them and the height.
pub(crate) fn fit(raw: &[Point], width: f64) -> (Vec<Point>, f64) {
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for p in raw {
        x0 = x0.min(p.x);
        y0 = y0.min(p.y);
        x1 = x1.max(p.x);
        y1 = y1.max(p.y);
    }
    if raw.is_empty() {
        return (Vec::new(), width * 0.6);
    }
    let margin = width * 0.06;
    let span_x = (x1 - x0).max(1e-6);
    let span_y = (y1 - y0).max(1e-6);
    let scale = (width - 2.0 * margin) / span_x.max(span_y * 0.8);
    let height = (span_y * scale + 2.0 * margin).max(width * 0.4);
    let pad_x = (width - span_x * scale) / 2.0;
    let pad_y = (height - span_y * scale) / 2.0;
    let points = raw
        .iter()
        .map(|p| Point::new(pad_x + (p.x - x0) * scale, pad_y + (p.y - y0) * scale))
        .collect();
    (points, height)
}

/// A point per location: a province's own point, a coast moved towards the seas and
/// coasts it borders.
pub(crate) fn location_points(map: &Map, points: &[Point], spacing: f64) -> Vec<Point> {
    (0..map.location_count())
        .map(|l| {
            let l = LocationId(l as u16);
            let home = points[map.province_of(l).index()];
            if map.location(l).coast.is_none() {
                return home;
            }
            let (mut sx, mut sy, mut count) = (0.0, 0.0, 0.0);
            for nb in map.fleet_neighbours(l) {
                let q = points[map.province_of(nb).index()];
                sx += q.x - home.x;
                sy += q.y - home.y;
                count += 1.0;
            }
            let len = (sx * sx + sy * sy).sqrt();
            if count == 0.0 || len < 1e-9 {
                return Point::new(home.x, home.y + spacing * 0.3);
            }
            Point::new(
                home.x + sx / len * spacing * 0.32,
                home.y + sy / len * spacing * 0.32,
            )
        })
        .collect()
}
