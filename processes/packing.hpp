// Packing.  Sample one bin i; if x_i < W/n, fill it with balls up to ceil(W/n) + 1, else place
// 1 ball.  Source: Los, Sauerwald, Sylvester, "Balanced allocations: caching and packing,
// twinning and thinning", SODA'22; theory.md §7.  Unit weights only: "fill to a level" counts
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
              "Los, Sauerwald, Sylvester, SODA'22; theory.md 7", {}},
             [](const Params&) { return Packing{}; }}};
  }
  static constexpr bool on_levels = true;

  template <class Oracle>
  Placement choose(Oracle& oracle) {
    const Bin i = oracle.sample();
    const double average = oracle.average();
    if (oracle.compare_to(i, average) != Order::less) return placement_on(oracle, i, 1);
    const double fill = std::ceil(average) + 1 - oracle.load(i);
    return placement_on(oracle, i, static_cast<std::uint64_t>(std::max(fill, 1.0)));
  }
};

}  // namespace gapcheck
