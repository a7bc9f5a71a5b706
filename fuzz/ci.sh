#!/usr/bin/env bash
# Bounded fuzzing, as CI runs it: every target for FUZZ_SECONDS seconds (default 8: ten
# targets, about as long in all as five targets at 15 s were), starting from the committed
# seeds in seeds/<target>/. Fails if any target finds a crash,
# a timeout (an input slower than FUZZ_TIMEOUT seconds, default 10) or runs out of memory.
#
#   bash fuzz/ci.sh                                # all targets, 8 s each
#   FUZZ_SECONDS=300 bash fuzz/ci.sh               # longer (or scripts/fuzz-long.sh)
#   FUZZ_TARGETS="parse_order adjudicate" bash fuzz/ci.sh
#   FUZZ_SANITIZER=address bash fuzz/ci.sh         # with AddressSanitizer (2-4x slower)
#
# The default sanitizer is none: the library forbids unsafe code, and without ASan each
# target runs 2-4 times as many inputs in the same time.
#
# cargo-fuzz needs nightly rustc flags; RUSTC_BOOTSTRAP=1 lets the stable toolchain take
# them. Crash inputs land in fuzz/artifacts/<target>/ (see fuzz/README.md for what next).
set -euo pipefail
cd "$(dirname "$0")"

FUZZ_SECONDS="${FUZZ_SECONDS:-8}"
FUZZ_TIMEOUT="${FUZZ_TIMEOUT:-10}"
FUZZ_TARGETS="${FUZZ_TARGETS:-parse_order variant_file position_json adjudicate adjudicate_colonial saved_game game_loop case_file assign mila_game}"
FUZZ_SANITIZER="${FUZZ_SANITIZER:-none}"
CARGO_FUZZ_VERSION="0.13.2"
export RUSTC_BOOTSTRAP=1

if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "ci.sh: installing cargo-fuzz $CARGO_FUZZ_VERSION"
  cargo install cargo-fuzz --locked --version "$CARGO_FUZZ_VERSION"
fi

echo "ci.sh: building the fuzz targets"
cargo fuzz build -s "$FUZZ_SANITIZER"

dict_for() {
  case "$1" in
    parse_order | adjudicate | adjudicate_colonial) echo dicts/orders.dict ;;
    position_json) echo dicts/position_json.dict ;;
    variant_file) echo dicts/variant_file.dict ;;
    saved_game) echo dicts/saved_game.dict ;;
    game_loop) echo dicts/orders.dict ;;
    case_file) echo dicts/case_file.dict ;;
    assign) echo dicts/assign.dict ;;
    mila_game) echo dicts/mila_game.dict ;;
  esac
}

# Longest input per target (libFuzzer's -max_len; without it libFuzzer guesses from the
# seeds): text 4096-8192 bytes, JSON 16384, so long inputs are reached.
max_len_for() {
  case "$1" in
    parse_order | variant_file | assign) echo 4096 ;;
    adjudicate | adjudicate_colonial | case_file | game_loop) echo 8192 ;;
    position_json | saved_game | mila_game) echo 16384 ;;
    *) echo 4096 ;;
  esac
}

failed=()
for target in $FUZZ_TARGETS; do
  echo "ci.sh: fuzzing $target for ${FUZZ_SECONDS}s"
  # New inputs go to corpus/<target> (not committed); seeds/<target> is only read.
  mkdir -p "corpus/$target" "artifacts/$target"
  args=(-max_total_time="$FUZZ_SECONDS" -timeout="$FUZZ_TIMEOUT" -print_final_stats=1
    -max_len="$(max_len_for "$target")")
  dict="$(dict_for "$target")"
  if [[ -n "$dict" ]]; then
    args+=(-dict="$dict")
  fi
  if ! cargo fuzz run -s "$FUZZ_SANITIZER" "$target" "corpus/$target" "seeds/$target" -- "${args[@]}"; then
    failed+=("$target")
  fi
done

if ((${#failed[@]})); then
  echo "ci.sh: FAILED: ${failed[*]}" >&2
  for target in "${failed[@]}"; do
    for f in "artifacts/$target"/*; do
      if [[ -e "$f" ]]; then
        echo "  reproduce: RUSTC_BOOTSTRAP=1 cargo fuzz run -s $FUZZ_SANITIZER $target fuzz/$f" >&2
      fi
    done
  done
  exit 1
fi
echo "ci.sh: all targets ran ${FUZZ_SECONDS}s without a crash"
