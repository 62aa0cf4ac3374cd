#!/usr/bin/env bash
# Fuzzes the readers of untrusted files with libFuzzer (docs/fuzzing.md).
#
#   bash scripts/fuzz.sh [target|all] [seconds] [libFuzzer options…]
#
# target: screen-json, screen-yaml, strings, png, profile, rules, shard-report, interface-builder,
# interface-builder-views, baseline, swiftui, token-map, lint-config, xcode-project, constraint-solver, or all (default).
# seconds: how long each target runs (default 60); 0 only builds.
# Builds the targets (Fuzz/Targets, declared in Package.swift under DYNTYPE_FUZZ=1) with
# -sanitize=fuzzer,address into .build-fuzz, then runs each one on a work corpus
# (.build-fuzz/corpus/<target>, kept between runs) plus the committed seeds (Fuzz/Corpus/<target>
# and, for swiftui, the examples and test fixtures; read only), and prints its executions and
# coverage. A crash, a timeout (-timeout=10 s per input) or memory over -rss_limit_mb=2048 stops
# that target and leaves the input in
# .build-fuzz/artifacts/<target>/; the script goes on with the other targets and exits 1 at the end.
# Reproduce one input: .build-fuzz/debug/<Product> <file>  (scripts/fuzz.sh prints the line).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

all_targets=(screen-json screen-yaml strings png profile rules shard-report interface-builder interface-builder-views baseline swiftui token-map lint-config xcode-project constraint-solver)

product() {
  case "$1" in
    screen-json) echo FuzzScreenJSON ;;
    screen-yaml) echo FuzzScreenYAML ;;
    strings) echo FuzzStrings ;;
    png) echo FuzzPNG ;;
    profile) echo FuzzProfile ;;
    rules) echo FuzzRules ;;
    shard-report) echo FuzzShardReport ;;
    interface-builder) echo FuzzInterfaceBuilder ;;
    interface-builder-views) echo FuzzInterfaceBuilderViews ;;
    baseline) echo FuzzBaseline ;;
    swiftui) echo FuzzSwiftUI ;;
    token-map) echo FuzzTokenMap ;;
    lint-config) echo FuzzLintConfig ;;
    xcode-project) echo FuzzXcodeProject ;;
    constraint-solver) echo FuzzConstraintSolver ;;
    *) return 1 ;;
  esac
}

# Seeds kept elsewhere in the repository, read as well (read only, folders searched recursively):
# the SwiftUI examples and test fixtures are the best seeds, and copies would drift from them.
extra_seeds() {
  case "$1" in
    swiftui) echo Examples/swiftui Tests/DynamicTypeSwiftUITests/Fixtures ;;
  esac
}

usage() {
  echo "usage: bash scripts/fuzz.sh [target|all] [seconds] [libFuzzer options…]" >&2
  echo "targets: ${all_targets[*]}" >&2
  exit 64
}

which_target="${1:-all}"
seconds="${2:-60}"
shift $(($# < 2 ? $# : 2))
[[ "$seconds" =~ ^[0-9]+$ ]] || usage
if [[ "$which_target" == all ]]; then
  targets=("${all_targets[@]}")
elif product "$which_target" >/dev/null; then
  targets=("$which_target")
else
  usage
fi

scratch=.build-fuzz
# -sanitize=fuzzer adds libFuzzer's coverage instrumentation and runtime; -fsanitize=fuzzer-no-link
# instruments the C targets (Yams' libyaml) too. -enable-testing: FuzzStrings imports
# DynamicTypeScreens @testable (its parsers are internal).
build_flags=(
  --scratch-path "$scratch" -c debug --disable-index-store
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing
  -Xcc -fsanitize=fuzzer-no-link,address
)
# Two cores are often shared: keep the build polite unless told otherwise.
jobs="${FUZZ_BUILD_JOBS:-2}"

build_started=$(date +%s)
mkdir -p "$scratch/logs"
for target in "${targets[@]}"; do
  echo "fuzz: building $(product "$target")" >&2
  build_log="$scratch/logs/build-$target.log"
  build_status=0
  DYNTYPE_FUZZ=1 nice -n 10 swift build "${build_flags[@]}" -j "$jobs" --product "$(product "$target")" >"$build_log" 2>&1 ||
    build_status=$?
  # The linker warns once per ASan symbol, and the dependencies' unhandled files: neither is news.
  grep -v -e "Cannot export local symbol" -e "which are unhandled" -e "CMakeLists.txt$" -e "^\[[0-9]*/[0-9]*\]" "$build_log" >&2 || true
  if ((build_status != 0)); then
    echo "fuzz: building $(product "$target") failed (exit $build_status; $build_log)" >&2
    exit 1
  fi
done
echo "fuzz: build took $(($(date +%s) - build_started)) s" >&2
((seconds > 0)) || exit 0


# LeakSanitizer is off: swift-corelibs-foundation leaks the CFError of every property list it
# cannot parse (CFPropertyListCreateWithData), so the strings target reported a leak on its first
# seed; Swift code leaks only through reference cycles, which are not what this looks for. The
# Swift runtime's backtracer is off: under ASan it trips over its own stack reads and buries the
# fatal error's message.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0}"
export SWIFT_BACKTRACE="${SWIFT_BACKTRACE:-enable=no}"

failed=()
summary=()
for target in "${targets[@]}"; do
  binary="$scratch/debug/$(product "$target")"
  corpus="$scratch/corpus/$target"
  artifacts="$scratch/artifacts/$target"
  log="$scratch/logs/$target.log"
  mkdir -p "$corpus" "$artifacts" "$(dirname "$log")"
  dictionary=()
  [[ -f "Fuzz/Dictionaries/$target.dict" ]] && dictionary=("-dict=Fuzz/Dictionaries/$target.dict")
  echo "fuzz: $target for $seconds s (log: $log)" >&2
  status=0
  read -r -a seeds <<<"$(extra_seeds "$target")"
  "$binary" "$corpus" "Fuzz/Corpus/$target" "${seeds[@]}" \
    -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
    -artifact_prefix="$artifacts/" "${dictionary[@]}" "$@" >"$log" 2>&1 || status=$?
  # -fork=N (see docs/fuzzing.md) prints no final stats: then the last status line's count.
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  [[ -n "$execs" ]] || execs=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1 | sed -n 's/^#\([0-9]*\).*/\1/p' || true)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
  [[ -n "$rate" || -z "$execs" ]] || rate=$((execs / seconds))
  last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1 || true)
  cov=$(sed -n 's/.*cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  if ((status == 0)); then
    result=ok
  else
    artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
    reason=$(grep -m1 -E 'ERROR: libFuzzer|ERROR: AddressSanitizer|Fatal error|fatal error|==ERROR' "$log" || echo "exit $status")
    result="FAILED"
    failed+=("$target")
    {
      echo "fuzz: $target failed (exit $status): $reason"
      grep -E -m5 'Fatal error|fatal error|SUMMARY' "$log" || true
      [[ -n "$artifact" ]] && echo "fuzz: input: $artifact; reproduce: $binary $artifact"
    } >&2
  fi
  summary+=("$(printf '%-23s %9s %7s %7s %7s %8s  %s' "$target" "$seconds" "${execs:-?}" "${rate:-?}" "${cov:-?}" "${ft:-?}" "$result")")
done
printf '\n%-23s %9s %7s %7s %7s %8s  %s\n' target seconds execs exec/s cov ft result
printf '%s\n' "${summary[@]}"
if ((${#failed[@]})); then
  echo "fuzz: failed: ${failed[*]} (inputs in $scratch/artifacts/; see docs/fuzzing.md for what to do with them)" >&2
  exit 1
fi
