// d-Choice / Greedy[d].  Sample d bins uniformly with replacement, place the ball in the least
// loaded of them (ties: TieRule, random by default).  Two-Choice is d = 2, One-Choice is d = 1.
//   for t = 1..m:  i_1..i_d ~ Uniform([n]) i.i.d.;  j = argmin_k x_{i_k};  x_j += 1
// Source: Azar, Broder, Karlin, Upfal, SIAM J. Comput. 29(1), 1999; Berenbrink, Czumaj, Steger,
// Vöcking, SIAM J. Comput. 35(6), 2006; docs/theory.md, Two-Choice and Greedy[d].
#pragma once

#include <cstdint>

#include "processes/core/choice.hpp"
#include "processes/core/engine.hpp"
#include "processes/core/process.hpp"

namespace gapcheck {

struct DChoice {
  std::uint32_t d = 2;
  TieRule ties = TieRule::random;

  static std::vector<ProcessEntry<DChoice>> entries() {
    return {{{"two-choice", "sample 2 bins uniformly, place in the lighter (d-choice with d=2)",
              "Azar, Broder, Karlin, Upfal, SIAM J. Comput. 1999", {ties_param()}},
             [](const Params& p) { return DChoice{2, tie_rule(p)}; }},
            {{"d-choice", "Greedy[d]: sample d bins with replacement, place in the lightest",
              "Azar et al., SIAM J. Comput. 1999; Berenbrink et al., SIAM J. Comput. 2006",
              {d_param("number of samples"), ties_param()}},
             [](const Params& p) { return DChoice{d_of(p), tie_rule(p)}; }}};
  }
  static constexpr bool on_levels = true;
  const char* levels_obstacle() const { return ties_levels_obstacle(ties); }
  // The bulk engine draws many balls at once from the law of the lightest of d uniform bins
  // (core/bulk.hpp); ties by index name bins, which it does not hold.
  std::uint32_t lightest_of_uniform() const { return ties == TieRule::random ? d : 0; }

  template <class Oracle>
  Placement choose(Oracle& oracle) {
    return {lightest_of(oracle, d, ties)};
  }

  // Two-Choice with random ties, d and the tie rule as constants (core/engine.hpp,
  // with_constants_if_exact): the most run process, and its loop is about 10 % shorter so.
  struct TwoChoice {
    template <class Oracle>
    Placement choose(Oracle& oracle) {
      return {lightest_of(oracle, 2, TieRule::random)};
    }
  };
  template <class Run>
  auto with_constants(Run run) const {
    if (d == 2 && ties == TieRule::random) return run(TwoChoice{});
    return run(*this);
  }
};

}  // namespace gapcheck
