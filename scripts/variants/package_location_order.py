"""Writes each built-in variant's `location_order`: the order in which the `diplomacy`
package (1.1.2, installed) lists its map's locations (`Map.locs`, its map file's order),
so that `standoff.Game().map.locs` indexes the locations as the package does.

For each of the package's maps, the built-in variant that plays it (the Python
package's `Map(name).variant`) gets the order in its `variant.toml`, right after its
`victory_centers` line (or its `name` line), unless the variant it extends already gives the same order.
A variant whose locations are not the package map's is reported and left alone.
Each file is written atomically (a temporary file, then a rename). Run from the
repository root with both packages importable, `standoff` built from this checkout
(its built-in variants are compiled in, so `--check` reads them as last built):

    python scripts/variants/package_location_order.py [--check]

With `--check` nothing is written: it says which variants lack the package's order or
give another, and exits 1 if any does.
"""

import argparse
import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "differential"))
from atomic_write import atomic_write  # noqa: E402 - the harness scripts' atomic replacement

VARIANTS = pathlib.Path("crates/standoff/variants")
LINE = 88


def package_maps():
    import diplomacy

    folder = pathlib.Path(diplomacy.__file__).parent / "maps"
    return sorted(path.stem for path in folder.glob("*.map"))


def package_order(map_name):
    from diplomacy.engine.map import Map

    return [loc.lower() for loc in Map(map_name).locs]


def toml_lines(order):
    """`location_order = [...]`, wrapped."""
    lines = ["location_order = [  # the `diplomacy` package's `Map.locs` order (its map file's)"]
    row = " "
    for name in order:
        item = f' "{name}",'
        if len(row) + len(item) > LINE:
            lines.append(row)
            row = " "
        row += item
    lines.append(row)
    lines.append("]")
    return lines


def base_of(text):
    match = re.search(r'^extends\s*=\s*"([^"]+)"', text, re.M)
    return match.group(1) if match else None


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true", help="report only; exit 1 on a difference")
    args = ap.parse_args(argv)
    from standoff._compat_map import Map

    wanted = {}
    for map_name in package_maps():
        variant = Map(map_name).variant
        order = package_order(map_name)
        ours = sorted(loc.lower() for loc in variant.map_data()["locations"])
        if sorted(order) != ours:
            print(f"{map_name} ({variant.name}): other locations than the package's; left alone")
            continue
        wanted[variant.name] = order
    differ = 0
    for name, order in sorted(wanted.items()):
        path = VARIANTS / name / "variant.toml"
        text = path.read_text()
        given = [loc.lower() for loc in Map(name).variant.map_data()["location_order"]]
        if given == order:
            continue
        differ += 1
        if args.check:
            print(f"{name}: location_order is not the package's")
            continue
        if "location_order" in text:
            print(f"{name}: has another location_order; fix it by hand")
            continue
        base = base_of(text)
        if base in wanted and wanted[base] == order:
            continue  # inherited once the base has it
        lines = text.splitlines()
        at = next((i for i, line in enumerate(lines) if line.startswith("victory_centers")), None)
        if at is None:  # an extension that keeps its base's count: after its name
            at = next((i for i, line in enumerate(lines) if line.startswith("name")), None)
        if at is None:
            print(f"{name}: no line to put the order after; left alone")
            continue
        lines[at + 1:at + 1] = toml_lines(order)
        with atomic_write(path) as out:
            out.write("\n".join(lines) + "\n")
        print(f"{name}: location_order written ({len(order)} locations)")
    return 1 if args.check and differ else 0


if __name__ == "__main__":
    sys.exit(main())
