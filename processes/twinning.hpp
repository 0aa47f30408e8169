// Twinning.  Sample one bin i; place 2 balls in it if x_i < W/n, else 1 ball.
// Source: Los, Sauerwald, Sylvester, "Balanced allocations: caching and packing, twinning and
// thinning", SODA'22, arXiv 2110.10759; "Mean-biased processes ...", arXiv 2308.05087.
#pragma once

#include <cstdint>

#include "processes/core/choice.hpp"
#include "processes/core/engine.hpp"
#include "processes/core/process.hpp"

namespace gapcheck {

struct Twinning {
  static std::vector<ProcessEntry<Twinning>> entries() {
    return {{{"twinning", "sample one bin; place 2 balls if its load < W/n, else 1",
              "Los, Sauerwald, Sylvester, SODA'22, arXiv 2110.10759", {}},
             [](const Params&) { return Twinning{}; }}};
  }
  static constexpr bool on_levels = true;
  static constexpr bool several_balls = true;  // core/engine.hpp

  template <class Oracle>
  Placement choose(Oracle& oracle) {
    const Bin i = oracle.sample();
    const bool below = below_level(oracle, i, average_level(oracle));
    return placement_on(oracle, i, 1 + std::uint64_t{below});
  }
};

}  // namespace gapcheck
