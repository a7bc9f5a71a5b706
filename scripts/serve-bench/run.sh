#!/usr/bin/env bash
# Load benchmark of the judge on SQLite and (when the PostgreSQL server is installed) on
# a throwaway PostgreSQL cluster. Not a test: it prints requests/s, order-submission
# latency and phases processed per second. See docs/server.md.
#
#   bash scripts/serve-bench/run.sh [GAMES] [CONCURRENCY]
set -euo pipefail
cd "$(dirname "$0")/../.."
games=${1:-200}
concurrency=${2:-32}
cargo build --release -q -p standoff-server --example serve_bench
bench=target/release/examples/serve_bench

echo "== SQLite"
"$bench" --games "$games" --concurrency "$concurrency"

if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  eval "$(bash scripts/pg-test-cluster.sh start)"
  trap 'bash scripts/pg-test-cluster.sh stop "$STANDOFF_TEST_PG_DIR"' EXIT
  echo "== PostgreSQL"
  "$bench" --games "$games" --concurrency "$concurrency" --db "$STANDOFF_TEST_PG_URL"
else
  echo "== PostgreSQL: not installed (apt-get install -y postgresql), skipped"
fi
