#!/usr/bin/env bash
# Runs each libFuzzer target (built by `make fuzz-build` into BUILD_DIR) for SECONDS, starting from
# the committed corpus in tests/fuzz/corpus/<target>/ (every committed input is replayed first).
# New interesting inputs go to BUILD_DIR/fuzz-corpus/<target>/, never into the repository; a crash,
# leak or timeout stops with its input saved as BUILD_DIR/fuzz-artifacts/<target>-crash-<sha1> and
# exit status 1. Usage: scripts/fuzz.sh BUILD_DIR SECONDS [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir=${1:?usage: scripts/fuzz.sh BUILD_DIR SECONDS [TARGET...]}
seconds=${2:?usage: scripts/fuzz.sh BUILD_DIR SECONDS [TARGET...]}
shift 2
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(request expression auth partiql)

mkdir -p "$build_dir/fuzz-artifacts"
failed=()
for target in "${targets[@]}"; do
  binary="$build_dir/fuzz_$target"
  corpus="tests/fuzz/corpus/$target"
  work="$build_dir/fuzz-corpus/$target"
  mkdir -p "$work"
  dict=()
  [ -f "tests/fuzz/$target.dict" ] && dict=(-dict="tests/fuzz/$target.dict")
  echo "fuzz $target: ${seconds} s from $(ls "$corpus" | wc -l) committed inputs"
  # -timeout: one input taking over 10 s is a hang. -rss_limit_mb: growth past 2 GiB is a leak.
  if ! "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
      "${dict[@]}" -artifact_prefix="$build_dir/fuzz-artifacts/$target-" "$work" "$corpus" \
      >"$build_dir/fuzz-$target.log" 2>&1; then
    tail -n 60 "$build_dir/fuzz-$target.log"
    failed+=("$target")
    continue
  fi
  grep -E '^stat::number_of_executed_units|^stat::new_units_added' "$build_dir/fuzz-$target.log" |
    sed "s/^/  /"
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: FAILED: ${failed[*]} (inputs in $build_dir/fuzz-artifacts/)"
  exit 1
fi
echo "fuzz: ${#targets[@]} targets ran ${seconds} s each without a crash, leak or timeout"
