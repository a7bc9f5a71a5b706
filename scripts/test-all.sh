#!/usr/bin/env bash
# Every test: the Rust workspace (unit, DATC case files, property tests, doctests),
# format and lint checks, the Python package's pytest suite (in a fresh venv), and a
# bounded fuzzing run of every fuzz target.
#
#   bash scripts/test-all.sh
#   FUZZ_SECONDS=0 bash scripts/test-all.sh    # skip fuzzing
#   SKIP_PYTHON=1 bash scripts/test-all.sh     # skip the Python package
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
step() { echo "== [$(( $(date +%s) - start ))s] $*"; }

step "cargo test"
cargo test --workspace
step "cargo fmt --check"
cargo fmt --all --check
step "cargo clippy"
cargo clippy --workspace --all-targets -- -D warnings
if [ "${SKIP_PYTHON:-0}" != "1" ]; then
  step "python package (pytest)"
  bash crates/standoff-py/ci.sh
fi
if [ "${FUZZ_SECONDS:-8}" != "0" ]; then
  step "fuzzing, ${FUZZ_SECONDS:-8}s per target"
  FUZZ_SECONDS="${FUZZ_SECONDS:-8}" bash fuzz/ci.sh
fi
step "all tests passed"
