#!/usr/bin/env python3
"""Write a one-year example game (an order file for `standoff play`) for a variant file
in which every order is one whose outcome needs no adjudicator: in Spring and Fall each
unit that can moves to an adjacent space that is empty at the start of the phase and
that no other unit enters (neutral supply centers first), so every move succeeds by
the basic rules; after Fall the centers with a unit change hands; in Winter each power
builds in its vacant owned home centers (any owned center under build_anywhere) as
many units as it has centers more than units. The `# final` lines at the end are that
position, computed here (no judge involved); tests/variant_library.rs checks standoff
reaches it.

Usage: python3 example_unopposed.py crates/standoff/variants/NAME/variant.toml NAME SEED
"""

import os
import random
import sys
import tomllib


def load(path):
    v = tomllib.load(open(path, "rb"))
    if "extends" in v:
        base = load(os.path.join(os.path.dirname(path), "..", v["extends"], "variant.toml"))
        for key in ("power",):
            if key in v:
                base[key] = v[key]
        base["rule"] = base.get("rule", []) + v.get("rule", [])
        base["variant"] = dict(base["variant"], **v["variant"])
        return base
    return v


def main():
    path, name, seed = sys.argv[1], sys.argv[2], int(sys.argv[3])
    rng = random.Random(seed)
    v = load(path)
    provinces = {p["id"]: p for p in v["province"]}
    edges = {"A": {}, "F": {}}
    for kind, key in (("A", "army"), ("F", "fleet")):
        for e in v["adjacency"][key]:
            a, b = e.split("-")
            edges[kind].setdefault(a, []).append(b)
            edges[kind].setdefault(b, []).append(a)
    build_any = any(r["name"] == "build_anywhere" for r in v.get("rule", []))
    powers = [p["name"] for p in v["power"]]
    units = {}  # province -> (power, kind, location)
    for p in v["power"]:
        for u in p["units"]:
            kind, loc = u.split()
            units[loc.split("/")[0]] = (p["name"], kind, loc)
    owner = {}
    for p in v["power"]:
        for c in p.get("owned", p["home_centers"]):
            owner[c] = p["name"]
    homes = {p["name"]: p["home_centers"] for p in v["power"]}
    year = v["variant"]["start_year"]
    out = ["# Example game on the `%s` variant: one year in which every order succeeds" % name,
           "# without any contest (moves into spaces empty at the start of the phase that no",
           "# other unit enters; builds in vacant owned home centers), so the end position",
           "# follows from the basic rules alone. Made by scripts/variants/example_unopposed.py;",
           "#   standoff play --variant %s examples/variants/%s.txt" % (name, name)]
    for season in ("Spring", "Fall"):
        out += ["", "[%s %d Movement]" % (season, year)]
        taken = set(units)
        moves = {}
        for prov in sorted(units, key=lambda p: (powers.index(units[p][0]), p)):
            power, kind, loc = units[prov]
            options = [d for d in edges[kind].get(loc, []) if d.split("/")[0] not in taken
                       and owner.get(d.split("/")[0], power) == power]
            if not options:
                continue
            neutral = [d for d in options if provinces[d.split("/")[0]].get("center")
                       and owner.get(d.split("/")[0]) != power]
            dest = rng.choice(sorted(neutral or options))
            taken.add(dest.split("/")[0])
            moves[prov] = dest
            out.append("%s: %s %s - %s" % (power, kind, loc, dest))
        new = {}
        for prov, (power, kind, loc) in units.items():
            d = moves.get(prov)
            new[d.split("/")[0] if d else prov] = (power, kind, d or loc)
        units = new
    for prov, (power, _, _) in units.items():
        if provinces[prov].get("center"):
            owner[prov] = power
    builds = []
    for power in powers:
        count = sum(1 for o in owner.values() if o == power)
        have = sum(1 for u in units.values() if u[0] == power)
        sites = sorted(c for c, o in owner.items() if o == power and c not in units
                       and (build_any or c in homes[power]))
        for c in sites[:max(0, count - have)]:
            coastal = provinces[c]["terrain"] == "coast" and not provinces[c].get("coasts")
            kind = "F" if coastal and rng.random() < 0.5 else "A"
            builds.append("%s: Build %s %s" % (power, kind, c))
            units[c] = (power, kind, c)
    if builds:
        out += ["", "[Winter %d Adjustment]" % year] + builds
    out += ["", "# After the year, by the basic rules:"]
    for power in powers:
        us = sorted("%s %s" % (k, loc) for (p, k, loc) in units.values() if p == power)
        out.append("# final units %s: %s" % (power, ", ".join(us)))
    for power in powers:
        cs = sorted(c for c, o in owner.items() if o == power)
        out.append("# final centers %s: %s" % (power, ", ".join(cs)))
    print("\n".join(out))


if __name__ == "__main__":
    main()
