"""Batch entry points: adjudicate_many and step_many agree with Game.process, release
the GIL, and report bad input."""

import os
import signal
import subprocess
import sys
import threading
import time

import pytest

import standoff
from standoff import _standoff


def _positions(n_games=6, phases=10):
    """(state dict, orders) pairs of movement phases from random games."""
    items = []
    for gi in range(n_games):
        g = standoff.Game()
        for seed in range(phases):
            orders = g.random_orders(1000 * gi + seed)
            if g.phase_type == "M":
                items.append((g.get_state(), orders))
            for p, o in orders.items():
                g.set_orders(p, o, errors="ignore")
            g.process()
    return items


def test_adjudicate_many_agrees_with_game_process():
    items = _positions()
    results = standoff.adjudicate_many(items)
    assert len(results) == len(items)
    for (state, orders), r in zip(items, results):
        g = standoff.Game()
        g.set_state(state)
        for p, o in orders.items():
            g.set_orders(p, o, errors="ignore")
        phase = g.process()
        assert r.results == phase.results
        assert r.orders == phase.orders
        board = g.position
        # The Game lists units in the package's order (kept units first, then new ones).
        assert {p: sorted(us) for p, us in r.units.items()} == {
            p: sorted(u for u in us if not u.startswith("*")) for p, us in g.get_units().items()}
        expected = {p: d for p, d in board.dislodged.items()}
        got = {p: {u: opts for u, opts in d.items() if opts} for p, d in r.dislodged.items()}
        assert {p: d for p, d in got.items() if d} == expected
        assert r.position.phase == state["name"]


def test_adjudicate_many_inputs():
    start = standoff.Position.initial()
    r1, r2, r3 = standoff.adjudicate_many([
        (start, {"FRANCE": ["A PAR - BUR"], "GERMANY": "A MUN - BUR"}),
        (start.to_state(), ["FRANCE: A PAR - BUR", "GERMANY: A MUN - PIE", "A BER - KIE"]),
        ({"units": {"FRANCE": ["A PAR"]}, "centers": {}}, {"FRANCE": ["A PAR - XYZ"], "NARNIA": ["A PAR H"]}),
    ])
    assert r1.results["A PAR"] == ["bounce"]
    assert r2.units["FRANCE"] == ["F BRE", "A BUR", "A MAR"]
    assert sorted((e.order, e.kind, e.reason) for e in r2.order_errors) == [
        ("A BER - KIE", "invalid", "no power given for this order"),
        ("A MUN - PIE", "illegal", "the unit cannot move there"),
    ]
    assert sorted(e.order for e in r3.order_errors) == ["A PAR - XYZ", "A PAR H"]
    assert r3.to_dict()["units"]["FRANCE"] == ["A PAR"]


def test_adjudicate_many_errors():
    with pytest.raises(standoff.InvalidStateError, match="item 1"):
        standoff.adjudicate_many([
            (standoff.Position.initial(), {}),
            ({"name": "S1901M", "units": {"FRANCE": ["A XYZ"]}}, {}),
        ])
    with pytest.raises(standoff.InvalidStateError, match="not a movement phase"):
        standoff.adjudicate_many([(standoff.Position(phase="F1901R"), {})])
    with pytest.raises(TypeError, match="item 0"):
        standoff.adjudicate_many([standoff.Position.initial()])
    assert standoff.adjudicate_many([]) == []


def step_like_process(games, steps, seed_step):
    """Plays ``steps`` phases of random orders with ``step_many`` on ``games`` and with
    ``process()`` on copies, checking after each that both gave the same; returns the
    last phases ``step_many`` gave."""
    copies = [g.copy() for g in games]
    phases = []
    for step in range(steps):
        for i, (g, c) in enumerate(zip(games, copies)):
            if g.is_game_done:
                continue
            for p, o in g.random_orders(step * seed_step + i).items():
                g.set_orders(p, o, errors="ignore")
                c.set_orders(p, o, errors="ignore")
        phases = standoff.step_many(games)
        for g, c, ph in zip(games, copies, phases):
            expected = c.process()
            assert (ph is None) == (expected is None)
            if ph is not None:
                assert ph.name == expected.name and ph.results == expected.results
            assert g.get_current_phase() == c.get_current_phase()
            assert g.get_state() == c.get_state()
            assert g.ordered_units == c.ordered_units and g.command == c.command
    for g, c in zip(games, copies):
        assert dict(g.order_history) == dict(c.order_history)
        assert dict(g.result_history) == dict(c.result_history)
    return phases


def test_step_many_agrees_with_process():
    # Fewer than 32 games: each game's process() in turn, on the calling thread.
    games = [standoff.Game(game_id=str(i)) for i in range(8)]
    step_like_process(games, 25, 100)
    assert all(len(g.get_phase_history()) == 25 for g in games)
    with pytest.raises(standoff.StandoffError, match="twice"):
        standoff.step_many([games[0], games[0]])
    with pytest.raises(TypeError):
        standoff.step_many([games[0], "not a game"])


def test_step_many_of_many_games_agrees_with_process():
    # The calling thread prepares and finishes games while the helper thread plays them,
    # several games ahead: 75 games (a finished one among them) keep both busy.
    games = [standoff.Game(game_id=str(i)) for i in range(75)]
    games[40].draw()
    phases = step_like_process(games, 6, 1000)
    assert phases[40] is None and all(ph is not None for i, ph in enumerate(phases) if i != 40)


@pytest.mark.parametrize("count, failing", [(20, 12), (60, 40)])
def test_step_many_error_leaves_each_game_whole(count, failing):
    # A game whose process() fails part of the way: step_many raises its error; the
    # games before it were played through (as process() plays them), the games after
    # it were not touched, and none is left holding anything but its own game. With 20
    # games each is played in turn; with 60 the helper thread plays games meanwhile.
    games = [standoff.Game(game_id=str(i)) for i in range(count)]
    for i, g in enumerate(games):
        for p, o in g.random_orders(i).items():
            g.set_orders(p, o, errors="ignore")
    copies = [g.copy() for g in games]
    games[failing]._power_names = 5  # read by process() before the phase is played
    with pytest.raises(TypeError):
        standoff.step_many(games)
    for i, (g, c) in enumerate(zip(games, copies)):
        assert g.game_id == str(i)
        if i < failing:
            c.process()
        if i != failing:
            assert g.get_current_phase() == c.get_current_phase()
            assert g.get_state() == c.get_state()
            assert dict(g.order_history) == dict(c.order_history)
    # The games played through go on as usual.
    again = standoff.step_many(games[:failing])
    assert all(ph is not None and ph.name == "F1901M" for ph in again)


def test_step_many_from_two_threads_at_once():
    # The helper thread plays for one call at a time: a second call made meanwhile
    # (another Python thread, while the first has the GIL released) plays its games on
    # its own thread. Both agree with process().
    lists = [[standoff.Game(game_id=f"{t}-{i}") for i in range(40)] for t in range(2)]
    failures = []

    def play(games):
        try:
            step_like_process(games, 4, 50)
        except BaseException as e:  # noqa: BLE001 (reported by the test below)
            failures.append(e)

    threads = [threading.Thread(target=play, args=(games,)) for games in lists]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=120)
    assert not any(t.is_alive() for t in threads), "step_many did not return"
    assert failures == []


def _returns_in_forked_child(work, seconds=60):
    """Runs ``work()`` in a child forked from this process; True if it returned
    without raising within ``seconds`` (the child is killed after that)."""
    pid = os.fork()
    if pid == 0:
        code = 1
        try:
            work()
            code = 0
        finally:
            os._exit(code)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return os.waitstatus_to_exitcode(status) == 0
        time.sleep(0.05)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    return False


needs_fork = pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")


@needs_fork
def test_step_many_in_a_forked_child():
    # A child forked after step_many used the helper thread has no helper (threads are
    # not forked): its step_many starts its own and returns (a rayon pool inherited so
    # waited forever for its missing threads), agreeing with process().
    standoff.step_many([standoff.Game() for _ in range(40)])
    assert _returns_in_forked_child(
        lambda: step_like_process([standoff.Game(game_id=str(i)) for i in range(40)], 3, 10))


def _native_games(n):
    games = []
    for i in range(n):
        g = _standoff.Game()
        for p, o in g.random_orders(i).items():
            g.set_orders(p, o)
        games.append(g)
    return games


@needs_fork
def test_native_batches_in_a_forked_child():
    # The same for the batches on the rayon pool: the child builds a pool of its own.
    items = _positions(n_games=2, phases=4) * 20
    expected = [a.results for a in standoff.adjudicate_many(items)]
    _standoff.step_many(_native_games(40))

    def in_child():
        assert [a.results for a in standoff.adjudicate_many(items)] == expected
        played = _standoff.step_many(_native_games(40))
        assert [ph.name for ph in played] == ["S1901M"] * 40

    assert _returns_in_forked_child(in_child)


def _one_move_from_victory(game):
    """``game`` set up so that France's order ``A PIE - VEN`` wins it (its 18th center)."""
    game.clear_centers()
    game.clear_units()
    game.set_centers("FRANCE", ["BRE", "MAR", "PAR", "SPA", "POR", "BEL", "HOL", "MUN", "KIE",
                                "BER", "DEN", "LON", "LVP", "EDI", "NWY", "SWE", "TUN"])
    game.set_units("FRANCE", ["A PIE"])
    game.set_current_phase("F1901M")
    game.set_orders("FRANCE", ["A PIE - VEN"])
    return game


def test_step_many_skips_finished_games():
    g = _one_move_from_victory(standoff.Game())
    other = standoff.Game()
    first = standoff.step_many([g, other])
    assert first[0].winner == "FRANCE" and first[1].name == "S1901M"
    second = standoff.step_many([g, other])
    assert second[0] is None and second[1].name == "F1901M"


def test_batch_releases_the_gil():
    items = _positions(n_games=2, phases=6) * 400
    ticks = []
    during = {}

    def work():
        before = len(ticks)
        standoff.adjudicate_many(items)
        during["ticks"] = len(ticks) - before

    stop = threading.Event()

    def count():
        while not stop.is_set():
            ticks.append(1)
            time.sleep(0.0005)

    counter = threading.Thread(target=count)
    counter.start()
    try:
        worker = threading.Thread(target=work)
        start = time.perf_counter()
        worker.start()
        worker.join()
        elapsed = time.perf_counter() - start
    finally:
        stop.set()
        counter.join()
    if elapsed < 0.05:
        pytest.skip(f"batch too fast to observe ({elapsed:.3f} s)")
    # With the GIL held for the whole call, the counter could not run at all.
    assert during["ticks"] > 5, (during, elapsed)


# Run in a new interpreter: the batch threads this process started, their names as the
# system has them (15 characters at most). COUNT compatible games are stepped, then 40
# boards adjudicated (on the batch pool, which that starts).
_THREADS_SCRIPT = """
import os, standoff
games = [standoff.Game(game_id=str(i)) for i in range(COUNT)]
standoff.step_many(games)
standoff.adjudicate_many([(standoff.Position.initial(), {}) for _ in range(40)])
import time
import warnings
def names():
    return [open(f"/proc/self/task/{t}/comm").read().strip() for t in os.listdir("/proc/self/task")]
# A thread takes its name once it runs: wait (at most 5 s) until only this one has the
# interpreter's name.
main = open(f"/proc/self/task/{os.getpid()}/comm").read().strip()
deadline = time.monotonic() + 5
while names().count(main) > 1 and time.monotonic() < deadline:
    time.sleep(0.01)
found = names()
print(sum(n.startswith("standoff-batch") for n in found), "standoff-helper" in found)
"""


def _batch_threads(env_vars, count=40):
    """(pool threads, whether the helper thread started) in a new interpreter whose
    rayon variables are exactly ``env_vars``, after stepping ``count`` compatible games."""
    env = {k: v for k, v in os.environ.items() if k not in ("RAYON_NUM_THREADS", "RAYON_RS_NUM_CPUS")}
    env.update(env_vars)
    script = _THREADS_SCRIPT.replace("COUNT", str(count))
    out = subprocess.run([sys.executable, "-c", script], env=env, check=True,
                         capture_output=True, text=True, timeout=120).stdout.split()
    return int(out[0]), out[1] == "True"


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="reads thread names from /proc")
def test_small_calls_do_not_wake_the_helper():
    # Fewer than 32 compatible games are played in turn on the calling thread: the
    # helper thread is not started (or woken) for them; 32 start it where the pool
    # would have more than one thread.
    pool, helper = _batch_threads({}, count=31)
    assert not helper, (pool, helper)
    pool, helper = _batch_threads({}, count=32)
    assert helper == (pool > 1), (pool, helper)


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="reads thread names from /proc")
def test_thread_count_is_read_as_rayon_reads_it():
    # The compatible step_many starts its helper thread only when the native pool (sized
    # by rayon from its variables) would have more than one thread: a limit set with
    # either variable is kept by both, and RAYON_NUM_THREADS=0 means the cores for both.
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    for env_vars in ({"RAYON_NUM_THREADS": "1"}, {"RAYON_RS_NUM_CPUS": "1"},
                     {"RAYON_NUM_THREADS": "junk", "RAYON_RS_NUM_CPUS": "1"}):
        assert _batch_threads(env_vars) == (1, False), env_vars
    for env_vars in ({}, {"RAYON_NUM_THREADS": "0", "RAYON_RS_NUM_CPUS": "1"}, {"RAYON_RS_NUM_CPUS": "0"}):
        pool, helper = _batch_threads(env_vars)
        assert helper == (pool > 1), (env_vars, pool, helper)
        if cores and cores > 1:
            assert pool > 1, (env_vars, pool)


def test_native_step_many_agrees_with_process():
    # The native batch: games played over the cores, each game's PhaseData made on the
    # calling thread in order meanwhile; 70 games are five chunks of 16.
    games = _native_games(70)
    copies = [g.copy() for g in games]
    for step in range(5):
        phases = _standoff.step_many(games)
        expected = [c.process() for c in copies]
        assert [ph.name for ph in phases] == [e.name for e in expected]
        assert [ph.results for ph in phases] == [e.results for e in expected]
        assert [g.get_current_phase() for g in games] == [c.get_current_phase() for c in copies]
        assert [g.get_units() for g in games] == [c.get_units() for c in copies]
        for i, (g, c) in enumerate(zip(games, copies)):
            for power, orders in g.random_orders(100 * step + i).items():
                g.set_orders(power, orders)
                c.set_orders(power, orders)
    with pytest.raises(standoff.StandoffError, match="twice"):
        _standoff.step_many([games[0], games[0]])


def test_native_step_many_gives_none_for_a_finished_game():
    # 40 native games (shared with the helper thread on two cores): a game that is over
    # gives None and stays as it was; the others agree with process().
    done = _one_move_from_victory(_standoff.Game())
    assert done.process().winner == "FRANCE" and done.is_game_done
    games = _native_games(40)
    games[10] = done
    copies = [g.copy() for g in games]
    phases = _standoff.step_many(games)
    expected = [c.process() for c in copies]
    assert phases[10] is None and expected[10] is None
    assert done.is_game_done and done.get_state() == copies[10].get_state()
    assert [ph and (ph.name, ph.results) for ph in phases] == \
        [e and (e.name, e.results) for e in expected]
    assert [g.get_state() for g in games] == [c.get_state() for c in copies]


def test_helper_awake_time_is_checked_and_given_back():
    previous = standoff.set_helper_awake_time(0.25)
    try:
        assert previous == 0.0  # the default: the helper parks at once
        assert standoff.set_helper_awake_time(0.0) == 0.25
        for bad in (-1, float("nan"), float("inf"), 3601):
            with pytest.raises(ValueError, match="awake time"):
                standoff.set_helper_awake_time(bad)
        assert standoff.set_helper_awake_time(0) == 0.0  # a refused value changed nothing
    finally:
        standoff.set_helper_awake_time(previous)


def test_helper_awake_time_from_the_environment():
    script = "import standoff; print(standoff.set_helper_awake_time(0))"

    def run(value):
        env = dict(os.environ, STANDOFF_HELPER_AWAKE_MS=value)
        return subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                              text=True, timeout=120)

    assert run("250").stdout.split() == ["0.25"]
    assert run("").stdout.split() == ["0.0"]
    for bad in ("soon", "-5"):
        refused = run(bad)
        assert refused.returncode != 0
        assert "STANDOFF_HELPER_AWAKE_MS" in refused.stderr and repr(bad) in refused.stderr


def _helper_cpu_ticks():
    """The helper thread's CPU time so far (clock ticks: user + system), or None."""
    for tid in os.listdir("/proc/self/task"):
        try:
            with open(f"/proc/self/task/{tid}/comm") as f:
                if f.read().strip() != "standoff-helper":
                    continue
            with open(f"/proc/self/task/{tid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        return int(fields[11]) + int(fields[12])  # utime, stime
    return None


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="reads thread times from /proc")
def test_helper_kept_awake_plays_as_process_and_then_parks():
    # Told to stay awake, the helper spins after a call (it uses CPU time between calls),
    # the games still play exactly as process() plays them, a forked child still gets a
    # helper of its own, and once the time is over the helper parks (no CPU time).
    if (len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()) < 2:
        pytest.skip("one core: step_many plays each game in turn, no helper")
    previous = standoff.set_helper_awake_time(5.0)
    try:
        games = [standoff.Game(game_id=str(i)) for i in range(40)]
        step_like_process(games, 3, 7)
        before = _helper_cpu_ticks()
        assert before is not None
        # At least 0.1 s of CPU time within 4 s awake (a loaded machine gives the
        # spinning thread less than its core; a parked one would get none).
        spun, deadline = 0, time.monotonic() + 4.0
        while spun < os.sysconf("SC_CLK_TCK") // 10 and time.monotonic() < deadline:
            time.sleep(0.1)
            spun = _helper_cpu_ticks() - before
        assert spun >= os.sysconf("SC_CLK_TCK") // 10, spun
        assert _returns_in_forked_child(
            lambda: step_like_process([standoff.Game(game_id=str(i)) for i in range(40)], 2, 3))
        standoff.set_helper_awake_time(0.05)
        standoff.step_many([standoff.Game() for _ in range(40)])
        time.sleep(0.3)
        before = _helper_cpu_ticks()
        time.sleep(0.5)
        assert _helper_cpu_ticks() - before <= 1  # parked
    finally:
        standoff.set_helper_awake_time(previous)
