"""The Ray rollout example and the benchmark scripts run."""

import os
import pathlib
import subprocess
import sys

import pytest

HERE = pathlib.Path(__file__).resolve().parent
CRATE = HERE.parent


def test_benchmark_script_runs():
    out = subprocess.run(
        [sys.executable, str(CRATE / "bench" / "compare.py"), "--limit", "40", "--repeat", "1",
         "--pairs", "3", "--games", "1", "--max-year", "1903"],
        capture_output=True, text=True, timeout=300,
    )
    assert out.returncode == 0, out.stderr
    assert "standoff         Game.process()" in out.stdout
    assert "phases/s" in out.stdout
    assert "random-agent loop at" in out.stdout
    assert "(median of 3 interleaved pairs;" in out.stdout


@pytest.mark.parametrize("script, args, says", [
    ("two_cores.py", ["--runs", "1", "--rounds", "1"], "two independent processes against one: median"),
    ("two_cores.py", ["--runs", "1", "--rounds", "1", "--native"], "two independent processes against one: median"),
    ("batch_sizes.py", ["--pairs", "1", "--sizes", "8", "40"], "40 games: step_many"),
    ("cross_core.py", ["--runs", "2", "--copies", "1"], "native step_many:"),
])
def test_step_many_scripts_run(script, args, says):
    if script == "cross_core.py" and len(os.sched_getaffinity(0)) < 2:
        pytest.skip("cross_core.py pins threads to two cores")
    out = subprocess.run([sys.executable, str(CRATE / "bench" / script), *args],
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert says in out.stdout, out.stdout


@pytest.mark.ray
@pytest.mark.skipif(os.environ.get("STANDOFF_SKIP_RAY") == "1", reason="STANDOFF_SKIP_RAY=1")
def test_ray_rollouts_example():
    try:
        import ray  # noqa: F401
    except ImportError:
        pytest.skip("ray is not installed (pip install 'ray<2.54'; ci.sh installs it)")
    sys.path.insert(0, str(CRATE / "examples"))
    try:
        import ray_rollouts
    finally:
        sys.path.pop(0)
    total = ray_rollouts.run(tasks=2, games=3, max_year=1902, local_mode=True)
    print("ray:", total["ray"])
    assert total["games"] == 6
    # 1901-1902: at least the four movement phases of each game.
    assert total["phases"] >= 6 * 4
    assert sum(total["centers"].values()) >= 6 * 22
