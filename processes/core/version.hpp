// The version of what a run produces.
//
// A run is a pure function of (process, setting, weights, n, m, gap level, seed, replicate): the
// run store (store/) relies on that to reuse finished runs instead of simulating them again. Any
// change that alters what some run returns (a process rule, a random stream, the order of draws,
// a field of RunResult) must change this string, so that rows written by the old definition are
// never taken for the new one's.
#pragma once

#include <string_view>

namespace gapcheck {

inline constexpr std::string_view kResultsVersion = "gapcheck-0.1/results-1";

}  // namespace gapcheck
