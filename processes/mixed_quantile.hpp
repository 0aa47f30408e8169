// Mixed Quantile.  With probability eta a Quantile(delta) step, otherwise a One-Choice step.
// Source: Los, Sauerwald, "Balanced allocations in batches: the tower of two choices", SPAA'23,
// arXiv 2302.04399, code `mixed_quantile`, which uses eta = min(1, sqrt((n/b) ln n)) and
// delta = 0.5 in b-Batched.  The coin is tossed first, as in (1+beta).
#pragma once

#include "processes/core/engine.hpp"
#include "processes/core/process.hpp"
#include "processes/quantile.hpp"

namespace gapcheck {

struct MixedQuantile {
  static constexpr bool needs_levels = true;  // its Quantile steps ask rank questions
  double eta = 1;
  Quantile quantile;

  static std::vector<ProcessEntry<MixedQuantile>> entries() {
    return {{{"mixed-quantile", "with prob. eta a Quantile(delta) step, else a One-Choice step",
              "Los, Sauerwald, SPAA'23, arXiv 2302.04399 (code mixed_quantile)",
              {{"eta", ParamDef::Kind::real, "1", 0, 1, {},
                "probability of a Quantile step; the papers use eta = min(1, sqrt((n/b) ln n)) "
                "for batch size b"},
               delta_param()}},
             [](const Params& p) { return MixedQuantile{p.real("eta"), Quantile{p.real("delta")}}; }}};
  }
  static constexpr bool on_levels = true;

  template <class Oracle>
  Placement choose(Oracle& oracle) {
    if (oracle.coin(eta)) return quantile.choose(oracle);
    return {oracle.sample()};
  }
};

}  // namespace gapcheck
