#!/usr/bin/env bash
# DAIDE benchmark: GAMES bot games at once (seven random bots each, machine speed, to
# the end of LAST_YEAR) on one judge in this process, over loopback. Not a test: it
# prints phases processed per second. See docs/daide.md.
#
#   bash scripts/daide-bench.sh [GAMES] [LAST_YEAR]
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-100}
last_year=${2:-1910}
cargo build --release -q -p standoff-server --example daide_bench
target/release/examples/daide_bench --games "$games" --last-year "$last_year"
