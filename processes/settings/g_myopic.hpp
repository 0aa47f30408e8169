// g-Myopic(-Comp): a comparison of two bins whose loads differ by at most g is decided by a fair
// coin; comparisons of loads further apart are correct.
//   i1, i2 ~ Uniform([n]);  if |x_i1 - x_i2| <= g: allocate to i1 or i2 w.p. 1/2;  else the lighter
// Source: Los & Sauerwald, J.ACM 70(6), 2023 (arXiv 2206.07503), PODC'22.
//
// It is g-Bounded with the adversary that tosses a fair coin (from the setting stream) for every
// comparison it may decide, so it is that very type: the same rule for thresholds (|x_i - level|
// <= g), rank questions (|x_i - q| <= g) and load reads (uniform on [x_i - g, x_i + g]), and the
// same counts. Exactly equal loads are within g too, so they get the coin as well: the process's
// tie rule never decides. g = 0 is therefore not the exact setting ball for ball: it is a coin on
// exact ties, the law of Two-Choice with random ties (docs/settings.md says which couplings hold
// ball for ball and which in law).
#pragma once

#include "processes/settings/g_bounded.hpp"

namespace gapcheck {

using GMyopicSetting = GBoundedSetting<RandomAdversary>;

template <class AnySetting>
std::vector<Described<AnySetting>> g_myopic_entries() {
  return {{{"g-myopic",
            "comparisons of values at most g apart, equal values included, are decided by a fair "
            "coin",
            "Los, Sauerwald, PODC'22 / J. ACM 2023, arXiv 2206.07503",
            {g_param("comparisons of values at most g apart are decided by a fair coin")}},
           [](const Params& p) -> AnySetting { return GMyopicSetting{p.real("g")}; }}};
}

}  // namespace gapcheck
