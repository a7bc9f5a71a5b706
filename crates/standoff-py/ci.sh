#!/usr/bin/env bash
# Builds and tests the standoff Python package from scratch: a fresh venv, then
# `pip install` of maturin, the package (compiled from this directory) and the test
# dependencies (pytest, diplomacy==1.1.2, ray), then pytest and the contract (the
# diplomacy package's own tests against standoff.Game, contract/run_contract.py). The
# wheel is abi3 (CPython 3.9 and newer): it is also installed and tested under the
# other interpreters listed in STANDOFF_EXTRA_PYTHONS.
#
#   bash crates/standoff-py/ci.sh
#
# Environment:
#   STANDOFF_VENV=DIR       where to make the venv (kept; default: a new temporary
#                           directory, removed at the end)
#   STANDOFF_SKIP_RAY=1     do not install ray (the Ray example's test then skips)
#   STANDOFF_RAY_SPEC=SPEC  the ray requirement (default "ray<2.54": the last releases
#                           with ray.init(local_mode=True), which the test uses)
#   STANDOFF_EXTRA_PYTHONS="PY ..."  more interpreters to test the same wheel with
#                           (default: the oldest and newest CPython >= 3.9 that pyenv
#                           has, if any; "none" for none)
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

stamp "building the wheel (maturin build) and installing it"
# The release profile, without debug info (the workspace's release profile has
# debug = 1, for profiling; the wheel is stripped anyway). Users' wheels (`pip install`)
# use the `dist` profile, the same code optimised across crates (fat LTO, one code
# unit: see the workspace Cargo.toml); it builds in about four times as long (5.5 min
# against 1-1.5 here), which CI's time does not allow. Time `dist` builds with
# bench/compare.py, not this one.
wheels="$(dirname "$venv")/wheels"
rm -rf "$wheels"
CARGO_PROFILE_RELEASE_DEBUG=0 maturin build --release --quiet --manifest-path "$here/Cargo.toml" -o "$wheels"
pip install --quiet "$wheels"/standoff-*.whl

stamp "running pytest"
cd "$here"
python -m pytest tests -q -rs

stamp "running the contract (the diplomacy package's own tests against standoff.Game)"
# Downloads the diplomacy==1.1.2 sdist into target/diplomacy-contract (outside git) and
# fails unless exactly the tests listed in COMPATIBILITY.md fail.
python contract/run_contract.py ${STANDOFF_CONTRACT_ARGS:-}
deactivate

extra="${STANDOFF_EXTRA_PYTHONS:-}"
if [ -z "$extra" ] && command -v pyenv >/dev/null 2>&1; then
  # The oldest and the newest CPython 3.9+ that pyenv has.
  found="$(pyenv versions --bare 2>/dev/null | grep -E '^3\.(9|[1-9][0-9])\.[0-9]+$' | sort -t. -k2,2n -k3,3n || true)"
  if [ -n "$found" ]; then
    root="$(pyenv root)"
    oldest="$(echo "$found" | head -1)"; newest="$(echo "$found" | tail -1)"
    extra="$root/versions/$oldest/bin/python3"
    [ "$newest" != "$oldest" ] && extra="$extra $root/versions/$newest/bin/python3"
  fi
fi
if [ "$extra" != "none" ]; then
  n=0
  for other in $extra; do
    n=$((n + 1))
    stamp "the same wheel under $("$other" --version) ($other)"
    other_venv="$(dirname "$venv")/venv-extra-$n"
    rm -rf "$other_venv"
    "$other" -m venv "$other_venv"
    "$other_venv/bin/pip" install --quiet --upgrade pip
    "$other_venv/bin/pip" install --quiet pytest "diplomacy==1.1.2" "$wheels"/standoff-*.whl
    "$other_venv/bin/python" -m pytest tests -q -rs
    "$other_venv/bin/python" contract/run_contract.py ${STANDOFF_CONTRACT_ARGS:-}
  done
fi
stamp "done"
