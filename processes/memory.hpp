// Memory (Caching).  Sample one bin i; place the ball in the lesser loaded of i and the cached
// bin; the cache then holds the bin just used (the lesser of the two).  Ties go to the fresh
// sample.  Source: Mitzenmacher, Prabhakar, Shah, "Load balancing with memory", FOCS'02, in the
// form of Los, Sauerwald, Sylvester, SODA'22 ("a cache in which the most recently used bin is
// stored"); theory.md §7.  The first ball, with an empty cache, goes to its sample.
#pragma once

#include "processes/core/engine.hpp"

namespace gapcheck {

struct Memory {
  // Per-run state: the engine copies a fresh process for every run.
  Bin cache = 0;
  bool cached = false;

  template <class Oracle>
  Placement choose(Oracle& oracle) {
    const Bin sample = oracle.sample();
    const Bin bin = cached && oracle.compare(cache, sample) == Order::less ? cache : sample;
    cache = bin;
    cached = true;
    return {bin};
  }
};

}  // namespace gapcheck
