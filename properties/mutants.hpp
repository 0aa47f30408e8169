// Deliberately broken processes shared by the suites that must catch them: the property tier
// (properties/mutants_test.cpp) and the statistical tier (stats/claims/tests/).
#pragma once

#include "processes/core/choice.hpp"
#include "processes/core/engine.hpp"

namespace gapcheck {

// Two-Choice that sends the ball to the heavier of its two samples 5 % of the time.
struct HeavierTwoChoice {
  template <class Oracle>
  Placement choose(Oracle& oracle) {
    const Bin a = oracle.sample();
    const Bin b = oracle.sample();
    const Bin light = lighter(oracle, a, b, TieRule::random);
    return {oracle.coin(0.05) ? (light == a ? b : a) : light};
  }
};

}  // namespace gapcheck
