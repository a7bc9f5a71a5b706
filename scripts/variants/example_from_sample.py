#!/usr/bin/env python3
"""Write a short example game (an order file for `standoff play`) from one game of a
differential sample (`crates/standoff/tests/data/variants/NAME.jsonl`, random games the
`diplomacy` package played and adjudicated), ending with `# final units` / `# final
centers` lines: the position the package recorded after the last phase written.
`tests/variant_library.rs` plays the file and compares its end with those lines.

Usage: python3 example_from_sample.py SAMPLE.jsonl GAME_INDEX YEARS VARIANT > FILE.txt
"""

import json
import sys

SEASONS = {"S": "Spring", "F": "Fall", "W": "Winter"}
KINDS = {"M": "Movement", "R": "Retreat", "A": "Adjustment"}


def order_text(order, kind):
    w = order.split()
    if w == ["WAIVE"]:
        return None
    unit = "%s %s" % (w[0], w[1].lower())
    if kind == "A":
        return ("Build " if w[2] == "B" else "Remove ") + unit
    if kind == "R":
        return ("Disband " + unit) if w[2] == "D" else "%s - %s" % (unit, w[3].lower())
    rest = [x.lower() if x not in ("S", "C", "H", "-", "A", "F", "VIA") else x for x in w[2:]]
    text = unit + " " + " ".join(rest)
    return text.replace(" VIA", " via convoy")


def main():
    path, index, years, variant = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    game = [json.loads(l) for l in open(path)][index]
    phases = game["phases"]
    first = int(phases[0]["name"][1:-1])
    out = ["# Example game on the `%s` variant: the first %d years of game %s of"
           % (variant, years, game["id"]),
           "# tests/data/variants/%s.jsonl, random orders played by the `diplomacy` package."
           % variant,
           "#   standoff play --variant %s examples/variants/%s.txt" % (variant, variant),
           "# The `# final` lines at the end are the position the package recorded after the",
           "# last phase; standoff must reach the same (tests/variant_library.rs).",
           "# Phases the package skipped (nothing to order) have no section."]
    last = None
    for i, ph in enumerate(phases[:-1]):
        year = int(ph["name"][1:-1])
        if year >= first + years:
            break
        season, kind = ph["name"][0], ph["name"][-1]
        out.append("")
        out.append("[%s %d %s]" % (SEASONS[season], year, KINDS[kind]))
        for power in sorted(ph["orders"]):
            for o in ph["orders"][power] or []:
                t = order_text(o, kind)
                if t:
                    out.append("%s: %s" % (power.title(), t))
        last = i
    state = phases[last + 1]["state"]
    out.append("")
    out.append("# After the last phase, as the package recorded it (%s):" % phases[last + 1]["name"])
    for power in sorted(state["units"]):
        units = [u.lower() for u in state["units"][power] if not u.startswith("*")]
        out.append("# final units %s: %s" % (power.title(), ", ".join(u[0].upper() + u[1:] for u in units)))
    for power in sorted(state["centers"]):
        out.append("# final centers %s: %s" % (power.title(), ", ".join(c.lower() for c in state["centers"][power])))
    print("\n".join(out))


if __name__ == "__main__":
    main()
