// FirstDiff with a probe cap.  Probe b1; keep probing uniform bins until one whose load differs
// from x_b1 is seen, then place the ball in the lesser of {b1, b}; after `cap` probes that all
// equal x_b1, place it in b1.  Probes per ball are the oracle's sample count.
// Source: Augustine, Moses, Redlich, Upfal, "Balanced allocation: patience is not a virtue",
// SODA'16, arXiv 1602.08298; docs/theory.md, FirstDiff.  The paper's FirstDiff[d] bounds the
// average probes per ball by d; its cap as a function of d could not be retrieved, so the process
// is named and parameterised by the cap it runs, never by a d it might not honour
// (docs/processes.md).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "processes/core/choice.hpp"
#include "processes/core/engine.hpp"
#include "processes/core/process.hpp"

namespace gapcheck {

struct FirstDiff {
  std::uint64_t cap = 4;  // most probes for one ball, >= 1

  static std::vector<ProcessEntry<FirstDiff>> entries() {
    return {{{"first-diff",
              "FirstDiff with a probe cap: probe until a load differs from the first probe's, "
              "place in the lesser; after cap probes all equal, in the first",
              "Augustine, Moses, Redlich, Upfal, SODA'16, arXiv 1602.08298",
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

  // FirstDiff with the cap a constant, under the exact setting (core/engine.hpp,
  // with_constants_if_exact): the cap's samples are peeked and their loads read at once, the
  // first one differing from the first sample's found by a bit scan, and only the samples up to
  // it are drawn. Which sample a ball stops at follows the loads, so the loop above mispredicts
  // its exit on about every ball; this form has no branch on it. The same samples, probes and
  // placement: where a peek is refused (a word Lemire's method might reject), the loop runs.
  template <std::uint32_t kCap>
  struct Capped {
    static_assert(kCap >= 2 && kCap <= 8);
    template <class Oracle>
    Placement choose(Oracle& oracle) {
      std::array<Bin, kCap> bins;
      if (!oracle.peek_samples(bins)) [[unlikely]] return FirstDiff{kCap}.choose(oracle);
      const auto first = oracle.stored_load(bins[0]);
      unsigned differs = 1u << (kCap - 1);  // bit k - 1: sample k differs; the top bit: none did
      unsigned lighter = 0;                 // bit k - 1: sample k is lighter than the first
      for (std::uint32_t k = 1; k < kCap; ++k) {
        const auto load = oracle.stored_load(bins[k]);
        differs |= unsigned{load != first} << (k - 1);
        lighter |= unsigned{load < first} << (k - 1);
      }
      const auto stop = static_cast<std::uint32_t>(std::countr_zero(differs));  // k - 1, or cap - 1
      oracle.take_samples(std::min(stop + 2, kCap));
      // The differing sample if it is the lighter; `lighter` has no bit where none differed.
      return {select_by_cmov(((lighter >> stop) & 1u) != 0, bins[0],
                             bins[std::min(stop + 1, kCap - 1)])};
    }
  };
  template <class Run>
  auto with_constants(Run run) const {
    if (cap == 4) return run(Capped<4>{});
    return run(*this);
  }
};

}  // namespace gapcheck
