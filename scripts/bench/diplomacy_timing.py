#!/usr/bin/env python3
"""Time the `diplomacy` PyPI package on the phases of a saved-game corpus.

For every movement phase recorded in the corpus (JSON lines, one saved game per line,
as written by `standoff corpus`): set the recorded state in a fresh `diplomacy.Game`,
set the recorded orders, and time `process()`; also time `get_all_possible_orders()`
on the same state. Prints medians in microseconds, in the same form as `standoff bench`.

The package (AGPL-3.0) is only run, never copied.
"""
import argparse
import json
import statistics
import sys
import time

from diplomacy import Game


def load_state(game, state, phase_name):
    game.clear_units()
    game.clear_centers()
    game.set_current_phase(phase_name)
    for power, units in state["units"].items():
        game.set_units(power, [u for u in units if not u.startswith("*")])
    for power, centers in state["centers"].items():
        game.set_centers(power, centers)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("corpus")
    parser.add_argument("--limit", type=int, default=400, help="movement phases to time")
    args = parser.parse_args()

    phases = []
    with open(args.corpus) as f:
        for line in f:
            if line.strip():
                for ph in json.loads(line)["phases"]:
                    if ph["name"].endswith("M") and ph.get("orders"):
                        phases.append(ph)
    phases = phases[: args.limit]
    process_us, legal_us = [], []
    for ph in phases:
        game = Game()
        load_state(game, ph["state"], ph["name"])
        start = time.perf_counter()
        game.get_all_possible_orders()
        legal_us.append((time.perf_counter() - start) * 1e6)
        for power, orders in ph["orders"].items():
            if orders:
                game.set_orders(power, orders)
        start = time.perf_counter()
        game.process()
        process_us.append((time.perf_counter() - start) * 1e6)
    if not phases:
        sys.exit("no movement phases in corpus")
    print(f"diplomacy package: {len(phases)} movement phases")
    print(f"movement_phase_median_us: {statistics.median(process_us):.2f}")
    print(f"legal_orders_median_us: {statistics.median(legal_us):.2f}")


if __name__ == "__main__":
    main()
