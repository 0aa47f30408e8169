#!/usr/bin/env bash
# Builds and runs the balls-per-second benchmark (bench/): the gapcheck engine beside a naive
# std::mt19937_64 baseline, with repetitions interleaved at random, then the ratio table.
# Extra arguments go to the benchmark, e.g. --benchmark_filter='two-choice/.*/n:2\^16$'.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DGAPCHECK_BENCH=ON >/dev/null
cmake --build build -j2 --target gapcheck_bench >/dev/null
build/bench/gapcheck_bench --benchmark_color=false --benchmark_repetitions=5 --benchmark_enable_random_interleaving=true \
  --benchmark_report_aggregates_only=false --benchmark_display_aggregates_only=true "$@"
