#!/usr/bin/env python3
"""Builds a map's artwork (crates/standoff/variants/NAME/artwork.toml) from seed points.

Method: Natural Earth's 1:50m land outline (public domain; the npm package
`world-atlas`, file land-50m.json, carries a copy: `npm pack world-atlas@2.0.2`) is
projected (Lambert conformal conic) onto the picture; each province is the union of
the Voronoi cells of its seed points (SEEDS_seeds.py, our own), land seeds sharing
the land and sea seeds the sea. Province outlines are simplified to keep the file
small. Needs shapely (PyPI). With ARTWORK_CHECK=1 it reports on stderr where the
outlines disagree with the variant's adjacency (see `check`).

    python3 scripts/maps/artwork.py standard land-50m.json \
        crates/standoff/variants/standard/variant.toml \
        crates/standoff/variants/standard/artwork.toml
    python3 scripts/maps/artwork.py loeb9 land-50m.json \
        crates/standoff/variants/loeb9/variant.toml \
        crates/standoff/variants/loeb9/artwork.toml
    (likewise colonial, ancmed, modern, world, empire)
"""

import importlib
import json
import math
import os
import sys
import tomllib

from shapely.geometry import MultiPoint, Point, Polygon, box
from shapely.ops import unary_union, voronoi_diagram

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
seeds = importlib.import_module(f"{sys.argv[1] if len(sys.argv) > 1 else 'standard'}_seeds")

WIDTH = getattr(seeds, "WIDTH", 1200.0)
# Projection: a seeds module may set PROJECTION = (lon0, lat0, lat1, lat2) (Lambert
# conformal conic) or "world" (the whole globe, see `world`), and
# FISHEYE = ((lon, lat), strength); these are the standard map's.
_PROJECTION = getattr(seeds, "PROJECTION", (14.0, 52.0, 40.0, 62.0))
WORLD = _PROJECTION == "world"
LON0, LAT0, LAT1, LAT2 = (0.0, 0.0, 0.0, 0.0) if WORLD else _PROJECTION
_FISHEYE = getattr(seeds, "FISHEYE", ((6.0, 49.0), 1.0))


def world(lon, lat):
    """The whole globe: longitude as it is (a seeds file gives points east of the
    date line as more than 180 to continue the picture there), latitude stretched
    like Miller's cylindrical projection, which keeps the poles finite."""
    f = math.radians(max(-89.0, min(89.0, lat)))
    return math.radians(lon), 1.25 * math.log(math.tan(math.pi / 4 + 0.4 * f))


def lcc(lon, lat):
    """Lambert conformal conic, in units of the sphere's radius."""
    if WORLD:
        return world(lon, lat)
    f1, f2, f0 = (math.radians(v) for v in (LAT1, LAT2, LAT0))
    n = math.log(math.cos(f1) / math.cos(f2)) / math.log(
        math.tan(math.pi / 4 + f2 / 2) / math.tan(math.pi / 4 + f1 / 2))
    F = math.cos(f1) * math.tan(math.pi / 4 + f1 / 2) ** n / n
    rho = F / math.tan(math.pi / 4 + math.radians(lat) / 2) ** n
    rho0 = F / math.tan(math.pi / 4 + f0 / 2) ** n
    t = n * math.radians(lon - LON0)
    return rho * math.sin(t), rho0 - rho * math.cos(t)


def lcc_plane(lon, lat):
    return lcc(lon, lat)


# A fisheye around western-central Europe: the crowded middle of the board is drawn
# larger, the edges (Russia, the Atlantic, Africa) smaller, as printed boards do.
FISHEYE_CENTRE = lcc(*_FISHEYE[0])
FISHEYE_STRENGTH = _FISHEYE[1]


def _seed_places():
    for pts in list(seeds.LAND.values()) + list(seeds.SEA.values()):
        yield from pts


FISHEYE_RADIUS = max(
    math.hypot(lcc(*p)[0] - FISHEYE_CENTRE[0], lcc(*p)[1] - FISHEYE_CENTRE[1])
    for p in _seed_places())


def warped(lon, lat):
    x, y = lcc(lon, lat)
    dx, dy = x - FISHEYE_CENTRE[0], y - FISHEYE_CENTRE[1]
    r = math.hypot(dx, dy)
    k = FISHEYE_STRENGTH
    f = (1 + k) / (1 + k * r / FISHEYE_RADIUS)
    return (FISHEYE_CENTRE[0] + dx * f, FISHEYE_CENTRE[1] + dy * f)


def frame():
    """The box around every seed point, with a margin."""
    pts = [warped(*p) for p in _seed_places()]
    x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
    y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
    mx, my = (x1 - x0) * MARGIN, (y1 - y0) * MARGIN
    x0, x1, y0, y1 = x0 - mx, x1 + mx, y0 - my, y1 + my
    scale = WIDTH / (x1 - x0)
    return x0, y1, scale, (y1 - y0) * scale


MARGIN = 0.02
X0, Y1, SCALE, HEIGHT = frame()


def project(lon, lat):
    x, y = warped(lon, lat)
    return ((x - X0) * SCALE, (Y1 - y) * SCALE)


def decode_land(path):
    topo = json.load(open(path))
    sx, sy = topo["transform"]["scale"]
    tx, ty = topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        pts = []
        for dx, dy in arc:
            x += dx
            y += dy
            pts.append((x * sx + tx, y * sy + ty))
        arcs.append(pts)

    def ring(indices):
        pts = []
        for i in indices:
            a = arcs[i] if i >= 0 else arcs[~i][::-1]
            pts.extend(a[1:] if pts else a)
        if (max(p[0] for p in pts) - min(p[0] for p in pts) > 300
                and min(p[1] for p in pts) > -80):
            # A ring across the antimeridian (Eurasia at Chukotka): continue it east.
            pts = [(x + 360 if x < -150 else x, y) for x, y in pts]
        return pts

    places = list(_seed_places())
    window = box(min(p[0] for p in places) - 25, max(-89, min(p[1] for p in places) - 15),
                 max(p[0] for p in places) + 25, min(89, max(p[1] for p in places) + 15))
    polys = []
    for geom in topo["objects"]["land"]["geometries"]:
        groups = geom["arcs"] if geom["type"] == "MultiPolygon" else [geom["arcs"]]
        for rings in groups:
            outer = ring(rings[0])
            if not window.intersects(Polygon(outer).envelope):
                continue
            holes = [ring(r) for r in rings[1:]]
            g = Polygon(outer, holes).buffer(0).intersection(window)
            if g.is_empty:
                continue
            for part in getattr(g, "geoms", [g]):
                if part.geom_type != "Polygon":
                    continue
                ext = [project(*p) for p in densify(part.exterior.coords)]
                ins = [[project(*p) for p in densify(r.coords)] for r in part.interiors]
                polys.append(Polygon(ext, ins).buffer(0))
    # Ice shelves and the pole, which the land outline leaves out: drawn as land when
    # a seeds module names them (ICE = [(lon0, lat0, lon1, lat1), ...]).
    for lon0, lat0, lon1, lat1 in getattr(seeds, "ICE", []):
        ring = [(lon0, lat0), (lon1, lat0), (lon1, lat1), (lon0, lat1), (lon0, lat0)]
        polys.append(Polygon([project(*p) for p in densify(ring)]).buffer(0))
    return unary_union(polys)


def densify(coords, step=0.5):
    out = []
    coords = list(coords)
    for (a, b), (c, d) in zip(coords, coords[1:]):
        n = max(1, int(max(abs(c - a), abs(d - b)) / step))
        for k in range(n):
            out.append((a + (c - a) * k / n, b + (d - b) * k / n))
    out.append(coords[-1])
    return out


def cells(points, area, frame_box):
    """Voronoi cell of each point, cut to `area`."""
    diagram = voronoi_diagram(MultiPoint(points), envelope=frame_box.buffer(500))
    out = []
    for p in points:
        pt = Point(p)
        cell = next(c for c in diagram.geoms if c.contains(pt) or c.touches(pt))
        out.append(cell.intersection(area))
    return out


def path_data(geom, tolerance=1.0):
    geom = geom.simplify(tolerance, preserve_topology=True)
    parts = []
    for poly in getattr(geom, "geoms", [geom]):
        if poly.geom_type != "Polygon" or poly.area < 4.0:
            continue
        for r in [poly.exterior, *poly.interiors]:
            pts = list(r.coords)[:-1]
            parts.append("M" + " L".join(f"{x:.1f} {y:.1f}" for x, y in pts) + " Z")
    return " ".join(parts)


def inner_point(geom, near, dx, dy):
    """A point of `geom` near `near` offset by (dx, dy), else near `near`."""
    for k in (1.0, 0.7, 0.4, -0.6, -1.0):
        q = Point(near[0] + dx * k, near[1] + dy * k)
        if geom.buffer(-2).contains(q):
            return (q.x, q.y)
    p = geom.representative_point()
    return (p.x, p.y)


def check(variant, shapes):
    """Reports on stderr where the drawing disagrees with the variant's adjacency:
    adjacent provinces whose outlines do not touch (an island's fleet edges excepted,
    listed apart), non-adjacent provinces sharing a border, unit points outside their
    province. Returns the number of problems."""
    terrain = {p["id"]: p["terrain"] for p in variant["province"]}
    adjacent = set()
    for kind in ("army", "fleet"):
        for e in variant.get("adjacency", {}).get(kind, []):
            a, b = (x.split("/")[0] for x in e.split("-"))
            adjacent.add(frozenset((a, b)))
    ids = sorted(shapes)
    grown = {i: shapes[i].buffer(1.5) for i in ids}
    problems = 0
    for n, a in enumerate(ids):
        for b in ids[n + 1:]:
            if not grown[a].intersects(grown[b]):
                shared = 0.0
            else:
                shared = grown[a].intersection(grown[b]).area / 3.0
            pair = frozenset((a, b))
            if pair in adjacent and shared < 1.0:
                both_coast = terrain[a] != "sea" and terrain[b] != "sea"
                tag = "apart (across water?)" if both_coast else "NOT TOUCHING"
                if not both_coast:
                    problems += 1
                print(f"check: {a}-{b} adjacent but {tag}", file=sys.stderr)
            elif pair not in adjacent and shared > 6.0:
                problems += 1
                print(f"check: {a}-{b} share {shared:.0f} px of border but are not adjacent",
                      file=sys.stderr)
    for pid in ids:
        unit = Point(project(*(seeds.LAND.get(pid) or seeds.SEA[pid])[0]))
        if not shapes[pid].buffer(-1).contains(unit):
            problems += 1
            print(f"check: {pid}'s unit point is outside its outline", file=sys.stderr)
    print(f"check: {problems} problems", file=sys.stderr)
    return problems


def main():
    land_path, variant_path, out_path = sys.argv[2:5]
    variant = tomllib.load(open(variant_path, "rb"))
    frame_box = box(0, 0, WIDTH, HEIGHT)
    # Lakes that are spaces (LAKES = {id: [(lon, lat), ...]}, our own outlines): cut
    # from the land, each its own province whole.
    lakes = {pid: Polygon([project(*p) for p in densify(ring + ring[:1])]).buffer(0)
             for pid, ring in getattr(seeds, "LAKES", {}).items()}
    land = decode_land(land_path)
    if lakes:
        land = land.difference(unary_union(list(lakes.values())))
    land = land.intersection(frame_box)
    sea = frame_box.difference(land)
    if lakes:
        sea = sea.difference(unary_union(list(lakes.values())))

    land_pts, land_owner = [], []
    for pid, pts in seeds.LAND.items():
        for p in pts:
            land_pts.append(project(*p))
            land_owner.append(pid)
    for p in seeds.SCENERY:
        land_pts.append(project(*p))
        land_owner.append(None)
    sea_pts, sea_owner = [], []
    for pid, pts in seeds.SEA.items():
        if pid in lakes:
            continue
        for p in pts:
            sea_pts.append(project(*p))
            sea_owner.append(pid)
    for p in seeds.VOID:
        sea_pts.append(project(*p))
        sea_owner.append("")

    pieces = {}
    scenery = []
    for owner, cell in zip(land_owner + sea_owner,
                           cells(land_pts, land, frame_box) + cells(sea_pts, sea, frame_box)):
        if owner is None:
            scenery.append(cell)
        elif owner:
            pieces.setdefault(owner, []).append(cell)
    for pid, lake in lakes.items():
        pieces[pid] = [lake]
    shapes = {pid: unary_union(g) for pid, g in pieces.items()}

    ids = [p["id"] for p in variant["province"]]
    missing = [i for i in ids if i not in shapes]
    extra = [i for i in shapes if i not in ids]
    if missing or extra:
        sys.exit(f"seeds do not match the variant: missing {missing}, unknown {extra}")
    if os.environ.get("ARTWORK_CHECK"):
        check(variant, shapes)

    lines = [
        f"# Artwork of the {seeds.NAME} map: generated by scripts/maps/artwork.py {seeds.NAME}",
        "# (province outlines: Voronoi cells of our own seed points cut to Natural Earth's",
        "# public-domain 1:50m coastline). Do not edit by hand; rerun the script.",
        "",
        "[artwork]",
        f"width = {WIDTH:.1f}",
        f"height = {HEIGHT:.1f}",
        "",
    ]
    for pid in ids:
        geom = shapes[pid]
        unit = project(*(seeds.LAND.get(pid) or seeds.SEA[pid])[0])
        label = inner_point(geom, unit, 0, -26)
        center = inner_point(geom, unit, 15, 9)
        lines += [
            "[[space]]",
            f'id = "{pid}"',
            f"unit = [{unit[0]:.1f}, {unit[1]:.1f}]",
            f"label = [{label[0]:.1f}, {label[1] + 4:.1f}]",
            f"center = [{center[0]:.1f}, {center[1]:.1f}]",
            f'path = "{path_data(geom)}"',
            "",
        ]
    for cid, p in seeds.COASTS.items():
        x, y = project(*p)
        lines += ["[[space]]", f'id = "{cid}"', f"unit = [{x:.1f}, {y:.1f}]", ""]
    for g in scenery:
        d = path_data(g)
        if d:
            lines += ["[[scenery]]", f'path = "{d}"', ""]
    tmp = out_path + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(lines))
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, out_path)


if __name__ == "__main__":
    main()
