"""Self-play rollouts with Ray and standoff.

Each Ray task plays a batch of games from the standard start with random legal orders
(standoff's generator: supports and convoys are common), stepping all its games at once
with ``standoff.step_many`` (one call per phase for the whole batch, GIL released, all
cores), and returns statistics: phases played, winners, final center counts.

    python examples/ray_rollouts.py --tasks 8 --games 32 --max-year 1910

``--local-mode`` runs the tasks in the driver process (``ray.init(local_mode=True)``),
for tests and debugging; Ray removed local mode in 2.54, and with a newer Ray the script
then starts a small local Ray instance instead (and says so).
"""

import argparse
import collections
import time

import standoff


def rollout_batch(seed, games, max_year):
    """Plays `games` games to the end of `max_year` (or a win); returns statistics."""
    batch = [standoff.Game(game_id="rollout-%d-%d" % (seed, i)) for i in range(games)]
    phases = 0
    step = 0
    while True:
        live = [g for g in batch if not g.is_game_done and int(g.get_current_phase()[1:5]) <= max_year]
        if not live:
            break
        for j, game in enumerate(live):
            orders = game.random_orders(seed * 1_000_003 + step * 7_919 + j)
            for power, power_orders in orders.items():
                # The generator sometimes orders one build too many (on purpose); such
                # orders are recorded in PhaseData.order_errors, no need to warn.
                game.set_orders(power, power_orders, errors="ignore")
        phases += sum(1 for played in standoff.step_many(live) if played is not None)
        step += 1
    centers = collections.Counter()
    for game in batch:
        for power, owned in game.get_centers().items():
            centers[power] += len(owned)
    return {
        "games": games,
        "phases": phases,
        "winners": [g.winner for g in batch if g.winner],
        "centers": dict(centers),
    }


def init_ray(local_mode, num_cpus):
    """Starts Ray; returns a note on how."""
    import ray

    if local_mode:
        try:
            ray.init(local_mode=True, include_dashboard=False, log_to_driver=False)
            return "local mode"
        except RuntimeError as e:  # Ray >= 2.54: "`local_mode` is no longer supported"
            if "local_mode" not in str(e):
                raise
    ray.init(num_cpus=num_cpus, include_dashboard=False, log_to_driver=False)
    note = "local Ray instance, %d CPUs" % num_cpus
    if local_mode:
        note += " (this Ray %s has no local mode)" % ray.__version__
    return note


def run(tasks=4, games=16, max_year=1905, local_mode=False, num_cpus=2):
    import ray

    note = init_ray(local_mode, num_cpus)
    if __name__ != "__main__":
        # Imported (e.g. by a test): ship the task's code to the workers by value, as
        # they cannot import this file.
        import sys

        import ray.cloudpickle

        ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    try:
        remote = ray.remote(rollout_batch)
        start = time.perf_counter()
        results = ray.get([remote.remote(seed, games, max_year) for seed in range(tasks)])
        elapsed = time.perf_counter() - start
    finally:
        ray.shutdown()
    total = {
        "ray": note,
        "tasks": tasks,
        "games": sum(r["games"] for r in results),
        "phases": sum(r["phases"] for r in results),
        "winners": collections.Counter(w for r in results for w in r["winners"]),
        "centers": collections.Counter(),
        "seconds": elapsed,
    }
    for r in results:
        total["centers"].update(r["centers"])
    return total


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tasks", type=int, default=4, help="Ray tasks (default 4)")
    ap.add_argument("--games", type=int, default=16, help="games per task (default 16)")
    ap.add_argument("--max-year", type=int, default=1905, help="last year played (default 1905)")
    ap.add_argument("--num-cpus", type=int, default=2, help="CPUs for a local Ray instance")
    ap.add_argument("--local-mode", action="store_true", help="ray.init(local_mode=True) where Ray has it")
    args = ap.parse_args(argv)
    total = run(args.tasks, args.games, args.max_year, args.local_mode, args.num_cpus)
    print("ray: %s" % total["ray"])
    print("%d games, %d phases in %.2f s (%.0f phases/s)" % (
        total["games"], total["phases"], total["seconds"], total["phases"] / max(total["seconds"], 1e-9)))
    print("winners: %s" % (dict(total["winners"]) or "none"))
    print("average centers: " + ", ".join(
        "%s %.1f" % (p, c / total["games"]) for p, c in sorted(total["centers"].items())))
    return total


if __name__ == "__main__":
    main()
