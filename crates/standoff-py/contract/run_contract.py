"""The contract: the ``diplomacy`` package's own tests, run against ``standoff.Game``.

Downloads the ``diplomacy==1.1.2`` source distribution from PyPI (``pip download``) into a
cache directory outside git, unpacks it, and runs its ``diplomacy/tests/test_datc.py``,
``test_datc_no_check.py``, ``test_datc_no_expand.py`` and ``test_game.py`` with
``diplomacy.Game`` / ``diplomacy.engine.game.Game`` replaced by ``standoff.Game``, its
``diplomacy/tests/test_map.py`` with ``diplomacy.engine.map.Map`` replaced by
``standoff.Map`` and its ``diplomacy/utils/tests/test_sorted_dict.py`` with
``diplomacy.utils.sorted_dict.SortedDict`` replaced by ``standoff.SortedDict``
(``standoff_contract_plugin.py``; nothing else is changed). Then compares the failing tests
with the deviations listed in ``crates/standoff-py/COMPATIBILITY.md`` and exits 1 unless
exactly the listed tests fail.

    python contract/run_contract.py [--cache DIR] [-k EXPR] [--report-only]

The cache defaults to ``<repository>/target/diplomacy-contract`` (``STANDOFF_CONTRACT_CACHE``).
``--report-only`` prints the comparison but exits 0 (for a partial run with ``-k``).
The package's test dependencies (its own ``install_requires``: tornado, ujson, ...) must
be installed, e.g. by ``pip install diplomacy==1.1.2`` as ``ci.sh`` does.
"""

import argparse
import json
import os
import pathlib
import re
import subprocess
import sys
import tarfile

VERSION = "1.1.2"
TEST_FILES = ["diplomacy/tests/test_datc.py", "diplomacy/tests/test_datc_no_check.py",
              "diplomacy/tests/test_datc_no_expand.py", "diplomacy/tests/test_game.py",
              "diplomacy/tests/test_map.py", "diplomacy/utils/tests/test_sorted_dict.py"]
HERE = pathlib.Path(__file__).resolve().parent
REPO = HERE.parents[2]
COMPATIBILITY = HERE.parent / "COMPATIBILITY.md"
# A deviation row of COMPATIBILITY.md: | `diplomacy/tests/FILE.py::Class::test` | ... |
# (or `diplomacy/utils/tests/FILE.py::test`)
ROW = re.compile(r"^\|\s*`(diplomacy/(?:utils/)?tests/[^`]+::[^`]+)`\s*\|")


def fetch_sdist(cache: pathlib.Path) -> pathlib.Path:
    """The unpacked sdist, downloaded (once) with pip."""
    root = cache / f"diplomacy-{VERSION}"
    if (root / "diplomacy" / "tests" / "test_datc.py").is_file():
        return root
    cache.mkdir(parents=True, exist_ok=True)
    archive = cache / f"diplomacy-{VERSION}.tar.gz"
    if not archive.is_file():
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-binary", ":all:",
             "--no-deps", f"diplomacy=={VERSION}", "--dest", str(cache)],
            check=True,
        )
    if not archive.is_file():
        raise SystemExit(f"pip download did not produce {archive}")
    with tarfile.open(archive) as tar:
        for member in tar.getmembers():
            # The archive's paths must stay inside the cache (no absolute paths, no ..).
            target = (cache / member.name).resolve()
            if not str(target).startswith(str(cache.resolve()) + os.sep):
                raise SystemExit(f"{archive}: member {member.name!r} leaves the cache directory")
            if member.issym() or member.islnk():
                raise SystemExit(f"{archive}: member {member.name!r} is a link")
        tar.extractall(cache)
    return root


def listed_deviations() -> set:
    """Test ids listed in COMPATIBILITY.md's deviation tables."""
    ids = set()
    for line in COMPATIBILITY.read_text(encoding="utf-8").splitlines():
        match = ROW.match(line)
        if match:
            ids.add(match.group(1))
    return ids


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default_cache = os.environ.get("STANDOFF_CONTRACT_CACHE", str(REPO / "target" / "diplomacy-contract"))
    parser.add_argument("--cache", default=default_cache)
    parser.add_argument("-k", default=None, help="pytest -k expression (implies a partial run)")
    parser.add_argument("--report-only", action="store_true")
    parser.add_argument("--show", action="store_true", help="list every unexpected result")
    args = parser.parse_args()

    cache = pathlib.Path(args.cache).resolve()
    sdist = fetch_sdist(cache)
    outcomes_path = cache / "outcomes.json"
    env = dict(os.environ)
    env["STANDOFF_CONTRACT_SDIST"] = str(sdist)
    env["STANDOFF_CONTRACT_OUTCOMES"] = str(outcomes_path)
    env["PYTHONPATH"] = os.pathsep.join([str(HERE), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    cmd = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "standoff_contract_plugin",
           "--rootdir", str(sdist), "-o", "addopts=", "--tb=no", "--no-header", "-rN"]
    if args.k:
        cmd += ["-k", args.k]
    cmd += TEST_FILES
    if outcomes_path.exists():
        outcomes_path.unlink()
    subprocess.run(cmd, cwd=sdist, env=env, check=False, stdout=subprocess.DEVNULL)
    if not outcomes_path.is_file():
        print("contract: pytest did not run (no outcomes written)", file=sys.stderr)
        return 1
    outcomes = json.loads(outcomes_path.read_text(encoding="utf-8"))

    failing = {test for test, outcome in outcomes.items() if outcome != "passed"}
    for name in TEST_FILES:
        ran = [t for t in outcomes if t.startswith(f"{name}::")]
        bad = [t for t in ran if t in failing]
        print(f"contract: {name.rsplit('/', 1)[-1]}: {len(ran) - len(bad)} passed, {len(bad)} failed of {len(ran)}")

    listed = listed_deviations()
    if args.k:
        listed &= set(outcomes)
    unexpected_failures = sorted(failing - listed)
    unexpected_passes = sorted(t for t in listed - failing if t in outcomes)
    missing = sorted(listed - set(outcomes))
    print(f"contract: {len(failing)} failing, {len(listed)} listed in {COMPATIBILITY.name}; "
          f"{len(unexpected_failures)} fail without being listed, {len(unexpected_passes)} listed but pass, "
          f"{len(missing)} listed but not run")
    if args.show:
        for test in unexpected_failures:
            print(f"  FAILS (not listed): {test}")
        for test in unexpected_passes:
            print(f"  PASSES (listed):    {test}")
        for test in missing:
            print(f"  NOT RUN (listed):   {test}")
    ok = not unexpected_failures and not unexpected_passes and not missing
    if ok:
        print("contract: OK, exactly the listed deviations fail")
        return 0
    return 0 if args.report_only else 1


if __name__ == "__main__":
    sys.exit(main())
