#!/usr/bin/env bash
# Every test: the Rust workspace (unit, DATC case files, property tests, doctests),
# format and lint checks, the Python package's pytest suite (in a fresh venv), and a
# bounded fuzzing run of every fuzz target.
#
#   bash scripts/test-all.sh
#   FUZZ_SECONDS=0 bash scripts/test-all.sh    # skip fuzzing
#   SKIP_PYTHON=1 bash scripts/test-all.sh     # skip the Python package
#   SKIP_BROWSER=1 bash scripts/test-all.sh    # skip the browser test of the web page
#   STANDOFF_SKIP_RAY=1 bash scripts/test-all.sh  # the Python suite without Ray
#   TEST_ALL_LOG=FILE bash scripts/test-all.sh # where the full log goes
#
# What it installs (it says so again as it runs):
# - the Python suite: a temporary venv (removed at the end) with maturin, pytest,
#   diplomacy 1.1.2 and Ray (about 1 GB with Ray), and the standoff package built into it;
# - the browser test: playwright-core from npm (no browser download; it drives Debian's
#   /usr/bin/chromium) in crates/standoff-server/tests/browser/node_modules;
# - the server tests: a throwaway PostgreSQL cluster (stopped at the end);
# - fuzzing: cargo-fuzz 0.13.2 with `cargo install` into ~/.cargo/bin, if it is missing
#   (it stays installed); the fuzz targets build with the stable toolchain.
#
# Each step's output goes to the log; only the step names and, on failure, the end of
# the log are printed.
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
log="${TEST_ALL_LOG:-$PWD/target/test-all.log}"
mkdir -p "$(dirname "$log")"
: >"$log"
temp_dirs=()
pg_dir=""
cleanup() {
  if [ -n "$pg_dir" ]; then
    bash scripts/pg-test-cluster.sh stop "$pg_dir" >/dev/null 2>&1 || true
  fi
  for d in "${temp_dirs[@]+"${temp_dirs[@]}"}"; do
    rm -rf "$d"
  done
}
trap cleanup EXIT

# Runs a step with its output in the log; on failure prints the log's end and stops.
run() {
  local name="$1"
  shift
  echo "== [$(( $(date +%s) - start ))s] $name"
  echo "== $name: $*" >>"$log"
  if ! "$@" >>"$log" 2>&1; then
    echo "FAILED: $name. The last 40 lines of $log:"
    tail -n 40 "$log"
    exit 1
  fi
}

echo "Full log: $log"
# The server's storage and scheduler tests run on SQLite and on PostgreSQL: a throwaway
# cluster from Debian's packages (installed by .ci/run), unless one is given.
if [ -z "${STANDOFF_TEST_PG_URL:-}" ]; then
  if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    echo "   starts: a throwaway PostgreSQL cluster (scripts/pg-test-cluster.sh; stopped at the end)"
    eval "$(bash scripts/pg-test-cluster.sh start)"
    export STANDOFF_TEST_PG_URL
    pg_dir="$STANDOFF_TEST_PG_DIR"
  elif [ "${CI:-}" != "" ] || [ "${STANDOFF_REQUIRE_PG:-0}" = "1" ]; then
    echo "FAILED: PostgreSQL is not installed (apt-get install -y postgresql)"; exit 1
  else
    echo "   note: PostgreSQL is not installed; the server tests run on SQLite only"
  fi
fi
run "cargo test" cargo test --workspace -q
run "cargo fmt --check" cargo fmt --all --check
run "cargo clippy" cargo clippy -q --workspace --all-targets -- -D warnings
if [ "${SKIP_BROWSER:-0}" != "1" ]; then
  echo "   installs: playwright-core (npm ci, no browser download) under crates/standoff-server/tests/browser"
  run "web page in headless Chromium" bash scripts/browser-test.sh
fi
if [ "${SKIP_PYTHON:-0}" != "1" ]; then
  venv_parent="$(mktemp -d)"
  temp_dirs+=("$venv_parent")
  ray="with Ray"
  [ "${STANDOFF_SKIP_RAY:-0}" = "1" ] && ray="without Ray"
  echo "   installs: a venv at $venv_parent/venv (removed at the end) with maturin, pytest,"
  echo "   diplomacy 1.1.2 ($ray) and the standoff package"
  run "python package (pytest)" env STANDOFF_VENV="$venv_parent/venv" bash crates/standoff-py/ci.sh
fi
if [ "${FUZZ_SECONDS:-8}" != "0" ]; then
  if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "   installs: cargo-fuzz 0.13.2 (cargo install, into ${CARGO_HOME:-$HOME/.cargo}/bin; it stays)"
  fi
  run "fuzzing, ${FUZZ_SECONDS:-8}s per target" env FUZZ_SECONDS="${FUZZ_SECONDS:-8}" bash fuzz/ci.sh
fi
echo "== [$(( $(date +%s) - start ))s] all tests passed (log: $log)"
