// Memory (Caching).  Sample one bin i; place the ball in the lesser loaded of i and the cached bin
// (ties to the fresh sample); then the cache holds the lesser loaded of the two AFTER the ball is
// placed, ties to the bin just used.
//   for t = 1..m:  i ~ Uniform([n]);  b = argmin(x_i, x_c) (ties: i);  x_b += w;
//                  c = argmin over {i, c} of the loads after placement (ties: b)
// Source: Mitzenmacher, Prabhakar, Shah, "Load balancing with memory", FOCS'02: "each time a ball
// is placed, the least loaded of that ball's choices after placement is remembered"; Los,
// Sauerwald, Sylvester, SODA'22 (arXiv 2110.10759) / SODA'23 call it Caching / Memory [MPS02].
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

#include <algorithm>
#include <cstdint>
#include <limits>

#include "processes/core/choice.hpp"
#include "processes/core/engine.hpp"
#include "processes/core/process.hpp"

namespace gapcheck {

struct Memory {
  static std::vector<ProcessEntry<Memory>> entries() {
    return {{{"memory",
              "sample one bin; place in the lesser of it and the cached bin (ties: the sample); "
              "cache the lesser of the two after placement (ties: the bin used)",
              "Mitzenmacher, Prabhakar, Shah, FOCS'02; Los, Sauerwald, Sylvester, SODA'22, "
              "arXiv 2110.10759",
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
    if constexpr (carries_read_cells<Oracle>) return choose_carrying_loads(oracle);
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

  // The same rule under the exact setting on per-bin unit loads (core/oracle.hpp,
  // carries_read_cells), with the loads of the cache and the other bin carried from step to step:
  // only this process's balls change them, one at a time. Read from memory, their addresses
  // would wait on the last step's comparison, a chain through the cache from ball to ball; the
  // sample's load is the one read, and no choice takes a branch.
  template <class Oracle>
  Placement choose_carrying_loads(Oracle& oracle) {
    const Bin sample = oracle.sample();
    const std::uint64_t sample_load = oracle.stored_load(sample);
    // The lesser after the last placement (ties: the bin used). Where other == cache the loads
    // are equal, so no test of the names is needed. Before the first ball both loads are
    // kNoCache: the first ball goes to its sample, which becomes the cache, and the other bin
    // (a name with that load) is never the lesser, and is gone after the second ball.
    const bool other_lighter = other_load < cache_load;
    cache = select_by_cmov(other_lighter, cache, other);
    cache_load = std::min(other_load, cache_load);
    // The ball goes to the cache if strictly lighter, else to the sample; the other one stays.
    const bool to_cache = cache_load < sample_load;
    const bool sample_is_cache = sample == cache;  // then both names are the bin used
    const Bin used = select_by_cmov(to_cache, sample, cache);
    other = select_by_cmov(to_cache, cache, sample);
    const std::uint64_t used_load = select_by_cmov(to_cache, sample_load, cache_load);
    other_load = select_by_cmov(to_cache, cache_load, sample_load) + std::uint64_t{sample_is_cache};
    cache = used;
    cache_load = used_load + 1;
    return {used, 1, used_load};
  }
  // Above any load a run reaches, and one more does not wrap around.
  static constexpr std::uint64_t kNoCache = std::numeric_limits<std::uint64_t>::max() / 2;
  std::uint64_t cache_load = kNoCache;  // the cache's load after the last placement (carried form)
  std::uint64_t other_load = kNoCache;  // the other bin's
};

}  // namespace gapcheck
