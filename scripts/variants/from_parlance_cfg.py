#!/usr/bin/env python3
"""Print a standoff variant file (TOML) with the facts of a Parlance variant file
(`.cfg`, as published in the Parterre package on PyPI, non-commercial licence): powers,
home centers, starting units and ownership, provinces with their names, terrain and
coasts, army and fleet edges, first year. Only facts are carried over, in standoff's own
format; review the output and give it a header naming the sources.

Usage: python3 from_parlance_cfg.py FILE.cfg NAME [--base FILE.cfg] > variant.toml

Terrain is read from the borders: a province with army and fleet edges (or named
coasts) is a coast, army edges only: land, fleet edges only: sea. Supply centers are the
provinces in [ownership] (UNO: unowned). An edge listed from one side only is printed
to stderr and left out. With --base, [borders], [provinces] and [powers] come from the
base file when the variant has none. `build_anywhere` is added when every power's
[homes] list holds every center (Hundred). Victory: more than half of the centers.
"""

import argparse
import configparser
import re
import sys

COASTS = {"NCS": "nc", "SCS": "sc", "ECS": "ec", "WCS": "wc"}
SEASON = {"SPR": "spring", "FAL": "fall", "WIN": "winter", "SUM": "spring", "AUT": "fall"}


def read(path):
    cp = configparser.RawConfigParser(strict=False)
    cp.optionxform = str
    cp.read(path)
    return cp


def section(cp, name, base):
    if cp.has_section(name):
        return dict(cp.items(name))
    if base is not None and base.has_section(name):
        return dict(base.items(name))
    return {}


def tokens(text):
    """'AMY A B, (FLT NCS) C (D SCS)' -> [('AMY', None, ['a','b']), ('FLT','nc',[...])]"""
    groups = []
    for part in re.split(r",\s*(?=\(?(?:AMY|FLT))", text.strip()):
        m = re.match(r"\s*(?:\((FLT) (\w+)\)|(AMY|FLT))\s*(.*)", part)
        kind = m.group(1) or m.group(3)
        coast = COASTS[m.group(2)] if m.group(2) else None
        dests = [("%s/%s" % (a.lower(), COASTS[b])) if b else c.lower()
                 for a, b, c in re.findall(r"\((\w+) (\w+)\)|(\w+)", m.group(4))]
        groups.append((kind, coast, dests))
    return groups


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cfg")
    ap.add_argument("name")
    ap.add_argument("--base")
    ap.add_argument("--title")
    args = ap.parse_args()
    cp = read(args.cfg)
    base = read(args.base) if args.base else None
    variant = dict(cp.items("variant"))
    borders = section(cp, "borders", base)
    names = section(cp, "provinces", base)
    powers = section(cp, "powers", base)
    positions = section(cp, "positions", None)
    ownership = section(cp, "ownership", None)
    homes = section(cp, "homes", None) or ownership

    army, fleet, coasts, kinds = {}, {}, {}, {}
    for prov, text in borders.items():
        p = prov.lower()
        for kind, coast, dests in tokens(text):
            here = "%s/%s" % (p, coast) if coast else p
            kinds.setdefault(p, set()).add(kind)
            if coast:
                coasts.setdefault(p, []).append(coast)
            edges = army if kind == "AMY" else fleet
            for d in dests:
                edges.setdefault(here, set()).add(d)
    problems = []
    army_edges, fleet_edges = set(), set()
    for edges, out in ((army, army_edges), (fleet, fleet_edges)):
        for a, ds in edges.items():
            for b in ds:
                if a in edges.get(b, set()):
                    out.add(tuple(sorted((a, b))))
                else:
                    problems.append("%s edge %s-%s listed from one side only" % (
                        "army" if edges is army else "fleet", a, b))
    for p in problems:
        print(p, file=sys.stderr)

    centers = sorted({c.lower() for v in ownership.values() for c in v.split(",") if c.strip()})
    all_centers = set(centers)
    build_any = all(set(c.lower() for c in homes[k].split(",") if c) == all_centers
                    for k in homes if k != "UNO")
    season, year = variant["start"].split()
    out = ["[variant]", 'name = "%s"' % args.name, "aliases = []",
           'title = "%s"' % (args.title or variant.get("description", args.name)),
           "start_year = %d" % int(year)]
    if SEASON[season] != "spring":
        out.append('start_season = "%s"' % SEASON[season])
    out.append("victory_centers = %d" % (len(centers) // 2 + 1))
    out.append("")
    if build_any:
        out += ["[[rule]]", 'name = "build_anywhere"', ""]
    for code in positions:
        name, _, adjective = powers.get(code, code).partition(",")
        owned = [c.lower() for c in ownership.get(code, "").split(",") if c]
        home = owned if build_any else [c.lower() for c in homes.get(code, "").split(",") if c]
        units = []
        for u in positions[code].split(","):
            w = u.split()
            loc = w[1].lower() + ("/" + COASTS[w[2]] if len(w) > 2 else "")
            units.append("%s %s" % ("A" if w[0] == "AMY" else "F", loc))
        out += ["[[power]]", 'name = "%s"' % name.strip(), 'adjective = "%s"' % (adjective.strip() or name.strip()),
                "home_centers = [%s]" % ", ".join('"%s"' % c for c in home),
                "units = [%s]" % ", ".join('"%s"' % u for u in units)]
        if sorted(owned) != sorted(home):
            out.append("owned = [%s]" % ", ".join('"%s"' % c for c in owned))
        out.append("")
    for prov in sorted(borders):
        p = prov.lower()
        k = kinds[p]
        terrain = "coast" if ("FLT" in k and "AMY" in k) else ("land" if "AMY" in k else "sea")
        if coasts.get(p) and "AMY" in k:
            terrain = "coast"
        out += ["[[province]]", 'id = "%s"' % p, 'abbr = "%s"' % prov.title(),
                'name = "%s"' % names.get(prov, prov).replace('"', "'"), 'terrain = "%s"' % terrain]
        if p in all_centers:
            out.append("center = true")
        if coasts.get(p):
            out.append("coasts = [%s]" % ", ".join('"%s"' % c for c in sorted(set(coasts[p]))))
        out += ["aliases = []", ""]
    out.append("[adjacency]")
    for label, edges in (("army", army_edges), ("fleet", fleet_edges)):
        es = ["%s-%s" % e for e in sorted(edges)]
        out.append("%s = [" % label)
        for i in range(0, len(es), 6):
            out.append("  " + ", ".join('"%s"' % e for e in es[i:i + 6]) + ",")
        out.append("]")
    print("\n".join(out))


if __name__ == "__main__":
    main()
