// One-Choice.  Each ball goes to a bin chosen uniformly at random.
//   for t = 1..m:  i ~ Uniform([n]);  x_i += 1
// Source: Azar, Broder, Karlin, Upfal, "Balanced allocations", SIAM J. Comput. 29(1), 1999;
// theory.md §1.1.
#pragma once

#include "processes/core/engine.hpp"

namespace gapcheck {

struct OneChoice {
  template <class Oracle>
  Placement choose(Oracle& oracle) {
    return {oracle.sample()};
  }
};

}  // namespace gapcheck
