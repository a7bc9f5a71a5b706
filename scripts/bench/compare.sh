#!/usr/bin/env bash
# Side-by-side timing of standoff and the `diplomacy` PyPI package on the same phases:
# a seeded corpus of random games is written by standoff, then both engines adjudicate
# its movement phases (single core) and list all legal orders. Prints both and the ratio.
#
#   bash scripts/bench/compare.sh [games] [seed]
set -euo pipefail
cd "$(dirname "$0")/../.."
games=${1:-10}
seed=${2:-1}
python3 -c "import diplomacy" 2>/dev/null || pip install -q diplomacy==1.1.2
cargo build --release -q -p standoff-cli
corpus=$(mktemp --suffix=.jsonl)
./target/release/standoff corpus --out "$corpus" --games "$games" --seed "$seed"
ours=$(./target/release/standoff bench --mila "$corpus" --repeat 20)
theirs=$(python3 scripts/bench/diplomacy_timing.py "$corpus")
echo "== standoff =="; echo "$ours" | head -4
echo "== diplomacy $(python3 -c 'import diplomacy; print(diplomacy.__version__)' 2>/dev/null || echo package) =="; echo "$theirs"
get() { echo "$1" | awk -v k="$2:" '$1==k {print $2}'; }
for k in movement_phase_median_us legal_orders_median_us; do
  awk -v a="$(get "$theirs" $k)" -v b="$(get "$ours" $k)" -v k="$k" 'BEGIN { printf "%s ratio (diplomacy / standoff): %.0fx\n", k, a / b }'
done
rm -f "$corpus"
