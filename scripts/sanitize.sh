#!/usr/bin/env bash
# The sanitizer stage: the unit, CLI and property tests under ASan + UBSan, the libFuzzer target
# for a bounded time, and the threaded paths (batch runner, sweep executor, streamed run output)
# under TSan. Each has its own build directory (build-sanitize, build-tsan) and only the targets
# it runs are built.
#
# Both builds use clang (its libFuzzer shares the ASan build), at -O1 -g; a sanitizer report
# fails the test that triggered it (UBSan does not recover). The property tier runs fewer cases
# here (RC_PARAMS below): the point is memory and undefined behaviour on every registered
# triple, not statistical depth. Usage: scripts/sanitize.sh [fuzz seconds, default 60]
set -euo pipefail
cd "$(dirname "$0")/.."
fuzz_seconds=${1:-60}
jobs=${JOBS:-2}
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD}
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)

export RC_PARAMS="seed=20261129 max_success=400"
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:allocator_may_return_null=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1"

cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++ \
  -DGAPCHECK_SANITIZE=address -DGAPCHECK_BENCH=OFF -DGAPCHECK_FUZZ_SECONDS="$fuzz_seconds" \
  "${launcher[@]}"
cmake --build build-sanitize -j"$jobs" --target processes_test properties_test cli_test gapcheck gapcheck_fuzz
# Both labels must match: the sanitizer build, and one of the tiers built above. The thread-start
# and stored-runs tests cap the address space (ulimit -v), which ASan's shadow memory cannot
# live under.
ctest --test-dir build-sanitize --output-on-failure -j"$jobs" -L sanitize -L '^(unit|cli|properties|fuzz)$' \
  -E '_NOT_BUILT|run_process_threads|run_process_stored'

cmake -S . -B build-tsan -DCMAKE_BUILD_TYPE=Debug -DCMAKE_CXX_COMPILER=clang++ \
  -DGAPCHECK_SANITIZE=thread -DGAPCHECK_BENCH=OFF "${launcher[@]}"
cmake --build build-tsan -j"$jobs" --target processes_test store_test cli_test
# Every threaded path: the batch runner, the sweep executor, and `gapcheck run` streaming a
# batch computed on several threads in replicate order.
ctest --test-dir build-tsan --output-on-failure -j"$jobs" -L tsan \
  -R 'BatchThreads|Executor|RunCsv.StreamedRowsDoNotDependOnThreads|RunJsonl'
