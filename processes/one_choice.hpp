// One-Choice.  Each ball goes to a bin chosen uniformly at random.
//   for t = 1..m:  i ~ Uniform([n]);  x_i += 1
// Source: Azar, Broder, Karlin, Upfal, "Balanced allocations", SIAM J. Comput. 29(1), 1999;
// docs/theory.md, One-Choice.
#pragma once

#include "processes/core/engine.hpp"
#include "processes/core/process.hpp"

namespace gapcheck {

struct OneChoice {
  static std::vector<ProcessEntry<OneChoice>> entries() {
    return {{{"one-choice", "each ball goes to a uniform bin",
              "Azar, Broder, Karlin, Upfal, SIAM J. Comput. 1999", {}},
             [](const Params&) { return OneChoice{}; }}};
  }
  static constexpr bool on_levels = true;
  // The lightest of one uniform bin: the bulk engine draws many balls at once (core/bulk.hpp).
  std::uint32_t lightest_of_uniform() const { return 1; }

  template <class Oracle>
  Placement choose(Oracle& oracle) {
    return {oracle.sample()};
  }
};

}  // namespace gapcheck
