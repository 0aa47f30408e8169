// FirstDiff with a probe cap.  Probe b1; keep probing uniform bins until one whose load differs
// from x_b1 is seen, then place the ball in the lesser of {b1, b}; after `cap` probes that all
// equal x_b1, place it in b1.  Probes per ball are the oracle's sample count.
// Source: Augustine, Moses, Redlich, Upfal, "Balanced allocation: patience is not a virtue",
// SODA'16, arXiv 1602.08298; theory.md §4.1.  The paper's FirstDiff[d] bounds the average probes
// per ball by d; its cap as a function of d could not be retrieved, so the process is named and
// parameterised by the cap it runs, never by a d it might not honour (docs/processes.md).
#pragma once

#include <cstdint>

#include "processes/core/engine.hpp"
#include "processes/core/process.hpp"

namespace gapcheck {

struct FirstDiff {
  std::uint64_t cap = 4;  // most probes for one ball, >= 1

  static std::vector<ProcessEntry<FirstDiff>> entries() {
    return {{{"first-diff",
              "FirstDiff with a probe cap: probe until a load differs from the first probe's, "
              "place in the lesser; after cap probes all equal, in the first",
              "Augustine, Moses, Redlich, Upfal, SODA'16 / arXiv 1602.08298; theory.md 4.1",
              {{"cap", ParamDef::Kind::integer, "4", 1, 1u << 30, {},
                "most probes per ball, then place in the first probe (the paper's cap as a "
                "function of d was not retrieved; cap=4 averages 2.74 probes per ball at n=1e4, "
                "m=100n)"}}},
             [](const Params& p) { return FirstDiff{p.integer("cap")}; }}};
  }
  static constexpr bool on_levels = true;  // it reads sampled loads only

  template <class Oracle>
  Placement choose(Oracle& oracle) {
    const Bin first = oracle.sample();
    for (std::uint64_t probes = 1; probes < cap; ++probes) {
      const Bin b = oracle.sample();
      switch (oracle.compare(b, first)) {
        case Order::less:
          return {b};
        case Order::greater:
          return {first};
        case Order::equal:
          break;
      }
    }
    return {first};
  }
};

}  // namespace gapcheck
