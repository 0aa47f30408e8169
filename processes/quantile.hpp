// Quantile(delta).  Sample i1; if i1 is among the ceil(delta n) heaviest bins (ties ranked
// uniformly at random), place the ball in a fresh uniform i2 without comparing; else in i1.
// Source: Los, Sauerwald, "Balanced allocations in batches: simplified and generalized", SPAA'22,
// arXiv 2203.13902, code `hybrid_quantile`.  One binary rank query per ball.
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
              "Los, Sauerwald, SPAA'22, arXiv 2203.13902 (code hybrid_quantile)", {delta_param()}},
             [](const Params& p) { return Quantile{p.real("delta")}; }}};
  }
  static constexpr bool on_levels = true;

  template <class Oracle>
  Placement choose(Oracle& oracle) {
    const std::uint64_t top = top_size(oracle.n());
    const Bin first = oracle.sample();
    return fresh_sample_if(oracle, oracle.in_top(first, top), first);
  }

  // ceil(delta n), worked out again only when n changes (once a run): without SSE4.1 (the
  // portable build) a ceiling is a dozen instructions, and it sat on the path of every ball.
  std::uint64_t top_size(std::uint64_t n) {
    if (n != top_for_n_) [[unlikely]] {
      top_ = static_cast<std::uint64_t>(std::ceil(delta * static_cast<double>(n)));
      top_for_n_ = n;
    }
    return top_;
  }
  std::uint64_t top_for_n_ = 0;  // the n that top_ belongs to (0: none yet; n >= 1)
  std::uint64_t top_ = 0;
};

}  // namespace gapcheck
