// The simulation loop: m balls into n empty bins, one process, one setting, one seed.
//
// Everything here is static: Process, Oracle and the load type are template parameters, so the
// per-ball loop inlines the process's rule and the setting's answers. The loop asks the process
// for a placement, draws the weights, lets the oracle place the balls, and updates the gap
// statistics in O(1).
#pragma once

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>
#include <cstdint>
#include <vector>

#include "processes/core/loads.hpp"
#include "processes/core/oracle.hpp"
#include "processes/core/random.hpp"
#include "processes/core/weights.hpp"

namespace gapcheck {

// Where a process puts the balls of one step: usually one ball in one bin; Twinning and Packing
// may put several balls in the bin they chose.
struct Placement {
  Bin bin;
  std::uint64_t balls = 1;
};

struct RunConfig {
  std::uint64_t n = 0;
  std::uint64_t m = 0;
  // The level for "fraction of observed steps whose gap exceeded it".
  double gap_level = 0.0;
  // Return the final load vector in RunResult::loads (tests of couplings compare it).
  bool keep_loads = false;
};

// Number of bins at each load level floor(x), from level `first_level` upwards.
struct LoadHistogram {
  std::uint64_t first_level = 0;
  std::vector<std::uint64_t> bins;
};

struct RunResult {
  std::uint64_t replicate = 0;
  double gap = 0;                // final max_i x_i - W/n
  double max_load = 0;           // final max_i x_i
  double max_gap_over_time = 0;  // max over observed steps of the gap
  double fraction_above_level = 0;  // share of observed steps with gap > gap_level
  std::uint64_t balls = 0;
  std::uint64_t steps = 0;       // placements (a step may place several balls)
  std::uint64_t probes = 0;      // bin samples drawn
  LoadHistogram histogram;
  SettingCounts setting_counts;
  std::vector<double> loads;     // the final x, only if RunConfig::keep_loads
};

template <class LoadVector>
LoadHistogram histogram_of(const LoadVector& x) {
  LoadHistogram h;
  if (x.empty()) return h;
  const auto [lo, hi] = std::minmax_element(x.begin(), x.end());
  h.first_level = static_cast<std::uint64_t>(*lo);
  h.bins.assign(static_cast<std::uint64_t>(*hi) - h.first_level + 1, 0);
  for (const auto v : x) ++h.bins[static_cast<std::uint64_t>(v) - h.first_level];
  return h;
}

// The total weight below which a run whose maximum load is `max` has gap > config.gap_level:
// W < n (max - level), rounded up for integer totals.
template <class Total, class Load>
Total above_bound(const RunConfig& config, Load max) {
  const double bound =
      static_cast<double>(config.n) * (static_cast<double>(max) - config.gap_level);
  if (bound <= 0) return Total{0};
  if constexpr (std::is_integral_v<Total>) {
    if (bound >= 0x1.0p63) return std::numeric_limits<Total>::max();
    return static_cast<Total>(std::ceil(bound));
  } else {
    return bound;
  }
}

// Runs the balls of one run through `oracle` (which already wraps the run's loads and streams).
// flatten: the per-ball calls (the process's rule, the oracle's answers, the load update) are
// inlined into this loop however many process x setting pairs one translation unit instantiates;
// without it GCC's unit-growth limits leave them as calls and the registry's runs lose half
// their speed against the same code compiled alone.
template <class Process, class Oracle>
[[gnu::flatten]] RunResult simulate(Process& process, Oracle& oracle,
                                    Loads<typename Oracle::Load>& loads, Streams& streams,
                                    const Weights& weights, const RunConfig& config) {
  using Load = typename Oracle::Load;
  RunResult result;
  // Per-step statistics live in locals (registers), not in `result`, until the run ends.
  std::uint64_t steps = 0;
  std::uint64_t observed = 0;
  std::uint64_t above = 0;
  // gap = max - W/n. Between two rises of the maximum W only grows, so the gap only falls: its
  // maximum over the observed steps is reached at the first observed step after a rise, and the
  // steps whose gap exceeds the level are those with W < n (max - level). So the per-step work
  // is one comparison of W with a bound that changes only when the maximum does.
  using Total = typename Loads<Load>::Total;
  double max_gap = 0;
  Load seen_max = 0;
  Total above_while_below{};  // set at the first observed step
  while (loads.balls() < config.m) {
    const Placement placement = process.choose(oracle);
    const std::uint64_t count =
        placement.balls == 1 ? 1 : std::min(placement.balls, config.m - loads.balls());
    for (std::uint64_t b = 0; b < count; ++b)
      oracle.place(placement.bin, draw_weight<Load>(weights, streams.weights));
    ++steps;
    if (oracle.visible()) {
      if (loads.max() != seen_max || observed == 0) {
        seen_max = loads.max();
        max_gap = std::max(max_gap, loads.gap());
        above_while_below = above_bound<Total>(config, seen_max);
      }
      above += loads.total() < above_while_below;
      ++observed;
    }
  }
  result.steps = steps;
  result.gap = loads.gap();
  result.max_load = static_cast<double>(loads.max());
  result.max_gap_over_time = std::max(max_gap, result.gap);
  result.fraction_above_level =
      observed == 0 ? 0.0 : static_cast<double>(above) / static_cast<double>(observed);
  result.balls = loads.balls();
  result.probes = oracle.probes();
  result.histogram = histogram_of(loads.vector());
  result.setting_counts = oracle.counts();
  if (config.keep_loads) result.loads.assign(loads.vector().begin(), loads.vector().end());
  return result;
}

// A process that asks rank questions (Quantile) declares `static constexpr bool needs_levels = true`.
template <class Process>
constexpr bool needs_levels_v = [] {
  if constexpr (requires { Process::needs_levels; }) return Process::needs_levels;
  return false;
}();

// One complete run: fresh empty bins, engines keyed by (seed, replicate), a fresh copy of the
// process (so no per-run state such as Memory's cache leaks between runs).
//   Setting must provide `template <class Load> auto oracle(Loads<Load>&, Streams&) const`.
template <class Load, class Process, class Setting>
RunResult run_once(const Process& prototype, const Setting& setting, const Weights& weights,
                   const RunConfig& config, std::uint64_t seed, std::uint64_t replicate) {
  Streams streams(seed, replicate);
  Loads<Load> loads(config.n, needs_levels_v<Process>);
  auto oracle = setting.template oracle<Load>(loads, streams);
  Process process = prototype;
  RunResult result = simulate(process, oracle, loads, streams, weights, config);
  result.replicate = replicate;
  return result;
}

}  // namespace gapcheck
