"""How much two cores of this machine give the work ``step_many`` splits: the same
``process()`` loop run by one process alone, and by two independent processes at once
(a script, not a test).

``step_many`` over package-compatible games is compared with a ``process()`` loop over
the same prepared games (``compare.py``). No way of splitting that loop over two cores
can do better than two processes that share nothing (no GIL, no game handed over, no
memory written by the other) each running a loop of its own over its own games: their
combined speed against one process alone is the ceiling for ``step_many``'s ratio on
this machine. Each worker sets up ``compare.py``'s recorded phases (``--copies``
times) and times rounds of a ``process()`` loop over freshly prepared games, as
``compare.py`` times its loop; the workers of a run start together (a barrier) and run
the same number of rounds. Runs alone and in pairs alternate, so a machine whose speed
changes slows both alike.

With ``--native`` the loop is over the games' native games (the plays alone), the
ceiling for the native batch (``standoff._standoff.step_many``).

    python bench/two_cores.py [--runs 8] [--rounds 15] [--copies 1] [--native]
"""

import argparse
import gc
import multiprocessing
import pathlib
import statistics
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import compare  # noqa: E402


def worker(barrier, rounds, copies, native, out):
    """Times ``rounds`` rounds of a ``process()`` loop over freshly prepared games,
    after waiting at ``barrier`` for the other workers of the run; puts the median
    round's seconds on ``out``."""
    phases = compare.phases_of(compare.DEFAULT) * copies
    def loop(phases):
        return compare.time_prepared(phases, batch=False, native=native)

    # One untimed round first: imports and first uses of each code path.
    loop(phases)
    barrier.wait()
    took = [loop(phases) for _ in range(rounds)]
    gc.collect()
    out.put(statistics.median(took))


def run(workers, rounds, copies, native):
    """Median round seconds of each of ``workers`` processes started together."""
    context = multiprocessing.get_context("spawn")
    barrier = context.Barrier(workers)
    out = context.Queue()
    procs = [context.Process(target=worker, args=(barrier, rounds, copies, native, out)) for _ in range(workers)]
    for proc in procs:
        proc.start()
    seconds = [out.get(timeout=600) for _ in procs]
    for proc in procs:
        proc.join(timeout=60)
    return seconds


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=8, help="runs of each kind (alone, in pairs), alternating")
    ap.add_argument("--rounds", type=int, default=15, help="timed loops per worker in a run")
    ap.add_argument("--copies", type=int, default=1, help="copies of the recorded phases per loop")
    ap.add_argument("--native", action="store_true",
                    help="loop over the native games (the plays alone, no compatible bookkeeping)")
    args = ap.parse_args(argv)
    ceilings = []
    for i in range(args.runs):
        order = (1, 2) if i % 2 == 0 else (2, 1)
        times = {workers: run(workers, args.rounds, args.copies, args.native) for workers in order}
        alone = times[1][0]
        pair = times[2]
        # Work done per second by the pair against one process alone.
        ceiling = sum(alone / t for t in pair)
        ceilings.append(ceiling)
        print(
            f"run {i + 1}: alone {alone * 1e3:.2f} ms a loop; together "
            + ", ".join(f"{t * 1e3:.2f}" for t in pair)
            + f" ms: two cores give {ceiling:.2f}x one",
            flush=True,
        )
    ceilings.sort()
    print(
        f"two independent processes against one: median {statistics.median(ceilings):.2f}x "
        f"(lowest {ceilings[0]:.2f}x, highest {ceilings[-1]:.2f}x, {len(ceilings)} runs)"
    )


if __name__ == "__main__":
    main()
