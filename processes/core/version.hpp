// The version of what a run produces.
//
// A run is a pure function of (process, setting, weights, n, m, gap level, seed, replicate): the
// run store (store/) relies on that to reuse finished runs instead of simulating them again. Any
// change that alters what some run returns (a process rule, a random stream, the order of draws,
// a field of RunResult) must change this string, so that rows written by the old definition are
// never taken for the new one's. A new stream layout (stream_layout.hpp) is always such a change:
// the static_assert below stops the build until this string is raised with it.
#pragma once

#include <string_view>

#include "processes/core/stream_layout.hpp"

namespace gapcheck {

inline constexpr std::string_view kResultsVersion = "gapcheck-0.1/results-5";

// The bulk engine's own draws (core/bulk.cpp), which no other engine shares: a change to them
// alone raises this instead of kResultsVersion, so that a run store keeps the other engines' runs
// (store/run_store.cpp appends it to the results version in a bulk run's version column).
inline constexpr std::string_view kBulkDrawsVersion = "bulk-3";
static_assert(kStreamLayout == 4, "a new stream layout is a new results version: raise both");

}  // namespace gapcheck
