"""What handing a game to another core costs on this machine, the bound it puts on
``step_many``, and how far the native batch gets under it (Linux; a script, not a test).

``step_many`` of package-compatible games keeps each game's Python bookkeeping on the
calling thread and plays the games on a helper thread too: a game the calling thread
set up is played on the other core. This script sets the recorded phases of
``compare.py``'s default file up on one core (threads pinned with
``os.sched_setaffinity``), then plays them in a ``process()`` loop on the same core and
on the other, in alternating runs, for the native games alone and for the compatible
games (bookkeeping included). The slowdown on the other core is what the helper's
plays pay; the last line is the native batch (``standoff._standoff.step_many``, rayon,
no Python bookkeeping) against a loop of the same native games, the same hand-over
without any GIL.

    python bench/cross_core.py [--runs 30] [--copies 5]
"""

import argparse
import gc
import os
import pathlib
import statistics
import sys
import threading
import time
import warnings

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import compare  # noqa: E402


def prepared(phases, native):
    """The phases set up as compatible games (or their native games), orders set."""
    games = [compare.load_standoff(state, orders) for state, orders in phases]
    return [game._native for game in games] if native else games


def loop_on(core, games):
    """Seconds of a ``process()`` loop over ``games`` on a thread pinned to ``core``."""
    took = []

    def run():
        os.sched_setaffinity(0, {core})
        start = time.perf_counter()
        for game in games:
            game.process()
        took.append(time.perf_counter() - start)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    return took[0]


def other_core_slowdown(phases, native, runs, setup_core, other_core):
    """(same-core median, other-core median) seconds, alternating which runs first."""
    times = {setup_core: [], other_core: []}
    for i in range(runs):
        for core in (setup_core, other_core) if i % 2 else (other_core, setup_core):
            games = prepared(phases, native)
            gc.collect()
            times[core].append(loop_on(core, games))
    return statistics.median(times[setup_core]), statistics.median(times[other_core])


def native_batch_ratio(phases, runs):
    """Median (and quartiles) of loop / batch seconds over the same native games."""
    ratios = []
    for _ in range(runs):
        batch = compare.time_prepared(phases, batch=True, native=True)
        loop = compare.time_prepared(phases, batch=False, native=True)
        ratios.append(loop / batch)
    quartiles = statistics.quantiles(ratios, n=4)
    return statistics.median(ratios), quartiles[0], quartiles[2]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="runs per core and kind of game")
    parser.add_argument("--copies", type=int, default=5, help="each phase set up this many times")
    args = parser.parse_args(argv)
    if args.runs < 2:
        parser.error("--runs must be at least 2 (the native batch's quartiles need two runs)")
    cores = sorted(os.sched_getaffinity(0))
    if len(cores) < 2:
        sys.exit("cross_core.py needs two cores")
    setup_core, other_core = cores[:2]
    os.sched_setaffinity(0, {setup_core})  # this (the main) thread sets every game up
    phases = compare.phases_of(compare.DEFAULT) * args.copies
    warnings.simplefilter("ignore")
    for native, label in ((True, "native games (play only)"), (False, "compatible games (process())")):
        same, other = other_core_slowdown(phases, native, args.runs, setup_core, other_core)
        print(f"{label}: {same * 1e3:.2f} ms on the core that set them up, {other * 1e3:.2f} ms on "
              f"the other ({other / same - 1:+.0%}), {len(phases)} phases, medians of {args.runs} runs")
    os.sched_setaffinity(0, set(cores))
    median, low, high = native_batch_ratio(phases, args.runs)
    print(f"native step_many: {median:.2f}x a process() loop over the same native games "
          f"(quartiles {low:.2f}-{high:.2f})")


if __name__ == "__main__":
    main()
