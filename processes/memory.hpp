// Memory (Caching).  Sample one bin i; place the ball in the lesser loaded of i and the cached bin
// (ties to the fresh sample); then the cache holds the lesser loaded of the two AFTER the ball is
// placed, ties to the bin just used.
//   for t = 1..m:  i ~ Uniform([n]);  b = argmin(x_i, x_c) (ties: i);  x_b += w;
//                  c = argmin over {i, c} of the loads after placement (ties: b)
// Source: Mitzenmacher, Prabhakar, Shah, "Load balancing with memory", FOCS'02: "each time a ball
// is placed, the least loaded of that ball's choices after placement is remembered"; Los,
// Sauerwald, Sylvester, SODA'22 / SODA'23 call this process Caching / Memory [MPS02]; theory.md §7.
//
// Why "after placement": the two readings in the sources, "the most recently used bin" (SODA'22
// abstract) and "the least loaded after placement" (MPS02, the original), differ when the sample
// and the cache tie (the bin used becomes the heavier one, the other bin is kept) and, with
// weights, whenever the ball lifts the bin used above the other. The original rule runs; on a
// tie after placement it keeps the bin used, which is where the two readings agree.
//
// The comparison after placement is asked at the start of the next step (the process sees the
// loads only through the oracle, and the ball is placed by the engine in between), so a setting
// answers it like any other comparison. The first ball, with an empty cache, goes to its sample.
#pragma once

#include "processes/core/engine.hpp"
#include "processes/core/process.hpp"

namespace gapcheck {

struct Memory {
  static std::vector<ProcessEntry<Memory>> entries() {
    return {{{"memory",
              "sample one bin; place in the lesser of it and the cached bin (ties: the sample); "
              "cache the lesser of the two after placement (ties: the bin used)",
              "Mitzenmacher, Prabhakar, Shah 2002; Los, Sauerwald, Sylvester, SODA'22; theory.md 7",
              {}},
             [](const Params&) { return Memory{}; }}};
  }
  static constexpr bool remembers = true;  // its choice depends on the cache, not the loads alone
  const char* levels_obstacle() const { return "it remembers a bin from one ball to the next"; }
  // Per-run state: the engine copies a fresh process for every run.
  Bin cache = 0;  // the bin used by the last step
  Bin other = 0;  // the last step's other choice: it takes the cache if lighter after placement
  bool cached = false;

  template <class Oracle>
  Placement choose(Oracle& oracle) {
    if (cached && other != cache && oracle.compare(other, cache) == Order::less) cache = other;
    const Bin sample = oracle.sample();
    if (!cached) {
      cached = true;
      cache = other = sample;
      return {sample};
    }
    const bool to_cache = oracle.compare(cache, sample) == Order::less;
    other = to_cache ? sample : cache;
    cache = to_cache ? cache : sample;
    return {cache};
  }
};

}  // namespace gapcheck
