"""Phases per second: standoff's Python API versus the ``diplomacy`` package, on the
same phases, in one run.

Every phase of a saved-game file (default: the 10 games the package played in
crates/standoff/tests/data/mila/random-seed1.jsonl) is set up in each engine -- the
phase's recorded state, then each power's recorded orders -- and ``process()`` is timed
(standoff's first, before the package is imported).
standoff is also timed through its batch entry points: ``step_many`` over a list of
prepared games (their Python bookkeeping on this thread, their plays overlapped on a
second core) and ``adjudicate_many`` over the movement phases (without the GIL, on every
core). ``step_many`` is compared with a ``process()`` loop over the same list of
prepared games (every game set up before the first is played, as ``step_many`` gets
them): ``--pairs`` pairs of runs, interleaved, each pair timing both in turn, and the
median of the pairs' ratios is reported, so that the machine's changing speed falls on
both sides of each ratio.

It also times the package README's random-agent loop end to end (every phase:
``get_all_possible_orders()``, a random choice per orderable location, ``set_orders``,
``process()``) in both engines on the same seeds, interleaved, until the game ends or
``--max-year`` is reached; each game is played ``--repeat`` times and its fastest run
counts, as for ``process()``. Each game is played in a new Python process that imports only
its engine and first plays ``--warmup`` untimed games, as a script that uses one engine
runs. (In one process, the package's objects slow the other engine down: after one game
it keeps about 900,000 objects alive, which Python's cycle collector walks and which
crowd the processor's caches; ``--same-process`` plays both engines in this process to
show it.) The garbage of the warm-up games is collected before the timed one:

    python bench/compare.py [FILE.jsonl] [--repeat 3] [--pairs 15] [--limit N] [--copies 1] [--games 5] [--max-year 1920] [--warmup 3] [--same-process]
"""

import argparse
import gc
import json
import os
import pathlib
import subprocess
import sys
import time
import warnings

import standoff

# The untimed warm-up games' seeds: far from the timed games' 0, 1, 2, ... (``random``
# seeds an int by its absolute value, so seed -1 would replay the timed game of seed 1).
WARMUP_SEED = 1_000_000

DEFAULT = pathlib.Path(__file__).resolve().parents[3] / "crates/standoff/tests/data/mila/random-seed1.jsonl"


def phases_of(path, limit=None):
    """(state, orders) of every played phase (not the final, unplayed one)."""
    out = []
    with open(path) as f:
        for line in f:
            if not line.strip():
                continue
            game = json.loads(line)
            for phase in game["phases"][:-1]:
                orders = {p: list(o or []) for p, o in phase["orders"].items()}
                out.append((phase["state"], orders))
    return out[:limit] if limit else out


def load_diplomacy(state, orders):
    import diplomacy

    game = diplomacy.Game()
    game.set_state(state)
    for power, o in orders.items():
        game.set_orders(power, o)
    return game


def load_standoff(state, orders):
    game = standoff.Game()
    game.set_state(state)
    for power, o in orders.items():
        game.set_orders(power, o, errors="ignore")
    return game


def time_process(load, phases):
    """(seconds in ``process()``, seconds loading state and orders) over ``phases``."""
    gc.collect()
    total = setup = 0.0
    for state, orders in phases:
        t0 = time.perf_counter()
        game = load(state, orders)
        t1 = time.perf_counter()
        game.process()
        t2 = time.perf_counter()
        setup += t1 - t0
        total += t2 - t1
    return total, setup


def time_prepared(phases, batch, native=False, cpu=False):
    """Seconds to play every phase, each set up first in a game of its own: with one
    ``step_many`` call (``batch``) or a ``process()`` loop over the same list. With
    ``native`` the games' native games are played (``standoff._standoff.step_many`` for
    the batch); with ``cpu`` the result is (seconds, CPU seconds of the process)."""
    games = [load_standoff(s, o) for s, o in phases]
    if native:
        games = [game._native for game in games]
    gc.collect()
    c0, t0 = time.process_time(), time.perf_counter()
    if batch:
        (standoff._standoff.step_many if native else standoff.step_many)(games)
    else:
        for game in games:
            game.process()
    wall = time.perf_counter() - t0
    return (wall, time.process_time() - c0) if cpu else wall


def time_step_many(phases, pairs, native=False, cpu=False):
    """(step_many seconds, loop seconds) of ``pairs`` interleaved pairs of runs, each
    pair timing ``step_many`` and a ``process()`` loop over the same prepared games, in
    turn first (``native``, ``cpu``: as ``time_prepared`` takes them)."""
    runs = []
    for i in range(pairs):
        if i % 2:
            loop = time_prepared(phases, False, native, cpu)
            batch = time_prepared(phases, True, native, cpu)
        else:
            batch = time_prepared(phases, True, native, cpu)
            loop = time_prepared(phases, False, native, cpu)
        runs.append((batch, loop))
    return runs


def time_adjudicate_many(phases):
    items = [(s, o) for s, o in phases if s["name"].endswith("M")]
    t0 = time.perf_counter()
    standoff.adjudicate_many(items)
    return time.perf_counter() - t0, len(items)


def random_agent_game(game_class, seed, max_year):
    """The package README's loop: (phases played, seconds)."""
    import random

    rng = random.Random(seed)
    game = game_class()
    phases = 0
    # The garbage of earlier games (in --same-process, the other engine's) is
    # collected here, not inside this engine's timing.
    gc.collect()
    t0 = time.perf_counter()
    while not game.is_game_done and int(game.get_current_phase()[1:5]) < max_year:
        possible_orders = game.get_all_possible_orders()
        for power_name in game.powers:
            power_orders = [rng.choice(possible_orders[loc]) for loc in game.get_orderable_locations(power_name)
                            if possible_orders[loc]]
            game.set_orders(power_name, power_orders)
        game.process()
        phases += 1
    return phases, time.perf_counter() - t0


def engine_class(name):
    """The ``Game`` class of engine ``name`` (``standoff`` or ``diplomacy``)."""
    if name == "diplomacy":
        import diplomacy

        return diplomacy.Game
    return standoff.Game


def loop_worker(engine, seed, max_year, warmup):
    """One timed random-agent game in this process, after ``warmup`` untimed ones
    (other seeds): what a process does once (the package loading its map, standoff
    making its order-text table) is left out, as a loop of many games sees it. Prints
    ``phases seconds``."""
    game_class = engine_class(engine)
    for k in range(warmup):
        random_agent_game(game_class, WARMUP_SEED + k, max_year)
    phases, seconds = random_agent_game(game_class, seed, max_year)
    print(phases, repr(seconds))


def game_in_own_process(engine, seed, max_year, warmup):
    """``loop_worker`` in a new Python process: (phases, seconds). The worker's string
    hashing is fixed (``PYTHONHASHSEED``): the package lists a location's possible orders
    in the order of a set of strings, so with a new hash seed per process its game of the
    same seed took other turns (275-293 phases over five seeds from run to run), and the
    fastest of ``--repeat`` runs favoured the shorter games."""
    command = [sys.executable, __file__, "--loop-worker", engine, "--seed", str(seed),
               "--max-year", str(max_year), "--warmup", str(warmup)]
    env = dict(os.environ, PYTHONHASHSEED="0")
    out = subprocess.run(command, check=True, capture_output=True, text=True, env=env).stdout.split()
    return int(out[0]), float(out[1])


def time_random_agent(games, max_year, with_diplomacy=True, warmup=1, same_process=False, repeat=1):
    """Both engines on the same seeds, interleaved game by game: {engine: (phases,
    seconds)}. Each game is played ``repeat`` times, each time in its own process after
    ``warmup`` untimed games, and its fastest time counts (``same_process``: all in
    this one, after ``warmup`` untimed games of each)."""
    totals = {"standoff": [0, 0.0], "diplomacy": [0, 0.0]}
    engines = ["standoff"] + (["diplomacy"] if with_diplomacy else [])
    if with_diplomacy:
        import diplomacy  # noqa: F401  (fails here, not in a worker, when missing)
    if same_process:
        for seed in range(warmup):
            for name in engines:
                random_agent_game(engine_class(name), WARMUP_SEED + seed, max_year)
    for seed in range(games):
        best = {}
        for _ in range(repeat):
            for name in engines:
                if same_process:
                    played = random_agent_game(engine_class(name), seed, max_year)
                else:
                    played = game_in_own_process(name, seed, max_year, warmup)
                best[name] = min(best.get(name, played), played, key=lambda r: r[1])
        for name, (phases, seconds) in best.items():
            totals[name][0] += phases
            totals[name][1] += seconds
    return totals


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("file", nargs="?", default=str(DEFAULT))
    ap.add_argument("--repeat", type=int, default=3, help="runs per engine; the best is reported")
    ap.add_argument("--limit", type=int, default=None, help="use only the first N phases")
    ap.add_argument("--no-diplomacy", action="store_true", help="time standoff only")
    ap.add_argument("--pairs", type=int, default=15,
                    help="interleaved pairs of step_many and process()-loop runs")
    ap.add_argument("--copies", type=int, default=1,
                    help="set each phase up this many times (longer batches)")
    ap.add_argument("--games", type=int, default=5, help="random-agent games per engine")
    ap.add_argument("--max-year", type=int, default=1920, help="random-agent games stop at this year")
    ap.add_argument("--warmup", type=int, default=3, help="untimed random-agent games per engine first")
    ap.add_argument("--same-process", action="store_true",
                    help="play both engines' random-agent games in this process")
    ap.add_argument("--loop-worker", choices=["standoff", "diplomacy"], help=argparse.SUPPRESS)
    ap.add_argument("--seed", type=int, default=0, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    for name in ("repeat", "pairs", "copies"):
        if getattr(args, name) < 1:
            ap.error("--%s must be at least 1" % name)
    warnings.simplefilter("ignore")
    if args.loop_worker:
        loop_worker(args.loop_worker, args.seed, args.max_year, args.warmup)
        return True
    phases = phases_of(args.file, args.limit) * args.copies
    n = len(phases)
    print("%d phases from %s (best of %d runs)" % (n, args.file, args.repeat))
    rows = []
    # standoff first, before this process imports the package (whose objects would
    # slow it down, as in the random-agent loop); each engine's process() after one
    # untimed pass (the heap grown, the code and tables loaded).
    time_process(load_standoff, phases)
    best = min(time_process(load_standoff, phases) for _ in range(args.repeat))
    rows.append(("standoff         Game.process()", n, best[0], best[1]))
    pairs = time_step_many(phases, args.pairs)
    rows.append(("standoff         step_many(games)", n, min(b for b, _ in pairs), None))
    best = min(time_adjudicate_many(phases) for _ in range(args.repeat))
    rows.append(("standoff         adjudicate_many (movement)", best[1], best[0], None))
    if not args.no_diplomacy:
        try:
            time_process(load_diplomacy, phases)
            best = min(time_process(load_diplomacy, phases) for _ in range(args.repeat))
            rows.insert(0, ("diplomacy 1.1.2  Game.process()", n, best[0], best[1]))
        except ImportError:
            print("(diplomacy is not installed: pip install diplomacy==1.1.2)")
    print("%-46s %7s %10s %13s %22s" % ("engine / call", "phases", "seconds", "phases/s", "setup s (state+orders)"))
    for name, count, seconds, setup in rows:
        print("%-46s %7d %10.4f %13.0f %22s" % (
            name, count, seconds, count / max(seconds, 1e-9), "" if setup is None else "%.4f" % setup))
    if not args.no_diplomacy and len(rows) == 4:
        print("standoff Game.process() is %.0fx the package's phases/s"
              % ((rows[1][1] / rows[1][2]) / (rows[0][1] / rows[0][2])))
    ratios = sorted(loop / max(batch, 1e-9) for batch, loop in pairs)
    print("standoff step_many(games) is %.2fx a Game.process() loop over the same prepared games "
          "(median of %d interleaved pairs; quartiles %.2f-%.2f)"
          % (ratios[len(ratios) // 2], len(ratios), ratios[len(ratios) // 4], ratios[(3 * len(ratios)) // 4]))
    if args.games:
        totals = time_random_agent(args.games, args.max_year, not args.no_diplomacy, args.warmup,
                                   args.same_process, args.repeat)
        print("random-agent loop (README): %d games to %d, same seeds, best of %d, after %d untimed, %s"
              % (args.games, args.max_year, args.repeat, args.warmup,
                 "both engines in one process" if args.same_process else "each game in its own process"))
        for name, (count, seconds) in totals.items():
            if count:
                print("  %-10s %6d phases %9.3f s %10.0f phases/s" % (name, count, seconds, count / seconds))
        if totals["diplomacy"][0]:
            ours = totals["standoff"][0] / totals["standoff"][1]
            theirs = totals["diplomacy"][0] / totals["diplomacy"][1]
            print("standoff runs the random-agent loop at %.1fx the package's phases/s" % (ours / theirs))
    return rows


if __name__ == "__main__":
    sys.exit(0 if main() else 1)
