// Quantile(delta).  Sample i1; if i1 is among the ceil(delta n) heaviest bins (ties ranked
// uniformly at random), place the ball in a fresh uniform i2 without comparing; else in i1.
// Source: Los, Sauerwald, "Balanced allocations in batches: simplified and generalized", SPAA'22,
// arXiv 2203.13902, code `hybrid_quantile`; theory.md §5.  One binary rank query per ball.
#pragma once

#include <cmath>
#include <cstdint>

#include "processes/core/choice.hpp"
#include "processes/core/engine.hpp"
#include "processes/core/process.hpp"

namespace gapcheck {

// The `delta` key, shared with Mixed Quantile.
inline ParamDef delta_param() {
  return {"delta", ParamDef::Kind::real, "0.5", 0, 1, {},
          "quantile: a sample among the ceil(delta n) heaviest bins is replaced by a fresh one"};
}

struct Quantile {
  static constexpr bool needs_levels = true;  // the oracle answers rank questions
  double delta = 0.5;

  static std::vector<ProcessEntry<Quantile>> entries() {
    return {{{"quantile", "sample i1; if among the ceil(delta n) heaviest, use a fresh sample instead",
              "Los, Sauerwald, SPAA'22 (code hybrid_quantile); theory.md 5", {delta_param()}},
             [](const Params& p) { return Quantile{p.real("delta")}; }}};
  }
  static constexpr bool on_levels = true;

  template <class Oracle>
  Placement choose(Oracle& oracle) {
    const auto top = static_cast<std::uint64_t>(std::ceil(delta * static_cast<double>(oracle.n())));
    const Bin first = oracle.sample();
    return fresh_sample_if(oracle, oracle.in_top(first, top), first);
  }
};

}  // namespace gapcheck
