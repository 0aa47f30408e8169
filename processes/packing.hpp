// Packing.  Sample one bin i; if x_i < W/n, fill it with balls up to ceil(W/n) + 1, else place
// 1 ball.  Source: Los, Sauerwald, Sylvester, "Balanced allocations: caching and packing,
// twinning and thinning", SODA'22, arXiv 2110.10759.  Unit weights only: "fill to a level" counts
// balls (W/n is read before the step; the engine stops the step at m balls).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>

#include "processes/core/choice.hpp"
#include "processes/core/engine.hpp"
#include "processes/core/process.hpp"

namespace gapcheck {

struct Packing {
  static constexpr const char* unit_weights_only =
      "it fills a bin to the level ceil(W/n)+1, counted in balls";

  static std::vector<ProcessEntry<Packing>> entries() {
    return {{{"packing", "sample one bin; if its load < W/n fill it to ceil(W/n)+1, else 1 ball",
              "Los, Sauerwald, Sylvester, SODA'22, arXiv 2110.10759", {}},
             [](const Params&) { return Packing{}; }}};
  }
  static constexpr bool on_levels = true;
  static constexpr bool several_balls = true;  // core/engine.hpp

  template <class Oracle>
  Placement choose(Oracle& oracle) {
    const Bin i = oracle.sample();
    if constexpr (reads_loads_freely<Oracle>) {
      // The exact setting, in integers (W = t, unit balls): x_i < W/n as x_i n < W, and
      // ceil(W/n) kept as t grows. No division and no branch on the path of every ball: which
      // side of the mean a sample falls is a coin flip to a branch predictor. The same steps as
      // below while W < 2^53 (compare_to_exact_average); beyond, these are the exact ones.
      const bool below = below_level(oracle, i, average_level(oracle));
      const std::uint64_t fill = ceil_of_average(oracle.balls(), oracle.n()) + 1 -
                                 static_cast<std::uint64_t>(oracle.stored_load(i));
      return placement_on(oracle, i, select_by_cmov(below, std::uint64_t{1}, fill));
    } else {
      const double average = oracle.average();
      if (oracle.compare_to(i, average) != Order::less) return placement_on(oracle, i, 1);
      const double fill = std::ceil(average) + 1 - oracle.load(i);
      return placement_on(oracle, i, static_cast<std::uint64_t>(std::max(fill, 1.0)));
    }
  }

  // ceil(t / n) for the clock t, which only grows in a run: the ceiling moves up one level each
  // time t passes a multiple of n.
  std::uint64_t ceil_of_average(std::uint64_t t, std::uint64_t n) {
    while (ceiling_times_n_ < t) {
      ++ceiling_;
      ceiling_times_n_ += n;
    }
    return ceiling_;
  }
  // Per-run state: the engine copies a fresh process for every run.
  std::uint64_t ceiling_ = 0;
  std::uint64_t ceiling_times_n_ = 0;
};

}  // namespace gapcheck
