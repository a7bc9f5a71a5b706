#!/usr/bin/env python3
"""Print a standoff variant file (TOML) with the facts of one of the `diplomacy`
package's maps: provinces, terrain, coasts, supply centers, adjacency, powers, home
centers, starting units and ownership, first year, victory count.

The `diplomacy` package (1.1.2, AGPL-3.0) is only imported and asked questions through
its public `Map` object (`abuts`, `loc_type`, `homes`, ...); no file or text of it is
copied. The output is the facts in standoff's own format, to be reviewed, given a
header naming the sources, and committed under crates/standoff/variants/.

Usage: python3 from_diplomacy_package.py MAP_NAME NAME [--title TITLE] > variant.toml

Terrain: LAND -> land, COAST -> coast, WATER -> sea, SHUT -> impassable, PORT -> coast
plus a `convoyable_coasts` rule (a fleet there may convoy, as the package allows).
RULE BUILD_ANY -> the `build_anywhere` rule. Victory: the map's VICTORY line, else
more than half of the centers (what the package plays). Any asymmetric adjacency the
package reports is printed to stderr and left out.
"""

import argparse
import re
import sys

from diplomacy.engine.map import Map

TERRAIN = {"LAND": "land", "COAST": "coast", "WATER": "sea", "SHUT": "impassable", "PORT": "coast"}


def norm(text):
    return re.sub(r"[^a-z0-9]", "", text.lower())


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("map")
    ap.add_argument("name")
    ap.add_argument("--title", default=None)
    args = ap.parse_args()
    m = Map(args.map)
    if m.error:
        sys.exit("map errors: %s" % m.error)

    provinces = sorted({loc[:3].upper() for loc in m.locs})
    coasts = {p: sorted(c[4:].lower() for c in m.loc_coasts.get(p, []) if "/" in c) for p in provinces}
    # Full names: the first long name the map gives a province, the others as aliases.
    names = {}
    for long_name, abbr in m.loc_name.items():
        if abbr in provinces:
            names.setdefault(abbr, []).append(long_name)
    taken = {}
    for p in provinces:
        for n in [p] + names.get(p, []):
            taken.setdefault(norm(n), set()).add(p)
    aliases = {p: [] for p in provinces}
    for alias, abbr in m.aliases.items():
        if abbr in provinces and re.fullmatch(r"[A-Za-z][A-Za-z0-9 .'-]*", alias):
            taken.setdefault(norm(alias), set()).add(abbr)
    for alias, abbr in m.aliases.items():
        if (abbr in provinces and re.fullmatch(r"[A-Za-z][A-Za-z0-9 .'-]*", alias)
                and taken[norm(alias)] == {abbr}
                and norm(alias) not in {norm(abbr), norm(names.get(abbr, [abbr])[0])}):
            aliases[abbr].append(alias.lower())
    for p in provinces:
        for n in names.get(p, [])[1:]:
            if taken[norm(n)] == {p}:
                aliases[p].append(n.lower())

    scs = set(m.scs)
    ports = [p for p in provinces if m.area_type(p) == "PORT"]
    victory = (m.victory or [len(scs) // 2 + 1])[0]
    season, year = m.phase.split()[0], int(m.phase.split()[1])
    out = []
    out.append("[variant]")
    out.append('name = "%s"' % args.name)
    out.append('aliases = ["%s"]' % args.map)
    out.append('title = "%s"' % (args.title or args.name))
    out.append("start_year = %d" % year)
    if season != "SPRING" or m.phase.split()[2] != "MOVEMENT":
        out.append('start_season = "%s"' % season.lower())
    out.append("victory_centers = %d" % victory)
    out.append("")
    if "BUILD_ANY" in m.rules:
        out += ["[[rule]]", 'name = "build_anywhere"', ""]
    if ports:
        out += ["[[rule]]", 'name = "convoyable_coasts"',
                "spaces = [%s]" % ", ".join('"%s"' % p.lower() for p in ports), ""]

    def unit(u):
        kind, loc = u.split()
        return "%s %s" % (kind, loc.lower())

    for power in m.powers:
        out.append("[[power]]")
        out.append('name = "%s"' % power.title())
        out.append('adjective = "%s"' % m.own_word.get(power, power).title())
        out.append("home_centers = [%s]" % ", ".join('"%s"' % c.lower() for c in m.homes.get(power, [])))
        out.append("units = [%s]" % ", ".join('"%s"' % unit(u) for u in m.units.get(power, [])))
        owned = m.centers.get(power, [])
        if sorted(owned) != sorted(m.homes.get(power, [])):
            out.append("owned = [%s]" % ", ".join('"%s"' % c.lower() for c in owned))
        out.append("")

    for p in provinces:
        full = names.get(p, [p])[0]
        out.append("[[province]]")
        out.append('id = "%s"' % p.lower())
        out.append('abbr = "%s"' % p.title())
        title = full.title().replace("'S", "'s")
        for small in ("Of", "The", "And"):
            title = title.replace(" %s " % small, " %s " % small.lower())
        out.append('name = "%s"' % title)
        out.append('terrain = "%s"' % TERRAIN[m.area_type(p)])
        if p in scs:
            out.append("center = true")
        if coasts[p]:
            out.append("coasts = [%s]" % ", ".join('"%s"' % c for c in coasts[p]))
        out.append("aliases = [%s]" % ", ".join('"%s"' % a for a in sorted(set(aliases[p]))))
        out.append("")

    locs = sorted({l.upper() for l in m.locs})
    army, fleet = [], []
    for i, a in enumerate(locs):
        for b in locs[i + 1:]:
            for kind, edges in (("A", army), ("F", fleet)):
                ab, ba = m.abuts(kind, a, "-", b), m.abuts(kind, b, "-", a)
                if ab != ba:
                    print("asymmetric %s edge %s-%s (%d/%d), left out" % (kind, a, b, ab, ba), file=sys.stderr)
                elif ab:
                    edges.append("%s-%s" % (a.lower(), b.lower()))
    out.append("[adjacency]")
    for label, edges in (("army", army), ("fleet", fleet)):
        out.append("%s = [" % label)
        for k in range(0, len(edges), 6):
            out.append("  " + ", ".join('"%s"' % e for e in edges[k:k + 6]) + ",")
        out.append("]")
    print("\n".join(out))


if __name__ == "__main__":
    main()
