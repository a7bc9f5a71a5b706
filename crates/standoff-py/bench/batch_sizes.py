"""``step_many`` against a ``process()`` loop over the same prepared games, for calls of
several sizes: what a call pays once (a script, not a test).

``compare.py`` times calls of 203 games (its recorded phases, once). A call shared
with the helper thread pays once for waking it and for the games in flight at its
start and end; this script times calls of each ``--sizes`` count (the recorded phases
repeated as needed; ``compare.time_step_many``: interleaved pairs, each game set up
before the first is played) and prints, per size, the median ratio, what the call costs
beyond half the loop (``batch - loop / 2``: on two cores, the time a call loses against
a perfect split, made up of what it pays once and what each game pays), the process's
CPU time against the loop's (the threads' extra work, their spinning included) and how
much of two cores' time the call spent off the processor (waiting parked, or the helper
not yet woken).
Calls of fewer than 32 games play each game in turn and do not wake the helper.

    python bench/batch_sizes.py [--pairs 21] [--sizes 16 32 64 203 406 1015]
"""

import argparse
import pathlib
import statistics
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import compare  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pairs", type=int, default=21, help="interleaved pairs of runs per size")
    ap.add_argument("--sizes", type=int, nargs="+", default=[16, 32, 64, 203, 406, 1015])
    args = ap.parse_args(argv)
    recorded = compare.phases_of(compare.DEFAULT)
    for size in args.sizes:
        phases = (recorded * (size // len(recorded) + 1))[:size]
        runs = compare.time_step_many(phases, args.pairs, cpu=True)
        ratio = statistics.median(loop[0] / batch[0] for batch, loop in runs)
        batch, batch_cpu = (statistics.median(b[k] for b, _ in runs) for k in (0, 1))
        loop, loop_cpu = (statistics.median(l[k] for _, l in runs) for k in (0, 1))
        print(
            f"{size} games: step_many {ratio:.2f}x the loop ({batch * 1e6 / size:.2f} against "
            f"{loop * 1e6 / size:.2f} us a game); beyond half the loop {(batch - loop / 2) * 1e6:.0f} us "
            f"a call; CPU {batch_cpu / loop_cpu:.2f}x the loop's (spinning counts), off the "
            f"processor {max(0.0, 1 - batch_cpu / (2 * batch)):.0%} of two cores",
            flush=True,
        )


if __name__ == "__main__":
    main()
