// (1+beta).  With probability beta a Two-Choice step, otherwise a One-Choice step.
//   for t = 1..m:  i1 ~ Uniform([n]);  with prob. beta: i2 ~ Uniform([n]), place in argmin(x_i1, x_i2)
//                                      otherwise:       place in i1
// Source: Peres, Talwar, Wieder, Random Struct. Algorithms 47(4), 2015; docs/theory.md,
// One-plus-beta.
// The coin comes from the process's coin stream, and i2's sample word is read on every step and
// used (a probe) only on a Two-Choice step (stream layout 4): on one seed beta = 1 places every
// ball as Two-Choice does, and beta = 0 as One-Choice does in law (on the first of two words).
#pragma once

#include "processes/core/choice.hpp"
#include "processes/core/engine.hpp"
#include "processes/core/process.hpp"

namespace gapcheck {

struct OnePlusBeta {
  double beta = 0.5;
  TieRule ties = TieRule::random;

  static std::vector<ProcessEntry<OnePlusBeta>> entries() {
    return {{{"one-plus-beta", "with prob. beta a Two-Choice step, else a One-Choice step",
              "Peres, Talwar, Wieder, Random Struct. Algorithms 47(4), 2015",
              {{"beta", ParamDef::Kind::real, "0.5", 0, 1, {}, "probability of a Two-Choice step"},
               ties_param()}},
             [](const Params& p) { return OnePlusBeta{p.real("beta"), tie_rule(p)}; }}};
  }
  static constexpr bool on_levels = true;
  const char* levels_obstacle() const { return ties_levels_obstacle(ties); }

  template <class Oracle>
  Placement choose(Oracle& oracle) {
    const bool two_choice = oracle.coin(beta);
    const Bin first = oracle.sample();
    return lighter_if(oracle, two_choice, first, ties);
  }

  // (1+beta) with random ties under the exact setting (core/engine.hpp, with_constants_if_exact):
  // the tie rule a constant, and the coin one integer comparison with a bound worked out once.
  struct RandomTies {
    std::uint64_t coin_bound;
    template <class Oracle>
    Placement choose(Oracle& oracle) {
      const bool two_choice = oracle.coin_under(coin_bound);
      const Bin first = oracle.sample();
      return lighter_if(oracle, two_choice, first, TieRule::random);
    }
  };
  template <class Run>
  auto with_constants(Run run) const {
    if (ties == TieRule::random) return run(RandomTies{bernoulli_bound(beta)});
    return run(*this);
  }
};

}  // namespace gapcheck
