#!/usr/bin/env bash
# Builds and tests the standoff Python package from scratch: a fresh venv, then
# `pip install` of maturin, the package (compiled from this directory) and the test
# dependencies (pytest, diplomacy==1.1.2, ray), then pytest.
#
#   bash crates/standoff-py/ci.sh
#
# Environment:
#   STANDOFF_VENV=DIR       where to make the venv (kept; default: a new temporary
#                           directory, removed at the end)
#   STANDOFF_SKIP_RAY=1     do not install ray (the Ray example's test then skips)
#   STANDOFF_RAY_SPEC=SPEC  the ray requirement (default "ray<2.54": the last releases
#                           with ray.init(local_mode=True), which the test uses)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
python="${PYTHON:-python3}"
if [ -n "${STANDOFF_VENV:-}" ]; then
  venv="$STANDOFF_VENV"
else
  # A venv of our own is removed when the script ends, however it ends.
  venv_parent="$(mktemp -d)"
  trap 'rm -rf "$venv_parent"' EXIT
  venv="$venv_parent/venv"
fi
start=$(date +%s)
stamp() { echo "[ci.sh $(( $(date +%s) - start ))s] $*"; }

stamp "venv at $venv ($("$python" --version))"
"$python" -m venv "$venv"
# shellcheck disable=SC1091
. "$venv/bin/activate"
export PIP_DISABLE_PIP_VERSION_CHECK=1
pip install --quiet --upgrade pip

stamp "installing test dependencies"
deps=(maturin pytest "diplomacy==1.1.2")
if [ "${STANDOFF_SKIP_RAY:-0}" != "1" ]; then
  deps+=("${STANDOFF_RAY_SPEC:-ray<2.54}")
fi
pip install --quiet "${deps[@]}"

stamp "building and installing standoff (pip install $here)"
# No debug info in this build: the workspace's release profile has debug = 1 (for
# profiling); the wheel is stripped anyway, and this saves build time.
CARGO_PROFILE_RELEASE_DEBUG=0 pip install --quiet "$here"

stamp "running pytest"
cd "$here"
python -m pytest tests -q -rs

stamp "running the contract (the diplomacy package's own tests against standoff.Game)"
# Downloads the diplomacy==1.1.2 sdist into target/diplomacy-contract (outside git) and
# fails unless exactly the tests listed in COMPATIBILITY.md fail.
python contract/run_contract.py ${STANDOFF_CONTRACT_ARGS:-}
stamp "done"
