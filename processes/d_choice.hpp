// d-Choice / Greedy[d].  Sample d bins uniformly with replacement, place the ball in the least
// loaded of them (ties: TieRule, random by default).  Two-Choice is d = 2, One-Choice is d = 1.
//   for t = 1..m:  i_1..i_d ~ Uniform([n]) i.i.d.;  j = argmin_k x_{i_k};  x_j += 1
// Source: Azar, Broder, Karlin, Upfal, SIAM J. Comput. 29(1), 1999; Berenbrink, Czumaj, Steger,
// Vöcking, SIAM J. Comput. 35(6), 2006; theory.md §1.2.
#pragma once

#include <cstdint>

#include "processes/core/choice.hpp"
#include "processes/core/engine.hpp"

namespace gapcheck {

struct DChoice {
  std::uint32_t d = 2;
  TieRule ties = TieRule::random;

  template <class Oracle>
  Placement choose(Oracle& oracle) {
    return {lightest_of(oracle, d, ties)};
  }
};

}  // namespace gapcheck
