#!/usr/bin/env bash
# Long fuzzing runs (CI runs each target only seconds: fuzz/ci.sh from scripts/test-all.sh).
# Every target in turn for FUZZ_SECONDS (default 1800: 30 min each, 5 hours for all ten),
# keeping what it finds in fuzz/corpus/<target>/ so the next run starts where this one
# ended; then the corpus is minimised (cargo fuzz cmin). Same variables as fuzz/ci.sh.
#
#   bash scripts/fuzz-long.sh
#   FUZZ_SECONDS=14400 FUZZ_TARGETS="game_loop saved_game" bash scripts/fuzz-long.sh
#
# On crashes: fuzz/README.md, "When a target crashes".
set -euo pipefail
cd "$(dirname "$0")/.."
export FUZZ_SECONDS="${FUZZ_SECONDS:-1800}"
status=0
bash fuzz/ci.sh || status=$?
cd fuzz
targets="${FUZZ_TARGETS:-parse_order variant_file position_json adjudicate adjudicate_colonial saved_game game_loop case_file assign mila_game}"
for target in $targets; do
  if [[ -d "corpus/$target" ]]; then
    echo "fuzz-long.sh: minimising corpus/$target"
    RUSTC_BOOTSTRAP=1 cargo fuzz cmin -s "${FUZZ_SANITIZER:-none}" "$target" "corpus/$target" || status=1
  fi
done
exit "$status"
