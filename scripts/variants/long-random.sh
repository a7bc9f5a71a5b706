#!/usr/bin/env bash
# Long runs for the variant library (not in CI):
#   1. random legal games with the invariant checks, N per variant (default 200);
#   2. for every variant the `diplomacy` package has, GAMES fresh random games played by
#      the package (default 50, 10 years) replayed by standoff; every disagreement is
#      printed (the package's known deviations among them, so step 2 exits non-zero):
#      triage them with scripts/differential/triage.py as docs/variants/README.md says.
# Needs `pip install -r scripts/differential/requirements.txt` for step 2 (skipped
# when the package is missing). Usage: scripts/variants/long-random.sh [N] [GAMES]
set -euo pipefail
cd "$(dirname "$0")/../.."
N="${1:-200}"
GAMES="${2:-50}"
STANDOFF_LIBRARY_GAMES="$N" cargo test --release -p standoff --test invariants \
    invariants_hold_in_random_games_on_the_variant_library
if ! python3 -c "import diplomacy" 2>/dev/null; then
    echo "the diplomacy package is not installed: differential runs skipped"
    exit 0
fi
cargo build --release -p standoff-cli
OUT="$(mktemp -d)"
status=0
for pair in ancmed:ancmed pure:pure fleet-rome:standard_fleet_rome \
    france-austria:standard_france_austria germany-italy:standard_germany_italy \
    age-of-empires:standard_age_of_empires age-of-empires-2:standard_age_of_empires_2 \
    ancmed-age-of-empires:ancmed_age_of_empires modern:modern world:world empire:empire; do
    name="${pair%%:*}"
    map="${pair#*:}"
    (cd scripts/differential && python3 generate.py --map "$map" --years 10 \
        --games "$GAMES" --seed 1000 --out "$OUT/$name.jsonl")
    echo "== $name"
    target/release/standoff replay --variant "$name" "$OUT/$name.jsonl" --show 20 || status=1
done
exit "$status"
