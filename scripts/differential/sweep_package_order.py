"""Plays many more random games than CI through test_package_order.py's game loop
(crates/standoff-py/tests): both engines get the same random orders, and after every
phase whose board they agree on, every list, label and command must be as the package
has it, but for the departures the test names (COMPATIBILITY.md).

A game whose boards part before ten phases were compared (a known adjudication
difference, test_differential.py) is counted apart, not as a failure. Needs the
``standoff`` package and ``diplomacy==1.1.2`` installed. Exits 1 if any game failed.

    python3 scripts/differential/sweep_package_order.py --first 1000 --games 500
"""

import argparse
import sys
import traceback
from pathlib import Path

TESTS = Path(__file__).resolve().parents[2] / "crates" / "standoff-py" / "tests"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--first", type=int, default=1000, help="the first seed")
    parser.add_argument("--games", type=int, default=100, help="how many seeds, from the first")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    sys.path.insert(0, str(TESTS))
    import test_package_order  # noqa: E402  (the test's own loop and checks)

    failed, parted = [], []
    for seed in range(args.first, args.first + args.games):
        try:
            test_package_order.test_lists_follow_the_package_over_a_game(seed)
        except AssertionError as error:
            where = traceback.extract_tb(error.__traceback__)[-1]
            if "compared >= 10" in (where.line or ""):
                parted.append(seed)
            else:
                failed.append(seed)
                print(f"seed {seed}: line {where.lineno}: {where.line}: {str(error)[:300]}")
    print(f"games: {args.games} / failed: {len(failed)} / boards parted early: {len(parted)}"
          + (f" (seeds {', '.join(map(str, parted))})" if parted else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
